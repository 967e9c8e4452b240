//! `daystrom serve`: start the web page and JSON API ([`crate::serve`]).

use super::Context;
use std::net::SocketAddr;
use std::process::ExitCode;

#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// Address to listen on; 0.0.0.0:PORT lets phones on the same network open it.
    #[arg(long, default_value = "127.0.0.1:7878", value_name = "IP:PORT")]
    pub addr: SocketAddr,
    /// Open the page in the default browser once the server listens.
    #[arg(long)]
    pub open: bool,
}

pub fn serve(ctx: &Context, args: ServeArgs) -> anyhow::Result<ExitCode> {
    crate::serve::run(
        ctx.clone(),
        crate::serve::Options {
            addr: args.addr,
            open: args.open,
        },
    )?;
    Ok(ExitCode::SUCCESS)
}
