//! Parsers for the card database's cells: icons, affiliations, stats,
//! characteristics, personas, references, and the personnel skill box.
//!
//! Invariant: every parser is total (any string in, a value out); what cannot be
//! understood is kept as text and flagged, never dropped silently.

use super::model::{DilemmaType, Persona, Skill};
use crate::vocab::vocabulary;
use std::sync::OnceLock;

/// A title without its printing marks: `Kivas Fajo *VP` → (`Kivas Fajo`, vp),
/// `Data and Picard*` → (`Data and Picard`, twin).
#[derive(Debug, Clone, PartialEq)]
pub struct PrintedTitle {
    pub title: String,
    pub virtual_promo: bool,
    pub twin: bool,
}

pub fn printed_title(name: &str) -> PrintedTitle {
    let mut t = name.trim();
    let mut virtual_promo = false;
    let mut twin = false;
    if let Some(rest) = t.strip_suffix("*VP") {
        t = rest.trim_end();
        virtual_promo = true;
    }
    // "Kira**": a triple-affiliation card has two twins
    if t.ends_with('*') {
        t = t.trim_end_matches('*').trim_end();
        twin = true;
    }
    PrintedTitle {
        title: t.to_string(),
        virtual_promo,
        twin,
    }
}

/// Every `[Code]` in a cell, canonical codes first, then the codes the
/// vocabulary does not know (kept verbatim, reported by the ingest).
pub fn icons(cell: &str) -> (Vec<String>, Vec<String>) {
    let mut known = Vec::new();
    let mut unknown = Vec::new();
    for code in bracketed(cell) {
        match vocabulary().icons.canonical(code) {
            Some(c) => known.push(c.to_string()),
            None => unknown.push(code.to_string()),
        }
    }
    // An infiltration icon is printed `<Fed>` (icons.toml, kind "infiltration").
    for code in angled(cell) {
        match vocabulary().icons.canonical(&format!("<{code}>")) {
            Some(c) => known.push(c.to_string()),
            None => unknown.push(format!("<{code}>")),
        }
    }
    (known, unknown)
}

/// The `<..>` contents of a cell, in order.
fn angled(cell: &str) -> Vec<&str> {
    cell.split('<')
        .skip(1)
        .filter_map(|rest| rest.split_once('>').map(|(code, _)| code.trim()))
        .filter(|code| !code.is_empty())
        .collect()
}

/// The `[..]` contents of a cell, in order.
pub fn bracketed(cell: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = cell;
    while let Some(start) = rest.find('[') {
        let after = &rest[start + 1..];
        match after.find(']') {
            Some(end) => {
                let code = after[..end].trim();
                if !code.is_empty() {
                    out.push(code);
                }
                rest = &after[end + 1..];
            }
            None => break,
        }
    }
    out
}

/// The Staff cell: staffing icons (repeats kept) and any prose beside them
/// (`OR {James T. Kirk}`, `Empathy x2`).
pub fn staffing(cell: &str) -> (Vec<String>, Option<String>) {
    let (known, unknown) = icons(cell);
    let mut all = known;
    all.extend(unknown);
    let mut prose = cell.to_string();
    while let (Some(s), Some(e)) = (prose.find('['), prose.find(']')) {
        if e < s {
            break;
        }
        prose.replace_range(s..=e, " ");
    }
    let prose = prose.split_whitespace().collect::<Vec<_>>().join(" ");
    (all, (!prose.is_empty()).then_some(prose))
}

/// The Affil cell of a non-mission: "Non-Aligned/Cardassian" is two affiliations.
pub fn affiliations(cell: &str) -> Vec<String> {
    cell.split('/')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            vocabulary()
                .icons
                .affiliation(s)
                .map(str::to_string)
                .unwrap_or_else(|| s.to_string())
        })
        .collect()
}

/// The Affil cell of a mission: attempt icons (`[FED][KLI]` → Federation,
/// Klingon) or prose ("Any crew may attempt mission.").
pub fn mission_affil(cell: &str) -> (Vec<String>, Option<String>) {
    let t = cell.trim();
    if t.is_empty() {
        return (Vec::new(), None);
    }
    let only_icons = t
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .split_inclusive(']')
        .all(|p| p.starts_with('[') && p.ends_with(']'));
    if only_icons {
        let names = bracketed(t)
            .into_iter()
            .map(|code| {
                vocabulary()
                    .icons
                    .affiliation(code)
                    .map(str::to_string)
                    .unwrap_or_else(|| code.to_string())
            })
            .collect();
        (names, None)
    } else {
        (Vec::new(), Some(t.to_string()))
    }
}

/// `[S]`, `[P]`, `[S/P]`, `[S][P]`.
pub fn dilemma_type(cell: &str) -> Option<DilemmaType> {
    let norm: String = cell.chars().filter(|c| c.is_ascii_alphabetic()).collect();
    match norm.to_ascii_uppercase().as_str() {
        "S" => Some(DilemmaType::Space),
        "P" => Some(DilemmaType::Planet),
        "SP" => Some(DilemmaType::Dual),
        _ => None,
    }
}

/// `;`-separated lists (characteristics, Command, Names).
pub fn list(cell: &str) -> Vec<String> {
    cell.split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// Persona cell: `Name`, `(Name)` mirror counterpart, `<Name>` infiltrator;
/// several are `;`-separated.
pub fn personas(cell: &str) -> Vec<Persona> {
    list(cell)
        .into_iter()
        .map(|p| {
            let mirror = p.starts_with('(') && p.ends_with(')');
            let infiltrator = p.starts_with('<') && p.ends_with('>');
            let name = if mirror || infiltrator {
                p[1..p.len() - 1].trim().to_string()
            } else {
                p
            };
            Persona {
                name,
                mirror,
                infiltrator,
            }
        })
        .collect()
}

/// Every `{Title}` in game text, in order.
pub fn references(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find('{') {
        let after = &rest[start + 1..];
        match after.find('}') {
            Some(end) => {
                let t = after[..end].trim();
                if !t.is_empty() {
                    out.push(t.to_string());
                }
                rest = &after[end + 1..];
            }
            None => break,
        }
    }
    out
}

/// A personnel's parsed skill box.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SkillBox {
    /// Skills with levels, repeats summed, in first-seen order.
    pub skills: Vec<Skill>,
    pub special_skills: Vec<String>,
    pub downloads: Vec<String>,
    /// False when some leading text could not be read as skills.
    pub parsed: bool,
    /// What could not be parsed, for the report.
    pub problem: Option<String>,
}

/// Words that open a special-skill sentence. When a sentence's *second* word is
/// one of these, its first word is an unknown skill ("Guramba May report ...").
const SENTENCE_OPENERS: &[&str] = &[
    "May",
    "Once",
    "If",
    "When",
    "While",
    "Your",
    "Any",
    "At",
    "Each",
    "Where",
    "All",
    "Allows",
    "Can",
    "Scores",
    "Doubles",
    "Attributes",
    "Worth",
    "Compatible",
    "Twice",
    "Nullifies",
    "Protects",
    "Draw",
    "Opposing",
    "Reports",
    "Immune",
    "Ignore",
    "Suspends",
    "Adds",
    "Must",
    "Has",
    "Cannot",
    "Thrice",
    "DL/",
];

/// Abbreviations whose period does not end a sentence.
const ABBREVIATIONS: &[&str] = &[
    "dr.", "vs.", "lt.", "mr.", "mrs.", "ms.", "st.", "jr.", "cmdr.", "capt.", "etc.", "no.",
    "e.g.", "i.e.", "gen.", "adm.", "sgt.",
];

fn skill_spellings() -> &'static Vec<(Vec<String>, String)> {
    static S: OnceLock<Vec<(Vec<String>, String)>> = OnceLock::new();
    S.get_or_init(|| {
        vocabulary()
            .skills
            .spellings()
            .into_iter()
            .map(|(sp, name)| (sp.split_whitespace().map(str::to_lowercase).collect(), name))
            .collect()
    })
}

fn bare(tok: &str) -> &str {
    tok.trim_end_matches([',', ';'])
}

/// Match a skill name at `toks[i..]`: (canonical name, tokens used).
fn match_skill(toks: &[&str], i: usize) -> Option<(String, usize)> {
    for (words, name) in skill_spellings() {
        let n = words.len();
        if i + n > toks.len() {
            continue;
        }
        let ok = words.iter().enumerate().all(|(k, w)| {
            let t = toks[i + k];
            // only the last word may carry a trailing comma
            let t = if k + 1 == n { bare(t) } else { t };
            t.eq_ignore_ascii_case(w)
        });
        // A classification must be written in capitals ("SECURITY", not "Security").
        if ok
            && (!vocabulary().skills.is_classification(name)
                || toks[i].chars().any(|c| c.is_ascii_uppercase())
                    && bare(toks[i]).to_uppercase() == bare(toks[i]))
        {
            return Some((name.clone(), n));
        }
    }
    None
}

/// A multiplier after a skill: `x 2`, `x2`, `x1/2`, `x 1/2`, `X2`.
fn match_multiplier(toks: &[&str], i: usize) -> Option<(f32, usize)> {
    let t = toks.get(i).map(|t| bare(t))?;
    let (num, used) = if t == "x" || t == "X" {
        (toks.get(i + 1).map(|t| bare(t))?, 2)
    } else if let Some(rest) = t.strip_prefix(['x', 'X']) {
        (rest, 1)
    } else {
        return None;
    };
    let value = if let Some((a, b)) = num.split_once('/') {
        let (a, b): (f32, f32) = (a.parse().ok()?, b.parse().ok()?);
        if b == 0.0 {
            return None;
        }
        a / b
    } else {
        num.parse::<f32>().ok()?
    };
    Some((value, used))
}

fn ends_sentence(tok: &str) -> bool {
    let t = tok.trim_end_matches([')', '"', '\'', '’', '”']);
    if !(t.ends_with('.') || t.ends_with('!') || t.ends_with('?')) {
        return false;
    }
    let lower = t.trim_start_matches(['(', '"']).to_lowercase();
    if ABBREVIATIONS.contains(&lower.as_str()) {
        return false;
    }
    // initials such as V.I.P. or U.S.S.
    let initials = lower.len() >= 4
        && lower.chars().enumerate().all(|(k, c)| {
            if k % 2 == 0 {
                c.is_alphabetic()
            } else {
                c == '.'
            }
        });
    !initials
}

fn depth_change(tok: &str) -> i32 {
    tok.chars()
        .map(|c| match c {
            '{' | '(' => 1,
            '}' | ')' => -1,
            _ => 0,
        })
        .sum()
}

/// Read a sentence from `toks[i..]`: up to a sentence end outside braces and
/// parentheses, or up to `stop` (a predicate on the next token).
fn read_sentence(toks: &[&str], mut i: usize, stop_at_dl: bool) -> (String, usize, bool) {
    let start = i;
    let mut depth = 0;
    let mut terminated = false;
    while i < toks.len() {
        if stop_at_dl && i > start && depth == 0 && toks[i].starts_with("DL/") {
            break;
        }
        depth += depth_change(toks[i]);
        let end = depth <= 0 && ends_sentence(toks[i]);
        i += 1;
        if end {
            terminated = true;
            break;
        }
    }
    (toks[start..i].join(" "), i, terminated)
}

/// Read `DL/ ...`: braced titles (`{A} OR {B}`, optional `(if ...)`) or prose.
fn read_download(toks: &[&str], mut i: usize) -> (Vec<String>, usize) {
    // `DL/{Title}` may be written without a space
    let first_rest = toks[i].trim_start_matches("DL/");
    let mut parts: Vec<&str> = Vec::new();
    if !first_rest.is_empty() {
        parts.push(first_rest);
    }
    i += 1;
    let starts_braced = parts
        .first()
        .or(toks.get(i))
        .is_some_and(|t| t.starts_with('{'));
    if !starts_braced {
        let (prose, next, _) = read_sentence_from(toks, i, &parts);
        return (vec![prose.trim_end_matches('.').to_string()], next);
    }
    if parts.is_empty() {
        parts.push(toks[i]);
        i += 1;
    }
    let mut joined = parts.join(" ");
    let mut depth: i32 = parts.iter().map(|p| depth_change(p)).sum();
    loop {
        while depth > 0 && i < toks.len() {
            depth += depth_change(toks[i]);
            joined.push(' ');
            joined.push_str(toks[i]);
            i += 1;
        }
        // `{A} OR {B}`, `{A}, {B}`
        let alternative =
            toks.get(i) == Some(&"OR") && toks.get(i + 1).is_some_and(|t| t.starts_with('{'));
        if alternative {
            joined.push_str(" OR ");
            joined.push_str(toks[i + 1]);
            depth = depth_change(toks[i + 1]);
            i += 2;
            continue;
        }
        break;
    }
    // a condition in parentheses belongs to the download
    if toks.get(i).is_some_and(|t| t.starts_with('(')) {
        let (cond, next, _) = read_sentence(toks, i, true);
        i = next;
        let _ = cond;
    }
    let titles = references(&joined);
    (
        if titles.is_empty() {
            vec![joined]
        } else {
            titles
        },
        i,
    )
}

fn read_sentence_from(toks: &[&str], i: usize, prefix: &[&str]) -> (String, usize, bool) {
    let (s, next, term) = read_sentence(toks, i, true);
    let mut text = prefix.join(" ");
    if !text.is_empty() && !s.is_empty() {
        text.push(' ');
    }
    text.push_str(&s);
    (text, next, term)
}

/// Parse a personnel's Text: classification and skills with multipliers,
/// special downloads, and special-skill sentences.
pub fn skill_box(text: &str) -> SkillBox {
    let toks: Vec<&str> = text.split_whitespace().collect();
    let mut bx = SkillBox {
        parsed: true,
        ..Default::default()
    };
    let mut i = 0;
    while i < toks.len() {
        let tok = toks[i];
        if tok.starts_with("DL/") {
            let (titles, next) = read_download(&toks, i);
            bx.downloads.extend(titles);
            i = next;
            continue;
        }
        if let Some(n) = classification_combo(tok) {
            for c in n {
                add_skill(&mut bx.skills, c, 1.0);
            }
            i += 1;
            continue;
        }
        if is_label(&toks, i) {
            i += 1;
            continue;
        }
        if let Some((name, used)) = match_skill(&toks, i) {
            let (level, mused) = match_multiplier(&toks, i + used).unwrap_or((1.0, 0));
            if toks.get(i + used + mused) == Some(&"OR") {
                // "Music OR Treachery (change at any time)": a choice, kept as text
                let (s, next, _) = read_sentence(&toks, i, true);
                bx.special_skills.push(s);
                i = next;
                continue;
            }
            add_skill(&mut bx.skills, name, level);
            i += used + mused;
            continue;
        }
        let (sentence, next, terminated) = read_sentence(&toks, i, true);
        if let Some(problem) = sentence_problem(&toks, i, next, terminated) {
            bx.parsed = false;
            bx.problem.get_or_insert(problem);
        }
        bx.special_skills.push(sentence);
        i = next;
    }
    bx
}

/// A dual personnel's skill box split at its labels ("Kurn: Honor ...
/// Worf: Honor x 2 ..."): each person's own skills, in the card's order. Empty
/// when the text has no two labelled halves.
pub fn people_skill_boxes(text: &str) -> Vec<SkillBox> {
    let toks: Vec<&str> = text.split_whitespace().collect();
    let labels: Vec<usize> = (0..toks.len()).filter(|&i| is_label(&toks, i)).collect();
    if labels.len() < 2 {
        return vec![];
    }
    let ends = labels[1..].iter().copied().chain([toks.len()]);
    labels
        .iter()
        .zip(ends)
        .map(|(&start, end)| skill_box(&toks[start + 1..end].join(" ")))
        .collect()
}

/// A multi-affiliation personnel's skill box in one affiliation mode: the
/// words before its first affiliation label and those of `mode`'s label
/// ("V.I.P. Romulan: Tal Shiar ... Federation: Empathy, Diplomacy" in
/// Federation mode: "V.I.P. Empathy, Diplomacy"). `None` when fewer than two
/// of the card's `affiliations` label parts of the text.
pub fn mode_text(text: &str, mode: &str, affiliations: &[String]) -> Option<String> {
    let toks: Vec<&str> = text.split_whitespace().collect();
    let label = |i: usize| {
        let name = toks[i].trim_end_matches(':');
        (is_label(&toks, i) && affiliations.iter().any(|a| a.eq_ignore_ascii_case(name)))
            .then_some(name)
    };
    let labels: Vec<usize> = (0..toks.len()).filter(|&i| label(i).is_some()).collect();
    if labels.len() < 2 {
        return None;
    }
    let ends = labels[1..].iter().copied().chain([toks.len()]);
    let own = labels
        .iter()
        .zip(ends)
        .find(|(&start, _)| label(start).is_some_and(|n| n.eq_ignore_ascii_case(mode)))?;
    let words: Vec<&str> = toks[..labels[0]]
        .iter()
        .chain(&toks[own.0 + 1..own.1])
        .copied()
        .collect();
    Some(words.join(" "))
}

/// "OFFICER+MEDICAL": the classifications of a dual personnel.
fn classification_combo(tok: &str) -> Option<Vec<String>> {
    if !tok.contains('+') {
        return None;
    }
    let parts: Vec<String> = bare(tok)
        .split('+')
        .map(|p| {
            vocabulary()
                .skills
                .canonical(p)
                .filter(|n| vocabulary().skills.is_classification(n))
        })
        .collect::<Option<Vec<_>>>()?;
    Some(parts)
}

/// "Jean-Luc:" or "Romulan:" before a half of a dual personnel's skills.
fn is_label(toks: &[&str], i: usize) -> bool {
    let t = toks[i];
    t.len() > 2
        && t.ends_with(':')
        && t.chars().next().is_some_and(char::is_uppercase)
        && toks
            .get(i + 1)
            .is_some_and(|n| n.chars().next().is_some_and(char::is_uppercase))
}

/// Why a special-skill sentence looks like unparsed skills, if it does.
fn sentence_problem(toks: &[&str], start: usize, end: usize, terminated: bool) -> Option<String> {
    let words = &toks[start..end];
    let capitalised = |w: &&str| w.chars().next().is_some_and(char::is_uppercase);
    let first = words.first().copied().unwrap_or("");
    let stray = first.starts_with(|c: char| c.is_lowercase() || c.is_ascii_digit() || c == '*')
        || first == "OR";
    if stray && !first.starts_with("x=") {
        return Some(format!("stray text `{}`", words.join(" ")));
    }
    if !terminated && words.len() <= 3 && words.iter().all(capitalised) {
        return Some(format!("unknown skill `{}`", words.join(" ")));
    }
    if words.len() >= 2
        && capitalised(&words[0])
        && !SENTENCE_OPENERS.contains(&words[0])
        && SENTENCE_OPENERS.contains(&words[1])
        && !words[0].contains(['{', '[', '(', '='])
    {
        return Some(format!("unknown skill `{}`", words[0]));
    }
    None
}

fn add_skill(skills: &mut Vec<Skill>, name: String, level: f32) {
    match skills.iter_mut().find(|s| s.name == name) {
        Some(s) => s.level += level,
        None => skills.push(Skill { name, level }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn levels(b: &SkillBox) -> Vec<(String, f32)> {
        b.skills.iter().map(|s| (s.name.clone(), s.level)).collect()
    }

    #[test]
    fn a_dual_personnel_skill_box_splits_into_its_people() {
        let people = people_skill_boxes(
            "OFFICER+SECURITY Kurn: Honor Computer Skill Navigation Worf: Honor x 2 Navigation Diplomacy",
        );
        assert_eq!(people.len(), 2);
        assert!(levels(&people[0]).contains(&("Honor".into(), 1.0)));
        assert!(levels(&people[1]).contains(&("Honor".into(), 2.0)));
        assert!(people_skill_boxes("OFFICER Leadership Honor").is_empty());
    }

    #[test]
    fn skills_with_multipliers_and_repeats() {
        let b = skill_box("SECURITY SECURITY Honor x 2 Computer Skill x1/2 Stellar Cartography");
        assert_eq!(
            levels(&b),
            vec![
                ("SECURITY".into(), 2.0),
                ("Honor".into(), 2.0),
                ("Computer Skill".into(), 0.5),
                ("Stellar Cartography".into(), 1.0)
            ]
        );
        assert!(b.parsed);
    }

    #[test]
    fn a_multi_affiliation_skill_box_is_read_in_one_mode() {
        let text = "V.I.P. Romulan: Tal Shiar, Empathy, Treachery Federation: Empathy, Diplomacy, INTEGRITY +4";
        let affs = vec!["Romulan".to_string(), "Federation".to_string()];
        assert_eq!(
            mode_text(text, "Federation", &affs).as_deref(),
            Some("V.I.P. Empathy, Diplomacy, INTEGRITY +4")
        );
        assert_eq!(
            mode_text(text, "romulan", &affs).as_deref(),
            Some("V.I.P. Tal Shiar, Empathy, Treachery")
        );
        // A dual personnel's name labels are no affiliation modes.
        let dual = "Kurn: Honor Worf: Honor x2";
        assert_eq!(mode_text(dual, "Klingon", &["Klingon".to_string()]), None);
        assert_eq!(
            mode_text(text, "Klingon", &affs),
            None,
            "not one of its modes"
        );
    }

    #[test]
    fn downloads_and_special_skills() {
        let b = skill_box(
            "OFFICER Leadership DL/ {Brace for Impact} OR {Make It So} May report for free. Youth",
        );
        assert_eq!(b.downloads, vec!["Brace for Impact", "Make It So"]);
        assert_eq!(b.special_skills, vec!["May report for free."]);
        assert_eq!(b.skills.len(), 3);
        assert!(b.parsed);
    }

    #[test]
    fn unknown_skill_is_reported() {
        let b = skill_box("SECURITY Navigation Bloodwine Tasting");
        assert!(!b.parsed);
        assert!(b.problem.unwrap().contains("Bloodwine"));
        let b = skill_box("SECURITY Gorkon May report here.");
        assert!(!b.parsed);
    }

    #[test]
    fn printing_marks_are_stripped() {
        assert_eq!(printed_title("Kivas Fajo *VP").title, "Kivas Fajo");
        assert!(printed_title("Data and Picard*").twin);
        assert!(!printed_title("Data").twin);
    }

    #[test]
    fn cells_parse() {
        assert_eq!(
            affiliations("Non-Aligned/Cardassian"),
            vec!["Non-Aligned", "Cardassian"]
        );
        assert_eq!(affiliations("Non-aligned"), vec!["Non-Aligned"]);
        assert_eq!(mission_affil("[FED][KLI]").0, vec!["Federation", "Klingon"]);
        assert!(mission_affil("Any crew may attempt mission.").1.is_some());
        assert_eq!(icons("[AU][Stf][ST]").0, vec!["AU", "Stf", "Stf"]);
        assert_eq!(icons("<Rom>[Cmd][GQ]").0, vec!["Cmd", "GQ", "InfRom"]);
        assert_eq!(vocabulary().icons.infiltrates("InfRom"), Some("Romulan"));
        assert_eq!(icons("[Zork]").1, vec!["Zork"]);
        let (st, prose) = staffing("[Films]  OR {James T. Kirk}");
        assert_eq!(st, vec!["Films"]);
        assert_eq!(prose.as_deref(), Some("OR {James T. Kirk}"));
        assert_eq!(dilemma_type("[S][P]"), Some(DilemmaType::Dual));
        assert_eq!(
            references("Nullifies {Borg Ship} and {Q's Tent}."),
            vec!["Borg Ship", "Q's Tent"]
        );
        let p = personas("(Vic Fontaine)");
        assert!(p[0].mirror && p[0].name == "Vic Fontaine");
        assert!(personas("<Julian Bashir>")[0].infiltrator);
    }
}
