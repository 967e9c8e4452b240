//! The card query language against a store built from the real corpus: every
//! key, combinators, sorting and limits, malformed queries, and SQL built only
//! with bound parameters.

use daystrom::cards::query::{self, parse, run, CardRow, RunOptions};
use daystrom::cards::{Card, CardDb, Edition};
use daystrom::store::cards::stat_number;

fn q(query: &str) -> Vec<CardRow> {
    let store = crate::support::card_store();
    query::query(&store, query, &RunOptions::default()).unwrap_or_else(|e| panic!("{query}: {e}"))
}

fn cards<'a>(db: &'a CardDb, rows: &[CardRow]) -> Vec<&'a Card> {
    rows.iter().map(|r| db.get(r.id).unwrap()).collect()
}

/// Run a query and check every result with `pred`; the result must not be empty.
fn all(query: &str, pred: impl Fn(&Card) -> bool) -> usize {
    let db = crate::support::cards();
    let rows = q(query);
    assert!(!rows.is_empty(), "{query}: no results");
    for c in cards(db, &rows) {
        assert!(pred(c), "{query}: {} does not match", c.title);
    }
    rows.len()
}

#[test]
fn type_affiliation_class() {
    let n = all("t:personnel", |c| {
        c.is_personnel() && c.edition == Edition::First
    });
    assert!(n > 1500, "{n}");
    // an Interrupt/Event card is both
    all("t:interrupt", |c| {
        matches!(c.card_type.name().as_str(), "Interrupt" | "Interrupt/Event")
    });
    assert!(q("t:interrupt")
        .iter()
        .any(|r| r.card_type == "Interrupt/Event"));
    all("t:\"q dilemma\"", |c| c.card_type.name() == "Q Dilemma");
    // a mission's affiliation icons count: `[FED]` missions are Federation missions
    all("a:federation", |c| {
        c.affiliations
            .iter()
            .chain(&c.mission_icons)
            .any(|a| a == "Federation")
    });
    assert!(q("a:federation t:mission").len() > 100);
    all("a:na", |c| {
        c.affiliations
            .iter()
            .chain(&c.mission_icons)
            .any(|a| a == "Non-Aligned")
    });
    all("A:FED", |c| {
        c.affiliations
            .iter()
            .chain(&c.mission_icons)
            .any(|a| a == "Federation")
    });
    // a dual personnel ("OFFICER+ENGINEER") has both classifications
    all("class:officer", |c| {
        c.class
            .as_deref()
            .is_some_and(|k| k.split('+').any(|p| p == "OFFICER"))
    });
    assert!(q("class:officer")
        .iter()
        .any(|r| r.class.as_deref() == Some("OFFICER+ENGINEER")));
    all("class:\"akira class\"", |c| {
        c.class.as_deref() == Some("Akira Class")
    });
    assert!(q("class:akira").iter().any(|r| r.title == "U.S.S. Jupiter"));
}

#[test]
fn skills_and_levels() {
    all("skill:diplomacy", |c| c.skill_level("Diplomacy") > 0.0);
    let n = all("a:federation t:personnel skill:diplomacy>=2", |c| {
        c.skill_level("Diplomacy") >= 2.0 && c.affiliations.iter().any(|a| a == "Federation")
    });
    assert!(n >= 5);
    all("skill:\"computer skill\"=2", |c| {
        c.skill_level("Computer Skill") == 2.0
    });
    all("skill:intelligence", |c| {
        c.skills.iter().any(|s| s.name.ends_with("Intelligence"))
    });
    all("skill:security>1", |c| c.skill_level("SECURITY") > 1.0);
}

#[test]
fn numbers() {
    let db = crate::support::cards();
    let num = |c: &Card, f: fn(&Card) -> &Option<daystrom::cards::Stat>| stat_number(f(c));
    all("int>=9", |c| {
        c.is_personnel() && num(c, |c| &c.int_rng) >= Some(9)
    });
    all("cun<3", |c| {
        c.is_personnel() && num(c, |c| &c.cun_wpn).is_some_and(|n| n < 3)
    });
    all("str=10", |c| num(c, |c| &c.str_shd) == Some(10));
    all("t:ship rng>=9", |c| num(c, |c| &c.int_rng) >= Some(9));
    all("wpn>10", |c| {
        !c.is_personnel() && num(c, |c| &c.cun_wpn) > Some(10)
    });
    all("t:ship shd!=8", |c| num(c, |c| &c.str_shd) != Some(8));
    all("pts>=40", |c| num(c, |c| &c.points) >= Some(40));
    all("span<=2", |c| num(c, |c| &c.span).is_some_and(|n| n <= 2));
    let _ = db;
}

#[test]
fn text_lore_refs() {
    all("o:\"Borg Ship\"", |c| {
        c.text.to_lowercase().contains("borg ship")
    });
    all("o:nullify", |c| c.text.to_lowercase().contains("nullify"));
    // any printing's lore: a *VP reprint may carry its own quotation
    all("lore:Genesis", |c| {
        std::iter::once(c.lore.as_str())
            .chain(c.printings.iter().filter_map(|p| p.lore.as_deref()))
            .any(|l| l.to_lowercase().contains("genesis"))
    });
    all("ref:\"Borg Ship\"", |c| {
        c.references
            .iter()
            .any(|r| r.eq_ignore_ascii_case("Borg Ship"))
    });
    all("t:interrupt ref:\"Borg Ship\"", |c| {
        c.card_type.name() == "Interrupt"
    });
}

#[test]
fn icons_characteristics_persona_commands() {
    all("icon:au", |c| c.has_icon("AU"));
    all("icon:cmd", |c| c.has_icon("Cmd"));
    all("icon:ST", |c| c.has_icon("Stf"));
    all("staff:cmd", |c| c.staffing.iter().any(|s| s == "Cmd"));
    all("char:klingon", |c| c.has_characteristic("Klingon"));
    all("char:female", |c| c.has_characteristic("Female"));
    all("persona:\"Jean-Luc Picard\"", |c| {
        // a personnel with no Persona cell is its own persona
        c.persona_names()
            .iter()
            .any(|p| p.contains("Jean-Luc Picard"))
    });
    // a dual personnel has both personas
    assert!(q("persona:\"Jean-Luc Picard\"")
        .iter()
        .any(|r| r.title == "Data and Picard"));
    assert!(q("persona:data")
        .iter()
        .any(|r| r.title == "Data and Picard"));
    all("cmd:Satelk", |c| {
        c.commands.iter().any(|m| m.contains("Satelk"))
    });
}

#[test]
fn locations_sets_flags_editions() {
    all("q:gamma", |c| c.quadrant.as_deref() == Some("Gamma"));
    all("q:DQ", |c| c.quadrant.as_deref() == Some("Delta"));
    all("region:badlands", |c| {
        c.region.as_deref().is_some_and(|r| r.contains("Badlands"))
    });
    use daystrom::cards::model::DilemmaType;
    all("dt:space t:dilemma", |c| {
        c.dilemma_type == Some(DilemmaType::Space)
    });
    all("dt:planet", |c| c.dilemma_type == Some(DilemmaType::Planet));
    all("dt:dual", |c| c.dilemma_type == Some(DilemmaType::Dual));
    all("set:Trad_Virtual", |c| {
        c.printings.iter().any(|p| p.set.contains("Trad_Virtual"))
    });
    all("release:premiere", |c| {
        c.printings.iter().any(|p| p.release == "premiere")
    });
    all("is:unique", |c| c.unique);
    all("is:universal", |c| c.universal);
    all("is:virtual", |c| {
        c.printings
            .iter()
            .any(|p| p.source == daystrom::cards::model::PrintingSource::Virtual)
    });
    all("is:physical t:ship", |c| {
        c.printings
            .iter()
            .any(|p| p.source == daystrom::cards::model::PrintingSource::Physical)
    });
    all("ed:2e", |c| c.edition == Edition::Second);
    all("fajo", |c| {
        c.edition == Edition::First && c.title.to_lowercase().contains("fajo")
    });
    let exact = q("!\"Kivas Fajo\"");
    assert!(!exact.is_empty() && exact.iter().all(|r| r.title == "Kivas Fajo"));
}

#[test]
fn combinators_are_consistent() {
    let n = |s: &str| q(s).len();
    let fed = n("a:federation");
    let kli = n("a:klingon");
    let both = n("a:federation a:klingon");
    assert_eq!(n("a:federation or a:klingon"), fed + kli - both);
    assert_eq!(n("a:FEDERATION OR a:klingon"), fed + kli - both);
    let total = n("ed:1e");
    assert_eq!(n("-a:federation"), total - fed);
    assert_eq!(n("not a:federation"), total - fed);
    let ships = n("t:ship");
    let fed_ships = n("t:ship a:federation");
    let kli_ships = n("t:ship a:klingon");
    let both_ships = n("t:ship a:federation a:klingon");
    assert_eq!(
        n("t:ship (a:federation or a:klingon)"),
        fed_ships + kli_ships - both_ships
    );
    assert_eq!(
        n("t:ship -(a:federation or a:klingon)"),
        ships - (fed_ships + kli_ships - both_ships)
    );
    assert!(n("(a:klingon or a:romulan) t:ship wpn>=9") > 0);
}

#[test]
fn sort_limit_prints() {
    let store = crate::support::card_store();
    let opts = RunOptions {
        sort: "int".into(),
        limit: Some(5),
        prints: true,
    };
    let rows = run(&store, &parse("t:personnel").unwrap(), &opts).unwrap();
    assert_eq!(rows.len(), 5);
    let ints: Vec<i64> = rows
        .iter()
        .map(|r| r.int_rng.as_deref().unwrap().parse().unwrap())
        .collect();
    assert!(ints.windows(2).all(|w| w[0] >= w[1]), "{ints:?}");
    assert!(rows
        .iter()
        .all(|r| r.printings.len() == r.printing_count && r.printing_count > 0));
    let bad = RunOptions {
        sort: "title; DROP TABLE cards".into(),
        ..Default::default()
    };
    assert!(run(&store, &parse("t:ship").unwrap(), &bad)
        .unwrap_err()
        .to_string()
        .contains("unknown sort field"));
}

#[test]
fn malformed_queries_are_clear_errors() {
    let cases: &[(&str, &str, usize)] = &[
        ("t:ship skil:diplomacy", "did you mean `skill:`", 8),
        ("(a:fed t:ship", "unbalanced `(`", 1),
        ("a:fed t:ship)", "unbalanced `)`", 13),
        ("int>=seven", "bad comparison", 6),
        ("int~7", "bad comparison", 4),
        ("skill:diplomacy>=x", "bad comparison", 16),
        ("skill:diplomcy", "did you mean `Diplomacy`", 7),
        ("", "empty query", 1),
        ("()", "empty parentheses", 1),
        ("a:fed or", "`or` needs a term", 7),
        ("-", "expected a term", 1),
        ("a:martian", "unknown affiliation", 3),
        ("t:spaceship", "unknown card type", 3),
        ("icon:zork", "unknown icon", 6),
        ("dt:air", "unknown dilemma type", 4),
        ("is:shiny", "unknown `is:", 4),
        ("o:\"unclosed", "unclosed quote", 3),
        ("a:", "needs a value", 3),
    ];
    for (query, msg, col) in cases {
        match parse(query) {
            Ok(ast) => panic!("{query:?} parsed as {ast:?}"),
            Err(e) => {
                assert!(e.message.contains(msg), "{query:?}: {e}");
                assert_eq!(e.column, *col, "{query:?}: {e}");
                assert!(e.render(query).contains('▲'), "{}", e.render(query));
            }
        }
    }
}

#[test]
fn values_are_bound_parameters() {
    // Quotes and `;` in values are data, never SQL.
    let hostile = "o:\"'; DROP TABLE cards; --\"";
    let (sql, params) = query::to_sql(&parse(hostile).unwrap());
    assert!(!sql.contains("DROP"), "{sql}");
    assert!(params
        .iter()
        .any(|p| matches!(p, rusqlite::types::Value::Text(t) if t.contains("DROP TABLE"))));
    assert!(q(hostile).is_empty());
    assert!(q("Robert';").is_empty());
    assert!(parse("Robert'); DROP")
        .unwrap_err()
        .message
        .contains("unbalanced"));
    assert!(
        q("o:%").len() < q("t:personnel").len() * 10,
        "`%` is escaped, not a wildcard"
    );
    assert!(q("o:\"100%\"").iter().all(|r| !r.title.is_empty()));
    // the table is still there
    assert!(!q("t:ship").is_empty());
}

/// `persona:` asks what `cards::persona::same_persona` compares: a mirror
/// version `(Name)` and an impersonator `<Name>` are not versions of Name
/// (Glossary "persona"); a station is a persona too.
#[test]
fn persona_follows_the_persona_rule() {
    let titles = |query: &str| -> Vec<String> { q(query).into_iter().map(|r| r.title).collect() };
    let quark = titles("persona:quark");
    assert!(quark.contains(&"Quark Son of Keldar".into()), "{quark:?}");
    assert!(!quark.contains(&"Mr. Quark".into()), "{quark:?}");
    assert_eq!(titles("persona:\"(Quark)\""), ["Mr. Quark"]);
    let bashir = titles("persona:\"julian bashir\"");
    assert!(!bashir.iter().any(|t| t.contains("Founder")), "{bashir:?}");
    assert!(titles("persona:\"<julian bashir>\"").contains(&"Bashir Founder".into()));
    assert!(titles("persona:\"terok nor\"").contains(&"Terok Nor".into()));
}
