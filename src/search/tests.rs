use super::*;

fn doc(id: &str, title: &str, body: &str) -> SearchDoc {
    SearchDoc {
        id: id.into(),
        doc: id.split(':').next().unwrap().into(),
        kind: "glossary".into(),
        edition: "1E".into(),
        lang: "en".into(),
        title: title.into(),
        body: body.into(),
        stub: false,
    }
}

fn index() -> (tempfile::TempDir, RulesSearcher) {
    let dir = tempfile::tempdir().unwrap();
    let mut aboard = doc("g:aboard", "aboard", "See present.");
    aboard.stub = true;
    let mut counters = doc(
        "r2:paying-costs",
        "Paying costs",
        "Each turn you have seven counters to spend on playing cards and drawing.",
    );
    counters.doc = "r2".into();
    counters.kind = "rulebook".into();
    counters.edition = "2E".into();
    let mut italian = doc(
        "it:teletrasporto",
        "Teletrasporto",
        "Il personale può essere teletrasportato tra navi quando gli scudi sono abbassati.",
    );
    italian.lang = "it".into();
    let docs = vec![
        aboard,
        doc(
            "g:present",
            "present",
            "Personnel aboard a ship are present with it.",
        ),
        doc(
            "g:beaming",
            "beaming",
            "You may beam personnel between ships when the shields are down.",
        ),
        doc(
            "g:battle",
            "battle",
            "A battle between ships: each ship fires, and beaming is not allowed during it.",
        ),
        doc(
            "g:away-team",
            "Away Team",
            "Personnel on a planet form an Away Team.",
        ),
        doc(
            "g:card-draw",
            "card draw",
            "At the end of your turn you draw one card from your draw deck.",
        ),
        counters,
        italian,
    ];
    let see = HashMap::from([("g:aboard".to_string(), vec!["g:present".to_string()])]);
    build_index(dir.path(), &docs, &see).unwrap();
    let s = RulesSearcher::open(dir.path()).unwrap();
    (dir, s)
}

fn ask(s: &RulesSearcher, text: &str) -> SearchResult {
    let q = SearchQuery {
        text: text.into(),
        limit: 5,
        ..Default::default()
    };
    s.search_detailed(&q).unwrap()
}

fn ids(r: &SearchResult) -> Vec<&str> {
    r.hits.iter().map(|h| h.id.as_str()).collect()
}

#[test]
fn a_stub_is_an_alias_of_its_target() {
    let (_d, s) = index();
    let r = ask(&s, "aboard");
    assert_eq!(ids(&r)[0], "g:present");
    assert_eq!(r.hits[0].reason, "exact title");
    assert!(!ids(&r).contains(&"g:aboard"));
}

#[test]
fn a_title_named_in_passing_does_not_decide() {
    let (_d, s) = index();
    // "battle" is a title, but the question is about beaming through shields.
    let r = ask(
        &s,
        "after a battle, may I beam personnel while the shields are down?",
    );
    assert_eq!(ids(&r)[0], "g:beaming", "{:?}", ids(&r));
}

#[test]
fn typos_and_abbreviations() {
    let (_d, s) = index();
    assert_eq!(ids(&ask(&s, "sheilds down beam"))[0], "g:beaming");
    assert_eq!(ids(&ask(&s, "who forms an AT"))[0], "g:away-team");
}

#[test]
fn only_common_words_is_an_error() {
    let (_d, s) = index();
    let q = SearchQuery {
        text: "what is it".into(),
        limit: 5,
        ..Default::default()
    };
    assert!(s.search(&q).is_err());
}

#[test]
fn language_and_edition_are_detected_and_flags_override() {
    let (_d, s) = index();
    let r = ask(
        &s,
        "il mio personale può essere teletrasportato quando gli scudi sono abbassati?",
    );
    assert_eq!(r.detected.lang, "it");
    assert_eq!(ids(&r), ["it:teletrasporto"]);
    let r = ask(
        &s,
        "in 2E how many counters do I get each turn to draw cards?",
    );
    assert_eq!(r.detected.edition.as_deref(), Some("2e"));
    assert_eq!(ids(&r), ["r2:paying-costs"]);
    let q = SearchQuery {
        text: "how many counters do I get each turn to draw cards?".into(),
        edition: Some("1e".into()),
        limit: 5,
        ..Default::default()
    };
    let r = s.search_detailed(&q).unwrap();
    assert_eq!(r.detected.edition_by, "flag");
    assert!(!ids(&r).contains(&"r2:paying-costs"));
}
