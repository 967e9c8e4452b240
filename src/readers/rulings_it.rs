//! Reader for the Italian current rulings, "Regole Aggiornate"
//! (`rulings-it-text`): entries "TITOLO - testo" (card titles in capitals,
//! game terms in mixed case such as "Abilità - ..."), continued on following
//! lines until the next title. Navigation lines of the web page before the
//! first entry are reported as unplaced.

use super::{
    decode_text, is_see_stub, see_references, ReadError, ReadReport, RulesEntry, Unplaced,
};
use std::path::Path;

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
    for e in &mut report.entries {
        e.see_also = see_references(&e.body);
        e.stub = is_see_stub(&e.body);
    }
    Ok(report)
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
        let doc = "Torna indietro\n\n10 AND 01 - sono di genere maschile. Vedi anche \"Genere\"\n\nAbilità - un'abilità è qualsiasi cosa.\nLe abilità selezionabili sono: CIVILIAN - e altre.\n\nGenere - maschile o femminile.\nQuando una carta come Lal o Frame of Mind richiede - continua.\n";
        let r = read(Path::new("it.txt"), doc.as_bytes()).unwrap();
        let titles: Vec<_> = r.entries.iter().map(|e| e.title.as_str()).collect();
        assert_eq!(titles, ["10 AND 01", "Abilità", "Genere"]);
        assert_eq!(r.entries[0].see_also, ["Genere"]);
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
