//! The README's examples are real: every `console` block in README.md runs
//! against the shared corpus and its output must match (`...` elides lines).

#[test]
fn readme_examples_are_true() {
    let corpus = crate::support::corpus();
    let index = tempfile::tempdir().expect("temp index dir");
    trycmd::TestCases::new()
        .register_bin(
            "daystrom",
            std::path::Path::new(env!("CARGO_BIN_EXE_daystrom")),
        )
        .env(
            daystrom::corpus::CORPUS_ENV,
            corpus.root.display().to_string(),
        )
        .env("DAYSTROM_INDEX", index.path().display().to_string())
        .env("NO_COLOR", "1")
        .case("README.md")
        .run();
}
