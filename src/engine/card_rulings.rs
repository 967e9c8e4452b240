//! Current Rulings entries that rule on one card's timing
//! (`glossary/card-rulings.toml`): card-specific exceptions are data, each a
//! counted entry, never a title test in code. A check cites an entry when the
//! rule the entry restates applies to a question about that card.

use serde::Deserialize;
use std::sync::OnceLock;

/// One Current Rulings entry on one card.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardRuling {
    /// The card's title, as questions name it.
    pub card: String,
    /// The Current Rulings entry's title.
    pub entry: String,
    /// The names of the rules (of the check tables) the entry restates for
    /// this card.
    pub rules: Vec<String>,
    /// What the entry rules, in our words.
    pub says: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardRulings {
    #[serde(default)]
    pub ruling: Vec<CardRuling>,
}

impl CardRulings {
    pub fn get() -> &'static CardRulings {
        static R: OnceLock<CardRulings> = OnceLock::new();
        R.get_or_init(|| {
            crate::vocab::parse_embedded(
                "card-rulings.toml",
                include_str!("../../glossary/card-rulings.toml"),
            )
        })
    }

    /// The entries restating `rule` for one of `cards`.
    pub fn for_rule<'a>(
        &'a self,
        rule: &'a str,
        cards: &'a [&'a str],
    ) -> impl Iterator<Item = &'a CardRuling> + 'a {
        let same =
            |a: &str, b: &str| crate::repair::fold_for_match(a) == crate::repair::fold_for_match(b);
        self.ruling.iter().filter(move |r| {
            r.rules.iter().any(|n| n == rule) && cards.iter().any(|c| same(c, &r.card))
        })
    }

    /// How many card-specific entries there are (`daystrom abilities --coverage`).
    pub fn len(&self) -> usize {
        self.ruling.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ruling.is_empty()
    }
}
