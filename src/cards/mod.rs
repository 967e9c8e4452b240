//! The card model: cards parsed from the card database CSVs into Rust types
//! ([`model`]), the parsers for game-text fields ([`parse`]), forgiving title
//! lookup ([`lookup`]) and the card query language ([`query`]).
//!
//! Invariant: one [`model::Card`] per distinct card (title + type + game text),
//! with every printing of it attached; `*VP` and dual-affiliation `*` twins are
//! printings, not cards.

pub mod ingest;
pub mod lookup;
pub mod model;
pub mod parse;
pub mod persona;
pub mod query;

pub use model::{Card, CardDb, CardType, Edition, Printing, Skill, Stat};
