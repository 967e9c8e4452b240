//! "Does not work with" restrictions (Current Rulings "does not work with",
//! which replaces the Glossary entry): a card that does not work with a group
//! "cannot mix or cooperate with cards of that group in any way". The group
//! is an affiliation ("[Fed] affiliation"), an affiliation or species
//! ("Cardassians": "personnel of Cardassian species or affiliation") or the
//! personnel who have a skill ("personnel who have Treachery"). The phrase is
//! the lexicon's `does_not_work_with`; only what the card says of itself is
//! read: the restriction box's capitalised "Does not work with ...", which
//! may follow the skills without a full stop.

use super::lexicon::Lexicon;
use crate::vocab::vocabulary;
use serde::{Deserialize, Serialize};

/// A group of cards a card does not work with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Group {
    /// Cards of this affiliation ("[Fed] affiliation").
    Affiliation(String),
    /// Personnel of this species or affiliation ("Cardassians").
    AffiliationOrSpecies(String),
    /// Personnel who have this skill ("personnel who have Treachery").
    Skill(String),
}

impl std::fmt::Display for Group {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Group::Affiliation(a) => write!(f, "{a} affiliation"),
            Group::AffiliationOrSpecies(a) => write!(f, "{a} species or affiliation"),
            Group::Skill(s) => write!(f, "personnel who have {s}"),
        }
    }
}

/// The groups `text` says its card does not work with.
pub fn groups(text: &str) -> Vec<Group> {
    let mut out = Vec::new();
    for phrase in &Lexicon::get().does_not_work_with {
        let mut rest = text;
        while let Some(at) = find_ci(rest, phrase) {
            let after = &rest[at + phrase.len()..];
            let own = rest[at..].starts_with(char::is_uppercase);
            let sentence = after.split(['.', ';', '\n']).next().unwrap_or("");
            out.extend(group(sentence.trim()).filter(|_| own));
            rest = after;
        }
    }
    out
}

/// The byte index of `phrase` in `text`, ignoring ASCII case.
fn find_ci(text: &str, phrase: &str) -> Option<usize> {
    let (t, p) = (text.as_bytes(), phrase.as_bytes());
    (0..=t.len().checked_sub(p.len())?)
        .find(|&i| text.is_char_boundary(i) && t[i..i + p.len()].eq_ignore_ascii_case(p))
}

/// "[Fed] affiliation", "Federation affiliation", "Cardassians",
/// "personnel who have Treachery", "personnel with Treachery".
fn group(rest: &str) -> Option<Group> {
    let v = vocabulary();
    let words: Vec<&str> = rest.split_whitespace().collect();
    let relative = ["who", "have", "has", "with"];
    if words
        .first()
        .is_some_and(|w| w.eq_ignore_ascii_case("personnel"))
        && words
            .get(1)
            .is_some_and(|w| relative.contains(&w.to_lowercase().as_str()))
    {
        let skill = words[1..]
            .iter()
            .skip_while(|w| relative.contains(&w.to_lowercase().as_str()))
            .copied()
            .collect::<Vec<_>>()
            .join(" ");
        return v.skills.canonical(&skill).map(Group::Skill);
    }
    let first = *words.first()?;
    let affiliation = |w: &str| v.affiliations.canonical(w).map(str::to_string);
    let said = words
        .get(1)
        .is_some_and(|w| w.eq_ignore_ascii_case("affiliation"));
    if said {
        return affiliation(first).map(Group::Affiliation);
    }
    let singular = first.strip_suffix('s').unwrap_or(first);
    affiliation(first)
        .or_else(|| affiliation(singular))
        .or_else(|| Some(singular.to_string()).filter(|w| w.starts_with(char::is_uppercase)))
        .map(Group::AffiliationOrSpecies)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_glossary_examples_are_read() {
        assert_eq!(
            groups("Does not work with [Fed] affiliation."),
            [Group::Affiliation("Federation".into())]
        );
        assert_eq!(
            groups("ENGINEER Music DL/ {Tricorder} Does not work with Cardassians."),
            [Group::AffiliationOrSpecies("Cardassian".into())]
        );
        assert_eq!(
            groups("Does not work with personnel who have Treachery."),
            [Group::Skill("Treachery".into())]
        );
        // another card's cards, not its own restriction
        assert!(groups("Your [Non] cards do not work with aligned cards.").is_empty());
    }
}
