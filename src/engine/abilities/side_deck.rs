//! What a card's functions take from a side deck during play (Glossary "side
//! deck", "Q's Tent side deck", "Battle Bridge side deck"): the kind of side
//! deck an effect takes cards from ("take a card from your Q's Tent", "draw
//! two extra Tactic cards"), read from the compiled effects with the
//! lexicon's `[side_decks]` words. A function that seeds (opens) the side
//! deck takes nothing from it.

use super::lexicon::{Lexicon, SideDeckKind};
use super::{Ability, CompiledCard, Target, TimingClass};

/// A card's use taking cards from one kind of side deck.
#[derive(Debug, Clone, Copy)]
pub struct Fetch {
    pub kind: &'static SideDeckKind,
    /// Every function used does nothing but take cards from it (the doorway
    /// discarded or placed, the cards shown): with nothing to take, the
    /// card has no use. A function with another effect ("or enhances ...
    /// WEAPONS +1") keeps that use.
    pub only: bool,
}

/// The side deck the functions of `compiled` played from hand take cards
/// from, when one of them does.
pub fn fetches(compiled: &CompiledCard) -> Option<Fetch> {
    let played: Vec<&Ability> = compiled
        .abilities
        .iter()
        .filter(|a| a.timing.class != TimingClass::Seeds)
        .collect();
    let kind = played.iter().find_map(|a| fetched_kind(a))?;
    let only = played
        .iter()
        .all(|a| fetched_kind(a).is_some_and(|k| k.kind == kind.kind) && only_fetches(a));
    Some(Fetch { kind, only })
}

/// The kind of side deck `compiled` seeds on and opens ("Seeds on (opens)
/// Q-Continuum side deck"): the card is that side deck's doorway.
pub fn opens(compiled: &CompiledCard) -> Option<&'static SideDeckKind> {
    compiled
        .abilities
        .iter()
        .filter(|a| a.timing.class == TimingClass::Seeds)
        .flat_map(|a| &a.targets)
        .find_map(kind_named)
}

/// The kind of side deck a target's noun names.
fn kind_named(target: &Target) -> Option<&'static SideDeckKind> {
    let noun = noun(target)?;
    Lexicon::get()
        .side_decks
        .kind
        .iter()
        .find(|k| k.nouns.iter().any(|n| n == noun))
}

/// The kind of side deck one of the function's effects takes cards from.
fn fetched_kind(ability: &Ability) -> Option<&'static SideDeckKind> {
    let words = &Lexicon::get().side_decks;
    ability
        .effects
        .iter()
        .filter(|e| words.fetch.contains(&e.verb))
        .flat_map(|e| &e.objects)
        .find_map(kind_named)
}

/// Whether every effect of the function takes cards or only goes with it.
fn only_fetches(ability: &Ability) -> bool {
    let words = &Lexicon::get().side_decks;
    ability
        .effects
        .iter()
        .all(|e| words.fetch.contains(&e.verb) || words.with_fetch.contains(&e.verb))
}

fn noun(target: &Target) -> Option<&str> {
    match target {
        Target::Object(o) => Some(o),
        Target::CardType { name, .. } => Some(name),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::abilities::compile_text;

    fn fetch(text: &str) -> Option<Fetch> {
        fetches(&compile_text(
            "X",
            &crate::cards::model::CardType::Doorway,
            text,
        ))
    }

    #[test]
    fn a_doorway_taking_from_the_tent_only_takes() {
        let tent = "Seeds on (opens) Q's Tent side deck (up to 13 different cards). OR Once each turn, plays to take a card from your Q's Tent into your hand (discard doorway).";
        let f = fetch(tent).expect("takes from the tent");
        assert_eq!(f.kind.kind, "Q's Tent");
        assert!(f.only);
    }

    #[test]
    fn another_effect_keeps_a_use_without_the_side_deck() {
        let door = "Stock in deck and play at start of ship battle. Allows you to draw two extra Tactic cards or enhances each of your ships' WEAPONS +1; then discard doorway.";
        let f = fetch(door).expect("draws Tactic cards");
        assert_eq!(f.kind.kind, "Battle Bridge");
        assert!(!f.only);
    }

    #[test]
    fn a_scenario_names_a_kind_in_any_spelling_the_folding_allows() {
        let words = &Lexicon::get().side_decks;
        for name in ["Q's Tent", "Q’s Tent", "QS TENT", "q's tent side deck"] {
            let kind = words.named(name).map(|k| k.kind.as_str());
            assert_eq!(kind, Some("Q's Tent"), "{name}");
        }
        assert!(words.named("Q's Table").is_none());
    }

    #[test]
    fn a_doorway_seeding_on_a_side_deck_opens_that_kind() {
        let compiled = |text| compile_text("X", &crate::cards::model::CardType::Doorway, text);
        let flash = compiled("Seeds on (opens) Q-Continuum side deck (any number of [Q] cards). When opponent's crew or Away Team has a Q-Flash, draw cards from here.");
        let kind = opens(&flash).expect("opens a side deck");
        assert_eq!(kind.kind, "Q-Continuum");
        assert!(kind.faced_under_missions);
        let tent = compiled("Seeds on (opens) Q's Tent side deck (up to 13 different cards).");
        assert!(!opens(&tent).expect("opens the tent").faced_under_missions);
        // Taking from a side deck during play opens none.
        assert!(opens(&compiled("Plays on table. Take a card from your Q's Tent.")).is_none());
    }

    #[test]
    fn seeding_the_side_deck_takes_nothing() {
        assert!(fetch("Seeds on (opens) Q's Tent side deck (up to 13 different cards).").is_none());
        assert!(fetch("Plays on table. Draw one card.").is_none());
    }
}
