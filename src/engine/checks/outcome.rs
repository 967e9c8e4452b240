//! Values the rules compute: attack results (hit / direct hit), personal
//! combat, personnel battle winners, attributes, points and RANGE.

use super::{because, claim, fact, undecided};
use crate::cards::model::CardType;
use crate::engine::derived;
use crate::engine::question::{indices, OutcomeQuestion as Question};
use crate::engine::ruleset::{self, EventKind, GameAction};
use crate::engine::state::{Attr, GameState};
use crate::engine::verdict::Verdict;

fn num(s: &Option<crate::cards::model::Stat>) -> i32 {
    s.as_ref().and_then(|x| x.num()).unwrap_or(0)
}

/// `ask = "outcome"`, `of = ...`.
pub fn outcome(q: &Question, state: &GameState) -> Verdict {
    match Some(q.of.as_str()) {
        Some("attack result") => attack_result(q, state),
        Some("combat") => combat(q, state),
        Some("battle winner") => battle_winner(q, state),
        Some("attribute") => attribute(q, state),
        Some("points") => points(q, state),
        Some("range") => range(q, state),
        other => undecided(
            format!("unknown outcome {other:?}: attack result, combat, battle winner, attribute, points, range"),
            vec![],
            "attribute",
        ),
    }
}

fn attack_result(q: &Question, state: &GameState) -> Verdict {
    let title = "battle - ship";
    let mut reasons = Vec::new();
    let attack = match q.attack {
        Some(a) => a,
        None => {
            let shooters: Vec<usize> = q.who.pieces();
            if shooters.is_empty() {
                return undecided("`attack` or `by` (firing ships)", vec![], title);
            }
            let w: i32 = shooters
                .iter()
                .map(|&s| derived::read(state, s, Attr::Weapons, &mut reasons))
                .sum();
            reasons.push(fact(format!("WEAPONS of the firing cards total {w}")));
            w
        }
    } + q.attack_bonus.unwrap_or(0);
    let defense = match q.defense {
        Some(d) => d,
        None => {
            let Some(t) = q.target.first().map(|t| t.0) else {
                return undecided("`defense` or `target`", reasons, title);
            };
            let mut d = derived::read(state, t, Attr::Shields, &mut reasons);
            reasons.push(fact(format!("{} SHIELDS {d}", state.pieces[t].handle)));
            if let Some(f) = state.pieces[t].docked {
                let ext = derived::read(state, f, Attr::Shields, &mut reasons) / 2;
                reasons.push(because(
                    format!("docked: +{ext} (50% of the facility's SHIELDS)"),
                    title,
                ));
                d += ext;
            }
            d
        }
    } + q.defense_bonus.unwrap_or(0);
    let value = if attack > 2 * defense {
        reasons.push(because(
            format!("ATTACK {attack} is more than double DEFENSE {defense}"),
            "direct hit",
        ));
        "direct hit"
    } else if attack > defense {
        reasons.push(because(
            format!("ATTACK {attack} is greater than DEFENSE {defense}"),
            "hit",
        ));
        reasons.push(because(
            format!("ATTACK {attack} is not more than double DEFENSE {defense}: no direct hit"),
            "direct hit",
        ));
        "hit"
    } else {
        reasons.push(because(
            format!("ATTACK {attack} is not greater than DEFENSE {defense}: the target is not hit"),
            "hit",
        ));
        "miss"
    };
    // ""If you hit" means "if you score a hit or direct hit."" (hit)
    if value == "direct hit"
        && q.is
            .as_deref()
            .map(crate::repair::fold_for_match)
            .as_deref()
            == Some("hit")
    {
        reasons.push(because("a direct hit is also a hit", "hit"));
        return Verdict::yes_no(true, reasons, vec![super::g(title)]);
    }
    claim(value.into(), &q.is, reasons, title)
}

fn combat(q: &Question, state: &GameState) -> Verdict {
    let title = "battle - personnel";
    let (Some(a), Some(b)) = (
        q.who.card(),
        q.against.or(q.target.first().copied()).map(|p| p.0),
    ) else {
        return undecided("`card` and `against` (the two combatants)", vec![], title);
    };
    let (pa, pb) = (&state.pieces[a], &state.pieces[b]);
    for p in [pa, pb] {
        if p.status.stunned || p.status.mortally_wounded || p.status.disabled {
            return claim(
                "nothing".into(),
                &q.is,
                vec![because(
                    format!(
                        "{} is stunned, mortally wounded or disabled and is not in the combat pile",
                        p.handle
                    ),
                    title,
                )],
                title,
            );
        }
    }
    let mut reasons = Vec::new();
    let sa = derived::read(state, a, Attr::Strength, &mut reasons);
    let sb = derived::read(state, b, Attr::Strength, &mut reasons);
    reasons.push(fact(format!(
        "{} STRENGTH {sa} against {} STRENGTH {sb}",
        pa.handle, pb.handle
    )));
    let value = if sa > 2 * sb {
        reasons.push(because(
            "more than double the adversary's STRENGTH: may mortally wound",
            title,
        ));
        "mortally wound"
    } else if sa > sb {
        reasons.push(because("greater STRENGTH: may stun the adversary", title));
        "stun"
    } else {
        reasons.push(because(
            if sa == sb {
                "equal STRENGTH: neither may stun or mortally wound the other"
            } else {
                "lower STRENGTH: the adversary decides"
            },
            title,
        ));
        "nothing"
    };
    claim(value.into(), &q.is, reasons, title)
}

/// "who won the battle?": answered by applying the battle.
fn battle_winner(q: &Question, state: &GameState) -> Verdict {
    let title = "battle - personnel";
    let (by, cards) = (q.who.by(), indices(&q.cards));
    if by.is_empty() || cards.is_empty() {
        return undecided(
            "`by` (one side's personnel) and `cards` (the other side's)",
            vec![],
            title,
        );
    }
    let battle = GameAction::PersonnelBattle { sides: [by, cards] };
    let events = ruleset::apply(&mut state.clone(), &battle);
    let reasons = events.iter().map(|e| e.reason.clone()).collect();
    let value = events
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::BattleWon(player) => Some(player.clone()),
            EventKind::BattleTied => Some("tie".into()),
            _ => None,
        })
        .unwrap_or_else(|| "tie".into());
    claim(value, &q.is, reasons, title)
}

fn attribute(q: &Question, state: &GameState) -> Verdict {
    let Some(c) = q.who.card() else {
        return undecided("`card`", vec![], "attribute");
    };
    let p = &state.pieces[c];
    let which = q.attribute.clone().unwrap_or_default().to_uppercase();
    let ship = matches!(p.card.card_type, CardType::Ship | CardType::Facility);
    let mut reasons = Vec::new();
    let Some(attr) = Attr::parse(&which).filter(|a| a.of_personnel() != ship) else {
        return undecided(
            format!("`attribute` {which:?} is not an attribute of {}", p.handle),
            vec![],
            "attribute",
        );
    };
    let value = derived::read(state, c, attr, &mut reasons);
    let value = if which == "RANGE" && p.status.damaged && value > 5 {
        reasons.push(because("damaged: RANGE is reduced to 5", "battle - ship"));
        5
    } else {
        value
    };
    reasons.push(because(
        format!("{} {which} {value}", p.handle),
        "attribute",
    ));
    claim(value.to_string(), &q.is, reasons, "attribute")
}

fn points(q: &Question, state: &GameState) -> Verdict {
    let player = super::asker(&q.who, state);
    let base = state.points.get(&player).copied().unwrap_or(0);
    let bonus = state.bonus_points.get(&player).copied().unwrap_or(0);
    let mut reasons = vec![fact(format!(
        "{player} points scored before: {base}; bonus points: {bonus}"
    ))];
    let mut total = base + bonus;
    for l in &state.locations {
        if l.solved_by
            .as_deref()
            .is_some_and(|s| s.eq_ignore_ascii_case(&player))
        {
            let p = num(&l.mission.points);
            reasons.push(because(format!("solved {}: {p} points", l.name), "points"));
            total += p;
        }
    }
    reasons.push(because(
        "points from missions are non-bonus points; others are bonus points",
        "points",
    ));
    claim(total.to_string(), &q.is, reasons, "points")
}

fn range(q: &Question, state: &GameState) -> Verdict {
    let Some(s) = q.who.card() else {
        return undecided("`card` (a ship)", vec![], "movement");
    };
    let mut reasons = Vec::new();
    let left = super::staffing::range_left(state, s, &mut reasons);
    reasons.push(because(
        format!("{} has {left} RANGE left this turn", state.pieces[s].handle),
        "movement",
    ));
    claim(left.to_string(), &q.is, reasons, "movement")
}
