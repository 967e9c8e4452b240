//! The executable rulings on valid responses and card-play timing
//! (`rulings/responses/`, `rulings/can-play/`) all pass, cite entries that
//! exist in the corpus, and hold both verdicts: every positive has near-miss
//! negatives beside it.

use daystrom::scenario::check::{check_file, collect};
use daystrom::scenario::DbTitleResolver;
use std::path::{Path, PathBuf};

fn corpus() -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    p.join("cards/physical.csv").is_file().then_some(p)
}

#[test]
fn response_and_card_play_rulings_pass_with_both_verdicts() {
    let Some(root) = corpus() else {
        eprintln!("corpus not found; skipping");
        return;
    };
    let corpus = daystrom::corpus::locate(Some(&root), None).expect("corpus");
    let db = daystrom::cards::ingest::load_corpus(&corpus).expect("cards load");
    let resolver = DbTitleResolver::new(&db);
    let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("rulings");
    let dirs = [base.join("responses"), base.join("can-play")];
    let files = collect(&dirs, &[]).expect("rulings dirs");
    assert!(files.len() >= 40, "only {} files", files.len());
    let (mut yes, mut no, mut failures) = (0, 0, Vec::new());
    for f in &files {
        let r = check_file(f, &db, &resolver);
        if let Some(e) = &r.error {
            failures.push(e.clone());
        }
        for a in &r.answers {
            match a.expect.as_deref() {
                Some("yes") => yes += 1,
                Some("no") => no += 1,
                _ => {}
            }
            if a.passed != Some(true) {
                failures.push(format!(
                    "{}:{} {} => {} (expected {:?})",
                    f.display(),
                    a.line,
                    a.ask,
                    a.verdict.value,
                    a.expect
                ));
            }
            assert!(
                !a.verdict.citations.is_empty()
                    || a.verdict.reasons.iter().any(|r| r.citation.is_some()),
                "{}: uncited verdict",
                f.display()
            );
        }
    }
    assert!(failures.is_empty(), "failing:\n{}", failures.join("\n"));
    assert!(yes >= 20 && no >= 20, "{yes} yes / {no} no expectations");
}
