//! `glossary/card-rulings.toml`: the Current Rulings entries about particular
//! cards, cited when a rule reads that card for what the ruling is about
//! (Ocett's affiliation, the mixing Memory Wipe allows). Card-specific
//! exceptions live in this counted file, never as a title test in code.

use serde::Deserialize;

/// One card-specific ruling.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardRuling {
    /// The Current Rulings entry, as printed.
    pub entry: String,
    /// The titles of the cards it is about.
    pub cards: Vec<String>,
    /// What of the card it rules on: "affiliation", or a lexicon act.
    pub about: String,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardRulings {
    #[serde(rename = "ruling")]
    pub rulings: Vec<CardRuling>,
}

impl CardRulings {
    /// The Current Rulings entry about `title`'s `about`, if any.
    pub fn about(&self, title: &str, about: &str) -> Option<&str> {
        self.rulings
            .iter()
            .find(|r| r.about == about && r.cards.iter().any(|c| c.eq_ignore_ascii_case(title)))
            .map(|r| r.entry.as_str())
    }

    /// How many card-specific rulings the file holds (cards × entries).
    pub fn count(&self) -> usize {
        self.rulings.iter().map(|r| r.cards.len()).sum()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_ruling_is_found_by_card_and_subject() {
        let r = &crate::vocab::vocabulary().card_rulings;
        assert_eq!(
            r.about("Ocett", "affiliation"),
            Some("Cardassians, Non-Aligned")
        );
        assert_eq!(r.about("Ocett", "mix"), None);
        assert_eq!(r.about("Kurn", "affiliation"), None);
        assert!(r.count() >= 4);
    }
}
