//! Reader for rulebooks kept as plain text (`rulebook-text`): sections under
//! UPPERCASE headings, each with its heading path. Repairs what the scrape or
//! PDF extraction broke: stuttered bold runs, hard line wraps, U+FFFD for lost
//! quotes, "-->" comment leftovers; drops page furniture (image captions, and
//! the scraped wiki/search-result pages appended after the rules), counting
//! every dropped line as unplaced so nothing vanishes silently.
//!
//! Heading path: a numbered step heading ("1. PLAY AND DRAW CARDS") encloses
//! the headings between it and the next numbered step. The Glossary section of
//! a rulebook is split into one section per "term – text" paragraph.

use super::{decode_text, see_references, ReadError, ReadReport, RulesEntry, Unplaced};
use crate::repair::{join_wrapped, repair_replacement_chars, repair_stutter};
use std::path::Path;

/// An image caption the web scrape repeated between paragraphs.
const IMAGE_CAPTION: &str = "star trek ccg ships";
/// Lines that only appear on scraped wiki pages; from the page title before
/// the first of them to the end, the text is not the rulebook.
const WIKI_FURNITURE: [&str; 2] = ["Edit source", "View history"];
const COMMENT_LEFTOVER: &str = "-->";
const GLOSSARY_HEADING: &str = "GLOSSARY";
const MAX_HEADING_CHARS: usize = 70;

pub fn read(path: &Path, bytes: &[u8]) -> Result<ReadReport, ReadError> {
    let raw = decode_text(path, bytes)?;
    let mut report = ReadReport::default();
    let (text, n) = repair_stutter(&raw);
    report.repairs += n;
    let (text, n) = repair_replacement_chars(&text);
    report.repairs += n;
    let lines: Vec<&str> = text.lines().collect();
    let end = furniture_start(&lines);
    for (i, l) in lines.iter().enumerate().skip(end) {
        if !l.trim().is_empty() {
            report.unplaced.push(Unplaced {
                line: i + 1,
                text: format!("dropped page furniture: {}", l.trim()),
            });
        }
    }
    let sections = split_sections(&lines[..end], &mut report);
    if sections.is_empty() {
        return Err(ReadError::malformed(
            path,
            1,
            "no UPPERCASE section headings: expected a rulebook",
        ));
    }
    report.entries = nest_headings(sections);
    for e in &mut report.entries {
        e.see_also = see_references(&e.body);
    }
    Ok(report)
}

/// Where the scraped pages after the rulebook begin (the line count if none).
fn furniture_start(lines: &[&str]) -> usize {
    let Some(first) = lines.iter().position(|l| {
        WIKI_FURNITURE
            .iter()
            .any(|m| l.trim().trim_start_matches('•').trim() == *m)
    }) else {
        return lines.len();
    };
    // The page title is the last non-blank, non-list line before the marker.
    (0..first)
        .rev()
        .find(|&i| {
            let t = lines[i].trim();
            !t.is_empty() && !t.starts_with('•')
        })
        .unwrap_or(first)
}

/// "INTRODUCTION", "1. PLAY AND DRAW CARDS", "IN PLAY 'FOR UNIQUENESS ONLY'".
fn is_heading(line: &str) -> bool {
    let t = line.trim();
    let letters = t.chars().filter(|c| c.is_alphabetic()).count();
    letters >= 3
        && t.chars().count() <= MAX_HEADING_CHARS
        && !t.chars().any(char::is_lowercase)
        && !t.starts_with('•')
        && !t.ends_with([',', ';'])
        && !t.contains(COMMENT_LEFTOVER)
}

fn numbered(heading: &str) -> bool {
    let t = heading.trim_start();
    let digits = t.chars().take_while(char::is_ascii_digit).count();
    digits > 0 && t[digits..].starts_with(". ")
}

/// Split lines into sections at headings, joining wrapped paragraph lines.
fn split_sections(lines: &[&str], report: &mut ReadReport) -> Vec<RulesEntry> {
    let mut sections: Vec<RulesEntry> = Vec::new();
    let mut para: Vec<&str> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim();
        if t.eq_ignore_ascii_case(IMAGE_CAPTION) {
            report.unplaced.push(Unplaced {
                line: i + 1,
                text: format!("dropped image caption: {t}"),
            });
            continue;
        }
        if t.is_empty() || is_heading(t) {
            flush(&mut para, &mut sections, report, i);
        }
        if is_heading(t) {
            sections.push(RulesEntry {
                title: t.to_string(),
                line: i + 1,
                source: Some("rulebook".into()),
                ..Default::default()
            });
        } else if !t.is_empty() {
            para.push(line);
        }
    }
    flush(&mut para, &mut sections, report, lines.len());
    sections
}

/// Add one paragraph to the current section (or report it when no heading
/// has been seen yet); in the Glossary, a "term – text" paragraph starts a
/// section of its own.
fn flush(para: &mut Vec<&str>, sections: &mut Vec<RulesEntry>, report: &mut ReadReport, at: usize) {
    if para.is_empty() {
        return;
    }
    let (joined, joins) = join_wrapped(para);
    report.repairs += joins;
    let first_line = at + 1 - para.len();
    para.clear();
    let (text, n) = drop_comment_leftovers(&joined);
    report.repairs += n;
    if text.is_empty() {
        return;
    }
    let Some(section) = sections.last_mut() else {
        report.unplaced.push(Unplaced {
            line: first_line,
            text,
        });
        return;
    };
    let in_glossary = section.title == GLOSSARY_HEADING
        || section.heading_path.first().map(String::as_str) == Some(GLOSSARY_HEADING);
    if let (true, Some((term, body))) = (in_glossary, glossary_term(&text)) {
        sections.push(RulesEntry {
            title: term.to_string(),
            body: body.to_string(),
            heading_path: vec![GLOSSARY_HEADING.to_string()],
            line: first_line,
            source: Some("rulebook".into()),
            ..Default::default()
        });
        return;
    }
    if !section.body.is_empty() {
        section.body.push_str("\n\n");
    }
    section.body.push_str(&text);
}

/// "actions – Nearly everything ..." → ("actions", "Nearly everything ...").
fn glossary_term(text: &str) -> Option<(&str, &str)> {
    let cut = text.find(" – ")?;
    let term = &text[..cut];
    (term.split_whitespace().count() <= 4 && !term.contains(['.', ',', ':']))
        .then(|| (term, &text[cut + " – ".len()..]))
}

fn drop_comment_leftovers(text: &str) -> (String, usize) {
    let n = text.matches(COMMENT_LEFTOVER).count();
    if n == 0 {
        return (text.to_string(), 0);
    }
    let cleaned = text.replace(COMMENT_LEFTOVER, " ");
    (cleaned.split_whitespace().collect::<Vec<_>>().join(" "), n)
}

/// Give each heading its path: numbered steps enclose the headings up to the
/// next numbered step.
fn nest_headings(mut sections: Vec<RulesEntry>) -> Vec<RulesEntry> {
    let steps: Vec<usize> = (0..sections.len())
        .filter(|&i| sections[i].heading_path.is_empty() && numbered(&sections[i].title))
        .collect();
    for pair in steps.windows(2) {
        let parent = sections[pair[0]].title.clone();
        for s in &mut sections[pair[0] + 1..pair[1]] {
            if s.heading_path.is_empty() {
                s.heading_path.push(parent.clone());
            }
        }
    }
    for s in &mut sections {
        let title = s.title.clone();
        s.heading_path.push(title);
    }
    sections
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = "A title line of the page\n\nINTRODUCTION \n\nWelcome to a universe of end-\nless possibilities. You don\u{fffd}t\nneed to memorize.\n\nstar trek ccg ships\n\n1. PLAY AND DRAW CARDS\n\nDraw one.\n\nPAYING COSTS\n\nThe ship The ship The ship The ship must must must must pay.-->\n\n2. EXECUTE ORDERS\n\nMove.\n\nGLOSSARY\n\nSome terms.\n\nactionsactionsactionsactions – Nearly everything.\n\nStar Trek Customizable Card Game\n\n  • Edit source\n  • View history\n\nWiki text.\n";

    #[test]
    fn sections_with_paths_repairs_and_dropped_furniture() {
        let r = read(Path::new("rb.txt"), DOC.as_bytes()).unwrap();
        let titles: Vec<_> = r.entries.iter().map(|e| e.title.as_str()).collect();
        assert_eq!(
            titles,
            [
                "INTRODUCTION",
                "1. PLAY AND DRAW CARDS",
                "PAYING COSTS",
                "2. EXECUTE ORDERS",
                "GLOSSARY",
                "actions"
            ]
        );
        assert_eq!(
            r.entries[0].body,
            "Welcome to a universe of endless possibilities. You don’t need to memorize."
        );
        assert_eq!(r.entries[2].body, "The ship must pay.");
        assert_eq!(
            r.entries[2].heading_path,
            ["1. PLAY AND DRAW CARDS", "PAYING COSTS"]
        );
        assert_eq!(r.entries[5].heading_path, ["GLOSSARY", "actions"]);
        assert_eq!(r.entries[5].body, "Nearly everything.");
        // Stutters 3, U+FFFD 1, joins 2, "-->" 1.
        assert_eq!(r.repairs, 7);
        let unplaced: Vec<_> = r.unplaced.iter().map(|u| u.line).collect();
        // Wiki page from its title (line 29) on, the caption, the page title line.
        assert!(unplaced.contains(&1) && unplaced.contains(&9) && unplaced.contains(&29));
        assert_eq!(r.unplaced.len(), 6, "{:?}", r.unplaced);
    }

    #[test]
    fn text_without_headings_is_an_error() {
        let e = read(Path::new("rb.txt"), b"just prose here.\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("rb.txt:1") && e.contains("UPPERCASE"), "{e}");
    }
}
