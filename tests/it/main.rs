//! Daystrom's integration tests: one test binary, a module per area. The
//! corpus, the card model and the indexes built from them are shared by every
//! test of a run (`support`), so each is read or ingested once; tests run in
//! parallel. The executable rulings and the blind scenario sets, one named
//! test per file, are the other test target (`tests/scenarios.rs`).

mod abilities;
mod cards;
mod cli;
mod engine;
mod errata;
mod hostile;
mod properties;
mod readme;
mod rules;
mod search;
mod serve;
mod support;
