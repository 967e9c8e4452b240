//! Skill-sharing (Glossary "skill-sharing"): a card that "allows all Borg
//! in this hive present with a [Com] Borg to share skills". What is read:
//! the kind of personnel that shares (the word after the lexicon's `all`)
//! and the icon one of them must have (the icon before the sharing
//! phrase). Derived skills apply it (`engine::derived`).

use super::grammar::{self, any_phrase_at, TokKind};
use super::lexicon::Lexicon;
use crate::cards::model::Card;

/// Who shares skills, and the icon one of the group must have.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkillSharing {
    /// The kind of personnel that shares ("borg").
    pub kind: String,
    /// An icon one of them must have, without brackets ("Com").
    pub with_icon: Option<String>,
}

/// The skill-sharing a card's text allows, if it allows one (read once per
/// text: derived skills ask it of every card in play for every personnel).
pub fn of(card: &Card) -> Option<SkillSharing> {
    static CACHE: super::cache::TextCache<String, Option<SkillSharing>> =
        super::cache::TextCache::new();
    (*CACHE.get(&card.text, || read(card))).clone()
}

fn read(card: &Card) -> Option<SkillSharing> {
    let toks = grammar::tokenize(&card.text);
    let w = &Lexicon::get().skill_sharing;
    let share = (0..toks.len()).find(|&i| any_phrase_at(&toks, i, &w.share).is_some())?;
    let before = &toks[..share];
    let kind = (0..before.len())
        .find_map(|i| any_phrase_at(before, i, &w.all))
        .and_then(|k| before.get(k))
        .filter(|t| t.kind == TokKind::Word)?;
    let with_icon = before
        .iter()
        .rev()
        .find(|t| t.kind == TokKind::Icon)
        .map(|t| t.text.trim_matches(['[', ']']).to_string());
    Some(SkillSharing {
        kind: kind.text.clone(),
        with_icon,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::model::CardType;

    fn card(text: &str) -> Card {
        crate::engine::fixture::card_with_text("X", CardType::Equipment, text)
    }

    #[test]
    fn sharing_names_who_shares_and_the_icon_one_must_have() {
        let want = Some(SkillSharing {
            kind: "borg".into(),
            with_icon: Some("Com".into()),
        });
        assert_eq!(
            of(&card(
                "Allows all Borg in this hive present with a [Com] Borg to share skills."
            )),
            want
        );
        assert_eq!(
            of(&card("If your [Com] Borg present, all your Borg at this location present with a [Com] Borg share regular skills.")),
            want
        );
        // Adding another's skills is no sharing (Glossary "skill-sharing").
        assert_eq!(
            of(&card("Adds the skills of one other personnel present.")),
            None
        );
    }
}
