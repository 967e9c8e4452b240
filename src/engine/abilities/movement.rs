//! Movements a card allows a ship outside its normal movement: "Once each
//! turn, your ship may move from here to any {Transwarp Network Gateway}, or
//! vice versa", "Twice each turn, your personnel and ships may move between
//! here and {2154 Vulcan}", "it may immediately move (up to its full RANGE)
//! once for each of your full turns it was on this objective". One reading
//! for every card (Glossary "movement", "movement between quadrants", "once
//! per turn"); the words are the lexicon's `[movement]` table. The check
//! (`engine::checks::allowance`) matches a compiled allowance against the
//! ship, where it is and where it goes.

use super::grammar::any_phrase_at;
use super::grammar::{self, TokKind, Token};
use super::lexicon::{Lexicon, MovementWords};
use crate::engine::requirements::{self, Requirement};
use serde::{Deserialize, Serialize};

/// How many movements the card allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MoveCount {
    /// No limit the text states.
    Unlimited,
    /// "once each turn" (1), "twice each turn" (2) (Glossary "once per turn").
    PerTurn(u32),
    /// One for each full turn the ship spent on the card (Engage Cloak).
    PerFullTurn,
}

/// What RANGE one such movement uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RangeUse {
    /// The text says nothing of RANGE: a movement along the spaceline uses
    /// the RANGE left this turn, as normal movement does; a movement
    /// directly between the places the text names passes no span.
    Unstated,
    /// "up to its full RANGE": each movement up to the ship's RANGE, whatever
    /// it used this turn.
    UpToFull,
    /// "using its full RANGE": all of the ship's RANGE for the turn.
    AllOfIt,
    /// "by using 4 RANGE": that much of the RANGE left.
    Fixed(i32),
}

/// One end of the movement the card allows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MoveEnd {
    /// "here", "this mission": where the card is.
    Here,
    /// "{2154 Vulcan}", "{Barzan} or {Bajoran Wormhole}": where a card of one
    /// of these titles is (another copy, when it is the card's own title).
    Named(Vec<String>),
    /// "the other" end of a card with two ends: another copy of the card.
    OtherCopy,
    /// "any spaceline end": the first or last location of a spaceline.
    SpacelineEnd,
    /// "any other location".
    AnyLocation,
}

/// A condition on a movement, read: a state of the ship ("if damaged"),
/// what its crew must have ("if ENGINEER and SCIENCE aboard": the
/// requirement grammar), or alternatives ("... or if ...").
#[derive(Debug, Clone, PartialEq)]
pub enum MoveCondition {
    ShipState(String),
    Crew(Requirement),
    Any(Vec<MoveCondition>),
}

/// A movement a card allows: who may make it, how often, between which
/// places, with what RANGE.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MovementAllowance {
    pub sentence: String,
    pub count: MoveCount,
    pub range: RangeUse,
    /// The places moved between (none: anywhere the RANGE reaches); two
    /// ends are moved between in either direction.
    pub ends: Vec<MoveEnd>,
    /// Only ships with one of these titles ("your {U.S.S. Voyager}").
    pub only: Vec<String>,
    /// "your ship": only the card's owner's ships.
    pub yours: bool,
    /// The text names the spaceline or a distance: the movement stays on
    /// the current spaceline (Glossary "movement between quadrants").
    pub one_spaceline: bool,
    /// "then is stopped".
    pub then_stopped: bool,
    /// A condition kept as words ("If you have solved two [DQ] missions").
    pub condition: Option<String>,
    /// The condition read: what the ship or its crew must be or have
    /// (`None` when the words do not read: the check cannot decide it).
    #[serde(skip)]
    pub requires: Option<MoveCondition>,
    /// Words naming an end that the reading does not understand.
    pub unread: Option<String>,
}

impl MovementAllowance {
    /// Whether the card lets a ship cross to another quadrant: a text that
    /// moves it directly between places it names, without naming the
    /// spaceline or a distance (Glossary "movement between quadrants").
    pub fn crosses_quadrants(&self) -> bool {
        !self.ends.is_empty() && !self.one_spaceline
    }
}

/// The movement allowances of one sentence of game text (none, or one).
pub fn allowance_in(s: &[Token]) -> Option<MovementAllowance> {
    let w = &Lexicon::get().movement;
    let (start, end) =
        find(s, &w.permit).or_else(|| find(s, &w.per_full_turn).and_then(|_| find(s, &w.moves)))?;
    let ends = ends_after(s, end, w);
    let condition = condition_in(s, start, w);
    Some(MovementAllowance {
        sentence: grammar::render(s),
        count: count_in(s, w),
        range: range_in(s, w),
        ends: ends.ends,
        only: refs(&s[..start]),
        yours: find(&s[..start], &w.yours).is_some(),
        one_spaceline: ends.one_spaceline,
        then_stopped: find(s, &w.then_stopped).is_some(),
        condition: condition.map(grammar::render),
        requires: condition.and_then(|toks| requires(toks, w)),
        unread: ends.unread,
    })
}

/// The first of `phrases` in `s`: its start and end.
fn find(s: &[Token], phrases: &[String]) -> Option<(usize, usize)> {
    (0..s.len()).find_map(|k| any_phrase_at(s, k, phrases).map(|e| (k, e)))
}

fn count_in(s: &[Token], w: &MovementWords) -> MoveCount {
    if find(s, &w.per_full_turn).is_some() {
        return MoveCount::PerFullTurn;
    }
    w.per_turn
        .iter()
        .find(|p| find(s, &p.phrases).is_some())
        .map_or(MoveCount::Unlimited, |p| MoveCount::PerTurn(p.times))
}

fn range_in(s: &[Token], w: &MovementWords) -> RangeUse {
    if find(s, &w.up_to_full).is_some() {
        return RangeUse::UpToFull;
    }
    if find(s, &w.all_of_it).is_some() {
        return RangeUse::AllOfIt;
    }
    // "by using 4 RANGE": a number, then the word RANGE.
    (0..s.len())
        .filter_map(|k| any_phrase_at(s, k, &w.using))
        .find_map(|e| {
            let n = s.get(e)?.text.parse::<i32>().ok()?;
            let range = s.get(e + 1)?;
            w.range
                .iter()
                .any(|r| range.is_word(r))
                .then_some(RangeUse::Fixed(n))
        })
        .unwrap_or(RangeUse::Unstated)
}

/// The titles referred to in `s`.
fn refs(s: &[Token]) -> Vec<String> {
    s.iter()
        .filter(|t| t.kind == TokKind::Ref)
        .map(|t| t.text.clone())
        .collect()
}

/// "If you have solved two [DQ] missions, ..." before the movement, or "...
/// if damaged or if ENGINEER and SCIENCE aboard" after it; "your staffed
/// ship with SCIENCE ... aboard" in its subject.
fn condition_in<'a>(s: &'a [Token], start: usize, w: &MovementWords) -> Option<&'a [Token]> {
    let opening = (0..s.len()).find(|&k| any_phrase_at(s, k, &w.condition).is_some())?;
    // A condition on the moved card ("ship with SCIENCE ... aboard") runs
    // up to the movement itself; an "if" clause to its comma.
    let close = if opening < start && any_phrase_at(s, opening, &w.subject_condition).is_some() {
        start
    } else {
        (opening + 1..s.len())
            .find(|&k| s[k].is_punct(",") || s[k].is_punct("."))
            .unwrap_or(s.len())
    };
    Some(&s[opening..close])
}

/// The condition's words read: each alternative ("... or if ...") after its
/// condition word is a ship state of the lexicon or a requirement of the
/// crew aboard; `None` when any of them does not read.
fn requires(toks: &[Token], w: &MovementWords) -> Option<MoveCondition> {
    let cuts: Vec<usize> = (1..toks.len())
        .filter(|&k| any_phrase_at(toks, k, &w.alternatives).is_some())
        .collect();
    let starts = std::iter::once(0).chain(cuts.iter().map(|&k| k + 1));
    let ends = cuts.iter().copied().chain(std::iter::once(toks.len()));
    let alternatives: Option<Vec<MoveCondition>> = starts
        .zip(ends)
        .map(|(a, b)| one_condition(&toks[a..b], w))
        .collect();
    let mut all = alternatives?;
    Some(if all.len() == 1 {
        all.pop()?
    } else {
        MoveCondition::Any(all)
    })
}

/// One alternative: its condition word, then a ship state or what the crew
/// must have.
fn one_condition(toks: &[Token], w: &MovementWords) -> Option<MoveCondition> {
    let after = any_phrase_at(toks, 0, &w.condition)?;
    let rest = &toks[after..];
    if let [state] = rest {
        if w.ship_states.contains(&state.text) {
            return Some(MoveCondition::ShipState(state.text.clone()));
        }
    }
    let places = &Lexicon::get().dilemma.places;
    requirements::parse_conditions(&printed(rest), places)
        .ok()
        .map(MoveCondition::Crew)
}

/// Tokens as printed for the requirement grammar: capitals restored.
fn printed(toks: &[Token]) -> String {
    let words: Vec<String> = toks
        .iter()
        .map(|t| match t.kind {
            TokKind::Ref => format!("{{{}}}", t.text),
            _ if t.caps => t.text.to_uppercase(),
            _ => t.text.clone(),
        })
        .collect();
    words.join(" ").replace(" ,", ",")
}

/// The places named after the movement's words: "between A and B", "from A
/// to B", "to A", "through A" (after the moved card's words: "your staffed
/// ship"); with the words it cannot read. The restriction to one spaceline
/// is read in these words only (Glossary "movement between quadrants": "to
/// any other spaceline location").
fn ends_after(s: &[Token], from: usize, w: &MovementWords) -> Ends {
    let mut at = from;
    while s
        .get(at)
        .is_some_and(|t| w.moved.iter().any(|m| t.is_word(m)))
    {
        at += 1;
    }
    if any_phrase_at(s, at, &w.both_ends).is_some() {
        return Ends::read(vec![MoveEnd::Here, MoveEnd::OtherCopy], false);
    }
    let Some(first) = s.get(at) else {
        return Ends::read(Vec::new(), false);
    };
    let Some(opening) = w.openings.iter().find(|o| first.is_word(&o.word)) else {
        if ends_nothing(s, at, w) {
            return Ends::read(Vec::new(), false);
        }
        return Ends::unread(&s[at..]);
    };
    let joiners = &opening.joiners;
    let last = (at + 1..s.len())
        .find(|&k| {
            s[k].kind == TokKind::Punct && !s[k].is_punct("'")
                || any_phrase_at(s, k, &w.end_stops).is_some()
        })
        .unwrap_or(s.len());
    let words = &s[at + 1..last];
    let cut = words
        .iter()
        .position(|t| joiners.iter().any(|j| t.is_word(j)));
    let parts: Vec<&[Token]> = match cut {
        Some(c) => vec![&words[..c], &words[c + 1..]],
        None => vec![words],
    };
    let mut ends = Vec::new();
    for part in parts {
        match end_of(part, w) {
            Some(e) => ends.push(e),
            None => return Ends::unread(part),
        }
    }
    // "through {Barzan} or {Bajoran Wormhole}": from one of them to another.
    if opening.any_to_any {
        ends.extend(ends.clone());
    }
    Ends::read(ends, find(words, &w.one_spaceline).is_some())
}

/// Words after the movement that name no place: the end of the sentence,
/// a parenthetical, how often, what RANGE.
fn ends_nothing(s: &[Token], at: usize, w: &MovementWords) -> bool {
    let t = &s[at];
    t.kind == TokKind::Punct
        || [
            w.per_turn_words(),
            &w.per_full_turn,
            &w.up_to_full,
            &w.all_of_it,
            &w.using,
            &w.end_stops,
        ]
        .iter()
        .any(|p| any_phrase_at(s, at, p).is_some())
}

/// The ends a sentence names, whether they keep to one spaceline, and the
/// words of an end it cannot read.
struct Ends {
    ends: Vec<MoveEnd>,
    one_spaceline: bool,
    unread: Option<String>,
}

impl Ends {
    fn read(ends: Vec<MoveEnd>, one_spaceline: bool) -> Ends {
        Ends {
            ends,
            one_spaceline,
            unread: None,
        }
    }

    fn unread(words: &[Token]) -> Ends {
        Ends {
            ends: Vec::new(),
            one_spaceline: false,
            unread: Some(grammar::render(words)),
        }
    }
}

/// What one end's words name.
fn end_of(part: &[Token], w: &MovementWords) -> Option<MoveEnd> {
    let titles = refs(part);
    if !titles.is_empty() {
        return Some(MoveEnd::Named(titles));
    }
    let has = |phrases: &[String]| find(part, phrases).is_some();
    if has(&w.spaceline_end) {
        Some(MoveEnd::SpacelineEnd)
    } else if has(&w.any_location) {
        Some(MoveEnd::AnyLocation)
    } else if has(&w.here) {
        Some(MoveEnd::Here)
    } else {
        another_titled(part, w)
    }
}

/// "another Bajoran Wormhole": another card of the title its words name.
fn another_titled(part: &[Token], w: &MovementWords) -> Option<MoveEnd> {
    let after = any_phrase_at(part, 0, &w.another)?;
    let words = &part[after..];
    let all_words = !words.is_empty() && words.iter().all(|t| t.kind == TokKind::Word);
    all_words.then(|| MoveEnd::Named(vec![grammar::render(words)]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Option<MovementAllowance> {
        let toks = grammar::tokenize(text);
        grammar::sentences(&toks)
            .into_iter()
            .find_map(|(s, _)| allowance_in(&s))
    }

    #[test]
    fn once_each_turn_from_here_to_a_named_card_or_vice_versa() {
        let a = read("Once each turn, your ship may move from here to any {Transwarp Network Gateway}, or vice versa.").unwrap();
        assert_eq!(a.count, MoveCount::PerTurn(1));
        assert_eq!(
            a.ends,
            vec![
                MoveEnd::Here,
                MoveEnd::Named(vec!["Transwarp Network Gateway".into()])
            ]
        );
        assert!(a.yours && a.crosses_quadrants());
        assert_eq!(a.range, RangeUse::Unstated);
        assert_eq!(a.condition, None);
    }

    #[test]
    fn twice_each_turn_between_here_and_a_time_location() {
        let a = read(
            "Twice each turn, your personnel and ships may move between here and {2154 Vulcan}.",
        )
        .unwrap();
        assert_eq!(a.count, MoveCount::PerTurn(2));
        assert_eq!(a.ends.len(), 2);
    }

    #[test]
    fn full_range_and_a_spaceline_end_keep_to_the_spaceline() {
        let a = read("If you have solved two [DQ] missions, your {U.S.S. Voyager} may move between any spaceline end and this mission using its full RANGE.").unwrap();
        assert_eq!(a.range, RangeUse::AllOfIt);
        assert_eq!(a.ends, vec![MoveEnd::SpacelineEnd, MoveEnd::Here]);
        assert_eq!(a.only, vec!["U.S.S. Voyager".to_string()]);
        assert!(a.one_spaceline && !a.crosses_quadrants());
        assert_eq!(
            a.condition.as_deref(),
            Some("if you have solved two [DQ] missions")
        );
    }

    #[test]
    fn a_fixed_range_and_the_two_ends_of_a_wormhole() {
        let a = read("Any ship may move between this time location and another time location in the same quadrant with a matching year by using 4 RANGE.").unwrap();
        assert_eq!(a.range, RangeUse::Fixed(4));
        let b =
            read("While in play, any ship may move from one end to the other, then is stopped.")
                .unwrap();
        assert_eq!(b.ends, vec![MoveEnd::Here, MoveEnd::OtherCopy]);
        assert!(b.then_stopped && b.crosses_quadrants());
    }

    #[test]
    fn per_full_turn_up_to_full_range_names_no_ends() {
        let a = read("Return it to its former location; it may immediately move (up to its full RANGE) once for each of your full turns it was on this objective.").unwrap();
        assert_eq!(a.count, MoveCount::PerFullTurn);
        assert_eq!(a.range, RangeUse::UpToFull);
        assert!(a.ends.is_empty() && !a.crosses_quadrants());
    }

    #[test]
    fn near_misses_allow_no_movement_or_leave_an_end_unread() {
        assert!(read("That ship may not move or initiate battle.").is_none());
        assert!(read("Your ship may move once each turn.").is_some());
        let a = read("Any ship may move between here and another Bajoran Wormhole if damaged or if ENGINEER and SCIENCE aboard.")
            .unwrap();
        assert_eq!(
            a.ends,
            vec![
                MoveEnd::Here,
                MoveEnd::Named(vec!["bajoran wormhole".into()])
            ]
        );
        assert!(
            matches!(a.requires, Some(MoveCondition::Any(ref v)) if v.len() == 2),
            "{a:?}"
        );
        let ram =
            read("Once each turn, your boarding pod may move to ram any ship present.").unwrap();
        assert!(ram.unread.is_some(), "{ram:?}");
        let words =
            read("If you have solved two [DQ] missions, your ship may move to any other location.")
                .unwrap();
        assert!(
            words.condition.is_some() && words.requires.is_none(),
            "{words:?}"
        );
    }
}
