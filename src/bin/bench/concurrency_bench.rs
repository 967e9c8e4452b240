//! Concurrent ingests on the real corpus: each round starts two
//! `daystrom ingest` runs, a search and a card lookup at once against one
//! index directory, then checks that every process succeeded, that CURRENT
//! names the only generation left, and that the index answers a search.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

const ROUNDS: usize = 30;

pub fn run() -> anyhow::Result<()> {
    let bin = std::env::current_exe()?.with_file_name("daystrom");
    anyhow::ensure!(
        bin.is_file(),
        "{} not found: build it first (cargo build --release)",
        bin.display()
    );
    let dir = tempfile::tempdir()?;
    let index = dir.path().join("index");
    let started = Instant::now();
    let mut failures = Vec::new();
    for round in 1..=ROUNDS {
        if let Err(e) = one_round(&bin, &index) {
            failures.push(format!("round {round}: {e}"));
        }
    }
    println!(
        "concurrency (real corpus): {ROUNDS} rounds of 2 ingests + search + card at once in {:.1} s; {} rounds failed",
        started.elapsed().as_secs_f64(),
        failures.len()
    );
    for f in &failures {
        println!("  {f}");
    }
    anyhow::ensure!(failures.is_empty(), "a round lost the index");
    Ok(())
}

fn one_round(bin: &Path, index: &Path) -> anyhow::Result<()> {
    let runs: [&[&str]; 4] = [
        &["ingest"],
        &["ingest"],
        &["search", "beam through shields", "--json"],
        &["card", "Worf", "--json"],
    ];
    let children = runs
        .iter()
        .map(|args| {
            Command::new(bin)
                .arg("--index")
                .arg(index)
                .args(*args)
                .env("NO_COLOR", "1")
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
        })
        .collect::<Result<Vec<_>, _>>()?;
    for (args, child) in runs.iter().zip(children) {
        let out = child.wait_with_output()?;
        anyhow::ensure!(
            out.status.success(),
            "`daystrom {}` failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    let current = std::fs::read_to_string(index.join("CURRENT"))?;
    let generation = index.join(current.trim());
    anyhow::ensure!(generation.is_dir(), "CURRENT names a missing generation");
    let left = std::fs::read_dir(index)?
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("gen-"))
        .count();
    // A generation a query still read at the swap is kept until the next
    // ingest removes it; more than that would be a leak.
    anyhow::ensure!(left <= 2, "{left} generations left");
    let out = Command::new(bin)
        .arg("--index")
        .arg(index)
        .args(["search", "beam through shields", "--json"])
        .output()?;
    let v: serde_json::Value = serde_json::from_slice(&out.stdout)?;
    anyhow::ensure!(
        v["results"][0]["id"].is_string(),
        "the index does not answer: {v}"
    );
    Ok(())
}
