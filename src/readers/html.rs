//! Reader for rules documents published as HTML (`html`): a Glossary or
//! rulings page where each entry is an `h1`–`h4` heading or a `dt` term, and
//! its text the `p`, `li` and `dd` elements that follow until the next one.
//! Nested headings give the heading path.

use super::{decode_text, ReadError, ReadReport, RulesEntry, Unplaced};
use scraper::{ElementRef, Html, Selector};
use std::path::Path;

const BLOCKS: &str = "h1, h2, h3, h4, dt, dd, p, li";

pub fn read(path: &Path, bytes: &[u8]) -> Result<ReadReport, ReadError> {
    let text = decode_text(path, bytes)?;
    let html = Html::parse_document(&text);
    let selector = Selector::parse(BLOCKS).expect("valid selector");
    let mut report = ReadReport::default();
    // Headings open above the current entry, by level.
    let mut open: Vec<(usize, String)> = Vec::new();
    let mut cursor = 0usize;
    for el in html.select(&selector) {
        let content = element_text(el);
        if content.is_empty() || nested_in_block(el) {
            continue;
        }
        let line = line_of(&text, &content, &mut cursor);
        match heading_level(el.value().name()) {
            Some(level) => {
                open.retain(|(l, _)| *l < level);
                let mut heading_path: Vec<String> = open.iter().map(|(_, t)| t.clone()).collect();
                heading_path.push(content.clone());
                open.push((level, content.clone()));
                report.entries.push(RulesEntry {
                    title: content,
                    heading_path,
                    line,
                    ..Default::default()
                });
            }
            None => match report.entries.last_mut() {
                Some(e) => {
                    if !e.body.is_empty() {
                        e.body.push_str("\n\n");
                    }
                    if el.value().name() == "li" {
                        e.body.push_str("• ");
                    }
                    e.body.push_str(&content);
                }
                None => report.unplaced.push(Unplaced {
                    line,
                    text: content,
                }),
            },
        }
    }
    if report.entries.is_empty() {
        return Err(ReadError::malformed(
            path,
            1,
            "no h1-h4 headings or dt terms: expected an HTML rules document",
        ));
    }
    super::finish_entries(&mut report.entries);
    Ok(report)
}

/// `dt` terms are entries under the heading above them.
fn heading_level(name: &str) -> Option<usize> {
    match name {
        "h1" => Some(1),
        "h2" => Some(2),
        "h3" => Some(3),
        "h4" => Some(4),
        "dt" => Some(5),
        _ => None,
    }
}

/// A `p` inside an `li` (or `dd`) is read with its parent, not twice.
fn nested_in_block(el: ElementRef) -> bool {
    el.ancestors()
        .filter_map(ElementRef::wrap)
        .any(|a| matches!(a.value().name(), "li" | "dd" | "p"))
}

fn element_text(el: ElementRef) -> String {
    el.text()
        .collect::<Vec<_>>()
        .join("")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The line where a text next occurs in the source after `cursor` (best
/// effort: markup may split it, then the previous position is kept).
fn line_of(source: &str, content: &str, cursor: &mut usize) -> usize {
    let probe: String = content.chars().take(24).collect();
    if let Some(at) = source[*cursor..].find(&probe) {
        *cursor += at + probe.len();
    }
    crate::diag::line_col(source, *cursor).0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_and_terms_become_entries() {
        let doc = "<html><body><p>Site menu</p>\n<h2>Glossary</h2>\n<dl>\n<dt>aboard</dt><dd>See present.</dd>\n<dt>present</dt><dd><p>Together at one location.</p></dd>\n</dl>\n<h2>Rulings</h2>\n<h3>Borg Ship</h3><p>A dilemma.</p><ul><li>It attacks.</li></ul></body></html>";
        let r = read(Path::new("g.html"), doc.as_bytes()).unwrap();
        let titles: Vec<_> = r.entries.iter().map(|e| e.title.as_str()).collect();
        assert_eq!(
            titles,
            ["Glossary", "aboard", "present", "Rulings", "Borg Ship"]
        );
        assert!(r.entries[1].stub);
        assert_eq!(r.entries[1].see_also, ["present"]);
        assert_eq!(r.entries[1].heading_path, ["Glossary", "aboard"]);
        assert_eq!(r.entries[2].body, "Together at one location.");
        assert_eq!(r.entries[4].body, "A dilemma.\n\n• It attacks.");
        assert_eq!(r.entries[4].heading_path, ["Rulings", "Borg Ship"]);
        assert_eq!(r.unplaced.len(), 1);
        assert_eq!(r.entries[2].line, 5);
    }

    #[test]
    fn html_without_headings_is_an_error() {
        let e = read(Path::new("g.html"), b"<p>only text</p>")
            .unwrap_err()
            .to_string();
        assert!(e.contains("g.html:1") && e.contains("headings"), "{e}");
    }
}
