//! How text becomes index terms: the analyzers (English stemming; Italian
//! stemming without stop words and elided articles), and how a question is
//! split into words and "quoted phrases".

use super::stem::{RememberingStemmer, StemLanguage};
use tantivy::tokenizer::{
    AsciiFoldingFilter, Language, LowerCaser, RemoveLongFilter, SimpleTokenizer, StopWordFilter,
    TextAnalyzer,
};
use tantivy::Index;

pub const EN: &str = "daystrom_en";
pub const IT: &str = "daystrom_it";

/// Derivational endings the stemmer leaves apart ("fail" / "failure"):
/// a word's other forms are its stem with one of them added, and the word
/// with one of them taken off (leaving at least DERIVED_MIN letters).
const DERIVATIONS: &[&str] = &["s", "ed", "ing", "ure", "ment", "ion", "ation"];
const DERIVED_MIN: usize = 4;

/// Elided Italian words the stop list lacks: the tokenizer splits
/// "quest'anno" into "quest" and "anno" ("l'", "dell'", "all'", "un'" are
/// in the list).
const ITALIAN_ELISIONS: &[&str] = &[
    "quest", "quell", "nessun", "qual", "d", "m", "t", "s", "v", "n",
];

/// The analyzer name for documents in `lang`.
pub fn analyzer_name(lang: &str) -> &'static str {
    if lang.eq_ignore_ascii_case("it") {
        IT
    } else {
        EN
    }
}

fn english_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(40))
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .filter(RememberingStemmer(StemLanguage::English))
        .build()
}

/// Italian drops its articles, prepositions and other stop words (before
/// folding accents, as the stop list spells them) on both the index and the
/// query, so "l'occultamento" and "dell'occultamento" are "occultamento".
fn italian_analyzer() -> TextAnalyzer {
    let builder = TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(40))
        .filter(LowerCaser)
        .filter(StopWordFilter::remove(
            ITALIAN_ELISIONS.iter().map(|w| w.to_string()),
        ))
        .dynamic();
    let builder = match StopWordFilter::new(Language::Italian) {
        Some(stop) => builder.filter_dynamic(stop),
        None => builder,
    };
    builder
        .filter_dynamic(AsciiFoldingFilter)
        .filter_dynamic(RememberingStemmer(StemLanguage::Italian))
        .build()
}

pub fn register(index: &Index) {
    index.tokenizers().register(EN, english_analyzer());
    index.tokenizers().register(IT, italian_analyzer());
}

/// Analyzed tokens of a piece of text.
pub fn tokens(analyzer: &mut TextAnalyzer, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut stream = analyzer.token_stream(text);
    while let Some(t) = stream.next() {
        out.push(t.text.clone());
    }
    out
}

/// The query's words, and the "quoted phrases" that must occur.
pub struct Parsed {
    pub phrases: Vec<String>,
    pub words: Vec<String>,
}

/// Split "quoted phrases" from the other words. Italian elisions are split
/// ("l'occultamento" → "l", "occultamento"); an English possessive is dropped.
pub fn parse_query(text: &str, italian: bool) -> Parsed {
    let mut phrases = Vec::new();
    let mut rest = String::new();
    for (i, part) in text.split('"').enumerate() {
        if i % 2 == 1 && !part.trim().is_empty() {
            phrases.push(part.trim().to_string());
        } else {
            rest.push(' ');
            rest.push_str(part);
        }
    }
    Parsed {
        phrases,
        words: split_words(&rest, italian),
    }
}

pub fn split_words(text: &str, italian: bool) -> Vec<String> {
    let apostrophe = |c: char| c == '\'' || c == '’';
    text.split(|c: char| !(c.is_alphanumeric() || (!italian && apostrophe(c))))
        .map(|w| {
            w.trim_matches(apostrophe)
                .trim_end_matches("'s")
                .trim_end_matches("’s")
                .to_string()
        })
        .filter(|w| !w.is_empty())
        .collect()
}

/// Other forms of `word` (stemmed `stem`) by one derivational ending added
/// or taken off, as index terms; whether the index has them is for the
/// caller to check.
pub fn derived_forms(analyzer: &mut TextAnalyzer, word: &str, stem: &str) -> Vec<String> {
    let lower = word.to_lowercase();
    let mut out: Vec<String> = Vec::new();
    let mut push = |candidate: &str, out: &mut Vec<String>| {
        for t in tokens(analyzer, candidate) {
            if t != stem && !out.contains(&t) {
                out.push(t);
            }
        }
    };
    for ending in DERIVATIONS {
        push(&format!("{stem}{ending}"), &mut out);
        if let Some(base) = lower.strip_suffix(ending) {
            if base.chars().count() >= DERIVED_MIN {
                push(base, &mut out);
            }
        }
    }
    out
}

/// A question's filler word in the language asked.
pub fn filler(word: &str, italian: bool) -> bool {
    let vocab = &crate::vocab::vocabulary().synonyms;
    if italian {
        vocab.is_italian_question_word(word)
    } else {
        vocab.is_question_word(word)
    }
}
