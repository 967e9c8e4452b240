//! Typed questions and declared players: a question's arguments are checked
//! against its kind's declaration when the file loads (a missing or
//! ill-typed argument is an error at its line and column), a player is a
//! declared name and never a card guessed from its spelling, and two copies
//! of one card are two pieces. Runs against the real card database; fails
//! when the corpus is missing.

use daystrom::cards::model::CardDb;
use daystrom::engine::question::{Kind, Question, KINDS};
use daystrom::scenario::{load, run, DbTitleResolver, Scenario};
use std::path::Path;

fn db() -> &'static CardDb {
    crate::support::cards()
}

fn load_text(text: &str) -> Result<Scenario, String> {
    let resolver = DbTitleResolver::new(db());
    load(Path::new("judge.toml"), text, db(), &resolver).map_err(|e| e.to_string())
}

const CREW: &str = r#"
[game]
turn = "alice"
phase = "execute orders"

[[location]]
mission = "Investigate Rogue Comet"

[[card]]
title = "U.S.S. Enterprise"
owner = "alice"
at = "Investigate Rogue Comet"

[[card]]
title = "Data"
owner = "alice"
at = "U.S.S. Enterprise"
"#;

/// The 1-based line of the last line of `text` starting with `start`.
fn line_of(text: &str, start: &str) -> usize {
    text.lines()
        .collect::<Vec<_>>()
        .iter()
        .rposition(|l| l.starts_with(start))
        .unwrap()
        + 1
}

#[test]
fn a_missing_required_argument_is_an_error_at_the_question() {
    let text = format!("title = \"t\"\n{CREW}\n[[question]]\nask = \"can act\"\nby = \"Data\"\n");
    let e = load_text(&text).expect_err("`can act` without `act`");
    let line = line_of(&text, "ask");
    assert!(
        e.starts_with(&format!("judge.toml:{line}:7:")) && e.contains("`can act` needs `act`"),
        "{e}"
    );
}

#[test]
fn an_argument_the_kind_does_not_take_is_an_error_at_its_key() {
    let text = format!(
        "title = \"t\"\n{CREW}\n[[question]]\nask = \"can staff\"\ncard = \"U.S.S. Enterprise\"\nmission = \"Investigate Rogue Comet\"\n"
    );
    let e = load_text(&text).expect_err("`can staff` takes no mission");
    let line = line_of(&text, "mission");
    assert!(
        e.starts_with(&format!("judge.toml:{line}:11:")) && e.contains("takes no `mission`"),
        "{e}"
    );
}

#[test]
fn an_ill_typed_argument_is_an_error_at_its_value() {
    let e = load_text(&format!(
        "title = \"t\"\n{CREW}\n[[question]]\nask = \"can attack\"\nby = \"U.S.S. Enterprise\"\ntarget = \"Data\"\nbattle = \"ambush\"\n"
    ))
    .expect_err("unknown battle mode");
    assert!(e.contains("unknown battle \"ambush\""), "{e}");
    let e = load_text(&format!(
        "title = \"t\"\n{CREW}\n[[question]]\nask = \"can attempt\"\nby = \"Data\"\nmission = \"Data\"\n"
    ))
    .expect_err("a card is not a mission");
    assert!(e.contains("no location \"Data\""), "{e}");
}

#[test]
fn a_function_must_name_exactly_one_of_the_cards_functions() {
    let ask = |function: &str| {
        format!(
            "title = \"t\"\n{CREW}\n[[card]]\ntitle = \"Hugh\"\nowner = \"alice\"\nat = \"hand\"\n\n[[question]]\nask = \"can play\"\ncard = \"Hugh\"\nfunction = \"{function}\"\n"
        )
    };
    let text = ask("beams aboard");
    let e = load_text(&text).expect_err("no function of Hugh beams");
    let line = line_of(&text, "function");
    assert!(
        e.starts_with(&format!("judge.toml:{line}:12:"))
            && e.contains("matches none of the functions of Hugh"),
        "{e}"
    );
    let e = load_text(&ask("{")).expect_err("both functions name a card");
    assert!(e.contains("matches 2 functions of Hugh"), "{e}");
    let s = load_text(&ask("Destroys (DISCARD)")).expect("case and spacing are folded");
    let Question::CanPlay(q) = &s.questions[0].question else {
        panic!("a can play question")
    };
    assert_eq!(q.function.as_deref(), Some("Destroys (DISCARD)"));
}

#[test]
fn each_kind_builds_its_own_variant() {
    let s = load_text(&format!(
        "title = \"t\"\n{CREW}\n[[question]]\nask = \"may attempt\"\nby = \"Data\"\nmission = \"Investigate Rogue Comet\"\n\n[[question]]\nask = \"staffed\"\ncard = \"U.S.S. Enterprise\"\n"
    ))
    .unwrap();
    assert!(matches!(s.questions[0].question, Question::CanAttempt(_)));
    assert_eq!(s.questions[0].ask, "can attempt");
    assert_eq!(s.questions[1].question.kind(), Kind::CanStaff);
    assert_eq!(KINDS.len(), 14);
}

#[test]
fn a_declared_player_is_never_read_as_a_card() {
    let text = r#"title = "t"
[game]
players = ["alice", "bob"]
turn = "alice"

[[card]]
title = "Data"
owner = "alice"

[action]
kind = "attack"
by = ["bob"]
"#;
    let s = load_text(text).unwrap();
    let action = s.state.action.as_ref().unwrap();
    assert_eq!(action.by, vec!["bob".to_string()]);
    assert!(s.state.find("Bob Bennett").is_none());
    assert_eq!(s.state.opponent_of("alice").as_deref(), Some("bob"));
}

#[test]
fn players_default_to_those_the_file_names_and_others_are_refused() {
    let s = load_text(&format!("title = \"t\"\n{CREW}")).unwrap();
    let names: Vec<&str> = s.state.players.iter().map(|p| p.0.as_str()).collect();
    assert_eq!(names, ["alice"]);
    let e =
        load_text(&format!(
        "title = \"t\"\n{}\n[[question]]\nask = \"can play\"\ncard = \"Data\"\nplayer = \"Bob\"\n",
        CREW.replace("turn = \"alice\"", "players = [\"alice\", \"bob\"]\nturn = \"alice\"")
    ))
        .expect_err("Bob is not bob");
    assert!(
        e.contains("\"Bob\" is not a player") && e.contains("did you mean \"bob\""),
        "{e}"
    );
    let e = load_text(&format!(
        "title = \"t\"\n{}",
        CREW.replace("turn = \"alice\"", "players = [\"bob\"]\nturn = \"alice\"")
    ))
    .expect_err("alice is undeclared");
    assert!(e.contains("player \"alice\""), "{e}");
}

#[test]
fn copies_are_pieces_and_a_personnel_beside_his_ship_counts_once() {
    let text = format!(
        "title = \"t\"\n{CREW}\n[[card]]\ntitle = \"Federation PADD\"\nowner = \"alice\"\nat = \"U.S.S. Enterprise\"\ncopies = 2\n\n[[question]]\nask = \"can coexist\"\ncards = [\"Federation PADD\", \"Federation PADD#2\"]\nexpect = \"yes\"\n\n[[question]]\nask = \"meets requirements\"\nby = [\"U.S.S. Enterprise\", \"Data\"]\nrequirement = \"INTEGRITY>16\"\nexpect = \"no\"\n"
    );
    let s = load_text(&text).unwrap();
    assert!(s.state.find("Federation PADD#2").is_some());
    // Data's INTEGRITY is 8: counted twice he would meet INTEGRITY>16.
    for a in run(&s, db()) {
        assert_eq!(a.passed, Some(true), "{}: {}", a.ask, a.verdict.value);
    }
}

#[test]
fn a_verdict_proves_its_reason_only_by_citing_the_source_or_also_cites() {
    let ask = "\n[[question]]\nask = \"can staff\"\ncard = \"U.S.S. Enterprise\"\n";
    let with = |head: &str| {
        let s = load_text(&format!("title = \"t\"\n{head}\n{CREW}{ask}")).unwrap();
        run(&s, db()).remove(0).cites_source
    };
    assert_eq!(with(""), None);
    assert_eq!(
        with("source = { doc = \"glossary\", entry = \"ship staffing\" }"),
        Some(true)
    );
    assert_eq!(
        with("source = { doc = \"glossary\", entry = \"treaties\" }"),
        Some(false)
    );
    assert_eq!(
        with("source = { doc = \"glossary\", entry = \"treaties\" }\nalso_cites = [{ doc = \"glossary\", entry = \"ship staffing\" }]"),
        Some(true)
    );
}

#[test]
fn the_docs_table_lists_every_argument_of_every_kind() {
    let docs = std::fs::read_to_string(crate::support::repo().join("docs/scenarios.md")).unwrap();
    for k in KINDS {
        let row = docs
            .lines()
            .find(|l| l.starts_with(&format!("| `{}` |", k.name)))
            .unwrap_or_else(|| panic!("docs/scenarios.md has no row for `{}`", k.name));
        for a in k.args.iter().filter(|a| a.key != "player") {
            let named = ["`", " ", "="]
                .iter()
                .any(|end| row.contains(&format!("`{}{end}", a.key)));
            assert!(
                named,
                "the docs row of `{}` does not mention `{}`",
                k.name, a.key
            );
        }
    }
}
