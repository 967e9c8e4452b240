//! Benchmarks for `cards`: card ingest (three CSVs → model → SQLite), query
//! latency over the 50 queries of bench/cards_queries.txt, card lookup, and the
//! Python baselines of bench/cards_baseline.py (csv + list filter, SQLite in
//! Python) side by side.

use daystrom::cards::{ingest, lookup::lookup, query};
use daystrom::corpus::{locate, DocKind};
use daystrom::store::Store;
use std::time::{Duration, Instant};

const QUERIES: &str = include_str!("../../../bench/cards_queries.txt");
const NAMES: &[&str] = &[
    "kivas fajo collector",
    "Q's tent",
    "worf son of mogh",
    "picard",
    "haakonna",
    "uss jupiter",
    "hms bounty",
    "borg ship",
    "montgomery scot",
    "albert einstien",
    "kai opakka",
    "okenalak",
    "the emissary",
    "data",
    "seven of nine",
    "odo",
    "jean luc picard",
    "admiral mccoy",
    "eleven of twelve",
    "chain reaction pulser",
];

fn pct(xs: &mut [Duration], p: f64) -> f64 {
    xs.sort();
    let i = ((p / 100.0) * (xs.len() - 1) as f64).round() as usize;
    xs[i].as_secs_f64() * 1000.0
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

pub fn run() -> anyhow::Result<()> {
    let corpus = locate(None, None)?;
    let docs: Vec<_> = corpus
        .manifest
        .documents
        .iter()
        .filter(|d| d.kind == DocKind::Cards)
        .collect();

    // 1. ingest: read + parse + group, then write to SQLite (median of 5)
    let (mut loads, mut writes) = (Vec::new(), Vec::new());
    let mut last = None;
    for _ in 0..5 {
        let t = Instant::now();
        let load = ingest::load(&corpus, &docs)?;
        loads.push(t.elapsed().as_secs_f64() * 1000.0);
        let dir = tempfile::tempdir()?;
        let store = Store::create(dir.path())?;
        let t = Instant::now();
        daystrom::store::cards::write(&store, &load.db)?;
        writes.push(t.elapsed().as_secs_f64() * 1000.0);
        last = Some((load, dir));
    }
    let (load, dir) = last.expect("five runs");
    let (load_ms, write_ms) = (median(loads), median(writes));
    println!("cards: ingest of 3 CSVs ({} rows): load+parse {load_ms:.1} ms, SQLite write {write_ms:.1} ms, total {:.1} ms (target < 1500 ms)",
        load.report.files.iter().map(|f| f.1).sum::<usize>(), load_ms + write_ms);
    println!("{}", load.report.table());

    // 2. queries, parse + run, 20 repetitions each
    let store = Store::open(dir.path())?;
    let queries: Vec<&str> = QUERIES.lines().filter(|l| !l.trim().is_empty()).collect();
    let opts = query::RunOptions::default();
    let mut times = Vec::new();
    let mut counts = Vec::new();
    for q in &queries {
        let mut n = 0;
        for _ in 0..20 {
            let t = Instant::now();
            n = query::query(&store, q, &opts)?.len();
            times.push(t.elapsed());
        }
        counts.push(n);
    }
    let (q50, q99) = (pct(&mut times, 50.0), pct(&mut times, 99.0));
    println!(
        "cards: {} queries x20 in process: p50 {q50:.3} ms, p99 {q99:.3} ms (target p50 < 5 ms)",
        queries.len()
    );

    // 3. lookup in process, and the work of `daystrom card NAME` after the index is open
    let db = &load.db;
    let mut lt = Vec::new();
    for name in NAMES {
        for _ in 0..10 {
            let t = Instant::now();
            let _ = lookup(db, name).card();
            lt.push(t.elapsed());
        }
    }
    println!(
        "cards: lookup of {} sloppy names in process: p50 {:.3} ms, p99 {:.3} ms",
        NAMES.len(),
        pct(&mut lt, 50.0),
        pct(&mut lt, 99.0)
    );
    let mut e2e = Vec::new();
    for name in NAMES {
        let t = Instant::now();
        let store = Store::open(dir.path())?;
        let db = daystrom::store::cards::load_titles(&store)?;
        let card = lookup(&db, name).card().map(|c| c.id);
        if let Some(id) = card {
            let _full = daystrom::store::cards::load_card(&store, id)?;
            let mut st = store
                .conn
                .prepare("SELECT COUNT(*) FROM card_rules WHERE card = ?1")?;
            let _: i64 = st.query_row([id as i64], |r| r.get(0))?;
        }
        e2e.push(t.elapsed());
    }
    println!("cards: `card NAME` work (open store + load_titles + lookup + load_card + rulings), in process: p50 {:.1} ms, p99 {:.1} ms (target < 50 ms end to end; open_fresh not measured here)",
        pct(&mut e2e, 50.0), pct(&mut e2e, 99.0));

    // 3b. the real command, end to end, when the release binary is beside this one
    let exe = std::env::current_exe()?.with_file_name("daystrom");
    if exe.is_file() {
        let index = tempfile::tempdir()?;
        let ok = std::process::Command::new(&exe)
            .arg("ingest")
            .arg("--corpus")
            .arg(&corpus.root)
            .env("DAYSTROM_INDEX", index.path())
            .output()?
            .status
            .success();
        if ok {
            let mut runs = Vec::new();
            for name in NAMES {
                let t = Instant::now();
                std::process::Command::new(&exe)
                    .arg("card")
                    .arg(name)
                    .arg("--corpus")
                    .arg(&corpus.root)
                    .env("DAYSTROM_INDEX", index.path())
                    .output()?;
                runs.push(t.elapsed());
            }
            println!(
                "cards: `daystrom card NAME` end to end (process start, open_fresh, lookup, render): p50 {:.1} ms, p99 {:.1} ms (target < 50 ms)",
                pct(&mut runs, 50.0),
                pct(&mut runs, 99.0)
            );
        } else {
            println!("cards: `daystrom ingest` failed; `card NAME` end to end not measured");
        }
    } else {
        println!("cards: build the release `daystrom` binary to measure `card NAME` end to end");
    }

    // 4. Python baselines
    let script = daystrom::corpus::repo_root().join("bench/cards_baseline.py");
    let out = std::process::Command::new("python3")
        .arg(&script)
        .arg("10")
        .env("DAYSTROM_CORPUS", &corpus.root)
        .output();
    match out {
        Ok(o) if o.status.success() => {
            let text = String::from_utf8_lossy(&o.stdout);
            let v: serde_json::Value = serde_json::from_str(text.lines().last().unwrap_or("{}"))?;
            let f = |k: &str| v[k].as_f64().unwrap_or(f64::NAN);
            let mut t = comfy_table::Table::new();
            t.set_header(vec![
                "",
                "daystrom (Rust, SQLite)",
                "Python csv + list",
                "SQLite in Python",
                "ratio list/daystrom",
                "ratio py-sqlite/daystrom",
            ]);
            t.add_row(vec![
                "load".to_string(),
                format!("{:.1} ms (3 CSVs, full parse)", load_ms),
                format!("{:.1} ms (2 CSVs, no parse)", f("csv_load_ms")),
                format!("{:.1} ms build", f("sqlite_build_ms")),
                format!("{:.2}x", f("csv_load_ms") / load_ms),
                "-".into(),
            ]);
            t.add_row(vec![
                "query p50".to_string(),
                format!("{q50:.3} ms"),
                format!("{:.3} ms", f("list_p50_ms")),
                format!("{:.3} ms", f("sqlite_p50_ms")),
                format!("{:.1}x", f("list_p50_ms") / q50),
                format!("{:.1}x", f("sqlite_p50_ms") / q50),
            ]);
            t.add_row(vec![
                "query p99".to_string(),
                format!("{q99:.3} ms"),
                format!("{:.3} ms", f("list_p99_ms")),
                format!("{:.3} ms", f("sqlite_p99_ms")),
                format!("{:.1}x", f("list_p99_ms") / q99),
                format!("{:.1}x", f("sqlite_p99_ms") / q99),
            ]);
            println!("{t}");
            let theirs: Vec<usize> = v["list_counts"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|x| x.as_u64())
                        .map(|x| x as usize)
                        .collect()
                })
                .unwrap_or_default();
            let differ: Vec<String> = queries
                .iter()
                .zip(counts.iter().zip(&theirs))
                .filter(|(_, (a, b))| a != b)
                .map(|(q, (a, b))| format!("{q}: {a} vs {b}"))
                .collect();
            println!(
                "cards: result counts equal to the Python list baseline on {}/{} queries{}",
                queries.len() - differ.len(),
                queries.len(),
                if differ.is_empty() {
                    String::new()
                } else {
                    format!("; differ (daystrom vs python): {}", differ.join("; "))
                }
            );
        }
        Ok(o) => println!(
            "cards: python baseline failed: {}",
            String::from_utf8_lossy(&o.stderr)
        ),
        Err(e) => println!("cards: python3 not available: {e}"),
    }
    Ok(())
}
