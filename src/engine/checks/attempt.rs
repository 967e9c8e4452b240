//! Mission attempts ("mission attempt", "attempt", "dual-icon missions") and
//! meeting mission or dilemma requirements ("meeting requirements").

use super::{because, fact, no, outside_executing_orders, per_table, ruling, undecided};
use crate::cards::model::{Card, CardType};
use crate::engine::question::{AttemptQuestion as Question, Party};
use crate::engine::requirements;
use crate::engine::state::{GameState, Place, Purpose};
use crate::engine::verdict::{Reason, Verdict, VerdictValue};

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

fn ship_of(who: &Party, state: &GameState) -> Option<usize> {
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
    let mission = &state.locations[loc];
    let mut reasons = vec![fact(format!("{player} attempts {}", mission.name))];
    let actors: Vec<usize> = all.iter().copied().chain(ship).collect();
    let asked = super::request("attempt", &player, &actors, None, Some(loc));
    if let Some(why) = super::forbidden_by_card(state, &asked) {
        return no(reasons, why);
    }
    if !state.turn_player.is_empty() && !state.turn_player.eq_ignore_ascii_case(&player) {
        return no(
            reasons,
            because(
                format!(
                    "a mission attempt is executing orders, on your own turn; it is {}'s turn",
                    state.turn_player
                ),
                "executing orders",
            ),
        );
    }
    if let Some(why) = outside_executing_orders(
        state,
        "missions are attempted while executing orders, not at the start or end of turn",
        "turn",
    ) {
        return no(reasons, why);
    }
    let rules = &crate::vocab::vocabulary().affiliations;
    // The ship counts too: an uncrewed Borg ship is still Borg.
    let barred = state.barred_affiliation(all.iter().chain(ship.as_ref()), |a| {
        rules.may_attempt_missions(a)
    });
    if let Some(affiliation) = barred {
        return no(
            reasons,
            per_table(
                format!("{affiliation} do not make mission attempts (only scouting attempts)"),
                &rules.attempts.source,
            ),
        );
    }
    if all.is_empty() {
        return no(
            reasons,
            because(
                "the ship has no crew: at least one crew member must match the ship's affiliation",
                title,
            ),
        );
    }
    if let Some(&c) = all.iter().chain(ship.as_ref()).find(|&&c| {
        let s = &state.pieces[c].status;
        s.cloaked || s.phased
    }) {
        return no(
            reasons,
            because(
                format!(
                    "{} is cloaked or phased: cloaked and phased cards may not attempt missions",
                    state.pieces[c].handle
                ),
                "cloaking and phasing",
            ),
        );
    }
    if let Some(why) = all
        .iter()
        .chain(ship_of(&q.who, state).as_ref())
        .find_map(|&c| super::restraints::bound(state, c, "attempt a mission"))
    {
        return no(reasons, why);
    }
    if let Some(by) = &mission.solved_by {
        return no(
            reasons,
            because(
                format!(
                    "{} was solved by {by}: a mission may be solved only once per game",
                    mission.name
                ),
                title,
            ),
        );
    }
    if let Some(owner) = &mission.owner {
        let opponents_end = !owner.eq_ignore_ascii_case(&player);
        let text = mission.mission.text.to_lowercase();
        if opponents_end && text.contains("opponent's side: not attemptable") {
            return no(
                reasons,
                ruling(
                    format!(
                        "{} is {owner}'s mission and its opponent's end says \"Not attemptable\": each player is affected only by the end of the mission facing him",
                        mission.name
                    ),
                    "Construct Depot",
                ),
            );
        }
    }
    let icons = mission_affiliations(&mission.mission);
    let any_text = mission
        .mission
        .mission_affil_text
        .as_deref()
        .is_some_and(|t| t.to_lowercase().contains("may attempt"));
    if icons.is_none() && !any_text {
        return no(reasons, because(format!("{} has no affiliation icons or text saying who may attempt it: it is not attemptable", mission.name), title));
    }
    if all.iter().any(|&p| state.location_of(p) != Some(loc)) {
        return no(
            reasons,
            fact("not every member of the group is at the mission's location"),
        );
    }
    let able = super::usable_for(state, &all, Purpose::Attempting, &mut reasons);
    if able.len() < all.len() {
        reasons.push(because(
            format!(
                "{} stopped, disabled, in stasis, under house arrest or intruding personnel may not participate",
                all.len() - able.len()
            ),
            "stopped",
        ));
    }
    if able.is_empty() {
        return no(
            reasons,
            because("no unstopped personnel remain to attempt", "stopped"),
        );
    }
    let on_planet: Vec<usize> = able
        .iter()
        .copied()
        .filter(|&p| state.on_planet(p))
        .collect();
    let ship = ship_of(&q.who, state);
    let planet = mission.is_planet();
    let space = mission.is_space();
    if planet && !space && on_planet.is_empty() {
        return no(
            reasons,
            because(
                "a planet mission is attempted by an Away Team on the planet's surface",
                title,
            ),
        );
    }
    if space && !planet {
        let Some(ship) = ship else {
            return no(
                reasons,
                because(
                    "a space mission is attempted by the crew of one undocked ship",
                    title,
                ),
            );
        };
        if state.pieces[ship].docked.is_some() {
            return no(
                reasons,
                because("a docked ship may not attempt missions", "facility"),
            );
        }
        if !able.iter().any(|&p| {
            state
                .affiliations(p)
                .iter()
                .any(|a| state.affiliations(ship).contains(a))
        }) {
            return no(reasons, because("to attempt a space mission at least one crew member must match the ship's affiliation", title));
        }
    }
    if planet && space && (ship.is_none() || on_planet.is_empty()) {
        return no(
            reasons,
            because(
                "a dual-icon mission needs both a crew in orbit and an Away Team on the planet",
                "dual-icon missions",
            ),
        );
    }
    match &icons {
        Some(icons) => match able.iter().find(|&&p| matches_mission(state, p, icons)) {
            Some(&m) => reasons.push(because(
                format!(
                    "{} matches one of the mission's affiliation icons ({})",
                    state.pieces[m].handle,
                    icons.join(", ")
                ),
                title,
            )),
            None => {
                return no(
                    reasons,
                    because(
                        format!(
                            "no one in the group matches the mission's affiliation icons ({})",
                            icons.join(", ")
                        ),
                        title,
                    ),
                )
            }
        },
        None => reasons.push(fact(format!(
            "the mission says: {}",
            mission
                .mission
                .mission_affil_text
                .clone()
                .unwrap_or_default()
        ))),
    }
    let (ok, why) = super::compat::pieces_compatible(state, &player, &able);
    if !ok {
        reasons.extend(why);
        return no(
            reasons,
            because(
                "incompatible personnel may not mix in one crew or Away Team",
                "compatible",
            ),
        );
    }
    reasons.push(because(
        "the requirements need not be present to attempt (encounter dilemmas)",
        title,
    ));
    Verdict::yes_no(true, reasons, vec![])
}

/// The requirement text a question asks about, and the entry that governs it.
fn requirement_text(q: &Question, state: &GameState) -> Option<(String, &'static str)> {
    if let Some(r) = &q.requirement {
        return Some((r.clone(), "meeting requirements"));
    }
    if let Some(d) = &q.dilemma {
        if d.card_type == CardType::Mission {
            return Some((d.text.clone(), "mission attempt"));
        }
        return super::dilemma::conditions(&d.text).map(|c| (c, "dilemma resolution"));
    }
    q.mission
        .map(|l| (state.locations[l.0].mission.text.clone(), "mission attempt"))
}

/// `ask = "meets requirements"`.
pub fn meets_requirements(q: &Question, state: &GameState) -> Verdict {
    let Some((text, title)) = requirement_text(q, state) else {
        return undecided("`meets requirements` needs `mission`, `dilemma` or `requirement` (and a dilemma whose conditions can be read)", vec![], "meeting requirements");
    };
    let all = group(&q.who, state);
    let mut reasons: Vec<Reason> = Vec::new();
    let req = match requirements::parse(&text) {
        Ok(r) => r,
        Err(e) => {
            return Verdict::new(
                VerdictValue::Undecided(format!("cannot read the requirement \"{text}\": {e}")),
                reasons,
                vec![super::g(title)],
            )
        }
    };
    let able = super::usable_for(state, &all, Purpose::Attempting, &mut reasons);
    if able.len() < all.len() {
        reasons.push(because(
            "\"stopped\" personnel cannot contribute skills to overcome dilemmas or solve missions",
            "stopped",
        ));
    }
    let in_play: Vec<Card> = able.iter().map(|&p| state.card_in_play(p)).collect();
    let cards: Vec<&Card> = in_play.iter().collect();
    let unmet = requirements::evaluate(&req, &cards);
    reasons.push(fact(format!("requirement: {req}")));
    if unmet.is_empty() {
        reasons.push(because(
            format!(
                "{} personnel together meet it (any of them may be used)",
                cards.len()
            ),
            "meeting requirements",
        ));
        Verdict::yes_no(true, reasons, vec![super::g(title)])
    } else {
        reasons.push(because(format!("unmet: {}", unmet.join("; ")), title));
        Verdict::yes_no(false, reasons, vec![super::g("meeting requirements")])
    }
}
