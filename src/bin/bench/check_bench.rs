//! Benchmarks for `check`: scenario parse + answer time per scenario in
//! process (cards warm), the whole `rulings/` directory end to end through the
//! binary, and the RSS of the loaded card model.

use daystrom::scenario::check::collect;
use daystrom::scenario::{load, DbTitleResolver};
use std::path::PathBuf;
use std::time::Instant;

fn rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

pub fn run() -> anyhow::Result<()> {
    let repo = daystrom::corpus::repo_root();
    let corpus = daystrom::corpus::locate(None, None)?;
    let rss_before = rss_kb().unwrap_or(0);
    let t = Instant::now();
    let db = daystrom::cards::ingest::load_corpus(&corpus)?;
    let load_ms = t.elapsed().as_secs_f64() * 1e3;
    let rss_after = rss_kb().unwrap_or(0);
    println!(
        "check: card model: {} cards loaded in {load_ms:.0} ms; RSS {:.1} MB (+{:.1} MB for the cards)",
        db.len(),
        rss_after as f64 / 1024.0,
        (rss_after.saturating_sub(rss_before)) as f64 / 1024.0
    );
    let resolver = DbTitleResolver::new(&db);
    let rulings = repo.join("rulings");
    let files: Vec<PathBuf> = collect(std::slice::from_ref(&rulings), &[])?;
    let texts: Vec<(PathBuf, String)> = files
        .iter()
        .map(|f| Ok((f.clone(), std::fs::read_to_string(f)?)))
        .collect::<std::io::Result<_>>()?;
    let mut times = Vec::new();
    for _round in 0..20 {
        for (path, text) in &texts {
            let t = Instant::now();
            let s = load(path, text, &db, &resolver).map_err(|e| anyhow::anyhow!("{e}"))?;
            let answers = daystrom::scenario::run(&s, &db);
            std::hint::black_box(answers);
            times.push(t.elapsed().as_secs_f64() * 1e6);
        }
    }
    times.sort_by(f64::total_cmp);
    println!(
        "check: parse + answer per scenario ({} scenarios x 20): p50 {:.0} µs, p90 {:.0} µs, max {:.0} µs",
        texts.len(),
        percentile(&times, 0.5),
        percentile(&times, 0.9),
        times.last().copied().unwrap_or(0.0)
    );
    let exe = std::env::current_exe()?.with_file_name("daystrom");
    if exe.is_file() {
        let t = Instant::now();
        let out = std::process::Command::new(&exe)
            .args(["check", "-q", "--skip"])
            .arg(rulings.join("responses"))
            .arg(&rulings)
            .arg("--corpus")
            .arg(&corpus.root)
            .output()?;
        println!(
            "check: `daystrom check rulings/` end to end: {:.0} ms for {} files (exit {})",
            t.elapsed().as_secs_f64() * 1e3,
            files.len() - std::fs::read_dir(rulings.join("responses"))?.count(),
            out.status.code().unwrap_or(-1)
        );
    } else {
        println!("check: build the daystrom binary to time `daystrom check rulings/` end to end");
    }
    Ok(())
}
