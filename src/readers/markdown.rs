//! Reader for rules documents kept as Markdown (`markdown`): each `#`..`####`
//! heading is an entry, its text the paragraphs and list items up to the next
//! heading; the headings above it give the heading path.

use super::{decode_text, ReadError, ReadReport, RulesEntry, Unplaced};
use pulldown_cmark::{Event, HeadingLevel, Parser, Tag, TagEnd};
use std::path::Path;

pub fn read(path: &Path, bytes: &[u8]) -> Result<ReadReport, ReadError> {
    let text = decode_text(path, bytes)?;
    let mut report = ReadReport::default();
    let mut open: Vec<(usize, String)> = Vec::new();
    let mut heading: Option<(usize, usize)> = None;
    let mut buf = String::new();
    let mut block_start = 0usize;
    for (event, range) in Parser::new(&text).into_offset_iter() {
        match event {
            Event::Start(Tag::Heading { level, .. }) => {
                heading = Some((level_number(level), range.start));
                buf.clear();
            }
            Event::End(TagEnd::Heading(_)) => {
                let (level, at) = heading.take().unwrap_or((1, range.start));
                let title = buf.trim().to_string();
                buf.clear();
                open.retain(|(l, _)| *l < level);
                let mut heading_path: Vec<String> = open.iter().map(|(_, t)| t.clone()).collect();
                heading_path.push(title.clone());
                open.push((level, title.clone()));
                report.entries.push(RulesEntry {
                    title,
                    heading_path,
                    line: crate::diag::line_col(&text, at).0,
                    ..Default::default()
                });
            }
            Event::Start(Tag::Paragraph) | Event::Start(Tag::Item) if heading.is_none() => {
                if buf.trim().is_empty() {
                    block_start = range.start;
                }
                if matches!(event, Event::Start(Tag::Item)) {
                    flush(&mut buf, &text, block_start, &mut report);
                    block_start = range.start;
                    buf.push_str("• ");
                }
            }
            Event::End(TagEnd::Paragraph) | Event::End(TagEnd::Item) if heading.is_none() => {
                flush(&mut buf, &text, block_start, &mut report);
            }
            Event::Text(t) | Event::Code(t) => buf.push_str(&t),
            Event::SoftBreak | Event::HardBreak => buf.push(' '),
            _ => {}
        }
    }
    if report.entries.is_empty() {
        return Err(ReadError::malformed(
            path,
            1,
            "no Markdown headings (#, ##): expected a rules document with one heading per entry",
        ));
    }
    super::finish_entries(&mut report.entries);
    Ok(report)
}

fn level_number(level: HeadingLevel) -> usize {
    match level {
        HeadingLevel::H1 => 1,
        HeadingLevel::H2 => 2,
        HeadingLevel::H3 => 3,
        HeadingLevel::H4 => 4,
        HeadingLevel::H5 => 5,
        HeadingLevel::H6 => 6,
    }
}

/// Append a finished paragraph or list item to the current entry.
fn flush(buf: &mut String, text: &str, at: usize, report: &mut ReadReport) {
    let block = buf.split_whitespace().collect::<Vec<_>>().join(" ");
    buf.clear();
    if block.is_empty() || block == "•" {
        return;
    }
    match report.entries.last_mut() {
        Some(e) => {
            if !e.body.is_empty() {
                e.body.push_str("\n\n");
            }
            e.body.push_str(&block);
        }
        None => report.unplaced.push(Unplaced {
            line: crate::diag::line_col(text, at).0,
            text: block,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_become_entries_with_paths() {
        let doc = "Intro line.\n\n# Glossary\n\n## aboard\n\nSee present.\n\n## present\n\nTogether at\none location.\n\n- first\n- second\n\n# Rulings\n\n## Borg Ship\n\nA dilemma. See present.\n";
        let r = read(Path::new("g.md"), doc.as_bytes()).unwrap();
        let titles: Vec<_> = r.entries.iter().map(|e| e.title.as_str()).collect();
        assert_eq!(
            titles,
            ["Glossary", "aboard", "present", "Rulings", "Borg Ship"]
        );
        assert!(r.entries[1].stub);
        assert_eq!(r.entries[1].line, 5);
        assert_eq!(
            r.entries[2].body,
            "Together at one location.\n\n• first\n\n• second"
        );
        assert_eq!(r.entries[4].heading_path, ["Rulings", "Borg Ship"]);
        assert_eq!(r.entries[4].see_also, ["present"]);
        assert!(!r.entries[4].stub);
        assert_eq!(r.unplaced.len(), 1);
        assert_eq!(r.unplaced[0].line, 1);
    }

    #[test]
    fn markdown_without_headings_is_an_error() {
        let e = read(Path::new("g.md"), b"plain prose\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("g.md:1") && e.contains("headings"), "{e}");
    }
}
