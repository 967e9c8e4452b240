//! Required actions that bind a card although it is in play ("Ship must do
//! nothing but …", Cytherians). Each answer is a [`Reason`] citing the
//! Glossary entry that says so; the checks ask here before their own rules.
//! (Which states keep a piece from staffing, attempting, battle or skill use
//! is `GameState::usable`, read from `glossary/usable.toml`.)

use super::because;
use crate::cards::model::CardType;
use crate::engine::state::{GameState, Place};
use crate::engine::verdict::Reason;

/// The ship a card is (or is aboard), if any.
pub fn ship_of(state: &GameState, c: usize) -> Option<usize> {
    let mut cur = c;
    for _ in 0..32 {
        if state.pieces[cur].card.card_type == CardType::Ship {
            return Some(cur);
        }
        match state.pieces[cur].at {
            Place::Aboard(next) if next != cur => cur = next,
            _ => return None,
        }
    }
    None
}

/// A required action binding a ship: a card played on it (or in play
/// targeting it) whose text says the ship "must do nothing but …". Returns
/// that card and its required-action sentence.
pub fn required_action(
    state: &GameState,
    ship: usize,
) -> Option<(usize, crate::engine::abilities::continuous::RequiredAction)> {
    (0..state.pieces.len()).find_map(|c| {
        let piece = &state.pieces[c];
        let on_ship = piece.at == Place::Aboard(ship)
            || piece.target == Some(crate::engine::state::Target::Piece(ship));
        if !on_ship || c == ship {
            return None;
        }
        // The compiled text names the required action (never a re-read).
        let compiled = crate::engine::abilities::continuous::of(&piece.card);
        compiled
            .required
            .first()
            .map(|required| (c, required.clone()))
    })
}

/// The reason a ship (or a card aboard it) bound by a required action may
/// not take `what`: "The only other actions the ship and crew may perform
/// are moving … and meeting conditions to cure/nullify cards affecting the
/// ship."
pub fn bound(state: &GameState, c: usize, what: &str) -> Option<Reason> {
    let ship = ship_of(state, c)?;
    let (card, required) = required_action(state, ship)?;
    let sentence = &required.sentence;
    Some(because(
        format!(
            "{} ({}: \"{sentence}\") is bound by a required action: the ship and crew may do nothing but move (and meet conditions to cure it), so they may not {what}",
            state.pieces[ship].handle, state.pieces[card].handle
        ),
        "actions – required",
    ))
}

/// Where a ship bound to "travel to far end of spaceline" may go from
/// location `from`: towards the end farther away, stopping anywhere on the
/// way. `None` when both ends are equally far (the player chose; the
/// scenario does not say which).
pub fn far_end_allows(state: &GameState, from: usize, to: usize) -> Option<bool> {
    let last = state.locations.len().checked_sub(1)?;
    let (left, right) = (from, last - from);
    match left.cmp(&right) {
        std::cmp::Ordering::Equal => None,
        std::cmp::Ordering::Greater => Some(to < from),
        std::cmp::Ordering::Less => Some(to > from),
    }
}
