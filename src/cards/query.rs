//! The card query language: `t:personnel a:fed skill:diplomacy>=2 -char:female`.
//! [`parse`] turns a query into an AST ([`Query`]) with errors that point at the
//! offending column; [`to_sql`] turns the AST into a SQL WHERE clause with bound
//! parameters only; [`run`] executes it against the store.
//!
//! Keys: t a class skill int cun str rng wpn shd pts span o lore ref icon staff
//! char persona cmd q region dt set release is ed; bare words search titles,
//! `!"Exact Title"` matches one title; implicit AND, `or`, `-`/`not`, parentheses.
//! Abbreviations (`a:na`, `icon:au`, `q:gamma`) come from `glossary/icons.toml`.

use super::model::CardType;
use crate::repair::fold_for_match;
use crate::store::Store;
use crate::vocab::vocabulary;
use rusqlite::types::Value;

/// Every key of the language.
pub const KEYS: &[&str] = &[
    "t", "a", "class", "skill", "int", "cun", "str", "rng", "wpn", "shd", "pts", "span", "o",
    "lore", "ref", "icon", "staff", "char", "persona", "cmd", "q", "region", "dt", "set",
    "release", "is", "ed",
];

/// Card types whose Int/Rng, Cun/Wpn, Str/Shd cells are not RANGE, WEAPONS, SHIELDS.
const NOT_SHIP_LIKE: &[&str] = &["Personnel", "Mission", "Q Mission"];

const NUMERIC_KEYS: &[&str] = &["int", "cun", "str", "rng", "wpn", "shd", "pts", "span"];

/// A comparison operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Cmp {
    fn sql(self) -> &'static str {
        match self {
            Cmp::Eq => "=",
            Cmp::Ne => "!=",
            Cmp::Lt => "<",
            Cmp::Le => "<=",
            Cmp::Gt => ">",
            Cmp::Ge => ">=",
        }
    }
}

/// One condition of a query, already resolved against the vocabulary.
#[derive(Debug, Clone, PartialEq)]
pub enum Term {
    /// Card type name as stored ("Q Dilemma").
    Type(String),
    Affiliation(String),
    Class(String),
    Skill {
        names: Vec<String>,
        cmp: Option<(Cmp, f64)>,
    },
    /// Column name (from a fixed list) and the card types it applies to.
    Number {
        key: &'static str,
        cmp: Cmp,
        value: i64,
    },
    Text(String),
    Lore(String),
    Ref(String),
    Icon(String),
    Staff(String),
    Characteristic(String),
    /// A persona as written (`Name`, `(Name)` mirror, `<Name>` impersonator).
    Persona(crate::cards::persona::Version, String),
    Command(String),
    Quadrant(String),
    Region(String),
    DilemmaType(&'static str),
    Set(String),
    Release(String),
    Is(&'static str),
    Edition(&'static str),
    TitleWord(String),
    ExactTitle(String),
}

/// A parsed query.
#[derive(Debug, Clone, PartialEq)]
pub enum Query {
    And(Vec<Query>),
    Or(Vec<Query>),
    Not(Box<Query>),
    Term(Term),
}

/// A query error: what is wrong and at which column (1-based, in characters).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("column {column}: {message}")]
pub struct QueryError {
    pub column: usize,
    pub message: String,
}

impl QueryError {
    fn at(column: usize, message: impl Into<String>) -> Self {
        QueryError {
            column,
            message: message.into(),
        }
    }

    /// The query with a caret under the offending column and the message
    /// (the one located-error rendering, [`crate::diag::Located`]).
    pub fn render(&self, query: &str) -> String {
        crate::diag::Located::at_line("query", query, 1, self.column, &self.to_string()).render()
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    LParen,
    RParen,
    Or,
    Not,
    /// A term as written, with its starting column.
    Word(String),
}

/// Split a query into tokens with their columns; quotes group words.
fn lex(q: &str) -> Result<Vec<(Tok, usize)>, QueryError> {
    // Typographic quotes and dashes are typed (or pasted) for plain ones; the
    // card database is plain ASCII. One char for one keeps the columns.
    let chars: Vec<char> = q.chars().map(plain_char).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let col = i + 1;
        if c.is_whitespace() {
            i += 1;
        } else if c == '(' {
            out.push((Tok::LParen, col));
            i += 1;
        } else if c == ')' {
            out.push((Tok::RParen, col));
            i += 1;
        } else if c == '-'
            && chars.get(i + 1).is_some_and(|n| !n.is_whitespace())
            && out_allows_not(&chars, i)
        {
            out.push((Tok::Not, col));
            i += 1;
        } else {
            let mut word = String::new();
            let mut quote: Option<usize> = None;
            while i < chars.len() {
                let ch = chars[i];
                if quote.is_some() {
                    if ch == '"' {
                        quote = None;
                    }
                } else if ch == '"' {
                    quote = Some(i + 1);
                } else if ch.is_whitespace() || ch == '(' && word.is_empty() || ch == ')' {
                    break;
                }
                word.push(ch);
                i += 1;
            }
            if let Some(qcol) = quote {
                return Err(QueryError::at(
                    qcol,
                    "unclosed quote: expected a closing `\"`",
                ));
            }
            let lower = word.to_lowercase();
            out.push((
                match lower.as_str() {
                    "or" => Tok::Or,
                    "not" => Tok::Not,
                    _ => Tok::Word(word),
                },
                col,
            ));
        }
    }
    Ok(out)
}

fn plain_char(c: char) -> char {
    match c {
        '’' | '‘' | '`' | '´' => '\'',
        '“' | '”' | '„' => '"',
        '–' | '—' | '‐' | '‑' => '-',
        '\u{a0}' => ' ',
        c => c,
    }
}

/// `-` negates only at the start of a term (not inside `5+X` etc.).
fn out_allows_not(chars: &[char], i: usize) -> bool {
    i == 0 || chars[i - 1].is_whitespace() || chars[i - 1] == '('
}

/// Parse a query. An empty query is an error.
pub fn parse(q: &str) -> Result<Query, QueryError> {
    let toks = lex(q)?;
    if toks.is_empty() {
        return Err(QueryError::at(
            1,
            "empty query: expected at least one term, e.g. `t:personnel`",
        ));
    }
    if let Some((_, col)) = toks.get(MAX_TERMS) {
        return Err(QueryError::at(
            *col,
            format!("a query has at most {MAX_TERMS} terms and operators"),
        ));
    }
    let mut p = Parser {
        toks,
        pos: 0,
        end: q.chars().count() + 1,
        depth: 0,
    };
    let ast = p.expr()?;
    if let Some((t, col)) = p.toks.get(p.pos) {
        let what = if *t == Tok::RParen {
            "unbalanced `)`: no `(` before it"
        } else {
            "unexpected token"
        };
        return Err(QueryError::at(*col, what));
    }
    Ok(ast)
}

/// Bounds that keep a hostile query from overflowing the parser's stack or
/// SQLite's expression limits: no real query comes near them.
const MAX_NESTING: usize = 32;
const MAX_TERMS: usize = 256;

struct Parser {
    toks: Vec<(Tok, usize)>,
    pos: usize,
    end: usize,
    /// Parentheses and negations open around the current token.
    depth: usize,
}

impl Parser {
    fn peek(&self) -> Option<&(Tok, usize)> {
        self.toks.get(self.pos)
    }

    fn expr(&mut self) -> Result<Query, QueryError> {
        let mut alts = vec![self.and_expr()?];
        while let Some((Tok::Or, col)) = self.peek() {
            let col = *col;
            self.pos += 1;
            if matches!(
                self.peek(),
                None | Some((Tok::RParen, _)) | Some((Tok::Or, _))
            ) {
                return Err(QueryError::at(col, "`or` needs a term on both sides"));
            }
            alts.push(self.and_expr()?);
        }
        Ok(if alts.len() == 1 {
            alts.remove(0)
        } else {
            Query::Or(alts)
        })
    }

    fn and_expr(&mut self) -> Result<Query, QueryError> {
        let mut parts = Vec::new();
        while let Some((t, col)) = self.peek() {
            match t {
                Tok::RParen | Tok::Or => break,
                _ => {
                    let _ = col;
                    parts.push(self.unary()?)
                }
            }
        }
        match parts.len() {
            0 => {
                let col = self.peek().map_or(self.end, |t| t.1);
                Err(QueryError::at(col, "expected a term"))
            }
            1 => Ok(parts.remove(0)),
            _ => Ok(Query::And(parts)),
        }
    }

    fn unary(&mut self) -> Result<Query, QueryError> {
        let (tok, col) = self.toks[self.pos].clone();
        self.pos += 1;
        let opens = matches!(tok, Tok::Not | Tok::LParen);
        if opens {
            if self.depth == MAX_NESTING {
                return Err(QueryError::at(
                    col,
                    format!("nested more than {MAX_NESTING} deep (parentheses and negations)"),
                ));
            }
            self.depth += 1;
        }
        let parsed = self.nested(tok, col);
        if opens {
            self.depth -= 1;
        }
        parsed
    }

    fn nested(&mut self, tok: Tok, col: usize) -> Result<Query, QueryError> {
        match tok {
            Tok::Not => {
                if matches!(
                    self.peek(),
                    None | Some((Tok::RParen, _)) | Some((Tok::Or, _))
                ) {
                    return Err(QueryError::at(col, "negation needs a term after it"));
                }
                Ok(Query::Not(Box::new(self.unary()?)))
            }
            Tok::LParen => {
                if matches!(self.peek(), Some((Tok::RParen, _))) {
                    return Err(QueryError::at(col, "empty parentheses"));
                }
                let inner = self.expr()?;
                match self.peek() {
                    Some((Tok::RParen, _)) => {
                        self.pos += 1;
                        Ok(inner)
                    }
                    _ => Err(QueryError::at(
                        col,
                        "unbalanced `(`: expected a closing `)`",
                    )),
                }
            }
            Tok::Word(w) => Ok(Query::Term(term(&w, col)?)),
            Tok::RParen | Tok::Or => Err(QueryError::at(col, "unexpected token")),
        }
    }
}

fn unquote(s: &str) -> String {
    let t = s.trim();
    let t = t.strip_prefix('"').unwrap_or(t);
    let t = t.strip_suffix('"').unwrap_or(t);
    t.to_string()
}

/// Split `key:value`, `key>=value` (numeric keys) or a bare word.
fn split_key(w: &str) -> Option<(String, &str)> {
    let key_len = w.chars().take_while(|c| c.is_ascii_alphabetic()).count();
    if key_len == 0 {
        return None;
    }
    let (k, rest) = w.split_at(key_len);
    if rest.starts_with(':')
        || (NUMERIC_KEYS.contains(&k.to_lowercase().as_str())
            && rest.starts_with(['=', '!', '<', '>']))
    {
        Some((k.to_lowercase(), rest))
    } else {
        None
    }
}

/// A comparison at the start of `s`: (op, rest).
fn split_cmp(s: &str) -> Option<(Cmp, &str)> {
    for (p, c) in [
        (">=", Cmp::Ge),
        ("<=", Cmp::Le),
        ("!=", Cmp::Ne),
        (">", Cmp::Gt),
        ("<", Cmp::Lt),
        ("=", Cmp::Eq),
        (":", Cmp::Eq),
    ] {
        if let Some(rest) = s.strip_prefix(p) {
            return Some((c, rest));
        }
    }
    None
}

fn suggest_key(k: &str) -> String {
    match crate::suggest::best(k, KEYS.iter().copied()) {
        Some(c) => format!(", did you mean `{c}:`?"),
        None => format!("; known keys: {}", KEYS.join(" ")),
    }
}

/// Resolve one written term.
fn term(w: &str, col: usize) -> Result<Term, QueryError> {
    if let Some(rest) = w.strip_prefix('!') {
        let v = unquote(rest);
        if v.is_empty() {
            return Err(QueryError::at(
                col,
                "`!` needs a title, e.g. `!\"Kivas Fajo\"`",
            ));
        }
        return Ok(Term::ExactTitle(v));
    }
    if !w.chars().any(char::is_alphanumeric) {
        return Err(QueryError::at(col, format!("expected a term, found `{w}`")));
    }
    let key_len = w.chars().take_while(|c| c.is_ascii_alphabetic()).count();
    let lead = w[..key_len].to_lowercase();
    if NUMERIC_KEYS.contains(&lead.as_str()) && key_len < w.len() && split_key(w).is_none() {
        return Err(QueryError::at(
            col + key_len,
            format!("bad comparison after `{lead}`: expected = != < <= > >="),
        ));
    }
    let Some((key, rest)) = split_key(w) else {
        if let Some(p) = w.find(':') {
            // `foo:` where foo is not alphabetic
            return Err(QueryError::at(
                col,
                format!("unknown key `{}:`{}", &w[..p], suggest_key(&w[..p])),
            ));
        }
        return Ok(Term::TitleWord(unquote(w)));
    };
    let key_col = col;
    let value_col = col + key.chars().count() + 1;
    if !KEYS.contains(&key.as_str()) {
        return Err(QueryError::at(
            key_col,
            format!("unknown key `{key}:`{}", suggest_key(&key)),
        ));
    }
    if NUMERIC_KEYS.contains(&key.as_str()) {
        return number_term(&key, rest, col + key.chars().count());
    }
    let raw = &rest[1..];
    if key == "skill" {
        return skill_term(raw, value_col);
    }
    let v = unquote(raw);
    if v.is_empty() {
        return Err(QueryError::at(value_col, format!("`{key}:` needs a value")));
    }
    let icons = &vocabulary().icons;
    Ok(match key.as_str() {
        "t" => {
            let t = CardType::parse(&v);
            if let CardType::Other(_) = t {
                return Err(QueryError::at(value_col, format!("unknown card type `{v}`: expected personnel, ship, dilemma, \"q dilemma\", ...")));
            }
            Term::Type(t.name())
        }
        "a" => match icons.affiliation(&v) {
            Some(a) => Term::Affiliation(a.to_string()),
            None => {
                return Err(QueryError::at(
                    value_col,
                    format!(
                        "unknown affiliation `{v}`: expected e.g. federation, fed, klingon, na"
                    ),
                ))
            }
        },
        "class" => Term::Class(v),
        "o" => Term::Text(v),
        "lore" => Term::Lore(v),
        "ref" => Term::Ref(v),
        "icon" | "staff" => match icons.canonical(&v) {
            Some(c) if key == "icon" => Term::Icon(c.to_string()),
            Some(c) => Term::Staff(c.to_string()),
            None => {
                return Err(QueryError::at(
                    value_col,
                    format!("unknown icon `{v}` (see glossary/icons.toml)"),
                ))
            }
        },
        "char" => Term::Characteristic(v),
        // `(Name)` and `<Name>` are the mirror version and the impersonators
        // of a persona, not versions of it (Glossary "persona")
        "persona" => {
            let (version, name) = crate::cards::persona::Version::read(&v);
            Term::Persona(version, name.to_string())
        }
        "cmd" => Term::Command(v),
        "q" => {
            // `gamma`, `GQ`, `Gamma Quadrant` → the Quadrant column's "Gamma"
            let name = icons
                .find(&v)
                .filter(|i| i.kind == "quadrant")
                .map_or(v.clone(), |i| i.name.clone());
            Term::Quadrant(name.trim_end_matches(" Quadrant").to_string())
        }
        "region" => Term::Region(v),
        "dt" => Term::DilemmaType(match v.to_lowercase().as_str() {
            "space" | "s" => "space",
            "planet" | "p" => "planet",
            "dual" | "s/p" | "sp" => "dual",
            _ => {
                return Err(QueryError::at(
                    value_col,
                    format!("unknown dilemma type `{v}`: expected space, planet or dual"),
                ))
            }
        }),
        "set" => Term::Set(v),
        "release" => Term::Release(v),
        "is" => Term::Is(match v.to_lowercase().as_str() {
            "unique" => "unique",
            "universal" | "univ" => "universal",
            "virtual" => "virtual",
            "physical" => "physical",
            _ => {
                return Err(QueryError::at(
                    value_col,
                    format!("unknown `is:{v}`: expected unique, universal, virtual or physical"),
                ))
            }
        }),
        "ed" => Term::Edition(match v.to_lowercase().as_str() {
            "1e" | "1" => "1E",
            "2e" | "2" => "2E",
            _ => {
                return Err(QueryError::at(
                    value_col,
                    format!("unknown edition `{v}`: expected 1e or 2e"),
                ))
            }
        }),
        _ => unreachable!("every key of KEYS is handled"),
    })
}

fn number_term(key: &str, rest: &str, op_col: usize) -> Result<Term, QueryError> {
    let Some((cmp, num)) = split_cmp(rest) else {
        return Err(QueryError::at(
            op_col,
            format!("bad comparison after `{key}`: expected = != < <= > >="),
        ));
    };
    let value: i64 = num.parse().map_err(|_| {
        QueryError::at(
            op_col + (rest.len() - num.len()),
            format!("bad comparison: `{num}` is not a whole number (e.g. `{key}>=7`)"),
        )
    })?;
    let key: &'static str = NUMERIC_KEYS
        .iter()
        .find(|k| **k == key)
        .copied()
        .unwrap_or("span");
    Ok(Term::Number { key, cmp, value })
}

fn skill_term(raw: &str, col: usize) -> Result<Term, QueryError> {
    // name, then optional comparison
    let (name_part, cmp_part) = match raw.find(['<', '>', '=', '!']) {
        Some(p) if !raw[..p].contains('"') || raw[..p].matches('"').count().is_multiple_of(2) => {
            (&raw[..p], Some(&raw[p..]))
        }
        _ => (raw, None),
    };
    let name = unquote(name_part);
    if name.is_empty() {
        return Err(QueryError::at(
            col,
            "`skill:` needs a skill name, e.g. `skill:diplomacy`",
        ));
    }
    let skills = &vocabulary().skills;
    let names = if name.eq_ignore_ascii_case(&skills.intelligence.family) {
        skills
            .intelligence
            .prefixes
            .iter()
            .map(|p| format!("{p} {}", skills.intelligence.family))
            .collect()
    } else {
        match skills.canonical(&name) {
            Some(n) => vec![n],
            None => {
                let all = skills.spellings();
                let spelt = crate::suggest::best(&name, all.iter().map(|(s, _)| s));
                let hint = match all.iter().find(|(s, _)| Some(s) == spelt) {
                    Some((_, n)) => format!(", did you mean `{n}`?"),
                    None => String::new(),
                };
                return Err(QueryError::at(col, format!("unknown skill `{name}`{hint}")));
            }
        }
    };
    let cmp = match cmp_part {
        None => None,
        Some(c) => {
            let ccol = col + name_part.chars().count();
            let (op, num) = split_cmp(c)
                .ok_or_else(|| QueryError::at(ccol, "bad comparison: expected = != < <= > >="))?;
            let n = if let Some((a, b)) = num.split_once('/') {
                match (a.parse::<f64>(), b.parse::<f64>()) {
                    (Ok(a), Ok(b)) if b != 0.0 => a / b,
                    _ => {
                        return Err(QueryError::at(
                            ccol,
                            format!("bad comparison: `{num}` is not a skill level"),
                        ))
                    }
                }
            } else {
                num.parse::<f64>().map_err(|_| QueryError::at(ccol, format!("bad comparison: `{num}` is not a skill level (e.g. `skill:diplomacy>=2`)")))?
            };
            Some((op, n))
        }
    };
    Ok(Term::Skill { names, cmp })
}

/// True when the query names an edition anywhere (else it is limited to 1E).
fn names_edition(q: &Query) -> bool {
    match q {
        Query::And(v) | Query::Or(v) => v.iter().any(names_edition),
        Query::Not(q) => names_edition(q),
        Query::Term(t) => matches!(t, Term::Edition(_)),
    }
}

fn like(v: &str) -> String {
    let escaped: String = v
        .chars()
        .flat_map(|c| match c {
            '%' | '_' | '\\' => vec!['\\', c],
            c => vec![c],
        })
        .collect();
    format!("%{escaped}%")
}

/// SQL for a query: a WHERE clause over `cards c` and its bound parameters.
/// Adds `ed:1e` unless the query names an edition.
pub fn to_sql(q: &Query) -> (String, Vec<Value>) {
    let mut params = Vec::new();
    let mut sql = String::new();
    emit(q, &mut sql, &mut params);
    if !names_edition(q) {
        sql = format!("({sql}) AND c.edition = ?");
        params.push(Value::Text("1E".into()));
    }
    (sql, params)
}

fn emit(q: &Query, sql: &mut String, p: &mut Vec<Value>) {
    match q {
        Query::And(v) | Query::Or(v) => {
            let joiner = if matches!(q, Query::And(_)) {
                " AND "
            } else {
                " OR "
            };
            sql.push('(');
            for (i, part) in v.iter().enumerate() {
                if i > 0 {
                    sql.push_str(joiner);
                }
                emit(part, sql, p);
            }
            sql.push(')');
        }
        Query::Not(inner) => {
            sql.push_str("NOT (");
            emit(inner, sql, p);
            sql.push(')');
        }
        Query::Term(t) => emit_term(t, sql, p),
    }
}

fn text(v: &str) -> Value {
    Value::Text(v.to_string())
}

fn emit_term(t: &Term, sql: &mut String, p: &mut Vec<Value>) {
    let exists = |table: &str, cond: &str| {
        format!("EXISTS (SELECT 1 FROM {table} x WHERE x.card = c.id AND {cond})")
    };
    let s = match t {
        Term::Type(v) => {
            p.push(text(v));
            if v == "Interrupt" || v == "Event" {
                // an Interrupt/Event card is both
                p.push(text(&CardType::InterruptEvent.name()));
                "c.type IN (?, ?)".to_string()
            } else {
                "c.type = ?".to_string()
            }
        }
        Term::Affiliation(v) => {
            p.push(text(v));
            exists("card_affiliations", "x.affiliation = ?")
        }
        Term::Class(v) => {
            p.push(text(v));
            p.push(text(&format!("{v} class")));
            // a dual personnel ("OFFICER+SECURITY") has both classifications
            p.push(text(&format!("%+{}+%", v.replace(['%', '_', '\\'], ""))));
            "(lower(c.class) = lower(?) OR lower(c.class) = lower(?) OR ('+' || c.class || '+') LIKE ?)"
                .to_string()
        }
        Term::Skill { names, cmp } => {
            let marks = vec!["?"; names.len()].join(",");
            for n in names {
                p.push(text(n));
            }
            match cmp {
                None => exists("card_skills", &format!("x.skill IN ({marks})")),
                Some((op, n)) => {
                    p.push(Value::Real(*n));
                    format!(
                        "(SELECT COALESCE(SUM(x.level), 0) FROM card_skills x WHERE x.card = c.id AND x.skill IN ({marks})) {} ?",
                        op.sql()
                    )
                }
            }
        }
        Term::Number { key, cmp, value } => {
            // INTEGRITY/CUNNING/STRENGTH are personnel attributes; every other
            // card printing a number there means RANGE/WEAPONS/SHIELDS (ships,
            // facilities, ship-like dilemmas such as Borg Ship, tactics'
            // modifiers) — except missions, whose cells hold stray numbers.
            let (column, within, types): (&str, bool, &[&str]) = match *key {
                "int" => ("int_rng_num", true, &["Personnel"]),
                "cun" => ("cun_wpn_num", true, &["Personnel"]),
                "str" => ("str_shd_num", true, &["Personnel"]),
                "rng" => ("int_rng_num", false, NOT_SHIP_LIKE),
                "wpn" => ("cun_wpn_num", false, NOT_SHIP_LIKE),
                "shd" => ("str_shd_num", false, NOT_SHIP_LIKE),
                "pts" => ("points_num", true, &[]),
                _ => ("span_num", true, &[]),
            };
            p.push(Value::Integer(*value));
            let mut s = format!("c.{column} {} ?", cmp.sql());
            if !types.is_empty() {
                s = format!(
                    "({s} AND c.type {}IN ({}))",
                    if within { "" } else { "NOT " },
                    vec!["?"; types.len()].join(",")
                );
                for ty in types {
                    p.push(text(ty));
                }
            }
            s
        }
        Term::Text(v) => {
            p.push(text(&like(v)));
            "c.text LIKE ? ESCAPE '\\'".to_string()
        }
        Term::Lore(v) => {
            p.push(text(&like(v)));
            "c.lore LIKE ? ESCAPE '\\'".to_string()
        }
        Term::Ref(v) => {
            p.push(text(v));
            exists("card_refs", "lower(x.title) = lower(?)")
        }
        Term::Icon(v) => {
            p.push(text(v));
            exists("card_icons", "x.staffing = 0 AND x.icon = ?")
        }
        Term::Staff(v) => {
            p.push(text(v));
            exists("card_icons", "x.staffing = 1 AND x.icon = ?")
        }
        Term::Characteristic(v) => {
            p.push(text(v));
            exists("card_chars", "lower(x.characteristic) = lower(?)")
        }
        Term::Persona(version, v) => {
            // the identities `cards::persona::same_persona` compares, stored per card
            p.push(text(version.name()));
            p.push(text(&crate::repair::fold_for_match(v)));
            exists("card_personas", "x.version = ? AND x.name = ?")
        }
        Term::Command(v) => {
            p.push(text(&like(v)));
            exists("card_commands", "x.name LIKE ? ESCAPE '\\'")
        }
        Term::Quadrant(v) => {
            p.push(text(v));
            "lower(c.quadrant) = lower(?)".to_string()
        }
        Term::Region(v) => {
            p.push(text(&like(v)));
            "c.region LIKE ? ESCAPE '\\'".to_string()
        }
        Term::DilemmaType(v) => {
            p.push(text(v));
            "c.dilemma_type = ?".to_string()
        }
        Term::Set(v) => {
            p.push(text(&like(v)));
            exists("printings", "x.set_tag LIKE ? ESCAPE '\\'")
        }
        Term::Release(v) => {
            p.push(text(v));
            exists("printings", "lower(x.release) = lower(?)")
        }
        Term::Is(what) => match *what {
            "unique" => "c.is_unique = 1".to_string(),
            "universal" => "c.universal = 1".to_string(),
            source => {
                p.push(text(source));
                exists("printings", "x.source = ?")
            }
        },
        Term::Edition(e) => {
            p.push(text(e));
            "c.edition = ?".to_string()
        }
        Term::TitleWord(v) => {
            p.push(text(&like(&fold_for_match(v))));
            "c.title_fold LIKE ? ESCAPE '\\'".to_string()
        }
        Term::ExactTitle(v) => {
            p.push(text(&fold_for_match(v)));
            "c.title_fold = ?".to_string()
        }
    };
    sql.push_str(&s);
}

/// Sort orders for results (a fixed list: no user text reaches ORDER BY).
pub const SORT_FIELDS: &[(&str, &str)] = &[
    ("title", "c.title_fold, c.id"),
    ("type", "c.type, c.title_fold"),
    ("affiliation", "c.affiliation, c.title_fold"),
    ("int", "c.int_rng_num DESC, c.title_fold"),
    ("cun", "c.cun_wpn_num DESC, c.title_fold"),
    ("str", "c.str_shd_num DESC, c.title_fold"),
    ("rng", "c.int_rng_num DESC, c.title_fold"),
    ("wpn", "c.cun_wpn_num DESC, c.title_fold"),
    ("shd", "c.str_shd_num DESC, c.title_fold"),
    ("pts", "c.points_num DESC, c.title_fold"),
    ("span", "c.span_num DESC, c.title_fold"),
    ("edition", "c.edition, c.title_fold"),
];

/// How to run a query.
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// One of [`SORT_FIELDS`].
    pub sort: String,
    pub limit: Option<usize>,
    /// Attach every printing to each row.
    pub prints: bool,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            sort: "title".into(),
            limit: None,
            prints: false,
        }
    }
}

/// One printing in a result row.
#[derive(Debug, Clone, serde::Serialize)]
pub struct PrintingRow {
    pub printed_title: String,
    pub set: String,
    pub release: String,
    pub info: String,
    pub image_file: String,
    pub blueprint_id: Option<String>,
    pub source: String,
}

/// One card of a result.
#[derive(Debug, Clone, serde::Serialize)]
pub struct CardRow {
    pub id: usize,
    pub key: String,
    pub title: String,
    pub card_type: String,
    pub affiliation: String,
    pub edition: String,
    pub class: Option<String>,
    pub int_rng: Option<String>,
    pub cun_wpn: Option<String>,
    pub str_shd: Option<String>,
    pub points: Option<String>,
    pub span: Option<String>,
    pub quadrant: Option<String>,
    pub printing_count: usize,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub printings: Vec<PrintingRow>,
}

/// Run a parsed query against the store.
pub fn run(store: &Store, q: &Query, opts: &RunOptions) -> anyhow::Result<Vec<CardRow>> {
    let order = SORT_FIELDS
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(&opts.sort))
        .map(|(_, o)| *o)
        .ok_or_else(|| {
            anyhow::anyhow!(
                "unknown sort field `{}`: expected one of {}",
                opts.sort,
                SORT_FIELDS
                    .iter()
                    .map(|(k, _)| *k)
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })?;
    let (cond, mut params) = to_sql(q);
    let sql = format!(
        "SELECT c.id, c.key, c.title, c.type, c.affiliation, c.edition, c.class, c.int_rng, c.cun_wpn,
                c.str_shd, c.points, c.span, c.quadrant,
                (SELECT COUNT(*) FROM printings x WHERE x.card = c.id)
         FROM cards c WHERE {cond} ORDER BY {order} LIMIT ?"
    );
    params.push(Value::Integer(opts.limit.map_or(-1, |l| l as i64)));
    let mut stmt = store.conn.prepare_cached(&sql)?;
    let mut rows = stmt
        .query_map(rusqlite::params_from_iter(params.iter()), |r| {
            Ok(CardRow {
                id: r.get::<_, i64>(0)? as usize,
                key: r.get(1)?,
                title: r.get(2)?,
                card_type: r.get(3)?,
                affiliation: r.get(4)?,
                edition: r.get(5)?,
                class: r.get(6)?,
                int_rng: r.get(7)?,
                cun_wpn: r.get(8)?,
                str_shd: r.get(9)?,
                points: r.get(10)?,
                span: r.get(11)?,
                quadrant: r.get(12)?,
                printing_count: r.get::<_, i64>(13)? as usize,
                printings: Vec::new(),
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    if opts.prints {
        let mut ps = store.conn.prepare_cached(
            "SELECT printed_title, set_tag, release, info, image_file, blueprint_id, source
             FROM printings WHERE card = ?1 ORDER BY rowid",
        )?;
        for row in &mut rows {
            row.printings = ps
                .query_map([row.id as i64], |r| {
                    Ok(PrintingRow {
                        printed_title: r.get(0)?,
                        set: r.get(1)?,
                        release: r.get(2)?,
                        info: r.get(3)?,
                        image_file: r.get(4)?,
                        blueprint_id: r.get(5)?,
                        source: r.get(6)?,
                    })
                })?
                .collect::<Result<_, _>>()?;
        }
    }
    Ok(rows)
}

/// Parse and run in one step (the CLI and the bench use this).
pub fn query(store: &Store, q: &str, opts: &RunOptions) -> anyhow::Result<Vec<CardRow>> {
    let ast = parse(q).map_err(|e| anyhow::anyhow!("{}", e.render(q)))?;
    run(store, &ast, opts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_parse() {
        assert_eq!(
            parse("t:personnel").unwrap(),
            Query::Term(Term::Type("Personnel".into()))
        );
        assert_eq!(
            parse("a:na").unwrap(),
            Query::Term(Term::Affiliation("Non-Aligned".into()))
        );
        assert_eq!(
            parse("t:\"q dilemma\"").unwrap(),
            Query::Term(Term::Type("Q Dilemma".into()))
        );
        assert!(
            matches!(parse("skill:diplomacy>=2").unwrap(), Query::Term(Term::Skill { cmp: Some((Cmp::Ge, n)), .. }) if n == 2.0)
        );
        assert!(matches!(parse("-a:fed").unwrap(), Query::Not(_)));
        assert!(matches!(parse("a:fed or a:kli").unwrap(), Query::Or(v) if v.len() == 2));
        assert!(matches!(parse("(a:fed or a:kli) t:ship").unwrap(), Query::And(v) if v.len() == 2));
        assert_eq!(
            parse("q:gamma").unwrap(),
            Query::Term(Term::Quadrant("Gamma".into()))
        );
    }

    #[test]
    fn errors_point_at_the_token() {
        let e = parse("t:ship skil:diplomacy").unwrap_err();
        assert_eq!(e.column, 8);
        assert!(e.message.contains("did you mean `skill:`"), "{e}");
        assert!(parse("(a:fed").unwrap_err().message.contains("unbalanced"));
        assert!(parse("a:fed)").unwrap_err().message.contains("unbalanced"));
        assert!(parse("int>=abc")
            .unwrap_err()
            .message
            .contains("bad comparison"));
        assert!(parse("").unwrap_err().message.contains("empty"));
        assert!(parse("   ").unwrap_err().message.contains("empty"));
    }
}
