//! Running scenario files: collect them from files and directories (sorted,
//! optionally skipping directories), load and answer each, and sum up.

use super::{Answer, Scenario, TitleResolver};
use crate::cards::model::CardDb;
use std::path::{Path, PathBuf};

/// One file's result: its answers, or the error that stopped it loading.
#[derive(Debug, serde::Serialize)]
pub struct FileResult {
    pub path: PathBuf,
    pub title: String,
    pub source: Option<String>,
    pub answers: Vec<Answer>,
    pub error: Option<String>,
    /// Each of the file's mistakes that has a place in it: line, column
    /// and what is wrong.
    #[serde(skip)]
    pub errors_at: Vec<(usize, usize, String)>,
    /// The game state the engine built, as a picture model (left out when the
    /// file did not load).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<crate::board::Board>,
}

impl FileResult {
    pub fn failed(&self) -> bool {
        self.error.is_some() || self.answers.iter().any(|a| a.passed == Some(false))
    }
}

/// Every `.toml` file under the given paths, sorted, minus skipped directories.
pub fn collect(paths: &[PathBuf], skip: &[PathBuf]) -> std::io::Result<Vec<PathBuf>> {
    fn walk(dir: &Path, skip: &[PathBuf], out: &mut Vec<PathBuf>) -> std::io::Result<()> {
        let canon = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
        if skip
            .iter()
            .any(|s| s.canonicalize().is_ok_and(|s| s == canon))
        {
            return Ok(());
        }
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, skip, out)?;
            } else if p.extension().is_some_and(|e| e == "toml") {
                out.push(p);
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            walk(p, skip, &mut out)?;
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

/// Load and answer one file. An internal error (a panic) in it is the
/// file's error, so a run over many files goes on.
pub fn check_file(path: &Path, db: &CardDb, resolver: &dyn TitleResolver) -> FileResult {
    crate::diag::isolate(path, || match std::fs::read_to_string(path) {
        Ok(text) => check_text(path, &text, db, resolver),
        Err(e) => FileResult::unreadable(path, format!("{}: cannot read: {e}", path.display())),
    })
    .unwrap_or_else(|e| FileResult::unreadable(path, e))
}

/// Load and answer scenario text; `path` names it in diagnostics.
pub fn check_text(
    path: &Path,
    text: &str,
    db: &CardDb,
    resolver: &dyn TitleResolver,
) -> FileResult {
    match super::load(path, text, db, resolver) {
        Ok(s) => FileResult::answered(&s, db),
        Err(e) => FileResult {
            errors_at: e
                .all()
                .filter(|e| e.line > 0)
                .map(|e| (e.line, e.col, e.message.clone()))
                .collect(),
            ..FileResult::unreadable(path, e.to_string())
        },
    }
}

impl FileResult {
    /// Answer every question of a loaded scenario.
    pub fn answered(s: &Scenario, db: &CardDb) -> FileResult {
        FileResult {
            path: s.path.clone(),
            title: s.title.clone(),
            source: s.source.as_ref().map(|r| format!("{}: {}", r.doc, r.entry)),
            answers: super::run(s, db),
            error: None,
            errors_at: Vec::new(),
            board: Some(crate::board::Board::of(&s.state)),
        }
    }

    /// A file that did not load.
    pub fn unreadable(path: &Path, error: String) -> FileResult {
        FileResult {
            path: path.to_path_buf(),
            title: String::new(),
            source: None,
            answers: vec![],
            error: Some(error),
            board: None,
            errors_at: Vec::new(),
        }
    }
}
