//! Every executable ruling in `rulings/` passes (except `rulings/responses/`,
//! which waits for the ability compiler), and every entry the engine cites is
//! an entry title of the corpus Glossary or Current Rulings.

mod scenario_sets;

use daystrom::scenario::check::collect;
use std::path::Path;

#[test]
fn every_ruling_passes_and_cites_real_entries() {
    let Some(db) = scenario_sets::corpus_cards() else {
        return;
    };
    let run = scenario_sets::run_set(&db, &["rulings"], &["rulings/responses"]);
    assert!(run.files >= 80, "only {} rulings", run.files);
    assert!(
        run.problems.is_empty(),
        "failing rulings:\n{}",
        run.problems.join("\n")
    );
    let glossary = scenario_sets::entry_titles("glossary");
    let rulings_t = scenario_sets::entry_titles("current-rulings");
    let unknown_cites: Vec<String> = run
        .citations
        .iter()
        .filter(|(doc, title)| match doc.as_str() {
            "glossary" => !glossary.contains(title),
            "current-rulings" => !rulings_t.contains(title),
            _ => true,
        })
        .map(|(doc, title)| format!("{doc}: {title}"))
        .collect();
    assert!(
        unknown_cites.is_empty(),
        "citations not in the corpus: {unknown_cites:?}"
    );
    for k in daystrom::engine::question::KINDS
        .iter()
        .map(|k| &k.name)
        .filter(|k| !["valid response", "can play"].contains(k))
    {
        assert!(run.kinds.contains(*k), "no ruling asks \"{k}\"");
    }
}

#[test]
fn every_ruling_names_its_source_entry() {
    if scenario_sets::corpus_cards().is_none() {
        return;
    }
    let glossary = scenario_sets::entry_titles("glossary");
    let current = scenario_sets::entry_titles("current-rulings");
    let rulings = Path::new(env!("CARGO_MANIFEST_DIR")).join("rulings");
    for f in collect(&[rulings], &[]).unwrap() {
        let text = std::fs::read_to_string(&f).unwrap();
        let v: toml::Value = toml::from_str(&text).unwrap();
        let entry = v["source"]["entry"]
            .as_str()
            .unwrap_or_else(|| panic!("{} has no source", f.display()));
        let (titles, doc) = match v["source"]["doc"].as_str() {
            Some("current-rulings") => (&current, "Current Rulings"),
            _ => (&glossary, "Glossary"),
        };
        assert!(
            titles.contains(entry),
            "{}: source entry {entry:?} is not a {doc} title",
            f.display()
        );
        assert!(
            text.contains("expect ="),
            "{} has no expectation",
            f.display()
        );
    }
}
