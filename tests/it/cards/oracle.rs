//! The card query language against an independent oracle: every query below
//! runs through `daystrom::cards::query` and through `tests/oracle/cards_oracle.py`
//! (which reads the card CSVs directly), and the distinct `Title|Type` sets must
//! be identical. Expectations are computed at test time, never committed.
//! Decisions where the two could reasonably differ are in docs/card-queries.md.

use daystrom::cards::query::{self, RunOptions};
use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

/// Varied queries: every key, comparisons on every numeric key, negation,
/// `or`, parentheses, quoted values, bare title words and exact titles.
const QUERIES: &[&str] = &[
    // types
    "t:personnel",
    "t:interrupt",
    "t:event",
    "t:\"q dilemma\"",
    "t:\"time location\"",
    "t:objective o:klingon",
    // affiliations, including duals and missions' icons
    "a:federation",
    "a:na t:ship",
    "a:fed a:kli",
    "a:starfleet t:personnel",
    "a:federation t:mission",
    "a:dominion -t:personnel",
    // classes
    "class:officer a:romulan",
    "class:\"V.I.P.\" a:ferengi",
    "class:akira",
    "class:security t:personnel",
    "class:civilian a:non-aligned",
    "class:\"Galor class\"",
    // skills
    "a:federation skill:diplomacy>=2 t:personnel",
    "skill:security",
    "skill:security>=2",
    "skill:medical a:bajoran",
    "skill:intelligence",
    "skill:\"computer skill\"=2",
    "skill:treachery>2",
    "skill:leadership<2 a:klingon t:personnel",
    "skill:honor a:klingon class:security",
    "skill:\"stellar cartography\" skill:navigation",
    "skill:officer>=2",
    "skill:v.i.p.",
    // numbers
    "int>=10",
    "int<4 t:personnel",
    "cun=10",
    "str>9 a:klingon",
    "int!=7 a:vulcan",
    "rng>=10",
    "wpn>=12",
    "shd<=5",
    "t:ship shd!=8 a:romulan",
    "pts>=40",
    "pts<0",
    "span=1",
    "span>=4 q:delta",
    // text, lore, references
    "o:nullify t:interrupt",
    "o:\"Borg Ship\"",
    "o:\"may not be\" t:equipment",
    "lore:Genesis",
    "lore:\"Neutral Zone\" t:ship",
    "t:interrupt ref:\"Borg Ship\"",
    "ref:\"Q's Tent\"",
    "ref:\"Kivas Fajo\" or ref:\"Data\"",
    // icons, staffing, characteristics, personas, commanders
    "icon:au",
    "icon:cmd a:cardassian",
    "icon:ST a:fed",
    "icon:DQ t:personnel",
    "icon:holo",
    "staff:cmd a:klingon",
    "staff:stf -staff:cmd",
    "char:female a:klingon",
    "char:captain",
    "char:\"Cloaking Device\" a:federation",
    "persona:\"Jean-Luc Picard\"",
    "persona:worf",
    "cmd:Kruge",
    // quadrants, regions, dilemma types
    "q:gamma t:mission",
    "q:DQ",
    "q:mirror",
    "region:badlands",
    "region:\"Bajor\"",
    "dt:dual",
    "dt:space t:dilemma",
    "dt:planet t:mission",
    // sets, releases, flags, editions
    "set:Trad_Virtual t:ship",
    "set:ban t:event",
    "release:premiere t:ship",
    "release:VP a:bajoran",
    "release:twt",
    "is:universal",
    "is:universal t:ship a:federation",
    "is:unique t:equipment",
    "is:virtual t:ship a:klingon",
    "is:physical t:tribble",
    "is:virtual is:physical t:personnel a:ferengi",
    "ed:2e",
    "ed:2e t:personnel a:klingon",
    "ed:1e t:site",
    "(ed:1e or ed:2e) !\"Jean-Luc Picard\"",
    // bare words and exact titles
    "fajo",
    "borg ship",
    "\"borg ship\"",
    "!\"Kivas Fajo\"",
    "!\"Borg Ship\"",
    "!\"q's tent\"",
    "enterprise t:ship",
    // spellings a player types
    "a:\"non-aligned\" t:ship",
    "A:FED T:SHIP",
    "NOT a:fed t:ship",
    "((a:fed)) t:facility",
    "a:fed -(t:personnel or t:ship)",
    "t:\"Interrupt/Event\"",
    "t:interrupt/event",
    "t:q-dilemma",
    "t:timelocation",
    "int:8 a:cardassian",
    "pts:35 t:mission",
    "span<3",
    "release:Premiere t:dilemma",
    "set:TRAD_VIRTUAL t:dilemma",
    "ed:2 a:borg",
    "skill:\"klingon intelligence\"",
    "skill:diplomacy>=1/2 a:ferengi",
    "skill:Engineer>=2",
    "skill:archeology",
    "char:\"klingon ship\" wpn>=9",
    "persona:data",
    "persona:\"(Vic Fontaine)\"",
    "cmd:\"Jean-Luc Picard\"",
    "staff:nav",
    "icon:\"[Stf]\" t:personnel a:bajoran",
    "icon:maquis",
    "lore:klingon -t:personnel t:ship",
    "o:’",
    "o:\"{Borg Ship}\"",
    "q's",
    "worf son",
    "\"U.S.S.\" t:ship a:federation rng>=9",
    "!\"U.S.S. Enterprise\"",
    "!Haakona",
    "is:unique t:event",
    "is:univ t:personnel a:ferengi",
    "q:alpha t:\"time location\"",
    "dt:s/p t:mission",
    "dt:p t:dilemma pts>=5",
    // combinators
    "a:fed or a:kli",
    "t:ship (a:romulan or a:klingon) wpn>=9",
    "not t:personnel a:borg",
    "-(a:federation or a:klingon) t:ship",
    "(t:interrupt or t:event) o:\"Borg\"",
    "t:personnel -char:male -char:female",
    "(char:female or char:male) a:hirogen",
];

/// The oracle's answers for every query, in one run of the script.
fn oracle() -> BTreeMap<String, Vec<String>> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/oracle/cards_oracle.py");
    let out = Command::new("python3")
        .env(daystrom::corpus::CORPUS_ENV, &crate::support::corpus().root)
        .arg(script)
        .arg("--json")
        .args(QUERIES)
        .output()
        .expect("python3 runs the oracle");
    assert!(
        out.status.success(),
        "oracle failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("the oracle prints JSON")
}

#[test]
fn the_query_language_agrees_with_the_oracle() {
    assert!(QUERIES.len() >= 80, "{} queries", QUERIES.len());
    let expected = oracle();
    let store = crate::support::card_store();
    let mut disagreements = Vec::new();
    for q in QUERIES {
        let rows =
            query::query(&store, q, &RunOptions::default()).unwrap_or_else(|e| panic!("{q}: {e}"));
        let got: BTreeSet<String> = rows
            .iter()
            .map(|r| format!("{}|{}", r.title, r.card_type))
            .collect();
        let want: BTreeSet<String> = expected[*q].iter().cloned().collect();
        if want.is_empty() {
            disagreements.push(format!(
                "{q}: the oracle finds nothing; the query tests nothing"
            ));
        }
        if got != want {
            let extra: Vec<_> = got.difference(&want).take(6).collect();
            let missing: Vec<_> = want.difference(&got).take(6).collect();
            disagreements.push(format!(
                "{q}: daystrom {} vs oracle {}; only daystrom: {extra:?}; only oracle: {missing:?}",
                got.len(),
                want.len()
            ));
        }
    }
    eprintln!(
        "oracle agreement: {} of {} queries identical",
        QUERIES.len() - disagreements.len(),
        QUERIES.len()
    );
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
}
