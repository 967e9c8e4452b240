//! The scenario format and its diagnostics.

mod format;
mod scenarios;
