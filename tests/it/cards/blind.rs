//! Blind check of the card query language and the forgiving lookup (issue 3).
//!
//! Written from `docs/card-queries.md` and the corpus CSVs only, without reading the
//! implementation or the other tests. Every expected answer was computed by a small
//! independent Python snippet over physical.csv + virtual.csv: rows grouped into cards by
//! title with a trailing ` *VP` and `*` removed, edition 2E when Set contains `ban_2E`,
//! each term true of a card when any of its printings satisfies it (a negated term: when
//! none does), numbers read with a `*` footnote dropped. Big results are checked by count
//! plus a few titles that must be present.
//!
//! First run: 38 of 40 queries and 19 of 19 lookups (+ the not-found case) agreed.
//! - `persona:"jean-luc picard"`: implementation bug, fixed — a personnel with an empty Persona
//!   cell is its own persona (the CSV fills the cell only when the title differs), so
//!   `persona:worf` now finds Worf and Jean-Luc Picard (Nemesis) too (`Card::persona_names`).
//! - Later (issue 10, persona identity): `persona:` follows the Glossary "persona" — a mirror
//!   version `(Name)` or an impersonator `<Name>` is not a version of Name, so Shinzon (Chain of
//!   Command), `<Jean-Luc Picard>`, left the `persona:"jean-luc picard"` answer; the
//!   expectation was changed for that rule, not for an engine output.
//! - `skill:"stellar cartography"`: my expectation was wrong (conditional skills); doc clarified.

use daystrom::cards::lookup::{lookup, Lookup};
use daystrom::cards::query::{query, RunOptions};

enum Want {
    /// Exactly these distinct titles.
    Exact(&'static [&'static str]),
    /// This many cards, among them these titles.
    CountWith(usize, &'static [&'static str]),
}

struct Case {
    query: &'static str,
    want: Want,
}

#[rustfmt::skip]
const CASES: &[Case] = &[
    // derived: Type=Ship, "Romulan" in Affil split on "/", Cun/Wpn numeric >=9
    Case { query: "t:ship a:romulan wpn>=9", want: Want::Exact(&["B-Type Warbird", "D'deridex", "D'deridex Advanced", "Decius", "Deranas", "Haakona", "Khazara", "Norexan", "Rovaran", "Scimitar (Chain of Command)", "Soterus (Ships of the Line)", "U.S.S. Prometheus", "Valdore"]) },
    // derived: Type=Personnel, "female" a whole ;-item of Characteristics, Klingon in Affil
    Case { query: "t:personnel char:female a:klingon", want: Want::CountWith(38, &["Azetbur", "B'Elanna Daughter of Miral", "B'Etor", "B'Etor (The Sky's the Limit)", "B'amara", "Ba'el"]) },
    // derived: Personnel whose Text contains "Stellar Cartography" (172), minus the 4 that have it
    // only under a condition. First run: 168, my expectation was wrong — Geordi La Forge (The Next
    // Generation) "At [S]: ... Stellar Cartography", Veznik "If in Neutral Zone: ...", Data and
    // Edward Jellico (Showdown: Four Lights) "At [CAR]: ..." hold it only conditionally, so it is
    // not a skill of the card; the doc did not say so and now does (o: still finds them).
    Case { query: "skill:\"stellar cartography\" t:personnel", want: Want::CountWith(168, &["Administrator Kilana", "Administrator Weyoun", "Admiral S'rrel", "Agyer", "Amanda Cole", "Amat'igan"]) },
    // derived: Type=Mission, Quadrant=Delta, Points number (footnote * dropped) >=35
    Case { query: "q:delta t:mission pts>=35", want: Want::CountWith(26, &["Acquire Technology", "Aftermath", "Battle Reconnaissance", "Collect Omicron Particles", "Conduct Perilous Trade", "Corner Enemy Ship"]) },
    // derived: Type=Dilemma, dilemma type exactly [S], Text contains "kill" (any case)
    Case { query: "dt:space t:dilemma o:\"kill\"", want: Want::CountWith(45, &["Aggressive Behavior", "Ancient Computer", "Ankari \"Spirits\"", "Astral Eddy", "Climbing the Ranks", "Command Decisions"]) },
    // derived: Icons contains [DQ] and Staff contains [Nav]
    Case { query: "icon:dq staff:nav", want: Want::Exact(&["Borg Cube", "Borg Cube (The Borg)", "Borg Probe", "Borg Queen's Ship", "Borg Scout Vessel", "Borg Sphere", "Borg Tactical Cube", "J-25 Cube", "Locutus' Borg Cube", "Locutus' Borg Cube (Borderless Promos)", "Queen's Borg Cube", "Queen's Borg Sphere", "Queen's Borg Sphere (Resistance is Futile)", "Renegade Borg Sphere"]) },
    // derived: Persona cell contains "jean-luc picard" unmarked (an impersonator `<...>` is not the persona), PLUS (game meaning) the personnel titled "Jean-Luc Picard" / "Jean-Luc Picard (...)", which ARE the persona though their Persona cell is empty
    Case { query: "persona:\"jean-luc picard\"", want: Want::Exact(&["Captain Picard", "Data and Picard", "Dixon Hill", "Galen", "Human", "Jean-Luc", "Jean-Luc Picard", "Jean-Luc Picard (Chain of Command)", "Jean-Luc Picard (Engage)", "Jean-Luc Picard (First Contact)", "Jean-Luc Picard (Nemesis)", "Jean-Luc Picard (The Next Generation)", "Jean-Luc and Beverly", "Locutus of Borg"]) },
    // derived: Command cell contains "u.s.s. enterprise"
    Case { query: "cmd:\"u.s.s. enterprise\"", want: Want::Exact(&["Admiral Picard", "Captain Kirk (Second Star to the Right)", "Captain Worf", "Edward Jellico", "Edward Jellico (Showdown: Four Lights)", "Jean-Luc Picard", "Jean-Luc Picard (Chain of Command)", "Jean-Luc Picard (First Contact)", "Jean-Luc Picard (Nemesis)", "John Harriman", "Kavok", "Rachel Garrett", "William T. Riker (Chain of Command)", "William T. Riker (The Sky's the Limit)"]) },
    // derived: Type Interrupt or Interrupt/Event, Text contains "{Borg Ship}"
    Case { query: "ref:\"Borg Ship\" t:interrupt", want: Want::Exact(&["Anti-Matter Spread", "Hugh", "Sense the Borg"]) },
    // derived: Uniqueness=univ, Personnel, Federation in Affil
    Case { query: "is:universal t:personnel a:federation", want: Want::CountWith(102, &["Admiral S'rrel", "Ahanu", "Al Vermont", "Albert Einstein", "Angelo Tassoni", "Anhaica"]) },
    // derived: Set contains ban_2E, Type Event (or Interrupt/Event)
    Case { query: "ed:2e t:event", want: Want::CountWith(101, &["A Chance for Glory 2E", "A Second Chance at Life 2E (Call to Arms)", "A Sight For Sore Eyes 2E", "Assassination Plot 2E (Energize)", "Assimilation Techniques 2E", "Astrometrics Lab 2E"]) },
    // derived: Region contains "badlands"
    Case { query: "region:\"badlands\"", want: Want::Exact(&["Break Prisoner", "Divert Attention", "Evade Patrolling Squadron", "Find Hidden Base", "Search and Rescue", "Search and Rescue (Homefront IV)", "Search for Rebels", "Seek Knowledge Cache", "Study Badlands", "Study Badlands (Homefront IV)", "Verify Evidence", "Verify Evidence (Homefront IV)"]) },
    // derived: any printing's Lore contains "founders"
    Case { query: "lore:\"founders\"", want: Want::Exact(&["Administrator Weyoun", "Amat'igan", "Dominion Outpost", "Enabran Tain", "Enabran Tain (The Gamma Quadrant)", "Founder Secret", "Inside Operation", "Kalenna", "Laas", "Mutual Distrust", "O'Brien Founder", "Obedience Brings Victory", "Retana'var", "Selan", "Serrola", "Shape-Shift", "Sucking Up to the Boss", "Tholun", "Weyoun 8"]) },
    // derived: Personnel, Ferengi or Bajoran in Affil, Text contains "Acquisition"
    Case { query: "(a:ferengi or a:bajoran) skill:acquisition t:personnel", want: Want::Exact(&["Aletia", "Dr. Arridor", "Dr. Arridor (The Next Generation)", "Gegis", "Gozar", "Gral", "Grand Nagus Gint", "Grand Nagus Zek", "Grand Nagus Zek (Through the Looking Glass)", "Ishka", "Jake and Nog", "Lumba", "Nava", "Nizari", "Nog", "Pallra", "Pel", "Qol (The Cage)", "Quark", "Quark (Emissary)", "Quark (The Gamma Quadrant)", "Quark (The Maquis)", "Quark (The Next Generation)", "Rata", "Ulis"]) },
    // derived: Ship, RANGE>=9, no printing with Federation in Affil
    Case { query: "-a:federation t:ship rng>=9", want: Want::CountWith(58, &["Alliance Vor'Cha", "Bajoran Warship", "Borg Queen's Ship", "Breen Warship", "D'deridex Advanced", "Decius"]) },
    // derived: title equal ignoring case
    Case { query: "!\"Q's Tent\"", want: Want::Exact(&["Q's Tent"]) },
    // derived: a printing with Release=premiere, Type=Ship
    Case { query: "release:premiere t:ship", want: Want::CountWith(33, &["Combat Vessel", "D'deridex", "Devoras", "Haakona", "Husnock Ship", "I.K.C. Bortas"]) },
    // derived: Type=Q Dilemma
    Case { query: "t:\"q dilemma\"", want: Want::Exact(&["Ar-Q-ologist", "Fightin' Words", "Go Back Whence Thou Camest", "Guilty - Provisionally", "Hide and Seek", "His Honor, The High Sheriff of Nottingham", "I Tried to Warn You", "Mandarin Bailiff", "My Ship, My Crew", "Pla-Net", "Q-Type Android", "Rhetorical Question", "Risky Business"]) },
    // derived: Non-Aligned in Affil, Ship, SHIELDS>=11
    Case { query: "a:na t:ship shd>=11", want: Want::Exact(&["Assimilator", "Fesarius", "Fesarius (Borderless Promos)", "Husnock Ship", "Husnock Ship (Borderless Promos)", "The Think Tank's Ship"]) },
    // derived: Class is "Akira" or "Akira Class"
    Case { query: "class:akira", want: Want::Exact(&["U.S.S. Akira", "U.S.S. Jupiter", "U.S.S. Thunderchild"]) },
    // derived: Personnel, Klingon in Affil, STRENGTH>=11
    Case { query: "str>=11 a:klingon t:personnel", want: Want::Exact(&["Fek'lhr", "Prisoner Martia"]) },
    // derived: Personnel, INTEGRITY>=10 and CUNNING>=10
    Case { query: "t:personnel int>=10 cun>=10", want: Want::Exact(&["T'Lar"]) },
    // derived: Points is a plain negative number ("+/-5", "5 or -5" are not numbers)
    Case { query: "pts<0", want: Want::Exact(&["A Missing Day", "Assimilate This!", "Contaminating a Culture", "Destroy Radioactive Garbage Scow", "Discommendation", "Edo Probe", "Hazardous Duty", "Hazardous Duty (Tribble)", "Hazardous Duty (Voyager)", "His Honor, The High Sheriff of Nottingham", "Mona Lisa", "Only Logical", "Pla-Net", "Prisoner Escort", "Punishment Zone", "Quandary", "Quinn", "Rebellious Servants", "Recruit Mercenaries", "Risky Business", "Shipwright", "Torture", "Unstable Matrix"]) },
    // derived: Mission, Quadrant=Gamma, Span<=2
    Case { query: "span<=2 t:mission q:gamma", want: Want::Exact(&["Changeling Research", "Changeling Research II", "Changeling Research II (back)"]) },
    // derived: Mission, Affil icons contain [FED], Quadrant=Gamma
    Case { query: "a:federation t:mission q:gamma", want: Want::Exact(&["Access Relay Station", "Access Relay Station (Homefront IV)", "Camping Trip", "Chart Stellar Cluster", "Cure Blight", "Destroy Iconian Gateway", "Establish Interquadrant Communications", "Expand Karemman Operations", "Pacify Warring Factions", "Reopen Trade Discussions"]) },
    // derived: Dilemma, type [S/P] or [S][P]
    Case { query: "dt:dual t:dilemma", want: Want::CountWith(218, &["A Fast Ship Would Be Nice", "A Good Day to Lie", "A New Game", "Alice", "Alien Conspiracy", "Alien Parasites & REM Fatigue"]) },
    // derived: Equipment, Text contains "may not be"
    Case { query: "t:equipment o:\"may not be\"", want: Want::Exact(&["Transporter Drones"]) },
    // derived: Icons contains [Holo], Personnel, Federation in Affil
    Case { query: "icon:holo t:personnel a:federation", want: Want::Exact(&["Albert Einstein", "Dr. Leah Brahms", "Dr. Pel", "E.M.H. Program", "E.M.H.-Mark II", "Equinox Doctor", "Paul Rice", "Revised Chakotay", "Revised Doctor", "Revised Janeway", "Revised Kim", "Revised Kizar", "Revised Neelix", "Revised Paris", "Revised Seven of Nine", "Revised Tuvok", "Sir Isaac Newton", "Stephen Hawking", "Sumek", "The Doctor", "The E.C.H.", "Weiss"]) },
    // derived: Icons contains [Maq], Ship
    Case { query: "icon:maq t:ship", want: Want::Exact(&["Cosette", "Guingouin", "Liberty", "Maquis Raider", "S.S. Xhosa", "Stolen Defiant", "Val Jean"]) },
    // derived: "captain" a whole ;-item of Characteristics, Cardassian in Affil
    Case { query: "char:captain a:cardassian", want: Want::Exact(&["Danar (Emissary)", "Evek (Homefront II)"]) },
    // derived: title contains "fajo"
    Case { query: "fajo", want: Want::Exact(&["Fajo's Gallery", "Kivas Fajo", "Kivas Fajo - Collector"]) },
    // derived: title contains "borg ship"
    Case { query: "\"borg ship\"", want: Want::Exact(&["Borg Ship", "Salvage Borg Ship"]) },
    // derived: Type=Time Location, Quadrant=Mirror
    Case { query: "t:\"time location\" q:mirror", want: Want::Exact(&["22nd-Century Japan", "Halkan Council", "Vintaak Drydock Station"]) },
    // derived: Ship with Vidiian or Kazon in Affil
    Case { query: "a:vidiian t:ship or a:kazon t:ship", want: Want::Exact(&["Kazon Fighter", "Kazon Raider", "Kazon Shuttle", "Kazon Warship", "Organ Bank", "Vidiian Cruiser", "Vidiian Cruiser (Borderless Promos)", "Vidiian Interceptor", "Vidiian Scout Vessel", "Voyager", "Voyager (Borderless Promos)"]) },
    // derived: Tactic, Cun/Wpn numeric <0
    Case { query: "t:tactic wpn<0", want: Want::CountWith(32, &["Attack Wing", "Bajoran Phaser Banks", "Chain Reaction Pulsar", "Classic Phaser Banks", "Close Quarters Combat", "Crimson Forcefield"]) },
    // derived: Personnel, Hirogen in Affil, no printing univ
    Case { query: "-is:universal a:hirogen t:personnel", want: Want::Exact(&["Decaren", "Donik", "Gann", "Hajur", "Iden", "Idrin", "Janeway", "Jorik", "Karon", "Karr", "Kejal", "Netek", "Turanj", "Weiss"]) },
    // derived: Artifact, Text contains "unique"
    Case { query: "t:artifact o:\"unique\"", want: Want::Exact(&["Tantalus Field", "The Genesis Device", "The Great Teacher"]) },
    // derived: Set contains ban_2E, Ship, Borg in Affil
    Case { query: "ed:2e a:borg t:ship", want: Want::Exact(&["Queen's Borg Sphere 2E (Resistance is Futile)"]) },
    // derived: Dilemma with a premiere printing and some printing in virtual.csv
    Case { query: "release:premiere is:virtual t:dilemma", want: Want::Exact(&["Alien Abduction", "Ancient Computer", "Armus - Skin of Evil", "Barclay's Protomorphosis Disease", "Birth of \"Junior\"", "Borg Ship", "Cytherians", "Hologram Ruse", "Q", "Radioactive Garbage Scow", "Wind Dancer"]) },
    // derived: a printing whose Set contains "b05", Ship, Klingon in Affil
    Case { query: "set:b05 t:ship a:klingon", want: Want::Exact(&["Battle Cruiser Bortas", "I.K.S. Raptor"]) },
];

fn titles(q: &str) -> Result<Vec<String>, String> {
    let store = crate::support::card_store();
    let rows = query(&store, q, &RunOptions::default()).map_err(|e| e.to_string())?;
    let mut t: Vec<String> = rows.into_iter().map(|r| r.title).collect();
    t.sort();
    t.dedup();
    Ok(t)
}

fn check(case: &Case) -> Option<String> {
    let got = match titles(case.query) {
        Ok(t) => t,
        Err(e) => return Some(format!("{}: error {e}", case.query)),
    };
    match &case.want {
        Want::Exact(want) => {
            let missing: Vec<_> = want
                .iter()
                .filter(|w| !got.iter().any(|g| g == *w))
                .collect();
            let extra: Vec<_> = got.iter().filter(|g| !want.contains(&g.as_str())).collect();
            (!missing.is_empty() || !extra.is_empty())
                .then(|| format!("{}: missing {missing:?}, extra {extra:?}", case.query))
        }
        Want::CountWith(n, must) => {
            let missing: Vec<_> = must
                .iter()
                .filter(|w| !got.iter().any(|g| g == *w))
                .collect();
            (got.len() != *n || !missing.is_empty()).then(|| {
                format!(
                    "{}: {} cards (want {n}), missing {missing:?}",
                    case.query,
                    got.len()
                )
            })
        }
    }
}

#[test]
fn blind_queries_match_the_reference() {
    let failures: Vec<String> = CASES.iter().filter_map(check).collect();
    assert!(
        failures.is_empty(),
        "{} of {} queries disagree:\n{}",
        failures.len(),
        CASES.len(),
        failures.join("\n")
    );
}

/// Sloppy names a player would type, and the card each should find.
const LOOKUPS: &[(&str, &str)] = &[
    ("kira neris", "Kira Nerys"),
    ("ikc vorcha", "I.K.C. Vor'Cha"),
    ("uss defiant", "U.S.S. Defiant"),
    ("borg queens ship", "Borg Queen's Ship"),
    ("benjamin siskoo", "Benjamin Sisko"),
    ("elim garack", "Elim Garak"),
    ("miles obrien", "Miles O'Brien"),
    ("quarks bar", "Quark's Bar"),
    ("antimatter pod", "Anti-Matter Pod"),
    ("red alert", "Red Alert!"),
    ("wormhole negociations", "Wormhole Negotiations"),
    ("seven of nine the borg", "Seven of Nine (The Borg)"),
    ("deep space 9", "Deep Space 9"),
    ("tasha yar alternate", "Tasha Yar - Alternate"),
    ("kivas fajo collector", "Kivas Fajo - Collector"),
    ("horgahn", "Horga'hn"),
    ("jemhadar attack ship", "Jem'Hadar Attack Ship"),
    ("scan cycle chek", "Scan Cycle Check"),
    ("julian bashir emissary", "Julian Bashir (Emissary)"),
];

#[test]
fn sloppy_names_find_their_card() {
    let db = crate::support::cards();
    let failures: Vec<String> = LOOKUPS
        .iter()
        .filter_map(|(name, want)| {
            let got = lookup(db, name).card().map(|c| c.title.clone());
            (got.as_deref() != Some(*want)).then(|| format!("{name:?}: got {got:?}, want {want:?}"))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} lookups disagree:\n{}",
        failures.len(),
        LOOKUPS.len(),
        failures.join("\n")
    );
}

#[test]
fn a_name_that_fits_nothing_is_not_found() {
    let found = lookup(crate::support::cards(), "zzyzx quuxblat");
    assert!(matches!(found, Lookup::NotFound { .. }), "{found:?}");
}
