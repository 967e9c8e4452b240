//! The executable rulings (`rulings/`) and the blind scenario sets
//! (`tests/fixtures/scenarios/blind*`), one named test per file: the file
//! loads, names its source entry, and every question carries an `expect`
//! that its verdict meets, citing entries the corpus really holds. One more
//! test per set holds the set as a whole to its size, to both verdicts and to
//! the question kinds it must ask.
//!
//! A verdict must also prove its reason: it cites the file's `source` entry
//! (or one of its `also_cites`). Files that do not yet are listed, counted,
//! in `tests/fixtures/unproven-citations.txt`; the list may only shrink (a
//! listed file that now cites its source is a failure until it is removed).
//!
//! `cargo test --test scenarios -- rulings/can-move` runs one directory.

#[path = "support/mod.rs"]
mod support;

use daystrom::engine::question::KINDS;
use daystrom::scenario::check::{check_file, collect};
use daystrom::scenario::DbTitleResolver;
use libtest_mimic::{Arguments, Failed, Trial};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// Which question kinds a set must ask between its files.
#[derive(Clone, Copy)]
enum Asks {
    Every,
    /// Every kind but the response kinds (`valid response`, `can play`).
    AllButResponses,
    None,
}

/// A set of scenario files and what it must hold as a whole.
struct ScenarioSet {
    dir: &'static str,
    min_files: usize,
    min_yes: usize,
    min_no: usize,
    asks: Asks,
}

const SETS: &[ScenarioSet] = &[
    ScenarioSet {
        dir: "rulings",
        min_files: 250,
        min_yes: 20,
        min_no: 20,
        asks: Asks::Every,
    },
    ScenarioSet {
        dir: "tests/fixtures/scenarios/blind",
        min_files: 40,
        min_yes: 0,
        min_no: 0,
        asks: Asks::Every,
    },
    ScenarioSet {
        dir: "tests/fixtures/scenarios/blind2",
        min_files: 50,
        min_yes: 0,
        min_no: 0,
        asks: Asks::AllButResponses,
    },
    ScenarioSet {
        dir: "tests/fixtures/scenarios/blind-responses",
        min_files: 30,
        min_yes: 15,
        min_no: 15,
        asks: Asks::None,
    },
    ScenarioSet {
        dir: "tests/fixtures/scenarios/blind-responses2",
        min_files: 40,
        min_yes: 12,
        min_no: 20,
        asks: Asks::None,
    },
    ScenarioSet {
        dir: "tests/fixtures/scenarios/blind-responses3",
        min_files: 35,
        min_yes: 10,
        min_no: 14,
        asks: Asks::None,
    },
];

/// What checking one file came to.
#[derive(Default)]
struct FileOutcome {
    /// Load errors, a missing or unknown source, missing expectations,
    /// answers that differ from their expectation, uncited verdicts and
    /// citations of entries the corpus does not hold.
    problems: Vec<String>,
    kinds: HashSet<String>,
    yes: usize,
    no: usize,
}

/// Every file of every set, each checked at most once: by its own test or by
/// its set's test, whichever asks first.
struct Files {
    paths: Vec<PathBuf>,
    outcomes: Vec<OnceLock<FileOutcome>>,
}

impl Files {
    fn outcome(&self, i: usize) -> &FileOutcome {
        self.outcomes[i].get_or_init(|| check(&self.paths[i]))
    }
}

/// The files whose verdicts do not yet cite their source entry.
fn unproven() -> &'static HashSet<String> {
    static U: OnceLock<HashSet<String>> = OnceLock::new();
    U.get_or_init(|| {
        let list = support::repo().join("tests/fixtures/unproven-citations.txt");
        std::fs::read_to_string(&list)
            .unwrap_or_else(|e| panic!("{}: {e}", list.display()))
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(str::to_string)
            .collect()
    })
}

/// Whether every verdict of the file cites its source, against the list of
/// files known not to.
fn citation_problems(path: &Path, r: &daystrom::scenario::check::FileResult) -> Vec<String> {
    let name = path
        .strip_prefix(support::repo())
        .unwrap_or(path)
        .display()
        .to_string();
    let listed = unproven().contains(&name);
    let uncited: Vec<String> = r
        .answers
        .iter()
        .filter(|a| a.cites_source == Some(false))
        .map(|a| {
            let cites: Vec<&str> = a.verdict.citations.iter().map(|c| c.title.as_str()).collect();
            format!(
                "line {}: the verdict cites {cites:?}, not the source entry (nor an `also_cites` entry)",
                a.line
            )
        })
        .collect();
    match (listed, uncited.is_empty()) {
        (false, false) => uncited,
        (true, true) => vec![format!(
            "{name} now cites its source: remove it from tests/fixtures/unproven-citations.txt"
        )],
        _ => vec![],
    }
}

fn check(path: &Path) -> FileOutcome {
    let db = support::cards();
    let r = check_file(path, db, resolver());
    let mut out = FileOutcome::default();
    if let Some(e) = &r.error {
        out.problems.push(format!("load error: {e}"));
        return out;
    }
    match r.source.as_deref().and_then(|s| s.split_once(": ")) {
        Some((doc, entry)) => out.problems.extend(unknown_entry(doc, entry)),
        None => out.problems.push("no `source`".into()),
    }
    out.problems.extend(citation_problems(path, &r));
    for a in &r.answers {
        out.kinds.insert(a.ask.clone());
        match a.expect.as_deref() {
            Some("yes") => out.yes += 1,
            Some("no") => out.no += 1,
            _ => {}
        }
        if a.verdict.citations.is_empty() {
            out.problems
                .push(format!("line {}: uncited verdict", a.line));
        }
        for c in &a.verdict.citations {
            out.problems.extend(unknown_entry(&c.doc, &c.title));
        }
        match a.passed {
            Some(true) => {}
            Some(false) => out.problems.push(format!(
                "line {}: {} => {} (expected {:?})",
                a.line, a.ask, a.verdict.value, a.expect
            )),
            None => out.problems.push(format!("line {}: no `expect`", a.line)),
        }
    }
    out
}

/// A problem when `title` is not an entry of the rules document `doc` as
/// the readers read it.
fn unknown_entry(doc: &str, title: &str) -> Option<String> {
    let known = support::entry_titles(doc).contains(title);
    (!known).then(|| format!("cites {doc}: {title:?}, which is no entry of the corpus"))
}

fn resolver() -> &'static DbTitleResolver<'static> {
    static R: OnceLock<DbTitleResolver<'static>> = OnceLock::new();
    R.get_or_init(|| DbTitleResolver::new(support::cards()))
}

fn file_trial(files: &Arc<Files>, i: usize) -> Trial {
    let name = files.paths[i]
        .strip_prefix(support::repo())
        .unwrap_or(&files.paths[i])
        .display()
        .to_string();
    let files = Arc::clone(files);
    Trial::test(name, move || {
        let o = files.outcome(i);
        if o.problems.is_empty() {
            Ok(())
        } else {
            Err(o.problems.join("\n").into())
        }
    })
}

fn set_trial(
    set: &'static ScenarioSet,
    files: &Arc<Files>,
    range: std::ops::Range<usize>,
) -> Trial {
    let files = Arc::clone(files);
    Trial::test(format!("{} (the whole set)", set.dir), move || {
        let outcomes: Vec<&FileOutcome> = range.clone().map(|i| files.outcome(i)).collect();
        whole_set(set, &outcomes)
    })
}

/// The set's size, both verdicts and the kinds it asks.
fn whole_set(set: &ScenarioSet, outcomes: &[&FileOutcome]) -> Result<(), Failed> {
    let yes: usize = outcomes.iter().map(|o| o.yes).sum();
    let no: usize = outcomes.iter().map(|o| o.no).sum();
    let kinds: HashSet<&str> = outcomes
        .iter()
        .flat_map(|o| o.kinds.iter().map(String::as_str))
        .collect();
    let mut problems = Vec::new();
    if outcomes.len() < set.min_files {
        problems.push(format!(
            "only {} files (at least {})",
            outcomes.len(),
            set.min_files
        ));
    }
    if yes < set.min_yes || no < set.min_no {
        problems.push(format!(
            "{yes} yes / {no} no expectations (at least {} / {})",
            set.min_yes, set.min_no
        ));
    }
    let responses = ["valid response", "can play"];
    let wanted = KINDS.iter().map(|k| &k.name).filter(|k| match set.asks {
        Asks::Every => true,
        Asks::AllButResponses => !responses.contains(k),
        Asks::None => false,
    });
    for k in wanted.filter(|k| !kinds.contains(*k)) {
        problems.push(format!("no file asks \"{k}\""));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n").into())
    }
}

fn main() {
    let args = Arguments::from_args();
    let mut paths = Vec::new();
    let mut ranges = Vec::new();
    for set in SETS {
        let found = collect(&[support::repo().join(set.dir)], &[])
            .unwrap_or_else(|e| panic!("cannot list {}: {e}", set.dir));
        ranges.push(paths.len()..paths.len() + found.len());
        paths.extend(found);
    }
    let outcomes = paths.iter().map(|_| OnceLock::new()).collect();
    let files = Arc::new(Files { paths, outcomes });
    let mut trials: Vec<Trial> = (0..files.paths.len())
        .map(|i| file_trial(&files, i))
        .collect();
    for (set, range) in SETS.iter().zip(ranges) {
        trials.push(set_trial(set, &files, range));
    }
    libtest_mimic::run(&args, trials).exit();
}
