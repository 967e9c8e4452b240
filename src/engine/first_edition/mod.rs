//! The First Edition ruleset: how actions change the state under the 1E
//! Glossary (dilemma resolution, "stopped", personnel and ship battle,
//! solving, card play, nullify). Everything
//! edition-specific that [`crate::engine::ruleset::apply`] does lives here.

pub mod battle;
pub mod encounter;
pub mod play;
pub mod ship_battle;
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
        }
    }
}

/// Every one of `pieces` suffers `verb`.
fn each(state: &mut GameState, pieces: &[usize], verb: &str, why: &str, entry: &str) -> Vec<Event> {
    pieces
        .iter()
        .map(|&p| suffer(state, verb, p, why, entry))
        .collect()
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
    match verb {
        "stop" => p.status.stopped = true,
        "kill" | "destroy" => p.at = Place::Discard,
        "damage" => p.status.damaged = true,
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
