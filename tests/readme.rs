//! The README's examples are real: every `console` block in README.md runs
//! against the default corpus and its output must match (`...` elides lines).

#[test]
fn readme_examples_are_true() {
    let corpus = daystrom::corpus::repo_root().join("../shared/corpus");
    if !corpus.is_dir() && std::env::var_os(daystrom::corpus::CORPUS_ENV).is_none() {
        eprintln!("corpus not found; skipping the README examples");
        return;
    }
    let index = tempfile::tempdir().expect("temp index dir");
    trycmd::TestCases::new()
        .register_bin(
            "daystrom",
            std::path::Path::new(env!("CARGO_BIN_EXE_daystrom")),
        )
        .env("DAYSTROM_INDEX", index.path().display().to_string())
        .env("NO_COLOR", "1")
        .case("README.md")
        .run();
}
