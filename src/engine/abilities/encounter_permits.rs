//! What a dilemma's own text lets a player do while it is encountered
//! ("Opponent may download to this location up to 4 Borg drones", "Opponent
//! may report a personnel", "unless you \"stop\" a personnel with ..."):
//! each dilemma "describes what happens when your crew or Away Team
//! encounters it" (Glossary "dilemma"), so an action its text permits is
//! part of the encounter, taken while no other action may interrupt the
//! mission attempt (Glossary "actions – interrupting").
//!
//! The permission is read from the dilemma's sentences by their grammar: a
//! "may" (never "may not") or an "unless you", the player it names before
//! that word (the lexicon's opponent words: the encountering player's
//! opponent; else the encountering player), the effect verb after it and
//! the cards it names (`plays_on::cards_after`).

use super::clause::analyse;
use super::continuous::{Subject, Whose};
use super::grammar::{self, Token};
use super::lexicon::Lexicon;
use crate::cards::model::{Card, CardType};

/// An action a dilemma's text permits during its encounter.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct EncounterAllowance {
    /// `Yours`: the player encountering the dilemma; `Opponents`: the
    /// encountering player's opponent.
    pub whose: Whose,
    /// The lexicon's effect verb ("download", "report", "stop").
    pub verb: String,
    /// The cards the action may take, when the sentence names them.
    pub cards: Option<Subject>,
    /// The action the permitted effect performs, when it is one ("may beam
    /// up Away Team" → "beam"; the lexicon's effect action).
    pub action: Option<String>,
    /// The sentence, as printed (lower-cased).
    pub text: String,
}

impl EncounterAllowance {
    /// True when the permission is given to the encountering player
    /// (`encountering`) or, for "Opponent may ...", to the other one.
    pub fn for_player(&self, encountering: bool) -> bool {
        (self.whose == Whose::Opponents) != encountering
    }

    /// True when this permission lets the encountering player (`yours`) or
    /// the opponent take an act of the kind `act` ("beam", "move", "dock").
    pub fn permits_act(&self, act: &str, yours: bool) -> bool {
        let lx = Lexicon::get();
        self.for_player(yours)
            && self
                .action
                .as_deref()
                .is_some_and(|k| lx.kind_matches(k, act))
    }
}

/// The actions `card`'s text (a dilemma's) permits during its encounter,
/// as the compiler read them (`CompiledCard::encounter_allowances`).
pub fn encounter_allowances(card: &Card) -> Vec<EncounterAllowance> {
    super::compile(card).encounter_allowances
}

/// The actions a card of `card_type` with `text` (a dilemma's) permits
/// during its encounter: read once, by the compiler.
pub fn allowances_of(card_type: &CardType, text: &str) -> Vec<EncounterAllowance> {
    if !matches!(card_type, CardType::Dilemma | CardType::QDilemma) {
        return Vec::new();
    }
    let tokens = grammar::tokenize(text);
    grammar::sentences(&tokens)
        .into_iter()
        .filter(|(_, paren)| !paren)
        .filter_map(|(s, _)| allowance(&s))
        .collect()
}

/// The permission one sentence states, if any.
fn allowance(s: &[Token]) -> Option<EncounterAllowance> {
    let at = permission_word(s)?;
    let lx = Lexicon::get();
    let opponent = s[..at].iter().any(|t| lx.opponent_words.contains(&t.text));
    let (verb_at, effect) = analyse(s).effects.into_iter().find(|(i, _)| *i > at)?;
    let action = lx.effect(&effect.verb).and_then(|e| e.action.clone());
    Some(EncounterAllowance {
        action,
        whose: if opponent {
            Whose::Opponents
        } else {
            Whose::Yours
        },
        verb: effect.verb,
        cards: super::plays_on::cards_after(s, verb_at + 1),
        text: grammar::render(s),
    })
}

/// The index of the word granting the permission: "may" (not "may not"),
/// or "unless" followed by "you".
fn permission_word(s: &[Token]) -> Option<usize> {
    (0..s.len()).find(|&i| {
        let next = s.get(i + 1);
        (s[i].is_word("may") && !next.is_some_and(|n| n.is_word("not")))
            || (s[i].is_word("unless") && next.is_some_and(|n| n.is_word("you")))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::abilities::continuous::Descriptor;

    fn dilemma(text: &str) -> Card {
        Card {
            title: "D".into(),
            card_type: CardType::Dilemma,
            text: text.into(),
            ..Card::default()
        }
    }

    #[test]
    fn a_dilemma_lets_the_opponent_download_the_cards_it_names() {
        let a = encounter_allowances(&dilemma(
            "Opponent may download to this location up to 4 Borg drones or {Rogue Borg Mercenaries} (they do not battle now). Nullify dilemma with {Shelby} OR 4 SECURITY.",
        ));
        assert_eq!(a.len(), 1, "{a:?}");
        assert_eq!(
            (a[0].whose, a[0].verb.as_str()),
            (Whose::Opponents, "download")
        );
        let cards = a[0].cards.as_ref().expect("the cards it names");
        assert!(cards.any_of, "{cards:?}");
        assert!(cards
            .traits
            .iter()
            .any(|t| t.descriptor == Descriptor::Word("borg".into())));
    }

    #[test]
    fn a_dilemma_lets_the_encountering_player_beam_and_names_no_other_act() {
        let a = encounter_allowances(&dilemma(
            "Your Transporter Skill here with transporters may beam up Away Team. Otherwise, one personnel present (opponent's choice) is captured; others stopped.",
        ));
        assert_eq!(a.len(), 1, "{a:?}");
        assert!(a[0].permits_act("beam", true), "{a:?}");
        assert!(
            !a[0].permits_act("beam", false),
            "the opponent is not named"
        );
        assert!(!a[0].permits_act("walk", true), "walking is not named");
        assert!(!a[0].permits_act("dock", true));
    }

    #[test]
    fn a_price_is_the_encountering_players_and_may_not_permits_nothing() {
        let a = encounter_allowances(&dilemma(
            "One personnel (random selection) is killed unless you \"stop\" a personnel with Biology or MEDICAL. To get past requires INTEGRITY>22 remaining.",
        ));
        assert_eq!(a.len(), 1, "{a:?}");
        assert_eq!((a[0].whose, a[0].verb.as_str()), (Whose::Yours, "stop"));
        assert!(encounter_allowances(&dilemma(
            "Place on mission; it may not be attempted by a player with less than 50 points."
        ))
        .is_empty());
        let not_a_dilemma = Card {
            card_type: CardType::Interrupt,
            ..dilemma("Opponent may download a personnel.")
        };
        assert!(encounter_allowances(&not_a_dilemma).is_empty());
    }
}
