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
    /// The same for Italian questions, in the Regole Aggiornate's words.
    #[serde(default)]
    pub synonyms_it: Vec<SynonymGroup>,
    #[serde(default)]
    pub question: QuestionWords,
    #[serde(default)]
    pub edition: EditionWords,
}

/// How a question names the edition it asks of.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EditionWords {
    /// Explicit mentions of the First Edition ("1E", "first edition").
    #[serde(default)]
    pub first: Vec<String>,
    /// Explicit mentions of the Second Edition ("2E", "second edition").
    #[serde(default)]
    pub second: Vec<String>,
    /// Words and phrases only the Second Edition uses ("dilemma pile").
    #[serde(default)]
    pub second_vocabulary: Vec<String>,
}

/// A phrase a query adds through an abbreviation or a synonym group.
#[derive(Debug, Clone, PartialEq)]
pub struct Expansion {
    pub text: String,
    /// The group was named only by another form of one of its words
    /// ("commandeers" for "commandeering"), not as written.
    pub by_other_form: bool,
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
    /// Filler words of Italian questions ("cosa", "come", "della").
    #[serde(default)]
    pub it: Vec<String>,
    /// Phrases that make a question ask for a definition ("what is",
    /// "mean"): definitions then outrank rulebook sections.
    #[serde(default)]
    pub definition: Vec<String>,
    /// Phrases that make a question ask how to do something ("how do I"):
    /// rulebook sections then compete with definitions on equal terms.
    #[serde(default)]
    pub procedure: Vec<String>,
}

impl Synonyms {
    /// What a query adds through abbreviations and synonym groups: each
    /// expansion is a phrase to search for alongside the query's own words.
    /// Words are compared as written, case aside; see [`Synonyms::expand_by`]
    /// to compare other forms of them.
    pub fn expand(&self, query: &str) -> Vec<String> {
        self.expand_by(query, &mut |w: &str| w.to_lowercase())
            .into_iter()
            .map(|e| e.text)
            .collect()
    }

    /// [`Synonyms::expand`] with each word of the query and of the synonym
    /// groups reduced by `stem` before comparing, so "doubles" finds the
    /// group of "doubling" and "commandeers" that of "commandeering".
    pub fn expand_by(&self, query: &str, stem: &mut dyn FnMut(&str) -> String) -> Vec<Expansion> {
        let forms = self.forms(false, stem);
        self.expand_with(query, &forms, stem)
    }

    /// [`Synonyms::expand_by`] for an Italian question: its groups only (the
    /// abbreviations stand for English words).
    pub fn expand_italian_by(
        &self,
        query: &str,
        stem: &mut dyn FnMut(&str) -> String,
    ) -> Vec<Expansion> {
        let forms = self.forms(true, stem);
        self.expand_with(query, &forms, stem)
    }

    /// The groups of a language with their words reduced by `stem`: worked
    /// out once by a searcher that keeps them ([`Synonyms::expand_with`]),
    /// since every question compares against every group.
    pub fn forms(&self, italian: bool, stem: &mut dyn FnMut(&str) -> String) -> GroupForms {
        let groups = if italian {
            &self.synonyms_it
        } else {
            &self.synonyms
        };
        let reduced = groups
            .iter()
            .map(|g| g.words.iter().map(|w| reduce(w, stem)).collect())
            .collect();
        let lower = groups
            .iter()
            .map(|g| {
                g.words
                    .iter()
                    .map(|w| format!(" {} ", w.to_lowercase()))
                    .collect()
            })
            .collect();
        GroupForms {
            italian,
            reduced,
            lower,
        }
    }

    /// [`Synonyms::expand_by`] (or its Italian form, as `forms` were made)
    /// against groups reduced beforehand.
    pub fn expand_with(
        &self,
        query: &str,
        forms: &GroupForms,
        stem: &mut dyn FnMut(&str) -> String,
    ) -> Vec<Expansion> {
        if forms.italian {
            self.expand_groups(query, false, &self.synonyms_it, forms, stem)
        } else {
            self.expand_groups(query, true, &self.synonyms, forms, stem)
        }
    }

    fn expand_groups(
        &self,
        query: &str,
        abbreviations: bool,
        groups: &[SynonymGroup],
        forms: &GroupForms,
        stem: &mut dyn FnMut(&str) -> String,
    ) -> Vec<Expansion> {
        let words: Vec<&str> = query
            .split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '\''))
            .filter(|w| !w.is_empty())
            .collect();
        let mut out: Vec<Expansion> = Vec::new();
        let mut add = |s: &str, by_other_form: bool| {
            if !out.iter().any(|o| o.text.eq_ignore_ascii_case(s)) {
                out.push(Expansion {
                    text: s.to_string(),
                    by_other_form,
                });
            }
        };
        for w in words.iter().filter(|_| abbreviations) {
            if let Some(full) = self.abbreviations.get(*w) {
                add(full, false);
            }
        }
        let folded = reduce(&words.join(" "), stem);
        // A group named as written adds its words the query does not have
        // as written (another form, "beaming" for "beam", still weighs in);
        // a group named only by another form adds just the words of other
        // stems, so "commandeered" does not count twice.
        let written = format!(" {} ", words.join(" ").to_lowercase());
        let as_written = |lower: &String| written.contains(lower.as_str());
        for ((g, reduced), lower) in groups.iter().zip(&forms.reduced).zip(&forms.lower) {
            let by_stem = |f: &String| !f.trim().is_empty() && folded.contains(f.as_str());
            let surface = lower.iter().any(as_written);
            if !surface && !reduced.iter().any(by_stem) {
                continue;
            }
            for ((w, f), l) in g.words.iter().zip(reduced).zip(lower) {
                if !as_written(l) && (surface || !by_stem(f)) {
                    add(w, !surface);
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

    /// True for a filler word of an Italian question ("cosa", "della").
    pub fn is_italian_question_word(&self, word: &str) -> bool {
        let w = word.to_lowercase();
        self.question.it.contains(&w)
    }

    /// True when the question asks what a term means ("what is a drone",
    /// "what does present mean").
    pub fn asks_definition(&self, query: &str) -> bool {
        contains_phrase(query, &self.question.definition)
    }

    /// True when the question asks how to do something ("how do I seed").
    pub fn asks_procedure(&self, query: &str) -> bool {
        contains_phrase(query, &self.question.procedure)
    }
}

/// The synonym groups of one language as one analyzer reduces them
/// ([`Synonyms::forms`]).
pub struct GroupForms {
    italian: bool,
    /// Per group, per word: its stems, spaced (" stem stem ").
    reduced: Vec<Vec<String>>,
    /// Per group, per word: lowercase, spaced.
    lower: Vec<Vec<String>>,
}

/// A text's words reduced by `stem`, spaced (" stem stem ") so a contained
/// form is whole words.
fn reduce(text: &str, stem: &mut dyn FnMut(&str) -> String) -> String {
    let stems: Vec<String> = text
        .split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '\''))
        .filter(|w| !w.is_empty())
        .map(&mut *stem)
        .filter(|w| !w.is_empty())
        .collect();
    format!(" {} ", stems.join(" "))
}

/// Whether one of `phrases` occurs in `query` as whole words, any case.
fn contains_phrase(query: &str, phrases: &[String]) -> bool {
    let folded = format!(
        " {} ",
        query
            .split(|c: char| !(c.is_alphanumeric() || c == '\''))
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase()
    );
    phrases
        .iter()
        .any(|d| folded.contains(&format!(" {} ", d.to_lowercase())))
}

#[cfg(test)]
mod tests {
    use crate::vocab::vocabulary;

    #[test]
    fn abbreviations_match_case_and_groups_expand() {
        let s = &vocabulary().synonyms;
        assert_eq!(
            s.expand("may an AT beam"),
            [
                "Away Team",
                "transport",
                "transporter",
                "beaming",
                "teleport",
                "teleporter"
            ]
        );
        // Italian questions use their own groups, never the abbreviations.
        let mut same = |w: &str| w.to_lowercase();
        let rubare = s.expand_italian_by("rubare una nave", &mut same);
        assert!(rubare.iter().any(|e| e.text == "requisire"));
        assert!(s.expand_italian_by("un AT", &mut same).is_empty());
        assert!(s.expand("look at this").is_empty());
        // Compared by stem, "doubles" names the group of "doubling".
        let mut stem = |w: &str| {
            let w = w.to_lowercase();
            let cut = ["ing", "es", "s"].iter().find_map(|x| w.strip_suffix(x));
            cut.unwrap_or(&w).to_string()
        };
        assert!(s.expand("doubles").is_empty());
        let doubles = s.expand_by("another doubles SHIELDS", &mut stem);
        assert!(doubles
            .iter()
            .any(|e| e.text == "add then multiply" && e.by_other_form));
        assert!(s.expand("HQ").contains(&"headquarters".to_string()));
        assert!(s.is_question_word("Can") && !s.is_question_word("beam"));
        assert!(s.is_italian_question_word("Cosa") && !s.is_italian_question_word("nave"));
        assert!(s.asks_definition("What is a drone?") && s.asks_definition("what's present"));
        assert!(!s.asks_definition("how do I beam") && s.asks_procedure("How do I beam?"));
    }
}
