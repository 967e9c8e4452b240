//! Shared state of the integration tests: the corpus and cards (see
//! `tests/support`), and the indexes built from them once per run. Built
//! indexes live under the target directory's test scratch space
//! (`CARGO_TARGET_TMPDIR`), one fixed directory each, so a run replaces the
//! last run's instead of leaking a temporary directory.

#![allow(dead_code)]

#[path = "../support/mod.rs"]
mod shared;

pub use shared::*;

use daystrom::ingest::{ingest, IndexConfig, IngestOptions};
use daystrom::search::RulesSearcher;
use daystrom::store::Store;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// A fixed scratch directory of this test binary.
pub fn scratch(name: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("it").join(name)
}

/// Ingest the shared corpus into `scratch(name)` (a new generation replaces
/// the last run's).
fn ingest_corpus(name: &str, rules_only: bool) -> PathBuf {
    let corpus = corpus();
    let cfg = IndexConfig {
        corpus: Some(corpus.root.clone()),
        manifest: Some(corpus.manifest_path.clone()),
        index: scratch(name),
    };
    let opts = IngestOptions {
        progress: false,
        rules_only,
    };
    ingest(&cfg, opts).unwrap_or_else(|e| panic!("ingest of the shared corpus: {e:#}"));
    cfg.index
}

/// The index of the rules documents (no cards), built once per run.
pub fn rules_index() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| ingest_corpus("rules-index", true))
}

/// The index of the whole corpus (rules and cards), built once per run.
pub fn full_index() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| ingest_corpus("full-index", false))
}

/// The search index of the rules documents.
pub fn rules_searcher() -> &'static RulesSearcher {
    static S: OnceLock<RulesSearcher> = OnceLock::new();
    S.get_or_init(|| {
        daystrom::ingest::open_current(rules_index())
            .and_then(|h| h.searcher())
            .expect("the rules index opens")
    })
}

/// A store holding the real cards plus two rules entries written for the
/// tests, linked; written once per run and opened per test (a connection is
/// not shareable between test threads).
pub fn card_store() -> Store {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    let dir = DIR.get_or_init(|| {
        let dir = scratch("card-store");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("card store directory");
        let store = Store::create(&dir).expect("card store");
        daystrom::store::cards::write(&store, cards()).expect("write cards");
        store
            .conn
            .execute_batch(
                "INSERT INTO documents (id, title, kind, edition, lang, version, path, format)
                   VALUES ('current-rulings', 'Current Rulings', 'rulings', '1E', 'en', 'test', 'x', 'rulings-text');
                 INSERT INTO entries (id, doc, seq, title, title_fold, body, heading_path, source, revised, stub, line)
                   VALUES ('current-rulings:kivas-fajo', 'current-rulings', 0, 'Kivas Fajo', 'kivas fajo',
                           'Written for the test: Kivas Fajo may not be stolen by Borg Ship.', '', NULL, 0, 0, 1);",
            )
            .expect("test rules entries");
        daystrom::store::cards::link_rules(&store).expect("link rules");
        dir
    });
    Store::open(dir).expect("card store opens")
}
