//! `glossary/card-rulings.toml`: the Current Rulings entries about one card
//! that the engine applies, each naming the card and the aspect of it the
//! ruling settles (its gender, its requirements as clarified, who its
//! dilemma text stops...). A check reading that aspect of that card cites
//! the entry; no code names a card. Counted by `daystrom abilities --coverage`.

use super::affiliations::Source;
use serde::Deserialize;

/// The aspect of a card a ruling settles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Aspect {
    /// A personnel's gender ("considered to be male").
    Gender,
    /// A personnel's affiliation as against its species.
    Species,
    /// A mission's requirements or a dilemma's conditions as clarified.
    Requirements,
    /// What must be present for a dilemma to have any effect.
    Trigger,
    /// Who a dilemma stops, kills or otherwise affects.
    Affected,
    /// A card's text as corrected by errata.
    Text,
    /// The quadrant a card is native to (where it may report).
    Quadrant,
    /// What a facility allows to report to it.
    Reporting,
    /// Who may attempt a mission, from which end.
    Attemptable,
    /// Whose cards a card lets mix (in place of a treaty).
    Mixing,
    /// The movements a card allows a ship.
    Movement,
}

impl Aspect {
    /// The aspect as the rules speak of it ("gender", "requirements").
    pub fn name(self) -> &'static str {
        match self {
            Aspect::Gender => "gender",
            Aspect::Species => "affiliation and species",
            Aspect::Requirements => "requirements",
            Aspect::Trigger => "trigger",
            Aspect::Affected => "who is affected",
            Aspect::Text => "text",
            Aspect::Quadrant => "native quadrant",
            Aspect::Reporting => "reporting",
            Aspect::Attemptable => "attemptability",
            Aspect::Mixing => "mixing",
            Aspect::Movement => "movement",
        }
    }
}

/// One card-specific ruling.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardRuling {
    /// The card's exact title.
    pub card: String,
    pub on: Aspect,
    /// The Current Rulings entry.
    pub entry: String,
}

impl CardRuling {
    pub fn source(&self) -> Source {
        Source {
            doc: "current-rulings".into(),
            entry: self.entry.clone(),
        }
    }
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardRulings {
    #[serde(rename = "ruling")]
    pub rulings: Vec<CardRuling>,
}

impl CardRulings {
    /// The ruling that settles `aspect` of the card titled `title`, if any.
    pub fn about(&self, title: &str, aspect: Aspect) -> Option<&CardRuling> {
        self.rulings
            .iter()
            .find(|r| r.on == aspect && r.card.eq_ignore_ascii_case(title))
    }

    pub fn len(&self) -> usize {
        self.rulings.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rulings.is_empty()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_ruling_is_found_by_card_and_aspect_only() {
        let r = &crate::vocab::vocabulary().card_rulings;
        assert!(!r.is_empty());
        let first = &r.rulings[0];
        assert_eq!(
            r.about(&first.card.to_uppercase(), first.on).unwrap().entry,
            first.entry
        );
        assert!(r.about("No Such Card", first.on).is_none());
    }

    #[test]
    fn every_ruling_names_a_current_rulings_entry_once_per_aspect() {
        let r = &crate::vocab::vocabulary().card_rulings;
        for (i, a) in r.rulings.iter().enumerate() {
            assert!(!a.entry.trim().is_empty(), "{} has no entry", a.card);
            assert!(
                !r.rulings[..i]
                    .iter()
                    .any(|b| b.card == a.card && b.on == a.on),
                "{} is ruled on twice for {:?}",
                a.card,
                a.on
            );
        }
    }
}
