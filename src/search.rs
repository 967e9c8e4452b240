//! Full-text search over rules entries and cards (tantivy): the schema, the
//! analyzers (English stemming; Italian stemming without stop words and
//! elided articles), synonym expansion from `glossary/synonyms.toml` (groups
//! matched by stem), and ranking.
//!
//! Ranking, in order: an entry (or card) whose title is exactly the query
//! comes first; then tantivy's BM25 over title (boosted) and body, re-ranked
//! by how much of the entry's title the question names (all of it, and
//! nothing else, most; weighted up when it names the question's rarer
//! words), by the share of the question's rarity-weighted words the whole
//! entry contains (so an entry naming most of what is asked beats one whose
//! title shares a word with it), and by a prior per kind of document (the other
//! edition only when asked; rulebook sections behind definitions unless the
//! question asks how to do something); a "See X" stub never outranks X.
//! Question filler words ("can I", "what happens", Italian "cosa", "della")
//! are dropped; adjacent words also count as a phrase ("away team"); a word
//! (almost) absent from the index is taken for its nearest index terms by
//! edit distance (only the nearest, so "sheilds" is SHIELDS); forms the
//! stemmer leaves apart ("verify" / "verification") are matched by prefix,
//! and short ones by a derivational ending ("fails" / "failure"); a filler
//! word that titles the entry the rest of the question points to ("any
//! Miles") is kept; "quoted phrases" must occur as phrases.

use crate::readers::title_key;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;
use std::sync::OnceLock;
use tantivy::collector::TopDocs;
use tantivy::query::{BooleanQuery, BoostQuery, Occur, PhraseQuery, Query, TermQuery};
use tantivy::schema::{
    Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions, Value, STORED, STRING,
};
use tantivy::snippet::SnippetGenerator;
use tantivy::tokenizer::{
    AsciiFoldingFilter, Language, LowerCaser, RemoveLongFilter, SimpleTokenizer, Stemmer,
    StopWordFilter, TextAnalyzer,
};
use tantivy::{DocAddress, Index, IndexReader, ReloadPolicy, TantivyDocument, Term};

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
    /// True for a pure "See X" stub (never outranks X).
    pub stub: bool,
}

const EN: &str = "daystrom_en";
const IT: &str = "daystrom_it";
const TITLE_BOOST: f32 = 3.0;
const PHRASE_BOOST: f32 = 2.0;
const EXPANSION_WEIGHT: f32 = 0.7;
/// A typo corrected at edit distance 1 weighs this much (half at distance 2).
const CORRECTION_WEIGHT: f32 = 0.9;
/// Corrections of a word that is in the index, but rarely, weigh less.
const RARE_CORRECTION: f32 = 0.5;
const MAX_CORRECTIONS: usize = 3;
/// Words in at most this many fields of documents may be typos.
const RARE_TERM: u64 = 2;
/// Other forms of a word: same first MORPH_MIN letters, at most MORPH_EXTRA
/// letters longer or shorter.
const MORPH_WEIGHT: f32 = 0.5;
const MORPH_MIN: usize = 5;
const MORPH_EXTRA: usize = 2;
/// Derivational endings the stemmer leaves apart ("fail" / "failure"):
/// a word's other forms are its stem with one of them added, and the word
/// with one of them taken off (leaving at least DERIVED_MIN letters).
const DERIVATIONS: &[&str] = &["s", "ed", "ing", "ure", "ment", "ion", "ation"];
const DERIVED_MIN: usize = 4;
/// A filler word that is an entry's title counts as asked when that entry
/// names at least this share of the rest of the question (rarity-weighted).
const FILLER_TITLE_SHARE: f32 = 0.5;
/// Candidates re-ranked beyond the requested number of results.
const RERANK_POOL: usize = 40;
/// Re-ranking: share of the title's words found in the question; the title
/// being exactly the question's words; priors by document kind.
const TITLE_COVER: f32 = 0.5;
const TITLE_IS_QUESTION: f32 = 1.5;
/// Re-ranking: share of the question's weight (its words by rarity, IDF)
/// that the title names: "encountered" outweighs "seed card".
const RARE_TITLE_COVER: f32 = 0.3;
/// Re-ranking: how strongly an entry is scaled by the share of the
/// question's rarity-weighted words it contains anywhere (title or body), so
/// an entry naming most of what is asked beats one whose title shares one
/// word with the question.
const COORDINATION: f32 = 0.6;
const OTHER_EDITION_PRIOR: f32 = 0.6;
const RULEBOOK_PRIOR: f32 = 0.85;
const RULEBOOK_DEFINITION_PRIOR: f32 = 0.75;
const SNIPPET_CHARS: usize = 220;
const CARD_KIND: &str = "card";

/// The fields of the index.
#[derive(Clone, Copy)]
struct Fields {
    id: Field,
    doc: Field,
    kind: Field,
    edition: Field,
    lang: Field,
    title_key: Field,
    stub: Field,
    see: Field,
    title: Field,
    body: Field,
    title_it: Field,
    body_it: Field,
}

fn schema() -> (Schema, Fields) {
    let mut b = Schema::builder();
    let text = |analyzer: &str| {
        TextOptions::default().set_stored().set_indexing_options(
            TextFieldIndexing::default()
                .set_tokenizer(analyzer)
                .set_index_option(IndexRecordOption::WithFreqsAndPositions),
        )
    };
    let f = Fields {
        id: b.add_text_field("id", STRING | STORED),
        doc: b.add_text_field("doc", STRING | STORED),
        kind: b.add_text_field("kind", STRING | STORED),
        edition: b.add_text_field("edition", STRING | STORED),
        lang: b.add_text_field("lang", STRING | STORED),
        title_key: b.add_text_field("title_key", STRING),
        stub: b.add_text_field("stub", STRING | STORED),
        see: b.add_text_field("see", STRING | STORED),
        title: b.add_text_field("title", text(EN)),
        body: b.add_text_field("body", text(EN)),
        title_it: b.add_text_field("title_it", text(IT)),
        body_it: b.add_text_field("body_it", text(IT)),
    };
    (b.build(), f)
}

fn analyzer(lang: Language) -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(40))
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .filter(Stemmer::new(lang))
        .build()
}

/// Elided Italian words the stop list lacks: the tokenizer splits
/// "quest'anno" into "quest" and "anno" ("l'", "dell'", "all'", "un'" are
/// in the list).
const ITALIAN_ELISIONS: &[&str] = &[
    "quest", "quell", "nessun", "qual", "d", "m", "t", "s", "v", "n",
];

/// Italian drops its articles, prepositions and other stop words (before
/// folding accents, as the stop list spells them) on both the index and the
/// query, so "l'occultamento" and "dell'occultamento" are "occultamento".
fn italian_analyzer() -> TextAnalyzer {
    let builder = TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(40))
        .filter(LowerCaser)
        .filter(StopWordFilter::remove(
            ITALIAN_ELISIONS.iter().map(|w| w.to_string()),
        ))
        .dynamic();
    let builder = match StopWordFilter::new(Language::Italian) {
        Some(stop) => builder.filter_dynamic(stop),
        None => builder,
    };
    builder
        .filter_dynamic(AsciiFoldingFilter)
        .filter_dynamic(Stemmer::new(Language::Italian))
        .build()
}

fn register(index: &Index) {
    index.tokenizers().register(EN, analyzer(Language::English));
    index.tokenizers().register(IT, italian_analyzer());
}

/// Build the search index in `dir` (which must exist and be empty).
/// `see_ids` maps a stub's id to the ids of the entries it points to.
pub fn build_index(
    dir: &Path,
    docs: &[SearchDoc],
    see_ids: &HashMap<String, Vec<String>>,
) -> anyhow::Result<()> {
    let (schema, f) = schema();
    let index = Index::create_in_dir(dir, schema)?;
    register(&index);
    let mut writer = index.writer_with_num_threads(1, 50_000_000)?;
    for d in docs {
        let mut doc = TantivyDocument::default();
        doc.add_text(f.id, &d.id);
        doc.add_text(f.doc, &d.doc);
        doc.add_text(f.kind, &d.kind);
        doc.add_text(f.edition, d.edition.to_lowercase());
        doc.add_text(f.lang, d.lang.to_lowercase());
        doc.add_text(f.title_key, title_key(&d.title));
        doc.add_text(f.stub, if d.stub { "1" } else { "0" });
        for target in see_ids.get(&d.id).into_iter().flatten() {
            doc.add_text(f.see, target);
        }
        let (title, body) = if d.lang.eq_ignore_ascii_case("it") {
            (f.title_it, f.body_it)
        } else {
            (f.title, f.body)
        };
        doc.add_text(title, &d.title);
        doc.add_text(body, &d.body);
        writer.add_document(doc)?;
    }
    writer.commit()?;
    writer.wait_merging_threads()?;
    Ok(())
}

/// What to search for.
#[derive(Debug, Clone, Default)]
pub struct SearchQuery {
    pub text: String,
    /// Only this manifest document (`cards` for the card documents).
    pub doc: Option<String>,
    /// "1e" / "2e".
    pub edition: Option<String>,
    /// "en" (default) or "it".
    pub lang: Option<String>,
    pub limit: usize,
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
    /// Why it is where it is: "exact title", "see target" or "ranked".
    pub reason: &'static str,
}

/// An open search index, reused across queries.
pub struct RulesSearcher {
    index: Index,
    reader: IndexReader,
    f: Fields,
    terms_en: OnceLock<IndexTerms>,
    terms_it: OnceLock<IndexTerms>,
}

/// The query's words, grouped by how they are matched.
struct Parsed {
    phrases: Vec<String>,
    words: Vec<String>,
}

/// A planned query: what tantivy scores, and what the re-ranking compares
/// titles against.
struct Plan {
    scoring: Box<dyn Query>,
    /// Per content word, the index terms it stands for (best first).
    words: Vec<Vec<String>>,
    /// Per content word, its rarity in the index (inverse document
    /// frequency of its best form).
    rarity: Vec<f32>,
    /// Terms added by synonyms and abbreviations.
    expanded: Vec<String>,
    /// The question asks what a term means.
    definition: bool,
    /// The question asks how to do something.
    procedure: bool,
    edition_asked: bool,
    /// Entries titled by a filler word of the question that the rest of it
    /// points to ("any" for "any Miles"): their title is the question's word.
    titled_ids: HashSet<String>,
}

impl Plan {
    /// An entry whose title's words are all in the question is what the
    /// question is about ("what does unopposed mean" → unopposed); more so
    /// when the title is the question's words and nothing else.
    fn title_factor(&self, title: &[String]) -> f32 {
        if title.is_empty() {
            return 1.0;
        }
        let asked = |t: &String| {
            self.words
                .iter()
                .flatten()
                .chain(&self.expanded)
                .any(|w| w == t)
        };
        let covered = title.iter().filter(|t| asked(t)).count();
        if covered == 0 {
            return 1.0;
        }
        let share = covered as f32 / title.len() as f32;
        let mut factor =
            (1.0 + TITLE_COVER * share) * (1.0 + RARE_TITLE_COVER * self.rare_cover(title));
        let all_words_in_title = self
            .words
            .iter()
            .all(|alts| alts.iter().any(|a| title.contains(a)));
        if covered == title.len() && all_words_in_title {
            factor *= TITLE_IS_QUESTION;
        }
        factor
    }

    /// The share of the question's rarity-weighted words that `names` holds
    /// (any of a word's forms counts); `None` for a question of no weight.
    fn rare_share(&self, names: impl Fn(&str) -> bool) -> Option<f32> {
        let total: f32 = self.rarity.iter().sum();
        if total <= 0.0 {
            return None;
        }
        let named: f32 = self
            .words
            .iter()
            .zip(&self.rarity)
            .filter(|(alts, _)| alts.iter().any(|a| names(a)))
            .map(|(_, r)| r)
            .sum();
        Some(named / total)
    }

    /// The share of the question's rarity-weighted words the title names.
    fn rare_cover(&self, title: &[String]) -> f32 {
        self.rare_share(|w| title.iter().any(|t| t == w))
            .unwrap_or(0.0)
    }

    /// Scale by the share of the question's rarity-weighted words the whole
    /// entry contains: `COORDINATION` 1 is proportional, 0 ignores it.
    /// Never zero: the stub and exact-title rules still need a score.
    fn coordination(&self, entry: &HashSet<String>) -> f32 {
        self.rare_share(|w| entry.contains(w))
            .map_or(1.0, |share| 1.0 - COORDINATION * (1.0 - share))
    }

    /// Prior by kind of document: the other edition's rulebook only when
    /// asked for; a rulebook section, long and touching everything, competes
    /// on equal terms only for "how do I" questions, and least for "what is
    /// X" ones, where the Glossary and Current Rulings define X.
    fn prior(&self, kind: &str, edition: &str) -> f32 {
        let mut p = 1.0;
        if !self.edition_asked && edition.eq_ignore_ascii_case("2e") {
            p *= OTHER_EDITION_PRIOR;
        }
        if kind == "rulebook" && !self.procedure {
            p *= if self.definition {
                RULEBOOK_DEFINITION_PRIOR
            } else {
                RULEBOOK_PRIOR
            };
        }
        p
    }
}

/// The terms of one language's title and body fields, with the number of
/// documents (per field) each occurs in: to correct typos to the nearest
/// term and to find other forms of a word the stemmer leaves apart
/// ("verify" / "verification").
struct IndexTerms {
    df: BTreeMap<String, u64>,
}

impl IndexTerms {
    fn read(searcher: &tantivy::Searcher, fields: &[Field]) -> anyhow::Result<IndexTerms> {
        let mut df: BTreeMap<String, u64> = BTreeMap::new();
        for &field in fields {
            for segment in searcher.segment_readers() {
                let inverted = segment.inverted_index(field)?;
                let mut stream = inverted.terms().stream()?;
                while stream.advance() {
                    if let Ok(term) = std::str::from_utf8(stream.key()) {
                        *df.entry(term.to_string()).or_default() +=
                            u64::from(stream.value().doc_freq);
                    }
                }
            }
        }
        Ok(IndexTerms { df })
    }

    fn freq(&self, term: &str) -> u64 {
        self.df.get(term).copied().unwrap_or(0)
    }

    /// Inverse document frequency of a term among `docs` documents.
    fn rarity(&self, term: &str, docs: u64) -> f32 {
        (1.0 + docs as f32 / (1 + self.freq(term)) as f32).ln()
    }

    /// The index terms a query term stands for, with their weights, best
    /// first: itself; when it is (almost) absent from the index, the nearest
    /// terms by edit distance (only the nearest, so a common word one edit
    /// further never beats the intended rare one); other forms sharing its
    /// stem's prefix.
    fn forms(&self, term: &str) -> Vec<(String, f32)> {
        let freq = self.freq(term);
        let mut out: Vec<(String, f32)> = Vec::new();
        if freq > 0 {
            out.push((term.to_string(), 1.0));
        }
        if freq <= RARE_TERM {
            let damp = if freq == 0 { 1.0 } else { RARE_CORRECTION };
            for (t, d) in self.nearest(term, freq) {
                out.push((t, damp * CORRECTION_WEIGHT / d as f32));
            }
        }
        for t in self.other_forms(term) {
            if !out.iter().any(|o| o.0 == t) {
                out.push((t, MORPH_WEIGHT));
            }
        }
        out.sort_by(|a, b| b.1.total_cmp(&a.1));
        out
    }

    /// The most frequent terms at the smallest edit distance (1, or 2 for
    /// words longer than five letters) that are more common than `term`.
    fn nearest(&self, term: &str, freq: u64) -> Vec<(String, usize)> {
        let len = term.chars().count();
        let max = if len > 5 { 2 } else { 1 };
        let Some(first) = term.chars().next() else {
            return Vec::new();
        };
        let mut best: Vec<(usize, u64, &str)> = Vec::new();
        let from = first.to_string();
        for (t, &df) in self.df.range(from..) {
            if !t.starts_with(first) {
                break;
            }
            if df <= freq || t.chars().count().abs_diff(len) > max {
                continue;
            }
            let d = strsim::damerau_levenshtein(term, t);
            if d == 0 || d > max {
                continue;
            }
            best.push((d, df, t));
        }
        let Some(min) = best.iter().map(|b| b.0).min() else {
            return Vec::new();
        };
        best.retain(|b| b.0 == min);
        best.sort_by(|a, b| b.1.cmp(&a.1).then(a.2.cmp(b.2)));
        best.into_iter()
            .take(MAX_CORRECTIONS)
            .map(|(d, _, t)| (t.to_string(), d))
            .collect()
    }

    /// Terms one or two letters longer or shorter with the same beginning
    /// (at least five letters): "verifi" / "verif".
    fn other_forms(&self, term: &str) -> Vec<String> {
        let len = term.chars().count();
        if len < MORPH_MIN {
            return Vec::new();
        }
        let mut out: Vec<String> = self
            .df
            .range(term.to_string()..)
            .skip(1)
            .take_while(|(t, _)| t.starts_with(term))
            .filter(|(t, _)| t.chars().count() - len <= MORPH_EXTRA)
            .map(|(t, _)| t.clone())
            .collect();
        let chars: Vec<(usize, char)> = term.char_indices().collect();
        for n in (len.saturating_sub(MORPH_EXTRA)).max(MORPH_MIN)..len {
            let prefix = &term[..chars[n].0];
            if self.freq(prefix) > 0 {
                out.push(prefix.to_string());
            }
        }
        out
    }
}

impl RulesSearcher {
    pub fn open(dir: &Path) -> anyhow::Result<RulesSearcher> {
        let index = Index::open_in_dir(dir)
            .map_err(|e| anyhow::anyhow!("cannot open search index {}: {e}", dir.display()))?;
        register(&index);
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()?;
        let (_, f) = schema();
        Ok(RulesSearcher {
            index,
            reader,
            f,
            terms_en: OnceLock::new(),
            terms_it: OnceLock::new(),
        })
    }

    /// Ranked results; an error when the query has nothing to search for.
    pub fn search(&self, q: &SearchQuery) -> anyhow::Result<Vec<Hit>> {
        // Each word costs spelling and synonym work: a question has tens of
        // words, and a megabyte of them would take seconds.
        let words = q.text.split_whitespace().count();
        if words > MAX_QUERY_WORDS {
            anyhow::bail!(
                "the search query has {words} words; at most {MAX_QUERY_WORDS} are read: ask a shorter question"
            );
        }
        let italian = q.lang.as_deref() == Some("it");
        let (title_f, body_f) = if italian {
            (self.f.title_it, self.f.body_it)
        } else {
            (self.f.title, self.f.body)
        };
        let searcher = self.reader.searcher();
        let plan = self.plan(&searcher, q, italian)?;
        let filters = self.filters(q, italian, false);
        let ranked = BooleanQuery::new(
            std::iter::once((Occur::Must, plan.scoring.box_clone()))
                .chain(filters)
                .collect(),
        );
        let limit = q.limit.max(1);
        let top = searcher.search(&ranked, &TopDocs::with_limit(limit + RERANK_POOL))?;
        let mut analyzer = self.analyzer(italian);
        let mut pool: Vec<(f32, TantivyDocument)> = Vec::new();
        let addrs: Vec<DocAddress> = top.iter().map(|t| t.1).collect();
        let named = named_terms(&searcher, &addrs, &[title_f, body_f], &plan.words)?;
        for ((score, addr), entry_terms) in top.into_iter().zip(named) {
            let doc: TantivyDocument = searcher.doc(addr)?;
            let title = text_of(&doc, title_f);
            let titled = if plan.titled_ids.contains(&text_of(&doc, self.f.id)) {
                TITLE_IS_QUESTION
            } else {
                1.0
            };
            let factor = titled
                * plan.title_factor(&title_terms(&mut analyzer, &title, italian))
                * plan.coordination(&entry_terms)
                * plan.prior(&text_of(&doc, self.f.kind), &text_of(&doc, self.f.edition));
            pool.push((score * factor, doc));
        }
        pool.sort_by(|a, b| b.0.total_cmp(&a.0));
        let exact = self.exact_title(&searcher, q, italian)?;
        let mut out: Vec<(Hit, TantivyDocument)> = Vec::new();
        for (addr, score) in exact {
            let doc: TantivyDocument = searcher.doc(addr)?;
            out.push((self.hit(&doc, score, "exact title", title_f), doc));
        }
        for (score, doc) in pool {
            let id = text_of(&doc, self.f.id);
            if !out.iter().any(|h| h.0.id == id) {
                out.push((self.hit(&doc, score, "ranked", title_f), doc));
            }
        }
        self.stubs_after_targets(&searcher, &mut out, title_f)?;
        out.truncate(limit);
        // Snippets only for what is shown: they are the costly part.
        let mut snippets = SnippetGenerator::create(&searcher, &plan.scoring, body_f)?;
        snippets.set_max_num_chars(SNIPPET_CHARS);
        Ok(out
            .into_iter()
            .enumerate()
            .map(|(i, (mut h, doc))| {
                h.rank = i + 1;
                fill_snippet(&mut h, &doc, &snippets, body_f);
                h
            })
            .collect())
    }

    fn analyzer(&self, italian: bool) -> TextAnalyzer {
        let name = if italian { IT } else { EN };
        self.index.tokenizers().get(name).expect("registered")
    }

    /// Turn the question into a scoring query: its content words (each with
    /// the index terms it may stand for: itself, the nearest spelling when it
    /// is a typo, other forms of the word), adjacent word pairs as phrases,
    /// synonyms and abbreviations, and "quoted phrases" that must occur.
    fn plan(
        &self,
        searcher: &tantivy::Searcher,
        q: &SearchQuery,
        italian: bool,
    ) -> anyhow::Result<Plan> {
        let (title_f, body_f) = if italian {
            (self.f.title_it, self.f.body_it)
        } else {
            (self.f.title, self.f.body)
        };
        let parsed = parse_query(&q.text, italian);
        let vocab = &crate::vocab::vocabulary().synonyms;
        let mut analyzer = self.analyzer(italian);
        let mut content: Vec<String> = parsed
            .words
            .iter()
            .filter(|w| !filler(w, italian))
            .cloned()
            .collect();
        let (titled, titled_ids) =
            self.filler_titles(searcher, q, italian, &parsed.words, &content)?;
        if !titled.is_empty() {
            content = parsed
                .words
                .iter()
                .filter(|w| !filler(w, italian) || titled.contains(w))
                .cloned()
                .collect();
        }
        // Synonyms by stem, as the index compares words: "doubles" names the
        // group of "doubling".
        let mut stem = |w: &str| tokens(&mut analyzer, w).join(" ");
        let expansions = if italian {
            vocab.expand_italian_by(&q.text, &mut stem)
        } else {
            vocab.expand_by(&q.text, &mut stem)
        };
        if content.is_empty() && parsed.phrases.is_empty() && expansions.is_empty() {
            let why = if q.text.trim().is_empty() {
                "the query is empty"
            } else {
                "its words are too common to search for"
            };
            anyhow::bail!(
                "nothing to search for in {:?}: {why}; add a game term (e.g. \"beam\", \"Away Team\", \"battle\")",
                q.text
            );
        }
        let terms_of_index = self.terms(searcher, italian)?;
        let mut should: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        let mut must: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        let mut words: Vec<Vec<String>> = Vec::new();
        let mut rarity: Vec<f32> = Vec::new();
        let docs = searcher.num_docs();
        let mut sequence: Vec<String> = Vec::new();
        for w in &content {
            for t in tokens(&mut analyzer, w) {
                let mut forms = terms_of_index.forms(&t);
                for d in derived_forms(&mut analyzer, w, &t) {
                    if terms_of_index.freq(&d) > 0 && !forms.iter().any(|f| f.0 == d) {
                        forms.push((d, MORPH_WEIGHT));
                    }
                }
                for (form, weight) in &forms {
                    should.push((Occur::Should, term_pair(title_f, body_f, form, *weight)));
                }
                if let Some((best, _)) = forms.first() {
                    sequence.push(best.clone());
                }
                let mut alternatives: Vec<String> = forms.into_iter().map(|f| f.0).collect();
                // An abbreviation names what it stands for: "HQ" names a
                // "headquarters" title.
                if let Some(full) = vocab.abbreviations.get(w.as_str()) {
                    alternatives.extend(tokens(&mut analyzer, full));
                }
                if !alternatives.is_empty() && !words.contains(&alternatives) {
                    rarity.push(terms_of_index.rarity(&alternatives[0], docs));
                    words.push(alternatives);
                }
            }
        }
        // Adjacent words as phrases: "away team", "mission specialist".
        for pair in sequence.windows(2) {
            if pair[0] != pair[1] {
                should.push((
                    Occur::Should,
                    phrase(title_f, body_f, pair, 1, PHRASE_BOOST),
                ));
            }
        }
        let mut expanded: Vec<String> = Vec::new();
        for e in &expansions {
            let toks = tokens(&mut analyzer, &e.text);
            // A group named only by another form of a word is a weaker
            // guess: its phrases weigh as single words.
            let phrase_boost = if e.by_other_form { 1.0 } else { PHRASE_BOOST };
            expanded.extend(toks.iter().cloned());
            match toks.len() {
                0 => {}
                1 => should.push((
                    Occur::Should,
                    term_pair(title_f, body_f, &toks[0], EXPANSION_WEIGHT),
                )),
                _ => should.push((
                    Occur::Should,
                    phrase(title_f, body_f, &toks, 0, EXPANSION_WEIGHT * phrase_boost),
                )),
            }
        }
        for p in &parsed.phrases {
            let toks = tokens(&mut analyzer, p);
            for t in &toks {
                rarity.push(terms_of_index.rarity(t, docs));
                words.push(vec![t.clone()]);
            }
            match toks.len() {
                0 => {}
                1 => must.push((Occur::Must, term_pair(title_f, body_f, &toks[0], 1.0))),
                _ => must.push((Occur::Must, phrase(title_f, body_f, &toks, 0, PHRASE_BOOST))),
            }
        }
        if should.is_empty() && must.is_empty() {
            anyhow::bail!("nothing to search for in {:?}", q.text);
        }
        let mut clauses = must;
        if !should.is_empty() {
            let occur = if clauses.is_empty() {
                Occur::Must
            } else {
                Occur::Should
            };
            clauses.push((occur, Box::new(BooleanQuery::new(should))));
        }
        Ok(Plan {
            scoring: Box::new(BooleanQuery::new(clauses)),
            words,
            rarity,
            expanded,
            definition: vocab.asks_definition(&q.text),
            procedure: vocab.asks_procedure(&q.text),
            edition_asked: q.edition.is_some(),
            titled_ids,
        })
    }

    /// The filler words of the question that are themselves the title of an
    /// entry the rest of the question points to ("any" in "does any Miles
    /// count the mirror Miles": the "any" entry speaks of Miles and the
    /// mirror universe). Such a word is what is asked, not filler.
    fn filler_titles(
        &self,
        searcher: &tantivy::Searcher,
        q: &SearchQuery,
        italian: bool,
        words: &[String],
        content: &[String],
    ) -> anyhow::Result<(Vec<String>, HashSet<String>)> {
        let mut out: Vec<String> = Vec::new();
        let mut ids: HashSet<String> = HashSet::new();
        if content.is_empty() {
            return Ok((out, ids));
        }
        let mut analyzer = self.analyzer(italian);
        let asked: Vec<String> = content
            .iter()
            .flat_map(|w| tokens(&mut analyzer, w))
            .collect();
        let index_terms = self.terms(searcher, italian)?;
        let docs = searcher.num_docs();
        let total: f32 = asked.iter().map(|t| index_terms.rarity(t, docs)).sum();
        let (title_f, body_f) = if italian {
            (self.f.title_it, self.f.body_it)
        } else {
            (self.f.title, self.f.body)
        };
        for w in words.iter().filter(|w| filler(w, italian)) {
            let key = title_key(w);
            if key.is_empty() || out.contains(w) {
                continue;
            }
            let mut clauses = self.filters(q, italian, false);
            clauses.push((
                Occur::Must,
                Box::new(self.key_query(self.f.title_key, &key)),
            ));
            clauses.push((Occur::MustNot, Box::new(self.key_query(self.f.stub, "1"))));
            let found = searcher.search(&BooleanQuery::new(clauses), &TopDocs::with_limit(3))?;
            for (_, addr) in found {
                let d: TantivyDocument = searcher.doc(addr)?;
                let text = format!("{} {}", text_of(&d, title_f), text_of(&d, body_f));
                let entry: HashSet<String> = tokens(&mut analyzer, &text).into_iter().collect();
                let named: f32 = asked
                    .iter()
                    .filter(|t| entry.contains(*t))
                    .map(|t| index_terms.rarity(t, docs))
                    .sum();
                if total > 0.0 && named / total >= FILLER_TITLE_SHARE {
                    if !out.contains(w) {
                        out.push(w.clone());
                    }
                    ids.insert(text_of(&d, self.f.id));
                }
            }
        }
        Ok((out, ids))
    }

    fn key_query(&self, field: Field, value: &str) -> TermQuery {
        TermQuery::new(
            Term::from_field_text(field, value),
            IndexRecordOption::Basic,
        )
    }

    /// The index terms of one language with their document counts, read once.
    fn terms(&self, searcher: &tantivy::Searcher, italian: bool) -> anyhow::Result<&IndexTerms> {
        let cell = if italian {
            &self.terms_it
        } else {
            &self.terms_en
        };
        if let Some(t) = cell.get() {
            return Ok(t);
        }
        let fields = if italian {
            [self.f.title_it, self.f.body_it]
        } else {
            [self.f.title, self.f.body]
        };
        let built = IndexTerms::read(searcher, &fields)?;
        Ok(cell.get_or_init(|| built))
    }

    /// Language, document and edition filters; card documents only when asked
    /// for (`--doc cards`) or when looking up exact titles.
    fn filters(
        &self,
        q: &SearchQuery,
        italian: bool,
        with_cards: bool,
    ) -> Vec<(Occur, Box<dyn Query>)> {
        let mut out: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        let term = |f: Field, v: &str| -> Box<dyn Query> {
            Box::new(TermQuery::new(
                Term::from_field_text(f, v),
                IndexRecordOption::Basic,
            ))
        };
        let lang = if italian { "it" } else { "en" };
        out.push((Occur::Must, term(self.f.lang, lang)));
        match q.doc.as_deref() {
            Some("cards") | Some("card") => out.push((Occur::Must, term(self.f.kind, CARD_KIND))),
            Some(d) => out.push((Occur::Must, term(self.f.doc, d))),
            None if !with_cards => out.push((Occur::MustNot, term(self.f.kind, CARD_KIND))),
            None => {}
        }
        if let Some(e) = &q.edition {
            out.push((Occur::Must, term(self.f.edition, &e.to_lowercase())));
        }
        out
    }

    /// Entries and cards whose title is exactly the query: non-stubs first.
    fn exact_title(
        &self,
        searcher: &tantivy::Searcher,
        q: &SearchQuery,
        italian: bool,
    ) -> anyhow::Result<Vec<(DocAddress, f32)>> {
        let key = title_key(q.text.trim().trim_matches('"'));
        if key.is_empty() {
            return Ok(Vec::new());
        }
        let mut clauses = self.filters(q, italian, true);
        clauses.push((
            Occur::Must,
            Box::new(TermQuery::new(
                Term::from_field_text(self.f.title_key, &key),
                IndexRecordOption::Basic,
            )),
        ));
        let found = searcher.search(&BooleanQuery::new(clauses), &TopDocs::with_limit(20))?;
        let mut rows: Vec<(bool, bool, usize, DocAddress)> = Vec::new();
        for (i, (_, addr)) in found.into_iter().enumerate() {
            let d: TantivyDocument = searcher.doc(addr)?;
            let stub = text_of(&d, self.f.stub) == "1";
            let card = text_of(&d, self.f.kind) == CARD_KIND;
            rows.push((stub, card, i, addr));
        }
        rows.sort();
        // Exact matches outrank everything ranked: give them a score above all.
        Ok(rows
            .into_iter()
            .enumerate()
            .map(|(i, (_, _, _, a))| (a, 1000.0 - i as f32))
            .collect())
    }

    fn hit(&self, doc: &TantivyDocument, score: f32, reason: &'static str, title_f: Field) -> Hit {
        let mut title = text_of(doc, title_f);
        if title.is_empty() {
            // A document of the other language (exact-title lookups).
            title = text_of(doc, self.f.title);
        }
        Hit {
            rank: 0,
            id: text_of(doc, self.f.id),
            doc: text_of(doc, self.f.doc),
            kind: text_of(doc, self.f.kind),
            edition: text_of(doc, self.f.edition).to_uppercase(),
            lang: text_of(doc, self.f.lang),
            title,
            score,
            stub: text_of(doc, self.f.stub) == "1",
            snippet: String::new(),
            highlights: Vec::new(),
            reason,
        }
    }

    /// A "See X" stub never outranks X: move X (fetched if absent) above it.
    fn stubs_after_targets(
        &self,
        searcher: &tantivy::Searcher,
        hits: &mut Vec<(Hit, TantivyDocument)>,
        title_f: Field,
    ) -> anyhow::Result<()> {
        let mut i = 0;
        while i < hits.len() {
            if !hits[i].0.stub {
                i += 1;
                continue;
            }
            let targets: Vec<String> = hits[i]
                .1
                .get_all(self.f.see)
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect();
            let above = hits[..i].iter().any(|h| targets.contains(&h.0.id));
            if targets.is_empty() || above {
                i += 1;
                continue;
            }
            match hits.iter().position(|h| targets.contains(&h.0.id)) {
                Some(j) => {
                    let mut t = hits.remove(j);
                    t.0.reason = "see target";
                    hits.insert(i, t);
                }
                None => {
                    if let Some(doc) = self.doc_by_id(searcher, &targets[0])? {
                        let score = hits[i].0.score;
                        let t = self.hit(&doc, score, "see target", title_f);
                        hits.insert(i, (t, doc));
                    }
                }
            }
            i += 2;
        }
        Ok(())
    }

    fn doc_by_id(
        &self,
        searcher: &tantivy::Searcher,
        id: &str,
    ) -> anyhow::Result<Option<TantivyDocument>> {
        let q = TermQuery::new(
            Term::from_field_text(self.f.id, id),
            IndexRecordOption::Basic,
        );
        let found = searcher.search(&q, &TopDocs::with_limit(1))?;
        match found.first() {
            Some((_, addr)) => Ok(Some(searcher.doc(*addr)?)),
            None => Ok(None),
        }
    }
}

/// For each document, which of the question's index terms it contains (in
/// any of `fields`): read from the postings, one pass per term and segment
/// (tokenizing the bodies of the whole pool would cost milliseconds).
fn named_terms(
    searcher: &tantivy::Searcher,
    addrs: &[DocAddress],
    fields: &[Field],
    words: &[Vec<String>],
) -> anyhow::Result<Vec<HashSet<String>>> {
    use tantivy::DocSet;
    let mut out = vec![HashSet::new(); addrs.len()];
    let mut order: Vec<usize> = (0..addrs.len()).collect();
    order.sort_by_key(|&i| (addrs[i].segment_ord, addrs[i].doc_id));
    let mut terms: Vec<&String> = words.iter().flatten().collect();
    terms.sort();
    terms.dedup();
    for term in terms {
        for &field in fields {
            let mut current: Option<(u32, Option<tantivy::postings::SegmentPostings>)> = None;
            for &i in &order {
                let a = addrs[i];
                if current.as_ref().map(|c| c.0) != Some(a.segment_ord) {
                    let inverted = searcher
                        .segment_reader(a.segment_ord)
                        .inverted_index(field)?;
                    let postings = inverted.read_postings(
                        &Term::from_field_text(field, term),
                        IndexRecordOption::Basic,
                    )?;
                    current = Some((a.segment_ord, postings));
                }
                if let Some((_, Some(p))) = current.as_mut() {
                    if p.doc() <= a.doc_id && p.seek(a.doc_id) == a.doc_id {
                        out[i].insert(term.clone());
                    }
                }
            }
        }
    }
    Ok(out)
}

/// The best passage of the body, or its start when no query word is in it.
fn fill_snippet(h: &mut Hit, doc: &TantivyDocument, snippets: &SnippetGenerator, body_f: Field) {
    let snippet = snippets.snippet_from_doc(doc);
    if snippet.is_empty() {
        h.snippet = text_of(doc, body_f).chars().take(SNIPPET_CHARS).collect();
    } else {
        h.snippet = snippet.fragment().to_string();
        h.highlights = snippet
            .highlighted()
            .iter()
            .map(|r| (r.start, r.end))
            .collect();
    }
}

fn text_of(doc: &TantivyDocument, f: Field) -> String {
    doc.get_first(f)
        .and_then(|v| v.as_str())
        .unwrap_or_default()
        .to_string()
}

/// Analyzed tokens of a piece of text.
fn tokens(analyzer: &mut TextAnalyzer, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut stream = analyzer.token_stream(text);
    while let Some(t) = stream.next() {
        out.push(t.text.clone());
    }
    out
}

/// A term in the title (boosted) or the body.
fn term_pair(title: Field, body: Field, token: &str, weight: f32) -> Box<dyn Query> {
    let q = |f: Field, boost: f32| -> (Occur, Box<dyn Query>) {
        let t = TermQuery::new(
            Term::from_field_text(f, token),
            IndexRecordOption::WithFreqs,
        );
        (
            Occur::Should,
            Box::new(BoostQuery::new(Box::new(t), boost * weight)),
        )
    };
    Box::new(BooleanQuery::new(vec![q(title, TITLE_BOOST), q(body, 1.0)]))
}

/// A phrase in the title (boosted) or the body.
fn phrase(title: Field, body: Field, toks: &[String], slop: u32, weight: f32) -> Box<dyn Query> {
    let q = |f: Field, boost: f32| -> (Occur, Box<dyn Query>) {
        let terms = toks.iter().map(|t| Term::from_field_text(f, t)).collect();
        let mut p = PhraseQuery::new(terms);
        p.set_slop(slop);
        (
            Occur::Should,
            Box::new(BoostQuery::new(Box::new(p), boost * weight)),
        )
    };
    Box::new(BooleanQuery::new(vec![q(title, TITLE_BOOST), q(body, 1.0)]))
}

/// Split "quoted phrases" from the other words. Italian elisions are split
/// ("l'occultamento" → "l", "occultamento"); an English possessive is dropped.
fn parse_query(text: &str, italian: bool) -> Parsed {
    let mut phrases = Vec::new();
    let mut rest = String::new();
    for (i, part) in text.split('"').enumerate() {
        if i % 2 == 1 && !part.trim().is_empty() {
            phrases.push(part.trim().to_string());
        } else {
            rest.push(' ');
            rest.push_str(part);
        }
    }
    Parsed {
        phrases,
        words: split_words(&rest, italian),
    }
}

fn split_words(text: &str, italian: bool) -> Vec<String> {
    let apostrophe = |c: char| c == '\'' || c == '’';
    text.split(|c: char| !(c.is_alphanumeric() || (!italian && apostrophe(c))))
        .map(|w| {
            w.trim_matches(apostrophe)
                .trim_end_matches("'s")
                .trim_end_matches("’s")
                .to_string()
        })
        .filter(|w| !w.is_empty())
        .collect()
}

/// Other forms of `word` (stemmed `stem`) by one derivational ending added
/// or taken off, as index terms; whether the index has them is for the
/// caller to check.
fn derived_forms(analyzer: &mut TextAnalyzer, word: &str, stem: &str) -> Vec<String> {
    let lower = word.to_lowercase();
    let mut out: Vec<String> = Vec::new();
    let mut push = |candidate: &str, out: &mut Vec<String>| {
        for t in tokens(analyzer, candidate) {
            if t != stem && !out.contains(&t) {
                out.push(t);
            }
        }
    };
    for ending in DERIVATIONS {
        push(&format!("{stem}{ending}"), &mut out);
        if let Some(base) = lower.strip_suffix(ending) {
            if base.chars().count() >= DERIVED_MIN {
                push(base, &mut out);
            }
        }
    }
    out
}

/// A question's filler word in the language asked.
fn filler(word: &str, italian: bool) -> bool {
    let vocab = &crate::vocab::vocabulary().synonyms;
    if italian {
        vocab.is_italian_question_word(word)
    } else {
        vocab.is_question_word(word)
    }
}

/// A title's analyzed words, filler words left out, each once.
fn title_terms(analyzer: &mut TextAnalyzer, title: &str, italian: bool) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for w in split_words(title, italian) {
        if filler(&w, italian) {
            continue;
        }
        for t in tokens(analyzer, &w) {
            if !out.contains(&t) {
                out.push(t);
            }
        }
    }
    out
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

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(id: &str, title: &str, body: &str, stub: bool) -> SearchDoc {
        SearchDoc {
            id: id.into(),
            doc: id.split(':').next().unwrap().into(),
            kind: "glossary".into(),
            edition: "1E".into(),
            lang: "en".into(),
            title: title.into(),
            body: body.into(),
            stub,
        }
    }

    fn index() -> (tempfile::TempDir, RulesSearcher) {
        let dir = tempfile::tempdir().unwrap();
        let docs = vec![
            doc("g:aboard", "aboard", "See present.", true),
            doc(
                "g:present",
                "present",
                "Personnel aboard a ship are present with it.",
                false,
            ),
            doc(
                "g:beaming",
                "beaming",
                "You may beam personnel between ships with shields down.",
                false,
            ),
            doc(
                "g:battle",
                "battle",
                "A battle between ships. Beaming is not allowed.",
                false,
            ),
            doc(
                "g:away-team",
                "Away Team",
                "Personnel on a planet form an Away Team.",
                false,
            ),
        ];
        let see = HashMap::from([("g:aboard".to_string(), vec!["g:present".to_string()])]);
        build_index(dir.path(), &docs, &see).unwrap();
        let s = RulesSearcher::open(dir.path()).unwrap();
        (dir, s)
    }

    fn ids(s: &RulesSearcher, text: &str) -> Vec<String> {
        let q = SearchQuery {
            text: text.into(),
            limit: 5,
            ..Default::default()
        };
        s.search(&q).unwrap().into_iter().map(|h| h.id).collect()
    }

    #[test]
    fn titles_outrank_bodies_and_stubs_follow_targets() {
        let (_d, s) = index();
        assert_eq!(ids(&s, "can I beam")[0], "g:beaming");
        assert_eq!(ids(&s, "battle")[0], "g:battle");
        let aboard = ids(&s, "aboard");
        let p = aboard.iter().position(|i| i == "g:present").unwrap();
        let a = aboard.iter().position(|i| i == "g:aboard").unwrap();
        assert!(p < a, "{aboard:?}");
    }

    #[test]
    fn a_typo_goes_to_the_nearest_term_not_a_common_one() {
        let dir = tempfile::tempdir().unwrap();
        let mut docs = vec![doc(
            "g:shields",
            "SHIELDS",
            "A ship attribute: its defence.",
            false,
        )];
        // "attribute" is common, "shields" rare: the fuzzy match must still
        // prefer the nearer word.
        for i in 0..6 {
            docs.push(doc(
                &format!("g:a{i}"),
                &format!("attribute {i}"),
                "An attribute of a card, such as attributes of personnel.",
                false,
            ));
        }
        build_index(dir.path(), &docs, &HashMap::new()).unwrap();
        let s = RulesSearcher::open(dir.path()).unwrap();
        assert_eq!(ids(&s, "sheilds")[0], "g:shields");
        assert_eq!(ids(&s, "what are the sheilds of a ship")[0], "g:shields");
    }

    #[test]
    fn titles_made_of_the_question_words_and_the_edition_prior() {
        let dir = tempfile::tempdir().unwrap();
        let mut second = doc(
            "rb2:present",
            "present",
            "Present means present at the same location; present present.",
            false,
        );
        second.edition = "2E".into();
        second.kind = "rulebook".into();
        let docs = vec![
            second,
            doc(
                "g:present",
                "present",
                "Cards at one place are present.",
                false,
            ),
            doc(
                "g:seed",
                "seed phases",
                "Seed cards, then more seed cards: seed seed seed; encountered.",
                false,
            ),
            doc(
                "g:encountered",
                "encountered",
                "Seed cards are encountered.",
                false,
            ),
        ];
        build_index(dir.path(), &docs, &HashMap::new()).unwrap();
        let s = RulesSearcher::open(dir.path()).unwrap();
        assert_eq!(ids(&s, "what does present mean")[0], "g:present");
        let q = SearchQuery {
            text: "what does present mean".into(),
            edition: Some("2e".into()),
            limit: 5,
            ..Default::default()
        };
        assert_eq!(s.search(&q).unwrap()[0].id, "rb2:present");
        assert_eq!(ids(&s, "what is encountered")[0], "g:encountered");
    }

    #[test]
    fn an_entry_naming_most_of_the_question_beats_one_title_word() {
        let dir = tempfile::tempdir().unwrap();
        let docs = vec![
            doc(
                "g:commandeering",
                "commandeering",
                "Your crew takes control of a ship or facility.",
                false,
            ),
            doc(
                "g:owner",
                "owner",
                "Cards stolen, captured or commandeered return to their owner at the end of the game.",
                false,
            ),
        ];
        build_index(dir.path(), &docs, &HashMap::new()).unwrap();
        let s = RulesSearcher::open(dir.path()).unwrap();
        let got = ids(
            &s,
            "who gets a stolen or commandeered card back at the end of the game",
        );
        assert_eq!(got[0], "g:owner", "{got:?}");
    }

    #[test]
    fn short_words_find_their_derived_forms() {
        let dir = tempfile::tempdir().unwrap();
        let docs = vec![
            doc(
                "g:failure",
                "failure",
                "A mission attempt ends in failure.",
                false,
            ),
            doc("g:attempt", "attempt", "You attempt a mission.", false),
        ];
        build_index(dir.path(), &docs, &HashMap::new()).unwrap();
        let s = RulesSearcher::open(dir.path()).unwrap();
        assert_eq!(ids(&s, "what if it fails")[0], "g:failure");
        let mut a = s.analyzer(false);
        assert!(derived_forms(&mut a, "fails", "fail").contains(&"failur".to_string()));
    }

    #[test]
    fn a_filler_word_titling_the_entry_asked_about_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        let docs = vec![
            doc(
                "g:any",
                "any",
                "A card naming any Miles means every Miles, mirror ones too.",
                false,
            ),
            doc(
                "g:mirror",
                "mirror universe",
                "Cards of the mirror universe; any card may be mirrored.",
                false,
            ),
            doc("g:ship", "ship", "Any ship may move.", false),
        ];
        build_index(dir.path(), &docs, &HashMap::new()).unwrap();
        let s = RulesSearcher::open(dir.path()).unwrap();
        assert_eq!(ids(&s, "does any Miles count the mirror Miles")[0], "g:any");
        let kept = |text: &str| {
            let q = SearchQuery {
                text: text.into(),
                ..Default::default()
            };
            let words = split_words(text, false);
            let content: Vec<String> = words
                .iter()
                .filter(|w| !filler(w, false))
                .cloned()
                .collect();
            let searcher = s.reader.searcher();
            s.filler_titles(&searcher, &q, false, &words, &content)
                .unwrap()
                .0
        };
        assert_eq!(kept("any Miles in the mirror"), ["any"]);
        assert!(kept("can any ship move").is_empty());
    }

    #[test]
    fn italian_drops_elided_articles_and_stop_words() {
        let mut a = italian_analyzer();
        let got = tokens(
            &mut a,
            "Dell'occultamento e l'altra nave, un'azione quest'anno",
        );
        assert_eq!(got.len(), 5, "{got:?}");
        assert!(
            !got.iter()
                .any(|t| ["dell", "l", "un", "e", "quest"].contains(&t.as_str())),
            "{got:?}"
        );
        assert_eq!(got[0], tokens(&mut a, "occultamento")[0]);
    }

    #[test]
    fn typos_abbreviations_and_stop_words() {
        let (_d, s) = index();
        assert_eq!(ids(&s, "beeming")[0], "g:beaming");
        assert_eq!(ids(&s, "AT")[0], "g:away-team");
        let q = SearchQuery {
            text: "what can I do".into(),
            limit: 5,
            ..Default::default()
        };
        assert!(s
            .search(&q)
            .unwrap_err()
            .to_string()
            .contains("too common to search for"));
        assert_eq!(ids(&s, "\"shields down\""), ["g:beaming"]);
    }
}
