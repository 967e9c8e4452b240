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
    run.assert_clean(40);
    run.assert_both_verdicts(20, 20);
}
