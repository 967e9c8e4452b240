//! Every First Edition dilemma whose text relocates cards: the destination
//! the ability compiler reads after a "relocate" effect's verb
//! (`abilities::relocation`) is counted by kind, and what is not read - a
//! destination left as words, a relocation not compiled into an effect at
//! all (a task "must relocate ... to get past", an opponent's option) - is
//! counted; those counts may only shrink (Glossary "ties", "dilemma
//! resolution").

use daystrom::cards::model::{CardType, Edition};
use daystrom::engine::abilities::dilemma::compile_dilemma;
use daystrom::engine::abilities::relocation::{Destination, RELOCATE};

/// Relocating dilemmas whose destination stays words ("matching homeworld")
/// or whose relocation is no effect the compiler reads (an option among
/// several "you choose: ... OR ...", an effect after a trigger it cannot
/// read: "If their total CUNNING is odd", "If Away Team unopposed"). 4 since
/// a task's move ("must relocate ... to nearest planet"), "here", "toward
/// far end of spaceline" and a verb's alternative "(or relocate)" read.
const RELOCATIONS_UNREAD: usize = 4;

#[test]
fn relocating_dilemmas_have_their_destination_compiled_and_the_rest_counted() {
    let db = crate::support::cards();
    let mut seen = std::collections::BTreeSet::new();
    let (mut nearest, mut named, mut chosen, mut here, mut toward) = (0, 0, 0, 0, 0);
    let mut unread = Vec::new();
    let dilemmas = db
        .cards
        .iter()
        .filter(|c| c.edition == Edition::First && c.card_type == CardType::Dilemma);
    for c in dilemmas {
        let relocating = c.text.to_ascii_lowercase().contains("relocat");
        if !relocating || !seen.insert(c.text.clone()) {
            continue;
        }
        let d = compile_dilemma(&c.title, &c.text);
        let to = d
            .effects
            .iter()
            .chain(&d.otherwise)
            .filter(|e| e.verb == RELOCATE)
            .find_map(|e| e.to.clone());
        if let Some(t) = &to {
            eprintln!("  {}: {t:?}", c.title);
        }
        match to {
            Some(Destination::Nearest { .. }) => nearest += 1,
            Some(Destination::Named { .. }) => named += 1,
            Some(Destination::Chosen { .. }) => chosen += 1,
            Some(Destination::Here) => here += 1,
            Some(Destination::Toward { .. }) => toward += 1,
            Some(Destination::Unread { words }) => unread.push(format!("{}: \"{words}\"", c.title)),
            None => unread.push(format!("{}: no relocation effect read", c.title)),
        }
    }
    for u in &unread {
        eprintln!("  {u}");
    }
    let read = nearest + named + chosen + here + toward;
    eprintln!(
        "{} relocating dilemmas: {read} destinations read ({nearest} nearest, {named} named, {chosen} chosen, {here} here, {toward} toward an end), {} unread",
        read + unread.len(),
        unread.len()
    );
    assert!(
        read + unread.len() >= 12,
        "only {} relocating dilemmas found",
        read + unread.len()
    );
    assert!(nearest >= 2, "nearest-planet destinations read: {nearest}");
    assert!(unread.len() <= RELOCATIONS_UNREAD, "{unread:#?}");
}
