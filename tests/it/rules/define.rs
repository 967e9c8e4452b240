//! `define` against the real corpus with terms as players type them:
//! articles, plurals, question words, typos, and phrases that are no title
//! (answered by the best search result).

use daystrom::ingest::open_current;
use daystrom::rules::{define, DefineAnswer};

fn look_up(term: &str) -> DefineAnswer {
    let store = open_current(crate::support::rules_index()).unwrap().store;
    define(&store, term).unwrap()
}

fn ids(a: &DefineAnswer) -> Vec<String> {
    a.definitions
        .iter()
        .map(|d| d.entry.entry.id.clone())
        .collect()
}

#[test]
fn player_forms_of_a_term_find_the_entry() {
    for (term, want, how) in [
        ("the Borg", "glossary:borg", "exact"),
        ("Borg", "glossary:borg", "exact"),
        (
            "what is a mission specialist",
            "glossary:mission-specialist",
            "exact",
        ),
        ("dual icon missions", "glossary:dual-icon-missions", "exact"),
        ("tractor beams", "glossary:tractor-beam", "exact"),
        ("a side deck", "glossary:side-deck", "exact"),
        ("asimilation", "glossary:assimilation", "nearest"),
    ] {
        let a = look_up(term);
        assert_eq!(a.matched, how, "{term}: {:?}", ids(&a));
        assert!(ids(&a).contains(&want.to_string()), "{term}: {:?}", ids(&a));
    }
}

#[test]
fn a_phrase_that_is_no_title_falls_back_to_search() {
    let a = look_up("valid response");
    assert_eq!(a.matched, "search");
    let got = ids(&a);
    assert!(
        got.iter()
            .any(|i| i == "glossary:actions-step-2-responses" || i == "current-rulings:responses"),
        "{got:?}"
    );
    // The best result's title brings every entry under it, Glossary first.
    let a = look_up("how do I commandeer a ship");
    assert_eq!(
        ids(&a),
        ["glossary:commandeering", "current-rulings:commandeering"]
    );
    // Only common words: nothing to search for, so nothing found.
    let a = look_up("what is the");
    assert_eq!(a.matched, "none");
}
