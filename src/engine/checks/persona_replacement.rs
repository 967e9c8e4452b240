//! What a persona replacement carries over to the new version (`outcome of
//! = "persona replacement"`): Glossary "persona" ("Persona replacement") and
//! "exchanging cards".

use super::{because, claim_citing};
use crate::cards::persona::same_persona;
use crate::engine::question::OutcomeQuestion as Question;
use crate::engine::state::{GameState, Place};
use crate::engine::verdict::{Citation, Verdict};

const PERSONA: &str = "persona";
const EXCHANGING: &str = "exchanging cards";

/// `card`: the version in play; `target`: the version from hand; `cards`
/// (optional): a card asked about. With `cards`: `transferred` when it is
/// aboard or played on the version replaced, else `not on the replaced
/// version`. Without: the new version is `damaged` or `undamaged`.
pub fn carried_over(q: &Question, state: &GameState) -> Verdict {
    let wanted = "`card` (the version in play) and `target` (the version from hand)";
    let (old, new) = match super::outcome::card_and_target(q, wanted, PERSONA) {
        Ok(pair) => pair,
        Err(missing) => return missing,
    };
    let (was, comes) = (&state.pieces[old], &state.pieces[new]);
    if !same_persona(&was.card, &comes.card) {
        let why = format!("{} is no version of {}'s persona (a mirror version or an impersonator is not): it may not replace it", comes.handle, was.handle);
        return claim_citing(
            "no replacement".into(),
            &q.is,
            vec![because(why, PERSONA)],
            vec![Citation::glossary(PERSONA)],
        );
    }
    let (value, why) = match q.cards.first().map(|c| c.0) {
        Some(card) => carried_card(state, card, old, new),
        None => carried_damage(state, old, new),
    };
    let cites = vec![Citation::glossary(PERSONA), Citation::glossary(EXCHANGING)];
    claim_citing(value.into(), &q.is, vec![because(why, PERSONA)], cites)
}

/// "All cards aboard or played/placed on the first version ... are
/// transferred to the second version": their conditions and targets are not
/// rechecked ("exchanging cards").
fn carried_card(state: &GameState, card: usize, old: usize, new: usize) -> (&'static str, String) {
    let (c, was, comes) = (
        &state.pieces[card].handle,
        &state.pieces[old].handle,
        &state.pieces[new].handle,
    );
    if state.pieces[card].at == Place::Aboard(old) {
        let why = format!("{c} is aboard or played on {was}: it transfers to {comes}, its conditions and targets not rechecked");
        ("transferred", why)
    } else {
        let why =
            format!("{c} is neither aboard nor played on {was}: the replacement does not move it");
        ("not on the replaced version", why)
    }
}

/// "... and any rotation damage, are transferred to the second version".
fn carried_damage(state: &GameState, old: usize, new: usize) -> (&'static str, String) {
    let (was, comes) = (&state.pieces[old], &state.pieces[new].handle);
    if was.status.damaged {
        let why = format!(
            "{} is damaged: its rotation damage transfers to {comes}",
            was.handle
        );
        ("damaged", why)
    } else {
        let why = format!("{} carries no damage to transfer to {comes}", was.handle);
        ("undamaged", why)
    }
}
