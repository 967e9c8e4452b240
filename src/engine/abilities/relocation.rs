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
    /// spaceline from where the dilemma is encountered (Glossary "ties");
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
    let to = w
        .destinations
        .iter()
        .filter_map(|d| {
            let mut from = verb_end;
            loop {
                let end = word_at(&lower, d, from)? + d.len();
                if !counts(end) {
                    return Some(end);
                }
                from = end;
            }
        })
        .min()?;
    let words = part[to..].split([';', '.']).next().unwrap_or("").trim();
    Some(place(words, w))
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
    fn near_misses_name_no_destination_or_stay_unread() {
        // "toward" is not the destination word "to".
        assert_eq!(
            read("ships are relocated one location toward far end of spaceline"),
            None
        );
        // "up to" counts the cards; "here" is no place the rows read.
        assert_eq!(
            read("Opponent may relocate up to two ships to here"),
            Some(Destination::Unread {
                words: "here".into()
            })
        );
        assert_eq!(
            read("relocated to matching homeworld"),
            Some(Destination::Unread {
                words: "matching homeworld".into()
            })
        );
    }
}
