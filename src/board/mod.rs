//! The board: a read-only picture of the [`GameState`] a scenario built, so a
//! judge can see that the engine read the situation right before trusting its
//! verdict. [`Board::of`] turns the state into a plain tree (the spaceline in
//! order, what is in space, on the planet and seeded under each mission, what
//! is aboard or played on each card, the zones off the spaceline); [`text`]
//! draws it as a tree per location and [`svg`] as a picture. Both the CLI
//! (`daystrom check FILE --show`) and the web page use this one model.

pub mod svg;
pub mod text;

use crate::cards::model::CardType;
use crate::engine::action::{Action, Step};
use crate::engine::state::{GameState, Place, Status};
use serde::Serialize;
use std::collections::BTreeSet;

/// Nesting deeper than this is a malformed state (a card aboard itself).
const MAX_DEPTH: usize = 8;

/// The whole picture.
#[derive(Debug, Clone, Serialize)]
pub struct Board {
    pub turn_player: String,
    pub phase: String,
    pub action: Option<ActionView>,
    pub locations: Vec<LocationView>,
    /// Hand, table, discard pile and decks, per owner.
    pub zones: Vec<ZoneView>,
}

/// The action under way and the actions it is part of.
#[derive(Debug, Clone, Serialize)]
pub struct ActionView {
    pub kind: String,
    pub step: String,
    pub stage: Option<String>,
    pub by: Vec<String>,
    pub targets: Vec<String>,
    pub card: Option<String>,
    pub to: Option<String>,
    /// The enclosing actions' kinds, innermost first.
    pub within: Vec<String>,
}

/// One spaceline location.
#[derive(Debug, Clone, Serialize)]
pub struct LocationView {
    pub name: String,
    /// The title the file wrote, when it resolved to a different one.
    pub written: Option<String>,
    pub quadrant: String,
    pub planet: bool,
    pub space: bool,
    /// The action under way names this location.
    pub involved: bool,
    /// Ships and facilities in orbit / in space.
    pub in_space: Vec<CardView>,
    /// Facilities and landed ships on the planet.
    pub on_planet: Vec<CardView>,
    pub away_teams: Vec<AwayTeamView>,
    /// Cards seeded under the mission.
    pub seeded: Vec<CardView>,
}

/// Personnel (and their equipment) on a planet surface, one group per owner.
#[derive(Debug, Clone, Serialize)]
pub struct AwayTeamView {
    pub owner: String,
    pub members: Vec<CardView>,
}

/// A zone off the spaceline: "hand", "table", "discard pile", ...
#[derive(Debug, Clone, Serialize)]
pub struct ZoneView {
    pub zone: String,
    pub owner: String,
    pub cards: Vec<CardView>,
}

/// One card with its states and what is aboard or played on it.
#[derive(Debug, Clone, Serialize)]
pub struct CardView {
    pub handle: String,
    pub title: String,
    /// The title the file wrote, when it resolved to a different one.
    pub written: Option<String>,
    pub card_type: String,
    pub owner: String,
    pub states: Vec<String>,
    /// Taking part in (or targeted by) the action under way.
    pub involved: bool,
    pub aboard: Vec<CardView>,
}

impl CardView {
    /// Every card in this subtree, itself first.
    pub fn walk(&self) -> Vec<&CardView> {
        let mut out = vec![self];
        for c in &self.aboard {
            out.extend(c.walk());
        }
        out
    }
}

/// Whether a card is in one state.
type StateTest = fn(&Status) -> bool;

/// Card states worth drawing, in the order they are listed.
const STATES: &[(&str, StateTest)] = &[
    ("stopped", |s| s.stopped),
    ("stunned", |s| s.stunned),
    ("mortally wounded", |s| s.mortally_wounded),
    ("disabled", |s| s.disabled),
    ("face down", |s| s.face_down),
    ("closed", |s| s.closed),
    ("damaged", |s| s.damaged),
    ("cloaked", |s| s.cloaked),
    ("phased", |s| s.phased),
    ("landed", |s| s.landed),
    ("in stasis", |s| s.in_stasis),
    ("house arrest", |s| s.house_arrest),
    ("intruder", |s| s.intruder),
    ("deactivated", |s| s.deactivated),
    ("used this turn", |s| s.used_this_turn),
    ("played this turn", |s| s.played_this_turn),
    ("replaced this turn", |s| s.replaced_this_turn),
];

/// Zones off the spaceline, in the order they are drawn.
const ZONES: &[(Place, &str)] = &[
    (Place::Table, "table"),
    (Place::Hand, "hand"),
    (Place::SeedDeck, "seed deck"),
    (Place::DrawDeck, "draw deck"),
    (Place::Discard, "discard pile"),
    (Place::OutOfPlay, "out-of-play"),
];

impl Board {
    /// The picture of a game state.
    pub fn of(state: &GameState) -> Board {
        let view = View {
            state,
            involved: involved_pieces(state),
        };
        Board {
            turn_player: state.turn_player.clone(),
            phase: phase_name(state),
            action: state.action.as_ref().map(|a| ActionView::of(a, state)),
            locations: (0..state.locations.len())
                .map(|l| view.location(l))
                .collect(),
            zones: view.zones(),
        }
    }

    /// Every card drawn anywhere on the board.
    pub fn cards(&self) -> Vec<&CardView> {
        let spaceline = self.locations.iter().flat_map(|l| {
            l.in_space
                .iter()
                .chain(&l.on_planet)
                .chain(l.away_teams.iter().flat_map(|t| &t.members))
                .chain(&l.seeded)
        });
        let zones = self.zones.iter().flat_map(|z| &z.cards);
        spaceline.chain(zones).flat_map(CardView::walk).collect()
    }
}

fn phase_name(state: &GameState) -> String {
    serde_json::to_value(state.phase)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// A name the action uses, as the card's title when it names a card in play.
fn title_of(state: &GameState, name: &str) -> String {
    state
        .find(name)
        .map_or_else(|| name.to_string(), |p| state.pieces[p].card.title.clone())
}

impl ActionView {
    fn of(a: &Action, state: &GameState) -> ActionView {
        let titles = |names: &[String]| names.iter().map(|n| title_of(state, n)).collect();
        ActionView {
            kind: a.kind.clone(),
            step: match a.step {
                Step::Initiated => "initiated",
                Step::UnderWay => "under way",
                Step::Resolved => "resolved",
            }
            .to_string(),
            stage: a.stage.clone(),
            by: titles(&a.by),
            targets: titles(&a.targets),
            card: a.card.as_ref().map(|c| title_of(state, c)),
            to: a.to.clone(),
            within: a.chain().skip(1).map(|p| p.kind.clone()).collect(),
        }
    }

    /// "attack by Borg Ship → U.S.S. Defiant (initiated)".
    pub fn summary(&self) -> String {
        let mut s = self.kind.clone();
        if let Some(c) = &self.card {
            s.push_str(&format!(" of {c}"));
        }
        if !self.by.is_empty() {
            s.push_str(&format!(" by {}", self.by.join(", ")));
        }
        if !self.targets.is_empty() {
            s.push_str(&format!(" → {}", self.targets.join(", ")));
        }
        if let Some(t) = &self.to {
            s.push_str(&format!(" to {t}"));
        }
        s.push_str(&format!(" ({}", self.step));
        if let Some(st) = &self.stage {
            s.push_str(&format!(", {st}"));
        }
        s.push(')');
        if !self.within.is_empty() {
            s.push_str(&format!(" within {}", self.within.join(" → ")));
        }
        s
    }
}

/// The pieces and locations the action chain names (by, targets, card, to).
struct Involved {
    pieces: BTreeSet<usize>,
    locations: BTreeSet<usize>,
}

fn involved_pieces(state: &GameState) -> Involved {
    let mut out = Involved {
        pieces: BTreeSet::new(),
        locations: BTreeSet::new(),
    };
    let Some(action) = &state.action else {
        return out;
    };
    for a in action.chain() {
        let names = a.by.iter().chain(&a.targets).chain(&a.card).chain(&a.to);
        for name in names {
            if let Some(p) = state.find(name) {
                out.pieces.insert(p);
            } else if let Some(l) = state.find_location(name) {
                out.locations.insert(l);
            }
        }
    }
    out
}

struct View<'a> {
    state: &'a GameState,
    involved: Involved,
}

impl View<'_> {
    fn location(&self, l: usize) -> LocationView {
        let loc = &self.state.locations[l];
        let on_planet = self.top_level(Place::Planet(l));
        let (members, structures): (Vec<CardView>, Vec<CardView>) = on_planet
            .into_iter()
            .partition(|c| c.card_type == CardType::Personnel.name() || is_equipment(c));
        LocationView {
            name: loc.name.clone(),
            written: differs(&loc.written, &loc.name),
            quadrant: loc.quadrant().to_string(),
            planet: loc.is_planet(),
            space: loc.is_space(),
            involved: self.involved.locations.contains(&l),
            in_space: self.top_level(Place::Space(l)),
            on_planet: structures,
            away_teams: away_teams(members),
            seeded: self.top_level(Place::Seed(l)),
        }
    }

    fn zones(&self) -> Vec<ZoneView> {
        let mut out = Vec::new();
        for (place, zone) in ZONES {
            let cards = self.top_level(*place);
            for owner in owners(&cards) {
                out.push(ZoneView {
                    zone: zone.to_string(),
                    cards: cards.iter().filter(|c| c.owner == owner).cloned().collect(),
                    owner,
                });
            }
        }
        out
    }

    fn top_level(&self, place: Place) -> Vec<CardView> {
        (0..self.state.pieces.len())
            .filter(|&i| self.state.pieces[i].at == place)
            .map(|i| self.card(i, 0))
            .collect()
    }

    fn card(&self, i: usize, depth: usize) -> CardView {
        let p = &self.state.pieces[i];
        let mut states: Vec<String> = STATES
            .iter()
            .filter(|(_, on)| on(&p.status))
            .map(|(name, _)| name.to_string())
            .collect();
        if let Some(f) = p.docked.and_then(|f| self.state.pieces.get(f)) {
            states.insert(0, format!("docked at {}", f.card.title));
        }
        if let Some(m) = &p.mode {
            states.push(format!("as {m}"));
        }
        let aboard = if depth < MAX_DEPTH {
            self.state
                .aboard(i)
                .into_iter()
                .filter(|&c| c != i)
                .map(|c| self.card(c, depth + 1))
                .collect()
        } else {
            Vec::new()
        };
        CardView {
            handle: p.handle.clone(),
            title: p.card.title.clone(),
            written: differs(&p.written, &p.card.title),
            card_type: p.card.card_type.name(),
            owner: p.owner.clone(),
            states,
            involved: self.involved.pieces.contains(&i),
            aboard,
        }
    }
}

fn is_equipment(c: &CardView) -> bool {
    c.card_type == CardType::Equipment.name()
}

/// The written title when it is not the resolved one (case and punctuation
/// aside, which the lookup forgives without changing the card).
fn differs(written: &str, title: &str) -> Option<String> {
    let fold = |s: &str| crate::cards::lookup::title_words(s);
    (!written.is_empty() && fold(written) != fold(title)).then(|| written.to_string())
}

fn owners(cards: &[CardView]) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    for c in cards {
        if !seen.contains(&c.owner) {
            seen.push(c.owner.clone());
        }
    }
    seen
}

fn away_teams(members: Vec<CardView>) -> Vec<AwayTeamView> {
    owners(&members)
        .into_iter()
        .map(|owner| AwayTeamView {
            members: members
                .iter()
                .filter(|c| c.owner == owner)
                .cloned()
                .collect(),
            owner,
        })
        .collect()
}

#[cfg(test)]
mod tests;
