//! A Q-Flash encountered under a mission (Glossary "Q-Continuum side
//! deck"): "If you encounter a Q-Flash, regardless of who seeded it, you
//! encounter your opponent's Q-Continuum. If your opponent does not have a
//! Q-Continuum side deck (or if its doorway is closed), discard that
//! Q-Flash." Otherwise the crew or Away Team faces as many of its cards as
//! there are personnel, drawn one at a time, duplicates discarded; a
//! Q-icon dilemma among them "does not "stop" a crew or Away Team that
//! cannot meet its requirements" unless it says so.

use super::{encounter::encounter, event, fact};
use crate::cards::model::{Card, CardType};
use crate::engine::abilities::compile;
use crate::engine::abilities::dilemma::compile_dilemma;
use crate::engine::abilities::lexicon::SideDeckKind;
use crate::engine::abilities::side_deck::opens;
use crate::engine::ruleset::{Event, EventKind};
use crate::engine::state::{GameState, SideDeck, SideDoorway};

const SUMMARY: &str = "dilemma resolution - summary";

/// The kind of side deck a card opens when that kind's doorways are
/// encountered under missions: the card is a Q-Flash.
fn flashes(card: &Card) -> Option<&'static SideDeckKind> {
    opens(&compile(card)).filter(|k| k.faced_under_missions)
}

/// A doorway seeded like a dilemma that makes its encounterer face a side
/// deck (a Q-Flash).
pub fn is_q_flash(card: &Card) -> bool {
    flashes(card).is_some()
}

/// `group` encounters the Q-Flash `card`: `None` when `card` is no Q-Flash.
pub fn encounter_q_flash(
    state: &mut GameState,
    card: &Card,
    group: &[usize],
    ship: Option<usize>,
) -> Option<Vec<Event>> {
    let kind = flashes(card)?;
    let player = group.first().map(|&p| state.pieces[p].controller.clone())?;
    let opponent = state
        .opponent_of(&player)
        .unwrap_or_else(|| "the opponent".into());
    let deck = state
        .side_decks
        .iter()
        .find(|d| d.owner == opponent && d.kind == kind.kind)
        .cloned();
    let described = state.side_decks.iter().any(|d| d.owner == opponent);
    let shut = match &deck {
        None if !described => return Some(vec![undescribed(&opponent, kind)]),
        None => Some(format!("{opponent} has no {} side deck", kind.kind)),
        Some(d) if d.doorway != SideDoorway::Open => Some(format!(
            "the doorway of {opponent}'s {} side deck is closed",
            kind.kind
        )),
        Some(_) => None,
    };
    let entry = kind.entry.as_str();
    if let Some(why) = shut {
        return Some(vec![
            event(
                EventKind::TriggerAbsent,
                format!(
                    "{player} encounters {opponent}'s {}, never their own: {why}",
                    kind.kind
                ),
                entry,
            ),
            event(
                EventKind::DilemmaDiscarded,
                format!("{} is discarded without effect", card.title),
                entry,
            ),
            event(
                EventKind::AttemptContinues,
                "the mission attempt continues",
                SUMMARY,
            ),
        ]);
    }
    let deck = deck?;
    let mut events = face_cards(state, &deck, entry, group, ship);
    events.push(event(
        EventKind::DilemmaDiscarded,
        format!("the cards resolved, {} is discarded", card.title),
        entry,
    ));
    if group
        .iter()
        .any(|&p| state.in_play(p) && !state.is_stopped(p))
    {
        events.push(event(
            EventKind::AttemptContinues,
            "the mission attempt continues",
            SUMMARY,
        ));
    }
    Some(events)
}

/// The verb of the pending event when the scenario does not say whether the
/// opponent has the side deck a Q-Flash makes the group face.
pub const UNDESCRIBED: &str = "face the opponent's side deck";

/// The scenario lists no side deck of `opponent`: whether the Q-Flash has
/// an effect is left open.
fn undescribed(opponent: &str, kind: &SideDeckKind) -> Event {
    let why = format!(
        "the scenario lists no side deck of {opponent}: whether {opponent} has an open {} side deck, and so what the Q-Flash does, is not described (`[[side_deck]]`)",
        kind.kind
    );
    let pending = EventKind::ChoicePending {
        verb: UNDESCRIBED.into(),
        among: Vec::new(),
    };
    event(pending, why, &kind.entry)
}

/// The cards drawn from `deck`, one per personnel present, duplicates
/// discarded without drawing more, each resolved in turn.
fn face_cards(
    state: &mut GameState,
    deck: &SideDeck,
    entry: &str,
    group: &[usize],
    ship: Option<usize>,
) -> Vec<Event> {
    let drawn: Vec<&Card> = deck.cards.iter().take(group.len()).collect();
    let mut events = vec![event(
        EventKind::Reading,
        format!(
            "{} personnel present: they collectively face {} card(s) of {}'s {} side deck, drawn one at a time",
            group.len(),
            drawn.len(),
            deck.owner,
            deck.kind
        ),
        entry,
    )];
    let mut seen: Vec<&Card> = Vec::new();
    for card in drawn {
        let able: Vec<usize> = group
            .iter()
            .copied()
            .filter(|&p| state.in_play(p) && !state.is_stopped(p))
            .collect();
        if able.is_empty() {
            events.push(event(
                EventKind::Reading,
                "no one is left to continue the Q-Flash: no more cards are drawn",
                entry,
            ));
            break;
        }
        if seen
            .iter()
            .any(|s| crate::cards::persona::same_card(s, card))
        {
            events.push(event(
                EventKind::Reading,
                format!(
                    "{} occurs again during this Q-Flash: discarded, no card drawn to replace it",
                    card.title
                ),
                entry,
            ));
            continue;
        }
        seen.push(card);
        events.extend(face_one(state, card, entry, &able, ship));
    }
    events
}

/// One card drawn: a dilemma is encountered (its failed conditions stop no
/// one unless it says so); another card the opponent plays if possible.
fn face_one(
    state: &mut GameState,
    card: &Card,
    entry: &str,
    group: &[usize],
    ship: Option<usize>,
) -> Vec<Event> {
    if !matches!(card.card_type, CardType::Dilemma | CardType::QDilemma) {
        let why = format!("the opponent plays {} if possible", card.title);
        return vec![fact(EventKind::NotModelled(why.clone()), why)];
    }
    let stopped: Vec<bool> = state.pieces.iter().map(|p| p.status.stopped).collect();
    let mut events = encounter(state, card, group, ship);
    let failed = events
        .iter()
        .any(|e| matches!(e.kind, EventKind::ConditionsFailed(_)));
    if !failed || compile_dilemma(&card.title, &card.text).says_it_stops() {
        return events;
    }
    for (p, was) in stopped.into_iter().enumerate() {
        state.pieces[p].status.stopped = was;
    }
    events.retain(|e| {
        !matches!(&e.kind, EventKind::Affected { verb, .. } if verb == "stop")
            && !matches!(e.kind, EventKind::DilemmaReplaced | EventKind::AttemptEnds)
    });
    events.push(event(
        EventKind::Reading,
        format!("{} is a Q-icon dilemma encountered during a Q-Flash: failing it does not stop the crew or Away Team", card.title),
        entry,
    ));
    events
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::fixture;
    use crate::engine::state::{Place, PlayerId};

    const FLASH: &str = "Seeds on (opens) Q-Continuum side deck (any number of [Q] cards). When opponent's crew or Away Team has a Q-Flash, draw cards from here, one at a time, discarding duplicates.";

    /// Alice's two personnel on a planet; Bob's Q-Continuum holds `cards`.
    fn scene(cards: Vec<Card>, doorway: SideDoorway) -> (GameState, Vec<usize>) {
        let mut s = fixture::table();
        s.players = vec![PlayerId("alice".into()), PlayerId("bob".into())];
        let l = fixture::location(&mut s, "Alpha");
        let group = (0..2)
            .map(|i| {
                let at = Place::Planet(l);
                fixture::piece(
                    &mut s,
                    &format!("p{i}"),
                    CardType::Personnel,
                    "alice",
                    at,
                    |_| (),
                )
            })
            .collect();
        s.side_decks.push(SideDeck {
            owner: "bob".into(),
            kind: "Q-Continuum".into(),
            cards,
            face_up: Vec::new(),
            doorway,
        });
        (s, group)
    }

    #[test]
    fn a_closed_q_continuum_discards_the_q_flash() {
        let flash = fixture::card_with_text("Q-Flash", CardType::Doorway, FLASH);
        let (mut s, group) = scene(Vec::new(), SideDoorway::Closed);
        let events = encounter_q_flash(&mut s, &flash, &group, None).expect("a Q-Flash");
        assert!(ruleset_has(&events, EventKind::TriggerAbsent));
        let plain = fixture::card_with_text("Door", CardType::Doorway, "Plays on table.");
        assert!(encounter_q_flash(&mut s, &plain, &group, None).is_none());
    }

    #[test]
    fn each_card_faced_once_and_a_failed_q_dilemma_stops_no_one() {
        let flash = fixture::card_with_text("Q-Flash", CardType::Doorway, FLASH);
        let wall = fixture::card_with_text(
            "Wall",
            CardType::QDilemma,
            "Cannot get past unless Diplomacy present.",
        );
        let (mut s, group) = scene(vec![wall.clone(), wall], SideDoorway::Open);
        let events = encounter_q_flash(&mut s, &flash, &group, None).expect("a Q-Flash");
        assert!(group.iter().all(|&p| !s.is_stopped(p)));
        let again = events
            .iter()
            .filter(|e| e.reason.text.contains("occurs again"));
        assert_eq!(again.count(), 1);
        assert!(ruleset_has(&events, EventKind::DilemmaDiscarded));
        assert!(ruleset_has(&events, EventKind::AttemptContinues));
    }

    fn ruleset_has(events: &[Event], kind: EventKind) -> bool {
        crate::engine::ruleset::has(events, &kind)
    }
}
