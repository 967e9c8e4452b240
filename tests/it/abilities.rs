//! The ability compiler and valid responses.

mod compiler;
mod coverage;
mod dilemma;
mod names;
mod response;
