//! Benchmarks for `check` (skeleton).

pub fn run() -> anyhow::Result<()> {
    Ok(())
}
