//! The part of a long entry a snippet is drawn from.
//!
//! A snippet stems every word of the text it is drawn from; for a long
//! rulebook section that costs more than the search itself (measured with
//! `perf` on `daystrom search`), and under load it set the server's p99. A
//! 220-character fragment needs only the stretch where the question's terms
//! gather, so long texts are cut to the window holding the most distinct
//! terms before the snippet generator sees them.

use std::ops::Range;

/// Texts up to this many bytes are used whole (about five fragments).
pub const WINDOW: usize = 1200;
/// Occurrences looked at per term (a common term in a long text would
/// otherwise make the choice quadratic).
const MAX_HITS_PER_TERM: usize = 40;

/// The window of `text` (its byte range: at most `WINDOW` bytes, on character boundaries)
/// where the most distinct `terms` occur; terms are the index's lowercase
/// stems, found as prefixes of words ("beam" in "Beaming"). The whole text
/// when it is short, its start when no term occurs.
pub fn best_window(text: &str, terms: &[String]) -> Range<usize> {
    if text.len() <= WINDOW {
        return 0..text.len();
    }
    let lower = text.to_ascii_lowercase();
    let mut hits: Vec<(usize, usize)> = Vec::new();
    for (t, term) in terms.iter().enumerate().filter(|(_, t)| !t.is_empty()) {
        let found = lower.match_indices(term.as_str()).map(|(at, _)| (at, t));
        hits.extend(found.take(MAX_HITS_PER_TERM));
    }
    hits.sort_unstable();
    let start = most_distinct_start(&hits, terms.len());
    let start = floor_boundary(text, start);
    let end = floor_boundary(text, (start + WINDOW).min(text.len()));
    start..end
}

/// Of the windows starting a quarter window before each hit, the start of
/// the first holding the most distinct terms (0 when there is no hit).
/// `hits` are (position, term) sorted by position; the starts only grow, so
/// one sweep keeps the count of each term inside the window.
fn most_distinct_start(hits: &[(usize, usize)], terms: usize) -> usize {
    let mut inside = vec![0usize; terms];
    let (mut distinct, mut first, mut past) = (0, 0, 0);
    let mut best: Option<(usize, usize)> = None;
    for &(at, _) in hits {
        let from = at.saturating_sub(WINDOW / 4);
        while past < hits.len() && hits[past].0 < from + WINDOW {
            let t = hits[past].1;
            inside[t] += 1;
            distinct += usize::from(inside[t] == 1);
            past += 1;
        }
        while hits[first].0 < from {
            let t = hits[first].1;
            inside[t] -= 1;
            distinct -= usize::from(inside[t] == 0);
            first += 1;
        }
        if best.is_none_or(|(most, _)| distinct > most) {
            best = Some((distinct, from));
        }
    }
    best.map_or(0, |(_, from)| from)
}

fn floor_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn window_of<'a>(text: &'a str, terms: &[String]) -> &'a str {
        &text[best_window(text, terms)]
    }

    /// The window start counted the plain way: every candidate start, every
    /// hit inside it.
    fn most_distinct_start_counted(hits: &[(usize, usize)]) -> usize {
        let distinct_in = |from: usize| {
            let mut seen: Vec<usize> = hits
                .iter()
                .filter(|&&(at, _)| at >= from && at < from + WINDOW)
                .map(|&(_, t)| t)
                .collect();
            seen.sort_unstable();
            seen.dedup();
            seen.len()
        };
        hits.iter()
            .map(|&(at, _)| at.saturating_sub(WINDOW / 4))
            .map(|from| (distinct_in(from), std::cmp::Reverse(from)))
            .max()
            .map_or(0, |(_, std::cmp::Reverse(from))| from)
    }

    proptest! {
        #[test]
        fn the_sweep_finds_the_window_counting_finds(
            mut hits in proptest::collection::vec((0usize..6000, 0usize..5), 0..60)
        ) {
            hits.sort_unstable();
            prop_assert_eq!(most_distinct_start(&hits, 5), most_distinct_start_counted(&hits));
        }
    }

    fn terms(ts: &[&str]) -> Vec<String> {
        ts.iter().map(|t| t.to_string()).collect()
    }

    #[test]
    fn a_short_text_is_used_whole() {
        assert_eq!(
            window_of("Beaming is blocked", &terms(&["beam"])),
            "Beaming is blocked"
        );
    }

    #[test]
    fn a_long_text_is_cut_where_the_most_terms_gather() {
        let filler = "lorem ipsum dolor sit amet. ".repeat(200);
        let text = format!(
            "Shields are mentioned once. {filler} Beaming through SHIELDS needs a transporter. {filler}"
        );
        let w = window_of(&text, &terms(&["beam", "shield", "transport"]));
        assert!(w.len() <= WINDOW);
        assert!(
            w.contains("Beaming through SHIELDS needs a transporter"),
            "{w}"
        );
    }

    #[test]
    fn no_term_gives_the_start_and_cuts_respect_characters() {
        let text = "é".repeat(WINDOW);
        let w = window_of(&text, &terms(&["beam"]));
        assert!(text.starts_with(w) && !w.is_empty() && w.len() <= WINDOW);
        let mixed = format!("{}beam{}", "ü".repeat(2000), "ö".repeat(2000));
        assert!(window_of(&mixed, &terms(&["beam"])).contains("beam"));
    }
}
