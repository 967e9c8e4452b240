//! Benchmarks for the rules documents: ingest of the rules documents with an
//! empty embedding cache and with a filled one; in-process search latency
//! (p50/p99 over 1,000 queries, lexical and fused, the model loaded once as
//! in a long-lived server); `daystrom search` end to end (spawning the binary
//! beside this one), lexical-only and with the model, beside `grep -ric`
//! over the same documents for the same queries.

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
    let model = daystrom::search::semantic::model::model_dir();
    let cache = model.with_file_name("embedding-cache.bin");
    // A cold run moves the cache aside (and puts it back after).
    let aside = cache.with_extension("bench-aside");
    let had_cache = cache.is_file() && std::fs::rename(&cache, &aside).is_ok();
    let cold = timed_ingest(&cfg, opts, "empty embedding cache");
    if had_cache {
        std::fs::rename(&aside, &cache)?;
    }
    cold?;
    timed_ingest(&cfg, opts, "filled embedding cache")?;

    let handle = open_current(dir.path())?;
    let searcher = handle.searcher()?;
    for lexical_only in [true, false] {
        let times = in_process(&searcher, lexical_only)?;
        println!(
            "search in process ({}): p50 {:.2} ms, p99 {:.2} ms (1000 queries)",
            if lexical_only {
                "lexical"
            } else {
                "lexical+semantic"
            },
            ms(percentile(&times, 0.5)),
            ms(percentile(&times, 0.99))
        );
    }
    end_to_end(dir.path())
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn timed_ingest(cfg: &IndexConfig, opts: IngestOptions, what: &str) -> anyhow::Result<()> {
    let t = Instant::now();
    let summary = ingest(cfg, opts)?;
    let entries: usize = summary.documents.iter().map(|d| d.entries).sum();
    let e = &summary.embeddings;
    let vectors = match &e.missing_model {
        Some(_) => "model not installed: no vectors".to_string(),
        None => format!("{} embedded, {} from the cache", e.embedded, e.cached),
    };
    println!(
        "rules ingest, {what}: {:.0} ms ({entries} entries; {vectors})",
        ms(t.elapsed())
    );
    Ok(())
}

fn in_process(
    searcher: &daystrom::search::RulesSearcher,
    lexical_only: bool,
) -> anyhow::Result<Vec<Duration>> {
    let mut times = Vec::with_capacity(1000);
    for i in 0..1000 {
        let q = SearchQuery {
            text: QUERIES[i % QUERIES.len()].into(),
            limit: 10,
            lexical_only,
            ..Default::default()
        };
        let t = Instant::now();
        let hits = searcher.search(&q)?;
        times.push(t.elapsed());
        std::hint::black_box(hits);
    }
    times.sort();
    Ok(times)
}

/// p50 of `daystrom search` end to end (lexical-only and with the model)
/// and of `grep -ric` over the same documents, for the same queries.
fn end_to_end(index: &std::path::Path) -> anyhow::Result<()> {
    let bin = std::env::current_exe()?.with_file_name("daystrom");
    if !bin.is_file() {
        println!("end to end: skipped ({} not built)", bin.display());
        return Ok(());
    }
    let corpus = daystrom::corpus::locate(None, None)?;
    let rules_paths: Vec<_> = corpus
        .manifest
        .documents
        .iter()
        .filter(|d| d.kind != daystrom::corpus::DocKind::Cards)
        .map(|d| corpus.path_of(d))
        .collect();
    let index = index.to_str().unwrap_or(".");
    let run = |q: &str, lexical: bool| -> anyhow::Result<Duration> {
        let mut cmd = std::process::Command::new(&bin);
        cmd.args(["--index", index, "search", q])
            .env("NO_COLOR", "1");
        if lexical {
            cmd.arg("--lexical");
        }
        let t = Instant::now();
        let out = cmd.output()?;
        let took = t.elapsed();
        anyhow::ensure!(
            out.status.success() || out.status.code() == Some(1),
            "search failed for {q}"
        );
        Ok(took)
    };
    let grep = |q: &str| -> anyhow::Result<Duration> {
        let t = Instant::now();
        std::process::Command::new("grep")
            .arg("-ric")
            .arg("--")
            .arg(q)
            .args(&rules_paths)
            .output()?;
        Ok(t.elapsed())
    };
    let p50 = |f: &dyn Fn(&str) -> anyhow::Result<Duration>| -> anyhow::Result<f64> {
        let mut times = QUERIES
            .iter()
            .map(|q| f(q))
            .collect::<anyhow::Result<Vec<_>>>()?;
        times.sort();
        Ok(ms(percentile(&times, 0.5)))
    };
    let grep_ms = p50(&grep)?;
    let lexical_ms = p50(&|q| run(q, true))?;
    let semantic_ms = p50(&|q| run(q, false))?;
    println!("grep -ric over the same documents: p50 {grep_ms:.1} ms");
    println!(
        "daystrom search end to end, lexical: p50 {lexical_ms:.1} ms ({:.1}x grep)",
        lexical_ms / grep_ms.max(0.001)
    );
    println!(
        "daystrom search end to end, lexical+semantic: p50 {semantic_ms:.1} ms ({:.1}x grep)",
        semantic_ms / grep_ms.max(0.001)
    );
    Ok(())
}
