//! Lost compatibility (Glossary "house arrest", "compatible"; Current
//! Rulings "does not work with": "as if a treaty had been destroyed"). The
//! entry's sentences, in its order, as rules over one player's personnel
//! at one place:
//! - a card that "does not work with" others is the one set apart (Current
//!   Rulings);
//! - "Incompatible personnel on a planet surface split into two Away Teams";
//! - aboard your ship or facility, "the personnel who are incompatible with
//!   the ship or facility are placed under house arrest";
//! - "If all are compatible with the ship or facility, or at the same site
//!   on a Nor, or aboard your opponent's ship or facility, the minority
//!   group is placed under house arrest" - the one question the entry leaves
//!   open is which group is the minority when they are equal.
//!
//! "You place under house arrest only cards you control": each player's
//! personnel are grouped apart.

use super::compat::pieces_mix;
use super::rules::Entry;
use super::{claim_citing, undecided};
use crate::cards::model::CardType;
use crate::engine::question::{indices, OutcomeQuestion as Question};
use crate::engine::ruleset::{self, GameAction};
use crate::engine::state::{GameState, Place};
use crate::engine::verdict::{Reason, Verdict, VerdictValue};

const HOUSE_ARREST: Entry = Entry::glossary("house arrest");
const NOT_WORKING: Entry = Entry::rulings("“does not work with”");

/// What losing compatibility does to one personnel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fate {
    HouseArrest,
    SeparateAwayTeam,
    /// Two equal groups aboard where the minority goes: the entry does not
    /// say which is the minority.
    Undecided,
}

impl Fate {
    fn name(self) -> &'static str {
        match self {
            Fate::HouseArrest => "house arrest",
            Fate::SeparateAwayTeam => "separate away team",
            Fate::Undecided => "undecided",
        }
    }
}

/// One personnel's fate, why, and the entry whose sentence decided it.
#[derive(Debug, Clone)]
pub struct Fated {
    pub piece: usize,
    pub fate: Fate,
    pub why: String,
    pub entry: Entry,
}

/// Where a group stands, as the entry's sentences tell places apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Spot {
    Planet,
    /// Aboard the player's own ship or facility (the piece).
    YourCarrier(usize),
    /// Aboard the opponent's ship or facility.
    OpponentsCarrier,
    /// At a site of a Nor.
    Site,
}

/// One player's personnel together at one spot.
struct Group<'a> {
    state: &'a GameState,
    player: &'a str,
    spot: Spot,
    members: Vec<usize>,
}

impl Group<'_> {
    fn mixes(&self, a: usize, b: usize) -> bool {
        pieces_mix(self.state, self.player, a, b).value == VerdictValue::Yes
    }

    /// Members who do not mix with every other member.
    fn apart(&self) -> Vec<usize> {
        let members = &self.members;
        let mixes_with_all = |p: usize| members.iter().all(|&q| self.mixes(p, q));
        members
            .iter()
            .copied()
            .filter(|&p| !mixes_with_all(p))
            .collect()
    }

    fn handle(&self, p: usize) -> &str {
        &self.state.pieces[p].handle
    }

    /// The fate aboard, or on a planet.
    fn aboard_or(&self, planet: Fate) -> Fate {
        if self.spot == Spot::Planet {
            planet
        } else {
            Fate::HouseArrest
        }
    }
}

/// One sentence of the entry: the fates it decides for a group, or `None`
/// (it does not speak: the next sentence does).
struct Sentence {
    entry: Entry,
    apply: fn(&Group) -> Option<Vec<Apart>>,
}

/// A personnel a sentence sets apart: its fate and why.
type Apart = (usize, Fate, String);

/// The entry's sentences, in its order.
const SENTENCES: [Sentence; 4] = [
    Sentence {
        entry: NOT_WORKING,
        apply: refuses_to_work,
    },
    Sentence {
        entry: HOUSE_ARREST,
        apply: planet_split,
    },
    Sentence {
        entry: HOUSE_ARREST,
        apply: incompatible_with_carrier,
    },
    Sentence {
        entry: HOUSE_ARREST,
        apply: minority_group,
    },
];

/// Current Rulings "does not work with": "he will form a separate Away Team
/// or (on your ship or facility) be placed under house arrest" - the card
/// whose own restriction refuses the others, whatever the numbers.
fn refuses_to_work(g: &Group) -> Option<Vec<Apart>> {
    let restricted = |p: usize| {
        !crate::engine::abilities::compile(&g.state.pieces[p].card)
            .does_not_work_with
            .is_empty()
    };
    let refusing: Vec<usize> = g.apart().into_iter().filter(|&p| restricted(p)).collect();
    let fate = g.aboard_or(Fate::SeparateAwayTeam);
    let fated = refusing.iter().map(|&p| {
        (
            p,
            fate,
            format!(
                "{} does not work with the others here: {}",
                g.handle(p),
                fate.name()
            ),
        )
    });
    (!refusing.is_empty()).then(|| fated.collect())
}

/// "(Incompatible personnel on a planet surface split into two Away Teams
/// instead.)" - every member who does not mix with all the others is in one
/// of the two new Away Teams; none goes under house arrest.
fn planet_split(g: &Group) -> Option<Vec<Apart>> {
    if g.spot != Spot::Planet {
        return None;
    }
    let fated = g.apart().into_iter().map(|p| (p, Fate::SeparateAwayTeam, format!(
            "{} does not mix with the rest of the Away Team on the planet: it splits into two Away Teams (not house arrest)",
            g.handle(p)
        )));
    Some(fated.collect())
}

/// "the personnel who are incompatible with the ship or facility are placed
/// under house arrest" - aboard your own ship or facility; when all are
/// compatible with it the next sentence speaks.
fn incompatible_with_carrier(g: &Group) -> Option<Vec<Apart>> {
    let Spot::YourCarrier(carrier) = g.spot else {
        return None;
    };
    let apart: Vec<usize> = g
        .members
        .iter()
        .copied()
        .filter(|&p| !g.mixes(p, carrier))
        .collect();
    let fated = apart.iter().map(|&p| {
        (
            p,
            Fate::HouseArrest,
            format!(
                "{} is not compatible with {}: placed under house arrest",
                g.handle(p),
                g.handle(carrier)
            ),
        )
    });
    (!apart.is_empty()).then(|| fated.collect())
}

/// "If all are compatible with the ship or facility, or at the same site on
/// a Nor, or aboard your opponent's ship or facility, the minority group is
/// placed under house arrest." The groups are the members who mix with one
/// another (a member who mixes with everyone belongs to neither); the
/// largest stays. Equal largest groups: the entry does not say which is the
/// minority.
fn minority_group(g: &Group) -> Option<Vec<Apart>> {
    let groups = mixing_groups(g, g.apart());
    let largest = groups.iter().map(Vec::len).max()?;
    let tied = groups.iter().filter(|m| m.len() == largest).count() > 1;
    let mut out = Vec::new();
    let mut kept = false;
    for group in &groups {
        let stays = !tied && !kept && group.len() == largest;
        kept |= stays;
        if stays {
            continue;
        }
        out.extend(group.iter().map(|&p| minority_fate(g, p, tied)));
    }
    Some(out)
}

fn minority_fate(g: &Group, p: usize, tied: bool) -> Apart {
    let (fate, why) = if tied {
        (Fate::Undecided, format!("{} is in one of equal groups that do not mix: the entry does not say which is the minority", g.handle(p)))
    } else {
        (
            Fate::HouseArrest,
            format!(
                "{} is in the minority group that does not mix: placed under house arrest",
                g.handle(p)
            ),
        )
    };
    (p, fate, why)
}

/// `members` split into groups that all mix with one another, each built
/// greedily from the member who mixes with most.
fn mixing_groups(g: &Group, mut left: Vec<usize>) -> Vec<Vec<usize>> {
    let mixers = |p: usize| g.members.iter().filter(|&&q| g.mixes(p, q)).count();
    left.sort_by_key(|&p| std::cmp::Reverse(mixers(p)));
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for p in left {
        match groups.iter_mut().find(|m| m.iter().all(|&q| g.mixes(p, q))) {
            Some(group) => group.push(p),
            None => groups.push(vec![p]),
        }
    }
    groups
}

/// Where a card of `player` at `at` stands, if it is one of the entry's
/// places.
fn spot(state: &GameState, player: &str, at: Place) -> Option<Spot> {
    match at {
        Place::Planet(_) => Some(Spot::Planet),
        Place::Aboard(c) if state.in_play(c) => match state.pieces[c].card.card_type {
            CardType::Site => Some(Spot::Site),
            CardType::Ship | CardType::Facility
                if state.pieces[c].controller.eq_ignore_ascii_case(player) =>
            {
                Some(Spot::YourCarrier(c))
            }
            CardType::Ship | CardType::Facility => Some(Spot::OpponentsCarrier),
            _ => None,
        },
        _ => None,
    }
}

/// Each player's personnel (not already under house arrest) grouped by the
/// place they share.
fn groups(state: &GameState) -> Vec<Group<'_>> {
    let mut out: Vec<(Place, Group)> = Vec::new();
    for (i, p) in state.pieces.iter().enumerate() {
        if !p.card.is_personnel() || p.status.house_arrest {
            continue;
        }
        let Some(spot) = spot(state, &p.controller, p.at) else {
            continue;
        };
        let same = |(at, g): &&mut (Place, Group)| *at == p.at && g.player == p.controller;
        match out.iter_mut().find(same) {
            Some((_, g)) => g.members.push(i),
            None => out.push((
                p.at,
                Group {
                    state,
                    player: &p.controller,
                    spot,
                    members: vec![i],
                },
            )),
        }
    }
    out.into_iter().map(|(_, g)| g).collect()
}

/// Who loses compatibility now: the first sentence of the entry that speaks
/// for each group decides.
pub fn fates(state: &GameState) -> Vec<Fated> {
    let decide = |g: &Group| {
        let (entry, apart) = SENTENCES
            .iter()
            .find_map(|s| Some((s.entry, (s.apply)(g)?)))?;
        let fated = apart.into_iter().map(move |(piece, fate, why)| Fated {
            piece,
            fate,
            why,
            entry,
        });
        Some(fated)
    };
    groups(state).iter().filter_map(decide).flatten().collect()
}

/// `outcome of = "compatibility lost"`: `cards` (the treaty or other card
/// that made them compatible) leave play; what happens to `target` — "house
/// arrest", "separate away team" or "unaffected" (`is` claims one).
pub fn compatibility_lost(q: &Question, state: &GameState) -> Verdict {
    let Some(target) = q.target.first().map(|t| t.0) else {
        return undecided(
            "`target` (the personnel asked about)",
            vec![],
            HOUSE_ARREST.title,
        );
    };
    let mut after = state.clone();
    let mut reasons: Vec<Reason> =
        ruleset::apply(&mut after, &GameAction::Nullify(indices(&q.cards)))
            .into_iter()
            .map(|e| e.reason)
            .collect();
    let Some(fated) = fates(&after).into_iter().find(|f| f.piece == target) else {
        reasons.push(super::because(
            format!("{} still mixes where it is", state.pieces[target].handle),
            "compatible",
        ));
        return claim_citing(
            "unaffected".into(),
            &q.is,
            reasons,
            HOUSE_ARREST.citations(),
        );
    };
    reasons.push(Reason {
        text: fated.why,
        citation: Some(fated.entry.citation()),
    });
    if fated.fate == Fate::Undecided {
        let open = VerdictValue::Undecided("which of two equal groups is the minority".into());
        return Verdict::new(open, reasons, fated.entry.citations());
    }
    let mut cited = fated.entry.citations();
    cited.extend((fated.entry != HOUSE_ARREST).then(|| HOUSE_ARREST.citation()));
    claim_citing(fated.fate.name().into(), &q.is, reasons, cited)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::fixture::{affiliated, location, personnel, piece, table};

    fn ship(s: &mut GameState, owner: &str, affs: &[&str]) -> usize {
        let l = location(s, "Alpha");
        piece(
            s,
            "Ship",
            CardType::Ship,
            owner,
            Place::Space(l),
            affiliated(affs),
        )
    }

    /// alice's crew of `romulans` Romulans and `klingons` Klingons at `at`.
    fn crew(s: &mut GameState, at: Place, romulans: usize, klingons: usize) {
        for n in 0..romulans {
            personnel(s, &format!("Romulan {n}"), "alice", at, &["Romulan"]);
        }
        for n in 0..klingons {
            personnel(s, &format!("Klingon {n}"), "alice", at, &["Klingon"]);
        }
    }

    /// A ship of `owner`'s (of `affs`) at a new location, with alice's crew
    /// of `romulans` Romulans and `klingons` Klingons aboard.
    fn crewed(
        owner: &str,
        affs: &[&str],
        (romulans, klingons): (usize, usize),
    ) -> (GameState, usize) {
        let mut s = table();
        let ship = ship(&mut s, owner, affs);
        crew(&mut s, Place::Aboard(ship), romulans, klingons);
        (s, ship)
    }

    fn fate_of(s: &GameState, title: &str) -> Option<Fate> {
        let i = s.pieces.iter().position(|p| p.handle == title)?;
        fates(s).into_iter().find(|f| f.piece == i).map(|f| f.fate)
    }

    #[test]
    fn aboard_your_ship_those_incompatible_with_it_go_even_when_they_are_the_majority() {
        let (s, _) = crewed("alice", &["Romulan"], (1, 2));
        assert_eq!(fate_of(&s, "Klingon 0"), Some(Fate::HouseArrest));
        assert_eq!(fate_of(&s, "Klingon 1"), Some(Fate::HouseArrest));
        assert_eq!(fate_of(&s, "Romulan 0"), None);
    }

    #[test]
    fn aboard_an_opponents_ship_the_minority_goes() {
        let (s, _) = crewed("bob", &["Romulan"], (1, 2));
        assert_eq!(fate_of(&s, "Romulan 0"), Some(Fate::HouseArrest));
        assert_eq!(fate_of(&s, "Klingon 0"), None);
    }

    #[test]
    fn when_all_are_compatible_with_the_ship_the_minority_goes_and_a_tie_is_open() {
        let (s, _) = crewed("alice", &["Non-Aligned"], (2, 1));
        assert_eq!(fate_of(&s, "Klingon 0"), Some(Fate::HouseArrest));
        assert_eq!(fate_of(&s, "Romulan 1"), None);
        let (even, _) = crewed("alice", &["Non-Aligned"], (1, 1));
        assert_eq!(fate_of(&even, "Klingon 0"), Some(Fate::Undecided));
    }

    #[test]
    fn a_member_who_mixes_with_everyone_belongs_to_neither_group() {
        let (mut s, free) = crewed("alice", &["Non-Aligned"], (1, 1));
        personnel(
            &mut s,
            "Guide",
            "alice",
            Place::Aboard(free),
            &["Non-Aligned"],
        );
        assert_eq!(fate_of(&s, "Guide"), None);
        assert_eq!(fate_of(&s, "Romulan 0"), Some(Fate::Undecided));
    }

    #[test]
    fn on_a_planet_an_even_split_is_two_away_teams_never_undecided() {
        let mut s = table();
        let l = location(&mut s, "Alpha");
        crew(&mut s, Place::Planet(l), 1, 1);
        assert_eq!(fate_of(&s, "Romulan 0"), Some(Fate::SeparateAwayTeam));
        assert_eq!(fate_of(&s, "Klingon 0"), Some(Fate::SeparateAwayTeam));
    }

    #[test]
    fn at_a_site_the_minority_goes() {
        let mut s = table();
        let l = location(&mut s, "Alpha");
        let nor = piece(
            &mut s,
            "Nor",
            CardType::Facility,
            "alice",
            Place::Space(l),
            affiliated(&["Cardassian"]),
        );
        let site = piece(
            &mut s,
            "Site",
            CardType::Site,
            "alice",
            Place::Aboard(nor),
            |_| {},
        );
        crew(&mut s, Place::Aboard(site), 2, 1);
        assert_eq!(fate_of(&s, "Klingon 0"), Some(Fate::HouseArrest));
        assert_eq!(fate_of(&s, "Romulan 0"), None);
    }

    #[test]
    fn only_cards_you_control_are_placed_under_house_arrest() {
        let mut s = table();
        let warbird = ship(&mut s, "alice", &["Romulan"]);
        personnel(
            &mut s,
            "Intruder",
            "bob",
            Place::Aboard(warbird),
            &["Klingon"],
        );
        crew(&mut s, Place::Aboard(warbird), 1, 0);
        assert_eq!(fate_of(&s, "Intruder"), None);
    }
}
