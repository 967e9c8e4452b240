//! CLI commands (skeleton: to be written).

use super::Context;
use std::process::ExitCode;

#[derive(Debug, clap::Args)]
pub struct CheckArgs {}

pub fn check(_ctx: &Context, _args: CheckArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`check` is not built yet")
}
