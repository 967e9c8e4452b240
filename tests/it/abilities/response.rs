//! Valid responses and card-play timing on the Glossary's and Current
//! Rulings' own examples, against the real card texts, with near misses.

use crate::support::{card as get, cards as db};
use daystrom::engine::action::{Action, Phase, Step, TurnContext};
use daystrom::engine::response::{can_play, valid_response};
use daystrom::engine::VerdictValue;

fn act(kind: &str) -> Action {
    Action {
        kind: kind.into(),
        ..Action::default()
    }
}

fn play(card: &str) -> Action {
    Action {
        kind: "card play".into(),
        card: Some(card.into()),
        ..Action::default()
    }
}

fn at(mut a: Action, step: Step) -> Action {
    a.step = step;
    a
}

fn within(mut a: Action, parent: Action) -> Action {
    a.parent = Some(Box::new(parent));
    a
}

fn responds(action: &Action, card: &str) -> VerdictValue {
    let v = valid_response(action, get(card), db());
    assert!(!v.citations.is_empty());
    assert!(!v.reasons.is_empty());
    v.value
}

fn borg_ship_attack() -> Action {
    Action {
        kind: "attack".into(),
        by: vec!["Borg Ship".into()],
        ..Action::default()
    }
}

fn encounter(dilemma: &str) -> Action {
    Action {
        kind: "encounter dilemma".into(),
        card: Some(dilemma.into()),
        ..Action::default()
    }
}

#[test]
fn hugh_responds_to_the_borg_ship_attack() {
    assert_eq!(responds(&borg_ship_attack(), "Hugh"), VerdictValue::Yes);
    // The attack is a result of the Borg Ship dilemma just encountered.
    assert_eq!(responds(&encounter("Borg Ship"), "Hugh"), VerdictValue::Yes);
    let v = valid_response(&borg_ship_attack(), get("Hugh"), db());
    assert!(v
        .citations
        .iter()
        .any(|c| c.id == "glossary:actions-step-2-responses"));
}

#[test]
fn hugh_does_not_respond_to_another_attacker_or_dilemma() {
    let other = Action {
        kind: "attack".into(),
        by: vec!["Roga Danar".into()],
        ..Action::default()
    };
    assert_eq!(responds(&other, "Hugh"), VerdictValue::No);
    assert_eq!(responds(&encounter("Nausicaans"), "Hugh"), VerdictValue::No);
}

#[test]
fn temporal_rift_is_useful_but_not_a_response_to_the_borg_ship() {
    assert_eq!(
        responds(&borg_ship_attack(), "Temporal Rift"),
        VerdictValue::No
    );
    assert_eq!(
        responds(&encounter("Borg Ship"), "Temporal Rift"),
        VerdictValue::No
    );
}

#[test]
fn smoke_bomb_and_phaser_burns_respond_to_personnel_battle() {
    let battle = act("personnel battle");
    assert_eq!(responds(&battle, "Smoke Bomb"), VerdictValue::Yes);
    assert_eq!(responds(&battle, "Phaser Burns"), VerdictValue::Yes);
    // Phaser Burns plays during the battle, before the winner: still under way.
    assert_eq!(
        responds(&at(act("personnel battle"), Step::UnderWay), "Phaser Burns"),
        VerdictValue::Yes
    );
}

#[test]
fn near_misses_for_battle_responses() {
    // Smoke Bomb plays at the start of battle only.
    assert_eq!(
        responds(&at(act("personnel battle"), Step::UnderWay), "Smoke Bomb"),
        VerdictValue::No
    );
    // Personnel battle cards do not respond to a ship battle.
    assert_eq!(
        responds(&act("ship battle"), "Smoke Bomb"),
        VerdictValue::No
    );
    assert_eq!(
        responds(&act("ship battle"), "Phaser Burns"),
        VerdictValue::No
    );
    // A ship-battle card does not respond to a personnel battle.
    assert_eq!(
        responds(&act("personnel battle"), "Anti-Matter Spread"),
        VerdictValue::No
    );
    assert_eq!(
        responds(&act("ship battle"), "Anti-Matter Spread"),
        VerdictValue::Yes
    );
}

#[test]
fn going_to_the_top_is_not_a_response_to_personnel_battle() {
    let v = valid_response(&act("personnel battle"), get("Going to the Top"), db());
    assert_eq!(v.value, VerdictValue::No);
    assert!(v.reasons[0].text.contains("does not specifically relate"));
}

#[test]
fn asteroid_sanctuary_cancels_a_ship_battle() {
    // Current Rulings "Asteroid Sanctuary": a valid response to the initiation of a ship battle.
    assert_eq!(
        responds(&act("ship battle"), "Asteroid Sanctuary"),
        VerdictValue::Yes
    );
}

#[test]
fn amanda_rogers_nullifies_an_interrupt_just_played() {
    let palor = play("Palor Toff: Alien Trader");
    assert_eq!(responds(&palor, "Amanda Rogers"), VerdictValue::Yes);
    // Not an event, and not once the play has resolved.
    assert_eq!(
        responds(&play("Kivas Fajo - Collector"), "Amanda Rogers"),
        VerdictValue::No
    );
    assert_eq!(
        responds(&at(palor, Step::Resolved), "Amanda Rogers"),
        VerdictValue::No
    );
}

#[test]
fn countermanda_and_amanda_both_respond_to_palor_toff() {
    let palor = play("Palor Toff: Alien Trader");
    assert_eq!(responds(&palor, "Countermanda"), VerdictValue::Yes);
    assert_eq!(responds(&palor, "Amanda Rogers"), VerdictValue::Yes);
    // Countermanda names Res-Q and Palor Toff only.
    assert_eq!(responds(&play("Hail"), "Countermanda"), VerdictValue::No);
    assert_eq!(responds(&play("Res-Q"), "Countermanda"), VerdictValue::Yes);
}

#[test]
fn howard_heirloom_candle_prevents_anya_morphing_under_you_dirty_rat() {
    let mut rat = play("You Dirty Rat");
    rat.targets = vec!["Anya".into()];
    let v = valid_response(&rat, get("Howard Heirloom Candle"), db());
    assert_eq!(v.value, VerdictValue::Yes, "{:?}", v.reasons);
    assert!(v
        .citations
        .iter()
        .any(|c| c.id == "current-rulings:responses"));
    // On another shape-shifter the candle prevents nothing.
    let mut odo = play("You Dirty Rat");
    odo.targets = vec!["Odo".into()];
    assert_eq!(responds(&odo, "Howard Heirloom Candle"), VerdictValue::No);
}

#[test]
fn android_headlock_and_hypospray_respond_to_a_combat_pairing() {
    let battle = at(act("personnel battle"), Step::UnderWay);
    let pairing = within(act("combat pairing"), battle.clone());
    assert_eq!(responds(&pairing, "Android Headlock"), VerdictValue::Yes);
    assert_eq!(responds(&pairing, "Hypospray"), VerdictValue::Yes);
    let v = valid_response(&pairing, get("Hypospray"), db());
    assert!(
        v.citations.iter().any(|c| c.id == "glossary:actions-group"),
        "{:?}",
        v
    );
    // No pairing yet: Android Headlock has nothing "just engaged" to answer.
    assert_eq!(
        responds(&act("personnel battle"), "Android Headlock"),
        VerdictValue::No
    );
    // A resolved pairing is past "just engaged".
    let done = within(at(act("combat pairing"), Step::Resolved), battle);
    assert_eq!(responds(&done, "Android Headlock"), VerdictValue::No);
}

#[test]
fn particle_fountain_follows_a_just_completed_mission() {
    let solved = at(act("mission attempt"), Step::Resolved);
    assert_eq!(responds(&solved, "Particle Fountain"), VerdictValue::Yes);
    assert_eq!(
        responds(&act("mission attempt"), "Particle Fountain"),
        VerdictValue::No
    );
}

#[test]
fn senior_staff_meeting_responds_to_the_initial_mission_attempt() {
    assert_eq!(
        responds(&act("mission attempt"), "Senior Staff Meeting"),
        VerdictValue::Yes
    );
    assert_eq!(
        responds(&act("personnel battle"), "Senior Staff Meeting"),
        VerdictValue::No
    );
}

#[test]
fn subspace_schism_responds_to_a_card_draw() {
    assert_eq!(
        responds(&act("card draw"), "Subspace Schism"),
        VerdictValue::Yes
    );
    assert_eq!(
        responds(&act("mission attempt"), "Subspace Schism"),
        VerdictValue::No
    );
}

#[test]
fn suspends_play_interrupts_anything() {
    for kind in ["personnel battle", "mission attempt", "card draw"] {
        assert_eq!(
            responds(&act(kind), "Flight of the Intruder"),
            VerdictValue::Yes
        );
        assert_eq!(responds(&act(kind), "Launch Portal"), VerdictValue::Yes);
    }
    let v = valid_response(&act("ship battle"), get("Launch Portal"), db());
    assert!(v.citations.iter().any(|c| c.id == "glossary:suspends-play"));
}

fn my_turn(phase: Phase) -> TurnContext {
    TurnContext {
        phase,
        turn_player: "me".into(),
        player: "me".into(),
        ..TurnContext::default()
    }
}

fn their_turn(phase: Phase) -> TurnContext {
    TurnContext {
        phase,
        turn_player: "them".into(),
        player: "me".into(),
        ..TurnContext::default()
    }
}

fn plays(card: &str, turn: &TurnContext, under_way: Option<&Action>) -> VerdictValue {
    let v = can_play(get(card), turn, under_way, db());
    assert!(!v.citations.is_empty());
    v.value
}

#[test]
fn interrupts_play_on_the_opponents_turn_events_do_not() {
    let t = their_turn(Phase::CardPlay);
    assert_eq!(plays("Kevin Uxbridge", &t, None), VerdictValue::Yes);
    assert_eq!(plays("Red Alert!", &t, None), VerdictValue::No);
    assert_eq!(
        plays("Red Alert!", &my_turn(Phase::CardPlay), None),
        VerdictValue::Yes
    );
    assert_eq!(
        plays("Red Alert!", &my_turn(Phase::ExecuteOrders), None),
        VerdictValue::No
    );
}

#[test]
fn every_turn_and_at_any_time_texts_work_on_the_opponents_turn() {
    let t = their_turn(Phase::ExecuteOrders);
    // "At any time, discard doorway to ..." (Space-Time Portal, Current Rulings).
    assert_eq!(plays("Space-Time Portal", &t, None), VerdictValue::Yes);
    // A doorway with no such words is not.
    assert_eq!(plays("Alternate Universe Door", &t, None), VerdictValue::No);
}

#[test]
fn start_of_battle_cards_need_a_battle() {
    let t = my_turn(Phase::ExecuteOrders);
    assert_eq!(plays("Anti-Matter Spread", &t, None), VerdictValue::No);
    let battle = act("ship battle");
    assert_eq!(
        plays("Anti-Matter Spread", &t, Some(&battle)),
        VerdictValue::Yes
    );
}

#[test]
fn no_plain_interrupts_between_red_alert_reports() {
    // The normal card play, made a group action by Red Alert! in play.
    let group = Action {
        kind: "card play".into(),
        by: vec!["Red Alert!".into()],
        step: Step::UnderWay,
        ..Action::default()
    };
    let mut report = act("report");
    report.card = Some("Data".into());
    let report = within(report, group);
    let t = my_turn(Phase::CardPlay);
    let v = can_play(get("Kevin Uxbridge"), &t, Some(&report), db());
    assert_eq!(v.value, VerdictValue::No);
    assert!(v.citations.iter().any(|c| c.id == "glossary:actions-group"));
    // Something that suspends play still may.
    assert_eq!(
        plays("Flight of the Intruder", &t, Some(&report)),
        VerdictValue::Yes
    );
}

#[test]
fn an_interrupt_during_a_mission_attempt_must_relate_to_it() {
    let attempt = act("mission attempt");
    let t = their_turn(Phase::ExecuteOrders);
    assert_eq!(
        plays("Kevin Uxbridge", &t, Some(&attempt)),
        VerdictValue::No
    );
    assert_eq!(
        plays("Senior Staff Meeting", &t, Some(&attempt)),
        VerdictValue::Yes
    );
}

#[test]
fn dilemmas_seed_rather_than_play() {
    assert_eq!(
        plays("Nausicaans", &my_turn(Phase::CardPlay), None),
        VerdictValue::No
    );
    assert_eq!(
        plays("Nausicaans", &my_turn(Phase::Seed), None),
        VerdictValue::Yes
    );
    assert_eq!(
        plays("Kevin Uxbridge", &my_turn(Phase::Seed), None),
        VerdictValue::No
    );
}

#[test]
fn text_that_does_not_compile_is_undecided_not_guessed() {
    // "Show a personnel from hand. If CUNNING = 7 or 11 ... win points." has no
    // timing or effect the patterns know.
    let v = valid_response(&act("personnel battle"), get("Royale Casino: Craps"), db());
    assert!(
        matches!(v.value, VerdictValue::Undecided(_)),
        "{:?}",
        v.value
    );
    // A card with no game text at all simply does not respond.
    let mut blank = get("Hugh").clone();
    blank.text = String::new();
    assert_eq!(
        valid_response(&borg_ship_attack(), &blank, db()).value,
        VerdictValue::No
    );
}
