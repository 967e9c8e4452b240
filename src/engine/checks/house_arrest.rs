//! Lost compatibility (Glossary "house arrest", "compatible"; Current
//! Rulings "does not work with": "as if a treaty had been destroyed"): when
//! the card making a player's personnel compatible leaves play, those aboard
//! a ship or facility who are incompatible with it are placed under house
//! arrest (if all are compatible with it, the minority group); on a planet
//! the incompatible personnel split off into a separate Away Team. Only
//! cards the player controls are placed under house arrest.

use super::compat::pieces_mix;
use super::{claim_citing, undecided};
use crate::cards::model::CardType;
use crate::engine::question::{indices, OutcomeQuestion as Question};
use crate::engine::ruleset::{self, GameAction};
use crate::engine::state::{GameState, Place};
use crate::engine::verdict::{Citation, Reason, VerdictValue};

const HOUSE_ARREST: &str = "house arrest";

/// What losing compatibility does to one personnel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fate {
    HouseArrest,
    SeparateAwayTeam,
    /// A tie between two groups: the rules do not say which is the minority.
    Undecided,
}

impl Fate {
    fn name(self) -> &'static str {
        match self {
            Fate::HouseArrest => "house arrest",
            Fate::SeparateAwayTeam => "separate away team",
            Fate::Undecided => "undecided",
        }
    }
}

fn mixes(state: &GameState, player: &str, a: usize, b: usize) -> bool {
    pieces_mix(state, player, a, b).value == VerdictValue::Yes
}

/// The personnel of `group` outside its majority — the members who all mix
/// with one another, gathered from the best-mixing member on (a card that
/// "does not work with" others last: it is the one set apart) —: the
/// minority (`None` on a tie).
fn minority(state: &GameState, player: &str, group: &[usize]) -> Option<Vec<usize>> {
    let mixers = |p: usize| {
        group
            .iter()
            .filter(|&&q| mixes(state, player, p, q))
            .count()
    };
    let restricted = |p: usize| {
        !crate::engine::abilities::compile(&state.pieces[p].card)
            .does_not_work_with
            .is_empty()
    };
    let mut order = group.to_vec();
    order.sort_by_key(|&p| (std::cmp::Reverse(mixers(p)), restricted(p)));
    let mut majority: Vec<usize> = Vec::new();
    let mut rest = Vec::new();
    for p in order {
        if majority.iter().all(|&q| mixes(state, player, p, q)) {
            majority.push(p);
        } else {
            rest.push(p);
        }
    }
    (rest.is_empty() || majority.len() > rest.len()).then_some(rest)
}

/// Who loses compatibility now, with why.
pub fn fates(state: &GameState) -> Vec<(usize, Fate, String)> {
    let mut out = Vec::new();
    let personnel = |at: Place, player: &str| -> Vec<usize> {
        (0..state.pieces.len())
            .filter(|&i| {
                let p = &state.pieces[i];
                p.at == at
                    && p.card.is_personnel()
                    && p.controller.eq_ignore_ascii_case(player)
                    && !p.status.house_arrest
            })
            .collect()
    };
    let players: Vec<String> = state.pieces.iter().map(|p| p.controller.clone()).collect();
    let mut players = players;
    players.sort();
    players.dedup();
    for player in &players {
        for carrier in (0..state.pieces.len()).filter(|&c| {
            matches!(
                state.pieces[c].card.card_type,
                CardType::Ship | CardType::Facility
            ) && state.in_play(c)
        }) {
            let crew = personnel(Place::Aboard(carrier), player);
            let own = state.pieces[carrier]
                .controller
                .eq_ignore_ascii_case(player);
            let (apart, rest): (Vec<usize>, Vec<usize>) = crew
                .iter()
                .partition(|&&p| own && !mixes(state, player, p, carrier));
            for p in apart {
                let why = format!(
                    "{} is not compatible with {}: placed under house arrest",
                    state.pieces[p].handle, state.pieces[carrier].handle
                );
                out.push((p, Fate::HouseArrest, why));
            }
            split(state, player, &rest, Fate::HouseArrest, &mut out);
        }
        for l in 0..state.locations.len() {
            let team = personnel(Place::Planet(l), player);
            split(state, player, &team, Fate::SeparateAwayTeam, &mut out);
        }
    }
    out
}

/// The minority of a group that does not all mix suffers `fate`.
fn split(
    state: &GameState,
    player: &str,
    group: &[usize],
    fate: Fate,
    out: &mut Vec<(usize, Fate, String)>,
) {
    match minority(state, player, group) {
        Some(apart) => out.extend(apart.into_iter().map(|p| {
            let why = match fate {
                Fate::HouseArrest => format!("{} is in the minority group that does not mix: placed under house arrest", state.pieces[p].handle),
                _ => format!("{} does not mix with the rest of the Away Team: it forms a separate Away Team (and may not beam aboard a ship or facility it is incompatible with)", state.pieces[p].handle),
            };
            (p, fate, why)
        })),
        None => out.extend(group.iter().map(|&p| {
            (p, Fate::Undecided, format!("{} is in one of two equal groups that do not mix: the rules do not say which is the minority", state.pieces[p].handle))
        })),
    }
}

/// `outcome of = "compatibility lost"`: `cards` (the treaty or other card
/// that made them compatible) leave play; what happens to `target` — "house
/// arrest", "separate away team" or "unaffected" (`is` claims one).
pub fn compatibility_lost(q: &Question, state: &GameState) -> crate::engine::verdict::Verdict {
    let Some(target) = q.target.first().map(|t| t.0) else {
        return undecided("`target` (the personnel asked about)", vec![], HOUSE_ARREST);
    };
    let mut after = state.clone();
    let mut reasons: Vec<Reason> =
        ruleset::apply(&mut after, &GameAction::Nullify(indices(&q.cards)))
            .into_iter()
            .map(|e| e.reason)
            .collect();
    let fate = fates(&after).into_iter().find(|(p, _, _)| *p == target);
    let value = match fate {
        Some((_, Fate::Undecided, why)) => {
            reasons.push(super::because(why, HOUSE_ARREST));
            return crate::engine::verdict::Verdict::new(
                VerdictValue::Undecided("which group is the minority".into()),
                reasons,
                vec![Citation::glossary(HOUSE_ARREST)],
            );
        }
        Some((_, f, why)) => {
            reasons.push(super::because(why, HOUSE_ARREST));
            f.name()
        }
        None => {
            reasons.push(super::because(
                format!("{} still mixes where it is", state.pieces[target].handle),
                "compatible",
            ));
            "unaffected"
        }
    };
    claim_citing(
        value.into(),
        &q.is,
        reasons,
        vec![Citation::glossary(HOUSE_ARREST)],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::fixture::{location, personnel, piece, table};

    /// A Romulan ship of alice's at a location, with a Romulan and a Klingon
    /// aboard, and a Romulan and two Klingons on the planet.
    fn scene() -> GameState {
        let mut s = table();
        let l = location(&mut s, "Alpha");
        let ship = piece(
            &mut s,
            "Warbird",
            CardType::Ship,
            "alice",
            Place::Space(l),
            |c| c.affiliations = vec!["Romulan".into()],
        );
        personnel(
            &mut s,
            "Tomalak",
            "alice",
            Place::Aboard(ship),
            &["Romulan"],
        );
        personnel(&mut s, "Kurn", "alice", Place::Aboard(ship), &["Klingon"]);
        personnel(&mut s, "Sela", "alice", Place::Planet(l), &["Romulan"]);
        personnel(&mut s, "Worf", "alice", Place::Planet(l), &["Klingon"]);
        personnel(&mut s, "Kor", "alice", Place::Planet(l), &["Klingon"]);
        s
    }

    fn fate_of(s: &GameState, title: &str) -> Option<Fate> {
        let i = s.pieces.iter().position(|p| p.handle == title)?;
        fates(s)
            .into_iter()
            .find(|(p, _, _)| *p == i)
            .map(|(_, f, _)| f)
    }

    #[test]
    fn without_compatibility_aboard_is_house_arrest_and_on_a_planet_a_separate_away_team() {
        let s = scene();
        assert_eq!(fate_of(&s, "Kurn"), Some(Fate::HouseArrest));
        assert_eq!(fate_of(&s, "Tomalak"), None);
        // the Romulan is the minority of the Away Team
        assert_eq!(fate_of(&s, "Sela"), Some(Fate::SeparateAwayTeam));
        assert_eq!(fate_of(&s, "Worf"), None);
    }
}
