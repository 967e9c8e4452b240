//! Title resolution for scenarios. The scenario loader only needs
//! [`TitleResolver`]; [`DbTitleResolver`] matches folded titles exactly
//! (preferring First Edition cards, since the engine plays 1E), then falls back
//! to the card database's forgiving lookup ([`crate::cards::lookup`]) for a
//! sloppy name that clearly means one card.

use crate::cards::lookup::Lookup;
use crate::cards::model::{CardDb, Edition};
use std::collections::HashMap;

/// Why a title did not resolve to one card.
#[derive(Debug, Clone, PartialEq)]
pub enum TitleError {
    Unknown {
        suggestions: Vec<String>,
    },
    /// Several distinct cards carry this title (described for the message).
    Ambiguous {
        candidates: Vec<String>,
    },
}

/// Resolves a title written in a scenario to a card index of the [`CardDb`].
/// `kind` narrows by card type ("personnel", "mission") when given.
pub trait TitleResolver {
    fn resolve(&self, title: &str, kind: Option<&str>) -> Result<usize, TitleError>;
}

impl<F> TitleResolver for F
where
    F: Fn(&str, Option<&str>) -> Result<usize, TitleError>,
{
    fn resolve(&self, title: &str, kind: Option<&str>) -> Result<usize, TitleError> {
        self(title, kind)
    }
}

/// Exact (folded) title matching over a [`CardDb`], with strsim suggestions.
/// Cheap to make: the folded titles are the database's own [`CardDb::titles`].
pub struct DbTitleResolver<'a> {
    db: &'a CardDb,
    by_title: &'a HashMap<String, Vec<usize>>,
}

impl<'a> DbTitleResolver<'a> {
    pub fn new(db: &'a CardDb) -> DbTitleResolver<'a> {
        DbTitleResolver {
            db,
            by_title: &db.titles().by_fold,
        }
    }

    fn suggestions(&self, folded: &str) -> Vec<String> {
        crate::suggest::closest(folded, self.by_title.keys(), 3)
            .into_iter()
            .map(|k| self.db.cards[self.by_title[k][0]].title.clone())
            .collect()
    }
}

impl DbTitleResolver<'_> {
    /// A name that is no card's title: accept the forgiving lookup's answer
    /// when it clearly means one First Edition card and differs only in case,
    /// punctuation, "The" or a left-out subtitle. A typo is reported with a
    /// suggestion instead: silently checking a different card would mislead.
    fn forgiving(&self, title: &str, folded: &str) -> Result<usize, TitleError> {
        let words = crate::cards::lookup::title_words(title);
        let covers = |c: &crate::cards::Card| self.db.titles().keys[c.id].covers(&words);
        match crate::cards::lookup::lookup(self.db, title) {
            Lookup::Exact(c) if c.edition == Edition::First => Ok(c.id),
            Lookup::Best { card: c, .. } if c.edition == Edition::First && covers(c) => Ok(c.id),
            Lookup::Ambiguous { candidates, best } => Err(TitleError::Ambiguous {
                candidates: std::iter::once(best)
                    .chain(candidates)
                    .take(5)
                    .map(|c| c.title.clone())
                    .collect(),
            }),
            _ => Err(TitleError::Unknown {
                suggestions: self.suggestions(folded),
            }),
        }
    }
}

impl TitleResolver for DbTitleResolver<'_> {
    fn resolve(&self, title: &str, kind: Option<&str>) -> Result<usize, TitleError> {
        if crate::suggest::too_long(title) {
            // No card's title; folding and comparing it costs its length.
            return Err(TitleError::Unknown {
                suggestions: Vec::new(),
            });
        }
        let folded = crate::repair::fold_for_match(title);
        let Some(ids) = self.by_title.get(&folded) else {
            return self.forgiving(title, &folded);
        };
        let kind = kind.map(crate::repair::fold_for_match);
        let first_edition: Vec<usize> = ids
            .iter()
            .copied()
            .filter(|&i| self.db.cards[i].edition == Edition::First)
            .collect();
        let ids = if first_edition.is_empty() {
            ids
        } else {
            &first_edition
        };
        let fits: Vec<usize> = ids
            .iter()
            .copied()
            .filter(|&i| {
                kind.as_ref().is_none_or(|k| {
                    crate::repair::fold_for_match(&self.db.cards[i].card_type.name()) == *k
                })
            })
            .collect();
        match fits.as_slice() {
            [one] => Ok(*one),
            [] => Err(TitleError::Unknown {
                suggestions: vec![],
            }),
            many => {
                // Several printings of one card differ only in text details:
                // when they share type and affiliation, take the first.
                let first = &self.db.cards[many[0]];
                if many.iter().all(|&i| {
                    let c = &self.db.cards[i];
                    c.card_type == first.card_type && c.affiliations == first.affiliations
                }) {
                    return Ok(many[0]);
                }
                Err(TitleError::Ambiguous {
                    candidates: many
                        .iter()
                        .map(|&i| {
                            let c = &self.db.cards[i];
                            format!("{} {}", c.card_type.name(), c.affiliations.join("/"))
                                .trim()
                                .to_string()
                        })
                        .collect(),
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::model::{Card, CardType};

    fn db() -> CardDb {
        let card = |id: usize, title: &str, edition: Edition| Card {
            id,
            title: title.into(),
            edition,
            card_type: CardType::Event,
            ..Card::default()
        };
        CardDb::new(vec![
            card(0, "Kivas Fajo - Collector", Edition::First),
            card(1, "Hugh", Edition::Second),
            card(2, "Hugh", Edition::First),
        ])
    }

    #[test]
    fn first_edition_wins_a_shared_title() {
        let db = db();
        assert_eq!(DbTitleResolver::new(&db).resolve("hugh", None), Ok(2));
    }

    #[test]
    fn a_left_out_subtitle_is_forgiven_but_a_typo_is_not() {
        let db = db();
        let r = DbTitleResolver::new(&db);
        assert_eq!(r.resolve("kivas fajo", None), Ok(0));
        match r.resolve("Kivas Fajoo - Collector", None) {
            Err(TitleError::Unknown { suggestions }) => {
                assert_eq!(suggestions, vec!["Kivas Fajo - Collector".to_string()])
            }
            other => panic!("{other:?}"),
        }
    }
}
