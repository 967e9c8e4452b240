//! The question kinds: each check reads the [`GameState`] and answers with a
//! [`Verdict`] whose reasons are the chain of checks that decided it, each
//! citing the Glossary / Current Rulings entry it applied.

pub mod act;
mod allowance;
pub mod assimilation;
pub mod attempt;
pub mod battle;
mod card_play;
pub mod coexist;
pub mod compat;
pub mod deck;
pub mod dilemma;
pub mod hologram;
pub mod house_arrest;
mod infiltration;
pub mod outcome;
mod persona_replacement;
pub mod plays_on;
mod relocation;
pub mod report;
pub mod report_site;
pub mod respond;
pub mod restraints;
pub mod rules;
pub mod side_deck;
pub mod spaceline;
pub mod staffing;

use crate::cards::model::CardDb;
use crate::engine::action::{Phase, TurnContext};
use crate::engine::question::{Party, PlayQuestion, Question};
use crate::engine::state::{GameState, Permission, PieceId, Place, PlayerId, Request};
use crate::engine::verdict::{Citation, Reason, Verdict, VerdictValue};

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
        citation: Some(source.into()),
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

/// The permissions query for `player`'s `actors` doing `act`.
pub fn request(
    act: &str,
    player: &str,
    actors: &[usize],
    target: Option<crate::engine::state::Target>,
    at: Option<usize>,
) -> Request {
    Request {
        act: act.to_string(),
        player: PlayerId(player.to_string()),
        actors: actors.iter().copied().map(PieceId).collect(),
        target,
        at: at.map(crate::engine::state::LocationId),
    }
}

/// The refusal when a card in play forbids `request` (the permissions query
/// every check asks before applying the rules' defaults).
pub fn forbidden_by_card(state: &GameState, request: &Request) -> Option<Reason> {
    match state.permits(request) {
        Permission::Forbids { by, why, citation } => Some(Reason {
            text: format!("{by} forbids it: {why}"),
            citation: Some(citation),
        }),
        _ => None,
    }
}

/// The card that allows an action a rule otherwise refuses: the one the
/// question names (`allowed_by`), else a card in play whose text permits it.
pub fn allowing_card(
    state: &GameState,
    request: &Request,
    named: Option<PieceId>,
) -> Option<String> {
    // A named card counts only if its compiled text permits this very act
    // (Admiral Leyton allows attacks on the Dominion, not on Klingons).
    named
        .filter(|p| crate::engine::permissions::named_permit(state, p.0, request).is_some())
        .map(|p| state.piece(p).handle.clone())
        .or_else(|| match state.permits(request) {
            Permission::Permits { by, .. } => Some(by),
            _ => None,
        })
}

/// The pieces usable for `purpose`, with the reasons for each that is not.
pub fn usable_for(
    state: &GameState,
    pieces: &[usize],
    purpose: crate::engine::state::Purpose,
    reasons: &mut Vec<Reason>,
) -> Vec<usize> {
    let mut able = Vec::new();
    for &p in pieces {
        match state.usable(PieceId(p), purpose) {
            Ok(()) => able.push(p),
            Err(why) => reasons.extend(why),
        }
    }
    able
}

/// Keep the first mention of each piece: a piece named twice (a personnel
/// listed beside his own ship) is one piece.
pub fn once_each(pieces: &mut Vec<usize>) {
    let mut seen = std::collections::BTreeSet::new();
    pieces.retain(|&p| seen.insert(p));
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
pub fn claim(value: String, is: &Option<String>, reasons: Vec<Reason>, title: &str) -> Verdict {
    claim_citing(value, is, reasons, vec![g(title)])
}

/// A computed value (or, with `is`, whether it is the claimed one), citing
/// its reasons' entries and `extra`.
pub fn claim_citing(
    value: String,
    is: &Option<String>,
    mut reasons: Vec<Reason>,
    extra: Vec<Citation>,
) -> Verdict {
    match is {
        None => Verdict::new(VerdictValue::Value(value), reasons, extra),
        Some(want) => {
            let yes = crate::repair::fold_for_match(want) == crate::repair::fold_for_match(&value);
            reasons.push(fact(format!("computed \"{value}\"; claim is \"{want}\"")));
            Verdict::yes_no(yes, reasons, extra)
        }
    }
}

/// The player a question is asked for: `player`, else the controller of its
/// first card, else the player whose turn it is.
pub fn asker(who: &Party, state: &GameState) -> String {
    who.player
        .as_ref()
        .map(|p| p.0.clone())
        .or_else(|| who.first().map(|i| state.pieces[i].controller.clone()))
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
    match q {
        Question::ValidResponse(q) => valid_response(q, state, db),
        Question::CanPlay(q) => can_play(q, state, db),
        Question::CanAct(q) => act::can_act(q, state),
        Question::CanReport(q) => report::can_report(q, state),
        Question::CanStaff(q) => staffing::can_staff(q, state),
        Question::CanMove(q) => staffing::can_move(q, state),
        Question::CanAttempt(q) => attempt::can_attempt(q, state),
        Question::MeetsRequirements(q) => attempt::meets_requirements(q, state),
        Question::CanAttack(q) => battle::can_attack(q, state),
        Question::Compatible(q) => compat::compatible_question(q, state),
        Question::CanCoexist(q) => coexist::can_coexist(q, state),
        Question::DilemmaOutcome(q) => dilemma::dilemma_outcome(q, state),
        Question::Outcome(q) if q.of == card_play::OF => card_play::fate(q, state, db),
        Question::Outcome(q) => outcome::outcome(q, state),
        Question::DeckLegal(_) => deck::deck_legal(state),
    }
}

/// `valid response`: may `card` respond to the action under way?
fn valid_response(q: &PlayQuestion, state: &GameState, db: &CardDb) -> Verdict {
    let who = &q.who;
    let (Some(action), Some(card)) = (&state.action, who.card()) else {
        return undecided(
            "the question needs an [action] and `card`",
            vec![],
            "actions – step 2: responses",
        );
    };
    let among = crate::engine::response::Participants::of(action, state).with_responder(card);
    let action = titled_action(action, state);
    let player = asker(who, state);
    let phase = Some(state.phase);
    let responder = (&state.pieces[card].card, q.function.as_deref());
    on_its_target(q, card, &player, state, || {
        let asked = (Some(player.as_str()), Some(&among));
        respond::valid_response_in(&action, responder, asked, phase, db)
    })
}

/// `can play`: may `card` be played now?
fn can_play(q: &PlayQuestion, state: &GameState, db: &CardDb) -> Verdict {
    let who = &q.who;
    let Some(card) = who.card() else {
        return undecided("the question needs `card`", vec![], "card play");
    };
    let player = asker(who, state);
    let turn = TurnContext {
        phase: state.phase,
        turn_player: state.turn_player.clone(),
        draws_no_cards: state.draw_no_cards.contains(&player),
        pending: state
            .pending
            .iter()
            .map(|h| {
                state
                    .find(h)
                    .map_or(h.clone(), |i| state.pieces[i].card.title.clone())
            })
            .collect(),
        player,
        normal_card_play_used: state.normal_card_play_used,
        orders_begun: state.orders_begun,
    };
    let action = state.action.as_ref().map(|a| titled_action(a, state));
    let among = state
        .action
        .as_ref()
        .map(|a| crate::engine::response::Participants::of(a, state).with_responder(card));
    let piece = &state.pieces[card];
    let in_play = !matches!(
        piece.at,
        Place::Hand | Place::Discard | Place::DrawDeck | Place::SeedDeck | Place::Seed(_)
    );
    let table: Vec<&crate::cards::model::Card> = state
        .pieces
        .iter()
        .enumerate()
        .filter(|(i, _)| state.in_play(*i))
        .map(|(_, p)| &p.card)
        .collect();
    let played = (&piece.card, q.function.as_deref());
    let lies = respond::Lies {
        in_play,
        face_down: piece.status.face_down,
        free: q.free,
        used_this_turn: state.pieces.iter().any(|p| {
            p.card.title == piece.card.title
                && p.controller == turn.player
                && p.status.used_this_turn
        }),
    };
    let timing = || {
        let under_way = (action.as_ref(), among.as_ref());
        respond::can_play_on_table(played, lies, &turn, under_way, db, table)
    };
    let compiled = crate::engine::response::compiled_using(played.0, played.1);
    match crate::engine::abilities::side_deck::fetches(&compiled) {
        Some(fetch) if !in_play => {
            taking_from_side_deck(q, (card, fetch), &turn.player, state, timing)
        }
        _ => on_its_target(q, card, &turn.player, state, timing),
    }
}

/// A card played from hand to take cards from a side deck (its `target`: the
/// cards to take): the side deck's rules, then its timing.
fn taking_from_side_deck(
    q: &PlayQuestion,
    (card, fetch): (usize, crate::engine::abilities::side_deck::Fetch),
    player: &str,
    state: &GameState,
    timing: impl FnOnce() -> Verdict,
) -> Verdict {
    let decks: Vec<_> = state
        .side_decks
        .iter()
        .filter(|d| d.owner == player)
        .collect();
    let wanted = crate::engine::question::indices(&q.target);
    let taking = side_deck::Taking {
        title: &state.pieces[card].card.title,
        fetch,
        // A player with no side deck listed is not described.
        decks: (!decks.is_empty()).then_some(decks),
        wanted: wanted.iter().map(|&i| &state.pieces[i].card).collect(),
    };
    let mut reasons = Vec::new();
    if let Some(refused) = side_deck::refusal(&taking, &mut reasons) {
        return refused;
    }
    let v = timing();
    reasons.extend(v.reasons);
    Verdict::new(v.value, reasons, v.citations)
}

/// A card played on the `target` the question names: no when a target does
/// not fit its "plays on" text, else the timing verdict, with why it fits.
fn on_its_target(
    q: &PlayQuestion,
    card: usize,
    player: &str,
    state: &GameState,
    timing: impl FnOnce() -> Verdict,
) -> Verdict {
    if q.target.is_empty() && q.to.is_none() {
        return timing();
    }
    let played = plays_on::Played {
        card,
        function: q.function.as_deref(),
        player,
    };
    let targets = crate::engine::question::indices(&q.target);
    match plays_on::targets_fit(&played, (&targets, q.to), state) {
        Err(why) => no(vec![], why),
        Ok(mut fit) => {
            let v = timing();
            fit.extend(v.reasons);
            Verdict::new(v.value, fit, v.citations)
        }
    }
}
