//! Scoring and winning, in the order the 1E rulebook's "WINNING THE GAME"
//! and the Glossary's "points" and "winning the game" give them: a player's
//! score toward winning (non-bonus points, bonus points up to the non-bonus
//! ones, less points that "do not count toward winning"), the points a
//! player needs (the goal, plus a penalty without a mission completed or
//! scouted in the required quadrant: `[winning]` of
//! glossary/affiliations.toml), and who has won.

use super::rule;
use crate::cards::model::Card;
use crate::engine::ruleset::{Event, EventKind};
use crate::engine::state::{Format, GameState};
use crate::engine::verdict::{Citation, Reason};
use crate::vocab::affiliations::Winning;

fn rules() -> &'static Winning {
    &crate::vocab::vocabulary().affiliations.winning
}

/// A reason applying the rulebook's section on winning.
fn rulebook(text: String) -> Reason {
    Reason {
        text,
        citation: Some(Citation::from(&rules().source)),
    }
}

/// A reason applying the entry that states the normal victory conditions.
fn victory(text: String) -> Reason {
    Reason {
        text,
        citation: Some(Citation::from(&rules().goal_source)),
    }
}

/// A player's points, by kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Score {
    pub non_bonus: i32,
    pub bonus: i32,
    /// Points a card says do not count toward winning.
    pub not_counting: i32,
}

impl Score {
    /// Points scored from missions (those solved on the spaceline and those
    /// the scenario counts before it) are non-bonus; others are bonus
    /// (Glossary "points").
    pub fn of(state: &GameState, player: &str, reasons: &mut Vec<Reason>) -> Score {
        let mut missions = 0;
        for l in state
            .locations
            .iter()
            .filter(|l| same(l.solved_by.as_deref(), player))
        {
            let points = l.mission.points.as_ref().and_then(|p| p.num()).unwrap_or(0);
            if !borg_may_score(state, player, &l.mission, reasons) {
                continue;
            }
            reasons.push(rule(
                format!("solved {}: {points} points", l.name),
                "points",
            ));
            missions += points;
        }
        let score = Score {
            non_bonus: state.points.get(player).copied().unwrap_or(0) + missions,
            bonus: state.bonus_points.get(player).copied().unwrap_or(0)
                + contributed(state, player, reasons),
            not_counting: state.ending.not_counting.get(player).copied().unwrap_or(0),
        };
        reasons.push(rule(
            format!(
                "{player} has {} non-bonus points (missions) and {} bonus points",
                score.non_bonus, score.bonus
            ),
            "points",
        ));
        score
    }

    /// Every point scored, bonus or not (Glossary "points": scoring is any
    /// change in a player's score).
    pub fn total(self) -> i32 {
        self.non_bonus + self.bonus
    }

    /// The points that count toward winning, with the reasons that cut any.
    pub fn toward_winning(self, player: &str, reasons: &mut Vec<Reason>) -> i32 {
        let mut bonus = self.bonus;
        if self.bonus > self.non_bonus {
            bonus = self.non_bonus;
            reasons.push(rulebook(format!(
                "{player} has more bonus points ({}) than non-bonus points ({}): the {} excess bonus points do not count toward winning",
                self.bonus,
                self.non_bonus,
                self.bonus - self.non_bonus
            )));
        } else if self.bonus > 0 {
            reasons.push(rulebook(format!(
                "{player}'s bonus points ({}) are not more than the non-bonus points ({}): all count toward winning",
                self.bonus, self.non_bonus
            )));
        }
        if self.not_counting != 0 {
            reasons.push(rule(
                format!(
                    "{} of {player}'s points do not count toward winning: they are not counted in the final score",
                    self.not_counting
                ),
                "points",
            ));
        }
        self.non_bonus + bonus - self.not_counting
    }
}

/// A ship destroyed in battle by `firing`: a ship of an affiliation whose
/// ships' bonus points go to the destroyer (Glossary "Borg": "earned by your
/// non-Borg opponent whenever he destroys your Borg ship in battle") scores
/// its points box as bonus points to the controller of the firing cards,
/// unless they are of that affiliation ("These bonus points do not
/// contribute to a Borg player's score").
pub fn destroyed_in_battle(state: &mut GameState, ship: usize, firing: &[usize]) -> Vec<Event> {
    let w = rules();
    let Some(affiliation) = state.affiliations(ship).into_iter().find(|a| {
        w.destroyed_ship_bonus
            .iter()
            .any(|b| b.eq_ignore_ascii_case(a))
    }) else {
        return vec![];
    };
    let points = state.pieces[ship]
        .card
        .points
        .as_ref()
        .and_then(|p| p.num())
        .unwrap_or(0);
    let Some(&shooter) = firing.first() else {
        return vec![];
    };
    let destroyer = state.pieces[shooter].controller.clone();
    let handle = state.pieces[ship].handle.clone();
    let reason = |text: String| Reason {
        text,
        citation: Some(Citation::from(&w.destroyed_ship_bonus_source)),
    };
    let own_kind = firing.iter().any(|&f| {
        state
            .affiliations(f)
            .iter()
            .any(|a| a.eq_ignore_ascii_case(&affiliation))
    });
    if own_kind {
        let text = format!(
            "{handle}'s {points} bonus points do not contribute to a {affiliation} player's score: {destroyer} destroyed it with {affiliation} cards and scores nothing"
        );
        return vec![Event {
            kind: EventKind::Values,
            reason: reason(text),
        }];
    }
    *state.bonus_points.entry(destroyer.clone()).or_insert(0) += points;
    let text = format!(
        "{handle} is a {affiliation} ship destroyed in battle: its {points} bonus points are earned by {destroyer}, the non-{affiliation} opponent who destroyed it (bonus, not non-bonus, points)"
    );
    vec![Event {
        kind: EventKind::PointsScored {
            player: destroyer,
            points,
        },
        reason: reason(text),
    }]
}

/// The rulebook's section limiting contributions to one copy of a card.
const CONTRIBUTION_LIMITS: &str = "CONTRIBUTION LIMITS";

/// Bonus points `player` scores from cards granting points for the cards
/// contributed to them (not Mission cards: bonus points, Glossary "points").
/// "Only one copy of a given card may be "contributed" to ... trigger an
/// effect, even if multiple copies are available" (rulebook "CONTRIBUTION
/// LIMITS"): per granting card (its copies are one effect, the cumulative
/// rule), each card contributed counts once however many copies, or
/// entries, name it.
fn contributed(state: &GameState, player: &str, reasons: &mut Vec<Reason>) -> i32 {
    let mut counted: Vec<(&str, &str, &str)> = Vec::new();
    let mut total = 0;
    for c in state
        .contributions
        .iter()
        .filter(|c| same(Some(&c.player), player))
    {
        let granting = state.pieces[c.card].card.title.as_str();
        if !borg_may_score(state, player, &state.pieces[c.card].card, reasons) {
            continue;
        }
        if c.by.is_empty() {
            total += c.points;
            let text = format!("{granting}: {player} scores {} bonus points", c.points);
            reasons.push(rule(text, "points"));
        }
        for &p in &c.by {
            let card = &state.pieces[p].card;
            let key = (granting, card.title.as_str(), card.text.as_str());
            let handle = &state.pieces[p].handle;
            let text = if counted.contains(&key) {
                format!("{handle} is another copy of a card already contributed to {granting}: only one copy of a given card may be contributed, it scores nothing more")
            } else {
                counted.push(key);
                total += c.points;
                format!(
                    "{handle} contributed to {granting}: {player} scores {} bonus points",
                    c.points
                )
            };
            reasons.push(Reason {
                text,
                citation: Some(Citation::new("rulebook-1e", CONTRIBUTION_LIMITS)),
            });
        }
    }
    total
}

/// The Glossary entry stating what a Borg player scores.
const BORG: &str = "Borg";

/// "A Borg player scores points, both positive and negative, only from
/// Borg-use-only cards and cards which specify that they affect Borg. When
/// you or your Borg are confronted with any other card which is
/// point-related, play out the card but ignore the points" (Glossary "Borg",
/// "Scoring points"; rulebook "LEAVING PLAY" says the same). Whether
/// `player` scores the points `card` offers: always for a player not playing
/// Borg; for a Borg player only from a Borg-use-only card or a card whose
/// text specifies that it affects Borg (read by the ability compiler).
fn borg_may_score(state: &GameState, player: &str, card: &Card, reasons: &mut Vec<Reason>) -> bool {
    if !plays_borg(state, player) {
        return true;
    }
    let why = if card.is_borg_use_only() {
        Some("is a Borg-use-only card")
    } else if crate::engine::abilities::borg_points::specifies_affecting_borg(card) {
        Some("specifies that it affects Borg")
    } else {
        None
    };
    let text = match why {
        Some(why) => format!("{player} is playing Borg and {} {why}: its points are scored", card.title),
        None => format!(
            "{player} is playing Borg and {} is neither a Borg-use-only card nor a card which specifies that it affects Borg: a Borg player scores points only from those, its points are ignored",
            card.title
        ),
    };
    reasons.push(rule(text, BORG));
    why.is_some()
}

pub(super) fn same(a: Option<&str>, player: &str) -> bool {
    a.is_some_and(|a| a.eq_ignore_ascii_case(player))
}

/// A location whose mission is in the quadrant the victory conditions name.
fn in_required_quadrant(l: &crate::engine::state::Location) -> bool {
    l.mission
        .quadrant
        .as_deref()
        .is_some_and(|q| q.eq_ignore_ascii_case(&rules().required_quadrant))
}

/// The points `player` needs to win: the goal, plus the penalty for a
/// player who has not completed or scouted a mission in the required
/// quadrant, unless no such mission was seeded at all.
pub fn goal(state: &GameState, player: &str, reasons: &mut Vec<Reason>) -> i32 {
    let w = rules();
    let (goal, quadrant, penalty) = (w.goal, &w.required_quadrant, w.quadrant_penalty);
    let seeded = state.locations.iter().any(in_required_quadrant);
    let done = state
        .locations
        .iter()
        .filter(|l| in_required_quadrant(l))
        .any(|l| same(l.solved_by.as_deref(), player) || same(l.scouted_by.as_deref(), player));
    if seeded && !done {
        reasons.push(rulebook(format!(
            "{player} has not completed or scouted an {quadrant} Quadrant mission: {player} must score an additional {penalty} points to win"
        )));
        return goal + penalty;
    }
    reasons.push(rulebook(if seeded {
        format!("{player} has completed or scouted an {quadrant} Quadrant mission: {goal} points win")
    } else {
        format!("no {quadrant} Quadrant mission was seeded: {goal} points win, with no additional {penalty}")
    }));
    goal
}

/// Who has won, and how; or nobody yet; or a tie.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Winner {
    /// A full win: the victory conditions, a concession, the opponent's
    /// loss, the most points when the draw decks run out.
    Player(String),
    /// A modified win: the most points (in Warp Speed, the most missions
    /// solved) when time is called and neither player has won.
    Modified(String),
    NobodyYet,
    /// Tied on points where the documents name no winner.
    Tied,
    /// A tie the documents score as a true tie ("lose the game", Warp Speed).
    TrueTie,
}

/// Who has won the game `state` describes, among `players`.
pub fn winner(state: &GameState, players: &[String], reasons: &mut Vec<Reason>) -> Winner {
    if let Some(quitter) = &state.ending.conceded {
        let other = players.iter().find(|p| !p.eq_ignore_ascii_case(quitter));
        if let Some(other) = other {
            reasons.push(rulebook(format!(
                "{quitter} conceded: {other} is credited with a full win"
            )));
            return Winner::Player(other.clone());
        }
    }
    if let Some(decided) = lost(state, players, reasons) {
        return decided;
    }
    if state.format == Format::WarpSpeed {
        return super::warp_speed::winner(state, players, reasons);
    }
    let scores: Vec<(String, i32, i32)> = players
        .iter()
        .map(|p| {
            let score = Score::of(state, p, reasons).toward_winning(p, reasons);
            (p.clone(), score, goal(state, p, reasons))
        })
        .collect();
    let reached: Vec<&(String, i32, i32)> = scores.iter().filter(|(_, s, g)| s >= g).collect();
    match reached.as_slice() {
        [(p, s, g)] => {
            reasons.push(victory(format!(
                "{p} has {s} points of the {g} needed: {p} has achieved the victory conditions"
            )));
            return Winner::Player(p.clone());
        }
        [_, _, ..] => {
            let names: Vec<String> = reached.iter().map(|(p, _, _)| p.clone()).collect();
            if let Some(first) = first_to_reach(state, &names, reasons) {
                return Winner::Player(first);
            }
            reasons.push(rulebook(
                "both players achieve their victory conditions: the player with the most points wins"
                    .to_string(),
            ));
            return most_points(&scores, reasons);
        }
        [] => {}
    }
    if state.ending.draw_decks_empty {
        reasons.push(rulebook(
            "both players' draw decks are empty: the player with the most points wins".to_string(),
        ));
        return most_points(&scores, reasons);
    }
    if state.ending.time_called {
        reasons.push(rulebook(
            "time was called and neither player has won: the player with the most points is credited with a modified win".to_string(),
        ));
        return modified(most_points(&scores, reasons));
    }
    for (p, s, g) in &scores {
        reasons.push(victory(format!("{p} has {s} of the {g} points needed")));
    }
    Winner::NobodyYet
}

/// "The first player to achieve or exceed his victory conditions is the
/// winner" (Glossary "winning the game"): when more than one has achieved
/// them and the scenario says who did so first (`reached_first`).
pub(super) fn first_to_reach(
    state: &GameState,
    reached: &[String],
    reasons: &mut Vec<Reason>,
) -> Option<String> {
    let first = state.ending.reached_first.as_deref()?;
    let p = reached.iter().find(|p| p.eq_ignore_ascii_case(first))?;
    reasons.push(victory(format!(
        "{p} achieved the victory conditions first: the first player to achieve or exceed his victory conditions is the winner"
    )));
    Some(p.clone())
}

/// The win `most_points` found, credited as a modified win.
pub(super) fn modified(w: Winner) -> Winner {
    match w {
        Winner::Player(p) => Winner::Modified(p),
        other => other,
    }
}

/// The Glossary entry on losing by card text or a hidden agenda.
const LOSE: &str = "lose the game";

/// "You may lose the game according to card text ... or if you seed or
/// play a card as a hidden agenda when it does not have that icon ... If
/// both players lose a game in this manner ..., the game is scored as a
/// true tie" (Glossary "lose the game").
fn lost(state: &GameState, players: &[String], reasons: &mut Vec<Reason>) -> Option<Winner> {
    let losers = &state.ending.lost;
    if losers.is_empty() {
        return None;
    }
    let lost = |p: &String| losers.iter().any(|l| l.eq_ignore_ascii_case(p));
    let standing: Vec<&String> = players.iter().filter(|p| !lost(p)).collect();
    match standing.as_slice() {
        [] => {
            reasons.push(rule(
                "both players lost the game: it is scored as a true tie",
                LOSE,
            ));
            Some(Winner::TrueTie)
        }
        [other] => {
            reasons.push(rule(
                format!("{} lost the game: {other} wins", losers.join(", ")),
                LOSE,
            ));
            Some(Winner::Player((*other).clone()))
        }
        _ => None,
    }
}

pub(super) fn most_points(scores: &[(String, i32, i32)], reasons: &mut Vec<Reason>) -> Winner {
    let best = scores.iter().map(|(_, s, _)| *s).max().unwrap_or(0);
    let leaders: Vec<&String> = scores
        .iter()
        .filter(|(_, s, _)| *s == best)
        .map(|(p, _, _)| p)
        .collect();
    match leaders.as_slice() {
        [p] => {
            reasons.push(rulebook(format!("{p} has the most points ({best})")));
            Winner::Player((*p).clone())
        }
        _ => Winner::Tied,
    }
}

/// A player playing Borg (Glossary "playing Borg"): declared by the
/// scenario (`[game] playing_borg`).
pub fn plays_borg(state: &GameState, player: &str) -> bool {
    state
        .playing_borg
        .iter()
        .any(|p| p.eq_ignore_ascii_case(player))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::model::{Card, CardType, Stat};
    use crate::engine::state::Location;

    fn mission(quadrant: &str, points: i32, solved_by: Option<&str>) -> Location {
        Location {
            solved_by: solved_by.map(String::from),
            ..Location::new(Card {
                title: format!("{quadrant} mission"),
                card_type: CardType::Mission,
                quadrant: Some(quadrant.into()),
                points: Some(Stat::Num(points)),
                ..Card::default()
            })
        }
    }

    fn players() -> Vec<String> {
        vec!["alice".into(), "bob".into()]
    }

    #[test]
    fn excess_bonus_points_do_not_count_toward_winning() {
        let mut s = GameState::default();
        s.points.insert("alice".into(), 30);
        s.bonus_points.insert("alice".into(), 50);
        let mut r = Vec::new();
        let score = Score::of(&s, "alice", &mut r).toward_winning("alice", &mut r);
        assert_eq!(score, 60);
        s.bonus_points.insert("alice".into(), 20);
        assert_eq!(
            Score::of(&s, "alice", &mut r).toward_winning("alice", &mut r),
            50
        );
    }

    #[test]
    fn negative_bonus_points_always_count() {
        let mut s = GameState::default();
        s.points.insert("alice".into(), 50);
        s.bonus_points.insert("alice".into(), -10);
        let mut r = Vec::new();
        assert_eq!(
            Score::of(&s, "alice", &mut r).toward_winning("alice", &mut r),
            40
        );
    }

    #[test]
    fn without_an_alpha_quadrant_mission_a_player_needs_140() {
        let mut s = GameState {
            locations: vec![
                mission("Alpha", 30, None),
                mission("Gamma", 35, Some("alice")),
            ],
            ..GameState::default()
        };
        let mut r = Vec::new();
        assert_eq!(goal(&s, "alice", &mut r), 140);
        s.locations[0].scouted_by = Some("alice".into());
        assert_eq!(goal(&s, "alice", &mut r), 100);
        s.locations.remove(0);
        assert_eq!(goal(&s, "bob", &mut r), 100, "no Alpha mission seeded");
    }

    #[test]
    fn the_winner_is_who_reaches_the_goal_else_most_points_when_decks_run_out() {
        let mut s = GameState {
            locations: vec![
                mission("Alpha", 40, Some("alice")),
                mission("Alpha", 30, Some("bob")),
            ],
            ..GameState::default()
        };
        s.points.insert("alice".into(), 60);
        let mut r = Vec::new();
        assert_eq!(
            winner(&s, &players(), &mut r),
            Winner::Player("alice".into())
        );
        s.points.insert("alice".into(), 0);
        assert_eq!(winner(&s, &players(), &mut r), Winner::NobodyYet);
        s.ending.draw_decks_empty = true;
        assert_eq!(
            winner(&s, &players(), &mut r),
            Winner::Player("alice".into())
        );
        s.points.insert("bob".into(), 10);
        assert_eq!(winner(&s, &players(), &mut r), Winner::Tied);
    }

    #[test]
    fn a_destroyed_borg_ship_scores_its_bonus_points_to_a_non_borg_destroyer_only() {
        use crate::engine::fixture;
        use crate::engine::state::Place;
        let mut s = fixture::table();
        let at = Place::Space(fixture::location(&mut s, "Alpha"));
        let ship = |s: &mut GameState, name: &str, who: &str, aff: &str| {
            fixture::piece(s, name, CardType::Ship, who, at, |c| {
                c.affiliations = vec![aff.into()];
                c.points = Some(Stat::Num(5));
            })
        };
        let fed = ship(&mut s, "Fed", "alice", "Federation");
        let cube = ship(&mut s, "Cube", "bob", "Borg");
        let other = ship(&mut s, "Sphere", "alice", "Borg");
        destroyed_in_battle(&mut s, cube, &[fed]);
        assert_eq!(s.bonus_points.get("alice"), Some(&5));
        assert_eq!(s.points.get("alice"), None, "bonus, not non-bonus points");
        destroyed_in_battle(&mut s, cube, &[other]);
        assert_eq!(
            s.bonus_points.get("alice"),
            Some(&5),
            "not to a Borg player"
        );
        assert!(destroyed_in_battle(&mut s, fed, &[cube]).is_empty());
        assert_eq!(
            s.bonus_points.get("bob"),
            None,
            "a non-Borg ship has no such bonus"
        );
    }

    #[test]
    fn only_one_copy_of_a_contributed_card_scores_the_points_a_card_grants() {
        use crate::engine::fixture;
        use crate::engine::state::{Contribution, Place};
        let mut s = fixture::table();
        let at = Place::Space(fixture::location(&mut s, "Alpha"));
        let colony = fixture::piece(&mut s, "Colony", CardType::Facility, "alice", at, |_| {});
        let kleeg = |s: &mut GameState, h: &str, title: &str| {
            fixture::piece(s, h, CardType::Personnel, "alice", at, |c| {
                c.title = title.into()
            })
        };
        let (a, b, c) = (
            kleeg(&mut s, "k1", "Kle'eg"),
            kleeg(&mut s, "k2", "Kle'eg"),
            kleeg(&mut s, "other", "Bok"),
        );
        let grant = |by: Vec<usize>| Contribution {
            card: colony,
            by,
            points: 1,
            player: "alice".into(),
        };
        s.contributions = vec![grant(vec![a, b])];
        let mut r = Vec::new();
        assert_eq!(Score::of(&s, "alice", &mut r).bonus, 1);
        s.contributions = vec![grant(vec![a, c]), grant(vec![b])];
        assert_eq!(
            Score::of(&s, "alice", &mut r).bonus,
            2,
            "a different card counts"
        );
        assert_eq!(Score::of(&s, "bob", &mut r).bonus, 0);
    }

    #[test]
    fn a_borg_player_scores_only_from_borg_use_only_cards() {
        use crate::engine::fixture;
        use crate::engine::state::{Contribution, Place};
        let mut s = GameState {
            locations: vec![mission("Alpha", 30, Some("alice"))],
            ..GameState::default()
        };
        let mut r = Vec::new();
        assert_eq!(Score::of(&s, "alice", &mut r).non_bonus, 30, "not Borg");
        s.playing_borg = vec!["alice".into()];
        assert_eq!(Score::of(&s, "alice", &mut r).non_bonus, 0);
        let at = Place::Space(fixture::location(&mut s, "Alpha"));
        let grant = |s: &mut GameState, icons: Vec<String>| {
            let card = fixture::piece(s, "g", CardType::Incident, "alice", at, |c| {
                c.icons = icons;
            });
            let by = fixture::piece(s, "d", CardType::Personnel, "alice", at, |_| {});
            Contribution {
                card,
                by: vec![by],
                points: 5,
                player: "alice".into(),
            }
        };
        s.contributions = vec![grant(&mut s, vec![])];
        assert_eq!(Score::of(&s, "alice", &mut r).bonus, 0);
        s.contributions = vec![grant(&mut s, vec!["BO".into()])];
        assert_eq!(Score::of(&s, "alice", &mut r).bonus, 5);
    }

    #[test]
    fn the_first_to_reach_wins_and_time_gives_a_modified_win() {
        let mut s = GameState::default();
        s.points.insert("alice".into(), 100);
        s.points.insert("bob".into(), 110);
        let mut r = Vec::new();
        assert_eq!(winner(&s, &players(), &mut r), Winner::Player("bob".into()));
        s.ending.reached_first = Some("alice".into());
        assert_eq!(
            winner(&s, &players(), &mut r),
            Winner::Player("alice".into())
        );
        let mut t = GameState::default();
        t.points.insert("alice".into(), 50);
        t.ending.time_called = true;
        assert_eq!(
            winner(&t, &players(), &mut r),
            Winner::Modified("alice".into())
        );
    }

    #[test]
    fn losing_by_card_text_hands_the_win_over_and_both_losing_is_a_true_tie() {
        let mut s = GameState::default();
        s.points.insert("alice".into(), 90);
        s.ending.lost = vec!["alice".into()];
        let mut r = Vec::new();
        assert_eq!(winner(&s, &players(), &mut r), Winner::Player("bob".into()));
        s.ending.lost.push("bob".into());
        assert_eq!(winner(&s, &players(), &mut r), Winner::TrueTie);
    }

    #[test]
    fn a_concession_credits_the_opponent() {
        let mut s = GameState::default();
        s.points.insert("bob".into(), 90);
        s.ending.conceded = Some("alice".into());
        let mut r = Vec::new();
        assert_eq!(winner(&s, &players(), &mut r), Winner::Player("bob".into()));
    }
}
