//! stand-in until the card model lands: a small card loader reading
//! `cards/{physical,virtual}.csv` into [`CardDb`] with just the fields the
//! scenario checks read. The lead replaces this file at merge with
//! `crate::store::cards::load_db` / `crate::cards::ingest::load`; nothing else
//! in the engine depends on how the cards were loaded.

use crate::cards::model::{Card, CardDb, CardType, DilemmaType, Edition, Persona, Skill, Stat};
use std::collections::HashMap;
use std::path::Path;

/// Load every distinct 1E card of the corpus (stand-in until the card model lands).
pub fn load_cards(corpus_root: &Path) -> anyhow::Result<CardDb> {
    let mut db = CardDb::default();
    let mut seen: HashMap<(String, String, String), usize> = HashMap::new();
    for file in ["physical.csv", "virtual.csv"] {
        let path = corpus_root.join("cards").join(file);
        let mut rdr = csv::ReaderBuilder::new()
            .flexible(true)
            .from_path(&path)
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        let headers: Vec<String> = rdr
            .headers()?
            .iter()
            .map(|h| h.trim_start_matches('\u{feff}').to_string())
            .collect();
        for (n, row) in rdr.records().enumerate() {
            let row = row.map_err(|e| anyhow::anyhow!("{}: row {}: {e}", path.display(), n + 2))?;
            let fields: HashMap<String, String> = headers
                .iter()
                .zip(row.iter())
                .map(|(h, v)| (h.clone(), v.to_string()))
                .collect();
            if fields.get("Set").is_some_and(|s| s.contains("ban_2E")) {
                continue;
            }
            let card = card_from_row(&fields);
            let dedupe = (
                crate::repair::fold_for_match(&card.title),
                card.card_type.name(),
                card.text.clone(),
            );
            if seen.contains_key(&dedupe) {
                continue;
            }
            let id = db.cards.len();
            seen.insert(dedupe, id);
            db.cards.push(Card { id, ..card });
        }
    }
    Ok(db)
}

/// The title without the virtual-printing marks (` *VP`, trailing `*`).
pub fn clean_title(printed: &str) -> String {
    let t = printed.trim();
    let t = t.strip_suffix("*VP").unwrap_or(t).trim_end();
    t.trim_end_matches('*').trim().to_string()
}

fn bracket_codes(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = s;
    while let Some(start) = rest.find('[') {
        let Some(end) = rest[start..].find(']') else {
            break;
        };
        out.push(rest[start + 1..start + end].trim().to_string());
        rest = &rest[start + end + 1..];
    }
    out
}

fn card_from_row(fields: &HashMap<String, String>) -> Card {
    let get = |name: &str| -> &str { fields.get(name).map_or("", |s| s.as_str()) };
    let title = clean_title(get("Name"));
    let card_type = CardType::parse(get("Type"));
    let uniq = get("Uniqueness").trim().to_lowercase();
    let text = get("Text").trim().to_string();
    let affil = get("Affil").trim();
    let vocab = &crate::vocab::vocabulary().affiliations;
    let (affiliations, mission_icons, mission_affil_text) = if card_type == CardType::Mission {
        let codes: Vec<String> = bracket_codes(affil)
            .iter()
            .filter_map(|c| vocab.canonical(c).map(str::to_string))
            .collect();
        let prose = (!affil.starts_with('[') && !affil.is_empty()).then(|| affil.to_string());
        (vec![], codes, prose)
    } else {
        let a = affil
            .split('/')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect();
        (a, vec![], None)
    };
    let (skills, skills_parsed) = if card_type == CardType::Personnel {
        parse_skills(&text)
    } else {
        (vec![], true)
    };
    let dilemma_type = match get("Mission/ Dilemma Type").trim() {
        "[S]" => Some(DilemmaType::Space),
        "[P]" => Some(DilemmaType::Planet),
        "[S/P]" | "[P/S]" => Some(DilemmaType::Dual),
        _ => None,
    };
    let persona = Some(get("Persona").trim())
        .filter(|p| !p.is_empty())
        .map(|p| Persona {
            name: p.trim_matches(|c| "()<>".contains(c)).to_string(),
            mirror: p.starts_with('('),
            infiltrator: p.starts_with('<'),
        });
    let split_semis = |s: &str| -> Vec<String> {
        s.split(';')
            .map(str::trim)
            .filter(|x| !x.is_empty())
            .map(str::to_string)
            .collect()
    };
    Card {
        id: 0,
        key: crate::readers::slug(&format!("{} {title}", card_type.name())),
        title: title.clone(),
        edition: Edition::First,
        card_type: card_type.clone(),
        unique: uniq.is_empty()
            && matches!(
                card_type,
                CardType::Personnel | CardType::Ship | CardType::Facility
            )
            || text.contains("Unique."),
        universal: uniq == "univ",
        affiliations,
        mission_icons,
        mission_affil_text,
        class: Some(get("Class").trim().to_string()).filter(|s| !s.is_empty()),
        int_rng: Stat::parse(get("Int/Rng")),
        cun_wpn: Stat::parse(get("Cun/Wpn")),
        str_shd: Stat::parse(get("Str/Shd")),
        points: Stat::parse(get("Points")),
        span: Stat::parse(get("Span")),
        quadrant: Some(get("Quadrant").trim().to_string()).filter(|s| !s.is_empty()),
        region: Some(get("Region").trim().to_string()).filter(|s| !s.is_empty()),
        dilemma_type,
        icons: bracket_codes(get("Icons")),
        staffing: bracket_codes(get("Staff").split(" OR ").next().unwrap_or("")),
        characteristics: split_semis(get("Characteristics/ Keywords")),
        persona,
        commands: split_semis(get("Command")),
        requires: Some(get("Requires").trim().to_string()).filter(|s| !s.is_empty()),
        reports: Some(get("Reports").trim().to_string()).filter(|s| !s.is_empty()),
        property: get("Property").trim().to_string(),
        names: None,
        lore: get("Lore").trim().to_string(),
        text,
        skills,
        special_skills: vec![],
        special_downloads: vec![],
        skills_parsed,
        references: vec![],
        printings: vec![],
    }
}

/// Skills from a personnel's Text: classification word(s), then skills with
/// `x 2` multipliers, up to the first special-skill sentence.
pub fn parse_skills(text: &str) -> (Vec<Skill>, bool) {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut skills: Vec<Skill> = Vec::new();
    let mut i = 0;
    let mut clean = true;
    while i < words.len() {
        let w = words[i];
        if !w.starts_with(|c: char| c.is_uppercase()) || w.contains('{') {
            clean = false;
            break;
        }
        let mut name = w.trim_end_matches(['.', ',', ':']).to_string();
        let ends_sentence = w.ends_with(['.', ',', ':']) && !is_all_caps(w);
        // Two-word skills: "Computer Skill", "Stellar Cartography", "Tal Shiar".
        if !ends_sentence && i + 1 < words.len() && joins(w, words[i + 1]) {
            name = format!("{name} {}", words[i + 1]);
            i += 1;
        }
        i += 1;
        let mut level = 1.0;
        if i + 1 < words.len() && words[i] == "x" {
            if let Ok(n) = words[i + 1].parse::<f32>() {
                level = n;
                i += 2;
            }
        } else if i < words.len() && words[i].starts_with('x') {
            if let Ok(n) = words[i][1..].parse::<f32>() {
                level = n;
                i += 1;
            }
        }
        if i < words.len() && !words[i].starts_with(|c: char| c.is_uppercase()) {
            // The next word starts a sentence: this word was its subject.
            if i < words.len() && words[i] != "x" {
                clean = false;
                break;
            }
        }
        match skills.iter_mut().find(|s| s.name == name) {
            Some(s) => s.level += level,
            None => skills.push(Skill { name, level }),
        }
        if ends_sentence {
            clean = false;
            break;
        }
    }
    (skills, clean)
}

fn is_all_caps(w: &str) -> bool {
    w.chars().any(|c| c.is_alphabetic()) && !w.chars().any(|c| c.is_lowercase())
}

fn joins(first: &str, second: &str) -> bool {
    const PAIRS: &[&str] = &[
        "Stellar Cartography",
        "Tal Shiar",
        "Obsidian Order",
        "Temporal Physics",
        "Klingon Intelligence",
        "Fire Control",
    ];
    let second = second.trim_end_matches(['.', ',']);
    second == "Skill" || PAIRS.contains(&format!("{first} {second}").as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skills_with_multipliers_and_two_word_names() {
        let (s, ok) = parse_skills("OFFICER ENGINEER Computer Skill x 2 Music Astrophysics");
        assert!(ok);
        let names: Vec<_> = s.iter().map(|s| (s.name.as_str(), s.level)).collect();
        assert_eq!(
            names,
            vec![
                ("OFFICER", 1.0),
                ("ENGINEER", 1.0),
                ("Computer Skill", 2.0),
                ("Music", 1.0),
                ("Astrophysics", 1.0)
            ]
        );
    }

    #[test]
    fn special_skill_sentence_stops_the_skill_list() {
        let (s, ok) = parse_skills("SECURITY Honor Once per game, may do a thing.");
        assert!(!ok);
        assert_eq!(s.len(), 2);
    }

    #[test]
    fn virtual_marks_are_removed_from_titles() {
        assert_eq!(clean_title("Jean-Luc Picard *VP"), "Jean-Luc Picard");
        assert_eq!(clean_title("H.M.S. Bounty*"), "H.M.S. Bounty");
    }
}
