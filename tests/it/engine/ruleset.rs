//! Actions applied to the state (engine::ruleset::apply under the First
//! Edition ruleset): the results change the state and each is an event with
//! the Glossary entry that decided it. Real cards from the corpus.

use daystrom::engine::ruleset::{self, affected, has, selection_of, EventKind, GameAction};
use daystrom::engine::state::{GameState, Piece, Place, Status};

/// A state with one mission location and these 1E personnel on its planet
/// (an Away Team), controlled by alice.
fn away_team(titles: &[&str]) -> GameState {
    let pieces = titles
        .iter()
        .map(|t| Piece {
            handle: t.to_string(),
            written: t.to_string(),
            card: crate::support::card(t).clone(),
            owner: "alice".into(),
            controller: "alice".into(),
            at: Place::Planet(0),
            status: Status::default(),
            docked: None,
            mode: None,
            target: None,
        })
        .collect();
    GameState {
        pieces,
        ..GameState::default()
    }
}

fn encounter(state: &mut GameState, dilemma: &str) -> Vec<ruleset::Event> {
    let group = (0..state.pieces.len()).collect();
    ruleset::apply(
        state,
        &GameAction::EncounterDilemma {
            dilemma: Box::new(crate::support::card(dilemma).clone()),
            group,
            ship: None,
        },
    )
}

fn discarded_and_no_one_stopped(events: &[ruleset::Event], state: &GameState) {
    assert!(has(events, &EventKind::DilemmaDiscarded));
    assert!(has(events, &EventKind::AttemptContinues));
    assert!(state.pieces.iter().all(|p| !p.status.stopped));
}

#[test]
fn failing_conditions_stops_the_group_and_replaces_the_dilemma() {
    // Ancient Computer: "Cannot get past unless 2 Computer Skill OR 3 SCIENCE OR 3 ENGINEER present."
    let mut state = away_team(&["Jean-Luc Picard", "William T. Riker"]);
    let events = encounter(&mut state, "Ancient Computer");
    assert!(events
        .iter()
        .any(|e| matches!(e.kind, EventKind::ConditionsFailed(_))));
    assert!(
        state.pieces.iter().all(|p| p.status.stopped),
        "the state changed"
    );
    assert!(has(&events, &EventKind::DilemmaReplaced));
    assert!(has(&events, &EventKind::AttemptEnds));
    let cited: Vec<&str> = events
        .iter()
        .filter_map(|e| e.reason.citation.as_ref().map(|c| c.title.as_str()))
        .collect();
    assert!(cited.contains(&"stopped") && cited.contains(&"dilemma resolution - summary"));
}

#[test]
fn meeting_conditions_discards_and_continues() {
    // Data has Computer Skill x2.
    let mut state = away_team(&["Data", "Jean-Luc Picard"]);
    let events = encounter(&mut state, "Ancient Computer");
    assert!(has(&events, &EventKind::ConditionsMet));
    discarded_and_no_one_stopped(&events, &state);
}

#[test]
fn a_lone_victim_is_killed_and_leaves_play() {
    // Armus: "Kills one Away Team member (random selection). Discard dilemma."
    let mut state = away_team(&["Data"]);
    let events = encounter(&mut state, "Armus - Skin of Evil");
    assert!(affected(&events, "kill", 0));
    assert_eq!(state.pieces[0].at, Place::Discard);
    assert!(has(&events, &EventKind::AttemptContinues));
    // With two, the victim is a random selection the state does not make.
    let mut state = away_team(&["Data", "Jean-Luc Picard"]);
    let events = encounter(&mut state, "Armus - Skin of Evil");
    assert!(selection_of(&events, "kill", 1).is_some());
    assert!(state.pieces.iter().all(|p| p.at == Place::Planet(0)));
}

#[test]
fn a_superlative_picks_the_one_with_the_extreme_value() {
    // Climbing the Ranks: "Kills the highest STRENGTH OFFICER personnel present who does not
    // have Leadership." Picard has Leadership, so he is never the victim.
    let mut state = away_team(&["Jean-Luc Picard", "Data"]);
    let events = encounter(&mut state, "Climbing the Ranks");
    assert!(!affected(&events, "kill", 0));
    // Data: OFFICER without Leadership, the only one: killed.
    assert!(affected(&events, "kill", 1));
}

#[test]
fn an_absent_trigger_discards_without_effect() {
    // Chinese Finger Puzzle: "If android present, crew or Away Team is stopped ..."
    let mut state = away_team(&["Jean-Luc Picard", "William T. Riker"]);
    let events = encounter(&mut state, "Chinese Finger Puzzle");
    assert!(has(&events, &EventKind::TriggerAbsent));
    discarded_and_no_one_stopped(&events, &state);
    let mut state = away_team(&["Jean-Luc Picard", "Data"]);
    let events = encounter(&mut state, "Chinese Finger Puzzle");
    assert!(affected(&events, "stop", 0));
}

/// The entries an encounter's events cite, as `doc:title`.
fn cited(events: &[ruleset::Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| e.reason.citation.as_ref())
        .map(|c| format!("{}:{}", c.doc, c.title))
        .collect()
}

#[test]
fn a_selection_cites_the_selections_entry_and_a_missing_trigger_dilemma_resolution() {
    // "random selection" only says "See selections."
    let mut state = away_team(&["Data", "Jean-Luc Picard"]);
    let events = encounter(&mut state, "Armus - Skin of Evil");
    assert!(cited(&events).contains(&"glossary:selections".to_string()));
    assert!(!cited(&events).contains(&"glossary:random selection".to_string()));
    let mut state = away_team(&["Jean-Luc Picard", "William T. Riker"]);
    let events = encounter(&mut state, "Chinese Finger Puzzle");
    assert!(cited(&events).contains(&"glossary:dilemma resolution".to_string()));
}

#[test]
fn conditions_cite_how_their_terms_are_met() {
    // Ancient Computer: "2 Computer Skill OR 3 SCIENCE OR 3 ENGINEER": multiples.
    let mut state = away_team(&["Jean-Luc Picard", "William T. Riker"]);
    let events = encounter(&mut state, "Ancient Computer");
    let cites = cited(&events);
    assert!(cites.contains(&"glossary:meeting requirements".to_string()));
    assert!(events.iter().any(|e| e.kind == EventKind::Reading
        && e.reason
            .citation
            .as_ref()
            .is_some_and(|c| c.title == "dilemma resolution")));
}

#[test]
fn a_card_specific_ruling_is_cited_only_for_its_card_and_aspect() {
    // glossary/card-rulings.toml: Crisis's ruling settles who failing it stops.
    let mut state = away_team(&["Beverly Crusher", "Data"]);
    let events = encounter(&mut state, "Crisis");
    assert!(has(&events, &EventKind::AttemptEnds));
    assert!(cited(&events).contains(&"current-rulings:Crisis".to_string()));
    // Ancient Computer has no such ruling: no Current Rulings entry is cited.
    let mut state = away_team(&["Jean-Luc Picard", "William T. Riker"]);
    let events = encounter(&mut state, "Ancient Computer");
    assert!(!cited(&events)
        .iter()
        .any(|c| c.starts_with("current-rulings:") && c != "current-rulings:skills vs. lore"));
}

#[test]
fn stop_and_kill_change_the_state() {
    let mut state = away_team(&["Data", "Jean-Luc Picard"]);
    let events = ruleset::apply(&mut state, &GameAction::Stop(vec![0]));
    assert!(state.pieces[0].status.stopped && !state.pieces[1].status.stopped);
    assert!(affected(&events, "stop", 0));
    ruleset::apply(&mut state, &GameAction::Kill(vec![1]));
    assert_eq!(state.pieces[1].at, Place::Discard);
}

#[test]
fn a_personnel_battle_is_won_by_the_higher_strength() {
    let mut state = away_team(&["Worf", "Data", "Jean-Luc Picard"]);
    state.pieces[2].controller = "bob".into();
    let events = ruleset::apply(
        &mut state,
        &GameAction::PersonnelBattle {
            sides: [vec![0, 1], vec![2]],
        },
    );
    assert!(has(
        &events,
        &EventKind::BattleWon("alice".into(), "personnel battle")
    ));
}

#[test]
fn responses_are_keyed_on_the_events_of_an_action() {
    use daystrom::engine::response::valid_response_by;
    use daystrom::engine::verdict::VerdictValue;
    // Glossary "dilemma timing": "Eyes in the Dark is a valid response to any dilemma".
    let mut state = away_team(&["Jean-Luc Picard", "William T. Riker"]);
    let events = encounter(&mut state, "Ancient Computer");
    let windows = ruleset::windows(&events, &state);
    let eyes = crate::support::card("Eyes in the Dark");
    let db = crate::support::cards();
    let encountered = windows
        .iter()
        .find(|a| a.kind == "encounter dilemma")
        .expect("the encounter opens a response window");
    assert_eq!(encountered.card.as_deref(), Some("Ancient Computer"));
    assert_eq!(
        valid_response_by(encountered, eyes, Some("alice"), db).value,
        VerdictValue::Yes
    );
    // The stops that follow are windows of their own, which Eyes in the Dark does not answer.
    let stopped = windows.iter().find(|a| a.kind == "stop").expect("a stop");
    assert_eq!(stopped.targets, vec!["Jean-Luc Picard".to_string()]);
    assert_ne!(
        valid_response_by(stopped, eyes, Some("alice"), db).value,
        VerdictValue::Yes
    );
}

/// Klingon ships (alice) and the Enterprise (bob) in space at one location,
/// each with one crew member; the Hegh'ta is there but stays out of the battle.
fn ships_in_space() -> GameState {
    let mut state = away_team(&[
        "I.K.C. Bortas",
        "Kurn",
        "I.K.C. Vor'Cha",
        "U.S.S. Enterprise",
        "Jean-Luc Picard",
        "I.K.C. Hegh'ta",
    ]);
    let places = [
        Place::Space(0),
        Place::Aboard(0),
        Place::Space(0),
        Place::Space(0),
        Place::Aboard(3),
        Place::Space(0),
    ];
    for (piece, at) in state.pieces.iter_mut().zip(places) {
        piece.at = at;
    }
    for p in [3, 4] {
        state.pieces[p].controller = "bob".into();
    }
    state
}

fn attack(state: &mut GameState, attack_bonus: i32, defense_bonus: i32) -> Vec<ruleset::Event> {
    let engagement = ruleset::Engagement {
        firing: vec![0, 2],
        target: 3,
        attack_bonus,
        defense_bonus,
        cancelled: false,
    };
    ruleset::apply(state, &GameAction::Attack(engagement))
}

fn fired(events: &[ruleset::Event], result: &str) -> bool {
    has(
        events,
        &EventKind::Fired {
            target: 3,
            result: result.into(),
        },
    )
}

#[test]
fn a_hit_damages_the_target_and_stops_every_surviving_card_involved() {
    let mut state = ships_in_space();
    let events = attack(&mut state, 0, 0);
    assert!(fired(&events, "hit"));
    assert!(state.pieces[3].status.damaged && state.in_play(3));
    for p in 0..5 {
        assert!(
            state.pieces[p].status.stopped,
            "{} stopped",
            state.pieces[p].handle
        );
    }
    assert!(
        !state.pieces[5].status.stopped,
        "a ship not in the battle is not stopped"
    );
    assert!(has(
        &events,
        &EventKind::BattleWon("alice".into(), "attack")
    ));
}

#[test]
fn a_direct_hit_destroys_the_target_and_the_cards_aboard() {
    let mut state = ships_in_space();
    let events = attack(&mut state, 20, 0);
    assert!(fired(&events, "direct hit"));
    assert_eq!(state.pieces[3].at, Place::Discard);
    assert_eq!(state.pieces[4].at, Place::Discard);
    assert!(
        !affected(&events, "stop", 3),
        "a destroyed card is not a survivor"
    );
    assert!(affected(&events, "stop", 0));
}

#[test]
fn a_miss_leaves_no_winner_but_still_stops_the_cards_involved() {
    let mut state = ships_in_space();
    let events = attack(&mut state, 0, 30);
    assert!(fired(&events, "miss"));
    assert!(!state.pieces[3].status.damaged);
    assert!(has(&events, &EventKind::BattleTied("attack")));
    assert!(state.pieces[3].status.stopped);
}

#[test]
fn a_hit_opens_the_window_of_a_hit_on_the_target() {
    let mut state = ships_in_space();
    let events = attack(&mut state, 0, 0);
    let kinds: Vec<String> = ruleset::windows(&events, &state)
        .into_iter()
        .map(|a| a.kind)
        .collect();
    assert!(kinds.contains(&"hit".to_string()) && kinds.contains(&"attack".to_string()));
}

fn with_mission(state: &mut GameState, title: &str, solved_by: Option<&str>) -> usize {
    state.locations.push(daystrom::engine::state::Location {
        solved_by: solved_by.map(String::from),
        ..daystrom::engine::state::Location::new(crate::support::card(title).clone())
    });
    state.locations.len() - 1
}

#[test]
fn solving_scores_the_mission_points_once_per_game() {
    let mut state = away_team(&["Data"]);
    let open = with_mission(&mut state, "Evaluate Terraforming", None);
    let solve = GameAction::Solve {
        location: open,
        player: "alice".into(),
    };
    let events = ruleset::apply(&mut state, &solve);
    let points = crate::support::card("Evaluate Terraforming")
        .points
        .as_ref()
        .and_then(|p| p.num());
    let scored = EventKind::PointsScored {
        player: "alice".into(),
        points: points.unwrap(),
    };
    assert!(has(&events, &scored));
    assert_eq!(state.locations[open].solved_by.as_deref(), Some("alice"));
    let again = ruleset::apply(&mut state, &solve);
    assert!(again
        .iter()
        .all(|e| !matches!(e.kind, EventKind::PointsScored { .. })));
}

#[test]
fn a_played_interrupt_is_discarded_and_another_card_enters_play() {
    let mut state = away_team(&["Red Alert!", "Amanda Rogers"]);
    for p in &mut state.pieces {
        p.at = Place::Hand;
    }
    let refused = ruleset::apply(
        &mut state,
        &GameAction::Play {
            piece: 0,
            allowed: false,
        },
    );
    assert_eq!(state.pieces[0].at, Place::Hand);
    assert!(!has(&refused, &EventKind::EntersPlay(0)));
    let events = ruleset::apply(
        &mut state,
        &GameAction::Play {
            piece: 0,
            allowed: true,
        },
    );
    assert!(has(&events, &EventKind::EntersPlay(0)) && state.in_play(0));
    let events = ruleset::apply(
        &mut state,
        &GameAction::Play {
            piece: 1,
            allowed: true,
        },
    );
    assert!(has(&events, &EventKind::Discarded(1)));
    assert_eq!(state.pieces[1].at, Place::Discard);
}

#[test]
fn a_nullified_card_is_discarded() {
    let mut state = away_team(&["Red Alert!"]);
    state.pieces[0].at = Place::Table;
    let events = ruleset::apply(&mut state, &GameAction::Nullify(vec![0]));
    assert!(has(&events, &EventKind::Discarded(0)));
    assert!(!state.in_play(0));
}
