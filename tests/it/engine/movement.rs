//! Every card text that lets a ship move outside its normal movement ("may
//! move between here and {2154 Vulcan}", "once each turn ... may move from
//! here to any {Transwarp Network Gateway}") is compiled into a movement
//! allowance (`abilities::movement`); what does not read is counted, and the
//! counts may only shrink (Glossary "movement", "movement between
//! quadrants").

use daystrom::cards::model::Edition;
use daystrom::engine::abilities::continuous;
use daystrom::engine::abilities::movement::{MoveCount, RangeUse};

/// Movement texts whose places the reading does not understand ("may move
/// to "ram" any ship present", "allow moving any or all of that player's
/// ships from this Transwarp Network Gateway to another") or that move
/// something other than a ship along named places. ("between here and
/// another Bajoran Wormhole" reads now: another card of that title.)
const MOVEMENTS_UNREAD: usize = 8;

#[test]
fn movement_allowances_are_compiled_and_the_unread_counted() {
    let db = crate::support::cards();
    let (mut texts, mut unread) = (0, Vec::new());
    let (mut per_turn, mut ends, mut range, mut conditional) = (0, 0, 0, 0);
    let mut conditions_read = 0;
    let mut seen = std::collections::BTreeSet::new();
    for c in db.cards.iter().filter(|c| c.edition == Edition::First) {
        for a in &continuous::of(c).movement {
            if !seen.insert(a.sentence.clone()) {
                continue;
            }
            texts += 1;
            per_turn += usize::from(a.count != MoveCount::Unlimited);
            ends += usize::from(!a.ends.is_empty());
            range += usize::from(a.range != RangeUse::Unstated);
            conditional += usize::from(a.condition.is_some());
            conditions_read += usize::from(a.requires.is_some());
            if let Some(u) = &a.unread {
                unread.push(format!("{}: \"{u}\" in {}", c.title, a.sentence));
            }
        }
    }
    for u in &unread {
        eprintln!("  {u}");
    }
    eprintln!(
        "{texts} movement texts: {} read ({per_turn} limited per turn, {ends} between named places, {range} with their RANGE, {conditional} with a condition, {conditions_read} of them read), {} unread",
        texts - unread.len(),
        unread.len()
    );
    assert!(texts >= 20, "only {texts} movement texts found");
    assert!(unread.len() <= MOVEMENTS_UNREAD, "{unread:#?}");
    // "if damaged or if ENGINEER and SCIENCE aboard", "if android or
    // non-[Bor] Borg aboard": conditions on the ship or its crew read.
    assert!(
        conditions_read >= 2,
        "movement conditions read: {conditions_read}"
    );
}
