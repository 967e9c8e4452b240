//! Stemming with a memory: the same few thousand words are stemmed again and
//! again (every snippet re-analyzes the passages it shows), and the Snowball
//! algorithms cost far more than a lookup. A word's stem never changes, so
//! each thread keeps the stems it has worked out; the tokens are exactly
//! those of tantivy's own `Stemmer` filter.

use rust_stemmers::{Algorithm, Stemmer};
use std::cell::RefCell;
use std::collections::HashMap;
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
    stems: HashMap<String, String>,
}

thread_local! {
    static MEMORY: RefCell<[Option<Memory>; 2]> = const { RefCell::new([None, None]) };
}

/// `word`'s stem in `lang`, from this thread's memory when it has it.
pub fn stem(lang: StemLanguage, word: &str) -> String {
    MEMORY.with(|m| {
        let mut m = m.borrow_mut();
        let memory = m[lang.slot()].get_or_insert_with(|| Memory {
            stemmer: Stemmer::create(lang.algorithm()),
            stems: HashMap::new(),
        });
        if let Some(s) = memory.stems.get(word) {
            return s.clone();
        }
        let s = memory.stemmer.stem(word).into_owned();
        if memory.stems.len() >= REMEMBERED {
            memory.stems.clear();
        }
        memory.stems.insert(word.to_string(), s.clone());
        s
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
        }
    }
}

pub struct StemmedTokens<T> {
    lang: StemLanguage,
    tail: T,
}

impl<T: TokenStream> TokenStream for StemmedTokens<T> {
    fn advance(&mut self) -> bool {
        if !self.tail.advance() {
            return false;
        }
        let token = self.tail.token_mut();
        token.text = stem(self.lang, &token.text);
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
