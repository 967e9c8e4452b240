//! `daystrom abilities`: the ability compiler's coverage of the card pool, or
//! one card's compiled abilities.

use super::Context;
use crate::cards::model::CardType;
use crate::cards::model::{CardDb, Edition};
use crate::engine::abilities::dilemma::{compile_dilemma, CompiledDilemma, DilemmaEffect};
use crate::engine::abilities::{self, CompiledCard};
use crate::engine::requirements::Requirement;
use std::process::ExitCode;

#[derive(Debug, clap::Args)]
pub struct AbilitiesArgs {
    /// A card title: show its compiled abilities.
    #[arg(value_name = "CARD")]
    pub card: Option<String>,
    /// Per card type, how many 1E game texts compile fully, partly, not at all.
    #[arg(long)]
    pub coverage: bool,
    /// Only this card type (e.g. Interrupt).
    #[arg(long = "type", value_name = "TYPE")]
    pub card_type: Option<String>,
    #[command(flatten)]
    pub output: super::output::Json,
}

/// The card pool of the current index (ingesting first when it is stale).
fn load_cards(ctx: &Context) -> anyhow::Result<CardDb> {
    crate::ingest::open_fresh(ctx)?.cards()
}

pub fn abilities(ctx: &Context, args: AbilitiesArgs) -> anyhow::Result<ExitCode> {
    let db = load_cards(ctx)?;
    if let Some(title) = &args.card {
        return show_card(&db, title, args.output.json);
    }
    if !args.coverage {
        anyhow::bail!("say --coverage for the coverage report, or name a CARD");
    }
    let mut report = abilities::coverage_report(&db);
    if let Some(t) = &args.card_type {
        report.rows.retain(|r| r.card_type.eq_ignore_ascii_case(t));
        if report.rows.is_empty() {
            anyhow::bail!("no 1E cards of type {t:?} in the card database");
        }
    }
    if args.output.json {
        super::output::print_json(&report)?;
    } else {
        println!("{}", report.table());
        println!(
            "{} hand-described cards in glossary/abilities/overrides.toml",
            report.override_entries
        );
        println!(
            "{} card-specific Current Rulings entries in glossary/card-rulings.toml",
            report.card_rulings
        );
        println!(
            "{} Current Rulings entries on timing in glossary/timing-rulings.toml",
            report.timing_rulings
        );
        let d = &report.dilemmas;
        println!(
            "dilemma structure: {} of {} dilemmas compile fully ({:.1}%): {} with conditions, {} with a trigger, {} with a nullifier, {} enter play; {} sentences unread",
            d.full,
            d.cards,
            d.full_percent(),
            d.with_conditions,
            d.with_trigger,
            d.with_nullifier,
            d.enters_play,
            d.unread_sentences
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn show_card(db: &CardDb, title: &str, json: bool) -> anyhow::Result<ExitCode> {
    let card = abilities::find_card(db, title)
        .or_else(|| {
            db.cards.iter().find(|c| {
                c.edition == Edition::First
                    && c.title.to_lowercase().contains(&title.to_lowercase())
            })
        })
        .ok_or_else(|| anyhow::anyhow!("no 1E card titled {title:?}"))?;
    let compiled = abilities::compile(card);
    if card.card_type == CardType::Dilemma {
        let dilemma = compile_dilemma(&card.title, &card.text);
        if json {
            super::output::print_json(&dilemma)?;
        } else {
            print_compiled(&compiled, &card.text);
            print_dilemma(&dilemma);
        }
        return Ok(ExitCode::SUCCESS);
    }
    if json {
        super::output::print_json(&compiled)?;
    } else {
        print_compiled(&compiled, &card.text);
    }
    Ok(ExitCode::SUCCESS)
}

/// The dilemma form: its parts in the order the Glossary resolves them.
fn print_dilemma(d: &CompiledDilemma) {
    let show = |r: &Option<Requirement>| r.as_ref().map_or("-".to_string(), |r| r.to_string());
    println!(
        "dilemma structure ({}):",
        if d.is_full() { "full" } else { "partial" }
    );
    println!("  trigger: {}", show(&d.trigger));
    for e in &d.otherwise {
        println!("  otherwise: {}", effect_line(e));
    }
    for n in &d.nullifiers {
        println!(
            "  nullifier: {}",
            serde_json::to_string(n).unwrap_or_default()
        );
    }
    println!("  conditions ({:?}): {}", d.form, show(&d.conditions));
    for e in &d.effects {
        println!("  effect: {}", effect_line(e));
    }
    let a = &d.afterwards;
    println!(
        "  afterwards: discard {}, mission continues {}, enters play {}",
        a.discard,
        a.mission_continues,
        a.enters_play.as_deref().unwrap_or("-")
    );
    for u in &d.unread {
        println!("  unread: {u}");
    }
    if let Some(half) = &d.second_half {
        println!("second half, faced once the first half's conditions are met:");
        print_dilemma(half);
    }
}

fn effect_line(e: &DilemmaEffect) -> String {
    let v = &e.victims;
    format!(
        "{} {:?} {:?}{}{}{}",
        e.verb,
        v.count,
        v.scope,
        v.filter
            .as_ref()
            .map_or(String::new(), |f| format!(" with {f}")),
        v.selection
            .as_ref()
            .map_or(String::new(), |s| format!(" ({})", s.name())),
        e.when
            .as_ref()
            .map_or(String::new(), |w| format!(" if {w}"))
    )
}

fn print_compiled(c: &CompiledCard, text: &str) {
    println!(
        "{} ({}) — coverage {:?}, {:?}",
        c.title,
        c.card_type.name(),
        c.coverage,
        c.source
    );
    println!("  {text}");
    let mut t = comfy_table::Table::new();
    t.set_header(vec![
        "#",
        "timing",
        "action",
        "targets",
        "effects",
        "not understood",
    ]);
    for (i, a) in c.abilities.iter().enumerate() {
        let mut timing = a.timing.class.name().to_string();
        if let Some(l) = &a.timing.limit {
            timing.push_str(&format!(" ({l})"));
        }
        if a.timing.any_turn {
            timing.push_str(" [any turn]");
        }
        t.add_row(vec![
            (i + 1).to_string(),
            timing,
            a.timing.action.clone().unwrap_or_default(),
            a.targets
                .iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(", "),
            a.effects
                .iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("; "),
            a.unparsed.join(" / "),
        ]);
    }
    println!("{t}");
}
