//! CLI commands for the rules documents: `ingest`, `search`, `define`, `diff`.

use super::output::{colour_stdout, paint, print_json, Style};
use super::Context;
use crate::search::{Hit, SearchQuery};
use std::process::ExitCode;

#[derive(Debug, clap::Args)]
pub struct IngestArgs {
    #[command(flatten)]
    pub output: super::output::Json,
}

#[derive(Debug, clap::Args)]
pub struct SearchArgs {
    /// The question or words to search for; "quoted phrases" must match as phrases.
    /// A query beginning with `-` goes after `--`: `daystrom search -- -1 RANGE`.
    #[arg(required = true)]
    pub query: Vec<String>,
    /// Only this manifest document (e.g. glossary, current-rulings, rulebook-1e; `cards` for cards).
    #[arg(long, value_name = "ID")]
    pub doc: Option<String>,
    /// Only this edition (detected from the question when absent).
    #[arg(long, value_parser = ["1e", "2e", "1E", "2E"])]
    pub edition: Option<String>,
    /// Language of the documents to search (default: the language of `--doc`, else detected
    /// from the question).
    #[arg(long, value_parser = ["en", "it"])]
    pub lang: Option<String>,
    /// How many results.
    #[arg(short = 'n', long, default_value_t = 10)]
    pub limit: usize,
    /// Rank by words only, without the sentence-embedding model.
    #[arg(long)]
    pub lexical: bool,
    #[command(flatten)]
    pub output: super::output::Json,
}

#[derive(Debug, clap::Args)]
pub struct DefineArgs {
    /// The term (a Glossary or Current Rulings title).
    #[arg(required = true)]
    pub term: Vec<String>,
    #[command(flatten)]
    pub output: super::output::Json,
}

#[derive(Debug, clap::Args)]
pub struct DiffArgs {
    /// Old version: a manifest id or a path.
    pub old: String,
    /// New version: a manifest id or a path.
    pub new: String,
    #[command(flatten)]
    pub output: super::output::Json,
}

pub fn ingest(ctx: &Context, args: IngestArgs) -> anyhow::Result<ExitCode> {
    let summary = crate::ingest::ingest(
        ctx,
        crate::ingest::IngestOptions {
            progress: true,
            rules_only: false,
        },
    )?;
    if args.output.json {
        print_json(&summary)?;
        return Ok(ExitCode::SUCCESS);
    }
    println!("{}", summary.table());
    println!(
        "cross-references: {} resolved, {} unresolved; {} search documents; index {}",
        summary.xrefs_resolved,
        summary.xrefs_unresolved,
        summary.search_docs,
        summary.generation.display()
    );
    if let Some(cards) = &summary.cards {
        println!("{}", cards.table());
    }
    let e = &summary.embeddings;
    match &e.missing_model {
        Some(why) => println!("semantic search: off — {why}"),
        None => println!(
            "semantic search: {} entries embedded, {} from the cache",
            e.embedded, e.cached
        ),
    }
    Ok(ExitCode::SUCCESS)
}

pub fn search(ctx: &Context, args: SearchArgs) -> anyhow::Result<ExitCode> {
    let handle = crate::ingest::open_fresh(ctx)?;
    let searcher = handle.searcher()?;
    let doc_lang = match &args.doc {
        Some(doc) => match document_lang(&handle.store, doc)? {
            Ok(lang) => lang,
            Err(unknown) => {
                super::output::eprint_error(&unknown);
                return Ok(ExitCode::from(2));
            }
        },
        None => None,
    };
    let q = SearchQuery {
        text: args.query.join(" "),
        doc: args.doc.clone(),
        edition: args.edition.as_ref().map(|e| e.to_lowercase()),
        lang: args.lang.or(doc_lang),
        limit: args.limit,
        lexical_only: args.lexical,
    };
    let found = match searcher.search_detailed(&q) {
        Ok(found) => found,
        Err(e) if args.output.json => {
            let why = e.to_string();
            print_json(&serde_json::json!({ "query": q.text, "results": [], "error": why }))?;
            return Ok(super::exit::not_found());
        }
        Err(e) => return Err(e),
    };
    let hits = found.hits;
    if args.output.json {
        print_json(&serde_json::json!({
            "query": q.text,
            "detected": found.detected,
            "ranking": found.ranking,
            "results": hits,
        }))?;
    } else if hits.is_empty() {
        println!("no results for {:?}", q.text);
    } else {
        let colour = colour_stdout();
        for h in &hits {
            print_hit(h, colour);
        }
    }
    // The process ends with this answer: unmapping the search indexes one by
    // one took a tenth of a lexical search (perf); the OS reclaims them at
    // exit. The handle (and its reader lease) is still dropped normally.
    std::mem::forget(searcher);
    Ok(if hits.is_empty() {
        super::exit::not_found()
    } else {
        ExitCode::SUCCESS
    })
}

/// The language of the document `--doc` names (`None` for `cards`), or an
/// error naming the documents there are.
fn document_lang(
    store: &crate::store::Store,
    doc: &str,
) -> anyhow::Result<Result<Option<String>, String>> {
    if doc == "cards" {
        return Ok(Ok(None));
    }
    let mut st = store
        .conn
        .prepare("SELECT id, lang FROM documents ORDER BY id")?;
    let docs: Vec<(String, String)> = st
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    if let Some((_, lang)) = docs.iter().find(|(id, _)| id == doc) {
        return Ok(Ok(Some(lang.clone())));
    }
    let mut ids: Vec<&str> = docs.iter().map(|(id, _)| id.as_str()).collect();
    ids.push("cards");
    let hint = crate::suggest::best(doc, ids.iter().copied())
        .map(|d| format!(" did you mean `{d}`?"))
        .unwrap_or_default();
    Ok(Err(format!(
        "error: no document `{doc}`;{hint} documents: {}",
        ids.join(", ")
    )))
}

fn print_hit(h: &Hit, colour: bool) {
    println!(
        "{}. {}  {}",
        h.rank,
        paint(&h.title, Style::Title, colour),
        paint(&format!("[{} · {}]", h.doc, h.id), Style::Dim, colour)
    );
    let mut snippet = String::new();
    let mut at = 0;
    for &(s, e) in &h.highlights {
        if s < at
            || e > h.snippet.len()
            || !h.snippet.is_char_boundary(s)
            || !h.snippet.is_char_boundary(e)
        {
            continue;
        }
        snippet.push_str(&h.snippet[at..s]);
        snippet.push_str(&paint(&h.snippet[s..e], Style::Highlight, colour));
        at = e;
    }
    snippet.push_str(&h.snippet[at..]);
    println!("   {}", snippet.replace('\n', " "));
}

pub fn define(ctx: &Context, args: DefineArgs) -> anyhow::Result<ExitCode> {
    let handle = crate::ingest::open_fresh(ctx)?;
    let term = args.term.join(" ");
    let answer = crate::rules::define(&handle.store, &term)?;
    let found = !answer.definitions.is_empty();
    if args.output.json {
        print_json(&answer)?;
    } else if !found {
        eprintln!("no entry titled {term:?}.");
        if !answer.suggestions.is_empty() {
            eprintln!("did you mean: {}?", answer.suggestions.join(", "));
        }
    } else {
        let colour = colour_stdout();
        if answer.matched == "nearest" {
            println!("(nearest title to {term:?})");
        } else if answer.matched == "search" {
            println!("(no entry titled {term:?}; best search result)");
        }
        for d in &answer.definitions {
            let e = &d.entry.entry;
            let mark = if e.revised { " *revised" } else { "" };
            println!(
                "{}  {}{}",
                paint(&e.title, Style::Title, colour),
                paint(
                    &format!("[{} · {} line {}]", d.entry.doc_title, e.id, e.line),
                    Style::Dim,
                    colour
                ),
                mark
            );
            if !e.body.is_empty() {
                println!("{}", e.body);
            }
            for s in &d.see {
                println!(
                    "\n  → {}  {}",
                    paint(&s.entry.title, Style::Bold, colour),
                    paint(
                        &format!("[{} · {}]", s.doc_title, s.entry.id),
                        Style::Dim,
                        colour
                    )
                );
                for line in s.entry.body.lines() {
                    println!("    {line}");
                }
            }
            for u in &d.unresolved {
                println!("\n  → {u} (no entry with this title)");
            }
            if !d.referred_by.is_empty() {
                let refs: Vec<String> = d
                    .referred_by
                    .iter()
                    .map(|r| format!("{} [{}]", r.title, r.doc))
                    .collect();
                println!("\n  referred to by: {}", refs.join(", "));
            }
            println!();
        }
    }
    Ok(if found {
        ExitCode::SUCCESS
    } else {
        super::exit::not_found()
    })
}

pub fn diff(ctx: &Context, args: DiffArgs) -> anyhow::Result<ExitCode> {
    let corpus = crate::corpus::locate(ctx.corpus.as_deref(), ctx.manifest.as_deref()).ok();
    let old = crate::rules::load_version(corpus.as_ref(), &args.old)?;
    let new = crate::rules::load_version(corpus.as_ref(), &args.new)?;
    let d = crate::rules::diff(&args.old, &old, &args.new, &new);
    if args.output.json {
        print_json(&d)?;
        return Ok(ExitCode::SUCCESS);
    }
    let colour = colour_stdout();
    println!(
        "{} → {}: {} added, {} removed, {} changed, {} unchanged",
        args.old,
        args.new,
        d.added.len(),
        d.removed.len(),
        d.changed.len(),
        d.unchanged
    );
    for e in &d.added {
        println!("{} {}", paint("+ added:", Style::Good, colour), e.title);
    }
    for e in &d.removed {
        println!("{} {}", paint("- removed:", Style::Bad, colour), e.title);
    }
    for c in &d.changed {
        println!("{} {}", paint("~ changed:", Style::Bold, colour), c.title);
        println!(
            "    {}",
            crate::cli::output::render_words(&c.words, colour).replace('\n', "\n    ")
        );
    }
    Ok(ExitCode::SUCCESS)
}
