//! Permissions and restrictions read from the compiled text of real cards in
//! play (engine::permissions): one card flips `can act`, `can attempt`,
//! `can attack` and `can report` on or off, and an `allowed_by` naming a card
//! whose text does not grant the act is a load error at its line. The corpus
//! is required: without it these fail.

use daystrom::engine::VerdictValue;
use daystrom::scenario::{load, run, DbTitleResolver};
use std::path::Path;

/// Load scenario text against the real card pool and answer its one question.
fn answer(text: &str) -> VerdictValue {
    let db = crate::support::cards();
    let resolver = DbTitleResolver::new(db);
    let scenario = load(Path::new("test.toml"), text, db, &resolver)
        .unwrap_or_else(|e| panic!("scenario loads: {e}"));
    let answers = run(&scenario, db);
    assert_eq!(answers.len(), 1);
    answers[0].verdict.value.clone()
}

fn load_error(text: &str) -> String {
    let db = crate::support::cards();
    let resolver = DbTitleResolver::new(db);
    match load(Path::new("test.toml"), text, db, &resolver) {
        Ok(_) => panic!("expected a load error"),
        Err(e) => e.to_string(),
    }
}

fn load_error_free(text: &str) -> bool {
    let db = crate::support::cards();
    let resolver = DbTitleResolver::new(db);
    load(Path::new("test.toml"), text, db, &resolver).is_ok()
}

fn yes(v: VerdictValue) -> bool {
    match v {
        VerdictValue::Yes => true,
        VerdictValue::No => false,
        other => panic!("expected yes or no, got {other:?}"),
    }
}

/// A Federation crew at a planet mission; `extra` adds cards, `question` asks.
fn crew_scenario(extra: &str, question: &str) -> String {
    crew_scenario_at("Evaluate Terraforming", extra, question)
}

/// A Federation crew aboard the U.S.S. Enterprise at `mission`.
fn crew_scenario_at(mission: &str, extra: &str, question: &str) -> String {
    format!(
        r#"title = "permission test"
source = {{ doc = "glossary", entry = "game text" }}

[game]
turn = "alice"
phase = "execute orders"

[[location]]
mission = "{mission}"

[[card]]
id = "ent"
title = "U.S.S. Enterprise"
owner = "alice"
at = "{mission}"

[[card]]
title = "Jean-Luc Picard"
owner = "alice"
at = "ent"

[[card]]
title = "William T. Riker"
owner = "alice"
at = "ent"

[[card]]
title = "Data"
owner = "alice"
at = "ent"

[[card]]
title = "Geordi La Forge"
owner = "alice"
at = "ent"

{extra}

{question}
"#
    )
}

const ABANDON: &str = r#"
[[card]]
title = "Abandon Mission"
owner = "bob"
at = "ent"
"#;

#[test]
fn a_card_in_play_that_forbids_beaming_flips_can_act() {
    let q = r#"
[[question]]
ask = "can act"
act = "beam"
by = "Data"
to = "planet:Evaluate Terraforming"
"#;
    assert!(yes(answer(&crew_scenario("", q))));
    // Abandon Mission on the ship: "Crew may not attempt missions or beam off."
    assert!(!yes(answer(&crew_scenario(ABANDON, q))));
}

#[test]
fn a_card_in_play_that_forbids_attempts_flips_can_attempt() {
    let q = r#"
[[question]]
ask = "can attempt"
by = "ent"
mission = "Study Nebula"
"#;
    assert!(yes(answer(&crew_scenario_at("Study Nebula", "", q))));
    assert!(!yes(answer(&crew_scenario_at("Study Nebula", ABANDON, q))));
}

/// A `[[card]]` of alice's at `at` when `present` (the card whose permission
/// is switched on and off), else nothing.
fn alices_card_if(present: bool, title: &str, at: &str) -> String {
    if present {
        format!("[[card]]\ntitle = \"{title}\"\nowner = \"alice\"\nat = \"{at}\"\n")
    } else {
        String::new()
    }
}

fn attack_scenario(leyton: bool, target: &str) -> String {
    let leyton = alices_card_if(leyton, "Admiral Leyton", "ent");
    format!(
        r#"title = "permission test"
source = {{ doc = "glossary", entry = "game text" }}

[game]
turn = "alice"
phase = "execute orders"

[[location]]
mission = "Evaluate Terraforming"

[[card]]
id = "ent"
title = "U.S.S. Enterprise"
owner = "alice"
at = "Evaluate Terraforming"

[[card]]
title = "Jean-Luc Picard"
owner = "alice"
at = "ent"

[[card]]
title = "William T. Riker"
owner = "alice"
at = "ent"

[[card]]
title = "Data"
owner = "alice"
at = "ent"

{leyton}

[[card]]
id = "foe"
title = "{target}"
owner = "bob"
at = "Evaluate Terraforming"

[[question]]
ask = "can attack"
by = "ent"
target = "foe"
"#
    )
}

#[test]
fn leyton_allows_attacks_on_the_dominion_and_only_on_it() {
    // "Allows your cards here to initiate battle against [Dom]."
    assert!(!yes(answer(&attack_scenario(
        false,
        "Jem'Hadar Attack Ship"
    ))));
    assert!(yes(answer(&attack_scenario(true, "Jem'Hadar Attack Ship"))));
    // Not an attack on Klingons (the issue's own example).
    assert!(!yes(answer(&attack_scenario(true, "I.K.C. Bortas"))));
}

fn report_scenario(hanson: bool) -> String {
    let hanson = alices_card_if(
        hanson,
        "Admiral J. P. Hanson",
        "planet:Evaluate Terraforming",
    );
    format!(
        r#"title = "permission test"
source = {{ doc = "glossary", entry = "game text" }}

[game]
turn = "alice"
phase = "card play"

[[location]]
mission = "Evaluate Terraforming"

{hanson}

[[card]]
title = "U.S.S. Enterprise"
owner = "alice"
at = "hand"

[[question]]
ask = "can report"
card = "U.S.S. Enterprise"
to = "Evaluate Terraforming"
"#
    )
}

#[test]
fn a_card_that_lets_ships_report_here_flips_can_report() {
    // Admiral J. P. Hanson: "Your [Fed] ships may report here (unless [AU])."
    assert!(!yes(answer(&report_scenario(false))));
    assert!(yes(answer(&report_scenario(true))));
}

#[test]
fn allowed_by_must_name_a_card_whose_text_grants_the_act() {
    let q = r#"
[[question]]
ask = "can act"
act = "commandeer"
by = "Data"
target = "ent"
allowed_by = "Admiral Leyton"
"#;
    let leyton = "[[card]]\ntitle = \"Admiral Leyton\"\nowner = \"alice\"\nat = \"hand\"\n";
    let e = load_error(&crew_scenario(leyton, q));
    assert!(e.contains("test.toml:"), "{e}");
    assert!(e.contains("does not allow `commandeer`"), "{e}");
    // The line is the allowed_by line.
    let text = crew_scenario(leyton, q);
    let line = text
        .lines()
        .position(|l| l.starts_with("allowed_by"))
        .unwrap()
        + 1;
    assert!(e.contains(&format!("test.toml:{line}:")), "{e}");
    // A card named only by `allowed_by` is put in play and checked alike.
    let e = load_error(&crew_scenario("", q));
    assert!(e.contains("does not allow `commandeer`"), "{e}");
    // Near miss: Commandeer Ship's text does grant commandeering.
    let commandeer = q.replace("Admiral Leyton", "Commandeer Ship");
    assert!(load_error_free(&crew_scenario("", &commandeer)));
}
