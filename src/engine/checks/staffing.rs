//! Ship staffing and movement: staffing icons met by distinct compatible
//! personnel with a matching one aboard ("ship staffing"); normal movement
//! needs full staffing, an unstopped ship and enough RANGE ("movement").

use super::rules::{decide, yes_because, Entry, Rule, Ruling};
use super::{because, fact, undecided};
use crate::cards::model::{Card, CardType};
use crate::engine::abilities::continuous::Destination;
use crate::engine::question::ShipQuestion as Question;
use crate::engine::state::{Attr, GameState, Purpose, Target};
use crate::engine::verdict::{Reason, Verdict, VerdictValue};
use crate::vocab::vocabulary;

/// Does personnel `p` supply staffing icon `icon`?
fn supplies(state: &GameState, p: usize, icon: &str) -> bool {
    let v = &vocabulary().affiliations;
    let card = &state.pieces[p].card;
    if let Some(aff) = v.canonical(icon) {
        return state
            .affiliations(p)
            .iter()
            .any(|a| a.eq_ignore_ascii_case(aff));
    }
    card.has_icon(icon)
        || v.staffing_substitutes(icon)
            .iter()
            .any(|s| card.has_icon(s))
}

/// Assign one distinct personnel per staffing icon (augmenting paths).
fn assign(state: &GameState, crew: &[usize], icons: &[String]) -> Option<Vec<usize>> {
    fn try_icon(
        state: &GameState,
        crew: &[usize],
        icons: &[String],
        k: usize,
        seen: &mut [bool],
        owner: &mut [Option<usize>],
    ) -> bool {
        for (ci, &p) in crew.iter().enumerate() {
            if seen[ci] || !supplies(state, p, &icons[k]) {
                continue;
            }
            seen[ci] = true;
            if owner[ci].is_none_or(|other| try_icon(state, crew, icons, other, seen, owner)) {
                owner[ci] = Some(k);
                return true;
            }
        }
        false
    }
    let mut owner = vec![None; crew.len()];
    for k in 0..icons.len() {
        let mut seen = vec![false; crew.len()];
        if !try_icon(state, crew, icons, k, &mut seen, &mut owner) {
            return None;
        }
    }
    let mut by_icon = vec![0; icons.len()];
    for (ci, o) in owner.iter().enumerate() {
        if let Some(k) = o {
            by_icon[*k] = crew[ci];
        }
    }
    Some(by_icon)
}

/// A ship and the player asking whether it is staffed.
pub struct Staffing<'a> {
    state: &'a GameState,
    ship: usize,
    player: &'a str,
}

impl Staffing<'_> {
    fn handle(&self, p: usize) -> &str {
        &self.state.pieces[p].handle
    }

    /// Personnel aboard usable for staffing (each other with its reason).
    fn usable_crew(&self, reasons: &mut Vec<Reason>) -> Vec<usize> {
        let crew = self.state.crew(self.ship);
        super::usable_for(self.state, &crew, Purpose::Staffing, reasons)
    }

    /// Usable personnel compatible with the ship.
    fn compatible(&self) -> Vec<usize> {
        let ship_affs = self.state.affiliations(self.ship);
        self.usable_crew(&mut Vec::new())
            .into_iter()
            .filter(|&p| {
                let affs = self.state.affiliations(p);
                super::compat::sets_compatible(self.state, self.player, &affs, &ship_affs).0
            })
            .collect()
    }
}

const SHIP_STAFFING: Entry = Entry::glossary("ship staffing");

/// The rules of ship staffing, in order.
pub fn staffing_rules<'a>() -> [Rule<Staffing<'a>>; 4] {
    [
        Rule {
            name: "who may staff",
            entry: SHIP_STAFFING,
            apply: who_may_staff,
        },
        Rule {
            name: "one of matching affiliation",
            entry: SHIP_STAFFING,
            apply: matching_affiliation,
        },
        Rule {
            name: "a ship without staffing icons",
            entry: SHIP_STAFFING,
            apply: no_icons,
        },
        Rule {
            name: "each icon by a different personnel",
            entry: SHIP_STAFFING,
            apply: icons_met,
        },
    ]
}

/// Usable crew staff the ship; one of another affiliation only when
/// compatible with it ("compatible": cards of different affiliations work
/// together only if compatible).
fn who_may_staff(s: &Staffing, reasons: &mut Vec<Reason>) -> Ruling {
    let ship_affs = s.state.affiliations(s.ship);
    for p in s.usable_crew(reasons) {
        let affs = s.state.affiliations(p);
        if affs.iter().any(|a| ship_affs.contains(a)) {
            continue;
        }
        let (ok, why) = super::compat::sets_compatible(s.state, s.player, &affs, &ship_affs);
        reasons.extend(why);
        let counts = if ok {
            "is compatible with the ship and may help staff it"
        } else {
            "is not compatible with the ship and does not help staff it"
        };
        reasons.push(because(format!("{} {counts}", s.handle(p)), "compatible"));
    }
    Ruling::Next
}

fn matching_affiliation(s: &Staffing, reasons: &mut Vec<Reason>) -> Ruling {
    let ship_affs = s.state.affiliations(s.ship);
    let matching = s.compatible().into_iter().find(|&p| {
        s.state
            .affiliations(p)
            .iter()
            .any(|a| ship_affs.contains(a))
    });
    let Some(m) = matching else {
        return Ruling::No(format!(
            "no personnel of matching affiliation ({}) aboard {}",
            ship_affs.join("/"),
            s.handle(s.ship)
        ));
    };
    reasons.push(because(
        format!("{} matches the ship's affiliation", s.handle(m)),
        SHIP_STAFFING.title,
    ));
    Ruling::Next
}

fn no_icons(s: &Staffing, reasons: &mut Vec<Reason>) -> Ruling {
    if !s.state.pieces[s.ship].card.staffing.is_empty() {
        return Ruling::Next;
    }
    yes_because(
        reasons,
        "the ship lists no staffing icons: one matching personnel flies it",
        SHIP_STAFFING,
    )
}

fn icons_met(s: &Staffing, reasons: &mut Vec<Reason>) -> Ruling {
    let icons = &s.state.pieces[s.ship].card.staffing;
    let Some(by_icon) = assign(s.state, &s.compatible(), icons) else {
        return Ruling::No(format!(
            "the staffing icons {} cannot each be met by a different compatible personnel ([Cmd] may stand for [Stf], not the reverse)",
            icons.iter().map(|i| format!("[{i}]")).collect::<String>()
        ));
    };
    let list: Vec<String> = icons
        .iter()
        .zip(&by_icon)
        .map(|(i, &p)| format!("[{i}] {}", s.handle(p)))
        .collect();
    yes_because(
        reasons,
        format!(
            "each staffing icon is met by a different compatible personnel: {}",
            list.join(", ")
        ),
        SHIP_STAFFING,
    )
}

/// Is the ship fully staffed? The chain of checks either way.
pub fn staffed(state: &GameState, ship: usize, player: &str) -> (bool, Vec<Reason>) {
    let v = decide(
        &staffing_rules(),
        &Staffing {
            state,
            ship,
            player,
        },
    );
    (v.value == VerdictValue::Yes, v.reasons)
}

fn the_ship(q: &Question, state: &GameState) -> Option<usize> {
    q.who
        .first()
        .filter(|&i| state.pieces[i].card.card_type == CardType::Ship)
}

/// `ask = "can staff"`: is `card` (a ship) fully staffed?
pub fn can_staff(q: &Question, state: &GameState) -> Verdict {
    let Some(ship) = the_ship(q, state) else {
        return undecided("`can staff` needs `card` = a ship", vec![], "ship staffing");
    };
    let player = super::asker(&q.who, state);
    decide(
        &staffing_rules(),
        &Staffing {
            state,
            ship,
            player: &player,
        },
    )
}

/// RANGE left this turn: printed (5 at most when damaged) minus range used.
pub fn range_left(state: &GameState, ship: usize, reasons: &mut Vec<Reason>) -> i32 {
    let p = &state.pieces[ship];
    let mut range = crate::engine::derived::read(state, ship, Attr::Range, reasons);
    if p.status.damaged && range > 5 {
        reasons.push(because(
            "a damaged ship's RANGE is reduced to 5",
            "battle - ship",
        ));
        range = 5;
    }
    if p.status.range_used > 0 {
        reasons.push(fact(format!(
            "{} RANGE already used this turn",
            p.status.range_used
        )));
    }
    range - p.status.range_used
}

/// The X of a "RANGE 5+X" ship whose text gives "X=4 if moving within a
/// region", when it moves from `from` to `to` (both in one region, every
/// location passed too); else 0 (Glossary "interceptor": "your maximum
/// available RANGE is 9 (less any RANGE already used that turn)").
pub fn within_region_x(
    state: &GameState,
    ship: usize,
    (from, to): (usize, usize),
    reasons: &mut Vec<Reason>,
) -> i32 {
    let card = &state.pieces[ship].card;
    let Some(x) = region_x(card) else {
        return 0;
    };
    let (lo, hi) = (from.min(to), from.max(to));
    let regions: Vec<Option<&str>> = (lo..=hi)
        .map(|l| {
            state
                .locations
                .get(l)
                .and_then(|l| l.mission.region.as_deref())
        })
        .collect();
    let region = regions.first().copied().flatten();
    let Some(region) = region.filter(|r| regions.iter().all(|x| *x == Some(*r))) else {
        reasons.push(because(
            format!(
                "{} does not move within one region: its X counts only then",
                state.pieces[ship].handle
            ),
            "interceptor",
        ));
        return 0;
    };
    reasons.push(because(
        format!(
            "{} moves within the {region}: its X is {} (RANGE {})",
            state.pieces[ship].handle,
            x.value,
            Attr::Range
                .printed(card)
                .map(|s| s.to_string())
                .unwrap_or_default()
        ),
        "interceptor",
    ));
    x.value
}

/// The X of a ship whose printed RANGE holds an X that its text gives "if
/// moving within a region" (Glossary "interceptor").
pub fn region_x(card: &Card) -> Option<crate::engine::abilities::variable::VariableX> {
    use crate::engine::abilities::variable::{self, XWhen};
    let printed_x = Attr::Range
        .printed(card)
        .is_some_and(|s| s.to_string().contains(['X', 'x']));
    variable::of(card).filter(|x| printed_x && x.when == XWhen::MovingWithinRegion)
}

/// A `can move` question: the ship, who asks, where to.
pub struct Move<'a> {
    pub(super) state: &'a GameState,
    pub(super) q: &'a Question,
    pub(super) ship: usize,
    pub(super) player: String,
}

/// `ask = "can move"`: may ship `card` move `to` a location now?
pub fn can_move(q: &Question, state: &GameState) -> Verdict {
    let Some(ship) = the_ship(q, state) else {
        return undecided("`can move` needs `card` = a ship", vec![], "movement");
    };
    let player = super::asker(&q.who, state);
    decide(
        &move_rules(),
        &Move {
            state,
            q,
            ship,
            player,
        },
    )
}

const MOVEMENT: Entry = Entry::glossary("movement");

/// The rules of normal movement, in order.
pub fn move_rules<'a>() -> [Rule<Move<'a>>; 11] {
    [
        Rule {
            name: "on your own turn",
            entry: Entry::glossary("executing orders"),
            apply: own_turn,
        },
        Rule {
            name: "a card in play forbids it",
            entry: MOVEMENT,
            apply: forbidden,
        },
        Rule {
            name: "not stopped",
            entry: MOVEMENT,
            apply: unstopped,
        },
        Rule {
            name: "not in stasis",
            entry: Entry::glossary("stasis"),
            apply: not_in_stasis,
        },
        Rule {
            name: "as a required action says",
            entry: Entry::glossary("actions – required"),
            apply: required_move,
        },
        Rule {
            name: "a cloaked ship still moves",
            entry: Entry::rulings("cloaked ship"),
            apply: cloaked_moves,
        },
        Rule {
            name: "undock first",
            entry: MOVEMENT,
            apply: undock_first,
        },
        Rule {
            name: "full staffing",
            entry: MOVEMENT,
            apply: fully_staffed,
        },
        Rule {
            name: "movements a card allows",
            entry: MOVEMENT,
            apply: super::allowance::allowed_movements,
        },
        Rule {
            name: "along one spaceline",
            entry: Entry::glossary("movement between quadrants"),
            apply: one_spaceline,
        },
        Rule {
            name: "RANGE",
            entry: MOVEMENT,
            apply: enough_range,
        },
    ]
}

impl Move<'_> {
    /// The permissions query for this move.
    fn request(&self) -> crate::engine::state::Request {
        super::request("move", &self.player, &[self.ship], self.q.to, None)
    }

    /// The spaceline locations moved from and to, when both are known.
    pub(super) fn ends(&self) -> Option<(usize, usize)> {
        let Some(Target::Location(to)) = self.q.to else {
            return None;
        };
        Some((self.state.location_of(self.ship)?, to))
    }
}

fn forbidden(m: &Move, _: &mut Vec<Reason>) -> Ruling {
    super::forbidden_by_card(m.state, &m.request()).map_or(Ruling::Next, Ruling::Refused)
}

/// Each quadrant is its own spaceline: moving to another quadrant takes a
/// card whose movement allowance takes the ship there (Bajoran Wormhole,
/// Transwarp Hub...: the rule "movements a card allows", before this one).
fn one_spaceline(m: &Move, _: &mut Vec<Reason>) -> Ruling {
    let Some((from, to)) = m.ends() else {
        return Ruling::Next;
    };
    let (a, b) = (&m.state.locations[from], &m.state.locations[to]);
    if a.same_quadrant(b) {
        return Ruling::Next;
    }
    let (qa, qb) = (a.quadrant(), b.quadrant());
    Ruling::No(format!(
        "{} is in the {qa} Quadrant and {} in the {qb} Quadrant: each quadrant is its own spaceline; moving to another quadrant takes a card that allows it, and no card in play takes the ship there",
        m.state.locations[from].name, m.state.locations[to].name
    ))
}

fn own_turn(m: &Move, _: &mut Vec<Reason>) -> Ruling {
    let turn = &m.state.turn_player;
    if turn.is_empty() || turn.eq_ignore_ascii_case(&m.player) {
        return Ruling::Next;
    }
    Ruling::No(format!("it is {turn}'s turn; moving is executing orders"))
}

fn unstopped(m: &Move, _: &mut Vec<Reason>) -> Ruling {
    if !m.state.is_stopped(m.ship) {
        return Ruling::Next;
    }
    Ruling::No("\"stopped\" cards cannot perform normal movement".into())
}

/// Cloaking hides a ship from what is outside it; moving is internal to it.
fn cloaked_moves(m: &Move, reasons: &mut Vec<Reason>) -> Ruling {
    if m.state.pieces[m.ship].status.cloaked {
        reasons.push(super::ruling(
            "a cloaked ship may move, dock and undock (it may not affect anything outside the ship)",
            "cloaked ship",
        ));
    }
    Ruling::Next
}

fn not_in_stasis(m: &Move, _: &mut Vec<Reason>) -> Ruling {
    if !m.state.in_stasis(m.ship) {
        return Ruling::Next;
    }
    Ruling::No("cards in stasis may not perform any actions and may not be moved".into())
}

/// A ship bound by a required action may move, but only as the action says:
/// towards the far end of the spaceline for "travel to far end of
/// spaceline" (Cytherians); any other destination rule is undecided.
fn required_move(m: &Move, reasons: &mut Vec<Reason>) -> Ruling {
    let (state, ship) = (m.state, m.ship);
    let Some((card, required)) = super::restraints::required_action(state, ship) else {
        return Ruling::Next;
    };
    let title = "actions – required";
    let sentence = &required.sentence;
    let why = format!(
        "{} is bound by {}: \"{sentence}\"",
        state.pieces[ship].handle, state.pieces[card].handle
    );
    let (Some(Target::Location(to)), Some(from)) = (m.q.to, state.location_of(ship)) else {
        reasons.push(because(
            format!("{why}; moving is the one action it may take"),
            title,
        ));
        return Ruling::Next;
    };
    let to_name = &state.locations[to].name;
    if required.destination != Some(Destination::FarEnd) {
        reasons.push(because(why, title));
        return Ruling::Undecided(format!(
            "whether {to_name} is the destination the required action names (\"{sentence}\")"
        ));
    }
    match super::restraints::far_end_allows(state, from, to) {
        Some(true) => {
            reasons.push(because(format!("{why}; {to_name} is on the way to the far end (it may stop at intermediate locations)"), title));
            Ruling::Next
        }
        Some(false) => Ruling::No(format!(
            "{why}; {to_name} is not towards the far end of the spaceline"
        )),
        None => {
            reasons.push(because(why, title));
            Ruling::Undecided(
                "which end of the spaceline is the far end: the ship is in the middle".into(),
            )
        }
    }
}

fn undock_first(m: &Move, reasons: &mut Vec<Reason>) -> Ruling {
    if m.state.pieces[m.ship].docked.is_some() {
        reasons.push(because(
            "the ship is docked: it must undock (itself normal movement) first",
            MOVEMENT.title,
        ));
    }
    Ruling::Next
}

fn fully_staffed(m: &Move, reasons: &mut Vec<Reason>) -> Ruling {
    let (ok, staff) = staffed(m.state, m.ship, &m.player);
    reasons.extend(staff);
    if ok {
        return Ruling::Next;
    }
    Ruling::No("normal movement requires full ship staffing".into())
}

fn enough_range(m: &Move, reasons: &mut Vec<Reason>) -> Ruling {
    let state = m.state;
    let Some(to) = m.q.to else {
        reasons.push(because(
            "a fully staffed, unstopped ship may move",
            MOVEMENT.title,
        ));
        return Ruling::Yes;
    };
    let Target::Location(to) = to else {
        return Ruling::Undecided("`to` must be a spaceline location".into());
    };
    let Some(from) = state.location_of(m.ship) else {
        return Ruling::Undecided("the ship is not at a spaceline location".into());
    };
    let need = state.range_between(from, to);
    let left =
        range_left(state, m.ship, reasons) + within_region_x(state, m.ship, (from, to), reasons);
    let why = format!(
        "{} to {} uses {need} RANGE (spans of locations moved to or passed, not the start); {left} RANGE left",
        state.locations[from].name, state.locations[to].name
    );
    if need > left {
        return Ruling::No(why);
    }
    reasons.push(because(why, MOVEMENT.title));
    Ruling::Yes
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::cards::model::Card;
    use crate::engine::fixture::{location, piece, table};
    use crate::engine::question::{Party, PieceId};
    use crate::engine::state::Place;

    fn klingon(icons: &[&str]) -> impl FnOnce(&mut Card) {
        let icons: Vec<String> = icons.iter().map(|i| i.to_string()).collect();
        move |c| {
            c.affiliations = vec!["Klingon".into()];
            c.icons = icons;
        }
    }

    /// alice's Klingon ship (0, [Cmd][Stf], RANGE 7) at the first of three
    /// span-2 locations, Kurn ([Cmd], 1) and Klag ([Stf], 2) aboard.
    fn scene() -> GameState {
        let mut s = table();
        s.phase = crate::engine::action::Phase::ExecuteOrders;
        for _ in 0..3 {
            let l = location(&mut s, "Alpha");
            s.locations[l].span = Some(2);
        }
        piece(
            &mut s,
            "Bortas",
            CardType::Ship,
            "alice",
            Place::Space(0),
            |c| {
                c.affiliations = vec!["Klingon".into()];
                c.staffing = vec!["Cmd".into(), "Stf".into()];
                c.int_rng = Some(crate::cards::model::Stat::Num(7));
            },
        );
        piece(
            &mut s,
            "Kurn",
            CardType::Personnel,
            "alice",
            Place::Aboard(0),
            klingon(&["Cmd"]),
        );
        piece(
            &mut s,
            "Klag",
            CardType::Personnel,
            "alice",
            Place::Aboard(0),
            klingon(&["Stf"]),
        );
        s
    }

    fn staffing_ruling(
        rule: fn(&Staffing, &mut Vec<Reason>) -> Ruling,
        edit: impl FnOnce(&mut GameState),
    ) -> Ruling {
        staffing_applied(rule, edit).0
    }

    /// A staffing rule's ruling and the entry titles its reasons cite.
    fn staffing_applied(
        rule: fn(&Staffing, &mut Vec<Reason>) -> Ruling,
        edit: impl FnOnce(&mut GameState),
    ) -> (Ruling, Vec<String>) {
        let mut s = scene();
        edit(&mut s);
        let mut reasons = Vec::new();
        let staffing = Staffing {
            state: &s,
            ship: 0,
            player: "alice",
        };
        let r = rule(&staffing, &mut reasons);
        (r.clone(), super::super::rules::titles_cited(r, reasons))
    }

    #[test]
    fn crew_of_another_affiliation_is_judged_compatible_or_not() {
        let (_, same) = staffing_applied(who_may_staff, |_| ());
        assert!(!same.contains(&"compatible".to_string()));
        let (r, federation) = staffing_applied(who_may_staff, |s| {
            s.pieces[2].card.affiliations = vec!["Federation".into()];
        });
        assert_eq!(r, Ruling::Next);
        assert!(
            federation.contains(&"compatible".to_string()),
            "{federation:?}"
        );
    }

    /// A move rule's ruling for the ship of [`scene`] asked to move to
    /// location `to` under the card `allowed_by`, the scene edited first.
    pub(in crate::engine::checks) fn move_with(
        to: usize,
        allowed_by: Option<PieceId>,
        edit: impl FnOnce(&mut GameState),
        rule: fn(&Move, &mut Vec<Reason>) -> Ruling,
    ) -> Ruling {
        move_by(to, allowed_by, edit, rule).0
    }

    fn move_ruling(
        rule: fn(&Move, &mut Vec<Reason>) -> Ruling,
        to: usize,
        edit: impl FnOnce(&mut GameState),
    ) -> Ruling {
        move_applied(rule, to, edit).0
    }

    /// A move rule's ruling and the reasons it gave.
    fn move_applied(
        rule: fn(&Move, &mut Vec<Reason>) -> Ruling,
        to: usize,
        edit: impl FnOnce(&mut GameState),
    ) -> (Ruling, Vec<Reason>) {
        move_by(to, None, edit, rule)
    }

    /// [`move_with`], with the reasons the rule gave.
    fn move_by(
        to: usize,
        allowed_by: Option<PieceId>,
        edit: impl FnOnce(&mut GameState),
        rule: fn(&Move, &mut Vec<Reason>) -> Ruling,
    ) -> (Ruling, Vec<Reason>) {
        let mut s = scene();
        edit(&mut s);
        let q = Question {
            who: Party {
                player: None,
                card: Some(PieceId(0)),
                by: vec![],
            },
            to: Some(Target::Location(to)),
            allowed_by,
        };
        let mut reasons = Vec::new();
        let r = rule(
            &Move {
                state: &s,
                q: &q,
                ship: 0,
                player: "alice".into(),
            },
            &mut reasons,
        );
        (r, reasons)
    }

    #[test]
    fn a_cloaked_ship_moves_citing_the_ruling_that_says_so() {
        let (r, reasons) = move_applied(cloaked_moves, 1, |s| s.pieces[0].status.cloaked = true);
        assert_eq!(r, Ruling::Next);
        let cloaked = Some(crate::engine::verdict::Citation::rulings("cloaked ship"));
        assert!(reasons.iter().any(|r| r.citation == cloaked));
        assert!(move_applied(cloaked_moves, 1, |_| ()).1.is_empty());
    }

    #[test]
    fn a_stopped_crew_member_is_not_counted_for_staffing() {
        let mut reasons = Vec::new();
        let mut s = scene();
        s.pieces[2].status.stopped = true;
        who_may_staff(
            &Staffing {
                state: &s,
                ship: 0,
                player: "alice",
            },
            &mut reasons,
        );
        assert_eq!(reasons[0].citation.as_ref().unwrap().title, "stopped");
        assert!(matches!(
            staffing_ruling(icons_met, |s| s.pieces[2].status.stopped = true),
            Ruling::No(_)
        ));
    }

    #[test]
    fn one_personnel_must_match_the_ship() {
        assert_eq!(staffing_ruling(matching_affiliation, |_| ()), Ruling::Next);
        let r = staffing_ruling(matching_affiliation, |s| {
            for p in [1, 2] {
                s.pieces[p].card.affiliations = vec!["Romulan".into()];
            }
        });
        assert!(matches!(r, Ruling::No(_)));
    }

    #[test]
    fn a_ship_without_icons_needs_only_a_matching_personnel() {
        assert_eq!(
            staffing_ruling(no_icons, |s| s.pieces[0].card.staffing.clear()),
            Ruling::Yes
        );
        assert_eq!(staffing_ruling(no_icons, |_| ()), Ruling::Next);
    }

    #[test]
    fn each_icon_needs_a_different_personnel_and_command_stands_for_staff() {
        assert_eq!(staffing_ruling(icons_met, |_| ()), Ruling::Yes);
        // Two [Cmd] personnel staff [Cmd][Stf]; two [Stf] do not.
        assert_eq!(
            staffing_ruling(icons_met, |s| s.pieces[2].card.icons = vec!["Cmd".into()]),
            Ruling::Yes
        );
        assert!(matches!(
            staffing_ruling(icons_met, |s| s.pieces[1].card.icons = vec!["Stf".into()]),
            Ruling::No(_)
        ));
    }

    #[test]
    fn moving_is_on_your_own_turn_by_an_unstopped_ship_out_of_stasis() {
        assert!(matches!(
            move_ruling(own_turn, 1, |s| s.turn_player = "bob".into()),
            Ruling::No(_)
        ));
        assert!(matches!(
            move_ruling(unstopped, 1, |s| s.pieces[0].status.stopped = true),
            Ruling::No(_)
        ));
        assert!(matches!(
            move_ruling(not_in_stasis, 1, |s| s.pieces[0].status.in_stasis = true),
            Ruling::No(_)
        ));
        assert_eq!(move_ruling(required_move, 1, |_| ()), Ruling::Next);
    }

    #[test]
    fn a_docked_ship_is_told_to_undock_and_an_unstaffed_one_may_not_move() {
        assert_eq!(
            move_ruling(undock_first, 1, |s| s.pieces[0].docked = Some(1)),
            Ruling::Next
        );
        assert!(matches!(
            move_ruling(fully_staffed, 1, |s| s.pieces[2].status.stunned = true),
            Ruling::No(_)
        ));
    }

    #[test]
    fn moving_to_another_quadrant_needs_a_card_that_allows_it() {
        assert_eq!(move_ruling(one_spaceline, 2, |_| {}), Ruling::Next);
        let gamma = |s: &mut GameState| s.locations[2].mission.quadrant = Some("Gamma".into());
        assert!(matches!(
            move_ruling(one_spaceline, 2, gamma),
            Ruling::No(_)
        ));
    }

    #[test]
    fn range_counts_the_spans_moved_to_or_passed() {
        // 0 → 2 passes location 1 and ends at 2: RANGE 4 of 7.
        assert_eq!(move_ruling(enough_range, 2, |_| ()), Ruling::Yes);
        assert!(matches!(
            move_ruling(enough_range, 2, |s| s.pieces[0].status.range_used = 4),
            Ruling::No(_)
        ));
    }
}
