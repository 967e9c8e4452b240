//! `printed = { … }`: printed facts a scenario supplies. They win over the
//! card database — for a card the database lacks (a virtual card), a fact it
//! holds wrongly, or a state the scenario models (a skill gained, an attribute
//! changed). Spellings are read through the vocabulary: icons by code or name
//! (`"[Cmd]"`, `"Command"`), affiliations by name or icon (`"KLI"`), skills
//! with multipliers (`"Diplomacy x2"`, `"2 Diplomacy"`).

use super::format::{NameList, PrintedSpec};
use crate::cards::model::{Card, CardType, DilemmaType, Persona, Skill, Stat};
use crate::vocab::vocabulary;

impl NameList {
    /// The items, a single string split on `sep` (commas, `/`, `[..]`).
    pub fn items(&self, sep: &[char]) -> Vec<String> {
        let raw: Vec<String> = match self {
            NameList::One(s) => s.split(sep).map(str::to_string).collect(),
            NameList::Many(v) => v.clone(),
        };
        raw.into_iter()
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect()
    }
}

impl PrintedSpec {
    /// True when no printed fact is given.
    pub fn is_empty(&self) -> bool {
        *self == PrintedSpec::default()
    }
}

/// A card built from `printed` alone, for a title the database lacks.
pub fn synthesize(title: &str, kind: Option<&str>, p: &PrintedSpec) -> Option<Card> {
    let kind = p.card_type.as_deref().or(kind)?;
    let card_type = CardType::parse(kind);
    if matches!(card_type, CardType::Other(_)) {
        return None;
    }
    let mut card = Card {
        title: title.to_string(),
        key: format!("scenario-{}", crate::readers::slug(title)),
        card_type,
        unique: true,
        ..Card::default()
    };
    apply(&mut card, p);
    Some(card)
}

/// Icon codes, canonical where the vocabulary knows them.
fn icons(list: &NameList) -> Vec<String> {
    let v = vocabulary();
    let mut out = Vec::new();
    for item in list.items(&[',', '[', ']']) {
        match v.icons.canonical(&item) {
            Some(c) => out.push(c.to_string()),
            // "Cmd Stf" written without brackets: each word an icon.
            None if item
                .split_whitespace()
                .all(|w| v.icons.canonical(w).is_some()) =>
            {
                out.extend(
                    item.split_whitespace()
                        .filter_map(|w| v.icons.canonical(w).map(str::to_string)),
                )
            }
            None => out.push(item),
        }
    }
    out
}

fn affiliations(list: &NameList) -> Vec<String> {
    let v = vocabulary();
    list.items(&[',', '/', '[', ']'])
        .iter()
        .map(|a| {
            v.icons
                .affiliation(a)
                .or_else(|| v.affiliations.canonical(a))
                .map_or_else(|| a.clone(), str::to_string)
        })
        .collect()
}

/// "Leadership, Diplomacy x2", "2 Diplomacy", "Diplomacy (x2)", or a list.
pub fn skills(list: &NameList) -> Vec<Skill> {
    let v = vocabulary();
    let mut out: Vec<Skill> = Vec::new();
    for part in list.items(&[',', '+', ';']) {
        let part = part.replace(['(', ')'], " ");
        let words: Vec<&str> = part.split_whitespace().collect();
        let mut level = 1.0;
        let mut name_words = words.as_slice();
        if let Some((last, rest)) = name_words.split_last() {
            if let Some(n) = multiplier(last) {
                level = n;
                name_words = rest;
            }
        }
        if let Some((first, rest)) = name_words.split_first() {
            if let Ok(n) = first.trim_end_matches(['x', '×']).parse::<f32>() {
                level = n;
                name_words = rest;
            }
        }
        let name = name_words.join(" ");
        if name.is_empty() {
            continue;
        }
        let name = v.skills.canonical(&name).unwrap_or(name);
        match out.iter_mut().find(|s| s.name.eq_ignore_ascii_case(&name)) {
            Some(s) => s.level += level,
            None => out.push(Skill { name, level }),
        }
    }
    out
}

/// "x2", "×3".
fn multiplier(w: &str) -> Option<f32> {
    w.strip_prefix(['x', '×', 'X'])
        .and_then(|n| n.parse::<f32>().ok())
}

/// Apply every given fact; a fact left out keeps the database's.
pub fn apply(card: &mut Card, p: &PrintedSpec) {
    if let Some(t) = &p.card_type {
        let ty = CardType::parse(t);
        if !matches!(ty, CardType::Other(_)) {
            card.card_type = ty;
        }
    }
    if let Some(a) = &p.affiliations {
        card.affiliations = affiliations(a);
    }
    let set = |slot: &mut Option<Stat>, v: Option<i32>| {
        if let Some(v) = v {
            *slot = Some(Stat::Num(v));
        }
    };
    set(&mut card.int_rng, p.integrity.or(p.range));
    set(&mut card.cun_wpn, p.cunning.or(p.weapons));
    set(&mut card.str_shd, p.strength.or(p.shields));
    set(&mut card.points, p.points);
    set(&mut card.span, p.span);
    if let Some(t) = &p.text {
        card.text = t.clone();
        card.references = crate::cards::parse::references(t);
        if card.is_personnel() && p.skills.is_none() {
            // A personnel's text opens with its skill box.
            let bx = crate::cards::parse::skill_box(t);
            card.skills = bx.skills;
            card.special_skills = bx.special_skills;
            card.special_downloads = bx.downloads;
        }
    }
    if let Some(s) = &p.skills {
        card.skills = skills(s);
        card.skills_parsed = true;
    }
    if let Some(i) = &p.icons {
        card.icons = icons(i);
    }
    if let Some(s) = &p.staffing {
        card.staffing = icons(s);
    }
    if let Some(c) = &p.characteristics {
        card.characteristics = c.items(&[',', ';']);
    }
    if let Some(c) = &p.classification {
        card.class = Some(c.clone());
    }
    if let Some(u) = p.unique {
        card.unique = u;
    }
    if let Some(u) = p.universal {
        card.universal = u;
        card.unique = !u;
    }
    if let Some(n) = &p.persona {
        card.persona = Some(Persona {
            name: n.clone(),
            mirror: false,
            infiltrator: false,
        });
    }
    if let Some(l) = &p.lore {
        card.lore = l.clone();
    }
    if let Some(q) = &p.quadrant {
        card.quadrant = Some(q.clone());
    }
    if let Some(r) = &p.region {
        card.region = Some(r.clone());
    }
    if let Some(t) = &p.location_type {
        card.dilemma_type = match crate::repair::fold_for_match(t).as_str() {
            "space" => Some(DilemmaType::Space),
            "planet" => Some(DilemmaType::Planet),
            "dual" | "space/planet" | "planet/space" => Some(DilemmaType::Dual),
            _ => card.dilemma_type,
        };
    }
    if let Some(m) = &p.mission_affiliations {
        card.mission_icons = affiliations(m);
        card.mission_affil_text = None;
    }
    if let Some(c) = &p.commands {
        card.commands = c.items(&[',', ';']);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skills_read_multipliers_on_either_side() {
        let s = skills(&NameList::One(
            "Leadership, Diplomacy x2, 2 Biology, Honor (x3)".into(),
        ));
        let got: Vec<(String, f32)> = s.into_iter().map(|s| (s.name, s.level)).collect();
        assert_eq!(
            got,
            vec![
                ("Leadership".into(), 1.0),
                ("Diplomacy".into(), 2.0),
                ("Biology".into(), 2.0),
                ("Honor".into(), 3.0)
            ]
        );
    }

    #[test]
    fn a_missing_card_is_built_from_its_printed_facts() {
        let p = PrintedSpec {
            card_type: Some("personnel".into()),
            affiliations: Some(NameList::One("KLI".into())),
            integrity: Some(7),
            skills: Some(NameList::Many(vec!["Honor".into()])),
            ..PrintedSpec::default()
        };
        let c = synthesize("Virtual Worf", None, &p).expect("built");
        assert!(c.is_personnel());
        assert_eq!(c.affiliations, vec!["Klingon".to_string()]);
        assert_eq!(c.skill_level("honor"), 1.0);
        assert!(synthesize("X", None, &PrintedSpec::default()).is_none());
    }
}
