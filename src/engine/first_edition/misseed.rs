//! Mis-seeds (Glossary "mis-seed"; Current Rulings "misseeds"): a card
//! seeded under a mission where it may not be. "Misseeds are not
//! encountered": when one is revealed during an attempt it is placed
//! out-of-play, and "if you reveal your own misseeded card under any
//! mission, you may not solve that mission ... for the rest of the game".

use super::event;
use crate::cards::model::{CardType, DilemmaType};
use crate::engine::abilities::{compile, TimingClass};
use crate::engine::ruleset::{Event, EventKind};
use crate::engine::state::{GameState, Place};

pub const MIS_SEED: &str = "mis-seed";

/// Why the card seeded at `piece` is a mis-seed, if it is one.
pub fn misseed(state: &GameState, piece: usize) -> Option<String> {
    let Place::Seed(location) = state.pieces[piece].at else {
        return None;
    };
    not_a_seed_card(state, piece)
        .or_else(|| wrong_type(state, piece, location))
        .or_else(|| duplicated(state, piece, location))
}

/// "non seed cards (such as Equipment cards) placed under a mission as a
/// bluff ... and personnel with no game text allowing them to seed".
fn not_a_seed_card(state: &GameState, piece: usize) -> Option<String> {
    let card = &state.pieces[piece].card;
    if matches!(card.card_type, CardType::Dilemma | CardType::Artifact) {
        return None;
    }
    let seeds = compile(card)
        .abilities
        .iter()
        .any(|a| a.timing.class == TimingClass::Seeds);
    (!seeds).then(|| {
        format!(
            "{} ({}) has no game text allowing it to seed",
            card.title,
            card.card_type.name()
        )
    })
}

/// "space dilemmas seeded under planet missions (and vice versa)".
fn wrong_type(state: &GameState, piece: usize, location: usize) -> Option<String> {
    let loc = state.locations.get(location)?;
    let card = &state.pieces[piece].card;
    let misplaced = match card.dilemma_type? {
        DilemmaType::Space => loc.is_planet() && !loc.is_space(),
        DilemmaType::Planet => loc.is_space() && !loc.is_planet(),
        DilemmaType::Dual => false,
    };
    misplaced.then(|| {
        let (kind, mission) = match card.dilemma_type {
            Some(DilemmaType::Space) => ("space", "planet"),
            _ => ("planet", "space"),
        };
        format!(
            "{} is a {kind} dilemma seeded under {}, a {mission} mission",
            card.title, loc.name
        )
    })
}

/// "more than one copy of the same dilemma (or card seeded like a
/// dilemma): the first has its normal effect, the second is a mis-seed";
/// "more than one artifact (whether duplicates or not): all your artifacts
/// there are mis-seeds" - seeded by one player under one mission.
fn duplicated(state: &GameState, piece: usize, location: usize) -> Option<String> {
    let this = &state.pieces[piece];
    let same_seeder = |i: usize| {
        i != piece
            && state.pieces[i].at == Place::Seed(location)
            && state.pieces[i].owner == this.owner
    };
    if this.card.card_type == CardType::Artifact {
        let other = (0..state.pieces.len())
            .find(|&i| same_seeder(i) && state.pieces[i].card.card_type == CardType::Artifact)?;
        return Some(format!(
            "{} and {} are artifacts seeded by {} under one mission: all of them are mis-seeds",
            this.card.title, state.pieces[other].card.title, this.owner
        ));
    }
    let first = (0..piece).find(|&i| {
        same_seeder(i) && crate::cards::persona::same_card(&state.pieces[i].card, &this.card)
    })?;
    Some(format!(
        "{} is a second copy seeded by {} under one mission: the first ({}) has its normal effect, the second is a mis-seed",
        this.card.title, this.owner, state.pieces[first].handle
    ))
}

/// The mis-seed at `piece` is revealed during `player`'s attempt: it is
/// placed out-of-play, and revealing one's own bars solving the mission.
pub fn reveal(state: &mut GameState, piece: usize, why: &str, player: &str) -> Vec<Event> {
    let Place::Seed(location) = state.pieces[piece].at else {
        return Vec::new();
    };
    state.pieces[piece].at = Place::OutOfPlay;
    let mut events = vec![event(
        EventKind::Reading,
        format!("{why}: revealed, it is placed out-of-play and is not encountered"),
        MIS_SEED,
    )];
    if state.pieces[piece].owner == player {
        let loc = &mut state.locations[location];
        if !loc.revealed_own_misseed.iter().any(|p| p == player) {
            loc.revealed_own_misseed.push(player.to_string());
        }
        events.push(event(
            EventKind::Reading,
            format!(
                "{player} revealed its own mis-seed under {}: {player} may not solve that mission for the rest of the game",
                loc.name
            ),
            MIS_SEED,
        ));
    }
    events
}

/// The seed cards under `location` (each with why it is a mis-seed, if it
/// is) hold none: the reading saying so, when there are any.
pub fn none_among(
    state: &GameState,
    location: usize,
    seeded: &[(usize, Option<String>)],
) -> Option<Event> {
    (!seeded.is_empty() && seeded.iter().all(|(_, why)| why.is_none())).then(|| {
        event(
            EventKind::Reading,
            format!(
                "none of the {} cards seeded under {} is a mis-seed: each may seed there, and no player seeded a second copy",
                seeded.len(),
                state.locations[location].name
            ),
            MIS_SEED,
        )
    })
}

/// "you may not solve that mission": the event ending an attempt that met
/// the requirements, when `player` revealed its own mis-seed there.
pub fn bars_solving(state: &GameState, location: usize, player: &str) -> Option<Event> {
    let loc = &state.locations[location];
    loc.revealed_own_misseed.iter().any(|p| p == player).then(|| {
        event(
            EventKind::AttemptEnds,
            format!(
                "{player} revealed its own mis-seed under {}: it may not solve that mission, so the attempt ends unsolved",
                loc.name
            ),
            MIS_SEED,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::fixture;

    fn seeded(
        s: &mut GameState,
        title: &str,
        kind: CardType,
        owner: &str,
        t: Option<DilemmaType>,
    ) -> usize {
        fixture::piece(s, title, kind, owner, Place::Seed(0), |c| {
            c.dilemma_type = t
        })
    }

    fn planet_mission() -> GameState {
        let mut s = fixture::table();
        let l = fixture::location(&mut s, "Alpha");
        s.locations[l].mission.dilemma_type = Some(DilemmaType::Planet);
        s
    }

    #[test]
    fn a_space_dilemma_under_a_planet_mission_is_a_misseed() {
        let mut s = planet_mission();
        let [space, either, planet] = [
            ("Void", DilemmaType::Space),
            ("Either", DilemmaType::Dual),
            ("Ground", DilemmaType::Planet),
        ]
        .map(|(title, kind)| seeded(&mut s, title, CardType::Dilemma, "bob", Some(kind)));
        assert!(misseed(&s, space).is_some());
        assert!(misseed(&s, either).is_none());
        assert!(misseed(&s, planet).is_none());
    }

    #[test]
    fn the_second_copy_by_one_player_is_a_misseed_not_the_opponents() {
        let mut s = planet_mission();
        let t = Some(DilemmaType::Planet);
        let first = seeded(&mut s, "Armus", CardType::Dilemma, "bob", t);
        let theirs = seeded(&mut s, "Armus", CardType::Dilemma, "alice", t);
        let second = seeded(&mut s, "Armus", CardType::Dilemma, "bob", t);
        assert!(misseed(&s, first).is_none());
        assert!(misseed(&s, theirs).is_none());
        assert!(misseed(&s, second).is_some());
    }

    #[test]
    fn two_artifacts_of_one_player_are_both_misseeds() {
        let mut s = planet_mission();
        let a = seeded(&mut s, "Orb", CardType::Artifact, "bob", None);
        let b = seeded(&mut s, "Cube", CardType::Artifact, "bob", None);
        assert!(misseed(&s, a).is_some() && misseed(&s, b).is_some());
        s.pieces[b].owner = "alice".into();
        assert!(misseed(&s, a).is_none() && misseed(&s, b).is_none());
    }

    #[test]
    fn revealing_ones_own_misseed_bars_solving_the_opponents_does_not() {
        let mut s = planet_mission();
        let own = seeded(&mut s, "Tricorder", CardType::Equipment, "alice", None);
        let why = misseed(&s, own).expect("equipment does not seed");
        reveal(&mut s, own, &why, "bob");
        assert_eq!(s.pieces[own].at, Place::OutOfPlay);
        assert!(bars_solving(&s, 0, "bob").is_none());
        let mine = seeded(&mut s, "Tricorder", CardType::Equipment, "bob", None);
        reveal(&mut s, mine, &why, "bob");
        assert!(bars_solving(&s, 0, "bob").is_some());
        assert!(bars_solving(&s, 0, "alice").is_none());
    }
}
