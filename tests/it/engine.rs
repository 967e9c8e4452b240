//! The scenario format and its diagnostics.

mod format;
mod layering;
mod questions;
mod ruleset;
mod scenarios;
