//! `daystrom card NAME` (forgiving lookup, one card in full) and
//! `daystrom cards QUERY` (the card query language). The work is in
//! [`crate::cards`]; this file only parses arguments and prints.

use super::output::{paint, print_json, Style};
use super::Context;
use crate::cards::lookup::{lookup, Lookup};
use crate::cards::query::{self, RunOptions};
use crate::cards::Card;
use crate::store::Store;
use comfy_table::{presets::UTF8_FULL, ContentArrangement, Table};
use std::process::ExitCode;

#[derive(Debug, clap::Args)]
pub struct CardArgs {
    /// The card's name, as loosely as you like ("kivas fajo collector", "q's tent").
    #[arg(required = true, num_args = 1..)]
    pub name: Vec<String>,
    #[command(flatten)]
    pub output: super::output::Json,
    /// Show the card as it would read after this errata file (see docs/errata.md).
    #[arg(long, value_name = "FILE")]
    pub errata: Option<std::path::PathBuf>,
}

#[derive(Debug, clap::Args)]
pub struct CardsArgs {
    /// A query: `t:personnel a:fed skill:diplomacy>=2`, `ref:"Borg Ship"`, `(a:kli or a:rom) wpn>=9`.
    #[arg(required = true, num_args = 1..)]
    pub query: Vec<String>,
    #[command(flatten)]
    pub output: super::output::Json,
    /// Sort by: title, type, affiliation, int, cun, str, rng, wpn, shd, pts, span, edition.
    #[arg(long, default_value = "title")]
    pub sort: String,
    /// At most N cards.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// List every printing of each card.
    #[arg(long)]
    pub prints: bool,
}

/// A rules entry linked to a card.
#[derive(Debug, Clone, serde::Serialize)]
pub struct RuleLink {
    pub entry_id: String,
    pub title: String,
    pub how: String,
    pub body: String,
}

/// Rules entries about or mentioning a card (card_rules → entries).
pub fn rules_for(store: &Store, card: usize) -> anyhow::Result<Vec<RuleLink>> {
    let mut stmt = store.conn.prepare(
        "SELECT r.entry_id, e.title, r.how, e.body FROM card_rules r JOIN entries e ON e.id = r.entry_id
         WHERE r.card = ?1 ORDER BY r.how, e.doc, e.seq",
    )?;
    let rows = stmt.query_map([card as i64], |r| {
        Ok(RuleLink {
            entry_id: r.get(0)?,
            title: r.get(1)?,
            how: r.get(2)?,
            body: r.get(3)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Titles of the cards whose game text references a card.
pub fn referenced_by(store: &Store, card: usize) -> anyhow::Result<Vec<String>> {
    let mut stmt = store.conn.prepare(
        "SELECT DISTINCT c.title FROM card_refs r JOIN cards c ON c.id = r.card WHERE r.target = ?1 ORDER BY c.title_fold",
    )?;
    let rows = stmt.query_map([card as i64], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The other cards a name matched about as well as the one shown.
pub fn ambiguous_with<'a>(found: &Lookup<'a>) -> Vec<&'a Card> {
    match found {
        Lookup::Ambiguous { candidates, .. } => candidates.clone(),
        _ => Vec::new(),
    }
}

/// A card in full with its rulings and the cards that reference it: the
/// `card --json` shape, also answered by the web API.
pub fn card_json(
    store: &Store,
    card: &Card,
    others: &[&Card],
) -> anyhow::Result<serde_json::Value> {
    Ok(serde_json::json!({
        "card": card,
        "ambiguous_with": others.iter().map(|c| &c.title).collect::<Vec<_>>(),
        "rulings": rules_for(store, card.id)?,
        "referenced_by": referenced_by(store, card.id)?,
    }))
}

pub fn card(ctx: &Context, args: CardArgs) -> anyhow::Result<ExitCode> {
    if let Some(file) = &args.errata {
        return card_after_errata(ctx, &args.name.join(" "), file, args.output.json);
    }
    let handle = crate::ingest::open_fresh(ctx)?;
    // Titles only for the lookup; the chosen card is then read in full.
    let db = crate::store::cards::load_titles(&handle.store)?;
    let name = args.name.join(" ");
    let found = lookup(&db, &name);
    let Some(card) = found.card() else {
        let Lookup::NotFound { suggestions } = &found else {
            unreachable!()
        };
        let names: Vec<&str> = suggestions.iter().map(|c| c.title.as_str()).collect();
        let msg = if names.is_empty() {
            format!("no card matches `{name}`")
        } else {
            format!(
                "no card matches `{name}`; did you mean: {}?",
                names.join(", ")
            )
        };
        super::output::eprint_error(&msg);
        return Ok(super::exit::not_found());
    };
    let card = &crate::store::cards::load_card(&handle.store, card.id)?
        .ok_or_else(|| anyhow::anyhow!("card {} vanished from the index", card.id))?;
    let others = ambiguous_with(&found);
    if args.output.json {
        print_json(&card_json(&handle.store, card, &others)?)?;
    } else {
        let rules = rules_for(&handle.store, card.id)?;
        let refs = referenced_by(&handle.store, card.id)?;
        print!("{}", render_card(card, &rules, &refs, &others));
    }
    Ok(ExitCode::SUCCESS)
}

/// The full text block for one card.
/// The part of an entry that names the card: the sentences around the first
/// mention (an entry about the card starts at its beginning), cut to `max` chars.
fn passage_naming(body: &str, title: &str, max: usize) -> String {
    let flat = body.split_whitespace().collect::<Vec<_>>().join(" ");
    let folded = crate::repair::fold_for_match(&flat);
    let want = crate::repair::fold_for_match(title);
    // Folding keeps characters one for one except for dropped accents, so the
    // match position is found on the folded text and mapped by character count.
    let start_chars = folded
        .find(&want)
        .map_or(0, |b| folded[..b].chars().count());
    let chars: Vec<char> = flat.chars().collect();
    let sentence_start = chars[..start_chars.min(chars.len())]
        .iter()
        .rposition(|&c| c == '.')
        .map_or(0, |i| i + 1);
    let passage: String = chars[sentence_start..].iter().take(max).collect();
    let passage = passage.trim();
    if sentence_start > 0 {
        format!("… {passage}")
    } else {
        passage.to_string()
    }
}

pub fn render_card(card: &Card, rules: &[RuleLink], refs: &[String], others: &[&Card]) -> String {
    let colour = super::output::colour_stdout();
    let mut out = String::new();
    if !others.is_empty() {
        let names: Vec<&str> = others.iter().map(|c| c.title.as_str()).collect();
        out.push_str(&paint(
            &format!("(best of several matches; also: {})\n", names.join(", ")),
            Style::Dim,
            colour,
        ));
    }
    let mut t = Table::new();
    t.load_preset(UTF8_FULL)
        .set_content_arrangement(ContentArrangement::Dynamic);
    t.set_header(vec![
        paint(&card.title, Style::Title, colour),
        format!(
            "{} · {}",
            card.card_type.name(),
            if card.edition == crate::cards::Edition::First {
                "1E"
            } else {
                "2E"
            }
        ),
    ]);
    let mut row = |k: &str, v: String| {
        if !v.is_empty() {
            t.add_row(vec![k.to_string(), v]);
        }
    };
    row("affiliation", card.affiliations.join(" / "));
    row("attempt icons", card.mission_icons.join(" "));
    row(
        "attempt",
        card.mission_affil_text.clone().unwrap_or_default(),
    );
    row("class", card.class.clone().unwrap_or_default());
    let stats = |a: &str, b: &str, c: &str| {
        [(a, &card.int_rng), (b, &card.cun_wpn), (c, &card.str_shd)]
            .iter()
            .filter_map(|(k, s)| s.as_ref().map(|s| format!("{k} {s}")))
            .collect::<Vec<_>>()
            .join("  ")
    };
    row(
        "attributes",
        if card.card_type == crate::cards::CardType::Personnel {
            stats("INTEGRITY", "CUNNING", "STRENGTH")
        } else {
            stats("RANGE", "WEAPONS", "SHIELDS")
        },
    );
    row(
        "points",
        card.points
            .as_ref()
            .map(|s| s.to_string())
            .unwrap_or_default(),
    );
    row(
        "span",
        card.span
            .as_ref()
            .map(|s| s.to_string())
            .unwrap_or_default(),
    );
    row(
        "quadrant",
        [card.quadrant.clone(), card.region.clone()]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" · "),
    );
    row(
        "dilemma type",
        card.dilemma_type
            .map(|d| format!("{d:?}"))
            .unwrap_or_default(),
    );
    row(
        "icons",
        card.icons
            .iter()
            .map(|i| format!("[{i}]"))
            .collect::<String>(),
    );
    row(
        "staffing",
        card.staffing
            .iter()
            .map(|i| format!("[{i}]"))
            .chain(card.staffing_text.iter().map(|t| format!(" {t}")))
            .collect::<String>(),
    );
    row(
        "uniqueness",
        if card.universal {
            "universal".into()
        } else if card.unique {
            "unique".into()
        } else {
            String::new()
        },
    );
    row(
        "skills",
        card.skills
            .iter()
            .map(|s| {
                if s.level == 1.0 {
                    s.name.clone()
                } else {
                    format!("{} x{}", s.name, s.level)
                }
            })
            .collect::<Vec<_>>()
            .join(", "),
    );
    row("special skills", card.special_skills.join("\n"));
    row("downloads", card.special_downloads.join(", "));
    row("characteristics", card.characteristics.join("; "));
    row(
        "persona",
        card.all_personas()
            .into_iter()
            .map(|p| {
                format!(
                    "{}{}",
                    p.name,
                    if p.mirror {
                        " (mirror)"
                    } else if p.infiltrator {
                        " (infiltrator)"
                    } else {
                        ""
                    }
                )
            })
            .collect::<Vec<_>>()
            .join("; "),
    );
    row("commands", card.commands.join("; "));
    row("requires", card.requires.clone().unwrap_or_default());
    row("reports", card.reports.clone().unwrap_or_default());
    row("game text", card.text.clone());
    row("lore", card.lore.clone());
    row(
        "printings",
        card.printings
            .iter()
            .map(|p| {
                format!(
                    "{} · {} · {} · {:?}{}",
                    p.release,
                    p.info,
                    p.set,
                    p.source,
                    p.blueprint_id
                        .as_ref()
                        .map(|b| format!(" · {b}"))
                        .unwrap_or_default()
                )
            })
            .collect::<Vec<_>>()
            .join("\n"),
    );
    out.push_str(&t.to_string());
    out.push('\n');
    if !rules.is_empty() {
        out.push_str(&paint("\nRulings:\n", Style::Bold, colour));
        for r in rules {
            out.push_str(&format!(
                "  [{}] {} ({}): {}\n",
                r.how,
                r.title,
                r.entry_id,
                passage_naming(&r.body, &card.title, 300)
            ));
        }
    }
    if !refs.is_empty() {
        out.push_str(&paint("\nReferenced by:\n", Style::Bold, colour));
        out.push_str(&format!("  {}\n", refs.join(", ")));
    }
    out
}

pub fn cards(ctx: &Context, args: CardsArgs) -> anyhow::Result<ExitCode> {
    let q = args.query.join(" ");
    let ast = match query::parse(&q) {
        Ok(a) => a,
        Err(e) => {
            super::output::eprint_error(&format!("error: bad query\n{}", e.render(&q)));
            return Ok(super::exit::bad_input());
        }
    };
    let handle = crate::ingest::open_fresh(ctx)?;
    let opts = RunOptions {
        sort: args.sort,
        limit: args.limit,
        prints: args.prints,
    };
    let rows = query::run(&handle.store, &ast, &opts)?;
    if args.output.json {
        print_json(&rows)?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut t = Table::new();
    t.load_preset(UTF8_FULL)
        .set_content_arrangement(ContentArrangement::Dynamic);
    t.set_header(vec![
        "title",
        "type",
        "affiliation",
        "class",
        "stats",
        "pts",
        "prints",
    ]);
    for r in &rows {
        let stats = [&r.int_rng, &r.cun_wpn, &r.str_shd]
            .iter()
            .filter_map(|s| (*s).clone())
            .collect::<Vec<_>>()
            .join("/");
        let prints = if args.prints {
            r.printings
                .iter()
                .map(|p| format!("{} {} {}", p.release, p.info, p.source))
                .collect::<Vec<_>>()
                .join("\n")
        } else {
            r.printing_count.to_string()
        };
        t.add_row(vec![
            format!(
                "{}{}",
                r.title,
                if r.edition == "2E" { " (2E)" } else { "" }
            ),
            r.card_type.clone(),
            r.affiliation.clone(),
            r.class.clone().unwrap_or_default(),
            stats,
            r.points.clone().unwrap_or_default(),
            prints,
        ]);
    }
    println!("{t}");
    println!("{} card(s)", rows.len());
    Ok(ExitCode::SUCCESS)
}

/// `daystrom card NAME --errata FILE`: the card as the errata would leave it,
/// the changed fields listed and the game text word-diffed.
fn card_after_errata(
    ctx: &Context,
    name: &str,
    file: &std::path::Path,
    json: bool,
) -> anyhow::Result<ExitCode> {
    let db = crate::ingest::open_fresh(ctx)?.cards()?;
    let errata = crate::errata::Errata::load(file, &db)?;
    let Some(before) = lookup(&db, name).card() else {
        super::output::eprint_error(&format!("no card matches `{name}`"));
        return Ok(super::exit::not_found());
    };
    let after_db = errata.apply_rederived(&db);
    let after = &after_db.cards[before.id];
    let changes = crate::errata::field_changes(before, after);
    if json {
        print_json(&serde_json::json!({ "card": after, "changes": changes }))?;
        return Ok(ExitCode::SUCCESS);
    }
    print!("{}", render_card(after, &[], &[], &[]));
    let colour = super::output::colour_stdout();
    if changes.is_empty() {
        println!("{} does not change {}", file.display(), after.title);
    }
    for c in &changes {
        let shown = if c.field == "game text" || c.field == "lore" {
            let words = crate::rules::word_diff(&c.before, &c.after);
            crate::cli::output::render_words(&words, colour)
        } else {
            format!(
                "{} → {}",
                paint(&c.before, Style::Bad, colour),
                paint(&c.after, Style::Good, colour)
            )
        };
        println!("{}: {shown}", paint(&c.field, Style::Bold, colour));
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::ingest::load_rows;
    use crate::cards::model::PrintingSource;
    use crate::readers::cards_csv::read_file;

    #[test]
    fn a_ruling_is_shown_from_the_sentence_naming_the_card() {
        let body = "Responses must relate.\n\nLikewise, Hugh is a valid response. More text.";
        assert_eq!(
            passage_naming(body, "hugh", 30),
            "… Likewise, Hugh is a valid res"
        );
        assert_eq!(
            passage_naming("Hugh nullifies.", "Hugh", 300),
            "Hugh nullifies."
        );
        assert_eq!(passage_naming("No mention.", "Hugh", 5), "No me");
    }

    fn fixture_store() -> (tempfile::TempDir, Store, crate::cards::CardDb) {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::create(dir.path()).unwrap();
        let base = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cards");
        let rows = |f: &str, s| (f.to_string(), s, read_file(&base.join(f), s).unwrap());
        let load = load_rows(vec![
            rows("physical.csv", PrintingSource::Physical),
            rows("virtual.csv", PrintingSource::Virtual),
            rows("lackey.csv", PrintingSource::Lackey),
        ]);
        crate::store::cards::write(&store, &load.db).unwrap();
        (dir, store, load.db)
    }

    #[test]
    fn card_block_shows_stats_skills_text_printings_and_references() {
        let (_dir, store, db) = fixture_store();
        let card = lookup(&db, "test envoy").card().unwrap();
        let refs = referenced_by(&store, card.id).unwrap();
        assert_eq!(refs, vec!["Test Treaty".to_string()]);
        let rules = rules_for(&store, card.id).unwrap();
        assert!(rules.is_empty());
        let out = render_card(card, &rules, &refs, &[]);
        for want in [
            "Test Envoy",
            "INTEGRITY 7",
            "Diplomacy x2",
            "Music x0.5",
            "Non-Aligned / Cardassian",
            "tst · R",
            "900_001",
            "Referenced by",
            "Test Treaty",
            "[AU][Stf]",
        ] {
            assert!(out.contains(want), "missing {want:?} in\n{out}");
        }
    }

    #[test]
    fn query_results_come_from_the_store() {
        let (_dir, store, _db) = fixture_store();
        let rows = query::query(
            &store,
            "t:personnel a:na skill:diplomacy>=2",
            &RunOptions::default(),
        )
        .unwrap();
        assert_eq!(
            rows.iter().map(|r| r.title.as_str()).collect::<Vec<_>>(),
            vec!["Test Envoy"]
        );
        assert_eq!(rows[0].printing_count, 3);
        let err = query::query(&store, "t:personnel skil:x", &RunOptions::default())
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("did you mean `skill:`") && err.contains('▲'),
            "{err}"
        );
    }
}
