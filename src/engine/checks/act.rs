//! `can act` as ordered rules: may a player take an action now — beam, walk,
//! dock, undock, land, take off, cloak, decloak, phase, dephase, commandeer,
//! use a skill or game text, probe. Every act first passes the rules all
//! actions share (your turn, no battle under way, not in stasis, what the
//! cards in play forbid — the one permissions query — and a required action
//! binding the ship), then the rules of its own Glossary entry in order.
//! Acts that are question kinds of their own (attempt, attack, move, report)
//! are answered by that kind's rules.

use super::because;
use super::rules::{decide, yes_because, Entry, Rule, Ruling};
use crate::cards::model::{CardType, FacilityKind};
use crate::cards::persona::{self, opposite, persons, PersonaId, Version};
use crate::engine::abilities::encounter_permits::{
    encounter_allowances, EncounterAllowance, Toward,
};
use crate::engine::abilities::lexicon::Lexicon;
use crate::engine::action::{Action, Phase, Step};
use crate::engine::derived;
use crate::engine::permissions;
use crate::engine::question::{
    ActQuestion as Question, AttackQuestion, AttemptQuestion, ReportQuestion, ShipQuestion,
};
use crate::engine::state::{Attr, GameState, Place, Request, Target};
use crate::engine::timing_rulings::TimingRulings;
use crate::engine::verdict::{Citation, Reason, Verdict};

/// A `can act` question with what its rules share.
pub struct Act<'a> {
    pub(super) state: &'a GameState,
    pub(super) q: &'a Question,
    pub(super) player: String,
    /// The cards acting (`card` or `by`).
    movers: Vec<usize>,
    /// The permissions query for this act.
    asked: Request,
}

impl Act<'_> {
    fn handle(&self, i: usize) -> &str {
        &self.state.pieces[i].handle
    }

    fn act(&self) -> &str {
        self.q.act.as_str()
    }

    /// The first card acting (the ship docking, landing or cloaking).
    fn first(&self) -> Option<usize> {
        self.movers.first().copied()
    }

    /// The card that allows the act (the one the question names, if its
    /// compiled text grants it, else a card in play that permits it).
    fn allowing(&self) -> Option<String> {
        super::allowing_card(self.state, &self.asked, self.q.allowed_by)
    }

    /// The card `to` names.
    fn to_piece(&self) -> Option<usize> {
        match self.q.to {
            Some(Target::Piece(p)) => Some(p),
            _ => None,
        }
    }

    /// The ship or facility the beaming cards start aboard.
    fn origin(&self) -> Option<usize> {
        match self.state.pieces[self.first()?].at {
            Place::Aboard(c) => Some(c),
            _ => None,
        }
    }

    /// The ends of a transport that are cards (where it starts and ends).
    fn beam_ends(&self) -> Vec<usize> {
        self.origin().into_iter().chain(self.to_piece()).collect()
    }
}

/// `ask = "can act"`, `act = ...`.
pub fn can_act(q: &Question, state: &GameState) -> Verdict {
    if let Some(v) = delegated(q, state) {
        return v;
    }
    let player = super::asker(&q.who, state);
    let movers = q.who.pieces();
    let asked = super::request(&q.act, &player, &movers, q.to, None);
    let ctx = Act {
        state,
        q,
        player,
        movers,
        asked,
    };
    match rules_of(&q.act) {
        Some(rules) => decide(&rules, &ctx),
        None => super::undecided(
            format!("the engine has no rule for the action \"{}\"", q.act),
            vec![],
            "actions",
        ),
    }
}

/// Acts that are question kinds of their own (attempting, attacking, moving,
/// reporting) are answered by that kind's rules.
fn delegated(q: &Question, state: &GameState) -> Option<Verdict> {
    let who = q.who.clone();
    Some(match q.act.as_str() {
        "attempt" | "attempt mission" => super::attempt::can_attempt(
            &AttemptQuestion {
                who,
                mission: None,
                requirement: None,
                dilemma: None,
            },
            state,
        ),
        "battle" | "attack" | "initiate battle" => super::battle::can_attack(
            &AttackQuestion {
                who,
                target: q.target.clone(),
                battle: Default::default(),
                allowed_by: q.allowed_by,
            },
            state,
        ),
        "move" => super::staffing::can_move(
            &ShipQuestion {
                who,
                to: q.to,
                allowed_by: q.allowed_by,
            },
            state,
        ),
        "report" => super::report::can_report(
            &ReportQuestion {
                who,
                to: q.to,
                free: false,
                allowed_by: q.allowed_by,
            },
            state,
        ),
        _ => return None,
    })
}

const TURN: Entry = Entry::glossary("turn");
const BATTLE: Entry = Entry::glossary("battle");
const MISSION_ATTEMPT: Entry = Entry::glossary("mission attempt");
const STASIS: Entry = Entry::glossary("stasis");
const ACTIONS: Entry = Entry::glossary("actions");
const REQUIRED: Entry = Entry::glossary("actions – required");
const MOVEMENT: Entry = Entry::glossary("movement");
const WALKING: Entry = Entry::glossary("walking");
/// "Stopped" cards may not move: the Glossary's "movement" ("'Stopped' cards
/// cannot perform normal movement") and the Current Rulings' "stopped".
const STOPPED_MOVING: Entry = MOVEMENT.stated_in_rulings("“stopped”");
const BEAMING: Entry = Entry::glossary("beaming");
const INTO_SPACE: Entry = BEAMING.stated_in_rulings("beaming personnel into space");
const CLOAKING: Entry = Entry::glossary("cloaking and phasing");
/// "only if it is not 'stopped'": the Glossary's "cloaking and phasing" and
/// the Current Rulings' "stopped" ("may not ... cloak").
const STOPPED_CLOAKING: Entry = CLOAKING.stated_in_rulings("“stopped”");
const DOCKING: Entry = Entry::glossary("docking");
const FACILITY: Entry = Entry::glossary("facility");
const LANDED: Entry = Entry::glossary("landed ships");
const COMMANDEERING: Entry = Entry::glossary("commandeering").stated_in_rulings("commandeering");
const GAME_TEXT: Entry = Entry::glossary("game text");

/// The Away Team table's source (Glossary "Away Team and crew").
fn away_team_entry() -> Entry {
    Entry::from_table(&crate::vocab::vocabulary().affiliations.away_teams.source)
}

fn rule<'a>(
    name: &'static str,
    entry: Entry,
    apply: fn(&Act, &mut Vec<Reason>) -> Ruling,
) -> Rule<Act<'a>> {
    Rule { name, entry, apply }
}

/// The rules of an act, in order: the shared rules, then its own.
pub fn rules_of<'a>(act: &str) -> Option<Vec<Rule<Act<'a>>>> {
    let own: Vec<Rule<Act>> = match act {
        "beam" => beam_rules(),
        "walk" => walk_rules(),
        "dock" | "undock" => dock_rules(),
        "land" | "take off" => land_rules(),
        "cloak" | "decloak" | "phase" | "dephase" => cloak_rules(),
        "commandeer" => commandeer_rules(),
        "use" | "use skill" | "use game text" | "probe" => use_rules(),
        "replace persona" | "persona replacement" => persona_rules(),
        "activate" => super::hologram::activate_rules(),
        _ => return None,
    };
    // Cloaking states its own timing: "only during your turn".
    let turn = if matches!(act, "cloak" | "decloak" | "phase" | "dephase") {
        CLOAKING
    } else {
        TURN
    };
    let mut all = shared_rules(turn);
    all.extend(own);
    Some(all)
}

/// The rules every act passes first.
fn shared_rules<'a>(turn: Entry) -> Vec<Rule<Act<'a>>> {
    vec![
        rule("on your own turn", turn, own_turn),
        rule("no other action during a battle", BATTLE, battle_under_way),
        rule(
            "no other action during a mission attempt",
            MISSION_ATTEMPT,
            attempt_under_way,
        ),
        rule("not in stasis", STASIS, stasis),
        rule("a card in play forbids it", ACTIONS, forbidden),
        rule(
            "a required action binds the ship",
            REQUIRED,
            required_action,
        ),
        rule(
            "mandatory actions first",
            super::respond::MANDATORY_FIRST,
            mandatory_first,
        ),
    ]
}

/// In the start- or end-of-turn segment, pending mandatory actions come
/// before optional ones (Current Rulings "timing"): an act is refused while
/// a card other than the one acting (or allowing it) still has its
/// mandatory action of this segment to take.
fn mandatory_first(a: &Act, reasons: &mut Vec<Reason>) -> Ruling {
    let s = a.state;
    let acting: Vec<usize> = a
        .movers
        .iter()
        .copied()
        .chain(a.q.allowed_by.map(|p| p.0))
        .collect();
    let pending: Vec<usize> = s.pending.iter().filter_map(|h| s.find(h)).collect();
    if pending.iter().any(|p| acting.contains(p)) {
        return Ruling::Next;
    }
    let mandatory: Vec<String> = pending
        .into_iter()
        .filter(|&p| super::respond::mandatory_in(&s.pieces[p].card, s.phase))
        .map(|p| s.pieces[p].card.title.clone())
        .collect();
    let what = format!("the {} of {}", a.act(), acting_names(a, &acting));
    super::respond::mandatory_still_pending(&mandatory, s.phase, &what, reasons)
}

/// The cards acting, by handle ("your cards" when the question names none).
fn acting_names(a: &Act, acting: &[usize]) -> String {
    if acting.is_empty() {
        return format!("{}'s cards", a.player);
    }
    let names: Vec<&str> = acting.iter().map(|&i| a.handle(i)).collect();
    names.join(" and ")
}

fn own_turn(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    let turn = &a.state.turn_player;
    if turn.is_empty() || turn.eq_ignore_ascii_case(&a.player) {
        return Ruling::Next;
    }
    Ruling::No(format!(
        "actions other than those allowed \"at any time\" are taken on your own turn; it is {turn}'s turn"
    ))
}

/// A battle under way forbids other actions except valid responses.
fn battle_under_way(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    let fighting = a.state.action.as_ref().is_some_and(|x| {
        x.chain().any(|x| {
            let k = x.kind.to_lowercase();
            (k.contains("battle") || k == "attack") && x.step != Step::Resolved
        })
    });
    if !fighting {
        return Ruling::Next;
    }
    Ruling::No(
        "no other actions can occur during a battle unless they are a valid response or suspend play"
            .into(),
    )
}

/// A mission attempt, with its sub-actions of encountering dilemmas, is a
/// single action interrupted only by valid responses or actions that suspend
/// play (Glossary "mission attempt", "dilemma timing"); an act the encountered
/// dilemma's own text permits is part of the encounter (Glossary "dilemma":
/// "Each dilemma describes what happens when your crew or Away Team
/// encounters it").
fn attempt_under_way(a: &Act, reasons: &mut Vec<Reason>) -> Ruling {
    let Some(action) = a.state.action.as_ref() else {
        return Ruling::Next;
    };
    let attempting = action
        .chain()
        .any(|x| x.step != Step::Resolved && part_of_an_attempt(&x.kind));
    if !attempting {
        return Ruling::Next;
    }
    if let Some((dilemma, text)) = permitting_dilemma(a, action) {
        reasons.push(because(
            format!("the encountered dilemma {dilemma}'s own text permits it (\"{text}\")"),
            "dilemma",
        ));
        return Ruling::Next;
    }
    Ruling::No(format!(
        "a mission attempt is under way: a single action which may not be interrupted except by valid responses or actions that suspend play, and no encountered dilemma's text permits the {}",
        a.act()
    ))
}

/// An action of `kind` is part of a mission attempt: the kinds the timing
/// ruling citing the Glossary's "mission attempt" lists
/// (`glossary/timing-rulings.toml`: the attempt and its encounters).
fn part_of_an_attempt(kind: &str) -> bool {
    TimingRulings::get()
        .for_actions(&[kind.to_string()])
        .any(|r| r.doc == MISSION_ATTEMPT.doc && r.entry == MISSION_ATTEMPT.title)
}

/// The dilemma under encounter whose text permits this act, with the
/// sentence permitting it: the act, its direction ("may beam up" allows no
/// beaming down) and the cards it names (the Away Team facing it, "your
/// personnel").
fn permitting_dilemma(a: &Act, action: &Action) -> Option<(String, String)> {
    let lx = Lexicon::get();
    let yours = a.state.turn_player.eq_ignore_ascii_case(&a.player);
    action
        .chain()
        .filter(|x| lx.kind_matches("encounter dilemma", &x.kind))
        .find_map(|x| {
            let d = a.state.find(x.card.as_deref()?)?;
            let card = &a.state.pieces[d].card;
            let allowances = encounter_allowances(card);
            let al = allowances
                .iter()
                .find(|al| al.permits_act(a.act(), yours, a.toward()) && a.movers_allowed(al, x))?;
            Some((card.title.clone(), al.text.clone()))
        })
}

impl Act<'_> {
    /// Where the act takes the movers: aboard a ship or facility, or to a
    /// planet.
    fn toward(&self) -> Option<Toward> {
        match self.q.to {
            Some(Target::Planet(_)) => Some(Toward::Planet),
            Some(Target::Piece(p)) => {
                let ty = &self.state.pieces[p].card.card_type;
                matches!(ty, CardType::Ship | CardType::Facility).then_some(Toward::Aboard)
            }
            _ => None,
        }
    }

    /// Every mover is one of the cards the permission names: of the group
    /// facing the dilemma (`encounter`) when it names that group, and of the
    /// kind it names, seen from the player it permits.
    fn movers_allowed(&self, al: &EncounterAllowance, encounter: &Action) -> bool {
        let facing = |m: usize| {
            let facing = encounter.by.iter().filter_map(|b| self.state.find(b));
            !al.facing || facing.into_iter().any(|f| f == m)
        };
        let named = |m: usize| {
            al.cards
                .as_ref()
                .is_none_or(|c| derived::is_subject(self.state, &self.player, c, m))
        };
        !self.movers.is_empty() && self.movers.iter().all(|&m| facing(m) && named(m))
    }
}

fn stasis(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    match a.movers.iter().find(|&&m| a.state.in_stasis(m)) {
        Some(&m) => Ruling::No(format!(
            "{} is in stasis: it may not perform any actions and may not be moved or beamed",
            a.handle(m)
        )),
        None => Ruling::Next,
    }
}

fn forbidden(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    super::forbidden_by_card(a.state, &a.asked).map_or(Ruling::Next, Ruling::Refused)
}

/// A ship bound by a required action, and its crew, may do nothing but move
/// (and meet conditions to cure the card); cards may still beam aboard, but
/// none may be removed ("actions – required").
fn required_action(a: &Act, reasons: &mut Vec<Reason>) -> Ruling {
    let what = match a.act() {
        "beam" | "walk" => {
            if let Some(ship) = a.to_piece().filter(|&d| bound_ship(a.state, d)) {
                reasons.push(Reason {
                    text: format!("{} is bound by a required action, but cards may still be brought aboard it by beaming", a.handle(ship)),
                    citation: Some(REQUIRED.citation()),
                });
                return Ruling::Next;
            }
            "remove personnel or equipment from the ship"
        }
        "dock" | "undock" => "dock or undock",
        "cloak" | "decloak" | "phase" | "dephase" => "cloak or phase",
        "land" | "take off" => "land or take off",
        _ => "take other actions",
    };
    a.movers
        .iter()
        .find_map(|&m| super::restraints::bound(a.state, m, what))
        .map_or(Ruling::Next, Ruling::Refused)
}

/// The ship `d` is (or is aboard) under a required action.
fn bound_ship(state: &GameState, d: usize) -> bool {
    super::restraints::ship_of(state, d)
        .and_then(|s| super::restraints::required_action(state, s))
        .is_some()
}

/// Moving cards is executing orders, not a start- or end-of-turn action.
fn executing_orders(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    match a.state.phase {
        Phase::StartOfTurn | Phase::EndOfTurn | Phase::Seed => Ruling::No(
            "moving cards is executing orders, not a start- or end-of-turn action".into(),
        ),
        _ => Ruling::Next,
    }
}

/// "Stopped" cards may not be beamed, move, walk, cloak or phase; the reason
/// names the stopped card, or says none of the acting cards is stopped.
fn not_stopped(a: &Act, reasons: &mut Vec<Reason>) -> Ruling {
    if let Some(&s) = a.movers.iter().find(|&&m| a.state.is_stopped(m)) {
        reasons.push(Reason {
            text: format!(
                "{} is \"stopped\": stopped cards may not be beamed, move, walk, cloak or phase",
                a.handle(s)
            ),
            citation: Some(Citation::glossary("stopped")),
        });
        return Ruling::No(format!(
            "{} is \"stopped\" and may not {}",
            a.handle(s),
            a.act()
        ));
    }
    if !a.movers.is_empty() {
        let names: Vec<&str> = a.movers.iter().map(|&m| a.handle(m)).collect();
        reasons.push(Reason {
            text: format!("{} not \"stopped\"", names.join(" and ")),
            citation: Some(Citation::rulings("“stopped”")),
        });
    }
    Ruling::Next
}

fn walk_rules<'a>() -> Vec<Rule<Act<'a>>> {
    vec![
        rule("executing orders", TURN, executing_orders),
        rule("stopped cards do not move", STOPPED_MOVING, not_stopped),
        rule("from site to site of a Nor", WALKING, along_sites),
        rule("walking once each turn", WALKING, walk),
    ]
}

/// The facility of the site a card stands at (`None` inside: a site not
/// aboard a facility), when it stands at a site.
fn site_of(state: &GameState, piece: usize) -> Option<Option<usize>> {
    match state.pieces[piece].at {
        Place::Aboard(site) => site_of_card(state, site),
        _ => None,
    }
}

/// "Your personnel aboard a Nor may move (\"walk\") from site to site";
/// "entering or exiting from a docked or landed ship or planet facility is
/// not \"walking\"" (Glossary "walking").
fn along_sites(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    let state = a.state;
    if let Some(to) = a.to_piece() {
        if site_of_card(state, to).is_none() {
            return Ruling::No(format!(
                "{} is no site of a Nor: entering or exiting from a docked or landed ship or planet facility is not \"walking\"",
                state.pieces[to].handle
            ));
        }
    }
    for &m in &a.movers {
        let Some(host) = site_of(state, m) else {
            return Ruling::No(format!(
                "{} is not at a site of a Nor: only personnel aboard a Nor walk, from site to site",
                a.handle(m)
            ));
        };
        let other_nor = a
            .to_piece()
            .and_then(|to| site_of_card(state, to))
            .is_some_and(|to_host| to_host != host);
        if other_nor {
            return Ruling::No(format!(
                "{} walks only along the sites of the Nor it is aboard",
                a.handle(m)
            ));
        }
    }
    Ruling::Next
}

/// The facility a site card is part of, when `piece` is a site.
fn site_of_card(state: &GameState, piece: usize) -> Option<Option<usize>> {
    state.is_site(piece).then(|| match state.pieces[piece].at {
        Place::Aboard(f) => Some(f),
        _ => None,
    })
}

fn walk(_: &Act, reasons: &mut Vec<Reason>) -> Ruling {
    yes_because(
        reasons,
        "unstopped personnel aboard a Nor may walk from site to site",
        WALKING,
    )
}

fn beam_rules<'a>() -> Vec<Rule<Act<'a>>> {
    vec![
        rule("executing orders", TURN, executing_orders),
        rule("stopped cards are not beamed", STOPPED_MOVING, not_stopped),
        rule("who beams where", BEAMING, beam_who),
        rule("at one location", BEAMING, same_location),
        rule("never into space", INTO_SPACE, into_space),
        rule(
            "not on or off a cloaked or phased card",
            CLOAKING,
            cloaked_ends,
        ),
        rule("not to, from or within a Nor", BEAMING, nor),
        rule("an opponent's SHIELDS", BEAMING, shields),
        rule("an Away Team on the planet", away_team_entry(), away_team),
        rule(
            "compatible with the card boarded",
            BEAMING,
            compatible_aboard,
        ),
        rule("transporters", BEAMING, transporters),
    ]
}

fn beam_who(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    if a.movers.is_empty() {
        return Ruling::Undecided("`by` (the cards beaming)".into());
    }
    if a.q.to.is_none() {
        return Ruling::Undecided("`to` (a ship, facility or planet:<location>)".into());
    }
    Ruling::Next
}

fn same_location(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    let from = a.first().and_then(|m| a.state.location_of(m));
    let to = match a.q.to {
        Some(Target::Planet(l) | Target::Location(l)) => Some(l),
        _ => None,
    };
    let apart = to.is_some_and(|l| Some(l) != from)
        || a.beam_ends()
            .iter()
            .any(|&e| a.state.location_of(e) != from);
    if apart {
        return Ruling::No("the start and end of a transport must be at the same location".into());
    }
    Ruling::Next
}

fn into_space(a: &Act, reasons: &mut Vec<Reason>) -> Ruling {
    match a.q.to {
        Some(Target::Location(_)) => match a.allowing() {
            Some(by) => {
                reasons.push(super::fact(format!("{by} allows beaming into space")));
                Ruling::Next
            }
            None => Ruling::No(
                "you may not beam any card into space unless a card specifically allows it".into(),
            ),
        },
        Some(Target::Planet(_)) => {
            reasons.push(Reason {
                text: "the cards beam to the planet's surface, not into space".into(),
                citation: Some(Citation::rulings("beaming personnel into space")),
            });
            Ruling::Next
        }
        _ => Ruling::Next,
    }
}

fn cloaked_ends(a: &Act, reasons: &mut Vec<Reason>) -> Ruling {
    for e in a.beam_ends() {
        let p = &a.state.pieces[e];
        if p.status.cloaked || p.status.phased {
            return Ruling::No(format!(
                "{} is cloaked or phased: personnel may not beam on or off it",
                p.handle
            ));
        }
        reasons.push(Reason {
            text: format!("{} is neither cloaked nor phased", p.handle),
            citation: Some(CLOAKING.citation()),
        });
    }
    Ruling::Next
}

fn nor(a: &Act, reasons: &mut Vec<Reason>) -> Ruling {
    let Some((e, cited)) = a
        .beam_ends()
        .into_iter()
        .find_map(|e| permissions::is_a(a.state, e, "Nor").map(|c| (e, c)))
    else {
        return Ruling::Next;
    };
    reasons.push(Reason {
        text: format!(
            "{} is a Nor (a station named so in its title or lore)",
            a.handle(e)
        ),
        citation: Some(cited),
    });
    if let Some(by) = a.allowing() {
        reasons.push(super::fact(format!("{by} allows beaming there")));
        return Ruling::Next;
    }
    Ruling::No("you may not beam to, from or within a Nor unless a card allows it".into())
}

fn shields(a: &Act, reasons: &mut Vec<Reason>) -> Ruling {
    for e in a.beam_ends() {
        let p = &a.state.pieces[e];
        if p.controller.eq_ignore_ascii_case(&a.player) {
            continue;
        }
        let shields = crate::engine::derived::read(a.state, e, Attr::Shields, reasons);
        let headquarters = p.card.facility_kind() == Some(FacilityKind::Headquarters);
        if shields > 0 && !headquarters && !p.status.disabled {
            return Ruling::No(format!(
                "{} is your opponent's and protected by SHIELDS {shields}",
                p.handle
            ));
        }
    }
    Ruling::Next
}

fn away_team(a: &Act, reasons: &mut Vec<Reason>) -> Ruling {
    if !matches!(a.q.to, Some(Target::Planet(_))) {
        return Ruling::Next;
    }
    let v = &crate::vocab::vocabulary().affiliations;
    let personnel: Vec<usize> = a
        .movers
        .iter()
        .copied()
        .filter(|&m| a.state.pieces[m].card.is_personnel())
        .collect();
    let barred = personnel.iter().find(|&&m| {
        a.state
            .affiliations(m)
            .iter()
            .any(|x| !v.may_form_away_team(x))
    });
    if let Some(&m) = barred {
        return Ruling::No(format!(
            "{} may not form an Away Team on a planet unless counter-attacking or allowed by game text",
            a.handle(m)
        ));
    }
    if !personnel.is_empty() {
        let names: Vec<&str> = personnel.iter().map(|&m| a.handle(m)).collect();
        reasons.push(Reason {
            text: format!("on the planet {} are an Away Team", names.join(" and ")),
            citation: Some(away_team_entry().citation()),
        });
    }
    Ruling::Next
}

fn compatible_aboard(a: &Act, reasons: &mut Vec<Reason>) -> Ruling {
    let Some(d) = a.to_piece() else {
        return Ruling::Next;
    };
    let card = &a.state.pieces[d];
    let boardable = matches!(card.card.card_type, CardType::Ship | CardType::Facility);
    if !boardable || !card.controller.eq_ignore_ascii_case(&a.player) {
        return Ruling::Next;
    }
    for &m in &a.movers {
        let v = super::compat::pieces_mix(a.state, &a.player, m, d);
        if v.value != crate::engine::verdict::VerdictValue::Yes {
            reasons.extend(v.reasons);
            return Ruling::No(
                "a ship or facility must be compatible with any personnel beaming aboard".into(),
            );
        }
    }
    Ruling::Next
}

fn transporters(_: &Act, reasons: &mut Vec<Reason>) -> Ruling {
    yes_because(
        reasons,
        "transporters and SHIELDS allow this beaming at one location",
        BEAMING,
    )
}

fn dock_rules<'a>() -> Vec<Rule<Act<'a>>> {
    vec![
        rule("the ship", DOCKING, the_ship),
        rule("stopped ships do not move", STOPPED_MOVING, not_stopped),
        rule("docking is movement: full staffing", DOCKING, staffed),
        rule("a phased ship may not dock", CLOAKING, phased_ship),
        rule(
            "a cloaked ship may dock",
            Entry::rulings("cloaked ship"),
            cloaked_ship,
        ),
        rule("a facility that allows docking", FACILITY, docking_facility),
        rule("at the facility's location", DOCKING, at_facility),
        rule(
            "the ship compatible with the facility",
            FACILITY,
            ship_compatible,
        ),
        rule("docking", DOCKING, docks),
    ]
}

fn the_ship(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    if a.first().is_none() {
        return Ruling::Undecided(format!("`card` (the ship to {})", a.act()));
    }
    Ruling::Next
}

/// The acting ship: the rules after `the_ship` ask, which has ended the
/// question when there is none.
fn ship(a: &Act) -> usize {
    a.first().expect("`the_ship` ends acts without a card")
}

fn staffed(a: &Act, reasons: &mut Vec<Reason>) -> Ruling {
    let (ok, staff) = super::staffing::staffed(a.state, ship(a), &a.player);
    reasons.extend(staff);
    if ok {
        return Ruling::Next;
    }
    Ruling::No(
        "docking and undocking are normal movement, which requires full ship staffing".into(),
    )
}

fn phased_ship(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    if a.state.pieces[ship(a)].status.phased {
        return Ruling::No("a phased ship may not land or dock".into());
    }
    Ruling::Next
}

fn cloaked_ship(a: &Act, reasons: &mut Vec<Reason>) -> Ruling {
    let s = ship(a);
    if a.state.pieces[s].status.cloaked {
        reasons.push(Reason {
            text: format!(
                "{} is cloaked: a cloaked ship may still move, dock and undock",
                a.handle(s)
            ),
            citation: Some(Citation::rulings("cloaked ship")),
        });
    }
    Ruling::Next
}

fn docking_facility(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    if a.act() != "dock" {
        return Ruling::Next;
    }
    let Some(f) = a.to_piece() else {
        return Ruling::Undecided("`to` (the facility)".into());
    };
    // A card in play (or named) that permits docking here opens a facility
    // whose own text does not: the permissions query answers.
    let allowed = a.allowing().is_some();
    match docking_refused(a.state, f, &a.player, allowed) {
        Some(why) => Ruling::Refused(why),
        None => Ruling::Next,
    }
}

fn at_facility(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    match a.to_piece() {
        Some(f) if a.act() == "dock" && a.state.location_of(ship(a)) != a.state.location_of(f) => {
            Ruling::No("the ship is not at the facility's location".into())
        }
        _ => Ruling::Next,
    }
}

/// "When compatibility with a facility is required to dock a ship, only the
/// ship itself must be compatible with the facility" (Glossary "docking").
fn ship_compatible(a: &Act, reasons: &mut Vec<Reason>) -> Ruling {
    let Some(f) = a.to_piece().filter(|_| a.act() == "dock") else {
        return Ruling::Next;
    };
    reasons.push(Reason {
        text: "only the ship itself must be compatible with the facility; its crew need not be"
            .into(),
        citation: Some(DOCKING.citation()),
    });
    let v = super::compat::pieces_mix(a.state, &a.player, ship(a), f);
    reasons.extend(v.reasons);
    if v.value != crate::engine::verdict::VerdictValue::Yes {
        return Ruling::No("a ship must be compatible with a facility to dock at it".into());
    }
    reasons.push(Reason {
        text: format!("{} is compatible with {}", a.handle(ship(a)), a.handle(f)),
        citation: Some(FACILITY.citation()),
    });
    Ruling::Next
}

fn docks(a: &Act, reasons: &mut Vec<Reason>) -> Ruling {
    yes_because(
        reasons,
        format!("{} may {}", a.handle(ship(a)), a.act()),
        DOCKING,
    )
}

/// Why a facility does not let this player dock there, if it does not:
/// only space facilities that allow docking (all outposts; others by text),
/// never an opponent's outpost, never a cloaked or phased facility.
/// `allowed`: a card permits this docking.
fn docking_refused(state: &GameState, f: usize, player: &str, allowed: bool) -> Option<Reason> {
    let fac = &state.pieces[f];
    let because = |text: String, entry: Entry| {
        Some(Reason {
            text,
            citation: Some(entry.citation()),
        })
    };
    if fac.card.card_type != CardType::Facility {
        return because(format!("{} is not a facility", fac.handle), FACILITY);
    }
    if fac.status.cloaked || fac.status.phased {
        return because(
            format!(
                "{} is cloaked or phased: ships may not dock at it",
                fac.handle
            ),
            CLOAKING,
        );
    }
    let outpost = fac.card.facility_kind() == Some(FacilityKind::Outpost);
    if !outpost && !allowed && !permissions::grants(&fac.card, "dock") {
        return because(
            format!(
                "{} is not an outpost and its text does not allow docking (only space facilities allow it)",
                fac.handle
            ),
            FACILITY,
        );
    }
    if outpost && !fac.controller.eq_ignore_ascii_case(player) {
        return because(
            format!(
                "{} is your opponent's outpost: you may not use it",
                fac.handle
            ),
            FACILITY,
        );
    }
    None
}

fn land_rules<'a>() -> Vec<Rule<Act<'a>>> {
    vec![
        rule("the ship", LANDED, the_ship),
        rule("only a ship lands", LANDED, a_ship),
        rule("landed or not", LANDED, landed_already),
        rule("stopped ships do not move", STOPPED_MOVING, not_stopped),
        rule("a planet to land on", LANDED, a_planet),
        rule("a card allows it", LANDED, landing_allowed),
    ]
}

fn a_ship(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    let p = &a.state.pieces[ship(a)];
    if p.card.card_type == CardType::Ship {
        return Ruling::Next;
    }
    Ruling::No(format!("{} is not a ship", p.handle))
}

fn landed_already(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    let p = &a.state.pieces[ship(a)];
    let landing = a.act() == "land";
    if p.status.landed != landing {
        return Ruling::Next;
    }
    let is = if landing {
        "already landed"
    } else {
        "not landed"
    };
    Ruling::No(format!("{} is {is}", p.handle))
}

fn a_planet(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    let planet = a
        .state
        .location_of(ship(a))
        .is_some_and(|l| a.state.locations[l].is_planet());
    if a.act() == "land" && !planet {
        return Ruling::No("there is no planet at the ship's location to land on".into());
    }
    Ruling::Next
}

/// Only a ship whose own text allows it (Vulcan Lander, Bajoran Interceptor)
/// or another card does may land or take off: the permissions query answers
/// both.
fn landing_allowed(a: &Act, reasons: &mut Vec<Reason>) -> Ruling {
    let s = a.handle(ship(a)).to_string();
    match a.allowing() {
        Some(by) => yes_because(reasons, format!("{s} may {}: {by} allows it", a.act()), LANDED),
        None => Ruling::No(format!(
            "a ship may not land unless allowed by its own text or that of another card; {s}'s text does not"
        )),
    }
}

fn cloak_rules<'a>() -> Vec<Rule<Act<'a>>> {
    vec![
        rule("the card", CLOAKING, the_ship),
        rule("only if not stopped", STOPPED_CLOAKING, not_stopped),
        rule("once each turn", CLOAKING, once_each_turn),
        rule("cloaked or not", CLOAKING, cloaked_already),
        rule("not cloaked and phased at once", CLOAKING, not_both),
        rule("only if game text allows", CLOAKING, device),
    ]
}

/// The act is phasing (not cloaking), and undoes it (decloak, dephase).
fn cloak_kind(a: &Act) -> (bool, bool) {
    (a.act().contains("phase"), a.act().starts_with("de"))
}

fn once_each_turn(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    if a.state.pieces[ship(a)].status.used_this_turn {
        return Ruling::No("a card may perform only one cloaking, decloaking, phasing or dephasing action each turn".into());
    }
    Ruling::Next
}

fn cloaked_already(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    let p = &a.state.pieces[ship(a)];
    let (phase, undo) = cloak_kind(a);
    let now = if phase {
        p.status.phased
    } else {
        p.status.cloaked
    };
    if undo == now {
        return Ruling::Next;
    }
    Ruling::No(format!(
        "{} is {}{}",
        p.handle,
        if now { "already " } else { "not " },
        if phase { "phased" } else { "cloaked" }
    ))
}

fn not_both(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    let p = &a.state.pieces[ship(a)];
    let (phase, undo) = cloak_kind(a);
    let other = if phase {
        p.status.cloaked
    } else {
        p.status.phased
    };
    if !undo && other {
        return Ruling::No("a card may not be cloaked and phased at the same time".into());
    }
    Ruling::Next
}

/// Its compiled text ("Cloaking Device" in its special equipment), its
/// characteristics or another card in play lets it cloak or phase.
fn device(a: &Act, reasons: &mut Vec<Reason>) -> Ruling {
    let c = ship(a);
    let p = &a.state.pieces[c];
    let (phase, _) = cloak_kind(a);
    let base = if phase { "phase" } else { "cloak" };
    let asked = super::request(base, &p.controller, &[c], None, None);
    let granted = super::allowing_card(a.state, &asked, a.q.allowed_by).is_some()
        || permissions::equipped(&p.card, base);
    if !granted {
        return Ruling::No(format!(
            "{}'s game text does not allow it to {base}",
            p.handle
        ));
    }
    let device = if phase {
        "phasing cloak"
    } else {
        "cloaking device"
    };
    yes_because(
        reasons,
        format!(
            "{} has a {device} and has not cloaked or phased this turn",
            p.handle
        ),
        CLOAKING,
    )
}

fn commandeer_rules<'a>() -> Vec<Rule<Act<'a>>> {
    vec![
        rule("the card commandeered", COMMANDEERING, commandeer_target),
        rule("a ship or facility", COMMANDEERING, commandeerable),
        rule("only cards you do not control", COMMANDEERING, not_yours),
        rule("Borg assimilate instead", COMMANDEERING, borg_assimilate),
        rule(
            "only if a card allows it",
            COMMANDEERING,
            commandeer_allowed,
        ),
    ]
}

/// The card commandeered: `target`, else `to`.
fn target(a: &Act) -> Option<usize> {
    a.q.target.first().map(|t| t.0).or_else(|| a.to_piece())
}

fn commandeer_target(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    if target(a).is_none() {
        return Ruling::Undecided("`target` (the ship or facility to commandeer)".into());
    }
    Ruling::Next
}

fn commandeered(a: &Act) -> usize {
    target(a).expect("`commandeer_target` ends questions without a target")
}

fn commandeerable(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    let t = &a.state.pieces[commandeered(a)];
    if matches!(t.card.card_type, CardType::Ship | CardType::Facility) {
        return Ruling::Next;
    }
    Ruling::No(format!("{} is not a ship or facility", t.handle))
}

fn not_yours(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    let t = &a.state.pieces[commandeered(a)];
    if !t.controller.eq_ignore_ascii_case(&a.player) {
        return Ruling::Next;
    }
    Ruling::No(format!(
        "you control {}: you may commandeer only cards you do not control",
        t.handle
    ))
}

fn borg_assimilate(a: &Act, reasons: &mut Vec<Reason>) -> Ruling {
    let rules = &crate::vocab::vocabulary().affiliations;
    let Some(affiliation) = a
        .state
        .barred_affiliation(a.movers.iter(), |x| rules.may_commandeer(x))
    else {
        return Ruling::Next;
    };
    reasons.push(super::per_table(
        format!("{affiliation} may not commandeer a ship or facility"),
        &rules.attempts.commandeering_source,
    ));
    Ruling::No("instead, they must use a card that allows them to assimilate it".into())
}

fn commandeer_allowed(a: &Act, reasons: &mut Vec<Reason>) -> Ruling {
    let t = commandeered(a);
    let asked = super::request(
        "commandeer",
        &a.player,
        &a.movers,
        Some(Target::Piece(t)),
        None,
    );
    match super::allowing_card(a.state, &asked, a.q.allowed_by) {
        Some(card) => yes_because(
            reasons,
            format!(
                "{card} allows commandeering {}; it comes under your control",
                a.handle(t)
            ),
            COMMANDEERING,
        ),
        None => Ruling::No("you may commandeer only if a card allows it (e.g., Commandeer Ship, Outgunned, the Ops site of a Nor)".into()),
    }
}

fn use_rules<'a>() -> Vec<Rule<Act<'a>>> {
    vec![
        rule("only cards in play", Entry::glossary("in play"), in_play),
        rule("disabled cards", Entry::glossary("disabled"), disabled),
        rule(
            "once each turn",
            Entry::glossary("once each (every) turn"),
            used_this_turn,
        ),
        rule(
            "once per game",
            Entry::glossary("once per game"),
            used_this_game,
        ),
        rule(
            "stopped cards may use skills",
            Entry::glossary("stopped"),
            stopped_may_use,
        ),
        rule(
            "a probe card to reveal",
            Entry::glossary("probing"),
            probe_card,
        ),
        rule(
            "scouting complete, not this turn",
            Entry::glossary("probing"),
            probe_after_scouting,
        ),
        rule("probing at the end of the turn", TURN, probe_end_of_turn),
        rule("game text", GAME_TEXT, use_text),
    ]
}

/// Only a card in play is used; a seeded artifact is in play once earned
/// ("Artifacts cannot be used until they have been earned", Glossary
/// "artifact"; "in play": "has been earned or acquired like an artifact").
fn in_play(a: &Act, reasons: &mut Vec<Reason>) -> Ruling {
    for &m in &a.movers {
        let piece = &a.state.pieces[m];
        let artifact = piece.card.card_type == CardType::Artifact;
        if a.state.in_play(m) {
            if artifact {
                reasons.push(because(
                    format!("{} is in play: an artifact is, once earned", piece.handle),
                    "artifact",
                ));
            }
            continue;
        }
        if artifact && matches!(piece.at, Place::Seed(_)) {
            reasons.push(because(
                format!("{} is seeded under a mission, not yet earned: artifacts cannot be used until they have been earned", piece.handle),
                "artifact",
            ));
        }
        return Ruling::No(format!(
            "{} is not in play: only a card in play is used",
            piece.handle
        ));
    }
    Ruling::Next
}

const PERSONA: Entry = Entry::glossary("persona");

/// Persona replacement (Glossary "persona"): `card` (or `cards`), the
/// version(s) in hand, exchanged for `to`, the version in play — with, for a
/// dual-personnel card in hand, the player's versions in play of its other
/// persona.
fn persona_rules<'a>() -> Vec<Rule<Act<'a>>> {
    vec![
        rule("at the start of your turn", PERSONA, start_of_turn),
        rule(
            "personnel and ships, not facilities",
            PERSONA,
            not_a_facility,
        ),
        rule("versions of the same persona", PERSONA, same_persona),
        rule(
            "both personas of a dual-personnel card",
            PERSONA,
            both_personas,
        ),
        rule("once per persona each turn", PERSONA, once_per_persona),
        rule("played and still controlled by you", PERSONA, still_yours),
        rule("exchanged for free", PERSONA, exchanged),
    ]
}

/// The two sides of a persona replacement.
struct Exchange {
    /// The versions in hand.
    new: Vec<usize>,
    /// The versions in play: `to`, and the player's other versions in play
    /// of the personas the new cards stand for.
    old: Vec<usize>,
}

fn exchange(a: &Act) -> Option<Exchange> {
    let to = a.to_piece()?;
    let new = a.movers.clone();
    if new.is_empty() {
        return None;
    }
    let wanted: Vec<PersonaId> = new
        .iter()
        .flat_map(|&n| persons(&a.state.pieces[n].card))
        .collect();
    let yours = |p: &crate::engine::state::Piece| {
        p.owner.eq_ignore_ascii_case(&a.player) || p.controller.eq_ignore_ascii_case(&a.player)
    };
    let others = (0..a.state.pieces.len()).filter(|&i| {
        let p = &a.state.pieces[i];
        i != to
            && a.state.in_play(i)
            && yours(p)
            && persons(&p.card).iter().any(|x| wanted.contains(x))
    });
    let old = std::iter::once(to).chain(others).collect();
    Some(Exchange { new, old })
}

/// "Lursa and B'Etor".
fn handles(a: &Act, side: &[usize]) -> String {
    let all: Vec<&str> = side.iter().map(|&i| a.handle(i)).collect();
    all.join(" and ")
}

fn start_of_turn(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    if a.state.phase == Phase::StartOfTurn {
        return Ruling::Next;
    }
    Ruling::No("a persona is replaced at the start of your turn".into())
}

fn not_a_facility(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    let Some(e) = exchange(a) else {
        return Ruling::Undecided(
            "`card` (the version in hand) and `to` (the version in play)".into(),
        );
    };
    let facility = e.new.iter().chain(&e.old).find(|&&i| {
        !matches!(
            a.state.pieces[i].card.card_type,
            CardType::Personnel | CardType::Ship
        )
    });
    match facility {
        Some(&i) => Ruling::No(format!(
            "{} is not a personnel or ship: only personnel and ship personas are replaced (facilities may not be exchanged)",
            a.handle(i)
        )),
        None => Ruling::Next,
    }
}

/// Each card in hand is a true version of the persona in play (a mirror
/// version or an impersonator is not).
fn same_persona(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    let Some(e) = exchange(a) else {
        return Ruling::Next;
    };
    let card = |i: usize| &a.state.pieces[i].card;
    for &n in &e.new {
        if e.old
            .iter()
            .any(|&o| persona::same_persona(card(n), card(o)))
        {
            continue;
        }
        let how = match e.old.iter().find_map(|&o| opposite(card(n), card(o))) {
            Some(Version::Mirror) => "a mirror version is not a true version of a persona",
            Some(_) => "an impersonator is not a true version of a persona",
            None => "another persona",
        };
        return Ruling::No(format!(
            "{} is not a version of {}'s persona ({how}): it may not be exchanged for it",
            a.handle(n),
            a.handle(e.old[0])
        ));
    }
    Ruling::Next
}

/// A dual-personnel card is exchanged only for versions of both its personas.
fn both_personas(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    let Some(e) = exchange(a) else {
        return Ruling::Next;
    };
    let of = |side: &[usize]| -> std::collections::BTreeSet<PersonaId> {
        side.iter()
            .flat_map(|&i| persons(&a.state.pieces[i].card))
            .collect()
    };
    if of(&e.new) == of(&e.old) {
        return Ruling::Next;
    }
    Ruling::No(format!(
        "{} and {} do not stand for the same personas: a dual-personnel card is exchanged only for versions of both its personas",
        handles(a, &e.new),
        handles(a, &e.old)
    ))
}

/// "You may not replace the same persona more than once at the start of a turn."
fn once_per_persona(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    let Some(e) = exchange(a) else {
        return Ruling::Next;
    };
    match e.old.iter().find(|&&o| a.state.pieces[o].status.replaced_this_turn) {
        Some(&o) => Ruling::No(format!(
            "{}'s persona was already replaced at the start of this turn: a persona is replaced at most once a turn",
            a.handle(o)
        )),
        None => Ruling::Next,
    }
}

/// Every version in play was played by you and is still under your control.
fn still_yours(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    let Some(e) = exchange(a) else {
        return Ruling::Next;
    };
    let yours = |who: &str| who.eq_ignore_ascii_case(&a.player);
    let taken = e.old.iter().find(|&&o| {
        let p = &a.state.pieces[o];
        !(yours(&p.owner) && yours(&p.controller))
    });
    match taken {
        Some(&o) => Ruling::No(format!(
            "{} must have been played under, and still be under, your control (not captured, commandeered or assimilated)",
            a.handle(o)
        )),
        None => Ruling::Next,
    }
}

fn exchanged(a: &Act, reasons: &mut Vec<Reason>) -> Ruling {
    let Some(e) = exchange(a) else {
        return Ruling::Next;
    };
    yes_because(
        reasons,
        format!(
            "{} exchanged for {} for free: replacing a persona is not a card play or reporting for duty",
            handles(a, &e.new),
            handles(a, &e.old)
        ),
        PERSONA,
    )
}

/// Refused when the card using its text is in `state`, saying `why`.
fn refused_when(a: &Act, state: fn(&crate::engine::state::Status) -> bool, why: &str) -> Ruling {
    match a.first().filter(|&c| state(&a.state.pieces[c].status)) {
        Some(c) => Ruling::No(format!("{} {why}", a.handle(c))),
        None => Ruling::Next,
    }
}

fn disabled(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    refused_when(a, |s| s.disabled, "is disabled")
}

fn used_this_turn(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    if a.act() == "probe" {
        return Ruling::Next;
    }
    refused_when(
        a,
        |s| s.used_this_turn,
        "has already used its once-each-turn text this turn",
    )
}

fn used_this_game(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    refused_when(
        a,
        |s| s.used_this_game,
        "has already used its once-per-game text",
    )
}

fn stopped_may_use(a: &Act, reasons: &mut Vec<Reason>) -> Ruling {
    if a.first().is_some_and(|c| a.state.is_stopped(c)) {
        reasons.push(Reason {
            text: "\"stopped\" cards may still perform other actions and use skills".into(),
            citation: Some(Citation::glossary("stopped")),
        });
    }
    Ruling::Next
}

/// Probing reveals the top card of your draw deck: "If your draw deck is
/// empty, you may not probe" (Glossary "probing").
fn probe_card(a: &Act, _: &mut Vec<Reason>) -> Ruling {
    if a.act() == "probe" && a.state.ending.draw_decks_empty {
        return Ruling::No("the draw deck is empty: there is no probe card to reveal".into());
    }
    Ruling::Next
}

/// The objective probed for: the card acting or the one allowing the act,
/// an objective whose compiled text lets the Borg scout its target.
fn scouting_objective(a: &Act) -> Option<usize> {
    let s = a.state;
    let scouts = |&p: &usize| {
        s.pieces[p].card.card_type == CardType::Objective
            && crate::engine::abilities::compile(&s.pieces[p].card)
                .abilities
                .iter()
                .any(|ab| ab.effects.iter().any(|e| e.verb == "scout"))
    };
    let allowing = a.q.allowed_by.map(|p| p.0);
    a.movers.iter().copied().chain(allowing).find(scouts)
}

/// "If a Borg objective involves scouting a ship or location, you may probe
/// only after scouting is complete, and not at the end of the same turn you
/// completed scouting" (Glossary "probing").
fn probe_after_scouting(a: &Act, reasons: &mut Vec<Reason>) -> Ruling {
    if a.act() != "probe" {
        return Ruling::Next;
    }
    let Some(objective) = scouting_objective(a) else {
        return Ruling::Next;
    };
    let handle = a.handle(objective);
    let location = match a.state.pieces[objective].target {
        Some(Target::Location(l) | Target::Planet(l)) => l,
        _ => {
            return Ruling::Undecided(format!(
                "{handle} involves scouting: `target` (the location it targets) is needed to know whether scouting is complete"
            ))
        }
    };
    let l = &a.state.locations[location];
    let scouted = l
        .scouted_by
        .as_deref()
        .is_some_and(|p| p.eq_ignore_ascii_case(&a.player));
    if !scouted {
        return Ruling::No(format!(
            "{handle} involves scouting {}: scouting is not complete, and you may probe only after scouting is complete",
            l.name
        ));
    }
    if l.scouted_this_turn {
        return Ruling::No(format!(
            "scouting {} was completed this turn: you may not probe at the end of the same turn you completed scouting",
            l.name
        ));
    }
    reasons.push(because(
        format!(
            "scouting {} was completed on an earlier turn: {handle} may be probed for",
            l.name
        ),
        "probing",
    ));
    Ruling::Next
}

fn probe_end_of_turn(a: &Act, reasons: &mut Vec<Reason>) -> Ruling {
    if a.act() != "probe" {
        return Ruling::Next;
    }
    if a.state.phase != Phase::EndOfTurn {
        return Ruling::No("probing is an end-of-turn action".into());
    }
    yes_because(
        reasons,
        "probing is an end-of-turn action, and the turn is ending",
        TURN,
    )
}

fn use_text(_: &Act, reasons: &mut Vec<Reason>) -> Ruling {
    yes_because(
        reasons,
        "a card may use its skills and game text during your turn",
        GAME_TEXT,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::model::{DilemmaType, Stat};
    use crate::engine::fixture::{location, personnel, piece, table};
    use crate::engine::question::Party;
    use crate::engine::state::PieceId;
    use crate::engine::verdict::VerdictValue;

    /// A planet location 0 with alice's Klingon ship 0 ("Cloaking Device")
    /// and Kurn 1 aboard it; a second, empty location 1.
    fn scene() -> GameState {
        let mut s = table();
        s.phase = Phase::ExecuteOrders;
        for _ in 0..2 {
            let l = location(&mut s, "Alpha");
            s.locations[l].mission.dilemma_type = Some(DilemmaType::Planet);
        }
        piece(
            &mut s,
            "ship",
            CardType::Ship,
            "alice",
            Place::Space(0),
            |c| {
                c.affiliations = vec!["Klingon".into()];
                c.text = "Cloaking Device.".into();
            },
        );
        personnel(&mut s, "Kurn", "alice", Place::Aboard(0), &["Klingon"]);
        s
    }

    fn question(act: &str, by: usize, to: Option<Target>) -> Question {
        Question {
            who: Party {
                player: None,
                card: None,
                by: vec![PieceId(by)],
            },
            act: act.into(),
            to,
            target: vec![],
            allowed_by: None,
        }
    }

    /// The ruling of one rule on `act` by piece `by` (towards `to`), on the
    /// scene after `edit`.
    fn ruling(
        rule: fn(&Act, &mut Vec<Reason>) -> Ruling,
        (act, by, to): (&str, usize, Option<Target>),
        edit: impl FnOnce(&mut GameState, &mut Question),
    ) -> Ruling {
        let mut s = scene();
        let mut q = question(act, by, to);
        edit(&mut s, &mut q);
        let movers = q.who.pieces();
        let ctx = Act {
            state: &s,
            q: &q,
            player: "alice".into(),
            asked: super::super::request(act, "alice", &movers, q.to, None),
            movers,
        };
        rule(&ctx, &mut Vec::new())
    }

    fn refused(r: Ruling) -> bool {
        matches!(r, Ruling::No(_) | Ruling::Refused(_))
    }

    /// Kurn (1) in play and a second Kurn in hand (2): a replacement.
    const REPLACE: (&str, usize, Option<Target>) = ("replace persona", 2, Some(Target::Piece(1)));

    fn with_kurn_in_hand(s: &mut GameState) {
        s.phase = Phase::StartOfTurn;
        personnel(s, "Kurn", "alice", Place::Hand, &["Klingon"]);
    }

    #[test]
    fn a_persona_is_replaced_at_the_start_of_your_turn_by_another_version() {
        let r = |edit: fn(&mut GameState)| {
            ruling(start_of_turn, REPLACE, |s, _| {
                with_kurn_in_hand(s);
                edit(s)
            })
        };
        assert_eq!(r(|_| {}), Ruling::Next);
        assert!(refused(r(|s| s.phase = Phase::ExecuteOrders)));
        let same = |edit: fn(&mut GameState)| {
            ruling(same_persona, REPLACE, |s, _| {
                with_kurn_in_hand(s);
                edit(s)
            })
        };
        assert_eq!(same(|_| {}), Ruling::Next);
        assert!(refused(same(|s| s.pieces[2].card.title = "Klag".into())));
    }

    #[test]
    fn only_a_version_you_played_and_still_control_is_replaced() {
        let r = |edit: fn(&mut GameState)| {
            ruling(still_yours, REPLACE, |s, _| {
                with_kurn_in_hand(s);
                edit(s)
            })
        };
        assert_eq!(r(|_| {}), Ruling::Next);
        assert!(refused(r(|s| s.pieces[1].controller = "bob".into())));
        assert!(refused(r(|s| s.pieces[1].owner = "bob".into())));
        let yes = ruling(exchanged, REPLACE, |s, _| with_kurn_in_hand(s));
        assert_eq!(yes, Ruling::Yes);
    }

    /// The Persona cell of piece `i`, as printed.
    fn persona_cell(s: &mut GameState, i: usize, cell: &str) {
        let c = &mut s.pieces[i].card;
        c.personas = crate::cards::parse::personas(cell);
        c.persona = c.personas.first().cloned();
    }

    #[test]
    fn a_mirror_version_or_an_impersonator_is_not_exchanged() {
        for mark in ["(Kurn)", "<Kurn>"] {
            let r = ruling(same_persona, REPLACE, |s, _| {
                with_kurn_in_hand(s);
                s.pieces[2].card.title = "Mirror Kurn".into();
                persona_cell(s, 2, mark);
            });
            assert!(refused(r), "{mark}");
        }
    }

    #[test]
    fn a_dual_personnel_card_is_exchanged_for_both_its_personas() {
        let dual_in_hand = |with_worf: bool| {
            ruling(both_personas, REPLACE, move |s, _| {
                with_kurn_in_hand(s);
                s.pieces[2].card.title = "Sons of Mogh".into();
                persona_cell(s, 2, "Kurn;Worf");
                if with_worf {
                    personnel(s, "Worf", "alice", Place::Aboard(0), &["Klingon"]);
                }
            })
        };
        assert_eq!(dual_in_hand(true), Ruling::Next);
        assert!(refused(dual_in_hand(false)));
    }

    #[test]
    fn a_persona_is_replaced_once_a_turn_and_never_a_facility() {
        let once = |again: bool| {
            ruling(once_per_persona, REPLACE, move |s, _| {
                with_kurn_in_hand(s);
                s.pieces[1].status.replaced_this_turn = again;
            })
        };
        assert_eq!(once(false), Ruling::Next);
        assert!(refused(once(true)));
        let station = ruling(not_a_facility, REPLACE, |s, _| {
            with_kurn_in_hand(s);
            s.pieces[1].card.card_type = CardType::Facility;
        });
        assert!(refused(station));
    }

    const BEAM_DOWN: (&str, usize, Option<Target>) = ("beam", 1, Some(Target::Planet(0)));
    const CLOAK: (&str, usize, Option<Target>) = ("cloak", 0, None);
    const DOCK: (&str, usize, Option<Target>) = ("dock", 0, Some(Target::Piece(2)));

    /// An outpost 2 at location 0, of `affiliation`, controlled by alice.
    fn outpost(s: &mut GameState, affiliation: &str) {
        piece(
            s,
            "outpost",
            CardType::Facility,
            "alice",
            Place::Space(0),
            |c| {
                c.affiliations = vec![affiliation.into()];
                c.class = Some("Outpost".into());
            },
        );
    }

    #[test]
    fn a_whole_beaming_is_allowed_and_cites_beaming() {
        let s = scene();
        let v = can_act(&question("beam", 1, Some(Target::Planet(0))), &s);
        assert_eq!(v.value, VerdictValue::Yes, "{:?}", v.reasons);
        assert!(v.citations.contains(&Citation::glossary("beaming")));
    }

    #[test]
    fn actions_are_taken_on_your_own_turn() {
        assert!(refused(
            ruling(own_turn, BEAM_DOWN, |s, _| s.turn_player = "bob".into())
        ));
        assert_eq!(ruling(own_turn, BEAM_DOWN, |_, _| ()), Ruling::Next);
    }

    #[test]
    fn a_cloak_out_of_turn_cites_cloaking() {
        let mut s = scene();
        s.turn_player = "bob".into();
        let v = can_act(&question("cloak", 0, None), &s);
        assert_eq!(v.value, VerdictValue::No);
        assert!(v
            .citations
            .contains(&Citation::glossary("cloaking and phasing")));
    }

    #[test]
    fn no_other_action_during_a_battle() {
        let battle = |s: &mut GameState, _: &mut Question| {
            s.action = Some(crate::engine::action::Action {
                kind: "ship battle".into(),
                ..Default::default()
            })
        };
        assert!(refused(ruling(battle_under_way, BEAM_DOWN, battle)));
        assert_eq!(ruling(battle_under_way, BEAM_DOWN, |_, _| ()), Ruling::Next);
    }

    /// An encounter of a dilemma with `text` (turn player alice), inside a
    /// mission attempt under way.
    fn encounter(text: &'static str) -> impl FnOnce(&mut GameState, &mut Question) {
        move |s: &mut GameState, _: &mut Question| {
            piece(s, "dilemma", CardType::Dilemma, "bob", Place::Table, |c| {
                c.text = text.into()
            });
            let attempt = crate::engine::action::Action {
                kind: "mission attempt".into(),
                ..Default::default()
            };
            s.action = Some(crate::engine::action::Action {
                kind: "encounter dilemma".into(),
                card: Some("dilemma".into()),
                parent: Some(Box::new(attempt)),
                ..Default::default()
            });
        }
    }

    #[test]
    fn a_mission_attempt_admits_only_the_acts_its_dilemma_permits() {
        const BEAMING: &str = "Your Transporter Skill here may beam up Away Team.";
        const DOCK: (&str, usize, Option<Target>) = ("dock", 0, None);
        assert!(refused(ruling(
            attempt_under_way,
            BEAM_DOWN,
            encounter("All personnel are stopped.")
        )));
        const BEAM_UP: (&str, usize, Option<Target>) = ("beam", 1, Some(Target::Piece(0)));
        // Kurn on the planet, facing the dilemma (`facing`) or not.
        let on_planet = |facing: bool| {
            move |s: &mut GameState, q: &mut Question| {
                encounter(BEAMING)(s, q);
                s.pieces[1].at = Place::Planet(0);
                let by = facing.then(|| "Kurn".to_string());
                s.action.as_mut().expect("the encounter").by = by.into_iter().collect();
            }
        };
        assert_eq!(
            ruling(attempt_under_way, BEAM_UP, on_planet(true)),
            Ruling::Next
        );
        // "beam up" allows no beaming down, nor anyone but the Away Team
        assert!(refused(ruling(
            attempt_under_way,
            BEAM_DOWN,
            encounter(BEAMING)
        )));
        assert!(refused(ruling(
            attempt_under_way,
            BEAM_UP,
            on_planet(false)
        )));
        assert!(refused(ruling(attempt_under_way, DOCK, encounter(BEAMING))));
        assert_eq!(ruling(attempt_under_way, DOCK, |_, _| ()), Ruling::Next);
    }

    #[test]
    fn pending_mandatory_end_of_turn_actions_come_first() {
        const PROBE: (&str, usize, Option<Target>) = ("probe", 0, None);
        // A card whose end-of-turn action is mandatory (no "may"), pending.
        let pending = |text: &'static str| {
            move |s: &mut GameState, _: &mut Question| {
                s.phase = Phase::EndOfTurn;
                piece(s, "marker", CardType::Event, "bob", Place::Table, |c| {
                    c.text = text.into()
                });
                s.pending = vec!["marker".into()];
            }
        };
        let mandatory = "Plays on table. End of every turn: attacks all ships.";
        assert!(refused(ruling(mandatory_first, PROBE, pending(mandatory))));
        let optional = "Plays on table. End of every turn: you may draw a card.";
        assert_eq!(
            ruling(mandatory_first, PROBE, pending(optional)),
            Ruling::Next
        );
        // The pending card taking its own action.
        let own = |s: &mut GameState, q: &mut Question| {
            pending(mandatory)(s, q);
            q.who.by = vec![PieceId(2)];
        };
        assert_eq!(ruling(mandatory_first, PROBE, own), Ruling::Next);
    }

    #[test]
    fn a_card_in_stasis_does_nothing() {
        let frozen = |s: &mut GameState, _: &mut Question| s.pieces[1].status.in_stasis = true;
        assert!(refused(ruling(stasis, BEAM_DOWN, frozen)));
        assert_eq!(ruling(stasis, BEAM_DOWN, |_, _| ()), Ruling::Next);
    }

    #[test]
    fn a_card_in_play_forbidding_the_act_refuses_it() {
        let forbid = |s: &mut GameState, _: &mut Question| {
            piece(s, "Ban", CardType::Event, "alice", Place::Table, |c| {
                c.text = "Your personnel may not beam.".into()
            });
        };
        assert!(refused(ruling(forbidden, BEAM_DOWN, forbid)));
        assert_eq!(ruling(forbidden, BEAM_DOWN, |_, _| ()), Ruling::Next);
    }

    #[test]
    fn a_bound_ship_keeps_its_crew_but_takes_more_aboard() {
        let bind = |s: &mut GameState| {
            piece(
                s,
                "Hazard",
                CardType::Dilemma,
                "bob",
                Place::Aboard(0),
                |c| c.text = "Ship must do nothing but travel to far end of spaceline.".into(),
            );
        };
        assert!(refused(ruling(required_action, BEAM_DOWN, |s, _| bind(s))));
        let aboard = ("beam", 1, Some(Target::Piece(0)));
        assert_eq!(
            ruling(required_action, aboard, |s, _| bind(s)),
            Ruling::Next
        );
    }

    #[test]
    fn moving_is_executing_orders() {
        let late = |s: &mut GameState, _: &mut Question| s.phase = Phase::EndOfTurn;
        assert!(refused(ruling(executing_orders, BEAM_DOWN, late)));
        assert_eq!(ruling(executing_orders, BEAM_DOWN, |_, _| ()), Ruling::Next);
    }

    #[test]
    fn stopped_cards_do_not_move_or_cloak() {
        let stop = |s: &mut GameState, _: &mut Question| s.pieces[1].status.stopped = true;
        assert!(refused(ruling(not_stopped, BEAM_DOWN, stop)));
        assert_eq!(ruling(not_stopped, BEAM_DOWN, |_, _| ()), Ruling::Next);
    }

    #[test]
    fn a_beaming_names_where_it_goes() {
        let nowhere = ("beam", 1, None);
        assert!(matches!(
            ruling(beam_who, nowhere, |_, _| ()),
            Ruling::Undecided(_)
        ));
        assert_eq!(ruling(beam_who, BEAM_DOWN, |_, _| ()), Ruling::Next);
    }

    #[test]
    fn a_transport_stays_at_one_location() {
        let away = ("beam", 1, Some(Target::Planet(1)));
        assert!(refused(ruling(same_location, away, |_, _| ())));
        assert_eq!(ruling(same_location, BEAM_DOWN, |_, _| ()), Ruling::Next);
    }

    #[test]
    fn nobody_beams_into_space() {
        let space = ("beam", 1, Some(Target::Location(0)));
        assert!(refused(ruling(into_space, space, |_, _| ())));
        assert_eq!(ruling(into_space, BEAM_DOWN, |_, _| ()), Ruling::Next);
    }

    #[test]
    fn not_off_a_cloaked_ship() {
        let cloaked = |s: &mut GameState, _: &mut Question| s.pieces[0].status.cloaked = true;
        assert!(refused(ruling(cloaked_ends, BEAM_DOWN, cloaked)));
        assert_eq!(ruling(cloaked_ends, BEAM_DOWN, |_, _| ()), Ruling::Next);
    }

    #[test]
    fn not_from_a_nor_unless_a_card_allows() {
        let nor = |s: &mut GameState, _: &mut Question| {
            s.pieces[0].card.card_type = CardType::Facility;
            s.pieces[0].card.class = Some("Station".into());
            s.pieces[0].card.title = "Terok Nor".into();
        };
        assert!(refused(ruling(super::nor, BEAM_DOWN, nor)));
        assert_eq!(ruling(super::nor, BEAM_DOWN, |_, _| ()), Ruling::Next);
    }

    #[test]
    fn an_opponents_shields_keep_transporters_out() {
        let theirs = |s: &mut GameState, _: &mut Question| {
            s.pieces[0].controller = "bob".into();
            s.pieces[0].card.str_shd = Some(Stat::Num(7));
        };
        assert!(refused(ruling(shields, BEAM_DOWN, theirs)));
        assert_eq!(ruling(shields, BEAM_DOWN, |_, _| ()), Ruling::Next);
    }

    #[test]
    fn borg_form_no_away_team() {
        let borg = |s: &mut GameState, _: &mut Question| {
            s.pieces[1].card.affiliations = vec!["Borg".into()]
        };
        assert!(refused(ruling(away_team, BEAM_DOWN, borg)));
        assert_eq!(ruling(away_team, BEAM_DOWN, |_, _| ()), Ruling::Next);
    }

    #[test]
    fn personnel_beam_aboard_only_a_compatible_ship() {
        let up = ("beam", 2, Some(Target::Piece(0)));
        let romulan = |s: &mut GameState, _: &mut Question| {
            personnel(s, "Tomalak", "alice", Place::Planet(0), &["Romulan"]);
        };
        assert!(refused(ruling(compatible_aboard, up, romulan)));
        let klingon = |s: &mut GameState, _: &mut Question| {
            personnel(s, "Klag", "alice", Place::Planet(0), &["Klingon"]);
        };
        assert_eq!(ruling(compatible_aboard, up, klingon), Ruling::Next);
        assert_eq!(ruling(transporters, up, klingon), Ruling::Yes);
    }

    #[test]
    fn docking_needs_a_ship_and_full_staffing() {
        assert!(matches!(
            ruling(the_ship, DOCK, |_, q| q.who.by.clear()),
            Ruling::Undecided(_)
        ));
        let no_crew = |s: &mut GameState, _: &mut Question| s.pieces[1].at = Place::Planet(0);
        assert!(refused(ruling(staffed, DOCK, no_crew)));
        assert_eq!(ruling(staffed, DOCK, |_, _| ()), Ruling::Next);
    }

    #[test]
    fn a_phased_ship_may_not_dock_but_a_cloaked_one_may() {
        let phased = |s: &mut GameState, _: &mut Question| s.pieces[0].status.phased = true;
        assert!(refused(ruling(phased_ship, DOCK, phased)));
        let mut reasons = Vec::new();
        let s = {
            let mut s = scene();
            s.pieces[0].status.cloaked = true;
            s
        };
        let q = question("dock", 0, Some(Target::Piece(2)));
        let ctx = Act {
            state: &s,
            q: &q,
            player: "alice".into(),
            asked: super::super::request("dock", "alice", &[0], q.to, None),
            movers: vec![0],
        };
        assert_eq!(cloaked_ship(&ctx, &mut reasons), Ruling::Next);
        assert_eq!(reasons[0].citation, Some(Citation::rulings("cloaked ship")));
    }

    #[test]
    fn ships_dock_at_a_facility_that_allows_it_at_their_location() {
        let not_facility = |s: &mut GameState, _: &mut Question| {
            personnel(s, "Klag", "alice", Place::Aboard(0), &["Klingon"]);
        };
        assert!(refused(ruling(docking_facility, DOCK, not_facility)));
        let station = |s: &mut GameState, _: &mut Question| {
            outpost(s, "Klingon");
            s.pieces[2].card.class = Some("Station".into());
        };
        assert!(refused(ruling(docking_facility, DOCK, station)));
        let docking_ports = |s: &mut GameState, q: &mut Question| {
            station(s, q);
            piece(s, "Ports", CardType::Event, "alice", Place::Table, |c| {
                c.text = "Your ships may dock at any facility.".into()
            });
        };
        assert_eq!(ruling(docking_facility, DOCK, docking_ports), Ruling::Next);
        assert_eq!(
            ruling(docking_facility, DOCK, |s, _| outpost(s, "Klingon")),
            Ruling::Next
        );
        let elsewhere = |s: &mut GameState, _: &mut Question| {
            outpost(s, "Klingon");
            s.pieces[2].at = Place::Space(1);
        };
        assert!(refused(ruling(at_facility, DOCK, elsewhere)));
        assert_eq!(
            ruling(at_facility, DOCK, |s, _| outpost(s, "Klingon")),
            Ruling::Next
        );
    }

    #[test]
    fn only_the_ship_must_be_compatible_with_the_facility() {
        assert!(refused(ruling(ship_compatible, DOCK, |s, _| outpost(
            s,
            "Federation"
        ))));
        let romulan_crew = |s: &mut GameState, _: &mut Question| {
            outpost(s, "Klingon");
            personnel(s, "Tomalak", "alice", Place::Aboard(0), &["Romulan"]);
        };
        assert_eq!(ruling(ship_compatible, DOCK, romulan_crew), Ruling::Next);
        assert_eq!(ruling(docks, DOCK, romulan_crew), Ruling::Yes);
    }

    #[test]
    fn only_a_ship_whose_text_allows_it_lands_on_a_planet() {
        let land = ("land", 0, None);
        assert!(refused(ruling(a_ship, ("land", 1, None), |_, _| ())));
        assert_eq!(ruling(a_ship, land, |_, _| ()), Ruling::Next);
        assert!(refused(ruling(landed_already, land, |s, _| s.pieces[0]
            .status
            .landed =
            true)));
        let space = |s: &mut GameState, _: &mut Question| {
            s.locations[0].mission.dilemma_type = Some(DilemmaType::Space)
        };
        assert!(refused(ruling(a_planet, land, space)));
        assert!(refused(ruling(landing_allowed, land, |_, _| ())));
        let lander = |s: &mut GameState, _: &mut Question| {
            s.pieces[0].card.text = "May take off or land once each turn.".into()
        };
        assert_eq!(ruling(landing_allowed, land, lander), Ruling::Yes);
    }

    #[test]
    fn cloaking_once_each_turn_never_twice_nor_with_phasing() {
        let used = |s: &mut GameState, _: &mut Question| s.pieces[0].status.used_this_turn = true;
        assert!(refused(ruling(once_each_turn, CLOAK, used)));
        assert_eq!(ruling(once_each_turn, CLOAK, |_, _| ()), Ruling::Next);
        let cloaked = |s: &mut GameState, _: &mut Question| s.pieces[0].status.cloaked = true;
        assert!(refused(ruling(cloaked_already, CLOAK, cloaked)));
        assert_eq!(
            ruling(cloaked_already, ("decloak", 0, None), cloaked),
            Ruling::Next
        );
        let phased = |s: &mut GameState, _: &mut Question| s.pieces[0].status.phased = true;
        assert!(refused(ruling(not_both, CLOAK, phased)));
    }

    #[test]
    fn a_ship_cloaks_only_with_a_device() {
        assert_eq!(ruling(device, CLOAK, |_, _| ()), Ruling::Yes);
        let none = |s: &mut GameState, _: &mut Question| s.pieces[0].card.text.clear();
        assert!(refused(ruling(device, CLOAK, none)));
    }

    /// Kurn commandeering bob's ship 2.
    fn commandeering(s: &mut GameState, q: &mut Question) {
        piece(s, "theirs", CardType::Ship, "bob", Place::Space(0), |_| ());
        q.target = vec![PieceId(2)];
    }

    #[test]
    fn commandeer_only_an_opponents_ship_or_facility() {
        let c = ("commandeer", 1, None);
        assert!(matches!(
            ruling(commandeer_target, c, |_, _| ()),
            Ruling::Undecided(_)
        ));
        assert_eq!(ruling(commandeer_target, c, commandeering), Ruling::Next);
        assert_eq!(ruling(commandeerable, c, commandeering), Ruling::Next);
        let own = |s: &mut GameState, q: &mut Question| {
            commandeering(s, q);
            s.pieces[2].controller = "alice".into();
        };
        assert!(refused(ruling(not_yours, c, own)));
        assert_eq!(ruling(not_yours, c, commandeering), Ruling::Next);
    }

    #[test]
    fn borg_assimilate_and_others_need_a_card() {
        let c = ("commandeer", 1, None);
        let borg = |s: &mut GameState, q: &mut Question| {
            commandeering(s, q);
            s.pieces[1].card.affiliations = vec!["Borg".into()];
        };
        assert!(refused(ruling(borg_assimilate, c, borg)));
        assert_eq!(ruling(borg_assimilate, c, commandeering), Ruling::Next);
        assert!(refused(ruling(commandeer_allowed, c, commandeering)));
    }

    #[test]
    fn game_text_is_used_unless_disabled_or_spent() {
        let u = ("use", 1, None);
        assert!(refused(ruling(disabled, u, |s, _| s.pieces[1]
            .status
            .disabled = true)));
        assert!(refused(ruling(used_this_turn, u, |s, _| s.pieces[1]
            .status
            .used_this_turn =
            true)));
        assert!(refused(ruling(used_this_game, u, |s, _| s.pieces[1]
            .status
            .used_this_game =
            true)));
        assert_eq!(
            ruling(stopped_may_use, u, |s, _| s.pieces[1].status.stopped = true),
            Ruling::Next
        );
        assert_eq!(ruling(use_text, u, |_, _| ()), Ruling::Yes);
    }

    #[test]
    fn probing_is_an_end_of_turn_action() {
        let p = ("probe", 1, None);
        assert!(refused(ruling(probe_end_of_turn, p, |_, _| ())));
        assert_eq!(
            ruling(probe_end_of_turn, p, |s, _| s.phase = Phase::EndOfTurn),
            Ruling::Yes
        );
    }

    #[test]
    fn a_scouting_objective_is_probed_only_after_the_turn_scouting_completes() {
        let p = ("probe", 1, None);
        let scouting = |s: &mut GameState, _: &mut Question| {
            let c = &mut s.pieces[1].card;
            c.card_type = CardType::Objective;
            c.text = "Plays on table. Your Borg may scout that location.".into();
            s.pieces[1].target = Some(Target::Location(0));
        };
        assert!(refused(ruling(probe_after_scouting, p, scouting)));
        let this_turn = |s: &mut GameState, q: &mut Question| {
            scouting(s, q);
            s.locations[0].scouted_by = Some("alice".into());
            s.locations[0].scouted_this_turn = true;
        };
        assert!(refused(ruling(probe_after_scouting, p, this_turn)));
        let earlier = |s: &mut GameState, q: &mut Question| {
            this_turn(s, q);
            s.locations[0].scouted_this_turn = false;
        };
        assert_eq!(ruling(probe_after_scouting, p, earlier), Ruling::Next);
        assert_eq!(ruling(probe_after_scouting, p, |_, _| ()), Ruling::Next);
    }

    #[test]
    fn probing_needs_a_card_on_the_draw_deck() {
        let p = ("probe", 1, None);
        assert_eq!(ruling(probe_card, p, |_, _| ()), Ruling::Next);
        let empty = ruling(probe_card, p, |s, _| s.ending.draw_decks_empty = true);
        assert!(refused(empty));
        let beam = ("beam", 1, None);
        let other = ruling(probe_card, beam, |s, _| s.ending.draw_decks_empty = true);
        assert_eq!(other, Ruling::Next);
    }
}
