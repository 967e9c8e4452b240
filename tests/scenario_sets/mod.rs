//! Running a set of scenario files against the real card model, for the tests
//! that hold a whole set (executable rulings, blind sets) to its expectations.

#![allow(dead_code)]

use daystrom::cards::model::CardDb;
use daystrom::scenario::check::{check_file, collect};
use daystrom::scenario::DbTitleResolver;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// The card model of the shared corpus, or `None` (with a note) when the
/// corpus is not beside the repository.
pub fn corpus_cards() -> Option<CardDb> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if !root.join("cards/physical.csv").is_file() {
        eprintln!("corpus not found; skipping");
        return None;
    }
    let corpus = daystrom::corpus::locate(Some(&root), None).expect("corpus");
    Some(daystrom::cards::ingest::load_corpus(&corpus).expect("cards load"))
}

/// What a set of scenario files came to.
#[derive(Default)]
pub struct SetRun {
    pub files: usize,
    /// Load errors, files without `source`, questions without `expect`,
    /// answers that differ from their expectation, verdicts without citation.
    pub problems: Vec<String>,
    /// The `ask` kinds the set asks.
    pub kinds: HashSet<String>,
    /// Expectations of "yes" and of "no".
    pub yes: usize,
    pub no: usize,
}

/// Check every `*.toml` under `dirs` (relative to the repository) but `skip`.
pub fn run_set(db: &CardDb, dirs: &[&str], skip: &[&str]) -> SetRun {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dirs: Vec<PathBuf> = dirs.iter().map(|d| repo.join(d)).collect();
    let skip: Vec<PathBuf> = skip.iter().map(|d| repo.join(d)).collect();
    let files = collect(&dirs, &skip).expect("scenario dirs");
    let resolver = DbTitleResolver::new(db);
    let mut run = SetRun {
        files: files.len(),
        ..SetRun::default()
    };
    for f in &files {
        let r = check_file(f, db, &resolver);
        if let Some(e) = &r.error {
            run.problems.push(format!("load error: {e}"));
            continue;
        }
        if r.source.is_none() {
            run.problems.push(format!("{}: no `source`", f.display()));
        }
        for a in &r.answers {
            run.kinds.insert(a.ask.clone());
            match a.expect.as_deref() {
                Some("yes") => run.yes += 1,
                Some("no") => run.no += 1,
                _ => {}
            }
            if a.verdict.citations.is_empty() {
                run.problems
                    .push(format!("{}:{} uncited verdict", f.display(), a.line));
            }
            match a.passed {
                Some(true) => {}
                Some(false) => run.problems.push(format!(
                    "{}:{} {} => {} (expected {:?})",
                    f.display(),
                    a.line,
                    a.ask,
                    a.verdict.value,
                    a.expect
                )),
                None => run
                    .problems
                    .push(format!("{}:{} has no `expect`", f.display(), a.line)),
            }
        }
    }
    run
}
