//! Benchmarks for the rules documents: full ingest of the rules documents,
//! in-process search latency (p50/p99 over 1,000 queries), `daystrom search`
//! end to end (spawning the binary beside this one), and `rg -i` over the same
//! documents for the same queries, with the ratio.

use daystrom::ingest::{ingest, open_current, IndexConfig, IngestOptions};
use daystrom::search::SearchQuery;
use std::time::{Duration, Instant};

const QUERIES: [&str; 10] = [
    "can I beam through shields",
    "what happens when a ship is stopped",
    "AT",
    "HQ",
    "Borg Ship",
    "how do I win the game",
    "cumulative",
    "what happens to captured personnel",
    "sheilds",
    "how does staffing a ship work",
];

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

pub fn run() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let cfg = IndexConfig {
        corpus: None,
        manifest: None,
        index: dir.path().to_path_buf(),
    };
    let opts = IngestOptions {
        progress: false,
        rules_only: true,
    };
    let t = Instant::now();
    let summary = ingest(&cfg, opts)?;
    let ingest_time = t.elapsed();
    let entries: usize = summary.documents.iter().map(|d| d.entries).sum();
    println!(
        "rules ingest: {:.0} ms ({entries} entries)",
        ingest_time.as_secs_f64() * 1e3
    );

    let handle = open_current(dir.path())?;
    let searcher = handle.searcher()?;
    let mut times = Vec::with_capacity(1000);
    for i in 0..1000 {
        let q = SearchQuery {
            text: QUERIES[i % QUERIES.len()].into(),
            limit: 10,
            ..Default::default()
        };
        let t = Instant::now();
        let hits = searcher.search(&q)?;
        times.push(t.elapsed());
        std::hint::black_box(hits);
    }
    times.sort();
    println!(
        "search in process: p50 {:.2} ms, p99 {:.2} ms (1000 queries)",
        percentile(&times, 0.5).as_secs_f64() * 1e3,
        percentile(&times, 0.99).as_secs_f64() * 1e3
    );

    let bin = std::env::current_exe()?.with_file_name("daystrom");
    if !bin.is_file() {
        println!("end to end: skipped ({} not built)", bin.display());
        return Ok(());
    }
    let corpus = daystrom::corpus::locate(None, None)?;
    let mut e2e = Vec::new();
    for q in QUERIES {
        let t = Instant::now();
        let out = std::process::Command::new(&bin)
            .args(["--index", dir.path().to_str().unwrap_or("."), "search", q])
            .env("NO_COLOR", "1")
            .output()?;
        e2e.push(t.elapsed());
        anyhow::ensure!(
            out.status.success() || out.status.code() == Some(1),
            "search failed for {q}"
        );
    }
    e2e.sort();
    let rules_paths: Vec<_> = corpus
        .manifest
        .documents
        .iter()
        .filter(|d| d.kind != daystrom::corpus::DocKind::Cards)
        .map(|d| corpus.path_of(d))
        .collect();
    let mut rg = Vec::new();
    for q in QUERIES {
        let t = Instant::now();
        match std::process::Command::new("rg")
            .arg("-i")
            .arg("--")
            .arg(q)
            .args(&rules_paths)
            .output()
        {
            Ok(_) => rg.push(t.elapsed()),
            Err(_) => break,
        }
    }
    let e2e_p50 = percentile(&e2e, 0.5).as_secs_f64() * 1e3;
    println!(
        "daystrom search end to end: p50 {:.1} ms, max {:.1} ms",
        e2e_p50,
        e2e.last().map_or(0.0, |d| d.as_secs_f64() * 1e3)
    );
    if rg.len() == QUERIES.len() {
        rg.sort();
        let rg_p50 = percentile(&rg, 0.5).as_secs_f64() * 1e3;
        println!(
            "rg -i over the same documents: p50 {:.1} ms; daystrom/rg ratio {:.1}x",
            rg_p50,
            e2e_p50 / rg_p50.max(0.001)
        );
    } else {
        println!("rg -i: skipped (ripgrep not installed: apt-get install -y ripgrep)");
    }
    Ok(())
}
