//! Where a dilemma relocates its victims: the destination after a
//! "relocate" effect's verb ("relocated to nearest planet", "relocated to
//! {Quark's Bar}", "relocated to a time location (your choice)"), read with
//! the lexicon's `[[dilemma.relocations]]` rows. A destination the rows do
//! not place is kept as words (`Destination::Unread`), never dropped.

use super::dilemma::{selection_in, Selection};
use super::lexicon::{DilemmaWords, Lexicon};
use serde::Serialize;

/// Where a relocated card goes.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Destination {
    /// "nearest planet [with no personnel on surface]": measured on the
    /// spaceline from the victim's location - where it faces the dilemma
    /// (Glossary "ties");
    /// `qualifier` is what else the place must be, kept as words.
    Nearest {
        place: String,
        qualifier: Option<String>,
    },
    /// "{Quark's Bar}": where the named card is.
    Named { title: String },
    /// "a time location (your choice)", "your facility": any place of that
    /// kind, chosen by `chooser` (unstated: the player the text names).
    Chosen {
        place: String,
        chooser: Option<Selection>,
    },
    /// "here": the location where the dilemma is encountered.
    Here,
    /// "one location toward far end of spaceline": `locations` steps from
    /// the victim's location (where it faces the dilemma), toward `end` (Glossary
    /// "ties": the far end is the direction with more cards, then more span).
    Toward { end: String, locations: u32 },
    /// Words after the verb the rows do not place.
    Unread { words: String },
}

/// The destination of an effect of `verb` in its words (`part`): only a
/// relocation has one, read with the relocate verb's forms in the lexicon.
pub fn destination_of(verb: &str, part: &str, w: &DilemmaWords) -> Option<Destination> {
    if verb != RELOCATE {
        return None;
    }
    destination(part, &Lexicon::get().effect(verb)?.forms, w)
}

/// The lexicon's canonical verb for moving a card to another place.
pub const RELOCATE: &str = "relocate";

/// The destination of a relocation in one effect's words: what follows the
/// first destination word ("to") after a relocate form, to the end of the
/// clause. `None` when the words name no destination.
pub fn destination(part: &str, forms: &[String], w: &DilemmaWords) -> Option<Destination> {
    let lower = part.to_ascii_lowercase();
    let verb_end = forms
        .iter()
        .filter_map(|f| word_at(&lower, f, 0).map(|at| at + f.len()))
        .min()?;
    // "up to two ships": a count; the destination word comes later.
    let counts = |end: usize| {
        w.not_destinations
            .iter()
            .any(|n| lower[..end].ends_with(n.as_str()))
    };
    let first_after = |words: &[String]| {
        words
            .iter()
            .filter_map(|d| {
                let mut from = verb_end;
                loop {
                    let at = word_at(&lower, d, from)?;
                    let end = at + d.len();
                    if !counts(end) {
                        return Some((at, end));
                    }
                    from = end;
                }
            })
            .min()
    };
    let to = first_after(&w.destinations);
    let toward = first_after(&w.toward).filter(|t| to.is_none_or(|to| t.0 < to.0));
    if let Some((at, end)) = toward {
        // "one location toward far end of spaceline": the steps, then the end.
        let steps = locations_in(&lower[verb_end..at]);
        return Some(match place(clause_of(&part[end..]), w) {
            Destination::Toward { end, .. } => Destination::Toward {
                end,
                locations: steps,
            },
            _ => Destination::Unread {
                words: part[verb_end..].trim().to_string(),
            },
        });
    }
    match to {
        Some((_, end)) => Some(place(clause_of(&part[end..]), w)),
        // "opponent may relocate up to three augments here": the place word
        // with no destination word before it.
        None => first_after(&w.here).map(|_| Destination::Here),
    }
}

/// The words of one clause: up to a ";" or a full stop.
fn clause_of(words: &str) -> &str {
    words.split([';', '.']).next().unwrap_or("").trim()
}

/// "one location", "two locations": how many locations a step covers (one
/// when no number is written).
fn locations_in(words: &str) -> u32 {
    let numbers = super::dilemma::NUMBERS;
    words
        .split_whitespace()
        .find_map(|w| numbers.iter().position(|n| *n == w))
        .map_or(1, |n| n as u32 + 1)
}

/// Where the word `word` first stands whole in `text`, at or after `from`.
fn word_at(text: &str, word: &str, from: usize) -> Option<usize> {
    let mut start = from;
    while let Some(i) = text.get(start..)?.find(word) {
        let at = start + i;
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        let edge = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
        if edge(before) && edge(after) {
            return Some(at);
        }
        start = at + word.len();
    }
    None
}

/// "X or Y": a choice between places.
fn either_place(lower: &str) -> bool {
    word_at(lower, "or", 0).is_some()
}

/// Read the destination words with the lexicon's rows, first match wins.
fn place(words: &str, w: &DilemmaWords) -> Destination {
    let chooser = selection_in(words, w);
    // The parenthetical selection says who chooses, not where.
    let bare = words.split('(').next().unwrap_or(words).trim();
    let lower = bare.to_ascii_lowercase();
    let row = w.relocations.iter().find(|r| lower.starts_with(&r.phrase));
    let Some(row) = row else {
        return Destination::Unread {
            words: words.to_string(),
        };
    };
    let rest = bare[row.phrase.len()..].trim();
    // "{Quark's Bar} or your facility": one of two places, chosen.
    let alternatives = either_place(&lower);
    match row.kind.as_str() {
        _ if alternatives => Destination::Chosen {
            place: bare.to_string(),
            chooser,
        },
        "nearest" => Destination::Nearest {
            place: row.place.clone(),
            qualifier: (!rest.is_empty()).then(|| rest.to_string()),
        },
        "here" => Destination::Here,
        "far-end" => Destination::Toward {
            end: row.phrase.clone(),
            locations: 1,
        },
        "named" => match rest.split_once('}') {
            Some((title, _)) => Destination::Named {
                title: title.trim().to_string(),
            },
            None => Destination::Unread {
                words: words.to_string(),
            },
        },
        _ => Destination::Chosen {
            place: bare.to_string(),
            chooser,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(part: &str) -> Option<Destination> {
        let forms = ["relocated".to_string(), "relocate".to_string()];
        destination(part, &forms, &Lexicon::get().dilemma)
    }

    #[test]
    fn the_nearest_planet_is_measured_and_its_qualifier_kept() {
        assert_eq!(
            read("One personnel present (random selection) relocated to nearest planet"),
            Some(Destination::Nearest {
                place: "planet".into(),
                qualifier: None
            })
        );
        assert_eq!(
            read("One personnel is relocated to nearest planet with no personnel on surface"),
            Some(Destination::Nearest {
                place: "planet".into(),
                qualifier: Some("with no personnel on surface".into())
            })
        );
    }

    #[test]
    fn a_named_place_and_a_chosen_one_are_told_apart() {
        assert_eq!(
            read("they are stopped and, if possible, relocated to {Quark's Bar}"),
            Some(Destination::Named {
                title: "Quark's Bar".into()
            })
        );
        assert_eq!(
            read("Opponent may relocate one to {Quark's Bar} or your facility if"),
            Some(Destination::Chosen {
                place: "{Quark's Bar} or your facility if".into(),
                chooser: None
            })
        );
        assert_eq!(
            read("One OFFICER is relocated to a time location (your choice)"),
            Some(Destination::Chosen {
                place: "a time location".into(),
                chooser: Some(Selection::You)
            })
        );
    }

    #[test]
    fn here_and_the_far_end_of_the_spaceline_read() {
        // "up to" counts the cards; "to here" is where it is encountered.
        assert_eq!(
            read(
                "Opponent may relocate up to two ships from any {Engage Cloak} to here (decloaked)"
            ),
            Some(Destination::Here)
        );
        // "here" alone after the cards, with no destination word.
        assert_eq!(
            read("opponent may relocate up to three augments here"),
            Some(Destination::Here)
        );
        assert_eq!(
            read("ships are damaged and relocated one location toward far end of spaceline"),
            Some(Destination::Toward {
                end: "far end of spaceline".into(),
                locations: 1
            })
        );
        // "nearest planet at another location": the nearest is always elsewhere.
        assert_eq!(
            read("most CUNNING MEDICAL must relocate with dilemma to nearest planet at another location (must still have MEDICAL upon arrival)"),
            Some(Destination::Nearest {
                place: "planet".into(),
                qualifier: None
            })
        );
    }

    #[test]
    fn near_misses_name_no_destination_or_stay_unread() {
        // "toward" is not the destination word "to": it opens a direction,
        // and a direction the rows do not read stays words.
        assert_eq!(
            read("ships are relocated one location toward the Neutral Zone"),
            Some(Destination::Unread {
                words: "one location toward the Neutral Zone".into()
            })
        );
        // "here" and "there" are not alike: only "here" is a place.
        assert_eq!(read("Opponent may relocate up to two ships there"), None);
        assert_eq!(
            read("relocated to matching homeworld"),
            Some(Destination::Unread {
                words: "matching homeworld".into()
            })
        );
    }
}
