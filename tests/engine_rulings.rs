//! Every executable ruling in `rulings/` passes (except `rulings/responses/`,
//! which waits for the ability compiler), and every entry the engine cites is
//! an entry title of the corpus Glossary or Current Rulings.

use daystrom::scenario::check::{check_file, collect};
use daystrom::scenario::DbTitleResolver;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

fn corpus() -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    p.join("cards/physical.csv").is_file().then_some(p)
}

/// Glossary titles: the line after each "Taken from ..." line.
fn glossary_titles(text: &str) -> HashSet<String> {
    let mut out = HashSet::new();
    let mut after_taken = false;
    for l in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if l.starts_with("Taken from") {
            after_taken = true;
        } else if after_taken {
            out.insert(l.to_string());
            after_taken = false;
        }
    }
    out
}

/// Current Rulings titles: "Title - text" paragraphs, mojibake repaired.
fn rulings_titles(text: &str) -> HashSet<String> {
    let (fixed, _) = daystrom::repair::repair_mac_roman(text);
    fixed
        .lines()
        .filter_map(|l| {
            l.trim_start_matches("* ")
                .split_once(" - ")
                .map(|(t, _)| t.trim().to_string())
        })
        .filter(|t| t.len() < 80)
        .collect()
}

#[test]
fn every_ruling_passes_and_cites_real_entries() {
    let Some(root) = corpus() else {
        eprintln!("corpus not found; skipping");
        return;
    };
    let corpus = daystrom::corpus::locate(Some(&root), None).expect("corpus");
    let db = daystrom::cards::ingest::load_corpus(&corpus).expect("cards load");
    let resolver = DbTitleResolver::new(&db);
    let rulings = Path::new(env!("CARGO_MANIFEST_DIR")).join("rulings");
    let files =
        collect(std::slice::from_ref(&rulings), &[rulings.join("responses")]).expect("rulings dir");
    assert!(files.len() >= 80, "only {} rulings", files.len());
    let glossary = glossary_titles(
        &std::fs::read_to_string(root.join("glossary/opencards-st1e-terms.txt")).unwrap(),
    );
    let rulings_t = rulings_titles(
        &std::fs::read_to_string(root.join("rulings/current-rulings-1999-07-26.txt")).unwrap(),
    );
    let mut failures = Vec::new();
    let mut unknown_cites = HashSet::new();
    let mut kinds = HashSet::new();
    for f in &files {
        let r = check_file(f, &db, &resolver);
        if let Some(e) = &r.error {
            failures.push(e.clone());
        }
        for a in &r.answers {
            kinds.insert(a.ask.clone());
            if a.passed != Some(true) {
                failures.push(format!(
                    "{}:{} {} => {}",
                    f.display(),
                    a.line,
                    a.ask,
                    a.verdict.value
                ));
            }
            for c in &a.verdict.citations {
                let known = match c.doc.as_str() {
                    "glossary" => glossary.contains(&c.title),
                    "current-rulings" => rulings_t.contains(&c.title),
                    _ => false,
                };
                if !known {
                    unknown_cites.insert(format!("{}: {}", c.doc, c.title));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "failing rulings:\n{}",
        failures.join("\n")
    );
    assert!(
        unknown_cites.is_empty(),
        "citations not in the corpus: {unknown_cites:?}"
    );
    for k in daystrom::engine::checks::ASKS
        .iter()
        .filter(|k| !["valid response", "can play"].contains(k))
    {
        assert!(kinds.contains(*k), "no ruling asks \"{k}\"");
    }
}

#[test]
fn every_ruling_names_its_source_entry() {
    let Some(root) = corpus() else {
        return;
    };
    let glossary = glossary_titles(
        &std::fs::read_to_string(root.join("glossary/opencards-st1e-terms.txt")).unwrap(),
    );
    let current = rulings_titles(
        &std::fs::read_to_string(root.join("rulings/current-rulings-1999-07-26.txt")).unwrap(),
    );
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
