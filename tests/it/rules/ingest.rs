//! Ingest on a fixture corpus: atomic generations (a failed or killed ingest
//! leaves the previous index answering), cross-reference resolution, define,
//! diff and the CLI.

use assert_cmd::Command;
use daystrom::ingest::{current_generation, ingest, open_current, IndexConfig, IngestOptions};
use daystrom::search::SearchQuery;
use std::path::{Path, PathBuf};

fn fixture_corpus() -> (tempfile::TempDir, IndexConfig) {
    let dir = tempfile::tempdir().unwrap();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/rules");
    for f in ["glossary.txt", "rulings.txt", "corpus.toml"] {
        std::fs::copy(src.join(f), dir.path().join(f)).unwrap();
    }
    let cfg = IndexConfig {
        corpus: Some(dir.path().to_path_buf()),
        manifest: Some(dir.path().join("corpus.toml")),
        index: dir.path().join("index"),
    };
    (dir, cfg)
}

const RULES: IngestOptions = IngestOptions {
    progress: false,
    rules_only: true,
};

/// How many generation directories the index holds.
fn generations(index: &Path) -> usize {
    std::fs::read_dir(index)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("gen-"))
        .count()
}

/// The binary, run on the fixture corpus and index of `cfg`.
fn daystrom_on(cfg: &IndexConfig) -> std::process::Command {
    let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_daystrom"));
    c.env("NO_COLOR", "1")
        .arg("--corpus")
        .arg(cfg.corpus.as_ref().unwrap())
        .arg("--manifest")
        .arg(cfg.manifest.as_ref().unwrap())
        .arg("--index")
        .arg(&cfg.index);
    c
}

fn answers(index: &Path) -> bool {
    let h = open_current(index).unwrap();
    let q = SearchQuery {
        text: "beam through shields".into(),
        limit: 3,
        ..Default::default()
    };
    !h.searcher().unwrap().search(&q).unwrap().is_empty()
}

#[test]
fn xrefs_resolve_same_document_first_then_glossary() {
    let (_d, cfg) = fixture_corpus();
    let s = ingest(&cfg, RULES).unwrap();
    assert_eq!(s.xrefs_unresolved, 0);
    let h = open_current(&cfg.index).unwrap();
    let ans = daystrom::rules::define(&h.store, "aboard").unwrap();
    let d = &ans.definitions[0];
    assert_eq!(d.see[0].entry.id, "glossary:present");
    assert!(d.see[0].entry.body.contains("Away Team"));
    // "present" is referred to by the Glossary stub and by the Current Rulings.
    let p = daystrom::rules::define(&h.store, "present").unwrap();
    let refs: Vec<_> = p.definitions[0]
        .referred_by
        .iter()
        .map(|r| r.id.as_str())
        .collect();
    assert_eq!(refs, ["glossary:aboard", "current-rulings:beaming"]);
    let none = daystrom::rules::define(&h.store, "presnet").unwrap();
    assert_eq!(none.matched, "nearest");
}

#[test]
fn ingest_is_idempotent_and_a_failed_ingest_keeps_the_old_index() {
    let (dir, cfg) = fixture_corpus();
    ingest(&cfg, RULES).unwrap();
    let first = current_generation(&cfg.index).unwrap();
    ingest(&cfg, RULES).unwrap();
    let second = current_generation(&cfg.index).unwrap();
    assert_ne!(first, second);
    assert!(!first.exists(), "old generation removed");
    std::fs::write(dir.path().join("rulings.txt"), b"RULINGS\n\x00\x01binary").unwrap();
    let err = ingest(&cfg, RULES).unwrap_err().to_string();
    assert!(
        err.contains("rulings.txt:2") && err.contains("binary"),
        "{err}"
    );
    assert_eq!(current_generation(&cfg.index).unwrap(), second);
    assert!(answers(&cfg.index));
    assert_eq!(generations(&cfg.index), 1, "one generation, no leftovers");
}

#[test]
fn a_killed_ingest_leaves_the_old_index_answering() {
    let (dir, cfg) = fixture_corpus();
    ingest(&cfg, RULES).unwrap();
    let before = current_generation(&cfg.index).unwrap();
    // A slow corpus: a rulings document with many entries.
    let mut big = String::from("Current Rulings\n\nRULINGS\n\n");
    for i in 0..200_000 {
        big.push_str(&format!(
            "entry {i:07} - Text about beaming number {i}.\n\n"
        ));
    }
    std::fs::write(dir.path().join("rulings.txt"), big).unwrap();
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_daystrom"));
    let mut child = std::process::Command::new(bin)
        .args(["--corpus", dir.path().to_str().unwrap()])
        .args([
            "--manifest",
            cfg.manifest.as_ref().unwrap().to_str().unwrap(),
        ])
        .args(["--index", cfg.index.to_str().unwrap(), "ingest"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(400));
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(current_generation(&cfg.index).unwrap(), before);
    assert!(answers(&cfg.index));
}

#[test]
fn cli_search_define_and_diff() {
    let (dir, cfg) = fixture_corpus();
    let base = |cmd: &mut Command| {
        cmd.env("NO_COLOR", "1")
            .args(["--corpus", dir.path().to_str().unwrap()])
            .args([
                "--manifest",
                cfg.manifest.as_ref().unwrap().to_str().unwrap(),
            ])
            .args(["--index", cfg.index.to_str().unwrap()]);
    };
    let mut c = Command::cargo_bin("daystrom").unwrap();
    base(&mut c);
    let out = c.args(["search", "beam", "--json"]).output().unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["results"][0]["id"].as_str().unwrap().contains("beaming"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("ingesting"));
    let mut c = Command::cargo_bin("daystrom").unwrap();
    base(&mut c);
    let out = c.args(["define", "aboard"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && text.contains("Away Team are present"),
        "{text}"
    );
    let mut c = Command::cargo_bin("daystrom").unwrap();
    base(&mut c);
    let out = c.args(["define", "warp drive"]).output().unwrap();
    assert!(!out.status.success());
    let fx = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/rules/diff");
    let mut c = Command::cargo_bin("daystrom").unwrap();
    base(&mut c);
    let out = c
        .arg("diff")
        .arg(fx.join("rulings-v1.txt"))
        .arg(fx.join("rulings-v2.txt"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("1 added, 1 removed, 1 changed, 1 unchanged"),
        "{text}"
    );
    assert!(
        text.contains("Captives are [-held-]{+escorted+} by"),
        "{text}"
    );
}

#[test]
fn an_index_built_by_another_version_is_rebuilt_on_open() {
    let (_d, cfg) = fixture_corpus();
    ingest(&cfg, RULES).unwrap();
    let first = current_generation(&cfg.index).unwrap();
    // Opening an index this version built keeps it.
    daystrom::ingest::open_fresh(&cfg).unwrap();
    assert_eq!(current_generation(&cfg.index).unwrap(), first);
    // Pretend an older daystrom built it: the next open re-ingests.
    let db = rusqlite::Connection::open(first.join(daystrom::store::DB_FILE)).unwrap();
    db.execute(
        "UPDATE meta SET value = 'an older daystrom' WHERE key = 'builder'",
        [],
    )
    .unwrap();
    drop(db);
    daystrom::ingest::open_fresh(&cfg).unwrap();
    assert_ne!(current_generation(&cfg.index).unwrap(), first);
}

/// A corpus whose files were rewritten with the same bytes (a checkout, a
/// copy) keeps its index and records the new stamp, so later commands skip
/// hashing the documents; changed bytes still re-ingest.
#[test]
fn same_bytes_with_new_mtimes_keep_the_index_and_restamp_it() {
    let (d, cfg) = fixture_corpus();
    ingest(&cfg, RULES).unwrap();
    let first = current_generation(&cfg.index).unwrap();
    let glossary = d.path().join("glossary.txt");
    let later = std::time::SystemTime::now() + std::time::Duration::from_secs(60);
    std::fs::File::options()
        .write(true)
        .open(&glossary)
        .unwrap()
        .set_modified(later)
        .unwrap();
    daystrom::ingest::open_fresh(&cfg).unwrap();
    assert_eq!(current_generation(&cfg.index).unwrap(), first);
    let stamp = std::fs::read_to_string(first.join("corpus-stamp")).unwrap();
    assert!(stamp.contains("glossary.txt"), "{stamp}");
    let mut text = std::fs::read_to_string(&glossary).unwrap();
    text.push_str("\nA NEW ENTRY - Added after the ingest.\n");
    std::fs::write(&glossary, text).unwrap();
    daystrom::ingest::open_fresh(&cfg).unwrap();
    assert_ne!(current_generation(&cfg.index).unwrap(), first);
}

/// Two ingests and a query at once, thirty times: every round ends with a
/// complete generation that CURRENT names and that answers a search, and
/// nothing piles up.
#[test]
fn simultaneous_ingests_and_queries_always_leave_a_working_index() {
    let (_d, cfg) = fixture_corpus();
    for round in 0..30 {
        let mut children: Vec<_> = [&["ingest"][..], &["ingest"], &["search", "beam", "--json"]]
            .iter()
            .map(|args| {
                daystrom_on(&cfg)
                    .args(*args)
                    .stdout(std::process::Stdio::piped())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for (i, child) in children.drain(..).enumerate() {
            let out = child.wait_with_output().unwrap();
            assert!(
                out.status.success(),
                "round {round}, process {i}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            if i == 2 {
                let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
                assert!(v["results"][0]["id"].is_string(), "round {round}: {v}");
            }
        }
        let current = current_generation(&cfg.index).expect("CURRENT names a generation");
        assert!(current.join(daystrom::store::DB_FILE).is_file());
        assert!(answers(&cfg.index), "round {round}: the index answers");
        // A generation a query still read when the new one took over is
        // kept (never deleted under a reader) and removed by the next ingest.
        assert!(
            generations(&cfg.index) <= 2,
            "round {round}: leftovers pile up"
        );
    }
    ingest(&cfg, RULES).unwrap();
    assert_eq!(generations(&cfg.index), 1, "an ingest leaves no leftovers");
}

/// A query finds the index built from another corpus: it answers from it and
/// says how to rebuild, instead of silently re-ingesting the other corpus.
#[test]
fn a_query_never_replaces_an_index_of_another_corpus() {
    let (_d, cfg) = fixture_corpus();
    ingest(&cfg, RULES).unwrap();
    let built = current_generation(&cfg.index).unwrap();
    let (other, other_cfg) = fixture_corpus();
    let out = daystrom_on(&IndexConfig {
        index: cfg.index.clone(),
        ..other_cfg
    })
    .args(["search", "beam"])
    .output()
    .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("was built from the corpus in"), "{err}");
    assert!(err.contains("daystrom ingest --corpus"), "{err}");
    assert!(
        err.contains(&other.path().canonicalize().unwrap().display().to_string()),
        "{err}"
    );
    assert_eq!(current_generation(&cfg.index).unwrap(), built);
}

/// A good index answers when its corpus is gone, saying so.
#[test]
fn a_good_index_answers_when_the_corpus_is_gone() {
    let (dir, cfg) = fixture_corpus();
    ingest(&cfg, RULES).unwrap();
    let gone = dir.path().join("moved-away");
    let out = daystrom_on(&IndexConfig {
        corpus: Some(gone),
        ..cfg.clone()
    })
    .args(["search", "beam", "--json"])
    .output()
    .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("the corpus is gone"), "{err}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["results"][0]["id"].as_str().unwrap().contains("beaming"));
}
