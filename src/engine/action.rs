//! The action model of the Glossary ("actions – sequence of steps"): an action
//! is initiated, may be responded to, then has its results. Group actions hold
//! sub-actions; responses nest inside the action they respond to.

use serde::{Deserialize, Serialize};

/// Where an action is in its three steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Step {
    /// "just initiated": in its responses step.
    #[default]
    Initiated,
    /// In progress (e.g. a battle between initiation and its result).
    #[serde(alias = "under way", alias = "under-way", alias = "in progress")]
    UnderWay,
    /// "just completed": its results are over.
    Resolved,
}

/// The phase of the turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Phase {
    #[serde(rename = "seed")]
    Seed,
    #[serde(rename = "start of turn")]
    StartOfTurn,
    #[default]
    #[serde(rename = "card play")]
    CardPlay,
    #[serde(rename = "execute orders")]
    ExecuteOrders,
    #[serde(rename = "end of turn")]
    EndOfTurn,
}

/// One action: what kind, who takes it, what it targets, where it is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Action {
    /// Normalised kind: "card play", "attack", "personnel battle", "encounter dilemma", ...
    pub kind: String,
    /// Card ids/titles (or a player) taking the action.
    pub by: Vec<String>,
    /// Card ids/titles targeted.
    pub targets: Vec<String>,
    /// The card being played, for a card play.
    pub card: Option<String>,
    /// Destination, for movement.
    pub to: Option<String>,
    pub step: Step,
    /// Where inside a multi-step action ("open fire", "winner determined", ...).
    pub stage: Option<String>,
    /// The group action or action this one belongs to / responds to.
    pub parent: Option<Box<Action>>,
    /// It was cancelled after it was properly initiated (Glossary "cancel":
    /// prevented from having its result).
    #[serde(default)]
    pub cancelled: bool,
}

impl Action {
    /// This action and every action it is nested in, innermost first.
    pub fn chain(&self) -> impl Iterator<Item = &Action> {
        std::iter::successors(Some(self), |a| a.parent.as_deref())
    }
}

/// Whose turn and phase it is, and who asks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct TurnContext {
    pub phase: Phase,
    /// The player whose turn it is.
    pub turn_player: String,
    /// The player asking to act.
    pub player: String,
    /// The turn player's normal card play is spent (Glossary "card play").
    #[serde(default)]
    pub normal_card_play_used: bool,
    /// The turn player has begun executing orders: no more normal card play.
    #[serde(default)]
    pub orders_begun: bool,
    /// The asking player took an action restricted by "draw no cards this
    /// turn" (Glossary "card draw").
    #[serde(default)]
    pub draws_no_cards: bool,
    /// Cards (by title) whose start- or end-of-turn actions of this segment
    /// have not yet been taken (Current Rulings "timing": mandatory ones
    /// come before optional ones).
    #[serde(default)]
    pub pending: Vec<String>,
}
