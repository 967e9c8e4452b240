//! What becomes of a card play under way, given the responses made to it
//! (`outcome of = "card play"`): the fates the Glossary's "actions – step 2:
//! responses" gives a card play, in the order it states them, each read from
//! the responses' compiled text and the game state.

use super::rules::Entry;
use super::{because, claim_citing, undecided};
use crate::cards::model::CardDb;
use crate::engine::abilities::{
    self, lexicon::Lexicon, Ability, CompiledCard, Target, TimingClass,
};
use crate::engine::action::Action;
use crate::engine::question::{indices, OutcomeQuestion as Question};
use crate::engine::response;
use crate::engine::state::GameState;
use crate::engine::verdict::{Citation, Verdict};

/// The `of` this module answers.
pub const OF: &str = "card play";

/// The Glossary entry on what responses do to an action.
const RESPONSES: Entry = Entry::glossary("actions – step 2: responses");

/// The Glossary entry on nullifying a card.
const NULLIFY: Entry = Entry::glossary("nullify");

/// The card play under way and the responses made to it.
struct Play<'a> {
    state: &'a GameState,
    db: &'a CardDb,
    /// The action, its handles replaced by titles.
    action: Action,
    card: usize,
    responses: Vec<usize>,
}

/// What decided the play's fate: its value, why, and the entry stating it.
struct Decided {
    value: String,
    why: String,
    entry: Entry,
}

/// The fates in the entry's order: a response whose text nullifies or
/// returns the card acts on it directly; a hidden agenda's retroactive
/// prohibition makes it illegal; a target gone plays it out without results.
const FATES: &[fn(&Play) -> Option<Decided>] = &[answered_by_text, made_illegal, target_gone];

/// `ask = "outcome"`, `of = "card play"`: the `[action]` is the card play of
/// its `card`; `cards` are the responses made to it.
pub fn fate(q: &Question, state: &GameState, db: &CardDb) -> Verdict {
    let lx = Lexicon::get();
    let played = state
        .action
        .as_ref()
        .filter(|a| lx.kind_matches(OF, &lx.normalize_kind(&a.kind)));
    let Some((action, card)) =
        played.and_then(|a| Some((a, a.card.as_deref().and_then(|h| state.find(h))?)))
    else {
        return undecided(
            "an [action] of kind \"card play\" with its `card`",
            vec![],
            RESPONSES.title,
        );
    };
    let play = Play {
        state,
        db,
        action: super::titled_action(action, state),
        card,
        responses: indices(&q.cards),
    };
    let title = &state.pieces[card].card.title;
    let decided = FATES.iter().find_map(|f| f(&play)).unwrap_or_else(|| Decided {
        value: "played".into(),
        why: format!("no response nullifies {title}, returns it or makes its play illegal, and its targets remain: a condition met at initiation is not rechecked, and the play has its result"),
        entry: RESPONSES,
    });
    claim_citing(
        decided.value,
        &q.is,
        vec![because(decided.why, decided.entry.title)],
        cited(decided.entry),
    )
}

/// Every fate is stated by "actions – step 2: responses"; a nullified play
/// also by "nullify".
fn cited(entry: Entry) -> Vec<Citation> {
    let mut all = vec![RESPONSES.citation()];
    all.extend((entry != RESPONSES).then(|| entry.citation()));
    all
}

/// A response whose own text gives the card play a fate ("Nullifies any one
/// Interrupt card just played", Energy Vortex's "That card returns to their
/// hand"): the ability that answers this play (a valid response to it,
/// judged by [`response::relate`]) with an effect whose verb the lexicon
/// gives a `play_fate`.
fn answered_by_text(p: &Play) -> Option<Decided> {
    let lx = Lexicon::get();
    p.responses.iter().find_map(|&r| {
        let piece = &p.state.pieces[r];
        let compiled = abilities::compile(&piece.card);
        compiled
            .abilities
            .iter()
            .filter(|ab| played_in_answer(ab))
            .find_map(|ab| {
                let fate = ab
                    .effects
                    .iter()
                    .find_map(|e| lx.effect(&e.verb).and_then(|v| v.play_fate.clone()))?;
                let alone = CompiledCard {
                    abilities: vec![ab.clone()],
                    ..compiled.clone()
                };
                response::relate(&p.action, &alone, Some(&piece.owner), p.db).related?;
                let entry = if fate == "nullified" {
                    NULLIFY
                } else {
                    RESPONSES
                };
                Some(Decided {
                    why: format!(
                        "{} answers the play of {} (\"{}\"): the card is {fate}{}",
                        piece.handle,
                        p.state.pieces[p.card].card.title,
                        ab.text,
                        if entry == NULLIFY {
                            ", with no results; any costs paid are not recovered"
                        } else {
                            ""
                        }
                    ),
                    value: fate,
                    entry,
                })
            })
    })
}

/// An ability used by playing its card in answer to the play: not one that
/// acts while its card sits on what it played on (a Manheim "hiccup" returns
/// the matching card, and "has no effect on the initiation").
fn played_in_answer(ab: &Ability) -> bool {
    !matches!(ab.timing.class, TimingClass::PlaysOn | TimingClass::Seeds)
}

/// A hidden agenda activated in response acts as if revealed before the
/// play began: a play it forbids (compiled "No player may ..." against what
/// the card performs) is illegal, and the card returns to its owner's hand.
/// Any other response leaves the conditions met at initiation unchecked.
fn made_illegal(p: &Play) -> Option<Decided> {
    let lx = Lexicon::get();
    let card = &p.state.pieces[p.card].card;
    let performs: Vec<String> = abilities::compile(card)
        .effects()
        .filter_map(|e| lx.effect(&e.verb).and_then(|v| v.action.clone()))
        .collect();
    let forbids = |r: usize| {
        abilities::compile(&p.state.pieces[r].card)
            .effects()
            .filter(|e| e.verb == "forbid")
            .flat_map(|e| e.objects.iter())
            .any(|o| matches!(o, Target::Action(k) if performs.iter().any(|a| lx.kind_matches(k, a))))
    };
    let agenda = p
        .responses
        .iter()
        .copied()
        .find(|&r| p.state.pieces[r].card.has_icon("HA") && forbids(r))?;
    Some(Decided {
        value: "returned to hand".into(),
        why: format!("{} is a hidden agenda activated in response: its effects are retroactive to the initiation of the play, which it forbids ({} performs: {}), so the play is illegal and the card returns to your hand", p.state.pieces[agenda].handle, card.title, performs.join(", ")),
        entry: RESPONSES,
    })
}

/// "If a target of an action becomes invalid after the action is initiated,
/// then the action is 'played out' without results. If the action is a
/// card play, that card is discarded": a target of the play no longer in play.
fn target_gone(p: &Play) -> Option<Decided> {
    let state = p.state;
    let targets = state.action.as_ref()?.targets.iter();
    let gone = targets
        .filter_map(|h| state.find(h))
        .find(|&t| !state.in_play(t))?;
    Some(Decided {
        value: "discarded".into(),
        why: format!(
            "{}, a target of the play of {}, is no longer in play: the play is played out without results and the card is discarded",
            state.pieces[gone].handle, state.pieces[p.card].card.title
        ),
        entry: RESPONSES,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::model::CardType;
    use crate::engine::fixture;
    use crate::engine::state::{PieceId, Place};
    use crate::engine::verdict::VerdictValue;

    const VORTEX: &str = "Plays immediately after opponent plays any non-Interrupt card from hand. That card returns to their hand and a different one must be played instead.";

    /// alice plays `played` (a card of type `ty`); bob answers with a card
    /// whose text is `answer`: the fate of alice's play.
    fn answered(ty: CardType, answer: &str) -> VerdictValue {
        let mut s = fixture::table();
        let played = fixture::piece(&mut s, "Played", ty, "alice", Place::Hand, |_| ());
        let text = |c: &mut crate::cards::model::Card| c.text = answer.into();
        let response = fixture::piece(
            &mut s,
            "Answer",
            CardType::Interrupt,
            "bob",
            Place::Hand,
            text,
        );
        s.action = Some(Action {
            kind: OF.into(),
            card: Some(s.pieces[played].handle.clone()),
            by: vec!["alice".into()],
            ..Action::default()
        });
        let db = CardDb::new(s.pieces.iter().map(|p| p.card.clone()).collect());
        let q = Question {
            of: OF.into(),
            cards: vec![PieceId(response)],
            ..Question::default()
        };
        fate(&q, &s, &db).value
    }

    fn value(v: &str) -> VerdictValue {
        VerdictValue::Value(v.into())
    }

    #[test]
    fn a_response_returning_the_card_played_returns_it_to_hand() {
        assert_eq!(answered(CardType::Event, VORTEX), value("returned to hand"));
    }

    #[test]
    fn a_response_whose_text_does_not_answer_this_play_leaves_it_played() {
        // Energy Vortex answers only a non-Interrupt card.
        assert_eq!(answered(CardType::Interrupt, VORTEX), value("played"));
    }

    #[test]
    fn a_response_nullifying_the_card_played_nullifies_the_play() {
        let rogers = "Nullifies any one Interrupt card just played.";
        assert_eq!(answered(CardType::Interrupt, rogers), value("nullified"));
        assert_eq!(answered(CardType::Event, rogers), value("played"));
    }
}
