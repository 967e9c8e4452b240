//! The corpus and its card model, found and loaded once per test binary,
//! exactly as the `daystrom` binary finds them: `DAYSTROM_CORPUS`, then
//! `../shared/corpus`. A test that needs the corpus fails when it is missing,
//! naming every place it looked; it never skips.

#![allow(dead_code)]

use daystrom::cards::ingest::CardLoad;
use daystrom::cards::model::{Card, CardDb, Edition};
use daystrom::corpus::{Corpus, DocKind};
use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::sync::OnceLock;

/// The repository (the crate's manifest directory).
pub fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The shared corpus, located as the binary locates it.
pub fn corpus() -> &'static Corpus {
    static C: OnceLock<Corpus> = OnceLock::new();
    C.get_or_init(|| {
        daystrom::corpus::locate(None, None).unwrap_or_else(|e| {
            panic!("this test needs the shared corpus: {e:#}");
        })
    })
}

/// Every card document of the manifest, through the real card reader.
pub fn cards_load() -> &'static CardLoad {
    static L: OnceLock<CardLoad> = OnceLock::new();
    L.get_or_init(|| {
        let c = corpus();
        let docs: Vec<_> = c
            .manifest
            .documents
            .iter()
            .filter(|d| d.kind == DocKind::Cards)
            .collect();
        daystrom::cards::ingest::load(c, &docs).unwrap_or_else(|e| panic!("cards load: {e:#}"))
    })
}

/// The real card model.
pub fn cards() -> &'static CardDb {
    &cards_load().db
}

/// The 1E card with this exact title (panics with the title when missing).
pub fn card(title: &str) -> &'static Card {
    cards()
        .cards
        .iter()
        .find(|c| c.title == title && c.edition == Edition::First)
        .unwrap_or_else(|| panic!("no 1E card titled {title:?} in the corpus"))
}

/// The entry titles of a rules document of the manifest, as its reader reads
/// them (the titles the index holds and citations must name); read once.
pub fn entry_titles(doc_id: &str) -> &'static HashSet<String> {
    static TITLES: OnceLock<HashMap<String, HashSet<String>>> = OnceLock::new();
    static NONE: OnceLock<HashSet<String>> = OnceLock::new();
    let all = TITLES.get_or_init(|| {
        let c = corpus();
        c.manifest
            .documents
            .iter()
            .filter(|spec| spec.kind != daystrom::corpus::DocKind::Cards)
            .map(|spec| {
                let titles = daystrom::readers::read_rules_document(spec, &c.path_of(spec))
                    .unwrap_or_else(|e| panic!("{} reads: {e:#}", spec.id))
                    .entries
                    .into_iter()
                    .map(|e| e.title)
                    .collect();
                (spec.id.clone(), titles)
            })
            .collect()
    });
    all.get(doc_id)
        .unwrap_or_else(|| NONE.get_or_init(HashSet::new))
}
