//! Benchmarks for `rules` (skeleton).

pub fn run() -> anyhow::Result<()> {
    Ok(())
}
