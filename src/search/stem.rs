//! Stemming with a memory: the same few thousand words are stemmed again and
//! again (every snippet re-analyzes the passages it shows), and the Snowball
//! algorithms cost far more than a lookup. A word's stem never changes, so
//! each thread keeps the stems it has worked out; the tokens are exactly
//! those of tantivy's own `Stemmer` filter.

use rust_stemmers::{Algorithm, Stemmer};
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use tantivy::tokenizer::{Token, TokenFilter, TokenStream, Tokenizer};

/// Stems a thread keeps per language before starting afresh (the corpus has
/// far fewer distinct words; this only bounds memory on hostile input).
const REMEMBERED: usize = 100_000;

/// The languages the analyzers stem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StemLanguage {
    English,
    Italian,
}

impl StemLanguage {
    fn algorithm(self) -> Algorithm {
        match self {
            StemLanguage::English => Algorithm::English,
            StemLanguage::Italian => Algorithm::Italian,
        }
    }

    fn slot(self) -> usize {
        self as usize
    }
}

/// Per thread and language: the Snowball stemmer and the stems it gave.
struct Memory {
    stemmer: Stemmer,
    /// Hashed with Fx: the keys are the corpus's and the questions' words,
    /// and a lookup must cost far less than the stemming it saves.
    stems: FxHashMap<String, String>,
}

thread_local! {
    static MEMORY: RefCell<[Option<Memory>; 2]> = const { RefCell::new([None, None]) };
}

/// Write `word`'s stem in `lang` into `out`.
fn stem_into(lang: StemLanguage, word: &str, out: &mut String) {
    MEMORY.with(|m| {
        let mut m = m.borrow_mut();
        let memory = m[lang.slot()].get_or_insert_with(|| Memory {
            stemmer: Stemmer::create(lang.algorithm()),
            stems: FxHashMap::default(),
        });
        if let Some(s) = memory.stems.get(word) {
            out.push_str(s);
            return;
        }
        let s = memory.stemmer.stem(word).into_owned();
        out.push_str(&s);
        if memory.stems.len() >= REMEMBERED {
            memory.stems.clear();
        }
        memory.stems.insert(word.to_string(), s);
    })
}

/// A token filter stemming each (lowercased) token, like tantivy's
/// `Stemmer`, through [`stem`].
#[derive(Clone, Copy, Debug)]
pub struct RememberingStemmer(pub StemLanguage);

impl TokenFilter for RememberingStemmer {
    type Tokenizer<T: Tokenizer> = StemmingTokenizer<T>;

    fn transform<T: Tokenizer>(self, inner: T) -> StemmingTokenizer<T> {
        StemmingTokenizer {
            lang: self.0,
            inner,
        }
    }
}

#[derive(Clone)]
pub struct StemmingTokenizer<T> {
    lang: StemLanguage,
    inner: T,
}

impl<T: Tokenizer> Tokenizer for StemmingTokenizer<T> {
    type TokenStream<'a> = StemmedTokens<T::TokenStream<'a>>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> Self::TokenStream<'a> {
        StemmedTokens {
            lang: self.lang,
            tail: self.inner.token_stream(text),
            buffer: String::new(),
        }
    }
}

pub struct StemmedTokens<T> {
    lang: StemLanguage,
    tail: T,
    buffer: String,
}

impl<T: TokenStream> TokenStream for StemmedTokens<T> {
    fn advance(&mut self) -> bool {
        if !self.tail.advance() {
            return false;
        }
        // The stem is written into a spare buffer that then trades places
        // with the token's text: no allocation per token.
        let token = self.tail.token_mut();
        self.buffer.clear();
        stem_into(self.lang, &token.text, &mut self.buffer);
        std::mem::swap(&mut token.text, &mut self.buffer);
        true
    }

    fn token(&self) -> &Token {
        self.tail.token()
    }

    fn token_mut(&mut self) -> &mut Token {
        self.tail.token_mut()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stem(lang: StemLanguage, word: &str) -> String {
        let mut out = String::new();
        stem_into(lang, word, &mut out);
        out
    }

    #[test]
    fn remembered_stems_are_the_snowball_stems() {
        for lang in [StemLanguage::English, StemLanguage::Italian] {
            let snowball = Stemmer::create(lang.algorithm());
            for word in ["attempting", "attempted", "ships", "occultamento", "dying"] {
                let want = snowball.stem(word).into_owned();
                // Twice: worked out, then remembered.
                assert_eq!(stem(lang, word), want, "{lang:?} {word}");
                assert_eq!(stem(lang, word), want, "{lang:?} {word} remembered");
            }
        }
    }
}
