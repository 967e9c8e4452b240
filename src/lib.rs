//! Daystrom settles Star Trek CCG rules questions.
//!
//! The data travels through the modules in this order (see ARCHITECTURE.md):
//!
//! 1. [`corpus`] finds the source documents and reads the manifest.
//! 2. [`readers`] turn each document format into [`readers::RulesEntry`] values
//!    (rules documents) or card rows, repairing what [`repair`] can repair.
//! 3. [`ingest`] writes them into the [`store`] (SQLite) and the [`search`]
//!    index (tantivy), atomically.
//! 4. [`rules`] answers `define` and `diff`; [`search`] answers `search`.
//! 5. [`cards`] is the parsed card model, its forgiving lookup and query language.
//! 6. [`engine`] is the 1E rules engine; [`scenario`] reads judge scenarios into
//!    it and [`errata`] replays them against changed card text.
//! 7. [`board`] draws the game state a scenario built (text tree and SVG).
//! 8. [`cli`] is the command line; `main.rs` only calls it; [`serve`] is the
//!    judges' web page and its JSON API over the same library calls.

#![forbid(unsafe_code)]

pub mod board;
pub mod cards;
pub mod cli;
pub mod corpus;
pub mod diag;
pub mod engine;
pub mod errata;
pub mod index_lock;
pub mod ingest;
pub mod readers;
pub mod repair;
pub mod rules;
pub mod scenario;
pub mod search;
pub mod serve;
pub mod store;
pub mod suggest;
pub mod vocab;
