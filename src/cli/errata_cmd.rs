//! `daystrom errata FILE [SCENARIOS…]`: apply proposed card / rules text changes
//! to an in-memory copy of the card model, re-run `rulings/` (and the scenarios
//! given) and print what would flip. The work is in [`crate::errata`]; this file
//! parses arguments and prints. Exit 1 when any verdict flips or becomes
//! undecided, so the command can gate a rules-document build.

use super::output::{paint, Style};
use super::Context;
use crate::errata::{assess, read_scenarios, Errata, ErrataReport, Flip};
use crate::scenario::check::collect;
use comfy_table::{presets::UTF8_FULL, ContentArrangement, Table};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, clap::Args)]
pub struct ErrataArgs {
    /// The errata file (TOML; see docs/errata.md).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// More scenario files or directories to run besides `rulings/`.
    #[arg(value_name = "SCENARIOS")]
    pub scenarios: Vec<PathBuf>,
    #[command(flatten)]
    pub output: super::output::Json,
}

pub fn errata(ctx: &Context, args: ErrataArgs) -> anyhow::Result<ExitCode> {
    let handle = crate::ingest::open_fresh(ctx)?;
    let db = handle.cards()?;
    let errata = match Errata::load(&args.file, &db) {
        Ok(errata) => errata,
        Err(e) => return Ok(located_error(e)),
    };
    let entries = errata.check_rule_entries(|doc, title| {
        let id = format!("{doc}:{}", crate::readers::slug(title));
        crate::store::rules::entry(&handle.store, &id).is_ok_and(|e| e.is_some())
    });
    if let Err(e) = entries {
        return Ok(located_error(e.into()));
    }
    let mut paths = vec![crate::corpus::repo_root().join("rulings")];
    paths.extend(args.scenarios.iter().cloned());
    // Paths relative to the working directory read better in the report.
    let cwd = std::env::current_dir().unwrap_or_default();
    let files: Vec<PathBuf> = collect(&paths, &[])?
        .into_iter()
        .map(|f| f.strip_prefix(&cwd).map(PathBuf::from).unwrap_or(f))
        .collect();
    let scenarios = read_scenarios(&files)?;
    let report = assess(&errata, &db, &scenarios);
    if args.output.json {
        super::output::print_json(&report)?;
    } else {
        print_report(&report);
    }
    Ok(if report.any_flip() {
        super::exit::failed()
    } else {
        ExitCode::SUCCESS
    })
}

/// An errata file that does not check: the error, and the offending line
/// with a caret when it has one.
fn located_error(e: anyhow::Error) -> ExitCode {
    super::output::eprint_error(&format!("error: {e}"));
    if let Some(first) = e.downcast_ref::<crate::errata::ErrataError>() {
        for at in first.all() {
            eprint!(
                "{}",
                crate::diag::snippet(&at.file, at.line, at.col, &at.message)
            );
        }
    }
    super::exit::bad_input()
}

fn print_report(r: &ErrataReport) {
    let on = super::output::colour_stdout();
    let heading = |s: &str| println!("\n{}", paint(s, Style::Bold, on));
    println!("{}", r.table());
    if !r.changed_cards.is_empty() {
        heading("Changed cards");
        for c in &r.changed_cards {
            println!("  {}", paint(&c.title, Style::Title, on));
            for f in &c.fields {
                if f.field == "game text" {
                    let words = crate::rules::word_diff(&f.before, &f.after);
                    println!(
                        "    {}: {}",
                        f.field,
                        crate::cli::output::render_words(&words, on)
                    );
                } else {
                    println!("    {}: {} → {}", f.field, f.before, f.after);
                }
            }
        }
    }
    print_flips(r, on);
    if !r.ability_changes.is_empty() {
        heading("Compiled abilities");
        for a in &r.ability_changes {
            let mut t = Table::new();
            t.load_preset(UTF8_FULL)
                .set_content_arrangement(ContentArrangement::Dynamic);
            t.set_header(vec![format!("{} — before", a.title), "after".to_string()]);
            t.add_row(vec![a.before.clone(), a.after.clone()]);
            println!("{t}");
        }
    }
    if !r.review.is_empty() {
        heading("Cards to review (their text references a changed card)");
        for v in &r.review {
            println!("  {} — {}", v.title, v.references);
        }
    }
    if !r.rule_changes.is_empty() {
        heading("Rules entries changed");
        for c in &r.rule_changes {
            println!("  {:?} {}: {}", c.action, c.doc, c.entry);
        }
        if r.citing_changed_rules.is_empty() {
            println!("  no scenario question cites them");
        }
        for q in &r.citing_changed_rules {
            println!("  cited by {q}");
        }
    }
    let verdict = if r.any_flip() {
        paint("verdicts move: exit 1", Style::Bad, on)
    } else {
        paint("no verdict moves", Style::Good, on)
    };
    println!("\n{verdict}");
}

fn print_flips(r: &ErrataReport, on: bool) {
    let show = |title: &str, flips: &[Flip]| {
        if flips.is_empty() {
            return;
        }
        println!("\n{}", paint(title, Style::Bold, on));
        for f in flips {
            println!(
                "  {} {}: {} → {}",
                f.scenario.display(),
                f.question,
                paint(&f.before, Style::Bad, on),
                paint(&f.after, Style::Good, on)
            );
            for g in &f.reasons_gained {
                println!("      + {g}");
            }
            for l in &f.reasons_lost {
                println!("      - {l}");
            }
        }
    };
    show("Verdicts that flip", &r.flips);
    show("Verdicts that became undecided", &r.became_undecided);
    if !r.broken.is_empty() {
        println!(
            "\n{}",
            paint("Scenarios broken by the change", Style::Bold, on)
        );
        for b in &r.broken {
            println!("  {}", b.error);
        }
    }
}
