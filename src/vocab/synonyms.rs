//! `glossary/synonyms.toml`: the abbreviations and everyday words players use
//! for game terms, and the filler words of questions, used by [`crate::search`]
//! to expand and trim a query.

use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Synonyms {
    /// Case-sensitive whole-word abbreviations → what they stand for.
    #[serde(default)]
    pub abbreviations: BTreeMap<String, String>,
    /// Groups of interchangeable words or phrases.
    #[serde(default)]
    pub synonyms: Vec<SynonymGroup>,
    #[serde(default)]
    pub question: QuestionWords,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SynonymGroup {
    pub words: Vec<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuestionWords {
    pub words: Vec<String>,
}

impl Synonyms {
    /// What a query adds through abbreviations and synonym groups: each
    /// expansion is a phrase to search for alongside the query's own words.
    pub fn expand(&self, query: &str) -> Vec<String> {
        let words: Vec<&str> = query
            .split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '\''))
            .filter(|w| !w.is_empty())
            .collect();
        let mut out: Vec<String> = Vec::new();
        let mut add = |s: &str| {
            if !out.iter().any(|o| o.eq_ignore_ascii_case(s)) {
                out.push(s.to_string());
            }
        };
        for w in &words {
            if let Some(full) = self.abbreviations.get(*w) {
                add(full);
            }
        }
        let folded = format!(" {} ", words.join(" ").to_lowercase());
        for g in &self.synonyms {
            let hit = g
                .words
                .iter()
                .any(|w| folded.contains(&format!(" {} ", w.to_lowercase())));
            if hit {
                for w in &g.words {
                    if !folded.contains(&format!(" {} ", w.to_lowercase())) {
                        add(w);
                    }
                }
            }
        }
        out
    }

    /// True for a question's filler word ("can", "what", "happens").
    pub fn is_question_word(&self, word: &str) -> bool {
        let w = word.to_lowercase();
        self.question.words.contains(&w)
    }
}

#[cfg(test)]
mod tests {
    use crate::vocab::vocabulary;

    #[test]
    fn abbreviations_match_case_and_groups_expand() {
        let s = &vocabulary().synonyms;
        assert_eq!(
            s.expand("may an AT beam"),
            ["Away Team", "transport", "transporter", "beaming"]
        );
        assert!(s.expand("look at this").is_empty());
        assert!(s.expand("HQ").contains(&"headquarters".to_string()));
        assert!(s.is_question_word("Can") && !s.is_question_word("beam"));
    }
}
