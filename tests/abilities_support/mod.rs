//! The real card model of the shared corpus, loaded once for the ability tests.

#![allow(dead_code)]

use daystrom::cards::model::{Card, CardDb, Edition};
use std::sync::OnceLock;

/// Every card of the manifest's card documents, through the real card reader.
pub fn db() -> &'static CardDb {
    static DB: OnceLock<CardDb> = OnceLock::new();
    DB.get_or_init(|| {
        let corpus = daystrom::corpus::locate(None, None).expect("the shared corpus");
        daystrom::cards::ingest::load_corpus(&corpus).expect("cards load")
    })
}

/// The 1E card with this exact title (panics with the title when missing).
pub fn get(title: &str) -> &'static Card {
    db().cards
        .iter()
        .find(|c| c.title == title && c.edition == Edition::First)
        .unwrap_or_else(|| panic!("no 1E card titled {title:?} in the corpus"))
}
