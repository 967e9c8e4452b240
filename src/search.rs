//! Full-text search over rules entries and cards (tantivy): the schema, the
//! analyzers (English stemming, Italian stemming), synonym expansion from
//! `glossary/synonyms.toml`, and ranking.
//!
//! Ranking rules, in order: an entry (or card) whose title is exactly the
//! query comes first; title matches outrank body matches (the title field is
//! boosted); a "See X" stub never outranks X. Question filler words ("can I",
//! "what happens") are dropped; words not in the index vocabulary are matched
//! fuzzily (typos); "quoted phrases" must occur as phrases.

use crate::readers::title_key;
use std::collections::HashMap;
use std::path::Path;
use tantivy::collector::TopDocs;
use tantivy::query::{
    BooleanQuery, BoostQuery, FuzzyTermQuery, Occur, PhraseQuery, Query, TermQuery,
};
use tantivy::schema::{
    Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions, Value, STORED, STRING,
};
use tantivy::snippet::SnippetGenerator;
use tantivy::tokenizer::{
    AsciiFoldingFilter, Language, LowerCaser, RemoveLongFilter, SimpleTokenizer, Stemmer,
    TextAnalyzer,
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
const FUZZY_WEIGHT: f32 = 0.5;
/// Words in at most this many fields of documents are also matched fuzzily.
const RARE_TERM: u64 = 2;
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

fn register(index: &Index) {
    index.tokenizers().register(EN, analyzer(Language::English));
    index.tokenizers().register(IT, analyzer(Language::Italian));
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
}

/// The query's words, grouped by how they are matched.
struct Parsed {
    phrases: Vec<String>,
    words: Vec<String>,
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
        Ok(RulesSearcher { index, reader, f })
    }

    /// Ranked results; an error when the query has nothing to search for.
    pub fn search(&self, q: &SearchQuery) -> anyhow::Result<Vec<Hit>> {
        let italian = q.lang.as_deref() == Some("it");
        let (title_f, body_f) = if italian {
            (self.f.title_it, self.f.body_it)
        } else {
            (self.f.title, self.f.body)
        };
        let parsed = parse_query(&q.text);
        let vocab = &crate::vocab::vocabulary().synonyms;
        let content: Vec<String> = parsed
            .words
            .iter()
            .filter(|w| !vocab.is_question_word(w))
            .cloned()
            .collect();
        let expansions = if italian {
            Vec::new()
        } else {
            vocab.expand(&q.text)
        };
        if content.is_empty() && parsed.phrases.is_empty() && expansions.is_empty() {
            anyhow::bail!(
                "nothing to search for in {:?}: it has only common words; add a game term (e.g. \"beam\", \"Away Team\", \"battle\")",
                q.text
            );
        }
        let searcher = self.reader.searcher();
        let analyzer_name = if italian { IT } else { EN };
        let mut analyzer = self
            .index
            .tokenizers()
            .get(analyzer_name)
            .expect("registered");
        let mut should: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        let mut must: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        let mut terms = Vec::new();
        for w in &content {
            terms.extend(tokens(&mut analyzer, w));
        }
        for t in &terms {
            let freq: u64 = [title_f, body_f]
                .iter()
                .map(|&f| searcher.doc_freq(&Term::from_field_text(f, t)).unwrap_or(0))
                .sum();
            if freq > 0 {
                should.push((Occur::Should, term_pair(title_f, body_f, t, 1.0)));
            }
            // A word (almost) absent from the index is likely a typo.
            if freq <= RARE_TERM {
                let distance = if t.chars().count() > 5 { 2 } else { 1 };
                for (f, boost) in [(title_f, TITLE_BOOST), (body_f, 1.0)] {
                    let fuzzy = FuzzyTermQuery::new(Term::from_field_text(f, t), distance, true);
                    should.push((
                        Occur::Should,
                        Box::new(BoostQuery::new(Box::new(fuzzy), boost * FUZZY_WEIGHT)),
                    ));
                }
            }
        }
        if terms.len() >= 2 {
            should.push((
                Occur::Should,
                phrase(title_f, body_f, &terms, 2, PHRASE_BOOST),
            ));
        }
        for e in &expansions {
            let toks = tokens(&mut analyzer, e);
            match toks.len() {
                0 => {}
                1 => should.push((
                    Occur::Should,
                    term_pair(title_f, body_f, &toks[0], EXPANSION_WEIGHT),
                )),
                _ => should.push((
                    Occur::Should,
                    phrase(title_f, body_f, &toks, 0, EXPANSION_WEIGHT * PHRASE_BOOST),
                )),
            }
        }
        for p in &parsed.phrases {
            let toks = tokens(&mut analyzer, p);
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
        let scoring = BooleanQuery::new(clauses);
        let filters = self.filters(q, italian, false);
        let ranked = BooleanQuery::new(
            std::iter::once((Occur::Must, Box::new(scoring.clone()) as Box<dyn Query>))
                .chain(filters)
                .collect(),
        );
        let limit = q.limit.max(1);
        let top = searcher.search(&ranked, &TopDocs::with_limit(limit + 10))?;
        let exact = self.exact_title(&searcher, q, italian)?;
        let mut hits: Vec<(f32, DocAddress, &'static str)> = Vec::new();
        for (addr, score) in exact {
            hits.push((score, addr, "exact title"));
        }
        for (score, addr) in top {
            if !hits.iter().any(|h| h.1 == addr) {
                hits.push((score, addr, "ranked"));
            }
        }
        let mut out: Vec<(Hit, TantivyDocument)> = Vec::new();
        for (score, addr, reason) in hits {
            let doc: TantivyDocument = searcher.doc(addr)?;
            out.push((self.hit(&doc, score, reason, title_f), doc));
        }
        self.stubs_after_targets(&searcher, &mut out, title_f)?;
        out.truncate(limit);
        // Snippets only for what is shown: they are the costly part.
        let mut snippets = SnippetGenerator::create(&searcher, &scoring, body_f)?;
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

/// Split "quoted phrases" from the other words.
fn parse_query(text: &str) -> Parsed {
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
    let words = rest
        .split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’'))
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.trim_end_matches(['\'', '’'])
                .trim_end_matches("'s")
                .to_string()
        })
        .collect();
    Parsed { phrases, words }
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
            .contains("only common words"));
        assert_eq!(ids(&s, "\"shields down\""), ["g:beaming"]);
    }
}
