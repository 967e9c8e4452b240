//! Benchmarks for `cards` (skeleton).

pub fn run() -> anyhow::Result<()> {
    Ok(())
}
