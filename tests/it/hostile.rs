//! Hostile and malformed input, each case a reproducer from the reliability
//! issue: no panic, no hang (2 s each), and either a clear error naming the
//! file and line or answers that are cited or say why they are undecided.

use daystrom::engine::VerdictValue;
use daystrom::scenario::check::{check_file, FileResult};
use daystrom::scenario::DbTitleResolver;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How long one input may take before it counts as a hang.
const HANG: Duration = Duration::from_secs(2);

/// Run `work` on its own thread: its value, or the panic or hang it caused.
pub fn bounded<T: Send + 'static>(
    what: &str,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, String> {
    let (tx, rx) = std::sync::mpsc::channel();
    let worker = std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(move || {
            let _ = tx.send(work());
        })
        .expect("a test thread");
    match rx.recv_timeout(HANG) {
        Ok(v) => Ok(v),
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => Err(format!("{what}: hangs")),
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
            let why = worker.join().err().map_or(String::new(), |p| {
                p.downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default()
            });
            Err(format!("{what}: panics: {why}"))
        }
    }
}

fn hostile(name: &str) -> PathBuf {
    crate::support::repo()
        .join("tests/fixtures/scenarios/hostile")
        .join(name)
}

/// The real cards' title resolver, built once (outside any bound).
fn resolver() -> &'static DbTitleResolver<'static> {
    static R: std::sync::OnceLock<DbTitleResolver<'static>> = std::sync::OnceLock::new();
    R.get_or_init(|| DbTitleResolver::new(crate::support::cards()))
}

/// Check a scenario file against the real cards, bounded.
fn check(path: &Path) -> Result<FileResult, String> {
    let (db, resolver) = (crate::support::cards(), resolver());
    let path = path.to_path_buf();
    bounded(&path.display().to_string(), move || {
        check_file(&path, db, resolver)
    })
}

/// Every answer is cited, or undecided with its reason.
fn answers_are_sound(r: &FileResult) -> Result<(), String> {
    if let Some(e) = &r.error {
        return Err(format!("unexpected error: {e}"));
    }
    for a in &r.answers {
        let undecided = matches!(&a.verdict.value, VerdictValue::Undecided(why) if !why.is_empty());
        if a.verdict.citations.is_empty() && !undecided {
            return Err(format!("line {}: {} uncited", a.line, a.verdict.value));
        }
    }
    Ok(())
}

/// The file is refused at a line of it, with a message containing `want`.
fn refused(r: &FileResult, name: &str, want: &str) -> Result<(), String> {
    match &r.error {
        Some(e) if e.contains(&format!("{name}:")) && e.contains(want) => Ok(()),
        Some(e) => Err(format!("error without {want:?} or the file's name: {e}")),
        None => Err(format!(
            "accepted; answers: {:?}",
            r.answers
                .iter()
                .map(|a| a.verdict.value.to_string())
                .collect::<Vec<_>>()
        )),
    }
}

/// Questions the checks once answered by panicking (`Verdict::new`'s
/// citation assertion, the staffing check's index past the spaceline).
#[test]
fn questions_in_odd_states_are_answered_not_panicked_on() {
    let mut failures = Vec::new();
    for name in [
        "decloak-wrong-state.toml",
        "dephase-wrong-state.toml",
        "take-off-wrong-state.toml",
        "land-wrong-state.toml",
        "land-a-personnel.toml",
        "away-team-at-another-location.toml",
        "move-to-own-location-first-on-spaceline.toml",
    ] {
        if let Err(e) = check(&hostile(name)).and_then(|r| answers_are_sound(&r)) {
            failures.push(format!("{name}: {e}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Input the loader must refuse with a clear error at its line.
#[test]
fn impossible_scenarios_are_refused_at_their_line() {
    let mut failures = Vec::new();
    for (name, want) in [
        ("at-cycle-two.toml", "aboard itself"),
        ("at-cycle-three.toml", "aboard itself"),
        ("facility-aboard-ship.toml", "aboard itself"),
        ("span-huge.toml", "span"),
        ("span-negative.toml", "span"),
        ("range-used-negative.toml", "range_used"),
        ("range-used-huge.toml", "expected i32"),
        ("deck-count-huge.toml", "copies"),
        ("duplicate-ids.toml", "id"),
        ("id-shadows-a-title.toml", "id"),
        ("expect-a-table.toml", "expect"),
    ] {
        if let Err(e) = check(&hostile(name)).and_then(|r| refused(&r, name, want)) {
            failures.push(format!("{name}: {e}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A reader that goes away (`daystrom search beam | head -1`) ends the
/// command quietly: no panic message, success.
#[test]
fn a_closed_pipe_ends_output_quietly() {
    use std::io::Read;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_daystrom"))
        .env(daystrom::corpus::CORPUS_ENV, &crate::support::corpus().root)
        .arg("--index")
        .arg(crate::support::full_index())
        .args(["cards", "t:personnel", "--limit", "3000"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // The pipe's reading end is closed here.
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() && !err.contains("panicked"), "{err}");
}

/// Deep nesting in every recursive parser is an error, not a stack overflow.
#[test]
fn deep_nesting_is_refused_by_every_parser() {
    let deep = |open: &str, inner: &str, close: &str, n: usize| {
        format!("{}{inner}{}", open.repeat(n), close.repeat(n))
    };
    // Under the limit on tokens, so the nesting limit answers.
    let query = deep("(", "t:personnel", ")", 100);
    let e = bounded("card query", move || {
        daystrom::cards::query::parse(&query).map(drop)
    })
    .unwrap()
    .unwrap_err();
    assert!(e.message.contains("nested more than"), "{}", e.message);
    let negated = deep("-(", "t:ship", ")", 20_000);
    assert!(
        bounded("negations", move || daystrom::cards::query::parse(&negated)
            .is_err())
        .unwrap()
    );
    let many = "t:ship ".repeat(100_000);
    let e = bounded("terms", move || {
        daystrom::cards::query::parse(&many).map(drop)
    })
    .unwrap()
    .unwrap_err();
    assert!(e.message.contains("at most"), "{}", e.message);
    let requirement = deep("(", "Leadership", ")", 20_000);
    let e = bounded("requirement", move || {
        daystrom::engine::requirements::parse(&requirement).map(drop)
    })
    .unwrap()
    .unwrap_err();
    assert!(e.to_string().contains("nested more than"), "{e}");
    let qualified = format!("Leadership{}", " with Diplomacy".repeat(20_000));
    assert!(bounded("qualifiers", move || {
        daystrom::engine::requirements::parse(&qualified).is_err()
    })
    .unwrap());
}

/// A `parent` chain thousands of actions deep is refused at its line.
#[test]
fn a_deep_parent_chain_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from(
        "title = \"t\"\n[game]\nturn = \"alice\"\nphase = \"execute orders\"\n\n[action]\nkind = \"card play\"\nby = \"alice\"\n",
    );
    let mut key = String::from("action");
    for _ in 0..3000 {
        key.push_str(".parent");
        text.push_str(&format!("[{key}]\nkind = \"card play\"\nby = \"alice\"\n"));
    }
    let path = dir.path().join("parents.toml");
    std::fs::write(&path, text).unwrap();
    let r = check(&path).unwrap();
    let e = r.error.expect("refused");
    assert!(e.contains("parents.toml:"), "{e}");
}

/// A megabyte where a name or a text belongs: answered at once.
#[test]
fn megabyte_names_texts_and_queries_are_answered_in_bounded_time() {
    let db = crate::support::cards();
    let mb = "Hugh ".repeat(200_000);
    let name = mb.clone();
    let found = bounded("card lookup", move || {
        daystrom::cards::lookup::lookup(db, &name).card().is_none()
    });
    assert_eq!(found, Ok(true));
    let dir = tempfile::tempdir().unwrap();
    let scenario = dir.path().join("long-title.toml");
    std::fs::write(
        &scenario,
        format!("title = \"t\"\n[[card]]\ntitle = \"{mb}\"\nowner = \"alice\"\n"),
    )
    .unwrap();
    let e = check(&scenario).unwrap().error.expect("an unknown title");
    assert!(
        e.contains("long-title.toml:3:"),
        "{}",
        &e[..e.len().min(300)]
    );
    let errata = |name: &str, title: &str, text: &str| {
        let path = dir.path().join(name);
        let file = format!("[[card]]\ntitle = \"{title}\"\ntext = \"{text}\"\n");
        bounded(name, move || {
            daystrom::errata::Errata::parse(&path, &file, db).map(drop)
        })
    };
    assert!(errata("long-name.toml", &mb, "x").unwrap().is_err());
    let e = errata("long-text.toml", "Hugh", &mb).unwrap().unwrap_err();
    assert!(e.message.contains("longer than"), "{}", e.message);
    let searcher = crate::support::rules_searcher(); // built outside the bound
    let query = daystrom::search::SearchQuery {
        text: "beam through shields ".repeat(50_000),
        limit: 3,
        ..Default::default()
    };
    bounded("search", move || {
        let _ = searcher.search(&query);
    })
    .unwrap();
}
