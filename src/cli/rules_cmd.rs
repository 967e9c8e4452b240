//! CLI commands (skeleton: to be written).

use super::Context;
use std::process::ExitCode;

#[derive(Debug, clap::Args)]
pub struct IngestArgs {}

#[derive(Debug, clap::Args)]
pub struct SearchArgs {}

#[derive(Debug, clap::Args)]
pub struct DefineArgs {}

#[derive(Debug, clap::Args)]
pub struct DiffArgs {}

pub fn ingest(_ctx: &Context, _args: IngestArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`ingest` is not built yet")
}

pub fn search(_ctx: &Context, _args: SearchArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`search` is not built yet")
}

pub fn define(_ctx: &Context, _args: DefineArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`define` is not built yet")
}

pub fn diff(_ctx: &Context, _args: DiffArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`diff` is not built yet")
}
