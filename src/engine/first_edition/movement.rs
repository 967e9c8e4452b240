//! Cards changing place: a ship moving along the spaceline (Glossary
//! "movement": the RANGE used is the span of every location moved to or
//! passed, not the start), personnel and equipment beaming ("beaming"), and
//! a card reporting for duty ("report"). Whether the act is allowed is the
//! checks' question; here it happens, and its events say what changed.

use super::event;
use crate::engine::ruleset::{Event, EventKind};
use crate::engine::state::{GameState, Place};

/// `piece` went somewhere by `verb`, as `entry` says.
fn moved(verb: &str, piece: usize, text: String, entry: &str) -> Event {
    let kind = EventKind::Affected {
        verb: verb.to_string(),
        piece,
    };
    event(kind, text, entry)
}

/// The ship (and everything aboard it) is at `to`, and has used the RANGE
/// the trip takes.
pub fn move_ship(state: &mut GameState, ship: usize, to: usize) -> Vec<Event> {
    let from = state.location_of(ship);
    let used = from.map_or(0, |f| state.range_between(f, to));
    let p = &mut state.pieces[ship];
    p.at = Place::Space(to);
    p.docked = None;
    p.status.range_used = p.status.range_used.saturating_add(used);
    let text = format!(
        "{} moves to {}, using {used} RANGE ({} used this turn)",
        p.handle, state.locations[to].name, p.status.range_used
    );
    vec![moved("move", ship, text, "movement")]
}

/// Each of `pieces` is at `to`.
pub fn beam(state: &mut GameState, pieces: &[usize], to: Place) -> Vec<Event> {
    pieces
        .iter()
        .map(|&p| {
            state.pieces[p].at = to;
            let text = format!("{} beams {}", state.pieces[p].handle, state.describe(to));
            moved("beam", p, text, "beaming")
        })
        .collect()
}

/// The card has reported for duty at `to`: it is in play there.
pub fn report(state: &mut GameState, piece: usize, to: Place) -> Vec<Event> {
    let p = &mut state.pieces[piece];
    p.at = to;
    p.status.played_this_turn = true;
    // "A hologram is deactivated when reported, and may be activated on the
    // same or a subsequent turn" (Glossary "holographic personnel and
    // equipment"): not deactivated *this turn*, so activation stays open.
    p.status.deactivated |= p.card.is_hologram();
    let text = format!(
        "{} reports for duty {}",
        state.pieces[piece].handle,
        state.describe(to)
    );
    vec![
        moved("report", piece, text, "report"),
        event(
            EventKind::EntersPlay(piece),
            "reporting a card is synonymous with playing it",
            "report",
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::model::CardType;
    use crate::engine::fixture;

    #[test]
    fn a_hologram_is_deactivated_when_reported() {
        let (mut s, ship, h) = fixture::hologram_aboard("Holodeck", &["Holodeck"]);
        let kim = fixture::piece(
            &mut s,
            "kim",
            CardType::Personnel,
            "alice",
            Place::Hand,
            |_| (),
        );
        s.pieces[h].at = Place::Hand;
        assert!(!s.is_deactivated(h));
        report(&mut s, h, Place::Aboard(ship));
        report(&mut s, kim, Place::Aboard(ship));
        assert!(s.is_deactivated(h) && !s.is_deactivated(kim));
        // Deactivated by its report, not "this turn": it may be activated now.
        assert!(!s.pieces[h].status.deactivated_this_turn);
    }

    #[test]
    fn a_moving_ship_carries_its_crew_and_uses_the_spans_passed() {
        let mut s = fixture::table();
        for _ in 0..3 {
            let l = fixture::location(&mut s, "Alpha");
            s.locations[l].span = Some(2);
        }
        let ship = fixture::piece(
            &mut s,
            "Bortas",
            CardType::Ship,
            "alice",
            Place::Space(0),
            |_| {},
        );
        let kurn = fixture::piece(
            &mut s,
            "Kurn",
            CardType::Personnel,
            "alice",
            Place::Aboard(ship),
            |_| {},
        );
        let events = move_ship(&mut s, ship, 2);
        assert_eq!(s.pieces[ship].at, Place::Space(2));
        assert_eq!(s.pieces[ship].status.range_used, 4);
        assert_eq!(s.location_of(kurn), Some(2), "the crew goes with its ship");
        assert!(crate::engine::ruleset::affected(&events, "move", ship));
    }

    #[test]
    fn beamed_and_reported_cards_are_where_they_went() {
        let mut s = fixture::table();
        let l = fixture::location(&mut s, "Alpha");
        let kurn = fixture::piece(
            &mut s,
            "Kurn",
            CardType::Personnel,
            "alice",
            Place::Hand,
            |_| {},
        );
        let events = report(&mut s, kurn, Place::Planet(l));
        assert_eq!(s.pieces[kurn].at, Place::Planet(l));
        assert!(events.iter().any(|e| e.kind == EventKind::EntersPlay(kurn)));
        let ship = fixture::piece(
            &mut s,
            "Bortas",
            CardType::Ship,
            "alice",
            Place::Space(l),
            |_| {},
        );
        beam(&mut s, &[kurn], Place::Aboard(ship));
        assert_eq!(s.pieces[kurn].at, Place::Aboard(ship));
    }
}
