//! Forgiving card lookup by title: case, punctuation, apostrophes, a leading
//! "The", subtitles and typos are forgiven. Used by `daystrom card` and by the
//! engine to resolve card names in scenarios.

use super::model::{Card, CardDb, CardType, Edition};
use crate::repair::fold_for_match;
use std::collections::HashMap;

/// The outcome of a lookup.
#[derive(Debug)]
pub enum Lookup<'a> {
    /// The name is a card's title (only punctuation/case differ).
    Exact(&'a Card),
    /// One card matches clearly best; `others` are weaker candidates.
    Best {
        card: &'a Card,
        others: Vec<&'a Card>,
    },
    /// Several cards match about equally; `best` is the preferred one.
    Ambiguous {
        best: &'a Card,
        candidates: Vec<&'a Card>,
    },
    /// Nothing matches; titles that are close.
    NotFound { suggestions: Vec<&'a Card> },
}

impl<'a> Lookup<'a> {
    /// The card to show, if any.
    pub fn card(&self) -> Option<&'a Card> {
        match self {
            Lookup::Exact(c) => Some(c),
            Lookup::Best { card, .. } => Some(card),
            Lookup::Ambiguous { best, .. } => Some(best),
            Lookup::NotFound { .. } => None,
        }
    }
}

/// Title words for matching: folded, apostrophes and periods dropped, other
/// punctuation splits words; a leading "the" is dropped.
pub fn title_words(s: &str) -> Vec<String> {
    // Most titles are ASCII: lowercasing is all the folding they need.
    let folded = if s.is_ascii() {
        s.to_ascii_lowercase()
    } else {
        fold_for_match(s)
    };
    let cleaned: String = folded
        .chars()
        .filter(|c| !matches!(c, '\'' | '.' | '"'))
        .map(|c| if c.is_alphanumeric() { c } else { ' ' })
        .collect();
    let mut w: Vec<String> = cleaned.split_whitespace().map(str::to_string).collect();
    if w.len() > 1 && w[0] == "the" {
        w.remove(0);
    }
    w
}

/// How well query word `q` matches title word `t` (0 = not at all).
fn word_score(q: &str, t: &str) -> f64 {
    if q == t {
        return 1.0;
    }
    if q.len() >= 3 && t.starts_with(q) {
        return 0.8;
    }
    if q.len() >= 4 && t.len() >= 4 {
        let allowed = if q.len() >= 8 { 2 } else { 1 };
        // cheap length check first: most title words are nowhere near
        if q.len().abs_diff(t.len()) > allowed {
            return 0.0;
        }
        // optimal string alignment: typos, including swapped letters
        let d = strsim::osa_distance(q, t);
        if d <= allowed {
            return 0.85 - 0.1 * d as f64;
        }
    }
    0.0
}

/// The words run together: "anti matter spread" and "antimatter spread" are
/// the same name once spaces and hyphens are gone.
fn squashed(words: &[String]) -> String {
    words.concat()
}

/// Score of two names that differ only in where the words break, or by a typo
/// once run together (0 when they differ more).
fn squashed_score(q: &str, title: &str) -> f64 {
    if q == title {
        return 0.99;
    }
    let allowed = if q.len() >= 12 { 2 } else { 1 };
    if q.len() < 6 || q.len().abs_diff(title.len()) > allowed {
        return 0.0;
    }
    let d = strsim::osa_distance(q, title);
    if d <= allowed {
        0.92 - 0.02 * d as f64
    } else {
        0.0
    }
}

/// A name as lookup compares it: its words, and the words run together
/// (kept, not rebuilt for each of the thousands of titles a lookup scores).
#[derive(Debug, Clone, PartialEq)]
pub struct Name {
    pub words: Vec<String>,
    squashed: String,
}

impl Name {
    pub fn new(words: Vec<String>) -> Name {
        let squashed = squashed(&words);
        Name { words, squashed }
    }
}

/// Score a card title against the query words (0..1).
fn score(q: &Name, title: &Name) -> f64 {
    if q.words.is_empty() || title.words.is_empty() {
        return 0.0;
    }
    if q.words == title.words {
        return 1.0;
    }
    let by_words = word_match_score(&q.words, &title.words);
    if q.words.len() == title.words.len() && by_words >= 0.9 {
        return by_words;
    }
    by_words.max(squashed_score(&q.squashed, &title.squashed))
}

/// Score by matching each query word to a title word.
fn word_match_score(q: &[String], title: &[String]) -> f64 {
    let mut used = vec![false; title.len()];
    let mut total = 0.0;
    let mut missed = 0;
    for w in q {
        let best = title
            .iter()
            .enumerate()
            .filter(|(i, _)| !used[*i])
            .map(|(i, t)| (i, word_score(w, t)))
            .max_by(|a, b| a.1.total_cmp(&b.1));
        match best {
            Some((i, s)) if s > 0.0 => {
                used[i] = true;
                total += s;
            }
            _ => missed += 1,
        }
    }
    // every query word must match, but one stray word in a long query is forgiven
    if missed > 0 && (q.len() < 3 || missed > 1) {
        return 0.0;
    }
    let coverage = total / q.len() as f64;
    let precision = used.iter().filter(|u| **u).count() as f64 / title.len() as f64;
    0.95 * (0.65 * coverage + 0.35 * precision)
}

/// The persona a personnel card stands for ([`Card::persona_names`]).
fn persona_of(c: &Card) -> Option<String> {
    if c.card_type != CardType::Personnel {
        return None;
    }
    let name = c.persona_names().into_iter().next()?;
    Some(title_words(&name).join(" "))
}

/// How many cards stand for each persona.
fn persona_counts(db: &[Card]) -> HashMap<String, usize> {
    let mut m = HashMap::new();
    for c in db {
        if let Some(p) = persona_of(c) {
            *m.entry(p).or_insert(0) += 1;
        }
    }
    m
}

/// A small bonus for the card that *is* a much-printed persona, so "picard"
/// prefers "Jean-Luc Picard" (many versions) to "Beverly Picard" (one). Only
/// the card whose title is the persona's own name gets it.
fn persona_bonus(counts: &HashMap<String, usize>, c: &Card, title: &[String]) -> f64 {
    let Some(p) = persona_of(c) else { return 0.0 };
    if title.join(" ") != p {
        return 0.0;
    }
    let n = counts.get(&p).copied().unwrap_or(1);
    0.015 * (n.saturating_sub(1).min(6)) as f64
}

/// Preference among equally good matches: 1E, personnel, more printings.
fn preference(c: &Card) -> (bool, bool, usize) {
    (
        c.edition == Edition::First,
        c.card_type == CardType::Personnel,
        c.printings.len(),
    )
}

/// The order of cards that match equally well: the preferred first, then
/// the shorter title.
fn among_equals(a: &Card, b: &Card) -> std::cmp::Ordering {
    preference(b)
        .cmp(&preference(a))
        .then_with(|| a.title.len().cmp(&b.title.len()))
}

/// One card's title as the lookup compares it, worked out once per database.
#[derive(Debug, Clone)]
pub struct TitleKey {
    /// [`title_words`] of the title.
    pub name: Name,
    /// The words joined by spaces (what "did you mean" compares).
    joined: String,
    /// A printing's own spelling of the title, when its words differ (the
    /// Lackey data prints "I.K.S. Vor'Cha" for the card titled "I.K.C. Vor'Cha").
    aliases: Vec<Name>,
    /// [`persona_bonus`] of the card.
    persona_bonus: f64,
}

impl TitleKey {
    /// Whether the title has every one of `words` ("defiant" is in "U.S.S. Defiant").
    pub fn covers(&self, words: &[String]) -> bool {
        words.iter().all(|w| self.name.words.contains(w))
    }
}

/// Every card's [`TitleKey`] (indexed by card id) and the cards under each
/// folded title: what lookups and scenario title resolution need, built once
/// per [`CardDb`] ([`CardDb::titles`]) instead of once per name looked up.
#[derive(Debug, Clone, Default)]
pub struct TitleIndex {
    pub keys: Vec<TitleKey>,
    /// Card ids per title folded with [`fold_for_match`], in card order.
    pub by_fold: HashMap<String, Vec<usize>>,
    /// Card ids per title words (the title's, or a printing's own spelling),
    /// joined by spaces, in card order: the cards a name matches exactly,
    /// found without scoring every title.
    by_words: HashMap<String, Vec<usize>>,
}

impl TitleIndex {
    pub fn new(cards: &[Card]) -> TitleIndex {
        let personas = persona_counts(cards);
        let keys: Vec<TitleKey> = cards.iter().map(|c| title_key(c, &personas)).collect();
        let mut by_fold: HashMap<String, Vec<usize>> = HashMap::new();
        for (i, c) in cards.iter().enumerate() {
            by_fold.entry(fold_for_match(&c.title)).or_default().push(i);
        }
        let mut by_words: HashMap<String, Vec<usize>> = HashMap::new();
        for (i, key) in keys.iter().enumerate() {
            for name in std::iter::once(&key.name).chain(&key.aliases) {
                by_words.entry(name.words.join(" ")).or_default().push(i);
            }
        }
        TitleIndex {
            keys,
            by_fold,
            by_words,
        }
    }

    /// The cards whose title (or a printing's spelling of it) has exactly
    /// the words of `q`: those a full scoring would give 1.0.
    fn exact(&self, q: &Name) -> &[usize] {
        self.by_words
            .get(&q.words.join(" "))
            .map_or(&[], Vec::as_slice)
    }
}

fn title_key(c: &Card, personas: &HashMap<String, usize>) -> TitleKey {
    let words = title_words(&c.title);
    let mut aliases: Vec<Name> = Vec::new();
    for p in &c.printings {
        let printed = super::parse::printed_title(&p.printed_title).title;
        if printed != c.title {
            let alias = title_words(&printed);
            if alias != words && !aliases.iter().any(|a| a.words == alias) {
                aliases.push(Name::new(alias));
            }
        }
    }
    TitleKey {
        joined: words.join(" "),
        persona_bonus: persona_bonus(personas, c, &words),
        name: Name::new(words),
        aliases,
    }
}

/// Score a card's title, or a printing's own spelling of it, against the query.
fn score_card(q: &Name, key: &TitleKey) -> f64 {
    let mut best = score(q, &key.name);
    if best >= 1.0 {
        return best;
    }
    for alias in &key.aliases {
        best = best.max(score(q, alias));
    }
    best
}

/// Look a card up by a forgiving name.
pub fn lookup<'a>(db: &'a CardDb, name: &str) -> Lookup<'a> {
    if crate::suggest::too_long(name) {
        // No title is that long; scoring it against every title would cost
        // time in proportion to its length.
        return Lookup::NotFound {
            suggestions: Vec::new(),
        };
    }
    let q = Name::new(title_words(name));
    let exact = db.titles().exact(&q);
    if !exact.is_empty() {
        return exact_match(db, exact);
    }
    lookup_by_scoring(db, &q)
}

/// Look a name up by scoring every title against it: what [`lookup`] does
/// when no title has exactly the name's words (public so a test can hold the
/// two paths to the same answer).
pub fn lookup_by_scoring<'a>(db: &'a CardDb, q: &Name) -> Lookup<'a> {
    let keys = &db.titles().keys;
    let mut scored: Vec<(f64, &Card)> = db
        .cards
        .iter()
        .zip(keys)
        .map(|(c, key)| {
            let s = score_card(q, key);
            // the persona bonus only orders partial matches
            let bonus = if s > 0.0 && s < 1.0 {
                key.persona_bonus
            } else {
                0.0
            };
            (s + bonus, c)
        })
        .filter(|(s, _)| *s > 0.0)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| among_equals(a.1, b.1)));
    let Some(&(top, best)) = scored.first() else {
        return Lookup::NotFound {
            suggestions: suggestions(db, &q.words),
        };
    };
    let others: Vec<&Card> = scored.iter().skip(1).take(8).map(|(_, c)| *c).collect();
    if top >= 1.0 {
        let same: Vec<&Card> = scored
            .iter()
            .skip(1)
            .filter(|(s, _)| *s >= 1.0)
            .map(|(_, c)| *c)
            .collect();
        return if same.is_empty() {
            Lookup::Exact(best)
        } else {
            Lookup::Ambiguous {
                best,
                candidates: same,
            }
        };
    }
    let close: Vec<&Card> = scored
        .iter()
        .skip(1)
        .filter(|(s, _)| top - *s < 0.06)
        .take(12)
        .map(|(_, c)| *c)
        .collect();
    if close.is_empty() {
        Lookup::Best { card: best, others }
    } else {
        Lookup::Ambiguous {
            best,
            candidates: close,
        }
    }
}

/// The lookup of a name that is exactly the title of the cards `ids` (in
/// card order): the cards ordered as a full scoring orders equal scores.
fn exact_match<'a>(db: &'a CardDb, ids: &[usize]) -> Lookup<'a> {
    let mut same: Vec<&Card> = ids.iter().map(|&i| &db.cards[i]).collect();
    same.sort_by(|a, b| among_equals(a, b));
    let best = same.remove(0);
    if same.is_empty() {
        Lookup::Exact(best)
    } else {
        Lookup::Ambiguous {
            best,
            candidates: same,
        }
    }
}

/// "Did you mean": titles closest by whole-string similarity.
fn suggestions<'a>(db: &'a CardDb, q: &[String]) -> Vec<&'a Card> {
    let joined = q.join(" ");
    let mut all: Vec<(f64, &Card)> = db
        .cards
        .iter()
        .zip(&db.titles().keys)
        .map(|(c, key)| {
            let words = &key.name.words;
            // whole-name similarity, or how well the query's words match the title's
            let whole = strsim::jaro_winkler(&joined, &key.joined);
            let per_word = q
                .iter()
                .map(|w| {
                    words
                        .iter()
                        .map(|t| strsim::jaro_winkler(w, t))
                        .fold(0.0, f64::max)
                })
                .sum::<f64>()
                / q.len().max(1) as f64;
            let best_word = q
                .iter()
                .flat_map(|w| words.iter().map(move |t| strsim::jaro_winkler(w, t)))
                .fold(0.0, f64::max);
            (whole.max(per_word).max(0.85 * best_word), c)
        })
        .filter(|(s, _)| *s > 0.75)
        .collect();
    all.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut out: Vec<&Card> = Vec::new();
    for (_, c) in all {
        if !out.iter().any(|o| o.title == c.title) {
            out.push(c);
        }
        if out.len() == 5 {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn title_words_forgive_punctuation_and_the() {
        assert_eq!(title_words("Q’s Tent"), vec!["qs", "tent"]);
        assert_eq!(title_words("The Emissary"), vec!["emissary"]);
        assert_eq!(
            title_words("Kivas Fajo - Collector"),
            vec!["kivas", "fajo", "collector"]
        );
        assert_eq!(title_words("Lt. (j.g.) Picard"), vec!["lt", "jg", "picard"]);
    }

    fn card(id: usize, title: &str) -> Card {
        Card {
            id,
            title: title.into(),
            ..Card::default()
        }
    }

    #[test]
    fn a_changed_copy_of_the_cards_is_looked_up_afresh() {
        let db = CardDb::new(vec![card(0, "Hugh"), card(1, "Borg Ship")]);
        assert_eq!(lookup(&db, "borg ship").card().map(|c| c.id), Some(1));
        let mut renamed = db.clone();
        renamed.cards[1].title = "Borg Cube".into();
        assert_eq!(lookup(&renamed, "borg cube").card().map(|c| c.id), Some(1));
        assert!(lookup(&db, "borg cube")
            .card()
            .is_none_or(|c| c.title != "Borg Cube"));
    }

    #[test]
    fn the_title_index_keeps_every_card_under_its_folded_title() {
        let db = CardDb::new(vec![
            card(0, "Q’s Tent"),
            card(1, "Q's Tent"),
            card(2, "Hugh"),
        ]);
        let titles = db.titles();
        assert_eq!(titles.keys[0].name.words, vec!["qs", "tent"]);
        assert_eq!(titles.by_fold[&fold_for_match("q's tent")], vec![0, 1]);
        assert!(titles.keys[0].covers(&title_words("tent")));
        assert!(!titles.keys[2].covers(&title_words("tent")));
    }

    #[test]
    fn word_scores_allow_typos_and_prefixes() {
        assert_eq!(word_score("fajo", "fajo"), 1.0);
        assert!(word_score("colector", "collector") > 0.0);
        assert!(word_score("pic", "picard") > 0.0);
        assert_eq!(word_score("worf", "data"), 0.0);
    }
}
