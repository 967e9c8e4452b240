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

/// Where `needle` (written in lower case) first occurs in `text` compared
/// case-insensitively, as a byte range of `text` itself. Lower-casing can
/// change a character's length (`İ` becomes two characters, the Kelvin sign
/// `K` shrinks to `k`), so an offset found in a lower-cased copy is no offset
/// in the original: slicing the original with it panics or cuts the wrong
/// text. Never slice one string with offsets found in another.
pub fn find_folded(text: &str, needle: &str) -> Option<std::ops::Range<usize>> {
    let mut lower = String::with_capacity(text.len());
    // For each byte of `lower`, the original character it came from.
    let mut origin: Vec<usize> = Vec::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        for l in c.to_lowercase() {
            lower.push(l);
            origin.resize(lower.len(), i);
        }
    }
    let at = lower.find(needle)?;
    let end = at + needle.len();
    let last = origin
        .get(end.checked_sub(1)?)
        .copied()
        .unwrap_or(text.len());
    let last_len = text[last..].chars().next().map_or(0, char::len_utf8);
    Some(origin.get(at).copied().unwrap_or(text.len())..last + last_len)
}

/// How many times a PDF extractor repeats a bold run ("OwneOwneOwneOwner:r:r:r:").
const STUTTER: usize = 4;
/// The longest repeated unit considered a stutter ("The ship " is 9 chars).
const STUTTER_MAX_UNIT: usize = 40;

/// Collapse PDF stutter: any unit repeated exactly four times in a row becomes
/// one copy ("PersonnelPersonnelPersonnelPersonnel" → "Personnel", ", , , , " →
/// ", "). A one-character unit must be a letter, so "...." and "----" survive.
pub fn repair_stutter(text: &str) -> (String, usize) {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut repairs = 0;
    let mut i = 0;
    while i < chars.len() {
        match stutter_unit_at(&chars, i) {
            Some(len) => {
                out.extend(&chars[i..i + len]);
                i += len * STUTTER;
                repairs += 1;
            }
            None => {
                out.push(chars[i]);
                i += 1;
            }
        }
    }
    (out, repairs)
}

/// The shortest unit starting at `i` that is repeated four times, if any.
fn stutter_unit_at(chars: &[char], i: usize) -> Option<usize> {
    let rest = chars.len() - i;
    (1..=STUTTER_MAX_UNIT.min(rest / STUTTER)).find(|&len| {
        let unit = &chars[i..i + len];
        if !unit.iter().any(|c| !c.is_whitespace()) {
            return false;
        }
        if len == 1 && !unit[0].is_alphabetic() {
            return false;
        }
        (1..STUTTER).all(|k| &chars[i + k * len..i + (k + 1) * len] == unit)
    })
}

/// Replace U+FFFD left where a typographic quote was lost in a web scrape:
/// between letters it was an apostrophe (`don�t`), before a word an opening
/// quote, otherwise a closing one.
pub fn repair_replacement_chars(text: &str) -> (String, usize) {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut repairs = 0;
    for (i, &c) in chars.iter().enumerate() {
        if c != '\u{fffd}' {
            out.push(c);
            continue;
        }
        let before = i.checked_sub(1).map(|j| chars[j]);
        let after = chars.get(i + 1).copied();
        let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
        out.push(if word(before) && word(after) {
            '’'
        } else if !word(before) && after.is_some_and(|c| !c.is_whitespace()) {
            '“'
        } else {
            '”'
        });
        repairs += 1;
    }
    (out, repairs)
}

/// Join the hard-wrapped lines of one paragraph, removing a hyphen that split
/// a word across lines ("battle-\nfield" → "battlefield"). Returns the joined
/// text and the number of joins.
pub fn join_wrapped(lines: &[&str]) -> (String, usize) {
    let mut out = String::new();
    let mut joins = 0;
    for line in lines.iter().map(|l| l.trim()).filter(|l| !l.is_empty()) {
        if out.is_empty() {
            out.push_str(line);
            continue;
        }
        joins += 1;
        let hyphen_after_letter =
            out.ends_with('-') && out[..out.len() - 1].ends_with(|c: char| c.is_alphabetic());
        if hyphen_after_letter && line.starts_with(|c: char| c.is_lowercase()) {
            out.pop();
        } else if !hyphen_after_letter {
            out.push(' ');
        }
        out.push_str(line);
    }
    (out, joins)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folded_needles_are_found_at_offsets_of_the_original() {
        // `İ` lower-cases to two characters and the Kelvin sign to one
        // shorter one: offsets in the lower-cased copy would be wrong here.
        let text = "İİ \u{212A}lingon must do nothing but wait. Next.";
        let r = find_folded(text, "must do nothing but").unwrap();
        assert_eq!(&text[r.clone()], "must do nothing but");
        let k = find_folded(text, "klingon").unwrap();
        assert_eq!(&text[k], "\u{212A}lingon");
        let i = find_folded(text, "i\u{307}i\u{307}").unwrap();
        assert_eq!(&text[i], "İİ");
        // A needle that ends inside a character's lower case takes it whole.
        assert_eq!(&text[find_folded(text, "i").unwrap()], "İ");
        assert_eq!(find_folded(text, "romulan"), None);
        assert_eq!(find_folded(text, ""), None);
    }

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
    #[test]
    fn pdf_stutter_collapses_to_one_copy() {
        let (t, n) = repair_stutter("PersonnelPersonnelPersonnelPersonnel, , , , Ships");
        assert_eq!(t, "Personnel, Ships");
        assert_eq!(n, 2);
        let (t, _) =
            repair_stutter("CommandCommandCommandCommand and OwneOwneOwneOwner:r:r:r: You");
        assert_eq!(t, "Command and Owner: You");
        let (t, _) = repair_stutter("The ship The ship The ship The ship must must must must be");
        assert_eq!(t, "The ship must be");
        let (t, _) = repair_stutter("DDDDamageamageamageamage and OrdeOrdeOrdeOrderrrrssss");
        assert_eq!(t, "Damage and Orders");
    }

    #[test]
    fn stutter_leaves_ordinary_text_alone() {
        let text = "Wait.... ---- ok: 1111 is fine; a a a is fine; bookkeeper";
        assert_eq!(repair_stutter(text), (text.to_string(), 0));
    }

    #[test]
    fn replacement_chars_become_quotes() {
        let (t, n) =
            repair_replacement_chars("You don\u{fffd}t use \u{fffd}once per game\u{fffd} twice");
        assert_eq!(t, "You don’t use “once per game” twice");
        assert_eq!(n, 3);
    }

    #[test]
    fn wrapped_lines_join_and_dehyphenate() {
        let (t, n) = join_wrapped(&["a battle-", "field with ", "  Borg-", "Federation"]);
        assert_eq!(t, "a battlefield with Borg-Federation");
        assert_eq!(n, 3);
    }
}
