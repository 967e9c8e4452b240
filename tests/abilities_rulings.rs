//! The executable rulings on valid responses and card-play timing
//! (`rulings/responses/`, `rulings/can-play/`) all pass, cite entries that
//! exist in the corpus, and hold both verdicts: every positive has near-miss
//! negatives beside it.

mod scenario_sets;

#[test]
fn response_and_card_play_rulings_pass_with_both_verdicts() {
    let Some(db) = scenario_sets::corpus_cards() else {
        return;
    };
    let run = scenario_sets::run_set(&db, &["rulings/responses", "rulings/can-play"], &[]);
    assert!(run.files >= 40, "only {} files", run.files);
    assert!(
        run.problems.is_empty(),
        "failing:\n{}",
        run.problems.join("\n")
    );
    assert!(
        run.yes >= 20 && run.no >= 20,
        "{} yes / {} no expectations",
        run.yes,
        run.no
    );
}
