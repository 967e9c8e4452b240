//! `daystrom-bench search-eval FILE [--misses]`: the figures of search on a
//! question set (MRR@10, R@1, R@5, R@10; overall, Italian, Second Edition),
//! asked without language or edition, lexical and fused, beside a plain
//! BM25 over the same rules entries (lowercase word tokens, no stemming, no
//! synonyms, title and body as one text). The baseline lives here, not in
//! the product: it is the yardstick.

use daystrom::corpus::DocKind;
use daystrom::ingest::temporary_index;
use daystrom::readers::read_rules_document;
use daystrom::search::eval::{first_rank, load_set, Figures, Judged};
use daystrom::search::{RulesSearcher, SearchQuery};
use std::collections::HashMap;
use std::path::Path;

pub fn run(args: &[String]) -> anyhow::Result<()> {
    let file = args
        .first()
        .ok_or_else(|| anyhow::anyhow!("usage: daystrom-bench search-eval FILE [--misses]"))?;
    let misses = args.iter().any(|a| a == "--misses");
    let corpus = daystrom::corpus::locate(None, None)?;
    let set = load_set(Path::new(file), &corpus)?;
    let (_dir, handle) = temporary_index(true)?;
    let searcher = handle.searcher()?;
    let baseline = Bm25::over_rules(&corpus)?;
    let mut ranks: HashMap<&str, Vec<Option<usize>>> = HashMap::new();
    for j in &set {
        let mut record = |name: &'static str, ids: Vec<String>| {
            let rank = first_rank(&ids, &j.accept);
            if misses && name != "bm25" && rank != Some(1) {
                println!(
                    "[{name}] rank {rank:?}: {} → {:?} want {:?}",
                    j.question.text,
                    &ids[..ids.len().min(3)],
                    j.accept
                );
            }
            ranks.entry(name).or_default().push(rank);
        };
        record("daystrom", ask(&searcher, &j.question.text, false));
        record("lexical", ask(&searcher, &j.question.text, true));
        record("bm25", baseline.top(&j.question.text, 10));
    }
    println!("{file}: {} questions", set.len());
    let parts: [(&str, &Part); 4] = [
        ("all", &|_| true),
        ("english 1E", &|j| {
            j.question.lang == "en" && j.question.edition == "1e"
        }),
        ("italian", &|j| j.question.lang == "it"),
        ("2E", &|j| j.question.edition == "2e"),
    ];
    for (part, keep) in parts {
        for name in ["daystrom", "lexical", "bm25"] {
            let r: Vec<Option<usize>> = set
                .iter()
                .zip(&ranks[name])
                .filter(|(j, _)| keep(j))
                .map(|(_, r)| *r)
                .collect();
            if !r.is_empty() {
                println!("{part:<11} {name:<9} {}", Figures::from_ranks(&r));
            }
        }
    }
    Ok(())
}

/// Which questions a part of the report counts.
type Part = dyn Fn(&Judged) -> bool;

/// The top ten ids for a question asked as a player would: no language, no
/// edition.
fn ask(searcher: &RulesSearcher, text: &str, lexical_only: bool) -> Vec<String> {
    let q = SearchQuery {
        text: text.into(),
        limit: 10,
        lexical_only,
        ..Default::default()
    };
    searcher
        .search(&q)
        .map(|hits| hits.into_iter().map(|h| h.id).collect())
        .unwrap_or_default()
}

/// Plain BM25 (k1 1.2, b 0.75) over every rules entry.
struct Bm25 {
    ids: Vec<String>,
    lengths: Vec<f32>,
    postings: HashMap<String, Vec<(usize, f32)>>,
}

fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

impl Bm25 {
    fn over_rules(corpus: &daystrom::corpus::Corpus) -> anyhow::Result<Bm25> {
        let mut b = Bm25 {
            ids: Vec::new(),
            lengths: Vec::new(),
            postings: HashMap::new(),
        };
        for spec in corpus
            .manifest
            .documents
            .iter()
            .filter(|d| d.kind != DocKind::Cards)
        {
            for e in read_rules_document(spec, &corpus.path_of(spec))?.entries {
                let toks = words(&format!("{} {}", e.title, e.body));
                let mut tf: HashMap<String, f32> = HashMap::new();
                for t in &toks {
                    *tf.entry(t.clone()).or_default() += 1.0;
                }
                let n = b.ids.len();
                for (t, f) in tf {
                    b.postings.entry(t).or_default().push((n, f));
                }
                b.ids.push(e.id);
                b.lengths.push(toks.len() as f32);
            }
        }
        Ok(b)
    }

    fn top(&self, question: &str, k: usize) -> Vec<String> {
        let (k1, b) = (1.2f32, 0.75f32);
        let n = self.ids.len() as f32;
        let avg = self.lengths.iter().sum::<f32>() / n.max(1.0);
        let mut score = vec![0f32; self.ids.len()];
        for t in words(question) {
            let Some(list) = self.postings.get(&t) else {
                continue;
            };
            let df = list.len() as f32;
            let idf = (1.0 + (n - df + 0.5) / (df + 0.5)).ln();
            for &(d, tf) in list {
                let norm = k1 * (1.0 - b + b * self.lengths[d] / avg);
                score[d] += idf * tf * (k1 + 1.0) / (tf + norm);
            }
        }
        let mut order: Vec<usize> = (0..score.len()).filter(|&d| score[d] > 0.0).collect();
        order.sort_by(|&a, &b| score[b].total_cmp(&score[a]));
        order
            .into_iter()
            .take(k)
            .map(|d| self.ids[d].clone())
            .collect()
    }
}
