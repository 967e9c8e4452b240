//! CLI commands (skeleton: to be written).

use super::Context;
use std::process::ExitCode;

#[derive(Debug, clap::Args)]
pub struct CardArgs {}

#[derive(Debug, clap::Args)]
pub struct CardsArgs {}

pub fn card(_ctx: &Context, _args: CardArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`card` is not built yet")
}

pub fn cards(_ctx: &Context, _args: CardsArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`cards` is not built yet")
}
