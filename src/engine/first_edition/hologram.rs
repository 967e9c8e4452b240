//! Where a hologram may exist and be active (Glossary "holographic
//! personnel and equipment"): aboard a ship or facility with a Holodeck it
//! is allowed to use, wearing a card worn by holograms (Mobile
//! Holo-Emitter), or on a planet a card lets holograms exist on
//! (Holo-Projectors). What gives each is compiled card text
//! (`abilities::hologram`), never a title.

use crate::cards::model::CardType;
use crate::engine::abilities::hologram;
use crate::engine::state::{GameState, Place};
use crate::engine::verdict::Reason;

/// The Glossary entry on holograms.
pub const ENTRY: &str = super::HOLOGRAMS;

/// Where a hologram stands now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    Active,
    Deactivated,
    /// It may not exist where it is: it goes to the discard pile.
    Erased,
    /// Not in play.
    Absent,
}

impl std::fmt::Display for Standing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Standing::Active => "active",
            Standing::Deactivated => "deactivated",
            Standing::Erased => "erased",
            Standing::Absent => "not in play",
        })
    }
}

/// What becomes of a card a rule moves or removes: it leaves (as any
/// personnel would), is deactivated instead (a hologram), or goes to the
/// discard pile, discarded or killed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fate {
    Leaves,
    Deactivated,
    Discarded,
    Killed,
}

impl std::fmt::Display for Fate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Fate::Leaves => "leaves",
            Fate::Deactivated => "deactivated",
            Fate::Discarded => "discarded",
            Fate::Killed => "killed",
        })
    }
}

pub fn reason(text: String) -> Reason {
    super::rule(text, ENTRY)
}

/// The card the hologram wears that frees it from Holodecks.
pub fn emitter(state: &GameState, h: usize) -> Option<usize> {
    state
        .aboard(h)
        .into_iter()
        .find(|&c| hologram::of(&state.pieces[c].card).worn_by_hologram)
}

/// The ship or facility the card is directly aboard.
pub fn host(state: &GameState, h: usize) -> Option<usize> {
    match state.pieces[h].at {
        Place::Aboard(c) if c != h => {
            let t = &state.pieces[c].card.card_type;
            matches!(t, CardType::Ship | CardType::Facility).then_some(c)
        }
        _ => None,
    }
}

/// What gives `host` a Holodeck `h` may use, or why it has none: its
/// special equipment or a card on it adding one; the host must be one the
/// hologram's controller may use - his own, or a facility both players may
/// use (`glossary/affiliations.toml` `[facilities]`, Glossary "facility": "You
/// may not use your opponent's outposts (or operate their ... holodecks ...)").
pub fn holodeck(state: &GameState, host: usize, h: usize) -> Result<String, String> {
    let ship = &state.pieces[host];
    let giver = if hologram::of(&ship.card).holodeck {
        Some(format!(
            "{} has a Holodeck (special equipment)",
            ship.handle
        ))
    } else {
        state
            .aboard(host)
            .into_iter()
            .find(|&c| hologram::of(&state.pieces[c].card).adds_holodeck)
            .map(|c| {
                format!(
                    "{} adds a Holodeck to {}",
                    state.pieces[c].handle, ship.handle
                )
            })
    };
    let Some(giver) = giver else {
        return Err(format!("{} has no Holodeck", ship.handle));
    };
    let facilities = &crate::vocab::vocabulary().affiliations.facilities;
    let shared = ship.card.card_type == CardType::Facility
        && (ship.card.class.as_deref()).is_some_and(|c| facilities.shared_by_both(c));
    let controller = &state.pieces[h].controller;
    if !shared && !ship.controller.eq_ignore_ascii_case(controller) {
        return Err(format!(
            "{giver}, but it is not {controller}'s: a player may not operate his opponent's holodecks"
        ));
    }
    Ok(giver)
}

/// A card at the planet the hologram is on that lets holograms exist there.
pub fn projectors(state: &GameState, h: usize) -> Option<usize> {
    let Place::Planet(l) = state.pieces[h].at else {
        return None;
    };
    (0..state.pieces.len()).find(|&c| {
        c != h
            && state.in_play(c)
            && state.location_of(c) == Some(l)
            && hologram::of(&state.pieces[c].card).exist_on_planet
    })
}

/// Where the hologram stands, with the reason.
pub fn standing(state: &GameState, h: usize) -> (Standing, Reason) {
    let p = &state.pieces[h];
    if !state.in_play(h) {
        let why = format!("{} is not in play", p.handle);
        return (Standing::Absent, reason(why));
    }
    if state.is_deactivated(h) {
        let why = format!(
            "{} is deactivated (a hologram is deactivated when reported, until activated)",
            p.handle
        );
        return (Standing::Deactivated, reason(why));
    }
    if let Some(e) = emitter(state, h) {
        let why = format!(
            "{} wears {}: it does not need a Holodeck and is not confined to ships and facilities",
            p.handle, state.pieces[e].handle
        );
        return (Standing::Active, reason(why));
    }
    unworn(state, h)
}

/// Where a hologram wearing nothing stands: aboard, by the Holodeck; on a
/// planet, by a card letting it exist there; else it may not exist.
fn unworn(state: &GameState, h: usize) -> (Standing, Reason) {
    let handle = &state.pieces[h].handle;
    if let Some(host) = host(state, h) {
        return match holodeck(state, host, h) {
            Ok(giver) => (Standing::Active, reason(format!("{giver}: {handle} may be used aboard"))),
            Err(why) => (Standing::Deactivated, reason(format!(
                "{why}: holograms are deactivated if the ship or facility they are aboard does not have a Holodeck they are allowed to use"
            ))),
        };
    }
    if let Some(c) = projectors(state, h) {
        let why = format!(
            "{} lets holographic cards exist on this planet",
            state.pieces[c].handle
        );
        return (Standing::Active, reason(why));
    }
    let why = format!(
        "{handle} is neither aboard a ship or facility nor on a planet with Holo-Projectors, and wears no Mobile Holo-Emitter: holograms may exist only aboard ships and facilities unless a card allows it, so it is erased (discarded)"
    );
    (Standing::Erased, reason(why))
}

/// The hologram's Emitter is removed: where it stands afterwards. "If their
/// Emitter is removed when they are not aboard a ship or facility (or on a
/// planet with Holoprojectors), they are erased (discarded)."
pub fn emitter_removed(state: &GameState, h: usize) -> (Standing, Reason) {
    let mut after = state.clone();
    if let Some(e) = emitter(state, h) {
        after.pieces[e].at = Place::Discard;
    }
    if after.pieces[h].status.deactivated {
        return standing(&after, h);
    }
    unworn(&after, h)
}

/// A card requires the hologram to leave its ship, facility or planet
/// without boarding another: "they instead deactivate (unless they are
/// wearing a Mobile Holo-Emitter)" (`deactivates_instead`); anyone else
/// leaves.
pub fn must_leave(state: &GameState, h: usize) -> (Fate, Reason) {
    if let Some(why) = deactivates_instead(state, "relocate", h) {
        return (Fate::Deactivated, reason(why));
    }
    let handle = &state.pieces[h].handle;
    let why = match emitter(state, h) {
        Some(e) if state.pieces[h].card.is_hologram() => format!(
            "{handle} wears {}: a hologram wearing a Mobile Holo-Emitter leaves like any personnel",
            state.pieces[e].handle
        ),
        _ => format!("{handle} is not a hologram: it leaves"),
    };
    (Fate::Leaves, reason(why))
}

/// What becomes of a card aboard a ship or facility when it is destroyed.
/// A hologram is discarded, never deactivated ("If a ship or facility is
/// destroyed, any holographic cards aboard are discarded": the hologram
/// entry's own sentence for destruction outranks its general "would be
/// killed ... deactivated"); other personnel aboard a facility are killed
/// (Glossary "facility": "When a facility is destroyed, all personnel
/// aboard ... are killed"); anything else goes with the destroyed card
/// ("battle - ship": "Destroyed ships and facilities (and all cards aboard
/// them) are discarded").
pub fn aboard_destroyed(state: &GameState, p: usize) -> Option<(Fate, Reason)> {
    let host = host(state, p)?;
    let (card, host_card) = (&state.pieces[p], &state.pieces[host].card);
    let aboard = format!(
        "{} aboard the destroyed {}",
        card.handle, state.pieces[host].handle
    );
    Some(if card.card.is_hologram() {
        (Fate::Discarded, reason(format!(
            "{aboard} is holographic: holographic cards aboard a destroyed ship or facility are discarded (not deactivated)"
        )))
    } else if card.card.is_personnel() && host_card.card_type == CardType::Facility {
        (
            Fate::Killed,
            super::rule(
                format!("{aboard}: all personnel aboard a destroyed facility are killed"),
                "facility",
            ),
        )
    } else {
        (
            Fate::Discarded,
            super::rule(
                format!(
                    "{aboard}: a destroyed ship or facility and all cards aboard it are discarded"
                ),
                super::ship_battle::ENTRY,
            ),
        )
    })
}

/// A hologram a card would relocate or capture deactivates instead, unless
/// it wears an Emitter: "If a dilemma (or other card ...) requires a
/// hologram to leave a ship, facility, or planet with Holoprojectors,
/// without immediately boarding another ship or facility, they instead
/// deactivate (unless they are wearing a Mobile Holo-Emitter)"; "A hologram
/// without a Mobile Holo-Emitter may be captured if it can be relocated to
/// the opponent's crew aboard a ship or facility at the same location;
/// otherwise it deactivates". The reason, when it does.
pub fn deactivates_instead(state: &GameState, verb: &str, h: usize) -> Option<String> {
    let p = &state.pieces[h];
    if !p.card.is_hologram() || emitter(state, h).is_some() {
        return None;
    }
    match verb {
        "relocate" => Some(format!(
            "{}: a hologram a card requires to leave, without a Mobile Holo-Emitter, deactivates instead",
            p.handle
        )),
        "capture" if !opponent_aboard_here(state, h) => Some(format!(
            "{}: a hologram without a Mobile Holo-Emitter is captured only if it can be relocated to the opponent's crew aboard a ship or facility at the same location; there is none, so it deactivates",
            p.handle
        )),
        _ => None,
    }
}

/// The opponent has a ship or facility at the hologram's location.
fn opponent_aboard_here(state: &GameState, h: usize) -> bool {
    let at = state.location_of(h);
    let mine = &state.pieces[h].controller;
    (0..state.pieces.len()).any(|c| {
        let q = &state.pieces[c];
        matches!(q.card.card_type, CardType::Ship | CardType::Facility)
            && state.in_play(c)
            && state.location_of(c) == at
            && !q.controller.eq_ignore_ascii_case(mine)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::fixture;

    #[test]
    fn aboard_a_ship_without_a_holodeck_a_hologram_is_deactivated() {
        let (mut s, ship, h) = fixture::hologram_aboard("Tractor Beam", &["Tractor Beam"]);
        assert_eq!(standing(&s, h).0, Standing::Deactivated);
        s.pieces[ship].card.characteristics = vec!["Holodeck".into()];
        assert_eq!(standing(&s, h).0, Standing::Active);
        // An opponent's Holodeck may not be used...
        s.pieces[ship].controller = "bob".into();
        assert_eq!(standing(&s, h).0, Standing::Deactivated);
        // ... unless both players may use the facility it is in.
        s.pieces[ship].card.card_type = CardType::Facility;
        s.pieces[ship].card.class = Some("Headquarters".into());
        assert_eq!(standing(&s, h).0, Standing::Active);
        s.pieces[ship].card.class = Some("Outpost".into());
        assert_eq!(standing(&s, h).0, Standing::Deactivated);
    }

    #[test]
    fn a_hologram_required_to_leave_deactivates_unless_it_wears_an_emitter() {
        let (mut s, ship, h) = fixture::hologram_aboard("Holodeck", &["Holodeck"]);
        assert_eq!(must_leave(&s, h).0, Fate::Deactivated);
        let other = fixture::piece(
            &mut s,
            "kim",
            CardType::Personnel,
            "alice",
            Place::Aboard(ship),
            |_| (),
        );
        assert_eq!(must_leave(&s, other).0, Fate::Leaves);
        fixture::emitter_on(&mut s, h);
        assert_eq!(must_leave(&s, h).0, Fate::Leaves);
        assert_eq!(Fate::Deactivated.to_string(), "deactivated");
    }

    #[test]
    fn relocated_or_captured_without_an_opponents_ship_a_hologram_deactivates() {
        let (mut s, ship, h) = fixture::hologram_aboard("Holodeck", &["Holodeck"]);
        assert!(deactivates_instead(&s, "relocate", h).is_some());
        assert!(deactivates_instead(&s, "capture", h).is_some());
        assert!(deactivates_instead(&s, "stop", h).is_none());
        let at = s.pieces[ship].at;
        fixture::piece(&mut s, "bob's", CardType::Ship, "bob", at, |_| ());
        assert!(deactivates_instead(&s, "capture", h).is_none());
        fixture::emitter_on(&mut s, h);
        assert!(deactivates_instead(&s, "relocate", h).is_none());
    }
}
