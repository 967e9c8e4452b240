//! A mission attempt as a whole (Glossary "mission attempt", "dilemma
//! resolution"; rulebook "MISSION FAILURE"): the crew or Away Team
//! encounters the seeded dilemmas in order; failing one that has conditions
//! stops them and ends the attempt, and a dilemma replaced under the mission
//! ends it too; once every dilemma is resolved, the personnel remaining solve
//! the mission if they meet its requirements - if not, the attempt fails,
//! without stopping them.

use super::{encounter::encounter, event, play::solve};
use crate::cards::model::CardType;
use crate::engine::requirements;
use crate::engine::ruleset::{Event, EventKind};
use crate::engine::state::{GameState, PieceId, Place, Purpose};

const ATTEMPT: &str = "mission attempt";

/// The members of `group` still able to take part.
fn able(state: &GameState, group: &[usize]) -> Vec<usize> {
    group
        .iter()
        .copied()
        .filter(|&p| state.usable(PieceId(p), Purpose::Attempting).is_ok())
        .filter(|&p| !matches!(state.pieces[p].at, Place::Discard))
        .collect()
}

/// The dilemmas seeded under the mission at `location`, top first.
fn seeded_dilemmas(state: &GameState, location: usize) -> Vec<usize> {
    (0..state.pieces.len())
        .filter(|&i| state.pieces[i].at == Place::Seed(location))
        .filter(|&i| state.pieces[i].card.card_type == CardType::Dilemma)
        .collect()
}

/// `player`'s `group` (with `ship`, for a crew) attempts the mission at
/// `location`.
pub fn attempt(
    state: &mut GameState,
    location: usize,
    group: &[usize],
    ship: Option<usize>,
    player: &str,
) -> Vec<Event> {
    let mut events = Vec::new();
    for dilemma in seeded_dilemmas(state, location) {
        let facing = able(state, group);
        if facing.is_empty() {
            events.push(event(
                EventKind::AttemptEnds,
                "no personnel remain able to continue the mission attempt",
                ATTEMPT,
            ));
            return events;
        }
        let card = state.pieces[dilemma].card.clone();
        let results = encounter(state, &card, &facing, ship);
        let ends = results
            .iter()
            .any(|e| matches!(e.kind, EventKind::AttemptEnds | EventKind::DilemmaReplaced));
        if results
            .iter()
            .any(|e| e.kind == EventKind::DilemmaDiscarded)
        {
            state.pieces[dilemma].at = Place::Discard;
        }
        events.extend(results);
        if ends {
            events.push(event(
                EventKind::AttemptEnds,
                format!("{} ended the mission attempt", card.title),
                ATTEMPT,
            ));
            return events;
        }
    }
    events.extend(requirements_at_the_end(state, location, group, player));
    events
}

/// Every dilemma resolved: the mission is solved if the personnel
/// remaining meet its requirements; otherwise the attempt fails.
fn requirements_at_the_end(
    state: &mut GameState,
    location: usize,
    group: &[usize],
    player: &str,
) -> Vec<Event> {
    let remaining = able(state, group);
    let mission = &state.locations[location].mission;
    let req = match requirements::parse(&mission.text) {
        Ok(r) => r,
        Err(e) => {
            return vec![event(
                EventKind::NotModelled(format!("requirements: {e}")),
                format!("the requirements of {} cannot be read: {e}", mission.title),
                ATTEMPT,
            )]
        }
    };
    let missing = super::encounter::unmet_where_they_stand(state, &req, &remaining);
    if missing.is_empty() {
        let mut events = vec![event(
            EventKind::RequirementsMet,
            "every dilemma is resolved and the personnel remaining meet the mission's requirements",
            ATTEMPT,
        )];
        events.extend(solve(state, location, player));
        return events;
    }
    vec![Event {
        kind: EventKind::AttemptEnds,
        reason: crate::engine::verdict::Reason {
            text: format!(
                "every dilemma is resolved, but the personnel remaining do not meet the mission's requirements ({}): the attempt fails, and failing it does not stop them",
                missing.join(", ")
            ),
            citation: Some(crate::engine::verdict::Citation::new(
                "rulebook-1e",
                "MISSION FAILURE",
            )),
        },
    }]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::model::Skill;
    use crate::engine::fixture;

    fn scene(skilled: bool) -> (GameState, usize) {
        let mut s = fixture::table();
        let l = fixture::location(&mut s, "Alpha");
        s.locations[l].mission.text = "Diplomacy".into();
        let p = fixture::piece(
            &mut s,
            "Troi",
            CardType::Personnel,
            "alice",
            Place::Planet(l),
            |c| {
                if skilled {
                    c.skills = vec![Skill {
                        name: "Diplomacy".into(),
                        level: 1.0,
                    }];
                }
            },
        );
        (s, p)
    }

    #[test]
    fn the_requirements_met_after_the_dilemmas_solve_the_mission() {
        let (mut s, troi) = scene(true);
        let events = attempt(&mut s, 0, &[troi], None, "alice");
        assert!(events
            .iter()
            .any(|e| matches!(e.kind, EventKind::PointsScored { .. })));
        assert_eq!(s.locations[0].solved_by.as_deref(), Some("alice"));
    }

    #[test]
    fn without_the_requirements_the_attempt_fails_and_stops_no_one() {
        let (mut s, troi) = scene(false);
        let events = attempt(&mut s, 0, &[troi], None, "alice");
        assert!(events.iter().any(|e| e.kind == EventKind::AttemptEnds));
        assert!(s.locations[0].solved_by.is_none());
        assert!(!s.pieces[troi].status.stopped);
    }
}
