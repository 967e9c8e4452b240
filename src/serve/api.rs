//! The JSON API. Each handler checks its input, then does the library work on
//! a blocking thread with a time limit ([`work`]); every failure is a JSON
//! `{"error": ...}` with a fitting status, never a crash. Shapes follow the
//! CLI's `--json` output (docs/api.md).

use super::{App, Lane, Warm, MAX_WORK};
use crate::cards::lookup::{lookup, Lookup};
use crate::cli::cards_cmd::{ambiguous_with, card_json};
use crate::scenario::check::FileResult;
use crate::scenario::DbTitleResolver;
use crate::search::SearchQuery;
use crate::store::Store;
use axum::body::Bytes;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// Most results one search or card query returns.
const MAX_RESULTS: usize = 50;
const MAX_CARDS: usize = 500;
/// Titles offered while a judge types a card name.
const SUGGESTIONS: usize = 8;

/// A refusal: status and a JSON body with at least `error`.
pub struct ApiError {
    status: StatusCode,
    body: Value,
}

impl ApiError {
    fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            body: json!({ "error": message.into() }),
        }
    }

    fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// A file that did not read: the CLI's `file:line:col: message` and its parts.
    fn at(diagnostic: &dyn std::fmt::Display, line: usize, col: usize, message: &str) -> ApiError {
        ApiError::bad(diagnostic.to_string())
            .with("line", json!(line))
            .with("col", json!(col))
            .with("message", json!(message))
    }

    /// Every mistake of the posted file, each with its line and column.
    fn with_all<'m>(self, all: impl Iterator<Item = (usize, usize, &'m str)>) -> ApiError {
        let all: Vec<Value> = all
            .map(|(line, col, message)| json!({"line": line, "col": col, "message": message}))
            .collect();
        self.with("errors", json!(all))
    }

    fn with(mut self, key: &str, value: Value) -> ApiError {
        self.body[key] = value;
        self
    }
}

impl From<anyhow::Error> for ApiError {
    fn from(e: anyhow::Error) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, format!("{e:#}"))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(self.body)).into_response()
    }
}

pub type Answer = Result<Value, ApiError>;

/// Run library work on the warm index on a blocking thread in its `lane`,
/// within [`MAX_WORK`] (waiting for a place included); 503 while the index
/// loads or when the work takes too long.
async fn work<F>(app: Arc<App>, lane: Lane, f: F) -> Response
where
    F: FnOnce(&Warm) -> Answer + Send + 'static,
{
    let Some(warm) = app.warm() else {
        return ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the index is loading (ingesting the corpus); try again shortly",
        )
        .with("ingesting", json!(true))
        .into_response();
    };
    let task = async {
        let permit = app.lanes.enter(lane).await;
        let job = move || {
            let answer = f(&warm);
            drop(permit);
            answer
        };
        match (lane, &app.search_threads) {
            (Lane::Search, Some(threads)) => threads
                .run(job)
                .await
                .ok_or_else(|| "the search failed".to_string()),
            _ => (tokio::task::spawn_blocking(job).await).map_err(|e| e.to_string()),
        }
    };
    match tokio::time::timeout(MAX_WORK, task).await {
        Ok(Ok(Ok(v))) => Json(v).into_response(),
        Ok(Ok(Err(e))) => e.into_response(),
        Ok(Err(failed)) => ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("internal error: {failed}"),
        )
        .into_response(),
        Err(_) => ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("the request took longer than {} s", MAX_WORK.as_secs()),
        )
        .into_response(),
    }
}

fn query<T>(q: Result<Query<T>, QueryRejection>) -> Result<T, ApiError> {
    q.map(|Query(t)| t)
        .map_err(|e| ApiError::bad(format!("bad query string: {}", e.body_text())))
}

fn utf8(body: &Bytes) -> Result<String, ApiError> {
    String::from_utf8(body.to_vec())
        .map_err(|e| ApiError::bad(format!("the body is not UTF-8: {e}")))
}

pub async fn health(State(app): State<Arc<App>>) -> Json<Value> {
    let ingesting = app.ingesting.load(Ordering::SeqCst);
    let warm = app.warm();
    let error = app.load_error.read().ok().and_then(|e| e.clone());
    let status = match (&warm, ingesting, &error) {
        (_, true, _) => "ingesting",
        (Some(_), false, _) => "ready",
        (None, false, Some(_)) => "error",
        (None, false, None) => "starting",
    };
    Json(json!({
        "status": status,
        "ingesting": ingesting,
        "version": env!("CARGO_PKG_VERSION"),
        "generation": warm.as_ref().map(|w| w.generation.display().to_string()),
        "cards": warm.as_ref().map(|w| w.db.cards.len()),
        "error": error,
    }))
}

#[derive(Debug, Deserialize)]
pub struct SearchParams {
    q: Option<String>,
    lang: Option<String>,
    edition: Option<String>,
    doc: Option<String>,
    n: Option<usize>,
}

pub async fn search(
    State(app): State<Arc<App>>,
    params: Result<Query<SearchParams>, QueryRejection>,
) -> Response {
    let q = match query(params).and_then(search_query) {
        Ok(q) => q,
        Err(e) => return e.into_response(),
    };
    // A search that would queue, or share a core with other work, is ranked
    // by words only, and says so.
    let mut q = q;
    let busy = app.lanes.busy(Lane::Search) || app.lanes.saturated();
    q.lexical_only |= busy;
    work(app, Lane::Search, move |w| search_answer(w, &q, busy)).await
}

/// The body of `GET /api/search`: the library work, without HTTP (the
/// benchmark measures it alone).
pub fn search_answer(w: &Warm, q: &SearchQuery, busy: bool) -> Answer {
    let found = w
        .searcher
        .search_detailed(q)
        .map_err(|e| ApiError::bad(format!("{e:#}")))?;
    Ok(json!({
        "query": q.text,
        "detected": found.detected,
        "ranking": found.ranking,
        "busy": busy,
        "results": found.hits,
    }))
}

fn search_query(p: SearchParams) -> Result<SearchQuery, ApiError> {
    let text = p.q.unwrap_or_default().trim().to_string();
    if text.is_empty() {
        return Err(ApiError::bad(
            "q is required: the question or words to search for",
        ));
    }
    // Without lang, search detects the question's language.
    let lang = p.lang.filter(|l| !l.is_empty());
    if let Some(lang) = lang.as_deref().filter(|l| !matches!(*l, "en" | "it")) {
        return Err(ApiError::bad(format!(
            "lang must be en or it, not {lang:?}"
        )));
    }
    let edition = p
        .edition
        .filter(|e| !e.is_empty())
        .map(|e| e.to_lowercase());
    if edition.as_deref().is_some_and(|e| e != "1e" && e != "2e") {
        return Err(ApiError::bad("edition must be 1e or 2e"));
    }
    Ok(SearchQuery {
        text,
        doc: p.doc.filter(|d| !d.is_empty()),
        edition,
        lang,
        limit: p.n.unwrap_or(10).clamp(1, MAX_RESULTS),
        lexical_only: false,
    })
}

pub async fn define(State(app): State<Arc<App>>, Path(term): Path<String>) -> Response {
    work(app, Lane::Lookup, move |w| {
        let store = w.store();
        let answer = crate::rules::define(&store, &term)?;
        let mut v = serde_json::to_value(&answer).map_err(anyhow::Error::from)?;
        let ids = answer.definitions.iter().map(|d| d.entry.entry.id.clone());
        v["cards_named"] = cards_named(&store, ids)?;
        if answer.definitions.is_empty() {
            let msg = format!("no entry titled {term:?}");
            return Err(ApiError::new(StatusCode::NOT_FOUND, msg).with("answer", v));
        }
        Ok(v)
    })
    .await
}

/// One rules entry by its stable id (citations link here), with the entries
/// referring to it and the cards it names.
pub async fn entry(State(app): State<Arc<App>>, Path(id): Path<String>) -> Response {
    work(app, Lane::Lookup, move |w| {
        let store = w.store();
        let Some(e) = crate::store::rules::entry(&store, &id)? else {
            return Err(ApiError::new(
                StatusCode::NOT_FOUND,
                format!("no entry {id:?}"),
            ));
        };
        let mut referred_by = Vec::new();
        for x in crate::store::rules::xrefs_to(&store, &id)? {
            if let Some(from) = crate::store::rules::entry(&store, &x.from_id)? {
                referred_by.push(
                    json!({ "id": x.from_id, "title": from.entry.title, "doc": from.entry.doc }),
                );
            }
        }
        let cards = cards_named(&store, std::iter::once(id.clone()))?;
        Ok(json!({ "entry": e, "referred_by": referred_by, "cards_named": cards }))
    })
    .await
}

/// Per entry id, the titles of the cards the entry names (its card links).
fn cards_named(store: &Store, ids: impl Iterator<Item = String>) -> Result<Value, ApiError> {
    let mut stmt = store
        .conn
        .prepare_cached(
            "SELECT DISTINCT c.title FROM card_rules r JOIN cards c ON c.id = r.card
             WHERE r.entry_id = ?1 ORDER BY c.title_fold",
        )
        .map_err(anyhow::Error::from)?;
    let mut out = serde_json::Map::new();
    for id in ids {
        let titles: Vec<String> = stmt
            .query_map([&id], |r| r.get(0))
            .and_then(|rows| rows.collect())
            .map_err(anyhow::Error::from)?;
        out.insert(id, json!(titles));
    }
    Ok(Value::Object(out))
}

pub async fn card(State(app): State<Arc<App>>, Path(name): Path<String>) -> Response {
    work(app, Lane::Lookup, move |w| card_answer(w, &name)).await
}

/// The body of `GET /api/card/{name}`, without HTTP.
pub fn card_answer(w: &Warm, name: &str) -> Answer {
    let found = lookup(&w.db, name);
    let Some(card) = found.card() else {
        return Err(
            ApiError::new(StatusCode::NOT_FOUND, format!("no card matches {name:?}"))
                .with("suggestions", json!(titles(&candidates(&found)))),
        );
    };
    let mut v = card_json(&w.store(), card, &ambiguous_with(&found))?;
    v["match"] = json!(match_kind(&found));
    Ok(v)
}

fn match_kind(found: &Lookup) -> &'static str {
    match found {
        Lookup::Exact(_) => "exact",
        Lookup::Best { .. } => "best",
        Lookup::Ambiguous { .. } => "ambiguous",
        Lookup::NotFound { .. } => "none",
    }
}

/// Every card a lookup offers, best first.
fn candidates<'a>(found: &Lookup<'a>) -> Vec<&'a crate::cards::Card> {
    match found {
        Lookup::Exact(c) => vec![*c],
        Lookup::Best { card, others } => std::iter::once(*card)
            .chain(others.iter().copied())
            .collect(),
        Lookup::Ambiguous { best, candidates } => std::iter::once(*best)
            .chain(candidates.iter().copied())
            .collect(),
        Lookup::NotFound { suggestions } => suggestions.clone(),
    }
}

/// Cards whose title has every word typed so far ("defiant" → "Defiant",
/// "U.S.S. Defiant"), shortest title first: what a judge typing means.
fn titles_containing<'a>(db: &'a crate::cards::CardDb, typed: &str) -> Vec<&'a crate::cards::Card> {
    let words = crate::cards::lookup::title_words(typed);
    if words.is_empty() {
        return Vec::new();
    }
    let mut found: Vec<&crate::cards::Card> = db
        .cards
        .iter()
        .zip(&db.titles().keys)
        .filter(|(_, key)| key.covers(&words))
        .map(|(c, _)| c)
        .collect();
    found.sort_by_key(|c| c.title.len());
    found
}

fn titles(cards: &[&crate::cards::Card]) -> Vec<String> {
    cards.iter().map(|c| c.title.clone()).collect()
}

#[derive(Debug, Deserialize)]
pub struct CardsParams {
    q: Option<String>,
    sort: Option<String>,
    limit: Option<usize>,
    #[serde(default)]
    prints: bool,
}

pub async fn cards(
    State(app): State<Arc<App>>,
    params: Result<Query<CardsParams>, QueryRejection>,
) -> Response {
    let p = match query(params) {
        Ok(p) => p,
        Err(e) => return e.into_response(),
    };
    let q = p.q.unwrap_or_default();
    let ast = match crate::cards::query::parse(&q) {
        Ok(a) => a,
        Err(e) => {
            return ApiError::bad("bad query")
                .with("detail", json!(e.render(&q)))
                .into_response()
        }
    };
    let opts = crate::cards::query::RunOptions {
        sort: p.sort.unwrap_or_else(|| "title".into()),
        limit: Some(p.limit.unwrap_or(MAX_RESULTS).clamp(1, MAX_CARDS)),
        prints: p.prints,
    };
    work(app, Lane::Lookup, move |w| {
        let rows = crate::cards::query::run(&w.store(), &ast, &opts)
            .map_err(|e| ApiError::bad(format!("{e:#}")))?;
        Ok(json!(rows))
    })
    .await
}

#[derive(Debug, Deserialize)]
pub struct SuggestParams {
    q: Option<String>,
    /// Only cards of this type ("mission", "ship", "personnel").
    #[serde(rename = "type")]
    card_type: Option<String>,
}

/// Titles for a name typed in the scenario builder (the forgiving lookup).
pub async fn suggest(
    State(app): State<Arc<App>>,
    params: Result<Query<SuggestParams>, QueryRejection>,
) -> Response {
    let p = match query(params) {
        Ok(p) => p,
        Err(e) => return e.into_response(),
    };
    let name = p.q.unwrap_or_default();
    work(app, Lane::Lookup, move |w| {
        let found = lookup(&w.db, &name);
        let want = p.card_type.map(|t| t.to_lowercase());
        let cards: Vec<Value> = candidates(&found)
            .into_iter()
            .chain(titles_containing(&w.db, &name))
            .filter(|c| {
                want.as_ref()
                    .is_none_or(|t| c.card_type.name().to_lowercase() == *t)
            })
            .map(|c| (c.title.as_str(), c.card_type.name()))
            .fold(Vec::new(), |mut seen, t| {
                if !seen.contains(&t) {
                    seen.push(t);
                }
                seen
            })
            .into_iter()
            .take(SUGGESTIONS)
            .map(|(title, ty)| json!({ "title": title, "type": ty }))
            .collect();
        Ok(json!({ "query": name, "match": match_kind(&found), "cards": cards }))
    })
    .await
}

/// Where a scenario posted to the API is said to be, in its diagnostics.
const POSTED_SCENARIO: &str = "scenario.toml";

pub async fn check(State(app): State<Arc<App>>, body: Bytes) -> Response {
    let text = match utf8(&body) {
        Ok(t) => t,
        Err(e) => return e.into_response(),
    };
    work(app, Lane::Scenario, move |w| check_answer(w, &text)).await
}

/// The body of `POST /api/check`, without HTTP.
pub fn check_answer(w: &Warm, text: &str) -> Answer {
    let resolver = DbTitleResolver::new(&w.db);
    let path = std::path::Path::new(POSTED_SCENARIO);
    let scenario = crate::scenario::load(path, text, &w.db, &resolver).map_err(|e| {
        let all = e.all().map(|e| (e.line, e.col, e.message.as_str()));
        ApiError::at(&e, e.line, e.col, &e.message).with_all(all)
    })?;
    let result = FileResult::answered(&scenario, &w.db);
    let mut v = serde_json::to_value(&result).map_err(anyhow::Error::from)?;
    if let Some(b) = &result.board {
        v["svg"] = json!(crate::board::svg::render(b));
        v["board_text"] = json!(crate::board::text::render(b));
    }
    Ok(v)
}

/// `POST /api/errata`: the errata TOML as the body, or JSON
/// `{"errata": "<toml>", "scenarios": [{"name": "x.toml", "text": "<toml>"}]}`.
#[derive(Debug, Deserialize)]
struct ErrataRequest {
    errata: String,
    #[serde(default)]
    scenarios: Vec<PostedScenario>,
}

#[derive(Debug, Deserialize)]
struct PostedScenario {
    name: Option<String>,
    text: String,
}

pub async fn errata(State(app): State<Arc<App>>, body: Bytes) -> Response {
    let req = match errata_request(&body) {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    work(app, Lane::Scenario, move |w| {
        let path = std::path::Path::new("errata.toml");
        let errata = crate::errata::Errata::parse(path, &req.errata, &w.db).map_err(|e| {
            let all = e.all().map(|e| (e.line, e.col, e.message.as_str()));
            ApiError::at(&e, e.line, e.col, &e.message).with_all(all)
        })?;
        let mut scenarios = w.rulings.clone();
        scenarios.extend(req.scenarios.into_iter().enumerate().map(|(i, s)| {
            crate::errata::ScenarioText {
                path: s
                    .name
                    .unwrap_or_else(|| format!("posted-{}.toml", i + 1))
                    .into(),
                text: s.text,
            }
        }));
        let report = crate::errata::assess(&errata, &w.db, &scenarios);
        Ok(serde_json::to_value(&report).map_err(anyhow::Error::from)?)
    })
    .await
}

fn errata_request(body: &Bytes) -> Result<ErrataRequest, ApiError> {
    if body.first() == Some(&b'{') {
        return serde_json::from_slice(body)
            .map_err(|e| ApiError::bad(format!("bad JSON body: {e}")));
    }
    Ok(ErrataRequest {
        errata: utf8(body)?,
        scenarios: Vec::new(),
    })
}

pub async fn not_found() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "no such page or API route (see docs/api.md)",
    )
}
