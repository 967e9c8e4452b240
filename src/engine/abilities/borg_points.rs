//! Whether a card's text specifies that it affects Borg (Glossary "Borg",
//! "Scoring points": "A Borg player scores points, both positive and
//! negative, only from Borg-use-only cards and cards which specify that they
//! affect Borg"), with the lexicon's `[borg_points]` words: "loses 50 points
//! (even if playing Borg)" does; "(Dilemma does not affect Borg.)" says it
//! does not, and wins over the other.

use super::grammar;
use super::lexicon::Lexicon;
use crate::cards::model::Card;

/// The card's game text specifies that it affects Borg.
pub fn specifies_affecting_borg(card: &Card) -> bool {
    let toks = grammar::tokenize(&crate::repair::fold_for_match(&card.text));
    let words = &Lexicon::get().borg_points;
    !grammar::has_phrase(&toks, &words.not) && grammar::has_phrase(&toks, &words.affects)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::model::CardType;

    fn card(text: &str) -> Card {
        crate::engine::fixture::card_with_text("X", CardType::Dilemma, text)
    }

    #[test]
    fn a_card_saying_even_if_playing_borg_affects_borg() {
        assert!(specifies_affecting_borg(&card(
            "Each player ... loses 50 points (even if playing Borg)."
        )));
        assert!(!specifies_affecting_borg(&card(
            "Choose one of them to die OR lose points. (Dilemma does not affect Borg.)"
        )));
        assert!(!specifies_affecting_borg(&card("Opponent loses 5 points.")));
    }
}
