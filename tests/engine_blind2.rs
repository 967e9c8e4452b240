//! The second blind round (`tests/fixtures/scenarios/blind2/`), written from
//! `docs/scenarios.md`, the Glossary, the Current Rulings and the card CSVs
//! only: every file loads, names its source and passes, and together they ask
//! every question kind except the response kinds (another set covers those).

use daystrom::scenario::check::{check_file, collect};
use daystrom::scenario::DbTitleResolver;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

fn corpus() -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    p.join("cards/physical.csv").is_file().then_some(p)
}

#[test]
fn every_blind2_scenario_loads_and_passes() {
    let Some(root) = corpus() else {
        eprintln!("corpus not found; skipping");
        return;
    };
    let corpus = daystrom::corpus::locate(Some(&root), None).expect("corpus");
    let db = daystrom::cards::ingest::load_corpus(&corpus).expect("cards load");
    let resolver = DbTitleResolver::new(&db);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/scenarios/blind2");
    let files = collect(std::slice::from_ref(&dir), &[]).expect("blind2 dir");
    assert!(files.len() >= 50, "only {} blind2 scenarios", files.len());
    let mut problems = Vec::new();
    let mut kinds = HashSet::new();
    for f in &files {
        let r = check_file(f, &db, &resolver);
        if let Some(e) = &r.error {
            problems.push(format!("load error: {e}"));
            continue;
        }
        if r.source.is_none() {
            problems.push(format!("{}: no `source`", f.display()));
        }
        for a in &r.answers {
            kinds.insert(a.ask.clone());
            match a.passed {
                Some(true) => {}
                Some(false) => problems.push(format!(
                    "{}:{} {} => {}",
                    f.display(),
                    a.line,
                    a.ask,
                    a.verdict.value
                )),
                None => problems.push(format!("{}:{} has no `expect`", f.display(), a.line)),
            }
        }
    }
    assert!(problems.is_empty(), "blind2 set:\n{}", problems.join("\n"));
    for k in daystrom::engine::checks::ASKS {
        if ["valid response", "can play"].contains(k) {
            continue;
        }
        assert!(kinds.contains(*k), "no blind2 scenario asks \"{k}\"");
    }
}
