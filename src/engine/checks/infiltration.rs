//! Whether an infiltrator is exposed (`outcome of = "infiltrator exposed"`):
//! Glossary "infiltration icon" ("by being present with any true or mirror
//! version of the persona he or she is impersonating"), "infiltrator",
//! "persona" (impersonators, mirror versions).

use super::{because, claim};
use crate::cards::persona::{identities, PersonaId, Version};
use crate::engine::question::OutcomeQuestion as Question;
use crate::engine::state::{GameState, Place};
use crate::engine::verdict::Verdict;

const INFILTRATION: &str = "infiltration icon";

/// `card`: a personnel. `exposed` when it is infiltrating and present with a
/// true or mirror version of the persona it impersonates; `still
/// infiltrating`; or `not infiltrating` (no impersonator, or not among the
/// opponent's cards, or already an intruder there).
pub fn exposed(q: &Question, state: &GameState) -> Verdict {
    let Some(card) = q.who.card() else {
        return super::undecided("`card` (the infiltrator)", vec![], INFILTRATION);
    };
    let handle = &state.pieces[card].handle;
    let posing: Vec<PersonaId> = identities(&state.pieces[card].card)
        .into_iter()
        .filter(|p| p.version == Version::Impersonator)
        .collect();
    let (value, why) = if posing.is_empty() || !infiltrating(state, card) {
        let why = format!("{handle} is not infiltrating: an infiltrator is an impersonator that is part of the opponent's crew or Away Team, not an intruder there");
        ("not infiltrating", why)
    } else {
        match present_with(state, card).find(|&o| {
            identities(&state.pieces[o].card).iter().any(|p| {
                p.version != Version::Impersonator && posing.iter().any(|i| i.name == p.name)
            })
        }) {
            Some(o) => {
                let why = format!("{handle} is present with {}, a true or mirror version of the persona it impersonates: it is exposed, reverts to its previous affiliation and, aboard the opponent's ship or facility, becomes an intruder", state.pieces[o].handle);
                ("exposed", why)
            }
            None => {
                let why = format!("no true or mirror version of the persona {handle} impersonates is present with it: it goes on infiltrating");
                ("still infiltrating", why)
            }
        }
    };
    claim(
        value.into(),
        &q.is,
        vec![because(why, INFILTRATION)],
        INFILTRATION,
    )
}

/// Part of the opponent's crew or Away Team and still under its own
/// player's control: aboard the opponent's ship or facility, or present
/// with the opponent's personnel; never an intruder (an exposed one).
fn infiltrating(state: &GameState, card: usize) -> bool {
    let mine = &state.pieces[card].controller;
    let theirs = |i: usize| !state.pieces[i].controller.eq_ignore_ascii_case(mine);
    let carrier = match state.pieces[card].at {
        Place::Aboard(c) => Some(c),
        _ => None,
    };
    !state.pieces[card].status.intruder
        && state.in_play(card)
        && (carrier.is_some_and(theirs) || present_with(state, card).any(theirs))
}

/// The other personnel present with the card (Glossary "present").
fn present_with(state: &GameState, card: usize) -> impl Iterator<Item = usize> + '_ {
    (0..state.pieces.len()).filter(move |&i| {
        i != card && state.pieces[i].card.is_personnel() && state.present_together(card, i)
    })
}
