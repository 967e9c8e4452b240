//! Mission attempts ("mission attempt", "attempt", "dual-icon missions") and
//! meeting mission or dilemma requirements ("meeting requirements").

use super::rules::{decide, yes_because, Entry, Rule, Ruling};
use super::{because, fact, outside_executing_orders, per_table, undecided};
use crate::cards::model::{Card, CardType};
use crate::engine::first_edition::attempt::Groups;
use crate::engine::question::{AttemptQuestion as Question, Party};
use crate::engine::requirements;
use crate::engine::state::{GameState, Place, Purpose};
use crate::engine::verdict::{Reason, Verdict, VerdictValue};
use crate::vocab::card_rulings::Aspect;
use crate::vocab::vocabulary;

/// The personnel of the group a question names: `by` personnel, and the crew
/// of any ship or facility in `by` or `card`.
pub fn group(who: &Party, state: &GameState) -> Vec<usize> {
    let mut out = Vec::new();
    for i in who.pieces() {
        let c = &state.pieces[i].card;
        if c.is_personnel() {
            out.push(i);
        } else if matches!(c.card_type, CardType::Ship | CardType::Facility) {
            out.extend(state.crew(i));
        }
    }
    // A personnel listed beside his own ship is one member of the group.
    super::once_each(&mut out);
    out
}

pub(super) fn ship_of(who: &Party, state: &GameState) -> Option<usize> {
    who.pieces()
        .into_iter()
        .find(|&i| state.pieces[i].card.card_type == CardType::Ship)
        .or_else(|| {
            who.by().into_iter().find_map(|p| match state.pieces[p].at {
                Place::Aboard(s) if state.pieces[s].card.card_type == CardType::Ship => Some(s),
                _ => None,
            })
        })
}

/// Who may attempt the mission, as affiliation names; `None` = any affiliation.
fn mission_affiliations(mission: &Card) -> Option<Vec<String>> {
    if !mission.mission_icons.is_empty() {
        return Some(mission.mission_icons.clone());
    }
    None
}

fn matches_mission(state: &GameState, p: usize, icons: &[String]) -> bool {
    // "A personnel matches a mission's affiliation if he has one of the
    // affiliation icons printed on the card": a multi-affiliation card matches
    // by any of its icons, whatever its current mode.
    state.pieces[p]
        .card
        .affiliations
        .iter()
        .any(|a| icons.iter().any(|i| i.eq_ignore_ascii_case(a)))
}

/// A `can attempt` question: the group, its ship, the mission's location.
pub struct Attempt<'a> {
    state: &'a GameState,
    all: Vec<usize>,
    ship: Option<usize>,
    loc: usize,
    player: String,
}

impl Attempt<'_> {
    fn mission(&self) -> &crate::engine::state::Location {
        &self.state.locations[self.loc]
    }

    /// The group and its ship.
    fn everyone(&self) -> impl Iterator<Item = &usize> {
        self.all.iter().chain(self.ship.as_ref())
    }

    /// The members who may take part (see `who_may_attempt`).
    fn able(&self) -> Vec<usize> {
        super::usable_for(self.state, &self.all, Purpose::Attempting, &mut Vec::new())
    }

    fn handle(&self, p: usize) -> &str {
        &self.state.pieces[p].handle
    }
}

/// `ask = "can attempt"`.
pub fn can_attempt(q: &Question, state: &GameState) -> Verdict {
    let title = "mission attempt";
    let all = group(&q.who, state);
    let ship = ship_of(&q.who, state);
    if all.is_empty() && ship.is_none() {
        return undecided(
            "`can attempt` needs `by` (an Away Team) or `card` (a ship and crew)",
            vec![],
            title,
        );
    }
    let Some(loc) = q.mission.map(|l| l.0).or_else(|| state.location_of(all[0])) else {
        return undecided(
            "`mission` is missing and the group is not at a location",
            vec![],
            title,
        );
    };
    let player = super::asker(&q.who, state);
    decide(
        &attempt_rules(),
        &Attempt {
            state,
            all,
            ship,
            loc,
            player,
        },
    )
}

const ATTEMPT: Entry = Entry::glossary("mission attempt");
/// What "matching" a mission's affiliation icons means.
const MATCHING: Entry = Entry::glossary("matching affiliation");

/// The rules of a mission attempt, in order.
pub fn attempt_rules<'a>() -> [Rule<Attempt<'a>>; 21] {
    [
        Rule {
            name: "a card in play forbids it",
            entry: ATTEMPT,
            apply: forbidden,
        },
        Rule {
            name: "on your own turn",
            entry: Entry::glossary("executing orders"),
            apply: own_turn,
        },
        Rule {
            name: "while executing orders",
            entry: Entry::glossary("turn"),
            apply: executing_orders,
        },
        Rule {
            name: "affiliations that make no mission attempts",
            entry: Entry::glossary("attempt"),
            apply: attempting_affiliation,
        },
        Rule {
            name: "a crew",
            entry: ATTEMPT,
            apply: a_crew,
        },
        Rule {
            name: "not cloaked or phased",
            entry: Entry::glossary("cloaking and phasing"),
            apply: visible,
        },
        Rule {
            name: "not bound by a required action",
            entry: Entry::glossary("actions – required"),
            apply: unbound,
        },
        Rule {
            name: "not solved",
            entry: ATTEMPT,
            apply: unsolved,
        },
        Rule {
            name: "attemptable",
            entry: ATTEMPT,
            apply: attemptable,
        },
        Rule {
            name: "an opponent's mission",
            entry: Entry::from_table(&vocabulary().affiliations.attempts.opponents_mission_source),
            apply: opponents_mission,
        },
        Rule {
            name: "at the mission",
            entry: ATTEMPT,
            apply: at_the_mission,
        },
        Rule {
            name: "who may take part",
            entry: Entry::glossary("stopped"),
            apply: who_may_attempt,
        },
        Rule {
            name: "not ANIMALs alone",
            entry: Entry::glossary("ANIMAL"),
            apply: not_animals_alone,
        },
        Rule {
            name: "a planet mission from the surface",
            entry: ATTEMPT,
            apply: planet_mission,
        },
        Rule {
            name: "a space mission by a ship's crew",
            entry: ATTEMPT,
            apply: space_mission,
        },
        Rule {
            name: "not docked",
            entry: Entry::glossary("facility"),
            apply: undocked,
        },
        Rule {
            name: "a crew member matches the ship",
            entry: ATTEMPT,
            apply: crew_matches_ship,
        },
        Rule {
            name: "a dual-icon mission from both",
            entry: Entry::glossary("dual-icon missions"),
            apply: dual_mission,
        },
        Rule {
            name: "matching the mission",
            entry: ATTEMPT,
            apply: matching_mission,
        },
        Rule {
            name: "a compatible group",
            entry: Entry::glossary("compatible"),
            apply: compatible_group,
        },
        Rule {
            name: "requirements are met later",
            entry: ATTEMPT,
            apply: requirements_later,
        },
    ]
}

fn forbidden(a: &Attempt, reasons: &mut Vec<Reason>) -> Ruling {
    reasons.push(fact(format!("{} attempts {}", a.player, a.mission().name)));
    let actors: Vec<usize> = a.everyone().copied().collect();
    let asked = super::request("attempt", &a.player, &actors, None, Some(a.loc));
    let Some(refusal) = super::forbidden_by_card(a.state, &asked) else {
        return Ruling::Next;
    };
    reasons.extend(attemptability_ruling(a));
    Ruling::Refused(refusal)
}

/// The Current Rulings entry on who may attempt this mission, if any
/// (`glossary/card-rulings.toml`).
fn attemptability_ruling(a: &Attempt) -> Option<Reason> {
    let m = &a.mission().mission.title;
    Reason::card_ruling(m, Aspect::Attemptable, format!("who may attempt {m}"))
}

fn own_turn(a: &Attempt, _: &mut Vec<Reason>) -> Ruling {
    let turn = &a.state.turn_player;
    if turn.is_empty() || turn.eq_ignore_ascii_case(&a.player) {
        return Ruling::Next;
    }
    Ruling::No(format!(
        "a mission attempt is executing orders, on your own turn; it is {turn}'s turn"
    ))
}

fn executing_orders(a: &Attempt, _: &mut Vec<Reason>) -> Ruling {
    outside_executing_orders(
        a.state,
        "missions are attempted while executing orders, not at the start or end of turn",
        "turn",
    )
    .map_or(Ruling::Next, Ruling::Refused)
}

fn attempting_affiliation(a: &Attempt, reasons: &mut Vec<Reason>) -> Ruling {
    let rules = &crate::vocab::vocabulary().affiliations;
    // The ship counts too: an uncrewed Borg ship is still Borg.
    let barred = a
        .state
        .barred_affiliation(a.everyone(), |aff| rules.may_attempt_missions(aff));
    barred.map_or(Ruling::Next, |affiliation| {
        let why = format!("{affiliation} never attempt missions");
        reasons.extend(
            rules
                .attempts
                .also_stated
                .iter()
                .map(|s| per_table(&why, s)),
        );
        Ruling::Refused(per_table(
            format!("{affiliation} do not make mission attempts (only scouting attempts)"),
            &rules.attempts.source,
        ))
    })
}

fn a_crew(a: &Attempt, _: &mut Vec<Reason>) -> Ruling {
    if !a.all.is_empty() {
        return Ruling::Next;
    }
    Ruling::No(
        "the ship has no crew: at least one crew member must match the ship's affiliation".into(),
    )
}

fn visible(a: &Attempt, _: &mut Vec<Reason>) -> Ruling {
    let hidden = a.everyone().find(|&&c| {
        let s = &a.state.pieces[c].status;
        s.cloaked || s.phased
    });
    hidden.map_or(Ruling::Next, |&c| {
        Ruling::No(format!(
            "{} is cloaked or phased: cloaked and phased cards may not attempt missions",
            a.handle(c)
        ))
    })
}

fn unbound(a: &Attempt, _: &mut Vec<Reason>) -> Ruling {
    a.everyone()
        .find_map(|&c| super::restraints::bound(a.state, c, "attempt a mission"))
        .map_or(Ruling::Next, Ruling::Refused)
}

fn unsolved(a: &Attempt, _: &mut Vec<Reason>) -> Ruling {
    let m = a.mission();
    m.solved_by.as_ref().map_or(Ruling::Next, |by| {
        Ruling::No(format!(
            "{} was solved by {by}: a mission may be solved only once per game",
            m.name
        ))
    })
}

fn attemptable(a: &Attempt, reasons: &mut Vec<Reason>) -> Ruling {
    reasons.extend(attemptability_ruling(a));
    let m = a.mission();
    let any_text = m
        .mission
        .mission_affil_text
        .as_deref()
        .is_some_and(crate::engine::abilities::continuous::allows_attempt);
    if mission_affiliations(&m.mission).is_some() || any_text {
        return Ruling::Next;
    }
    Ruling::No(format!(
        "{} has no affiliation icons or text saying who may attempt it: it is not attemptable",
        m.name
    ))
}

fn at_the_mission(a: &Attempt, _: &mut Vec<Reason>) -> Ruling {
    if a.all.iter().all(|&p| a.state.location_of(p) == Some(a.loc)) {
        return Ruling::Next;
    }
    Ruling::No("not every member of the group is at the mission's location".into())
}

fn who_may_attempt(a: &Attempt, reasons: &mut Vec<Reason>) -> Ruling {
    let able = super::usable_for(a.state, &a.all, Purpose::Attempting, reasons);
    if able.len() < a.all.len() {
        reasons.push(because(
            format!(
                "{} stopped, disabled, in stasis, under house arrest or intruding personnel may not participate",
                a.all.len() - able.len()
            ),
            "stopped",
        ));
    }
    if able.is_empty() {
        return Ruling::No("no unstopped personnel remain to attempt".into());
    }
    Ruling::Next
}

/// "You may attempt a mission an opponent seeded only if its point box shows
/// 40 points or more, if it is Universal, or if it is a shared mission" - in
/// Open format, any player may attempt any mission.
fn opponents_mission(a: &Attempt, reasons: &mut Vec<Reason>) -> Ruling {
    let m = a.mission();
    let Some(owner) = m
        .owner
        .as_deref()
        .filter(|o| !o.eq_ignore_ascii_case(&a.player))
    else {
        return Ruling::Next;
    };
    let rules = &vocabulary().affiliations.attempts;
    let least = rules.opponents_mission_points;
    let points = m.mission.points.as_ref().and_then(|p| p.num()).unwrap_or(0);
    let why = if a.state.format == crate::engine::state::Format::Open {
        "in Open format any player may attempt any mission".to_string()
    } else if points >= least {
        format!("its point box shows {points} points ({least} or more)")
    } else if m.mission.universal {
        "it is Universal".to_string()
    } else if m.shared {
        "it is a shared mission".to_string()
    } else {
        return Ruling::No(format!(
            "{owner} seeded {}, worth {points} points: an opponent's mission may be attempted only if it shows {least} points or more, is Universal or is shared",
            m.name
        ));
    };
    reasons.push(super::per_table(
        format!("{owner} seeded {}, but {why}", m.name),
        &rules.opponents_mission_source,
    ));
    Ruling::Next
}

/// ANIMALs may not attempt missions alone (Glossary "ANIMAL").
fn not_animals_alone(a: &Attempt, reasons: &mut Vec<Reason>) -> Ruling {
    let animal = |p: &usize| a.state.pieces[*p].card.is_animal();
    let able = a.able();
    if !able.is_empty() && able.iter().all(animal) {
        return Ruling::No(
            "only ANIMALs would attempt: ANIMALs may not attempt missions alone".into(),
        );
    }
    if let Some(&beast) = able.iter().find(|p| animal(p)) {
        reasons.push(because(
            format!(
                "{} is an ANIMAL, but does not attempt alone",
                a.handle(beast)
            ),
            "ANIMAL",
        ));
    }
    Ruling::Next
}

fn on_planet(a: &Attempt) -> bool {
    a.able().iter().any(|&p| a.state.on_planet(p))
}

fn planet_mission(a: &Attempt, _: &mut Vec<Reason>) -> Ruling {
    let planet_only = a.mission().is_planet() && !a.mission().is_space();
    if !planet_only || on_planet(a) {
        return Ruling::Next;
    }
    Ruling::No("a planet mission is attempted by an Away Team on the planet's surface".into())
}

/// A space-only mission.
fn space_only(a: &Attempt) -> bool {
    a.mission().is_space() && !a.mission().is_planet()
}

fn space_mission(a: &Attempt, reasons: &mut Vec<Reason>) -> Ruling {
    if let Some(ship) = a.ship.filter(|_| space_only(a)) {
        if !super::staffing::staffed(a.state, ship, &a.player).0 {
            let why = format!("{} is stalled (not staffed), not \"stopped\": it may still attempt the mission at its location", a.handle(ship));
            reasons.push(because(why, "ship staffing"));
        }
    }
    if !space_only(a) || a.ship.is_some() {
        return Ruling::Next;
    }
    Ruling::No("a space mission is attempted by the crew of one undocked ship".into())
}

fn undocked(a: &Attempt, _: &mut Vec<Reason>) -> Ruling {
    match a.ship {
        Some(ship) if space_only(a) && a.state.pieces[ship].docked.is_some() => {
            Ruling::No("a docked ship may not attempt missions".into())
        }
        _ => Ruling::Next,
    }
}

fn crew_matches_ship(a: &Attempt, _: &mut Vec<Reason>) -> Ruling {
    let Some(ship) = a.ship.filter(|_| space_only(a)) else {
        return Ruling::Next;
    };
    let ship_affs = a.state.affiliations(ship);
    let matches = a.able().iter().any(|&p| {
        a.state
            .affiliations(p)
            .iter()
            .any(|x| ship_affs.contains(x))
    });
    if matches {
        return Ruling::Next;
    }
    Ruling::No(
        "to attempt a space mission at least one crew member must match the ship's affiliation"
            .into(),
    )
}

/// "you must have both a crew on a ship in orbit and an Away Team on the
/// planet (each group must have a personnel whose affiliation matches one
/// of the mission's icons)". The crew is the ship's (`card`, or the ship in
/// `by`), the Away Team the personnel of `by` on the planet.
fn dual_mission(a: &Attempt, reasons: &mut Vec<Reason>) -> Ruling {
    let m = a.mission();
    if !(m.is_planet() && m.is_space()) {
        return Ruling::Next;
    }
    let groups = Groups::split(a.state, &a.able());
    let (crew, away) = (groups.crew(), groups.away());
    let both = "a dual-icon mission is attempted by both a crew on a ship in orbit and an Away Team on the planet";
    let ship = match a.ship {
        Some(s) if !crew.is_empty() && !away.is_empty() => s,
        _ => {
            let missing = if away.is_empty() {
                "no Away Team on the planet"
            } else {
                "no crew on a ship in orbit"
            };
            return Ruling::No(format!("{missing}: {both}"));
        }
    };
    if a.state.pieces[ship].docked.is_some() {
        return Ruling::No(format!(
            "{} is docked, not in orbit: {both}",
            a.handle(ship)
        ));
    }
    let Some(icons) = mission_affiliations(&m.mission) else {
        return Ruling::Next;
    };
    for (group, name) in [(crew, "crew"), (away, "Away Team")] {
        match group.iter().find(|&&p| matches_mission(a.state, p, &icons)) {
            Some(&p) => reasons.push(because(
                format!("{} matches the mission's icons in the {name}", a.handle(p)),
                "dual-icon missions",
            )),
            None => {
                return Ruling::No(format!(
                    "the {name} has no personnel whose affiliation matches one of the mission's icons ({}): each group must have one",
                    icons.join(", ")
                ))
            }
        }
    }
    Ruling::Next
}

fn matching_mission(a: &Attempt, reasons: &mut Vec<Reason>) -> Ruling {
    let m = &a.mission().mission;
    let Some(icons) = mission_affiliations(m) else {
        reasons.push(fact(format!(
            "the mission says: {}",
            m.mission_affil_text.clone().unwrap_or_default()
        )));
        return Ruling::Next;
    };
    let matching = a
        .able()
        .into_iter()
        .find(|&p| matches_mission(a.state, p, &icons));
    let Some(p) = matching else {
        reasons.push(because(
            "a personnel matches a mission by an affiliation icon on the card",
            MATCHING.title,
        ));
        return Ruling::No(format!(
            "no one in the group matches the mission's affiliation icons ({})",
            icons.join(", ")
        ));
    };
    reasons.push(because(
        format!(
            "{} matches one of the mission's affiliation icons ({})",
            a.handle(p),
            icons.join(", ")
        ),
        MATCHING.title,
    ));
    Ruling::Next
}

fn compatible_group(a: &Attempt, reasons: &mut Vec<Reason>) -> Ruling {
    let (ok, why) = super::compat::pieces_compatible(a.state, &a.player, &a.able());
    reasons.extend(why);
    if ok {
        reasons.push(because(
            "compatible personnel may mix in the same crew or Away Team",
            "compatible",
        ));
        return Ruling::Next;
    }
    Ruling::No("incompatible personnel may not mix in one crew or Away Team".into())
}

fn requirements_later(_: &Attempt, reasons: &mut Vec<Reason>) -> Ruling {
    yes_because(
        reasons,
        "the requirements need not be present to attempt (encounter dilemmas)",
        ATTEMPT,
    )
}

/// The requirement a question asks about, and the entry that governs it: a
/// `requirement` text, a mission's requirements, or a dilemma's compiled
/// conditions.
fn requirement_of<'s>(q: &'s Question, state: &'s GameState) -> Option<Required<'s>> {
    let read = |text: &str| {
        requirements::parse(text)
            .map_err(|e| format!("cannot read the requirement \"{text}\": {e}"))
    };
    let of_card = |card: &'s Card, title: &'static str, req| Required {
        req,
        title,
        card: Some(&card.title),
    };
    if let Some(r) = &q.requirement {
        return Some(Required {
            req: read(r),
            title: "meeting requirements",
            card: None,
        });
    }
    if let Some(d) = &q.dilemma {
        if d.card_type == CardType::Mission {
            return Some(of_card(d, "mission attempt", read(&d.text)));
        }
        let compiled = crate::engine::abilities::dilemma::compile_dilemma(&d.title, &d.text);
        return compiled
            .conditions
            .map(|c| of_card(d, "dilemma resolution", Ok(c)));
    }
    q.mission.map(|l| {
        let mission = &state.locations[l.0].mission;
        of_card(mission, "mission attempt", read(&mission.text))
    })
}

/// A requirement read for a question: the requirement (or why it cannot be
/// read), the entry governing it, and the card it is printed on.
struct Required<'s> {
    req: Result<requirements::Requirement, String>,
    title: &'static str,
    card: Option<&'s str>,
}

/// A `meets requirements` question with what its rules share: the group,
/// the requirement read, and the entry governing that requirement.
pub struct Meeting<'a> {
    state: &'a GameState,
    all: Vec<usize>,
    req: requirements::Requirement,
    title: &'static str,
    /// The mission or dilemma the requirement is printed on.
    card: Option<&'a str>,
}

impl Meeting<'_> {
    /// The members who may contribute (the reasons for the others are the
    /// first rule's to give).
    fn able(&self) -> Vec<usize> {
        super::usable_for(self.state, &self.all, Purpose::Attempting, &mut Vec::new())
    }
}

/// `ask = "meets requirements"`.
pub fn meets_requirements(q: &Question, state: &GameState) -> Verdict {
    let Some(Required { req, title, card }) = requirement_of(q, state) else {
        return undecided("`meets requirements` needs `mission`, `dilemma` or `requirement` (and a dilemma whose conditions can be read)", vec![], "meeting requirements");
    };
    let req = match req {
        Ok(r) => r,
        Err(e) => return Verdict::new(VerdictValue::Undecided(e), vec![], vec![super::g(title)]),
    };
    let ctx = Meeting {
        state,
        all: group(&q.who, state),
        req,
        title,
        card,
    };
    decide(&meeting_rules(), &ctx)
}

const MEETING: Entry = Entry::glossary("meeting requirements");

/// The rules of `meets requirements`, in order.
pub fn meeting_rules<'a>() -> [Rule<Meeting<'a>>; 5] {
    [
        Rule {
            name: "the crews of carried ships",
            entry: Entry::glossary("carried ships"),
            apply: carried_crews,
        },
        Rule {
            name: "stopped personnel do not contribute",
            entry: Entry::glossary("stopped"),
            apply: usable_members,
        },
        Rule {
            name: "modified values count",
            entry: Entry::glossary("attribute modifiers"),
            apply: modified_values,
        },
        Rule {
            name: "the requirement of the mission or dilemma",
            entry: MEETING,
            apply: requirement_read,
        },
        Rule {
            name: "together they meet it",
            entry: MEETING,
            apply: met_together,
        },
    ]
}

/// Personnel aboard a ship carried by the group's ship count in its crew
/// (`GameState::crew`) unless a different player controls them; the
/// verdict says which.
fn carried_crews(m: &Meeting, reasons: &mut Vec<Reason>) -> Ruling {
    let state = m.state;
    let mut carriers: Vec<usize> = (m.all.iter())
        .filter_map(|&p| match state.pieces[p].at {
            Place::Aboard(c) => Some(c),
            _ => None,
        })
        .collect();
    super::once_each(&mut carriers);
    for carrier in carriers {
        for c in state.carried_personnel(carrier) {
            let (who, by) = (
                &state.pieces[c.person].handle,
                &state.pieces[carrier].handle,
            );
            let text = if c.in_crew {
                format!("{who} is aboard {}, carried by {by}: personnel aboard a carried ship are also part of the crew of the carrying ship", state.pieces[c.ship].handle)
            } else {
                format!("{who} is aboard a ship carried by {by}, which a different player controls: an intruder there, not part of its crew")
            };
            reasons.push(because(text, "carried ships"));
        }
    }
    Ruling::Next
}

fn usable_members(m: &Meeting, reasons: &mut Vec<Reason>) -> Ruling {
    let able = super::usable_for(m.state, &m.all, Purpose::Attempting, reasons);
    if able.len() < m.all.len() {
        reasons.push(because(
            "\"stopped\" personnel cannot contribute skills to overcome dilemmas or solve missions",
            "stopped",
        ));
    }
    Ruling::Next
}

fn modified_values(m: &Meeting, reasons: &mut Vec<Reason>) -> Ruling {
    let changed = m.able().into_iter();
    reasons.extend(changed.flat_map(|p| crate::engine::derived::reasons(m.state, p)));
    Ruling::Next
}

/// The requirement is cited to the entry that governs it (a mission's
/// requirements, a dilemma's conditions, or a requirement asked alone).
/// A clarification of the card's requirements in the Current Rulings is
/// cited with it: the requirement read is the clarified one.
fn requirement_read(m: &Meeting, reasons: &mut Vec<Reason>) -> Ruling {
    reasons.push(because(format!("requirement: {}", m.req), m.title));
    let clarified = m.card.and_then(|c| {
        Reason::card_ruling(
            c,
            Aspect::Requirements,
            format!("{c}'s requirements are read as clarified"),
        )
    });
    reasons.extend(clarified);
    Ruling::Next
}

/// Met or not, the verdict names how each deciding term is met (a total, a
/// skill twice over, a classification...) and the entry saying so.
fn met_together(m: &Meeting, reasons: &mut Vec<Reason>) -> Ruling {
    let in_play: Vec<Card> = m.able().iter().map(|&p| m.state.card_in_play(p)).collect();
    let cards: Vec<&Card> = in_play.iter().collect();
    let unmet =
        crate::engine::first_edition::encounter::unmet_where_they_stand(m.state, &m.req, &m.able());
    let grounds = requirements::grounds::grounds(&m.req, &cards);
    reasons.extend(requirements::grounds::reasons(&grounds, &cards));
    if unmet.is_empty() {
        // a dual-personnel card is two personnel
        let count = requirements::personnel(&cards).map_or(cards.len(), |p| p.len());
        let why = format!("{count} personnel together meet it (any of them may be used)");
        yes_because(reasons, why, MEETING)
    } else {
        Ruling::No(format!("unmet: {}", unmet.join("; ")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::model::DilemmaType;
    use crate::engine::action::Phase;
    use crate::engine::fixture::{affiliated, location, personnel, piece, table};

    /// alice's Klingon Away Team, Kurn (1) and Klag (2), on the planet of a
    /// Klingon planet mission; her Klingon ship (0) in orbit.
    fn scene() -> GameState {
        let mut s = table();
        s.phase = Phase::ExecuteOrders;
        let l = location(&mut s, "Alpha");
        let m = &mut s.locations[l].mission;
        m.dilemma_type = Some(DilemmaType::Planet);
        m.mission_icons = vec!["Klingon".into()];
        piece(
            &mut s,
            "Bortas",
            CardType::Ship,
            "alice",
            Place::Space(l),
            affiliated(&["Klingon"]),
        );
        for name in ["Kurn", "Klag"] {
            personnel(&mut s, name, "alice", Place::Planet(l), &["Klingon"]);
        }
        s
    }

    /// The ruling of one rule, for the Away Team (or, with `crew`, the ship
    /// and the two aboard it).
    fn ruling(
        rule: fn(&Attempt, &mut Vec<Reason>) -> Ruling,
        crew: bool,
        edit: impl FnOnce(&mut GameState),
    ) -> Ruling {
        applied(rule, crew, edit).0
    }

    /// [`ruling`] with the reasons the rule gave.
    fn applied(
        rule: fn(&Attempt, &mut Vec<Reason>) -> Ruling,
        crew: bool,
        edit: impl FnOnce(&mut GameState),
    ) -> (Ruling, Vec<Reason>) {
        let mut s = scene();
        if crew {
            s.pieces[1].at = Place::Aboard(0);
            s.pieces[2].at = Place::Aboard(0);
        }
        edit(&mut s);
        let ctx = Attempt {
            state: &s,
            all: vec![1, 2],
            ship: crew.then_some(0),
            loc: 0,
            player: "alice".into(),
        };
        let mut reasons = Vec::new();
        (rule(&ctx, &mut reasons), reasons)
    }

    fn refused(r: Ruling) -> bool {
        matches!(r, Ruling::No(_) | Ruling::Refused(_))
    }

    #[test]
    fn an_opponents_mission_needs_40_points_universal_shared_or_open_format() {
        let theirs = |points: i32| {
            move |s: &mut GameState| {
                s.locations[0].owner = Some("bob".into());
                s.locations[0].mission.points = Some(crate::cards::model::Stat::Num(points));
            }
        };
        assert_eq!(ruling(opponents_mission, false, |_| {}), Ruling::Next);
        assert!(refused(ruling(opponents_mission, false, theirs(35))));
        assert_eq!(ruling(opponents_mission, false, theirs(40)), Ruling::Next);
        let shared = |s: &mut GameState| {
            theirs(35)(s);
            s.locations[0].shared = true;
        };
        assert_eq!(ruling(opponents_mission, false, shared), Ruling::Next);
        let open = |s: &mut GameState| {
            theirs(35)(s);
            s.format = crate::engine::state::Format::Open;
        };
        assert_eq!(ruling(opponents_mission, false, open), Ruling::Next);
    }

    #[test]
    fn animals_may_not_attempt_alone() {
        let animal =
            |p: usize| move |s: &mut GameState| s.pieces[p].card.class = Some("ANIMAL".into());
        assert_eq!(ruling(not_animals_alone, false, animal(1)), Ruling::Next);
        let both = |s: &mut GameState| {
            animal(1)(s);
            animal(2)(s);
        };
        assert!(refused(ruling(not_animals_alone, false, both)));
    }

    /// The entry titles one rule's reasons (and refusal) cite.
    fn cited(
        rule: fn(&Attempt, &mut Vec<Reason>) -> Ruling,
        crew: bool,
        edit: impl FnOnce(&mut GameState),
    ) -> Vec<String> {
        let (r, reasons) = applied(rule, crew, edit);
        super::super::rules::titles_cited(r, reasons)
    }

    #[test]
    fn every_entry_stating_that_borg_never_attempt_is_cited() {
        let borg = cited(attempting_affiliation, false, |s| {
            s.pieces[1].card.affiliations = vec!["Borg".into()];
        });
        assert!(borg.contains(&"attempt".to_string()) && borg.contains(&"Borg".to_string()));
        assert!(cited(attempting_affiliation, false, |_| ()).is_empty());
    }

    #[test]
    fn a_stalled_ship_is_noted_as_still_attempting() {
        let stalled = cited(space_mission, true, |s| {
            space(s);
            s.pieces[0].card.staffing = vec!["Cmd".into(), "Cmd".into(), "Cmd".into()];
        });
        assert!(
            stalled.contains(&"ship staffing".to_string()),
            "{stalled:?}"
        );
    }

    #[test]
    fn the_ruling_on_who_may_attempt_a_mission_is_cited_for_that_mission() {
        let ruled = crate::vocab::vocabulary()
            .card_rulings
            .rulings
            .iter()
            .find(|r| r.on == Aspect::Attemptable)
            .expect("a row");
        let title = ruled.card.clone();
        let cites = cited(attemptable, false, |s| s.locations[0].mission.title = title);
        assert!(cites.contains(&ruled.entry));
        assert!(!cited(attemptable, false, |_| ()).contains(&ruled.entry));
    }

    fn space(s: &mut GameState) {
        s.locations[0].mission.dilemma_type = Some(DilemmaType::Space);
    }

    /// Kurn and Klag asked whether they meet "Diplomacy", governed by `title`.
    fn kurn_and_klag<'a>(s: &'a GameState, title: &'static str) -> Meeting<'a> {
        let req = requirements::parse("Diplomacy").expect("a requirement");
        Meeting {
            state: s,
            all: vec![1, 2],
            req,
            title,
            card: None,
        }
    }

    /// The verdict on `text` for Kurn and Klag, Kurn with Diplomacy.
    fn meeting(s: &mut GameState, text: &str) -> Ruling {
        s.pieces[1].card.skills = vec![crate::cards::model::Skill {
            name: "Diplomacy".into(),
            level: 1.0,
        }];
        let mut ctx = kurn_and_klag(s, "meeting requirements");
        ctx.req = requirements::parse(text).expect("a requirement");
        decide(&meeting_rules(), &ctx).value.into_ruling()
    }

    impl VerdictValue {
        fn into_ruling(self) -> Ruling {
            match self {
                VerdictValue::Yes => Ruling::Yes,
                other => Ruling::No(other.to_string()),
            }
        }
    }

    #[test]
    fn a_skill_the_group_holds_meets_the_requirement() {
        assert_eq!(meeting(&mut scene(), "Diplomacy"), Ruling::Yes);
        assert!(refused(meeting(&mut scene(), "2 Diplomacy")));
    }

    #[test]
    fn a_miss_cites_how_the_unmet_term_is_met() {
        let mut s = scene();
        s.pieces[1].card.skills = vec![crate::cards::model::Skill {
            name: "Diplomacy".into(),
            level: 1.0,
        }];
        let mut ctx = kurn_and_klag(&s, "meeting requirements");
        ctx.req = requirements::parse("2 Diplomacy").expect("a requirement");
        let v = decide(&meeting_rules(), &ctx);
        assert_eq!(v.value, VerdictValue::No);
        let multiples = crate::engine::verdict::Citation::glossary("dilemma resolution");
        assert!(v.citations.contains(&multiples), "{:?}", v.citations);
    }

    #[test]
    fn a_clarified_requirement_cites_its_ruling() {
        let s = scene();
        let ruled = crate::vocab::vocabulary()
            .card_rulings
            .rulings
            .iter()
            .find(|r| r.on == Aspect::Requirements)
            .expect("a ruling on requirements");
        let mut ctx = kurn_and_klag(&s, "mission attempt");
        let cited = |ctx: &Meeting| {
            let mut reasons = Vec::new();
            requirement_read(ctx, &mut reasons);
            reasons
                .into_iter()
                .filter_map(|r| r.citation)
                .collect::<Vec<_>>()
        };
        let ruling = crate::engine::verdict::Citation::rulings(&ruled.entry);
        assert!(!cited(&ctx).contains(&ruling));
        ctx.card = Some(&ruled.card);
        assert!(cited(&ctx).contains(&ruling));
    }

    #[test]
    fn stopped_personnel_contribute_nothing() {
        let mut s = scene();
        s.pieces[1].status.stopped = true;
        assert!(refused(meeting(&mut s, "Diplomacy")));
        let ctx = kurn_and_klag(&s, "meeting requirements");
        let mut reasons = Vec::new();
        assert_eq!(usable_members(&ctx, &mut reasons), Ruling::Next);
        assert!(reasons
            .iter()
            .any(|r| r.citation == Some(crate::engine::verdict::Citation::glossary("stopped"))));
        assert_eq!(ctx.able(), vec![2]);
    }

    #[test]
    fn the_requirement_is_cited_to_the_entry_governing_it() {
        let s = scene();
        let ctx = kurn_and_klag(&s, "mission attempt");
        let mut reasons = Vec::new();
        assert_eq!(requirement_read(&ctx, &mut reasons), Ruling::Next);
        assert_eq!(modified_values(&ctx, &mut reasons), Ruling::Next);
        assert_eq!(
            reasons[0].citation,
            Some(crate::engine::verdict::Citation::glossary(
                "mission attempt"
            ))
        );
        assert!(matches!(met_together(&ctx, &mut reasons), Ruling::No(_)));
    }

    #[test]
    fn the_whole_table_lets_a_matching_away_team_attempt() {
        let s = scene();
        let ctx = Attempt {
            state: &s,
            all: vec![1, 2],
            ship: None,
            loc: 0,
            player: "alice".into(),
        };
        let v = decide(&attempt_rules(), &ctx);
        assert_eq!(v.value, VerdictValue::Yes, "{:?}", v.reasons);
    }

    #[test]
    fn attempts_are_on_your_own_turn_while_executing_orders() {
        assert!(refused(
            ruling(own_turn, false, |s| s.turn_player = "bob".into())
        ));
        assert!(refused(
            ruling(executing_orders, false, |s| s.phase = Phase::EndOfTurn)
        ));
        assert_eq!(ruling(executing_orders, false, |_| ()), Ruling::Next);
        assert_eq!(ruling(forbidden, false, |_| ()), Ruling::Next);
    }

    #[test]
    fn the_borg_make_no_mission_attempts() {
        assert!(refused(ruling(attempting_affiliation, false, |s| s
            .pieces[1]
            .card
            .affiliations =
            vec!["Borg".into()])));
        assert_eq!(ruling(attempting_affiliation, false, |_| ()), Ruling::Next);
    }

    #[test]
    fn a_crew_visible_and_unbound_is_needed() {
        let mut s = scene();
        s.phase = Phase::ExecuteOrders;
        let empty = Attempt {
            state: &s,
            all: vec![],
            ship: Some(0),
            loc: 0,
            player: "alice".into(),
        };
        assert!(refused(a_crew(&empty, &mut Vec::new())));
        assert!(refused(ruling(visible, true, |s| s.pieces[0]
            .status
            .cloaked = true)));
        assert_eq!(ruling(unbound, true, |_| ()), Ruling::Next);
    }

    #[test]
    fn a_solved_or_unattemptable_mission_is_not_attempted() {
        assert!(refused(ruling(unsolved, false, |s| s.locations[0]
            .solved_by =
            Some("bob".into()))));
        assert!(refused(ruling(attemptable, false, |s| s.locations[0]
            .mission
            .mission_icons
            .clear())));
    }

    #[test]
    fn the_group_is_at_the_mission_and_usable() {
        assert!(refused(
            ruling(at_the_mission, false, |s| s.pieces[1].at = Place::Hand)
        ));
        let all_stopped = ruling(who_may_attempt, false, |s| {
            s.pieces[1].status.stopped = true;
            s.pieces[2].status.stopped = true;
        });
        assert!(refused(all_stopped));
        assert_eq!(
            ruling(who_may_attempt, false, |s| s.pieces[1].status.stopped =
                true),
            Ruling::Next
        );
    }

    #[test]
    fn planet_space_and_dual_missions_need_their_groups() {
        assert!(refused(ruling(planet_mission, true, |_| ())));
        assert_eq!(ruling(planet_mission, false, |_| ()), Ruling::Next);
        assert!(refused(ruling(space_mission, false, space)));
        assert!(refused(ruling(undocked, true, |s| {
            space(s);
            s.pieces[0].docked = Some(0);
        })));
        assert!(refused(ruling(crew_matches_ship, true, |s| {
            space(s);
            s.pieces[0].card.affiliations = vec!["Romulan".into()];
        })));
        let dual =
            |s: &mut GameState| s.locations[0].mission.dilemma_type = Some(DilemmaType::Dual);
        assert!(refused(ruling(dual_mission, false, dual)));
    }

    #[test]
    fn someone_matches_the_mission_and_the_group_is_compatible() {
        assert!(refused(ruling(matching_mission, false, |s| s.locations
            [0]
        .mission
        .mission_icons =
            vec!["Federation".into()])));
        assert!(refused(ruling(compatible_group, false, |s| s.pieces[2]
            .card
            .affiliations =
            vec!["Federation".into()])));
        assert_eq!(ruling(requirements_later, false, |_| ()), Ruling::Yes);
    }
}
