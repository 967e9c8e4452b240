//! The readers against the real corpus (../shared/corpus): entry counts,
//! revision marks, repairs, and every unplaced line accounted for.

use daystrom::corpus::{Corpus, DocSpec};
use daystrom::readers::{read_rules_document, ReadReport};

fn corpus() -> &'static Corpus {
    crate::support::corpus()
}

fn read(id: &str) -> ReadReport {
    let c = corpus();
    let doc: &DocSpec = c.manifest.get(id).expect("document in manifest");
    let r = read_rules_document(doc, &c.path_of(doc)).expect("document reads");
    eprintln!(
        "{id}: {} entries, {} xrefs, {} repairs, {} unplaced",
        r.entries.len(),
        r.cross_references(),
        r.repairs,
        r.unplaced.len()
    );
    for u in r.unplaced.iter().take(8) {
        eprintln!(
            "  unplaced {}: {}",
            u.line,
            u.text.chars().take(90).collect::<String>()
        );
    }
    r
}

#[test]
fn glossary_has_every_term_and_no_index_lines() {
    let r = read("glossary");
    assert!(r.entries.len() >= 440, "{}", r.entries.len());
    assert!(r.entries.iter().all(|e| !e.title.ends_with("Glossary")));
    let aboard = r.entries.iter().find(|e| e.title == "aboard").unwrap();
    assert!(aboard.stub && aboard.see_also == ["present"]);
    let stubs = r.entries.iter().filter(|e| e.stub).count();
    assert!(stubs >= 100, "{stubs} stubs");
    assert!(
        r.unplaced
            .iter()
            .all(|u| !u.text.starts_with("index title")),
        "{:?}",
        r.unplaced
    );
    assert!(r
        .entries
        .iter()
        .any(|e| e.source.as_deref() == Some("Current-Rulings")));
}

#[test]
fn current_rulings_have_entries_marks_legend_and_repairs() {
    let r = read("current-rulings");
    assert!(r.entries.len() >= 200, "{}", r.entries.len());
    assert!(r.entries.iter().filter(|e| e.revised).count() >= 20);
    assert!(r.repairs > 500, "{}", r.repairs);
    assert!(r
        .legend
        .iter()
        .any(|l| l.code == "[AU]" && l.meaning == "Alternate Universe"));
    assert!(r
        .legend
        .iter()
        .any(|l| l.code == "<Fed>" && l.group == "infiltrator"));
    assert!(r
        .legend
        .iter()
        .any(|l| l.code == "[Klg]" && l.group == "affiliation"));
    let all: String = r.entries.iter().map(|e| e.body.as_str()).collect();
    assert!(!all.contains('Õ') && !all.contains('¥'));
    for t in [
        "Borg Ship",
        "ship battle rules",
        "capture",
        "“stopped”",
        "actions, “just”",
    ] {
        assert!(r.entries.iter().any(|e| e.title == t), "missing {t}");
    }
    // A sub-heading stays inside its entry and is an entry of its own under it.
    for (t, parent) in [
        ("Rescue", "capture"),
        ("Brigs", "capture"),
        ("Multiple targets", "ship battle rules"),
        ("Tasha Yar", "revised game text"),
        ("Default damage", "damage markers"),
    ] {
        let under: Vec<&Vec<String>> = r
            .entries
            .iter()
            .filter(|e| e.title == t)
            .map(|e| &e.heading_path)
            .collect();
        assert_eq!(under, [&vec![parent.to_string()]], "sub-heading {t}");
        let holder = r.entries.iter().find(|e| e.title == parent).unwrap();
        assert!(
            holder.body.contains(&format!("{t} - ")),
            "{parent} keeps {t}"
        );
    }
}

#[test]
fn italian_rulings_are_read() {
    let r = read("regole-aggiornate");
    assert!(r.entries.len() >= 200, "{}", r.entries.len());
    assert!(r.entries.iter().any(|e| e.title == "Abilità"));
    assert!(r.unplaced.len() <= 5, "{:?}", r.unplaced);
}

#[test]
fn rulebooks_are_split_and_repaired() {
    let r1 = read("rulebook-1e");
    assert!(r1.entries.len() >= 80, "{}", r1.entries.len());
    let all: String = r1.entries.iter().map(|e| e.body.as_str()).collect();
    assert!(!all.contains('\u{fffd}') && !all.contains("-->") && !all.contains("Edit source"));
    assert!(!all.to_lowercase().contains("star trek ccg ships"));
    let r2 = read("rulebook-2e");
    assert!(r2.entries.len() >= 25, "{}", r2.entries.len());
    let all: String = r2.entries.iter().map(|e| e.body.as_str()).collect();
    assert!(!all.contains("PersonnelPersonnel") && !all.contains(", , , "));
    assert!(all.contains("Owner:"));
    assert!(r2.repairs > 100);
}
