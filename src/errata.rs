//! Errata impact: apply proposed card or rules text changes to an in-memory copy
//! of the card model and report which scenario verdicts flip.
//!
//! An errata file is TOML (see docs/errata.md): `[[card]]` tables name a card by
//! title and give new values for card fields; `[[rule]]` tables add, replace or
//! remove a Glossary / Current Rulings entry's text.
//!
//! Invariants: the index on disk is never modified; an errata file is checked
//! whole before anything is applied, so a mistake applies nothing.

use crate::cards::model::{Card, CardDb, CardType, Edition, Stat};
use crate::cards::parse;
use crate::engine::state::GameState;
use crate::engine::Verdict;
use crate::scenario::{DbTitleResolver, TitleError, TitleResolver};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
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
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ErrataError {
    pub file: PathBuf,
    pub line: usize,
    pub col: usize,
    pub message: String,
    /// The file's other mistakes, in the order they were found.
    pub further: Vec<ErrataError>,
}

impl ErrataError {
    /// This mistake and the file's others, in order.
    pub fn all(&self) -> impl Iterator<Item = &ErrataError> {
        std::iter::once(self).chain(&self.further)
    }

    /// The first of `found` carrying the others, if there are any.
    fn gathered(found: Vec<ErrataError>) -> Result<(), ErrataError> {
        let mut found = found.into_iter();
        match found.next() {
            None => Ok(()),
            Some(first) => Err(ErrataError {
                further: found.collect(),
                ..first
            }),
        }
    }
}

impl std::fmt::Display for ErrataError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let at = (self.line, self.col);
        crate::diag::write_mistakes(f, &self.file, at, &self.message, &self.further)
    }
}

impl std::error::Error for ErrataError {}

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
    /// Line and column of `entry` in the errata file.
    #[serde(skip)]
    pub at: (usize, usize),
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
    resolver: DbTitleResolver<'a>,
}

/// Card types an erratum may give (as `CardType::name` prints them).
const CARD_TYPES: &[&str] = &[
    "Personnel",
    "Ship",
    "Facility",
    "Site",
    "Mission",
    "Time Location",
    "Dilemma",
    "Event",
    "Interrupt",
    "Interrupt/Event",
    "Equipment",
    "Incident",
    "Objective",
    "Artifact",
    "Doorway",
    "Tactic",
    "Tribble",
    "Trouble",
    "Q Event",
    "Q Interrupt",
    "Q Dilemma",
    "Q Artifact",
    "Q Mission",
];

/// Why game text's `{references}` do not read, if they do not.
fn brace_problem(s: &str) -> Option<String> {
    let mut open: Option<usize> = None;
    for (i, c) in s.char_indices() {
        match (c, open) {
            ('{', None) => open = Some(i),
            ('{', Some(_)) => return Some(format!("`{{` inside a reference at character {i}")),
            ('}', None) => return Some(format!("`}}` without `{{` at character {i}")),
            ('}', Some(_)) => open = None,
            _ => {}
        }
    }
    open.map(|i| format!("reference opened at character {i} is never closed"))
}

impl ErrataReader<'_> {
    fn error(&self, offset: usize, message: impl Into<String>) -> ErrataError {
        let (line, col) = crate::diag::line_col(self.text, offset);
        ErrataError {
            file: self.path.to_path_buf(),
            line,
            col,
            message: message.into(),
            further: Vec::new(),
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
            fields.push((field, value));
        }
        let title = title.ok_or_else(|| self.error(table_at, "a [[card]] needs `title`"))?;
        let at = title.span().start;
        let name = title
            .get_ref()
            .as_str()
            .ok_or_else(|| self.error(at, "`title` must be a string"))?;
        let card = find_card(self.db, &self.resolver, name).map_err(|msg| self.error(at, msg))?;
        if fields.is_empty() {
            return Err(self.error(at, format!("no field to change for `{name}`")));
        }
        for (field, value) in &fields {
            self.check_parses(card, *field, value)?;
        }
        // Text first, so a `skills` change replaces the skill box of the new text.
        fields.sort_by_key(|(f, _)| *f);
        Ok(CardChange {
            card: card.id,
            title: card.title.clone(),
            fields: fields
                .into_iter()
                .map(|(f, v)| (f, v.into_inner()))
                .collect(),
        })
    }

    /// Text values must parse as the card parsers read them: known icon codes,
    /// a known card type, balanced `{references}`, a readable skill box.
    fn check_parses(
        &self,
        card: &Card,
        field: CardField,
        value: &Spanned<toml::Value>,
    ) -> Result<(), ErrataError> {
        let at = value.span().start;
        let Some(s) = value.get_ref().as_str() else {
            return Ok(());
        };
        if s.chars().nth(MAX_FIELD_CHARS).is_some() {
            return Err(self.error(
                at,
                format!(
                    "the new value is longer than {MAX_FIELD_CHARS} characters; no card field is"
                ),
            ));
        }
        match field {
            CardField::Affiliation if card.card_type != CardType::Mission => {
                self.check_affiliations(s, at)
            }
            CardField::Icons | CardField::Staffing => self.check_icons(s, value.span()),
            CardField::Type => match CardType::parse(s) {
                CardType::Other(_) => {
                    let hint = nearest(s, CARD_TYPES.iter().copied())
                        .map(|n| format!(", did you mean `{n}`?"))
                        .unwrap_or_default();
                    Err(self.error(at, format!("unknown card type `{s}`{hint}")))
                }
                _ => Ok(()),
            },
            CardField::Text => {
                if let Some(problem) = brace_problem(s) {
                    return Err(self.error(at, format!("game text does not parse: {problem}")));
                }
                if card.is_personnel() && card.skills_parsed {
                    let bx = parse::skill_box(s);
                    if let Some(p) = bx.problem.filter(|_| !bx.parsed) {
                        return Err(self.error(
                            at,
                            format!("the skill box of the new game text does not parse: {p}"),
                        ));
                    }
                }
                Ok(())
            }
            CardField::Skills => {
                if !card.is_personnel() {
                    return Err(self.error(
                        at,
                        format!(
                            "`skills` is a personnel's skill box; {} is a {}",
                            card.title,
                            card.card_type.name()
                        ),
                    ));
                }
                let bx = parse::skill_box(s);
                if !bx.parsed || !bx.special_skills.is_empty() || bx.skills.is_empty() {
                    let what = bx
                        .problem
                        .or_else(|| bx.special_skills.first().cloned())
                        .unwrap_or_else(|| "no skills".into());
                    return Err(self.error(
                        at,
                        format!("`skills` expects skills such as \"OFFICER Diplomacy x2 Leadership\"; cannot read `{what}`"),
                    ));
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Each of the `/`-separated affiliations must be one of
    /// glossary/affiliations.toml (by name or code).
    fn check_affiliations(&self, s: &str, at: usize) -> Result<(), ErrataError> {
        let known = &crate::vocab::vocabulary().affiliations.names;
        for part in s.split('/').map(str::trim) {
            let found = known.iter().any(|a| {
                a.name.eq_ignore_ascii_case(part)
                    || a.codes.iter().any(|c| c.eq_ignore_ascii_case(part))
            });
            if !found {
                let names: Vec<&str> = known.iter().map(|a| a.name.as_str()).collect();
                let hint = nearest(part, names.iter().copied())
                    .map(|n| format!(", did you mean `{n}`?"))
                    .unwrap_or_else(|| format!("; known: {}", names.join(", ")));
                return Err(self.error(at, format!("unknown affiliation `{part}`{hint}")));
            }
        }
        Ok(())
    }

    /// Every `[Code]` must be an icon of glossary/icons.toml; the error points
    /// at the unknown code inside the string when it can be found.
    fn check_icons(&self, s: &str, span: std::ops::Range<usize>) -> Result<(), ErrataError> {
        let codes = parse::bracketed(s);
        if codes.is_empty() {
            return Err(self.error(
                span.start,
                format!("icons are written in brackets, such as \"[AU][Stf]\"; found `{s}`"),
            ));
        }
        let vocab = &crate::vocab::vocabulary().icons;
        for code in codes {
            if vocab.canonical(code).is_some() {
                continue;
            }
            let raw = &self.text[span.clone()];
            let at = raw
                .find(&format!("[{code}]"))
                .map_or(span.start, |i| span.start + i);
            let names = vocab.icons.iter().map(|i| i.code.as_str());
            let hint = nearest(code, names)
                .map(|n| format!(", did you mean `[{n}]`?"))
                .unwrap_or_default();
            return Err(self.error(at, format!("unknown icon `[{code}]`{hint}")));
        }
        Ok(())
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
            at: crate::diag::line_col(self.text, raw.entry.span().start),
            doc: raw.doc.into_inner(),
            entry: raw.entry.into_inner(),
            action,
            text: raw.text,
        })
    }
}

/// The longest value an erratum may give a card field: the longest game
/// text printed is about 500 characters.
const MAX_FIELD_CHARS: usize = 4000;

impl Errata {
    /// Parse and check an errata file against `db`. Every card must exist,
    /// every field must be known and well-typed; otherwise nothing is returned.
    pub fn parse(path: &Path, text: &str, db: &CardDb) -> Result<Errata, ErrataError> {
        let reader = ErrataReader {
            path,
            text,
            db,
            resolver: DbTitleResolver::new(db),
        };
        let raw: RawFile = toml::from_str(text).map_err(|e| {
            let at = e.span().map_or(0, |s| s.start);
            reader.error(at, e.message().to_string())
        })?;
        // Every card and rule is checked, so that each mistake is reported.
        let card_starts = table_offsets(text, "[[card]]");
        let mut found = Vec::new();
        let mut cards = Vec::new();
        for (i, table) in raw.card.into_iter().enumerate() {
            let at = card_starts.get(i).copied().unwrap_or(0);
            match reader.card_change(table, at) {
                Ok(c) => cards.push(c),
                Err(e) => found.push(e),
            }
        }
        let mut rules = Vec::new();
        for r in raw.rule {
            match reader.rule_change(r) {
                Ok(r) => rules.push(r),
                Err(e) => found.push(e),
            }
        }
        ErrataError::gathered(found)?;
        Ok(Errata {
            path: path.to_path_buf(),
            cards,
            rules,
        })
    }

    /// Every entry a rule change replaces or removes must exist: `exists`
    /// answers for a document id and an entry title. (An added entry is new.)
    pub fn check_rule_entries(
        &self,
        exists: impl Fn(&str, &str) -> bool,
    ) -> Result<(), ErrataError> {
        let missing = self
            .rules
            .iter()
            .filter(|r| r.action != RuleAction::Add && !exists(&r.doc, &r.entry))
            .map(|r| ErrataError {
                file: self.path.clone(),
                line: r.at.0,
                col: r.at.1,
                message: format!(
                    "{} has no entry titled `{}` to {}; use `action = \"add\"` for a new entry",
                    r.doc,
                    r.entry,
                    if r.action == RuleAction::Remove {
                        "remove"
                    } else {
                        "replace"
                    }
                ),
                further: Vec::new(),
            })
            .collect();
        ErrataError::gathered(missing)
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

    /// A copy of `db` with the changes applied and what depends on them
    /// re-derived with the card parsers (see [`rederive`]).
    pub fn apply_rederived(&self, db: &CardDb) -> CardDb {
        self.apply(db, &rederive)
    }

    /// Ids of the cards this errata changes.
    pub fn changed_cards(&self) -> Vec<usize> {
        let mut ids: Vec<usize> = self.cards.iter().map(|c| c.card).collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    }
}

/// Re-derive what a card's game text determines (references, skill box,
/// downloads), exactly as the card ingest does for a CSV row.
pub fn rederive(card: &mut Card) {
    crate::cards::ingest::rederive_text(card);
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

/// The closest known name.
fn nearest<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    crate::suggest::best(name, candidates)
}

/// Find the card an erratum names as the scenarios do (exact folded title,
/// First Edition preferred, a left-out subtitle forgiven); else an error with
/// the nearest titles from the forgiving card lookup.
fn find_card<'a>(
    db: &'a CardDb,
    resolver: &DbTitleResolver,
    name: &str,
) -> Result<&'a Card, String> {
    match resolver.resolve(name, None) {
        Ok(id) => Ok(&db.cards[id]),
        Err(TitleError::Ambiguous { candidates }) => Err(format!(
            "`{name}` names {} different cards ({})",
            candidates.len(),
            candidates.join("; ")
        )),
        Err(TitleError::Unknown { suggestions }) => {
            let mut names: Vec<String> = match crate::cards::lookup::lookup(db, name) {
                crate::cards::lookup::Lookup::NotFound { suggestions } => {
                    suggestions.iter().map(|c| c.title.clone()).collect()
                }
                found => found.card().map(|c| c.title.clone()).into_iter().collect(),
            };
            names.extend(suggestions);
            let mut seen = Vec::new();
            names.retain(|n| {
                let fresh = !seen.contains(n);
                seen.push(n.clone());
                fresh
            });
            names.truncate(3);
            let hint = if names.is_empty() {
                String::new()
            } else {
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

fn set_field(card: &mut Card, field: CardField, value: &toml::Value) {
    let text = || value.as_str().unwrap_or_default().to_string();
    match field {
        CardField::Text => card.text = text(),
        CardField::Lore => card.lore = text(),
        CardField::Type => card.card_type = CardType::parse(&text()),
        CardField::Unique => card.unique = value.as_bool().unwrap_or(card.unique),
        CardField::Universal => card.universal = value.as_bool().unwrap_or(card.universal),
        CardField::Affiliation => {
            card.affiliations = string_list(value, '/')
                .iter()
                .flat_map(|a| parse::affiliations(a))
                .collect()
        }
        CardField::Class => card.class = opt_text(value),
        CardField::Integrity => card.int_rng = stat_of(value),
        CardField::Cunning => card.cun_wpn = stat_of(value),
        CardField::Strength => card.str_shd = stat_of(value),
        CardField::Points => card.points = stat_of(value),
        CardField::Span => card.span = stat_of(value),
        CardField::Icons => card.icons = parse::icons(&text()).0,
        CardField::Staffing => card.staffing = parse::staffing(&text()).0,
        CardField::Characteristics => card.characteristics = string_list(value, ';'),
        CardField::Persona => {
            card.personas = parse::personas(&text());
            card.persona = card.personas.first().cloned();
        }
        CardField::Commands => card.commands = string_list(value, ';'),
        CardField::Requires => card.requires = opt_text(value),
        CardField::Reports => card.reports = opt_text(value),
        CardField::Quadrant => card.quadrant = opt_text(value),
        CardField::Region => card.region = opt_text(value),
        CardField::Skills => card.text = replace_skill_box(&card.text, &text()),
    }
}

/// A personnel's game text with its skills replaced: the new skills, then the
/// special downloads and special-skill sentences of the old text, in order.
fn replace_skill_box(text: &str, skills: &str) -> String {
    let old = parse::skill_box(text);
    let mut parts = vec![skills.trim().to_string()];
    parts.extend(old.downloads.iter().map(|t| format!("DL/ {{{t}}}")));
    parts.extend(old.special_skills);
    parts.join(" ")
}

/// One question's verdict in one scenario file, as the errata report compares them.
#[derive(Debug, Clone, Serialize)]
pub struct VerdictRow {
    pub scenario: PathBuf,
    /// The question's label ("#2 valid response: Hugh").
    pub question: String,
    pub verdict: Verdict,
}

/// A scenario file read into memory once, run before and after the change.
#[derive(Debug, Clone)]
pub struct ScenarioText {
    pub path: PathBuf,
    pub text: String,
}

/// Read scenario files (as listed by [`crate::scenario::check::collect`]).
pub fn read_scenarios(files: &[PathBuf]) -> anyhow::Result<Vec<ScenarioText>> {
    files
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(f)
                .map_err(|e| anyhow::anyhow!("cannot read scenario {}: {e}", f.display()))?;
            Ok(ScenarioText {
                path: f.clone(),
                text,
            })
        })
        .collect()
}

/// Every question's verdict over one card database, and the files that did
/// not load (path → error).
#[derive(Debug, Clone, Default)]
pub struct ScenarioRun {
    pub rows: Vec<VerdictRow>,
    pub errors: BTreeMap<PathBuf, String>,
}

/// Load and answer every scenario against `db`; titles resolve on `db`.
pub fn run_scenarios(scenarios: &[ScenarioText], db: &CardDb) -> ScenarioRun {
    let resolver = DbTitleResolver::new(db);
    let mut run = ScenarioRun::default();
    for s in scenarios {
        // One file's internal error is that file's error; the run goes on.
        let checked = crate::diag::isolate(&s.path, || {
            let scenario = crate::scenario::load(&s.path, &s.text, db, &resolver)
                .map_err(|e| e.to_string())?;
            let answers = crate::scenario::run(&scenario, db);
            Ok::<_, String>((scenario, answers))
        });
        let (scenario, answers) = match checked.and_then(|r| r) {
            Ok(done) => done,
            Err(e) => {
                run.errors.insert(s.path.clone(), e);
                continue;
            }
        };
        for (i, (q, a)) in scenario.questions.iter().zip(answers).enumerate() {
            run.rows.push(VerdictRow {
                scenario: s.path.clone(),
                question: question_label(i, q, &scenario.state),
                verdict: a.verdict,
            });
        }
    }
    run
}

/// "#N ask: card" — the piece asked about, else what the question names.
fn question_label(i: usize, q: &crate::scenario::Asked, state: &GameState) -> String {
    use crate::engine::question::Question;
    let handle = |p: usize| state.pieces.get(p).map_or("?", |x| x.handle.as_str());
    let who = q.question.who();
    let subject = who
        .card()
        .map(|p| handle(p).to_string())
        .or_else(|| match &q.question {
            Question::MeetsRequirements(m) => m.requirement.clone(),
            _ => None,
        })
        .or_else(|| {
            (!who.by.is_empty()).then(|| {
                who.by()
                    .into_iter()
                    .map(handle)
                    .collect::<Vec<_>>()
                    .join(", ")
            })
        })
        .or_else(|| match &q.question {
            Question::CanAct(a) => Some(a.act.clone()),
            _ => None,
        });
    match subject {
        Some(s) => format!("#{} {}: {s}", i + 1, q.ask),
        None => format!("#{} {}", i + 1, q.ask),
    }
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

/// One changed card and the fields whose values changed.
#[derive(Debug, Clone, Serialize)]
pub struct ChangedCard {
    pub title: String,
    pub fields: Vec<FieldChange>,
}

/// A field's value before and after, as `daystrom card` prints it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FieldChange {
    pub field: String,
    pub before: String,
    pub after: String,
}

/// A scenario that loaded before the change but not after.
#[derive(Debug, Clone, Serialize)]
pub struct BrokenScenario {
    pub scenario: PathBuf,
    pub error: String,
}

/// Everything `daystrom errata` reports.
#[derive(Debug, Clone, Serialize, Default)]
pub struct ErrataReport {
    pub errata: PathBuf,
    pub scenarios: usize,
    pub questions: usize,
    /// Scenario files that did not load, before and after alike (not counted as flips).
    pub scenario_errors: usize,
    pub changed_cards: Vec<ChangedCard>,
    pub flips: Vec<Flip>,
    pub became_undecided: Vec<Flip>,
    /// Scenarios the change made unloadable (e.g. a type change breaks a title).
    pub broken: Vec<BrokenScenario>,
    pub ability_changes: Vec<AbilityChange>,
    pub review: Vec<Review>,
    pub rule_changes: Vec<RuleChange>,
    /// Scenario questions citing an entry a rule change touches.
    pub citing_changed_rules: Vec<String>,
}

impl ErrataReport {
    /// True when the errata moves any verdict: the command exits non-zero.
    pub fn any_flip(&self) -> bool {
        !self.flips.is_empty() || !self.became_undecided.is_empty() || !self.broken.is_empty()
    }

    /// The summary table.
    pub fn table(&self) -> comfy_table::Table {
        let mut t = comfy_table::Table::new();
        t.set_header(vec!["errata impact", "count"]);
        let rows = [
            ("cards changed", self.changed_cards.len()),
            ("rules entries changed", self.rule_changes.len()),
            ("scenarios run", self.scenarios),
            ("questions answered", self.questions),
            (
                "scenarios not loading (before and after)",
                self.scenario_errors,
            ),
            ("verdicts flipped", self.flips.len()),
            ("verdicts became undecided", self.became_undecided.len()),
            ("scenarios broken by the change", self.broken.len()),
            ("cards whose abilities changed", self.ability_changes.len()),
            (
                "cards to review (reference a changed card)",
                self.review.len(),
            ),
            (
                "questions citing a changed rule",
                self.citing_changed_rules.len(),
            ),
        ];
        for (k, v) in rows {
            t.add_row(vec![k.to_string(), v.to_string()]);
        }
        t
    }
}

/// Apply an errata to a copy of `db`, run the scenarios before and after, and
/// report what moved. `db` itself is not touched.
pub fn assess(errata: &Errata, db: &CardDb, scenarios: &[ScenarioText]) -> ErrataReport {
    let after_db = errata.apply_rederived(db);
    let before = run_scenarios(scenarios, db);
    let after = run_scenarios(scenarios, &after_db);
    let mut report = impact(
        errata,
        db,
        &after_db,
        &before.rows,
        &after.rows,
        &render_abilities,
    );
    report.errata = errata.path.clone();
    report.scenarios = scenarios.len();
    report.scenario_errors = before.errors.len();
    report.broken = after
        .errors
        .iter()
        .filter(|(p, _)| !before.errors.contains_key(*p))
        .map(|(p, e)| BrokenScenario {
            scenario: p.clone(),
            error: e.clone(),
        })
        .collect();
    report
}

/// A card's compiled abilities, one line per ability, stable for comparison:
/// `timing [action] · targets · effects · not understood`.
pub fn render_abilities(card: &Card) -> String {
    let c = crate::engine::abilities::compile(card);
    if c.abilities.is_empty() {
        return "(no abilities)".into();
    }
    c.abilities
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let mut timing = a.timing.class.name().to_string();
            if let Some(action) = &a.timing.action {
                timing.push_str(&format!(" [{action}]"));
            }
            if let Some(l) = &a.timing.limit {
                timing.push_str(&format!(" ({l})"));
            }
            let join = |v: Vec<String>| v.join(", ");
            let targets = join(a.targets.iter().map(|t| t.to_string()).collect());
            let effects = join(a.effects.iter().map(|e| e.to_string()).collect());
            let mut line = format!("{}. {timing} · {targets} · {effects}", i + 1);
            if !a.unparsed.is_empty() {
                line.push_str(&format!(" · not understood: {}", a.unparsed.join(" / ")));
            }
            line
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The printable fields of a card, in `daystrom card` order.
fn field_values(c: &Card) -> Vec<(&'static str, String)> {
    let stat = |s: &Option<Stat>| s.as_ref().map(|s| s.to_string()).unwrap_or_default();
    let icons = |v: &[String]| v.iter().map(|i| format!("[{i}]")).collect::<String>();
    let skills = c
        .skills
        .iter()
        .map(|s| {
            if s.level == 1.0 {
                s.name.clone()
            } else {
                format!("{} x{}", s.name, s.level)
            }
        })
        .collect::<Vec<_>>()
        .join(", ");
    vec![
        ("type", c.card_type.name()),
        ("unique", c.unique.to_string()),
        ("universal", c.universal.to_string()),
        ("affiliation", c.affiliations.join(" / ")),
        ("class", c.class.clone().unwrap_or_default()),
        ("integrity / range", stat(&c.int_rng)),
        ("cunning / weapons", stat(&c.cun_wpn)),
        ("strength / shields", stat(&c.str_shd)),
        ("points", stat(&c.points)),
        ("span", stat(&c.span)),
        ("icons", icons(&c.icons)),
        ("staffing", icons(&c.staffing)),
        ("characteristics", c.characteristics.join("; ")),
        (
            "persona",
            c.persona
                .as_ref()
                .map(|p| p.name.clone())
                .unwrap_or_default(),
        ),
        ("commands", c.commands.join("; ")),
        ("requires", c.requires.clone().unwrap_or_default()),
        ("reports", c.reports.clone().unwrap_or_default()),
        ("quadrant", c.quadrant.clone().unwrap_or_default()),
        ("region", c.region.clone().unwrap_or_default()),
        ("skills", skills),
        ("special skills", c.special_skills.join(" / ")),
        ("downloads", c.special_downloads.join(", ")),
        ("references", c.references.join(", ")),
        ("game text", c.text.clone()),
        ("lore", c.lore.clone()),
    ]
}

/// The fields whose printed values differ between two versions of a card.
pub fn field_changes(before: &Card, after: &Card) -> Vec<FieldChange> {
    field_values(before)
        .into_iter()
        .zip(field_values(after))
        .filter(|((_, b), (_, a))| a != b)
        .map(|((field, b), (_, a))| FieldChange {
            field: field.to_string(),
            before: b,
            after: a,
        })
        .collect()
}

/// Compare verdicts before and after (matched by scenario and question),
/// abilities before and after, and list the cards that reference the changed ones.
pub fn impact(
    errata: &Errata,
    before_db: &CardDb,
    after_db: &CardDb,
    before: &[VerdictRow],
    after: &[VerdictRow],
    render_abilities: &dyn Fn(&Card) -> String,
) -> ErrataReport {
    let mut scenarios: Vec<&PathBuf> = before.iter().map(|r| &r.scenario).collect();
    scenarios.dedup();
    let mut report = ErrataReport {
        errata: errata.path.clone(),
        scenarios: scenarios.len(),
        questions: before.len(),
        rule_changes: errata.rules.clone(),
        ..Default::default()
    };
    let after_by: HashMap<(&PathBuf, &str), &VerdictRow> = after
        .iter()
        .map(|r| ((&r.scenario, r.question.as_str()), r))
        .collect();
    for b in before {
        let Some(a) = after_by.get(&(&b.scenario, b.question.as_str())) else {
            continue;
        };
        if b.verdict.value == a.verdict.value {
            continue;
        }
        let undecided =
            |r: &VerdictRow| matches!(r.verdict.value, crate::engine::VerdictValue::Undecided(_));
        if undecided(a) && !undecided(b) {
            report.became_undecided.push(flip_of(b, a));
        } else {
            report.flips.push(flip_of(b, a));
        }
    }
    let changed = errata.changed_cards();
    for &id in &changed {
        let (old, new) = (&before_db.cards[id], &after_db.cards[id]);
        report.changed_cards.push(ChangedCard {
            title: new.title.clone(),
            fields: field_changes(old, new),
        });
        let (ra, rb) = (render_abilities(old), render_abilities(new));
        if ra != rb {
            report.ability_changes.push(AbilityChange {
                title: new.title.clone(),
                before: ra,
                after: rb,
            });
        }
        report.review.extend(
            referencing(after_db, new)
                .into_iter()
                .filter(|r| !changed.iter().any(|&c| after_db.cards[c].title == r.title)),
        );
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

/// First Edition cards whose game text names `card` in braces (a reference
/// names a card by its title, or by its title without a subtitle).
fn referencing(db: &CardDb, card: &Card) -> Vec<Review> {
    let mut out: Vec<Review> = db
        .cards
        .iter()
        .filter(|c| c.id != card.id && c.edition == Edition::First)
        .filter_map(|c| {
            let r = c.references.iter().find(|r| {
                crate::repair::fold_for_match(r) == crate::repair::fold_for_match(&card.title)
                    || crate::engine::abilities::reference_names(r, &card.title)
            })?;
            Some(Review {
                title: c.title.clone(),
                references: format!("{{{r}}}"),
            })
        })
        .collect();
    out.sort_by(|a, b| a.title.cmp(&b.title));
    out.dedup_by(|a, b| a.title == b.title);
    out
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
            text: text.into(),
            skills_parsed: true,
            ..Card::default()
        }
    }

    fn db() -> CardDb {
        let mut hugh = card(0, "Hugh", "Nullifies attack by {Borg Ship} for this turn.");
        hugh.references = vec!["Borg Ship".into()];
        CardDb::new(vec![hugh, card(1, "Borg Ship", "Attacks all ships.")])
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

    fn db_with_picard() -> CardDb {
        let mut db = db();
        let mut p = card(
            2,
            "Jean-Luc Picard",
            "OFFICER Diplomacy Leadership DL/ {Hugh} May nullify {Borg Ship}.",
        );
        p.card_type = CardType::Personnel;
        crate::cards::ingest::rederive_text(&mut p);
        db.cards.push(p);
        db
    }

    #[test]
    fn a_skills_change_replaces_the_skill_box_and_keeps_the_rest() {
        let db = db_with_picard();
        assert_eq!(db.cards[2].skills.len(), 3);
        let e = Errata::parse(
            Path::new("e.toml"),
            "[[card]]\ntitle = \"Jean-Luc Picard\"\nskills = \"OFFICER Diplomacy x2\"\n",
            &db,
        )
        .unwrap();
        let after = e.apply_rederived(&db);
        let p = &after.cards[2];
        assert_eq!(
            p.text,
            "OFFICER Diplomacy x2 DL/ {Hugh} May nullify {Borg Ship}."
        );
        let names: Vec<(&str, f32)> = p
            .skills
            .iter()
            .map(|s| (s.name.as_str(), s.level))
            .collect();
        assert_eq!(names, vec![("OFFICER", 1.0), ("Diplomacy", 2.0)]);
        assert_eq!(p.special_downloads, vec!["Hugh".to_string()]);
        assert_eq!(
            p.references,
            vec!["Hugh".to_string(), "Borg Ship".to_string()]
        );
    }

    #[test]
    fn a_text_change_re_derives_references() {
        let db = db();
        let e = parse("[[card]]\ntitle = \"Hugh\"\ntext = \"Nullifies {Rogue Borg}.\"\n").unwrap();
        let after = e.apply_rederived(&db);
        assert_eq!(after.cards[0].references, vec!["Rogue Borg".to_string()]);
    }

    #[test]
    fn values_that_do_not_parse_are_errors_at_their_place() {
        let err = parse("[[card]]\ntitle = \"Hugh\"\nicons = \"[AU][Sttf]\"\n").unwrap_err();
        assert_eq!((err.line, err.col), (3, 14));
        assert!(
            err.message.contains("unknown icon `[Sttf]`"),
            "{}",
            err.message
        );
        assert!(err.message.contains("`[Stf]`"), "{}", err.message);
        let err = parse("[[card]]\ntitle = \"Hugh\"\ntype = \"Interupt\"\n").unwrap_err();
        assert!(
            err.message.contains("did you mean `Interrupt`"),
            "{}",
            err.message
        );
        let err =
            parse("[[card]]\ntitle = \"Hugh\"\ntext = \"Nullifies {Borg Ship.\"\n").unwrap_err();
        assert!(err.message.contains("never closed"), "{}", err.message);
        let err = parse("[[card]]\ntitle = \"Hugh\"\nskills = \"OFFICER\"\n").unwrap_err();
        assert!(err.message.contains("personnel"), "{}", err.message);
    }

    #[test]
    fn icons_are_canonicalised_by_the_vocabulary() {
        let db = db();
        let e = parse("[[card]]\ntitle = \"Hugh\"\nicons = \"[au][Stf]\"\n").unwrap();
        let after = e.apply_rederived(&db);
        assert_eq!(
            after.cards[0].icons,
            vec!["AU".to_string(), "Stf".to_string()]
        );
    }

    #[test]
    fn field_changes_name_only_what_moved() {
        let db = db();
        let e = parse("[[card]]\ntitle = \"Hugh\"\ntext = \"Nullifies {Rogue Borg}.\"\n").unwrap();
        let after = e.apply_rederived(&db);
        let fields: Vec<String> = field_changes(&db.cards[0], &after.cards[0])
            .into_iter()
            .map(|f| f.field)
            .collect();
        assert_eq!(fields, vec!["references", "game text"]);
    }

    #[test]
    fn rendered_abilities_follow_the_text() {
        let db = db();
        let hugh = render_abilities(&db.cards[0]);
        assert!(hugh.contains("nullify"), "{hugh}");
        let mut quiet = db.cards[0].clone();
        quiet.text = "Destroys (discard) all {Rogue Borg} at one location.".into();
        let after = render_abilities(&quiet);
        assert!(
            !after.contains("nullify") && after.contains("destroy"),
            "{after}"
        );
    }
}
