//! Skill parsing on real personnel from the corpus: each row names a card and
//! the skills, special downloads and a special-skill phrase its text must parse to.

use daystrom::cards::{Card, Edition};

/// (title, "SKILL:level; Skill; ...", downloads ("" = none, "-" = not checked), special-skill phrase)
const TABLE: &[(&str, &str, &str, &str)] = &[
    ("Dr. Leah Brahms", "ENGINEER:2", "", ""),
    ("Beverly Crusher", "MEDICAL:2; Biology; Exobiology", "", ""),
    (
        "Arturis",
        "ENGINEER:2; Diplomacy; Anthropology; Computer Skill; Treachery",
        "Construct Starship",
        "",
    ),
    (
        "Montgomery Scott",
        "ENGINEER:2; Astrophysics; Honor; Miracle Worker; Transporter Skill",
        "",
        "",
    ),
    ("Mora Pol", "SCIENCE:2; Exobiology:2", "", ""),
    (
        "Bashir Founder",
        "MEDICAL:2; Exobiology; Biology; Treachery",
        "Supernova",
        "",
    ),
    ("Atul", "SECURITY; Klingon Intelligence", "", ""),
    (
        "Arne Darvin",
        "CIVILIAN; Treachery; Klingon Intelligence; Biology",
        "",
        "If on {K-7}",
    ),
    (
        "Morka",
        "OFFICER; Computer Skill; Klingon Intelligence; Geology; Stellar Cartography",
        "",
        "",
    ),
    (
        "Hanok",
        "V.I.P.; Acquisition; Diplomacy; Smuggling; ENGINEER",
        "Any [Rule] card",
        "",
    ),
    (
        "Corez",
        "SECURITY; Treachery; Geology",
        "Kazon Disruptor Rifle",
        "",
    ),
    (
        "Eleven of Twelve",
        "Computer Skill; ENGINEER; Biology",
        "Borg Data Node",
        "May download {Borg Vinculum}",
    ),
    (
        "Nadirum",
        "OFFICER; Leadership; Computer Skill; Navigation",
        "Organ Theft",
        "",
    ),
    (
        "Oken'alak",
        "SECURITY; Exobiology; Computer Skill",
        "Prisoner Escort",
        "",
    ),
    (
        "Sam Lavelle",
        "OFFICER; Navigation; Computer Skill",
        "Lower Decks",
        "",
    ),
    (
        "Admiral Kirk",
        "V.I.P.; Leadership:3; Diplomacy",
        "Commandeer Ship",
        "Once each turn",
    ),
    (
        "Emory Erickson",
        "V.I.P.; ENGINEER; Transporter Skill:3; Physics; Computer Skill:2",
        "",
        "",
    ),
    (
        "Kai Opaka",
        "V.I.P.; Leadership:3; Diplomacy; Honor; Anthropology",
        "",
        "Orb artifacts",
    ),
    ("Suna", "SECURITY; MEDICAL; Treachery", "", "Once per game"),
    (
        "Wajahut",
        "CIVILIAN; Navigation; ENGINEER",
        "",
        "Once per game",
    ),
    (
        "Dixon Hill",
        "CIVILIAN",
        "Any Business Card",
        "ignore non-attribute",
    ),
    (
        "Admiral Cartwright",
        "V.I.P.; Leadership; SECURITY; Treachery; Section 31",
        "",
        "nullify a [Fed] Treaty",
    ),
    ("Ajur", "SECURITY", "", "peek at all"),
    (
        "Deputy Rozhenko",
        "SECURITY; Youth; Law",
        "",
        "Scores 5 points",
    ),
    (
        "Durango",
        "CIVILIAN; Empathy; Honor; SECURITY",
        "",
        "STRENGTH +2",
    ),
    (
        "Hagath",
        "CIVILIAN; Acquisition; Treachery:2; Anthropology; ENGINEER",
        "",
        "hand weapons",
    ),
    (
        "Hajur",
        "CIVILIAN; Leadership; Biology; MEDICAL; Anthropology; Geology; Archaeology",
        "",
        "",
    ),
    (
        "Haliz",
        "OFFICER; Biology; SCIENCE; Leadership; Stellar Cartography",
        "",
        "",
    ),
    ("Hannah Bates", "SCIENCE; Physics", "", ""),
    (
        "Haron",
        "OFFICER; Leadership; Exobiology; MEDICAL; Greed; Stellar Cartography",
        "",
        "",
    ),
    (
        "Harry Kim",
        "OFFICER; Stellar Cartography; ENGINEER; Music; Youth",
        "",
        "volunteer",
    ),
    ("Hawk", "OFFICER; Navigation:2", "", "nebula"),
    (
        "Two of Twelve",
        "Archaeology; Anthropology; Exobiology",
        "",
        "probing",
    ),
    ("Ty Kajada", "OFFICER; SECURITY; Leadership", "", ""),
    (
        "Ulani Belor",
        "SCIENCE; Physics; Stellar Cartography",
        "",
        "",
    ),
    ("Uri'lash", "SECURITY; Honor; Biology", "", ""),
    ("Varat'idan", "SECURITY; Astrophysics; Geology", "", ""),
    ("Varel", "SCIENCE; Physics; Computer Skill; Youth", "", ""),
    ("Vartoq", "OFFICER; Biology; Transporter Skill", "", ""),
    ("Vedek Sorad", "V.I.P.; Diplomacy; MEDICAL", "", ""),
    ("Vekma", "MEDICAL; Honor", "", ""),
    (
        "Albert Einstein",
        "SCIENCE; Physics:2; Astrophysics",
        "",
        "",
    ),
    (
        "Fontaine",
        "CIVILIAN; Navigation; Astrophysics; MEDICAL; Music",
        "-",
        "",
    ),
    (
        "Elim",
        "SECURITY; Treachery:2; Computer Skill:2; Obsidian Order",
        "Interrogation",
        "Random selections",
    ),
    (
        "Krozh",
        "SECURITY; Navigation; Treachery; Guramba",
        "",
        "FCA present",
    ),
    (
        "Admiral McCoy",
        "V.I.P.; MEDICAL; Exobiology; Cantankerousness",
        "",
        "Other MEDICAL",
    ),
    (
        "Sinam",
        "CIVILIAN; Anthropology:2; V'Shar; SCIENCE; SECURITY; Biology",
        "Any Vulcan Espionage card",
        "",
    ),
    ("Borg Queen", "", "", "selects any skill"),
];

fn expected(spec: &str) -> Vec<(String, f32)> {
    let mut v: Vec<(String, f32)> = spec
        .split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| match s.rsplit_once(':') {
            Some((n, l)) => (n.to_string(), l.parse().unwrap()),
            None => (s.to_string(), 1.0),
        })
        .collect();
    v.sort_by(|a, b| a.0.cmp(&b.0));
    v
}

fn actual(c: &Card) -> Vec<(String, f32)> {
    let mut v: Vec<(String, f32)> = c.skills.iter().map(|s| (s.name.clone(), s.level)).collect();
    v.sort_by(|a, b| a.0.cmp(&b.0));
    v
}

fn check(c: &Card, skills: &str, downloads: &str, special: &str) -> Result<(), String> {
    if actual(c) != expected(skills) {
        return Err(format!(
            "skills {:?}, expected {:?}",
            actual(c),
            expected(skills)
        ));
    }
    if downloads != "-" {
        let want: Vec<&str> = if downloads.is_empty() {
            vec![]
        } else {
            vec![downloads]
        };
        if c.special_downloads != want {
            return Err(format!(
                "downloads {:?}, expected {:?}",
                c.special_downloads, want
            ));
        }
    }
    if !special.is_empty() && !c.special_skills.iter().any(|s| s.contains(special)) {
        return Err(format!(
            "special skills {:?} lack {special:?}",
            c.special_skills
        ));
    }
    if !c.skills_parsed {
        return Err(format!(
            "flagged unparsed: {:?}",
            daystrom::cards::parse::skill_box(&c.text).problem
        ));
    }
    Ok(())
}

#[test]
fn real_personnel_skill_boxes_parse() {
    let db = crate::support::cards();
    let mut failures = Vec::new();
    for (title, skills, downloads, special) in TABLE {
        let cards: Vec<&Card> = db
            .by_title(title)
            .into_iter()
            .filter(|c| c.edition == Edition::First && c.is_personnel())
            .collect();
        if cards.is_empty() {
            failures.push(format!("{title}: no 1E personnel with this title"));
            continue;
        }
        // Titles shared by several cards (reprints with other text): one must match.
        let results: Vec<Result<(), String>> = cards
            .iter()
            .map(|c| check(c, skills, downloads, special))
            .collect();
        if results.iter().all(Result::is_err) {
            failures.push(format!("{title}: {}", results[0].clone().unwrap_err()));
        }
    }
    assert!(TABLE.len() >= 40);
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn parse_rate_meets_target_and_failures_are_listed() {
    let load = crate::support::cards_load();
    let r = &load.report;
    assert!(r.personnel_1e > 1500, "{}", r.personnel_1e);
    assert!(r.parse_rate() >= 98.0, "parse rate {:.1}%", r.parse_rate());
    assert_eq!(r.unparsed.len(), r.personnel_1e - r.personnel_1e_parsed);
    assert!(r.unparsed.iter().all(|u| !u.problem.is_empty()));
}

#[test]
fn dual_affiliations_and_twins() {
    let db = crate::support::cards();
    let bounty = db.by_title("H.M.S. Bounty");
    let b = bounty
        .iter()
        .find(|c| c.edition == Edition::First)
        .expect("H.M.S. Bounty");
    let mut affs = b.affiliations.clone();
    affs.sort();
    assert_eq!(affs, vec!["Federation", "Klingon"]);
    assert!(
        b.printings.iter().any(|p| p.printed_title.ends_with('*')),
        "twin is a printing"
    );
    assert!(db
        .cards
        .iter()
        .all(|c| !c.title.ends_with('*') && !c.title.ends_with("*VP")));
}

#[test]
fn references_and_icons_on_real_cards() {
    let db = crate::support::cards();
    let fajo = db.by_title("Kivas Fajo - Collector");
    assert!(!fajo.is_empty());
    let haakona = db.by_title("Haakona")[0];
    assert_eq!(haakona.staffing, vec!["Cmd", "Stf", "Stf"]);
    let jupiter = db.by_title("U.S.S. Jupiter")[0];
    assert!(jupiter
        .references
        .contains(&"Chain Reaction Pulsar".to_string()));
    assert_eq!(jupiter.special_downloads, vec!["Chain Reaction Pulsar"]);
    // Every card with [AU] in its icons has it parsed canonically.
    assert!(db.cards.iter().filter(|c| c.has_icon("AU")).count() > 300);
}
