//! Errata impact on the real card pool and a small fixture set of scenarios
//! (`tests/fixtures/errata/impact/`, copies of rulings about the cards the
//! fixture errata change): the exact verdicts a text change, an attribute
//! change and a referenced card's change move; a lore change moves nothing;
//! malformed files are refused with file:line:col and nothing is applied.
//! The fixture set, not `rulings/`, keeps a new ruling from breaking them.

use daystrom::cards::CardDb;
use daystrom::errata::{assess, read_scenarios, Errata, ErrataReport, ScenarioText};
use daystrom::scenario::check::collect;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

fn repo() -> &'static Path {
    crate::support::repo()
}

fn db() -> &'static CardDb {
    crate::support::cards()
}

/// The directory of the fixture scenarios.
fn impact_dir() -> PathBuf {
    repo().join("tests/fixtures/errata/impact")
}

fn scenarios() -> &'static [ScenarioText] {
    static S: OnceLock<Vec<ScenarioText>> = OnceLock::new();
    S.get_or_init(|| {
        let files = collect(&[impact_dir()], &[]).unwrap();
        assert!(files.len() >= 5, "only {} fixture scenarios", files.len());
        read_scenarios(&files).unwrap()
    })
}

fn fixture(name: &str) -> PathBuf {
    repo().join("tests/fixtures/errata").join(name)
}

fn report(name: &str) -> ErrataReport {
    let errata = Errata::load(&fixture(name), db()).expect("errata file checks");
    assess(&errata, db(), scenarios())
}

/// (fixture scenario file name, question, before, after) of every flip.
fn flips(r: &ErrataReport) -> Vec<(String, String, String, String)> {
    let mut out: Vec<_> = r
        .flips
        .iter()
        .map(|f| {
            let rel = f.scenario.strip_prefix(impact_dir()).unwrap();
            (
                rel.display().to_string(),
                f.question.clone(),
                f.before.clone(),
                f.after.clone(),
            )
        })
        .collect();
    out.sort();
    out
}

fn row(s: &str, q: &str, b: &str, a: &str) -> (String, String, String, String) {
    (s.into(), q.into(), b.into(), a.into())
}

#[test]
fn hugh_without_nullify_is_no_longer_a_valid_response_to_the_borg_ship() {
    let r = report("hugh-no-nullify.toml");
    assert_eq!(
        flips(&r),
        vec![
            row(
                "hugh-borg-ship-just-encountered.toml",
                "#1 valid response: Hugh",
                "yes",
                "no"
            ),
            row(
                "hugh-vs-borg-ship.toml",
                "#1 valid response: Hugh",
                "yes",
                "no"
            ),
        ]
    );
    let f = &r.flips[0];
    assert!(
        f.reasons_lost
            .iter()
            .any(|x| x.contains("nullifies attack by {Borg Ship}")),
        "{:?}",
        f.reasons_lost
    );
    assert!(f
        .reasons_gained
        .iter()
        .any(|x| x.contains("does not specifically relate")));
    assert!(r.became_undecided.is_empty() && r.broken.is_empty());
    assert!(r.any_flip());
    // Hugh's first function (nullify) is gone from its compiled abilities.
    assert_eq!(r.ability_changes.len(), 1);
    let a = &r.ability_changes[0];
    assert_eq!(a.title, "Hugh");
    assert!(
        a.before.contains("nullify") && !a.after.contains("nullify"),
        "{a:?}"
    );
    assert_eq!(r.scenarios, scenarios().len());
    assert_eq!(r.scenario_errors, 0);
}

#[test]
fn a_lore_change_flips_nothing() {
    let r = report("hugh-lore.toml");
    assert!(!r.any_flip(), "{:?}", flips(&r));
    assert!(r.flips.is_empty() && r.became_undecided.is_empty());
    assert!(r.ability_changes.is_empty());
    assert_eq!(r.changed_cards[0].fields[0].field, "lore");
    assert!(r.questions >= r.scenarios);
}

#[test]
fn worf_strength_4_moves_the_strength_total_below_its_threshold() {
    let r = report("worf-strength.toml");
    let f = flips(&r);
    // 10+12+8+7+5+4 = 46 > 40 before; 4+12+8+7+5+4 = 40 after.
    assert!(
        f.contains(&row(
            "strength-total-met.toml",
            "#1 meets requirements: STRENGTH>40",
            "yes",
            "no"
        )),
        "{f:#?}"
    );
    // STRENGTH>44 on Nausicaans: 46 → 40.
    assert!(f.iter().any(|(s, _, b, a)| s == "nausicaans-overcome.toml"
        && b == "overcome"
        && a == "not overcome"));
    // Four of them (37 → 31) stay short: that verdict does not move.
    assert!(!f.iter().any(|(s, ..)| s.contains("strength-total-short")));
    let met = r
        .flips
        .iter()
        .find(|x| x.scenario.ends_with("strength-total-met.toml"))
        .unwrap();
    assert!(
        met.reasons_gained.iter().any(|x| x.contains("total 40")),
        "{met:?}"
    );
    assert!(r.ability_changes.is_empty());
}

#[test]
fn cards_naming_a_changed_card_are_listed_for_review() {
    let r = report("borg-ship-text.toml");
    let hugh = r
        .review
        .iter()
        .find(|v| v.title == "Hugh")
        .expect("Hugh reviewed");
    assert_eq!(hugh.references, "{Borg Ship}");
    assert!(r.review.iter().any(|v| v.title == "Engage the Borg"));
    assert!(r.review.iter().all(|v| v.title != "Borg Ship"));
    assert_eq!(r.ability_changes[0].title, "Borg Ship");
    // Hugh nullifies "attack by {Borg Ship}": without an attack in the ship's
    // text, an encountered Borg Ship is no battle for Hugh to answer.
    assert!(flips(&r).contains(&row(
        "hugh-borg-ship-just-encountered.toml",
        "#1 valid response: Hugh",
        "yes",
        "no"
    )));
}

#[test]
fn the_database_itself_is_never_changed() {
    let before = db()
        .cards
        .iter()
        .find(|c| c.title == "Hugh")
        .unwrap()
        .text
        .clone();
    let _ = report("hugh-no-nullify.toml");
    let after = db()
        .cards
        .iter()
        .find(|c| c.title == "Hugh")
        .unwrap()
        .text
        .clone();
    assert_eq!(before, after);
}

#[test]
fn every_mistaken_erratum_of_a_file_is_reported() {
    let path = fixture("two-mistakes.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let e = Errata::parse(&path, &text, db()).unwrap_err();
    let lines: Vec<usize> = e.all().map(|e| e.line).collect();
    assert_eq!(lines, [3, 8], "{e}");
    assert!(
        e.further[0]
            .message
            .contains("unknown affiliation `Martian`"),
        "{e}"
    );
}

#[test]
fn malformed_errata_files_name_file_line_and_column() {
    let err = |name: &str| {
        let path = fixture(name);
        let text = std::fs::read_to_string(&path).unwrap();
        Errata::parse(&path, &text, db()).unwrap_err()
    };
    let e = err("unknown-card.toml");
    assert_eq!((e.line, e.col), (2, 9));
    assert!(
        e.message
            .starts_with("unknown card `Hugg`, did you mean Hugh"),
        "{}",
        e.message
    );
    assert!(e.file.ends_with("unknown-card.toml"));
    let e = err("unknown-field.toml");
    assert_eq!((e.line, e.col), (3, 1));
    assert!(e.message.contains("did you mean `text`"), "{}", e.message);
    let e = err("bad-toml.toml");
    assert_eq!(e.line, 3);
    assert!(e.to_string().contains("bad-toml.toml:3:"), "{e}");
}
