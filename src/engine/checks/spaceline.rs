//! The nearest planet on the spaceline (`outcome of = "nearest planet"`),
//! as the Glossary's "ties" measures it: "compare the number of cards in
//! each direction; if there is a tie, then compare the total span in each
//! direction. If still a tie, the opponent chooses."

use super::{because, claim, undecided};
use crate::engine::question::OutcomeQuestion as Question;
use crate::engine::state::GameState;
use crate::engine::verdict::{Reason, Verdict};

/// The entry measuring the nearest planet (and leaving a tie open).
pub(super) const TIES: &str = "ties";

/// The nearest planet to the location `from`, at another location of its
/// quadrant's spaceline: `Ok` one location, `Err` the locations tied on
/// cards and span (the opponent chooses among them).
pub fn nearest_planet(state: &GameState, from: usize) -> Result<usize, Vec<usize>> {
    let here = &state.locations[from];
    // In each direction, the first planet met: (cards passed, span, index).
    let first = |mut steps: Box<dyn Iterator<Item = usize>>| {
        steps.find(|&l| state.locations[l].is_planet() && state.locations[l].same_quadrant(here))
    };
    let candidates: Vec<(usize, i32, usize)> = [
        first(Box::new((0..from).rev())),
        first(Box::new(from + 1..state.locations.len())),
    ]
    .into_iter()
    .flatten()
    .map(|l| (l.abs_diff(from), state.range_between(from, l), l))
    .collect();
    let best = candidates.iter().map(|&(n, s, _)| (n, s)).min();
    let tied: Vec<usize> = candidates
        .iter()
        .filter(|&&(n, s, _)| Some((n, s)) == best)
        .map(|&(_, _, l)| l)
        .collect();
    match tied.as_slice() {
        [one] => Ok(*one),
        _ => Err(tied),
    }
}

/// The nearest planet to `from` and why (citing "ties"), or what leaves it
/// open (no other planet, or a tie the opponent decides).
pub fn nearest_planet_why(state: &GameState, from: usize) -> Result<(usize, Reason), String> {
    let name = |l: usize| state.locations[l].name.clone();
    match nearest_planet(state, from) {
        Ok(l) => Ok((l, because(format!("{} is the nearest planet to {}: fewest cards in its direction, then least total span", name(l), name(from)), TIES))),
        Err(tied) if tied.is_empty() => Err(format!("no other planet on the spaceline of {}", name(from))),
        Err(tied) => {
            let names: Vec<String> = tied.into_iter().map(name).collect();
            Err(format!("the opponent chooses among {}: as many cards and as much span away", names.join(", ")))
        }
    }
}

/// `mission`: the location measured from. The nearest planet's mission, or
/// `undecided` when no planet is on its spaceline or the two directions tie.
pub fn nearest(q: &Question, state: &GameState) -> Verdict {
    let Some(from) = q.mission.map(|m| m.0) else {
        return undecided("`mission` (the location measured from)", vec![], TIES);
    };
    match nearest_planet_why(state, from) {
        Ok((l, why)) => claim(state.locations[l].name.clone(), &q.is, vec![why], TIES),
        Err(open) => undecided(open.clone(), vec![because(open, TIES)], TIES),
    }
}
