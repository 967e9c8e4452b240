//! Reader for Decipher's Current Rulings (`rulings-text`): a NOTE, a LEGEND of
//! icon codes, a "SIGNIFICANT RULES CHANGES" list, then the RULINGS: entries
//! "Title - text" continued over following paragraphs until the next title. A
//! leading `*` marks an entry added or revised since the previous edition.
//!
//! The text carries Mac-Roman mojibake (`Õ` for `’`), repaired first. Deciding
//! what is a title: a paragraph "Title - text" with a short title is only a
//! candidate (bodies contain " - " too, and some entries have inner
//! sub-headings); the entries are in alphabetical order, so the titles are the
//! longest alphabetical run of candidates.

use super::{
    decode_text, is_see_stub, see_references, LegendIcon, ReadError, ReadReport, RulesEntry,
    Unplaced,
};
use crate::repair::{fold_for_match, repair_mac_roman};
use std::path::Path;

const LEGEND: &str = "LEGEND";
const RULINGS: &str = "RULINGS";
const CHANGES_PREFIX: &str = "SIGNIFICANT RULES CHANGES";
/// A title longer than this is body text.
const MAX_TITLE_CHARS: usize = 60;
const MAX_TITLE_WORDS: usize = 9;

/// A non-blank line of the document.
#[derive(Clone, Copy)]
struct Para<'a> {
    line: usize,
    text: &'a str,
}

pub fn read(path: &Path, bytes: &[u8]) -> Result<ReadReport, ReadError> {
    let raw = decode_text(path, bytes)?;
    let (text, repairs) = repair_mac_roman(&raw);
    let paras: Vec<Para> = super::numbered_lines(&text)
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(line, text)| Para { line, text })
        .collect();
    let rulings_at = paras
        .iter()
        .position(|p| p.text.trim() == RULINGS)
        .ok_or_else(|| {
            ReadError::malformed(
                path,
                1,
                format!("no \"{RULINGS}\" heading line: expected the Current Rulings layout"),
            )
        })?;
    let mut report = ReadReport {
        repairs,
        ..Default::default()
    };
    read_front_matter(&paras[..rulings_at], &mut report);
    report
        .entries
        .extend(read_rulings(&paras[rulings_at + 1..], &mut report.unplaced));
    if report.entries.is_empty() {
        return Err(ReadError::malformed(
            path,
            paras.last().map_or(1, |p| p.line),
            "no \"Title - text\" entries after RULINGS (truncated file?)",
        ));
    }
    super::rejoin_see_targets(&mut report.entries);
    Ok(report)
}

/// The part before RULINGS: the document title, the NOTE (kept as an entry:
/// it says where unresolved cross-references point), the legend, and the list
/// of significant changes (kept as one entry).
fn read_front_matter(paras: &[Para], report: &mut ReadReport) {
    let mut group = "icon";
    let mut section = "";
    let mut changes: Option<RulesEntry> = None;
    for p in paras {
        let t = p.text.trim();
        if t == LEGEND {
            section = LEGEND;
        } else if t.starts_with(CHANGES_PREFIX) {
            section = CHANGES_PREFIX;
            changes = Some(RulesEntry {
                title: t.to_string(),
                line: p.line,
                ..Default::default()
            });
        } else if let Some(note) = t.strip_prefix("NOTE:") {
            report.entries.push(RulesEntry {
                title: "NOTE".into(),
                body: note.trim().to_string(),
                line: p.line,
                ..Default::default()
            });
        } else if section == LEGEND {
            if let Some(icon) = legend_icon(t, group) {
                report.legend.push(icon);
            } else if t.ends_with("Icons") {
                group = if t.starts_with("Affiliation") {
                    "affiliation"
                } else if t.starts_with("Infiltrator") {
                    "infiltrator"
                } else {
                    "icon"
                };
            } else {
                report.unplaced.push(unplaced(p));
            }
        } else if let Some(c) = changes.as_mut() {
            if !c.body.is_empty() {
                c.body.push_str("\n\n");
            }
            c.body.push_str(t);
        } else {
            report.unplaced.push(unplaced(p));
        }
    }
    report.entries.extend(changes);
}

fn unplaced(p: &Para) -> Unplaced {
    Unplaced {
        line: p.line,
        text: p.text.trim().to_string(),
    }
}

/// "[AU]\tAlternate Universe", "<Fed>\tFederation", "{3}\tCountdown box".
fn legend_icon(t: &str, group: &str) -> Option<LegendIcon> {
    let close = match t.chars().next()? {
        '[' => ']',
        '<' => '>',
        '{' => '}',
        _ => return None,
    };
    let end = t.find(close)?;
    let meaning = t[end + 1..].trim();
    if meaning.is_empty() {
        return None;
    }
    let group = if t.starts_with('<') {
        "infiltrator"
    } else {
        group
    };
    Some(LegendIcon {
        code: t[..=end].to_string(),
        meaning: meaning.to_string(),
        group: group.to_string(),
    })
}

/// A candidate title paragraph: revised mark, title, and the text after " - ".
struct Candidate<'a> {
    revised: bool,
    title: String,
    rest: &'a str,
}

/// "* Title - text", "Borg - objectives - text".
fn candidate(text: &str) -> Option<Candidate<'_>> {
    let t = text.trim();
    let (revised, t) = match t.strip_prefix('*') {
        Some(r) => (true, r.trim_start()),
        None => (false, t),
    };
    let (cut, sep) = separator(t)?;
    let mut title = t[..cut].trim().to_string();
    let mut rest = &t[cut + sep..];
    if !plausible_title(&title) {
        return None;
    }
    // A lowercase sub-title ("Borg - objectives - ...") belongs to the title.
    if let Some(next) = rest.find(" - ") {
        let sub = &rest[..next];
        if sub.starts_with(|c: char| c.is_lowercase())
            && sub.split_whitespace().count() <= 5
            && !sub.contains(['.', ',', ':'])
        {
            title = format!("{title} - {sub}");
            rest = &rest[next + 3..];
        }
    }
    Some(Candidate {
        revised,
        title,
        rest,
    })
}

/// The first title separator: " - ", or the en dash " – " the repaired
/// mojibake gives ("battle, affiliation attack restrictions – When ...").
/// Its byte offset and length.
fn separator(t: &str) -> Option<(usize, usize)> {
    [" - ", " – "]
        .iter()
        .filter_map(|s| t.find(s).map(|at| (at, s.len())))
        .min()
}

fn plausible_title(title: &str) -> bool {
    !title.is_empty()
        && title.chars().count() <= MAX_TITLE_CHARS
        && title.split_whitespace().count() <= MAX_TITLE_WORDS
        && !title.replace("vs. ", "vs ").contains(". ")
        && !title.contains('\t')
        && !title.starts_with(['•', '(', '-'])
        && !title.ends_with(['.', ':'])
}

/// The alphabetical keys of a title: case, accents, quotes and punctuation
/// ignored; a comma or " - " separates a sub-entry ("battle, ship" sorts
/// before "Battle Bridge"). The document sorts mostly letter by letter
/// ("Cardassians, Non-Aligned" before "Cardassian Trap") but sometimes word
/// by word ("card play" before "Cardassians"), so both keys are kept.
pub(crate) fn sort_key(title: &str) -> SortKey {
    let parts = |keep_spaces: bool| {
        fold_for_match(title)
            .replace(" - ", ",")
            .split(',')
            .map(|part| {
                part.chars()
                    .filter(|c| c.is_alphanumeric() || (keep_spaces && c.is_whitespace()))
                    .collect::<String>()
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\u{0}")
    };
    SortKey {
        letters: parts(false),
        words: parts(true),
    }
}

/// A title's place in the alphabet, letter by letter and word by word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SortKey {
    letters: String,
    words: String,
}

impl SortKey {
    /// `self` may come before `next` in the document's order.
    fn precedes(&self, next: &SortKey) -> bool {
        self.letters <= next.letters || self.words <= next.words
    }
}

/// Indices of the longest non-decreasing run of keys; on ties the later
/// candidate wins (an inner sub-heading comes before the next true title).
fn alphabetical_run(keys: &[SortKey]) -> Vec<usize> {
    let n = keys.len();
    let mut len = vec![1usize; n];
    let mut prev: Vec<Option<usize>> = vec![None; n];
    for i in 0..n {
        for j in 0..i {
            if keys[j].precedes(&keys[i]) && len[j] + 1 >= len[i] {
                len[i] = len[j] + 1;
                prev[i] = Some(j);
            }
        }
    }
    let mut end = match (0..n).max_by_key(|&i| (len[i], i)) {
        Some(e) => Some(e),
        None => return Vec::new(),
    };
    let mut out = Vec::new();
    while let Some(i) = end {
        out.push(i);
        end = prev[i];
    }
    out.reverse();
    out
}

/// The RULINGS part: titles, continuation paragraphs, revision marks.
fn read_rulings(paras: &[Para], unplaced: &mut Vec<Unplaced>) -> Vec<RulesEntry> {
    let cands: Vec<(usize, Candidate)> = paras
        .iter()
        .enumerate()
        .filter_map(|(i, p)| candidate(p.text).map(|c| (i, c)))
        .collect();
    let keys: Vec<SortKey> = cands.iter().map(|(_, c)| sort_key(&c.title)).collect();
    let mut titles = std::collections::HashMap::new();
    for k in alphabetical_run(&keys) {
        let (i, c) = &cands[k];
        titles.insert(*i, c);
    }
    let off_run: std::collections::HashMap<usize, &Candidate> = cands
        .iter()
        .filter(|(i, _)| !titles.contains_key(i))
        .map(|(i, c)| (*i, c))
        .collect();
    let mut entries: Vec<RulesEntry> = Vec::new();
    let mut subs = SubHeadings::default();
    for (i, p) in paras.iter().enumerate() {
        match (titles.get(&i), entries.last_mut()) {
            (Some(c), _) => {
                subs.close();
                entries.push(RulesEntry {
                    title: c.title.clone(),
                    body: c.rest.trim().to_string(),
                    revised: c.revised,
                    line: p.line,
                    source: Some("Current Rulings".into()),
                    ..Default::default()
                })
            }
            (None, Some(e)) => {
                e.body.push_str("\n\n");
                e.body.push_str(p.text.trim_end());
                match off_run.get(&i) {
                    Some(c) => subs.open(e, c, p.line),
                    None => subs.extend(p.text),
                }
            }
            (None, None) => unplaced.push(unplaced_para(p)),
        }
    }
    subs.close();
    // Sub-headings come after every entry, so that they never renumber the
    // ids of the document's own titles.
    entries.extend(subs.done);
    for e in &mut entries {
        e.see_also = see_references(&e.body);
        e.stub = is_see_stub(&e.body);
    }
    entries
}

/// The sub-headings inside entries ("capture" holds "Brigs - ..." and
/// "Rescue - ..."): a candidate title out of the alphabetical run stays in
/// its entry's body and is also an entry of its own, under its entry's title,
/// running to the next sub-heading or title.
#[derive(Default)]
struct SubHeadings {
    open: Option<RulesEntry>,
    done: Vec<RulesEntry>,
}

impl SubHeadings {
    fn open(&mut self, parent: &RulesEntry, c: &Candidate, line: usize) {
        self.close();
        self.open = Some(RulesEntry {
            title: c.title.clone(),
            body: c.rest.trim().to_string(),
            revised: c.revised,
            line,
            heading_path: vec![parent.title.clone()],
            source: Some("Current Rulings".into()),
            ..Default::default()
        });
    }

    fn extend(&mut self, text: &str) {
        if let Some(e) = self.open.as_mut() {
            e.body.push_str("\n\n");
            e.body.push_str(text.trim_end());
        }
    }

    fn close(&mut self) {
        self.done.extend(self.open.take());
    }
}

fn unplaced_para(p: &Para) -> Unplaced {
    unplaced(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = "Current Rulings (1/1/99)\nNOTE: Cross-references refer to the Glossary.\n\n\nLEGEND\n\n\n[AU]\tAlternate Universe\n\n\nAffiliation Icons\n\n\n[Fed]\tFederation\n\n\nInfiltrator Icons\n\n\n<Fed>\tFederation\n\n\nSIGNIFICANT RULES CHANGES AND CLARIFICATIONS TO NOTE\n\n\ncapture: Revised.\n\n\nRULINGS\n\n\n* actions, group - A group action. See actions, \u{d2}just.\u{d3}\n\n\nactions, \u{d2}just\u{d3} - Some actions may be initiated only just after.\n\n\n\u{a5} When battling - a bullet continues the entry.\n\n\nBorg - objectives - You are limited to one.\n\n\ncapture - Captives are held.\n\n\nRescue - A sub-heading inside capture.\n\n\nCardassian Trap - Trap text - with a dash.\n\n\ndefault damage - See damage markers.\n";

    #[test]
    fn rulings_split_into_entries_with_marks_legend_and_repairs() {
        let r = read(Path::new("r.txt"), DOC.as_bytes()).unwrap();
        let titles: Vec<_> = r.entries.iter().map(|e| e.title.as_str()).collect();
        assert_eq!(
            titles,
            [
                "NOTE",
                "SIGNIFICANT RULES CHANGES AND CLARIFICATIONS TO NOTE",
                "actions, group",
                "actions, “just”",
                "Borg - objectives",
                "capture",
                "Cardassian Trap",
                "default damage",
                "Rescue"
            ]
        );
        let rescue = &r.entries[8];
        assert_eq!(rescue.heading_path, ["capture"]);
        assert_eq!(rescue.body, "A sub-heading inside capture.");
        assert!(r.entries[2].revised && !r.entries[3].revised);
        assert_eq!(r.entries[2].see_also, ["actions, just"]);
        assert!(r.entries[3].body.contains("• When battling"));
        assert!(r.entries[5].body.contains("Rescue - A sub-heading"));
        assert!(r.entries[7].stub);
        assert_eq!(r.repairs, 5);
        assert_eq!(r.legend.len(), 3);
        assert_eq!(r.legend[1].group, "affiliation");
        assert_eq!(r.legend[2].code, "<Fed>");
        assert_eq!(r.legend[2].group, "infiltrator");
        assert_eq!(r.unplaced.len(), 1);
        assert_eq!(r.unplaced[0].line, 1);
    }

    #[test]
    fn en_dash_and_vs_titles_are_titles() {
        assert_eq!(
            candidate("battle, affiliation attack restrictions – When attacking a force.")
                .map(|c| c.title),
            Some("battle, affiliation attack restrictions".to_string())
        );
        assert_eq!(
            candidate("skills vs. lore - When a card requires a skill.").map(|c| c.title),
            Some("skills vs. lore".to_string())
        );
        assert!(candidate("It is stopped. Then - nothing.").is_none());
    }

    #[test]
    fn broken_rulings_are_clear_errors() {
        let p = Path::new("r.txt");
        let e = read(p, b"Some other document\n").unwrap_err().to_string();
        assert!(e.contains("RULINGS"), "{e}");
        let e = read(p, b"RULINGS\n\nno titles here at all\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("truncated"), "{e}");
        assert!(read(p, b"").is_err());
        assert!(read(p, b"\x00garbage").is_err());
    }
}
