//! Scenario loading against a small fixture card database: diagnostics point
//! at file:line:col and suggest the nearest name; expectations pass and fail.

use daystrom::cards::model::CardDb;
use daystrom::cards::model::PrintingSource;
use daystrom::scenario::{load_file, run, DbTitleResolver};
use std::path::{Path, PathBuf};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/scenarios")
}

fn db() -> CardDb {
    let path = fixtures().join("cards/physical.csv");
    let rows = daystrom::readers::cards_csv::read_file(&path, PrintingSource::Physical)
        .expect("fixture cards read");
    daystrom::cards::ingest::load_rows(vec![(
        "physical.csv".into(),
        PrintingSource::Physical,
        rows,
    )])
    .db
}

fn error_of(name: &str) -> String {
    let db = db();
    let resolver = DbTitleResolver::new(&db);
    load_file(&fixtures().join(name), &db, &resolver)
        .expect_err("this fixture is a bad scenario")
        .to_string()
}

#[test]
fn unknown_title_points_at_it_and_suggests() {
    let e = error_of("unknown-title.toml");
    assert!(e.contains("unknown-title.toml:7:9:"), "{e}");
    assert!(e.contains("no card titled \"Captain Tesla\""), "{e}");
    assert!(e.contains("did you mean \"Captain Testa\""), "{e}");
}

#[test]
fn every_mistake_of_a_file_is_reported_in_file_order() {
    let db = db();
    let resolver = DbTitleResolver::new(&db);
    let e = load_file(&fixtures().join("three-mistakes.toml"), &db, &resolver)
        .expect_err("three unknown names");
    let places: Vec<(usize, usize)> = e.all().map(|e| (e.line, e.col)).collect();
    // The locations are read before the cards.
    assert_eq!(places, [(19, 11), (7, 9), (15, 9)], "{e}");
    let text = e.to_string();
    assert!(text.contains("did you mean \"Warrior Sample\""), "{text}");
    assert!(
        text.contains("did you mean \"Survey Fixture Planet\""),
        "{text}"
    );
}

#[test]
fn ambiguous_title_lists_the_candidates() {
    let e = error_of("ambiguous-title.toml");
    assert!(e.contains("ambiguous-title.toml:4:9:"), "{e}");
    assert!(e.contains("2 different cards"), "{e}");
    assert!(e.contains("Interrupt") && e.contains("Personnel"), "{e}");
}

#[test]
fn unknown_key_is_an_error_at_its_line() {
    let e = error_of("unknown-key.toml");
    assert!(e.contains("unknown-key.toml:7:1:"), "{e}");
    assert!(e.contains("stoped"), "{e}");
}

#[test]
fn unknown_place_suggests_the_location() {
    let e = error_of("unknown-place.toml");
    assert!(e.contains("unknown-place.toml:9:6:"), "{e}");
    assert!(e.contains("did you mean \"Survey Fixture Planet\""), "{e}");
}

#[test]
fn nothing_is_aboard_a_mission_card() {
    let e = error_of("aboard-mission.toml");
    assert!(e.contains("aboard-mission.toml:12:6:"), "{e}");
    assert!(e.contains("is a mission card"), "{e}");
}

#[test]
fn a_good_scenario_answers_and_reports_mismatches() {
    let db = db();
    let resolver = DbTitleResolver::new(&db);
    let s = load_file(&fixtures().join("good.toml"), &db, &resolver).expect("loads");
    let answers = run(&s, &db);
    let passed: Vec<Option<bool>> = answers.iter().map(|a| a.passed).collect();
    assert_eq!(
        passed,
        vec![Some(true), Some(true), Some(true), Some(false)]
    );
    for a in &answers {
        assert!(!a.verdict.citations.is_empty());
    }
}

#[test]
fn type_narrows_an_ambiguous_title() {
    let db = db();
    let resolver = DbTitleResolver::new(&db);
    let s = load_file(&fixtures().join("good.toml"), &db, &resolver).expect("loads");
    let twin = s.state.find("Twin").expect("twin in play");
    assert!(s.state.pieces[twin].card.is_personnel());
}
