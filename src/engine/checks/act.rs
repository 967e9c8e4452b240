//! `can act`: may a player take an action now — beam, walk, dock, undock,
//! move, attempt, battle, use a skill or game text, probe. Timing and
//! "stopped" first, then the action's own check.

use super::{because, no, outside_executing_orders, per_table, undecided};
use crate::cards::model::CardType;
use crate::engine::action::{Phase, Step};
use crate::engine::permissions;
use crate::engine::question::{
    ActQuestion as Question, AttackQuestion, AttemptQuestion, ReportQuestion, ShipQuestion,
};
use crate::engine::state::{Attr, GameState, Place, Target};
use crate::engine::verdict::{Reason, Verdict};

/// A battle under way forbids other actions except valid responses.
fn battle_under_way(state: &GameState) -> bool {
    state.action.as_ref().is_some_and(|a| {
        a.chain().any(|x| {
            let k = x.kind.to_lowercase();
            (k.contains("battle") || k == "attack") && x.step != Step::Resolved
        })
    })
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
        "move" => super::staffing::can_move(&ShipQuestion { who, to: q.to }, state),
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

/// `ask = "can act"`, `act = ...`.
pub fn can_act(q: &Question, state: &GameState) -> Verdict {
    let act = q.act.as_str();
    if let Some(v) = delegated(q, state) {
        return v;
    }
    let player = super::asker(&q.who, state);
    let mut reasons: Vec<Reason> = Vec::new();
    let own_turn = state.turn_player.is_empty() || state.turn_player.eq_ignore_ascii_case(&player);
    if !own_turn {
        return no(reasons, because(format!("actions other than those allowed \"at any time\" are taken on your own turn; it is {}'s turn", state.turn_player), "turn"));
    }
    if battle_under_way(state) {
        return no(reasons, because("no other actions can occur during a battle unless they are a valid response or suspend play", "battle"));
    }
    let movers: Vec<usize> = q.who.pieces();
    if let Some(&m) = movers.iter().find(|&&m| state.in_stasis(m)) {
        return no(
            reasons,
            because(
                format!(
                    "{} is in stasis: it may not perform any actions and may not be moved or beamed",
                    state.pieces[m].handle
                ),
                "stasis",
            ),
        );
    }
    let asked = super::request(act, &player, &movers, q.to, None);
    if let Some(why) = super::forbidden_by_card(state, &asked) {
        return no(reasons, why);
    }
    if let Some(why) = required_action_forbids(act, q, state, &movers) {
        return no(reasons, why);
    }
    match act {
        "land" | "take off" => return land(act, q, state, &movers, reasons),
        "commandeer" => return commandeer(q, state, &player, &movers, reasons),
        _ => {}
    }
    match act {
        "beam" | "walk" => {
            if let Some(why) = outside_executing_orders(
                state,
                "moving cards is executing orders, not a start- or end-of-turn action",
                "turn",
            ) {
                return no(reasons, why);
            }
            if let Some(&s) = movers.iter().find(|&&m| state.is_stopped(m)) {
                return no(
                    reasons,
                    because(
                        format!(
                            "{} is \"stopped\" and may not be beamed, move or walk",
                            state.pieces[s].handle
                        ),
                        "stopped",
                    ),
                );
            }
            if act == "walk" {
                return Verdict::yes_no(
                    true,
                    vec![because(
                        "unstopped personnel may walk (once per turn)",
                        "movement",
                    )],
                    vec![],
                );
            }
            beam(q, state, &player, &movers, reasons)
        }
        "dock" | "undock" => {
            let Some(&ship) = movers.first() else {
                return undecided("`card` (the ship)", reasons, "docking");
            };
            if state.is_stopped(ship) {
                return no(reasons, because("\"stopped\" cards cannot perform normal movement (docking is normal movement)", "movement"));
            }
            let (ok, staff) = super::staffing::staffed(state, ship, &player);
            reasons.extend(staff);
            if !ok {
                return no(reasons, because("docking and undocking are normal movement, which requires full ship staffing", "movement"));
            }
            if state.pieces[ship].status.phased {
                return no(
                    reasons,
                    because("a phased ship may not land or dock", "cloaking and phasing"),
                );
            }
            if act == "dock" {
                let Some(Target::Piece(f)) = q.to else {
                    return undecided("`to` (the facility)", reasons, "docking");
                };
                if let Some(why) = docking_refused(state, f, &player) {
                    return no(reasons, why);
                }
                let (ok, why) = super::compat::sets_compatible(
                    state,
                    &player,
                    &state.affiliations(ship),
                    &state.affiliations(f),
                );
                reasons.extend(why);
                if !ok {
                    return no(
                        reasons,
                        because(
                            "a ship must be compatible with a facility to dock at it",
                            "facility",
                        ),
                    );
                }
                if state.location_of(ship) != state.location_of(f) {
                    return no(
                        reasons,
                        super::fact("the ship is not at the facility's location"),
                    );
                }
            }
            Verdict::yes_no(true, reasons, vec![])
        }
        "cloak" | "decloak" | "phase" | "dephase" => cloak(act, state, &movers, reasons),
        "use" | "use skill" | "use game text" | "probe" => {
            if let Some(&c) = movers.first() {
                let p = &state.pieces[c];
                if p.status.disabled {
                    return no(
                        reasons,
                        because(format!("{} is disabled", p.handle), "disabled"),
                    );
                }
                if p.status.used_this_turn && act != "probe" {
                    return no(
                        reasons,
                        because(
                            format!(
                                "{}'s once-each-turn text was already used this turn",
                                p.handle
                            ),
                            "once each (every) turn",
                        ),
                    );
                }
                if p.status.used_this_game {
                    return no(
                        reasons,
                        because(
                            format!("{}'s once-per-game text was already used", p.handle),
                            "once per game",
                        ),
                    );
                }
                if state.is_stopped(c) {
                    reasons.push(because(
                        "\"stopped\" cards may still perform other actions and use skills",
                        "stopped",
                    ));
                }
            }
            if act == "probe" && state.phase != Phase::EndOfTurn {
                return no(reasons, because("probing is an end-of-turn action", "turn"));
            }
            Verdict::yes_no(true, reasons, vec![super::g("game text")])
        }
        other => undecided(
            format!("the engine has no rule for the action \"{other}\""),
            reasons,
            "actions",
        ),
    }
}

fn beam(
    q: &Question,
    state: &GameState,
    player: &str,
    movers: &[usize],
    mut reasons: Vec<Reason>,
) -> Verdict {
    let title = "beaming";
    let Some(&first) = movers.first() else {
        return undecided("`by` (the cards beaming)", reasons, title);
    };
    let from_loc = state.location_of(first);
    let carrier = |place: Place| match place {
        Place::Aboard(c) => Some(c),
        _ => None,
    };
    let origin = carrier(state.pieces[first].at);
    let dest = match q.to {
        Some(Target::Piece(d)) => Some(d),
        Some(Target::Planet(l)) | Some(Target::Location(l)) => {
            if Some(l) != from_loc {
                return no(
                    reasons,
                    because(
                        "the start and end of a transport must be at the same location",
                        title,
                    ),
                );
            }
            None
        }
        None => {
            return undecided(
                "`to` (a ship, facility or planet:<location>)",
                reasons,
                title,
            )
        }
    };
    if matches!(q.to, Some(Target::Location(_))) {
        return no(
            reasons,
            because("you may not beam any card into space", title),
        );
    }
    for end in origin.into_iter().chain(dest) {
        let p = &state.pieces[end];
        if p.status.cloaked || p.status.phased {
            return no(
                reasons,
                because(
                    format!(
                        "{} is cloaked or phased: personnel may not beam on or off it",
                        p.handle
                    ),
                    "cloaking and phasing",
                ),
            );
        }
        if state.location_of(end) != from_loc {
            return no(
                reasons,
                because(
                    "the start and end of a transport must be at the same location",
                    title,
                ),
            );
        }
        let class = p.card.class.clone().unwrap_or_default().to_lowercase();
        if let Some(nor) = permissions::is_a(state, end, "Nor") {
            reasons.push(Reason {
                text: format!(
                    "{} is a Nor (a station named so in its title or lore)",
                    p.handle
                ),
                citation: Some(nor),
            });
            return no(
                reasons,
                because(
                    "you may not beam to, from or within a Nor unless a card allows it",
                    title,
                ),
            );
        }
        if !p.controller.eq_ignore_ascii_case(player) {
            let shields = crate::engine::derived::read(state, end, Attr::Shields, &mut reasons);
            let hq = class.contains("headquarters");
            if shields > 0 && !hq && !p.status.disabled {
                return no(
                    reasons,
                    because(
                        format!(
                            "{} is your opponent's and protected by SHIELDS {shields}",
                            p.handle
                        ),
                        title,
                    ),
                );
            }
        }
    }
    if dest.is_none() {
        let v = &crate::vocab::vocabulary().affiliations;
        if let Some(&m) = movers.iter().find(|&&m| {
            state.pieces[m].card.is_personnel()
                && state
                    .affiliations(m)
                    .iter()
                    .any(|a| !v.may_form_away_team(a))
        }) {
            return no(
                reasons,
                because(
                    format!(
                        "{} may not form an Away Team on a planet unless counter-attacking or allowed by game text",
                        state.pieces[m].handle
                    ),
                    "Away Team and crew",
                ),
            );
        }
    }
    if let Some(d) = dest {
        if state.pieces[d].card.card_type == CardType::Ship
            || state.pieces[d].card.card_type == CardType::Facility
        {
            for &m in movers {
                let (ok, why) = super::compat::sets_compatible(
                    state,
                    player,
                    &state.affiliations(m),
                    &state.affiliations(d),
                );
                if !ok && state.pieces[d].controller.eq_ignore_ascii_case(player) {
                    reasons.extend(why);
                    return no(reasons, because("a ship or facility must be compatible with any personnel beaming aboard", title));
                }
            }
        }
    }
    reasons.push(because(
        "transporters and SHIELDS allow this beaming at one location",
        title,
    ));
    Verdict::yes_no(true, reasons, vec![])
}

/// A ship bound by a required action, and its crew, may do nothing but move
/// (and meet conditions to cure the card); cards may still beam or report
/// aboard, but none may be removed ("actions – required").
fn required_action_forbids(
    act: &str,
    q: &Question,
    state: &GameState,
    movers: &[usize],
) -> Option<Reason> {
    let what = match act {
        "beam" | "walk" => {
            // Beaming aboard the bound ship is allowed; leaving it is not.
            let onto_bound = matches!(q.to, Some(Target::Piece(d)) if super::restraints::ship_of(state, d)
                .and_then(|s| super::restraints::required_action(state, s)).is_some());
            if onto_bound {
                return None;
            }
            "remove personnel or equipment from the ship"
        }
        "dock" | "undock" => "dock or undock",
        "cloak" | "decloak" | "phase" | "dephase" => "cloak or phase",
        "land" | "take off" => "land or take off",
        "use" | "use skill" | "use game text" | "probe" => "take other actions",
        _ => return None,
    };
    movers
        .iter()
        .find_map(|&m| super::restraints::bound(state, m, what))
}

/// Landing and taking off: only a ship whose own text allows it (Vulcan
/// Lander, Bajoran Interceptor) or another card does (`allowed_by`), at a
/// planet location ("landed ships").
fn land(
    act: &str,
    q: &Question,
    state: &GameState,
    movers: &[usize],
    mut reasons: Vec<Reason>,
) -> Verdict {
    let title = "landed ships";
    let Some(&ship) = movers.first() else {
        return undecided("`card` (the ship landing or taking off)", reasons, title);
    };
    let p = &state.pieces[ship];
    if p.card.card_type != CardType::Ship {
        return no(reasons, super::fact(format!("{} is not a ship", p.handle)));
    }
    let landing = act == "land";
    if p.status.landed == landing {
        return no(
            reasons,
            super::fact(format!(
                "{} is {}",
                p.handle,
                if landing {
                    "already landed"
                } else {
                    "not landed"
                }
            )),
        );
    }
    if state.is_stopped(ship) {
        return no(
            reasons,
            because(
                format!("{} is \"stopped\" and may not move", p.handle),
                "stopped",
            ),
        );
    }
    if landing
        && !state
            .location_of(ship)
            .is_some_and(|l| state.locations[l].is_planet())
    {
        return no(
            reasons,
            super::fact("there is no planet at the ship's location to land on"),
        );
    }
    // The ship's own text ("May take off or land") or another card's, as
    // compiled: the permission query answers both.
    let allowing = super::allowing_card(
        state,
        &super::request(act, &super::asker(&q.who, state), movers, q.to, None),
        q.allowed_by,
    );
    if allowing.is_none() {
        return no(
            reasons,
            because(
                format!(
                    "a ship may not land unless allowed by its own text or that of another card; {}'s text does not",
                    p.handle
                ),
                title,
            ),
        );
    }
    reasons.push(because(
        format!(
            "{} may {act}: {}",
            p.handle,
            allowing.map_or(String::new(), |c| format!("{c} allows it"))
        ),
        title,
    ));
    Verdict::yes_no(true, reasons, vec![])
}

/// Commandeering a ship or facility: only cards you do not control, never by
/// the Borg, and only if a card allows it (`allowed_by`: Commandeer Ship,
/// Outgunned, a Nor's Ops site) ("commandeering").
fn commandeer(
    q: &Question,
    state: &GameState,
    player: &str,
    movers: &[usize],
    mut reasons: Vec<Reason>,
) -> Verdict {
    let title = "commandeering";
    let target = match (q.target.first().map(|t| t.0), q.to) {
        (Some(t), _) | (None, Some(Target::Piece(t))) => t,
        _ => {
            return undecided(
                "`target` (the ship or facility to commandeer)",
                reasons,
                title,
            )
        }
    };
    let t = &state.pieces[target];
    if !matches!(t.card.card_type, CardType::Ship | CardType::Facility) {
        return no(
            reasons,
            because(format!("{} is not a ship or facility", t.handle), title),
        );
    }
    if t.controller.eq_ignore_ascii_case(player) {
        return no(
            reasons,
            because(
                format!(
                    "you control {}: you may commandeer only cards you do not control",
                    t.handle
                ),
                title,
            ),
        );
    }
    let rules = &crate::vocab::vocabulary().affiliations;
    let barred = state.barred_affiliation(movers.iter(), |a| rules.may_commandeer(a));
    if let Some(affiliation) = barred {
        return no(
            reasons,
            per_table(
                format!("{affiliation} may not commandeer a ship or facility; they must use a card that allows them to assimilate it"),
                &rules.attempts.commandeering_source,
            ),
        );
    }
    let asked = super::request(
        "commandeer",
        player,
        movers,
        Some(Target::Piece(target)),
        None,
    );
    let Some(card) = super::allowing_card(state, &asked, q.allowed_by) else {
        return no(
            reasons,
            because(
                "you may commandeer only if a card allows it (e.g., Commandeer Ship, Outgunned, the Ops site of a Nor)",
                title,
            ),
        );
    };
    reasons.push(because(
        format!(
            "{card} allows commandeering {}; it comes under your control",
            t.handle
        ),
        title,
    ));
    Verdict::yes_no(true, reasons, vec![])
}

/// Why a facility does not let this player dock there, if it does not:
/// only space facilities that allow docking (all outposts; others by text),
/// never an opponent's outpost, never a cloaked or phased facility.
fn docking_refused(state: &GameState, f: usize, player: &str) -> Option<Reason> {
    let fac = &state.pieces[f];
    if fac.card.card_type != CardType::Facility {
        return Some(super::fact(format!("{} is not a facility", fac.handle)));
    }
    if fac.status.cloaked || fac.status.phased {
        return Some(because(
            format!(
                "{} is cloaked or phased: ships may not dock at it",
                fac.handle
            ),
            "cloaking and phasing",
        ));
    }
    let kind = fac.card.class.clone().unwrap_or_default().to_lowercase();
    let outpost = kind.contains("outpost");
    if !outpost && !permissions::grants(&fac.card, "dock") {
        return Some(because(
            format!(
                "{} is not an outpost and its text does not allow docking (only space facilities allow it)",
                fac.handle
            ),
            "facility",
        ));
    }
    if outpost && !fac.controller.eq_ignore_ascii_case(player) {
        return Some(because(
            format!(
                "{} is your opponent's outpost: you may not use it",
                fac.handle
            ),
            "facility",
        ));
    }
    None
}

/// Cloaking and phasing: only if game text allows (Cloaking Device / Phasing
/// Cloak), once each turn, during your turn, never while "stopped".
fn cloak(act: &str, state: &GameState, movers: &[usize], mut reasons: Vec<Reason>) -> Verdict {
    let title = "cloaking and phasing";
    let Some(&c) = movers.first() else {
        return undecided("`card` (the ship cloaking or phasing)", reasons, title);
    };
    let p = &state.pieces[c];
    if state.is_stopped(c) {
        return no(
            reasons,
            because(
                format!("{} is \"stopped\" and may not cloak or phase", p.handle),
                "stopped",
            ),
        );
    }
    if p.status.used_this_turn {
        return no(reasons, because("a card may perform only one cloaking, decloaking, phasing or dephasing action each turn", title));
    }
    let phase = act.contains("phase");
    let undo = act.starts_with("de");
    let now = if phase {
        p.status.phased
    } else {
        p.status.cloaked
    };
    if undo != now {
        return no(
            reasons,
            super::fact(format!(
                "{} is {}{}",
                p.handle,
                if now { "already " } else { "not " },
                if phase { "phased" } else { "cloaked" }
            )),
        );
    }
    if !undo
        && (if phase {
            p.status.cloaked
        } else {
            p.status.phased
        })
    {
        return no(
            reasons,
            because(
                "a card may not be cloaked and phased at the same time",
                title,
            ),
        );
    }
    let device = if phase {
        "phasing cloak"
    } else {
        "cloaking device"
    };
    // Its compiled text ("Cloaking Device" in its special equipment) or its
    // characteristics list the device.
    let base = if phase { "phase" } else { "cloak" };
    let asked = super::request(base, &p.controller, &[c], None, None);
    let granted = matches!(
        state.permits(&asked),
        crate::engine::state::Permission::Permits { .. }
    ) || permissions::equipped(&p.card, base);
    if !granted {
        return no(
            reasons,
            because(
                format!(
                    "{}'s game text does not allow it to {}",
                    p.handle,
                    if phase { "phase" } else { "cloak" }
                ),
                title,
            ),
        );
    }
    reasons.push(because(
        format!(
            "{} has a {device}, is unstopped and has not cloaked or phased this turn",
            p.handle
        ),
        title,
    ));
    Verdict::yes_no(true, reasons, vec![])
}
