//! The board drawn from a hand-built state: a ship with two crew at a planet
//! mission under attack, an Away Team, a seed card and a card in hand.

use super::*;
use crate::cards::model::{Card, DilemmaType};
use crate::engine::state::{Location, Piece};

fn card(title: &str, ty: CardType) -> Card {
    Card {
        title: title.into(),
        card_type: ty,
        ..Card::default()
    }
}

fn piece(written: &str, title: &str, ty: CardType, owner: &str, at: Place) -> Piece {
    Piece {
        handle: title.into(),
        written: written.into(),
        card: card(title, ty),
        owner: owner.into(),
        controller: owner.into(),
        at,
        status: Status::default(),
        docked: None,
        mode: None,
        target: None,
    }
}

fn state() -> GameState {
    let mut mission = card("Investigate Rogue Comet", CardType::Mission);
    mission.dilemma_type = Some(DilemmaType::Planet);
    mission.quadrant = Some("Gamma".into());
    let mut s = GameState {
        turn_player: "bob".into(),
        ..GameState::default()
    };
    s.locations.push(Location {
        written: "investigate rogue comet".into(),
        ..Location::new(mission)
    });
    s.pieces = vec![
        piece(
            "Defiant",
            "U.S.S. Defiant",
            CardType::Ship,
            "bob",
            Place::Space(0),
        ),
        piece("Worf", "Worf", CardType::Personnel, "bob", Place::Aboard(0)),
        piece("Data", "Data", CardType::Personnel, "bob", Place::Aboard(0)),
        piece(
            "Borg Ship",
            "Borg Ship",
            CardType::Dilemma,
            "alice",
            Place::Space(0),
        ),
        piece(
            "Tasha Yar",
            "Tasha Yar",
            CardType::Personnel,
            "bob",
            Place::Planet(0),
        ),
        piece(
            "Maglock",
            "Maglock",
            CardType::Dilemma,
            "alice",
            Place::Seed(0),
        ),
        piece("Hugh", "Hugh", CardType::Personnel, "bob", Place::Hand),
    ];
    s.pieces[0].status.damaged = true;
    s.action = Some(Action {
        kind: "attack".into(),
        by: vec!["Borg Ship".into()],
        targets: vec!["U.S.S. Defiant".into()],
        ..Action::default()
    });
    s
}

#[test]
fn crew_is_drawn_aboard_its_ship_and_the_attack_marks_both_sides() {
    let b = Board::of(&state());
    let loc = &b.locations[0];
    assert_eq!(loc.quadrant, "Gamma");
    assert!(loc.planet && !loc.space);
    let ship = loc
        .in_space
        .iter()
        .find(|c| c.title == "U.S.S. Defiant")
        .unwrap();
    let crew: Vec<&str> = ship.aboard.iter().map(|c| c.title.as_str()).collect();
    assert_eq!(crew, ["Worf", "Data"]);
    assert!(ship.involved && ship.states.contains(&"damaged".to_string()));
    assert!(loc
        .in_space
        .iter()
        .any(|c| c.title == "Borg Ship" && c.involved));
    assert!(!ship.aboard[0].involved);
    assert_eq!(loc.away_teams[0].members[0].title, "Tasha Yar");
    assert_eq!(loc.seeded[0].title, "Maglock");
    assert_eq!(b.zones[0].zone, "hand");
}

#[test]
fn a_title_resolved_differently_from_the_file_is_marked() {
    let b = Board::of(&state());
    let ship = &b.locations[0].in_space[0];
    assert_eq!(ship.written.as_deref(), Some("Defiant"));
    // Case alone is not a misread.
    assert_eq!(b.locations[0].written, None);
    assert_eq!(ship.aboard[0].written, None);
}

#[test]
fn text_tree_nests_crew_under_the_ship_per_location() {
    let t = text::render(&Board::of(&state()));
    assert!(
        t.contains("action under way: attack by Borg Ship → U.S.S. Defiant (initiated)"),
        "{t}"
    );
    assert!(
        t.contains("1. Investigate Rogue Comet  [Gamma Quadrant · planet]"),
        "{t}"
    );
    assert!(
        t.contains("U.S.S. Defiant (written \"Defiant\") (Ship, bob) [damaged] ◆"),
        "{t}"
    );
    assert!(
        t.contains("│  │  ├─ Worf (Personnel, bob)\n│  │  └─ Data (Personnel, bob)"),
        "{t}"
    );
    assert!(t.contains("Away Team (bob)"), "{t}");
    assert!(t.contains("seeded under the mission\n   └─ Maglock"), "{t}");
    assert!(t.contains("hand (bob)\n└─ Hugh"), "{t}");
}

#[test]
fn svg_draws_every_card_once_with_the_action_highlighted() {
    let svg = svg::render(&Board::of(&state()));
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    for title in [
        "U.S.S. Defiant",
        "Worf",
        "Data",
        "Tasha Yar",
        "Maglock",
        "Hugh",
    ] {
        let box_of = format!("data-title=\"{title}\"");
        assert_eq!(svg.matches(&box_of).count(), 1, "{title}");
    }
    assert_eq!(svg.matches("card ship act").count(), 1);
    assert!(svg.contains("Gamma Quadrant"));
    assert!(svg.contains("⚠ written &quot;Defiant&quot;"));
    assert!(svg.contains("Action under way: attack"));
}

#[test]
fn svg_escapes_titles_and_survives_a_card_aboard_itself() {
    let mut s = state();
    s.pieces[1].card.title = "<Q & \"friends\">".into();
    s.pieces[1].at = Place::Aboard(1);
    let svg = svg::render(&Board::of(&s));
    assert!(!svg.contains("<Q &"));
    assert!(!text::render(&Board::of(&s)).is_empty());
}
