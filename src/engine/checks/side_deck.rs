//! `can play` of a card that takes cards from a side deck during play
//! (Glossary "side deck", "Q's Tent side deck", "Battle Bridge side deck"):
//! the side deck must be open and in play, its doorway not closed, hold a
//! card to take, and hold the card asked for. Which side deck a card takes
//! from is read by the compiler (`abilities::side_deck`); how often it may be
//! used is the card's own limit, judged with its timing (`respond`).

use super::rules::{decide, Entry, Rule, Ruling};
use crate::cards::model::Card;
use crate::engine::abilities::side_deck::Fetch;
use crate::engine::state::{SideDeck, SideDoorway};
use crate::engine::verdict::{Reason, Verdict};

const SIDE_DECK: Entry = Entry::glossary("side deck");

/// A card played to take cards from a side deck.
pub struct Taking<'a> {
    pub title: &'a str,
    pub fetch: Fetch,
    /// The player's side decks, when the scenario lists any (a player who
    /// has one listed has no other); `None`: not described.
    pub decks: Option<Vec<&'a SideDeck>>,
    /// The cards it is to take (the question's `target`).
    pub wanted: Vec<&'a Card>,
}

impl Taking<'_> {
    fn entry(&self) -> Entry {
        Entry::glossary(&self.fetch.kind.entry)
    }

    fn deck(&self) -> Option<&SideDeck> {
        let kind = &self.fetch.kind.kind;
        self.decks
            .as_ref()?
            .iter()
            .copied()
            .find(|d| &d.kind == kind)
    }

    /// Face-down cards to take: its own, or the face-up ones shuffled back
    /// when the face-down run out (Glossary "side deck").
    fn has_cards(&self, deck: &SideDeck) -> bool {
        !deck.cards.is_empty() || (self.fetch.kind.reshuffles && !deck.face_up.is_empty())
    }
}

/// The rules of taking cards from a side deck, in order.
pub fn rules<'a>() -> [Rule<Taking<'a>>; 4] {
    [
        Rule {
            name: "a side deck opened by its doorway",
            entry: SIDE_DECK,
            apply: opened,
        },
        Rule {
            name: "a closed doorway",
            entry: SIDE_DECK,
            apply: not_closed,
        },
        Rule {
            name: "an empty side deck",
            entry: SIDE_DECK,
            apply: not_empty,
        },
        Rule {
            name: "the card it takes",
            entry: SIDE_DECK,
            apply: holds_wanted,
        },
    ]
}

/// The refusal of the rules, or `None` when they let the play go on to its
/// timing (with the reasons they found).
pub fn refusal(taking: &Taking, reasons: &mut Vec<Reason>) -> Option<Verdict> {
    let v = decide(&rules(), taking);
    if v.value == crate::engine::verdict::VerdictValue::Yes {
        reasons.extend(v.reasons);
        return None;
    }
    Some(v)
}

/// A side deck is "activated or opened during the doorway seed phase by a
/// Doorway card": without one seeded, nothing is taken from it.
fn opened(t: &Taking, _: &mut Vec<Reason>) -> Ruling {
    if t.decks.is_none() {
        return Ruling::Next;
    }
    let kind = &t.fetch.kind.kind;
    match t.deck().map(|d| d.doorway) {
        Some(SideDoorway::Open | SideDoorway::Closed) => Ruling::Next,
        Some(SideDoorway::None) => Ruling::No(format!(
            "{} takes cards from a {kind} side deck, and no doorway opened it: a side deck is activated or \"opened\" during the doorway seed phase by a Doorway card",
            t.title
        )),
        None => Ruling::No(format!(
            "{} takes cards from a {kind} side deck, and the player has none in play",
            t.title
        )),
    }
}

/// "If the seeded Q's Tent doorway is closed, you may not retrieve cards from
/// Q's Tent unless a card explicitly allows you to access a closed Tent."
fn not_closed(t: &Taking, reasons: &mut Vec<Reason>) -> Ruling {
    if t.deck().is_none_or(|d| d.doorway != SideDoorway::Closed) {
        return Ruling::Next;
    }
    reasons.push(reason(
        "if the seeded doorway is closed, you may not retrieve cards from the side deck unless a card explicitly allows you to access it closed",
        t.entry(),
    ));
    Ruling::No(format!(
        "the seeded doorway of the {} side deck is closed: {} may not retrieve cards from it",
        t.fetch.kind.kind, t.title
    ))
}

/// "You may not play a Q's Tent from your hand if your Q's Tent side deck is
/// empty"; a Battle Bridge side deck "completely out of Tactic cards" gives
/// none. A card with another use keeps it.
fn not_empty(t: &Taking, reasons: &mut Vec<Reason>) -> Ruling {
    let Some(deck) = t.deck() else {
        return Ruling::Next;
    };
    let kind = &deck.kind;
    if t.has_cards(deck) {
        let held = deck.cards.len() + deck.face_up.len();
        reasons.push(reason(
            format!("the {kind} side deck, opened by its seeded doorway, holds {held} card(s) to take during play"),
            t.entry(),
        ));
        return Ruling::Next;
    }
    if !t.fetch.only {
        reasons.push(reason(
            format!("the {kind} side deck is empty: {} takes nothing from it, but its other effect may still be used", t.title),
            t.entry(),
        ));
        return Ruling::Next;
    }
    reasons.push(reason(
        format!("you may not play a card taking cards from your {kind} side deck when it is empty"),
        t.entry(),
    ));
    Ruling::No(format!(
        "the {kind} side deck is empty: {} has nothing to take from it",
        t.title
    ))
}

/// Only a card stocked in the side deck may be taken from it.
fn holds_wanted(t: &Taking, reasons: &mut Vec<Reason>) -> Ruling {
    let Some(deck) = t.deck() else {
        return Ruling::Next;
    };
    let held = |c: &Card| {
        deck.cards
            .iter()
            .chain(&deck.face_up)
            .any(|d| d.title == c.title)
    };
    let Some(missing) = t.wanted.iter().find(|c| !held(c)) else {
        return Ruling::Next;
    };
    reasons.push(reason(
        format!(
            "the cards stocked in the {} side deck are those retrieved from it",
            deck.kind
        ),
        t.entry(),
    ));
    Ruling::No(format!(
        "{} is not in the {} side deck: {} may take only a card stocked there",
        missing.title, deck.kind, t.title
    ))
}

fn reason(text: impl Into<String>, entry: Entry) -> Reason {
    Reason {
        text: text.into(),
        citation: Some(entry.citation()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::model::CardType;
    use crate::engine::abilities::{compile_text, side_deck::fetches};

    const TENT: &str = "Seeds on (opens) Q's Tent side deck. OR Once each turn, plays to take a card from your Q's Tent into your hand (discard doorway).";

    fn card(title: &str) -> Card {
        crate::engine::fixture::card_with_text(title, CardType::Event, "")
    }

    fn deck(cards: Vec<Card>, doorway: SideDoorway) -> SideDeck {
        SideDeck {
            owner: "alice".into(),
            kind: "Q's Tent".into(),
            cards,
            face_up: vec![],
            doorway,
        }
    }

    fn taking<'a>(decks: Option<Vec<&'a SideDeck>>, wanted: Vec<&'a Card>) -> Taking<'a> {
        let fetch = fetches(&compile_text("Tent", &CardType::Doorway, TENT)).unwrap();
        Taking {
            title: "Tent",
            fetch,
            decks,
            wanted,
        }
    }

    fn refused(rule: fn(&Taking, &mut Vec<Reason>) -> Ruling, t: &Taking) -> bool {
        matches!(rule(t, &mut Vec::new()), Ruling::No(_))
    }

    /// A Q's Tent holding Kevin, its doorway `doorway`.
    fn stocked(doorway: SideDoorway) -> SideDeck {
        deck(vec![card("Kevin")], doorway)
    }

    /// A play taking from `deck`, the player's only side deck, no card named.
    fn from(deck: &SideDeck) -> Taking<'_> {
        taking(Some(vec![deck]), vec![])
    }

    #[test]
    fn a_side_deck_never_opened_gives_nothing() {
        assert!(refused(opened, &from(&stocked(SideDoorway::None))));
        assert!(
            refused(opened, &taking(Some(vec![]), vec![])),
            "none listed"
        );
        let open = stocked(SideDoorway::Open);
        assert_eq!(opened(&from(&open), &mut vec![]), Ruling::Next);
        assert_eq!(
            opened(&taking(None, vec![]), &mut vec![]),
            Ruling::Next,
            "not described"
        );
    }

    #[test]
    fn a_closed_tent_is_not_retrieved_from() {
        assert!(refused(not_closed, &from(&stocked(SideDoorway::Closed))));
        let open = stocked(SideDoorway::Open);
        assert_eq!(not_closed(&from(&open), &mut vec![]), Ruling::Next);
    }

    #[test]
    fn an_empty_tent_may_not_be_played_from() {
        assert!(refused(not_empty, &from(&deck(vec![], SideDoorway::Open))));
        let one = stocked(SideDoorway::Open);
        assert_eq!(not_empty(&from(&one), &mut vec![]), Ruling::Next);
    }

    #[test]
    fn only_a_stocked_card_is_taken() {
        let (kevin, q2) = (card("Kevin"), card("Q2"));
        let tent = deck(vec![kevin.clone()], SideDoorway::Open);
        assert!(refused(holds_wanted, &taking(Some(vec![&tent]), vec![&q2])));
        let t = taking(Some(vec![&tent]), vec![&kevin]);
        assert_eq!(holds_wanted(&t, &mut vec![]), Ruling::Next);
    }
}
