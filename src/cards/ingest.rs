//! Card ingest: read the card CSVs named in the manifest, group rows into
//! distinct cards with their printings, parse every field, and report counts.

use super::model::CardDb;
use crate::corpus::{Corpus, DocSpec};
use crate::search::SearchDoc;

/// What loading the card database produced.
#[derive(Debug, Default)]
pub struct CardLoad {
    pub db: CardDb,
    pub report: CardReport,
}

/// Counts for the ingest summary (skeleton: filled in by the card reader).
#[derive(Debug, Default, Clone, serde::Serialize)]
pub struct CardReport {}

impl CardReport {
    /// Rows for the ingest summary table.
    pub fn table(&self) -> comfy_table::Table {
        comfy_table::Table::new()
    }
}

/// Load every `cards` document of the manifest.
pub fn load(_corpus: &Corpus, _docs: &[&DocSpec]) -> anyhow::Result<CardLoad> {
    Ok(CardLoad::default())
}

/// Search-index documents for the cards (kind "card").
pub fn search_docs(_db: &CardDb) -> Vec<SearchDoc> {
    Vec::new()
}
