//! A mission attempt as a whole (Glossary "mission attempt", "dilemma
//! resolution"; rulebook "MISSION FAILURE"): the crew or Away Team
//! encounters the seeded dilemmas in order; failing one that has conditions
//! stops them and ends the attempt, and a dilemma replaced under the mission
//! ends it too; once every dilemma is resolved, the personnel remaining solve
//! the mission if they meet its requirements - if not, the attempt fails,
//! without stopping them.

use super::{encounter::encounter, event, misseed, play::solve};
use crate::cards::model::{Card, CardType, DilemmaType};
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

/// The cards seeded under the mission at `location`, top first.
fn seed_cards(state: &GameState, location: usize) -> Vec<usize> {
    (0..state.pieces.len())
        .filter(|&i| state.pieces[i].at == Place::Seed(location))
        .collect()
}

/// Whether a seed card is encountered like a dilemma: a dilemma, or a
/// doorway seeded like one (a Q-Flash). Artifacts and cards seeded like
/// them are not faced.
fn encountered(state: &GameState, piece: usize) -> bool {
    let card = &state.pieces[piece].card;
    card.card_type == CardType::Dilemma || super::q_flash::is_q_flash(card)
}

/// `player`'s `group` (with `ship`, for a crew) attempts the mission at
/// `location`.
pub fn attempt(
    state: &mut GameState,
    location: usize,
    group: &[usize],
    ship: Option<usize>,
    player: &str,
    chosen: &[usize],
) -> Vec<Event> {
    let mut events = Vec::new();
    let dual = Groups::of(state, location, group);
    if dual.is_some() {
        events.push(event(
            EventKind::Reading,
            "a dual-icon mission: the crew on the ship in orbit and the Away Team on the planet attempt it together; space dilemmas affect the crew, planet dilemmas the Away Team",
            DUAL,
        ));
    }
    // Mis-seeds are judged on the cards as seeded, before any is faced.
    let seeded: Vec<(usize, Option<String>)> = seed_cards(state, location)
        .into_iter()
        .map(|i| (i, misseed::misseed(state, i)))
        .collect();
    events.extend(misseed::none_among(state, location, &seeded));
    for (dilemma, misseeded) in seeded {
        // "Misseeds are not encountered": revealed, placed out-of-play.
        if let Some(why) = misseeded {
            events.extend(misseed::reveal(state, dilemma, &why, player));
            continue;
        }
        if !encountered(state, dilemma) {
            continue;
        }
        let card = state.pieces[dilemma].card.clone();
        let facing = match &dual {
            None => able(state, group),
            Some(g) => match g.facing(state, &card, chosen) {
                Ok(f) => f,
                Err(pending) => {
                    events.push(*pending);
                    return events;
                }
            },
        };
        if facing.is_empty() {
            events.push(event(
                EventKind::AttemptEnds,
                "no personnel remain able to continue the mission attempt",
                ATTEMPT,
            ));
            return events;
        }
        let mut results = encounter(state, &card, &facing, ship);
        if let Some(g) = &dual {
            results.extend(g.one_stopped_or_removed(state));
        }
        // A Q-Flash whose side deck the scenario leaves undescribed: the
        // rest of the attempt depends on it.
        if results.iter().any(|e| matches!(&e.kind, EventKind::ChoicePending { verb, .. } if verb == super::q_flash::UNDESCRIBED)) {
            events.extend(results);
            return events;
        }
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

/// The Glossary entry on missions attempted from orbit and the planet.
const DUAL: &str = "dual-icon missions";

/// The verb of the choice a Space/Planet dilemma at a dual-icon mission
/// waits for: the attempting player chooses the group it applies to.
pub const DUAL_CHOICE: &str = "apply to";

/// A dual-icon mission's two groups: "both a crew on a ship in orbit and an
/// Away Team on the planet".
pub struct Groups {
    crew: Vec<usize>,
    away: Vec<usize>,
}

impl Groups {
    /// The groups of an attempt at a dual-icon mission, when it has both.
    pub fn of(state: &GameState, location: usize, group: &[usize]) -> Option<Groups> {
        let l = &state.locations[location];
        if !(l.is_planet() && l.is_space()) {
            return None;
        }
        let groups = Groups::split(state, group);
        (!groups.away.is_empty() && !groups.crew.is_empty()).then_some(groups)
    }

    /// The personnel of an attempt split into the Away Team (on the planet)
    /// and the crew (aboard), either possibly empty.
    pub fn split(state: &GameState, group: &[usize]) -> Groups {
        let (away, crew) = group.iter().partition(|&&p| state.on_planet(p));
        Groups { crew, away }
    }

    pub fn crew(&self) -> &[usize] {
        &self.crew
    }

    pub fn away(&self) -> &[usize] {
        &self.away
    }

    /// "Space dilemmas affect the ship and crew. Planet dilemmas affect the
    /// Away Team. When a Space/Planet dilemma ... is encountered, the player
    /// attempting the mission chooses whether it applies to the crew or to
    /// the Away Team."
    pub fn facing(
        &self,
        state: &GameState,
        dilemma: &Card,
        chosen: &[usize],
    ) -> Result<Vec<usize>, Box<Event>> {
        let group = match dilemma.dilemma_type {
            Some(DilemmaType::Space) => &self.crew,
            Some(DilemmaType::Planet) => &self.away,
            _ => {
                let picks = |g: &[usize]| {
                    chosen.iter().any(|&c| {
                        g.contains(&c) || g.iter().any(|&p| state.pieces[p].at == Place::Aboard(c))
                    })
                };
                match (picks(&self.crew), picks(&self.away)) {
                    (true, false) => &self.crew,
                    (false, true) => &self.away,
                    _ => {
                        let kind = EventKind::ChoicePending {
                            verb: DUAL_CHOICE.into(),
                            among: self.crew.iter().chain(&self.away).copied().collect(),
                        };
                        let why = format!("the player attempting the mission chooses whether {} applies to the crew or to the Away Team (`target`: the ship, or a member of the Away Team)", dilemma.title);
                        return Err(Box::new(event(kind, why, DUAL)));
                    }
                }
            }
        };
        Ok(able(state, group))
    }

    /// "If either the crew or the Away Team is "stopped," disabled, killed,
    /// or otherwise removed, the attempt immediately ends. (If either group
    /// is "stopped," the other group is also "stopped.")"
    pub fn one_stopped_or_removed(&self, state: &mut GameState) -> Vec<Event> {
        let sides = [
            (&self.crew, &self.away, "crew"),
            (&self.away, &self.crew, "Away Team"),
        ];
        for (this, other, name) in sides {
            if !able(state, this).is_empty() {
                continue;
            }
            let mut events = Vec::new();
            if this.iter().all(|&p| state.is_stopped(p)) {
                let moving: Vec<usize> = other
                    .iter()
                    .copied()
                    .filter(|&p| !state.is_stopped(p))
                    .collect();
                for p in moving {
                    let why = format!("the {name} of the dual-icon mission attempt is stopped: the other group is also stopped");
                    events.push(super::suffer(state, "stop", p, &why, DUAL));
                }
            }
            let why = format!("the {name} is stopped or removed: the attempt at the dual-icon mission immediately ends");
            events.push(event(EventKind::AttemptEnds, why, DUAL));
            return events;
        }
        Vec::new()
    }
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
        if let Some(barred) = misseed::bars_solving(state, location, player) {
            return vec![barred];
        }
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
        let events = attempt(&mut s, 0, &[troi], None, "alice", &[]);
        assert!(events
            .iter()
            .any(|e| matches!(e.kind, EventKind::PointsScored { .. })));
        assert_eq!(s.locations[0].solved_by.as_deref(), Some("alice"));
    }

    #[test]
    fn at_a_dual_mission_the_away_team_stopped_stops_the_crew() {
        let (mut s, troi) = scene(false);
        s.locations[0].mission.dilemma_type = Some(DilemmaType::Dual);
        let ship = fixture::piece(
            &mut s,
            "ent",
            CardType::Ship,
            "alice",
            Place::Space(0),
            |_| (),
        );
        let crew = fixture::piece(
            &mut s,
            "Data",
            CardType::Personnel,
            "alice",
            Place::Aboard(ship),
            |_| (),
        );
        let g = Groups::of(&s, 0, &[troi, crew]).expect("both groups");
        assert!(g.one_stopped_or_removed(&mut s).is_empty());
        s.pieces[troi].status.stopped = true;
        let events = g.one_stopped_or_removed(&mut s);
        assert!(s.pieces[crew].status.stopped);
        assert!(events.iter().any(|e| e.kind == EventKind::AttemptEnds));
        // One group alone is no dual attempt.
        assert!(Groups::of(&s, 0, &[troi]).is_none());
    }

    #[test]
    fn without_the_requirements_the_attempt_fails_and_stops_no_one() {
        let (mut s, troi) = scene(false);
        let events = attempt(&mut s, 0, &[troi], None, "alice", &[]);
        assert!(events.iter().any(|e| e.kind == EventKind::AttemptEnds));
        assert!(s.locations[0].solved_by.is_none());
        assert!(!s.pieces[troi].status.stopped);
    }
}
