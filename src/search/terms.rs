//! The terms of one index with the number of documents each occurs in: to
//! correct typos to the nearest term and to find other forms of a word the
//! stemmer leaves apart ("verify" / "verification").

use std::collections::BTreeMap;
use tantivy::schema::Field;

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

/// The terms of one index's scored field with their document counts.
pub struct IndexTerms {
    df: BTreeMap<String, u64>,
}

impl IndexTerms {
    pub fn read(searcher: &tantivy::Searcher, field: Field) -> anyhow::Result<IndexTerms> {
        let mut df: BTreeMap<String, u64> = BTreeMap::new();
        for segment in searcher.segment_readers() {
            let inverted = segment.inverted_index(field)?;
            let mut stream = inverted.terms().stream()?;
            while stream.advance() {
                if let Ok(term) = std::str::from_utf8(stream.key()) {
                    *df.entry(term.to_string()).or_default() += u64::from(stream.value().doc_freq);
                }
            }
        }
        Ok(IndexTerms { df })
    }

    pub fn freq(&self, term: &str) -> u64 {
        self.df.get(term).copied().unwrap_or(0)
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
        let mut best: Vec<(usize, u64, &str)> = Vec::new();
        let from = first.to_string();
        for (t, &df) in self.df.range(from..) {
            if !t.starts_with(first) {
                break;
            }
            if df <= freq || t.chars().count().abs_diff(len) > max {
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
        let mut out: Vec<String> = self
            .df
            .range(term.to_string()..)
            .skip(1)
            .take_while(|(t, _)| t.starts_with(term))
            .filter(|(t, _)| t.chars().count() - len <= MORPH_EXTRA)
            .map(|(t, _)| t.clone())
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
