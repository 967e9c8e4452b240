//! The ability compiler and valid responses.

mod compiler;
mod coverage;
mod dilemma;
mod gender;
mod names;
mod response;
