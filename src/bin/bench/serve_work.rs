//! The library work behind the server's search, card and check routes, in process
//! and without HTTP: how many microseconds of one core each costs, so a
//! load test's latency can be read against it (and profiled, e.g. under
//! `valgrind --tool=callgrind`, whose counts do not depend on other load).
//! `daystrom-bench serve-work [search|card|check] [N]`.

use daystrom::ingest::IndexConfig;
use daystrom::search::SearchQuery;
use daystrom::serve::api::{card_answer, check_answer, search_answer};
use daystrom::serve::Warm;
use std::time::Instant;

/// The load test's questions and cards (serve_bench), so the figures match.
use super::serve_bench::{CARDS, QUESTIONS, SCENARIOS};

pub fn run(args: &[String]) -> anyhow::Result<()> {
    let what = args.first().map_or("all", String::as_str);
    let n: usize = args.get(1).map_or(Ok(2000), |a| a.parse())?;
    let cfg = IndexConfig {
        corpus: None,
        manifest: None,
        index: daystrom::corpus::repo_root().join("index"),
    };
    let warm = Warm::load(&cfg)?;
    if what == "search" || what == "all" {
        let queries: Vec<SearchQuery> = QUESTIONS.iter().map(|q| lexical(q)).collect();
        timed("search (words only, as under load)", n, |i| {
            let q = &queries[i % queries.len()];
            search_answer(&warm, q, true).map(|v| serde_json::to_vec(&v).map(|b| b.len()))
        });
    }
    if what == "card" || what == "all" {
        timed("card", n, |i| {
            card_answer(&warm, CARDS[i % CARDS.len()])
                .map(|v| serde_json::to_vec(&v).map(|b| b.len()))
        });
    }
    if what == "check" || what == "all" {
        let repo = daystrom::corpus::repo_root();
        let scenarios = SCENARIOS
            .iter()
            .map(|p| std::fs::read_to_string(repo.join(p)))
            .collect::<std::io::Result<Vec<_>>>()?;
        timed("check", n, |i| {
            check_answer(&warm, &scenarios[i % scenarios.len()])
                .map(|v| serde_json::to_vec(&v).map(|b| b.len()))
        });
    }
    Ok(())
}

fn lexical(text: &str) -> SearchQuery {
    SearchQuery {
        text: text.to_string(),
        doc: None,
        edition: None,
        lang: None,
        limit: 10,
        lexical_only: true,
    }
}

/// Run `f` `n` times and print the mean cost; an error answer is reported.
fn timed<T, E>(what: &str, n: usize, f: impl Fn(usize) -> Result<T, E>) {
    let start = Instant::now();
    let mut failed = 0;
    for i in 0..n {
        if f(i).is_err() {
            failed += 1;
        }
    }
    let us = start.elapsed().as_secs_f64() * 1e6 / n as f64;
    println!("serve-work: {what}: {us:.0} µs per request ({n} requests, {failed} failed)");
}
