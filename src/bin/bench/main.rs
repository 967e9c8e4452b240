//! `daystrom-bench`: the benchmarks behind the figures in the closing notes.
//! `daystrom-bench rules|cards|check|errata|serve|concurrency|all` (release build recommended);
//! `daystrom-bench search-eval FILE` for the figures of search on a question set;
//! `daystrom-bench serve-work [search|card|check] [N]` for the server routes' own cost.

mod cards_bench;
mod check_bench;
mod concurrency_bench;
mod errata_bench;
mod rules_bench;
mod search_eval;
mod serve_bench;
mod serve_work;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let what = args.first().cloned().unwrap_or_else(|| "all".into());
    if what == "serve-work" {
        return serve_work::run(&args[1..]);
    }
    if what == "search-eval" {
        return search_eval::run(&args[1..]);
    }
    if what == "rules" || what == "all" {
        rules_bench::run()?;
    }
    if what == "cards" || what == "all" {
        cards_bench::run()?;
    }
    if what == "check" || what == "all" {
        check_bench::run()?;
    }
    if what == "errata" || what == "all" {
        errata_bench::run()?;
    }
    if what == "serve" || what == "all" {
        serve_bench::run()?;
    }
    if what == "concurrency" || what == "all" {
        concurrency_bench::run()?;
    }
    Ok(())
}
