//! CLI commands (skeleton: to be written).

use super::Context;
use std::process::ExitCode;

#[derive(Debug, clap::Args)]
pub struct CheckArgs {}

#[derive(Debug, clap::Args)]
pub struct AbilitiesArgs {}

pub fn check(_ctx: &Context, _args: CheckArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`check` is not built yet")
}

pub fn abilities(_ctx: &Context, _args: AbilitiesArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`abilities` is not built yet")
}
