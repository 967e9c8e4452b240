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
    assert!(run.files >= 35, "only {} files", run.files);
    assert!(
        run.problems.is_empty(),
        "failing:\n{}",
        run.problems.join("\n")
    );
    assert!(
        run.yes >= 10 && run.no >= 14,
        "{} yes / {} no expectations",
        run.yes,
        run.no
    );
}
