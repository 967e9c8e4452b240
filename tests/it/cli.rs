//! The command line's promises: exit codes (README.md, "Exit codes"),
//! `--doc` checked against the manifest, empty searches in JSON, the manual.

use std::process::Output;

fn daystrom(args: &[&str]) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_daystrom"))
        .current_dir(crate::support::repo())
        .env("NO_COLOR", "1")
        .env(daystrom::corpus::CORPUS_ENV, &crate::support::corpus().root)
        .arg("--index")
        .arg(crate::support::full_index())
        .args(args)
        .output()
        .unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn exit_codes_tell_answer_usage_not_found_and_bad_input_apart() {
    assert_eq!(daystrom(&["card", "hugh"]).status.code(), Some(0));
    assert_eq!(daystrom(&["--no-such-flag"]).status.code(), Some(2));
    let missing = daystrom(&["card", "zzyzx quuxblat"]);
    assert_eq!(missing.status.code(), Some(3), "{}", stderr(&missing));
    let bad = daystrom(&["cards", "t:personnel ("]);
    assert_eq!(bad.status.code(), Some(4), "{}", stderr(&bad));
    let scenario = daystrom(&[
        "check",
        "tests/fixtures/scenarios/hostile/duplicate-ids.toml",
    ]);
    assert_eq!(scenario.status.code(), Some(4), "{}", stderr(&scenario));
}

#[test]
fn an_unknown_document_is_refused_with_a_suggestion() {
    let o = daystrom(&["search", "--doc", "glosary", "beam"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("did you mean `glossary`"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn an_italian_document_is_searched_in_italian() {
    let o = daystrom(&[
        "search",
        "--doc",
        "regole-aggiornate",
        "tentativo",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["results"][0]["lang"], "it", "{v}");
}

#[test]
fn an_empty_search_in_json_has_empty_results() {
    let o = daystrom(&["search", "the", "--json"]);
    assert_eq!(o.status.code(), Some(3));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["results"], serde_json::json!([]));
    assert!(v["error"].as_str().unwrap().contains("too common"), "{v}");
}

#[test]
fn the_manual_page_names_every_command() {
    let o = daystrom(&["man"]);
    let page = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success() && page.contains(".TH daystrom 1"),
        "{page}"
    );
    for command in ["ingest", "search", "check", "errata"] {
        assert!(page.contains(command), "{command}");
    }
}

/// Scenario, errata and card-query errors show the offending line with a
/// caret under the place, below the `file:line:col: message` line.
#[test]
fn located_errors_show_the_line_and_a_caret() {
    let o = daystrom(&[
        "check",
        "tests/fixtures/scenarios/hostile/duplicate-ids.toml",
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("duplicate-ids.toml:8:6: id \"x\""), "{out}");
    assert!(out.contains("8 │ id = \"x\"") && out.contains('▲'), "{out}");
    let o = daystrom(&["errata", "tests/fixtures/errata/unknown-card.toml"]);
    let err = stderr(&o);
    assert!(
        err.contains("2 │ title = \"Hugg\"") && err.contains('▲'),
        "{err}"
    );
    let o = daystrom(&["cards", "t:personnel skil:diplomacy"]);
    let err = stderr(&o);
    assert!(
        err.contains("1 │ t:personnel skil:diplomacy") && err.contains('▲'),
        "{err}"
    );
}
