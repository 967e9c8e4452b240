//! Personnel battle results (Glossary "battle - personnel"): the side with
//! the higher total remaining STRENGTH wins; stunned and mortally wounded
//! personnel do not add theirs. The winner kills one opposing personnel
//! (random selection from among those not mortally wounded) - unless the
//! winners' STRENGTH is entirely derived from holograms (Glossary
//! "holographic personnel and equipment"), who win but kill no one.

use super::{event, suffer, HOLOGRAMS};
use crate::engine::derived;
use crate::engine::ruleset::{Event, EventKind};
use crate::engine::state::{Attr, GameState};
use crate::engine::verdict::Reason;

const ENTRY: &str = "battle - personnel";
const KIND: &str = "personnel battle";

/// The cards of a side whose STRENGTH adds to its total, each with it:
/// stunned and mortally wounded personnel do not add theirs. `changed`
/// receives the reasons naming each card that changed a STRENGTH.
fn adding(state: &GameState, side: &[usize], changed: &mut Vec<Reason>) -> Vec<(usize, i32)> {
    side.iter()
        .filter(|&&p| {
            let s = &state.pieces[p].status;
            !s.stunned && !s.mortally_wounded
        })
        .map(|&p| (p, derived::read(state, p, Attr::Strength, changed)))
        .collect()
}

/// Why a side wins no casualty, when its STRENGTH is entirely derived from
/// holograms: "If total STRENGTH at the end of a battle is entirely derived
/// from holograms, they may win the battle but may not kill an opposing
/// personnel" (Glossary "holographic personnel and equipment").
pub fn holograms_alone(state: &GameState, side: &[usize]) -> Option<String> {
    let adders: Vec<usize> = adding(state, side, &mut Vec::new())
        .into_iter()
        .filter(|&(p, strength)| strength > 0 && state.pieces[p].card.is_personnel())
        .map(|(p, _)| p)
        .collect();
    if adders.is_empty() || !adders.iter().all(|&p| state.pieces[p].card.is_hologram()) {
        return None;
    }
    let names: Vec<&str> = (adders.iter())
        .map(|&p| state.pieces[p].handle.as_str())
        .collect();
    Some(format!(
        "the winners' STRENGTH is entirely derived from holograms ({}): they may win the battle but may not kill an opposing personnel",
        names.join(", ")
    ))
}

/// Determine the winner of a personnel battle between two sides, and whom
/// the winner kills.
pub fn personnel_battle(state: &mut GameState, sides: &[Vec<usize>; 2]) -> Vec<Event> {
    let mut changed = Vec::new();
    let mut total = |side: &[usize]| -> i32 {
        adding(state, side, &mut changed)
            .iter()
            .map(|(_, s)| s)
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
    let (winner, winners, losers) = match ta.cmp(&tb) {
        std::cmp::Ordering::Greater => (pa, &sides[0], &sides[1]),
        std::cmp::Ordering::Less => (pb, &sides[1], &sides[0]),
        std::cmp::Ordering::Equal => {
            events.push(event(
                EventKind::BattleTied(KIND),
                format!("{totals}; equal totals: no one wins or loses"),
                ENTRY,
            ));
            return events;
        }
    };
    events.push(event(EventKind::BattleWon(winner, KIND), totals, ENTRY));
    events.extend(casualty(state, winners, losers));
    events
}

/// Step 5: the winner kills one opposing personnel, a random selection from
/// among those not mortally wounded (in stasis, they were never attacked).
fn casualty(state: &mut GameState, winners: &[usize], losers: &[usize]) -> Option<Event> {
    if let Some(why) = holograms_alone(state, winners) {
        return Some(event(EventKind::NoCasualty, why, HOLOGRAMS));
    }
    let among: Vec<usize> = (losers.iter().copied())
        .filter(|&p| state.pieces[p].card.is_personnel())
        .filter(|&p| !state.pieces[p].status.mortally_wounded && !state.in_stasis(p))
        .collect();
    match among.as_slice() {
        [] => None,
        [only] => Some(suffer(
            state,
            "kill",
            *only,
            "the winner kills one opposing personnel",
            ENTRY,
        )),
        _ => Some(event(
            EventKind::Selection {
                verb: "kill".into(),
                count: 1,
                among: among.clone(),
                how: "random selection".into(),
            },
            format!(
                "the winner kills one of {} opposing personnel (random selection from among those not mortally wounded), a selection the state does not make",
                among.len()
            ),
            ENTRY,
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::model::{CardType, Stat};
    use crate::engine::fixture;
    use crate::engine::state::Place;

    /// Alice's side of one personnel (a hologram or not) against bob's two.
    fn battle(hologram: bool) -> Vec<Event> {
        let mut s = GameState::default();
        let person = |s: &mut GameState, who: &str, strength: i32, holo: bool| {
            fixture::piece(s, who, CardType::Personnel, who, Place::Table, |c| {
                c.str_shd = Some(Stat::Num(strength));
                if holo {
                    c.icons.push("Holo".into());
                }
            })
        };
        let a = person(&mut s, "alice", 9, hologram);
        let b1 = person(&mut s, "bob", 3, false);
        let b2 = person(&mut s, "bob", 3, false);
        personnel_battle(&mut s, &[vec![a], vec![b1, b2]])
    }

    fn kills(events: &[Event]) -> bool {
        events.iter().any(|e| {
            matches!(&e.kind, EventKind::Selection { verb, .. } | EventKind::Affected { verb, .. } if verb == "kill")
        })
    }

    #[test]
    fn the_winner_kills_one_opposing_personnel() {
        let events = battle(false);
        assert!(matches!(&events[0].kind, EventKind::BattleWon(p, _) if p == "alice"));
        assert!(kills(&events));
    }

    #[test]
    fn a_battle_won_by_holograms_strength_alone_kills_no_one() {
        let events = battle(true);
        assert!(matches!(&events[0].kind, EventKind::BattleWon(p, _) if p == "alice"));
        assert!(!kills(&events));
        let spared = events.iter().find(|e| e.kind == EventKind::NoCasualty);
        let cited = spared.and_then(|e| e.reason.citation.as_ref());
        assert_eq!(cited.map(|c| c.title.as_str()), Some(HOLOGRAMS));
    }
}
