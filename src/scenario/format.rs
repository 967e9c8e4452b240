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
    /// Other entries a verdict may cite instead of `source` to prove its
    /// reason (an entry that decides the question as well as the source).
    #[serde(default)]
    pub also_cites: Vec<SourceRef>,
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
    /// Cards contributed to a card that grants points for each of them.
    #[serde(default, rename = "contribution")]
    pub contributions: Vec<ContributionSpec>,
    /// The players' side decks during play.
    #[serde(default, rename = "side_deck")]
    pub side_decks: Vec<SideDeckSpec>,
}

/// `[[side_deck]]`: a side deck during play: its kind, its face-down cards
/// (`cards`, top first; `[]` is empty), the cards discarded face up under it
/// and its doorway (`open`, `closed` or `none`: never seeded).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideDeckSpec {
    pub owner: Option<Spanned<String>>,
    pub kind: Spanned<String>,
    #[serde(default)]
    pub cards: Vec<Spanned<String>>,
    #[serde(default)]
    pub face_up: Vec<Spanned<String>>,
    pub doorway: Option<Spanned<String>>,
}

/// `[[contribution]]`: the cards contributed to a card that grants `points`
/// for each ("once each mission, your mission specialist may score 5
/// points"), scored by `player` (left out: the granting card's controller).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContributionSpec {
    pub card: Spanned<String>,
    /// Left out: the card grants (or takes) its `points` once.
    pub by: Option<Names>,
    pub points: i32,
    pub player: Option<Spanned<String>>,
}

/// Where the expectation was read: `{ doc = "glossary", entry = "beaming" }`,
/// or one string (`"glossary: beaming"`).
#[derive(Debug, Clone, Deserialize)]
#[serde(try_from = "SourceSpec")]
pub struct SourceRef {
    pub doc: String,
    pub entry: String,
}

/// `source` as written.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum SourceSpec {
    Text(String),
    Entry(SourceEntry),
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SourceEntry {
    #[serde(default, alias = "document")]
    pub doc: String,
    #[serde(default, alias = "title", alias = "section")]
    pub entry: String,
}

impl TryFrom<SourceSpec> for SourceRef {
    type Error = String;

    fn try_from(s: SourceSpec) -> Result<SourceRef, String> {
        Ok(match s {
            SourceSpec::Entry(e) => SourceRef {
                doc: e.doc,
                entry: e.entry,
            },
            SourceSpec::Text(t) => match t.split_once(':') {
                Some((doc, entry)) => SourceRef {
                    doc: doc.trim().to_string(),
                    entry: entry.trim().to_string(),
                },
                None => SourceRef {
                    doc: String::new(),
                    entry: t.trim().to_string(),
                },
            },
        })
    }
}

/// Turn facts.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSpec {
    #[serde(alias = "turn_player")]
    pub turn: Option<String>,
    pub phase: Option<Spanned<String>>,
    /// "standard" (default), "open" or "warp speed".
    pub format: Option<Spanned<String>>,
    #[serde(default)]
    pub points: BTreeMap<String, i32>,
    #[serde(default)]
    pub bonus_points: BTreeMap<String, i32>,
    /// How many cards each player holds in hand.
    #[serde(default)]
    pub hand_size: BTreeMap<String, i32>,
    /// Points a card says "do not count toward winning", per player.
    #[serde(default)]
    pub points_not_counting: BTreeMap<String, i32>,
    /// Both players' draw decks have run out.
    #[serde(default)]
    pub draw_decks_empty: bool,
    /// The player who conceded the game.
    pub conceded: Option<String>,
    /// Time has been called in a tournament game.
    #[serde(default)]
    pub time_called: bool,
    #[serde(default)]
    pub normal_card_play_used: bool,
    #[serde(default)]
    pub orders_begun: bool,
    /// Players who took an action restricted by "draw no cards this turn".
    pub draw_no_cards: Option<NameList>,
    /// The players of the game, by name; left out: every owner, controller
    /// and player the file names. A name is a player only when declared.
    pub players: Option<Vec<Spanned<String>>>,
    /// Players whose forces attacked during the previous turn.
    pub attacked_last_turn: Option<NameList>,
    /// Cards whose start- or end-of-turn actions of this segment have not
    /// yet been taken.
    pub pending: Option<NameList>,
    /// The player who achieved his victory conditions first (Glossary
    /// "winning the game").
    pub reached_first: Option<String>,
    /// Players playing Borg (Glossary "playing Borg").
    pub playing_borg: Option<NameList>,
    /// Players who lost the game by card text or a hidden agenda (Glossary
    /// "lose the game").
    pub lost: Option<NameList>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LocationSpec {
    #[serde(alias = "title", alias = "name")]
    pub mission: Spanned<String>,
    pub owner: Option<String>,
    pub solved_by: Option<String>,
    /// The player whose Borg scouted it.
    pub scouted_by: Option<String>,
    /// Scouting it was completed this turn (by `scouted_by`).
    #[serde(default)]
    pub scouted_this_turn: bool,
    /// The player who completed a Borg objective targeting it.
    pub objective_completed_by: Option<String>,
    /// A shared mission (either player may attempt it).
    #[serde(default)]
    pub shared: bool,
    #[serde(default)]
    pub attempted_before: bool,
    /// The players who attempted it before (each at least once).
    pub attempted_by: Option<NameList>,
    /// How many personnel the mission attempt under way here began with.
    pub attempt_began_with: Option<u32>,
    /// The players whose attack took place here on the previous turn.
    pub attacked_by: Option<NameList>,
    /// Overrides the mission's printed span.
    pub span: Option<i32>,
}

/// Printed facts missing from the card database; they win over it. Lists
/// may be written as one string ("Leadership, Diplomacy x2", "[Cmd][Stf]").
#[derive(Debug, Default, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrintedSpec {
    #[serde(alias = "affiliation")]
    pub affiliations: Option<NameList>,
    /// Card type, for a card missing from the database ("personnel", "ship").
    #[serde(rename = "type", alias = "card_type")]
    pub card_type: Option<String>,
    pub integrity: Option<i32>,
    pub cunning: Option<i32>,
    pub strength: Option<i32>,
    pub range: Option<i32>,
    pub weapons: Option<i32>,
    pub shields: Option<i32>,
    /// "Leadership, Diplomacy x2" or a list.
    #[serde(alias = "skill")]
    pub skills: Option<NameList>,
    #[serde(alias = "icon")]
    pub icons: Option<NameList>,
    pub staffing: Option<NameList>,
    #[serde(alias = "characteristic", alias = "species", alias = "keywords")]
    pub characteristics: Option<NameList>,
    #[serde(alias = "class")]
    pub classification: Option<String>,
    pub unique: Option<bool>,
    pub universal: Option<bool>,
    pub persona: Option<String>,
    #[serde(alias = "game_text")]
    pub text: Option<String>,
    pub lore: Option<String>,
    pub quadrant: Option<String>,
    pub region: Option<String>,
    pub points: Option<i32>,
    pub span: Option<i32>,
    /// A mission's or dilemma's location: "planet", "space" or "dual".
    #[serde(alias = "mission_type", alias = "dilemma_type")]
    pub location_type: Option<String>,
    /// A mission's attempt icons ("Federation", "[KLI]").
    #[serde(alias = "mission_icons")]
    pub mission_affiliations: Option<NameList>,
    /// Ships: matching commanders.
    pub commands: Option<NameList>,
}

/// `docked = "<facility id>"`, or `docked = true` beside `at = "<facility id>"`.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum Docked {
    Flag(bool),
    At(String),
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
    /// Where it is; left out: on the table (in play, at no location).
    #[serde(alias = "location")]
    pub at: Option<Spanned<String>>,
    /// States as a list, beside (or instead of) the boolean keys:
    /// `states = ["stopped", "damaged"]`.
    #[serde(alias = "state", alias = "status")]
    pub states: Option<Names>,
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
    /// In stasis: may not be used for anything (Glossary "stasis").
    #[serde(default, alias = "stasis")]
    pub in_stasis: bool,
    /// Under house arrest (Glossary "house arrest").
    #[serde(default, alias = "under_house_arrest")]
    pub house_arrest: bool,
    /// Aboard an opponent's ship or facility as an intruder.
    #[serde(default)]
    pub intruder: bool,
    /// A hologram deactivated (Glossary "holographic personnel and
    /// equipment"), and whether that happened this turn.
    #[serde(default)]
    pub deactivated: bool,
    #[serde(default)]
    pub deactivated_this_turn: bool,
    pub docked: Option<Spanned<Docked>>,
    pub mode: Option<Spanned<String>>,
    #[serde(default)]
    pub used_this_turn: bool,
    #[serde(default)]
    pub used_this_game: bool,
    #[serde(default)]
    pub played_this_turn: bool,
    /// Put in play by persona replacement at the start of this turn.
    #[serde(default)]
    pub replaced_this_turn: bool,
    #[serde(default)]
    pub range_used: i32,
    /// Full turns the ship spent on the card allowing it movements for them
    /// (Engage Cloak), and the movements made under it so far.
    #[serde(default)]
    pub full_turns_on: u32,
    #[serde(default)]
    pub moves_made: u32,
    #[serde(default)]
    pub attacked_last_turn: bool,
    pub target: Option<Spanned<String>>,
    #[serde(default)]
    pub printed: PrintedSpec,
    /// How many copies this entry stands for (hand, decks).
    #[serde(alias = "count")]
    pub copies: Option<usize>,
}

/// One or many names, as written.
#[derive(Debug, Clone, PartialEq, Deserialize)]
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
    pub kind: Spanned<String>,
    pub by: Option<Names>,
    #[serde(alias = "target")]
    pub targets: Option<Names>,
    pub card: Option<Spanned<String>>,
    pub to: Option<Spanned<String>>,
    pub step: Option<Spanned<String>>,
    pub stage: Option<String>,
    pub parent: Option<Box<ActionSpec>>,
    /// The action was cancelled after it was properly initiated.
    #[serde(default)]
    pub cancelled: bool,
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
    /// The cards stocked in a Q's Tent side deck.
    #[serde(default)]
    pub q_tent: Vec<Spanned<String>>,
    /// The cards of a Battle Bridge side deck.
    #[serde(default)]
    pub battle_bridge: Vec<Spanned<String>>,
    #[serde(default)]
    pub tournament: bool,
}

/// One question. Which keys are needed depends on `ask`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuestionSpec {
    pub ask: Spanned<String>,
    pub card: Option<Spanned<String>>,
    pub player: Option<Spanned<String>>,
    #[serde(alias = "expected")]
    pub expect: Option<Spanned<toml::Value>>,
    /// can act: the action ("beam", "walk", "dock", "move", "attempt", "battle", ...).
    pub act: Option<Spanned<String>>,
    pub by: Option<Names>,
    pub cards: Option<Names>,
    pub to: Option<Spanned<String>>,
    pub mission: Option<Spanned<String>>,
    pub dilemma: Option<Spanned<String>>,
    pub requirement: Option<Spanned<String>>,
    #[serde(alias = "targets")]
    pub target: Option<Names>,
    pub against: Option<Spanned<String>>,
    /// outcome: what to compute.
    pub of: Option<Spanned<String>>,
    /// outcome / dilemma outcome: turns the value into a yes/no claim.
    pub is: Option<String>,
    /// valid response / can play: an excerpt of the function used.
    pub function: Option<Spanned<String>>,
    /// dilemma outcome / outcome: the cards a selection already made picked.
    pub selected: Option<Names>,
    pub attribute: Option<String>,
    /// outcome `attribute`: the one person of a dual-personnel `card` asked
    /// about (Glossary "dual-personnel cards").
    pub person: Option<Spanned<String>>,
    #[serde(default)]
    pub free: bool,
    /// The action under way was cancelled (a battle cancelled by a card).
    #[serde(default)]
    pub cancelled: bool,
    /// can attack: "initiate" (default), "counter-attack", "return fire".
    pub battle: Option<Spanned<String>>,
    /// can attack / can report / can act: the card in the scenario whose
    /// compiled text allows this act (checked when the file is loaded).
    pub allowed_by: Option<Spanned<String>>,
    pub attack: Option<i32>,
    pub defense: Option<i32>,
    pub attack_bonus: Option<i32>,
    pub defense_bonus: Option<i32>,
}
