//! Small game states for the rules' unit tests, built from `Card::default()`.

use crate::cards::model::{Card, CardType};
use crate::engine::action::Phase;
use crate::engine::state::{GameState, Location, Piece, Place, PlayerId, Status};

/// alice's turn, card play phase, players alice and bob.
pub fn table() -> GameState {
    GameState {
        players: vec![PlayerId("alice".into()), PlayerId("bob".into())],
        turn_player: "alice".into(),
        phase: Phase::CardPlay,
        ..GameState::default()
    }
}

/// Add a spaceline location in `quadrant`; its index.
pub fn location(state: &mut GameState, quadrant: &str) -> usize {
    let mission = Card {
        title: format!("Mission {}", state.locations.len() + 1),
        card_type: CardType::Mission,
        quadrant: Some(quadrant.into()),
        ..Card::default()
    };
    state.locations.push(Location::new(mission));
    state.locations.len() - 1
}

/// Add a piece `handle` of type `ty`, controlled by `controller`, at `at`,
/// its card shaped by `card`; its index.
pub fn piece(
    state: &mut GameState,
    handle: &str,
    ty: CardType,
    controller: &str,
    at: Place,
    card: impl FnOnce(&mut Card),
) -> usize {
    let mut c = Card {
        title: handle.into(),
        card_type: ty,
        ..Card::default()
    };
    card(&mut c);
    state.pieces.push(Piece {
        handle: handle.into(),
        written: handle.into(),
        card: c,
        owner: controller.into(),
        controller: controller.into(),
        at,
        status: Status::default(),
        docked: None,
        mode: None,
        target: None,
    });
    state.pieces.len() - 1
}

/// A personnel of `affs` for `controller` at `at`; its index.
pub fn personnel(
    state: &mut GameState,
    name: &str,
    controller: &str,
    at: Place,
    affs: &[&str],
) -> usize {
    piece(
        state,
        name,
        CardType::Personnel,
        controller,
        at,
        affiliated(affs),
    )
}

/// Affiliations for a card.
pub fn affiliated(affs: &[&str]) -> impl FnOnce(&mut Card) {
    let affs: Vec<String> = affs.iter().map(|a| a.to_string()).collect();
    move |c| c.affiliations = affs
}

/// A card of type `ty` with game text `text` (for the ability compiler).
pub fn card_with_text(title: &str, ty: CardType, text: &str) -> Card {
    Card {
        title: title.into(),
        card_type: ty,
        text: text.into(),
        ..Card::default()
    }
}

/// alice's ship (its text and characteristics given) at a planet location,
/// with her hologram aboard: (state, ship, hologram).
pub fn hologram_aboard(text: &str, characteristics: &[&str]) -> (GameState, usize, usize) {
    let mut s = table();
    let l = location(&mut s, "Alpha");
    let ship = piece(
        &mut s,
        "ship",
        CardType::Ship,
        "alice",
        Place::Space(l),
        |c| {
            c.text = text.into();
            c.characteristics = characteristics.iter().map(|c| c.to_string()).collect();
        },
    );
    let h = piece(
        &mut s,
        "doc",
        CardType::Personnel,
        "alice",
        Place::Aboard(ship),
        |c| c.icons = vec!["Holo".into()],
    );
    (s, ship, h)
}

/// A card "worn" by (placed on) the hologram `h`, as Mobile Holo-Emitter's
/// text says; its index.
pub fn emitter_on(state: &mut GameState, h: usize) -> usize {
    let owner = state.pieces[h].controller.clone();
    piece(
        state,
        "emitter",
        CardType::Equipment,
        &owner,
        Place::Aboard(h),
        |c| c.text = "May be \"worn\" by (placed on) one of your [Holo] personnel.".into(),
    )
}
