//! Readers: one module per document format, each turning raw bytes into
//! [`RulesEntry`] values plus a [`ReadReport`] of what was repaired and what
//! could not be placed.
//!
//! Invariant: a reader never panics on any input. Bad input (empty, binary,
//! wrong encoding, truncated) becomes a [`ReadError`] naming the file, the line
//! and what was expected.

pub mod cards_csv;
pub mod glossary;
pub mod html;
pub mod markdown;
pub mod rulebook;
pub mod rulings;
pub mod rulings_it;

use crate::corpus::{DocFormat, DocSpec};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// One entry of a rules document: a Glossary term, a Current Rulings entry, or a
/// rulebook section.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct RulesEntry {
    /// Stable id: `<doc id>:<slug of title>` (with `~2`, `~3` for repeated titles).
    pub id: String,
    /// Manifest id of the document.
    pub doc: String,
    /// Order in the document, from 0.
    pub seq: usize,
    pub title: String,
    /// Repaired body text; paragraphs separated by a blank line. Empty for a pure
    /// "See X." stub.
    pub body: String,
    /// Rulebook sections: the headings above this one, outermost first.
    pub heading_path: Vec<String>,
    /// Where the entry says it comes from ("Glossary", "Current-Rulings").
    pub source: Option<String>,
    /// Marked `*` (added or revised since the previous edition).
    pub revised: bool,
    /// Titles this entry points to with "See X" / "See X, Y".
    pub see_also: Vec<String>,
    /// True when the entry is nothing but a cross-reference.
    pub stub: bool,
    /// 1-based line in the source document where the entry starts.
    pub line: usize,
}

/// An icon code from a legend ("[AU]" = "Alternate Universe").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LegendIcon {
    pub code: String,
    pub meaning: String,
    /// "icon", "affiliation", "infiltrator".
    pub group: String,
}

/// A line the reader could not place into any entry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Unplaced {
    pub line: usize,
    pub text: String,
}

/// What a reader made of one document.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ReadReport {
    pub entries: Vec<RulesEntry>,
    pub legend: Vec<LegendIcon>,
    /// Count of repairs made (mojibake characters, stutters, joined wraps, ...).
    pub repairs: usize,
    pub unplaced: Vec<Unplaced>,
}

impl ReadReport {
    pub fn cross_references(&self) -> usize {
        self.entries.iter().map(|e| e.see_also.len()).sum()
    }
}

/// A document that could not be read at all.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("{path}: cannot read: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}:{line}: {what}")]
    Malformed {
        path: PathBuf,
        line: usize,
        what: String,
    },
}

impl ReadError {
    pub fn malformed(path: &Path, line: usize, what: impl Into<String>) -> Self {
        ReadError::Malformed {
            path: path.to_path_buf(),
            line,
            what: what.into(),
        }
    }
}

/// Check that bytes are a text document: not empty, not binary, valid UTF-8.
/// Returns the text with any BOM removed.
pub fn decode_text(path: &Path, bytes: &[u8]) -> Result<String, ReadError> {
    if bytes.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(ReadError::malformed(
            path,
            1,
            "empty document: expected text entries",
        ));
    }
    if let Some(pos) = bytes.iter().position(|&b| b == 0) {
        let line = bytes[..pos].iter().filter(|&&b| b == b'\n').count() + 1;
        return Err(ReadError::malformed(
            path,
            line,
            "binary data (NUL byte): expected a UTF-8 text document",
        ));
    }
    match std::str::from_utf8(bytes) {
        Ok(s) => Ok(s.strip_prefix('\u{feff}').unwrap_or(s).to_string()),
        Err(e) => {
            let good = &bytes[..e.valid_up_to()];
            let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
            Err(ReadError::malformed(
                path,
                line,
                format!(
                    "invalid UTF-8 at byte {}: expected a UTF-8 text document (wrong encoding?)",
                    e.valid_up_to()
                ),
            ))
        }
    }
}

/// The stable slug of a title: lowercase ASCII words joined by `-`.
pub fn slug(title: &str) -> String {
    let folded = crate::repair::fold_for_match(title);
    let mut out = String::new();
    for word in folded
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        if !out.is_empty() {
            out.push('-');
        }
        out.push_str(word);
    }
    if out.is_empty() {
        out.push_str("entry");
    }
    out
}

/// Give every entry its stable id, numbering repeated titles in document order.
pub fn assign_ids(doc: &str, entries: &mut [RulesEntry]) {
    let mut seen = std::collections::HashMap::<String, usize>::new();
    for (seq, e) in entries.iter_mut().enumerate() {
        let s = slug(&e.title);
        let n = seen.entry(s.clone()).or_insert(0);
        *n += 1;
        e.id = if *n == 1 {
            format!("{doc}:{s}")
        } else {
            format!("{doc}:{s}~{n}")
        };
        e.doc = doc.to_string();
        e.seq = seq;
    }
}

/// Read one rules document with the reader its format names.
pub fn read_rules_document(doc: &DocSpec, path: &Path) -> Result<ReadReport, ReadError> {
    let bytes = std::fs::read(path).map_err(|source| ReadError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let mut report = match doc.format {
        DocFormat::GlossaryText => glossary::read(path, &bytes)?,
        DocFormat::RulingsText => rulings::read(path, &bytes)?,
        DocFormat::RulingsItText => rulings_it::read(path, &bytes)?,
        DocFormat::RulebookText => rulebook::read(path, &bytes)?,
        DocFormat::Html => html::read(path, &bytes)?,
        DocFormat::Markdown => markdown::read(path, &bytes)?,
        DocFormat::CardsCsv | DocFormat::LackeyCsv => {
            return Err(ReadError::malformed(
                path,
                1,
                "a card CSV is not a rules document (read it with readers::cards_csv)",
            ))
        }
    };
    assign_ids(&doc.id, &mut report.entries);
    Ok(report)
}

/// The targets of every "See X." / "See X, Y." / "(See “X” for ...)" in a body,
/// split at commas (rejoin them with [`rejoin_see_targets`] when "X, Y" is one
/// title). Italian documents say "vedi (anche) \"X\"".
pub fn see_references(body: &str) -> Vec<String> {
    use std::sync::OnceLock;
    static SEE: OnceLock<regex::Regex> = OnceLock::new();
    static VEDI: OnceLock<regex::Regex> = OnceLock::new();
    let see = SEE.get_or_init(|| {
        regex::Regex::new(
            r"\bSee (?:also )?(?:[“\x22]([^”\x22]+)[”\x22]|(.+?)(?:\.\s|\.$|\.”|$|\)))",
        )
        .expect("valid regex")
    });
    let vedi = VEDI.get_or_init(|| {
        regex::Regex::new(r"(?i)\bvedi (?:anche )?[\x22“]([^\x22”]+)[\x22”]").expect("valid regex")
    });
    let mut out = Vec::new();
    for line in body.lines() {
        for c in see.captures_iter(line) {
            if let Some(quoted) = c.get(1) {
                push_target(&mut out, quoted.as_str());
            } else if let Some(list) = c.get(2) {
                for part in list.as_str().split(", ") {
                    push_target(&mut out, part);
                }
            }
        }
        for c in vedi.captures_iter(line) {
            push_target(&mut out, &c[1]);
        }
    }
    out
}

fn push_target(out: &mut Vec<String>, raw: &str) {
    let t = raw
        .trim()
        .trim_matches(|c: char| matches!(c, '“' | '”' | '"' | '.' | ',' | ';'))
        .trim();
    if !t.is_empty() && t.chars().count() <= 80 && !out.iter().any(|o| o == t) {
        out.push(t.to_string());
    }
}

/// True when a body is nothing but cross-references ("See present.").
pub fn is_see_stub(body: &str) -> bool {
    let b = body.trim();
    (b.starts_with("See ") || b.to_lowercase().starts_with("vedi "))
        && b.lines().count() == 1
        && b.chars().count() <= 120
}

/// Rejoin comma-split targets that together name a title of the same document
/// ("See actions, “just.”" → "actions, just").
pub fn rejoin_see_targets(entries: &mut [RulesEntry]) {
    let titles: std::collections::HashSet<String> =
        entries.iter().map(|e| title_key(&e.title)).collect();
    for e in entries.iter_mut() {
        let mut merged: Vec<String> = Vec::new();
        for t in std::mem::take(&mut e.see_also) {
            if let Some(last) = merged.last_mut() {
                let joined = format!("{last}, {t}");
                if titles.contains(&title_key(&joined)) && !titles.contains(&title_key(&t)) {
                    *last = joined;
                    continue;
                }
            }
            merged.push(t);
        }
        e.see_also = merged;
    }
}

/// The key two titles are matched by: folded, quotes and trailing punctuation
/// dropped ("actions, “just.”" and "actions, just" are the same title).
pub fn title_key(title: &str) -> String {
    crate::repair::fold_for_match(title)
        .chars()
        .filter(|c| !matches!(c, '"' | '\''))
        .collect::<String>()
        .trim_end_matches(['.', ',', ';', ':', '!'])
        .trim()
        .to_string()
}

/// Fill in cross-references and stub flags once the entries are split.
pub fn finish_entries(entries: &mut [RulesEntry]) {
    for e in entries.iter_mut() {
        e.see_also = see_references(&e.body);
        e.stub = is_see_stub(&e.body);
    }
    rejoin_see_targets(entries);
}

/// Split text into lines with their 1-based numbers.
pub fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().map(|(i, l)| (i + 1, l))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_rejects_empty_binary_and_latin1() {
        let p = Path::new("x.txt");
        assert!(decode_text(p, b"")
            .unwrap_err()
            .to_string()
            .contains("empty"));
        assert!(decode_text(p, b"ab\ncd\0ef")
            .unwrap_err()
            .to_string()
            .contains("x.txt:2"));
        let err = decode_text(p, b"caf\xe9\n").unwrap_err().to_string();
        assert!(err.contains("UTF-8"), "{err}");
        assert_eq!(decode_text(p, "\u{feff}hi".as_bytes()).unwrap(), "hi");
    }

    #[test]
    fn ids_are_stable_and_unique() {
        let mut es = vec![
            RulesEntry {
                title: "actions – group".into(),
                ..Default::default()
            },
            RulesEntry {
                title: "Borg Ship".into(),
                ..Default::default()
            },
            RulesEntry {
                title: "Borg Ship".into(),
                ..Default::default()
            },
        ];
        assign_ids("glossary", &mut es);
        assert_eq!(es[0].id, "glossary:actions-group");
        assert_eq!(es[1].id, "glossary:borg-ship");
        assert_eq!(es[2].id, "glossary:borg-ship~2");
    }
    #[test]
    fn see_references_are_found_in_all_shapes() {
        assert_eq!(see_references("See present."), vec!["present"]);
        assert_eq!(
            see_references("text. See battle - personnel, battle - ship."),
            vec!["battle - personnel", "battle - ship"]
        );
        assert_eq!(
            see_references("(See “WEAPONS, using” for the requirements.)"),
            vec!["WEAPONS, using"]
        );
        assert_eq!(see_references("x (see also nothing)"), Vec::<String>::new());
        assert_eq!(see_references("Vedi anche \"Genere\""), vec!["Genere"]);
        assert!(is_see_stub("See present."));
        assert!(!is_see_stub("Something. See present."));
    }

    #[test]
    fn comma_titles_are_rejoined() {
        let mut es = vec![
            RulesEntry {
                title: "actions, just".into(),
                ..Default::default()
            },
            RulesEntry {
                title: "timing".into(),
                see_also: vec!["actions".into(), "just".into(), "timing".into()],
                ..Default::default()
            },
        ];
        rejoin_see_targets(&mut es);
        assert_eq!(es[1].see_also, vec!["actions, just", "timing"]);
    }
}
