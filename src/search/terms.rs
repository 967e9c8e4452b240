//! The terms of one index with the number of documents each occurs in: to
//! correct typos to the nearest term and to find other forms of a word the
//! stemmer leaves apart ("verify" / "verification").

use std::collections::BTreeMap;
use std::sync::Arc;
use tantivy::schema::Field;
use tantivy::InvertedIndexReader;

/// A typo corrected at edit distance 1 weighs this much (half at distance 2).
const CORRECTION_WEIGHT: f32 = 0.9;
/// Corrections of a word that is in the index, but rarely, weigh less.
const RARE_CORRECTION: f32 = 0.5;
const MAX_CORRECTIONS: usize = 3;
/// Words in at most this many documents may be typos.
const RARE_TERM: u64 = 2;
/// Other forms of a word: same first MORPH_MIN letters, at most MORPH_EXTRA
/// letters longer or shorter.
pub const MORPH_WEIGHT: f32 = 0.5;
const MORPH_MIN: usize = 5;
const MORPH_EXTRA: usize = 2;

/// The term dictionaries of one index's scored field (one per segment),
/// looked up in place: a command answering one question reads the few
/// terms it needs, never the whole dictionary.
pub struct IndexTerms {
    dicts: Vec<Arc<InvertedIndexReader>>,
}

impl IndexTerms {
    pub fn read(searcher: &tantivy::Searcher, field: Field) -> anyhow::Result<IndexTerms> {
        let dicts = searcher
            .segment_readers()
            .iter()
            .map(|segment| segment.inverted_index(field))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(IndexTerms { dicts })
    }

    pub fn freq(&self, term: &str) -> u64 {
        self.dicts
            .iter()
            .filter_map(|d| d.terms().get(term.as_bytes()).ok().flatten())
            .map(|info| u64::from(info.doc_freq))
            .sum()
    }

    /// The terms beginning with `prefix` that `keep` accepts, with their
    /// document counts summed over the segments.
    fn with_prefix(&self, prefix: &str, keep: impl Fn(&str) -> bool) -> BTreeMap<String, u64> {
        let mut out: BTreeMap<String, u64> = BTreeMap::new();
        for d in &self.dicts {
            let mut range = d.terms().range().ge(prefix.as_bytes());
            if let Some(end) = successor(prefix.as_bytes()) {
                range = range.lt(end);
            }
            let Ok(mut stream) = range.into_stream() else {
                continue;
            };
            while stream.advance() {
                match std::str::from_utf8(stream.key()) {
                    Ok(term) if keep(term) => {
                        *out.entry(term.to_string()).or_default() +=
                            u64::from(stream.value().doc_freq);
                    }
                    _ => {}
                }
            }
        }
        out
    }

    /// The index terms a query term stands for, with their weights, best
    /// first: itself; when it is (almost) absent from the index, the nearest
    /// terms by edit distance (only the nearest, so a common word one edit
    /// further never beats the intended rare one); other forms sharing its
    /// stem's prefix.
    pub fn forms(&self, term: &str) -> Vec<(String, f32)> {
        let freq = self.freq(term);
        let mut out: Vec<(String, f32)> = Vec::new();
        if freq > 0 {
            out.push((term.to_string(), 1.0));
        }
        if freq <= RARE_TERM {
            let damp = if freq == 0 { 1.0 } else { RARE_CORRECTION };
            for (t, d) in self.nearest(term, freq) {
                out.push((t, damp * CORRECTION_WEIGHT / d as f32));
            }
        }
        for t in self.other_forms(term) {
            if !out.iter().any(|o| o.0 == t) {
                out.push((t, MORPH_WEIGHT));
            }
        }
        out.sort_by(|a, b| b.1.total_cmp(&a.1));
        out
    }

    /// The most frequent terms at the smallest edit distance (1, or 2 for
    /// words longer than five letters) that are more common than `term`.
    fn nearest(&self, term: &str, freq: u64) -> Vec<(String, usize)> {
        let len = term.chars().count();
        let max = if len > 5 { 2 } else { 1 };
        let Some(first) = term.chars().next() else {
            return Vec::new();
        };
        let near_length = |t: &str| t.chars().count().abs_diff(len) <= max;
        let candidates = self.with_prefix(first.encode_utf8(&mut [0; 4]), near_length);
        let mut best: Vec<(usize, u64, &str)> = Vec::new();
        for (t, &df) in &candidates {
            if df <= freq {
                continue;
            }
            let d = strsim::damerau_levenshtein(term, t);
            if d == 0 || d > max {
                continue;
            }
            best.push((d, df, t));
        }
        let Some(min) = best.iter().map(|b| b.0).min() else {
            return Vec::new();
        };
        best.retain(|b| b.0 == min);
        best.sort_by(|a, b| b.1.cmp(&a.1).then(a.2.cmp(b.2)));
        best.into_iter()
            .take(MAX_CORRECTIONS)
            .map(|(d, _, t)| (t.to_string(), d))
            .collect()
    }

    /// Terms one or two letters longer or shorter with the same beginning
    /// (at least five letters): "verifi" / "verif".
    fn other_forms(&self, term: &str) -> Vec<String> {
        let len = term.chars().count();
        if len < MORPH_MIN {
            return Vec::new();
        }
        let a_little_longer = |t: &str| t != term && t.chars().count() - len <= MORPH_EXTRA;
        let mut out: Vec<String> = self
            .with_prefix(term, a_little_longer)
            .into_keys()
            .collect();
        let chars: Vec<(usize, char)> = term.char_indices().collect();
        for n in (len.saturating_sub(MORPH_EXTRA)).max(MORPH_MIN)..len {
            let prefix = &term[..chars[n].0];
            if self.freq(prefix) > 0 {
                out.push(prefix.to_string());
            }
        }
        out
    }
}

/// The smallest byte string greater than every string beginning with
/// `prefix` (none when the prefix is all 0xFF bytes).
fn successor(prefix: &[u8]) -> Option<Vec<u8>> {
    let mut end = prefix.to_vec();
    while let Some(last) = end.pop() {
        if last < u8::MAX {
            end.push(last + 1);
            return Some(end);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_successor_bounds_every_continuation_of_the_prefix() {
        assert_eq!(super::successor(b"beam"), Some(b"bean".to_vec()));
        assert_eq!(super::successor(&[b'a', 0xFF]), Some(b"b".to_vec()));
        assert_eq!(super::successor(&[0xFF]), None);
    }
}
