//! `daystrom-bench`: the benchmarks behind the figures in the closing notes.
//! `daystrom-bench rules|cards|check|errata|serve|all` (release build recommended).

mod cards_bench;
mod check_bench;
mod errata_bench;
mod rules_bench;
mod serve_bench;

fn main() -> anyhow::Result<()> {
    let what = std::env::args().nth(1).unwrap_or_else(|| "all".into());
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
    Ok(())
}
