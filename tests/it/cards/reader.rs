//! Card reader and card ingest on small fixture CSVs written for the tests
//! (tests/fixtures/cards/), including malformed files.

use daystrom::cards::ingest::load_rows;
use daystrom::cards::model::{DilemmaType, Edition, PrintingSource, Stat};
use daystrom::readers::cards_csv::{read_file, CardRow};
use daystrom::search::card_docs as search_docs;
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/cards")
        .join(name)
}

fn rows(name: &str, source: PrintingSource) -> Vec<CardRow> {
    read_file(&fixture(name), source).unwrap()
}

fn fixture_load() -> daystrom::cards::ingest::CardLoad {
    load_rows(vec![
        (
            "lackey.csv".into(),
            PrintingSource::Lackey,
            rows("lackey.csv", PrintingSource::Lackey),
        ),
        (
            "physical.csv".into(),
            PrintingSource::Physical,
            rows("physical.csv", PrintingSource::Physical),
        ),
        (
            "virtual.csv".into(),
            PrintingSource::Virtual,
            rows("virtual.csv", PrintingSource::Virtual),
        ),
    ])
}

#[test]
fn rows_keep_cells_and_lines() {
    let r = rows("physical.csv", PrintingSource::Physical);
    assert_eq!(r.len(), 5);
    assert_eq!(r[0].name, "Test Envoy");
    assert_eq!(r[0].line, 2);
    assert_eq!(r[3].cun_wpn, "X");
    let l = rows("lackey.csv", PrintingSource::Lackey);
    assert_eq!(l[0].blueprint_id.as_deref(), Some("900_001"));
}

#[test]
fn malformed_files_are_clear_errors() {
    let err = |name: &str| {
        read_file(&fixture(name), PrintingSource::Physical)
            .unwrap_err()
            .to_string()
    };
    let e = err("empty.csv");
    assert!(e.contains("empty.csv:1") && e.contains("empty"), "{e}");
    let e = err("wrong-header.csv");
    assert!(
        e.contains("wrong-header.csv:1") && e.contains("`Name`"),
        "{e}"
    );
    let e = err("garbage.csv");
    assert!(
        e.contains("garbage.csv:") && (e.contains("UTF-8") || e.contains("binary")),
        "{e}"
    );
    let e = err("short-row.csv");
    assert!(e.contains("short-row.csv:2") && e.contains("fields"), "{e}");
    // physical.csv lacks the Lackey columns
    let e = read_file(&fixture("physical.csv"), PrintingSource::Lackey)
        .unwrap_err()
        .to_string();
    assert!(e.contains("Blueprint ID"), "{e}");
}

#[test]
fn twins_promos_and_lackey_rows_are_printings_of_one_card() {
    let load = fixture_load();
    let envoys: Vec<_> = load
        .db
        .cards
        .iter()
        .filter(|c| c.title == "Test Envoy")
        .collect();
    assert_eq!(envoys.len(), 1, "twin, *VP and Lackey rows must merge");
    let envoy = envoys[0];
    assert_eq!(envoy.printings.len(), 3, "{:?}", envoy.printings);
    assert_eq!(envoy.printings[0].blueprint_id.as_deref(), Some("900_001"));
    assert!(envoy
        .printings
        .iter()
        .any(|p| p.printed_title == "Test Envoy *VP"));
    assert_eq!(envoy.affiliations, vec!["Non-Aligned", "Cardassian"]);
    assert_eq!(load.report.lackey_matched, 1);
    assert_eq!(load.report.lackey_new, 1);
    assert_eq!(load.report.cards_2e, 1);
    assert_eq!(
        load.db
            .cards
            .iter()
            .filter(|c| c.edition == Edition::Second)
            .count(),
        1
    );
}

#[test]
fn fields_parse_into_the_model() {
    let load = fixture_load();
    let get = |t: &str| load.db.cards.iter().find(|c| c.title == t).unwrap();
    let envoy = get("Test Envoy");
    assert_eq!(envoy.skill_level("Diplomacy"), 2.0);
    assert_eq!(envoy.skill_level("SECURITY"), 2.0);
    assert_eq!(envoy.skill_level("V.I.P."), 1.0);
    assert_eq!(envoy.skill_level("Music"), 0.5);
    assert_eq!(envoy.special_downloads, vec!["Test Treaty"]);
    assert_eq!(envoy.references, vec!["Test Treaty", "Test Station"]);
    assert!(envoy.persona.as_ref().unwrap().mirror);
    assert_eq!(envoy.icons, vec!["AU", "Stf"]);
    assert!(envoy.has_characteristic("male"));
    let ship = get("Test Runner");
    assert!(ship.universal && !ship.unique);
    assert_eq!(ship.staffing, vec!["Cmd", "Stf", "Stf"]);
    assert_eq!(ship.cun_wpn, Some(Stat::Text("X".into())));
    assert!(ship.str_shd.as_ref().unwrap().is_flagged());
    assert_eq!(ship.commands, vec!["Test Envoy"]);
    let mission = get("Test Survey");
    assert!(mission.affiliations.is_empty());
    assert_eq!(mission.mission_icons, vec!["Federation", "Klingon"]);
    assert_eq!(mission.dilemma_type, Some(DilemmaType::Planet));
    assert_eq!(mission.quadrant.as_deref(), Some("Gamma"));
    assert_eq!(mission.points, Some(Stat::Text("30*".into())));
    // references: 2 in Envoy, 2 in Treaty; resolved: Test Treaty, Test Envoy
    assert_eq!(load.report.references, 4);
    assert_eq!(load.report.references_resolved, 2);
    let docs = search_docs(&load.db);
    let d = docs.iter().find(|d| d.title == "Test Envoy").unwrap();
    assert!(d.id.starts_with("card:1e-personnel-test-envoy"));
    assert!(d.body.contains("envoy written") && d.body.contains("Humanoid"));
}
