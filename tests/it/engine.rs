//! The scenario format and its diagnostics.

mod format;
mod layering;
mod questions;
mod scenarios;
