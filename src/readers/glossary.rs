//! Reader for the Glossary as exported from the openCards "terms" overview
//! (`glossary-text`): an index of term names ("TermTaken from" list), then one
//! block per term: a title line, a blank line, the body (which may hold blank
//! lines and lists), and a closing "Taken from <source>." line.
//!
//! The index is not entries: it is used to check (and, when a block lost its
//! title line, to recover) each entry's title.

use super::{
    decode_text, is_see_stub, see_references, ReadError, ReadReport, RulesEntry, Unplaced,
};
use crate::repair::fold_for_match;
use std::path::Path;

const INDEX_HEADER: &str = "TermTaken from";
const TAKEN_FROM: &str = "Taken from ";

/// One title of the index list, with the line it was on.
struct IndexTitle {
    title: String,
    line: usize,
}

pub fn read(path: &Path, bytes: &[u8]) -> Result<ReadReport, ReadError> {
    let text = decode_text(path, bytes)?;
    let lines: Vec<&str> = text.lines().collect();
    let header = lines
        .iter()
        .position(|l| l.trim() == INDEX_HEADER)
        .ok_or_else(|| {
            ReadError::malformed(
                path,
                1,
                format!("no \"{INDEX_HEADER}\" line: expected the openCards terms export"),
            )
        })?;
    let mut report = ReadReport::default();
    for (i, l) in lines[..header].iter().enumerate() {
        if !l.trim().is_empty() {
            report.unplaced.push(Unplaced {
                line: i + 1,
                text: l.trim().to_string(),
            });
        }
    }
    let (index, body_start) = read_index(&lines, header + 1);
    read_blocks(path, &lines, body_start, &index, &mut report)?;
    check_against_index(&index, &mut report);
    super::rejoin_see_targets(&mut report.entries);
    Ok(report)
}

/// The index list: one term per line until the first blank line.
fn read_index(lines: &[&str], start: usize) -> (Vec<IndexTitle>, usize) {
    let mut out = Vec::new();
    let mut i = start;
    while i < lines.len() && !lines[i].trim().is_empty() {
        let raw = lines[i].trim();
        let raw = raw
            .strip_suffix("Glossary")
            .or_else(|| raw.strip_suffix("Current-Rulings"))
            .unwrap_or(raw);
        let title = raw.split(" - See ").next().unwrap_or(raw).trim();
        out.push(IndexTitle {
            title: title.to_string(),
            line: i + 1,
        });
        i += 1;
    }
    (out, i)
}

/// Split the rest of the document into blocks closed by "Taken from …".
fn read_blocks(
    path: &Path,
    lines: &[&str],
    start: usize,
    index: &[IndexTitle],
    report: &mut ReadReport,
) -> Result<(), ReadError> {
    let mut block: Vec<(usize, &str)> = Vec::new();
    for (i, line) in lines.iter().enumerate().skip(start) {
        if let Some(source) = line.trim().strip_prefix(TAKEN_FROM) {
            let source = source.trim().trim_end_matches('.').to_string();
            let n = report.entries.len();
            let expected = index.get(n).map(|t| t.title.as_str());
            match entry_from_block(&block, source, expected) {
                Some(e) => report.entries.push(e),
                None => {
                    return Err(ReadError::malformed(
                        path,
                        i + 1,
                        "a \"Taken from\" line with no entry above it: expected a title line and a body",
                    ))
                }
            }
            block.clear();
        } else {
            block.push((i + 1, line));
        }
    }
    for (line, text) in block.into_iter().filter(|(_, t)| !t.trim().is_empty()) {
        report.unplaced.push(Unplaced {
            line,
            text: text.trim().to_string(),
        });
    }
    if report.entries.is_empty() {
        return Err(ReadError::malformed(
            path,
            lines.len().max(1),
            "no entries: expected blocks closed by a \"Taken from <source>.\" line (truncated file?)",
        ));
    }
    Ok(())
}

/// Build one entry from the lines of a block. The title is the first non-blank
/// line, unless it reads like body text while the index expects a title at this
/// position: then the title is recovered from the index.
fn entry_from_block(
    block: &[(usize, &str)],
    source: String,
    expected: Option<&str>,
) -> Option<RulesEntry> {
    let first = block.iter().position(|(_, l)| !l.trim().is_empty())?;
    let (line, head) = block[first];
    let head = head.trim();
    let looks_like_body = head.ends_with('.') && head.split_whitespace().count() > 6;
    let (title, body_lines) = match expected {
        Some(t) if looks_like_body && fold_for_match(t) != fold_for_match(head) => {
            (t.to_string(), &block[first..])
        }
        _ => (head.to_string(), &block[first + 1..]),
    };
    let body = body_text(body_lines);
    let see_also = see_references(&body);
    let stub = is_see_stub(&body);
    Some(RulesEntry {
        title,
        body,
        source: Some(source),
        see_also,
        stub,
        line,
        ..Default::default()
    })
}

/// Body lines with leading/trailing blank lines removed and runs of blank lines
/// collapsed to one paragraph break.
fn body_text(lines: &[(usize, &str)]) -> String {
    let mut out = String::new();
    let mut pending_break = false;
    for (_, l) in lines {
        let l = l.trim_end();
        if l.trim().is_empty() {
            pending_break = !out.is_empty();
            continue;
        }
        if !out.is_empty() {
            out.push_str(if pending_break { "\n\n" } else { "\n" });
        }
        pending_break = false;
        out.push_str(l);
    }
    out
}

/// Every index title should have an entry; report those that do not.
fn check_against_index(index: &[IndexTitle], report: &mut ReadReport) {
    let have: std::collections::HashSet<String> = report
        .entries
        .iter()
        .map(|e| fold_for_match(&e.title))
        .collect();
    for t in index {
        if !have.contains(&fold_for_match(&t.title)) {
            report.unplaced.push(Unplaced {
                line: t.line,
                text: format!("index title without an entry: {}", t.title),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = include_str!("../../tests/fixtures/rules/glossary-unit.txt");

    #[test]
    fn blocks_become_entries_with_sources_and_stubs() {
        let r = read(Path::new("g.txt"), DOC.as_bytes()).unwrap();
        let titles: Vec<_> = r.entries.iter().map(|e| e.title.as_str()).collect();
        assert_eq!(
            titles,
            [
                "aboard",
                "battle - personnel",
                "present",
                "winning the game"
            ]
        );
        assert!(r.entries[0].stub);
        assert_eq!(r.entries[0].see_also, ["present"]);
        assert_eq!(r.entries[1].source.as_deref(), Some("Current-Rulings"));
        assert_eq!(r.entries[1].body, "Steps:\n\n  1. Initiate.\n  2. Resolve.");
        assert!(!r.entries[2].stub);
        assert_eq!(r.entries[2].see_also, ["battle - personnel"]);
        // The last block lost its title line: recovered from the index.
        assert!(r.entries[3].body.starts_with("Some cards"));
        assert_eq!(r.unplaced.len(), 1, "{:?}", r.unplaced);
        assert_eq!(r.unplaced[0].text, "Overview page");
    }

    #[test]
    fn malformed_glossaries_are_clear_errors() {
        let p = Path::new("g.txt");
        let e = read(p, b"just some text\n").unwrap_err().to_string();
        assert!(e.contains("g.txt:1") && e.contains("TermTaken from"), "{e}");
        let truncated = &DOC[..DOC.find("aboard\n\nSee").unwrap() + 10];
        let e = read(p, truncated.as_bytes()).unwrap_err().to_string();
        assert!(e.contains("truncated"), "{e}");
        assert!(read(p, b"").is_err());
        assert!(read(p, b"\x00\x01\x02").is_err());
        assert!(read(p, b"TermTaken from\n\xff\xfe").is_err());
    }
}
