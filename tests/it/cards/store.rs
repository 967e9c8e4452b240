//! The card tables in the store: write → load_db round trip, resolved
//! references, and links from rules entries to cards (card_rules).

use daystrom::store::cards::load_db;

#[test]
fn load_db_round_trips_the_model() {
    let store = crate::support::card_store();
    let loaded = load_db(&store).unwrap();
    let db = crate::support::cards();
    assert_eq!(loaded.len(), db.len());
    assert_eq!(loaded.cards[100], db.cards[100]);
    let last = db.len() - 1;
    assert_eq!(loaded.cards[last], db.cards[last]);
}

#[test]
fn references_resolve_to_cards() {
    let store = crate::support::card_store();
    let (total, resolved): (i64, i64) = store
        .conn
        .query_row("SELECT COUNT(*), COUNT(target) FROM card_refs", [], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .unwrap();
    assert!(
        total > 1000 && resolved * 10 > total * 7,
        "{resolved}/{total}"
    );
    // every resolved target has the referenced title
    let bad: i64 = store
        .conn
        .query_row(
            "SELECT COUNT(*) FROM card_refs r JOIN cards c ON c.id = r.target WHERE lower(c.title) != lower(r.title)",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(bad, 0);
}

#[test]
fn rules_entries_link_to_cards() {
    let store = crate::support::card_store();
    let links = |title: &str| -> Vec<(String, String)> {
        let mut stmt = store
            .conn
            .prepare("SELECT r.entry_id, r.how FROM card_rules r JOIN cards c ON c.id = r.card WHERE c.title = ?1")
            .unwrap();
        stmt.query_map([title], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .map(Result::unwrap)
            .collect()
    };
    let fajo = links("Kivas Fajo");
    assert!(
        fajo.contains(&("current-rulings:kivas-fajo".into(), "about".into())),
        "{fajo:?}"
    );
    assert!(
        !fajo.iter().any(|(_, how)| how == "mentions"),
        "the entry about a card is not also a mention"
    );
    let borg = links("Borg Ship");
    assert!(
        borg.contains(&("current-rulings:kivas-fajo".into(), "mentions".into())),
        "{borg:?}"
    );
    // "stolen" is not a card title; "Kivas Fajo - Collector" is not named in the entry
    assert!(links("Kivas Fajo - Collector").is_empty());
}

#[test]
fn light_title_db_looks_up_like_the_full_one() {
    use daystrom::cards::lookup::lookup;
    let store = crate::support::card_store();
    let light = daystrom::store::cards::load_titles(&store).unwrap();
    let full = crate::support::cards();
    assert_eq!(light.len(), full.len());
    for name in [
        "kivas fajo collector",
        "picard",
        "q's tent",
        "haakonna",
        "worf son of mogh",
        "xyzzy",
    ] {
        let a = lookup(&light, name).card().map(|c| c.id);
        let b = lookup(full, name).card().map(|c| c.id);
        assert_eq!(a, b, "{name}");
    }
    let card = daystrom::store::cards::load_card(&store, 42)
        .unwrap()
        .unwrap();
    assert_eq!(&card, &full.cards[42]);
    assert!(daystrom::store::cards::load_card(&store, 999_999)
        .unwrap()
        .is_none());
}

#[test]
fn dual_personas_and_staffing_prose_are_kept() {
    let db = crate::support::cards();
    let duals: std::collections::BTreeSet<&str> = db
        .cards
        .iter()
        .filter(|c| c.personas.len() == 2)
        .map(|c| c.title.as_str())
        .collect();
    assert!(duals.len() >= 15, "{duals:?}");
    let dp = db.by_title("Data and Picard")[0];
    let names: Vec<&str> = dp.personas.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Data", "Jean-Luc Picard"]);
    assert_eq!(
        dp.persona.as_ref().unwrap().name,
        "Data",
        "persona stays the first"
    );
    // the light title db the CLI looks names up in has both personas too
    let store = crate::support::card_store();
    let titles = daystrom::store::cards::load_titles(&store).unwrap();
    assert_eq!(titles.cards[dp.id].personas.len(), 2);
    // prose beside the staffing icons
    let prose: Vec<&str> = db
        .cards
        .iter()
        .filter_map(|c| c.staffing_text.as_deref())
        .collect();
    assert!(
        prose.iter().any(|t| t.contains("{James T. Kirk}")),
        "{prose:?}"
    );
    assert!(db
        .cards
        .iter()
        .all(|c| c.staffing_text.as_deref() != Some("")));
}
