//! Forgiving card lookup on the real card database: sloppy spellings find the
//! card a player means; nonsense gets "did you mean" suggestions.

use daystrom::cards::lookup::{lookup, Lookup};

const SLOPPY: &[(&str, &str)] = &[
    ("kivas fajo collector", "Kivas Fajo - Collector"),
    ("KIVAS FAJO", "Kivas Fajo"),
    ("Q's tent", "Q's Tent"),
    ("qs tent", "Q's Tent"),
    ("q’s tent", "Q's Tent"),
    ("worf son of mogh", "Worf Son of Mogh"),
    ("the haakona", "Haakona"),
    ("haakonna", "Haakona"),
    ("uss jupiter", "U.S.S. Jupiter"),
    ("u.s.s. jupitr", "U.S.S. Jupiter"),
    ("hms bounty", "H.M.S. Bounty"),
    ("jean luc picard", "Jean-Luc Picard"),
    ("borg ship", "Borg Ship"),
    ("montgomery scot", "Montgomery Scott"),
    ("leah brahms", "Leah Brahms"),
    ("dr leah brahms", "Dr. Leah Brahms"),
    ("admiral mccoy", "Admiral McCoy"),
    ("okenalak", "Oken'alak"),
    ("albert einstien", "Albert Einstein"),
    ("kai opakka", "Kai Opaka"),
    ("eleven of twelve", "Eleven of Twelve"),
    ("worf first contact", "Worf (First Contact)"),
    ("  Deputy   Rozhenko ", "Deputy Rozhenko"),
    ("chain reaction pulser", "Chain Reaction Pulsar"),
];

#[test]
fn sloppy_spellings_find_the_card() {
    let db = crate::support::cards();
    let mut wrong = Vec::new();
    for (query, title) in SLOPPY {
        match lookup(db, query).card() {
            Some(c) if c.title == *title => {}
            Some(c) => wrong.push(format!("{query:?} → {:?}, expected {title:?}", c.title)),
            None => wrong.push(format!("{query:?} → nothing, expected {title:?}")),
        }
    }
    assert!(SLOPPY.len() >= 20);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn exact_titles_are_exact() {
    let db = crate::support::cards();
    assert!(matches!(lookup(db, "haakona"), Lookup::Exact(c) if c.title == "Haakona"));
}

#[test]
fn picard_is_ambiguous_with_candidates() {
    let db = crate::support::cards();
    match lookup(db, "picard") {
        Lookup::Ambiguous { best, candidates } => {
            assert_eq!(
                best.title, "Jean-Luc Picard",
                "the much-printed persona wins"
            );
            assert!(candidates.len() >= 2);
            assert!(candidates.iter().all(|c| c.title.contains("Picard")));
        }
        other => panic!("expected ambiguous, got {other:?}"),
    }
}

#[test]
fn nonsense_is_not_found_with_suggestions() {
    let db = crate::support::cards();
    assert!(matches!(lookup(db, "xyzzy plugh"), Lookup::NotFound { .. }));
    match lookup(db, "haakona zzzzzz") {
        Lookup::NotFound { suggestions } => {
            assert!(
                suggestions.iter().any(|c| c.title == "Haakona"),
                "{:?}",
                suggestions.iter().map(|c| &c.title).collect::<Vec<_>>()
            );
        }
        other => panic!("expected not found, got {other:?}"),
    }
    assert!(matches!(lookup(db, ""), Lookup::NotFound { .. }));
}

/// Held-out-style sloppy names: the card a player means, by exact title.
const HELD_OUT: &[(&str, &str)] = &[
    ("Q's tent", "Q's Tent"),
    ("q’s tent", "Q's Tent"),
    ("qs tent", "Q's Tent"),
    ("worf son of mogh", "Worf Son of Mogh"),
    ("worf, son of mogh", "Worf Son of Mogh"),
    ("U.S.S. Enterprise", "U.S.S. Enterprise"),
    ("USS Enterprise", "U.S.S. Enterprise"),
    ("uss enterprize", "U.S.S. Enterprise"),
    ("Ops", "Ops"),
    ("OPS", "Ops"),
    ("ops mirror universe", "Ops: Mirror Universe"),
    ("“Red Alert”", "Red Alert!"),
    ("red alert", "Red Alert!"),
    ("qflash", "Q-Flash"),
    ("q flash", "Q-Flash"),
    ("anti matter spread", "Anti-Matter Spread"),
    ("antimatter spread", "Anti-Matter Spread"),
    ("traveler", "The Traveler"),
    ("the traveller", "The Traveler"),
    ("traveler transcendence", "The Traveler: Transcendence"),
    ("dixon hills business card", "Dixon Hill's Business Card"),
    ("kivas fayo", "Kivas Fajo"),
    ("jadzai dax", "Jadzia Dax"),
    ("deanna troy", "Deanna Troi"),
    ("seven of nine borg", "Seven of Nine (The Borg)"),
    ("Seven of Nine (The Borg)", "Seven of Nine (The Borg)"),
    ("data first contact", "Data (First Contact)"),
    ("miles obrien", "Miles O'Brien"),
    ("chief o brien", "Chief O'Brien"),
    ("elim garak", "Elim Garak"),
    ("plain simple garak", "Plain, Simple Garak"),
    ("the trois", "The Trois"),
    ("sisters of durass", "Sisters of Duras"),
    ("I.K.S. Vor'Cha", "I.K.C. Vor'Cha"),
    ("borg queen", "Borg Queen"),
    ("Kivas  Fajo – Collector", "Kivas Fajo - Collector"),
];

#[test]
fn held_out_style_names_find_the_card() {
    let db = crate::support::cards();
    let mut wrong = Vec::new();
    for (query, title) in HELD_OUT {
        match lookup(db, query).card() {
            Some(c) if c.title == *title => {}
            Some(c) => wrong.push(format!("{query:?} → {:?}, expected {title:?}", c.title)),
            None => wrong.push(format!("{query:?} → nothing, expected {title:?}")),
        }
    }
    assert!(HELD_OUT.len() >= 30);
    assert!(
        wrong.is_empty(),
        "{} wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn persona_nicknames_list_every_version() {
    let db = crate::support::cards();
    for (nick, persona) in [
        ("picard", "Jean-Luc Picard"),
        ("sisko", "Benjamin Sisko"),
        ("riker", "William T. Riker"),
    ] {
        match lookup(db, nick) {
            Lookup::Ambiguous { best, candidates } => {
                let all: Vec<&str> = std::iter::once(best.title.as_str())
                    .chain(candidates.iter().map(|c| c.title.as_str()))
                    .collect();
                assert!(all.contains(&persona), "{nick}: {all:?}");
                assert!(all.len() >= 2, "{nick}: {all:?}");
            }
            other => panic!(
                "{nick}: expected an ambiguous list, got {:?}",
                other.card().map(|c| &c.title)
            ),
        }
    }
}

/// The cards a lookup answered with, in order, and how it matched.
fn answer(found: &Lookup) -> (&'static str, Vec<usize>) {
    match found {
        Lookup::Exact(c) => ("exact", vec![c.id]),
        Lookup::Best { card, others } => (
            "best",
            std::iter::once(card.id)
                .chain(others.iter().map(|c| c.id))
                .collect(),
        ),
        Lookup::Ambiguous { best, candidates } => (
            "ambiguous",
            std::iter::once(best.id)
                .chain(candidates.iter().map(|c| c.id))
                .collect(),
        ),
        Lookup::NotFound { suggestions } => ("none", suggestions.iter().map(|c| c.id).collect()),
    }
}

#[test]
fn an_exact_title_is_answered_as_scoring_every_title_would() {
    use daystrom::cards::lookup::{lookup_by_scoring, title_words, Name};
    let db = crate::support::cards();
    let mut differ = Vec::new();
    // Scoring every title for every title is slow in a debug build: a
    // spread of one title in 23 (about 220 of them).
    for card in db.cards.iter().step_by(23) {
        let fast = answer(&lookup(db, &card.title));
        let full = answer(&lookup_by_scoring(db, &Name::new(title_words(&card.title))));
        if fast != full {
            differ.push(format!("{:?}: {fast:?} vs {full:?}", card.title));
        }
    }
    assert!(
        differ.is_empty(),
        "{} titles answered differently: {:?}",
        differ.len(),
        &differ[..differ.len().min(5)]
    );
}
