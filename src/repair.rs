//! Text repair shared by the readers: Mac-Roman mojibake, PDF stutter, and the
//! folding used to compare titles.
//!
//! Each repair function returns the repaired text and how many repairs it made,
//! so the ingest summary can report them.

use unicode_normalization::UnicodeNormalization;

/// The Mac-Roman characters for bytes 0xA0..=0xFF, which show up as the Latin-1
/// character of the same byte when a Mac-Roman file is read as Latin-1
/// (`Õ` for `’`, `Ò` for `“`, `¥` for `•`).
const MAC_ROMAN_HIGH: [char; 96] = [
    '†', '°', '¢', '£', '§', '•', '¶', 'ß', '®', '©', '™', '´', '¨', '≠', 'Æ', 'Ø', //
    '∞', '±', '≤', '≥', '¥', 'µ', '∂', '∑', '∏', 'π', '∫', 'ª', 'º', 'Ω', 'æ', 'ø', //
    '¿', '¡', '¬', '√', 'ƒ', '≈', '∆', '«', '»', '…', ' ', 'À', 'Ã', 'Õ', 'Œ', 'œ', //
    '–', '—', '“', '”', '‘', '’', '÷', '◊', 'ÿ', 'Ÿ', '⁄', '€', '‹', '›', 'ﬁ', 'ﬂ', //
    '‡', '·', '‚', '„', '‰', 'Â', 'Ê', 'Á', 'Ë', 'È', 'Í', 'Î', 'Ï', 'Ì', 'Ó', 'Ô', //
    '\u{F8FF}', 'Ò', 'Ú', 'Û', 'Ù', 'ı', 'ˆ', '˜', '¯', '˘', '˙', '˚', '¸', '˝', '˛', 'ˇ',
];

/// Windows-1252 characters in 0x80..0x9F that stand for Mac-Roman accented
/// letters (`Ž` was byte 0x8E, Mac-Roman `é`).
const MAC_ROMAN_FROM_CP1252: [(char, char); 6] = [
    ('Ž', 'é'),
    ('Š', 'ä'),
    ('š', 'ö'),
    ('Ÿ', 'ü'),
    ('‡', 'á'),
    ('€', 'Ä'),
];

/// Repair Mac-Roman text that was decoded as Latin-1. Only for documents known
/// to carry this mojibake: it would damage genuine accented Latin-1 text.
pub fn repair_mac_roman(text: &str) -> (String, usize) {
    let mut out = String::with_capacity(text.len());
    let mut repairs = 0;
    for c in text.chars() {
        let code = c as u32;
        let fixed = if (0xA0..=0xFF).contains(&code) && c != '\u{a0}' {
            Some(MAC_ROMAN_HIGH[(code - 0xA0) as usize])
        } else {
            MAC_ROMAN_FROM_CP1252
                .iter()
                .find(|(bad, _)| *bad == c)
                .map(|(_, good)| *good)
        };
        match fixed {
            Some(g) => {
                out.push(g);
                repairs += 1;
            }
            None => out.push(c),
        }
    }
    (out, repairs)
}

/// Fold text for matching titles and names: lowercase, accents removed,
/// typographic quotes and dashes made plain, whitespace collapsed.
pub fn fold_for_match(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut last_space = true;
    for c in text.nfkd() {
        let c = match c {
            '’' | '‘' | '`' | '´' => '\'',
            '“' | '”' | '„' => '"',
            '–' | '—' | '‐' | '‑' => '-',
            '\u{a0}' => ' ',
            c if unicode_normalization::char::is_combining_mark(c) => continue,
            c => c,
        };
        if c.is_whitespace() {
            if !last_space {
                out.push(' ');
            }
            last_space = true;
        } else {
            out.extend(c.to_lowercase());
            last_space = false;
        }
    }
    if out.ends_with(' ') {
        out.pop();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mac_roman_mojibake_is_repaired() {
        let (t, n) = repair_mac_roman("opponentÕs ÒjustÓ Ð ¥ item");
        assert_eq!(t, "opponent’s “just” – • item");
        assert_eq!(n, 5);
    }

    #[test]
    fn fold_makes_titles_comparable() {
        assert_eq!(fold_for_match("Q’s  Tent"), "q's tent");
        assert_eq!(fold_for_match("actions – “just”"), "actions - \"just\"");
        assert_eq!(fold_for_match("Pétanque"), "petanque");
    }
}
