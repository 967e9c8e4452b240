//! Ship battle results (Glossary "battle - ship"): ATTACK against DEFENSE
//! decides a hit or direct hit, rotation damage is applied, the player losing
//! less HULL wins, and every surviving card involved is "stopped".

use super::{event, suffer};
use crate::engine::derived;
use crate::engine::ruleset::{Engagement, Event, EventKind};
use crate::engine::state::{Attr, GameState};
use crate::engine::verdict::Reason;

pub const ENTRY: &str = "battle - ship";
const KIND: &str = "attack";

/// What fire scores on its target (step 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fire {
    Miss,
    Hit,
    DirectHit,
}

impl Fire {
    /// Compare the totals; the reason cites the entry that decided it.
    pub fn of(attack: i32, defense: i32) -> (Fire, Reason) {
        if attack > 2 * defense {
            let why = format!("ATTACK {attack} is more than double DEFENSE {defense}");
            (Fire::DirectHit, super::rule(why, "direct hit"))
        } else if attack > defense {
            let why = format!("ATTACK {attack} is greater than DEFENSE {defense}");
            (Fire::Hit, super::rule(why, "hit"))
        } else {
            let why = format!(
                "ATTACK {attack} is not greater than DEFENSE {defense}: the target is not hit"
            );
            (Fire::Miss, super::rule(why, ENTRY))
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Fire::Miss => "miss",
            Fire::Hit => "hit",
            Fire::DirectHit => "direct hit",
        }
    }
}

/// ATTACK: the derived WEAPONS of every firing card, plus the tactic's bonus once.
pub fn attack_total(state: &GameState, firing: &[usize], reasons: &mut Vec<Reason>) -> i32 {
    let w: i32 = firing
        .iter()
        .map(|&s| derived::read(state, s, Attr::Weapons, reasons))
        .sum();
    reasons.push(super::rule(
        format!("WEAPONS of the firing cards total {w}"),
        ENTRY,
    ));
    w
}

/// The tactics' bonuses added to the totals ("ATTACK bonus", "DEFENSE
/// bonus"): not attribute enhancements, added after the attributes.
pub fn bonus_reasons(attack_bonus: i32, defense_bonus: i32) -> Vec<Reason> {
    let bonus = |n: i32, what: &str, entry: &str| {
        (n != 0).then(|| super::rule(format!("{entry} {n:+} added to the {what}"), entry))
    };
    [
        bonus(attack_bonus, "ATTACK total", "ATTACK bonus"),
        bonus(defense_bonus, "DEFENSE total", "DEFENSE bonus"),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// DEFENSE: the target's derived SHIELDS, plus 50% of its facility's when docked.
pub fn defense_total(state: &GameState, target: usize, reasons: &mut Vec<Reason>) -> i32 {
    let shields = derived::read(state, target, Attr::Shields, reasons);
    let handle = &state.pieces[target].handle;
    reasons.push(super::rule(format!("{handle} SHIELDS {shields}"), ENTRY));
    let Some(f) = state.pieces[target].docked else {
        return shields;
    };
    let ext = derived::read(state, f, Attr::Shields, reasons) / 2;
    reasons.push(super::rule(
        format!("docked: +{ext} (50% of the facility's SHIELDS)"),
        ENTRY,
    ));
    shields + ext
}

/// Fight one engagement to its end (steps 5, 7 and 8). Return fire is a
/// separate engagement the other way.
pub fn ship_battle(state: &mut GameState, e: &Engagement) -> Vec<Event> {
    if e.cancelled {
        return cancelled(state, e);
    }
    let mut reasons = Vec::new();
    let attack = attack_total(state, &e.firing, &mut reasons) + e.attack_bonus;
    let defense = defense_total(state, e.target, &mut reasons) + e.defense_bonus;
    reasons.extend(bonus_reasons(e.attack_bonus, e.defense_bonus));
    let (fire, why) = Fire::of(attack, defense);
    let mut events: Vec<Event> = reasons.into_iter().map(values).collect();
    let result = EventKind::Fired {
        target: e.target,
        result: fire.name().into(),
    };
    events.push(Event {
        kind: result,
        reason: why,
    });
    let damage = damage(state, e.target, fire);
    let destroyed = damage.iter().any(|d| {
        matches!(&d.kind, EventKind::Affected { verb, piece } if verb == "destroy" && *piece == e.target)
    });
    events.extend(damage);
    if destroyed {
        events.extend(super::winning::destroyed_in_battle(
            state, e.target, &e.firing,
        ));
    }
    events.push(winner(state, e, fire));
    events.extend(stop_survivors(state, e));
    events
}

fn values(reason: Reason) -> Event {
    Event {
        kind: EventKind::Values,
        reason,
    }
}

/// Rotation damage: a hit damages (destroys an already damaged target), a
/// direct hit destroys; a destroyed card and all cards aboard are discarded.
fn damage(state: &mut GameState, target: usize, fire: Fire) -> Vec<Event> {
    let destroyed =
        fire == Fire::DirectHit || (fire == Fire::Hit && state.pieces[target].status.damaged);
    match fire {
        Fire::Miss => vec![],
        _ if !destroyed => vec![suffer(state, "damage", target, "RANGE 5, HULL -50%", ENTRY)],
        _ => super::destroy(state, target, "HULL reduced to 0", ENTRY),
    }
}

/// "The player whose ships and/or facilities sustain the least HULL integrity
/// loss ... is the winner" - only the target loses HULL in one engagement.
fn winner(state: &GameState, e: &Engagement, fire: Fire) -> Event {
    let attacker = e
        .firing
        .first()
        .map(|&p| state.pieces[p].controller.clone())
        .unwrap_or_default();
    let target = &state.pieces[e.target].controller;
    match fire {
        Fire::Miss => event(
            EventKind::BattleTied(KIND),
            "no HULL integrity lost on either side: no winner or loser",
            ENTRY,
        ),
        _ => event(
            EventKind::BattleWon(attacker.clone(), KIND),
            format!("{target} lost HULL integrity, {attacker} none: {attacker} wins"),
            ENTRY,
        ),
    }
}

/// "All surviving ships, facilities, and crews involved in that battle are
/// stopped" (step 8; Glossary "stopped").
/// "If a properly initiated battle is cancelled ..., all cards involved
/// have still participated in a battle and are "stopped"" (Current Rulings
/// "battle, cancelled"): no fire, no damage, no winner.
fn cancelled(state: &mut GameState, e: &Engagement) -> Vec<Event> {
    let mut events = vec![Event {
        kind: EventKind::NotModelled("cancelled".into()),
        reason: Reason {
            text: "the battle was cancelled after it was properly initiated: no one fires, but every card involved has still participated in a battle".into(),
            citation: Some(crate::engine::verdict::Citation::rulings("battle, cancelled")),
        },
    }];
    events.extend(stop_survivors(state, e));
    events
}

fn stop_survivors(state: &mut GameState, e: &Engagement) -> Vec<Event> {
    let ships = e.firing.iter().chain(std::iter::once(&e.target));
    let involved: Vec<usize> = ships
        .flat_map(|&s| std::iter::once(s).chain(state.crew(s)))
        .filter(|&p| state.in_play(p))
        .collect();
    let why = "participating in a battle stops all cards involved";
    involved
        .into_iter()
        .map(|p| suffer(state, "stop", p, why, "stopped"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cancelled_battle_fires_nothing_but_stops_every_card_involved() {
        use crate::cards::model::CardType;
        use crate::engine::fixture;
        use crate::engine::state::Place;
        let mut s = fixture::table();
        let l = fixture::location(&mut s, "Alpha");
        let ship = |s: &mut GameState, name: &str, who: &str| {
            fixture::piece(s, name, CardType::Ship, who, Place::Space(l), |_| {})
        };
        let (a, b, idle) = (
            ship(&mut s, "A", "alice"),
            ship(&mut s, "B", "bob"),
            ship(&mut s, "C", "alice"),
        );
        let e = Engagement {
            firing: vec![a],
            target: b,
            cancelled: true,
            ..Engagement::default()
        };
        let events = ship_battle(&mut s, &e);
        assert!(!events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Fired { .. })));
        assert!(s.pieces[a].status.stopped && s.pieces[b].status.stopped);
        assert!(!s.pieces[idle].status.stopped && !s.pieces[b].status.damaged);
    }

    #[test]
    fn cards_aboard_a_destroyed_card_meet_the_glossarys_fate() {
        use crate::cards::model::CardType;
        use crate::engine::fixture;
        use crate::engine::state::Place;
        let (mut s, ship, doc) = fixture::hologram_aboard("Holodeck", &["Holodeck"]);
        let crew = fixture::personnel(&mut s, "crew", "alice", Place::Aboard(ship), &[]);
        let outpost = fixture::piece(
            &mut s,
            "post",
            CardType::Facility,
            "alice",
            Place::Space(0),
            |_| {},
        );
        let staff = fixture::personnel(&mut s, "staff", "alice", Place::Aboard(outpost), &[]);
        let fate = |events: &[Event], p: usize| {
            events.iter().find_map(|e| match &e.kind {
                EventKind::Discarded(q) if *q == p => Some("discarded".to_string()),
                EventKind::Affected { verb, piece } if *piece == p => Some(verb.clone()),
                _ => None,
            })
        };
        s.pieces[ship].status.damaged = true;
        let events = damage(&mut s, ship, Fire::Hit);
        // A hologram is discarded, never deactivated; any card aboard a ship too.
        assert_eq!(fate(&events, doc).as_deref(), Some("discarded"));
        assert_eq!(fate(&events, crew).as_deref(), Some("discarded"));
        assert!(!s.pieces[doc].status.deactivated);
        let events = damage(&mut s, outpost, Fire::DirectHit);
        // Personnel aboard a destroyed facility are killed.
        assert_eq!(fate(&events, staff).as_deref(), Some("kill"));
        assert_eq!(s.pieces[staff].at, Place::Discard);
        // A miss destroys nothing.
        assert!(damage(&mut s, ship, Fire::Miss).is_empty());
    }

    #[test]
    fn each_tactic_bonus_given_cites_its_entry() {
        let cited = |a, d| -> Vec<String> {
            bonus_reasons(a, d)
                .into_iter()
                .filter_map(|r| r.citation.map(|c| c.title))
                .collect()
        };
        assert!(cited(0, 0).is_empty());
        assert_eq!(cited(0, 3), ["DEFENSE bonus"]);
        assert_eq!(cited(-2, 3), ["ATTACK bonus", "DEFENSE bonus"]);
    }
}
