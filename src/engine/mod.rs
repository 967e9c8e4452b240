//! The 1E rules engine: game state, the action model, compiled card abilities,
//! and the checks that answer each question kind with reasons and citations.

pub mod abilities;
pub mod action;
pub mod response;
pub mod timing_rulings;
pub mod verdict;

pub use verdict::{Citation, Reason, Verdict, VerdictValue};
pub mod checks;
pub mod derived;
pub mod first_edition;
pub mod permissions;
pub mod question;
pub mod requirements;
pub mod ruleset;
pub mod state;

#[cfg(test)]
pub(crate) mod fixture;
