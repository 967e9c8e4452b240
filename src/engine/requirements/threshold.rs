//! Thresholds computed from the game: "STRENGTH>(50+10X), where X = number
//! of other missions in this region, if in a region; otherwise, X = 0". The
//! value after the comparison is `base + per × X`; what X counts is a
//! quantity the lexicon names (`[[quantity]]`), read from the game where
//! the dilemma is encountered. A quantity the lexicon does not name is an
//! unread term, never a guess.

use super::Tok;
use serde::{Deserialize, Serialize};

/// What X counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Quantity {
    /// The other missions in the region of the mission where the dilemma is
    /// encountered (0 outside a region).
    OtherMissionsInRegion,
    /// The cards in the hand of the player whose group faces the dilemma.
    CardsInHand,
}

impl Quantity {
    pub fn describe(self) -> &'static str {
        match self {
            Quantity::OtherMissionsInRegion => "number of other missions in this region",
            Quantity::CardsInHand => "number of cards in your hand",
        }
    }
}

/// The facts of the game a threshold reads, where it is met.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GameFacts {
    pub other_missions_in_region: Option<i32>,
    /// The score of the player whose group faces the dilemma.
    pub player_points: Option<i32>,
    /// The cards in that player's hand.
    pub cards_in_hand: Option<i32>,
    /// How many personnel the mission attempt under way began with.
    pub began_with: Option<i32>,
}

impl GameFacts {
    pub fn of(&self, q: Quantity) -> Option<i32> {
        match q {
            Quantity::OtherMissionsInRegion => self.other_missions_in_region,
            Quantity::CardsInHand => self.cards_in_hand,
        }
    }
}

/// `base + per × X`, X the quantity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Threshold {
    pub base: i32,
    pub per: i32,
    pub quantity: Quantity,
}

impl Threshold {
    pub fn value(&self, x: i32) -> i32 {
        self.base.saturating_add(self.per.saturating_mul(x))
    }
}

impl std::fmt::Display for Threshold {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let x = match self.per {
            1 => "X".to_string(),
            n => format!("{n}X"),
        };
        match self.base {
            0 => write!(f, "{x}")?,
            b => write!(f, "({b}+{x})")?,
        }
        write!(f, ", where X = {}", self.quantity.describe())
    }
}

/// The formula after a comparison: "(50+10X)", "(40 + 5X)", "10X", "X":
/// base, per and the tokens it takes.
pub(super) fn formula(toks: &[Tok]) -> Option<(i32, i32, usize)> {
    match toks {
        [Tok::Open, Tok::Num(base), Tok::Plus, Tok::Word(x), Tok::Close, ..] => {
            Some((*base as i32, per_x(x)?, 5))
        }
        [Tok::Word(x), ..] => Some((0, per_x(x)?, 1)),
        _ => None,
    }
}

/// "10X" → 10, "X" → 1.
fn per_x(word: &str) -> Option<i32> {
    let n = word.strip_suffix(['X', 'x'])?;
    if n.is_empty() {
        return Some(1);
    }
    n.parse().ok()
}

/// ", where X = number of other missions in this region ..." at the start
/// of `rest` (after the formula): the quantity the lexicon names and the
/// characters it takes.
pub(super) fn where_clause(rest: &str) -> Option<(Quantity, usize)> {
    let lexicon = crate::engine::abilities::lexicon::Lexicon::get();
    let folded: Vec<(usize, char)> = rest
        .char_indices()
        .filter(|(_, c)| !c.is_whitespace())
        .map(|(i, c)| (i, c.to_ascii_lowercase()))
        .collect();
    let text: String = folded.iter().map(|(_, c)| c).collect();
    let comma = usize::from(text.starts_with(','));
    let after = comma
        + lexicon
            .requirement_words
            .where_x
            .iter()
            .map(|p| fold(p))
            .find_map(|p| {
                text[comma..]
                    .strip_prefix(p.as_str())
                    .map(|_| p.chars().count())
            })?;
    let (quantity, len) = lexicon
        .quantity
        .iter()
        .flat_map(|q| q.phrases.iter().map(move |p| (q.kind, fold(p))))
        .filter(|(_, p)| text[after..].starts_with(p.as_str()))
        .map(|(k, p)| (k, p.chars().count()))
        .max_by_key(|(_, n)| *n)?;
    let last = folded.get(after + len - 1)?;
    Some((quantity, last.0 + last.1.len_utf8()))
}

/// Lower case without spaces, as `where_clause` compares.
fn fold(p: &str) -> String {
    p.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_formula_is_a_base_and_a_multiple_of_x() {
        let toks = [
            Tok::Open,
            Tok::Num(50.0),
            Tok::Plus,
            Tok::Word("10X".into()),
            Tok::Close,
        ];
        assert_eq!(formula(&toks), Some((50, 10, 5)));
        assert_eq!(formula(&[Tok::Word("X".into())]), Some((0, 1, 1)));
        assert_eq!(formula(&[Tok::Word("Leadership".into())]), None);
    }

    #[test]
    fn the_where_clause_names_a_quantity_of_the_lexicon() {
        let rest = ", where X = number of other missions in this region, if in a region; otherwise, X = 0. Discard dilemma.";
        let (q, len) = where_clause(rest).unwrap();
        assert_eq!(q, Quantity::OtherMissionsInRegion);
        assert_eq!(rest[len..].trim_start(), ". Discard dilemma.");
        let (q, _) = where_clause(", where X = number of cards in your hand").unwrap();
        assert_eq!(q, Quantity::CardsInHand);
        assert_eq!(
            where_clause(", where X = number of different card types removed from this game"),
            None
        );
        let t = Threshold {
            base: 40,
            per: 10,
            quantity: q,
        };
        assert_eq!(t.value(2), 60);
    }
}
