//! The BERT WordPiece tokenizer of the sentence-embedding model, read from
//! its `tokenizer.json`: text is lower-cased, accents are stripped, words
//! are split at white space and punctuation, and each word becomes the
//! longest vocabulary pieces that spell it ("##" marks a continuation).

use std::collections::HashMap;
use std::path::Path;
use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

const UNK: &str = "[UNK]";
const CLS: &str = "[CLS]";
const SEP: &str = "[SEP]";
const CONTINUATION: &str = "##";
/// A longer word is unknown as a whole (as in BERT).
const MAX_WORD_CHARS: usize = 100;

pub struct WordPiece {
    vocab: HashMap<String, u32>,
    unk: u32,
    cls: u32,
    sep: u32,
}

#[derive(serde::Deserialize)]
struct TokenizerFile {
    model: TokenizerModel,
}

#[derive(serde::Deserialize)]
struct TokenizerModel {
    vocab: HashMap<String, u32>,
}

impl WordPiece {
    pub fn load(path: &Path) -> anyhow::Result<WordPiece> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
        let file: TokenizerFile = serde_json::from_str(&text).map_err(|e| {
            anyhow::anyhow!(
                "{}:{}:{}: expected a WordPiece tokenizer.json ({e})",
                path.display(),
                e.line(),
                e.column()
            )
        })?;
        Self::from_vocab(file.model.vocab).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
    }

    pub fn from_vocab(vocab: HashMap<String, u32>) -> anyhow::Result<WordPiece> {
        let id = |t: &str| {
            vocab
                .get(t)
                .copied()
                .ok_or_else(|| anyhow::anyhow!("the vocabulary has no {t} token"))
        };
        Ok(WordPiece {
            unk: id(UNK)?,
            cls: id(CLS)?,
            sep: id(SEP)?,
            vocab,
        })
    }

    /// Token ids of `text` between [CLS] and [SEP], at most `max_len` in all.
    pub fn encode(&self, text: &str, max_len: usize) -> Vec<u32> {
        let mut ids = vec![self.cls];
        'words: for word in pre_tokenize(&normalize(text)) {
            for piece in self.pieces(&word) {
                if ids.len() + 1 >= max_len {
                    break 'words;
                }
                ids.push(piece);
            }
        }
        ids.push(self.sep);
        ids
    }

    /// Greedy longest-match pieces of one word; the unknown token when some
    /// part of it has no piece.
    fn pieces(&self, word: &str) -> Vec<u32> {
        let chars: Vec<char> = word.chars().collect();
        if chars.len() > MAX_WORD_CHARS {
            return vec![self.unk];
        }
        let mut out = Vec::new();
        let mut start = 0;
        while start < chars.len() {
            let mut end = chars.len();
            let mut found = None;
            while end > start {
                let mut piece: String = chars[start..end].iter().collect();
                if start > 0 {
                    piece.insert_str(0, CONTINUATION);
                }
                if let Some(&id) = self.vocab.get(&piece) {
                    found = Some(id);
                    break;
                }
                end -= 1;
            }
            match found {
                Some(id) => out.push(id),
                None => return vec![self.unk],
            }
            start = end;
        }
        out
    }
}

/// Lower-case, accents stripped, control characters dropped.
fn normalize(text: &str) -> String {
    text.to_lowercase()
        .nfd()
        .filter(|c| !is_combining_mark(*c) && (!c.is_control() || c.is_whitespace()))
        .collect()
}

fn is_punctuation(c: char) -> bool {
    c.is_ascii_punctuation() || (!c.is_alphanumeric() && !c.is_whitespace() && !c.is_ascii())
}

/// Words split at white space, each punctuation mark a word of its own.
fn pre_tokenize(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for chunk in text.split_whitespace() {
        let mut word = String::new();
        for c in chunk.chars() {
            if is_punctuation(c) {
                if !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
                out.push(c.to_string());
            } else {
                word.push(c);
            }
        }
        if !word.is_empty() {
            out.push(word);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> WordPiece {
        let words = [
            "[PAD]", "[UNK]", "[CLS]", "[SEP]", "beam", "##ing", "through", "shield", "##s", "?",
            "cafe",
        ];
        let vocab = words
            .iter()
            .enumerate()
            .map(|(i, w)| (w.to_string(), i as u32))
            .collect();
        WordPiece::from_vocab(vocab).unwrap()
    }

    #[test]
    fn words_split_into_longest_pieces() {
        let wp = tiny();
        assert_eq!(
            wp.encode("Beaming through SHIELDS?", 64),
            [2, 4, 5, 6, 7, 8, 9, 3]
        );
        assert_eq!(wp.encode("Café xyz", 64), [2, 10, 1, 3]);
        assert_eq!(wp.encode("beaming through shields", 4), [2, 4, 5, 3]);
    }

    #[test]
    fn a_vocabulary_without_special_tokens_is_an_error() {
        let vocab = [("beam".to_string(), 0)].into_iter().collect();
        let err = WordPiece::from_vocab(vocab).err().unwrap();
        assert!(err.to_string().contains("[UNK]"), "{err}");
    }
}
