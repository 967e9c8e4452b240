//! Battle initiation, counter-attacks and return fire ("battle", "battle -
//! affiliation restrictions", "battle - ship", "leader").

use super::{because, compat, fact, no, outside_executing_orders, ruling, undecided};
use crate::cards::model::CardType;
use crate::engine::question::{AttackQuestion as Question, BattleMode as Mode};
use crate::engine::state::{Attr, Format, GameState, PieceId, Place, Purpose};
use crate::engine::verdict::{Reason, Verdict};
use crate::vocab::vocabulary;

fn is_leader(state: &GameState, p: usize) -> bool {
    let c = &state.pieces[p].card;
    c.skill_level("Leadership") > 0.0
        || c.skill_level("OFFICER") > 0.0
        || c.class
            .as_deref()
            .is_some_and(|k| k.eq_ignore_ascii_case("OFFICER"))
}

fn able(state: &GameState, p: usize) -> bool {
    state.usable(PieceId(p), Purpose::Battle).is_ok()
}

/// Affiliations of a force: its ships/facilities and every personnel in it.
fn force_affiliations(state: &GameState, units: &[usize]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for &u in units {
        let mut members = vec![u];
        if matches!(
            state.pieces[u].card.card_type,
            CardType::Ship | CardType::Facility
        ) {
            members.extend(state.crew(u));
        }
        for m in members {
            for a in state.affiliations(m) {
                if !out.contains(&a) {
                    out.push(a);
                }
            }
        }
    }
    out
}

/// Where a unit fights: its location, and for personnel the spot they share.
fn battleground(state: &GameState, u: usize) -> (Option<usize>, Place) {
    (state.location_of(u), state.pieces[u].at)
}

/// Stasis, required actions and landed ships ("stasis", "actions – required",
/// "landed ships"): a reason this battle may not happen, if there is one.
fn restrained(
    state: &GameState,
    attackers: &[usize],
    targets: &[usize],
    mode: Mode,
    reasons: &mut Vec<Reason>,
) -> Option<Verdict> {
    let take = |r: &mut Vec<Reason>| std::mem::take(r);
    if let Some(&t) = targets.iter().find(|&&t| state.in_stasis(t)) {
        return Some(no(
            take(reasons),
            because(
                format!(
                    "{} is in stasis: cards in stasis may not be targeted in ship battle and are excluded from personnel battle",
                    state.pieces[t].handle
                ),
                "stasis",
            ),
        ));
    }
    if mode != Mode::ReturnFire {
        if let Some(why) = attackers.iter().find_map(|&a| {
            super::restraints::bound(
                state,
                a,
                "initiate battle, including a counter-attack (they may return fire)",
            )
        }) {
            return Some(no(take(reasons), why));
        }
    }
    let landed = |u: usize| {
        state.pieces[u].card.card_type == CardType::Ship && state.pieces[u].status.landed
    };
    let any_landed = attackers.iter().chain(targets).any(|&u| landed(u));
    let all_landed = attackers
        .iter()
        .chain(targets)
        .all(|&u| state.pieces[u].card.card_type != CardType::Ship || landed(u));
    let has_ship = |side: &[usize]| {
        side.iter()
            .any(|&u| state.pieces[u].card.card_type == CardType::Ship)
    };
    if any_landed && (!all_landed || !has_ship(attackers) || !has_ship(targets)) {
        return Some(no(
            take(reasons),
            because(
                "unless a card explicitly allows it, a landed ship may not attack or be attacked by a ship in orbit, nor by an Away Team",
                "landed ships",
            ),
        ));
    }
    None
}

/// `ask = "can attack"`: may `by` attack `target` (`battle` = initiate |
/// counter-attack | return fire)?
pub fn can_attack(q: &Question, state: &GameState) -> Verdict {
    let mode = q.battle;
    let attackers: Vec<usize> = q.who.pieces();
    let targets = crate::engine::question::indices(&q.target);
    if attackers.is_empty() || q.target.is_empty() {
        return undecided(
            "`can attack` needs `by` (attacking ships, facilities or Away Team) and `target`",
            vec![],
            "battle",
        );
    }
    let player = super::asker(&q.who, state);
    let mut reasons: Vec<Reason> = Vec::new();
    let target = targets
        .first()
        .map(|&t| crate::engine::state::Target::Piece(t));
    let asked = super::request("attack", &player, &attackers, target, None);
    if let Some(why) = super::forbidden_by_card(state, &asked) {
        return no(reasons, why);
    }
    let allowing = super::allowing_card(state, &asked, q.allowed_by);
    if mode != Mode::ReturnFire {
        if !state.turn_player.is_empty() && !state.turn_player.eq_ignore_ascii_case(&player) {
            return no(
                reasons,
                because(
                    format!(
                        "you may initiate battle only during your own turn; it is {}'s turn",
                        state.turn_player
                    ),
                    "battle",
                ),
            );
        }
        if let Some(why) = outside_executing_orders(
            state,
            "battle is initiated during the executing orders segment of your turn",
            "battle",
        ) {
            return no(reasons, why);
        }
    }
    for &t in &targets {
        if state.pieces[t].controller.eq_ignore_ascii_case(&player) {
            return no(
                reasons,
                because("you may attack only cards you do not control", "battle"),
            );
        }
    }
    if let Some(&t) = targets.iter().find(|&&t| {
        let s = &state.pieces[t].status;
        s.cloaked || s.phased
    }) {
        return no(
            reasons,
            because(
                format!(
                    "{} is cloaked or phased: it may not be attacked",
                    state.pieces[t].handle
                ),
                "cloaking and phasing",
            ),
        );
    }
    if let Some(v) = restrained(state, &attackers, &targets, mode, &mut reasons) {
        return v;
    }
    let ship_battle = attackers.iter().any(|&a| {
        matches!(
            state.pieces[a].card.card_type,
            CardType::Ship | CardType::Facility
        )
    });
    // Presence.
    for &a in &attackers {
        for &t in &targets {
            let (la, pa) = battleground(state, a);
            let (lt, pt) = battleground(state, t);
            let together = if ship_battle {
                la.is_some()
                    && la == lt
                    && !state.pieces[a].status.landed
                    && !state.pieces[t].status.landed
            } else {
                la.is_some() && pa == pt
            };
            if !together {
                let entry = if ship_battle { "battle" } else { "present" };
                return no(
                    reasons,
                    because(
                        format!(
                            "{} and {} are not {}",
                            state.pieces[a].handle,
                            state.pieces[t].handle,
                            if ship_battle {
                                "at the same location"
                            } else {
                                "present together"
                            }
                        ),
                        entry,
                    ),
                );
            }
        }
    }
    let v = &vocabulary().affiliations;
    let attacker_affs = force_affiliations(state, &attackers);
    let borg = attacker_affs.iter().any(|a| v.needs_card_to_initiate(a));
    // Each firing unit.
    let units: Vec<Vec<usize>> = if ship_battle {
        attackers.iter().map(|&a| vec![a]).collect()
    } else {
        vec![attackers.clone()]
    };
    for unit in &units {
        let (people, ship) = if ship_battle {
            (
                state
                    .crew(unit[0])
                    .into_iter()
                    .filter(|&p| able(state, p))
                    .collect::<Vec<_>>(),
                Some(unit[0]),
            )
        } else {
            (
                unit.iter().copied().filter(|&p| able(state, p)).collect(),
                None,
            )
        };
        if let Some(s) = ship {
            let p = &state.pieces[s];
            let weapons = crate::engine::derived::read(state, s, Attr::Weapons, &mut reasons);
            let entry = "battle - ship";
            if state.is_stopped(s) {
                return no(
                    reasons,
                    because(
                        format!("{} is \"stopped\" and may not fire", p.handle),
                        entry,
                    ),
                );
            }
            if p.docked.is_some() {
                return no(
                    reasons,
                    because(
                        format!("{} is docked and may not fire WEAPONS", p.handle),
                        entry,
                    ),
                );
            }
            if p.status.cloaked || p.status.phased {
                return no(
                    reasons,
                    because(
                        format!("{} is cloaked or phased and may not fire", p.handle),
                        entry,
                    ),
                );
            }
            if weapons <= 0 {
                return no(
                    reasons,
                    because(format!("{} has no WEAPONS>0", p.handle), entry),
                );
            }
            if !has_weapons_operator(state, s, &people) {
                let reason = if unaffiliated(state, s) {
                    ruling(
                        format!("{} has no compatible personnel aboard", p.handle),
                        "WEAPONS, using",
                    )
                } else {
                    because(
                        format!(
                            "{} has no personnel of matching affiliation aboard",
                            p.handle
                        ),
                        entry,
                    )
                };
                return no(reasons, reason);
            }
            reasons.push(because(format!("{} is unstopped, undocked, uncloaked, has WEAPONS {weapons} and a personnel aboard who may fire them", p.handle), entry));
        } else if people.iter().any(|&p| state.is_stopped(p)) {
            return no(
                reasons,
                because(
                    "\"stopped\" personnel may not participate in a battle",
                    "stopped",
                ),
            );
        }
        if mode == Mode::Initiate {
            if borg {
                let def = &v.staffing.borg_battle_icon;
                if !people.iter().any(|&p| state.pieces[p].card.has_icon(def)) {
                    return no(
                        reasons,
                        because(
                            "Borg must have a Borg Defense personnel present instead of a leader",
                            "leader",
                        ),
                    );
                }
            } else if let Some(&l) = people.iter().find(|&&p| is_leader(state, p)) {
                reasons.push(because(
                    format!(
                        "{} is a leader (Leadership or OFFICER)",
                        state.pieces[l].handle
                    ),
                    "leader",
                ));
            } else {
                return no(reasons, because("each attacking ship, facility or Away Team must have a leader present (Leadership or OFFICER)", "battle"));
            }
        }
    }
    match mode {
        Mode::ReturnFire => {
            reasons.push(because(
                "returning fire needs no leader and no affiliation restriction applies",
                "battle - ship",
            ));
            return Verdict::yes_no(true, reasons, vec![]);
        }
        Mode::CounterAttack => {
            let opp = state.pieces[targets[0]].controller.clone();
            let attacked = state
                .attacked_last_turn
                .iter()
                .any(|p| p.eq_ignore_ascii_case(&opp))
                || targets
                    .iter()
                    .any(|&t| state.pieces[t].status.attacked_last_turn);
            if !attacked {
                return no(reasons, because(format!("{opp} did not attack you on the previous turn: there is nothing to counter-attack"), "battle"));
            }
            reasons.push(because("when you counter-attack, no leader is required and no affiliation restrictions apply", "battle"));
            return Verdict::yes_no(true, reasons, vec![]);
        }
        Mode::Initiate => {}
    }
    if borg {
        return match &allowing {
            Some(card) => {
                reasons.push(because(format!("{card} allows the Borg to initiate battle; they may then attack any affiliation"), "battle - affiliation restrictions"));
                Verdict::yes_no(true, reasons, vec![])
            }
            None => no(
                reasons,
                because(
                    "Borg forces may not initiate battle except when allowed or required by a card",
                    "battle - affiliation restrictions",
                ),
            ),
        };
    }
    if state.format == Format::WarpSpeed {
        reasons.push(because(
            "in Warp Speed non-Borg affiliations have no affiliation attack restrictions",
            "Warp Speed",
        ));
        return Verdict::yes_no(true, reasons, vec![]);
    }
    let target_affs = force_affiliations(state, &targets);
    reasons.push(fact(format!(
        "attacking force: {}; target force: {}",
        attacker_affs.join(", "),
        target_affs.join(", ")
    )));
    for a in &attacker_affs {
        for t in &target_affs {
            if !v.may_attack(a, t) {
                if let Some(card) = &allowing {
                    reasons.push(because(
                        format!("{card} allows this attack"),
                        "battle - affiliation restrictions",
                    ));
                    return Verdict::yes_no(true, reasons, vec![]);
                }
                return no(reasons, because(
                    format!("a mixed force is subject to all its members' restrictions: {a} may not attack {t}"),
                    "battle - affiliation restrictions",
                ));
            }
        }
    }
    reasons.push(because(
        "no affiliation restriction forbids this attack",
        "battle - affiliation restrictions",
    ));
    Verdict::yes_no(true, reasons, vec![])
}

/// Is the ship Non-Aligned or Neutral only (no affiliation of its own to match)?
fn unaffiliated(state: &GameState, ship: usize) -> bool {
    let v = &vocabulary().affiliations;
    let affs = state.affiliations(ship);
    !affs.is_empty() && affs.iter().all(|a| v.is_universal_mixer(a))
}

/// "Affiliated cards require a matching personnel aboard; Neutral and
/// Non-Aligned cards require a compatible personnel aboard" (Current Rulings
/// "WEAPONS, using").
fn has_weapons_operator(state: &GameState, ship: usize, people: &[usize]) -> bool {
    let ship_affs = state.affiliations(ship);
    if unaffiliated(state, ship) {
        let owner = &state.pieces[ship].controller;
        return people.iter().any(|&m| {
            state.affiliations(m).iter().any(|a| {
                ship_affs
                    .iter()
                    .any(|s| compat::affiliations_compatible(state, owner, s, a).0)
            })
        });
    }
    people
        .iter()
        .any(|&m| state.affiliations(m).iter().any(|a| ship_affs.contains(a)))
}
