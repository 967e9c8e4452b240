//! Values the rules compute: attack results (hit / direct hit), personal
//! combat, personnel battle winners, attributes, points and RANGE.

use super::{because, claim, claim_citing, fact, undecided};
use crate::cards::model::CardType;
use crate::engine::derived;
use crate::engine::first_edition::{ship_battle, winning};
use crate::engine::question::{indices, OutcomeQuestion as Question};
use crate::engine::ruleset::{self, Engagement, Event, EventKind, GameAction};
use crate::engine::state::{Attr, GameState};
use crate::engine::verdict::{Reason, Verdict, VerdictValue};

/// What answers one `of`.
type Answer = fn(&Question, &GameState) -> Verdict;

/// Each `of` the outcome question answers, and what answers it (one table:
/// the answer to an unknown `of` lists it).
const OUTCOMES: &[(&str, Answer)] = &[
    ("attack result", attack_result),
    ("combat", combat),
    ("battle winner", battle_winner),
    ("attribute", attribute),
    ("points", points),
    ("range", range),
    ("range after moving", range_after_moving),
    ("attempt", attempt),
    ("matching commander", matching_commander),
    ("stopped after attack", stopped_after_attack),
    ("stopped at start of turn", stopped_at_start_of_turn),
    ("attack winner", attack_winner),
    ("points after solving", points_after_solving),
    ("points after attack", points_after_attack),
    ("score", score),
    ("points to win", points_to_win),
    ("winner", game_winner),
    ("win", win),
    ("casualty", casualty),
    ("assimilable", super::assimilation::assimilable),
    (
        "compatibility lost",
        super::house_arrest::compatibility_lost,
    ),
    (
        "persona replacement",
        super::persona_replacement::carried_over,
    ),
    ("infiltrator exposed", super::infiltration::exposed),
    ("nearest planet", super::spaceline::nearest),
    ("hologram", super::hologram::standing),
    ("emitter removed", super::hologram::emitter_removed),
    ("must leave", super::hologram::must_leave),
    ("aboard destroyed", super::hologram::aboard_destroyed),
    (
        "docked after reporting",
        super::report::docked_after_reporting,
    ),
];

/// `card` and the first of `target`, or the verdict naming what is missing
/// (`what`, under `entry`).
pub(super) fn card_and_target(
    q: &Question,
    what: &str,
    entry: &str,
) -> Result<(usize, usize), Verdict> {
    match (q.who.card(), q.target.first().map(|t| t.0)) {
        (Some(card), Some(target)) => Ok((card, target)),
        _ => Err(undecided(what, vec![], entry)),
    }
}

/// `ask = "outcome"`, `of = ...`.
pub fn outcome(q: &Question, state: &GameState) -> Verdict {
    match OUTCOMES.iter().find(|(of, _)| *of == q.of) {
        Some((_, answer)) => answer(q, state),
        None => {
            // `card play` is answered with the card database (checks::answer).
            let mut known: Vec<&str> = OUTCOMES.iter().map(|(of, _)| *of).collect();
            known.push(super::card_play::OF);
            // No entry decides a question the engine does not know: cite none.
            Verdict::new(
                VerdictValue::Undecided(format!(
                    "unknown outcome {:?}: {}",
                    q.of,
                    known.join(", ")
                )),
                vec![],
                vec![],
            )
        }
    }
}

fn attack_result(q: &Question, state: &GameState) -> Verdict {
    let title = ship_battle::ENTRY;
    let mut reasons = Vec::new();
    let attack = match q.attack {
        Some(a) => a,
        None => {
            let shooters: Vec<usize> = q.who.pieces();
            if shooters.is_empty() {
                return undecided("`attack` or `by` (firing ships)", vec![], title);
            }
            ship_battle::attack_total(state, &shooters, &mut reasons)
        }
    } + q.attack_bonus.unwrap_or(0);
    let defense = match (q.defense, q.target.first()) {
        (Some(d), _) => d,
        (None, Some(t)) => ship_battle::defense_total(state, t.0, &mut reasons),
        (None, None) => return undecided("`defense` or `target`", reasons, title),
    } + q.defense_bonus.unwrap_or(0);
    let bonuses = (q.attack_bonus.unwrap_or(0), q.defense_bonus.unwrap_or(0));
    reasons.extend(ship_battle::bonus_reasons(bonuses.0, bonuses.1));
    let (fire, why) = ship_battle::Fire::of(attack, defense);
    reasons.push(why);
    // A direct hit is tested first: below it, its threshold was not reached.
    if fire != ship_battle::Fire::DirectHit {
        reasons.push(because(
            format!("ATTACK {attack} is not more than double DEFENSE {defense}: no direct hit"),
            "direct hit",
        ));
    }
    // ""If you hit" means "if you score a hit or direct hit."" (hit)
    if fire == ship_battle::Fire::DirectHit
        && q.is
            .as_deref()
            .map(crate::repair::fold_for_match)
            .as_deref()
            == Some("hit")
    {
        reasons.push(because("a direct hit is also a hit", "hit"));
        // The direct hit decided it: its entry is cited with the battle's.
        return Verdict::yes_no(true, reasons, vec![super::g(title), super::g("direct hit")]);
    }
    // The hit / direct hit threshold decided the result: cite its entry too.
    let mut verdict = claim(fire.name().into(), &q.is, reasons, title);
    let decided = if fire == ship_battle::Fire::DirectHit {
        "direct hit"
    } else {
        "hit"
    };
    verdict.citations.push(super::g(decided));
    verdict
}

/// The ship battle `by` fire on `target`, applied to a copy of the state.
fn applied_attack(q: &Question, state: &GameState) -> Option<(GameState, Vec<Event>)> {
    let (firing, target) = (q.who.by(), q.target.first()?.0);
    if firing.is_empty() {
        return None;
    }
    let engagement = Engagement {
        firing,
        target,
        attack_bonus: q.attack_bonus.unwrap_or(0),
        defense_bonus: q.defense_bonus.unwrap_or(0),
        // `[action] cancelled = true` (the battle under way was cancelled)
        // or the question's own `cancelled`.
        cancelled: q.cancelled || state.action.as_ref().is_some_and(|a| a.cancelled),
    };
    let mut after = state.clone();
    let events = ruleset::apply(&mut after, &GameAction::Attack(engagement));
    Some((after, events))
}

/// "is the ship stopped afterwards?": answered by applying the attack.
fn stopped_after_attack(q: &Question, state: &GameState) -> Verdict {
    let Some((after, events)) = applied_attack(q, state) else {
        return undecided("`by` (firing ships) and `target`", vec![], "stopped");
    };
    let Some(card) = q.who.card().or(q.target.first().map(|t| t.0)) else {
        return undecided("`card`", vec![], "stopped");
    };
    let reasons: Vec<_> = events.into_iter().map(|e| e.reason).collect();
    let stopped = after.pieces[card].status.stopped && after.in_play(card);
    let verdict = if stopped {
        because(
            format!("{} is stopped after the battle", after.pieces[card].handle),
            "stopped",
        )
    } else {
        because(
            format!(
                "{} is not a surviving card of the battle",
                after.pieces[card].handle
            ),
            ship_battle::ENTRY,
        )
    };
    Verdict::yes_no(
        stopped,
        [reasons, vec![verdict]].concat(),
        vec![super::g("stopped")],
    )
}

/// "is this card still stopped when the next turn begins?": the start of
/// the next turn - `player`'s, else the opponent of the player whose turn
/// it is - is applied to a copy of the state: "stopped" or "unstopped".
fn stopped_at_start_of_turn(q: &Question, state: &GameState) -> Verdict {
    let Some(card) = q.who.card() else {
        return undecided("`card` (the stopped card)", vec![], "stopped");
    };
    let next = q.who.player.as_ref().map(|p| p.0.clone());
    let Some(player) = next.or_else(|| state.opponent_of(&state.turn_player)) else {
        return undecided("`player` (whose turn begins)", vec![], "stopped");
    };
    let was = state.is_stopped(card);
    let mut after = state.clone();
    let events = ruleset::apply(&mut after, &GameAction::StartTurn { player });
    let handle = &state.pieces[card].handle;
    let mut reasons = vec![fact(format!(
        "{handle} is {}stopped now",
        if was { "" } else { "not " }
    ))];
    reasons.extend(events.into_iter().map(|e| e.reason));
    let value = if after.is_stopped(card) {
        "stopped"
    } else {
        "unstopped"
    };
    claim(value.into(), &q.is, reasons, "stopped")
}

/// "who won the ship battle?": answered by applying the attack.
fn attack_winner(q: &Question, state: &GameState) -> Verdict {
    let Some((_, events)) = applied_attack(q, state) else {
        return undecided(
            "`by` (firing ships) and `target`",
            vec![],
            ship_battle::ENTRY,
        );
    };
    winner_of(&events, &q.is, ship_battle::ENTRY)
}

/// The winner a battle's events name, as a claim.
fn winner_of(events: &[Event], is: &Option<String>, title: &str) -> Verdict {
    let reasons = events.iter().map(|e| e.reason.clone()).collect();
    let value = events
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::BattleWon(player, _) => Some(player.clone()),
            EventKind::BattleTied(_) => Some("tie".into()),
            _ => None,
        })
        .unwrap_or_else(|| "tie".into());
    claim(value, is, reasons, title)
}

/// "how many points does alice have after solving?": the mission is solved
/// on a copy of the state, then the points are counted.
fn points_after_solving(q: &Question, state: &GameState) -> Verdict {
    let Some(location) = q.mission.map(|m| m.0) else {
        return undecided("`mission` (the mission solved)", vec![], "solve");
    };
    let player = super::asker(&q.who, state);
    let mut after = state.clone();
    let solve = GameAction::Solve { location, player };
    let events = ruleset::apply(&mut after, &solve);
    let verdict = points(q, &after);
    let reasons = events.into_iter().map(|e| e.reason).chain(verdict.reasons);
    Verdict::new(verdict.value, reasons.collect(), vec![super::g("points")])
}

/// "how many points does bob have after his ship destroys the Borg Cube?":
/// the attack is applied to a copy of the state, then `player`'s points
/// (all of them, bonus or not) are counted.
fn points_after_attack(q: &Question, state: &GameState) -> Verdict {
    let Some((after, events)) = applied_attack(q, state) else {
        return undecided("`by` (firing ships) and `target`", vec![], "points");
    };
    let verdict = points(q, &after);
    let scored: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::PointsScored { .. }))
        .collect();
    let citations = scored
        .iter()
        .filter_map(|e| e.reason.citation.clone())
        .collect::<Vec<_>>();
    let reasons = events
        .iter()
        .map(|e| e.reason.clone())
        .chain(verdict.reasons);
    let citations = if citations.is_empty() {
        vec![super::g("points")]
    } else {
        citations
    };
    Verdict::new(verdict.value, reasons.collect(), citations)
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
    let value = if sa > 2 * sb && pa.card.is_hologram() && !pb.card.is_hologram() {
        reasons.push(because(
            format!("more than double the adversary's STRENGTH, but {} is a hologram: holographic safety protocols let it stun, not mortally wound, a nonholographic adversary", pa.handle),
            crate::engine::first_edition::HOLOGRAMS,
        ));
        "stun"
    } else if sa > 2 * sb {
        if pa.card.is_hologram() {
            reasons.push(because(
                format!("{} is a hologram, and so is {}: the safety protocols spare only nonholographic adversaries", pa.handle, pb.handle),
                crate::engine::first_edition::HOLOGRAMS,
            ));
        }
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
    winner_of(&events, &q.is, title)
}

fn attribute(q: &Question, state: &GameState) -> Verdict {
    let Some(c) = q.who.card() else {
        return undecided("`card`", vec![], "attribute");
    };
    let mut reasons = Vec::new();
    let (state, name) = match &q.person {
        Some(person) => match one_person(state, c, person, &mut reasons) {
            Some(one) => one,
            None => {
                let why = format!(
                    "`person` {person:?} is not one of the people of {}",
                    state.pieces[c].handle
                );
                return undecided(why, vec![], DUAL);
            }
        },
        None => (
            std::borrow::Cow::Borrowed(state),
            state.pieces[c].handle.clone(),
        ),
    };
    // One person of a dual-personnel card: "dual-personnel cards" decides.
    let entry = |whole: &'static str| if q.person.is_some() { DUAL } else { whole };
    let which = q.attribute.clone().unwrap_or_default();
    if let Some(skill) = crate::vocab::vocabulary().skills.canonical(&which) {
        let asked = (name.as_str(), skill.as_str(), entry("skills"));
        return skill_level(&state, c, asked, reasons, &q.is);
    }
    let which = which.to_uppercase();
    let p = &state.pieces[c];
    let ship = matches!(p.card.card_type, CardType::Ship | CardType::Facility);
    let Some(attr) = Attr::parse(&which).filter(|a| a.of_personnel() != ship) else {
        return undecided(
            format!("`attribute` {which:?} is not an attribute of {}", p.handle),
            vec![],
            "attribute",
        );
    };
    let value = derived::read(&state, c, attr, &mut reasons);
    let value = if which == "RANGE" && p.status.damaged && value > 5 {
        reasons.push(because("damaged: RANGE is reduced to 5", "battle - ship"));
        5
    } else {
        value
    };
    reasons.push(because(format!("{name} {which} {value}"), "attribute"));
    claim(value.to_string(), &q.is, reasons, entry("attribute"))
}

const DUAL: &str = "dual-personnel cards";

/// The state with the dual-personnel card `piece` standing for its one
/// person `name` alone, with only that person's skills, classification and
/// attributes (Glossary "dual-personnel cards": they "appear in the same
/// order as the individual personnel's skills are listed").
fn one_person<'s>(
    state: &'s GameState,
    piece: usize,
    name: &str,
    reasons: &mut Vec<Reason>,
) -> Option<(std::borrow::Cow<'s, GameState>, String)> {
    let card = &state.pieces[piece].card;
    let people = crate::cards::persona::people(card);
    let person = crate::cards::persona::person_named(&people, name)?.clone();
    reasons.push(because(
        format!(
            "{} is one card holding two personnel; classifications and attributes appear in the same order as each personnel's skills are listed, so {} has only that personnel's own",
            card.title, person.title
        ),
        DUAL,
    ));
    let title = person.title.clone();
    let mut one = state.clone();
    one.pieces[piece].card = person;
    Some((std::borrow::Cow::Owned(one), title))
}

/// The level of `skill` a personnel has, with the cards in play granting or
/// taking it; `entry` decides it.
fn skill_level(
    state: &GameState,
    piece: usize,
    (name, skill, entry): (&str, &str, &str),
    mut reasons: Vec<Reason>,
    is: &Option<String>,
) -> Verdict {
    let (skills, _) = derived::skills(state, piece);
    let level: f32 = skills
        .iter()
        .filter(|s| s.name == skill)
        .fold(0.0, |n, s| n + s.level);
    reasons.push(because(format!("{name} has {skill} x{level}"), "skills"));
    claim(level.to_string(), is, reasons, entry)
}

fn points(q: &Question, state: &GameState) -> Verdict {
    let player = super::asker(&q.who, state);
    let mut reasons = Vec::new();
    let score = winning::Score::of(state, &player, &mut reasons);
    reasons.push(because(
        "points from missions are non-bonus points; others are bonus points",
        "points",
    ));
    claim(score.total().to_string(), &q.is, reasons, "points")
}

/// "how much RANGE has the ship left after moving there?": the move is
/// applied to a copy of the state (whether it is allowed is `can move`'s
/// question), then the RANGE left is read.
fn range_after_moving(q: &Question, state: &GameState) -> Verdict {
    let (Some(ship), Some(crate::engine::state::Target::Location(to))) = (q.who.card(), q.to)
    else {
        return undecided(
            "`card` (a ship) and `to` (a spaceline location)",
            vec![],
            "movement",
        );
    };
    let mut after = state.clone();
    let events = ruleset::apply(&mut after, &GameAction::Move { ship, to });
    let mut reasons: Vec<Reason> = events.into_iter().map(|e| e.reason).collect();
    // The RANGE of the move just made, less all used: "at the end your
    // remaining RANGE will be 3 (for further moving within the region)"
    // after a move within it, 5 less RANGE used after any other (Glossary
    // "interceptor").
    let from = state.location_of(ship).unwrap_or(to);
    let left = super::staffing::range_left(&after, ship, &mut reasons)
        + super::staffing::within_region_x(state, ship, (from, to), &mut reasons);
    reasons.push(because(
        format!(
            "{} has {left} RANGE left this turn",
            after.pieces[ship].handle
        ),
        "movement",
    ));
    claim(left.to_string(), &q.is, reasons, "movement")
}

/// "what comes of this mission attempt?": the attempt is applied to a copy
/// of the state - the dilemmas seeded under the mission in order, then its
/// requirements - and read: "solved", "stopped" (a dilemma stopped the
/// group and ended it) or "failed" (the requirements were not met).
use crate::engine::first_edition::attempt::DUAL_CHOICE;
use crate::engine::first_edition::q_flash::UNDESCRIBED;

fn attempt(q: &Question, state: &GameState) -> Verdict {
    let Some(location) = q.mission.map(|m| m.0) else {
        return undecided(
            "`mission` and `by` (the crew or Away Team)",
            vec![],
            "mission attempt",
        );
    };
    let group = super::attempt::group(&q.who, state);
    let ship = super::attempt::ship_of(&q.who, state);
    let player = super::asker(&q.who, state);
    let mut after = state.clone();
    after.selected = crate::engine::question::indices(&q.selected);
    let events = ruleset::apply(
        &mut after,
        &GameAction::Attempt {
            location,
            group: group.clone(),
            ship,
            player,
            chosen: crate::engine::question::indices(&q.target),
        },
    );
    // A choice the attempt waits for, or a Q-Flash's side deck the
    // scenario does not describe: the entry of each.
    let choice = events.iter().find_map(|e| match &e.kind {
        EventKind::ChoicePending { verb, .. } if verb == DUAL_CHOICE => {
            Some((e.reason.text.clone(), "dual-icon missions"))
        }
        EventKind::ChoicePending { verb, .. } if verb == UNDESCRIBED => {
            Some((e.reason.text.clone(), "Q-Continuum side deck"))
        }
        _ => None,
    });
    if let Some((what, entry)) = choice {
        let reasons: Vec<Reason> = events.into_iter().map(|e| e.reason).collect();
        return super::undecided(what, reasons, entry);
    }
    let value = if events
        .iter()
        .any(|e| matches!(e.kind, EventKind::PointsScored { .. }))
    {
        "solved"
    } else if group.iter().any(|&p| ruleset::affected(&events, "stop", p)) {
        "stopped"
    } else {
        "failed"
    };
    let reasons: Vec<Reason> = events.into_iter().map(|e| e.reason).collect();
    claim_citing(value.into(), &q.is, reasons, vec![])
}

/// "is this personnel the matching commander of that ship?" (Glossary
/// "matching commander"): the ship's lore names the personnel, or the
/// personnel's lore names the ship - read from the card database's Command
/// column, which records those lore statements - and the personnel is not
/// disabled or in stasis. Facilities have no matching commanders.
fn matching_commander(q: &Question, state: &GameState) -> Verdict {
    const ENTRY: &str = "matching commander";
    let (person, ship) =
        match card_and_target(q, "`card` (the personnel) and `target` (the ship)", ENTRY) {
            Ok(pair) => pair,
            Err(missing) => return missing,
        };
    let (p, s) = (&state.pieces[person], &state.pieces[ship]);
    let named = |list: &[String], title: &str| {
        let title = crate::repair::fold_for_match(title);
        list.iter()
            .any(|t| crate::repair::fold_for_match(t) == title)
    };
    let why = if s.card.card_type != CardType::Ship {
        Err(format!(
            "{} is no ship: matching commanders are defined only for ships",
            s.handle
        ))
    } else if named(&s.card.commands, &p.card.title) {
        Ok(format!(
            "{}'s lore names {} as its commander or captain",
            s.card.title, p.card.title
        ))
    } else if named(&p.card.commands, &s.card.title) {
        Ok(format!(
            "{}'s lore names {} as the ship he or she commands",
            p.card.title, s.card.title
        ))
    } else {
        Err(format!(
            "neither {}'s lore nor {}'s names the other as commander or captain (another version of a persona, a ship of the same class, \"transported\" or \"used by\" do not count)",
            s.card.title, p.card.title
        ))
    };
    let unable = p.status.disabled || p.status.in_stasis;
    let mut reasons = Vec::new();
    let value = match why {
        Ok(text) if unable => {
            reasons.push(because(text, ENTRY));
            reasons.push(because(
                format!(
                    "{} is disabled or in stasis: a matching commander must be able to act",
                    p.handle
                ),
                ENTRY,
            ));
            false
        }
        Ok(text) => {
            reasons.push(because(text, ENTRY));
            true
        }
        Err(text) => {
            reasons.push(because(text, ENTRY));
            false
        }
    };
    let value = if value { "yes" } else { "no" };
    claim(value.into(), &q.is, reasons, ENTRY)
}

/// "may this personnel be the one the winner of the personnel battle
/// kills?": yes / no, by the rules of `checks::battle::may_be_casualty`.
fn casualty(q: &Question, state: &GameState) -> Verdict {
    let Some(card) = q.who.card().or(q.target.first().map(|t| t.0)) else {
        return undecided(
            "`card` (the personnel asked about)",
            vec![],
            "battle - personnel",
        );
    };
    super::battle::may_be_casualty(state, card, &q.who.by())
}

/// The points of a player that count toward winning.
fn score(q: &Question, state: &GameState) -> Verdict {
    let player = super::asker(&q.who, state);
    let mut reasons = Vec::new();
    let total =
        winning::Score::of(state, &player, &mut reasons).toward_winning(&player, &mut reasons);
    claim_citing(total.to_string(), &q.is, reasons, vec![])
}

/// The points a player needs to win.
fn points_to_win(q: &Question, state: &GameState) -> Verdict {
    let player = super::asker(&q.who, state);
    let mut reasons = Vec::new();
    let goal = winning::goal(state, &player, &mut reasons);
    claim_citing(goal.to_string(), &q.is, reasons, vec![])
}

/// Who has won the game: a player's name, "tie" for a true tie, or
/// "nobody yet".
fn game_winner(q: &Question, state: &GameState) -> Verdict {
    let mut reasons = Vec::new();
    let value = match winner_among_players(state, &mut reasons) {
        winning::Winner::Player(p) | winning::Winner::Modified(p) => p,
        winning::Winner::TrueTie => "tie".into(),
        winning::Winner::NobodyYet => "nobody yet".into(),
        winning::Winner::Tied => return tied(reasons),
    };
    claim_citing(value, &q.is, reasons, vec![])
}

/// How `player` ends the game: "full win", "modified win", "loss", "tie"
/// (a true tie) or "nobody yet" (rulebook "WINNING THE GAME").
fn win(q: &Question, state: &GameState) -> Verdict {
    let player = super::asker(&q.who, state);
    let mut reasons = Vec::new();
    let is = |p: &str| p.eq_ignore_ascii_case(&player);
    let value = match winner_among_players(state, &mut reasons) {
        winning::Winner::Player(p) if is(&p) => "full win",
        winning::Winner::Modified(p) if is(&p) => "modified win",
        winning::Winner::Player(_) | winning::Winner::Modified(_) => "loss",
        winning::Winner::TrueTie => "tie",
        winning::Winner::NobodyYet => "nobody yet",
        winning::Winner::Tied => return tied(reasons),
    };
    claim_citing(value.into(), &q.is, reasons, vec![])
}

/// Who has won the game among the declared players.
fn winner_among_players(state: &GameState, reasons: &mut Vec<Reason>) -> winning::Winner {
    let players: Vec<String> = state.players.iter().map(|p| p.0.clone()).collect();
    winning::winner(state, &players, reasons)
}

fn tied(reasons: Vec<Reason>) -> Verdict {
    Verdict::new(
        VerdictValue::Undecided(
            "the players are tied on points, and the rules on winning do not say who wins a tie"
                .into(),
        ),
        reasons,
        vec![],
    )
}

fn range(q: &Question, state: &GameState) -> Verdict {
    let Some(s) = q.who.card() else {
        return undecided("`card` (a ship)", vec![], "movement");
    };
    let mut reasons = Vec::new();
    if super::staffing::region_x(&state.pieces[s].card).is_some() {
        // "At all other times (including when the ship is not moving), your
        // maximum RANGE is 5, less the RANGE used that turn."
        reasons.push(because(
            format!(
                "{} is not moving: its X counts only while it moves within a region",
                state.pieces[s].handle
            ),
            "interceptor",
        ));
    }
    let left = super::staffing::range_left(state, s, &mut reasons);
    reasons.push(because(
        format!("{} has {left} RANGE left this turn", state.pieces[s].handle),
        "movement",
    ));
    claim(left.to_string(), &q.is, reasons, "movement")
}
