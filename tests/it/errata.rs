//! Errata: the impact report and the `errata` command.

mod cli;
mod impact;
