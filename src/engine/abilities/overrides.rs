//! Hand-described abilities (`glossary/abilities/overrides.toml`) for cards
//! whose game text the clause patterns miss. Each entry is a visible,
//! counted exception: it replaces the compiled text of exactly one title.

use super::{Ability, AbilitySource, CompiledCard, Coverage, Effect, Target, Timing, TimingClass};
use crate::cards::model::Card;
use crate::engine::action::Step;
use serde::Deserialize;
use std::sync::OnceLock;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OverrideEffect {
    pub verb: String,
    #[serde(default)]
    pub objects: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OverrideAbility {
    /// A timing class as the lexicon spells it ("start-of", "just", "type-default").
    pub timing: String,
    #[serde(default)]
    pub action: Option<String>,
    /// "initiated" or "resolved", for "just" timings.
    #[serde(default)]
    pub step: Option<String>,
    #[serde(default)]
    pub any_turn: bool,
    pub targets: Vec<String>,
    pub effects: Vec<OverrideEffect>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OverrideCard {
    pub title: String,
    /// Why the patterns miss it.
    pub why: String,
    #[serde(rename = "ability")]
    pub abilities: Vec<OverrideAbility>,
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Overrides {
    #[serde(default)]
    pub card: Vec<OverrideCard>,
}

impl Overrides {
    pub fn get() -> &'static Overrides {
        static O: OnceLock<Overrides> = OnceLock::new();
        O.get_or_init(|| {
            crate::vocab::parse_embedded(
                "abilities/overrides.toml",
                include_str!("../../../glossary/abilities/overrides.toml"),
            )
        })
    }

    pub fn find(&self, title: &str) -> Option<&OverrideCard> {
        self.card.iter().find(|c| c.title == title)
    }

    pub fn len(&self) -> usize {
        self.card.len()
    }

    pub fn is_empty(&self) -> bool {
        self.card.is_empty()
    }
}

/// "{Title}" → a card, a known card type or action → that, else a game object.
pub fn parse_target(s: &str) -> Target {
    let s = s.trim();
    if let Some(t) = s.strip_prefix('{').and_then(|r| r.strip_suffix('}')) {
        return Target::Card(t.to_string());
    }
    let lx = super::lexicon::Lexicon::get();
    let lower = s.to_lowercase();
    if let Some(ct) = lx.card_type.iter().find(|c| c.phrases.contains(&lower)) {
        return Target::CardType {
            name: ct.name.clone(),
            qualifier: None,
            negated: false,
            in_play: false,
        };
    }
    if let Some(a) = lx
        .action
        .iter()
        .find(|a| a.kind == lower || a.phrases.contains(&lower))
    {
        return Target::Action(a.kind.clone());
    }
    Target::Object(lower)
}

impl OverrideCard {
    pub fn compiled(&self, card: &Card) -> CompiledCard {
        let abilities = self
            .abilities
            .iter()
            .map(|a| {
                let class = TimingClass::from_lexicon(&a.timing).unwrap_or(TimingClass::Unknown);
                let mut timing = Timing::of(class);
                timing.action = a.action.clone();
                timing.any_turn |= a.any_turn;
                timing.step = a.step.as_deref().map(|s| match s {
                    "resolved" => Step::Resolved,
                    _ => Step::Initiated,
                });
                Ability {
                    text: card.text.clone(),
                    timing,
                    windows: Vec::new(),
                    targets: a.targets.iter().map(|t| parse_target(t)).collect(),
                    effects: a
                        .effects
                        .iter()
                        .map(|e| Effect {
                            verb: e.verb.clone(),
                            objects: e.objects.iter().map(|o| parse_target(o)).collect(),
                        })
                        .collect(),
                    unparsed: Vec::new(),
                    notes: vec![format!("described by hand: {}", self.why)],
                }
            })
            .collect();
        CompiledCard {
            title: card.title.clone(),
            card_type: card.card_type.clone(),
            abilities,
            coverage: Coverage::Full,
            source: AbilitySource::Override,
            immunities: super::immunity::immunities(&card.text),
            properties: super::properties(&card.text),
            does_not_work_with: super::restriction::groups(&card.text),
            encounter_allowances: super::encounter_permits::allowances_of(
                &card.card_type,
                &card.text,
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_override_is_well_formed() {
        let lx = super::super::lexicon::Lexicon::get();
        for c in &Overrides::get().card {
            assert!(!c.abilities.is_empty(), "{}: no ability", c.title);
            for a in &c.abilities {
                assert!(
                    TimingClass::from_lexicon(&a.timing).is_some(),
                    "{}: unknown timing {:?}",
                    c.title,
                    a.timing
                );
                assert!(!a.targets.is_empty(), "{}: no targets", c.title);
                for e in &a.effects {
                    assert!(
                        lx.effect(&e.verb).is_some(),
                        "{}: unknown verb {:?}",
                        c.title,
                        e.verb
                    );
                }
            }
        }
    }
}
