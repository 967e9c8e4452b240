//! Rules documents in the store: writing each document's entries,
//! cross-references, unplaced lines and legend; resolving "See X" targets to
//! entry ids; and the reads `define` needs.
//!
//! Resolution order for a See-target (the Current Rulings NOTE: references
//! without an entry there refer to the Glossary): an entry of the same
//! document, else the Glossary, else the Current Rulings.

use super::Store;
use crate::corpus::{DocKind, DocSpec};
use crate::readers::{title_key, ReadReport, RulesEntry};
use rusqlite::{params, OptionalExtension};
use std::collections::HashMap;

/// Counts written for one document (the ingest summary row).
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct DocCounts {
    pub doc: String,
    pub entries: usize,
    pub xrefs: usize,
    pub repairs: usize,
    pub unplaced: usize,
    pub first_unplaced: Vec<String>,
}

/// Write one rules document and everything its reader produced.
pub fn write_document(
    store: &Store,
    spec: &DocSpec,
    report: &ReadReport,
) -> anyhow::Result<DocCounts> {
    let tx = store.conn.unchecked_transaction()?;
    tx.execute(
        "INSERT INTO documents (id, title, kind, edition, lang, version, path, format, entries, xrefs, repairs, unplaced)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
        params![
            spec.id,
            spec.title,
            spec.kind.as_str(),
            spec.edition,
            spec.lang,
            spec.version,
            spec.path.display().to_string(),
            format!("{:?}", spec.format),
            report.entries.len(),
            report.cross_references(),
            report.repairs,
            report.unplaced.len()
        ],
    )?;
    {
        let mut entry = tx.prepare(
            "INSERT INTO entries (id, doc, seq, title, title_fold, body, heading_path, source, revised, stub, line)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
        )?;
        let mut xref = tx.prepare("INSERT INTO xrefs (from_id, target_title) VALUES (?1, ?2)")?;
        for e in &report.entries {
            entry.execute(params![
                e.id,
                spec.id,
                e.seq,
                e.title,
                title_key(&e.title),
                e.body,
                serde_json::to_string(&e.heading_path)?,
                e.source,
                e.revised,
                e.stub,
                e.line
            ])?;
            for t in &e.see_also {
                xref.execute(params![e.id, t])?;
            }
        }
        let mut unplaced =
            tx.prepare("INSERT INTO unplaced (doc, line, text) VALUES (?1, ?2, ?3)")?;
        for u in &report.unplaced {
            unplaced.execute(params![spec.id, u.line, u.text])?;
        }
        let mut legend =
            tx.prepare("INSERT INTO legend (doc, code, meaning, grp) VALUES (?1, ?2, ?3, ?4)")?;
        for l in &report.legend {
            legend.execute(params![spec.id, l.code, l.meaning, l.group])?;
        }
    }
    tx.commit()?;
    Ok(DocCounts {
        doc: spec.id.clone(),
        entries: report.entries.len(),
        xrefs: report.cross_references(),
        repairs: report.repairs,
        unplaced: report.unplaced.len(),
        first_unplaced: report
            .unplaced
            .iter()
            .take(3)
            .map(|u| {
                format!(
                    "{}: {}",
                    u.line,
                    u.text.chars().take(60).collect::<String>()
                )
            })
            .collect(),
    })
}

/// An entry title known to the store, for resolution and nearest-title search.
#[derive(Debug, Clone)]
pub struct TitleRow {
    pub id: String,
    pub doc: String,
    pub kind: String,
    pub lang: String,
    pub title: String,
    pub key: String,
    pub stub: bool,
}

/// Every entry title with its document's kind and language, in document order.
pub fn titles(store: &Store) -> anyhow::Result<Vec<TitleRow>> {
    let mut st = store.conn.prepare(
        "SELECT e.id, e.doc, d.kind, d.lang, e.title, e.title_fold, e.stub
         FROM entries e JOIN documents d ON d.id = e.doc ORDER BY d.rowid, e.seq",
    )?;
    let rows = st.query_map([], |r| {
        Ok(TitleRow {
            id: r.get(0)?,
            doc: r.get(1)?,
            kind: r.get(2)?,
            lang: r.get(3)?,
            title: r.get(4)?,
            key: r.get(5)?,
            stub: r.get(6)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Variants of a See-target to try, most literal first: as written, without a
/// parenthetical, singular/plural.
fn target_keys(target: &str) -> Vec<String> {
    let k = title_key(target);
    let mut out = vec![k.clone()];
    if let Some(open) = k.find(" (") {
        out.push(k[..open].trim().to_string());
    }
    for base in out.clone() {
        match base.strip_suffix('s') {
            Some(s) => out.push(s.to_string()),
            None => out.push(format!("{base}s")),
        }
    }
    out
}

/// Resolve every cross-reference's `target_id`. Returns (resolved, unresolved).
pub fn resolve_xrefs(store: &Store) -> anyhow::Result<(usize, usize)> {
    let rows = titles(store)?;
    let doc_of: HashMap<&str, &TitleRow> = rows.iter().map(|r| (r.id.as_str(), r)).collect();
    // key → candidate rows, in document order.
    let mut by_key: HashMap<&str, Vec<&TitleRow>> = HashMap::new();
    for r in &rows {
        by_key.entry(r.key.as_str()).or_default().push(r);
    }
    let xrefs: Vec<(i64, String, String)> = {
        let mut st = store
            .conn
            .prepare("SELECT rowid, from_id, target_title FROM xrefs")?;
        let v = st
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<Result<_, _>>()?;
        v
    };
    let tx = store.conn.unchecked_transaction()?;
    let (mut ok, mut missing) = (0, 0);
    {
        let mut upd = tx.prepare("UPDATE xrefs SET target_id = ?1 WHERE rowid = ?2")?;
        for (rowid, from, target) in xrefs {
            let Some(from_row) = doc_of.get(from.as_str()) else {
                continue;
            };
            let found = target_keys(&target).iter().find_map(|k| {
                let cands = by_key.get(k.as_str())?;
                let pick = |pred: &dyn Fn(&TitleRow) -> bool| {
                    cands.iter().find(|c| c.id != from && pred(c)).copied()
                };
                pick(&|c| c.doc == from_row.doc)
                    .or_else(|| pick(&|c| c.kind == DocKind::Glossary.as_str()))
                    .or_else(|| {
                        pick(&|c| c.kind == DocKind::Rulings.as_str() && c.lang == from_row.lang)
                    })
                    .or_else(|| pick(&|_| true))
            });
            match found {
                Some(t) => {
                    upd.execute(params![t.id, rowid])?;
                    ok += 1;
                }
                None => missing += 1,
            }
        }
    }
    tx.commit()?;
    Ok((ok, missing))
}

/// One entry with its document, as `define` shows it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct StoredEntry {
    #[serde(flatten)]
    pub entry: RulesEntry,
    pub doc_title: String,
    pub kind: String,
    pub lang: String,
}

pub fn entry(store: &Store, id: &str) -> anyhow::Result<Option<StoredEntry>> {
    let found = store
        .conn
        .query_row(
            "SELECT e.id, e.doc, e.seq, e.title, e.body, e.heading_path, e.source, e.revised, e.stub, e.line,
                    d.title, d.kind, d.lang
             FROM entries e JOIN documents d ON d.id = e.doc WHERE e.id = ?1",
            [id],
            |r| {
                let path: String = r.get(5)?;
                Ok(StoredEntry {
                    entry: RulesEntry {
                        id: r.get(0)?,
                        doc: r.get(1)?,
                        seq: r.get::<_, i64>(2)? as usize,
                        title: r.get(3)?,
                        body: r.get(4)?,
                        heading_path: serde_json::from_str(&path).unwrap_or_default(),
                        source: r.get(6)?,
                        revised: r.get(7)?,
                        stub: r.get(8)?,
                        line: r.get::<_, i64>(9)? as usize,
                        see_also: Vec::new(),
                    },
                    doc_title: r.get(10)?,
                    kind: r.get(11)?,
                    lang: r.get(12)?,
                })
            },
        )
        .optional()?;
    let Some(mut e) = found else { return Ok(None) };
    e.entry.see_also = xrefs_from(store, id)?
        .into_iter()
        .map(|x| x.target_title)
        .collect();
    Ok(Some(e))
}

/// A cross-reference row.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Xref {
    pub from_id: String,
    pub target_title: String,
    pub target_id: Option<String>,
}

pub fn xrefs_from(store: &Store, id: &str) -> anyhow::Result<Vec<Xref>> {
    xref_query(
        store,
        "SELECT from_id, target_title, target_id FROM xrefs WHERE from_id = ?1 ORDER BY rowid",
        id,
    )
}

pub fn xrefs_to(store: &Store, id: &str) -> anyhow::Result<Vec<Xref>> {
    xref_query(
        store,
        "SELECT from_id, target_title, target_id FROM xrefs WHERE target_id = ?1 ORDER BY rowid",
        id,
    )
}

fn xref_query(store: &Store, sql: &str, id: &str) -> anyhow::Result<Vec<Xref>> {
    let mut st = store.conn.prepare(sql)?;
    let rows = st.query_map([id], |r| {
        Ok(Xref {
            from_id: r.get(0)?,
            target_title: r.get(1)?,
            target_id: r.get(2)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Per-document counts as stored (for `ingest` summaries of an existing index).
pub fn document_counts(store: &Store) -> anyhow::Result<Vec<DocCounts>> {
    let mut st = store
        .conn
        .prepare("SELECT id, entries, xrefs, repairs, unplaced FROM documents ORDER BY rowid")?;
    let rows = st.query_map([], |r| {
        Ok(DocCounts {
            doc: r.get(0)?,
            entries: r.get::<_, i64>(1)? as usize,
            xrefs: r.get::<_, i64>(2)? as usize,
            repairs: r.get::<_, i64>(3)? as usize,
            unplaced: r.get::<_, i64>(4)? as usize,
            first_unplaced: Vec::new(),
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn target_variants_cover_parentheticals_and_plurals() {
        let k = target_keys("ship battle rules (multiple targets)");
        assert!(k.contains(&"ship battle rules".to_string()));
        assert!(target_keys("dual-icon mission").contains(&"dual-icon missions".to_string()));
    }
}
