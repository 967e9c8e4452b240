//! Snippets drawn from bodies analyzed once. Analyzing the text a snippet is
//! drawn from (splitting, folding and stemming every word) cost more than
//! the search itself, again for every question; a body's analysis never
//! changes, so a partition keeps each body's tokens the first time one of
//! its snippets is drawn, and later snippets only walk them. The fragment is
//! chosen as tantivy's `SnippetGenerator` chooses it: fragments of at most
//! `max` bytes, each scored by the weights of the terms it holds, the best
//! (the earliest among equals) kept.

use rustc_hash::FxHashMap;
use std::ops::Range;
use std::sync::{Arc, RwLock};
use tantivy::tokenizer::TextAnalyzer;
use tantivy::DocAddress;

/// One analyzed word of a body: where it is, and the term it indexes as.
struct Word {
    at: Range<usize>,
    term: Box<str>,
}

/// A body's words, in order.
pub struct Analyzed(Vec<Word>);

impl Analyzed {
    pub fn new(analyzer: &mut TextAnalyzer, text: &str) -> Analyzed {
        let mut words = Vec::new();
        let mut stream = analyzer.token_stream(text);
        while let Some(t) = stream.next() {
            words.push(Word {
                at: t.offset_from..t.offset_to,
                term: t.text.as_str().into(),
            });
        }
        Analyzed(words)
    }
}

/// The bodies a partition has analyzed, by document.
#[derive(Default)]
pub struct AnalyzedBodies(RwLock<FxHashMap<DocAddress, Arc<Analyzed>>>);

impl AnalyzedBodies {
    /// `doc`'s analyzed body, analyzed now if it was not yet.
    pub fn get(&self, doc: DocAddress, analyze: impl FnOnce() -> Analyzed) -> Arc<Analyzed> {
        let known = self.0.read().ok().and_then(|m| m.get(&doc).cloned());
        known.unwrap_or_else(|| {
            let fresh = Arc::new(analyze());
            if let Ok(mut m) = self.0.write() {
                m.insert(doc, fresh.clone());
            }
            fresh
        })
    }
}

/// A snippet: its text and the byte ranges (within it) of the terms found.
#[derive(Debug, PartialEq)]
pub struct Drawn {
    pub fragment: String,
    pub highlights: Vec<(usize, usize)>,
}

/// A fragment being built: where it starts and stops, its score and its
/// highlighted words (byte ranges in the body).
struct Fragment {
    start: usize,
    stop: usize,
    score: f32,
    highlights: Vec<Range<usize>>,
}

impl Fragment {
    fn new(start: usize) -> Fragment {
        Fragment {
            start,
            stop: start,
            score: 0.0,
            highlights: Vec::new(),
        }
    }
}

/// The best fragment of at most `max` bytes of `text` inside `window`, for
/// terms weighted by `weights`; `None` when no term occurs there.
pub fn draw(
    text: &str,
    words: &Analyzed,
    window: Range<usize>,
    weights: &FxHashMap<String, f32>,
    max: usize,
) -> Option<Drawn> {
    let inside = words
        .0
        .iter()
        .filter(|w| w.at.start >= window.start && w.at.end <= window.end);
    let mut best: Option<Fragment> = None;
    let mut keep = |f: Fragment| {
        // Strictly better only: among equal scores the first stays.
        if f.score > 0.0 && best.as_ref().is_none_or(|b| f.score > b.score) {
            best = Some(f);
        }
    };
    let mut fragment = Fragment::new(window.start);
    for w in inside {
        if w.at.end - fragment.start > max {
            keep(std::mem::replace(&mut fragment, Fragment::new(w.at.start)));
        }
        fragment.stop = w.at.end;
        if let Some(weight) = weights.get(&*w.term) {
            fragment.score += weight;
            fragment.highlights.push(w.at.clone());
        }
    }
    keep(fragment);
    let best = best?;
    Some(Drawn {
        fragment: text[best.start..best.stop].to_string(),
        highlights: best
            .highlights
            .iter()
            .map(|r| (r.start - best.start, r.end - best.start))
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tantivy::tokenizer::{LowerCaser, SimpleTokenizer};

    fn analyzed(text: &str) -> Analyzed {
        let mut a = TextAnalyzer::builder(SimpleTokenizer::default())
            .filter(LowerCaser)
            .build();
        Analyzed::new(&mut a, text)
    }

    fn weights(terms: &[(&str, f32)]) -> FxHashMap<String, f32> {
        terms.iter().map(|(t, w)| (t.to_string(), *w)).collect()
    }

    #[test]
    fn the_fragment_holding_the_most_weight_is_drawn_with_its_terms_marked() {
        let text = "Shields block beaming. Filler words here. Beaming through SHIELDS is blocked.";
        let w = weights(&[("shields", 0.5), ("beaming", 0.25)]);
        let drawn = draw(text, &analyzed(text), 0..text.len(), &w, 30).expect("terms occur");
        // Fragments run to the last word within 30 bytes; two of them
        // score 0.75, and the first is kept.
        assert_eq!(drawn.fragment, "Shields block beaming. Filler");
        assert_eq!(drawn.highlights, vec![(0, 7), (14, 21)]);
        let rare = weights(&[("through", 2.0)]);
        let drawn = draw(text, &analyzed(text), 0..text.len(), &rare, 30).expect("occurs");
        assert!(drawn.fragment.contains("through") && drawn.fragment.len() <= 30);
    }

    #[test]
    fn only_whole_words_inside_the_window_count() {
        let text = "beaming here and shields there";
        let w = weights(&[("shields", 1.0), ("beaming", 1.0)]);
        let words = analyzed(text);
        // The window cuts "shields" in half: only "beaming" is inside.
        let drawn = draw(text, &words, 0..19, &w, 100).expect("beaming is inside");
        assert_eq!(drawn.highlights, vec![(0, 7)]);
        assert!(draw(text, &words, 8..19, &w, 100).is_none());
    }
}
