//! Solving a mission, playing a card and nullifying one: where the cards go
//! and what is scored (Glossary "solve", "points", "card play", "interrupt",
//! "nullify").

use super::{event, fact};
use crate::cards::model::CardType;
use crate::engine::ruleset::{Event, EventKind};
use crate::engine::state::{GameState, Place};

/// The mission is solved: it scores its points to the player (non-bonus
/// points) and may not be solved again.
pub fn solve(state: &mut GameState, location: usize, player: &str) -> Vec<Event> {
    let loc = &mut state.locations[location];
    if let Some(by) = &loc.solved_by {
        let why = format!(
            "{} was already solved by {by}: a mission may be solved only once per game",
            loc.name
        );
        return vec![event(
            EventKind::NotModelled("solved again".into()),
            why,
            "mission attempt",
        )];
    }
    loc.solved_by = Some(player.to_string());
    let points = loc
        .mission
        .points
        .as_ref()
        .and_then(|p| p.num())
        .unwrap_or(0);
    let name = loc.name.clone();
    vec![
        event(
            EventKind::AttemptEnds,
            format!("{name}: the mission requirements are met, the mission is solved"),
            "solve",
        ),
        event(
            EventKind::PointsScored {
                player: player.to_string(),
                points,
            },
            format!(
                "{player} scores {points} points from the Mission card {name} (non-bonus points)"
            ),
            "points",
        ),
    ]
}

/// A card is played: an interrupt has its impact and is then discarded,
/// other cards enter play. A play the rules forbid changes nothing.
pub fn play(state: &mut GameState, piece: usize, allowed: bool) -> Vec<Event> {
    let p = &mut state.pieces[piece];
    if !allowed {
        let why = format!("{} may not be played here: nothing changes", p.handle);
        return vec![fact(
            EventKind::NotModelled("card play refused".into()),
            why,
        )];
    }
    if p.card.card_type == CardType::Interrupt {
        p.at = Place::Discard;
        let why = format!(
            "{}: an interrupt has a temporary impact and is then discarded",
            p.handle
        );
        return vec![event(EventKind::Discarded(piece), why, "interrupt")];
    }
    if matches!(p.at, Place::Hand | Place::DrawDeck | Place::Discard) {
        p.at = Place::Table;
    }
    let why = format!("{} has been played: it is in play", p.handle);
    vec![event(EventKind::EntersPlay(piece), why, "in play")]
}

/// "To nullify a card is to cancel and discard it"; nullified before it
/// resolves, it has no results.
pub fn nullify(state: &mut GameState, pieces: &[usize]) -> Vec<Event> {
    pieces
        .iter()
        .map(|&p| {
            state.pieces[p].at = Place::Discard;
            let why = format!(
                "{} is nullified: cancelled and discarded",
                state.pieces[p].handle
            );
            event(EventKind::Discarded(p), why, "nullify")
        })
        .collect()
}
