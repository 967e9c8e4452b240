//! Variable attributes (Glossary "variable attribute", "interceptor"): a
//! printed attribute such as RANGE "5+X" whose X the card's text gives with
//! a condition ("X=4 if moving within a region"). The conditions read are
//! the lexicon's `[variable_attribute]` phrases; any other X is not read.

use super::grammar::{self, any_phrase_at};
use super::lexicon::Lexicon;
use crate::cards::model::Card;

/// When X takes its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum XWhen {
    /// While the ship moves from a location of a region to another of the
    /// same region, passing no location outside it.
    MovingWithinRegion,
}

/// The value of X a card's text gives, and when.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VariableX {
    pub value: i32,
    pub when: XWhen,
}

/// The card's "X=<n> if ..." when its condition is one the lexicon names.
pub fn of(card: &Card) -> Option<VariableX> {
    let toks = grammar::tokenize(&card.text);
    let words = &Lexicon::get().variable_attribute;
    (0..toks.len()).find_map(|i| {
        let (value, next) = x_equals(&toks, i)?;
        any_phrase_at(&toks, next, &words.within_region)?;
        Some(VariableX {
            value,
            when: XWhen::MovingWithinRegion,
        })
    })
}

/// "X=4" (one token) or "X = 4" at `i`: the value and where the words after
/// it start.
fn x_equals(toks: &[grammar::Token], i: usize) -> Option<(i32, usize)> {
    let t = &toks.get(i)?.text;
    if let Some(n) = t.strip_prefix("x=") {
        return Some((n.parse().ok()?, i + 1));
    }
    let n = (t == "x" && toks.get(i + 1)?.text == "=").then(|| toks.get(i + 2))??;
    Some((n.text.parse().ok()?, i + 3))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::model::CardType;

    fn ship(text: &str) -> Card {
        crate::engine::fixture::card_with_text("X", CardType::Ship, text)
    }

    #[test]
    fn x_within_a_region_is_read_and_other_conditions_are_not() {
        let read = of(&ship(
            "May take off or land once each turn. X=4 if moving within a region.",
        ));
        assert_eq!(
            read,
            Some(VariableX {
                value: 4,
                when: XWhen::MovingWithinRegion
            })
        );
        assert_eq!(
            of(&ship("X = 3 if moving within a region.")).map(|x| x.value),
            Some(3)
        );
        assert_eq!(
            of(&ship("X=2 if with another Romulan underground member.")),
            None
        );
        assert_eq!(of(&ship("X=4 or 9.")), None);
    }
}
