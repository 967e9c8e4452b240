//! The shape of game text: tokens (words, `{Title}` references, `[Icon]`s,
//! punctuation), alternative functions joined by a capital "OR", and
//! sentences (a parenthetical standing alone is its own sentence).
//!
//! Invariant: nothing here knows game words except the few grammar words that
//! mark structure ("OR", "once"/"per"); game vocabulary is in the lexicon.

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokKind {
    Word,
    /// A `{Title}` reference; `text` is the title.
    Ref,
    /// An `[Icon]`; `text` is the bracketed code.
    Icon,
    Punct,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    pub kind: TokKind,
    /// Lower-cased for words; as printed for references and icons.
    pub text: String,
    /// True for a word printed all in capitals ("OR").
    pub caps: bool,
}

impl Token {
    pub fn is_word(&self, w: &str) -> bool {
        self.kind == TokKind::Word && self.text == w
    }

    pub fn is_punct(&self, p: &str) -> bool {
        self.kind == TokKind::Punct && self.text == p
    }
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || "'-/+=<>*&%".contains(c)
}

/// Split game text into tokens. Never fails: unknown characters are punctuation.
pub fn tokenize(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text
        .chars()
        .map(|c| match c {
            '’' | '‘' | '`' => '\'',
            _ => c,
        })
        .collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || matches!(c, '"' | '“' | '”') {
            i += 1;
        } else if c == '{' || c == '[' {
            let close = if c == '{' { '}' } else { ']' };
            let end = chars[i..]
                .iter()
                .position(|&d| d == close)
                .map(|p| i + p)
                .unwrap_or(chars.len());
            let inner: String = chars[i + 1..end.min(chars.len())].iter().collect();
            let (kind, text) = if c == '{' {
                (TokKind::Ref, inner.trim().to_string())
            } else {
                (TokKind::Icon, format!("[{}]", inner.trim()))
            };
            out.push(Token {
                kind,
                text,
                caps: false,
            });
            i = end + 1;
        } else if is_word_char(c) {
            let start = i;
            // A period inside a word (V.I.P, U.S.S) belongs to the word.
            while i < chars.len()
                && (is_word_char(chars[i])
                    || (chars[i] == '.'
                        && i + 1 < chars.len()
                        && chars[i + 1].is_alphanumeric()
                        && i > start))
            {
                i += 1;
            }
            let mut word: String = chars[start..i].iter().collect();
            if i < chars.len() && chars[i] == '.' && (word.contains('.') || word == "etc") {
                word.push('.');
                i += 1;
            }
            push_word(&mut out, &word);
        } else {
            out.push(Token {
                kind: TokKind::Punct,
                text: c.to_string(),
                caps: false,
            });
            i += 1;
        }
    }
    out
}

/// Push a word, splitting the grammatical prefixes "just-" and "non-" off.
fn push_word(out: &mut Vec<Token>, word: &str) {
    let lower = word.to_lowercase();
    for prefix in ["just-", "non-"] {
        if let Some(rest) = lower.strip_prefix(prefix) {
            if !rest.is_empty() && rest.chars().next().is_some_and(|c| c.is_alphabetic()) {
                let p = prefix.trim_end_matches('-');
                out.push(Token {
                    kind: TokKind::Word,
                    text: if p == "non" { "non-".into() } else { p.into() },
                    caps: false,
                });
                push_word(out, &word[prefix.len()..]);
                return;
            }
        }
    }
    let caps = word.chars().any(|c| c.is_alphabetic())
        && word
            .chars()
            .filter(|c| c.is_alphabetic())
            .all(|c| c.is_uppercase());
    out.push(Token {
        kind: TokKind::Word,
        text: lower,
        caps,
    });
}

/// Render tokens back to readable text (for reports).
pub fn render(tokens: &[Token]) -> String {
    let mut s = String::new();
    for t in tokens {
        let piece = match t.kind {
            TokKind::Ref => format!("{{{}}}", t.text),
            _ => t.text.clone(),
        };
        let glue = t.kind == TokKind::Punct
            && [",", ".", ";", ":", ")", "!", "?"].contains(&t.text.as_str());
        if !s.is_empty() && !glue && !s.ends_with('(') {
            s.push(' ');
        }
        s.push_str(&piece);
    }
    s
}

/// Split a function into sentences. A parenthetical standing at the start of a
/// sentence is a sentence of its own.
pub fn sentences(tokens: &[Token]) -> Vec<(Vec<Token>, bool)> {
    let mut out: Vec<(Vec<Token>, bool)> = Vec::new();
    let mut cur: Vec<Token> = Vec::new();
    let mut depth = 0usize;
    let mut paren_sentence = false;
    for t in tokens {
        if t.is_punct("(") {
            if depth == 0 && cur.is_empty() {
                paren_sentence = true;
            }
            depth += 1;
            cur.push(t.clone());
            continue;
        }
        if t.is_punct(")") {
            depth = depth.saturating_sub(1);
            cur.push(t.clone());
            if depth == 0 && paren_sentence {
                out.push((std::mem::take(&mut cur), true));
                paren_sentence = false;
            }
            continue;
        }
        let ends = depth == 0 && (t.is_punct(".") || t.is_punct("!") || t.is_punct("?"));
        if ends {
            if !cur.is_empty() {
                out.push((std::mem::take(&mut cur), paren_sentence));
            }
            paren_sentence = false;
        } else {
            cur.push(t.clone());
        }
    }
    if !cur.is_empty() {
        out.push((cur, paren_sentence));
    }
    out
}

/// Split at every capital "OR" for which `starts_function` says the words
/// after it begin a new function (or when it follows a finished sentence).
pub fn functions(tokens: &[Token], starts_function: impl Fn(&[Token]) -> bool) -> Vec<Vec<Token>> {
    let mut out = Vec::new();
    let mut cur: Vec<Token> = Vec::new();
    let mut depth = 0usize;
    for (i, t) in tokens.iter().enumerate() {
        if t.is_punct("(") {
            depth += 1;
        } else if t.is_punct(")") {
            depth = depth.saturating_sub(1);
        }
        let split = depth == 0
            && t.is_word("or")
            && t.caps
            && !cur.is_empty()
            && (ends_sentence(&cur) || starts_function(&tokens[i + 1..]));
        if split {
            out.push(std::mem::take(&mut cur));
        } else {
            cur.push(t.clone());
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// True when the tokens so far end a sentence: "." or a parenthetical closed by ".)".
fn ends_sentence(cur: &[Token]) -> bool {
    match cur {
        [.., p] if p.is_punct(".") => true,
        [.., d, p] if p.is_punct(")") => d.is_punct("."),
        _ => false,
    }
}

/// "once per game", "once each turn", "thrice per game", "once per battle"...
pub fn limit_at(tokens: &[Token], i: usize) -> Option<(usize, String)> {
    let t = tokens.get(i)?;
    if !["once", "twice", "thrice"].contains(&t.text.as_str()) || t.kind != TokKind::Word {
        return None;
    }
    let q = tokens.get(i + 1)?;
    if !["per", "each", "every"].contains(&q.text.as_str()) {
        return None;
    }
    let what = tokens.get(i + 2)?;
    if what.kind != TokKind::Word {
        return None;
    }
    Some((i + 3, format!("{} {} {}", t.text, q.text, what.text)))
}

/// True when the words of `phrase` start at `i`.
pub fn phrase_at(toks: &[Token], i: usize, phrase: &str) -> Option<usize> {
    let words: Vec<Token> = tokenize(phrase);
    let mut j = i;
    for w in &words {
        let t = toks.get(j)?;
        if t.text != w.text || t.kind == TokKind::Punct && w.kind != TokKind::Punct {
            return None;
        }
        j += 1;
    }
    Some(j)
}

/// The longest of `phrases` starting at `i`: its end.
pub fn any_phrase_at(toks: &[Token], i: usize, phrases: &[String]) -> Option<usize> {
    phrases.iter().filter_map(|p| phrase_at(toks, i, p)).max()
}

/// Whether one of `phrases` stands anywhere in `toks`.
pub fn has_phrase(toks: &[Token], phrases: &[String]) -> bool {
    (0..toks.len()).any(|k| any_phrase_at(toks, k, phrases).is_some())
}

/// A word and its singular forms ("klingons" → "klingon", "classes" → "class").
pub fn singulars(w: &str) -> Vec<String> {
    let mut out = vec![w.to_string()];
    if let Some(s) = w.strip_suffix("es") {
        out.push(s.to_string());
    }
    if let Some(s) = w.strip_suffix('s') {
        out.push(s.to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_icons_and_abbreviations_are_single_tokens() {
        let t = tokenize("Plays on your [Rom] V.I.P. and {U.S.S. Enterprise}. Discard.");
        let texts: Vec<&str> = t.iter().map(|t| t.text.as_str()).collect();
        assert_eq!(
            texts,
            vec![
                "plays",
                "on",
                "your",
                "[Rom]",
                "v.i.p.",
                "and",
                "U.S.S. Enterprise",
                ".",
                "discard",
                "."
            ]
        );
    }

    #[test]
    fn just_and_non_prefixes_split() {
        let t = tokenize("a just-initiated battle against non-Interrupt cards");
        let texts: Vec<&str> = t.iter().map(|t| t.text.as_str()).collect();
        assert_eq!(
            texts,
            vec![
                "a",
                "just",
                "initiated",
                "battle",
                "against",
                "non-",
                "interrupt",
                "cards"
            ]
        );
    }

    #[test]
    fn parenthetical_sentences_stand_alone() {
        let t = tokenize(
            "Nullifies {Calamarain}. (Immune to {Amanda Rogers}.) Kills one (random selection).",
        );
        let s = sentences(&t);
        assert_eq!(s.len(), 3);
        assert!(s[1].1);
        assert!(!s[2].1);
    }

    #[test]
    fn capital_or_splits_only_before_a_new_function() {
        let t = tokenize("Unless 2 SECURITY OR {Worf} present, kills one. OR Nullifies {Hail}.");
        let f = functions(&t, |rest| {
            rest.first().is_some_and(|w| w.text == "nullifies")
        });
        assert_eq!(f.len(), 2);
    }
}
