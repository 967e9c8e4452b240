//! `daystrom check FILE|DIR`: run scenario files through the rules engine and
//! print each question's verdict, reasons and citations; with `expect`, report
//! pass/fail and exit non-zero on any failure.

use super::output::{paint, Style};
use super::Context;
use crate::scenario::check::{check_file, collect, FileResult};
use crate::scenario::DbTitleResolver;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// Scenario files or directories of them.
    #[arg(required = true, value_name = "FILE|DIR")]
    pub paths: Vec<PathBuf>,
    #[command(flatten)]
    pub output: super::output::Json,
    /// Skip a directory (repeatable), e.g. rulings/responses until the ability compiler lands.
    #[arg(long, value_name = "DIR")]
    pub skip: Vec<PathBuf>,
    /// Print only failures and the summary.
    #[arg(long, short)]
    pub quiet: bool,
    /// Draw the board the engine built: `text` (a tree per location, after the
    /// verdicts) or `svg` (only the picture, for one file: `--show svg > board.svg`).
    #[arg(long, value_name = "FORMAT", num_args = 0..=1, default_missing_value = "text", value_parser = ["text", "svg"])]
    pub show: Option<String>,
}

pub fn check(ctx: &Context, args: CheckArgs) -> anyhow::Result<ExitCode> {
    let db = crate::ingest::open_fresh(ctx)?.cards()?;
    let resolver = DbTitleResolver::new(&db);
    let files = collect(&args.paths, &args.skip)?;
    if files.is_empty() {
        anyhow::bail!("no scenario files (*.toml) under the given paths");
    }
    let results: Vec<FileResult> = files
        .iter()
        .map(|f| check_file(f, &db, &resolver))
        .collect();
    let failed = results.iter().filter(|r| r.failed()).count();
    if args.show.as_deref() == Some("svg") {
        return print_svg(&results);
    }
    if args.output.json {
        super::output::print_json(&results)?;
    } else {
        print_text(&results, args.quiet, args.show.is_some());
    }
    Ok(if results.iter().any(|r| r.error.is_some()) {
        super::exit::bad_input()
    } else if failed > 0 {
        super::exit::failed()
    } else {
        ExitCode::SUCCESS
    })
}

/// The one file's board as SVG on stdout; its load error (exit 1) otherwise.
fn print_svg(results: &[FileResult]) -> anyhow::Result<ExitCode> {
    let [r] = results else {
        anyhow::bail!("--show svg draws one scenario: give one file");
    };
    match (&r.board, &r.error) {
        (Some(b), _) => {
            print!("{}", crate::board::svg::render(b));
            Ok(ExitCode::SUCCESS)
        }
        (None, e) => anyhow::bail!("{}", e.as_deref().unwrap_or("no board")),
    }
}

fn print_text(results: &[FileResult], quiet: bool, boards: bool) {
    let on = super::output::colour_stdout();
    let (mut pass, mut fail, mut unchecked, mut errors) = (0, 0, 0, 0);
    let mut unproven = 0;
    for r in results {
        if let Some(e) = &r.error {
            errors += 1;
            println!("{} {e}", paint("error", Style::Bad, on));
            for (line, col, message) in &r.errors_at {
                print!("{}", crate::diag::snippet(&r.path, *line, *col, message));
            }
            continue;
        }
        let show = !quiet || r.failed();
        if show {
            println!(
                "{} {}",
                paint(&r.path.display().to_string(), Style::Title, on),
                r.title
            );
            if let Some(s) = &r.source {
                println!("  source: {s}");
            }
        }
        for a in &r.answers {
            if a.cites_source == Some(false) {
                unproven += 1;
            }
            match a.passed {
                Some(true) => pass += 1,
                Some(false) => fail += 1,
                None => unchecked += 1,
            }
            if !show {
                continue;
            }
            let mark = match a.passed {
                Some(true) => paint("pass", Style::Good, on),
                Some(false) => paint("FAIL", Style::Bad, on),
                None => paint("----", Style::Dim, on),
            };
            let expect = a
                .expect
                .as_ref()
                .map(|e| format!(" (expected {e})"))
                .unwrap_or_default();
            println!(
                "  {mark} line {}: {}? {}{expect}",
                a.line,
                a.ask,
                paint(&a.verdict.value.to_string(), Style::Bold, on)
            );
            for reason in &a.verdict.reasons {
                println!("      - {}", reason.text);
            }
            let cites: Vec<String> = a
                .verdict
                .citations
                .iter()
                .map(|c| format!("{} [{}]", c.title, c.id))
                .collect();
            println!("      cites: {}", cites.join("; "));
            if a.cites_source == Some(false) {
                println!(
                    "      {}",
                    paint("does not cite the file's source entry", Style::Dim, on)
                );
            }
        }
        if let Some(b) = r.board.as_ref().filter(|_| boards && show) {
            println!("  board:");
            for line in crate::board::text::render(b).lines() {
                println!("    {line}");
            }
        }
    }
    println!(
        "{} files: {pass} passed, {fail} failed, {unchecked} without expectation, {errors} files with errors",
        results.len()
    );
    if unproven > 0 {
        println!(
            "{unproven} verdicts do not cite their file's source entry (nor an `also_cites` entry)"
        );
    }
}
