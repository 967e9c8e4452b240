//! Reader for the Italian current rulings, "Regole Aggiornate"
//! (`rulings-it-text`): entries "TITOLO - testo" (card titles in capitals,
//! game terms in mixed case such as "Abilità - ..."), continued on following
//! lines until the next title. Navigation lines of the web page before the
//! first entry are reported as unplaced.

use super::{
    decode_text, is_see_stub, see_references, title_key, ReadError, ReadReport, RulesEntry,
    Unplaced,
};
use regex::Regex;
use std::collections::HashMap;
use std::path::Path;
use std::sync::OnceLock;

const MAX_TITLE_CHARS: usize = 60;
/// A mixed-case title is a game term: short. A capitalised one is a card title.
const MAX_TERM_WORDS: usize = 5;
const MAX_CARD_WORDS: usize = 8;

pub fn read(path: &Path, bytes: &[u8]) -> Result<ReadReport, ReadError> {
    let text = decode_text(path, bytes)?;
    let mut report = ReadReport::default();
    for (line, l) in super::numbered_lines(&text) {
        let t = l.trim();
        if t.is_empty() {
            continue;
        }
        match (title_of(t), report.entries.last_mut()) {
            (Some((title, rest)), _) => report.entries.push(RulesEntry {
                title: title.to_string(),
                body: rest.trim().to_string(),
                line,
                source: Some("Regole Aggiornate".into()),
                ..Default::default()
            }),
            (None, Some(e)) => {
                e.body.push('\n');
                e.body.push_str(t);
            }
            (None, None) => report.unplaced.push(Unplaced {
                line,
                text: t.to_string(),
            }),
        }
    }
    if report.entries.is_empty() {
        return Err(ReadError::malformed(
            path,
            text.lines().count().max(1),
            "no \"TITOLO - testo\" entries found (truncated or not a rulings document?)",
        ));
    }
    let titles: HashMap<String, String> = report
        .entries
        .iter()
        .map(|e| (title_key(&e.title), e.title.clone()))
        .collect();
    for e in &mut report.entries {
        e.see_also = see_references(&e.body);
        for t in vedi_unquoted(&e.body, &titles) {
            if !e.see_also.contains(&t) {
                e.see_also.push(t);
            }
        }
        e.stub = is_see_stub(&e.body);
    }
    Ok(report)
}

/// The cross-references [`see_references`] leaves out: unquoted ones ("Vedi
/// anche Classificazione.", "vedi anche scaricamento") — the longest run of
/// words after "vedi (anche)" that is a title of this document, so "vedi
/// regole pag. 28" is not taken for one — and a second quoted target ("Vedi
/// anche \"Space-Time Portal\" e \"Amanda Rogers\"").
fn vedi_unquoted(body: &str, titles: &HashMap<String, String>) -> Vec<String> {
    static VEDI: OnceLock<Regex> = OnceLock::new();
    static AND: OnceLock<Regex> = OnceLock::new();
    let vedi = VEDI.get_or_init(|| Regex::new(r"(?i)\bvedi (?:anche )?").expect("valid regex"));
    let and = AND.get_or_init(|| {
        Regex::new(r"(?i)\bvedi (?:anche )?[\x22“][^\x22”]+[\x22”] e [\x22“]([^\x22”]+)[\x22”]")
            .expect("valid regex")
    });
    let mut out = Vec::new();
    for m in vedi.find_iter(body) {
        let rest = body[m.end()..].lines().next().unwrap_or_default();
        if rest.starts_with(['"', '“']) {
            continue;
        }
        let words: Vec<&str> = rest.split_whitespace().take(MAX_TERM_WORDS).collect();
        let title = (1..=words.len()).rev().find_map(|n| {
            let candidate = words[..n].join(" ");
            titles.get(&title_key(
                candidate.trim_end_matches(['.', ',', ';', ':', ')']),
            ))
        });
        out.extend(title.cloned());
    }
    for c in and.captures_iter(body) {
        out.push(c[1].trim().to_string());
    }
    out
}

/// "ABANDON SHIP! - testo" or "Abilità - testo": the title and the text.
fn title_of(line: &str) -> Option<(&str, &str)> {
    let cut = line.find(" - ")?;
    let title = line[..cut].trim();
    let words = title.split_whitespace().count();
    if title.is_empty()
        || title.chars().count() > MAX_TITLE_CHARS
        || title.contains(". ")
        || title.ends_with(['.', ':', ','])
        || !title.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit() || c == '"')
    {
        return None;
    }
    let outside_parens: String = title.split('(').next().unwrap_or(title).to_string();
    let capitals = !outside_parens.chars().any(char::is_lowercase);
    let fits = if capitals {
        words <= MAX_CARD_WORDS
    } else {
        words <= MAX_TERM_WORDS && !title.contains(':')
    };
    fits.then_some((title, &line[cut + 3..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn italian_entries_split_on_titles() {
        let doc = "Torna indietro\n\n10 AND 01 - sono di genere maschile. Vedi anche \"Genere\"\n\nAbilità - un'abilità è qualsiasi cosa.\nLe abilità selezionabili sono: CIVILIAN - e altre.\n\nGenere - maschile o femminile.\nQuando una carta come Lal o Frame of Mind richiede - continua.\n\nLAL - vedi anche genere. Vedi anche Abilità selezionabili. Vedi regole pag. 28\n\nWORMHOLE - Vedi anche \"LAL\" e \"WORMHOLE\"\n";
        let r = read(Path::new("it.txt"), doc.as_bytes()).unwrap();
        let titles: Vec<_> = r.entries.iter().map(|e| e.title.as_str()).collect();
        assert_eq!(
            titles,
            ["10 AND 01", "Abilità", "Genere", "LAL", "WORMHOLE"]
        );
        assert_eq!(r.entries[0].see_also, ["Genere"]);
        assert_eq!(r.entries[3].see_also, ["Genere", "Abilità"]);
        assert_eq!(r.entries[4].see_also, ["LAL", "WORMHOLE"]);
        assert!(r.entries[1].body.contains("selezionabili"));
        assert!(r.entries[2].body.contains("Frame of Mind"));
        assert_eq!(r.unplaced.len(), 1);
    }

    #[test]
    fn not_rulings_is_a_clear_error() {
        let e = read(Path::new("it.txt"), b"solo testo senza titoli\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("it.txt:1") && e.contains("TITOLO"), "{e}");
    }
}
