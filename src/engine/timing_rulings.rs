//! Entries that restate a timing rule for one card or one kind of action
//! (`glossary/timing-rulings.toml`). Card-specific Current Rulings entries
//! are data, each a counted entry, never a title test in code: a check cites
//! one when the rule it restates applies to a question about that card. An
//! action entry (the Glossary's "battle": "no other actions can occur during
//! a battle unless they are a valid response or suspend play") is cited when
//! a response to an action of that kind is judged.

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

/// An entry stating which actions may interrupt actions of some kinds.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionRuling {
    /// Action kinds as the lexicon names them ("battle" covers both battles).
    pub kinds: Vec<String>,
    /// The document (`glossary` or `current-rulings`) and the entry's title.
    pub doc: String,
    pub entry: String,
    pub says: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimingRulings {
    #[serde(default)]
    pub ruling: Vec<CardRuling>,
    #[serde(default)]
    pub action: Vec<ActionRuling>,
}

impl TimingRulings {
    pub fn get() -> &'static TimingRulings {
        static R: OnceLock<TimingRulings> = OnceLock::new();
        R.get_or_init(|| {
            crate::vocab::parse_embedded(
                "timing-rulings.toml",
                include_str!("../../glossary/timing-rulings.toml"),
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

    /// The entries restating the interrupting rule for one of `kinds`.
    pub fn for_actions<'a>(
        &'a self,
        kinds: &'a [String],
    ) -> impl Iterator<Item = &'a ActionRuling> + 'a {
        let lx = crate::engine::abilities::lexicon::Lexicon::get();
        self.action.iter().filter(move |a| {
            kinds
                .iter()
                .any(|k| a.kinds.iter().any(|w| lx.kind_matches(w, k)))
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
