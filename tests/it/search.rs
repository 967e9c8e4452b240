//! Search ranking and the held-out, judge and blind question sets.

mod blind;
mod eval;
mod heldout;
mod judge;
mod ranking;
mod sets;
