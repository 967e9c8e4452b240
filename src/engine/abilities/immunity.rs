//! What may nullify a card: the immunity phrases of its text ("Immune to
//! Amanda Rogers", "may be nullified only by Countermanda", "may not be
//! nullified"; Glossary "nullify"), compiled once with the cards they name.

use super::grammar::{self, TokKind, Token};
use super::lexicon::Lexicon;
use serde::{Deserialize, Serialize};

/// Which nullifiers an immunity phrase keeps out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ImmunityKind {
    /// Immune to the cards named.
    Except,
    /// Only the cards named may nullify it.
    Only,
    /// No card may nullify it, unless that card names it.
    None,
}

impl ImmunityKind {
    /// The lexicon's word for the kind (`glossary/abilities/lexicon.toml`).
    fn from_lexicon(kind: &str) -> Option<ImmunityKind> {
        match kind {
            "except" => Some(ImmunityKind::Except),
            "only" => Some(ImmunityKind::Only),
            "none" => Some(ImmunityKind::None),
            _ => None,
        }
    }
}

/// One immunity phrase with the cards named after it (up to the end of its
/// sentence or parenthesis).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Immunity {
    pub kind: ImmunityKind,
    pub cards: Vec<String>,
}

impl Immunity {
    /// Whether this phrase names `title` among its cards.
    pub fn names(&self, title: &str) -> bool {
        self.cards.iter().any(|r| super::reference_names(r, title))
    }
}

/// The immunity phrases of a card's game text.
pub fn immunities(text: &str) -> Vec<Immunity> {
    let toks = grammar::tokenize(text);
    let mut out = Vec::new();
    for im in &Lexicon::get().immunity {
        let Some(kind) = ImmunityKind::from_lexicon(&im.kind) else {
            continue;
        };
        let words: Vec<String> = grammar::tokenize(&im.phrase)
            .into_iter()
            .map(|t| t.text)
            .collect();
        for i in 0..toks.len() {
            let hit = words
                .iter()
                .enumerate()
                .all(|(k, w)| toks.get(i + k).is_some_and(|t| &t.text == w));
            if hit {
                let cards = named_cards(&toks[i + words.len()..]);
                out.push(Immunity { kind, cards });
            }
        }
    }
    out
}

/// The `{cards}` of a phrase, else its plain names.
fn named_cards(rest: &[Token]) -> Vec<String> {
    let phrase: Vec<&Token> = rest
        .iter()
        .take_while(|t| !(t.is_punct(".") || t.is_punct(")") || t.is_punct(";")))
        .collect();
    let refs: Vec<String> = phrase
        .iter()
        .filter(|t| t.kind == TokKind::Ref)
        .map(|t| t.text.clone())
        .collect();
    if refs.is_empty() {
        plain_names(&phrase)
    } else {
        refs
    }
}

/// Card names printed without braces ("(Immune to Amanda Rogers.)"): the
/// words of the phrase, split at commas, "or" and "and".
fn plain_names(phrase: &[&Token]) -> Vec<String> {
    let mut names = Vec::new();
    let mut name: Vec<&str> = Vec::new();
    for t in phrase {
        let splits = t.is_punct(",") || t.is_word("or") || t.is_word("and");
        if splits || t.kind != TokKind::Word {
            if !name.is_empty() {
                names.push(name.join(" "));
                name.clear();
            }
            continue;
        }
        name.push(&t.text);
    }
    if !name.is_empty() {
        names.push(name.join(" "));
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(text: &str) -> Vec<(ImmunityKind, Vec<String>)> {
        immunities(text)
            .into_iter()
            .map(|i| (i.kind, i.cards))
            .collect()
    }

    #[test]
    fn immunity_phrases_name_their_cards() {
        assert_eq!(
            of("If your score is zero, score. (May be nullified only by {Countermanda}.)"),
            vec![(ImmunityKind::Only, vec!["Countermanda".to_string()])]
        );
        assert_eq!(
            of("Shuffle. (Immune to {Amanda Rogers}.) Draw."),
            vec![(ImmunityKind::Except, vec!["Amanda Rogers".to_string()])]
        );
        // Printed without braces, as on Amanda Rogers herself.
        let plain = immunities("Nullifies one Interrupt. (Immune to Amanda Rogers.)");
        assert_eq!(plain[0].cards, vec!["amanda rogers"]);
        assert!(plain[0].names("Amanda Rogers"));
        assert_eq!(
            of("(Immune to Hail, Q2 or Amanda Rogers.)")[0].1,
            vec!["hail", "q2", "amanda rogers"]
        );
        assert_eq!(of("Seeds; may not be nullified.")[0].0, ImmunityKind::None);
        assert!(immunities("Nullifies {Hail}.").is_empty());
    }
}
