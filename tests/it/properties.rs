//! Property tests: every parser and reader, on arbitrary and on mutated real
//! input, returns a value or an error and never panics. Each property runs
//! `PROPTEST_CASES` cases (default 32 here; `.ci/run` runs more). A failure
//! proptest minimises becomes a regression case in `hostile.rs`.

use daystrom::cards::model::{Card, CardType, PrintingSource};
use daystrom::corpus::{DocFormat, DocKind};
use daystrom::scenario::DbTitleResolver;
use proptest::prelude::*;
use proptest::sample::Index;
use std::path::Path;
use std::sync::OnceLock;

/// Cases per property unless `PROPTEST_CASES` says otherwise.
fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(32);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// One edit of a text: replace, insert or delete at a position.
#[derive(Debug, Clone)]
enum Edit {
    Replace(Index, char),
    Insert(Index, String),
    Delete(Index, usize),
}

/// Characters that matter to the formats: structure, quotes, brackets,
/// letters whose case changes length, control bytes.
fn nasty_char() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            '[', ']', '{', '}', '(', ')', '"', '\'', '=', '\n', '\r', '\t', ',', ':', '#', '-',
            '*', '<', '>', '&', '/', '\\', 'İ', 'K', 'ß', '’', '\u{0}', '\u{feff}', '\u{fffd}',
        ]),
        any::<char>(),
    ]
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    let edit = prop_oneof![
        (any::<Index>(), nasty_char()).prop_map(|(i, c)| Edit::Replace(i, c)),
        (any::<Index>(), prop::collection::vec(nasty_char(), 1..12))
            .prop_map(|(i, s)| Edit::Insert(i, s.into_iter().collect())),
        (any::<Index>(), 1usize..64).prop_map(|(i, n)| Edit::Delete(i, n)),
    ];
    prop::collection::vec(edit, 1..8)
}

/// `text` with the edits applied (positions snap to character boundaries).
fn mutate(text: &str, edits: &[Edit]) -> String {
    let mut s = text.to_string();
    let at = |s: &str, i: &Index| s.floor_char_boundary(i.index(s.len() + 1));
    for e in edits {
        match e {
            Edit::Replace(i, c) if !s.is_empty() => {
                let p = at(&s, i).min(s.len() - 1);
                let p = s.floor_char_boundary(p);
                let end = s.ceil_char_boundary(p + 1);
                s.replace_range(p..end, &c.to_string());
            }
            Edit::Insert(i, t) => {
                let p = at(&s, i);
                s.insert_str(p, t);
            }
            Edit::Delete(i, n) => {
                let p = at(&s, i);
                let end = s.ceil_char_boundary((p + n).min(s.len()));
                s.replace_range(p..end, "");
            }
            Edit::Replace(..) => {}
        }
    }
    s
}

/// Every scenario file of `rulings/`, read once.
fn rulings() -> &'static [String] {
    static R: OnceLock<Vec<String>> = OnceLock::new();
    R.get_or_init(|| {
        let dir = crate::support::repo().join("rulings");
        daystrom::scenario::check::collect(&[dir], &[])
            .unwrap()
            .iter()
            .map(|f| std::fs::read_to_string(f).unwrap())
            .collect()
    })
}

/// The first 16 KB of every rules and card document of the corpus, with its
/// format: enough to reach every construct of a reader, small enough for
/// many cases.
fn documents() -> &'static [(DocFormat, String)] {
    static D: OnceLock<Vec<(DocFormat, String)>> = OnceLock::new();
    D.get_or_init(|| {
        let corpus = crate::support::corpus();
        corpus
            .manifest
            .documents
            .iter()
            .map(|d| {
                let bytes = std::fs::read(corpus.path_of(d)).unwrap();
                let text = String::from_utf8_lossy(&bytes[..bytes.len().min(16_384)]);
                let end = text.floor_char_boundary(text.len());
                (d.format, text[..end].to_string())
            })
            .collect()
    })
}

fn load_scenario(text: &str) {
    let db = crate::support::cards();
    let resolver = DbTitleResolver::new(db);
    if let Ok(s) = daystrom::scenario::load(Path::new("prop.toml"), text, db, &resolver) {
        daystrom::scenario::run(&s, db);
    }
}

fn read_document(format: DocFormat, text: &str) {
    let (path, bytes) = (Path::new("prop.txt"), text.as_bytes());
    let _ = match format {
        DocFormat::GlossaryText => daystrom::readers::glossary::read(path, bytes),
        DocFormat::RulingsText => daystrom::readers::rulings::read(path, bytes),
        DocFormat::RulingsItText => daystrom::readers::rulings_it::read(path, bytes),
        DocFormat::RulebookText => daystrom::readers::rulebook::read(path, bytes),
        DocFormat::Html => daystrom::readers::html::read(path, bytes),
        DocFormat::Markdown => daystrom::readers::markdown::read(path, bytes),
        DocFormat::CardsCsv | DocFormat::LackeyCsv => {
            let _ = daystrom::readers::cards_csv::read(path, bytes, PrintingSource::Physical);
            return;
        }
    };
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn scenario_loader_survives_arbitrary_toml(text in "(\\[\\[?[a-z]{1,8}\\]\\]?\n|[a-z_]{1,10} = (\"[^\"]{0,20}\"|-?[0-9]{1,12}|true|\\{ [a-z] = [0-9] \\}|\\[\"[^\"]{0,10}\"\\])\n){0,20}") {
        load_scenario(&text);
    }

    #[test]
    fn scenario_loader_survives_mutated_rulings(file in any::<Index>(), e in edits()) {
        let all = rulings();
        load_scenario(&mutate(&all[file.index(all.len())], &e));
    }

    #[test]
    fn card_query_parser_survives_any_text(q in "[a-z:<>=!()\"' 0-9*-]{0,80}|\\PC{0,40}") {
        let _ = daystrom::cards::query::parse(&q);
    }

    #[test]
    fn requirement_parser_survives_any_text(r in "[A-Za-z()+<>=\\[\\]{} x0-9.,-]{0,80}|\\PC{0,40}") {
        let _ = daystrom::engine::requirements::parse(&r);
    }

    #[test]
    fn ability_compiler_survives_any_game_text(text in "\\PC{0,200}", kind in 0usize..4) {
        let card_type = [CardType::Interrupt, CardType::Event, CardType::Personnel, CardType::Dilemma][kind].clone();
        let card = Card { title: "Prop".into(), text, card_type, ..Card::default() };
        let _ = daystrom::engine::abilities::compile(&card);
    }

    #[test]
    fn errata_loader_survives_mutated_errata(file in any::<Index>(), e in edits()) {
        let dir = crate::support::repo().join("tests/fixtures/errata");
        let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten()
            .map(|f| f.path()).filter(|p| p.extension().is_some_and(|x| x == "toml")).collect();
        files.sort();
        let text = std::fs::read_to_string(&files[file.index(files.len())]).unwrap();
        let _ = daystrom::errata::Errata::parse(Path::new("prop.toml"), &mutate(&text, &e), crate::support::cards());
    }

    #[test]
    fn every_document_reader_survives_mutated_documents(doc in any::<Index>(), e in edits()) {
        let docs = documents();
        let (format, text) = &docs[doc.index(docs.len())];
        read_document(*format, &mutate(text, &e));
    }
}

/// The properties above reach every kind of document the manifest has.
#[test]
fn mutated_documents_cover_every_reader() {
    let kinds: std::collections::HashSet<DocKind> = crate::support::corpus()
        .manifest
        .documents
        .iter()
        .map(|d| d.kind)
        .collect();
    assert!(kinds.len() >= 3, "{kinds:?}");
}
