//! The First Edition ruleset: how actions change the state under the 1E
//! Glossary (dilemma resolution, "stopped", personnel and ship battle,
//! solving, card play, nullify). Everything
//! edition-specific that [`crate::engine::ruleset::apply`] does lives here.

pub mod attempt;
pub mod battle;
pub mod encounter;
pub mod hologram;
pub mod misseed;
pub mod movement;
pub mod play;
pub mod q_flash;
pub mod scouting;
pub mod ship_battle;
pub mod warp_speed;
pub mod winning;

use crate::engine::ruleset::{Event, EventKind, GameAction, Ruleset};
use crate::engine::state::{GameState, Place};
use crate::engine::verdict::{Citation, Reason};

/// The First Edition rules.
pub struct FirstEdition;

impl Ruleset for FirstEdition {
    fn name(&self) -> &'static str {
        "First Edition"
    }

    fn apply(&self, state: &mut GameState, action: &GameAction) -> Vec<Event> {
        match action {
            GameAction::EncounterDilemma {
                dilemma,
                group,
                ship,
            } => encounter::encounter(state, dilemma, group, *ship),
            GameAction::Stop(pieces) => each(
                state,
                pieces,
                "stop",
                "a card \"stopped\" may not be used until unstopped",
                "stopped",
            ),
            GameAction::Kill(pieces) => each(
                state,
                pieces,
                "kill",
                "a killed personnel is discarded",
                "killed",
            ),
            GameAction::PersonnelBattle { sides } => battle::personnel_battle(state, sides),
            GameAction::Attack(engagement) => ship_battle::ship_battle(state, engagement),
            GameAction::Solve { location, player } => play::solve(state, *location, player),
            GameAction::Play { piece, allowed } => play::play(state, *piece, *allowed),
            GameAction::Nullify(pieces) => play::nullify(state, pieces),
            GameAction::Move { ship, to } => movement::move_ship(state, *ship, *to),
            GameAction::Beam { pieces, to } => movement::beam(state, pieces, *to),
            GameAction::Report { piece, to } => movement::report(state, *piece, *to),
            GameAction::Attempt {
                location,
                group,
                ship,
                player,
                chosen,
            } => attempt::attempt(state, *location, group, *ship, player, chosen),
            GameAction::StartTurn { player } => start_turn(state, player),
        }
    }
}

/// The next turn begins (whoever's it is): every "stopped" card becomes
/// "unstopped" (Glossary "stopped": "at the start of the next turn"; the
/// rulebook: "at the start of either player's next turn").
fn start_turn(state: &mut GameState, player: &str) -> Vec<Event> {
    state.turn_player = player.to_string();
    state.phase = crate::engine::action::Phase::StartOfTurn;
    let stopped: Vec<usize> = (0..state.pieces.len())
        .filter(|&p| state.pieces[p].status.stopped)
        .collect();
    stopped
        .into_iter()
        .map(|piece| {
            let p = &mut state.pieces[piece];
            p.status.stopped = false;
            let why = format!(
                "{}: unstop (\"stopped\" cards become \"unstopped\" automatically at the start of the next turn - {player}'s - unless a longer period is specified)",
                p.handle
            );
            Event {
                kind: EventKind::Affected {
                    verb: "unstop".into(),
                    piece,
                },
                reason: rule(why, "stopped"),
            }
        })
        .collect()
}

/// Every one of `pieces` suffers `verb`.
fn each(state: &mut GameState, pieces: &[usize], verb: &str, why: &str, entry: &str) -> Vec<Event> {
    pieces
        .iter()
        .map(|&p| suffer(state, verb, p, why, entry))
        .collect()
}

/// A ship or facility is destroyed, and each card aboard it meets its fate
/// (`hologram::aboard_destroyed`, read before the destruction moves it):
/// killed or discarded, after the destruction's own event.
pub(crate) fn destroy(state: &mut GameState, card: usize, why: &str, entry: &str) -> Vec<Event> {
    let fates: Vec<_> = (state.aboard(card).into_iter())
        .filter_map(|p| hologram::aboard_destroyed(state, p).map(|(fate, why)| (p, fate, why)))
        .collect();
    let mut events = vec![suffer(state, "destroy", card, why, entry)];
    events.extend(fates.into_iter().map(|(p, fate, reason)| {
        state.pieces[p].at = Place::Discard;
        let kind = match fate {
            hologram::Fate::Killed => EventKind::Affected {
                verb: "kill".into(),
                piece: p,
            },
            _ => EventKind::Discarded(p),
        };
        Event { kind, reason }
    }));
    events
}

/// A piece suffers an effect: the state changes, and the event says so.
pub(crate) fn suffer(
    state: &mut GameState,
    verb: &str,
    piece: usize,
    why: &str,
    entry: &str,
) -> Event {
    let p = &mut state.pieces[piece];
    if matches!(verb, "kill" | "destroy") && p.card.is_hologram() {
        return deactivate(state, piece);
    }
    if let Some(why) = hologram::deactivates_instead(state, verb, piece) {
        let mut event = deactivate(state, piece);
        event.reason.text = why;
        return event;
    }
    let p = &mut state.pieces[piece];
    match verb {
        "stop" => p.status.stopped = true,
        "kill" | "destroy" | "discard" => p.at = Place::Discard,
        "damage" => p.status.damaged = true,
        "disable" => p.status.disabled = true,
        "place in stasis" => p.status.in_stasis = true,
        _ => {}
    }
    Event {
        kind: EventKind::Affected {
            verb: verb.to_string(),
            piece,
        },
        reason: rule(format!("{}: {verb} ({why})", p.handle), entry),
    }
}

/// The Glossary entry on holograms.
pub(crate) const HOLOGRAMS: &str = "holographic personnel and equipment";

/// "When a holographic personnel would normally be killed (or a holographic
/// Equipment card would be destroyed), whether by battle or by a card, they
/// are instead deactivated" - and a deactivated personnel is disabled.
fn deactivate(state: &mut GameState, piece: usize) -> Event {
    let p = &mut state.pieces[piece];
    p.status.deactivated = true;
    p.status.deactivated_this_turn = true;
    Event {
        kind: EventKind::Affected {
            verb: "deactivate".to_string(),
            piece,
        },
        reason: rule(
            format!(
                "{}: a hologram that would be killed is deactivated instead (a deactivated personnel is disabled)",
                p.handle
            ),
            HOLOGRAMS,
        ),
    }
}

/// A reason applying a Glossary entry.
pub(crate) fn rule(text: impl Into<String>, entry: &str) -> Reason {
    Reason {
        text: text.into(),
        citation: Some(Citation::glossary(entry)),
    }
}

/// An event decided by a Glossary entry.
pub(crate) fn event(kind: EventKind, text: impl Into<String>, entry: &str) -> Event {
    Event {
        kind,
        reason: rule(text, entry),
    }
}

/// An event that is a fact of the action, deciding nothing by itself.
pub(crate) fn fact(kind: EventKind, text: impl Into<String>) -> Event {
    Event {
        kind,
        reason: Reason {
            text: text.into(),
            citation: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::model::CardType;
    use crate::engine::fixture;

    #[test]
    fn every_stopped_card_unstops_when_the_next_turn_begins_whoevers_it_is() {
        let mut s = fixture::table();
        let at = Place::Planet(fixture::location(&mut s, "Alpha"));
        let kim = fixture::piece(&mut s, "Kim", CardType::Personnel, "alice", at, |_| {});
        let kurn = fixture::piece(&mut s, "Kurn", CardType::Personnel, "bob", at, |_| {});
        s.pieces[kim].status.stopped = true;
        s.pieces[kurn].status.stopped = true;
        let start = GameAction::StartTurn {
            player: "bob".into(),
        };
        let events = FirstEdition.apply(&mut s, &start);
        assert_eq!(events.len(), 2);
        assert!(!s.is_stopped(kim) && !s.is_stopped(kurn));
        assert_eq!(s.turn_player, "bob");
    }

    #[test]
    fn a_hologram_that_would_be_killed_is_deactivated_instead() {
        let mut s = fixture::table();
        let at = Place::Planet(fixture::location(&mut s, "Alpha"));
        let emh = fixture::piece(&mut s, "EMH", CardType::Personnel, "alice", at, |c| {
            c.characteristics = vec!["Hologram".into()]
        });
        let kim = fixture::piece(&mut s, "Kim", CardType::Personnel, "alice", at, |_| {});
        let events = each(&mut s, &[emh, kim], "kill", "killed", "killed");
        let verbs: Vec<&str> = events
            .iter()
            .map(|e| match &e.kind {
                EventKind::Affected { verb, .. } => verb.as_str(),
                _ => "",
            })
            .collect();
        assert_eq!(verbs, ["deactivate", "kill"]);
        assert!(s.pieces[emh].status.deactivated && s.pieces[emh].at == at);
        assert_eq!(s.pieces[kim].at, Place::Discard);
        let cited = events[0].reason.citation.as_ref().unwrap();
        assert_eq!(cited.title, HOLOGRAMS);
    }
}
