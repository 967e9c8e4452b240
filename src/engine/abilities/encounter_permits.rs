//! What a dilemma's own text lets a player do while it is encountered
//! ("Opponent may download to this location up to 4 Borg drones", "Opponent
//! may report a personnel", "unless you \"stop\" a personnel with ..."):
//! each dilemma "describes what happens when your crew or Away Team
//! encounters it" (Glossary "dilemma"), so an action its text permits is
//! part of the encounter, taken while no other action may interrupt the
//! mission attempt (Glossary "actions – interrupting").
//!
//! The permission is read from the dilemma's sentences by their grammar: a
//! permission modal of the lexicon (`permission_clause::modal_at`: "may",
//! never "may not") or a price the encountering player may pay (the
//! dilemma's condition word and payer: "unless you"), the player it names
//! before that word (the lexicon's opponent words: the encountering
//! player's opponent; else the encountering player), the effect verb after
//! it with its direction ("beam up": from the planet to a ship), and the
//! cards it names (`plays_on::cards_after`) - the group facing the dilemma
//! when it names it ("Away Team").

use super::cache::TextCache;
use super::clause::analyse;
use super::continuous::{Polarity, Subject, Whose};
use super::grammar::any_phrase_at;
use super::grammar::{self, Token};
use super::lexicon::Lexicon;
use super::permission_clause::modal_at;
use crate::cards::model::{Card, CardType};
use std::sync::Arc;

/// Where a permitted move takes the cards ("beam up": aboard a ship or
/// facility; "beam down": to the planet).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Toward {
    Aboard,
    Planet,
}

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
    /// The cards are the crew or Away Team facing the dilemma ("may beam up
    /// Away Team"): no others.
    pub facing: bool,
    /// Where the permitted move goes, when the verb says ("beam up").
    pub toward: Option<Toward>,
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
    /// the opponent take an act of the kind `act` ("beam", "move", "dock")
    /// going `toward` (a "beam up" allows no beaming down).
    pub fn permits_act(&self, act: &str, yours: bool, toward: Option<Toward>) -> bool {
        let lx = Lexicon::get();
        let kind = self.action.as_deref();
        self.for_player(yours)
            && kind.is_some_and(|k| lx.kind_matches(k, act))
            && self.toward.is_none_or(|t| toward == Some(t))
    }
}

/// The actions `card`'s text (a dilemma's) permits during its encounter,
/// as the compiler reads them (`CompiledCard::encounter_allowances`):
/// compiled once per card text, without compiling the rest of the card.
pub fn encounter_allowances(card: &Card) -> Arc<Vec<EncounterAllowance>> {
    static CACHE: TextCache<(String, String), Vec<EncounterAllowance>> = TextCache::new();
    let key = (card.card_type.name(), card.text.clone());
    CACHE.get(&key, || allowances_of(&card.card_type, &card.text))
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
    let at = (0..s.len()).find(|&i| grants_at(s, i))?;
    let lx = Lexicon::get();
    let opponent = s[..at].iter().any(|t| lx.opponent_words.contains(&t.text));
    let (verb_at, effect) = analyse(s).effects.into_iter().find(|(i, _)| *i > at)?;
    let verb = lx.effect(&effect.verb);
    let toward = verb.and_then(|v| toward_of(s, verb_at, &v.forms));
    let object = verb_at + 1 + usize::from(toward.is_some());
    // "may beam to one of your ships": after a verb that moves (one with
    // a direction form, "beam up"), "to" opens where, not what.
    let moves = verb.is_some_and(|v| v.forms.iter().any(|f| directed(f)));
    let to_where = moves
        && s.get(object)
            .is_some_and(|t| lx.dilemma.destinations.contains(&t.text));
    let action = verb.and_then(|e| e.action.clone());
    Some(EncounterAllowance {
        action,
        whose: if opponent {
            Whose::Opponents
        } else {
            Whose::Yours
        },
        verb: effect.verb,
        cards: super::plays_on::cards_after(s, object).filter(|_| !to_where),
        facing: !to_where && names_facing(s, object),
        toward,
        text: grammar::render(s),
    })
}

/// A permission at `i`: a permission modal of the lexicon (never "may
/// not"), or a price the encountering player may pay ("unless you").
fn grants_at(s: &[Token], i: usize) -> bool {
    let lx = Lexicon::get();
    let permit = matches!(modal_at(s, i, &lx.continuous), Some((Polarity::Permit, _)));
    let price = any_phrase_at(s, i, &lx.dilemma.condition_words)
        .and_then(|end| s.get(end))
        .is_some_and(|t| lx.dilemma.payer.contains(&t.text));
    permit || price
}

/// The direction of the verb at `at` when its form carries one of the
/// lexicon's direction words ("beam up"; never "download up to").
fn toward_of(s: &[Token], at: usize, forms: &[String]) -> Option<Toward> {
    let next = s.get(at + 1)?;
    let form = format!("{} {}", s[at].text, next.text);
    let d = Lexicon::get()
        .dilemma
        .directions
        .iter()
        .find(|d| next.is_word(&d.word))?;
    forms.contains(&form).then_some(d.toward)
}

/// A verb form carrying a direction word ("beam up").
fn directed(form: &str) -> bool {
    let last = form.rsplit(' ').next().unwrap_or(form);
    form.contains(' ')
        && Lexicon::get()
            .dilemma
            .directions
            .iter()
            .any(|d| d.word == last)
}

/// The clause from `from` names the crew or Away Team facing the dilemma.
fn names_facing(s: &[Token], from: usize) -> bool {
    let facing = &Lexicon::get().dilemma.facing;
    (from..s.len())
        .take_while(|&k| ![".", ";", ","].iter().any(|p| s[k].is_punct(p)))
        .any(|k| any_phrase_at(s, k, facing).is_some())
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
        let up = Some(Toward::Aboard);
        assert!(a[0].permits_act("beam", true, up), "{a:?}");
        assert!(
            !a[0].permits_act("beam", true, Some(Toward::Planet)),
            "beaming up allows no beaming down"
        );
        assert!(a[0].facing, "the Away Team facing it: {a:?}");
        assert!(
            !a[0].permits_act("beam", false, up),
            "the opponent is not named"
        );
        assert!(!a[0].permits_act("walk", true, up), "walking is not named");
        assert!(!a[0].permits_act("dock", true, up));
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
