//! The game state a scenario describes: the spaceline of locations, every card
//! with where it is and its states, turn facts, the action under way and the
//! deck being judged. Built by [`crate::scenario`]; read by the checks.

use crate::cards::model::{Card, CardType};
use crate::engine::action::{Action, Phase};
use std::collections::BTreeMap;

/// Tournament format: changes deck limits, compatibility and attack rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    #[default]
    Standard,
    Open,
    WarpSpeed,
}

/// One spaceline location: a mission and what the rules need about it.
#[derive(Debug, Clone)]
pub struct Location {
    pub name: String,
    /// The mission's title as the scenario file wrote it (shown when it
    /// resolved to a different title).
    pub written: String,
    pub mission: Card,
    pub owner: Option<String>,
    pub solved_by: Option<String>,
    pub attempted_before: bool,
    pub span: Option<i32>,
}

impl Location {
    pub fn span(&self) -> i32 {
        self.span
            .or_else(|| self.mission.span.as_ref().and_then(|s| s.num()))
            .unwrap_or(0)
    }

    pub fn quadrant(&self) -> &str {
        self.mission.quadrant.as_deref().unwrap_or("Alpha")
    }

    pub fn is_planet(&self) -> bool {
        matches!(
            self.mission.dilemma_type,
            Some(crate::cards::model::DilemmaType::Planet | crate::cards::model::DilemmaType::Dual)
        )
    }

    pub fn is_space(&self) -> bool {
        matches!(
            self.mission.dilemma_type,
            Some(crate::cards::model::DilemmaType::Space | crate::cards::model::DilemmaType::Dual)
        )
    }
}

/// Where a card is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// In space at a location (ships, space facilities).
    Space(usize),
    /// On the planet of a location (Away Teams, planet facilities, landed ships).
    Planet(usize),
    /// Aboard (or played on) another card.
    Aboard(usize),
    Hand,
    Discard,
    DrawDeck,
    SeedDeck,
    Table,
    /// Seeded under a location's mission.
    Seed(usize),
}

/// The states a card may be in.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Status {
    pub stopped: bool,
    pub stunned: bool,
    pub mortally_wounded: bool,
    pub disabled: bool,
    pub face_down: bool,
    pub closed: bool,
    pub damaged: bool,
    pub cloaked: bool,
    pub phased: bool,
    pub landed: bool,
    pub used_this_turn: bool,
    pub used_this_game: bool,
    pub played_this_turn: bool,
    pub range_used: i32,
    pub attacked_last_turn: bool,
    pub in_stasis: bool,
    pub house_arrest: bool,
    pub intruder: bool,
}

/// A card in the scenario (its printed facts already overridden by `printed`).
#[derive(Debug, Clone)]
pub struct Piece {
    /// The scenario's handle for it (its `id`, else its title).
    pub handle: String,
    /// The title as the scenario file wrote it (shown when it resolved to a
    /// different title, so a misread is seen at once).
    pub written: String,
    pub card: Card,
    pub owner: String,
    pub controller: String,
    pub at: Place,
    pub status: Status,
    pub docked: Option<usize>,
    /// A multi-affiliation card's current affiliation.
    pub mode: Option<String>,
    /// What an objective (or other targeting card) targets.
    pub target: Option<Target>,
    pub copies: usize,
}

/// Something a card or question may point at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Location(usize),
    Planet(usize),
    Piece(usize),
}

/// The deck a `deck legal` question judges, titles resolved to cards.
#[derive(Debug, Clone, Default)]
pub struct Deck {
    pub owner: String,
    pub seed: Vec<Card>,
    pub draw: Vec<Card>,
    pub side: Vec<Card>,
    pub tournament: bool,
}

#[derive(Debug, Clone, Default)]
pub struct GameState {
    pub turn_player: String,
    pub phase: Phase,
    pub format: Format,
    pub points: BTreeMap<String, i32>,
    pub bonus_points: BTreeMap<String, i32>,
    pub normal_card_play_used: bool,
    pub orders_begun: bool,
    pub attacked_last_turn: Vec<String>,
    pub locations: Vec<Location>,
    pub pieces: Vec<Piece>,
    pub action: Option<Action>,
    pub deck: Option<Deck>,
}

impl GameState {
    /// The location a piece is at, following "aboard" to its carrier.
    pub fn location_of(&self, idx: usize) -> Option<usize> {
        let mut cur = idx;
        for _ in 0..32 {
            match self.pieces.get(cur)?.at {
                Place::Space(l) | Place::Planet(l) | Place::Seed(l) => return Some(l),
                Place::Aboard(c) => cur = c,
                _ => return None,
            }
        }
        None
    }

    /// True when the piece is on the planet surface (not aboard anything there).
    pub fn on_planet(&self, idx: usize) -> bool {
        matches!(self.pieces[idx].at, Place::Planet(_))
    }

    /// Cards directly aboard (or played on) a card.
    pub fn aboard(&self, carrier: usize) -> Vec<usize> {
        (0..self.pieces.len())
            .filter(|&i| self.pieces[i].at == Place::Aboard(carrier))
            .collect()
    }

    /// Personnel directly aboard a ship or facility.
    pub fn crew(&self, carrier: usize) -> Vec<usize> {
        self.aboard(carrier)
            .into_iter()
            .filter(|&i| self.pieces[i].card.is_personnel())
            .collect()
    }

    /// In play: on the table, the spaceline, or aboard something in play.
    pub fn in_play(&self, idx: usize) -> bool {
        match self.pieces[idx].at {
            Place::Space(_) | Place::Planet(_) | Place::Table => true,
            Place::Aboard(c) => c != idx && self.in_play(c),
            _ => false,
        }
    }

    /// The affiliations a piece has now (its mode for a multi-affiliation card).
    /// The first affiliation among these pieces that `allowed` refuses
    /// (e.g. a Borg in a group asked to attempt a mission).
    pub fn barred_affiliation<'a>(
        &self,
        pieces: impl IntoIterator<Item = &'a usize>,
        allowed: impl Fn(&str) -> bool,
    ) -> Option<String> {
        pieces
            .into_iter()
            .find_map(|&p| self.affiliations(p).into_iter().find(|a| !allowed(a)))
    }

    pub fn affiliations(&self, idx: usize) -> Vec<String> {
        let p = &self.pieces[idx];
        match &p.mode {
            Some(m) => vec![m.clone()],
            None => p.card.affiliations.clone(),
        }
    }

    /// The card as it is in play: a multi-affiliation card's printed
    /// affiliations narrowed to its current mode, so that requirements such
    /// as "Klingon" (affiliation and species) read the mode, not the print.
    pub fn card_in_play(&self, idx: usize) -> Card {
        let mut card = self.pieces[idx].card.clone();
        card.affiliations = self.affiliations(idx);
        card
    }

    /// A piece is stopped itself or by being aboard a stopped ship.
    pub fn is_stopped(&self, idx: usize) -> bool {
        let p = &self.pieces[idx];
        if p.status.stopped {
            return true;
        }
        match p.at {
            Place::Aboard(c) if c != idx => {
                self.pieces[c].card.card_type == CardType::Ship && self.is_stopped(c)
            }
            _ => false,
        }
    }

    /// The piece whose handle (or else title) is `name`.
    pub fn find(&self, name: &str) -> Option<usize> {
        let f = crate::repair::fold_for_match(name);
        self.pieces
            .iter()
            .position(|p| crate::repair::fold_for_match(&p.handle) == f)
            .or_else(|| {
                self.pieces
                    .iter()
                    .position(|p| crate::repair::fold_for_match(&p.card.title) == f)
            })
    }

    pub fn find_location(&self, name: &str) -> Option<usize> {
        let f = crate::repair::fold_for_match(name);
        self.locations
            .iter()
            .position(|l| crate::repair::fold_for_match(&l.name) == f)
    }

    /// Cards a player controls that are in play and of a type.
    pub fn in_play_of(&self, player: &str, ty: CardType) -> Vec<usize> {
        (0..self.pieces.len())
            .filter(|&i| {
                self.pieces[i].controller.eq_ignore_ascii_case(player)
                    && self.pieces[i].card.card_type == ty
                    && self.in_play(i)
            })
            .collect()
    }

    /// The player who is not `player` (scenarios have two).
    pub fn opponent_of(&self, player: &str) -> Option<String> {
        self.pieces
            .iter()
            .flat_map(|p| [p.owner.clone(), p.controller.clone()])
            .chain(std::iter::once(self.turn_player.clone()))
            .find(|o| !o.is_empty() && !o.eq_ignore_ascii_case(player))
    }
}
