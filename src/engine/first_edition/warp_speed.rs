//! Winning in the Warp Speed formats (Glossary "Warp Speed"): "The first
//! player to solve one of their planet missions and one of their space
//! missions (or, if playing Borg, to complete an objective targeting one of
//! their space missions and an objective targeting one of their planet
//! missions) scores a full win. If no player achieves a full win (either
//! because time runs out or because both players exhaust their draw decks
//! again after regenerating), then a modified win is awarded to the player
//! who solved the most missions. If the players have solved the same number
//! of missions, then a modified win goes to the player with the most
//! points. (If players are tied for both missions and points, this is a
//! true tie.)"

use super::winning::same;
use super::winning::{first_to_reach, most_points, plays_borg, Score, Winner};
use crate::engine::state::{GameState, Location};
use crate::engine::verdict::Reason;

const ENTRY: &str = "Warp Speed";

fn reason(text: String) -> Reason {
    super::rule(text, ENTRY)
}

/// The player's own missions he has done what the format asks of him:
/// solved them, or, playing Borg, completed an objective targeting them.
fn done<'a>(state: &'a GameState, player: &str) -> Vec<&'a Location> {
    let borg = plays_borg(state, player);
    state
        .locations
        .iter()
        .filter(|l| same(l.owner.as_deref(), player))
        .filter(|l| {
            if borg {
                same(l.objective_completed_by.as_deref(), player)
            } else {
                same(l.solved_by.as_deref(), player)
            }
        })
        .collect()
}

/// One planet and one space mission of his own done: the full win.
fn full_win(state: &GameState, player: &str, reasons: &mut Vec<Reason>) -> bool {
    let done = done(state, player);
    let planet = done.iter().any(|l| l.is_planet());
    let space = done.iter().any(|l| l.is_space());
    let how = if plays_borg(state, player) {
        "completed an objective targeting"
    } else {
        "solved"
    };
    reasons.push(reason(format!(
        "{player} has {how} {} of their own planet missions and {} of their own space missions",
        if planet { "one" } else { "none" },
        if space { "one" } else { "none" },
    )));
    planet && space
}

pub fn winner(state: &GameState, players: &[String], reasons: &mut Vec<Reason>) -> Winner {
    let full: Vec<String> = players
        .iter()
        .filter(|p| full_win(state, p, reasons))
        .cloned()
        .collect();
    match full.as_slice() {
        [p] => {
            reasons.push(reason(format!(
                "{p} solved one of their planet missions and one of their space missions (or, playing Borg, completed objectives targeting them): a full win"
            )));
            return Winner::Player(p.clone());
        }
        [_, _, ..] => {
            if let Some(first) = first_to_reach(state, &full, reasons) {
                return Winner::Player(first);
            }
        }
        [] => {}
    }
    if !(state.ending.time_called || state.ending.draw_decks_empty) {
        return Winner::NobodyYet;
    }
    reasons.push(reason(
        "no player achieved a full win: a modified win goes to the player who solved the most missions, then to the one with the most points".into(),
    ));
    modified_win(state, players, reasons)
}

/// The most missions solved, then the most points, else a true tie.
fn modified_win(state: &GameState, players: &[String], reasons: &mut Vec<Reason>) -> Winner {
    let solved = |p: &str| {
        state
            .locations
            .iter()
            .filter(|l| same(l.solved_by.as_deref(), p))
            .count()
    };
    let most = players.iter().map(|p| solved(p)).max().unwrap_or(0);
    let leaders: Vec<String> = players
        .iter()
        .filter(|p| solved(p) == most)
        .cloned()
        .collect();
    if let [p] = leaders.as_slice() {
        reasons.push(reason(format!(
            "{p} solved the most missions ({most}): a modified win"
        )));
        return Winner::Modified(p.clone());
    }
    let scores: Vec<(String, i32, i32)> = leaders
        .iter()
        .map(|p| {
            let s = Score::of(state, p, reasons).toward_winning(p, reasons);
            (p.clone(), s, 0)
        })
        .collect();
    match most_points(&scores, reasons) {
        Winner::Player(p) => {
            reasons.push(reason(format!(
                "the players solved the same number of missions ({most}): {p}, with the most points, gets a modified win"
            )));
            Winner::Modified(p)
        }
        _ => {
            reasons.push(reason(
                "the players are tied for both missions and points: a true tie".into(),
            ));
            Winner::TrueTie
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::model::{Card, CardType, DilemmaType};
    use crate::engine::state::Format;

    fn mission(kind: DilemmaType, owner: &str) -> Location {
        Location {
            owner: Some(owner.into()),
            ..Location::new(Card {
                card_type: CardType::Mission,
                dilemma_type: Some(kind),
                ..Card::default()
            })
        }
    }

    fn players() -> Vec<String> {
        vec!["alice".into(), "bob".into()]
    }

    #[test]
    fn a_planet_and_a_space_mission_of_your_own_are_a_full_win() {
        let mut s = GameState {
            format: Format::WarpSpeed,
            locations: vec![
                mission(DilemmaType::Planet, "alice"),
                mission(DilemmaType::Space, "alice"),
            ],
            ..GameState::default()
        };
        s.locations[0].solved_by = Some("alice".into());
        let mut r = Vec::new();
        assert_eq!(winner(&s, &players(), &mut r), Winner::NobodyYet);
        s.locations[1].solved_by = Some("alice".into());
        assert_eq!(
            winner(&s, &players(), &mut r),
            Winner::Player("alice".into())
        );
        // Playing Borg, objectives count, not solved missions.
        s.playing_borg = vec!["alice".into()];
        assert_eq!(winner(&s, &players(), &mut r), Winner::NobodyYet);
        for l in &mut s.locations {
            l.objective_completed_by = Some("alice".into());
        }
        assert_eq!(
            winner(&s, &players(), &mut r),
            Winner::Player("alice".into())
        );
    }

    #[test]
    fn at_time_the_most_missions_then_the_most_points_then_a_true_tie() {
        let mut s = GameState {
            format: Format::WarpSpeed,
            locations: vec![
                mission(DilemmaType::Planet, "alice"),
                mission(DilemmaType::Planet, "bob"),
            ],
            ..GameState::default()
        };
        s.ending.time_called = true;
        s.locations[0].solved_by = Some("alice".into());
        let mut r = Vec::new();
        assert_eq!(
            winner(&s, &players(), &mut r),
            Winner::Modified("alice".into())
        );
        s.locations[1].solved_by = Some("bob".into());
        assert_eq!(winner(&s, &players(), &mut r), Winner::TrueTie);
        s.points.insert("bob".into(), 5);
        assert_eq!(
            winner(&s, &players(), &mut r),
            Winner::Modified("bob".into())
        );
    }
}
