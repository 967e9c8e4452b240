//! The blind response/timing set (`tests/fixtures/scenarios/blind-responses/`):
//! scenarios written from docs/scenarios.md and the rules documents alone,
//! the way an outside judge would write them. Every file loads, every answer
//! matches its expectation, and the set holds both verdicts.

mod scenario_sets;

use daystrom::scenario::check::check_file;
use daystrom::scenario::DbTitleResolver;

#[test]
fn blind_response_scenarios_pass_with_both_verdicts() {
    let Some(db) = scenario_sets::corpus_cards() else {
        return;
    };
    let run = scenario_sets::run_set(&db, &["tests/fixtures/scenarios/blind-responses"], &[]);
    run.assert_clean(30);
    run.assert_both_verdicts(15, 15);
}

/// An `[action]` may name a card by its database title without listing it,
/// but a name that is neither a title, a card, nor a player is still an error
/// at its line.
#[test]
fn action_names_are_titles_or_players_but_typos_are_errors() {
    let Some(db) = scenario_sets::corpus_cards() else {
        return;
    };
    let resolver = DbTitleResolver::new(&db);
    let tmp = tempfile::tempdir().expect("tempdir");
    let write = |name: &str, card: &str| {
        let p = tmp.path().join(name);
        let text = format!(
            "title = \"t\"\n[game]\nturn = \"alice\"\nphase = \"execute orders\"\n\n[action]\nkind = \"card play\"\nby = \"bob\"\ncard = \"{card}\"\n\n[[question]]\nask = \"valid response\"\ncard = \"Amanda Rogers\"\nplayer = \"bob\"\n"
        );
        std::fs::write(&p, text).expect("write");
        p
    };
    let good = check_file(&write("good.toml", "Hugh"), &db, &resolver);
    assert!(good.error.is_none(), "{:?}", good.error);
    let bad = check_file(&write("bad.toml", "Hugg Nonsuch"), &db, &resolver);
    let e = bad.error.expect("a misspelt card is an error");
    assert!(e.contains("bad.toml:9:"), "{e}");
}
