//! Game vocabulary from `glossary/*.toml`: icons, skills, affiliations and their
//! compatibility and attack restrictions, search synonyms. Loaded once (the files
//! are compiled into the binary, so the tool works from any directory) and
//! shared by the readers, the card parser, search and the engine.
//!
//! Invariant: code holds logic, these files hold tables; every rules fact here
//! names the Glossary / Current Rulings entry it comes from.

pub mod affiliations;
pub mod card_rulings;
pub mod icons;
pub mod skills;
pub mod synonyms;
pub mod usable;

use serde::de::DeserializeOwned;
use std::sync::OnceLock;

/// Parse one embedded vocabulary file. A mistake in it is a bug in the
/// repository, caught by the tests below, so the message names file and line.
pub(crate) fn parse_embedded<T: DeserializeOwned>(name: &str, text: &str) -> T {
    match toml::from_str(text) {
        Ok(v) => v,
        Err(e) => panic!(
            "{}",
            crate::diag::toml_error(std::path::Path::new(&format!("glossary/{name}")), text, &e)
        ),
    }
}

/// All vocabulary, loaded once.
pub struct Vocabulary {
    pub icons: icons::Icons,
    pub skills: skills::Skills,
    pub affiliations: affiliations::Affiliations,
    pub synonyms: synonyms::Synonyms,
    pub usable: usable::Usable,
    pub card_rulings: card_rulings::CardRulings,
}

const ICONS: &str = include_str!("../../glossary/icons.toml");
const SKILLS: &str = include_str!("../../glossary/skills.toml");
const AFFILIATIONS: &str = include_str!("../../glossary/affiliations.toml");
const SYNONYMS: &str = include_str!("../../glossary/synonyms.toml");
const USABLE: &str = include_str!("../../glossary/usable.toml");
const CARD_RULINGS: &str = include_str!("../../glossary/card-rulings.toml");

/// The vocabulary files that shape what ingest writes (icons and skills for
/// the card model, synonyms for the search index): when one changes, an index
/// built before is stale.
pub fn ingest_sources() -> [&'static str; 3] {
    [ICONS, SKILLS, SYNONYMS]
}

pub fn vocabulary() -> &'static Vocabulary {
    static V: OnceLock<Vocabulary> = OnceLock::new();
    V.get_or_init(|| Vocabulary {
        icons: parse_embedded("icons.toml", ICONS),
        skills: parse_embedded("skills.toml", SKILLS),
        affiliations: parse_embedded("affiliations.toml", AFFILIATIONS),
        synonyms: parse_embedded("synonyms.toml", SYNONYMS),
        usable: parse_embedded("usable.toml", USABLE),
        card_rulings: parse_embedded("card-rulings.toml", CARD_RULINGS),
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_vocabulary_file_parses() {
        let _ = super::vocabulary();
    }
}
