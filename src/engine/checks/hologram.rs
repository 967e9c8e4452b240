//! Holograms (Glossary "holographic personnel and equipment"): activating a
//! deactivated hologram (`can act`, `act = "activate"`) as ordered rules,
//! and what becomes of a hologram where it stands, when a card makes it
//! leave, and when its Mobile Holo-Emitter is removed (`outcome`).

use super::act::Act;
use super::rules::{yes_because, Entry, Rule, Ruling};
use crate::engine::first_edition::hologram::{self, Standing};
use crate::engine::question::OutcomeQuestion as Question;
use crate::engine::state::{GameState, PieceId, Purpose};
use crate::engine::verdict::{Reason, Verdict};

const HOLOGRAMS: Entry = Entry::glossary(hologram::ENTRY);

fn rule<'a>(name: &'static str, apply: fn(&Act, &mut Vec<Reason>) -> Ruling) -> Rule<Act<'a>> {
    Rule {
        name,
        entry: HOLOGRAMS,
        apply,
    }
}

/// "A hologram is deactivated when reported, and may be activated on the
/// same or a subsequent turn (if aboard a ship or facility with a Holodeck,
/// or wearing a Mobile Holo-Emitter) by any of your "unstopped" personnel
/// present (even another active hologram). If your hologram is later
/// deactivated, it may be reactivated in the same way during one of your
/// subsequent turns (not on the same turn it deactivates)."
pub fn activate_rules<'a>() -> Vec<Rule<Act<'a>>> {
    vec![
        rule("only a hologram is activated", a_hologram),
        rule("only a deactivated hologram", deactivated),
        rule("not on the turn it deactivated", not_this_turn),
        rule("a Holodeck or a Mobile Holo-Emitter", where_active),
        rule("by your unstopped personnel present", activator),
    ]
}

/// The hologram activated: `card`, else the first of `by`.
fn subject(a: &Act) -> Option<usize> {
    a.q.who.first()
}

/// Who activates it: `by`, less the hologram itself.
fn activators(a: &Act) -> Vec<usize> {
    let h = subject(a);
    a.q.who.by().into_iter().filter(|&p| Some(p) != h).collect()
}

fn a_hologram(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    match subject(a) {
        None => Ruling::Undecided("`card` (the hologram to activate)".into()),
        Some(h) if !a.state.pieces[h].card.is_hologram() => Ruling::No(format!(
            "{} is not a hologram: only holographic personnel and equipment are deactivated and activated",
            a.state.pieces[h].handle
        )),
        Some(_) => Ruling::Next,
    }
}

fn deactivated(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    let h = subject(a).unwrap_or_default();
    if a.state.is_deactivated(h) {
        return Ruling::Next;
    }
    Ruling::No(format!(
        "{} is active (not deactivated): there is nothing to activate",
        a.state.pieces[h].handle
    ))
}

fn not_this_turn(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    let h = subject(a).unwrap_or_default();
    if a.state.pieces[h].status.deactivated_this_turn {
        return Ruling::No(format!(
            "{} deactivated this turn: it may be reactivated only during one of your subsequent turns",
            a.state.pieces[h].handle
        ));
    }
    Ruling::Next
}

fn where_active(a: &Act, reasons: &mut Vec<Reason>) -> Ruling {
    let (st, h) = (a.state, subject(a).unwrap_or_default());
    if let Some(e) = hologram::emitter(st, h) {
        reasons.push(hologram::reason(format!(
            "{} wears {}: it may be activated anywhere",
            st.pieces[h].handle, st.pieces[e].handle
        )));
        return Ruling::Next;
    }
    let Some(host) = hologram::host(st, h) else {
        return Ruling::No(format!(
            "{} is not aboard a ship or facility and wears no Mobile Holo-Emitter: it may be activated only aboard a ship or facility with a Holodeck, or wearing an Emitter",
            st.pieces[h].handle
        ));
    };
    match hologram::holodeck(st, host, h) {
        Ok(giver) => {
            reasons.push(hologram::reason(giver));
            Ruling::Next
        }
        Err(why) => Ruling::No(format!(
            "{why}: a hologram is activated aboard a ship or facility with a Holodeck it is allowed to use"
        )),
    }
}

/// Why `p` may not activate the hologram `h`, if it may not.
fn unable(a: &Act, h: usize, p: usize) -> Option<String> {
    let (st, piece) = (a.state, &a.state.pieces[p]);
    let handle = &piece.handle;
    if !piece.card.is_personnel() {
        return Some(format!("{handle} is not a personnel"));
    }
    if !piece.controller.eq_ignore_ascii_case(&a.player) {
        return Some(format!("{handle} is not one of your personnel"));
    }
    if !st.present_together(h, p) {
        return Some(format!(
            "{handle} is not present with {}",
            st.pieces[h].handle
        ));
    }
    if st.is_stopped(p) {
        return Some(format!("{handle} is stopped"));
    }
    st.usable(PieceId(p), Purpose::Skills)
        .err()
        .and_then(|r| r.into_iter().next())
        .map(|r| r.text)
}

fn activator(a: &Act, reasons: &mut Vec<Reason>) -> Ruling {
    let h = subject(a).unwrap_or_default();
    let named = activators(a);
    let candidates: Vec<usize> = if named.is_empty() {
        (0..a.state.pieces.len()).filter(|&p| p != h).collect()
    } else {
        named.clone()
    };
    let mut refusals = Vec::new();
    for p in candidates {
        match unable(a, h, p) {
            None => {
                let why = format!(
                    "{} activates {}: any of your unstopped personnel present (even another active hologram) may",
                    a.state.pieces[p].handle, a.state.pieces[h].handle
                );
                return yes_because(reasons, why, HOLOGRAMS);
            }
            Some(why) if !named.is_empty() => refusals.push(why),
            Some(_) => {}
        }
    }
    Ruling::No(if refusals.is_empty() {
        format!(
            "none of your unstopped personnel is present with {} to activate it",
            a.state.pieces[h].handle
        )
    } else {
        format!(
            "{}: a hologram is activated by one of your unstopped personnel present",
            refusals.join("; ")
        )
    })
}

/// `outcome of = "hologram"`: where `card` stands now - `active`,
/// `deactivated` or `erased`.
pub fn standing(q: &Question, state: &GameState) -> Verdict {
    answer(q, state, hologram::standing)
}

/// `outcome of = "emitter removed"`: `card` after its Emitter is removed.
pub fn emitter_removed(q: &Question, state: &GameState) -> Verdict {
    answer(q, state, hologram::emitter_removed)
}

/// `outcome of = "must leave"`: a card requires `card` to leave its ship,
/// facility or planet without boarding another - `deactivated` or `leaves`.
pub fn must_leave(q: &Question, state: &GameState) -> Verdict {
    let Some(h) = q.who.first() else {
        return super::undecided("`card` (the hologram)", vec![], hologram::ENTRY);
    };
    let (value, why) = hologram::must_leave(state, h);
    super::claim(value.to_string(), &q.is, vec![why], hologram::ENTRY)
}

fn answer(
    q: &Question,
    state: &GameState,
    of: fn(&GameState, usize) -> (Standing, Reason),
) -> Verdict {
    let Some(h) = q.who.first() else {
        return super::undecided("`card` (the hologram)", vec![], hologram::ENTRY);
    };
    if !state.pieces[h].card.is_hologram() {
        let why = format!("{} is not a hologram", state.pieces[h].handle);
        return super::undecided(why, vec![], hologram::ENTRY);
    }
    let (standing, why) = of(state, h);
    super::claim(standing.to_string(), &q.is, vec![why], hologram::ENTRY)
}

/// `outcome of = "aboard destroyed"`: `card` is aboard a ship or facility
/// that is destroyed - `discarded` or `killed`.
pub fn aboard_destroyed(q: &Question, state: &GameState) -> Verdict {
    let Some(p) = q.who.first() else {
        return super::undecided("`card` (a card aboard)", vec![], hologram::ENTRY);
    };
    match hologram::aboard_destroyed(state, p) {
        Some((value, why)) => super::claim_citing(value.to_string(), &q.is, vec![why], vec![]),
        None => super::undecided(
            format!(
                "{} is not aboard a ship or facility",
                state.pieces[p].handle
            ),
            vec![],
            hologram::ENTRY,
        ),
    }
}

#[cfg(test)]
mod tests {
    use crate::cards::model::CardType;
    use crate::engine::fixture;
    use crate::engine::question::{ActQuestion, Party};
    use crate::engine::state::{GameState, PieceId, Place};
    use crate::engine::verdict::VerdictValue;

    /// alice's Holodeck ship with her hologram (reported this turn) and Tuvok aboard.
    fn scene() -> (GameState, usize, usize) {
        let (mut s, ship, h) = fixture::hologram_aboard("Holodeck", &["Holodeck"]);
        s.pieces[h].at = Place::Hand;
        crate::engine::first_edition::movement::report(&mut s, h, Place::Aboard(ship));
        let tuvok = fixture::piece(
            &mut s,
            "Tuvok",
            CardType::Personnel,
            "alice",
            Place::Aboard(ship),
            |_| (),
        );
        (s, h, tuvok)
    }

    fn activate(s: &GameState, h: usize, by: usize) -> VerdictValue {
        let q = ActQuestion {
            who: Party {
                player: None,
                card: Some(PieceId(h)),
                by: vec![PieceId(by)],
            },
            act: "activate".into(),
            to: None,
            target: vec![],
            allowed_by: None,
        };
        super::super::act::can_act(&q, s).value
    }

    #[test]
    fn a_hologram_is_activated_by_an_unstopped_personnel_present() {
        let (mut s, h, tuvok) = scene();
        assert_eq!(activate(&s, h, tuvok), VerdictValue::Yes);
        s.pieces[tuvok].status.stopped = true;
        assert_eq!(activate(&s, h, tuvok), VerdictValue::No);
    }

    #[test]
    fn not_the_turn_it_deactivated_nor_an_active_one_nor_a_non_hologram() {
        let (mut s, h, tuvok) = scene();
        s.pieces[h].status.deactivated_this_turn = true;
        assert_eq!(activate(&s, h, tuvok), VerdictValue::No);
        let (mut s, h, tuvok) = scene();
        s.pieces[h].status.deactivated = false;
        assert_eq!(activate(&s, h, tuvok), VerdictValue::No, "already active");
        assert_eq!(activate(&s, tuvok, h), VerdictValue::No, "no hologram");
    }

    #[test]
    fn only_with_a_holodeck_or_an_emitter() {
        let (mut s, h, tuvok) = scene();
        s.pieces[0].card.characteristics.clear();
        assert_eq!(activate(&s, h, tuvok), VerdictValue::No);
        fixture::emitter_on(&mut s, h);
        assert_eq!(activate(&s, h, tuvok), VerdictValue::Yes);
    }

    #[test]
    fn a_destroyed_ship_discards_its_hologram_and_a_facility_kills_its_personnel() {
        use crate::engine::first_edition::hologram::{aboard_destroyed, Fate};
        let (mut s, h, tuvok) = scene();
        assert_eq!(aboard_destroyed(&s, h).map(|a| a.0), Some(Fate::Discarded));
        assert_eq!(
            aboard_destroyed(&s, tuvok).map(|a| a.0),
            Some(Fate::Discarded)
        );
        s.pieces[0].card.card_type = CardType::Facility;
        assert_eq!(aboard_destroyed(&s, h).map(|a| a.0), Some(Fate::Discarded));
        assert_eq!(aboard_destroyed(&s, tuvok).map(|a| a.0), Some(Fate::Killed));
        s.pieces[tuvok].at = Place::Table;
        assert!(aboard_destroyed(&s, tuvok).is_none(), "not aboard");
    }
}
