//! The lexical scorer: one tantivy index per partition (the rules entries of
//! one language; the cards), so term rarity and lengths are those of the
//! documents searched together. Each document is one scored text, BM25F
//! style: its title (and the titles of the "See X" stubs that point to it)
//! counted TITLE_WEIGHT times, then its body. A question's word scores as
//! the best of its forms (itself, the nearest index term when it is a typo,
//! other forms of the word, what an abbreviation stands for), so no word
//! counts more than once; synonym groups add at most EXPANSION_WEIGHT of
//! their best phrase; "quoted phrases" must occur.

use super::snippet::{Analyzed, AnalyzedBodies};
use super::terms::{IndexTerms, MORPH_WEIGHT};
use super::text::{self, tokens};
use super::SearchDoc;
use crate::readers::title_key;
use rustc_hash::FxHashMap;
use std::path::Path;
use std::sync::Arc;
use std::sync::OnceLock;
use tantivy::collector::TopDocs;
use tantivy::query::{
    BooleanQuery, BoostQuery, DisjunctionMaxQuery, Occur, PhraseQuery, Query, TermQuery,
};
use tantivy::schema::{
    Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions, Value, STORED, STRING,
};
use tantivy::tokenizer::TextAnalyzer;
use tantivy::{DocAddress, Index, IndexReader, ReloadPolicy, TantivyDocument, Term};

/// How many times a title counts against its body: a modest weight, so a
/// question naming another entry's title in passing does not decide.
const TITLE_WEIGHT: usize = 2;
/// The share of a word's score its synonyms may add, all groups together.
const EXPANSION_WEIGHT: f32 = 0.5;

/// The fields of a partition's index.
#[derive(Clone, Copy)]
pub struct Fields {
    pub id: Field,
    pub doc: Field,
    pub kind: Field,
    pub edition: Field,
    pub lang: Field,
    pub title_key: Field,
    pub stub: Field,
    pub title: Field,
    /// The scored text: titles (weighted) and body.
    pub text: Field,
    /// The body alone, for snippets.
    pub body: Field,
}

fn schema(analyzer: &str) -> (Schema, Fields) {
    let mut b = Schema::builder();
    let indexed = TextFieldIndexing::default()
        .set_tokenizer(analyzer)
        .set_index_option(IndexRecordOption::WithFreqsAndPositions);
    let f = Fields {
        id: b.add_text_field("id", STRING | STORED),
        doc: b.add_text_field("doc", STRING | STORED),
        kind: b.add_text_field("kind", STRING | STORED),
        edition: b.add_text_field("edition", STRING | STORED),
        lang: b.add_text_field("lang", STRING | STORED),
        title_key: b.add_text_field("title_key", STRING),
        stub: b.add_text_field("stub", STRING | STORED),
        title: b.add_text_field("title", STORED),
        text: b.add_text_field(
            "text",
            TextOptions::default().set_indexing_options(indexed.clone()),
        ),
        body: b.add_text_field(
            "body",
            TextOptions::default()
                .set_stored()
                .set_indexing_options(indexed),
        ),
    };
    (b.build(), f)
}

/// Build a partition's index in `dir` (which must exist and be empty).
/// `aliases` are, per document, the titles of the stubs that point to it.
pub fn build(dir: &Path, lang: &str, docs: &[(&SearchDoc, Vec<String>)]) -> anyhow::Result<()> {
    let (schema, f) = schema(text::analyzer_name(lang));
    let index = Index::create_in_dir(dir, schema)?;
    text::register(&index);
    let mut writer = index.writer_with_num_threads(1, 50_000_000)?;
    for (d, aliases) in docs {
        let mut doc = TantivyDocument::default();
        doc.add_text(f.id, &d.id);
        doc.add_text(f.doc, &d.doc);
        doc.add_text(f.kind, &d.kind);
        doc.add_text(f.edition, d.edition.to_lowercase());
        doc.add_text(f.lang, d.lang.to_lowercase());
        doc.add_text(f.stub, if d.stub { "1" } else { "0" });
        doc.add_text(f.title, &d.title);
        for name in std::iter::once(&d.title).chain(aliases) {
            doc.add_text(f.title_key, title_key(name));
            for _ in 0..TITLE_WEIGHT {
                doc.add_text(f.text, name);
            }
        }
        doc.add_text(f.text, &d.body);
        doc.add_text(f.body, &d.body);
        writer.add_document(doc)?;
    }
    writer.commit()?;
    writer.wait_merging_threads()?;
    Ok(())
}

/// An open partition.
pub struct Partition {
    index: Index,
    reader: IndexReader,
    pub f: Fields,
    italian: bool,
    terms: OnceLock<IndexTerms>,
    /// The synonym groups as this partition's analyzer reduces them.
    group_forms: OnceLock<crate::vocab::synonyms::GroupForms>,
    /// Bodies analyzed for snippets so far.
    bodies: AnalyzedBodies,
}

/// A question turned into a scoring query.
pub struct Plan {
    pub query: Box<dyn Query>,
    /// Every index term the question may stand for (for snippets).
    pub terms: Vec<String>,
    /// The question with its typos replaced by the index terms they stand
    /// for ("sheilds" → "shield"): what the semantic ranking reads.
    pub corrected: String,
}

impl Partition {
    pub fn open(dir: &Path, lang: &str) -> anyhow::Result<Partition> {
        let index = Index::open_in_dir(dir)
            .map_err(|e| anyhow::anyhow!("cannot open search index {}: {e}", dir.display()))?;
        text::register(&index);
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()?;
        let (_, f) = schema(text::analyzer_name(lang));
        Ok(Partition {
            index,
            reader,
            f,
            italian: lang.eq_ignore_ascii_case("it"),
            terms: OnceLock::new(),
            group_forms: OnceLock::new(),
            bodies: AnalyzedBodies::default(),
        })
    }

    pub fn searcher(&self) -> tantivy::Searcher {
        self.reader.searcher()
    }

    fn analyzer(&self) -> TextAnalyzer {
        let name = if self.italian { text::IT } else { text::EN };
        self.index.tokenizers().get(name).expect("registered")
    }

    fn terms(&self) -> anyhow::Result<&IndexTerms> {
        if let Some(t) = self.terms.get() {
            return Ok(t);
        }
        let built = IndexTerms::read(&self.searcher(), self.f.text)?;
        Ok(self.terms.get_or_init(|| built))
    }

    /// Turn the question into a scoring query; an error when it has nothing
    /// to search for (only filler words).
    pub fn plan(&self, question: &str) -> anyhow::Result<Plan> {
        let italian = self.italian;
        let parsed = text::parse_query(question, italian);
        let vocab = &crate::vocab::vocabulary().synonyms;
        let mut analyzer = self.analyzer();
        // An abbreviation as written ("AT") is a game term, not filler ("at").
        let content: Vec<&String> = parsed
            .words
            .iter()
            .filter(|w| {
                !text::filler(w, italian) || vocab.abbreviations.contains_key(String::as_str(w))
            })
            .collect();
        let index_terms = self.terms()?;
        let mut should: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        let mut all_terms: Vec<String> = Vec::new();
        let mut seen: Vec<String> = Vec::new();
        let mut corrected = question.to_string();
        for w in &content {
            for t in tokens(&mut analyzer, w) {
                if seen.contains(&t) {
                    continue;
                }
                seen.push(t.clone());
                let mut forms = index_terms.forms(&t);
                if index_terms.freq(&t) == 0 {
                    if let Some((nearest, _)) = forms.first() {
                        corrected = replace_word(&corrected, w, nearest);
                    }
                }
                for d in text::derived_forms(&mut analyzer, w, &t) {
                    if index_terms.freq(&d) > 0 && !forms.iter().any(|f| f.0 == d) {
                        forms.push((d, MORPH_WEIGHT));
                    }
                }
                let mut alternatives: Vec<Box<dyn Query>> = forms
                    .iter()
                    .map(|(form, weight)| self.weighted(std::slice::from_ref(form), *weight))
                    .collect();
                all_terms.extend(forms.into_iter().map(|f| f.0));
                // An abbreviation is what it stands for: "HQ" is headquarters.
                if let Some(full) = vocab.abbreviations.get(String::as_str(w)) {
                    let toks = tokens(&mut analyzer, full);
                    alternatives.push(self.weighted(&toks, 1.0));
                    all_terms.extend(toks);
                }
                if !alternatives.is_empty() {
                    should.push((
                        Occur::Should,
                        Box::new(DisjunctionMaxQuery::new(alternatives)),
                    ));
                }
            }
        }
        let expansions = self.expansions(question, &content, &mut analyzer);
        if !expansions.is_empty() {
            all_terms.extend(expansions.iter().flatten().cloned());
            let alternatives = expansions
                .iter()
                .map(|toks| self.weighted(toks, 1.0))
                .collect();
            should.push((
                Occur::Should,
                Box::new(BoostQuery::new(
                    Box::new(DisjunctionMaxQuery::new(alternatives)),
                    EXPANSION_WEIGHT,
                )),
            ));
        }
        let mut must: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for p in &parsed.phrases {
            let toks = tokens(&mut analyzer, p);
            if !toks.is_empty() {
                all_terms.extend(toks.iter().cloned());
                must.push((Occur::Must, self.weighted(&toks, 1.0)));
            }
        }
        if should.is_empty() && must.is_empty() {
            let why = if question.trim().is_empty() {
                "the query is empty"
            } else {
                "its words are too common to search for"
            };
            anyhow::bail!(
                "nothing to search for in {question:?}: {why}; add a game term (e.g. \"beam\", \"Away Team\", \"battle\")"
            );
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
        all_terms.sort();
        all_terms.dedup();
        Ok(Plan {
            query: Box::new(BooleanQuery::new(clauses)),
            terms: all_terms,
            corrected,
        })
    }

    /// The phrases synonym groups add (as analyzed tokens), leaving out what
    /// an abbreviation of the question already stands for.
    fn expansions(
        &self,
        question: &str,
        content: &[&String],
        analyzer: &mut TextAnalyzer,
    ) -> Vec<Vec<String>> {
        let vocab = &crate::vocab::vocabulary().synonyms;
        let mut stem = |w: &str| tokens(analyzer, w).join(" ");
        let forms = self
            .group_forms
            .get_or_init(|| vocab.forms(self.italian, &mut stem));
        let found = vocab.expand_with(question, forms, &mut stem);
        let abbreviated: Vec<&String> = content
            .iter()
            .filter_map(|w| vocab.abbreviations.get(String::as_str(w)))
            .collect();
        let mut out: Vec<Vec<String>> = Vec::new();
        for e in found {
            if abbreviated.iter().any(|a| a.eq_ignore_ascii_case(&e.text)) {
                continue;
            }
            let toks = tokens(analyzer, &e.text);
            if !toks.is_empty() && !out.contains(&toks) {
                out.push(toks);
            }
        }
        out
    }

    /// A term, or a phrase of several, in the scored text, weighted.
    fn weighted(&self, toks: &[String], weight: f32) -> Box<dyn Query> {
        let q: Box<dyn Query> = match toks {
            [one] => Box::new(TermQuery::new(
                Term::from_field_text(self.f.text, one),
                IndexRecordOption::WithFreqs,
            )),
            _ => Box::new(PhraseQuery::new(
                toks.iter()
                    .map(|t| Term::from_field_text(self.f.text, t))
                    .collect(),
            )),
        };
        if weight == 1.0 {
            q
        } else {
            Box::new(BoostQuery::new(q, weight))
        }
    }

    /// Document, edition and kind filters as query clauses.
    pub fn filters(
        &self,
        doc: Option<&str>,
        edition: Option<&str>,
    ) -> Vec<(Occur, Box<dyn Query>)> {
        let mut out: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        if let Some(d) = doc {
            out.push((Occur::Must, self.key_query(self.f.doc, d)));
        }
        if let Some(e) = edition {
            out.push((
                Occur::Must,
                self.key_query(self.f.edition, &e.to_lowercase()),
            ));
        }
        out
    }

    fn key_query(&self, field: Field, value: &str) -> Box<dyn Query> {
        Box::new(TermQuery::new(
            Term::from_field_text(field, value),
            IndexRecordOption::Basic,
        ))
    }

    /// The top `limit` documents for a plan under `filters`.
    pub fn rank(
        &self,
        plan: &Plan,
        filters: Vec<(Occur, Box<dyn Query>)>,
        limit: usize,
    ) -> anyhow::Result<Vec<(f32, DocAddress)>> {
        let query = BooleanQuery::new(
            std::iter::once((Occur::Must, plan.query.box_clone()))
                .chain(filters)
                .collect(),
        );
        Ok(self
            .searcher()
            .search(&query, &TopDocs::with_limit(limit.max(1)))?)
    }

    /// Documents titled exactly `text` (or by a stub pointing to them).
    pub fn exact_title(
        &self,
        text: &str,
        mut filters: Vec<(Occur, Box<dyn Query>)>,
    ) -> anyhow::Result<Vec<DocAddress>> {
        let key = title_key(text.trim().trim_matches('"'));
        if key.is_empty() {
            return Ok(Vec::new());
        }
        filters.push((Occur::Must, self.key_query(self.f.title_key, &key)));
        let found = self
            .searcher()
            .search(&BooleanQuery::new(filters), &TopDocs::with_limit(20))?;
        Ok(found.into_iter().map(|(_, a)| a).collect())
    }

    /// A document's address by id.
    pub fn address_of(&self, id: &str) -> anyhow::Result<Option<DocAddress>> {
        let q = self.key_query(self.f.id, id);
        let found = self.searcher().search(&q, &TopDocs::with_limit(1))?;
        Ok(found.first().map(|(_, a)| *a))
    }

    /// The weight of each of the plan's terms in a snippet (as tantivy's
    /// `SnippetGenerator` weighs them: rarer terms weigh more; terms in no
    /// body weigh nothing).
    pub fn snippet_weights(&self, plan: &Plan) -> anyhow::Result<FxHashMap<String, f32>> {
        let searcher = self.searcher();
        let mut weights = FxHashMap::default();
        for t in &plan.terms {
            let docs = searcher.doc_freq(&Term::from_field_text(self.f.body, t))?;
            if docs > 0 {
                weights.insert(t.clone(), 1.0 / (1.0 + docs as f32));
            }
        }
        Ok(weights)
    }

    /// The analyzed body of the document at `addr` (whose body is `body`),
    /// by the partition's analyzer (the body field's), analyzed only once.
    pub fn analyzed(&self, addr: DocAddress, body: &str) -> Arc<Analyzed> {
        self.bodies
            .get(addr, || Analyzed::new(&mut self.analyzer(), body))
    }
}

/// `text` with the whole word `word` replaced by `by`.
fn replace_word(text: &str, word: &str, by: &str) -> String {
    match regex::Regex::new(&format!(r"\b{}\b", regex::escape(word))) {
        Ok(re) => re.replace_all(text, by).into_owned(),
        Err(_) => text.to_string(),
    }
}

pub fn text_of(doc: &TantivyDocument, f: Field) -> String {
    doc.get_first(f)
        .and_then(|v| v.as_str())
        .unwrap_or_default()
        .to_string()
}
