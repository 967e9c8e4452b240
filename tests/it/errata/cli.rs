//! `daystrom errata` and `daystrom card --errata` through the binary, on an
//! index of the real corpus built once in a temporary directory: exit codes,
//! the printed flips, JSON, extra scenario paths and file:line:col errors.

use assert_cmd::Command;
use std::path::Path;

fn repo() -> &'static Path {
    crate::support::repo()
}

fn index() -> &'static Path {
    crate::support::full_index()
}

fn daystrom(args: &[&str]) -> assert_cmd::assert::Assert {
    let mut c = Command::cargo_bin("daystrom").unwrap();
    c.current_dir(repo())
        .arg("--index")
        .arg(index())
        .args(args)
        .assert()
}

fn stdout(a: &assert_cmd::assert::Assert) -> String {
    String::from_utf8_lossy(&a.get_output().stdout).into_owned()
}

fn stderr(a: &assert_cmd::assert::Assert) -> String {
    String::from_utf8_lossy(&a.get_output().stderr).into_owned()
}

#[test]
fn a_flip_is_printed_and_exits_1() {
    let a = daystrom(&["errata", "tests/fixtures/errata/hugh-no-nullify.toml"]);
    let out = stdout(&a);
    a.code(1);
    assert!(
        out.contains("rulings/responses/hugh-vs-borg-ship.toml #1 valid response: Hugh: yes → no"),
        "{out}"
    );
    assert!(out.contains(
        "rulings/responses/hugh-borg-ship-just-encountered.toml #1 valid response: Hugh: yes → no"
    ));
    assert!(out.contains("verdicts flipped"));
    assert!(
        out.contains("Hugh — before"),
        "abilities side by side: {out}"
    );
    assert!(
        out.contains("Sense the Borg — {Hugh}"),
        "review list: {out}"
    );
}

#[test]
fn no_flip_exits_0() {
    let a = daystrom(&["errata", "tests/fixtures/errata/hugh-lore.toml"]);
    let out = stdout(&a);
    a.code(0);
    assert!(out.contains("no verdict moves"), "{out}");
}

#[test]
fn json_report_and_extra_scenarios() {
    let a = daystrom(&[
        "errata",
        "tests/fixtures/errata/hugh-no-nullify.toml",
        "tests/fixtures/errata/scenarios",
        "--json",
    ]);
    let out = stdout(&a);
    a.code(1);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let flips: Vec<(String, String, String, String)> = v["flips"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["scenario"].as_str().unwrap().to_string(),
                f["question"].as_str().unwrap().to_string(),
                f["before"].as_str().unwrap().to_string(),
                f["after"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    // Every flip is a question about Hugh (whatever rulings/ holds), and the
    // extra scenario's is among them.
    assert!(flips.iter().all(|f| f.1.contains("Hugh")), "{flips:?}");
    assert!(flips.contains(&(
        "tests/fixtures/errata/scenarios/hugh-answers-borg-ship.toml".into(),
        "#1 valid response: Hugh".into(),
        "yes".into(),
        "no".into()
    )));
    assert_eq!(v["changed_cards"][0]["title"], "Hugh");
}

#[test]
fn bad_errata_files_are_clear_errors() {
    for (file, want) in [
        (
            "unknown-card.toml",
            "unknown-card.toml:2:9: unknown card `Hugg`, did you mean Hugh",
        ),
        (
            "unknown-field.toml",
            "unknown-field.toml:3:1: unknown card field `txet`, did you mean `text`?",
        ),
        ("bad-toml.toml", "bad-toml.toml:3:"),
        (
            "martian-affiliation.toml",
            "martian-affiliation.toml:4:15: unknown affiliation `Martian`",
        ),
        (
            "replace-missing-entry.toml",
            "replace-missing-entry.toml:4:9: glossary has no entry titled `warp drive maintenance` to replace",
        ),
    ] {
        let path = format!("tests/fixtures/errata/{file}");
        let a = daystrom(&["errata", &path]);
        let err = stderr(&a);
        a.code(4);
        assert!(err.contains(want), "{file}: {err}");
    }
}

#[test]
fn card_with_errata_shows_the_word_diff() {
    let a = daystrom(&[
        "card",
        "hugh",
        "--errata",
        "tests/fixtures/errata/hugh-no-nullify.toml",
    ]);
    let out = stdout(&a);
    a.code(0);
    assert!(
        out.contains(
            "game text: [-Nullifies attack by {Borg Ship} for this turn OR destroys-]{+Destroys+} (discard) all {Rogue Borg} at one location."
        ),
        "{out}"
    );
    let a = daystrom(&[
        "card",
        "worf",
        "--errata",
        "tests/fixtures/errata/worf-strength.toml",
    ]);
    let out = stdout(&a);
    assert!(out.contains("strength / shields: 10 → 4"), "{out}");
}
