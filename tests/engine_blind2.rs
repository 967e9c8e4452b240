//! The second blind round (`tests/fixtures/scenarios/blind2/`), written from
//! `docs/scenarios.md`, the Glossary, the Current Rulings and the card CSVs
//! only: every file loads, names its source and passes, and together they ask
//! every question kind except the response kinds (another set covers those).

mod scenario_sets;

#[test]
fn every_blind2_scenario_loads_and_passes() {
    let Some(db) = scenario_sets::corpus_cards() else {
        return;
    };
    let run = scenario_sets::run_set(&db, &["tests/fixtures/scenarios/blind2"], &[]);
    assert!(run.files >= 50, "only {} blind2 scenarios", run.files);
    assert!(
        run.problems.is_empty(),
        "blind2 set:\n{}",
        run.problems.join("\n")
    );
    for k in daystrom::engine::question::KINDS.iter().map(|k| &k.name) {
        if ["valid response", "can play"].contains(k) {
            continue;
        }
        assert!(run.kinds.contains(*k), "no blind2 scenario asks \"{k}\"");
    }
}
