//! CLI commands (skeleton: to be written).

use super::Context;
use std::process::ExitCode;

#[derive(Debug, clap::Args)]
pub struct ErrataArgs {}

pub fn errata(_ctx: &Context, _args: ErrataArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`errata` is not built yet")
}
