//! The command line: argument parsing (clap derive) and dispatch. Each group of
//! subcommands lives in its own file; the work itself is in the library.

mod abilities_cmd;
pub(crate) mod cards_cmd;
mod check_cmd;
mod errata_cmd;
pub mod output;
mod rules_cmd;
mod serve_cmd;

use clap::{CommandFactory, Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  daystrom ingest                          build index/ from ../shared/corpus
  daystrom search \"can I beam during battle\"
  daystrom search --doc current-rulings \"Borg Ship\" --json
  daystrom define aboard                   follows \"See present.\"
  daystrom diff OLD.txt NEW.txt            what changed between two rulings versions
  daystrom card \"kivas fajo collector\"
  daystrom cards 'a:federation skill:diplomacy>=2 t:personnel'
  daystrom check rulings/                  run every executable ruling
  daystrom errata my-errata.toml           which verdicts would flip
  daystrom serve --open                    the judges' web page on http://127.0.0.1:7878/
  daystrom completions bash > /etc/bash_completion.d/daystrom";

#[derive(Debug, Parser)]
#[command(name = "daystrom", version, about = "Settles Star Trek CCG rules questions: cited rules search, card lookup, scenario checks.", after_help = EXAMPLES)]
pub struct Cli {
    /// Corpus root (else ../shared/corpus beside the repository).
    #[arg(long, global = true, value_name = "DIR", env = "DAYSTROM_CORPUS")]
    pub corpus: Option<PathBuf>,
    /// Manifest of source documents (default: corpus/corpus.toml in the repository).
    #[arg(long, global = true, value_name = "FILE")]
    pub manifest: Option<PathBuf>,
    /// Index directory (else $DAYSTROM_INDEX, else index/ in the repository).
    #[arg(long, global = true, value_name = "DIR", env = "DAYSTROM_INDEX")]
    pub index: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Read every document of the manifest into index/ (atomic, idempotent).
    #[command(after_help = "Example:\n  daystrom ingest --corpus ../shared/corpus")]
    Ingest(rules_cmd::IngestArgs),
    /// Search the Glossary, Current Rulings and rulebooks with a question in your own words.
    #[command(
        after_help = "Examples:\n  daystrom search \"may an AT beam during a battle\"\n  daystrom search '\"just initiated\"' --doc glossary -n 5\n  daystrom search tentativo --lang it"
    )]
    Search(rules_cmd::SearchArgs),
    /// Show a term's entry with its cross-references followed.
    #[command(
        after_help = "Examples:\n  daystrom define aboard\n  daystrom define \"valid response\" --json"
    )]
    Define(rules_cmd::DefineArgs),
    /// Compare two versions of a rulings or glossary document.
    #[command(
        after_help = "Example:\n  daystrom diff tests/fixtures/rules/diff/rulings-v1.txt tests/fixtures/rules/diff/rulings-v2.txt"
    )]
    Diff(rules_cmd::DiffArgs),
    /// Look up one card by a forgiving name.
    #[command(
        after_help = "Examples:\n  daystrom card \"kivas fajo collector\"\n  daystrom card picard --json"
    )]
    Card(cards_cmd::CardArgs),
    /// Query cards with the card query language.
    #[command(
        after_help = "Examples:\n  daystrom cards 'a:federation skill:diplomacy>=2'\n  daystrom cards 't:interrupt ref:\"Borg Ship\"' --sort title\n  daystrom cards '(a:klingon or a:romulan) t:ship wpn>=9' --prints"
    )]
    Cards(cards_cmd::CardsArgs),
    /// Check scenario files (a file or a directory of them) with the rules engine.
    #[command(
        after_help = "Examples:\n  daystrom check rulings/\n  daystrom check my-question.toml --json"
    )]
    Check(check_cmd::CheckArgs),
    /// Report how much of the card pool's game text the ability compiler understands.
    #[command(after_help = "Example:\n  daystrom abilities --coverage")]
    Abilities(abilities_cmd::AbilitiesArgs),
    /// Show which verdicts a proposed erratum would flip.
    #[command(
        after_help = "Example:\n  daystrom errata tests/fixtures/errata/hugh-no-nullify.toml"
    )]
    Errata(errata_cmd::ErrataArgs),
    /// Serve the judges' web page and JSON API (search, cards, scenario checks).
    #[command(
        after_help = "Examples:\n  daystrom serve --open\n  daystrom serve --addr 0.0.0.0:7878     open it from a phone on the same network"
    )]
    Serve(serve_cmd::ServeArgs),
    /// Print the manual page (roff): `daystrom man > daystrom.1`.
    Man,
    /// Print shell completions.
    #[command(after_help = "Example:\n  daystrom completions zsh > ~/.zfunc/_daystrom")]
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

/// Run the command line; errors print once, with their causes, and exit
/// with [`exit::bad_input`].
pub fn main() -> ExitCode {
    quiet_broken_pipe();
    let cli = Cli::parse();
    let ran = std::panic::catch_unwind(|| run(cli));
    match ran {
        Err(panic) if is_broken_pipe(panic.as_ref()) => ExitCode::SUCCESS,
        Err(panic) => std::panic::resume_unwind(panic),
        Ok(Ok(code)) => code,
        Ok(Err(err))
            if err
                .downcast_ref::<std::io::Error>()
                .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            ExitCode::SUCCESS
        }
        Ok(Err(err)) => {
            let mut msg = format!("error: {err}");
            for cause in err.chain().skip(1) {
                msg.push_str(&format!("\n  caused by: {cause}"));
            }
            output::eprint_error(&msg);
            exit::bad_input()
        }
    }
}

/// Stop quietly when the reader of our output goes away (`daystrom define x
/// | head`), as command-line tools do: printing to a closed pipe panics in
/// Rust; that panic prints nothing and [`main`] exits successfully.
fn quiet_broken_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if !is_broken_pipe(info.payload()) {
            default(info);
        }
    }));
}

/// The panic `println!` raises on a closed pipe.
fn is_broken_pipe(payload: &(dyn std::any::Any + Send)) -> bool {
    let text = payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied())
        .unwrap_or("");
    text.contains("Broken pipe")
}

pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let ctx = Context {
        corpus: cli.corpus.clone(),
        manifest: cli.manifest.clone(),
        index: cli
            .index
            .clone()
            .unwrap_or_else(|| crate::corpus::repo_root().join("index")),
    };
    match cli.command {
        Command::Ingest(a) => rules_cmd::ingest(&ctx, a),
        Command::Search(a) => rules_cmd::search(&ctx, a),
        Command::Define(a) => rules_cmd::define(&ctx, a),
        Command::Diff(a) => rules_cmd::diff(&ctx, a),
        Command::Card(a) => cards_cmd::card(&ctx, a),
        Command::Cards(a) => cards_cmd::cards(&ctx, a),
        Command::Check(a) => check_cmd::check(&ctx, a),
        Command::Abilities(a) => abilities_cmd::abilities(&ctx, a),
        Command::Errata(a) => errata_cmd::errata(&ctx, a),
        Command::Serve(a) => serve_cmd::serve(&ctx, a),
        Command::Man => {
            clap_mangen::Man::new(Cli::command()).render(&mut std::io::stdout())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Completions { shell } => {
            clap_complete::generate(
                shell,
                &mut Cli::command(),
                "daystrom",
                &mut std::io::stdout(),
            );
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// The exit codes of every command (README.md, "Exit codes").
pub mod exit {
    use std::process::ExitCode;
    /// A failed expectation (`check`) or a flipped verdict (`errata`).
    pub fn failed() -> ExitCode {
        ExitCode::from(1)
    }
    /// Nothing found: no such card, no entry, no search result.
    pub fn not_found() -> ExitCode {
        ExitCode::from(3)
    }
    /// Bad input: a file or query that does not read, or any other error.
    pub fn bad_input() -> ExitCode {
        ExitCode::from(4)
    }
}

/// What every command needs to find the corpus and the index.
pub type Context = crate::ingest::IndexConfig;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cli_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
