//! The card a card "plays on" (its host): whose it must be, what kind of card
//! (or location) it is, and where it must be ("orbiting a planet"), read from
//! the words after a plays-on timing phrase ("Plays on your ship.",
//! "Plays on any ship orbiting a planet."). The words are data
//! (`glossary/abilities/plays-on.toml`); a `can play` with a `target` checks
//! the target against them.

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

    #[test]
    fn the_glossary_list_of_cards_sparing_docked_ships_is_read() {
        let w = PlaysOnWords::get();
        assert!(w.spares_docked_ships("Temporal Rift"));
        assert!(!w.spares_docked_ships("Red Alert!"));
    }
}
