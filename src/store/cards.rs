//! The card model in the store: writing a [`CardDb`] into the card tables,
//! loading it back (from the `json` column), and linking cards to the Glossary
//! and Current Rulings entries about them or mentioning them (`card_rules`).
//!
//! Invariant: values go in through bound parameters only.

use super::Store;
use crate::cards::ingest::title_index;
use crate::cards::model::{Card, CardDb, Edition, PrintingSource, Stat};
use crate::repair::fold_for_match;
use rusqlite::{params, OptionalExtension};
use std::collections::HashMap;

/// Indexes the query language's EXISTS subqueries need (additive to the schema).
const CARD_INDEXES: &str = "
CREATE INDEX IF NOT EXISTS card_affiliations_card ON card_affiliations(card, affiliation);
CREATE INDEX IF NOT EXISTS card_icons_card ON card_icons(card, staffing, icon);
CREATE INDEX IF NOT EXISTS card_chars_card ON card_chars(card);
CREATE INDEX IF NOT EXISTS card_commands_card ON card_commands(card);
CREATE INDEX IF NOT EXISTS card_personas_card ON card_personas(card, version);
CREATE INDEX IF NOT EXISTS card_refs_card ON card_refs(card);
CREATE INDEX IF NOT EXISTS cards_edition_type ON cards(edition, type);
";

/// The Persona column as printed (`Name`, `(Name)`, `<Name>`; `;` between
/// the two of a dual-personnel card), so a card read back keeps its marks.
fn written_personas(c: &Card) -> String {
    let marked = c
        .all_personas()
        .into_iter()
        .map(|p| match (p.mirror, p.infiltrator) {
            (true, _) => format!("({})", p.name),
            (_, true) => format!("<{}>", p.name),
            _ => p.name.clone(),
        });
    marked.collect::<Vec<_>>().join(";")
}

fn edition_str(e: Edition) -> &'static str {
    match e {
        Edition::First => "1E",
        Edition::Second => "2E",
    }
}

/// The number a stat compares as: plain numbers, and `30*` (a footnoted 30).
pub fn stat_number(s: &Option<Stat>) -> Option<i64> {
    match s {
        Some(Stat::Num(n)) => Some(*n as i64),
        Some(Stat::Text(t)) => t.trim_end_matches('*').trim().parse().ok(),
        None => None,
    }
}

fn stat_text(s: &Option<Stat>) -> Option<String> {
    s.as_ref().map(|s| s.to_string())
}

/// Write every card, with its affiliations, icons, characteristics, skills,
/// commands, references and printings, in one transaction.
pub fn write(store: &Store, db: &CardDb) -> anyhow::Result<()> {
    let tx = store.conn.unchecked_transaction()?;
    tx.execute_batch(CARD_INDEXES)?;
    let titles = title_index(db);
    {
        let mut card_stmt = tx.prepare(
            "INSERT INTO cards (id, key, title, title_fold, edition, type, is_unique, universal,
               affiliation, class, int_rng, int_rng_num, cun_wpn, cun_wpn_num, str_shd, str_shd_num,
               points, points_num, span, span_num, quadrant, region, dilemma_type, persona,
               requires, reports, property, lore, text, skills_parsed, json)
             VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17,?18,?19,?20,?21,?22,?23,?24,?25,?26,?27,?28,?29,?30,?31)",
        )?;
        let mut aff =
            tx.prepare("INSERT INTO card_affiliations (card, affiliation) VALUES (?1, ?2)")?;
        let mut icon =
            tx.prepare("INSERT INTO card_icons (card, icon, staffing) VALUES (?1, ?2, ?3)")?;
        let mut chr =
            tx.prepare("INSERT INTO card_chars (card, characteristic) VALUES (?1, ?2)")?;
        let mut skill =
            tx.prepare("INSERT INTO card_skills (card, skill, level) VALUES (?1, ?2, ?3)")?;
        let mut cmd = tx.prepare("INSERT INTO card_commands (card, name) VALUES (?1, ?2)")?;
        let mut persona =
            tx.prepare("INSERT INTO card_personas (card, name, version) VALUES (?1, ?2, ?3)")?;
        let mut refs =
            tx.prepare("INSERT INTO card_refs (card, title, target) VALUES (?1, ?2, ?3)")?;
        let mut prn = tx.prepare(
            "INSERT INTO printings (card, printed_title, set_tag, release, info, image_file, blueprint_id, source)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        )?;
        for c in &db.cards {
            let id = c.id as i64;
            card_stmt.execute(params![
                id,
                c.key,
                c.title,
                fold_for_match(&c.title),
                edition_str(c.edition),
                c.card_type.name(),
                c.unique,
                c.universal,
                c.affiliations.join("/"),
                c.class,
                stat_text(&c.int_rng),
                stat_number(&c.int_rng),
                stat_text(&c.cun_wpn),
                stat_number(&c.cun_wpn),
                stat_text(&c.str_shd),
                stat_number(&c.str_shd),
                stat_text(&c.points),
                stat_number(&c.points),
                stat_text(&c.span),
                stat_number(&c.span),
                c.quadrant,
                c.region,
                c.dilemma_type.map(|d| format!("{d:?}").to_lowercase()),
                written_personas(c),
                c.requires,
                c.reports,
                c.property,
                searchable_lore(c),
                c.text,
                c.skills_parsed,
                serde_json::to_string(c)?,
            ])?;
            // a mission's affiliation icons say who may attempt it: `a:` finds them
            for a in c.affiliations.iter().chain(&c.mission_icons) {
                aff.execute(params![id, a])?;
            }
            for i in &c.icons {
                icon.execute(params![id, i, 0])?;
            }
            for i in &c.staffing {
                icon.execute(params![id, i, 1])?;
            }
            for ch in &c.characteristics {
                chr.execute(params![id, ch])?;
            }
            for s in &c.skills {
                skill.execute(params![id, s.name, s.level as f64])?;
            }
            for m in &c.commands {
                cmd.execute(params![id, m])?;
            }
            for p in crate::cards::persona::identities(c) {
                persona.execute(params![id, p.name, p.version.name()])?;
            }
            for r in &c.references {
                let target = resolve(db, &titles, r, c.edition);
                refs.execute(params![id, r, target.map(|t| t as i64)])?;
            }
            for p in &c.printings {
                let source = match p.source {
                    PrintingSource::Physical => "physical",
                    PrintingSource::Virtual => "virtual",
                    PrintingSource::Lackey => "lackey",
                };
                prn.execute(params![
                    id,
                    p.printed_title,
                    p.set,
                    p.release,
                    p.info,
                    p.image_file,
                    p.blueprint_id,
                    source
                ])?;
            }
        }
    }
    tx.commit()?;
    Ok(())
}

/// The lore `lore:` searches: the card's, then each printing's own lore.
fn searchable_lore(c: &Card) -> String {
    let mut all = vec![c.lore.as_str()];
    for l in c.printings.iter().filter_map(|p| p.lore.as_deref()) {
        if !all.contains(&l) {
            all.push(l);
        }
    }
    all.join("\n")
}

fn resolve(
    db: &CardDb,
    titles: &HashMap<String, Vec<usize>>,
    title: &str,
    edition: Edition,
) -> Option<usize> {
    let ids = titles.get(&fold_for_match(title))?;
    ids.iter()
        .copied()
        .find(|&i| db.cards[i].edition == edition)
        .or(ids.first().copied())
}

/// Load the whole card database back from the store.
pub fn load_db(store: &Store) -> anyhow::Result<CardDb> {
    let mut stmt = store.conn.prepare("SELECT json FROM cards ORDER BY id")?;
    let cards = stmt
        .query_map([], |r| r.get::<_, String>(0))?
        .map(|j| -> anyhow::Result<Card> { Ok(serde_json::from_str(&j?)?) })
        .collect::<anyhow::Result<Vec<Card>>>()?;
    Ok(CardDb::new(cards))
}

/// A light card database for title lookup: every card with its identity
/// (id, key, title, edition, type, persona) and printings, without game text,
/// stats or skills. Fetch the chosen card in full with [`load_card`].
pub fn load_titles(store: &Store) -> anyhow::Result<CardDb> {
    let mut stmt = store
        .conn
        .prepare("SELECT id, key, title, edition, type, persona FROM cards ORDER BY id")?;
    let mut cards = stmt
        .query_map([], |r| {
            let persona: Option<String> = r.get(5)?;
            Ok(Card {
                id: r.get::<_, i64>(0)? as usize,
                key: r.get(1)?,
                title: r.get(2)?,
                edition: if r.get::<_, String>(3)? == "2E" {
                    Edition::Second
                } else {
                    Edition::First
                },
                card_type: crate::cards::CardType::parse(&r.get::<_, String>(4)?),
                ..Card::default()
            })
            .map(|mut c: Card| {
                c.personas = crate::cards::parse::personas(persona.as_deref().unwrap_or(""));
                c.persona = c.personas.first().cloned();
                c
            })
        })?
        .collect::<Result<Vec<Card>, _>>()?;
    let mut ps = store.conn.prepare(
        "SELECT card, printed_title, set_tag, release, info, image_file, blueprint_id, source FROM printings ORDER BY rowid",
    )?;
    let rows = ps.query_map([], |r| {
        let source = match r.get::<_, String>(7)?.as_str() {
            "virtual" => PrintingSource::Virtual,
            "lackey" => PrintingSource::Lackey,
            _ => PrintingSource::Physical,
        };
        Ok((
            r.get::<_, i64>(0)? as usize,
            crate::cards::Printing {
                printed_title: r.get(1)?,
                set: r.get(2)?,
                release: r.get(3)?,
                info: r.get(4)?,
                image_file: r.get(5)?,
                blueprint_id: r.get(6)?,
                source,
                lore: None,
            },
        ))
    })?;
    for row in rows {
        let (card, p) = row?;
        if let Some(c) = cards.get_mut(card) {
            c.printings.push(p);
        }
    }
    Ok(CardDb::new(cards))
}

/// One card in full, by id.
pub fn load_card(store: &Store, id: usize) -> anyhow::Result<Option<Card>> {
    let json: Option<String> = store
        .conn
        .query_row("SELECT json FROM cards WHERE id = ?1", [id as i64], |r| {
            r.get(0)
        })
        .optional()?;
    json.map(|j| Ok(serde_json::from_str(&j)?)).transpose()
}

/// Words of folded text, for whole-title matching.
fn words(text: &str) -> Vec<String> {
    fold_for_match(text)
        .split(|c: char| !(c.is_alphanumeric() || c == '\''))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// Link cards to rules entries: "about" when the entry's title is the card's
/// title, "mentions" when an entry body names the whole title. Returns the
/// number of links. Run after both the rules entries and the cards are written.
pub fn link_rules(store: &Store) -> anyhow::Result<usize> {
    let tx = store.conn.unchecked_transaction()?;
    tx.execute("DELETE FROM card_rules", [])?;
    // title words → card ids
    let mut by_words: HashMap<String, Vec<i64>> = HashMap::new();
    let mut longest = 1;
    {
        let mut stmt = tx.prepare("SELECT id, title FROM cards")?;
        let rows = stmt.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?;
        for row in rows {
            let (id, title) = row?;
            let w = words(&title);
            if w.is_empty() || w.join("").chars().count() < 4 {
                continue;
            }
            longest = longest.max(w.len());
            by_words.entry(w.join(" ")).or_default().push(id);
        }
    }
    let entries: Vec<(String, String, String)> = {
        let mut stmt = tx.prepare("SELECT id, title, body FROM entries")?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
        rows.collect::<Result<_, _>>()?
    };
    let mut insert =
        tx.prepare("INSERT INTO card_rules (card, entry_id, how) VALUES (?1, ?2, ?3)")?;
    let mut links = 0;
    for (entry_id, title, body) in &entries {
        let about: Vec<i64> = by_words
            .get(&words(title).join(" "))
            .cloned()
            .unwrap_or_default();
        for &card in &about {
            insert.execute(params![card, entry_id, "about"])?;
            links += 1;
        }
        for card in mentions(body, &by_words, longest) {
            if !about.contains(&card) {
                insert.execute(params![card, entry_id, "mentions"])?;
                links += 1;
            }
        }
    }
    drop(insert);
    tx.commit()?;
    Ok(links)
}

/// Cards whose whole title appears in `body` (single-word titles only when
/// written with a capital, so "data" in prose is not the card Data).
fn mentions(body: &str, by_words: &HashMap<String, Vec<i64>>, longest: usize) -> Vec<i64> {
    let raw: Vec<&str> = body
        .split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’'))
        .filter(|w| !w.is_empty())
        .collect();
    let folded: Vec<String> = raw.iter().map(|w| fold_for_match(w)).collect();
    let mut found = Vec::new();
    for start in 0..folded.len() {
        let mut key = String::new();
        for len in 1..=longest.min(folded.len() - start) {
            if len > 1 {
                key.push(' ');
            }
            key.push_str(&folded[start + len - 1]);
            let Some(ids) = by_words.get(&key) else {
                continue;
            };
            if len == 1 && !raw[start].starts_with(char::is_uppercase) {
                continue;
            }
            for &id in ids {
                if !found.contains(&id) {
                    found.push(id);
                }
            }
        }
    }
    found
}
