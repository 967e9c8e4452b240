//! Errata impact: apply proposed card or rules text changes to an in-memory copy
//! of the card model and report which scenario verdicts flip.
//!
//! An errata file is TOML (see docs/errata.md): `[[card]]` tables name a card by
//! title and give new values for card fields; `[[rule]]` tables add, replace or
//! remove a Glossary / Current Rulings entry's text.
//!
//! Invariants: the index on disk is never modified; an errata file is checked
//! whole before anything is applied, so a mistake applies nothing.

use crate::cards::model::{Card, CardDb, CardType, Persona, Stat};
use crate::engine::Verdict;
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// A card field an erratum may change. The names users write (and their
/// aliases) are listed in [`CardField::ALL`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum CardField {
    Text,
    Lore,
    Type,
    Unique,
    Universal,
    Affiliation,
    Class,
    Integrity,
    Cunning,
    Strength,
    Points,
    Span,
    Icons,
    Staffing,
    Characteristics,
    Persona,
    Commands,
    Requires,
    Reports,
    Quadrant,
    Region,
    Skills,
}

impl CardField {
    /// Every field with the names a user may write for it. RANGE, WEAPONS and
    /// SHIELDS share the columns of INTEGRITY, CUNNING and STRENGTH.
    pub const ALL: &'static [(CardField, &'static [&'static str])] = &[
        (CardField::Text, &["text", "game_text"]),
        (CardField::Lore, &["lore"]),
        (CardField::Type, &["type"]),
        (CardField::Unique, &["unique"]),
        (CardField::Universal, &["universal"]),
        (
            CardField::Affiliation,
            &["affiliation", "affiliations", "affil"],
        ),
        (CardField::Class, &["class", "classification"]),
        (CardField::Integrity, &["integrity", "int", "range", "rng"]),
        (CardField::Cunning, &["cunning", "cun", "weapons", "wpn"]),
        (CardField::Strength, &["strength", "str", "shields", "shd"]),
        (CardField::Points, &["points", "pts"]),
        (CardField::Span, &["span"]),
        (CardField::Icons, &["icons"]),
        (CardField::Staffing, &["staffing", "staff"]),
        (CardField::Characteristics, &["characteristics", "keywords"]),
        (CardField::Persona, &["persona"]),
        (CardField::Commands, &["commands", "command"]),
        (CardField::Requires, &["requires"]),
        (CardField::Reports, &["reports"]),
        (CardField::Quadrant, &["quadrant"]),
        (CardField::Region, &["region"]),
        (CardField::Skills, &["skills"]),
    ];

    pub fn from_name(name: &str) -> Option<CardField> {
        let n = name.trim().to_ascii_lowercase();
        Self::ALL
            .iter()
            .find(|(_, names)| names.contains(&n.as_str()))
            .map(|(f, _)| *f)
    }

    pub fn name(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(f, _)| *f == self)
            .map_or("?", |(_, n)| n[0])
    }

    fn all_names() -> impl Iterator<Item = &'static str> {
        Self::ALL.iter().flat_map(|(_, n)| n.iter().copied())
    }
}

/// A mistake in an errata file, with where it is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}:{col}: {message}")]
pub struct ErrataError {
    pub file: PathBuf,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

/// New values for one card.
#[derive(Debug, Clone, PartialEq)]
pub struct CardChange {
    /// Id of the card in the [`CardDb`] the errata was checked against.
    pub card: usize,
    pub title: String,
    pub fields: Vec<(CardField, toml::Value)>,
}

/// What to do with a rules entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RuleAction {
    Add,
    Replace,
    Remove,
}

/// A change to a Glossary or Current Rulings entry.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RuleChange {
    pub doc: String,
    pub entry: String,
    pub action: RuleAction,
    pub text: Option<String>,
}

/// A checked errata file.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Errata {
    pub path: PathBuf,
    pub cards: Vec<CardChange>,
    pub rules: Vec<RuleChange>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    card: Vec<BTreeMap<Spanned<String>, Spanned<toml::Value>>>,
    #[serde(default)]
    rule: Vec<RawRule>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRule {
    doc: Spanned<String>,
    entry: Spanned<String>,
    #[serde(default)]
    action: Option<Spanned<String>>,
    #[serde(default)]
    text: Option<String>,
}

/// Reads errata files and checks them against a card database.
struct ErrataReader<'a> {
    path: &'a Path,
    text: &'a str,
    db: &'a CardDb,
}

impl ErrataReader<'_> {
    fn error(&self, offset: usize, message: impl Into<String>) -> ErrataError {
        let (line, col) = crate::diag::line_col(self.text, offset);
        ErrataError {
            file: self.path.to_path_buf(),
            line,
            col,
            message: message.into(),
        }
    }

    fn card_change(
        &self,
        table: BTreeMap<Spanned<String>, Spanned<toml::Value>>,
        table_at: usize,
    ) -> Result<CardChange, ErrataError> {
        let mut title = None;
        let mut fields = Vec::new();
        for (key, value) in table {
            if key.get_ref() == "title" {
                title = Some(value);
                continue;
            }
            let field = CardField::from_name(key.get_ref()).ok_or_else(|| {
                let hint = nearest(key.get_ref(), CardField::all_names())
                    .map(|n| format!(", did you mean `{n}`?"))
                    .unwrap_or_default();
                self.error(
                    key.span().start,
                    format!("unknown card field `{}`{hint}", key.get_ref()),
                )
            })?;
            check_value(field, value.get_ref())
                .map_err(|what| self.error(value.span().start, what))?;
            fields.push((field, value.into_inner()));
        }
        let title = title.ok_or_else(|| self.error(table_at, "a [[card]] needs `title`"))?;
        let at = title.span().start;
        let name = title
            .get_ref()
            .as_str()
            .ok_or_else(|| self.error(at, "`title` must be a string"))?;
        let card = find_card(self.db, name).map_err(|msg| self.error(at, msg))?;
        if fields.is_empty() {
            return Err(self.error(at, format!("no field to change for `{name}`")));
        }
        Ok(CardChange {
            card: card.id,
            title: card.title.clone(),
            fields,
        })
    }

    fn rule_change(&self, raw: RawRule) -> Result<RuleChange, ErrataError> {
        const DOCS: [&str; 2] = ["glossary", "current-rulings"];
        if !DOCS.contains(&raw.doc.get_ref().as_str()) {
            return Err(self.error(
                raw.doc.span().start,
                format!(
                    "unknown document `{}`: expected one of {DOCS:?}",
                    raw.doc.get_ref()
                ),
            ));
        }
        let action = match raw.action.as_ref().map(|a| a.get_ref().as_str()) {
            None | Some("replace") => RuleAction::Replace,
            Some("add") => RuleAction::Add,
            Some("remove") => RuleAction::Remove,
            Some(other) => {
                let at = raw.action.as_ref().map_or(0, |a| a.span().start);
                return Err(self.error(
                    at,
                    format!("unknown action `{other}`: expected add, replace or remove"),
                ));
            }
        };
        if action != RuleAction::Remove && raw.text.is_none() {
            return Err(self.error(raw.entry.span().start, "add / replace needs `text`"));
        }
        Ok(RuleChange {
            doc: raw.doc.into_inner(),
            entry: raw.entry.into_inner(),
            action,
            text: raw.text,
        })
    }
}

impl Errata {
    /// Parse and check an errata file against `db`. Every card must exist,
    /// every field must be known and well-typed; otherwise nothing is returned.
    pub fn parse(path: &Path, text: &str, db: &CardDb) -> Result<Errata, ErrataError> {
        let reader = ErrataReader { path, text, db };
        let raw: RawFile = toml::from_str(text).map_err(|e| {
            let at = e.span().map_or(0, |s| s.start);
            reader.error(at, e.message().to_string())
        })?;
        let card_starts = table_offsets(text, "[[card]]");
        let mut cards = Vec::new();
        for (i, table) in raw.card.into_iter().enumerate() {
            let at = card_starts.get(i).copied().unwrap_or(0);
            cards.push(reader.card_change(table, at)?);
        }
        let rules = raw
            .rule
            .into_iter()
            .map(|r| reader.rule_change(r))
            .collect::<Result<_, _>>()?;
        Ok(Errata {
            path: path.to_path_buf(),
            cards,
            rules,
        })
    }

    pub fn load(path: &Path, db: &CardDb) -> anyhow::Result<Errata> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| anyhow::anyhow!("cannot read errata file {}: {e}", path.display()))?;
        Ok(Errata::parse(path, &text, db)?)
    }

    /// A copy of `db` with the changes applied. `rederive` re-parses what
    /// depends on a changed field (skills and references from game text).
    pub fn apply(&self, db: &CardDb, rederive: &dyn Fn(&mut Card)) -> CardDb {
        let mut out = db.clone();
        for change in &self.cards {
            let card = &mut out.cards[change.card];
            for (field, value) in &change.fields {
                set_field(card, *field, value);
            }
            rederive(card);
        }
        out
    }

    /// Ids of the cards this errata changes.
    pub fn changed_cards(&self) -> Vec<usize> {
        let mut ids: Vec<usize> = self.cards.iter().map(|c| c.card).collect();
        ids.dedup();
        ids
    }
}

/// Byte offsets of each `[[card]]` header, to point at a table missing its title.
fn table_offsets(text: &str, header: &str) -> Vec<usize> {
    let mut offsets = Vec::new();
    let mut pos = 0;
    for line in text.split_inclusive('\n') {
        if line.trim_start().starts_with(header) {
            offsets.push(pos);
        }
        pos += line.len();
    }
    offsets
}

/// The closest name within a small edit distance.
fn nearest<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let name = name.to_ascii_lowercase();
    candidates
        .map(|c| {
            (
                strsim::damerau_levenshtein(&name, &c.to_ascii_lowercase()),
                c,
            )
        })
        .filter(|(d, c)| *d <= 2.max(c.len() / 3))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// Find the card an erratum names: exact title (folded) first, else an error
/// with the nearest titles.
fn find_card<'a>(db: &'a CardDb, name: &str) -> Result<&'a Card, String> {
    let want = crate::repair::fold_for_match(name);
    let exact: Vec<&Card> = db
        .cards
        .iter()
        .filter(|c| crate::repair::fold_for_match(&c.title) == want)
        .collect();
    match exact.as_slice() {
        [one] => Ok(one),
        [first, ..] => {
            // Same title in both editions: the 1E card is the one errata target.
            Ok(exact
                .iter()
                .find(|c| c.edition == crate::cards::Edition::First)
                .unwrap_or(first))
        }
        [] => {
            let mut near: Vec<(f64, &str)> = db
                .cards
                .iter()
                .map(|c| {
                    let t = crate::repair::fold_for_match(&c.title);
                    (strsim::jaro_winkler(&want, &t), c.title.as_str())
                })
                .filter(|(s, _)| *s > 0.8)
                .collect();
            near.sort_by(|a, b| b.0.total_cmp(&a.0));
            near.dedup_by(|a, b| a.1 == b.1);
            let hint = if near.is_empty() {
                String::new()
            } else {
                let names: Vec<&str> = near.iter().take(3).map(|(_, t)| *t).collect();
                format!(", did you mean {}?", names.join(" / "))
            };
            Err(format!("unknown card `{name}`{hint}"))
        }
    }
}

/// Check that a value has the shape its field needs.
fn check_value(field: CardField, value: &toml::Value) -> Result<(), String> {
    use toml::Value as V;
    let ok = match field {
        CardField::Unique | CardField::Universal => matches!(value, V::Boolean(_)),
        CardField::Integrity
        | CardField::Cunning
        | CardField::Strength
        | CardField::Points
        | CardField::Span => matches!(value, V::Integer(_) | V::String(_)),
        CardField::Characteristics | CardField::Commands | CardField::Affiliation => {
            matches!(value, V::String(_))
                || matches!(value, V::Array(a) if a.iter().all(|v| v.is_str()))
        }
        _ => matches!(value, V::String(_)),
    };
    if ok {
        Ok(())
    } else {
        Err(format!(
            "`{}` expects {}, found {}",
            field.name(),
            expected_shape(field),
            value.type_str()
        ))
    }
}

fn expected_shape(field: CardField) -> &'static str {
    match field {
        CardField::Unique | CardField::Universal => "true or false",
        CardField::Integrity
        | CardField::Cunning
        | CardField::Strength
        | CardField::Points
        | CardField::Span => "a number (or text such as \"X\")",
        CardField::Characteristics | CardField::Commands | CardField::Affiliation => {
            "a string or a list of strings"
        }
        _ => "a string",
    }
}

fn string_list(value: &toml::Value, sep: char) -> Vec<String> {
    match value {
        toml::Value::Array(a) => a
            .iter()
            .filter_map(|v| v.as_str())
            .map(|s| s.trim().to_string())
            .collect(),
        toml::Value::String(s) => s
            .split(sep)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect(),
        _ => Vec::new(),
    }
}

fn stat_of(value: &toml::Value) -> Option<Stat> {
    match value {
        toml::Value::Integer(n) => Some(Stat::Num(*n as i32)),
        toml::Value::String(s) => Stat::parse(s),
        _ => None,
    }
}

fn opt_text(value: &toml::Value) -> Option<String> {
    value
        .as_str()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
}

/// Icons written as `[AU][Stf]` (codes inside brackets).
fn icon_codes(value: &toml::Value) -> Vec<String> {
    let s = value.as_str().unwrap_or_default();
    s.split(['[', ']'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

fn set_field(card: &mut Card, field: CardField, value: &toml::Value) {
    let text = || value.as_str().unwrap_or_default().to_string();
    match field {
        CardField::Text => card.text = text(),
        CardField::Lore => card.lore = text(),
        CardField::Type => card.card_type = CardType::parse(&text()),
        CardField::Unique => card.unique = value.as_bool().unwrap_or(card.unique),
        CardField::Universal => card.universal = value.as_bool().unwrap_or(card.universal),
        CardField::Affiliation => card.affiliations = string_list(value, '/'),
        CardField::Class => card.class = opt_text(value),
        CardField::Integrity => card.int_rng = stat_of(value),
        CardField::Cunning => card.cun_wpn = stat_of(value),
        CardField::Strength => card.str_shd = stat_of(value),
        CardField::Points => card.points = stat_of(value),
        CardField::Span => card.span = stat_of(value),
        CardField::Icons => card.icons = icon_codes(value),
        CardField::Staffing => card.staffing = icon_codes(value),
        CardField::Characteristics => card.characteristics = string_list(value, ';'),
        CardField::Persona => {
            card.persona = opt_text(value).map(parse_persona);
            card.personas = card.persona.iter().cloned().collect();
        }
        CardField::Commands => card.commands = string_list(value, ';'),
        CardField::Requires => card.requires = opt_text(value),
        CardField::Reports => card.reports = opt_text(value),
        CardField::Quadrant => card.quadrant = opt_text(value),
        CardField::Region => card.region = opt_text(value),
        CardField::Skills => {
            // The skill box is the front of a personnel's game text: replace
            // the leading skills, keep the rest, and let `rederive` re-parse.
            let rest = card.special_skills.join(" ");
            card.text = format!("{} {}", text().trim(), rest).trim().to_string();
        }
    }
}

fn parse_persona(s: String) -> Persona {
    let t = s.trim();
    let (name, mirror, infiltrator) = if let Some(n) = t.strip_prefix('(') {
        (n.trim_end_matches(')'), true, false)
    } else if let Some(n) = t.strip_prefix('<') {
        (n.trim_end_matches('>'), false, true)
    } else {
        (t, false, false)
    };
    Persona {
        name: name.to_string(),
        mirror,
        infiltrator,
    }
}

/// One question's verdict in one scenario file, as the errata report compares them.
#[derive(Debug, Clone, Serialize)]
pub struct VerdictRow {
    pub scenario: PathBuf,
    /// The question's label ("#2 valid response: Hugh").
    pub question: String,
    pub verdict: Verdict,
}

/// A verdict that changed.
#[derive(Debug, Clone, Serialize)]
pub struct Flip {
    pub scenario: PathBuf,
    pub question: String,
    pub before: String,
    pub after: String,
    /// Reasons present after but not before.
    pub reasons_gained: Vec<String>,
    /// Reasons present before but not after.
    pub reasons_lost: Vec<String>,
}

/// A card whose compiled abilities changed.
#[derive(Debug, Clone, Serialize)]
pub struct AbilityChange {
    pub title: String,
    pub before: String,
    pub after: String,
}

/// A card that references a changed card and may need review.
#[derive(Debug, Clone, Serialize)]
pub struct Review {
    pub title: String,
    pub references: String,
}

/// Everything `daystrom errata` reports.
#[derive(Debug, Clone, Serialize, Default)]
pub struct ErrataReport {
    pub scenarios: usize,
    pub questions: usize,
    pub flips: Vec<Flip>,
    pub became_undecided: Vec<Flip>,
    pub ability_changes: Vec<AbilityChange>,
    pub review: Vec<Review>,
    pub rule_changes: Vec<RuleChange>,
    /// Scenario questions citing an entry a rule change touches.
    pub citing_changed_rules: Vec<String>,
}

impl ErrataReport {
    /// True when the errata moves any verdict: the command exits non-zero.
    pub fn any_flip(&self) -> bool {
        !self.flips.is_empty() || !self.became_undecided.is_empty()
    }
}

/// Compare verdicts before and after, abilities before and after, and list the
/// cards that reference the changed ones.
pub fn impact(
    errata: &Errata,
    before_db: &CardDb,
    after_db: &CardDb,
    before: &[VerdictRow],
    after: &[VerdictRow],
    render_abilities: &dyn Fn(&Card) -> String,
) -> ErrataReport {
    let mut report = ErrataReport {
        scenarios: {
            let mut s: Vec<&PathBuf> = before.iter().map(|r| &r.scenario).collect();
            s.dedup();
            s.len()
        },
        questions: before.len(),
        rule_changes: errata.rules.clone(),
        ..Default::default()
    };
    for (b, a) in before.iter().zip(after) {
        if b.verdict.value == a.verdict.value {
            continue;
        }
        let flip = flip_of(b, a);
        if matches!(a.verdict.value, crate::engine::VerdictValue::Undecided(_)) {
            report.became_undecided.push(flip);
        } else {
            report.flips.push(flip);
        }
    }
    for id in errata.changed_cards() {
        let (old, new) = (&before_db.cards[id], &after_db.cards[id]);
        let (ra, rb) = (render_abilities(old), render_abilities(new));
        if ra != rb {
            report.ability_changes.push(AbilityChange {
                title: new.title.clone(),
                before: ra,
                after: rb,
            });
        }
        report.review.extend(referencing(after_db, &new.title));
    }
    report.citing_changed_rules = citing(&errata.rules, before);
    report
}

fn flip_of(b: &VerdictRow, a: &VerdictRow) -> Flip {
    let texts = |r: &VerdictRow| -> Vec<String> {
        r.verdict.reasons.iter().map(|x| x.text.clone()).collect()
    };
    let (tb, ta) = (texts(b), texts(a));
    Flip {
        scenario: b.scenario.clone(),
        question: b.question.clone(),
        before: b.verdict.value.to_string(),
        after: a.verdict.value.to_string(),
        reasons_gained: ta.iter().filter(|r| !tb.contains(r)).cloned().collect(),
        reasons_lost: tb.iter().filter(|r| !ta.contains(r)).cloned().collect(),
    }
}

/// Cards whose game text names `title` in braces.
fn referencing(db: &CardDb, title: &str) -> Vec<Review> {
    let want = crate::repair::fold_for_match(title);
    db.cards
        .iter()
        .filter(|c| {
            c.references
                .iter()
                .any(|r| crate::repair::fold_for_match(r) == want)
        })
        .map(|c| Review {
            title: c.title.clone(),
            references: title.to_string(),
        })
        .collect()
}

/// Questions whose verdicts cite an entry that a rule change touches.
fn citing(rules: &[RuleChange], rows: &[VerdictRow]) -> Vec<String> {
    let ids: Vec<String> = rules
        .iter()
        .map(|r| crate::engine::Citation::new(&r.doc, &r.entry).id)
        .collect();
    rows.iter()
        .filter(|r| r.verdict.citations.iter().any(|c| ids.contains(&c.id)))
        .map(|r| format!("{} {}", r.scenario.display(), r.question))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::model::Edition;
    use crate::engine::{Citation, Reason, VerdictValue};

    fn card(id: usize, title: &str, text: &str) -> Card {
        Card {
            id,
            key: format!("k{id}"),
            title: title.into(),
            edition: Edition::First,
            card_type: CardType::Interrupt,
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
            staffing_text: None,
            characteristics: vec![],
            persona: None,
            personas: vec![],
            commands: vec![],
            requires: None,
            reports: None,
            property: String::new(),
            names: None,
            lore: String::new(),
            text: text.into(),
            skills: vec![],
            special_skills: vec![],
            special_downloads: vec![],
            skills_parsed: true,
            references: vec![],
            printings: vec![],
        }
    }

    fn db() -> CardDb {
        let mut hugh = card(0, "Hugh", "Nullifies attack by {Borg Ship} for this turn.");
        hugh.references = vec!["Borg Ship".into()];
        CardDb {
            cards: vec![hugh, card(1, "Borg Ship", "Attacks all ships.")],
        }
    }

    fn parse(text: &str) -> Result<Errata, ErrataError> {
        Errata::parse(Path::new("e.toml"), text, &db())
    }

    #[test]
    fn a_text_change_is_applied_to_a_copy_only() {
        let db = db();
        let e = parse("[[card]]\ntitle = \"hugh\"\ntext = \"Nullifies nothing.\"\n").unwrap();
        let after = e.apply(&db, &|_| {});
        assert_eq!(after.cards[0].text, "Nullifies nothing.");
        assert_eq!(
            db.cards[0].text,
            "Nullifies attack by {Borg Ship} for this turn."
        );
    }

    #[test]
    fn unknown_card_points_at_the_title_with_a_suggestion() {
        let err = parse("[[card]]\ntitle = \"Hugg\"\ntext = \"x\"\n").unwrap_err();
        assert_eq!((err.line, err.col), (2, 9));
        assert!(err.message.contains("did you mean Hugh"), "{}", err.message);
    }

    #[test]
    fn unknown_field_suggests_the_nearest() {
        let err = parse("[[card]]\ntitle = \"Hugh\"\ntxet = \"x\"\n").unwrap_err();
        assert_eq!(err.line, 3);
        assert!(err.message.contains("`text`"), "{}", err.message);
    }

    #[test]
    fn wrong_value_type_and_bad_toml_are_errors() {
        let err = parse("[[card]]\ntitle = \"Hugh\"\nunique = \"yes\"\n").unwrap_err();
        assert!(err.message.contains("true or false"), "{}", err.message);
        let err = parse("[[card]]\ntitle = \"Hugh\"\ntext = \n").unwrap_err();
        assert_eq!(err.file, PathBuf::from("e.toml"));
        assert!(err.line >= 3);
    }

    #[test]
    fn nothing_is_applied_when_one_change_is_bad() {
        let text = "[[card]]\ntitle = \"Hugh\"\ntext = \"ok\"\n[[card]]\ntitle = \"Nope Nope\"\ntext = \"x\"\n";
        assert!(parse(text).is_err());
    }

    #[test]
    fn rule_changes_need_text_unless_removed() {
        let e =
            parse("[[rule]]\ndoc = \"glossary\"\nentry = \"zero\"\naction = \"remove\"\n").unwrap();
        assert_eq!(e.rules[0].action, RuleAction::Remove);
        assert!(parse("[[rule]]\ndoc = \"glossary\"\nentry = \"zero\"\n").is_err());
        assert!(parse("[[rule]]\ndoc = \"faq\"\nentry = \"zero\"\ntext = \"x\"\n").is_err());
    }

    fn row(v: VerdictValue, reason: &str) -> VerdictRow {
        VerdictRow {
            scenario: "s.toml".into(),
            question: "#1 valid response: Hugh".into(),
            verdict: Verdict::new(
                v,
                vec![Reason {
                    text: reason.into(),
                    citation: None,
                }],
                vec![Citation::glossary("actions – step 2: responses")],
            ),
        }
    }

    #[test]
    fn impact_reports_flips_reviews_and_citing_questions() {
        let db = db();
        let e = parse(
            "[[card]]\ntitle = \"Borg Ship\"\ntext = \"Attacks.\"\n[[rule]]\ndoc = \"glossary\"\nentry = \"actions – step 2: responses\"\ntext = \"x\"\n",
        )
        .unwrap();
        let after = e.apply(&db, &|_| {});
        let before_rows = vec![row(VerdictValue::Yes, "nullifies the attack")];
        let after_rows = vec![row(VerdictValue::No, "does not relate")];
        let r = impact(&e, &db, &after, &before_rows, &after_rows, &|c: &Card| {
            c.text.clone()
        });
        assert_eq!(r.flips.len(), 1);
        assert_eq!(
            (r.flips[0].before.as_str(), r.flips[0].after.as_str()),
            ("yes", "no")
        );
        assert_eq!(
            r.flips[0].reasons_gained,
            vec!["does not relate".to_string()]
        );
        assert_eq!(r.review.len(), 1);
        assert_eq!(r.review[0].title, "Hugh");
        assert_eq!(r.ability_changes.len(), 1);
        assert_eq!(r.citing_changed_rules.len(), 1);
        assert!(r.any_flip());
    }

    #[test]
    fn no_change_in_verdicts_is_no_flip() {
        let db = db();
        let e = parse("[[card]]\ntitle = \"Hugh\"\nlore = \"new lore\"\n").unwrap();
        let after = e.apply(&db, &|_| {});
        let rows = vec![row(VerdictValue::Yes, "r")];
        let r = impact(&e, &db, &after, &rows, &rows, &|c: &Card| c.text.clone());
        assert!(!r.any_flip());
        assert!(r.ability_changes.is_empty());
    }
}
