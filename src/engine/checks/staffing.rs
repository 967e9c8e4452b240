//! Ship staffing and movement: staffing icons met by distinct compatible
//! personnel with a matching one aboard ("ship staffing"); normal movement
//! needs full staffing, an unstopped ship and enough RANGE ("movement").

use super::{because, fact, no, undecided};
use crate::cards::model::CardType;
use crate::engine::question::ShipQuestion as Question;
use crate::engine::state::{Attr, GameState, PieceId, Purpose, Target};
use crate::engine::verdict::{Reason, Verdict};
use crate::vocab::vocabulary;

/// Does personnel `p` supply staffing icon `icon`?
fn supplies(state: &GameState, p: usize, icon: &str) -> bool {
    let v = &vocabulary().affiliations;
    let card = &state.pieces[p].card;
    if let Some(aff) = v.canonical(icon) {
        return state
            .affiliations(p)
            .iter()
            .any(|a| a.eq_ignore_ascii_case(aff));
    }
    card.has_icon(icon)
        || v.staffing_substitutes(icon)
            .iter()
            .any(|s| card.has_icon(s))
}

/// Assign one distinct personnel per staffing icon (augmenting paths).
fn assign(state: &GameState, crew: &[usize], icons: &[String]) -> Option<Vec<usize>> {
    fn try_icon(
        state: &GameState,
        crew: &[usize],
        icons: &[String],
        k: usize,
        seen: &mut [bool],
        owner: &mut [Option<usize>],
    ) -> bool {
        for (ci, &p) in crew.iter().enumerate() {
            if seen[ci] || !supplies(state, p, &icons[k]) {
                continue;
            }
            seen[ci] = true;
            if owner[ci].is_none_or(|other| try_icon(state, crew, icons, other, seen, owner)) {
                owner[ci] = Some(k);
                return true;
            }
        }
        false
    }
    let mut owner = vec![None; crew.len()];
    for k in 0..icons.len() {
        let mut seen = vec![false; crew.len()];
        if !try_icon(state, crew, icons, k, &mut seen, &mut owner) {
            return None;
        }
    }
    let mut by_icon = vec![0; icons.len()];
    for (ci, o) in owner.iter().enumerate() {
        if let Some(k) = o {
            by_icon[*k] = crew[ci];
        }
    }
    Some(by_icon)
}

/// Is the ship fully staffed? The chain of checks either way.
pub fn staffed(state: &GameState, ship: usize, player: &str) -> (bool, Vec<Reason>) {
    let title = "ship staffing";
    let mut reasons = Vec::new();
    let ship_affs = state.affiliations(ship);
    let crew = super::usable_for(state, &state.crew(ship), Purpose::Staffing, &mut reasons);
    let compatible: Vec<usize> = crew
        .iter()
        .copied()
        .filter(|&p| {
            super::compat::sets_compatible(state, player, &state.affiliations(p), &ship_affs).0
        })
        .collect();
    let matching: Vec<usize> = compatible
        .iter()
        .copied()
        .filter(|&p| state.affiliations(p).iter().any(|a| ship_affs.contains(a)))
        .collect();
    if matching.is_empty() {
        reasons.push(because(
            format!(
                "no personnel of matching affiliation ({}) aboard {}",
                ship_affs.join("/"),
                state.pieces[ship].handle
            ),
            title,
        ));
        return (false, reasons);
    }
    reasons.push(because(
        format!(
            "{} matches the ship's affiliation",
            state.pieces[matching[0]].handle
        ),
        title,
    ));
    let icons = &state.pieces[ship].card.staffing;
    if icons.is_empty() {
        reasons.push(because(
            "the ship lists no staffing icons: one matching personnel flies it",
            title,
        ));
        return (true, reasons);
    }
    match assign(state, &compatible, icons) {
        Some(by_icon) => {
            let list: Vec<String> = icons
                .iter()
                .zip(&by_icon)
                .map(|(i, p)| format!("[{i}] {}", state.pieces[*p].handle))
                .collect();
            reasons.push(because(
                format!(
                    "each staffing icon is met by a different compatible personnel: {}",
                    list.join(", ")
                ),
                title,
            ));
            (true, reasons)
        }
        None => {
            reasons.push(because(
                format!(
                    "the staffing icons {} cannot each be met by a different compatible personnel ([Cmd] may stand for [Stf], not the reverse)",
                    icons.iter().map(|i| format!("[{i}]")).collect::<String>()
                ),
                title,
            ));
            (false, reasons)
        }
    }
}

fn the_ship(q: &Question, state: &GameState) -> Option<usize> {
    q.who
        .first()
        .filter(|&i| state.pieces[i].card.card_type == CardType::Ship)
}

/// `ask = "can staff"`: is `card` (a ship) fully staffed?
pub fn can_staff(q: &Question, state: &GameState) -> Verdict {
    let Some(ship) = the_ship(q, state) else {
        return undecided("`can staff` needs `card` = a ship", vec![], "ship staffing");
    };
    let player = super::asker(&q.who, state);
    let (ok, reasons) = staffed(state, ship, &player);
    Verdict::yes_no(ok, reasons, vec![])
}

/// RANGE left this turn: printed (5 at most when damaged) minus range used.
pub fn range_left(state: &GameState, ship: usize, reasons: &mut Vec<Reason>) -> i32 {
    let p = &state.pieces[ship];
    let mut range = state.attribute(PieceId(ship), Attr::Range);
    if p.status.damaged && range > 5 {
        reasons.push(because(
            "a damaged ship's RANGE is reduced to 5",
            "battle - ship",
        ));
        range = 5;
    }
    if p.status.range_used > 0 {
        reasons.push(fact(format!(
            "{} RANGE already used this turn",
            p.status.range_used
        )));
    }
    range - p.status.range_used
}

/// RANGE needed to go from location `from` to `to`: spans of every location
/// moved to or passed, not counting the start.
pub fn range_needed(state: &GameState, from: usize, to: usize) -> i32 {
    let (lo, hi) = if from < to {
        (from + 1, to)
    } else {
        (to, from - 1)
    };
    (lo..=hi).map(|l| state.locations[l].span()).sum()
}

/// `ask = "can move"`: may ship `card` move `to` a location now?
/// A ship bound by a required action may move, but only as the action says:
/// towards the far end of the spaceline for "travel to far end of
/// spaceline" (Cytherians); any other destination rule is undecided.
fn required_move(
    q: &Question,
    state: &GameState,
    ship: usize,
    reasons: &mut Vec<Reason>,
) -> Option<Verdict> {
    let (card, sentence) = super::restraints::required_action(state, ship)?;
    let title = "actions – required";
    let lower = sentence.to_lowercase();
    let why = format!(
        "{} is bound by {}: \"{sentence}\"",
        state.pieces[ship].handle, state.pieces[card].handle
    );
    let (Some(Target::Location(to)), Some(from)) = (q.to, state.location_of(ship)) else {
        reasons.push(because(
            format!("{why}; moving is the one action it may take"),
            title,
        ));
        return None;
    };
    if !lower.contains("far end") {
        return Some(super::undecided(
            format!(
                "whether {} is the destination the required action names (\"{sentence}\")",
                state.locations[to].name
            ),
            vec![because(why, title)],
            title,
        ));
    }
    match super::restraints::far_end_allows(state, from, to) {
        Some(true) => {
            reasons.push(because(format!("{why}; {} is on the way to the far end (it may stop at intermediate locations)", state.locations[to].name), title));
            None
        }
        Some(false) => Some(no(
            std::mem::take(reasons),
            because(
                format!(
                    "{why}; {} is not towards the far end of the spaceline",
                    state.locations[to].name
                ),
                title,
            ),
        )),
        None => Some(super::undecided(
            "which end of the spaceline is the far end: the ship is in the middle",
            vec![because(why, title)],
            title,
        )),
    }
}

pub fn can_move(q: &Question, state: &GameState) -> Verdict {
    let Some(ship) = the_ship(q, state) else {
        return undecided("`can move` needs `card` = a ship", vec![], "movement");
    };
    let player = super::asker(&q.who, state);
    let mut reasons = Vec::new();
    if !state.turn_player.is_empty() && !state.turn_player.eq_ignore_ascii_case(&player) {
        return no(
            reasons,
            because(
                format!(
                    "it is {}'s turn; moving is executing orders",
                    state.turn_player
                ),
                "executing orders",
            ),
        );
    }
    if state.is_stopped(ship) {
        return no(
            reasons,
            because(
                "\"stopped\" cards cannot perform normal movement",
                "movement",
            ),
        );
    }
    if state.in_stasis(ship) {
        return no(
            reasons,
            because(
                "cards in stasis may not perform any actions and may not be moved",
                "stasis",
            ),
        );
    }
    if let Some(v) = required_move(q, state, ship, &mut reasons) {
        return v;
    }
    if state.pieces[ship].docked.is_some() {
        reasons.push(because(
            "the ship is docked: it must undock (itself normal movement) first",
            "movement",
        ));
    }
    let (ok, staff) = staffed(state, ship, &player);
    reasons.extend(staff);
    if !ok {
        return no(
            reasons,
            because("normal movement requires full ship staffing", "movement"),
        );
    }
    let Some(to) = q.to else {
        reasons.push(because(
            "a fully staffed, unstopped ship may move",
            "movement",
        ));
        return Verdict::yes_no(true, reasons, vec![]);
    };
    let Target::Location(to) = to else {
        return undecided("`to` must be a spaceline location", reasons, "movement");
    };
    let Some(from) = state.location_of(ship) else {
        return undecided(
            "the ship is not at a spaceline location",
            reasons,
            "movement",
        );
    };
    let need = range_needed(state, from, to);
    let left = range_left(state, ship, &mut reasons);
    let ok = need <= left;
    reasons.push(because(
        format!(
            "{} to {} uses {need} RANGE (spans of locations moved to or passed, not the start); {left} RANGE left",
            state.locations[from].name, state.locations[to].name
        ),
        "movement",
    ));
    Verdict::yes_no(ok, reasons, vec![])
}
