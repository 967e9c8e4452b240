//! The scenario file format as written (see docs/scenarios.md): plain serde
//! structs with spans on every name that must be resolved, and
//! `deny_unknown_fields` everywhere so a misspelt key is an error at its line.

use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

/// A whole scenario file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    pub title: String,
    pub source: Option<SourceRef>,
    #[serde(default)]
    pub note: Option<String>,
    #[serde(default)]
    pub game: GameSpec,
    #[serde(default, rename = "location")]
    pub locations: Vec<LocationSpec>,
    #[serde(default, rename = "card")]
    pub cards: Vec<CardSpec>,
    pub action: Option<ActionSpec>,
    pub deck: Option<DeckSpec>,
    #[serde(default, rename = "question")]
    pub questions: Vec<QuestionSpec>,
}

/// Where the expectation was read.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SourceRef {
    pub doc: String,
    pub entry: String,
}

/// Turn facts.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSpec {
    pub turn: Option<String>,
    pub phase: Option<Spanned<String>>,
    /// "standard" (default), "open" or "warp speed".
    pub format: Option<String>,
    #[serde(default)]
    pub points: BTreeMap<String, i32>,
    #[serde(default)]
    pub bonus_points: BTreeMap<String, i32>,
    #[serde(default)]
    pub normal_card_play_used: bool,
    #[serde(default)]
    pub orders_begun: bool,
    /// Players whose forces attacked during the previous turn.
    #[serde(default)]
    pub attacked_last_turn: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LocationSpec {
    pub mission: Spanned<String>,
    pub owner: Option<String>,
    pub solved_by: Option<String>,
    #[serde(default)]
    pub attempted_before: bool,
    /// Overrides the mission's printed span.
    pub span: Option<i32>,
}

/// Printed facts missing from the card database; they win over it.
#[derive(Debug, Default, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrintedSpec {
    pub affiliations: Option<Vec<String>>,
    pub integrity: Option<i32>,
    pub cunning: Option<i32>,
    pub strength: Option<i32>,
    pub range: Option<i32>,
    pub weapons: Option<i32>,
    pub shields: Option<i32>,
    /// "Leadership, Diplomacy x2"
    pub skills: Option<String>,
    pub icons: Option<Vec<String>>,
    pub staffing: Option<Vec<String>>,
    pub characteristics: Option<Vec<String>>,
    pub classification: Option<String>,
    pub unique: Option<bool>,
    pub universal: Option<bool>,
    pub persona: Option<String>,
    pub text: Option<String>,
    pub quadrant: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardSpec {
    pub id: Option<Spanned<String>>,
    pub title: Spanned<String>,
    /// Narrows an ambiguous title by card type ("personnel", "interrupt").
    #[serde(rename = "type")]
    pub card_type: Option<String>,
    pub owner: Option<String>,
    pub controller: Option<String>,
    pub at: Spanned<String>,
    #[serde(default)]
    pub stopped: bool,
    #[serde(default)]
    pub stunned: bool,
    #[serde(default)]
    pub mortally_wounded: bool,
    #[serde(default)]
    pub disabled: bool,
    #[serde(default)]
    pub face_down: bool,
    #[serde(default)]
    pub closed: bool,
    #[serde(default)]
    pub damaged: bool,
    #[serde(default)]
    pub cloaked: bool,
    #[serde(default)]
    pub phased: bool,
    #[serde(default)]
    pub landed: bool,
    pub docked: Option<Spanned<String>>,
    pub mode: Option<String>,
    #[serde(default)]
    pub used_this_turn: bool,
    #[serde(default)]
    pub used_this_game: bool,
    #[serde(default)]
    pub played_this_turn: bool,
    #[serde(default)]
    pub range_used: i32,
    #[serde(default)]
    pub attacked_last_turn: bool,
    pub target: Option<Spanned<String>>,
    #[serde(default)]
    pub printed: PrintedSpec,
    /// How many copies this entry stands for (hand, decks).
    pub copies: Option<usize>,
}

/// One or many names, as written.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum NameList {
    One(String),
    Many(Vec<String>),
}

/// One or many names; each carries the span of the whole value.
#[derive(Debug, Clone, Deserialize)]
#[serde(transparent)]
pub struct Names(pub Spanned<NameList>);

impl Names {
    pub fn list(&self) -> Vec<Spanned<String>> {
        let span = self.0.span();
        match self.0.get_ref() {
            NameList::One(s) => vec![Spanned::new(span, s.clone())],
            NameList::Many(v) => v
                .iter()
                .map(|s| Spanned::new(span.clone(), s.clone()))
                .collect(),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionSpec {
    pub kind: String,
    pub by: Option<Names>,
    #[serde(default)]
    pub targets: Vec<Spanned<String>>,
    pub card: Option<Spanned<String>>,
    pub to: Option<Spanned<String>>,
    pub step: Option<String>,
    pub stage: Option<String>,
    pub parent: Option<Box<ActionSpec>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckSpec {
    pub owner: Option<String>,
    #[serde(default)]
    pub seed: Vec<Spanned<String>>,
    #[serde(default)]
    pub draw: Vec<Spanned<String>>,
    #[serde(default)]
    pub side: Vec<Spanned<String>>,
    #[serde(default)]
    pub tournament: bool,
}

/// One question. Which keys are needed depends on `ask`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuestionSpec {
    pub ask: Spanned<String>,
    pub card: Option<Spanned<String>>,
    pub player: Option<String>,
    pub expect: Option<toml::Value>,
    /// can act: the action ("beam", "walk", "dock", "move", "attempt", "battle", ...).
    pub act: Option<String>,
    pub by: Option<Names>,
    pub cards: Option<Names>,
    pub to: Option<Spanned<String>>,
    pub mission: Option<Spanned<String>>,
    pub dilemma: Option<Spanned<String>>,
    pub requirement: Option<Spanned<String>>,
    pub target: Option<Spanned<String>>,
    pub against: Option<Spanned<String>>,
    /// outcome: what to compute.
    pub of: Option<String>,
    /// outcome / dilemma outcome: turns the value into a yes/no claim.
    pub is: Option<String>,
    pub attribute: Option<String>,
    #[serde(default)]
    pub free: bool,
    /// can attack: "initiate" (default), "counter-attack", "return fire".
    pub battle: Option<String>,
    /// can attack: a card allows this attack (names it).
    pub allowed_by: Option<String>,
    pub attack: Option<i32>,
    pub defense: Option<i32>,
    pub attack_bonus: Option<i32>,
    pub defense_bonus: Option<i32>,
}
