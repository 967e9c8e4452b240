//! Evaluating search on a set of player questions: the set file, the
//! mapping of its "doc: title" names to entry ids through the real readers,
//! and the figures (MRR@10, recall at 1, 5 and 10). The questions are asked
//! without language or edition: detection must place them.
//!
//! Set format (TOML): `[[q]]` with `text`, `relevant` and `also` (lists of
//! "doc: entry title as printed"; any of them answers the question), `lang`
//! ("en"/"it") and `edition` ("1e"/"2e").

use crate::corpus::{Corpus, DocKind};
use crate::readers::{read_rules_document, title_key};
use std::collections::HashMap;
use std::path::Path;

#[derive(Debug, Clone, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetQuestion {
    pub text: String,
    pub relevant: Vec<String>,
    #[serde(default)]
    pub also: Vec<String>,
    #[serde(default = "english")]
    pub lang: String,
    #[serde(default = "first")]
    pub edition: String,
}

fn english() -> String {
    "en".into()
}

fn first() -> String {
    "1e".into()
}

#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct SetFile {
    q: Vec<SetQuestion>,
}

/// A question with the entry ids that answer it.
#[derive(Debug, Clone)]
pub struct Judged {
    pub question: SetQuestion,
    pub accept: Vec<String>,
}

/// Read a set file; every name must map to an entry of the corpus (an
/// error lists those that do not, with their line).
pub fn load_set(path: &Path, corpus: &Corpus) -> anyhow::Result<Vec<Judged>> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
    let set: SetFile = toml::from_str(&text).map_err(|e| {
        let at = e
            .span()
            .map(|s| format!(":{}", crate::diag::line_col(&text, s.start).0))
            .unwrap_or_default();
        anyhow::anyhow!("{}{at}: {}", path.display(), e.message())
    })?;
    let names = EntryNames::read(corpus)?;
    let mut out = Vec::new();
    let mut unknown = Vec::new();
    for q in set.q {
        let mut accept = Vec::new();
        for name in q.relevant.iter().chain(&q.also) {
            match names.ids(name) {
                Some(ids) => accept.extend(ids),
                None => unknown.push(format!(
                    "{}:{}: {name:?} names no entry",
                    path.display(),
                    line_of(&text, name)
                )),
            }
        }
        out.push(Judged {
            question: q,
            accept,
        });
    }
    anyhow::ensure!(
        unknown.is_empty(),
        "{} names in the set map to no entry (expected \"doc: title as printed\"):\n{}",
        unknown.len(),
        unknown.join("\n")
    );
    Ok(out)
}

fn line_of(text: &str, name: &str) -> usize {
    text.find(&format!("{name:?}"))
        .map_or(0, |at| text[..at].matches('\n').count() + 1)
}

/// Entry ids by document and folded title, read with the real readers; a
/// "See X" stub stands for X; a name no entry has names the entries titled
/// "name - subtitle" ("Borg" names "Borg - objectives" and "Borg - use of
/// non-Borg cards").
struct EntryNames {
    by_title: HashMap<(String, String), Vec<String>>,
    by_head: HashMap<(String, String), Vec<String>>,
    see: HashMap<String, Vec<String>>,
}

impl EntryNames {
    fn read(corpus: &Corpus) -> anyhow::Result<EntryNames> {
        let mut by_title: HashMap<(String, String), Vec<String>> = HashMap::new();
        let mut by_head: HashMap<(String, String), Vec<String>> = HashMap::new();
        let mut stubs: Vec<(String, String, Vec<String>)> = Vec::new();
        for spec in &corpus.manifest.documents {
            if spec.kind == DocKind::Cards {
                continue;
            }
            let report = read_rules_document(spec, &corpus.path_of(spec))?;
            for e in report.entries {
                by_title
                    .entry((spec.id.clone(), title_key(&e.title)))
                    .or_default()
                    .push(e.id.clone());
                if let Some((head, _)) = e.title.split_once(" - ") {
                    by_head
                        .entry((spec.id.clone(), title_key(head)))
                        .or_default()
                        .push(e.id.clone());
                }
                if e.stub {
                    stubs.push((e.id, spec.id.clone(), e.see_also));
                }
            }
        }
        let mut see = HashMap::new();
        for (id, doc, targets) in stubs {
            let ids: Vec<String> = targets
                .iter()
                .filter_map(|t| by_title.get(&(doc.clone(), title_key(t))))
                .flatten()
                .cloned()
                .collect();
            see.insert(id, ids);
        }
        Ok(EntryNames {
            by_title,
            by_head,
            see,
        })
    }

    /// The ids "doc: title" names (and what a stub among them points to).
    fn ids(&self, name: &str) -> Option<Vec<String>> {
        let (doc, title) = name.split_once(':')?;
        let key = (doc.trim().to_string(), title_key(title.trim()));
        let ids = self.by_title.get(&key).or_else(|| self.by_head.get(&key))?;
        let mut out = ids.clone();
        for id in ids {
            out.extend(self.see.get(id).into_iter().flatten().cloned());
        }
        Some(out)
    }
}

/// The figures of a run: MRR@10 and recall at 1, 5 and 10.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Figures {
    pub questions: usize,
    pub mrr10: f64,
    pub r1: f64,
    pub r5: f64,
    pub r10: f64,
}

impl Figures {
    /// From the 1-based rank of the first acceptable result per question
    /// (None when not in the top 10).
    pub fn from_ranks(ranks: &[Option<usize>]) -> Figures {
        let n = ranks.len().max(1) as f64;
        let within =
            |k: usize| ranks.iter().filter(|r| r.is_some_and(|r| r <= k)).count() as f64 / n;
        Figures {
            questions: ranks.len(),
            mrr10: ranks
                .iter()
                .map(|r| r.filter(|&r| r <= 10).map_or(0.0, |r| 1.0 / r as f64))
                .sum::<f64>()
                / n,
            r1: within(1),
            r5: within(5),
            r10: within(10),
        }
    }
}

impl std::fmt::Display for Figures {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "MRR@10 {:.3}  R@1 {:.3}  R@5 {:.3}  R@10 {:.3}  ({} questions)",
            self.mrr10, self.r1, self.r5, self.r10, self.questions
        )
    }
}

/// The 1-based rank of the first of `ids` in `accept`, if any.
pub fn first_rank(ids: &[String], accept: &[String]) -> Option<usize> {
    ids.iter().position(|id| accept.contains(id)).map(|i| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_from_ranks() {
        let f = Figures::from_ranks(&[Some(1), Some(2), None, Some(6)]);
        assert!((f.mrr10 - (1.0 + 0.5 + 1.0 / 6.0) / 4.0).abs() < 1e-9);
        assert_eq!((f.r1, f.r5, f.r10), (0.25, 0.5, 0.75));
    }
}
