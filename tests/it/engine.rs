//! The scenario format and its diagnostics.

mod derived;
mod format;
mod layering;
mod permissions;
mod questions;
mod requirements;
mod ruleset;
mod scenarios;
