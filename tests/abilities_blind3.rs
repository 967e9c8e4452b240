//! The third blind response/timing set
//! (`tests/fixtures/scenarios/blind-responses3/`): interrupts, events,
//! incidents and dilemmas sampled at fixed intervals from the virtual card
//! pool (`virtual.csv`), each asked the natural judge question (`valid
//! response` / `can play` / `dilemma outcome`) from the rules documents
//! alone.

mod scenario_sets;

#[test]
fn third_blind_response_set_passes_with_both_verdicts() {
    let Some(db) = scenario_sets::corpus_cards() else {
        return;
    };
    let run = scenario_sets::run_set(&db, &["tests/fixtures/scenarios/blind-responses3"], &[]);
    run.assert_clean(35);
    run.assert_both_verdicts(10, 14);
}
