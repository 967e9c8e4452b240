//! Search ranking against the real corpus: questions in players' words, each
//! with the entry a judge would cite expected in the top 3.

use daystrom::search::SearchQuery;

fn top(text: &str, n: usize) -> Vec<String> {
    let q = SearchQuery {
        text: text.into(),
        limit: n,
        ..Default::default()
    };
    crate::support::rules_searcher()
        .search(&q)
        .unwrap()
        .into_iter()
        .map(|h| h.id)
        .collect()
}

const QUESTIONS: &[(&str, &str)] = &[
    ("can I beam through shields", "glossary:beaming"),
    ("what happens when a ship is stopped", "glossary:stopped"),
    ("AT", "glossary:away-team-and-crew"),
    ("HQ", "glossary:headquarters"),
    ("how do I win the game", "glossary:winning-the-game"),
    (
        "can my personnel battle on a planet",
        "glossary:battle-personnel",
    ),
    ("what is a group action", "glossary:actions-group"),
    (
        "when can I respond to an action",
        "current-rulings:responses",
    ),
    (
        "how does the Borg Ship dilemma attack",
        "current-rulings:borg-ship",
    ),
    ("what does cumulative mean", "glossary:cumulative"),
    (
        "can I download a card with a special download icon",
        "glossary:special-download",
    ),
    ("how many cards may my seed deck have", "glossary:seed-deck"),
    (
        "what happens to captured personnel",
        "current-rulings:capture",
    ),
    (
        "can a cloaked ship be attacked",
        "current-rulings:cloaked-ship",
    ),
    ("how do docked ships work", "current-rulings:docked-ships"),
    ("what is a dual-icon mission", "glossary:dual-icon-missions"),
    (
        "what does unique and universal mean",
        "glossary:unique-and-universal",
    ),
    ("is zero an even number", "glossary:zero"),
    ("how do I repair a damaged ship", "glossary:repair"),
    (
        "what happens when a treaty is destroyed",
        "current-rulings:treaties",
    ),
    ("how does the 30/30 rule work", "glossary:30-30-rule"),
    (
        "does the NA affiliation mix with Feds",
        "glossary:non-aligned",
    ),
    (
        "when does a hidden agenda get activated",
        "glossary:hidden-agenda",
    ),
    (
        "can Borg assimilate my personnel",
        "glossary:assimilation-personnel",
    ),
    ("how does a Red Alert work", "current-rulings:red-alert"),
    (
        "what is the native quadrant of a ship",
        "glossary:native-quadrant",
    ),
    (
        "how do I move through a wormhole",
        "glossary:wormholes-movement-through",
    ),
    ("how does staffing a ship work", "glossary:ship-staffing"),
    ("can I lose the game", "glossary:lose-the-game"),
    ("what counts as present", "glossary:present"),
    (
        "what is a mission specialist",
        "glossary:mission-specialist",
    ),
    // SHIELDS is "See attributes, battle - ship": a stub's title finds its targets.
    ("sheilds", "glossary:attribute"),
];

/// These short questions name their entry's title; they were once tuned to.
/// Now a regression check: at least this share must keep the entry in the
/// top three (measured 0.781 when the ranking became BM25F fused with the
/// semantic model).
const MIN_RECALL_AT_3: f64 = 0.75;

#[test]
fn short_title_questions_keep_their_entry_in_the_top_three() {
    let mut misses = Vec::new();
    let mut at1 = 0usize;
    for (q, want) in QUESTIONS {
        let got = top(q, 3);
        if got.first().is_some_and(|g| g == want) {
            at1 += 1;
        } else if got.iter().any(|g| g == want) {
            println!("not first: {q:?}: wanted {want}, got {got:?}");
        }
        if !got.iter().any(|g| g == want) {
            misses.push(format!("{q:?}: wanted {want}, got {got:?}"));
        }
    }
    let n = QUESTIONS.len() as f64;
    println!(
        "player questions: {} questions, recall@1 {:.3}, recall@3 {:.3}",
        QUESTIONS.len(),
        at1 as f64 / n,
        (QUESTIONS.len() - misses.len()) as f64 / n
    );
    let recall3 = (QUESTIONS.len() - misses.len()) as f64 / n;
    assert!(
        recall3 >= MIN_RECALL_AT_3,
        "recall@3 {recall3:.3}; {} misses:\n{}",
        misses.len(),
        misses.join("\n")
    );
}

#[test]
fn a_see_stub_never_outranks_its_target() {
    for (stub, target) in [
        ("aboard", "glossary:present"),
        ("acquired", "glossary:artifact"),
    ] {
        let got = top(stub, 10);
        let s = got
            .iter()
            .position(|g| g == &format!("glossary:{stub}"))
            .unwrap_or(usize::MAX);
        let t = got.iter().position(|g| g == target).expect("target listed");
        assert!(t < s, "{stub}: {got:?}");
    }
}

#[test]
fn exact_titles_come_first() {
    assert_eq!(top("Borg Ship", 1), ["current-rulings:borg-ship"]);
    assert_eq!(
        top("ship battle rules", 1),
        ["current-rulings:ship-battle-rules"]
    );
    let first = &top("winning the game", 1)[0];
    assert!(first.ends_with(":winning-the-game"), "{first}");
}

#[test]
fn stop_words_alone_are_refused_and_filters_apply() {
    let q = SearchQuery {
        text: "what is the".into(),
        limit: 3,
        ..Default::default()
    };
    assert!(crate::support::rules_searcher().search(&q).is_err());
    let q = SearchQuery {
        text: "abilità selezionabili".into(),
        lang: Some("it".into()),
        limit: 5,
        ..Default::default()
    };
    let hits = crate::support::rules_searcher().search(&q).unwrap();
    assert!(hits.iter().all(|h| h.lang == "it"));
    assert!(hits.iter().any(|h| h.id == "regole-aggiornate:abilita"));
    let q = SearchQuery {
        text: "\"stopped\" personnel".into(),
        doc: Some("rulebook-2e".into()),
        edition: Some("2e".into()),
        limit: 5,
        ..Default::default()
    };
    let hits = crate::support::rules_searcher().search(&q).unwrap();
    assert!(!hits.is_empty() && hits.iter().all(|h| h.doc == "rulebook-2e"));
}
