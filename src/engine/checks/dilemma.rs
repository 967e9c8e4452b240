//! Dilemma outcomes, answered by applying the encounter: the dilemma's
//! compiled text ([`crate::engine::abilities::dilemma`]) is resolved by the
//! ruleset ([`crate::engine::ruleset::apply`]) on a copy of the state, and the
//! claim is read from the events — overcome or not, who is stopped, killed
//! or damaged, where the dilemma goes, whether the attempt continues.

use super::{fact, undecided};
use crate::cards::model::CardType;
use crate::engine::abilities::{clause, grammar};
use crate::engine::first_edition::attempt::Groups;
use crate::engine::question::{DilemmaQuestion as Question, Party};
use crate::engine::ruleset::{self, Event, EventKind, GameAction};
use crate::engine::state::{GameState, PieceId, Purpose};
use crate::engine::verdict::{Reason, Verdict};

const RESOLUTION: &str = "dilemma resolution";
const SUMMARY: &str = "dilemma resolution - summary";

/// The crew or Away Team facing the dilemma: `by` when given (then `card` is
/// only the personnel a claim is about, who may stand outside the group), else
/// `card`.
fn facing_group(q: &Question, state: &GameState) -> Vec<usize> {
    if q.who.by.is_empty() {
        return super::attempt::group(&q.who, state);
    }
    let by_only = Party {
        card: None,
        ..q.who.clone()
    };
    super::attempt::group(&by_only, state)
}

/// At a dual-icon mission attempted by a crew and an Away Team together,
/// the two groups and the one the dilemma faces: "Space dilemmas affect the
/// ship and crew. Planet dilemmas affect the Away Team." A Space/Planet
/// dilemma faces the group the player chose (`selected`: the ship or a
/// member of the Away Team), else the choice is pending (Glossary
/// "dual-icon missions").
fn dual_facing(q: &Question, state: &GameState, group: Vec<usize>) -> Facing {
    let location = group.first().and_then(|&p| state.location_of(p));
    let Some(groups) = location.and_then(|l| Groups::of(state, l, &group)) else {
        return Ok((None, group));
    };
    let chosen = crate::engine::question::indices(&q.selected);
    let facing = groups.facing(state, &q.dilemma, &chosen)?;
    Ok((Some(groups), facing))
}

/// The dual-icon groups (if any) and the group facing the dilemma, or the
/// choice still pending.
type Facing = Result<(Option<Groups>, Vec<usize>), Box<Event>>;

/// The ship a question's group is on or is, if any: among `by` when given
/// (then `card` is only what a claim is about), else `card`.
fn facing_ship(q: &Question, state: &GameState) -> Option<usize> {
    let pieces = if q.who.by.is_empty() {
        q.who.pieces()
    } else {
        q.who.by()
    };
    pieces
        .into_iter()
        .find(|&i| state.pieces[i].card.card_type == CardType::Ship)
}

/// `ask = "dilemma outcome"`.
pub fn dilemma_outcome(q: &Question, state: &GameState) -> Verdict {
    let d = &q.dilemma;
    // At a dual-icon mission one group faces the dilemma; a claim may be
    // about either.
    let whole = facing_group(q, state);
    let (dual, group) = match dual_facing(q, state, whole.clone()) {
        Ok(found) => found,
        Err(pending) => {
            let what = pending.reason.text.clone();
            return undecided(what, vec![pending.reason], "dual-icon missions");
        }
    };
    // Only personnel able to take part face a dilemma ("stopped", disabled,
    // in stasis... are not affected).
    let able: Vec<usize> = group
        .iter()
        .copied()
        .filter(|&p| state.usable(PieceId(p), Purpose::Attempting).is_ok())
        .collect();
    let mut after = state.clone();
    after.selected = crate::engine::question::indices(&q.selected);
    let mut events = ruleset::apply(
        &mut after,
        &GameAction::EncounterDilemma {
            dilemma: Box::new(d.clone()),
            group: able.clone(),
            ship: facing_ship(q, state),
        },
    );
    if let Some(groups) = &dual {
        events.extend(groups.one_stopped_or_removed(&mut after));
    }
    let reasons: Vec<Reason> = events.iter().map(|e| e.reason.clone()).collect();
    let is = q.is.as_deref().map(crate::repair::fold_for_match);
    match is.as_deref() {
        None | Some("overcome" | "not overcome" | "nullified" | "no effect") => {
            overcome(&events, reasons, &q.is, &d.title)
        }
        // With `by` (the group) and `card`, "discarded" and "continues" are
        // about that card ("Data continues"); otherwise about the dilemma
        // and the attempt.
        Some(claim) => {
            let about = q.who.card().filter(|_| !q.who.by.is_empty());
            match (where_or_whether(claim), about) {
                (_, Some(card)) if claim == "continues" => {
                    continues(card, state, &whole, &events, reasons)
                }
                (Some(kind), about) if about.is_none() || claim != "discarded" => {
                    whether(&events, reasons, kind)
                }
                // "relocated" with `to`: relocated, then where.
                _ => super::relocation::relocated_to(
                    q,
                    state,
                    suffers(q, state, &whole, &events, reasons, claim),
                ),
            }
        }
    }
}

/// What leaves the whole encounter open: conditions the engine cannot
/// read, or a price the player may pay instead of its effects.
fn open(events: &[Event]) -> Option<String> {
    events.iter().find_map(|e| match &e.kind {
        EventKind::ConditionsUnknown => Some(e.reason.text.clone()),
        EventKind::ChoicePending { .. } => Some(e.reason.text.clone()),
        _ => None,
    })
}

/// The value of the encounter: overcome, not overcome, nullified, no effect
/// - of the last half faced, for a combo dilemma (Glossary "combo dilemma").
fn overcome(events: &[Event], reasons: Vec<Reason>, is: &Option<String>, title: &str) -> Verdict {
    let value = events.iter().rev().find_map(|e| match &e.kind {
        EventKind::ConditionsMet => Some("overcome"),
        EventKind::ConditionsFailed(_) => Some("not overcome"),
        EventKind::Nullified => Some("nullified"),
        EventKind::TriggerAbsent => Some("no effect"),
        _ => None,
    });
    if let Some(why) = open(events) {
        return undecided(why, reasons, RESOLUTION);
    }
    match value {
        Some(v) => super::claim(v.to_string(), is, reasons, RESOLUTION),
        None => {
            // conditions met by victims a selection has yet to pick
            let pending = events.iter().find_map(|e| match e.kind {
                EventKind::Selection { .. } => Some(e.reason.text.clone()),
                _ => None,
            });
            let why = pending.unwrap_or_else(|| format!("{title} has no conditions to overcome"));
            undecided(why, reasons, RESOLUTION)
        }
    }
}

/// Claims about where the dilemma goes and whether the attempt continues:
/// the event that makes the claim true.
fn where_or_whether(claim: &str) -> Option<fn(&EventKind) -> bool> {
    Some(match claim {
        "discarded" => |k| *k == EventKind::DilemmaDiscarded,
        "replaced" | "replaced under the mission" => |k| *k == EventKind::DilemmaReplaced,
        "enters play" => |k| matches!(k, EventKind::DilemmaEntersPlay(_)),
        "attempt continues" | "continues" => |k| *k == EventKind::AttemptContinues,
        "attempt ends" => |k| *k == EventKind::AttemptEnds,
        _ => return None,
    })
}

fn whether(events: &[Event], reasons: Vec<Reason>, holds: fn(&EventKind) -> bool) -> Verdict {
    if let Some(why) = open(events) {
        return undecided(why, reasons, RESOLUTION);
    }
    let yes = events.iter().any(|e| holds(&e.kind));
    Verdict::yes_no(yes, reasons, vec![super::g(SUMMARY)])
}

/// "does Data continue?": the attempt continues and the encounter left him
/// untouched (not stopped, killed, captured... nor pending a selection).
fn continues(
    card: usize,
    state: &GameState,
    group: &[usize],
    events: &[Event],
    mut reasons: Vec<Reason>,
) -> Verdict {
    let handle = &state.pieces[card].handle;
    if let Some(why) = open(events) {
        return undecided(why, reasons, RESOLUTION);
    }
    let touched = events.iter().find_map(|e| match &e.kind {
        EventKind::Affected { verb, piece } if *piece == card => Some(verb.clone()),
        _ => None,
    });
    if let Some(e) = events.iter().find(|e| {
        matches!(&e.kind, EventKind::Selection { among, count, .. } if among.contains(&card) && *count < among.len())
    }) {
        let how = e.reason.text.clone();
        return undecided(
            format!("whether {handle} continues depends on a selection the scenario does not make ({how})"),
            reasons,
            RESOLUTION,
        );
    }
    let goes_on = ruleset::has(events, &EventKind::AttemptContinues);
    let why = match (&touched, group.contains(&card), goes_on) {
        (_, false, _) => format!("{handle} is not in the crew or Away Team facing the dilemma"),
        (Some(verb), _, _) => {
            format!("the encounter leaves {handle} affected ({verb}): {handle} does not continue")
        }
        (None, true, false) => format!("the attempt does not continue, so neither does {handle}"),
        (None, true, true) => {
            format!("the attempt continues and the encounter leaves {handle} untouched")
        }
    };
    reasons.push(super::because(why, SUMMARY));
    let yes = touched.is_none() && group.contains(&card) && goes_on;
    Verdict::yes_no(yes, reasons, vec![])
}

/// "is Data killed?", "is the crew stopped?": did the encounter affect the
/// card that way, or does a selection the scenario does not make decide it?
fn suffers(
    q: &Question,
    state: &GameState,
    group: &[usize],
    events: &[Event],
    mut reasons: Vec<Reason>,
    claim: &str,
) -> Verdict {
    let Some(card) = q.who.card() else {
        return undecided("a claim with `is` needs `card`", reasons, RESOLUTION);
    };
    let Some(verb) = clause::effect_verbs(&grammar::tokenize(claim))
        .into_iter()
        .next()
    else {
        return undecided(
            format!("`is = \"{claim}\"` names no effect a dilemma has"),
            reasons,
            RESOLUTION,
        );
    };
    let handle = &state.pieces[card].handle;
    let ship = state.pieces[card].card.card_type == CardType::Ship;
    if !ship && !group.contains(&card) {
        reasons.push(super::because(
            format!("{handle} is not in the crew or Away Team facing the dilemma"),
            RESOLUTION,
        ));
        return Verdict::yes_no(false, reasons, vec![]);
    }
    if let Some(why) = open(events) {
        return undecided(why, reasons, RESOLUTION);
    }
    let undecided_by = |e: &Event, reasons: Vec<Reason>| {
        let EventKind::Selection { how, .. } = &e.kind else {
            unreachable!("selection_of returns selections")
        };
        undecided(
            format!("whether {handle} is {claim} depends on a selection ({how}) the scenario does not make"),
            reasons,
            e.reason.citation.as_ref().map_or(RESOLUTION, |c| c.title.as_str()),
        )
    };
    if ruleset::affected(events, &verb, card) {
        // Stopped, unless a pending selection kills, captures or spares them first.
        if let Some(e) = events.iter().find(|e| matches!(&e.kind,
            EventKind::Selection { verb: v, among, count, .. } if v != &verb && among.contains(&card) && *count < among.len()))
        {
            return undecided_by(e, reasons);
        }
        reasons.push(fact(format!("{handle} is {claim}")));
        return Verdict::yes_no(true, reasons, vec![]);
    }
    if let Some(e) = ruleset::selection_of(events, &verb, card) {
        return undecided_by(e, reasons);
    }
    reasons.push(super::because(
        format!("the encounter does not leave {handle} {claim}"),
        RESOLUTION,
    ));
    Verdict::yes_no(false, reasons, vec![])
}
