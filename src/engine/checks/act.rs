//! `can act`: may a player take an action now — beam, walk, dock, undock,
//! move, attempt, battle, use a skill or game text, probe. Timing and
//! "stopped" first, then the action's own check.

use super::{because, no, undecided};
use crate::cards::model::CardType;
use crate::engine::action::{Phase, Step};
use crate::engine::state::{GameState, Place, Target};
use crate::engine::verdict::{Reason, Verdict};
use crate::scenario::Question;

/// A battle under way forbids other actions except valid responses.
fn battle_under_way(state: &GameState) -> bool {
    state.action.as_ref().is_some_and(|a| {
        a.chain().any(|x| {
            let k = x.kind.to_lowercase();
            (k.contains("battle") || k == "attack") && x.step != Step::Resolved
        })
    })
}

/// `ask = "can act"`, `act = ...`.
pub fn can_act(q: &Question, state: &GameState) -> Verdict {
    let Some(act) = q.act.as_deref() else {
        return undecided("`can act` needs `act`", vec![], "actions");
    };
    match act {
        "attempt" | "attempt mission" => return super::attempt::can_attempt(q, state),
        "battle" | "attack" | "initiate battle" => return super::battle::can_attack(q, state),
        "move" => return super::staffing::can_move(q, state),
        "report" => return super::report::can_report(q, state),
        _ => {}
    }
    let player = super::asker(q, state);
    let mut reasons: Vec<Reason> = Vec::new();
    let own_turn = state.turn_player.is_empty() || state.turn_player.eq_ignore_ascii_case(&player);
    if !own_turn {
        return no(reasons, because(format!("actions other than those allowed \"at any time\" are taken on your own turn; it is {}'s turn", state.turn_player), "turn"));
    }
    if battle_under_way(state) {
        return no(reasons, because("no other actions can occur during a battle unless they are a valid response or suspend play", "battle"));
    }
    let movers: Vec<usize> = q.by.iter().copied().chain(q.card).collect();
    match act {
        "beam" | "walk" => {
            if matches!(
                state.phase,
                Phase::StartOfTurn | Phase::EndOfTurn | Phase::Seed
            ) {
                return no(
                    reasons,
                    because(
                        "moving cards is executing orders, not a start- or end-of-turn action",
                        "turn",
                    ),
                );
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
            if act == "dock" {
                let Some(Target::Piece(f)) = q.to else {
                    return undecided("`to` (the facility)", reasons, "docking");
                };
                let (ok, why) = super::compat::sets_compatible(
                    state,
                    &player,
                    &state.affiliations(ship),
                    &state.affiliations(f),
                );
                reasons.push(why);
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
        if p.card.card_type == CardType::Facility
            && class.contains("station")
            && p.card.title.contains("Nor")
        {
            return no(
                reasons,
                because(
                    "you may not beam to, from or within a Nor unless a card allows it",
                    title,
                ),
            );
        }
        if !p.controller.eq_ignore_ascii_case(player) {
            let shields = p.card.str_shd.as_ref().and_then(|s| s.num()).unwrap_or(0);
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
                    reasons.push(why);
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
