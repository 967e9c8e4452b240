//! Personnel battle results (Glossary "battle - personnel"): the side with
//! the higher total remaining STRENGTH wins; stunned and mortally wounded
//! personnel do not add theirs.

use super::event;
use crate::engine::derived;
use crate::engine::ruleset::{Event, EventKind};
use crate::engine::state::{Attr, GameState};

const ENTRY: &str = "battle - personnel";
const KIND: &str = "personnel battle";

/// Determine the winner of a personnel battle between two sides.
pub fn personnel_battle(state: &GameState, sides: &[Vec<usize>; 2]) -> Vec<Event> {
    // The reasons naming each card that changed a STRENGTH (derived state).
    let mut changed = Vec::new();
    let mut total = |side: &[usize]| -> i32 {
        side.iter()
            .filter(|&&p| {
                let s = &state.pieces[p].status;
                !s.stunned && !s.mortally_wounded
            })
            .map(|&p| derived::read(state, p, Attr::Strength, &mut changed))
            .sum()
    };
    let (ta, tb) = (total(&sides[0]), total(&sides[1]));
    let player = |side: &[usize]| {
        side.first()
            .map(|&p| state.pieces[p].controller.clone())
            .unwrap_or_default()
    };
    let (pa, pb) = (player(&sides[0]), player(&sides[1]));
    let totals = format!(
        "remaining STRENGTH (stunned and mortally wounded do not add): {pa} {ta}, {pb} {tb}"
    );
    let mut events: Vec<Event> = changed
        .into_iter()
        .map(|reason| Event {
            kind: EventKind::Values,
            reason,
        })
        .collect();
    events.push(match ta.cmp(&tb) {
        std::cmp::Ordering::Greater => event(EventKind::BattleWon(pa, KIND), totals, ENTRY),
        std::cmp::Ordering::Less => event(EventKind::BattleWon(pb, KIND), totals, ENTRY),
        std::cmp::Ordering::Equal => event(
            EventKind::BattleTied(KIND),
            format!("{totals}; equal totals: no one wins or loses"),
            ENTRY,
        ),
    });
    events
}
