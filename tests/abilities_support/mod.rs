//! Test-only card loader for the ability tests: reads the real card CSVs of
//! the shared corpus into minimal `Card` values (title, type, text, edition).
//! The lead swaps this for `daystrom::cards::ingest::load` at merge.

#![allow(dead_code)]

use daystrom::cards::model::{Card, CardDb, CardType, Edition};
use std::path::PathBuf;
use std::sync::OnceLock;

pub fn corpus_cards_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/cards")
}

/// A card with only the fields the ability compiler reads.
pub fn card(id: usize, title: &str, card_type: CardType, text: &str, edition: Edition) -> Card {
    Card {
        id,
        key: format!("{id}"),
        title: title.to_string(),
        edition,
        card_type,
        unique: false,
        universal: false,
        affiliations: vec![],
        mission_icons: vec![],
        mission_affil_text: None,
        class: None,
        int_rng: None,
        cun_wpn: None,
        str_shd: None,
        points: None,
        span: None,
        quadrant: None,
        region: None,
        dilemma_type: None,
        icons: vec![],
        staffing: vec![],
        characteristics: vec![],
        persona: None,
        commands: vec![],
        requires: None,
        reports: None,
        property: String::new(),
        names: None,
        lore: String::new(),
        text: text.to_string(),
        skills: vec![],
        special_skills: vec![],
        special_downloads: vec![],
        skills_parsed: false,
        references: vec![],
        printings: vec![],
    }
}

/// The printed title without printing marks (" *VP", a trailing "*" or "+").
fn clean_title(name: &str) -> String {
    let t = name.trim();
    let t = t.strip_suffix("*VP").unwrap_or(t).trim();
    t.trim_end_matches(['*', '+']).trim().to_string()
}

/// Every distinct (title, type, edition) of physical.csv then virtual.csv, first text kept.
pub fn db() -> &'static CardDb {
    static DB: OnceLock<CardDb> = OnceLock::new();
    DB.get_or_init(|| {
        let mut cards: Vec<Card> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for file in ["physical.csv", "virtual.csv"] {
            let path = corpus_cards_dir().join(file);
            let mut rdr = csv::Reader::from_path(&path)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
            let headers = rdr.headers().expect("headers").clone();
            let col = |name: &str| {
                headers
                    .iter()
                    .position(|h| h.trim_start_matches('\u{feff}') == name)
                    .unwrap_or_else(|| panic!("{}: no column {name}", path.display()))
            };
            let (name, set, ty, text) = (col("Name"), col("Set"), col("Type"), col("Text"));
            for rec in rdr.records() {
                let rec = rec.expect("csv record");
                let title = clean_title(&rec[name]);
                let edition = if rec[set].contains("ban_2E") {
                    Edition::Second
                } else {
                    Edition::First
                };
                let card_type = CardType::parse(&rec[ty]);
                if !seen.insert((title.clone(), card_type.clone(), edition)) {
                    continue;
                }
                let id = cards.len();
                cards.push(card(id, &title, card_type, rec[text].trim(), edition));
            }
        }
        CardDb { cards }
    })
}

/// The 1E card with this exact title (panics with the title when missing).
pub fn get(title: &str) -> &'static Card {
    db().cards
        .iter()
        .find(|c| c.title == title && c.edition == Edition::First)
        .unwrap_or_else(|| panic!("no 1E card titled {title:?} in the corpus"))
}
