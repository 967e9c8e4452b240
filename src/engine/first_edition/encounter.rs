//! Encountering a dilemma, resolved in the order of the Glossary's "dilemma
//! resolution - summary": (1) a required trigger or a target with specific
//! features absent → discard; nullifiers present → discard without effect;
//! (2) conditions met → discard, continue; failed → the instructions, the
//! crew or Away Team "stopped", the dilemma replaced under the mission
//! (unless it says "Discard dilemma" / "Mission continues" or enters play);
//! (3) no conditions → the instructions, no one stopped unless it says so,
//! discarded unless it enters play.

use super::{event, fact, suffer};
use crate::cards::model::{Card, CardType};
use crate::engine::abilities::dilemma::{
    compile_dilemma, CompiledDilemma, ConditionForm, Count, DilemmaEffect, Nullifier, Scope,
    Selection, Stage,
};
use crate::engine::action::{Action, Step};
use crate::engine::requirements::threshold::GameFacts;
use crate::engine::requirements::{self, Attribute, Encounter, Requirement, Setting};
use crate::engine::ruleset::{self, Event, EventKind};
use crate::engine::state::{Attr, GameState, PieceId, Place};
use crate::engine::verdict::Reason;
use crate::vocab::card_rulings::Aspect;

const RESOLUTION: &str = "dilemma resolution";
const SUMMARY: &str = "dilemma resolution - summary";
const DUAL_PERSONNEL: &str = "dual-personnel cards";

/// Where the dilemma is met and who meets it.
#[derive(Clone)]
struct Facing {
    group: Vec<usize>,
    ship_crew: Vec<usize>,
    setting: Option<Setting>,
    /// Equipment with the group and the ship it is aboard ("2 hand
    /// weapons", "a Cloaking Device").
    cards: Vec<usize>,
    /// The location where the dilemma is met.
    location: Option<usize>,
}

impl Facing {
    /// Does the group (with its ship's crew for "aboard your ship") meet `req`?
    fn unmet(&self, state: &GameState, req: &Requirement, members: &[usize]) -> Vec<String> {
        let cards: Vec<Card> = members.iter().map(|&p| state.card_in_play(p)).collect();
        let refs: Vec<&Card> = cards.iter().collect();
        let crew: Vec<Card> = self
            .ship_crew
            .iter()
            .map(|&p| state.card_in_play(p))
            .collect();
        let crew_refs: Vec<&Card> = crew.iter().collect();
        let cards: Vec<Card> = self.cards.iter().map(|&p| state.card_in_play(p)).collect();
        let card_refs: Vec<&Card> = cards.iter().collect();
        let printed: Vec<Card> = members
            .iter()
            .map(|&p| crate::engine::derived::printed_card(state, p))
            .collect();
        let printed: Vec<&Card> = printed.iter().collect();
        requirements::evaluate_in(
            req,
            &Encounter {
                group: &refs,
                ship_crew: (!crew.is_empty()).then_some(crew_refs.as_slice()),
                setting: self.setting,
                cards: &card_refs,
                mission: self
                    .location
                    .and_then(|l| state.locations.get(l))
                    .map(|l| &l.mission),
                game: self.game_facts(state),
                printed: Some(&printed),
            },
        )
    }

    /// What a computed threshold reads of the game here: the other missions
    /// in the region of the mission where the group stands (none outside a
    /// region).
    fn game_facts(&self, state: &GameState) -> GameFacts {
        // A location the state does not hold (a bare test fixture) is in no region.
        let region = |l: usize| {
            state
                .locations
                .get(l)
                .and_then(|loc| loc.mission.region.clone())
                .filter(|r| !r.is_empty())
        };
        let others = self.location.map(|here| match region(here) {
            None => 0,
            Some(r) => (0..state.locations.len())
                .filter(|&l| l != here && region(l).is_some_and(|o| o.eq_ignore_ascii_case(&r)))
                .count() as i32,
        });
        let player = self
            .group
            .first()
            .map(|&p| state.pieces[p].controller.clone());
        GameFacts {
            other_missions_in_region: others,
            player_points: player
                .as_ref()
                .map(|p| super::winning::Score::of(state, p, &mut Vec::new()).total()),
            cards_in_hand: player.map(|p| state.cards_in_hand(&p)),
            began_with: self
                .location
                .and_then(|l| state.locations.get(l))
                .and_then(|l| l.attempt_began_with)
                .map(|n| n as i32),
        }
    }

    fn meets(&self, state: &GameState, req: &Requirement, members: &[usize]) -> bool {
        self.unmet(state, req, members).is_empty()
    }
}

/// What `group` misses of `req` where it stands: with the equipment and
/// ship with it and the mission of its location (a mission's requirements:
/// "2 hand weapons", "RANGE + WEAPONS + SHIELDS>25").
pub fn unmet_where_they_stand(
    state: &GameState,
    req: &Requirement,
    group: &[usize],
) -> Vec<String> {
    let facing = Facing {
        group: group.to_vec(),
        ship_crew: Vec::new(),
        setting: setting(state, group),
        cards: cards_with(state, group),
        location: group.first().and_then(|&p| state.location_of(p)),
    };
    facing.unmet(state, req, group)
}

/// The event of the card-specific ruling on `aspect` of the dilemma, when
/// the Current Rulings settle it (`glossary/card-rulings.toml`).
fn ruled(d: &CompiledDilemma, aspect: Aspect, what: &str) -> Option<Event> {
    Reason::card_ruling(&d.title, aspect, format!("{}: {what}", d.title)).map(|reason| Event {
        kind: EventKind::Reading,
        reason,
    })
}

/// Apply the encounter of `dilemma` by `group` (the usable personnel of the
/// crew or Away Team facing it).
pub fn encounter(
    state: &mut GameState,
    dilemma: &Card,
    group: &[usize],
    ship: Option<usize>,
) -> Vec<Event> {
    if let Some(flash) = super::q_flash::encounter_q_flash(state, dilemma, group, ship) {
        return flash;
    }
    let d = compile_dilemma(&dilemma.title, &dilemma.text);
    match super::scouting::borg_scouting(state, dilemma, &d, group) {
        Some(Err(discarded)) => discarded,
        Some(Ok(scouting)) => {
            let mut events = vec![scouting];
            events.extend(face(state, &d, group, ship));
            events
        }
        None => face(state, &d, group, ship),
    }
}

/// Face a compiled dilemma; a combo's second half is faced once the first
/// half lets the attempt go on: "if you meet the conditions of the first
/// half, you continue on to face the second half; if not, you place the
/// card back under the mission" (Glossary "combo dilemma").
fn face(
    state: &mut GameState,
    d: &CompiledDilemma,
    group: &[usize],
    ship: Option<usize>,
) -> Vec<Event> {
    let mut events = face_half(state, d, group, ship);
    let Some(second) = &d.second_half else {
        return events;
    };
    let goes_on = ruleset::has(&events, &EventKind::AttemptContinues)
        && !ruleset::has(&events, &EventKind::AttemptEnds);
    if !goes_on {
        return events;
    }
    // The first half is set aside, not discarded: the card is one dilemma.
    events.retain(|e| {
        !matches!(
            e.kind,
            EventKind::AttemptContinues | EventKind::DilemmaDiscarded
        )
    });
    let remaining: Vec<usize> = group
        .iter()
        .copied()
        .filter(|&p| state.in_play(p) && !state.is_stopped(p))
        .collect();
    events.push(event(
        EventKind::Reading,
        format!(
            "{} goes on: the crew or Away Team faces {}",
            d.title, second.title
        ),
        "combo dilemma",
    ));
    events.extend(face(state, second, &remaining, ship));
    events
}

/// Face one dilemma (or one half of a combo).
fn face_half(
    state: &mut GameState,
    d: &CompiledDilemma,
    group: &[usize],
    ship: Option<usize>,
) -> Vec<Event> {
    let facing = Facing {
        group: group.to_vec(),
        ship_crew: ship_crew(state, group, ship),
        setting: setting(state, group),
        cards: cards_with(state, group),
        location: group.first().and_then(|&p| state.location_of(p)),
    };
    let mut events: Vec<Event> = d
        .unread
        .iter()
        .map(|u| {
            fact(
                EventKind::NotModelled(u.clone()),
                format!("{} text not compiled: {u}", d.title),
            )
        })
        .collect();
    events.extend(ruled(d, Aspect::Text, "its text as corrected"));
    // A trigger, or targets with specific features, decide whether it has
    // any effect: a ruling on what must be present is read with them.
    if d.trigger.is_some() || d.effects.iter().any(|e| e.victims.filter.is_some()) {
        events.extend(ruled(
            d,
            Aspect::Trigger,
            "what must be present for it to have any effect",
        ));
    }
    if let Some(discarded) = without_trigger(state, d, &facing) {
        events.extend(discarded);
        return events;
    }
    if let Some(nullified) = nullified(state, d, &facing) {
        events.extend(nullified);
        return events;
    }
    events.push(event(
        EventKind::ResponseWindow(Action {
            kind: "encounter dilemma".into(),
            card: Some(d.title.clone()),
            step: Step::Initiated,
            ..Action::default()
        }),
        format!("{} is encountered: its targets are chosen and its conditions checked; it may now be responded to", d.title),
        "actions – step 1: initiation",
    ));
    if d.unread_conditions {
        events.push(fact(
            EventKind::ConditionsUnknown,
            format!("{} has conditions the engine cannot read", d.title),
        ));
        return events;
    }
    match &d.conditions {
        Some(req) => with_conditions(state, d, req, &facing, ship, &mut events),
        None => without_conditions(state, d, &facing, ship, &mut events),
    }
    if let Some(cure) = &d.cure {
        events.push(fact(
            EventKind::NotModelled(format!("cure: {}", cure_text(cure))),
            format!(
                "{} has a cure: it takes effect first, then is cured if the cure is present",
                d.title
            ),
        ));
    }
    events
}

fn cure_text(n: &Nullifier) -> String {
    match n {
        Nullifier::Present(r) => r.to_string(),
        Nullifier::Action(a) => a.clone(),
    }
}

/// Step 1: "If a required trigger is not present (and there is no
/// "otherwise" clause), OR if the dilemma specifies targets with specific
/// features, and no such target is present, discard the dilemma".
fn without_trigger(state: &mut GameState, d: &CompiledDilemma, f: &Facing) -> Option<Vec<Event>> {
    if let Some(t) = &d.trigger {
        if !f.meets(state, t, &f.group) {
            let absent = format!("{}'s trigger ({t}) is not present", d.title);
            if d.otherwise.is_empty() {
                return Some(discard_without_effect(d, absent));
            }
            let mut events = vec![event(
                EventKind::TriggerAbsent,
                format!("{absent}: its \"Otherwise\" clause applies"),
                RESOLUTION,
            )];
            for e in &d.otherwise {
                events.extend(apply_effect(state, d, e, f, None));
            }
            events.push(event(
                EventKind::DilemmaDiscarded,
                "a dilemma without conditions is discarded after its instructions",
                SUMMARY,
            ));
            events.push(event(
                EventKind::AttemptContinues,
                "the remaining personnel continue the mission attempt",
                SUMMARY,
            ));
            return Some(events);
        }
    }
    let featured: Vec<&DilemmaEffect> = d
        .effects
        .iter()
        .filter(|e| {
            e.victims.scope == Scope::Facing && e.victims.filter.is_some() && !is_such(d, e)
        })
        .collect();
    // Targets with specific features decide for the whole dilemma: with
    // none of them present it is discarded without effect, including the
    // instructions that follow them ("Until then, all your personnel ...").
    let no_target = !featured.is_empty()
        && d.conditions.is_none()
        && featured.iter().all(|e| eligible(state, e, f).is_empty());
    no_target.then(|| {
        discard_without_effect(
            d,
            format!(
                "no one facing {} has the features its targets must have",
                d.title
            ),
        )
    })
}

/// An effect that falls only once the conditions are met: on "such
/// personnel" as meet them, or the price of getting past.
fn is_such(d: &CompiledDilemma, e: &DilemmaEffect) -> bool {
    e.stage == Stage::Passage || (d.conditions.is_some() && e.victims.filter == d.conditions)
}

fn discard_without_effect(d: &CompiledDilemma, why: String) -> Vec<Event> {
    vec![
        // "Triggers" and "Targets" of "dilemma resolution": discard at once.
        event(EventKind::TriggerAbsent, why, RESOLUTION),
        event(
            EventKind::DilemmaDiscarded,
            format!("{} is discarded without further effect", d.title),
            SUMMARY,
        ),
        event(
            EventKind::AttemptContinues,
            "the mission attempt continues",
            SUMMARY,
        ),
    ]
}

/// Step 4, checked before any effect: a nullifier present discards the
/// dilemma; one that is a card play or action is only named.
fn nullified(state: &GameState, d: &CompiledDilemma, f: &Facing) -> Option<Vec<Event>> {
    for n in &d.nullifiers {
        if let Nullifier::Present(req) = n {
            if f.meets(state, req, &f.group) {
                return Some(vec![
                    event(
                        EventKind::Nullified,
                        format!("{req} is present: {} is nullified", d.title),
                        RESOLUTION,
                    ),
                    event(
                        EventKind::DilemmaDiscarded,
                        "a nullified dilemma is discarded without effect",
                        SUMMARY,
                    ),
                    event(
                        EventKind::AttemptContinues,
                        "the mission attempt continues",
                        SUMMARY,
                    ),
                ]);
            }
        }
    }
    None
}

/// Step 2: a dilemma with conditions.
fn with_conditions(
    state: &mut GameState,
    d: &CompiledDilemma,
    req: &Requirement,
    f: &Facing,
    ship: Option<usize>,
    events: &mut Vec<Event>,
) {
    // Its targets are chosen (and what befalls them as they are selected
    // happens) before the conditions are checked.
    for e in d.effects.iter().filter(|e| e.stage == Stage::Targeting) {
        events.extend(apply_effect(state, d, e, f, ship));
    }
    // "To get past requires X": effects written beside the conditions happen
    // in any case, and the conditions are checked on who remains.
    let mut f = f.clone();
    if d.form == ConditionForm::ToGetPast {
        let beside: Vec<&DilemmaEffect> = results(d).filter(|e| !is_such(d, e)).collect();
        if !instructions(state, d, &beside, &f, ship, events) {
            return;
        }
        f.group
            .retain(|&p| !state.is_stopped(p) && state.in_play(p));
    }
    events.extend(ruled(d, Aspect::Requirements, "its conditions"));
    // "unless their combined CUNNING>15": the victims meet them alone
    if let Some(e) = d.of_victims.and_then(|i| d.effects.get(i)) {
        match decided_victims(state, e, &f) {
            // a target with specific features absent: discarded without effect
            Ok(victims) if victims.is_empty() => {
                let why = format!("no one facing {} can be its victim", d.title);
                return events.extend(discard_without_effect(d, why));
            }
            Ok(victims) => f.group = victims,
            Err(pending) => return events.push(*pending),
        }
    }
    // Who a selection stopped takes no further part ("dilemma resolution").
    let meeting: Vec<usize> = f
        .group
        .iter()
        .copied()
        .filter(|&p| !state.is_stopped(p) && state.in_play(p))
        .collect();
    let unmet = f.unmet(state, req, &meeting);
    let unknown = req.unknown_fact(&f.game_facts(state));
    if let Some(fact) = unknown.filter(|_| !unmet.is_empty()) {
        return events.push(event(
            EventKind::ConditionsUnknown,
            format!("{} conditions: {req}; whether they are met depends on {fact}, which the state does not say", d.title),
            RESOLUTION,
        ));
    }
    events.extend(how_met(state, req, &meeting));
    if unmet.is_empty() {
        events.push(event(
            EventKind::ConditionsMet,
            format!("{} conditions: {req}; the group meets them and automatically overcomes the dilemma", d.title),
            RESOLUTION,
        ));
        for e in d.effects.iter().filter(|e| is_such(d, e)) {
            if e.stage == Stage::Passage {
                events.push(event(
                    EventKind::Reading,
                    format!("to get past {}, who must be present - the conditions - must also be {}: the price of getting past", d.title, e.verb),
                    RESOLUTION,
                ));
            }
            events.extend(apply_effect(state, d, e, &f, ship));
        }
        events.push(event(
            EventKind::DilemmaDiscarded,
            "an overcome dilemma is discarded (to the bonus point area if it has a point box)",
            SUMMARY,
        ));
        events.push(event(
            EventKind::AttemptContinues,
            "the crew or Away Team must proceed with the mission attempt",
            SUMMARY,
        ));
        return;
    }
    events.push(event(
        EventKind::ConditionsFailed(unmet.clone()),
        format!(
            "{} conditions: {req}; the group fails them ({})",
            d.title,
            unmet.join("; ")
        ),
        RESOLUTION,
    ));
    if d.form == ConditionForm::Unless {
        let all: Vec<&DilemmaEffect> = results(d).collect();
        if !instructions(state, d, &all, &f, ship, events) {
            return;
        }
    }
    if d.afterwards.mission_continues {
        events.push(event(
            EventKind::AttemptContinues,
            format!("{} says \"mission continues\"", d.title),
            SUMMARY,
        ));
    } else {
        events.extend(ruled(d, Aspect::Affected, "who failing it stops"));
        for &p in &f.group {
            if state.in_play(p) && !state.is_stopped(p) {
                events.push(suffer(state, "stop", p, "failing to overcome a dilemma with conditions stops the entire Away Team or crew", "stopped"));
            }
        }
        events.push(event(
            EventKind::AttemptEnds,
            "the Away Team or ship and crew are \"stopped\" and the mission attempt ends",
            SUMMARY,
        ));
    }
    events.push(where_it_goes(d));
}

/// The effects carried out after the targets are chosen.
fn results(d: &CompiledDilemma) -> impl Iterator<Item = &DilemmaEffect> {
    d.effects.iter().filter(|e| e.stage != Stage::Targeting)
}

/// How the group meets conditions or not: any of its members may be used
/// ("meeting requirements"), and each deciding term is met as its entry says.
fn how_met(state: &GameState, req: &Requirement, group: &[usize]) -> Vec<Event> {
    let cards: Vec<Card> = group.iter().map(|&p| state.card_in_play(p)).collect();
    let refs: Vec<&Card> = cards.iter().collect();
    let grounds = requirements::grounds::grounds(req, &refs);
    let any_member = event(
        EventKind::Reading,
        "the crew or Away Team may use any of its members to meet the conditions",
        "meeting requirements",
    );
    std::iter::once(any_member)
        .chain(
            requirements::grounds::reasons(&grounds, &refs)
                .into_iter()
                .map(|reason| Event {
                    kind: EventKind::Reading,
                    reason,
                }),
        )
        .collect()
}

/// Where a dilemma whose conditions were not met goes.
fn where_it_goes(d: &CompiledDilemma) -> Event {
    if let Some(place) = &d.afterwards.enters_play {
        return event(
            EventKind::DilemmaEntersPlay(place.clone()),
            format!("{} enters play ({place})", d.title),
            RESOLUTION,
        );
    }
    if d.afterwards.discard || d.afterwards.mission_continues {
        return event(
            EventKind::DilemmaDiscarded,
            format!(
                "{} says \"discard dilemma\" or \"mission continues\": it is discarded",
                d.title
            ),
            RESOLUTION,
        );
    }
    event(
        EventKind::DilemmaReplaced,
        format!(
            "{} is replaced under the mission, to be encountered again",
            d.title
        ),
        SUMMARY,
    )
}

/// The dilemma's instructions, or the price the player may pay instead
/// ("unless you \"stop\" a personnel with Biology or MEDICAL"): with no one
/// able to pay it, the effects happen; a payer the scenario selected pays
/// it; else the player's choice is still to be made (`false`: resolution
/// waits on it). `effects` are the instructions this step carries out.
fn instructions(
    state: &mut GameState,
    d: &CompiledDilemma,
    effects: &[&DilemmaEffect],
    f: &Facing,
    ship: Option<usize>,
    events: &mut Vec<Event>,
) -> bool {
    if !d.options.is_empty() {
        for e in effects {
            events.extend(apply_effect(state, d, e, f, ship));
        }
        events.push(options_pending(d));
        return false;
    }
    let Some(choice) = &d.choice else {
        for e in effects {
            events.extend(apply_effect(state, d, e, f, ship));
        }
        return true;
    };
    let payers: Vec<usize> = f
        .group
        .iter()
        .copied()
        .filter(|&p| f.meets(state, &choice.who, &[p]))
        .collect();
    let price = format!("{} ({} {})", d.title, choice.verb, choice.who);
    if payers.is_empty() {
        events.push(event(
            EventKind::Reading,
            format!("no one facing {price} can be selected to pay its price: its effects happen"),
            "selections",
        ));
        for e in effects {
            events.extend(apply_effect(state, d, e, f, ship));
        }
        return true;
    }
    let Some(&payer) = payers.iter().find(|p| state.selected.contains(p)) else {
        events.push(event(
            EventKind::ChoicePending {
                verb: choice.verb.clone(),
                among: payers,
            },
            format!("{price}: whether the player pays the price instead of its effects, and with whom, is the choice of the player encountering it, which the scenario does not make"),
            "selections",
        ));
        return false;
    };
    let why = format!("the player chose to pay the price of {price}");
    events.push(suffer(state, &choice.verb, payer, &why, "selections"));
    true
}

/// "opponent may choose to discard two females (random selection) OR male
/// with most [*] icons": which option happens is a player's choice the
/// state does not make (Glossary "selections").
fn options_pending(d: &CompiledDilemma) -> Event {
    let by = d
        .options_by
        .as_ref()
        .map_or("a player's choice".to_string(), Selection::name);
    let each: Vec<String> = d
        .options
        .iter()
        .map(|e| match &e.victims.filter {
            Some(kind) => format!("{} {kind}", e.verb),
            None => e.verb.clone(),
        })
        .collect();
    event(
        EventKind::ChoicePending {
            verb: "choose".into(),
            among: vec![],
        },
        format!(
            "{}: which of its options happens ({}) is {by}, a choice the scenario does not make",
            d.title,
            each.join(" OR ")
        ),
        "selections",
    )
}

/// Step 3: a dilemma without conditions.
fn without_conditions(
    state: &mut GameState,
    d: &CompiledDilemma,
    f: &Facing,
    ship: Option<usize>,
    events: &mut Vec<Event>,
) {
    let all: Vec<&DilemmaEffect> = d.effects.iter().collect();
    if !instructions(state, d, &all, f, ship, events) {
        return;
    }
    if d.afterwards.attempt_ends {
        events.push(event(
            EventKind::AttemptEnds,
            format!("{} says \"attempt ends\": the attempt ends, and no one is \"stopped\" unless it says so", d.title),
            RESOLUTION,
        ));
    } else if !d.says_it_stops() {
        events.push(event(
            EventKind::AttemptContinues,
            format!("{} has no conditions and does not say it stops anyone: the remaining personnel continue", d.title),
            RESOLUTION,
        ));
    }
    events.push(match &d.afterwards.enters_play {
        Some(place) => event(
            EventKind::DilemmaEntersPlay(place.clone()),
            format!("{} enters play ({place})", d.title),
            RESOLUTION,
        ),
        None => event(
            EventKind::DilemmaDiscarded,
            "a dilemma without conditions is discarded after its instructions",
            SUMMARY,
        ),
    });
}

/// The personnel facing the dilemma who have an effect's specific features.
fn eligible(state: &GameState, e: &DilemmaEffect, f: &Facing) -> Vec<usize> {
    f.group
        .iter()
        .copied()
        .filter(|&p| state.in_play(p))
        .filter(|&p| {
            e.victims
                .filter
                .as_ref()
                .is_none_or(|r| f.meets(state, r, &[p]))
        })
        .collect()
}

/// How victims are selected, and the entry giving that rule: a tie for a
/// superlative is the opponent's choice ("ties"); any other selection,
/// random, a player's choice or unstated, is the Glossary's "selections"
/// ("random selection" only refers there).
fn selection_rule(selection: Option<&Selection>) -> (String, &'static str) {
    match selection {
        Some(Selection::Superlative(_)) => ("opponent's choice (tie)".into(), "ties"),
        Some(s) => (s.name(), "selections"),
        None => ("your choice".into(), "selections"),
    }
}

/// Carry out one effect on the group facing the dilemma.
fn apply_effect(
    state: &mut GameState,
    d: &CompiledDilemma,
    e: &DilemmaEffect,
    f: &Facing,
    ship: Option<usize>,
) -> Vec<Event> {
    // "Planet mission: kills entire Away Team": not in space.
    if let (Some(only), Some(here)) = (e.at, f.setting) {
        if only != here {
            return Vec::new();
        }
    }
    if let Some(when) = &e.when {
        if !f.meets(state, when, &f.group) {
            return vec![fact(
                EventKind::NotModelled(String::new()),
                format!("{} {}s only if {when}: it does not hold", d.title, e.verb),
            )];
        }
    }
    // Two sets of conditions: each governs its own effects.
    if let Some(set) = e.unless.as_ref().filter(|u| f.meets(state, u, &f.group)) {
        return vec![event(
            EventKind::Reading,
            format!("{} {}s unless {set}: the group meets it", d.title, e.verb),
            RESOLUTION,
        )];
    }
    let others;
    let f = match beyond_earlier(state, d, e, f) {
        Ok(None) => f,
        Ok(Some(rest)) => {
            others = rest;
            &others
        }
        Err(decided) => return vec![*decided],
    };
    let why = format!("{} {}s", d.title, e.verb);
    match &e.victims.scope {
        Scope::Ship => on_ship(state, e, f, ship, &why),
        Scope::Broader(what) => vec![fact(
            EventKind::NotModelled(why.clone()),
            format!("{why} cards {what}, beyond the group facing it"),
        )],
        Scope::Facing => on_group(state, e, f, &why),
    }
}

/// "If that personnel has Leadership, two additional SECURITY personnel
/// are stopped": the group without the victims of the earlier effect when
/// they pass its test; the event deciding otherwise (they fail it, or a
/// selection the state does not make picks them).
fn beyond_earlier(
    state: &GameState,
    d: &CompiledDilemma,
    e: &DilemmaEffect,
    f: &Facing,
) -> Result<Option<Facing>, Box<Event>> {
    let Some((earlier, test)) = &e.if_earlier else {
        return Ok(None);
    };
    let Some(first) = d.effects.get(*earlier) else {
        return Ok(None);
    };
    let before = decided_victims(state, first, f)?;
    if !f.meets(state, test, &before) {
        let why = format!(
            "{} {}s only if the personnel its {} fell on meets {test}: they do not",
            d.title, e.verb, first.verb
        );
        return Err(Box::new(event(EventKind::Reading, why, RESOLUTION)));
    }
    let mut rest = f.clone();
    rest.group.retain(|p| !before.contains(p));
    Ok(Some(rest))
}

/// The ship a dilemma names ("Ship damaged", "destroys one ship here"):
/// the ship the crew is aboard, or, for an Away Team on a planet, its
/// player's ships at the location; which of several is a selection the
/// state does not make unless the scenario made it.
fn on_ship(
    state: &mut GameState,
    e: &DilemmaEffect,
    f: &Facing,
    ship: Option<usize>,
    why: &str,
) -> Vec<Event> {
    let ships = ships_facing(state, f, ship);
    let chosen = match ships.as_slice() {
        [] => {
            return vec![fact(
                EventKind::NotModelled(why.to_string()),
                format!("{why} a ship, and the group has none here"),
            )]
        }
        [one] => *one,
        many => match selection_made(state, many, 1) {
            Some(made) => made[0],
            None => {
                let what = format!("{why} one of {} ships here", many.len());
                return vec![pending(e, 1, many, &what)];
            }
        },
    };
    hit_ship(state, &e.verb, chosen, why)
}

/// The ships a dilemma's "ship" may be: the one given, the one the crew is
/// aboard, else the Away Team's player's ships at its location.
fn ships_facing(state: &GameState, f: &Facing, ship: Option<usize>) -> Vec<usize> {
    let is_ship = |i: usize| state.pieces[i].card.card_type == CardType::Ship;
    if let Some(s) = ship {
        return vec![s];
    }
    let mut aboard: Vec<usize> = f
        .group
        .iter()
        .filter_map(|&p| match state.pieces[p].at {
            Place::Aboard(c) if is_ship(c) => Some(c),
            _ => None,
        })
        .collect();
    aboard.dedup();
    if !aboard.is_empty() {
        return aboard;
    }
    let Some(first) = f.group.first() else {
        return aboard;
    };
    let owner = &state.pieces[*first].controller;
    (0..state.pieces.len())
        .filter(|&i| is_ship(i) && state.in_play(i) && &state.pieces[i].controller == owner)
        .filter(|&i| f.location.is_some() && state.location_of(i) == f.location)
        .collect()
}

/// A dilemma's damage is rotation damage (Glossary "dilemma resolution":
/// "apply ... \"rotation\" damage"): RANGE 5, HULL -50%; a ship damaged
/// again before it is repaired is destroyed ("damage"), and the cards
/// aboard a destroyed ship go with it.
fn hit_ship(state: &mut GameState, verb: &str, s: usize, why: &str) -> Vec<Event> {
    let again = verb == "damage" && state.pieces[s].status.damaged;
    if verb == "damage" && !again {
        let why = format!("{why} (rotation damage: RANGE 5, HULL -50%)");
        return vec![suffer(state, verb, s, &why, RESOLUTION)];
    }
    if verb != "destroy" && !again {
        return vec![suffer(state, verb, s, why, deciding(verb))];
    }
    if again {
        let why = format!(
            "{why}: damaged again before it is repaired, the further HULL -50% destroys it"
        );
        return super::destroy(state, s, &why, "damage");
    }
    super::destroy(state, s, why, RESOLUTION)
}

/// The entry deciding what an effect does to a card: the Glossary's entry
/// on the state it leaves the card in ("quarantine", "stasis"), else
/// "dilemma resolution".
fn deciding(verb: &str) -> &'static str {
    crate::engine::abilities::lexicon::Lexicon::get()
        .state_entry(verb)
        .unwrap_or(RESOLUTION)
}

/// A selection counts a dual-personnel card as one card and its result
/// falls on both personnel (Glossary "dual-personnel cards": "Select one
/// card; both personnel will die").
fn dual_selected(state: &GameState, p: usize) -> Option<Event> {
    let piece = &state.pieces[p];
    crate::cards::persona::is_dual(&piece.card).then(|| {
        let why = format!(
            "{} is a dual-personnel card: selected as one card, and what befalls it befalls both its personnel",
            piece.handle
        );
        event(EventKind::Reading, why, DUAL_PERSONNEL)
    })
}

/// The victims among the group: all of them, a number chosen by a
/// selection the state does not make, or the one a superlative names.
fn on_group(state: &mut GameState, e: &DilemmaEffect, f: &Facing, why: &str) -> Vec<Event> {
    let among = eligible(state, e, f);
    if among.is_empty() {
        return vec![event(
            EventKind::NotModelled(String::new()),
            format!("{why}: no one facing it can be affected"),
            RESOLUTION,
        )];
    }
    let count = victim_count(e, among.len());
    let chosen = match &e.victims.selection {
        Some(Selection::Superlative(s)) => superlative(state, s, &among),
        _ if count >= among.len() => among.clone(),
        _ => vec![],
    };
    if chosen.len() > count || (chosen.is_empty() && count > 0) {
        let pool = if chosen.is_empty() { among } else { chosen };
        let (how, entry) = selection_rule(e.victims.selection.as_ref());
        if let Some(made) = selection_made(state, &pool, count) {
            let names: Vec<&str> = made
                .iter()
                .map(|&p| state.pieces[p].handle.as_str())
                .collect();
            let mut out = vec![event(
                EventKind::Reading,
                format!(
                    "{why} {count} of {} personnel ({how}): the selection picked {}",
                    pool.len(),
                    names.join(", ")
                ),
                entry,
            )];
            out.extend(made.iter().filter_map(|&p| dual_selected(state, p)));
            if let Some(spared) = untested(state, e, f, &made, why) {
                out.push(spared);
                return out;
            }
            out.extend(
                made.iter()
                    .map(|&p| suffer(state, &e.verb, p, why, deciding(&e.verb))),
            );
            return out;
        }
        let what = format!("{why} {count} of {} personnel", pool.len());
        return vec![pending(e, count, &pool, &what)];
    }
    if let Some(spared) = untested(state, e, f, &chosen, why) {
        return vec![spared];
    }
    let mut out: Vec<Event> = chosen
        .iter()
        .map(|&p| suffer(state, &e.verb, p, why, deciding(&e.verb)))
        .collect();
    if let (Some(spared), true) = (&e.victims.spared, chosen.len() > 1) {
        out.push(event(
            EventKind::Selection {
                verb: "continue".into(),
                count: spared.count as usize,
                among: chosen.clone(),
                how: spared.selection.name(),
            },
            format!(
                "but {} of them continues ({})",
                spared.count,
                spared.selection.name()
            ),
            "selections",
        ));
    }
    out
}

/// "If any of those personnel has ENGINEER, all of them are stopped": the
/// victims selected fail the effect's test of them, and it does not happen.
fn untested(
    state: &GameState,
    e: &DilemmaEffect,
    f: &Facing,
    victims: &[usize],
    why: &str,
) -> Option<Event> {
    let test = e.if_victims.as_ref()?;
    (!f.meets(state, test, victims)).then(|| {
        let why = format!("{why} only if, of those selected, {test}: they do not");
        event(EventKind::Reading, why, RESOLUTION)
    })
}

/// How many of `eligible` cards an effect falls on.
fn victim_count(e: &DilemmaEffect, eligible: usize) -> usize {
    match e.victims.count {
        Count::Exactly(n) => n as usize,
        Count::ByGroup {
            count,
            larger,
            over,
        } => match eligible > over as usize {
            true => larger as usize,
            false => count as usize,
        },
        Count::Half => eligible / 2,
        Count::All => eligible,
        Count::Unstated if e.victims.selection.is_some() => 1,
        Count::Unstated => eligible,
    }
}

/// The victims of an effect when the selection is already decided: all
/// the eligible when they are no more than its count ("it selects that
/// one"), else those the scenario selected; else the selection the state
/// does not make.
fn decided_victims(
    state: &GameState,
    e: &DilemmaEffect,
    f: &Facing,
) -> Result<Vec<usize>, Box<Event>> {
    let pool = eligible(state, e, f);
    let count = victim_count(e, pool.len());
    if count >= pool.len() {
        return Ok(pool);
    }
    if let Some(made) = selection_made(state, &pool, count) {
        return Ok(made);
    }
    if let Some(Selection::Superlative(what)) = &e.victims.selection {
        if let Some(picked) = superlative_pick(state, what, &pool, count) {
            return Ok(picked);
        }
    }
    let what = format!(
        "its conditions are met by the {count} selected of {} personnel alone",
        pool.len()
    );
    Err(Box::new(pending(e, count, &pool, &what)))
}

/// `count` of `among` are to suffer the effect by a selection the state does
/// not make: the event saying so, citing the entry on that selection.
fn pending(e: &DilemmaEffect, count: usize, among: &[usize], what: &str) -> Event {
    let (how, entry) = selection_rule(e.victims.selection.as_ref());
    event(
        EventKind::Selection {
            verb: e.verb.clone(),
            count,
            among: among.to_vec(),
            how: how.clone(),
        },
        format!("{what} ({how}), a selection the state does not make"),
        entry,
    )
}

/// The cards of `pool` a selection already made picked, when they are as
/// many as the selection takes (else the selection is still to be made).
fn selection_made(state: &GameState, pool: &[usize], count: usize) -> Option<Vec<usize>> {
    let made: Vec<usize> = pool
        .iter()
        .copied()
        .filter(|p| state.selected.contains(p))
        .collect();
    (!made.is_empty() && made.len() == count).then_some(made)
}

/// The `count` personnel a superlative picks ("two strongest members"):
/// the most extreme first, unless a tie at the cut leaves the pick to a
/// choice (Glossary "ties").
fn superlative_pick(
    state: &GameState,
    what: &str,
    among: &[usize],
    count: usize,
) -> Option<Vec<usize>> {
    let (mut left, mut picked) = (among.to_vec(), Vec::new());
    while picked.len() < count && !left.is_empty() {
        let best = superlative(state, what, &left);
        if picked.len() + best.len() > count {
            return None;
        }
        left.retain(|p| !best.contains(p));
        picked.extend(best);
    }
    Some(picked)
}

/// "highest STRENGTH", "most CUNNING", "lowest INTEGRITY": the personnel
/// tied for the extreme value (all of them when the attribute is unknown).
fn superlative(state: &GameState, what: &str, among: &[usize]) -> Vec<usize> {
    let mut words = what.split_whitespace();
    let how = words.next().unwrap_or_default();
    // "strongest" / "weakest" name STRENGTH themselves.
    let named = matches!(how, "strongest" | "weakest").then_some(Attribute::Strength);
    let Some(attr) = words.next().and_then(Attribute::parse).or(named) else {
        return among.to_vec();
    };
    let attr = match attr {
        Attribute::Integrity => Attr::Integrity,
        Attribute::Cunning => Attr::Cunning,
        Attribute::Strength => Attr::Strength,
        Attribute::Range => Attr::Range,
        Attribute::Weapons => Attr::Weapons,
        Attribute::Shields => Attr::Shields,
    };
    let value = |p: usize| state.attribute(PieceId(p), attr);
    let values = among.iter().map(|&p| value(p));
    let best = if matches!(how, "lowest" | "fewest" | "least" | "weakest") {
        values.min()
    } else {
        values.max()
    };
    among
        .iter()
        .copied()
        .filter(|&p| Some(value(p)) == best)
        .collect()
}

/// The cards other than personnel with the group: what is aboard the same
/// carrier or on the same planet (equipment), what is played on a member,
/// and the carrier itself (their ship).
fn cards_with(state: &GameState, group: &[usize]) -> Vec<usize> {
    let mut places: Vec<Place> = group.iter().map(|&p| state.pieces[p].at).collect();
    places.extend(group.iter().map(|&p| Place::Aboard(p)));
    let controllers: Vec<&str> = group
        .iter()
        .map(|&p| state.pieces[p].controller.as_str())
        .collect();
    let mut out: Vec<usize> = (0..state.pieces.len())
        .filter(|&i| !group.contains(&i) && !state.pieces[i].card.is_personnel())
        .filter(|&i| places.contains(&state.pieces[i].at))
        .filter(|&i| controllers.contains(&state.pieces[i].controller.as_str()))
        .collect();
    out.extend(group.iter().filter_map(|&p| match state.pieces[p].at {
        Place::Aboard(c) if state.pieces[c].card.card_type == CardType::Ship => Some(c),
        _ => None,
    }));
    out.sort_unstable();
    out.dedup();
    out
}

/// The crew aboard the ship of an Away Team (or the given ship).
fn ship_crew(state: &GameState, group: &[usize], ship: Option<usize>) -> Vec<usize> {
    let ship = ship.or_else(|| {
        let first = *group.first()?;
        let here = state.location_of(first)?;
        let owner = &state.pieces[first].controller;
        (0..state.pieces.len()).find(|&i| {
            let p = &state.pieces[i];
            p.card.card_type == CardType::Ship
                && &p.controller == owner
                && state.location_of(i) == Some(here)
        })
    });
    ship.map(|s| {
        state
            .crew(s)
            .into_iter()
            .filter(|p| !group.contains(p) && !state.is_stopped(*p))
            .collect()
    })
    .unwrap_or_default()
}

/// Where the group meets the dilemma: on a planet (an Away Team, or aboard a
/// landed ship) or in space; `None` when it is not placed or is split.
fn setting(state: &GameState, group: &[usize]) -> Option<Setting> {
    let mut found = None;
    for &p in group {
        let here = setting_of(state, p)?;
        if found.is_some_and(|f| f != here) {
            return None;
        }
        found = Some(here);
    }
    found
}

fn setting_of(state: &GameState, piece: usize) -> Option<Setting> {
    let mut cur = piece;
    for _ in 0..32 {
        match state.pieces.get(cur)?.at {
            Place::Planet(_) => return Some(Setting::Planet),
            Place::Space(_) => return Some(Setting::Space),
            Place::Aboard(c) => cur = c,
            _ => return None,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::model::Stat;
    use crate::engine::fixture::{location, piece, table};

    /// Personnel of these STRENGTHs on the planet of one location.
    fn strengths(values: &[i32]) -> GameState {
        let mut s = table();
        let l = location(&mut s, "Alpha");
        for (i, &v) in values.iter().enumerate() {
            piece(
                &mut s,
                &format!("p{i}"),
                CardType::Personnel,
                "alice",
                Place::Planet(l),
                |c| {
                    c.str_shd = Some(Stat::Num(v));
                },
            );
        }
        s
    }

    #[test]
    fn the_two_strongest_are_picked_unless_tied_at_the_cut() {
        let s = strengths(&[12, 4, 8]);
        assert_eq!(
            superlative_pick(&s, "strongest members", &[0, 1, 2], 2),
            Some(vec![0, 2])
        );
        let tied = strengths(&[12, 8, 8]);
        assert_eq!(
            superlative_pick(&tied, "strongest members", &[0, 1, 2], 2),
            None
        );
        assert_eq!(
            superlative_pick(&tied, "weakest members", &[0, 1, 2], 2),
            Some(vec![1, 2])
        );
    }
}
