//! Every mission's requirements and every dilemma's conditions in the card
//! database: a term the parser cannot read is an error naming it, never
//! dropped (Glossary "any", "any Intelligence"; Current Rulings "skills vs.
//! lore"). What does not read is counted; the counts may only shrink.

use daystrom::cards::model::{Card, CardType, Edition};
use daystrom::engine::abilities::dilemma::compile_dilemma;
use daystrom::engine::requirements;

/// Missions whose requirements name ships in a state ("landed ship",
/// "staffed ship in orbit", "scout ship with 2 ENGINEER aboard"), the
/// opponent's cards, a number to discard ("1 to 4"), or that have no
/// requirements (Nebula, Space).
const MISSIONS_UNREAD: usize = 15;
/// Dilemmas whose conditions the compiler cannot read (`conditions_unread`, in either half of a combo):
/// thresholds computed from a quantity the lexicon does not name ("CUNNING>10X,
/// where X is the number of different card types removed from this game"; the
/// cards in your hand read now), two sets of
/// conditions whose combination is not read (halves labelled "Space
/// mission:" / "Planet mission:" read as alternatives). (Read now: "other missions in
/// this region", the player's score - "unless you have at least 50
/// points" -, "printed INTEGRITY>7", "ENGINEER>Leadership", and "unless their combined
/// STRENGTH>16" about the victims of the sentence before.) 33 since a
/// combo's first half opening with its title in capitals reads
/// ("ANCIENT COMPUTER: To get past requires ..."): Ancient Computer &
/// Microvirus used to take the second half's "Unless MEDICAL and SECURITY"
/// as the whole card's conditions, silently; how the two halves' conditions
/// combine is now counted as unread instead. 30 since a combo's second half
/// (its name from the title in capitals: "MICROVIRUS:", "NAGILUM:") is read
/// as a dilemma of its own, faced once the first half's conditions are met
/// (Glossary "combo dilemma"). 29 since the player's past reads ("unless you
/// began mission attempt with at least six personnel": the number the
/// attempt began with, a fact of the location's attempt). 27 since two
/// sets of conditions in sequence read: "Ship damaged unless X. Even if not
/// damaged, crew \"stopped\" unless Y" (each set governs its own effect; both
/// get past) and "Unless X, kills one ... To get past requires Y" (X governs
/// its effects, Y gets past). Still unread: a task's presence beside the
/// victims' own set ("All four are \"stopped\" unless one has ...").
const DILEMMAS_UNREAD: usize = 27;

fn first_edition(t: CardType) -> impl Iterator<Item = &'static Card> {
    let db = crate::support::cards();
    db.cards.iter().filter(move |c| {
        c.edition == Edition::First && c.card_type == t && !c.text.trim().is_empty()
    })
}

#[test]
fn every_missions_requirements_read_or_name_the_term() {
    let (mut total, mut failed) = (0, Vec::new());
    for c in first_edition(CardType::Mission) {
        total += 1;
        if let Err(e) = requirements::parse(&c.text) {
            let e = e.to_string();
            assert!(e.contains('`'), "{}: the error names no term: {e}", c.title);
            failed.push(format!("{}: {e}", c.title));
        }
    }
    for f in &failed {
        eprintln!("  {f}");
    }
    eprintln!(
        "{} of {total} missions' requirements do not read",
        failed.len()
    );
    assert!(failed.len() <= MISSIONS_UNREAD, "{failed:#?}");
}

#[test]
fn dilemmas_with_unread_conditions_are_counted() {
    let (mut total, mut unread) = (0, Vec::new());
    for c in first_edition(CardType::Dilemma) {
        total += 1;
        let d = compile_dilemma(&c.title, &c.text);
        if d.conditions_unread() {
            unread.push(format!("{}: {:?}", c.title, d.all_unread()));
        }
    }
    for u in &unread {
        eprintln!("  {u}");
    }
    eprintln!(
        "{} of {total} dilemmas' conditions do not read",
        unread.len()
    );
    assert!(unread.len() <= DILEMMAS_UNREAD, "{unread:#?}");
}

#[test]
fn any_intelligence_and_any_name_read() {
    let r = requirements::parse("SECURITY + (any Intelligence x2 OR CUNNING>37)").unwrap();
    assert_eq!(
        r.to_string(),
        "SECURITY + (any Intelligence x2 OR CUNNING>37)"
    );
    let r = requirements::parse("Empathy, Diplomacy, Morn or any Scotty").unwrap();
    assert!(r.to_string().ends_with("any Scotty"), "{r}");
    let bad = requirements::parse("Physics + Think Tank")
        .unwrap_err()
        .to_string();
    assert!(bad.contains("`Think Tank`"), "{bad}");
}
