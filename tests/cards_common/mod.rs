//! Shared set-up for the card tests that run on the real corpus: the card
//! database loaded once, and a store built once in a temporary directory.
#![allow(dead_code)]

use daystrom::cards::CardDb;
use daystrom::corpus::{locate, DocKind};
use daystrom::store::Store;
use std::path::PathBuf;
use std::sync::OnceLock;

/// The real corpus's card database.
pub fn db() -> &'static CardDb {
    static DB: OnceLock<CardDb> = OnceLock::new();
    DB.get_or_init(|| load().db)
}

pub fn load() -> daystrom::cards::ingest::CardLoad {
    let corpus = locate(None, None).expect("the real corpus at ../shared/corpus");
    let docs: Vec<_> = corpus
        .manifest
        .documents
        .iter()
        .filter(|d| d.kind == DocKind::Cards)
        .collect();
    daystrom::cards::ingest::load(&corpus, &docs).unwrap()
}

/// A store holding the real cards plus two rules entries, linked.
pub fn store() -> Store {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    let dir = DIR.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap().keep();
        let store = Store::create(&dir).unwrap();
        daystrom::store::cards::write(&store, db()).unwrap();
        store
            .conn
            .execute_batch(
                "INSERT INTO documents (id, title, kind, edition, lang, version, path, format)
                   VALUES ('current-rulings', 'Current Rulings', 'rulings', '1E', 'en', 'test', 'x', 'rulings-text');
                 INSERT INTO entries (id, doc, seq, title, title_fold, body, heading_path, source, revised, stub, line)
                   VALUES ('current-rulings:kivas-fajo', 'current-rulings', 0, 'Kivas Fajo', 'kivas fajo',
                           'Written for the test: Kivas Fajo may not be stolen by Borg Ship.', '', NULL, 0, 0, 1);",
            )
            .unwrap();
        daystrom::store::cards::link_rules(&store).unwrap();
        dir
    });
    Store::open(dir).unwrap()
}
