//! The game state a scenario describes: the spaceline of locations, every card
//! with where it is and its states, turn facts, the action under way and the
//! deck being judged. Built by [`crate::scenario`]; read by the checks.

use crate::cards::model::{Card, CardType};
use crate::engine::action::{Action, Phase};
use crate::engine::verdict::Reason;
pub use crate::vocab::usable::Purpose;
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
    /// The player whose Borg scouted the mission (it counts as completed
    /// for the Alpha Quadrant requirement of winning).
    pub scouted_by: Option<String>,
    /// Scouting it was completed this turn (Glossary "probing": no probe at
    /// the end of the same turn).
    pub scouted_this_turn: bool,
    /// The player who completed a Borg objective targeting this mission
    /// (Warp Speed's Borg victory conditions).
    pub objective_completed_by: Option<String>,
    /// A shared mission (either player may attempt it).
    pub shared: bool,
    /// It was attempted before (by someone).
    pub attempted_before: bool,
    /// The players who attempted it before, when known.
    pub attempted_by: Vec<String>,
    /// How many personnel the mission attempt under way here began with,
    /// when known ("unless you began mission attempt with at least six
    /// personnel").
    pub attempt_began_with: Option<u32>,
    /// The players whose attack took place here on the previous turn: a
    /// counter-attack is made against their cards still here (Glossary
    /// "battle").
    pub attacked_by: Vec<String>,
    /// Players who revealed their own mis-seed under this mission: they may
    /// not solve it for the rest of the game (Glossary "mis-seed").
    pub revealed_own_misseed: Vec<String>,
    pub span: Option<i32>,
}

impl Location {
    /// A location named (and written) after its mission, not yet owned,
    /// attempted or solved.
    pub fn new(mission: Card) -> Location {
        Location {
            name: mission.title.clone(),
            written: mission.title.clone(),
            mission,
            owner: None,
            solved_by: None,
            scouted_by: None,
            scouted_this_turn: false,
            objective_completed_by: None,
            shared: false,
            attempted_before: false,
            attempted_by: Vec::new(),
            attempt_began_with: None,
            attacked_by: Vec::new(),
            revealed_own_misseed: Vec::new(),
            span: None,
        }
    }

    pub fn span(&self) -> i32 {
        self.span
            .or_else(|| self.mission.span.as_ref().and_then(|s| s.num()))
            .unwrap_or(0)
    }

    pub fn quadrant(&self) -> &str {
        self.mission.quadrant.as_deref().unwrap_or("Alpha")
    }

    /// On the same spaceline: each quadrant is its own.
    pub fn same_quadrant(&self, other: &Location) -> bool {
        self.quadrant().eq_ignore_ascii_case(other.quadrant())
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
    /// Placed out-of-play (a mis-seed discovered): neither in play nor in
    /// any deck or pile (Glossary "out-of-play").
    OutOfPlay,
}

impl Status {
    /// Whether the card is in the state a card's text names ("if
    /// damaged"); `None` for a name that is no such state.
    pub fn is(&self, state: &str) -> Option<bool> {
        self.clone().flag(state).map(|f| *f)
    }

    /// The flag of a state by its name ("stopped", "under house arrest"):
    /// the one table of the states a card may be in, read by the engine and
    /// set by a scenario's `states`.
    pub fn flag(&mut self, state: &str) -> Option<&mut bool> {
        Some(match state {
            "stopped" => &mut self.stopped,
            "stunned" => &mut self.stunned,
            "mortally wounded" => &mut self.mortally_wounded,
            "disabled" => &mut self.disabled,
            "face down" => &mut self.face_down,
            "closed" => &mut self.closed,
            "damaged" => &mut self.damaged,
            "cloaked" => &mut self.cloaked,
            "phased" => &mut self.phased,
            "landed" => &mut self.landed,
            "used this turn" => &mut self.used_this_turn,
            "used this game" => &mut self.used_this_game,
            "played this turn" => &mut self.played_this_turn,
            "replaced this turn" => &mut self.replaced_this_turn,
            "attacked last turn" => &mut self.attacked_last_turn,
            "in stasis" => &mut self.in_stasis,
            "under house arrest" => &mut self.house_arrest,
            "intruder" => &mut self.intruder,
            "deactivated" => &mut self.deactivated,
            _ => return None,
        })
    }
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
    /// Exchanged for another version of its persona at the start of this
    /// turn (Glossary "persona": once per persona each turn).
    pub replaced_this_turn: bool,
    pub range_used: i32,
    /// Full turns the ship spent on a card that allows it movements for
    /// them (Engage Cloak), and the movements made under it so far.
    pub full_turns_on: u32,
    pub moves_made: u32,
    pub attacked_last_turn: bool,
    pub in_stasis: bool,
    pub house_arrest: bool,
    pub intruder: bool,
    /// A hologram deactivated: treated as if disabled (Glossary
    /// "holographic personnel and equipment"; Current Rulings "holographic
    /// personnel").
    pub deactivated: bool,
    /// Deactivated this turn (not by reporting): it may be reactivated only
    /// during a later turn of its owner.
    pub deactivated_this_turn: bool,
}

/// A card in the scenario (its printed facts already overridden by `printed`).
/// A personnel aboard a carried ship ([`GameState::carried_personnel`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CarriedPerson {
    pub person: usize,
    /// The carried ship the personnel is aboard.
    pub ship: usize,
    /// Part of the carrier's crew (same controller), not an intruder.
    pub in_crew: bool,
}

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
    /// The cards stocked in a Q's Tent side deck.
    pub q_tent: Vec<Card>,
    /// The Tactic cards of a Battle Bridge side deck.
    pub battle_bridge: Vec<Card>,
    pub tournament: bool,
}

/// A side deck during play (Glossary "side deck"): its face-down cards, the
/// face-up cards discarded under it, and its doorway.
#[derive(Debug, Clone)]
pub struct SideDeck {
    pub owner: String,
    /// The lexicon's kind (`[side_decks]`): "Q's Tent", "Battle Bridge", ...
    pub kind: String,
    /// Its face-down cards, top first.
    pub cards: Vec<Card>,
    /// Cards discarded face up under it.
    pub face_up: Vec<Card>,
    pub doorway: SideDoorway,
}

/// The doorway that opens a side deck, seeded face up on top of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SideDoorway {
    /// Seeded: the side deck is open and in play.
    #[default]
    Open,
    /// Seeded, then closed by a card.
    Closed,
    /// No doorway was seeded: the side deck was never opened.
    None,
}

/// Cards contributed to a card that grants points for each of them (rulebook
/// "CONTRIBUTION LIMITS": only one copy of a given card counts).
#[derive(Debug, Clone, PartialEq)]
pub struct Contribution {
    /// The card granting the points.
    pub card: usize,
    /// The cards contributed to it, as the scenario lists them.
    pub by: Vec<usize>,
    /// The points each contributed card would score.
    pub points: i32,
    /// Who scores them.
    pub player: String,
}

/// What the score and the end of the game depend on beyond points.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Ending {
    /// Points a card says "do not count toward winning", per player.
    pub not_counting: BTreeMap<String, i32>,
    /// Both players' draw decks have run out.
    pub draw_decks_empty: bool,
    /// The player who conceded.
    pub conceded: Option<String>,
    /// Time has been called in a tournament game (and the final turns played).
    pub time_called: bool,
    /// The player who achieved his victory conditions first, when more than
    /// one has (Glossary "winning the game"); none: at the same time.
    pub reached_first: Option<String>,
    /// Players who lost the game by card text or a hidden agenda (Glossary
    /// "lose the game").
    pub lost: Vec<String>,
}

#[derive(Debug, Clone, Default)]
pub struct GameState {
    /// The players, as the scenario declares them.
    pub players: Vec<PlayerId>,
    pub turn_player: String,
    pub phase: Phase,
    pub format: Format,
    /// Non-bonus points each player scored before the scenario (missions
    /// on the spaceline add theirs).
    pub points: BTreeMap<String, i32>,
    pub bonus_points: BTreeMap<String, i32>,
    /// How many cards each player holds in hand, where the scenario says so
    /// (`[game] hand_size`); otherwise the cards it lists in hand count.
    pub hand_size: BTreeMap<String, i32>,
    /// Points granted by cards for the cards contributed to them.
    pub contributions: Vec<Contribution>,
    /// How the game is ending, and points that do not count toward winning.
    pub ending: Ending,
    /// Players playing Borg (Glossary "playing Borg").
    pub playing_borg: Vec<String>,
    pub normal_card_play_used: bool,
    pub orders_begun: bool,
    /// Players who took an action restricted by "draw no cards this turn"
    /// (Glossary "card draw").
    pub draw_no_cards: Vec<String>,
    /// Cards whose start- or end-of-turn actions of this segment have not
    /// yet been taken (`[game] pending`).
    pub pending: Vec<String>,
    pub attacked_last_turn: Vec<String>,
    /// The players' side decks during play; a player who has one listed has
    /// no other.
    pub side_decks: Vec<SideDeck>,
    pub locations: Vec<Location>,
    pub pieces: Vec<Piece>,
    pub action: Option<Action>,
    pub deck: Option<Deck>,
    /// The cards a selection already made picked (a random selection, a
    /// player's choice): an effect that falls on some of a group by
    /// selection falls on these (Glossary "selections").
    pub selected: Vec<usize>,
}

impl GameState {
    /// The number of cards in `player`'s hand: as declared, else the cards
    /// of theirs the scenario places in hand (Glossary "counting cards").
    pub fn cards_in_hand(&self, player: &str) -> i32 {
        self.hand_size.get(player).copied().unwrap_or_else(|| {
            self.pieces
                .iter()
                .filter(|p| p.at == Place::Hand && p.owner == player)
                .count() as i32
        })
    }

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

    /// Personnel aboard a ship or facility (at any site of a Nor), with
    /// those of the ships a ship carries who are part of its crew
    /// ([`GameState::carried_personnel`]).
    pub fn crew(&self, carrier: usize) -> Vec<usize> {
        let mut crew = Vec::new();
        for i in self.aboard(carrier) {
            if self.pieces[i].card.is_personnel() {
                crew.push(i);
            } else if self.is_site(i) {
                // Personnel at a Nor's sites are aboard the Nor (Glossary
                // "walking": "your personnel aboard a Nor ... from site to site").
                crew.extend(self.crew(i));
            }
        }
        let carried = self.carried_personnel(carrier).into_iter();
        crew.extend(carried.filter(|c| c.in_crew).map(|c| c.person));
        crew
    }

    /// The personnel aboard the ships the ship `carrier` carries: "personnel
    /// aboard a carried ship are also part of the crew of the carrying ship,
    /// or are intruders if the carrying ship is controlled by a different
    /// player" (Glossary "carried ships").
    pub fn carried_personnel(&self, carrier: usize) -> Vec<CarriedPerson> {
        let is_ship = |p: usize| self.pieces[p].card.card_type == CardType::Ship;
        if !is_ship(carrier) {
            return Vec::new();
        }
        let ships = self
            .aboard(carrier)
            .into_iter()
            .filter(|&s| s != carrier && is_ship(s));
        let controller = &self.pieces[carrier].controller;
        ships
            .flat_map(|ship| {
                self.crew(ship)
                    .into_iter()
                    .map(move |person| CarriedPerson {
                        person,
                        ship,
                        in_crew: &self.pieces[person].controller == controller,
                    })
            })
            .collect()
    }

    /// Whether the piece is a site (of a Nor).
    pub fn is_site(&self, piece: usize) -> bool {
        self.pieces[piece].card.card_type == CardType::Site
    }

    /// The sites aboard a facility (a Nor's; none for any other).
    pub fn sites(&self, facility: usize) -> Vec<usize> {
        let sites = self.aboard(facility).into_iter();
        sites.filter(|&i| self.is_site(i)).collect()
    }

    /// In play: on the table, the spaceline, or aboard something in play.
    pub fn in_play(&self, idx: usize) -> bool {
        match self.pieces[idx].at {
            Place::Space(_) | Place::Planet(_) | Place::Table => true,
            Place::Aboard(c) => c != idx && self.in_play(c),
            _ => false,
        }
    }

    /// Whether two cards in play are present together (Glossary "present"):
    /// aboard the same ship or facility, or on the same planet.
    pub fn present_together(&self, a: usize, b: usize) -> bool {
        let same = match (self.pieces[a].at, self.pieces[b].at) {
            (Place::Aboard(x), Place::Aboard(y)) | (Place::Planet(x), Place::Planet(y)) => x == y,
            _ => false,
        };
        same && self.in_play(a) && self.in_play(b)
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
    /// as "Klingon" (affiliation and species) read the mode, not the print;
    /// its attributes and skills derived from the cards in play.
    pub fn card_in_play(&self, idx: usize) -> Card {
        crate::engine::derived::card(self, idx)
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

    /// The player who is not `player` (scenarios have two): the other
    /// declared player.
    pub fn opponent_of(&self, player: &str) -> Option<String> {
        self.players
            .iter()
            .map(|p| p.0.clone())
            .find(|o| !o.is_empty() && o != player)
    }

    /// Whether `name` is a declared player (exactly as declared: a player is
    /// never guessed from the spelling of a card's title).
    pub fn is_player(&self, name: &str) -> bool {
        self.players.iter().any(|p| p.0 == name)
    }
}

/// A piece in play (or in a zone) of the scenario: an index into
/// [`GameState::pieces`]. Two copies of one card are two pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PieceId(pub usize);

/// A spaceline location: an index into [`GameState::locations`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LocationId(pub usize);

/// A player, by the name the scenario declares for them.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlayerId(pub String);

impl std::fmt::Display for PlayerId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The six attributes of the Glossary ("attributes"), as the ability
/// compiler names them (it is the lower layer that reads them in card text).
pub use crate::engine::abilities::continuous::Attr;

/// An action a rule asks the cards in play about: who does what, to what,
/// where. `act` is the `can act` vocabulary ("land", "beam", "attack",
/// "report", "attempt", "commandeer").
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    pub act: String,
    pub player: PlayerId,
    pub actors: Vec<PieceId>,
    pub target: Option<Target>,
    pub at: Option<LocationId>,
}

/// What the cards in play say about a [`Request`].
#[derive(Debug, Clone, PartialEq)]
pub enum Permission {
    /// No card in play says anything about it: the rules' default applies.
    Silent,
    /// A card in play allows it (a card may override a rule, Glossary
    /// "card text overrides rules").
    Permits {
        /// The card that allows it: a piece's handle or a mission's title.
        by: String,
        why: String,
        citation: crate::engine::verdict::Citation,
    },
    /// A card in play forbids it.
    Forbids {
        by: String,
        why: String,
        citation: crate::engine::verdict::Citation,
    },
}

impl GameState {
    /// The piece an id names.
    pub fn piece(&self, id: PieceId) -> &Piece {
        &self.pieces[id.0]
    }

    /// The value of `attr` on a piece now: every rule reads attributes here.
    /// The derived layer ([`crate::engine::derived`]) applies the continuous
    /// effects of the cards in play to the printed value; an undefined
    /// attribute counts as 0 (Glossary "undefined attribute").
    pub fn attribute(&self, id: PieceId, attr: Attr) -> i32 {
        crate::engine::derived::attribute(self, id.0, attr).value
    }

    /// What the cards in play permit or forbid about `request`: every rule
    /// that asks "may this be done here?" asks here. The answer comes from
    /// the compiled text of the cards in play ([`crate::engine::permissions`]):
    /// a prohibition first, then a permission, else silence.
    /// RANGE a ship uses from location `from` to `to`: the spans of every
    /// location moved to or passed, not counting the start (Glossary
    /// "movement").
    pub fn range_between(&self, from: usize, to: usize) -> i32 {
        let (lo, hi) = match from.cmp(&to) {
            std::cmp::Ordering::Less => (from + 1, to),
            std::cmp::Ordering::Greater => (to, from - 1),
            // Staying where it is passes no location.
            std::cmp::Ordering::Equal => return 0,
        };
        (lo..=hi)
            .filter_map(|l| self.locations.get(l))
            .fold(0, |sum, l| sum.saturating_add(l.span()))
    }

    /// A place as a reason names it ("to the planet at Study Nebula").
    pub fn describe(&self, at: Place) -> String {
        let loc = |l: usize| self.locations.get(l).map_or("?", |l| l.name.as_str());
        match at {
            Place::Space(l) => format!("to {}", loc(l)),
            Place::Planet(l) => format!("to the planet at {}", loc(l)),
            Place::Aboard(p) => format!("aboard {}", self.pieces[p].handle),
            Place::Seed(l) => format!("under {}", loc(l)),
            Place::Hand => "to hand".into(),
            Place::Discard => "to the discard pile".into(),
            Place::DrawDeck => "to the draw deck".into(),
            Place::SeedDeck => "to the seed deck".into(),
            Place::Table => "to the table".into(),
            Place::OutOfPlay => "out-of-play".into(),
        }
    }

    pub fn permits(&self, request: &Request) -> Permission {
        crate::engine::permissions::decide(self, request)
    }

    /// Whether a piece may be used for `purpose`; if not, the reasons: one
    /// per entry of the first row of `glossary/usable.toml` whose state
    /// excludes it (the first decides). Every check that asks "who can staff
    /// / attempt / fight / use a skill" asks here.
    pub fn usable(&self, id: PieceId, purpose: Purpose) -> Result<(), Vec<Reason>> {
        self.usable_waiving(id, purpose, "")
    }

    /// As `usable`, with one state not counted: a card attacked is
    /// "unstopped" for that battle (Glossary "stopped").
    pub fn usable_waiving(
        &self,
        id: PieceId,
        purpose: Purpose,
        waived: &str,
    ) -> Result<(), Vec<Reason>> {
        let usable = &crate::vocab::vocabulary().usable;
        let Some(e) = usable
            .excluding(purpose)
            .find(|e| e.state != waived && self.in_state(id.0, &e.state))
        else {
            return Ok(());
        };
        let text = format!("{} is {}: {}", self.piece(id).handle, e.state, e.reason);
        Err(e
            .cites
            .iter()
            .map(|source| Reason {
                text: text.clone(),
                citation: Some(source.into()),
            })
            .collect())
    }

    /// Whether a piece is in one of the states `glossary/usable.toml` names.
    fn in_state(&self, idx: usize, state: &str) -> bool {
        let s = &self.pieces[idx].status;
        match state {
            "in stasis" => self.in_stasis(idx),
            "disabled" => s.disabled,
            "deactivated" => self.is_deactivated(idx),
            "house arrest" => s.house_arrest,
            "stunned" => s.stunned,
            "mortally wounded" => s.mortally_wounded,
            "intruder" => self.is_intruder(idx),
            "stopped" => self.is_stopped(idx),
            other => unreachable!("glossary/usable.toml names unknown state {other}"),
        }
    }

    /// A deactivated hologram: the state its report ("A hologram is
    /// deactivated when reported", Glossary "holographic personnel and
    /// equipment") or a later deactivation set, until it is activated.
    pub fn is_deactivated(&self, idx: usize) -> bool {
        self.pieces[idx].status.deactivated
    }

    /// In stasis itself or aboard a ship in stasis ("Cards aboard a ship in
    /// stasis are also in stasis", Glossary "stasis").
    pub fn in_stasis(&self, idx: usize) -> bool {
        let mut cur = idx;
        for _ in 0..32 {
            if self.pieces[cur].status.in_stasis {
                return true;
            }
            match self.pieces[cur].at {
                Place::Aboard(c) if c != cur => cur = c,
                _ => return false,
            }
        }
        false
    }

    /// An intruder: marked so, or personnel aboard a ship or facility its
    /// controller does not control (Glossary "intruder").
    pub fn is_intruder(&self, idx: usize) -> bool {
        let piece = &self.pieces[idx];
        if piece.status.intruder {
            return true;
        }
        match piece.at {
            Place::Aboard(c) => {
                let carrier = &self.pieces[c];
                piece.card.is_personnel()
                    && matches!(carrier.card.card_type, CardType::Ship | CardType::Facility)
                    && !carrier.controller.eq_ignore_ascii_case(&piece.controller)
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A ship (0) in space with Data (1) aboard, both alice's.
    fn ship_and_crew() -> GameState {
        let mut s = crate::engine::fixture::table();
        crate::engine::fixture::piece(
            &mut s,
            "Enterprise",
            CardType::Ship,
            "alice",
            Place::Table,
            |_| (),
        );
        crate::engine::fixture::personnel(&mut s, "Data", "alice", Place::Aboard(0), &[]);
        s
    }

    fn entry(r: Result<(), Vec<Reason>>) -> String {
        r.unwrap_err()[0].citation.clone().unwrap().title
    }

    #[test]
    fn a_stopped_personnel_uses_skills_but_does_not_staff_attempt_or_fight() {
        let mut s = ship_and_crew();
        s.pieces[1].status.stopped = true;
        let data = PieceId(1);
        assert!(s.usable(data, Purpose::Skills).is_ok());
        for p in [Purpose::Staffing, Purpose::Attempting, Purpose::Battle] {
            assert_eq!(entry(s.usable(data, p)), "stopped");
        }
    }

    #[test]
    fn aboard_a_stopped_ship_is_stopped_and_aboard_a_ship_in_stasis_is_in_stasis() {
        let mut s = ship_and_crew();
        s.pieces[0].status.stopped = true;
        assert_eq!(entry(s.usable(PieceId(1), Purpose::Attempting)), "stopped");
        s.pieces[0].status.in_stasis = true;
        assert_eq!(entry(s.usable(PieceId(1), Purpose::Skills)), "stasis");
    }

    #[test]
    fn stunned_and_mortally_wounded_personnel_use_no_skills() {
        let mut s = ship_and_crew();
        s.pieces[1].status.stunned = true;
        assert_eq!(
            entry(s.usable(PieceId(1), Purpose::Staffing)),
            "stunned and mortally wounded"
        );
        s.pieces[1].status.stunned = false;
        s.pieces[1].status.mortally_wounded = true;
        assert!(s.usable(PieceId(1), Purpose::Skills).is_err());
    }

    #[test]
    fn an_intruder_may_not_attempt_but_is_otherwise_usable() {
        let mut s = ship_and_crew();
        s.pieces[0].controller = "bob".into();
        assert!(s.is_intruder(1));
        assert_eq!(entry(s.usable(PieceId(1), Purpose::Attempting)), "intruder");
        assert!(s.usable(PieceId(1), Purpose::Battle).is_ok());
    }

    #[test]
    fn house_arrest_and_disabled_follow_their_entries() {
        let mut s = ship_and_crew();
        s.pieces[1].status.house_arrest = true;
        assert_eq!(entry(s.usable(PieceId(1), Purpose::Battle)), "house arrest");
        assert!(s.usable(PieceId(1), Purpose::Skills).is_ok());
        s.pieces[1].status.disabled = true;
        assert_eq!(entry(s.usable(PieceId(1), Purpose::Skills)), "disabled");
    }

    #[test]
    fn an_unharmed_personnel_is_usable_for_everything() {
        let s = ship_and_crew();
        for p in [
            Purpose::Staffing,
            Purpose::Attempting,
            Purpose::Battle,
            Purpose::Skills,
        ] {
            assert!(s.usable(PieceId(1), p).is_ok());
        }
    }

    #[test]
    fn attributes_are_read_through_one_accessor_and_undefined_is_zero() {
        let mut s = ship_and_crew();
        s.pieces[0].card.int_rng = Some(crate::cards::model::Stat::Num(8));
        s.pieces[0].card.cun_wpn = Some(crate::cards::model::Stat::Text("X".into()));
        assert_eq!(s.attribute(PieceId(0), Attr::Range), 8);
        assert_eq!(s.attribute(PieceId(0), Attr::Weapons), 0);
        assert_eq!(s.attribute(PieceId(0), Attr::Shields), 0);
        assert_eq!(Attr::parse("shields"), Some(Attr::Shields));
    }
}
