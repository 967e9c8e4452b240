//! What a scenario may not say even when it parses: numbers no card or
//! spaceline can hold (a span of 2147483647 overflows the RANGE sum, a deck
//! line of a billion copies allocates without end), the same `id` twice,
//! cards aboard each other, an `expect` that is no answer. The loader turns
//! each into an error at its line instead of a wrong answer or a crash.

use crate::engine::state::{GameState, Place};
use std::ops::RangeInclusive;

/// A location's span and a ship's RANGE used: no card prints more than a
/// two-digit number, so these cannot be a real game's.
pub const SPAN: RangeInclusive<i64> = 0..=99;
pub const RANGE_USED: RangeInclusive<i64> = 0..=99;
/// Turns (and movements counted in turns) a card's state can hold.
pub const TURNS: RangeInclusive<i64> = 0..=99;
/// Copies of one card in a deck line or a `copies` key.
pub const COPIES: RangeInclusive<i64> = 0..=500;

/// `None` when `value` is within `range`, else why not.
pub fn out_of_range(key: &str, value: i64, range: &RangeInclusive<i64>) -> Option<String> {
    (!range.contains(&value)).then(|| {
        format!(
            "`{key}` = {value} is out of range: expected {} to {}",
            range.start(),
            range.end()
        )
    })
}

/// The ring of cards aboard each other (A aboard B aboard A) that `start`
/// closes, in order from it; `None` when its `at` chain ends somewhere.
pub fn aboard_ring(state: &GameState, start: usize) -> Option<Vec<usize>> {
    let mut ring = vec![start];
    let mut cur = start;
    // A chain longer than the number of cards has repeated one.
    for _ in 0..state.pieces.len() {
        let Place::Aboard(next) = state.pieces.get(cur)?.at else {
            return None;
        };
        if next == start {
            return Some(ring);
        }
        ring.push(next);
        cur = next;
    }
    None
}

/// `expect` as the answer it names: a string, a yes/no boolean or a number.
pub fn expectation(value: &toml::Value) -> Result<String, String> {
    match value {
        toml::Value::String(s) => Ok(super::words::expectation(s)),
        toml::Value::Boolean(b) => Ok(if *b { "yes" } else { "no" }.to_string()),
        toml::Value::Integer(n) => Ok(n.to_string()),
        toml::Value::Float(x) => Ok(x.to_string()),
        other => Err(format!(
            "`expect` must be an answer (\"yes\", \"no\", a number or a value such as \"hit\"), not {}",
            other.type_str()
        )),
    }
}
