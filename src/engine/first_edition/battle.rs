//! Personnel battle results (Glossary "battle - personnel"): the side with
//! the higher total remaining STRENGTH wins; stunned and mortally wounded
//! personnel do not add theirs.

use super::event;
use crate::engine::ruleset::{Event, EventKind};
use crate::engine::state::{Attr, GameState, PieceId};

const ENTRY: &str = "battle - personnel";

/// Determine the winner of a personnel battle between two sides.
pub fn personnel_battle(state: &GameState, sides: &[Vec<usize>; 2]) -> Vec<Event> {
    let total = |side: &[usize]| -> i32 {
        side.iter()
            .filter(|&&p| {
                let s = &state.pieces[p].status;
                !s.stunned && !s.mortally_wounded
            })
            .map(|&p| state.attribute(PieceId(p), Attr::Strength))
            .sum()
    };
    let player = |side: &[usize]| {
        side.first()
            .map(|&p| state.pieces[p].controller.clone())
            .unwrap_or_default()
    };
    let (ta, tb) = (total(&sides[0]), total(&sides[1]));
    let (pa, pb) = (player(&sides[0]), player(&sides[1]));
    let totals = format!(
        "remaining STRENGTH (stunned and mortally wounded do not add): {pa} {ta}, {pb} {tb}"
    );
    let kind = match ta.cmp(&tb) {
        std::cmp::Ordering::Greater => EventKind::BattleWon(pa),
        std::cmp::Ordering::Less => EventKind::BattleWon(pb),
        std::cmp::Ordering::Equal => {
            let why = format!("{totals}; equal totals: no one wins or loses");
            return vec![event(EventKind::BattleTied, why, ENTRY)];
        }
    };
    vec![event(kind, totals, ENTRY)]
}
