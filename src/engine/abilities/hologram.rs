//! What a card's text says about holograms (Glossary "holographic personnel
//! and equipment", "holodeck"): whether it has or adds a Holodeck, whether
//! it is "worn" by a [Holo] personnel (Mobile Holo-Emitter: its wearer "does
//! not need a Holodeck and is not confined to ships and facilities"), and
//! whether it lets [Holo] cards exist on a planet (Holo-Projectors). The
//! text is read as the rest of the compiler reads it (tokens, sentences,
//! lexicon phrases); the words are the lexicon's `[hologram]`; the rules
//! reading them are in `engine::first_edition::hologram`.

use super::grammar::{self, TokKind, Token};
use super::grammar::{any_phrase_at, has_phrase, phrase_at};
use super::lexicon::{HologramWords, Lexicon};
use crate::cards::model::Card;
use crate::vocab::vocabulary;

/// A card's text about holograms, compiled once per reading.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HoloText {
    /// A Holodeck in its special equipment (a ship or facility).
    pub holodeck: bool,
    /// "Adds Holodeck" to the ship or facility it is played on.
    pub adds_holodeck: bool,
    /// Worn by (placed on) a [Holo] personnel, freeing it from Holodecks.
    pub worn_by_hologram: bool,
    /// "[Holo] cards may exist on this planet".
    pub exist_on_planet: bool,
}

/// What `card`'s text says about holograms.
pub fn of(card: &Card) -> HoloText {
    let w = &Lexicon::get().hologram;
    let toks = grammar::tokenize(&card.text);
    let sentences: Vec<Vec<Token>> = grammar::sentences(&toks)
        .into_iter()
        .map(|(s, _)| s)
        .collect();
    let adds_holodeck = sentences.iter().any(|s| adds(s, w));
    let naming_holo = || sentences.iter().filter(|s| names_hologram_icon(s, w));
    HoloText {
        // Special equipment is the card's own: a card adding it says so.
        holodeck: !w.holodeck.is_empty() && card.has_characteristic(&w.holodeck) && !adds_holodeck,
        adds_holodeck,
        worn_by_hologram: naming_holo().any(|s| has_phrase(s, &w.worn)),
        exist_on_planet: naming_holo().any(|s| has_phrase(s, &w.exist)),
    }
}

/// "Adds Holodeck": an adding verb right before the equipment's name.
fn adds(s: &[Token], w: &HologramWords) -> bool {
    (0..s.len()).any(|k| {
        any_phrase_at(s, k, &w.adds).is_some_and(|e| phrase_at(s, e, &w.holodeck).is_some())
    })
}

/// Whether the sentence prints the hologram icon (the lexicon's `icon`, in
/// any of the spellings `glossary/icons.toml` gives it).
fn names_hologram_icon(s: &[Token], w: &HologramWords) -> bool {
    let icons = &vocabulary().icons;
    let Some(holo) = icons.canonical(&w.icon) else {
        return false;
    };
    s.iter()
        .any(|t| t.kind == TokKind::Icon && icons.canonical(&t.text) == Some(holo))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::model::CardType;

    fn card(text: &str, characteristics: &[&str]) -> Card {
        Card {
            card_type: CardType::Equipment,
            text: text.into(),
            characteristics: characteristics.iter().map(|c| c.to_string()).collect(),
            ..Card::default()
        }
    }

    #[test]
    fn a_worn_card_frees_a_hologram() {
        let emitter = card(
            "May be \"worn\" by (placed on) one of your [Holo] personnel; you may remove it during your turn.",
            &[],
        );
        assert!(of(&emitter).worn_by_hologram);
        // Worn, but not by a hologram: a near miss.
        let head = card("May be \"worn\" by (placed on) one of your androids.", &[]);
        assert!(!of(&head).worn_by_hologram);
    }

    #[test]
    fn a_card_may_let_holograms_exist_on_a_planet() {
        let projectors = card(
            "Plays on a planet mission. [Holo] cards may exist on this planet.",
            &[],
        );
        assert!(of(&projectors).exist_on_planet);
        assert!(!of(&card("Plays on a planet mission.", &[])).exist_on_planet);
        // The icon, not the word: "Holo cards" names no [Holo] card.
        let word = card(
            "Plays on a planet mission. Holo cards may exist on this planet.",
            &[],
        );
        assert!(!of(&word).exist_on_planet);
    }

    #[test]
    fn a_holodeck_is_special_equipment_or_added_by_a_card() {
        let ship = card("Holodeck, Tractor Beam", &["Holodeck", "Tractor Beam"]);
        assert!(of(&ship).holodeck && !of(&ship).adds_holodeck);
        let door = card(
            "Plays on your ship. Adds Holodeck, and your compatible [Holo] cards may report aboard.",
            &["Holodeck"],
        );
        assert!(of(&door).adds_holodeck && !of(&door).holodeck);
        assert_eq!(
            of(&card("Tractor Beam", &["Tractor Beam"])),
            HoloText::default()
        );
    }
}
