//! The card a card "plays on" (its host): whose it must be, what kind of card
//! (or location) it is, and where it must be ("orbiting a planet"), read from
//! the words after a plays-on timing phrase ("Plays on your ship.",
//! "Plays on any ship orbiting a planet."). The words are data
//! (`glossary/abilities/plays-on.toml`); a `can play` with a `target` checks
//! the target against them.

use super::continuous::{self, Descriptor, Subject, Trait};
use super::grammar::{TokKind, Token};
use super::lexicon::Lexicon;
use super::{Ability, TimingClass};
use serde::Deserialize;
use std::sync::OnceLock;

/// Whose the host must be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Whose {
    Yours,
    Opponents,
    Any,
}

/// What a card plays on.
#[derive(Debug, Clone, PartialEq)]
pub struct Host {
    /// The clause as read ("your ship").
    pub words: String,
    pub whose: Whose,
    /// The host kind of `plays-on.toml` ("ship", "location", "table").
    pub kind: String,
    /// The card types a target of this kind may be.
    pub types: Vec<String>,
    /// Where it must be ("in orbit"), with the Glossary entry defining it.
    pub qualifiers: Vec<(String, String)>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct HostKind {
    kind: String,
    nouns: Vec<String>,
    types: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Qualifier {
    kind: String,
    phrases: Vec<String>,
    /// The host kinds it qualifies.
    hosts: Vec<String>,
    entry: String,
}

/// The cards the Glossary's "docked ship" says may not target a docked ship.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DockedShip {
    pub entry: String,
    pub may_not_target: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlaysOnWords {
    yours: Vec<String>,
    opponents: Vec<String>,
    host: Vec<HostKind>,
    qualifier: Vec<Qualifier>,
    pub docked_ship: DockedShip,
}

impl PlaysOnWords {
    pub fn get() -> &'static PlaysOnWords {
        static W: OnceLock<PlaysOnWords> = OnceLock::new();
        W.get_or_init(|| {
            crate::vocab::parse_embedded(
                "abilities/plays-on.toml",
                include_str!("../../../glossary/abilities/plays-on.toml"),
            )
        })
    }

    /// Whether the Glossary's "docked ship" says `title` may not target a
    /// docked ship.
    pub fn spares_docked_ships(&self, title: &str) -> bool {
        let fold = crate::repair::fold_for_match;
        let t = fold(title);
        self.docked_ship.may_not_target.iter().any(|c| fold(c) == t)
    }
}

/// The words after the plays-on phrase of `text`, to the end of the sentence.
fn clause_after_phrase(text: &str) -> Option<String> {
    let lower = text.to_lowercase();
    let phrases = Lexicon::get()
        .timing
        .iter()
        .filter(|t| t.class == "plays-on")
        .map(|t| t.phrase.to_lowercase());
    let (at, len) = phrases
        .filter_map(|p| lower.find(&format!("{p} ")).map(|i| (i, p.len() + 1)))
        .min_by_key(|&(i, len)| (i, std::cmp::Reverse(len)))?;
    let rest = &lower[at + len..];
    let end = rest.find(['.', ';', '(']).unwrap_or(rest.len());
    Some(rest[..end].trim().to_string())
}

/// The host the plays-on function of a card names, if it has one and its
/// clause names a host kind the words know.
pub fn host(ability: &Ability) -> Option<Host> {
    if ability.timing.class != TimingClass::PlaysOn {
        return None;
    }
    let words = clause_after_phrase(&ability.text)?;
    let w = PlaysOnWords::get();
    let starts = |list: &[String]| list.iter().any(|p| words.starts_with(&format!("{p} ")));
    let whose = if starts(&w.opponents) {
        Whose::Opponents
    } else if starts(&w.yours) {
        Whose::Yours
    } else {
        Whose::Any
    };
    let tokens: Vec<&str> = words.split_whitespace().collect();
    let noun_at = |noun: &str| {
        let n: Vec<&str> = noun.split_whitespace().collect();
        tokens.windows(n.len()).position(|win| win == n.as_slice())
    };
    // The first noun of the clause names the host ("ship orbiting a planet").
    let (kind, _) = w
        .host
        .iter()
        .flat_map(|h| {
            h.nouns
                .iter()
                .filter_map(move |n| noun_at(n).map(|i| (h, i)))
        })
        .min_by_key(|&(_, i)| i)?;
    let qualifiers = w
        .qualifier
        .iter()
        .filter(|q| q.hosts.contains(&kind.kind))
        .filter(|q| q.phrases.iter().any(|p| noun_at(p).is_some()))
        .map(|q| (q.kind.clone(), q.entry.clone()))
        .collect();
    Some(Host {
        words,
        whose,
        kind: kind.kind.clone(),
        types: kind.types.clone(),
        qualifiers,
    })
}

/// Words that introduce the cards taking part in the action a timing clause
/// names ("a just-initiated personnel battle involving your [Kli] card(s)",
/// "just encountered by your [Com] Borg").
const INTRODUCERS: [&str; 2] = ["involving", "by"];
/// Words a run of participant words may hold besides whose, kinds and
/// features: articles and the joins of a list ("a Borg drone, Jem'Hadar or
/// [Holo] personnel", "one of your personnel").
const GLUE: [&str; 7] = ["a", "an", "any", "one", "of", "or", "and"];

/// Whose `tok` says the cards are, by the words of `plays-on.toml`.
fn whose_word(tok: &Token) -> Option<continuous::Whose> {
    let w = PlaysOnWords::get();
    let is = |list: &[String]| list.iter().any(|p| p == &tok.text);
    if is(&w.opponents) {
        Some(continuous::Whose::Opponents)
    } else if is(&w.yours) {
        Some(continuous::Whose::Yours)
    } else {
        None
    }
}

/// The host kind a noun of `plays-on.toml` names ("android" → personnel).
fn kind_noun(tok: &Token) -> Option<&'static str> {
    let w = PlaysOnWords::get();
    w.host
        .iter()
        .find(|h| h.kind != "table" && h.nouns.iter().any(|n| n == &tok.text))
        .map(|h| h.kind.as_str())
}

/// A feature a participant may have: an icon, a card named, or a personnel
/// feature of the lexicon ("android", "Borg", "Jem'Hadar", "drone").
fn feature(tok: &Token) -> Option<Descriptor> {
    match tok.kind {
        TokKind::Icon => Some(Descriptor::Icon(tok.text.clone())),
        TokKind::Ref => Some(Descriptor::Card(tok.text.clone())),
        TokKind::Word => {
            // The word or, a plural ("Borg drones"), its singular.
            let features = &Lexicon::get().personnel_features;
            super::grammar::singulars(&tok.text)
                .into_iter()
                .find(|w| features.iter().any(|f| f.eq_ignore_ascii_case(w)))
                .map(Descriptor::Word)
        }
        TokKind::Punct => None,
    }
}

/// Whether `tok` may stand in a run of participant words.
fn participant_word(tok: &Token) -> bool {
    whose_word(tok).is_some()
        || kind_noun(tok).is_some()
        || feature(tok).is_some()
        || tok.is_punct(",")
        || GLUE.iter().any(|g| tok.is_word(g))
}

/// The participant a run of words describes: whose (`plays-on.toml`'s
/// "your", "opponent's"), what kind of card (its host nouns) and the
/// features of which it needs one (a list) or all; `None` when the words
/// name neither whose it is nor a kind nor a feature.
fn participant(run: &[Token]) -> Option<Subject> {
    let whose = run.iter().find_map(whose_word);
    let card_type = run.iter().find_map(kind_noun).map(str::to_string);
    let traits: Vec<Trait> = run
        .iter()
        .filter_map(feature)
        .map(|descriptor| Trait {
            descriptor,
            negated: false,
        })
        .collect();
    if whose.is_none() && traits.is_empty() {
        return None;
    }
    let listed = run.iter().any(|t| t.is_punct(",") || t.is_word("or"));
    Some(Subject {
        whose: whose.unwrap_or(continuous::Whose::Any),
        card_type,
        any_of: listed && traits.len() > 1,
        traits,
    })
}

/// The cards a response's timing clause (the phrase at `start..end` of
/// `toks`) says take part in the action it answers: after the phrase,
/// "involving" / "by" / whose words begin a run ("just engaged your android
/// in combat"); before it, the run a "who" refers to ("a Borg drone ...
/// personnel who just engaged"). Parentheticals are skipped.
pub fn participants(toks: &[Token], start: usize, end: usize) -> Vec<Subject> {
    let mut out = Vec::new();
    let after: Vec<&Token> = toks[end.min(toks.len())..]
        .iter()
        .scan(0i32, |depth, t| {
            *depth += i32::from(t.is_punct("(")) - i32::from(t.is_punct(")"));
            Some((*depth, t))
        })
        .filter(|(d, t)| *d == 0 && !t.is_punct(")"))
        .map(|(_, t)| t)
        .take_while(|t| t.kind != TokKind::Punct || t.is_punct(","))
        .collect();
    let begins = after
        .iter()
        .take(6)
        .position(|t| INTRODUCERS.iter().any(|w| t.is_word(w)) || whose_word(t).is_some());
    if let Some(at) = begins {
        let from = at + usize::from(whose_word(after[at]).is_none());
        let run: Vec<Token> = after[from..]
            .iter()
            .take_while(|t| participant_word(t))
            .map(|t| (*t).clone())
            .collect();
        // "involving your {U.S.S. Prometheus} OR at least three of your
        // ships": an alternative the words cannot read restricts nothing.
        if !run.last().is_some_and(|t| t.is_word("or")) {
            out.extend(participant(trim_glue(&run)));
        }
    }
    if start > 0 && toks[start - 1].is_word("who") {
        let before = &toks[..start - 1];
        let from = (0..before.len())
            .rev()
            .find(|&k| !participant_word(&before[k]))
            .map_or(0, |k| k + 1);
        out.extend(participant(trim_glue(&before[from..])));
    }
    out
}

/// The cards named after `from` in a clause ("download to this location up
/// to 4 Borg drones or {Rogue Borg Mercenaries}"; "report a personnel"):
/// the first run of participant words holding a feature or a card kind
/// (not a place), before the clause ends; `None` when it names none.
pub fn cards_after(toks: &[Token], from: usize) -> Option<Subject> {
    let clause: Vec<&Token> = toks[from.min(toks.len())..]
        .iter()
        .take_while(|t| !([".", ";", ":", "("].iter().any(|p| t.is_punct(p))))
        .collect();
    let names_cards =
        |t: &Token| feature(t).is_some() || kind_noun(t).is_some_and(|k| k != "location");
    let start = clause.iter().position(|t| names_cards(t))?;
    // The run may begin with its article or whose word ("a personnel",
    // "your ships"): step back over them.
    let begin = (0..start)
        .rev()
        .take_while(|&k| participant_word(clause[k]) && !names_cards(clause[k]))
        .last()
        .unwrap_or(start);
    let run: Vec<Token> = clause[begin..]
        .iter()
        .take_while(|t| participant_word(t))
        .map(|t| (*t).clone())
        .collect();
    participant(trim_glue(&run)).or_else(|| {
        let kind = run.iter().find_map(kind_noun)?;
        Some(Subject {
            card_type: Some(kind.to_string()),
            ..Subject::none()
        })
    })
}

/// A run without the list joins at its ends ("or [Holo]" → "[Holo]").
fn trim_glue(run: &[Token]) -> &[Token] {
    let glue = |t: &Token| t.is_punct(",") || t.is_word("or") || t.is_word("and");
    let from = run.iter().position(|t| !glue(t)).unwrap_or(run.len());
    let to = run.iter().rposition(|t| !glue(t)).map_or(from, |k| k + 1);
    &run[from..to]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::model::CardType;
    use crate::engine::abilities::compile_text;

    fn host_of(text: &str) -> Option<Host> {
        let c = compile_text("T", &CardType::Interrupt, text);
        c.abilities.iter().find_map(host)
    }

    #[test]
    fn the_host_is_whose_what_and_where() {
        let h = host_of("Plays on your ship. Ship disappears.").unwrap();
        assert_eq!((h.whose, h.kind.as_str()), (Whose::Yours, "ship"));
        assert!(h.qualifiers.is_empty());
        let h = host_of("Plays on any ship orbiting a planet. Ship has NO RANGE.").unwrap();
        assert_eq!((h.whose, h.kind.as_str()), (Whose::Any, "ship"));
        assert_eq!(h.qualifiers[0].0, "in orbit");
        let h = host_of("Plays on opponent's personnel. Personnel is stopped.").unwrap();
        assert_eq!((h.whose, h.kind.as_str()), (Whose::Opponents, "personnel"));
        assert_eq!(host_of("Plays on table.").unwrap().kind, "table");
        assert!(host_of("Nullifies any Event card.").is_none());
    }

    fn parties_of(text: &str) -> Vec<Subject> {
        let c = compile_text("T", &CardType::Interrupt, text);
        c.abilities[0].timing.parties.clone()
    }

    #[test]
    fn a_response_names_who_takes_part_in_the_action() {
        let p = parties_of("Mortally wounds a Borg drone, Jem'Hadar or [Holo] personnel who just engaged your android in combat.");
        assert_eq!(p.len(), 2, "{p:?}");
        assert_eq!(p[0].whose, continuous::Whose::Yours);
        assert_eq!(
            p[0].traits[0].descriptor,
            Descriptor::Word("android".into())
        );
        assert!(p[1].any_of && p[1].traits.len() == 4, "{p:?}");
        let p = parties_of("Nullifies a dilemma just encountered by your [Com] Borg.");
        assert_eq!(p.len(), 1);
        assert!(!p[0].any_of && p[0].traits.len() == 2, "{p:?}");
        // An alternative the words cannot read restricts nothing.
        assert!(parties_of(
            "Plays at start of battle involving your {Prometheus} OR at least three of your ships."
        )
        .is_empty());
        assert!(parties_of("Plays at start of your turn.").is_empty());
    }

    #[test]
    fn the_glossary_list_of_cards_sparing_docked_ships_is_read() {
        let w = PlaysOnWords::get();
        assert!(w.spares_docked_ships("Temporal Rift"));
        assert!(!w.spares_docked_ships("Red Alert!"));
    }
}
