//! Evaluating search on sets of questions asked of the real corpus: each
//! question lists the entries a judge would cite, and a set reports recall@1
//! and recall@3 with its misses.

#![allow(dead_code)]

use daystrom::ingest::open_current;
use daystrom::search::{Hit, SearchQuery};

/// Which part of the corpus a question is asked of.
#[derive(Clone, Copy, PartialEq)]
pub enum Ask {
    English,
    Italian,
    SecondEdition,
    /// An exact card title: the card itself (any printing) or one of the
    /// listed rulings entries must come first.
    CardTitle,
}

/// A question and the entries a judge would cite for it.
pub struct Question {
    pub text: &'static str,
    pub ask: Ask,
    pub accept: &'static [&'static str],
}

pub const fn en(text: &'static str, accept: &'static [&'static str]) -> Question {
    Question {
        text,
        ask: Ask::English,
        accept,
    }
}

pub const fn it(text: &'static str, accept: &'static [&'static str]) -> Question {
    Question {
        text,
        ask: Ask::Italian,
        accept,
    }
}

pub const fn e2(text: &'static str, accept: &'static [&'static str]) -> Question {
    Question {
        text,
        ask: Ask::SecondEdition,
        accept,
    }
}

pub const fn card(text: &'static str, accept: &'static [&'static str]) -> Question {
    Question {
        text,
        ask: Ask::CardTitle,
        accept,
    }
}

/// The top `n` results for a question, with its language and edition.
pub fn search(q: &Question, n: usize) -> Vec<Hit> {
    let (lang, edition) = match q.ask {
        Ask::English | Ask::CardTitle => (None, None),
        Ask::Italian => (Some("it".to_string()), None),
        Ask::SecondEdition => (None, Some("2e".to_string())),
    };
    let sq = SearchQuery {
        text: q.text.into(),
        lang,
        edition,
        limit: n,
        ..Default::default()
    };
    crate::support::rules_searcher()
        .search(&sq)
        .unwrap_or_default()
}

/// Whether a hit is what the judge would cite: a listed entry, or for an
/// exact card title the card itself.
pub fn cited(q: &Question, h: &Hit) -> bool {
    q.accept.contains(&h.id.as_str())
        || (q.ask == Ask::CardTitle && h.kind == "card" && h.title.eq_ignore_ascii_case(q.text))
}

/// Print recall@1 / recall@3 with the near-misses and misses of a set, and
/// require at least `min_questions` questions and recall@3 of `min_recall3`.
pub fn assert_recall(set: &str, questions: &[Question], min_questions: usize, min_recall3: f64) {
    assert!(
        questions.len() >= min_questions,
        "only {} questions",
        questions.len()
    );
    let (mut at1, mut at3) = (0usize, 0usize);
    let mut misses = Vec::new();
    for q in questions {
        let got = search(q, 3);
        let ids: Vec<&str> = got.iter().map(|h| h.id.as_str()).collect();
        if got.first().is_some_and(|h| cited(q, h)) {
            at1 += 1;
        } else if got.iter().any(|h| cited(q, h)) {
            println!(
                "not first: {:?}: wanted {:?}, got {ids:?}",
                q.text, q.accept
            );
        }
        if got.iter().any(|h| cited(q, h)) {
            at3 += 1;
        } else {
            misses.push(format!("{:?}: wanted {:?}, got {ids:?}", q.text, q.accept));
        }
    }
    let n = questions.len() as f64;
    let (r1, r3) = (at1 as f64 / n, at3 as f64 / n);
    println!(
        "{set}: {} questions, recall@1 {r1:.3}, recall@3 {r3:.3}",
        questions.len()
    );
    for m in &misses {
        println!("miss: {m}");
    }
    assert!(
        r3 >= min_recall3,
        "recall@3 {r3:.3} < {min_recall3}:\n{}",
        misses.join("\n")
    );
}

/// A typo in the expected ids must not pass as a ranking miss.
pub fn assert_accepted_ids_exist(questions: &[Question]) {
    let store = open_current(crate::support::rules_index()).unwrap().store;
    let missing: Vec<String> = questions
        .iter()
        .flat_map(|q| q.accept.iter().map(move |id| (id, q.text)))
        .filter(|(id, _)| daystrom::store::rules::entry(&store, id).unwrap().is_none())
        .map(|(id, text)| format!("{id} ({text:?})"))
        .collect();
    assert!(missing.is_empty(), "not entries: {missing:?}");
}
