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
//!
//! The conditions are rows of `glossary/affiliations.toml`
//! (`[winning.warp_speed]`): the kinds of mission a full win needs, and the
//! measures a modified win compares, in order.

use super::winning::same;
use super::winning::{first_to_reach, plays_borg, Score, Winner};
use crate::engine::state::{GameState, Location};
use crate::engine::verdict::Reason;
use crate::vocab::affiliations::{MissionKind, WarpSpeedWin, WinMeasure};
use crate::vocab::vocabulary;

fn rules() -> &'static WarpSpeedWin {
    &vocabulary().affiliations.winning.warp_speed
}

fn reason(text: String) -> Reason {
    super::rule(text, &rules().source.entry)
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

fn is_of_kind(l: &Location, kind: MissionKind) -> bool {
    match kind {
        MissionKind::Planet => l.is_planet(),
        MissionKind::Space => l.is_space(),
    }
}

/// One of his own missions of each kind the format names done: the full win.
fn full_win(state: &GameState, player: &str, reasons: &mut Vec<Reason>) -> bool {
    let done = done(state, player);
    let how = if plays_borg(state, player) {
        "completed an objective targeting"
    } else {
        "solved"
    };
    let kinds: Vec<(MissionKind, bool)> = (rules().full_win.iter())
        .map(|&k| (k, done.iter().any(|l| is_of_kind(l, k))))
        .collect();
    let told: Vec<String> = kinds
        .iter()
        .map(|(k, met)| {
            let n = if *met { "one" } else { "none" };
            format!("{n} of their own {} missions", k.name())
        })
        .collect();
    reasons.push(reason(format!("{player} has {how} {}", told.join(" and "))));
    !kinds.is_empty() && kinds.iter().all(|(_, met)| *met)
}

pub fn winner(state: &GameState, players: &[String], reasons: &mut Vec<Reason>) -> Winner {
    let full: Vec<String> = players
        .iter()
        .filter(|p| full_win(state, p, reasons))
        .cloned()
        .collect();
    match full.as_slice() {
        [p] => {
            let kinds: Vec<&str> = rules().full_win.iter().map(|k| k.name()).collect();
            reasons.push(reason(format!(
                "{p} solved one of each of their {} missions (or, playing Borg, completed objectives targeting them): a full win",
                kinds.join(" and ")
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

/// The most by each measure in turn; tied on all of them, a true tie.
fn modified_win(state: &GameState, players: &[String], reasons: &mut Vec<Reason>) -> Winner {
    let mut leaders = players.to_vec();
    for &measure in &rules().modified_win {
        let values: Vec<i32> = (leaders.iter())
            .map(|p| value(state, measure, p, reasons))
            .collect();
        let best = values.iter().copied().max().unwrap_or(0);
        leaders = (leaders.iter().zip(&values))
            .filter(|(_, v)| **v == best)
            .map(|(p, _)| p.clone())
            .collect();
        if let [p] = leaders.as_slice() {
            reasons.push(reason(format!(
                "{p} {} ({best}): a modified win",
                most(measure)
            )));
            return Winner::Modified(p.clone());
        }
        reasons.push(reason(format!(
            "the players are tied on {} ({best})",
            name(measure)
        )));
    }
    let measures: Vec<&str> = rules().modified_win.iter().map(|&m| name(m)).collect();
    reasons.push(reason(format!(
        "the players are tied on {}: a true tie",
        measures.join(" and ")
    )));
    Winner::TrueTie
}

/// A player's count by one measure.
fn value(state: &GameState, measure: WinMeasure, p: &str, reasons: &mut Vec<Reason>) -> i32 {
    match measure {
        WinMeasure::MissionsSolved => state
            .locations
            .iter()
            .filter(|l| same(l.solved_by.as_deref(), p))
            .count() as i32,
        WinMeasure::Points => Score::of(state, p, reasons).toward_winning(p, reasons),
    }
}

fn name(measure: WinMeasure) -> &'static str {
    match measure {
        WinMeasure::MissionsSolved => "missions solved",
        WinMeasure::Points => "points",
    }
}

fn most(measure: WinMeasure) -> &'static str {
    match measure {
        WinMeasure::MissionsSolved => "solved the most missions",
        WinMeasure::Points => "has the most points",
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
