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

/// The entry titles of a rules document of the manifest, as its reader
/// reads them (the titles the index holds and citations must name).
pub fn entry_titles(doc_id: &str) -> HashSet<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let corpus = daystrom::corpus::locate(Some(&root), None).expect("corpus");
    let spec = corpus
        .manifest
        .get(doc_id)
        .expect("document in the manifest");
    daystrom::readers::read_rules_document(spec, &corpus.path_of(spec))
        .expect("the document reads")
        .entries
        .into_iter()
        .map(|e| e.title)
        .collect()
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
    /// Every entry the verdicts cite, as (document id, entry title).
    pub citations: HashSet<(String, String)>,
}

impl SetRun {
    /// At least `min_files` files, and not one problem.
    pub fn assert_clean(&self, min_files: usize) {
        assert!(self.files >= min_files, "only {} files", self.files);
        assert!(
            self.problems.is_empty(),
            "failing:\n{}",
            self.problems.join("\n")
        );
    }

    /// The set holds both verdicts: near-miss negatives beside positives.
    pub fn assert_both_verdicts(&self, min_yes: usize, min_no: usize) {
        assert!(
            self.yes >= min_yes && self.no >= min_no,
            "{} yes / {} no expectations",
            self.yes,
            self.no
        );
    }
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
            for c in &a.verdict.citations {
                run.citations.insert((c.doc.clone(), c.title.clone()));
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
