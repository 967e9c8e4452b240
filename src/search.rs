//! Full-text search over rules entries and cards (tantivy): the schema, the
//! analyzers (English stemming, Italian stemming), synonym expansion from
//! `glossary/synonyms.toml`, and ranking.

/// One document of the search index: a rules entry or a card.
#[derive(Debug, Clone, Default)]
pub struct SearchDoc {
    /// Stable id (rules entry id, or `card:<key>`).
    pub id: String,
    /// Manifest id of the source document.
    pub doc: String,
    /// "glossary", "rulings", "rulebook" or "card".
    pub kind: String,
    /// "1E" / "2E".
    pub edition: String,
    /// "en" / "it".
    pub lang: String,
    pub title: String,
    pub body: String,
    /// True for a pure "See X" stub (never outranks X).
    pub stub: bool,
}
