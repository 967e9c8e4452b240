//! Search over the rules entries and the cards.
//!
//! A question is first placed: its language and edition are detected
//! ([`detect`]) unless flags say. It is then scored lexically ([`lexical`]:
//! BM25F over title and body, per partition: the rules entries of one
//! language, or the cards), and, when the sentence-embedding model is
//! installed, fused with a semantic ranking of the same entries
//! ([`semantic`]) by a convex combination of normalised scores. An entry or card titled exactly as the
//! question comes first. "See X" stubs are not ranked: their titles are
//! aliases of X.

pub mod detect;
pub mod eval;
mod lexical;
pub mod semantic;
mod snippet;
mod stem;
mod terms;
mod text;
mod window;

use detect::Detected;
use lexical::{text_of, Partition, Plan};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use tantivy::{DocAddress, TantivyDocument};

/// One document of the search index: a rules entry or a card.
#[derive(Debug, Clone, Default)]
pub struct SearchDoc {
    /// Stable id (rules entry id, or `card:<key>`).
    pub id: String,
    /// Manifest id of the source document.
    pub doc: String,
    /// "glossary", "rulings", "rulebook" or "card".
    pub kind: String,
    /// "1E" / "2E".
    pub edition: String,
    /// "en" / "it".
    pub lang: String,
    pub title: String,
    pub body: String,
    /// True for a pure "See X" stub (an alias of X when X is known).
    pub stub: bool,
}

/// What to search for.
#[derive(Debug, Clone, Default)]
pub struct SearchQuery {
    pub text: String,
    /// Only this manifest document (`cards` for the card documents).
    pub doc: Option<String>,
    /// "1e" / "2e"; detected from the question when absent.
    pub edition: Option<String>,
    /// "en" / "it"; detected from the question when absent.
    pub lang: Option<String>,
    pub limit: usize,
    /// Rank by words only, even when the model is installed.
    pub lexical_only: bool,
}

/// The most words a search query may have.
pub const MAX_QUERY_WORDS: usize = 64;

/// One ranked result.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Hit {
    pub rank: usize,
    pub id: String,
    pub doc: String,
    pub kind: String,
    pub edition: String,
    pub lang: String,
    pub title: String,
    pub score: f32,
    pub stub: bool,
    /// The best passage of the body, plain text.
    pub snippet: String,
    /// Byte ranges of `snippet` that matched the query.
    pub highlights: Vec<(usize, usize)>,
    /// Why it is where it is: "exact title" or "ranked".
    pub reason: &'static str,
}

/// The results of a search and how the question was read.
#[derive(Debug, Clone, serde::Serialize)]
pub struct SearchResult {
    pub detected: Detected,
    /// "lexical" or "lexical+semantic".
    pub ranking: &'static str,
    pub hits: Vec<Hit>,
}

const CARDS: &str = "cards";
const CARD_KIND: &str = "card";
const RULES_PREFIX: &str = "rules-";
/// Lexical candidates kept for fusion beyond the results asked for.
const POOL: usize = 40;
const SNIPPET_CHARS: usize = 220;

/// Build the search indexes in `dir` (which must exist): one per language
/// of the rules entries, one for the cards. `see_ids` maps a stub's id to
/// the ids of the entries it points to; such a stub becomes their alias.
pub fn build_index(
    dir: &Path,
    docs: &[SearchDoc],
    see_ids: &HashMap<String, Vec<String>>,
) -> anyhow::Result<()> {
    let known: HashMap<&str, &SearchDoc> = docs.iter().map(|d| (d.id.as_str(), d)).collect();
    let mut aliases: HashMap<&str, Vec<String>> = HashMap::new();
    let mut aliased_stubs: Vec<&str> = Vec::new();
    for d in docs.iter().filter(|d| d.stub) {
        let targets: Vec<&str> = see_ids
            .get(&d.id)
            .into_iter()
            .flatten()
            .filter(|t| known.get(t.as_str()).is_some_and(|t| t.lang == d.lang))
            .map(String::as_str)
            .collect();
        for t in &targets {
            aliases.entry(t).or_default().push(d.title.clone());
        }
        if !targets.is_empty() {
            aliased_stubs.push(&d.id);
        }
    }
    let mut partitions: BTreeMap<String, Vec<(&SearchDoc, Vec<String>)>> = BTreeMap::new();
    for d in docs {
        if aliased_stubs.contains(&d.id.as_str()) {
            continue;
        }
        let name = partition_name(d);
        let names = aliases.remove(d.id.as_str()).unwrap_or_default();
        partitions.entry(name).or_default().push((d, names));
    }
    for (name, members) in &partitions {
        let sub = dir.join(name);
        std::fs::create_dir_all(&sub)?;
        let lang = members.first().map_or("en", |m| m.0.lang.as_str());
        lexical::build(&sub, lang, members)?;
    }
    Ok(())
}

fn partition_name(d: &SearchDoc) -> String {
    if d.kind == CARD_KIND {
        CARDS.to_string()
    } else {
        format!("{RULES_PREFIX}{}", d.lang.to_lowercase())
    }
}

/// An open search index, reused across queries (a long-lived process keeps
/// one: the model and the term lists load once).
pub struct RulesSearcher {
    rules: BTreeMap<String, LazyPartition>,
    cards: Option<LazyPartition>,
    semantic: semantic::Ranker,
}

/// A partition opened on first use: a question in one language never pays
/// for opening the other languages' indexes.
struct LazyPartition {
    dir: PathBuf,
    lang: String,
    open: OnceLock<Partition>,
}

impl LazyPartition {
    fn new(dir: PathBuf, lang: &str) -> LazyPartition {
        LazyPartition {
            dir,
            lang: lang.to_string(),
            open: OnceLock::new(),
        }
    }

    fn get(&self) -> anyhow::Result<&Partition> {
        if let Some(p) = self.open.get() {
            return Ok(p);
        }
        let opened = Partition::open(&self.dir, &self.lang)?;
        Ok(self.open.get_or_init(|| opened))
    }
}

/// A candidate result: which partition, where, its score, why.
struct Candidate {
    cards: bool,
    addr: DocAddress,
    score: f32,
    reason: &'static str,
}

impl RulesSearcher {
    /// Open the indexes in `dir`; the semantic ranker loads on first use.
    pub fn open(dir: &Path) -> anyhow::Result<RulesSearcher> {
        let mut rules = BTreeMap::new();
        let mut cards = None;
        let entries = std::fs::read_dir(dir)
            .map_err(|e| anyhow::anyhow!("cannot open search index {}: {e}", dir.display()))?;
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().to_string();
            if name == CARDS {
                cards = Some(LazyPartition::new(e.path(), "en"));
            } else if let Some(lang) = name.strip_prefix(RULES_PREFIX) {
                rules.insert(lang.to_string(), LazyPartition::new(e.path(), lang));
            }
        }
        anyhow::ensure!(
            !rules.is_empty() || cards.is_some(),
            "no search index in {}: run `daystrom ingest`",
            dir.display()
        );
        Ok(RulesSearcher {
            rules,
            cards,
            semantic: semantic::Ranker::new(dir),
        })
    }

    /// Whether the semantic ranking is available (loads the model once).
    pub fn semantic_available(&self) -> bool {
        self.semantic.available()
    }

    /// Ranked results; an error when the query has nothing to search for.
    pub fn search(&self, q: &SearchQuery) -> anyhow::Result<Vec<Hit>> {
        Ok(self.search_detailed(q)?.hits)
    }

    /// Ranked results with what was detected and how they were ranked.
    pub fn search_detailed(&self, q: &SearchQuery) -> anyhow::Result<SearchResult> {
        // Each word costs spelling and synonym work: a question has tens of
        // words, and a megabyte of them would take seconds.
        let words = q.text.split_whitespace().count();
        if words > MAX_QUERY_WORDS {
            anyhow::bail!(
                "the search query has {words} words; at most {MAX_QUERY_WORDS} are read: ask a shorter question"
            );
        }
        let (lang, lang_by) = detect::language(&q.text, q.lang.as_deref());
        let (edition, edition_by) = detect::edition(&q.text, q.edition.as_deref());
        let detected = Detected {
            lang,
            lang_by,
            edition,
            edition_by,
        };
        let question = if edition_by == "mention" {
            detect::without_edition_mentions(&q.text)
        } else {
            q.text.clone()
        };
        let want_cards = matches!(q.doc.as_deref(), Some(CARDS) | Some(CARD_KIND));
        let part = if want_cards {
            self.cards.as_ref()
        } else {
            self.rules.get(&detected.lang)
        }
        .ok_or_else(|| anyhow::anyhow!("no documents in language {:?}", detected.lang))?
        .get()?;
        let doc = q.doc.as_deref().filter(|_| !want_cards);
        let edition = detected.edition.as_deref();
        let plan = part.plan(&question)?;
        let limit = q.limit.max(1);
        let lexical = part.rank(&plan, part.filters(doc, edition), limit + POOL)?;
        let (ranked, ranking) = if want_cards || q.lexical_only {
            (lexical, "lexical")
        } else {
            self.semantic
                .fuse(part, &detected.lang, &plan.corrected, lexical, doc, edition)?
        };
        let mut out = self.exact_titles(part, want_cards, q, doc, edition)?;
        out.extend(ranked.into_iter().map(|(score, addr)| Candidate {
            cards: want_cards,
            addr,
            score,
            reason: "ranked",
        }));
        dedup_candidates(&mut out);
        out.truncate(limit);
        let hits = self.hits(part, &plan, out)?;
        Ok(SearchResult {
            detected,
            ranking,
            hits,
        })
    }

    /// Entries (then cards, unless only cards are searched) titled exactly
    /// as the question, scored above everything ranked.
    fn exact_titles(
        &self,
        part: &Partition,
        want_cards: bool,
        q: &SearchQuery,
        doc: Option<&str>,
        edition: Option<&str>,
    ) -> anyhow::Result<Vec<Candidate>> {
        let mut found: Vec<(bool, DocAddress)> = part
            .exact_title(&q.text, part.filters(doc, edition))?
            .into_iter()
            .map(|a| (want_cards, a))
            .collect();
        if let (false, None, Some(cards)) = (want_cards, doc, &self.cards) {
            let cards = cards.get()?;
            let card_hits = cards.exact_title(&q.text, cards.filters(None, edition))?;
            found.extend(card_hits.into_iter().map(|a| (true, a)));
        }
        Ok(found
            .into_iter()
            .enumerate()
            .map(|(i, (cards, addr))| Candidate {
                cards,
                addr,
                score: 1000.0 - i as f32,
                reason: "exact title",
            })
            .collect())
    }

    fn hits(
        &self,
        part: &Partition,
        plan: &Plan,
        found: Vec<Candidate>,
    ) -> anyhow::Result<Vec<Hit>> {
        let weights = part.snippet_weights(plan)?;
        let mut out = Vec::with_capacity(found.len());
        for (i, c) in found.into_iter().enumerate() {
            let from = match (&self.cards, c.cards) {
                (Some(cards), true) => cards.get()?,
                _ => part,
            };
            let doc: TantivyDocument = from.searcher().doc(c.addr)?;
            let f = from.f;
            let mut h = Hit {
                rank: i + 1,
                id: text_of(&doc, f.id),
                doc: text_of(&doc, f.doc),
                kind: text_of(&doc, f.kind),
                edition: text_of(&doc, f.edition).to_uppercase(),
                lang: text_of(&doc, f.lang),
                title: text_of(&doc, f.title),
                score: c.score,
                stub: text_of(&doc, f.stub) == "1",
                snippet: String::new(),
                highlights: Vec::new(),
                reason: c.reason,
            };
            let body = text_of(&doc, f.body);
            let snippet = if std::ptr::eq(from, part) {
                let words = part.analyzed(c.addr, &body);
                let window = window::best_window(&body, &plan.terms);
                snippet::draw(&body, &words, window, &weights, SNIPPET_CHARS)
            } else {
                None
            };
            match snippet {
                Some(drawn) => {
                    h.snippet = drawn.fragment;
                    h.highlights = drawn.highlights;
                }
                None => h.snippet = body.chars().take(SNIPPET_CHARS).collect(),
            }
            out.push(h);
        }
        Ok(out)
    }
}

/// Search-index documents for the cards (kind "card").
pub fn card_docs(db: &crate::cards::model::CardDb) -> Vec<SearchDoc> {
    db.cards
        .iter()
        .map(|c| {
            let mut body = c.text.clone();
            for part in [&c.lore, &c.characteristics.join("; ")] {
                if !part.is_empty() {
                    body.push_str("\n\n");
                    body.push_str(part);
                }
            }
            SearchDoc {
                id: format!("card:{}", c.key),
                doc: "cards".into(),
                kind: "card".into(),
                edition: if c.edition == crate::cards::model::Edition::First {
                    "1E"
                } else {
                    "2E"
                }
                .into(),
                lang: "en".into(),
                title: c.title.clone(),
                body,
                stub: false,
            }
        })
        .collect()
}

/// Keep each document once, at its first place.
fn dedup_candidates(found: &mut Vec<Candidate>) {
    let mut seen: Vec<(bool, DocAddress)> = Vec::new();
    found.retain(|c| {
        let key = (c.cards, c.addr);
        let new = !seen.contains(&key);
        seen.push(key);
        new
    });
}

#[cfg(test)]
mod tests;
