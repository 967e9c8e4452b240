//! What a question is about before it is searched: its language (whatlang,
//! limited to the languages of the documents) and the edition it asks of
//! (explicit mentions, then vocabulary only the Second Edition uses, both
//! from `glossary/synonyms.toml`). Flags override both.

use serde::Serialize;

/// What was detected, and how: the JSON output reports it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Detected {
    /// "en" / "it".
    pub lang: String,
    /// "flag", "detected" or "default".
    pub lang_by: &'static str,
    /// "1e" / "2e", or none (every edition is searched).
    pub edition: Option<String>,
    /// "flag", "mention", "vocabulary" or "none".
    pub edition_by: &'static str,
}

/// The question's language: what whatlang, choosing between English and
/// Italian, is sure of; else, for a short question or one made mostly of
/// card names, the language whose question words it uses more ("che",
/// "succede", "può" against "what", "happens", "can"); English when neither
/// says (the default documents).
pub fn language(text: &str, flag: Option<&str>) -> (String, &'static str) {
    if let Some(l) = flag {
        return (l.to_lowercase(), "flag");
    }
    let detector =
        whatlang::Detector::with_allowlist(vec![whatlang::Lang::Eng, whatlang::Lang::Ita]);
    match detector.detect(text) {
        Some(info) if info.is_reliable() => {
            let italian = info.lang() == whatlang::Lang::Ita;
            (if italian { "it" } else { "en" }.into(), "detected")
        }
        _ => match question_words_vote(text) {
            std::cmp::Ordering::Greater => ("it".into(), "detected"),
            std::cmp::Ordering::Less => ("en".into(), "detected"),
            std::cmp::Ordering::Equal => ("en".into(), "default"),
        },
    }
}

/// Italian question words against English ones (words of both lists, such
/// as "a" or "in", left out).
fn question_words_vote(text: &str) -> std::cmp::Ordering {
    let vocab = &crate::vocab::vocabulary().synonyms;
    let (mut it, mut en) = (0, 0);
    for w in super::text::split_words(text, true) {
        match (
            vocab.is_italian_question_word(&w),
            vocab.is_question_word(&w),
        ) {
            (true, false) => it += 1,
            (false, true) => en += 1,
            _ => {}
        }
    }
    it.cmp(&en)
}

/// The edition a question asks of: the flag; an explicit mention ("2E",
/// "second edition"); else a word or phrase only the Second Edition uses
/// ("dilemma pile"). None when nothing says (every edition is searched).
pub fn edition(text: &str, flag: Option<&str>) -> (Option<String>, &'static str) {
    if let Some(e) = flag {
        return (Some(e.to_lowercase()), "flag");
    }
    let words = &crate::vocab::vocabulary().synonyms.edition;
    let folded = fold(text);
    let named = |phrases: &[String]| phrases.iter().any(|p| folded.contains(&fold(p)));
    match (named(&words.first), named(&words.second)) {
        (true, false) => return (Some("1e".into()), "mention"),
        (false, true) => return (Some("2e".into()), "mention"),
        _ => {}
    }
    if named(&words.second_vocabulary) {
        return (Some("2e".into()), "vocabulary");
    }
    (None, "none")
}

/// The question without its edition mentions: "2E" says where to look, not
/// what to look for (expanded, it would pull entries about Second Edition
/// cards above the answer).
pub fn without_edition_mentions(text: &str) -> String {
    let words = &crate::vocab::vocabulary().synonyms.edition;
    let mut out = text.to_string();
    for p in words.first.iter().chain(&words.second) {
        let pattern: Vec<String> = p.split_whitespace().map(regex::escape).collect();
        if let Ok(re) = regex::Regex::new(&format!(r"(?i)\b{}\b", pattern.join(r"\s+"))) {
            out = re.replace_all(&out, " ").into_owned();
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The lower-case words of `text` joined by single spaces and padded with a
/// space each side, so a phrase matches whole words only.
fn fold(text: &str) -> String {
    let words: Vec<String> = text
        .split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’'))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    format!(" {} ", words.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn italian_is_detected_and_flags_override() {
        let (lang, by) = language(
            "posso giocare un evento durante il turno del mio avversario?",
            None,
        );
        assert_eq!((lang.as_str(), by), ("it", "detected"));
        let (lang, _) = language(
            "can I play an event during my opponent's turn if I have no cards left?",
            None,
        );
        assert_eq!(lang, "en");
        assert_eq!(language("qualcosa", Some("en")), ("en".into(), "flag"));
        // Short, or mostly card names: the question words decide.
        assert_eq!(
            language("che succede se incontro una mia Q-Flash?", None).0,
            "it"
        );
        assert_eq!(language("what about Q-Flash?", None).0, "en");
    }

    #[test]
    fn editions_from_mentions_and_vocabulary() {
        assert_eq!(
            edition("in 2E how does the dilemma pile work", None),
            (Some("2e".into()), "mention")
        );
        assert_eq!(
            edition("is this the same in first edition", None).0,
            Some("1e".into())
        );
        assert_eq!(
            edition("how big may my dilemma pile be", None),
            (Some("2e".into()), "vocabulary")
        );
        assert_eq!(edition("can I beam through shields", None).0, None);
        assert_eq!(edition("anything", Some("1E")).0, Some("1e".into()));
        assert_eq!(
            without_edition_mentions("In 2E, how do I pay costs?"),
            "In , how do I pay costs?"
        );
    }
}
