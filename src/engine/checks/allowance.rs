//! `can move` under a movement a card allows (its compiled
//! `abilities::movement` allowance): who may make it, how many are left,
//! between which places, whether it crosses to another quadrant, and the
//! RANGE it uses (Glossary "movement", "movement between quadrants", "once
//! per turn"; the card's Current Rulings entry, when `card-rulings.toml` has
//! one).

use super::rules::{Entry, Ruling};
use super::staffing::{range_left, Move};
use super::{because, fact};
use crate::cards::model::Card;
use crate::engine::abilities::movement::{
    MoveCondition, MoveCount, MoveEnd, MovementAllowance, RangeUse,
};
use crate::engine::abilities::{continuous, reference_names};
use crate::engine::requirements;
use crate::engine::state::{Attr, GameState, Purpose};
use crate::engine::verdict::Reason;
use crate::repair::fold_for_match;
use crate::vocab::card_rulings::Aspect;

const MOVEMENT: &str = "movement";
const QUADRANTS: Entry = Entry::glossary("movement between quadrants");
const ONCE_PER_TURN: Entry = Entry::glossary("once per turn");

/// The movement a card allows, as one `can move` reads it.
struct Allowed<'a> {
    m: &'a Move<'a>,
    card: usize,
    a: MovementAllowance,
}

/// The rule "movements a card allows": the card the question names
/// (`allowed_by`), else, for a move to another quadrant, a card in play
/// whose allowance takes the ship there. It decides the move, except that
/// a movement along the spaceline with its RANGE unstated leaves the RANGE
/// to normal movement.
pub(super) fn allowed_movements(m: &Move, reasons: &mut Vec<Reason>) -> Ruling {
    let Some(allowed) = allowing(m, reasons) else {
        return Ruling::Next;
    };
    [
        who_may,
        how_many,
        between_its_ends,
        across_quadrants,
        condition,
        range,
    ]
    .iter()
    .map(|rule| rule(&allowed, reasons))
    .find(|r| *r != Ruling::Next)
    .unwrap_or(Ruling::Next)
}

fn allowing<'a>(m: &'a Move<'a>, reasons: &mut Vec<Reason>) -> Option<Allowed<'a>> {
    let state = m.state;
    if let Some(card) = m.q.allowed_by.map(|p| p.0) {
        let Some(a) = continuous::of(&state.pieces[card].card)
            .movement
            .first()
            .cloned()
        else {
            reasons.push(fact(format!(
                "{} allows no movements of its own: the ship moves normally",
                state.pieces[card].handle
            )));
            return None;
        };
        return Some(Allowed { m, card, a });
    }
    let (from, to) = m.ends()?;
    if same_quadrant(state, from, to) {
        return None;
    }
    (0..state.pieces.len())
        .filter(|&p| state.in_play(p))
        .flat_map(|card| {
            continuous::of(&state.pieces[card].card)
                .movement
                .iter()
                .filter(|a| a.crosses_quadrants())
                .map(move |a| Allowed {
                    m,
                    card,
                    a: a.clone(),
                })
                .collect::<Vec<_>>()
        })
        .find(|x| x.fits(from, to))
}

impl Allowed<'_> {
    fn state(&self) -> &GameState {
        self.m.state
    }

    /// A reason citing the card's Current Rulings entry when there is one,
    /// else `entry`.
    fn cite(&self, what: String, entry: &str) -> Reason {
        let title = &self.state().pieces[self.card].card.title;
        Reason::card_ruling(title, Aspect::Movement, what.clone())
            .unwrap_or_else(|| because(what, entry))
    }

    fn says(&self) -> String {
        let p = &self.state().pieces[self.card];
        format!("{}: \"{}\"", p.handle, self.a.sentence)
    }

    fn refused(&self, why: String, entry: Entry) -> Ruling {
        Ruling::Refused(self.cite(format!("{}; {why}", self.says()), entry.title))
    }

    /// Does the move from `from` to `to` go between the places it names?
    fn fits(&self, from: usize, to: usize) -> bool {
        match self.a.ends.as_slice() {
            [] => true,
            [end] => self.at(end, to),
            [a, b, ..] => {
                from != to
                    && (self.at(a, from) && self.at(b, to) || self.at(b, from) && self.at(a, to))
            }
        }
    }

    /// Is location `l` the place `end` names?
    fn at(&self, end: &MoveEnd, l: usize) -> bool {
        let state = self.state();
        let own = &state.pieces[self.card].card.title;
        match end {
            MoveEnd::Here => state.location_of(self.card) == Some(l),
            MoveEnd::OtherCopy => self.titled_at(std::slice::from_ref(own), l),
            MoveEnd::Named(titles) => self.titled_at(titles, l),
            MoveEnd::SpacelineEnd => spaceline_end(state, l),
            MoveEnd::AnyLocation => true,
        }
    }

    /// A card (or mission) of one of `titles` at `l`, other than the card
    /// itself and the ship moving.
    fn titled_at(&self, titles: &[String], l: usize) -> bool {
        let state = self.state();
        let named = |title: &str| titles.iter().any(|t| names_place(t, title));
        named(&state.locations[l].mission.title)
            || (0..state.pieces.len()).any(|p| {
                p != self.card
                    && p != self.m.ship
                    && state.in_play(p)
                    && state.location_of(p) == Some(l)
                    && named(&state.pieces[p].card.title)
            })
    }
}

/// A reference names a card as text references do
/// (`abilities::reference_names`: "{Transwarp Network Gateways}" each
/// gateway), or a place by the first words of its card's title ("{Barzan}"
/// names Barzan Wormhole).
fn names_place(reference: &str, title: &str) -> bool {
    let (r, t) = (fold_for_match(reference), fold_for_match(title));
    reference_names(reference, title) || t.starts_with(&format!("{r} "))
}

fn same_quadrant(state: &GameState, a: usize, b: usize) -> bool {
    state.locations[a].same_quadrant(&state.locations[b])
}

/// The first or last location of its quadrant's spaceline.
fn spaceline_end(state: &GameState, l: usize) -> bool {
    let line: Vec<usize> = (0..state.locations.len())
        .filter(|&k| same_quadrant(state, k, l))
        .collect();
    line.first() == Some(&l) || line.last() == Some(&l)
}

/// "your {U.S.S. Voyager}": only that ship, only the card's owner's.
fn who_may(x: &Allowed, _: &mut Vec<Reason>) -> Ruling {
    let (state, ship) = (x.state(), &x.state().pieces[x.m.ship]);
    if !x.a.only.is_empty() && !x.titled(&ship.card.title) {
        let only = x.a.only.join(" or ");
        return x.refused(
            format!("{} is not {only}", ship.handle),
            Entry::glossary(MOVEMENT),
        );
    }
    let owner = &state.pieces[x.card].controller;
    if x.a.yours && !owner.eq_ignore_ascii_case(&x.m.player) {
        return x.refused(
            format!("it allows {owner}'s ships only, not {}'s", x.m.player),
            Entry::glossary(MOVEMENT),
        );
    }
    Ruling::Next
}

impl Allowed<'_> {
    /// The moving ship is one the text names ("your {U.S.S. Voyager}").
    fn titled(&self, title: &str) -> bool {
        self.a.only.iter().any(|t| reference_names(t, title))
    }
}

/// As many movements as the card allows: per turn (Glossary "once per
/// turn"), or one for each full turn the ship spent on the card.
fn how_many(x: &Allowed, reasons: &mut Vec<Reason>) -> Ruling {
    let (card, ship) = (&x.state().pieces[x.card], &x.state().pieces[x.m.ship]);
    let (allowed, made, entry, whose) = match x.a.count {
        MoveCount::Unlimited => return Ruling::Next,
        MoveCount::PerTurn(n) => {
            let made = card
                .status
                .moves_made
                .max(u32::from(card.status.used_this_turn));
            (n, made, ONCE_PER_TURN, "this turn".to_string())
        }
        MoveCount::PerFullTurn => (
            ship.status.full_turns_on,
            ship.status.moves_made,
            Entry::glossary(MOVEMENT),
            format!(
                "{} spent {} full turn(s) on it",
                ship.handle, ship.status.full_turns_on
            ),
        ),
    };
    let counted = format!(
        "{}; {whose}, {made} of {allowed} such movement(s) made",
        x.says()
    );
    if made >= allowed {
        return Ruling::Refused(x.cite(format!("{counted}: none is left"), entry.title));
    }
    reasons.push(x.cite(counted, entry.title));
    Ruling::Next
}

fn between_its_ends(x: &Allowed, _: &mut Vec<Reason>) -> Ruling {
    let Some((from, to)) = x.m.ends() else {
        return Ruling::Next;
    };
    if x.fits(from, to) {
        return Ruling::Next;
    }
    let names = &x.state().locations;
    x.refused(
        format!(
            "{} to {} is not between the places it names",
            names[from].name, names[to].name
        ),
        Entry::glossary(MOVEMENT),
    )
}

/// A text moving a ship directly between places it names may take it to
/// another quadrant, unless it names the spaceline or a distance.
fn across_quadrants(x: &Allowed, reasons: &mut Vec<Reason>) -> Ruling {
    let Some((from, to)) = x.m.ends() else {
        return Ruling::Next;
    };
    if same_quadrant(x.state(), from, to) {
        return Ruling::Next;
    }
    if !x.a.crosses_quadrants() {
        let why = if x.a.one_spaceline {
            "its text names the spaceline or a distance, so the movement stays on the current spaceline"
        } else {
            "it names no places to move directly between, so the movement stays on the current spaceline"
        };
        return x.refused(why.to_string(), QUADRANTS);
    }
    reasons.push(x.cite(
        format!(
            "{}: it moves the ship directly between the places it names, in any quadrant",
            x.says()
        ),
        QUADRANTS.title,
    ));
    Ruling::Next
}

/// The movement's condition, read by the compiler: a state of the ship or
/// what its crew must have (the requirement grammar, against the personnel
/// aboard). Words it could not read are not decided here.
fn condition(x: &Allowed, reasons: &mut Vec<Reason>) -> Ruling {
    let Some(c) = &x.a.condition else {
        return Ruling::Next;
    };
    match x.a.requires.as_ref().and_then(|r| x.holds(r)) {
        Some(true) => {
            reasons.push(x.cite(format!("{}; \"{c}\" holds", x.says()), MOVEMENT));
            Ruling::Next
        }
        Some(false) => x.refused(format!("\"{c}\" does not hold"), Entry::glossary(MOVEMENT)),
        None => {
            reasons.push(x.cite(x.says(), MOVEMENT));
            Ruling::Undecided(format!("whether \"{c}\" holds"))
        }
    }
}

impl Allowed<'_> {
    /// Does the moving ship meet the condition? `None`: a state the engine
    /// does not track.
    fn holds(&self, c: &MoveCondition) -> Option<bool> {
        let state = self.state();
        let ship = self.m.ship;
        match c {
            MoveCondition::ShipState(s) => state.pieces[ship].status.is(s),
            MoveCondition::Crew(req) => {
                // The crew as every check reads it: those who may take
                // part, with their skills in play.
                let crew = state.crew(ship);
                let able = super::usable_for(state, &crew, Purpose::Staffing, &mut Vec::new());
                let cards: Vec<Card> = able.iter().map(|&p| state.card_in_play(p)).collect();
                let cards: Vec<&Card> = cards.iter().collect();
                Some(requirements::evaluate(req, &cards).is_empty())
            }
            MoveCondition::Any(all) => {
                // One alternative met is enough, whatever the others.
                let each: Vec<Option<bool>> = all.iter().map(|c| self.holds(c)).collect();
                if each.contains(&Some(true)) {
                    Some(true)
                } else {
                    each.into_iter()
                        .collect::<Option<Vec<bool>>>()
                        .map(|_| false)
                }
            }
        }
    }
}

/// The RANGE the movement uses.
fn range(x: &Allowed, reasons: &mut Vec<Reason>) -> Ruling {
    let (state, ship) = (x.state(), x.m.ship);
    let ends = x.m.ends();
    let need = match ends {
        Some((from, to)) if same_quadrant(state, from, to) => state.range_between(from, to),
        _ => 0,
    };
    let (ok, what) = match x.a.range {
        RangeUse::Unstated if x.a.ends.is_empty() => return Ruling::Next,
        RangeUse::Unstated => (
            true,
            "a movement directly between the places it names passes no span".to_string(),
        ),
        RangeUse::UpToFull => {
            let full = crate::engine::derived::read(state, ship, Attr::Range, reasons);
            (need <= full, format!("each movement is up to the ship's full RANGE ({full}), whatever it used this turn; this one uses {need}"))
        }
        RangeUse::AllOfIt => {
            let used = state.pieces[ship].status.range_used;
            (used == 0, format!("the movement uses the ship's full RANGE for the turn; {used} of it is already used"))
        }
        RangeUse::Fixed(n) => {
            let left = range_left(state, ship, reasons);
            (
                n <= left,
                format!("the movement uses {n} RANGE; {left} left"),
            )
        }
    };
    let why = format!("{}; {what}", x.says());
    if !ok {
        return Ruling::Refused(x.cite(why, MOVEMENT));
    }
    let stopped = if x.a.then_stopped {
        "; then the ship is stopped"
    } else {
        ""
    };
    reasons.push(x.cite(format!("{why}{stopped}"), MOVEMENT));
    Ruling::Yes
}

#[cfg(test)]
mod tests {
    use super::super::staffing::tests::move_with;
    use super::*;
    use crate::cards::model::CardType;
    use crate::engine::fixture::piece;
    use crate::engine::question::PieceId;
    use crate::engine::state::Place;

    /// The Bortas at location 0 of three span-2 locations, with a card on the
    /// table whose text is `text`, asked to move to `to`.
    fn allowed(text: &str, to: usize, edit: impl FnOnce(&mut GameState)) -> Ruling {
        move_with(
            to,
            Some(PieceId(3)),
            |s| {
                let text = text.to_string();
                piece(
                    s,
                    "Allowing",
                    CardType::Incident,
                    "alice",
                    Place::Table,
                    move |c| {
                        c.text = text;
                    },
                );
                edit(s);
            },
            allowed_movements,
        )
    }

    #[test]
    fn once_each_turn_is_counted_on_the_card() {
        let text = "Once each turn, your ship may move once each turn.";
        assert_eq!(allowed(text, 1, |_| ()), Ruling::Next);
        let used = allowed(text, 1, |s| s.pieces[3].status.used_this_turn = true);
        assert!(matches!(used, Ruling::Refused(_)), "{used:?}");
    }

    #[test]
    fn up_to_full_range_is_each_movement_not_the_range_left() {
        let text = "It may immediately move (up to its full RANGE) once for each of your full turns it was on this objective.";
        let turns = |s: &mut GameState| {
            s.pieces[0].status.full_turns_on = 2;
            s.pieces[0].status.range_used = 7;
        };
        assert_eq!(allowed(text, 2, turns), Ruling::Yes);
        assert!(matches!(allowed(text, 2, |_| ()), Ruling::Refused(_)));
    }

    #[test]
    fn a_fixed_range_is_taken_from_the_range_left() {
        let text = "Any ship may move to any other location by using 4 RANGE.";
        assert_eq!(allowed(text, 2, |_| ()), Ruling::Yes);
        let spent = allowed(text, 2, |s| s.pieces[0].status.range_used = 4);
        assert!(matches!(spent, Ruling::Refused(_)));
    }

    #[test]
    fn named_ends_cross_quadrants_but_the_spaceline_keeps_to_it() {
        let gamma = |s: &mut GameState| {
            s.locations[2].mission.quadrant = Some("Gamma".into());
        };
        let direct = "Any ship may move between here and any other location.";
        let jump = allowed(direct, 2, |s| {
            gamma(s);
            s.pieces[3].at = Place::Space(0);
        });
        assert_eq!(jump, Ruling::Yes);
        let line =
            "Allows ship to move from one spaceline location to any other spaceline location.";
        assert!(matches!(allowed(line, 2, gamma), Ruling::Refused(_)));
        assert_eq!(allowed(line, 1, |_| ()), Ruling::Yes);
    }

    #[test]
    fn a_move_away_from_the_named_places_is_refused() {
        let text = "Any ship may move between here and any other location.";
        let elsewhere = allowed(text, 2, |s| s.pieces[3].at = Place::Space(1));
        assert!(matches!(elsewhere, Ruling::Refused(_)), "{elsewhere:?}");
    }

    #[test]
    fn a_condition_on_the_ship_or_its_crew_is_evaluated() {
        let text =
            "Any ship may move to any other location if damaged or if ENGINEER and SCIENCE aboard.";
        assert!(matches!(allowed(text, 1, |_| ()), Ruling::Refused(_)));
        let damaged = |s: &mut GameState| s.pieces[0].status.damaged = true;
        assert_eq!(allowed(text, 1, damaged), Ruling::Yes);
        let crew = |s: &mut GameState| {
            for skill in ["ENGINEER", "SCIENCE"] {
                let p = crate::engine::fixture::personnel(
                    s,
                    skill,
                    "alice",
                    Place::Aboard(0),
                    &["Klingon"],
                );
                s.pieces[p].card.skills = vec![crate::cards::model::Skill {
                    name: skill.into(),
                    level: 1.0,
                }];
            }
        };
        assert_eq!(allowed(text, 1, crew), Ruling::Yes);
    }

    #[test]
    fn a_reference_names_a_place_by_its_titles_first_words() {
        let text = "Once each turn, your ship may move through {Barzan} or {Bajoran Wormhole}.";
        let wormholes = |here: &'static str| {
            move |s: &mut GameState| {
                piece(s, here, CardType::Event, "alice", Place::Space(0), |_| {});
                piece(
                    s,
                    "Bajoran Wormhole",
                    CardType::Event,
                    "alice",
                    Place::Space(2),
                    |_| {},
                );
            }
        };
        assert_eq!(allowed(text, 2, wormholes("Barzan Wormhole")), Ruling::Yes);
        // whole words only: "{Barzan}" names no Barzanian card
        let other = allowed(text, 2, wormholes("Barzanian Relay"));
        assert!(matches!(other, Ruling::Refused(_)), "{other:?}");
    }

    #[test]
    fn a_condition_the_grammar_cannot_read_is_undecided() {
        let text =
            "If you have solved two [DQ] missions, your ship may move to any other location.";
        assert!(matches!(allowed(text, 1, |_| ()), Ruling::Undecided(_)));
    }
}
