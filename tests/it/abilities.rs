//! The ability compiler and valid responses.

mod compiler;
mod coverage;
mod names;
mod response;
