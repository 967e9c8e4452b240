//! The scenario format and its diagnostics.

mod derived;
mod format;
mod layering;
mod movement;
mod permissions;
mod questions;
mod relocation;
mod requirements;
mod ruleset;
mod scenarios;
