//! Rules answers over the store: `define` (entry, cross-references followed,
//! entries referring to it) and `diff` (two versions of a rules document).

use crate::corpus::{DocFormat, DocKind, DocSpec};
use crate::readers::{assign_ids, slug, title_key, ReadReport, RulesEntry};
use crate::store::rules::{self as stored, StoredEntry, TitleRow};
use crate::store::Store;
use std::path::Path;

/// Titles closer than this (normalised Levenshtein) are taken as the term.
const NEAR_ENOUGH: f64 = 0.85;
const SUGGESTIONS: usize = 5;
/// How many search results are looked through for a definition.
const SEARCH_FALLBACK_DEPTH: usize = 5;

/// A found entry with its cross-references followed and its back-references.
#[derive(Debug, serde::Serialize)]
pub struct Definition {
    pub entry: StoredEntry,
    /// The entries its "See X" point to (their full text).
    pub see: Vec<StoredEntry>,
    /// "See X" targets that resolved to no entry.
    pub unresolved: Vec<String>,
    /// Entries (any document) that point to this one.
    pub referred_by: Vec<Reference>,
}

#[derive(Debug, serde::Serialize)]
pub struct Reference {
    pub id: String,
    pub title: String,
    pub doc: String,
}

/// What `define` found.
#[derive(Debug, serde::Serialize)]
pub struct DefineAnswer {
    pub term: String,
    /// "exact" (the title, or its words singular/plural without articles),
    /// "nearest" (closest title), "search" (best search result) or "none".
    pub matched: &'static str,
    pub definitions: Vec<Definition>,
    pub suggestions: Vec<String>,
}

/// Look a term up across the Glossary and the Current Rulings, in the
/// player's own form: the exact title; the same words singular or plural,
/// without articles or question words ("the Borg", "what are dual icon
/// missions"); the nearest title; else the best search result for it
/// ("valid response" → "actions – step 2: responses").
pub fn define(store: &Store, term: &str) -> anyhow::Result<DefineAnswer> {
    let rows: Vec<TitleRow> = stored::titles(store)?
        .into_iter()
        .filter(|r| {
            r.lang == "en"
                && (r.kind == DocKind::Glossary.as_str() || r.kind == DocKind::Rulings.as_str())
        })
        .collect();
    let key = title_key(term);
    let mut matched = "exact";
    let mut hits: Vec<&TitleRow> = rows.iter().filter(|r| r.key == key).collect();
    let loose = loose_key(term);
    if hits.is_empty() && !loose.is_empty() {
        hits = rows
            .iter()
            .filter(|r| loose_key(&r.title) == loose)
            .collect();
    }
    let ranked = nearest(&rows, &key);
    if hits.is_empty() {
        if let Some((score, best)) = ranked.first() {
            if *score >= NEAR_ENOUGH {
                matched = "nearest";
                hits = rows.iter().filter(|r| r.key == best.key).collect();
            }
        }
    }
    if hits.is_empty() {
        if let Some(id) = searched(store, term)? {
            matched = "search";
            // Every entry under the found title, as for a title typed exactly
            // (the Glossary's and the Current Rulings' "commandeering").
            let key = rows.iter().find(|r| r.id == id).map(|r| r.key.clone());
            hits = rows
                .iter()
                .filter(|r| Some(&r.key) == key.as_ref())
                .collect();
        }
    }
    let mut suggestions: Vec<String> = Vec::new();
    for (_, r) in &ranked {
        if suggestions.len() < SUGGESTIONS && !suggestions.contains(&r.title) {
            suggestions.push(r.title.clone());
        }
    }
    if hits.is_empty() {
        return Ok(DefineAnswer {
            term: term.to_string(),
            matched: "none",
            definitions: Vec::new(),
            suggestions,
        });
    }
    let mut definitions = Vec::new();
    for h in hits {
        definitions.push(definition(store, &h.id)?);
    }
    Ok(DefineAnswer {
        term: term.to_string(),
        matched,
        definitions,
        suggestions: Vec::new(),
    })
}

/// A title's words without articles or question words, each singular:
/// "The Borg" → "borg", "dual-icon missions" → "dual icon mission".
fn loose_key(text: &str) -> String {
    let vocab = &crate::vocab::vocabulary().synonyms;
    crate::repair::fold_for_match(text)
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty() && !vocab.is_question_word(w))
        .map(singular)
        .collect::<Vec<_>>()
        .join(" ")
}

fn singular(word: &str) -> String {
    if let Some(stem) = word.strip_suffix("ies").filter(|s| s.len() >= 2) {
        return format!("{stem}y");
    }
    if word.len() > 3 && word.ends_with('s') && !word.ends_with("ss") {
        return word[..word.len() - 1].to_string();
    }
    word.to_string()
}

/// The Glossary or Current Rulings entry search ranks first for the term.
fn searched(store: &Store, term: &str) -> anyhow::Result<Option<String>> {
    let Ok(searcher) = crate::search::RulesSearcher::open(&store.tantivy_dir()) else {
        return Ok(None);
    };
    let q = crate::search::SearchQuery {
        text: term.to_string(),
        limit: SEARCH_FALLBACK_DEPTH,
        ..Default::default()
    };
    // A term of only common words has nothing to search for: no entry.
    let Ok(hits) = searcher.search(&q) else {
        return Ok(None);
    };
    Ok(hits
        .into_iter()
        .find(|h| {
            h.lang == "en"
                && (h.kind == DocKind::Glossary.as_str() || h.kind == DocKind::Rulings.as_str())
        })
        .map(|h| h.id))
}

fn nearest<'a>(rows: &'a [TitleRow], key: &str) -> Vec<(f64, &'a TitleRow)> {
    let mut scored: Vec<(f64, &TitleRow)> = rows
        .iter()
        .map(|r| {
            let lev = strsim::normalized_damerau_levenshtein(&r.key, key);
            let prefix = if r.key.starts_with(key) && key.len() >= 3 {
                0.1
            } else {
                0.0
            };
            (lev + prefix, r)
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    scored.truncate(SUGGESTIONS * 3);
    scored
}

fn definition(store: &Store, id: &str) -> anyhow::Result<Definition> {
    let entry = stored::entry(store, id)?
        .ok_or_else(|| anyhow::anyhow!("entry {id} vanished from the store"))?;
    let mut see = Vec::new();
    let mut unresolved = Vec::new();
    for x in stored::xrefs_from(store, id)? {
        match x
            .target_id
            .as_deref()
            .map(|t| stored::entry(store, t))
            .transpose()?
            .flatten()
        {
            Some(e) => {
                if !see.iter().any(|s: &StoredEntry| s.entry.id == e.entry.id) {
                    see.push(e);
                }
            }
            None => unresolved.push(x.target_title),
        }
    }
    let mut referred_by = Vec::new();
    for x in stored::xrefs_to(store, id)? {
        if let Some(e) = stored::entry(store, &x.from_id)? {
            if !referred_by.iter().any(|r: &Reference| r.id == e.entry.id) {
                referred_by.push(Reference {
                    id: e.entry.id,
                    title: e.entry.title,
                    doc: e.entry.doc,
                });
            }
        }
    }
    Ok(Definition {
        entry,
        see,
        unresolved,
        referred_by,
    })
}

/// One changed entry: its old and new text.
#[derive(Debug, serde::Serialize)]
pub struct Change {
    pub id: String,
    pub title: String,
    pub old: String,
    pub new: String,
    /// Word-level diff: ("equal" | "delete" | "insert", text) runs.
    pub words: Vec<(&'static str, String)>,
}

/// What changed between two versions of a document.
#[derive(Debug, serde::Serialize)]
pub struct DocDiff {
    pub old: String,
    pub new: String,
    pub added: Vec<RulesEntry>,
    pub removed: Vec<RulesEntry>,
    pub changed: Vec<Change>,
    pub unchanged: usize,
}

/// Read a document given as a manifest id or a path (format from the
/// manifest, else guessed from the content).
pub fn load_version(
    corpus: Option<&crate::corpus::Corpus>,
    arg: &str,
) -> anyhow::Result<ReadReport> {
    if let Some(c) = corpus {
        if let Some(spec) = c.manifest.get(arg) {
            let mut r = crate::readers::read_rules_document(spec, &c.path_of(spec))?;
            assign_ids("v", &mut r.entries);
            return Ok(r);
        }
    }
    let path = Path::new(arg);
    let bytes = std::fs::read(path).map_err(|e| {
        anyhow::anyhow!("{arg}: not a manifest id, and cannot read it as a file: {e}")
    })?;
    let format = guess_format(path, &bytes);
    let spec = DocSpec {
        id: "v".into(),
        title: arg.into(),
        kind: DocKind::Rulings,
        edition: "1E".into(),
        lang: "en".into(),
        version: String::new(),
        path: path.to_path_buf(),
        format,
    };
    Ok(crate::readers::read_rules_document(&spec, path)?)
}

/// The reader a file needs, from its extension or its first lines.
pub fn guess_format(path: &Path, bytes: &[u8]) -> DocFormat {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_lowercase();
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(200_000)]);
    match ext.as_str() {
        "md" | "markdown" => DocFormat::Markdown,
        "html" | "htm" => DocFormat::Html,
        _ if head.lines().any(|l| l.trim() == "TermTaken from") => DocFormat::GlossaryText,
        _ if head.lines().any(|l| l.trim() == "RULINGS") => DocFormat::RulingsText,
        _ if head.trim_start().starts_with('<') => DocFormat::Html,
        _ if head.lines().any(|l| l.starts_with("# ")) => DocFormat::Markdown,
        _ => DocFormat::RulingsItText,
    }
}

/// Entries added, removed and changed (matched by title slug).
pub fn diff(old_name: &str, old: &ReadReport, new_name: &str, new: &ReadReport) -> DocDiff {
    let key = |e: &RulesEntry| {
        e.id.split_once(':')
            .map_or(slug(&e.title), |(_, s)| s.to_string())
    };
    let old_by: std::collections::HashMap<String, &RulesEntry> =
        old.entries.iter().map(|e| (key(e), e)).collect();
    let new_keys: std::collections::HashSet<String> = new.entries.iter().map(key).collect();
    let mut out = DocDiff {
        old: old_name.into(),
        new: new_name.into(),
        added: Vec::new(),
        removed: Vec::new(),
        changed: Vec::new(),
        unchanged: 0,
    };
    for e in &new.entries {
        match old_by.get(&key(e)) {
            None => out.added.push(e.clone()),
            Some(o) if o.body == e.body && o.revised == e.revised => out.unchanged += 1,
            Some(o) => out.changed.push(Change {
                id: key(e),
                title: e.title.clone(),
                old: o.body.clone(),
                new: e.body.clone(),
                words: word_diff(&o.body, &e.body),
            }),
        }
    }
    out.removed = old
        .entries
        .iter()
        .filter(|e| !new_keys.contains(&key(e)))
        .cloned()
        .collect();
    out
}

/// Word-level diff of two texts: runs tagged "equal", "delete" or "insert".
pub fn word_diff(old: &str, new: &str) -> Vec<(&'static str, String)> {
    let d = similar::TextDiff::from_words(old, new);
    let mut runs: Vec<(&'static str, String)> = Vec::new();
    for change in d.iter_all_changes() {
        let tag = match change.tag() {
            similar::ChangeTag::Equal => "equal",
            similar::ChangeTag::Delete => "delete",
            similar::ChangeTag::Insert => "insert",
        };
        match runs.last_mut() {
            Some((t, s)) if *t == tag => s.push_str(change.value()),
            _ => runs.push((tag, change.value().to_string())),
        }
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(title: &str, body: &str) -> RulesEntry {
        RulesEntry {
            title: title.into(),
            body: body.into(),
            ..Default::default()
        }
    }

    #[test]
    fn diff_finds_added_removed_changed_with_words() {
        let mut old = ReadReport {
            entries: vec![
                entry("capture", "Captives are held."),
                entry("Borg", "Borg text."),
                entry("zero", "Even."),
            ],
            ..Default::default()
        };
        let mut new = ReadReport {
            entries: vec![
                entry("capture", "Captives are released."),
                entry("zero", "Even."),
                entry("brig", "New."),
            ],
            ..Default::default()
        };
        assign_ids("v", &mut old.entries);
        assign_ids("v", &mut new.entries);
        let d = diff("a", &old, "b", &new);
        assert_eq!(d.added.len(), 1);
        assert_eq!(d.removed[0].title, "Borg");
        assert_eq!(d.unchanged, 1);
        assert_eq!(
            d.changed[0].words,
            [
                ("equal", "Captives are ".to_string()),
                ("delete", "held.".to_string()),
                ("insert", "released.".to_string())
            ]
        );
    }

    #[test]
    fn loose_keys_drop_articles_and_plurals() {
        assert_eq!(loose_key("the Borg"), "borg");
        assert_eq!(
            loose_key("What are dual-icon missions?"),
            "dual icon mission"
        );
        assert_eq!(loose_key("Dual-Icon Missions"), "dual icon mission");
        assert_eq!(loose_key("Side Decks"), loose_key("side deck"));
        assert_eq!(loose_key("abilities"), "ability");
        assert_eq!(loose_key("class"), "class");
    }

    #[test]
    fn formats_are_guessed_from_content() {
        assert_eq!(
            guess_format(Path::new("x.txt"), b"a\nTermTaken from\n"),
            DocFormat::GlossaryText
        );
        assert_eq!(
            guess_format(Path::new("x.txt"), b"x\nRULINGS\n"),
            DocFormat::RulingsText
        );
        assert_eq!(guess_format(Path::new("x.md"), b"# a"), DocFormat::Markdown);
    }
}
