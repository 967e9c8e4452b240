//! The second blind response/timing set
//! (`tests/fixtures/scenarios/blind-responses2/`): interrupts, events,
//! incidents, doorways and dilemmas sampled from the card CSVs, each asked
//! the natural judge question (`valid response` / `can play`) from the rules
//! documents alone. Every file loads, every answer matches, both verdicts
//! occur.

mod scenario_sets;

use daystrom::scenario::check::check_file;
use daystrom::scenario::DbTitleResolver;

#[test]
fn second_blind_response_set_passes_with_both_verdicts() {
    let Some(db) = scenario_sets::corpus_cards() else {
        return;
    };
    let run = scenario_sets::run_set(&db, &["tests/fixtures/scenarios/blind-responses2"], &[]);
    run.assert_clean(40);
    run.assert_both_verdicts(12, 20);
}

/// The same card is played from hand at its type's time but, once on the
/// table, its "At any time, ..." text works on the opponent's turn.
#[test]
fn at_any_time_text_is_a_use_in_play_not_a_play_from_hand() {
    let Some(db) = scenario_sets::corpus_cards() else {
        return;
    };
    let resolver = DbTitleResolver::new(&db);
    let tmp = tempfile::tempdir().expect("tempdir");
    let ask = |at: &str| {
        let p = tmp.path().join(format!("{}.toml", at.replace(' ', "-")));
        let text = format!(
            "title = \"t\"\n[game]\nturn = \"bob\"\nphase = \"execute orders\"\n\n[[card]]\ntitle = \"Meditation\"\nowner = \"alice\"\nat = \"{at}\"\n\n[[question]]\nask = \"can play\"\ncard = \"Meditation\"\nplayer = \"alice\"\n"
        );
        std::fs::write(&p, text).expect("write");
        let r = check_file(&p, &db, &resolver);
        assert!(r.error.is_none(), "{:?}", r.error);
        r.answers[0].verdict.value.to_string()
    };
    assert_eq!(ask("hand"), "no");
    assert_eq!(ask("table"), "yes");
}
