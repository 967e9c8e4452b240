//! The question kinds: each check reads the [`GameState`] and answers with a
//! [`Verdict`] whose reasons are the chain of checks that decided it, each
//! citing the Glossary / Current Rulings entry it applied.

pub mod act;
pub mod attempt;
pub mod battle;
pub mod card_rules;
pub mod coexist;
pub mod compat;
pub mod deck;
pub mod dilemma;
pub mod outcome;
pub mod report;
pub mod restraints;
pub mod staffing;

use crate::cards::model::CardDb;
use crate::engine::action::{Phase, TurnContext};
use crate::engine::state::{GameState, Place};
use crate::engine::verdict::{Citation, Reason, Verdict, VerdictValue};
use crate::scenario::Question;

/// Every question kind a scenario may ask.
pub const ASKS: &[&str] = &[
    "valid response",
    "can play",
    "can act",
    "can report",
    "can staff",
    "can move",
    "can attempt",
    "meets requirements",
    "can attack",
    "compatible",
    "can coexist",
    "dilemma outcome",
    "outcome",
    "deck legal",
];

/// A glossary citation.
pub fn g(title: &str) -> Citation {
    Citation::glossary(title)
}

/// A reason applying an entry.
pub fn because(text: impl Into<String>, title: &str) -> Reason {
    Reason {
        text: text.into(),
        citation: Some(g(title)),
    }
}

/// A reason applying a Current Rulings entry.
pub fn ruling(text: impl Into<String>, title: &str) -> Reason {
    Reason {
        text: text.into(),
        citation: Some(Citation::rulings(title)),
    }
}

/// A reason applying a rules fact from `glossary/*.toml`, cited to the entry
/// the table names for it.
pub fn per_table(text: impl Into<String>, source: &crate::vocab::affiliations::Source) -> Reason {
    Reason {
        text: text.into(),
        citation: Some(source.citation()),
    }
}

/// Orders (moving, attempting, battle) are executed in the executing-orders
/// segment, not at the start or end of a turn nor while seeding: the reason
/// that refuses one outside it, citing `entry`.
pub fn outside_executing_orders(
    state: &GameState,
    why: impl Into<String>,
    entry: &str,
) -> Option<Reason> {
    matches!(
        state.phase,
        Phase::StartOfTurn | Phase::EndOfTurn | Phase::Seed
    )
    .then(|| because(why, entry))
}

/// A reason that applies no entry (a fact of the scenario).
pub fn fact(text: impl Into<String>) -> Reason {
    Reason {
        text: text.into(),
        citation: None,
    }
}

/// A verdict that says what is missing instead of guessing.
pub fn undecided(what: impl Into<String>, reasons: Vec<Reason>, title: &str) -> Verdict {
    Verdict::new(
        VerdictValue::Undecided(what.into()),
        reasons,
        vec![g(title)],
    )
}

/// A no, with the reason that decided it last.
pub fn no(mut reasons: Vec<Reason>, last: Reason) -> Verdict {
    reasons.push(last);
    Verdict::yes_no(false, reasons, vec![])
}

/// Turn a computed value into a yes/no claim when `is` is given.
pub fn claim(value: String, is: &Option<String>, mut reasons: Vec<Reason>, title: &str) -> Verdict {
    match is {
        None => Verdict::new(VerdictValue::Value(value), reasons, vec![g(title)]),
        Some(want) => {
            let yes = crate::repair::fold_for_match(want) == crate::repair::fold_for_match(&value);
            reasons.push(fact(format!("computed \"{value}\"; claim is \"{want}\"")));
            Verdict::yes_no(yes, reasons, vec![g(title)])
        }
    }
}

/// The player a question is asked for: `player`, else the controller of its
/// first card, else the player whose turn it is.
pub fn asker(q: &Question, state: &GameState) -> String {
    q.player
        .clone()
        .or_else(|| {
            q.card
                .or(q.by.first().copied())
                .map(|i| state.pieces[i].controller.clone())
        })
        .unwrap_or_else(|| state.turn_player.clone())
}

/// The action under way with scenario handles ("ent") replaced by card titles,
/// which is what game text names.
fn titled_action(
    action: &crate::engine::action::Action,
    state: &GameState,
) -> crate::engine::action::Action {
    crate::engine::response::with_titles(action, &|h: &str| {
        state.find(h).map(|i| state.pieces[i].card.title.clone())
    })
}

/// Answer one question.
pub fn answer(q: &Question, state: &GameState, db: &CardDb) -> Verdict {
    let missing =
        |what: &str, title: &str| undecided(format!("the question needs {what}"), vec![], title);
    if let Some(v) = card_rules::forbidden(q, state) {
        return v;
    }
    match q.ask.as_str() {
        "valid response" => {
            let (Some(action), Some(card)) = (&state.action, q.card) else {
                return missing("an [action] and `card`", "actions – step 2: responses");
            };
            let action = titled_action(action, state);
            let player = asker(q, state);
            crate::engine::response::valid_response_by(
                &action,
                &state.pieces[card].card,
                Some(&player),
                db,
            )
        }
        "can play" => {
            let Some(card) = q.card else {
                return missing("`card`", "card play");
            };
            let turn = TurnContext {
                phase: state.phase,
                turn_player: state.turn_player.clone(),
                player: asker(q, state),
                normal_card_play_used: state.normal_card_play_used,
                orders_begun: state.orders_begun,
            };
            let action = state.action.as_ref().map(|a| titled_action(a, state));
            let piece = &state.pieces[card];
            let in_play = !matches!(
                piece.at,
                Place::Hand | Place::Discard | Place::DrawDeck | Place::SeedDeck | Place::Seed(_)
            );
            crate::engine::response::can_play_from(&piece.card, in_play, &turn, action.as_ref(), db)
        }
        "can act" => act::can_act(q, state),
        "can report" => report::can_report(q, state),
        "can staff" => staffing::can_staff(q, state),
        "can move" => staffing::can_move(q, state),
        "can attempt" => attempt::can_attempt(q, state),
        "meets requirements" => attempt::meets_requirements(q, state),
        "can attack" => battle::can_attack(q, state),
        "compatible" => compat::compatible_question(q, state),
        "can coexist" => coexist::can_coexist(q, state),
        "dilemma outcome" => dilemma::dilemma_outcome(q, state),
        "outcome" => outcome::outcome(q, state),
        "deck legal" => deck::deck_legal(q, state),
        other => undecided(format!("unknown question \"{other}\""), vec![], "actions"),
    }
}
