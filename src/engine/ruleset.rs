//! Actions that change the state: [`apply`] takes an action to its results
//! (cards stopped, killed or damaged, a dilemma discarded or replaced under
//! its mission, the attempt continuing or ending, a battle won) as a list of
//! [`Event`]s, each with the rules entry that decided it. Questions about
//! what follows an action are answered by applying it to a copy of the state.
//!
//! The rules of one edition live behind [`Ruleset`]: First Edition's phases,
//! dilemma resolution and documents are in [`crate::engine::first_edition`],
//! so a Second Edition ruleset can be added beside it rather than forked.

use crate::cards::model::Card;
use crate::engine::action::{Action, Step};
use crate::engine::state::GameState;
use crate::engine::verdict::Reason;

/// An action to apply: what happens, to which pieces.
#[derive(Debug, Clone)]
pub enum GameAction {
    /// A crew or Away Team encounters a dilemma during a mission attempt.
    EncounterDilemma {
        dilemma: Box<Card>,
        /// The personnel facing it (the crew or Away Team).
        group: Vec<usize>,
        /// The ship whose crew or Away Team it is, when known.
        ship: Option<usize>,
    },
    /// "Stop" these cards.
    Stop(Vec<usize>),
    /// Kill these personnel (they go to their owner's discard pile).
    Kill(Vec<usize>),
    /// A personnel battle between two sides (each a list of personnel).
    PersonnelBattle { sides: [Vec<usize>; 2] },
    /// A ship battle: these ships and facilities fire on one target.
    Attack(Engagement),
    /// A player solves the mission at this location.
    Solve { location: usize, player: String },
    /// A card is played from hand; `allowed` is whether the rules let it
    /// be played here (asked of the checks beforehand).
    Play { piece: usize, allowed: bool },
    /// These cards are nullified: cancelled and discarded.
    Nullify(Vec<usize>),
    /// A ship moves along the spaceline to a location, using RANGE.
    Move { ship: usize, to: usize },
    /// Personnel and equipment beam to a place (a planet, aboard a ship or
    /// facility).
    Beam {
        pieces: Vec<usize>,
        to: crate::engine::state::Place,
    },
    /// A crew or Away Team attempts a mission: the seeded dilemmas in
    /// order, then the mission's requirements.
    Attempt {
        location: usize,
        group: Vec<usize>,
        ship: Option<usize>,
        player: String,
        /// At a dual-icon mission, the group the attempting player chose for
        /// Space/Planet dilemmas (the ship, for its crew, or members of the
        /// Away Team); empty when not chosen.
        chosen: Vec<usize>,
    },
    /// A card reports for duty to a place.
    Report {
        piece: usize,
        to: crate::engine::state::Place,
    },
    /// The next turn, this player's, begins.
    StartTurn { player: String },
}

/// One engagement of a ship battle (Glossary "battle - ship", steps 1-5).
#[derive(Debug, Clone, Default)]
pub struct Engagement {
    /// The ships and facilities firing.
    pub firing: Vec<usize>,
    pub target: usize,
    /// The current tactics' bonuses, when a Battle Bridge side deck is used.
    pub attack_bonus: i32,
    pub defense_bonus: i32,
    /// Cancelled after it was properly initiated: no fire, but the cards
    /// involved have still taken part in a battle.
    pub cancelled: bool,
}

impl GameAction {
    /// The action kind, as timing clauses and response windows name it.
    pub fn kind(&self) -> &'static str {
        match self {
            GameAction::EncounterDilemma { .. } => "encounter dilemma",
            GameAction::Stop(_) => "stop",
            GameAction::Kill(_) => "kill",
            GameAction::PersonnelBattle { .. } => "personnel battle",
            GameAction::Attack(_) => "attack",
            GameAction::Solve { .. } => "solve",
            GameAction::Play { .. } => "card play",
            GameAction::Nullify(_) => "nullify",
            GameAction::Move { .. } => "move",
            GameAction::Beam { .. } => "beam",
            GameAction::Report { .. } => "report",
            GameAction::Attempt { .. } => "mission attempt",
            GameAction::StartTurn { .. } => "start of turn",
        }
    }
}

/// One result of an action.
#[derive(Debug, Clone, PartialEq)]
pub enum EventKind {
    /// The action's initiation is complete: responses may be made now
    /// (Glossary "actions – step 1: initiation").
    ResponseWindow(Action),
    /// A required trigger (or a target with specific features) is absent.
    TriggerAbsent,
    /// A nullifier is present: the dilemma is discarded without effect.
    Nullified,
    /// A dilemma's conditions are met: it is overcome.
    ConditionsMet,
    ConditionsFailed(Vec<String>),
    /// The group left after the dilemmas meets the mission's requirements
    /// (not a dilemma overcome: rulebook "MISSION ATTEMPT").
    RequirementsMet,
    /// The dilemma has conditions the compiler could not read.
    ConditionsUnknown,
    /// The player may pay a dilemma's price with one of `among` (who then
    /// suffers `verb`) instead of its effects, a choice the state does not
    /// make (Glossary "dilemma resolution", "Choices").
    ChoicePending {
        verb: String,
        among: Vec<usize>,
    },
    /// A card suffers an effect ("stop", "kill", "damage", "capture").
    Affected {
        verb: String,
        piece: usize,
    },
    /// `count` of `among` suffer `verb` (or, for "continue", are spared), by
    /// a selection the state does not make (random, a player's choice).
    Selection {
        verb: String,
        count: usize,
        among: Vec<usize>,
        how: String,
    },
    DilemmaDiscarded,
    /// Replaced under the mission, to be encountered again.
    DilemmaReplaced,
    /// The dilemma enters play (placed on a ship, mission, personnel, table).
    DilemmaEntersPlay(String),
    AttemptContinues,
    AttemptEnds,
    /// A part of the action the engine does not model (uncompiled text, an
    /// effect on cards beyond the group).
    NotModelled(String),
    /// How a part of the card is read: a card-specific Current Rulings entry
    /// (its trigger, conditions, who it affects, its text), or the entry
    /// saying how a kind of requirement is met.
    Reading,
    /// A value a result was computed from changed by a card in play (derived state).
    Values,
    /// The side of this player wins the battle (the battle's action kind:
    /// "personnel battle", "attack").
    BattleWon(String, &'static str),
    BattleTied(&'static str),
    /// The winner of a personnel battle kills no one (its STRENGTH came
    /// from holograms alone).
    NoCasualty,
    /// Fire on a target scored this result ("hit", "direct hit", "miss").
    Fired {
        target: usize,
        result: String,
    },
    /// A player scores points (solving a mission).
    PointsScored {
        player: String,
        points: i32,
    },
    /// A card enters play (played from hand).
    EntersPlay(usize),
    /// A card is discarded (a card played without effect, a nullified card).
    Discarded(usize),
}

/// A result with the reason (and entry) that decided it.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    pub kind: EventKind,
    pub reason: Reason,
}

impl Event {
    /// The action whose response window this result opens, as compiled
    /// timing clauses read it: "just encountered" a dilemma, "just killed" /
    /// "just stopped" a personnel, a battle just won. `None` for results no
    /// card answers.
    pub fn window(&self, state: &GameState) -> Option<Action> {
        let done = |kind: &str, targets: Vec<String>| Action {
            kind: kind.to_string(),
            targets,
            step: Step::Resolved,
            ..Action::default()
        };
        match &self.kind {
            EventKind::ResponseWindow(action) => Some(action.clone()),
            EventKind::Affected { verb, piece } => {
                Some(done(verb, vec![state.pieces[*piece].card.title.clone()]))
            }
            EventKind::BattleWon(_, battle) | EventKind::BattleTied(battle) => {
                Some(done(battle, vec![]))
            }
            EventKind::Fired { target, result } if result != "miss" => {
                Some(done(result, vec![state.pieces[*target].card.title.clone()]))
            }
            EventKind::EntersPlay(piece) => Some(done(
                "card play",
                vec![state.pieces[*piece].card.title.clone()],
            )),
            EventKind::Discarded(piece) => Some(done(
                "discard",
                vec![state.pieces[*piece].card.title.clone()],
            )),
            _ => None,
        }
    }
}

/// Every response window the events of an action open, in order: the
/// actions "when X happens" / "just X" text is answered against.
pub fn windows(events: &[Event], state: &GameState) -> Vec<Action> {
    events.iter().filter_map(|e| e.window(state)).collect()
}

/// The rules of one edition: how an action changes the state.
pub trait Ruleset {
    fn name(&self) -> &'static str;
    fn apply(&self, state: &mut GameState, action: &GameAction) -> Vec<Event>;
}

/// Apply an action under the First Edition rules.
pub fn apply(state: &mut GameState, action: &GameAction) -> Vec<Event> {
    crate::engine::first_edition::FirstEdition.apply(state, action)
}

/// Did the events affect `piece` with `verb`?
pub fn affected(events: &[Event], verb: &str, piece: usize) -> bool {
    events.iter().any(|e| {
        matches!(&e.kind, EventKind::Affected { verb: v, piece: p } if v == verb && *p == piece)
    })
}

/// The selection among which `piece` stands for `verb`, if any.
pub fn selection_of<'a>(events: &'a [Event], verb: &str, piece: usize) -> Option<&'a Event> {
    events.iter().find(|e| {
        matches!(&e.kind, EventKind::Selection { verb: v, among, count, .. }
            if v == verb && among.contains(&piece) && *count < among.len())
    })
}

/// True when some event has this kind.
pub fn has(events: &[Event], kind: &EventKind) -> bool {
    events.iter().any(|e| &e.kind == kind)
}
