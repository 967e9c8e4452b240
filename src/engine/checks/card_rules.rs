//! The rule every "may this be done?" question asks first: does a card in
//! play forbid it? (Glossary "game text": a card's text overrides the rules.)
//! The answer comes from the one permission query, [`permissions`], so an
//! objective that forbids beaming changes `can act` without any check
//! reading its text.

use crate::engine::permissions::{self, Request, Ruling};
use crate::engine::state::{GameState, Target};
use crate::engine::verdict::{Reason, Verdict};
use crate::scenario::Question;

/// The action a question asks about, as a permission request.
pub fn request<'a>(q: &'a Question, state: &GameState, player: &'a str) -> Option<Request<'a>> {
    let act = match q.ask.as_str() {
        "can act" => permissions::act_named(q.act.as_deref()?)?,
        "can report" => "report",
        "can move" => "move",
        "can attempt" => "attempt",
        "can attack" => "attack",
        _ => return None,
    };
    let actors: Vec<usize> = q.by.iter().copied().chain(q.card).collect();
    let target = q.target.first().copied().or(match q.to {
        Some(Target::Piece(p)) => Some(p),
        _ => None,
    });
    let at = q
        .mission
        .or(match q.to {
            Some(Target::Location(l) | Target::Planet(l)) => Some(l),
            Some(Target::Piece(p)) if act == "report" => state.location_of(p),
            _ => None,
        })
        .or_else(|| actors.first().and_then(|&a| state.location_of(a)));
    Some(Request {
        act,
        player,
        actors,
        target,
        at,
    })
}

/// A "no" when a card in play forbids the act.
pub fn forbidden(q: &Question, state: &GameState) -> Option<Verdict> {
    let player = super::asker(q, state);
    let req = request(q, state, &player)?;
    let ruling = permissions::forbidding(state, &req)?;
    Some(Verdict::yes_no(false, vec![reason(&ruling)], vec![]))
}

/// A ruling as a verdict's reason, citing the entry of its act.
pub fn reason(r: &Ruling) -> Reason {
    Reason {
        text: r.describe(),
        citation: Some(r.citation.clone()),
    }
}

/// The card that allows the act: one in play whose compiled text permits it
/// (with the reason naming it), else the question's `allowed_by` (checked at
/// load to name a card whose text grants the act).
pub fn allowing(q: &Question, state: &GameState) -> Option<(String, Option<Reason>)> {
    let player = super::asker(q, state);
    let req = request(q, state, &player)?;
    let named = || {
        let piece = state.find(q.allowed_by.as_deref()?)?;
        permissions::named_permit(state, piece, &req)
    };
    let permit = permissions::permitting(state, &req).or_else(named)?;
    Some((permit.card.clone(), Some(reason(&permit))))
}
