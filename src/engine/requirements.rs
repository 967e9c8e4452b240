//! Requirement expressions as missions and dilemmas print them:
//! `Leadership + Diplomacy x2 + INTEGRITY>32`, `2 Computer Skill OR 3 SCIENCE`,
//! `OFFICER + (Treachery x2 OR Smuggling)`, `{Gowron} + Biology`.
//! Parsed into a small tree and evaluated against a group of personnel
//! ("meeting requirements": the group may use any of its members, and every
//! term here only grows with more members, so the whole group is used).
//! Terms may carry qualifiers: `Navigation with [Cmd] or [Stf]` (the same
//! personnel has both) and `2 ENGINEER (at [S])` (counts only where the
//! encounter is in space).

use crate::cards::model::Card;

/// An attribute a requirement totals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attribute {
    Integrity,
    Cunning,
    Strength,
}

impl Attribute {
    pub fn parse(word: &str) -> Option<Attribute> {
        match word.to_uppercase().as_str() {
            "INTEGRITY" | "INTEGRIY" => Some(Attribute::Integrity),
            "CUNNING" => Some(Attribute::Cunning),
            "STRENGTH" => Some(Attribute::Strength),
            _ => None,
        }
    }

    pub fn of(self, card: &Card) -> i32 {
        let stat = match self {
            Attribute::Integrity => &card.int_rng,
            Attribute::Cunning => &card.cun_wpn,
            Attribute::Strength => &card.str_shd,
        };
        stat.as_ref().and_then(|s| s.num()).unwrap_or(0)
    }

    pub fn name(self) -> &'static str {
        match self {
            Attribute::Integrity => "INTEGRITY",
            Attribute::Cunning => "CUNNING",
            Attribute::Strength => "STRENGTH",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cmp {
    Gt,
    Ge,
    Lt,
    Le,
    Eq,
}

impl Cmp {
    fn holds(self, a: i32, b: i32) -> bool {
        match self {
            Cmp::Gt => a > b,
            Cmp::Ge => a >= b,
            Cmp::Lt => a < b,
            Cmp::Le => a <= b,
            Cmp::Eq => a == b,
        }
    }

    fn symbol(self) -> &'static str {
        match self {
            Cmp::Gt => ">",
            Cmp::Ge => ">=",
            Cmp::Lt => "<",
            Cmp::Le => "<=",
            Cmp::Eq => "=",
        }
    }
}

/// Where a dilemma or mission is encountered: on a planet or in space.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Setting {
    Planet,
    Space,
}

impl Setting {
    /// The mission icon naming a setting: `P` / `S` (`S/P` names both, so none).
    fn from_icon(code: &str) -> Option<Setting> {
        let canonical = crate::vocab::vocabulary()
            .icons
            .canonical(code)
            .unwrap_or(code)
            .to_string();
        match canonical.as_str() {
            "P" => Some(Setting::Planet),
            "S" => Some(Setting::Space),
            _ => None,
        }
    }

    fn icon(self) -> &'static str {
        match self {
            Setting::Planet => "[P]",
            Setting::Space => "[S]",
        }
    }
}

/// A parsed requirement.
#[derive(Debug, Clone, PartialEq)]
pub enum Requirement {
    /// A skill, classification or characteristic, at least `count` times.
    Skill {
        name: String,
        count: f32,
    },
    /// A total attribute compared with a number.
    Total {
        attr: Attribute,
        cmp: Cmp,
        value: i32,
    },
    /// A named personnel present.
    Personnel(String),
    /// An icon on a member (`[Cmd]`), as its canonical code.
    Icon(String),
    /// `base with qualifier`: only members who each meet `qualifier` count
    /// towards `base` ("Navigation with [Cmd] or [Stf]").
    With {
        base: Box<Requirement>,
        qualifier: Box<Requirement>,
    },
    /// `req (at [P])`: an alternative that applies only where the encounter
    /// takes place (planet or space).
    At {
        setting: Setting,
        req: Box<Requirement>,
    },
    All(Vec<Requirement>),
    Any(Vec<Requirement>),
}

impl std::fmt::Display for Requirement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Requirement::Skill { name, count } if *count == 1.0 => write!(f, "{name}"),
            Requirement::Skill { name, count } => write!(f, "{name} x{count}"),
            Requirement::Total { attr, cmp, value } => {
                write!(f, "{}{}{value}", attr.name(), cmp.symbol())
            }
            Requirement::Personnel(t) => write!(f, "{{{t}}}"),
            Requirement::Icon(c) => write!(f, "[{c}]"),
            Requirement::With { base, qualifier } => {
                write!(f, "{base} with ")?;
                match qualifier.as_ref() {
                    Requirement::All(_) | Requirement::Any(_) => write!(f, "({qualifier})"),
                    _ => write!(f, "{qualifier}"),
                }
            }
            Requirement::At { setting, req } => match req.as_ref() {
                Requirement::All(_) | Requirement::Any(_) => {
                    write!(f, "({req}) (at {})", setting.icon())
                }
                _ => write!(f, "{req} (at {})", setting.icon()),
            },
            Requirement::All(v) => join(f, v, " + "),
            Requirement::Any(v) => join(f, v, " OR "),
        }
    }
}

fn join(f: &mut std::fmt::Formatter<'_>, v: &[Requirement], sep: &str) -> std::fmt::Result {
    for (i, r) in v.iter().enumerate() {
        if i > 0 {
            write!(f, "{sep}")?;
        }
        match r {
            Requirement::All(_) | Requirement::Any(_) => write!(f, "({r})")?,
            _ => write!(f, "{r}")?,
        }
    }
    Ok(())
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Open,
    Close,
    Plus,
    Or,
    Cmp(Cmp),
    Num(f32),
    Title(String),
    /// `[Cmd]`: an icon, by the code between the brackets.
    Icon(String),
    Word(String),
    /// End of a sentence: the requirement stops here.
    Stop,
}

fn tokenize(text: &str) -> Vec<Tok> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            c if c.is_whitespace() => i += 1,
            '(' => (out.push(Tok::Open), i += 1).1,
            ')' => (out.push(Tok::Close), i += 1).1,
            '+' => (out.push(Tok::Plus), i += 1).1,
            '&' => (out.push(Tok::Plus), i += 1).1,
            ',' | ';' | '.' | ':' | '*' | '"' => (out.push(Tok::Stop), i += 1).1,
            '>' | '<' | '=' => {
                let eq = chars.get(i + 1) == Some(&'=');
                let cmp = match (c, eq) {
                    ('>', true) => Cmp::Ge,
                    ('>', false) => Cmp::Gt,
                    ('<', true) => Cmp::Le,
                    ('<', false) => Cmp::Lt,
                    _ => Cmp::Eq,
                };
                out.push(Tok::Cmp(cmp));
                i += if eq { 2 } else { 1 };
            }
            '[' => {
                let end = chars[i..].iter().position(|&x| x == ']').map(|p| p + i);
                let end = end.unwrap_or(chars.len());
                out.push(Tok::Icon(chars[i + 1..end].iter().collect()));
                i = end + 1;
            }
            '{' => {
                let end = chars[i..].iter().position(|&x| x == '}').map(|p| p + i);
                let end = end.unwrap_or(chars.len());
                out.push(Tok::Title(chars[i + 1..end].iter().collect()));
                i = end + 1;
            }
            _ => {
                let start = i;
                while i < chars.len()
                    && !chars[i].is_whitespace()
                    && !"()+{}<>=,;:*\"&".contains(chars[i])
                {
                    // A dot inside V.I.P. belongs to the word; a final one ends a sentence.
                    if chars[i] == '.'
                        && chars
                            .get(i + 1)
                            .is_none_or(|n| n.is_whitespace() || *n == ')')
                        && !is_dotted_abbrev(&chars[start..=i])
                    {
                        break;
                    }
                    i += 1;
                }
                let w: String = chars[start..i].iter().collect();
                if w.is_empty() {
                    i += 1;
                    continue;
                }
                if w == "OR" || w == "or" {
                    out.push(Tok::Or);
                } else if w == "and" {
                    out.push(Tok::Plus);
                } else if let Some(n) = parse_num(&w) {
                    out.push(Tok::Num(n));
                } else {
                    out.push(Tok::Word(w));
                }
            }
        }
    }
    out
}

fn is_dotted_abbrev(chars: &[char]) -> bool {
    // "V.I.P." : letters alternate with dots.
    chars.len() >= 4 && chars.iter().filter(|c| **c == '.').count() >= 2
}

fn parse_num(w: &str) -> Option<f32> {
    let w = w.trim_start_matches('x');
    if w == "1/2" {
        return Some(0.5);
    }
    w.parse::<f32>().ok().filter(|_| !w.is_empty())
}

/// Why a requirement text could not be read.
#[derive(Debug, Clone, PartialEq)]
pub struct RequirementError(pub String);

impl std::fmt::Display for RequirementError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// How deep parentheses and qualifiers (`with …`, `(at [P])`) may nest: far
/// beyond any card, and shallow enough that parsing, printing and evaluating
/// a hostile expression cannot overflow the stack.
const MAX_NESTING: usize = 32;

struct Parser {
    toks: Vec<Tok>,
    pos: usize,
    /// Parentheses and qualifiers open around the current token.
    depth: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }

    fn expr(&mut self) -> Result<Requirement, RequirementError> {
        let mut alts = vec![self.conj()?];
        while self.peek() == Some(&Tok::Or) && self.starts_term(self.pos + 1) {
            self.pos += 1;
            alts.push(self.conj()?);
        }
        Ok(if alts.len() == 1 {
            alts.pop().expect("one")
        } else {
            Requirement::Any(alts)
        })
    }

    fn conj(&mut self) -> Result<Requirement, RequirementError> {
        let mut all = vec![self.term()?];
        while self.peek() == Some(&Tok::Plus) && self.starts_term(self.pos + 1) {
            self.pos += 1;
            all.push(self.term()?);
        }
        Ok(if all.len() == 1 {
            all.pop().expect("one")
        } else {
            Requirement::All(all)
        })
    }

    fn starts_term(&self, at: usize) -> bool {
        match self.toks.get(at) {
            Some(Tok::Open | Tok::Title(_) | Tok::Num(_) | Tok::Icon(_)) => true,
            Some(Tok::Word(w)) => w.starts_with(|c: char| c.is_uppercase()),
            _ => false,
        }
    }

    /// A term and the qualifiers written after it: `with …`, `(at [P])`.
    fn term(&mut self) -> Result<Requirement, RequirementError> {
        let mut req = self.bare_term()?;
        for _ in 0..=MAX_NESTING {
            if let Some(setting) = self.setting_qualifier() {
                req = Requirement::At {
                    setting,
                    req: Box::new(req),
                };
            } else if matches!(self.peek(), Some(Tok::Word(w)) if w == "with")
                && self.starts_term(self.pos + 1)
            {
                self.pos += 1;
                req = Requirement::With {
                    base: Box::new(req),
                    qualifier: Box::new(self.qualifier()?),
                };
            } else {
                return Ok(req);
            }
        }
        Err(Self::too_deep())
    }

    fn too_deep() -> RequirementError {
        RequirementError(format!(
            "nested more than {MAX_NESTING} deep (parentheses and qualifiers)"
        ))
    }

    /// `(at [P])` / `(at [S])` after a term.
    fn setting_qualifier(&mut self) -> Option<Setting> {
        let at = self.pos;
        let is_at =
            matches!(self.toks.get(at + 1), Some(Tok::Word(w)) if w.eq_ignore_ascii_case("at"));
        match (
            self.toks.get(at),
            is_at,
            self.toks.get(at + 2),
            self.toks.get(at + 3),
        ) {
            (Some(Tok::Open), true, Some(Tok::Icon(code)), Some(Tok::Close)) => {
                let setting = Setting::from_icon(code)?;
                self.pos += 4;
                Some(setting)
            }
            _ => None,
        }
    }

    /// What follows `with`: single terms joined by `or` ("[Cmd] or [Stf]"),
    /// each met by one personnel.
    fn qualifier(&mut self) -> Result<Requirement, RequirementError> {
        let mut alts = vec![self.bare_term()?];
        while self.peek() == Some(&Tok::Or) && self.starts_term(self.pos + 1) {
            self.pos += 1;
            alts.push(self.bare_term()?);
        }
        Ok(if alts.len() == 1 {
            alts.pop().expect("one")
        } else {
            Requirement::Any(alts)
        })
    }

    fn bare_term(&mut self) -> Result<Requirement, RequirementError> {
        match self.peek().cloned() {
            Some(Tok::Open) => {
                if self.depth == MAX_NESTING {
                    return Err(Self::too_deep());
                }
                self.pos += 1;
                self.depth += 1;
                let e = self.expr()?;
                self.depth -= 1;
                if self.peek() == Some(&Tok::Close) {
                    self.pos += 1;
                    Ok(e)
                } else {
                    Err(RequirementError("a `(` is not closed".into()))
                }
            }
            Some(Tok::Title(t)) => {
                self.pos += 1;
                Ok(Requirement::Personnel(t))
            }
            Some(Tok::Icon(code)) => {
                self.pos += 1;
                let canonical = crate::vocab::vocabulary()
                    .icons
                    .canonical(&code)
                    .unwrap_or(&code)
                    .to_string();
                Ok(Requirement::Icon(canonical))
            }
            Some(Tok::Num(n)) => {
                self.pos += 1;
                match self.skill_name() {
                    Some(name) => {
                        self.skip_word("present");
                        Ok(Requirement::Skill { name, count: n })
                    }
                    None => Err(RequirementError(format!(
                        "a number {n} is not followed by a skill"
                    ))),
                }
            }
            Some(Tok::Word(w)) => {
                if let Some(attr) = Attribute::parse(&w) {
                    if let Some(Tok::Cmp(cmp)) = self.toks.get(self.pos + 1).cloned() {
                        if let Some(Tok::Num(n)) = self.toks.get(self.pos + 2).cloned() {
                            self.pos += 3;
                            return Ok(Requirement::Total {
                                attr,
                                cmp,
                                value: n as i32,
                            });
                        }
                    }
                }
                let name = self
                    .skill_name()
                    .ok_or_else(|| RequirementError(format!("`{w}` is not a skill")))?;
                let mut count = 1.0;
                if let Some(Tok::Word(x)) = self.peek() {
                    if x == "x" {
                        if let Some(Tok::Num(n)) = self.toks.get(self.pos + 1) {
                            count = *n;
                            self.pos += 2;
                        }
                    }
                } else if let Some(Tok::Num(n)) = self.peek() {
                    // "x2" tokenizes as a number.
                    count = *n;
                    self.pos += 1;
                }
                self.skip_word("present");
                Ok(Requirement::Skill { name, count })
            }
            other => Err(RequirementError(format!(
                "expected a skill, an attribute total or {{Title}}, found {other:?}"
            ))),
        }
    }

    fn skip_word(&mut self, word: &str) {
        if matches!(self.peek(), Some(Tok::Word(w)) if w.eq_ignore_ascii_case(word)) {
            self.pos += 1;
        }
    }

    /// A skill name: one all-caps word, or a run of capitalised words that
    /// stops before a word that starts a sentence (followed by a lowercase word).
    fn skill_name(&mut self) -> Option<String> {
        let Some(Tok::Word(first)) = self.peek().cloned() else {
            return None;
        };
        if !first.starts_with(|c: char| c.is_uppercase()) {
            return None;
        }
        self.pos += 1;
        if is_caps(&first) {
            return Some(first);
        }
        let mut name = first;
        while let Some(Tok::Word(next)) = self.peek().cloned() {
            let capital = next.starts_with(|c: char| c.is_uppercase()) && !is_caps(&next);
            let sentence_start = matches!(self.toks.get(self.pos + 1), Some(Tok::Word(w)) if w.starts_with(|c: char| c.is_lowercase()) && w != "x");
            if !capital || sentence_start || Attribute::parse(&next).is_some() {
                break;
            }
            name.push(' ');
            name.push_str(&next);
            self.pos += 1;
        }
        Some(name)
    }
}

fn is_caps(w: &str) -> bool {
    w.chars().any(|c| c.is_alphabetic()) && !w.chars().any(|c| c.is_lowercase())
}

/// Parse a requirement expression; text after a complete expression (the
/// rest of a card's game text) is ignored.
pub fn parse(text: &str) -> Result<Requirement, RequirementError> {
    let toks = tokenize(text);
    if toks.is_empty() {
        return Err(RequirementError("empty requirement".into()));
    }
    let mut p = Parser {
        toks,
        pos: 0,
        depth: 0,
    };
    p.expr()
}

/// One member of the group meeting a requirement.
pub trait Member {
    fn card(&self) -> &Card;
}

impl Member for &Card {
    fn card(&self) -> &Card {
        self
    }
}

fn skill_count(group: &[&Card], name: &str) -> f32 {
    group
        .iter()
        .map(|c| {
            let by_skill = c.skill_level(name);
            let by_class = c
                .class
                .as_deref()
                .is_some_and(|k| k.eq_ignore_ascii_case(name) && by_skill == 0.0);
            // "affiliation and species": a Klingon is Klingon by affiliation or
            // by species, hybrids ("Klingon/Human") included.
            let by_trait = c.has_characteristic(name)
                || c.characteristics.iter().any(|ch| {
                    ch.split('/')
                        .any(|part| part.trim().eq_ignore_ascii_case(name))
                })
                || c.affiliations.iter().any(|a| a.eq_ignore_ascii_case(name));
            if by_skill > 0.0 {
                by_skill
            } else if by_class || by_trait {
                1.0
            } else {
                0.0
            }
        })
        .sum()
}

/// The total of an attribute over a group.
pub fn total(group: &[&Card], attr: Attribute) -> i32 {
    group.iter().map(|c| attr.of(c)).sum()
}

/// Does the group meet the requirement? Returns the unmet terms (empty when
/// met). Setting qualifiers (`(at [P])`) are not checked: see [`evaluate_at`].
pub fn evaluate(req: &Requirement, group: &[&Card]) -> Vec<String> {
    evaluate_at(req, group, None)
}

/// True when some term carries a setting qualifier (`(at [S])`), so meeting
/// the requirement depends on where it is encountered.
pub fn names_a_setting(req: &Requirement) -> bool {
    match req {
        Requirement::At { .. } => true,
        Requirement::With { base, qualifier } => {
            names_a_setting(base) || names_a_setting(qualifier)
        }
        Requirement::All(v) | Requirement::Any(v) => v.iter().any(names_a_setting),
        _ => false,
    }
}

/// [`evaluate`] where the encounter is on a planet or in space: a term
/// qualified `(at [P])` is unmet in space and vice versa; with `None` the
/// qualifiers are not checked.
pub fn evaluate_at(req: &Requirement, group: &[&Card], setting: Option<Setting>) -> Vec<String> {
    let evaluate = |r: &Requirement, g: &[&Card]| evaluate_at(r, g, setting);
    match req {
        Requirement::Icon(code) => {
            if group.iter().any(|c| c.has_icon(code)) {
                vec![]
            } else {
                vec![format!("{req} (no one has it)")]
            }
        }
        Requirement::With { base, qualifier } => {
            let qualified: Vec<&Card> = group
                .iter()
                .copied()
                .filter(|c| evaluate(qualifier, &[*c]).is_empty())
                .collect();
            if evaluate(base, &qualified).is_empty() {
                vec![]
            } else {
                vec![format!("{req} (not on the same personnel)")]
            }
        }
        Requirement::At {
            setting: only,
            req: inner,
        } => match setting {
            Some(here) if here != *only => {
                vec![format!("{req} (the encounter is not at {})", only.icon())]
            }
            _ => evaluate(inner, group),
        },
        Requirement::Skill { name, count } => {
            let have = skill_count(group, name);
            if have >= *count {
                vec![]
            } else {
                vec![format!("{req} (have {have})")]
            }
        }
        Requirement::Total { attr, cmp, value } => {
            let have = total(group, *attr);
            if cmp.holds(have, *value) {
                vec![]
            } else {
                vec![format!("{req} (total {have})")]
            }
        }
        Requirement::Personnel(t) => {
            let f = crate::repair::fold_for_match(t);
            if group
                .iter()
                .any(|c| crate::repair::fold_for_match(&c.title) == f)
            {
                vec![]
            } else {
                vec![format!("{req} (not present)")]
            }
        }
        Requirement::All(v) => v.iter().flat_map(|r| evaluate(r, group)).collect(),
        Requirement::Any(v) => {
            let misses: Vec<Vec<String>> = v.iter().map(|r| evaluate(r, group)).collect();
            if misses.iter().any(|m| m.is_empty()) {
                vec![]
            } else {
                vec![format!("none of: {req}")]
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::model::{Skill, Stat};

    fn person(title: &str, skills: &[(&str, f32)], int: i32) -> Card {
        let mut c = Card {
            key: title.into(),
            title: title.into(),
            card_type: crate::cards::model::CardType::Personnel,
            unique: true,
            affiliations: vec!["Federation".into()],
            skills_parsed: true,
            ..Card::default()
        };
        c.skills = skills
            .iter()
            .map(|(n, l)| Skill {
                name: n.to_string(),
                level: *l,
            })
            .collect();
        c.int_rng = Some(Stat::Num(int));
        c
    }

    #[test]
    fn parses_the_brief_example() {
        let r = parse("Leadership + Diplomacy x2 + INTEGRITY>32").unwrap();
        assert_eq!(r.to_string(), "Leadership + Diplomacy x2 + INTEGRITY>32");
    }

    #[test]
    fn parses_counts_or_groups_titles_and_stops_at_game_text() {
        let r = parse("OFFICER + (Treachery x2 OR Smuggling) * Discard up to four").unwrap();
        assert_eq!(r.to_string(), "OFFICER + (Treachery x2 OR Smuggling)");
        let r = parse("2 Computer Skill OR 3 SCIENCE OR 3 ENGINEER present.").unwrap();
        assert_eq!(
            r.to_string(),
            "Computer Skill x2 OR SCIENCE x3 OR ENGINEER x3"
        );
        let r = parse("Honor + Leadership + INTEGRITY>30 OR {Gowron} + Biology").unwrap();
        assert_eq!(
            r.to_string(),
            "(Honor + Leadership + INTEGRITY>30) OR ({Gowron} + Biology)"
        );
        let r =
            parse("Navigation x2 + Physics + Vorta + ENGINEER When you solve, download").unwrap();
        assert_eq!(r.to_string(), "Navigation x2 + Physics + Vorta + ENGINEER");
        let r = parse("V.I.P. + Diplomacy + Acquisition").unwrap();
        assert_eq!(r.to_string(), "V.I.P. + Diplomacy + Acquisition");
    }

    #[test]
    fn rejects_what_is_not_a_requirement() {
        assert!(parse("").is_err());
        assert!(parse("kills one Away Team member").is_err());
        assert!(parse("(Leadership + Honor").is_err());
    }

    #[test]
    fn evaluates_multipliers_and_totals() {
        let picard = person(
            "Jean-Luc Picard",
            &[("Diplomacy", 2.0), ("Leadership", 1.0)],
            9,
        );
        let data = person("Data", &[("Diplomacy", 1.0)], 8);
        let r = parse("Leadership + Diplomacy x3 + INTEGRITY>16").unwrap();
        assert!(evaluate(&r, &[&picard, &data]).is_empty());
        assert!(!evaluate(&r, &[&picard]).is_empty());
        let r = parse("INTEGRITY>17").unwrap();
        assert!(!evaluate(&r, &[&picard, &data]).is_empty());
    }

    #[test]
    fn with_needs_both_on_the_same_personnel() {
        let r = parse("Navigation with [Cmd] or [Stf]. All such personnel").unwrap();
        assert_eq!(r.to_string(), "Navigation with ([Cmd] OR [Stf])");
        let pilot = person("Pilot", &[("Navigation", 1.0)], 7);
        let mut boss = person("Boss", &[("Diplomacy", 1.0)], 7);
        boss.icons = vec!["Cmd".into()];
        assert!(!evaluate(&r, &[&pilot, &boss]).is_empty());
        let mut sulu = person("Sulu", &[("Navigation", 1.0)], 7);
        sulu.icons = vec!["Stf".into()];
        assert!(evaluate(&r, &[&sulu, &boss]).is_empty());
    }

    #[test]
    fn setting_qualifiers_apply_where_the_encounter_is() {
        let r =
            parse("2 Physics (at [P]) OR 2 Biology (at [S]) OR six non-[Bor] personnel").unwrap();
        assert_eq!(r.to_string(), "Physics x2 (at [P]) OR Biology x2 (at [S])");
        assert!(names_a_setting(&r));
        let a = person("A", &[("Biology", 1.0)], 5);
        let b = person("B", &[("Biology", 1.0)], 5);
        assert!(evaluate_at(&r, &[&a, &b], Some(Setting::Space)).is_empty());
        assert!(!evaluate_at(&r, &[&a, &b], Some(Setting::Planet)).is_empty());
        assert!(!names_a_setting(&parse("Leadership OR OFFICER").unwrap()));
    }
}
