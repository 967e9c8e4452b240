//! Derived values on real cards of the corpus (engine::derived): the order of
//! the Glossary's "attribute modifiers" (set, then + and −, then ×), never
//! below zero, "cumulative", "X use only", dual-personnel totals and
//! "undefined attribute". The corpus is required: without it these fail.

use daystrom::engine::abilities::continuous::Attr;
use daystrom::engine::derived;
use daystrom::engine::state::{GameState, Piece, Place, Status};

/// A state with these cards, all owned by alice, at `at` (pieces are added
/// in order, so `Place::Aboard(0)` is "played on the first card").
fn state(cards: &[(&str, Place)]) -> GameState {
    let mut s = GameState::default();
    for (title, at) in cards {
        s.pieces.push(Piece {
            handle: title.to_string(),
            written: title.to_string(),
            card: crate::support::card(title).clone(),
            owner: "alice".into(),
            controller: "alice".into(),
            at: *at,
            status: Status::default(),
            docked: None,
            mode: None,
            target: None,
        });
    }
    s
}

const PLANET: Place = Place::Planet(0);

fn value(s: &GameState, piece: usize, attr: Attr) -> i32 {
    derived::attribute(s, piece, attr).value
}

#[test]
fn a_set_value_then_add_then_double() {
    // Data 8-12-12; Frame of Mind sets 3-3-3 (treated as printed); a phaser
    // adds 2; Crosis doubles: (3 + 2) x 2.
    let s = state(&[
        ("Data", PLANET),
        ("Frame of Mind", Place::Aboard(0)),
        ("Starfleet Type II Phaser", PLANET),
        ("Crosis", Place::Aboard(0)),
    ]);
    assert_eq!(value(&s, 0, Attr::Strength), 10);
    assert_eq!(value(&s, 0, Attr::Integrity), 3);
    let v = derived::attribute(&s, 0, Attr::Strength);
    let names: Vec<&str> = v.changes.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(names.len(), 3, "{names:?}");
    assert!(names[0].starts_with("Frame of Mind"), "{names:?}");
    assert!(names[2].starts_with("Crosis"), "{names:?}");
    assert!(v
        .changes
        .iter()
        .all(|c| c.citation.title == "attribute modifiers"));
}

#[test]
fn add_and_subtract_before_multiplying() {
    // (12 + 2 - 6) x 2 = 16: Mr. Tricorder makes androids here -6.
    let s = state(&[
        ("Data", PLANET),
        ("Starfleet Type II Phaser", PLANET),
        ("Mr. Tricorder", PLANET),
        ("Crosis", Place::Aboard(0)),
    ]);
    assert_eq!(value(&s, 0, Attr::Strength), 16);
    assert_eq!(value(&s, 0, Attr::Cunning), 6);
}

#[test]
fn never_below_zero() {
    let s = state(&[
        ("Data", PLANET),
        ("Frame of Mind", Place::Aboard(0)),
        ("Mr. Tricorder", PLANET),
    ]);
    assert_eq!(value(&s, 0, Attr::Cunning), 0);
}

#[test]
fn non_cumulative_copies_count_once_cumulative_ones_stack() {
    let two_tricorders = state(&[
        ("Data", PLANET),
        ("Mr. Tricorder", PLANET),
        ("Mr. Tricorder", PLANET),
    ]);
    assert_eq!(value(&two_tricorders, 0, Attr::Cunning), 6);
    let two_phasers = state(&[
        ("Data", PLANET),
        ("Starfleet Type II Phaser", PLANET),
        ("Starfleet Type II Phaser", PLANET),
    ]);
    assert_eq!(value(&two_phasers, 0, Attr::Strength), 16);
    // Either way the copy's fate cites "cumulative".
    let cites_cumulative = |s: &GameState, attr| {
        derived::attribute(s, 0, attr)
            .notes
            .iter()
            .any(|n| n.citation.title == "cumulative")
    };
    assert!(cites_cumulative(&two_phasers, Attr::Strength));
    assert!(cites_cumulative(&two_tricorders, Attr::Cunning));
    let one_phaser = state(&[("Data", PLANET), ("Starfleet Type II Phaser", PLANET)]);
    assert!(!cites_cumulative(&one_phaser, Attr::Strength));
}

#[test]
fn use_only_equipment_needs_its_affiliation_in_the_group() {
    // Klingon Disruptor: "Klingon and Non-Aligned use only".
    let without = state(&[("Data", PLANET), ("Klingon Disruptor", PLANET)]);
    assert_eq!(value(&without, 0, Attr::Strength), 12);
    let with = state(&[
        ("Data", PLANET),
        ("Klingon Disruptor", PLANET),
        ("Kurn", PLANET),
    ]);
    assert_eq!(value(&with, 0, Attr::Strength), 14);
    // Elsewhere (aboard a ship, not on the planet) it does not reach Data.
    let apart = state(&[
        ("Data", Place::Planet(1)),
        ("Klingon Disruptor", PLANET),
        ("Kurn", PLANET),
    ]);
    assert_eq!(value(&apart, 0, Attr::Strength), 12);
}

#[test]
fn dual_personnel_values_total() {
    let s = state(&[("Sons of Mogh", PLANET)]);
    assert_eq!(value(&s, 0, Attr::Integrity), 16);
    assert_eq!(value(&s, 0, Attr::Strength), 18);
    let card = derived::card(&s, 0);
    assert_eq!(
        daystrom::engine::requirements::Attribute::Strength.of(&card),
        18
    );
}

#[test]
fn undefined_attribute_is_zero_and_never_modified() {
    // Kivas Fajo has NO INTEGRITY: Kukalaka (INTEGRITY +2) does not enhance it
    // (the Glossary's own example).
    let s = state(&[
        ("Kivas Fajo", PLANET),
        ("Kukalaka", PLANET),
        ("Data", PLANET),
    ]);
    let v = derived::attribute(&s, 0, Attr::Integrity);
    assert!(!v.defined);
    assert_eq!(v.value, 0);
    assert!(v.changes.is_empty());
    assert_eq!(value(&s, 2, Attr::Integrity), 10);
}

#[test]
fn granted_skills_reach_only_the_named_personnel() {
    // Vidiian Harvester: "Each of your Vidiians present is STRENGTH +2 and
    // gains 1 MEDICAL": Drenol (Vidiian) gains it, Data does not.
    let s = state(&[
        ("Drenol", PLANET),
        ("Vidiian Harvester", PLANET),
        ("Data", PLANET),
    ]);
    let drenol = derived::card(&s, 0);
    assert_eq!(drenol.skill_level("MEDICAL"), 1.0);
    assert_eq!(value(&s, 0, Attr::Strength), 8);
    let data = derived::card(&s, 2);
    assert_eq!(data.skill_level("MEDICAL"), 0.0);
    assert_eq!(value(&s, 2, Attr::Strength), 12);
}
