//! Running scenario files: collect them from files and directories (sorted,
//! optionally skipping directories), load and answer each, and sum up.

use super::{Answer, TitleResolver};
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
    crate::diag::isolate(path, || check_loaded(path, db, resolver)).unwrap_or_else(|e| FileResult {
        path: path.to_path_buf(),
        title: String::new(),
        source: None,
        answers: vec![],
        error: Some(e),
    })
}

fn check_loaded(path: &Path, db: &CardDb, resolver: &dyn TitleResolver) -> FileResult {
    match super::load_file(path, db, resolver) {
        Ok(s) => FileResult {
            path: path.to_path_buf(),
            title: s.title.clone(),
            source: s.source.as_ref().map(|r| format!("{}: {}", r.doc, r.entry)),
            answers: super::run(&s, db),
            error: None,
        },
        Err(e) => FileResult {
            path: path.to_path_buf(),
            title: String::new(),
            source: None,
            answers: vec![],
            error: Some(e.to_string()),
        },
    }
}
