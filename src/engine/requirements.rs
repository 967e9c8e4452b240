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
use crate::engine::abilities::lexicon::RequirementWords;

pub mod grounds;
pub mod threshold;

/// An attribute a requirement totals: of the personnel, or of their ship
/// ("SHIELDS>6 OR Music aboard", "RANGE + WEAPONS + SHIELDS>25").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attribute {
    Integrity,
    Cunning,
    Strength,
    Range,
    Weapons,
    Shields,
}

impl Attribute {
    pub fn parse(word: &str) -> Option<Attribute> {
        match word.to_uppercase().as_str() {
            "INTEGRITY" | "INTEGRIY" => Some(Attribute::Integrity),
            "CUNNING" => Some(Attribute::Cunning),
            "STRENGTH" => Some(Attribute::Strength),
            "RANGE" => Some(Attribute::Range),
            "WEAPONS" => Some(Attribute::Weapons),
            "SHIELDS" => Some(Attribute::Shields),
            _ => None,
        }
    }

    /// An attribute of a ship, totalled over the ship with the group.
    pub fn of_ship(self) -> bool {
        matches!(
            self,
            Attribute::Range | Attribute::Weapons | Attribute::Shields
        )
    }

    pub fn of(self, card: &Card) -> i32 {
        let stat = match self {
            Attribute::Integrity | Attribute::Range => &card.int_rng,
            Attribute::Cunning | Attribute::Weapons => &card.cun_wpn,
            Attribute::Strength | Attribute::Shields => &card.str_shd,
        };
        stat.as_ref().and_then(|s| s.num()).unwrap_or(0)
    }

    pub fn name(self) -> &'static str {
        match self {
            Attribute::Integrity => "INTEGRITY",
            Attribute::Cunning => "CUNNING",
            Attribute::Strength => "STRENGTH",
            Attribute::Range => "RANGE",
            Attribute::Weapons => "WEAPONS",
            Attribute::Shields => "SHIELDS",
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
    /// The comparison read the other way round ("22 < STRENGTH" is
    /// "STRENGTH > 22").
    fn flipped(self) -> Cmp {
        match self {
            Cmp::Gt => Cmp::Lt,
            Cmp::Ge => Cmp::Le,
            Cmp::Lt => Cmp::Gt,
            Cmp::Le => Cmp::Ge,
            Cmp::Eq => Cmp::Eq,
        }
    }

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
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Setting {
    Planet,
    Space,
}

impl Setting {
    /// The mission icon naming a setting: `P` / `S` (`S/P` names both, so none).
    pub fn from_icon(code: &str) -> Option<Setting> {
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
    /// A total of one attribute, or of several added ("total CUNNING +
    /// STRENGTH>68", "total attributes > 63"), compared with a number.
    Total {
        attrs: Vec<Attribute>,
        cmp: Cmp,
        value: i32,
    },
    /// A total compared with a threshold computed from the game
    /// ("STRENGTH>(50+10X), where X = number of other missions in this
    /// region").
    Computed {
        attrs: Vec<Attribute>,
        cmp: Cmp,
        threshold: threshold::Threshold,
    },
    /// "STRENGTH>27 from up to four personnel": met by some `count` members
    /// (or fewer) on their own.
    FromUpTo {
        count: u32,
        req: Box<Requirement>,
    },
    /// "2 hand weapons", "a Cloaking Device", "one Equipment card", "any
    /// artifact with \"Vulcan\" in title or lore": cards other than
    /// personnel (equipment, a ship) of that kind or with that
    /// characteristic present with the group, each meeting `with`.
    Cards {
        kind: String,
        count: u32,
        with: Option<Box<Requirement>>,
    },
    /// "CUNNING>30 (CUNNING>50 if this is a [DQ] mission)": `at` replaces
    /// `elsewhere` where the mission shows the icon.
    MissionIcon {
        icon: String,
        at: Box<Requirement>,
        elsewhere: Box<Requirement>,
    },
    /// A named personnel present.
    Personnel(String),
    /// "any Miles": a personnel identified as that character in its title or
    /// lore — mirror and alternate versions too, never an impersonator
    /// (Glossary "any").
    AnyNamed(String),
    /// "any Intelligence", "any 3 Intelligence": skills of a family, from
    /// skills boxes, in any combination (Glossary "any Intelligence").
    Family {
        family: String,
        count: f32,
    },
    /// "no Honor": no member meets it.
    Absent(Box<Requirement>),
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
    /// "three personnel with Diplomacy", "a personnel with 2 Navigation",
    /// "two leaders with Honor": at least `count` members who each meet
    /// `each` on their own (Glossary "dilemma resolution": "a requirement for
    /// a personnel with 2 Navigation must be met by a single personnel").
    Members {
        count: u32,
        each: Box<Requirement>,
    },
    /// "If nine or fewer personnel", "more than nine personnel": how many
    /// personnel the crew or Away Team has.
    GroupSize {
        cmp: Cmp,
        count: u32,
    },
    /// "ENGINEER>Leadership": how many of one skill the group has, compared
    /// with how many of another.
    SkillsCompared {
        left: String,
        cmp: Cmp,
        right: String,
    },
    /// "with printed INTEGRITY>7": met by the values printed on the card,
    /// or set by a card (treated as printed), not as added to.
    Printed(Box<Requirement>),
    /// "you have at least 50 points": the score of the player whose group
    /// faces it.
    PlayerPoints {
        cmp: Cmp,
        value: i32,
    },
    /// "you began mission attempt with at least six personnel": how many
    /// personnel the player's crew or Away Team began the attempt with (a
    /// fact of the attempt, not of the group facing the dilemma now).
    BeganWith {
        cmp: Cmp,
        count: u32,
    },
    /// "an OFFICER aboard your ship at this location": met by the crew
    /// aboard the ship, not by the Away Team facing the dilemma.
    OnShip(Box<Requirement>),
    /// `non-X`: a member who does not meet `X` ("non-android").
    Not(Box<Requirement>),
    /// "discard one MEDICAL personnel": met by a member the player may
    /// discard to meet it (the discard is the price of solving).
    Discard(Box<Requirement>),
    /// `with "resistance" in lore`: a card whose lore (or, with `title`,
    /// title) has the words.
    Lore {
        words: String,
        title: bool,
    },
    All(Vec<Requirement>),
    Any(Vec<Requirement>),
}

impl Requirement {
    /// A fact of the game this requirement reads that `game` does not hold
    /// (how many personnel began the attempt): whether it is met is unknown.
    pub fn unknown_fact(&self, game: &threshold::GameFacts) -> Option<&'static str> {
        match self {
            Requirement::BeganWith { .. } if game.began_with.is_none() => {
                Some("how many personnel began the mission attempt")
            }
            _ => self.parts().into_iter().find_map(|r| r.unknown_fact(game)),
        }
    }

    /// The requirements this one is made of, each read on the same group:
    /// the one a wrapper holds ("no X", "printed X", "X aboard the ship"
    /// ...), both sides of a `with` or of a mission-icon alternative, the
    /// terms of a join. A `Cards` term's `with` is read on the cards, not on
    /// the group, so it is none of them. Exhaustive, so that a new variant
    /// says where its parts are.
    pub fn parts(&self) -> Vec<&Requirement> {
        match self {
            Requirement::All(v) | Requirement::Any(v) => v.iter().collect(),
            Requirement::With { base, qualifier } => vec![base, qualifier],
            Requirement::MissionIcon { at, elsewhere, .. } => vec![at, elsewhere],
            Requirement::At { req: r, .. }
            | Requirement::FromUpTo { req: r, .. }
            | Requirement::Discard(r)
            | Requirement::Members { each: r, .. }
            | Requirement::Not(r)
            | Requirement::Absent(r)
            | Requirement::OnShip(r)
            | Requirement::Printed(r) => vec![r],
            Requirement::Skill { .. }
            | Requirement::Total { .. }
            | Requirement::Computed { .. }
            | Requirement::Cards { .. }
            | Requirement::Personnel(_)
            | Requirement::AnyNamed(_)
            | Requirement::Family { .. }
            | Requirement::Icon(_)
            | Requirement::GroupSize { .. }
            | Requirement::SkillsCompared { .. }
            | Requirement::PlayerPoints { .. }
            | Requirement::BeganWith { .. }
            | Requirement::Lore { .. } => vec![],
        }
    }
}

impl std::fmt::Display for Requirement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Requirement::Skill { name, count } if *count == 1.0 => write!(f, "{name}"),
            Requirement::Skill { name, count } => write!(f, "{name} x{count}"),
            Requirement::Total { attrs, cmp, value } => {
                let names: Vec<&str> = attrs.iter().map(|a| a.name()).collect();
                match names.as_slice() {
                    [one] => write!(f, "{one}{}{value}", cmp.symbol()),
                    many => write!(f, "({}){}{value}", many.join("+"), cmp.symbol()),
                }
            }
            Requirement::Computed {
                attrs,
                cmp,
                threshold,
            } => {
                let names: Vec<&str> = attrs.iter().map(|a| a.name()).collect();
                write!(f, "{}{}{threshold}", names.join("+"), cmp.symbol())
            }
            Requirement::FromUpTo { count, req } => write!(f, "{req} from up to {count} personnel"),
            Requirement::Cards { kind, count, with } => {
                match count {
                    1 => write!(f, "a {kind}")?,
                    n => write!(f, "{n} {kind}")?,
                }
                match with {
                    Some(w) => write!(f, " with ({w})"),
                    None => Ok(()),
                }
            }
            Requirement::MissionIcon {
                icon,
                at,
                elsewhere,
            } => write!(f, "{elsewhere} ({at} if this is a [{icon}] mission)"),
            Requirement::Personnel(t) => write!(f, "{{{t}}}"),
            Requirement::AnyNamed(n) => write!(f, "any {n}"),
            Requirement::Family { family, count } if *count == 1.0 => write!(f, "any {family}"),
            Requirement::Family { family, count } => write!(f, "any {family} x{count}"),
            Requirement::Absent(r) => write!(f, "no {r}"),
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
            Requirement::Not(r) => write!(f, "non-{r}"),
            Requirement::Discard(r) => write!(f, "discard ({r})"),
            Requirement::Lore {
                words,
                title: false,
            } => write!(f, "\"{words}\" in lore"),
            Requirement::Lore { words, title: true } => {
                write!(f, "\"{words}\" in title or lore")
            }
            Requirement::GroupSize { cmp, count } => write!(f, "personnel{}{count}", cmp.symbol()),
            Requirement::OnShip(r) => write!(f, "({r}) aboard the ship"),
            Requirement::Printed(r) => write!(f, "printed {r}"),
            Requirement::SkillsCompared { left, cmp, right } => {
                write!(f, "{left}{}{right}", cmp.symbol())
            }
            Requirement::PlayerPoints { cmp, value } => {
                write!(f, "your points{}{value}", cmp.symbol())
            }
            Requirement::BeganWith { cmp, count } => {
                write!(f, "began the attempt with personnel{}{count}", cmp.symbol())
            }
            Requirement::Members { count, each } => write!(f, "{count} personnel with ({each})"),
            Requirement::All(v) => join(f, v, " + "),
            Requirement::Any(v) => join(f, v, " OR "),
        }
    }
}

/// A requirement serializes as it prints ("Leadership + Diplomacy x2").
impl serde::Serialize for Requirement {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
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
    /// "OR" (`true`) or "or" (`false`): a capital OR separates alternatives; a
    /// lower-case "or" may close a comma list ("Empathy, Diplomacy or Morn").
    Or(bool),
    /// A comma: a list separator ("Navigation, Physics, and 2 ENGINEER") or
    /// the end of the requirement ("Unless Empathy present, ...").
    Comma,
    /// "a", "an", "any" before a term ("an Admiral", "any Scotty").
    Article(String),
    /// "non-" before a term ("non-android", "non-[Bor]").
    Non,
    /// ":" ("must have: Youth OR Music").
    Colon,
    Cmp(Cmp),
    Num(f32),
    Title(String),
    /// `[Cmd]`: an icon, by the code between the brackets.
    Icon(String),
    /// `"resistance" in lore` (`false`), `"Vulcan" in title or lore` (`true`).
    Lore(String, bool),
    Word(String),
    /// End of a sentence: the requirement stops here.
    Stop,
}

/// Tokens with the char index each starts at.
fn tokenize(text: &str) -> Vec<(usize, Tok)> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Positioned::default();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        out.at = i;
        match c {
            c if c.is_whitespace() => i += 1,
            '(' => (out.push(Tok::Open), i += 1).1,
            ')' => (out.push(Tok::Close), i += 1).1,
            '+' => (out.push(Tok::Plus), i += 1).1,
            '&' => (out.push(Tok::Plus), i += 1).1,
            ',' => (out.push(Tok::Comma), i += 1).1,
            ':' => (out.push(Tok::Colon), i += 1).1,
            '"' if lore_words(&chars[i..]).is_some() => {
                let (words, title, len) = lore_words(&chars[i..]).expect("checked");
                out.push(Tok::Lore(words, title));
                i += len;
            }
            ';' | '.' | '*' | '"' => (out.push(Tok::Stop), i += 1).1,
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
                let w = match w.strip_suffix("-classification") {
                    // "an OFFICER-classification personnel".
                    Some(stem) => stem.to_string(),
                    None => w,
                };
                if w.starts_with("non-") {
                    // "non-android", "non-[Bor]": the prefix, then the term read afresh.
                    out.push(Tok::Non);
                    i = start + 4;
                    continue;
                }
                if w == "least"
                    && out
                        .toks
                        .last()
                        .is_some_and(|(_, t)| *t == Tok::Word("at".into()))
                {
                    // "at least two": the count alone.
                    out.toks.pop();
                    continue;
                }
                if w == "AND" {
                    out.push(Tok::Plus);
                    continue;
                }
                if w == "OR" || w == "or" {
                    out.push(Tok::Or(w == "OR"));
                } else if ["a", "an", "any"].contains(&w.as_str()) {
                    out.push(Tok::Article(w));
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
    out.toks
}

/// `"resistance" in lore`, `"Vulcan" in title or lore` at the start of
/// `chars`: the quoted words, whether the title counts, and the length of
/// the whole phrase.
fn lore_words(chars: &[char]) -> Option<(String, bool, usize)> {
    let close = chars[1..].iter().position(|&c| c == '"')? + 1;
    let words: String = chars[1..close].iter().collect();
    let after: String = chars[close + 1..].iter().take(18).collect();
    [" in lore", " in title or lore"]
        .iter()
        .find(|p| after.starts_with(*p))
        .map(|p| (words, p.contains("title"), close + 1 + p.len()))
}

/// Tokens being collected, each with the char index it starts at.
#[derive(Default)]
struct Positioned {
    toks: Vec<(usize, Tok)>,
    at: usize,
}

impl Positioned {
    fn push(&mut self, t: Tok) {
        self.toks.push((self.at, t));
    }
}

fn is_dotted_abbrev(chars: &[char]) -> bool {
    // "V.I.P." : letters alternate with dots.
    chars.len() >= 4 && chars.iter().filter(|c| **c == '.').count() >= 2
}

fn parse_num(w: &str) -> Option<f32> {
    const WORDS: [&str; 9] = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    ];
    if let Some(n) = WORDS.iter().position(|n| *n == w) {
        return Some(n as f32 + 1.0);
    }
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
    toks: Vec<(usize, Tok)>,
    pos: usize,
    /// Dilemma conditions: every name must be a skill, classification,
    /// affiliation or personnel feature the vocabulary knows, so an unknown
    /// word ends the requirement instead of being read as a skill.
    strict: bool,
    /// Parentheses and qualifiers open around the current token.
    depth: usize,
    /// The text read, to name a term that cannot be read.
    chars: Vec<char>,
    /// The last term read said where it is met ("2 SECURITY present"): a
    /// comma after it ends the requirement instead of continuing a list
    /// ("..., assassin kills one personnel").
    placed: bool,
}

impl Parser {
    /// The text from token `at` to the end of its term (a join, a closing
    /// parenthesis or the end of the sentence): what an error names.
    fn term_at(&self, at: usize) -> String {
        let Some(&(start, _)) = self.toks.get(at) else {
            return String::new();
        };
        let rest: String = self.chars[start..].iter().collect();
        let end = rest
            .find(|c: char| "+)".contains(c) || c == '.')
            .or_else(|| rest.find(" OR "))
            .unwrap_or(rest.len());
        rest[..end].trim().to_string()
    }

    fn peek(&self) -> Option<&Tok> {
        self.tok(self.pos)
    }

    fn tok(&self, at: usize) -> Option<&Tok> {
        self.toks.get(at).map(|(_, t)| t)
    }

    fn expr(&mut self) -> Result<Requirement, RequirementError> {
        self.alternatives(Self::list)
    }

    /// `next` parts joined by "OR"/"or".
    fn alternatives(
        &mut self,
        next: fn(&mut Self) -> Result<Requirement, RequirementError>,
    ) -> Result<Requirement, RequirementError> {
        let mut alts = vec![next(self)?];
        while matches!(self.peek(), Some(Tok::Or(_))) && self.starts_term(self.pos + 1) {
            self.pos += 1;
            alts.push(next(self)?);
        }
        Ok(one_or(alts, Requirement::Any))
    }

    /// Terms joined by "+"/"and", or a written list: "Navigation, Physics,
    /// and 2 ENGINEER" (all of them), "Empathy, Diplomacy, Morn or any
    /// Scotty" (any of them: the lower-case "or" closing the list decides).
    fn list(&mut self) -> Result<Requirement, RequirementError> {
        let mut items = vec![self.conj()?];
        let mut any = false;
        while self.peek() == Some(&Tok::Comma) && !self.placed {
            let save = self.pos;
            self.pos += 1;
            let closing = match self.peek() {
                Some(Tok::Plus) => Some(false),
                Some(Tok::Or(false)) => Some(true),
                _ => None,
            };
            if closing.is_some() {
                self.pos += 1;
            }
            match self.item() {
                Some(r) => items.push(r),
                None => {
                    self.pos = save;
                    break;
                }
            }
            if let Some(or) = closing {
                any = or;
                break;
            }
        }
        if items.len() > 1 && self.peek() == Some(&Tok::Or(false)) {
            let save = self.pos;
            self.pos += 1;
            match self.item() {
                Some(r) => {
                    items.push(r);
                    any = true;
                }
                None => self.pos = save,
            }
        }
        Ok(if any {
            one_or(items, Requirement::Any)
        } else {
            one_or(flatten_all(items), Requirement::All)
        })
    }

    /// One more item of a list, or `None` (position unchanged by the caller)
    /// when what follows the comma is not a requirement.
    fn item(&mut self) -> Option<Requirement> {
        // "..., discard one personnel": after a comma, a discard is the
        // effect that follows the requirement.
        let discard =
            matches!(self.peek(), Some(Tok::Word(w)) if w.eq_ignore_ascii_case("discard"));
        if discard || !self.starts_term(self.pos) {
            return None;
        }
        self.conj().ok()
    }

    fn conj(&mut self) -> Result<Requirement, RequirementError> {
        let mut all = vec![self.term()?];
        while self.peek() == Some(&Tok::Plus) && self.starts_term(self.pos + 1) {
            self.pos += 1;
            all.push(self.term()?);
        }
        Ok(one_or(all, Requirement::All))
    }

    fn starts_term(&self, at: usize) -> bool {
        match self.tok(at) {
            Some(Tok::Open | Tok::Title(_) | Tok::Num(_) | Tok::Icon(_) | Tok::Lore(..)) => true,
            Some(Tok::Word(w)) if w.eq_ignore_ascii_case("discard") => self.starts_term(at + 1),
            // "printed INTEGRITY>7"
            Some(Tok::Word(w)) if RequirementWords::is(&words().printed, w) => {
                matches!(self.tok(at + 1), Some(Tok::Word(a)) if Attribute::parse(a).is_some())
            }
            Some(Tok::Article(a)) => {
                self.starts_term(at + 1)
                    || self.member_noun_at(at + 1)
                    || (a == "any"
                        && matches!(self.tok(at + 1), Some(Tok::Word(w)) if w.starts_with(|c: char| c.is_uppercase())))
            }
            Some(Tok::Non) => self.starts_term(at + 1),
            Some(Tok::Word(w)) if w == "no" => self.starts_term(at + 1),
            Some(Tok::Word(w)) if w == "more" => {
                matches!(self.tok(at + 1), Some(Tok::Word(t)) if t == "than")
            }
            Some(Tok::Word(w)) if self.strict => {
                Attribute::parse(w).is_some()
                    || self.known_name_at(at).is_some()
                    || self.card_kind_at(at).is_some()
                    || self.opens_total(at)
            }
            Some(Tok::Word(w)) => {
                w.starts_with(|c: char| c.is_uppercase())
                    || self.known_name_at(at).is_some()
                    || self.card_kind_at(at).is_some()
                    || self.opens_total(at)
            }
            _ => false,
        }
    }

    /// "total CUNNING", "combined STRENGTH", "exactly 50 CUNNING", "exactly
    /// 7 personnel": words that open a total or a count.
    fn opens_total(&self, at: usize) -> bool {
        let word = |k: usize| match self.tok(at + k) {
            Some(Tok::Word(w)) => Some(w.to_lowercase()),
            _ => None,
        };
        match word(0).as_deref() {
            Some(w) if RequirementWords::is(&words().totals, w) => {
                word(1).is_some_and(|w| is_attribute_word(&w))
            }
            Some("exactly") => matches!(self.tok(at + 1), Some(Tok::Num(_))),
            _ => false,
        }
    }

    /// A term and the qualifiers written after it: `with …`, `(at [P])`.
    fn term(&mut self) -> Result<Requirement, RequirementError> {
        let mut req = self.bare_term()?;
        // "an OFFICER personnel", "[Maq] personnel".
        self.skip_word("personnel");
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
            } else if let Some((icon, at)) = self.mission_variant() {
                req = Requirement::MissionIcon {
                    icon,
                    at: Box::new(at),
                    elsewhere: Box::new(req),
                };
            } else if let Some(count) = self.up_to_members() {
                req = Requirement::FromUpTo {
                    count,
                    req: Box::new(req),
                };
            } else if let Some(alt) = self.parenthetical_alternative() {
                req = Requirement::Any(vec![req, alt?]);
            } else {
                return Ok(self.placed(req));
            }
        }
        Err(Self::too_deep())
    }

    fn too_deep() -> RequirementError {
        RequirementError(format!(
            "nested more than {MAX_NESTING} deep (parentheses and qualifiers)"
        ))
    }

    /// "(CUNNING>50 if this is a [DQ] mission)", "(or CUNNING>40 if this is
    /// a [DQ] mission)": the term that replaces the one before it where the
    /// mission shows an icon; the icon's code and the term.
    fn mission_variant(&mut self) -> Option<(String, Requirement)> {
        if self.peek() != Some(&Tok::Open) || self.depth == MAX_NESTING {
            return None;
        }
        let save = self.pos;
        self.pos += 1;
        if self.peek() == Some(&Tok::Or(false)) {
            self.pos += 1;
        }
        self.depth += 1;
        let term = self.bare_term();
        self.depth -= 1;
        let word_at =
            |k: usize, w: &str| matches!(self.tok(self.pos + k), Some(Tok::Word(x)) if x == w);
        let shape =
            word_at(0, "if") && word_at(1, "this") && word_at(2, "is") && word_at(5, "mission");
        let read = match (
            term,
            self.tok(self.pos + 4).cloned(),
            self.tok(self.pos + 6),
        ) {
            (Ok(t), Some(Tok::Icon(code)), Some(Tok::Close)) if shape => Some((code, t)),
            _ => None,
        };
        let Some((code, t)) = read else {
            self.pos = save;
            return None;
        };
        self.pos += 7;
        let icons = &crate::vocab::vocabulary().icons;
        Some((icons.canonical(&code).unwrap_or(&code).to_string(), t))
    }

    /// "from up to four personnel": the count of members the term before
    /// it may draw on.
    fn up_to_members(&mut self) -> Option<u32> {
        let word_at =
            |k: usize, w: &str| matches!(self.tok(self.pos + k), Some(Tok::Word(x)) if x == w);
        let shape = word_at(0, "from") && word_at(1, "up") && word_at(2, "to");
        let Some(Tok::Num(n)) = self.tok(self.pos + 3).cloned() else {
            return None;
        };
        if !shape {
            return None;
        }
        self.pos += 4;
        self.skip_member_nouns();
        Some(n as u32)
    }

    /// "Leadership (or [Com] and [Def] icons)": an alternative in parentheses.
    fn parenthetical_alternative(&mut self) -> Option<Result<Requirement, RequirementError>> {
        if self.peek() != Some(&Tok::Open) || self.tok(self.pos + 1) != Some(&Tok::Or(false)) {
            return None;
        }
        if self.depth == MAX_NESTING {
            return Some(Err(Self::too_deep()));
        }
        let save = self.pos;
        self.pos += 2;
        self.depth += 1;
        let alt = self.expr();
        self.depth -= 1;
        if alt.is_err() || self.peek() != Some(&Tok::Close) {
            self.pos = save;
            return None;
        }
        self.pos += 1;
        Some(alt)
    }

    /// The words after a term that say where it is met: "present", "must be
    /// present", "in Away Team" (the group itself), "aboard your ship at this
    /// location" (the crew aboard the ship).
    fn placed(&mut self, req: Requirement) -> Requirement {
        let before = self.pos;
        self.skip_phrase(&["must", "be", "present"]);
        self.skip_word("present");
        // "any personnel remaining", "3 OFFICER with STRENGTH>5 each".
        self.skip_word("remaining");
        self.skip_word("each");
        self.skip_phrase(&["in", "crew", "or", "Away", "Team"]);
        self.skip_phrase(&["in", "Away", "Team"]);
        // "exactly 50 CUNNING from all Away Team members": the whole group.
        if self.skip_phrase(&["from", "all"]) {
            self.skip_member_nouns();
        }
        let aboard = self.skip_phrase(&["aboard", "your", "ship"])
            || self.skip_phrase(&["on", "your", "staffed", "ship"])
            || self.skip_phrase(&["on", "your", "ship"]);
        if aboard {
            self.skip_phrase(&["at", "this", "location"]);
            self.skip_phrase(&["in", "orbit"]);
        }
        self.placed = self.pos > before;
        if aboard {
            return Requirement::OnShip(Box::new(req));
        }
        req
    }

    fn skip_phrase(&mut self, words: &[&str]) -> bool {
        let matches = words.iter().enumerate().all(|(k, w)| {
            matches!(self.tok(self.pos + k), Some(Tok::Word(t)) if t.eq_ignore_ascii_case(w))
        });
        if matches {
            self.pos += words.len();
        }
        matches
    }

    /// `(at [P])` / `(at [S])` after a term.
    fn setting_qualifier(&mut self) -> Option<Setting> {
        let at = self.pos;
        let is_at = matches!(self.tok(at + 1), Some(Tok::Word(w)) if w.eq_ignore_ascii_case("at"));
        match (self.tok(at), is_at, self.tok(at + 2), self.tok(at + 3)) {
            (Some(Tok::Open), true, Some(Tok::Icon(code)), Some(Tok::Close)) => {
                let setting = Setting::from_icon(code)?;
                self.pos += 4;
                Some(setting)
            }
            // "CUNNING>45 at [S]": without parentheses.
            (Some(Tok::Word(w)), _, _, _) if w.eq_ignore_ascii_case("at") => {
                let Some(Tok::Icon(code)) = self.tok(at + 1) else {
                    return None;
                };
                let setting = Setting::from_icon(code)?;
                self.pos += 2;
                Some(setting)
            }
            _ => None,
        }
    }

    /// What follows `with`: single terms joined by `or` ("[Cmd] or [Stf]"),
    /// each met by one personnel.
    fn qualifier(&mut self) -> Result<Requirement, RequirementError> {
        self.alternatives(Self::bare_term)
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
                    Err(RequirementError(format!(
                        "cannot read the requirement term `{}` before a `)`",
                        self.term_at(self.pos)
                    )))
                }
            }
            Some(Tok::Title(t)) => {
                self.pos += 1;
                Ok(Requirement::Personnel(t))
            }
            Some(Tok::Lore(words, title)) => {
                self.pos += 1;
                Ok(Requirement::Lore { words, title })
            }
            Some(Tok::Word(w)) if w.eq_ignore_ascii_case("discard") => {
                self.pos += 1;
                Ok(Requirement::Discard(Box::new(self.bare_term()?)))
            }
            Some(Tok::Icon(code)) => {
                self.pos += 1;
                let canonical = crate::vocab::vocabulary()
                    .icons
                    .canonical(&code)
                    .unwrap_or(&code)
                    .to_string();
                let icon = Requirement::Icon(canonical);
                self.skip_word("icons");
                self.skip_word("icon");
                // "[Def] drone", "[Def] Borg": one personnel with the icon and the feature.
                if matches!(self.peek(), Some(Tok::Word(_))) && self.starts_term(self.pos) {
                    let feature = self.bare_term()?;
                    return Ok(Requirement::Members {
                        count: 1,
                        each: Box::new(Requirement::All(vec![icon, feature])),
                    });
                }
                Ok(icon)
            }
            Some(Tok::Article(a)) => {
                self.pos += 1;
                self.after_article(&a)
            }
            Some(Tok::Non) => {
                self.pos += 1;
                Ok(Requirement::Not(Box::new(self.bare_term()?)))
            }
            Some(Tok::Num(n)) => {
                if let Some(range) = self.between(n) {
                    return Ok(range);
                }
                if let Some(points) = self.player_points() {
                    return Ok(points);
                }
                self.pos += 1;
                self.counted(n)
            }
            Some(Tok::Word(w)) if w == "no" && self.starts_term(self.pos + 1) => {
                self.pos += 1;
                Ok(Requirement::Absent(Box::new(self.bare_term()?)))
            }
            Some(Tok::Word(w)) => {
                if let Some(total) = self.total().or_else(|| self.exactly()) {
                    return Ok(total);
                }
                if let Some((kind, len)) = self.card_kind_at(self.pos) {
                    self.pos += len;
                    return Ok(self.cards_of(kind));
                }
                if let Some(size) = self.more_than() {
                    return Ok(size);
                }
                if let Some(points) = self.player_points() {
                    return Ok(points);
                }
                if let Some(began) = self.began_with()? {
                    return Ok(began);
                }
                let name = self
                    .skill_name()
                    .ok_or_else(|| RequirementError(format!("`{w}` is not a skill")))?;
                if let Some(compared) = self.skills_compared(&name) {
                    return Ok(compared);
                }
                Ok(Requirement::Skill {
                    name,
                    count: self.multiplier(),
                })
            }
            other => Err(RequirementError(format!(
                "expected a skill, an attribute total or {{Title}}, found {other:?}"
            ))),
        }
    }

    /// What follows a count: "2 Computer Skill" (a skill twice), "three
    /// personnel with Diplomacy", "two female Away Team members", "4 [Def]
    /// drones" (that many members, each meeting the features).
    fn counted(&mut self, n: f32) -> Result<Requirement, RequirementError> {
        if let Some(size) = self.or_fewer(n) {
            return Ok(size);
        }
        let mut quals = Vec::new();
        while !self.at_member_noun()
            && self.peek() != Some(&Tok::Open)
            && self.starts_term(self.pos)
            && quals.len() < 3
        {
            // a word that is no feature of the members ends them ("3 {[AU]
            // Personnel} Once per game, ...": the game text after them)
            let save = self.pos;
            match self.bare_term() {
                Ok(q) => quals.push(q),
                Err(_) if !quals.is_empty() => {
                    self.pos = save;
                    break;
                }
                Err(e) => return Err(e),
            }
        }
        let noun = self.skip_member_nouns();
        let with = self.skip_relative();
        if with {
            // "must have: Youth OR Music OR STRENGTH>9": the colon gives the
            // member the whole list of alternatives.
            let colon = self.tok(self.pos - 1) == Some(&Tok::Colon);
            quals.push(if colon { self.expr()? } else { self.conj()? });
        }
        match (noun || with, quals.as_slice()) {
            (false, [Requirement::Skill { name, count }]) => Ok(Requirement::Skill {
                name: name.clone(),
                count: n * count,
            }),
            (false, [Requirement::Cards { kind, with, .. }]) => Ok(Requirement::Cards {
                kind: kind.clone(),
                count: n as u32,
                with: with.clone(),
            }),
            // "any personnel remaining", "at least six personnel": a count of
            // anyone, unless a selection follows ("one personnel (random
            // selection)": a selection, not a requirement).
            (true, []) if !with && self.count_ends() => Ok(Requirement::GroupSize {
                cmp: Cmp::Ge,
                count: n as u32,
            }),
            // "one personnel (random selection)": a count of anyone is a
            // selection, not a requirement.
            (_, []) => Err(RequirementError(format!(
                "a number {n} is not followed by a skill: cannot read `{}`",
                self.term_at(self.pos - 1)
            ))),
            _ => {
                // "2 [Def] Borg": two personnel, each with the icon and the feature.
                let each = match quals.as_slice() {
                    [Requirement::Members { count: 1, each }] => each.as_ref().clone(),
                    _ => one_or(flatten_all(quals), Requirement::All),
                };
                Ok(Requirement::Members {
                    count: n as u32,
                    each: Box::new(each),
                })
            }
        }
    }

    /// "nine or fewer personnel", "two or more personnel".
    fn or_fewer(&mut self, n: f32) -> Option<Requirement> {
        let cmp = match (self.peek(), self.tok(self.pos + 1)) {
            (Some(Tok::Or(false)), Some(Tok::Word(w))) if w == "fewer" || w == "less" => Cmp::Le,
            (Some(Tok::Or(false)), Some(Tok::Word(w))) if w == "more" => Cmp::Ge,
            _ => return None,
        };
        self.pos += 2;
        self.skip_member_nouns();
        Some(Requirement::GroupSize {
            cmp,
            count: n as u32,
        })
    }

    /// A count of personnel is a requirement where the term ends after it
    /// (past the place words); a parenthesis names how they are selected
    /// and a verb what befalls them ("one personnel (random selection)",
    /// "one Away Team member is killed"): a selection, not a requirement.
    fn count_ends(&self) -> bool {
        let places = ["present", "remaining", "aboard"];
        let mut at = self.pos;
        while matches!(self.tok(at), Some(Tok::Word(w)) if places.contains(&w.as_str())) {
            at += 1;
        }
        matches!(
            self.tok(at),
            None | Some(Tok::Stop | Tok::Plus | Tok::Or(_) | Tok::Close | Tok::Comma)
        )
    }

    fn at_member_noun(&self) -> bool {
        self.member_noun_at(self.pos)
    }

    fn member_noun_at(&self, at: usize) -> bool {
        const NOUNS: [&str; 7] = [
            "personnel",
            "member",
            "members",
            "crew",
            "away",
            "team",
            "people",
        ];
        matches!(self.tok(at), Some(Tok::Word(w)) if NOUNS.contains(&w.to_lowercase().as_str()))
    }

    fn skip_member_nouns(&mut self) -> bool {
        let mut any = false;
        while self.at_member_noun() {
            self.pos += 1;
            any = true;
        }
        any
    }

    /// "with", "who has", "who have", "present has": the features each member has.
    fn skip_relative(&mut self) -> bool {
        let start = self.pos;
        for w in ["with", "who", "present", "must", "each", "has", "have"] {
            self.skip_word(w);
        }
        let colon = self.peek() == Some(&Tok::Colon);
        if colon {
            self.pos += 1;
        }
        let read = &self.toks[start..self.pos];
        let relative = read.iter().any(
            |(_, t)| matches!(t, Tok::Word(w) if ["with", "has", "have"].contains(&w.as_str())),
        );
        if !relative || !self.starts_term(self.pos) {
            self.pos = start;
            return false;
        }
        true
    }

    /// "ENGINEER>Leadership": a skill compared with another skill.
    fn skills_compared(&mut self, left: &str) -> Option<Requirement> {
        let Some(Tok::Cmp(cmp)) = self.peek().cloned() else {
            return None;
        };
        let save = self.pos;
        self.pos += 1;
        match self.skill_name() {
            Some(right) => Some(Requirement::SkillsCompared {
                left: left.to_string(),
                cmp,
                right,
            }),
            None => {
                self.pos = save;
                None
            }
        }
    }

    /// "you have at least 50 points" ("at least" is read with the count):
    /// the score of the player whose group faces the dilemma (the lexicon's
    /// `player_points` words open it).
    fn player_points(&mut self) -> Option<Requirement> {
        let lexicon = crate::engine::abilities::lexicon::Lexicon::get();
        let start = self.pos;
        let opened = lexicon
            .player_points
            .iter()
            .any(|phrase| self.skip_phrase(&phrase.split_whitespace().collect::<Vec<_>>()));
        let n = match (opened, self.tok(self.pos).cloned(), self.tok(self.pos + 1)) {
            (true, Some(Tok::Num(n)), Some(Tok::Word(p)))
                if RequirementWords::is(&words().points, p) =>
            {
                n
            }
            _ => {
                self.pos = start;
                return None;
            }
        };
        self.pos += 2;
        Some(Requirement::PlayerPoints {
            cmp: Cmp::Ge,
            value: n as i32,
        })
    }

    /// "you began mission attempt with at least six personnel" (the
    /// lexicon's `began_with` words open it): the count of the group as it
    /// began the attempt. The words open it or the term is no such count.
    fn began_with(&mut self) -> Result<Option<Requirement>, RequirementError> {
        let lexicon = crate::engine::abilities::lexicon::Lexicon::get();
        let opened = lexicon
            .began_with
            .iter()
            .any(|phrase| self.skip_phrase(&phrase.split_whitespace().collect::<Vec<_>>()));
        if !opened {
            return Ok(None);
        }
        match self.bare_term()? {
            Requirement::GroupSize { cmp, count } => {
                Ok(Some(Requirement::BeganWith { cmp, count }))
            }
            other => Err(RequirementError(format!(
                "`{other}` is no count of personnel the attempt began with"
            ))),
        }
    }

    /// "more than nine personnel".
    fn more_than(&mut self) -> Option<Requirement> {
        let (Some(Tok::Word(m)), Some(Tok::Word(t)), Some(Tok::Num(n))) = (
            self.peek(),
            self.tok(self.pos + 1),
            self.tok(self.pos + 2).cloned(),
        ) else {
            return None;
        };
        if m != "more" || t != "than" {
            return None;
        }
        self.pos += 3;
        self.skip_member_nouns();
        Some(Requirement::GroupSize {
            cmp: Cmp::Gt,
            count: n as u32,
        })
    }

    /// `INTEGRITY>32`, "total CUNNING + STRENGTH>68", "their combined
    /// STRENGTH>16", "total attributes > 63" (all three added).
    fn total(&mut self) -> Option<Requirement> {
        if matches!(self.peek(), Some(Tok::Word(w)) if RequirementWords::is(&words().printed, w)) {
            let save = self.pos;
            self.pos += 1;
            return match self.total() {
                Some(t) => Some(Requirement::Printed(Box::new(t))),
                None => {
                    self.pos = save;
                    None
                }
            };
        }
        let save = self.pos;
        while matches!(self.peek(), Some(Tok::Word(w)) if RequirementWords::is(&words().totals, w))
        {
            self.pos += 1;
        }
        let attrs = self.attributes();
        match (self.peek().cloned(), self.tok(self.pos + 1).cloned()) {
            (Some(Tok::Cmp(cmp)), Some(Tok::Num(n))) if !attrs.is_empty() => {
                self.pos += 2;
                Some(Requirement::Total {
                    attrs,
                    cmp,
                    value: n as i32,
                })
            }
            (Some(Tok::Cmp(cmp)), _) if !attrs.is_empty() => {
                self.pos += 1;
                self.computed(attrs, cmp).or_else(|| {
                    self.pos = save;
                    None
                })
            }
            _ => {
                self.pos = save;
                None
            }
        }
    }

    /// A threshold computed from the game after the comparison:
    /// "(50+10X), where X = number of other missions in this region"
    /// (`threshold`); the quantity must be one the lexicon names.
    fn computed(&mut self, attrs: Vec<Attribute>, cmp: Cmp) -> Option<Requirement> {
        let ahead: Vec<Tok> = (self.pos..self.pos + 5)
            .filter_map(|k| self.tok(k).cloned())
            .collect();
        let (base, per, len) = threshold::formula(&ahead)?;
        let from = self.toks.get(self.pos + len).map(|&(at, _)| at)?;
        let rest: String = self.chars[from..].iter().collect();
        let (quantity, used) = threshold::where_clause(&rest)?;
        let end = from + rest[..used].chars().count();
        self.pos = (self.pos..self.toks.len())
            .find(|&k| self.toks[k].0 >= end)
            .unwrap_or(self.toks.len());
        Some(Requirement::Computed {
            attrs,
            cmp,
            threshold: threshold::Threshold {
                base,
                per,
                quantity,
            },
        })
    }

    /// Attribute names joined by "+" ("CUNNING + STRENGTH"), or
    /// "attributes" for all three.
    fn attributes(&mut self) -> Vec<Attribute> {
        let mut attrs = Vec::new();
        while let Some(Tok::Word(w)) = self.peek().cloned() {
            if w.eq_ignore_ascii_case("attributes") {
                attrs.extend(ALL_ATTRIBUTES);
            } else if let Some(a) = Attribute::parse(&w) {
                attrs.push(a);
            } else {
                break;
            }
            self.pos += 1;
            let more = matches!(self.tok(self.pos + 1), Some(Tok::Word(w)) if is_attribute_word(w));
            if self.peek() != Some(&Tok::Plus) || !more {
                break;
            }
            self.pos += 1;
        }
        attrs
    }

    /// "22 < STRENGTH < 55": a total between two bounds.
    fn between(&mut self, low: f32) -> Option<Requirement> {
        let (Some(Tok::Cmp(c1)), Some(Tok::Word(w)), Some(Tok::Cmp(c2)), Some(Tok::Num(high))) = (
            self.tok(self.pos + 1).cloned(),
            self.tok(self.pos + 2).cloned(),
            self.tok(self.pos + 3).cloned(),
            self.tok(self.pos + 4).cloned(),
        ) else {
            return None;
        };
        let attr = Attribute::parse(&w)?;
        self.pos += 5;
        let total = |cmp, value: f32| Requirement::Total {
            attrs: vec![attr],
            cmp,
            value: value as i32,
        };
        Some(Requirement::All(vec![
            total(c1.flipped(), low),
            total(c2, high),
        ]))
    }

    /// "exactly 50 CUNNING", "exactly 7 personnel".
    fn exactly(&mut self) -> Option<Requirement> {
        if !matches!(self.peek(), Some(Tok::Word(w)) if w == "exactly") {
            return None;
        }
        let Some(Tok::Num(n)) = self.tok(self.pos + 1).cloned() else {
            return None;
        };
        let save = self.pos;
        self.pos += 2;
        let attrs = self.attributes();
        if !attrs.is_empty() {
            return Some(Requirement::Total {
                attrs,
                cmp: Cmp::Eq,
                value: n as i32,
            });
        }
        if self.skip_member_nouns() {
            return Some(Requirement::GroupSize {
                cmp: Cmp::Eq,
                count: n as u32,
            });
        }
        self.pos = save;
        None
    }

    /// `x2` after a skill (1 when absent).
    fn multiplier(&mut self) -> f32 {
        match (self.peek().cloned(), self.tok(self.pos + 1).cloned()) {
            (Some(Tok::Word(x)), Some(Tok::Num(n))) if x == "x" => {
                self.pos += 2;
                n
            }
            // "x2" tokenizes as a number.
            (Some(Tok::Num(n)), _) => {
                self.pos += 1;
                n
            }
            _ => 1.0,
        }
    }

    /// "an Admiral" is a classification or feature; "any Scotty" names any
    /// personnel of that name unless it is a skill ("any Intelligence").
    fn after_article(&mut self, article: &str) -> Result<Requirement, RequirementError> {
        // "a personnel with 2 Navigation", "a female ENGINEER", "any Orion
        // Syndicate personnel": one member with every feature named.
        if self.at_member_noun() {
            return self.counted(1.0);
        }
        let known = self.known_name_at(self.pos).is_some();
        if article == "any" {
            if let Some(family) = self.family() {
                return Ok(family);
            }
            if let Some(Tok::Word(w)) = self.peek().cloned() {
                if w.starts_with(|c: char| c.is_uppercase()) && !known {
                    self.pos += 1;
                    return Ok(Requirement::AnyNamed(w));
                }
            }
        }
        if known {
            return self.counted(1.0);
        }
        self.bare_term()
    }

    /// "any Intelligence", "any 3 Intelligence", "any Intelligence x2": the
    /// family name of `glossary/skills.toml`, with a count before or after.
    fn family(&mut self) -> Option<Requirement> {
        let family = &crate::vocab::vocabulary().skills.intelligence.family;
        let save = self.pos;
        let before = match self.peek() {
            Some(Tok::Num(n)) => {
                let n = *n;
                self.pos += 1;
                n
            }
            _ => 1.0,
        };
        if !matches!(self.peek(), Some(Tok::Word(w)) if w.eq_ignore_ascii_case(family)) {
            self.pos = save;
            return None;
        }
        self.pos += 1;
        let count = before * self.multiplier();
        Some(Requirement::Family {
            family: family.clone(),
            count,
        })
    }

    fn skip_word(&mut self, word: &str) {
        if matches!(self.peek(), Some(Tok::Word(w)) if w.eq_ignore_ascii_case(word)) {
            self.pos += 1;
        }
    }

    /// A skill name: one all-caps word, or a run of capitalised words that
    /// stops before a word that starts a sentence (followed by a lowercase
    /// word); a personnel feature ("android", "females"). Strict parsing
    /// accepts only names the vocabulary knows.
    fn skill_name(&mut self) -> Option<String> {
        let Some(Tok::Word(first)) = self.peek().cloned() else {
            return None;
        };
        if self.strict {
            return self.known_skill_name();
        }
        // the longest name the vocabulary knows ("Klingon Intelligence";
        // "Geology" in "Geology Each {Seismic Quake} here ...": the game text
        // after it is no skill)
        if let Some((name, len)) = self.known_name_at(self.pos) {
            self.pos += len;
            return Some(name);
        }
        if !first.starts_with(|c: char| c.is_uppercase()) {
            return None;
        }
        // a word the vocabulary does not know is a species or other
        // characteristic only where a term ends ("Pakled)", "Vedek +"); before
        // more words it opens a sentence ("No opposing ships", "Landed ship")
        let ends = matches!(
            self.tok(self.pos + 1),
            None | Some(Tok::Stop | Tok::Close | Tok::Plus | Tok::Or(_) | Tok::Comma | Tok::Num(_))
        ) || matches!(self.tok(self.pos + 1), Some(Tok::Word(w)) if ["x", "present", "personnel", "with"].contains(&w.as_str()));
        if !ends && !is_caps(&first) && !self.continues_name() {
            return None;
        }
        self.pos += 1;
        if is_caps(&first) {
            return Some(first);
        }
        let mut name = first;
        while let Some(Tok::Word(next)) = self.peek().cloned() {
            let capital = next.starts_with(|c: char| c.is_uppercase()) && !is_caps(&next);
            let sentence_start = matches!(self.tok(self.pos + 1), Some(Tok::Word(w)) if w.starts_with(|c: char| c.is_lowercase()) && w != "x");
            if !capital || sentence_start || Attribute::parse(&next).is_some() {
                break;
            }
            name.push(' ');
            name.push_str(&next);
            self.pos += 1;
        }
        Some(name)
    }

    /// A capitalised word follows that would join the name read here (a
    /// multi-word name the vocabulary does not know, such as "Think Tank":
    /// read whole, then refused by name).
    fn continues_name(&self) -> bool {
        matches!(self.tok(self.pos + 1), Some(Tok::Word(w)) if w.starts_with(char::is_uppercase) && !is_caps(w))
    }

    /// The longest known name starting here (three words, two, then one).
    fn known_skill_name(&mut self) -> Option<String> {
        let (n, len) = self.known_name_at(self.pos)?;
        self.pos += len;
        self.skip_word("classification");
        Some(n)
    }

    /// Cards of a kind, and what each must have ("artifact with \"Vulcan\"
    /// in title or lore"); the word "card(s)" after the kind is left out.
    fn cards_of(&mut self, kind: String) -> Requirement {
        self.skip_word("card");
        self.skip_word("cards");
        let with = matches!(self.peek(), Some(Tok::Word(w)) if w == "with")
            && self.starts_term(self.pos + 1);
        let with = with.then(|| {
            self.pos += 1;
            let save = self.pos;
            self.bare_term().map_err(|_| self.pos = save).ok()
        });
        Requirement::Cards {
            kind,
            count: 1,
            with: with.flatten().map(Box::new),
        }
    }

    /// A kind of card other than personnel the lexicon names ("hand
    /// weapon", "Cloaking Device"), singular or plural, with its length.
    fn card_kind_at(&self, at: usize) -> Option<(String, usize)> {
        let kinds = &crate::engine::abilities::lexicon::Lexicon::get().card_kinds;
        (1..=2).rev().find_map(|len| {
            let words: Vec<&str> = (0..len)
                .map_while(|k| match self.tok(at + k) {
                    Some(Tok::Word(w)) => Some(w.as_str()),
                    _ => None,
                })
                .collect();
            let written = words.join(" ");
            let singular = written.strip_suffix('s').unwrap_or(&written);
            let kind = kinds
                .iter()
                .find(|k| k.eq_ignore_ascii_case(&written) || k.eq_ignore_ascii_case(singular));
            kind.filter(|_| words.len() == len)
                .map(|k| (k.clone(), len))
        })
    }

    /// The longest known name (a multi-word skill such as "Stellar
    /// Cartography" or "High Council Leader") at token `at`, with its length.
    fn known_name_at(&self, at: usize) -> Option<(String, usize)> {
        (1..=3).rev().find_map(|len| {
            // a number may be part of a name ("Section 31"), never its start
            let words: Vec<String> = (0..len)
                .map_while(|k| match self.tok(at + k) {
                    Some(Tok::Word(w)) => Some(w.clone()),
                    Some(Tok::Num(n)) if k > 0 && n.fract() == 0.0 => Some(format!("{n}")),
                    _ => None,
                })
                .collect();
            (words.len() == len)
                .then(|| known_name(&words.join(" ")))
                .flatten()
                .map(|n| (n, len))
        })
    }
}

const ALL_ATTRIBUTES: [Attribute; 3] = [
    Attribute::Integrity,
    Attribute::Cunning,
    Attribute::Strength,
];

fn is_attribute_word(w: &str) -> bool {
    w.eq_ignore_ascii_case("attributes") || Attribute::parse(w).is_some()
}

/// One requirement, or several joined.
fn one_or(mut v: Vec<Requirement>, join: fn(Vec<Requirement>) -> Requirement) -> Requirement {
    if v.len() == 1 {
        v.pop().expect("one")
    } else {
        join(v)
    }
}

/// `A + (B + C)` read from a list is `A + B + C`.
fn flatten_all(items: Vec<Requirement>) -> Vec<Requirement> {
    items
        .into_iter()
        .flat_map(|r| match r {
            Requirement::All(v) => v,
            r => vec![r],
        })
        .collect()
}

/// A personnel feature of the lexicon ("android", "females" → "android",
/// "female"), in its listed spelling.
fn feature(word: &str) -> Option<String> {
    let features = &crate::engine::abilities::lexicon::Lexicon::get().personnel_features;
    let w = word.to_lowercase();
    let singular = w
        .strip_suffix("(s)")
        .or_else(|| w.strip_suffix('s'))
        .unwrap_or(&w);
    features
        .iter()
        .find(|f| f.eq_ignore_ascii_case(&w) || f.eq_ignore_ascii_case(singular))
        .cloned()
}

/// A name the vocabulary knows: a skill or classification (canonical
/// spelling), an affiliation, or a personnel feature.
fn known_name(word: &str) -> Option<String> {
    let v = crate::vocab::vocabulary();
    let known = |w: &str| {
        v.skills
            .canonical(w)
            .or_else(|| v.affiliations.canonical(w).map(str::to_string))
    };
    known(word)
        .or_else(|| feature(word))
        .or_else(|| word.strip_suffix('s').and_then(known))
}

fn is_caps(w: &str) -> bool {
    w.chars().any(|c| c.is_alphabetic()) && !w.chars().any(|c| c.is_lowercase())
}

/// Parse a requirement expression; the rest of a card's game text after a
/// complete expression is left alone. A term that cannot be read is an error
/// naming it, never dropped: a join ("+", "OR", ",") with no readable term
/// after it, or a name that is no skill, classification, affiliation,
/// species or feature.
pub fn parse(text: &str) -> Result<Requirement, RequirementError> {
    let (req, rest) = parse_leading(text, false)?;
    if let Some(term) = dangling(rest) {
        return Err(RequirementError(format!(
            "cannot read the requirement term `{term}` after {req}"
        )));
    }
    match unknown_name(&req) {
        Some(name) => Err(RequirementError(format!(
            "`{name}` is no skill, classification, affiliation, species or personnel feature"
        ))),
        None => Ok(req),
    }
}

/// The term after a join the parser stopped at ("+ Frobnication x2").
fn dangling(rest: &str) -> Option<&str> {
    let joined = ["+", "&", "OR ", "AND ", ","]
        .iter()
        .find_map(|j| rest.trim_start().strip_prefix(j))?;
    let term = joined.trim();
    let end = term.find(['+', '.', ';']).unwrap_or(term.len());
    Some(term[..end].trim()).filter(|t| !t.is_empty())
}

/// The first name of a requirement the vocabulary does not know.
fn unknown_name(req: &Requirement) -> Option<String> {
    match req {
        Requirement::Skill { name, .. } => (!is_known(name)).then(|| name.clone()),
        _ => req.parts().into_iter().find_map(unknown_name),
    }
}

/// A skill, classification, affiliation or personnel feature, or one word
/// naming a species or other characteristic ("Pakled", "Vedek": a personnel
/// meets it by its characteristics); a run of words the vocabulary does not
/// know ("Think Tank", "Quantum Slipstream") is not read.
fn is_known(name: &str) -> bool {
    known_name(name).is_some() || !name.contains(' ')
}

/// Parse the requirement at the start of `text`, returning it and the text
/// after it (from the first token it could not read). With `strict`, only
/// names the vocabulary knows are read ([`parse_conditions`]).
pub fn parse_leading(text: &str, strict: bool) -> Result<(Requirement, &str), RequirementError> {
    let toks = tokenize(text);
    if toks.is_empty() {
        return Err(RequirementError("empty requirement".into()));
    }
    let mut p = Parser {
        toks,
        pos: 0,
        strict,
        depth: 0,
        chars: text.chars().collect(),
        placed: false,
    };
    let req = p.expr()?;
    let rest = match p.toks.get(p.pos) {
        Some((at, _)) => {
            let byte = text.char_indices().nth(*at).map_or(text.len(), |(b, _)| b);
            &text[byte..]
        }
        None => "",
    };
    Ok((req, rest))
}

/// Dilemma conditions, nullifiers and cures: the whole of `text` must be a
/// requirement, save for the words after it that say where it must be met
/// (`trailing`, e.g. "present", "aboard"). Anything else left over is an
/// error naming it, never silently dropped.
pub fn parse_conditions(text: &str, trailing: &[String]) -> Result<Requirement, RequirementError> {
    let (req, rest) = parse_leading(text, true)?;
    let mut left = rest.trim().trim_end_matches(['.', ',', ';', ':']).trim();
    for t in trailing {
        if let Some(r) = strip_prefix_ci(left, t) {
            left = r.trim();
        }
    }
    if left.is_empty() {
        Ok(req)
    } else {
        Err(RequirementError(format!(
            "cannot read `{left}` after the requirement {req}"
        )))
    }
}

fn strip_prefix_ci<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    let head = s.get(..prefix.len())?;
    let boundary = s[prefix.len()..]
        .chars()
        .next()
        .is_none_or(|c| !c.is_alphanumeric());
    (head.eq_ignore_ascii_case(prefix) && boundary).then(|| &s[prefix.len()..])
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

/// How one member supplies a skill, classification or feature.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Supplied {
    /// From the skills box, at this level.
    Skill(f32),
    Classification,
    /// An affiliation, species or other feature of the card.
    Feature,
}

impl Supplied {
    fn count(self) -> f32 {
        match self {
            Supplied::Skill(level) => level,
            Supplied::Classification | Supplied::Feature => 1.0,
        }
    }
}

fn supplied_by(c: &Card, name: &str) -> Option<Supplied> {
    let by_skill = c.skill_level(name);
    if by_skill > 0.0 {
        return Some(Supplied::Skill(by_skill));
    }
    if c.class
        .as_deref()
        .is_some_and(|k| k.eq_ignore_ascii_case(name))
    {
        return Some(Supplied::Classification);
    }
    // "affiliation and species": a Klingon is Klingon by affiliation or
    // by species, hybrids ("Klingon/Human") included.
    let by_trait = c.has_characteristic(name)
        || c.characteristics.iter().any(|ch| {
            ch.split('/')
                .any(|part| part.trim().eq_ignore_ascii_case(name))
        })
        || c.affiliations.iter().any(|a| a.eq_ignore_ascii_case(name))
        // "one unique personnel": the card's uniqueness is a feature too.
        || (name.eq_ignore_ascii_case("unique") && c.unique);
    by_trait.then_some(Supplied::Feature)
}

/// The levels of a skill family a group has, from skills boxes only (a
/// classification or the lore never counts: Current Rulings "skills vs.
/// lore").
fn family_count(group: &[&Card], _family: &str) -> f32 {
    let skills = &crate::vocab::vocabulary().skills;
    group
        .iter()
        .flat_map(|c| &c.skills)
        .filter(|s| skills.is_intelligence(&s.name))
        .fold(0.0, |n, s| n + s.level)
}

fn skill_count(group: &[&Card], name: &str) -> f32 {
    group
        .iter()
        .filter_map(|c| supplied_by(c, name))
        .fold(0.0, |n, s| n + s.count())
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
        _ => req.parts().into_iter().any(names_a_setting),
    }
}

/// The lexicon's words of the requirement grammar.
fn words() -> &'static RequirementWords {
    &crate::engine::abilities::lexicon::Lexicon::get().requirement_words
}

/// [`evaluate`] where the encounter is on a planet or in space: a term
/// qualified `(at [P])` is unmet in space and vice versa; with `None` the
/// qualifiers are not checked.
pub fn evaluate_at(req: &Requirement, group: &[&Card], setting: Option<Setting>) -> Vec<String> {
    evaluate_in(
        req,
        &Encounter {
            group,
            setting,
            ..Encounter::default()
        },
    )
}

/// Each member as printed: its card before any modifier but a value a card
/// sets (Glossary "attribute modifiers"), or the titles of the members whose
/// printed card is not known - never the modified card in its place.
fn as_printed<'c>(
    group: &[&'c Card],
    printed: Option<&[&'c Card]>,
) -> Result<Vec<&'c Card>, String> {
    let known = |c: &Card| printed?.iter().find(|p| p.id == c.id).copied();
    let unknown: Vec<&str> = group
        .iter()
        .filter(|c| known(c).is_none())
        .map(|c| c.title.as_str())
        .collect();
    if !unknown.is_empty() {
        return Err(unknown.join(", "));
    }
    Ok(group.iter().filter_map(|c| known(c)).collect())
}

/// Where a requirement is met: the crew or Away Team facing it, the crew
/// aboard their ship (for a dilemma naming "your ship"), the setting, the
/// cards other than personnel with the group (equipment, their ship) and
/// the mission (for a term that changes with its icons).
#[derive(Clone, Copy, Default)]
pub struct Encounter<'a> {
    pub group: &'a [&'a Card],
    pub ship_crew: Option<&'a [&'a Card]>,
    pub setting: Option<Setting>,
    pub cards: &'a [&'a Card],
    pub mission: Option<&'a Card>,
    /// The facts of the game a computed threshold reads.
    pub game: threshold::GameFacts,
    /// The members' cards as printed, for "printed INTEGRITY>7"; `None`:
    /// not known here (the term is then unmet, saying so).
    pub printed: Option<&'a [&'a Card]>,
}

/// The personnel of a group: a dual-personnel card stands for its two
/// people, each with only their own skills, classification and attributes
/// (Glossary "dual-personnel cards"); `None` when no card is split.
pub fn personnel(group: &[&Card]) -> Option<Vec<Card>> {
    let split: Vec<Vec<Card>> = group
        .iter()
        .map(|c| crate::cards::persona::people(c))
        .collect();
    if split.iter().all(Vec::is_empty) {
        return None;
    }
    let whole = |(c, people): (&&Card, Vec<Card>)| {
        if people.is_empty() {
            vec![(*c).clone()]
        } else {
            people
        }
    };
    Some(group.iter().zip(split).flat_map(whole).collect())
}

/// Whether some `most` members or fewer (the largest groups first) meet a
/// test: "STRENGTH>27 from up to four personnel".
fn some_members(group: &[&Card], most: usize, test: &mut dyn FnMut(&[&Card]) -> bool) -> bool {
    let size = most.min(group.len());
    let mut chosen = Vec::with_capacity(size);
    (1..=size)
        .rev()
        .any(|k| choose(group, k, &mut chosen, test))
}

/// Every way of choosing `k` of `from` (in order), until `test` holds.
fn choose<'a>(
    from: &[&'a Card],
    k: usize,
    chosen: &mut Vec<&'a Card>,
    test: &mut dyn FnMut(&[&Card]) -> bool,
) -> bool {
    if k == 0 {
        return test(chosen);
    }
    (0..from.len().saturating_sub(k - 1)).any(|i| {
        chosen.push(from[i]);
        let found = choose(&from[i + 1..], k - 1, chosen, test);
        chosen.pop();
        found
    })
}

/// No misses when `met`; else the term with why it is not met.
fn unmet_unless(met: bool, req: &Requirement, why: impl std::fmt::Display) -> Vec<String> {
    if met {
        vec![]
    } else {
        vec![format!("{req} ({why})")]
    }
}

/// [`evaluate_at`] in a full encounter.
pub fn evaluate_in(req: &Requirement, at: &Encounter) -> Vec<String> {
    if let Some(people) = personnel(at.group) {
        let refs: Vec<&Card> = people.iter().collect();
        return evaluate_in(
            req,
            &Encounter {
                group: &refs,
                ..*at
            },
        );
    }
    let group = at.group;
    let evaluate = |r: &Requirement, g: &[&Card]| evaluate_in(r, &Encounter { group: g, ..*at });
    match req {
        Requirement::GroupSize { cmp, count } => {
            let have = group.len();
            unmet_unless(
                cmp.holds(have as i32, *count as i32),
                req,
                format!("have {have}"),
            )
        }
        Requirement::OnShip(inner) => match at.ship_crew {
            Some(crew) => evaluate(inner, crew)
                .into_iter()
                .map(|m| format!("{m} aboard the ship"))
                .collect(),
            None => vec![format!("{req} (no crew aboard a ship here)")],
        },
        Requirement::Icon(code) => {
            unmet_unless(group.iter().any(|c| c.has_icon(code)), req, "no one has it")
        }
        Requirement::With { base, qualifier } => {
            let qualified: Vec<&Card> = group
                .iter()
                .copied()
                .filter(|c| evaluate(qualifier, &[*c]).is_empty())
                .collect();
            unmet_unless(
                evaluate(base, &qualified).is_empty(),
                req,
                "not on the same personnel",
            )
        }
        Requirement::At {
            setting: only,
            req: inner,
        } => match at.setting {
            Some(here) if here != *only => {
                vec![format!("{req} (the encounter is not at {})", only.icon())]
            }
            _ => evaluate(inner, group),
        },
        Requirement::Skill { name, count } => {
            let have = skill_count(group, name);
            unmet_unless(have >= *count, req, format!("have {have}"))
        }
        Requirement::Total { attrs, cmp, value } => {
            let ships: Vec<&Card> = at
                .cards
                .iter()
                .copied()
                .filter(|c| c.card_type == crate::cards::model::CardType::Ship)
                .collect();
            let of = |a: &Attribute| total(if a.of_ship() { &ships } else { group }, *a);
            let have: i32 = attrs.iter().map(of).sum();
            unmet_unless(cmp.holds(have, *value), req, format!("total {have}"))
        }
        Requirement::Computed {
            attrs,
            cmp,
            threshold,
        } => {
            let Some(x) = at.game.of(threshold.quantity) else {
                return vec![format!("{req} (X is not known here)")];
            };
            let have: i32 = attrs.iter().map(|a| total(group, *a)).sum();
            let value = threshold.value(x);
            unmet_unless(
                cmp.holds(have, value),
                req,
                format!("X = {x}, so more than {value} is needed; total {have}"),
            )
        }
        Requirement::SkillsCompared { left, cmp, right } => {
            let (l, r) = (skill_count(group, left), skill_count(group, right));
            // levels may be halves: compare them doubled
            let held = cmp.holds((l * 2.0).round() as i32, (r * 2.0).round() as i32);
            unmet_unless(held, req, format!("{l} {left}, {r} {right}"))
        }
        Requirement::Printed(inner) => match as_printed(group, at.printed) {
            Ok(printed) => evaluate_in(
                inner,
                &Encounter {
                    group: &printed,
                    ..*at
                },
            ),
            Err(unknown) => vec![format!(
                "{req} (the printed values of {unknown} are not known here)"
            )],
        },
        Requirement::BeganWith { cmp, count } => match at.game.began_with {
            Some(n) => unmet_unless(
                cmp.holds(n, *count as i32),
                req,
                format!("the attempt began with {n} personnel"),
            ),
            None => vec![format!(
                "{req} (how many personnel began the attempt is not known here)"
            )],
        },
        Requirement::PlayerPoints { cmp, value } => match at.game.player_points {
            Some(have) => unmet_unless(cmp.holds(have, *value), req, format!("{have} points")),
            None => vec![format!("{req} (the player's score is not known here)")],
        },
        Requirement::FromUpTo { count, req: inner } => unmet_unless(
            some_members(group, *count as usize, &mut |few| {
                evaluate(inner, few).is_empty()
            }),
            req,
            format!("no {count} members meet it"),
        ),
        Requirement::Cards { kind, count, with } => {
            let of_kind = |c: &&&Card| {
                c.has_characteristic(kind) || c.card_type.name().eq_ignore_ascii_case(kind)
            };
            let meets = |c: &&&Card| with.as_ref().is_none_or(|w| evaluate(w, &[**c]).is_empty());
            let have = at.cards.iter().filter(of_kind).filter(meets).count();
            unmet_unless(have >= *count as usize, req, format!("have {have}"))
        }
        Requirement::MissionIcon {
            icon,
            at: there,
            elsewhere,
        } => match at.mission {
            Some(m) if m.has_icon(icon) => evaluate(there, group),
            _ => evaluate(elsewhere, group),
        },
        Requirement::Members { count, each } => {
            let have = group
                .iter()
                .filter(|c| evaluate(each, &[**c]).is_empty())
                .count();
            unmet_unless(have >= *count as usize, req, format!("have {have}"))
        }
        Requirement::Discard(inner) => evaluate(inner, group),
        Requirement::Lore { words, title } => {
            let has = |text: &str| text.to_lowercase().contains(&words.to_lowercase());
            unmet_unless(
                group
                    .iter()
                    .any(|c| has(&c.lore) || (*title && has(&c.title))),
                req,
                "no one's lore has it",
            )
        }
        Requirement::Not(inner) => {
            // "non-android": someone in the group is not one.
            unmet_unless(
                group.iter().any(|c| !evaluate(inner, &[*c]).is_empty()),
                req,
                "no one",
            )
        }
        Requirement::AnyNamed(n) => unmet_unless(
            group.iter().any(|c| crate::cards::persona::is_any(c, n)),
            req,
            "no one is",
        ),
        Requirement::Family { family, count } => {
            let have = family_count(group, family);
            unmet_unless(have >= *count, req, format!("have {have}"))
        }
        Requirement::Absent(inner) => unmet_unless(
            group.iter().all(|c| !evaluate(inner, &[*c]).is_empty()),
            req,
            "one is present",
        ),
        // a title may name equipment or a ship with the group too ("{Hypospray}")
        Requirement::Personnel(t) => unmet_unless(
            group
                .iter()
                .chain(at.cards)
                .any(|c| crate::engine::abilities::reference_names(t, &c.title)),
            req,
            "not present",
        ),
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
    fn any_intelligence_is_any_skill_of_its_family_from_the_skills_box() {
        let req = parse("any 2 Intelligence").unwrap();
        let tal = person("Devanha", &[("Tal Shiar", 1.0)], 5);
        let obsidian = person("Ari", &[("Obsidian Order", 1.0)], 5);
        assert!(evaluate(&req, &[&tal, &obsidian]).is_empty());
        assert!(!evaluate(&req, &[&tal]).is_empty());
        // "simply Intelligence must be met by that skill"
        assert!(!evaluate(&parse("Intelligence").unwrap(), &[&tal]).is_empty());
        let mut lore = person("Madred", &[], 5);
        lore.lore = "Obsidian Order interrogator.".into();
        assert!(!evaluate(&parse("any Intelligence").unwrap(), &[&lore]).is_empty());
    }

    #[test]
    fn no_x_is_met_when_no_member_has_it() {
        let req = parse("ENGINEER + no Honor").unwrap();
        let geordi = person("Geordi", &[("ENGINEER", 1.0)], 7);
        let worf = person("Worf", &[("Honor", 1.0)], 7);
        assert!(evaluate(&req, &[&geordi]).is_empty());
        assert!(!evaluate(&req, &[&geordi, &worf]).is_empty());
    }

    #[test]
    fn a_term_that_cannot_be_read_is_an_error_naming_it() {
        let e = parse("Physics + Think Tank").unwrap_err().0;
        assert!(e.contains("`Think Tank`"), "{e}");
        let e = parse("STRENGTH>40 + (Transporter Skill OR landed ship) May seed")
            .unwrap_err()
            .0;
        assert!(e.contains("landed ship"), "{e}");
        let e = parse("Leadership + No opposing ships in Neutral Zone")
            .unwrap_err()
            .0;
        assert!(e.contains("`No`"), "{e}");
        // game text after a whole requirement is left alone
        assert!(parse("SCIENCE x3 + Geology Each {Seismic Quake} here affects two").is_ok());
        assert!(parse("ENGINEER + Physics + (Acquisition OR Pakled)").is_ok());
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
        assert_eq!(
            r.to_string(),
            "Physics x2 (at [P]) OR Biology x2 (at [S]) OR 6 personnel with (non-[Borg])"
        );
        assert!(names_a_setting(&r));
        let a = person("A", &[("Biology", 1.0)], 5);
        let b = person("B", &[("Biology", 1.0)], 5);
        assert!(evaluate_at(&r, &[&a, &b], Some(Setting::Space)).is_empty());
        assert!(!evaluate_at(&r, &[&a, &b], Some(Setting::Planet)).is_empty());
        assert!(!names_a_setting(&parse("Leadership OR OFFICER").unwrap()));
    }

    #[test]
    fn reads_whole_written_lists() {
        // Issue 9: "Navigation, Physics, and 2 ENGINEER" was read as "Navigation".
        let r = parse_conditions("Navigation, Physics, and 2 ENGINEER present", &[]).unwrap();
        assert_eq!(r.to_string(), "Navigation + Physics + ENGINEER x2");
        let r = parse("2 Anthropology OR Leadership, Anthropology, and CUNNING>35").unwrap();
        assert_eq!(
            r.to_string(),
            "Anthropology x2 OR (Leadership + Anthropology + CUNNING>35)"
        );
        let r = parse_conditions("Empathy, Diplomacy, {Morn} or any Scotty", &[]).unwrap();
        assert_eq!(
            r.to_string(),
            "Empathy OR Diplomacy OR {Morn} OR any Scotty"
        );
    }

    #[test]
    fn a_list_ends_where_the_effect_begins() {
        let (r, rest) = parse_leading("Empathy present, opponent captures one", true).unwrap();
        assert_eq!(r.to_string(), "Empathy");
        assert_eq!(rest, ", opponent captures one");
        let (r, rest) = parse_leading("INTEGRITY>32, Away Team beams back", true).unwrap();
        assert_eq!(r.to_string(), "INTEGRITY>32");
        assert!(rest.starts_with(", Away Team"));
    }

    #[test]
    fn unreadable_terms_are_errors() {
        let e = parse_conditions("2 SECURITY OR six non-[Bor] [Univ] gizmos", &[]).unwrap_err();
        assert!(e.0.contains("cannot read `gizmos`"), "{e}");
        assert!(parse_conditions("Leadership and Frobnication", &[]).is_err());
    }

    #[test]
    fn members_each_meet_their_features_alone() {
        let r = parse_conditions("three personnel with Diplomacy", &[]).unwrap();
        let a = person("A", &[("Diplomacy", 1.0)], 5);
        let b = person("B", &[("Diplomacy", 2.0)], 5);
        let c = person("C", &[("Diplomacy", 1.0)], 5);
        assert!(
            !evaluate(&r, &[&a, &b]).is_empty(),
            "two people, however skilled"
        );
        assert!(evaluate(&r, &[&a, &b, &c]).is_empty());
        let r = parse_conditions("a personnel with 2 Diplomacy", &[]).unwrap();
        assert!(evaluate(&r, &[&b]).is_empty());
        assert!(
            !evaluate(&r, &[&a, &c]).is_empty(),
            "2 Diplomacy on one personnel"
        );
    }

    fn with_stat(mut c: Card, cun: i32, str_: i32) -> Card {
        c.cun_wpn = Some(Stat::Num(cun));
        c.str_shd = Some(Stat::Num(str_));
        c
    }

    #[test]
    fn a_single_personnel_with_features_after_an_article() {
        let r = parse_conditions("ENGINEER x4 OR a personnel who has 2 Navigation", &[]).unwrap();
        assert_eq!(
            r.to_string(),
            "ENGINEER x4 OR 1 personnel with (Navigation x2)"
        );
        let r = parse_conditions("a Navigation personnel who has CUNNING>7", &[]).unwrap();
        let pilot = with_stat(person("P", &[("Navigation", 1.0)], 5), 8, 5);
        let dull = with_stat(person("D", &[("Navigation", 1.0)], 5), 5, 5);
        let clever = with_stat(person("C", &[], 5), 9, 5);
        assert!(evaluate(&r, &[&pilot]).is_empty());
        assert!(
            !evaluate(&r, &[&dull, &clever]).is_empty(),
            "Navigation and CUNNING>7 on one personnel"
        );
        let r = parse_conditions("a female ENGINEER", &[]).unwrap();
        assert_eq!(r.to_string(), "1 personnel with (female + ENGINEER)");
    }

    #[test]
    fn a_list_ends_after_a_term_that_says_where_it_is_met() {
        let (r, rest) =
            parse_leading("CUNNING>36 OR 2 SECURITY present, assassin kills one", true).unwrap();
        assert_eq!(r.to_string(), "CUNNING>36 OR SECURITY x2");
        assert!(rest.starts_with(", assassin"), "{rest}");
    }

    #[test]
    fn a_total_from_up_to_some_members() {
        let r = parse_conditions("STRENGTH>27 from up to two personnel", &[]).unwrap();
        assert_eq!(r.to_string(), "STRENGTH>27 from up to 2 personnel");
        let a = with_stat(person("A", &[], 5), 5, 14);
        let b = with_stat(person("B", &[], 5), 5, 14);
        let c = with_stat(person("C", &[], 5), 5, 10);
        assert!(evaluate(&r, &[&a, &b, &c]).is_empty(), "14 + 14 > 27");
        assert!(
            !evaluate(&r, &[&a, &c]).is_empty(),
            "24 from two, though the group totals more with a third"
        );
        let d = with_stat(person("D", &[], 5), 5, 10);
        assert!(!evaluate(&r, &[&a, &c, &d]).is_empty(), "34 needs three");
    }

    #[test]
    fn totals_of_several_attributes_ranges_and_exact_values() {
        let r = parse_conditions("total CUNNING + STRENGTH>20 OR Greed", &[]).unwrap();
        assert_eq!(r.to_string(), "(CUNNING+STRENGTH)>20 OR Greed");
        let a = with_stat(person("A", &[], 5), 8, 8);
        let b = with_stat(person("B", &[], 5), 3, 3);
        assert!(evaluate(&r, &[&a, &b]).is_empty(), "22");
        assert!(!evaluate(&r, &[&a]).is_empty(), "16");
        let r = parse_conditions("three personnel with total attributes < 15", &[]).unwrap();
        assert_eq!(
            r.to_string(),
            "3 personnel with ((INTEGRITY+CUNNING+STRENGTH)<15)"
        );
        let r = parse_conditions("22 < STRENGTH < 30", &[]).unwrap();
        assert!(!evaluate(&r, &[&a, &b]).is_empty(), "11");
        let big = with_stat(person("Big", &[], 5), 5, 25);
        assert!(evaluate(&r, &[&big]).is_empty(), "25");
        assert!(!evaluate(&r, &[&big, &a]).is_empty(), "33");
        let r = parse_conditions("exactly 11 CUNNING from all Away Team members", &[]).unwrap();
        assert_eq!(r.to_string(), "CUNNING=11");
        assert!(evaluate(&r, &[&a, &b]).is_empty());
        assert!(!evaluate(&r, &[&a]).is_empty());
    }

    #[test]
    fn counts_of_members_and_features_a_member_has_each() {
        let r = parse_conditions("any personnel remaining", &[]).unwrap();
        assert_eq!(r.to_string(), "personnel>=1");
        let r = parse_conditions("at least 2 OFFICER with STRENGTH>5 each", &[]).unwrap();
        assert_eq!(r.to_string(), "2 personnel with (OFFICER + STRENGTH>5)");
        let r = parse_conditions("two Away Team members each have INTEGRITY>7", &[]).unwrap();
        assert_eq!(r.to_string(), "2 personnel with (INTEGRITY>7)");
        // a count of anyone before a selection or a verb is no requirement
        assert!(parse_conditions("one personnel (random selection)", &[]).is_err());
        assert!(parse_conditions("one Away Team member is killed", &[]).is_err());
    }

    #[test]
    fn a_term_that_changes_with_the_missions_icon() {
        let r = parse_conditions("CUNNING>10 (CUNNING>20 if this is a [DQ] mission)", &[]).unwrap();
        assert_eq!(
            r.to_string(),
            "CUNNING>10 (CUNNING>20 if this is a [DQ] mission)"
        );
        let a = with_stat(person("A", &[], 5), 15, 5);
        let group = [&a];
        let quadrant = Card {
            icons: vec!["DQ".into()],
            ..Card::default()
        };
        let plain = Card::default();
        let met = |r: &Requirement, mission: &Card| {
            let at = Encounter {
                group: &group,
                mission: Some(mission),
                ..Encounter::default()
            };
            evaluate_in(r, &at).is_empty()
        };
        assert!(met(&r, &plain));
        assert!(!met(&r, &quadrant));
        let r = parse_conditions("CUNNING>20 (or CUNNING>10 if this is a [DQ] mission)", &[]);
        assert!(met(&r.unwrap(), &quadrant));
    }

    #[test]
    fn cards_other_than_personnel_with_the_group() {
        let r = parse_conditions("4 SECURITY OR 2 hand weapons", &[]).unwrap();
        assert_eq!(r.to_string(), "SECURITY x4 OR 2 hand weapon");
        let phaser = Card {
            card_type: crate::cards::model::CardType::Equipment,
            characteristics: vec!["hand weapon".into()],
            ..Card::default()
        };
        let a = person("A", &[], 5);
        let group = [&a];
        let with = |cards: &[&Card]| {
            let at = Encounter {
                group: &group,
                cards,
                ..Encounter::default()
            };
            evaluate_in(&r, &at).is_empty()
        };
        assert!(with(&[&phaser, &phaser]));
        assert!(!with(&[&phaser]));
        let r = parse("SCIENCE + (Tractor Beam OR INTEGRITY>32)").unwrap();
        assert_eq!(r.to_string(), "SCIENCE + (a Tractor Beam OR INTEGRITY>32)");
        let r = parse("Computer Skill + ({[Holo] personnel} OR discard one unique personnel)");
        let r = r.unwrap().to_string();
        assert!(r.ends_with("discard (1 personnel with (unique)))"), "{r}");
    }

    #[test]
    fn ship_attributes_total_over_the_ship_with_the_group() {
        let r = parse_conditions("SHIELDS>6 OR Music", &[]).unwrap();
        let ship = Card {
            card_type: crate::cards::model::CardType::Ship,
            str_shd: Some(Stat::Num(8)),
            ..Card::default()
        };
        let a = person("A", &[], 5);
        let group = [&a];
        let met = |cards: &[&Card]| {
            let at = Encounter {
                group: &group,
                cards,
                ..Encounter::default()
            };
            evaluate_in(&r, &at).is_empty()
        };
        assert!(met(&[&ship]));
        assert!(!met(&[]));
    }

    #[test]
    fn lore_words_numbered_names_and_settings_without_parentheses() {
        let r = parse("Honor + (3 SECURITY OR 3 [Car] personnel with \"resistance\" in lore)");
        assert!(r.unwrap().to_string().ends_with("\"resistance\" in lore))"));
        let r = parse_conditions("Section 31 OR Mindmeld", &[]).unwrap();
        assert_eq!(r.to_string(), "Section 31 OR Mindmeld");
        let r = parse_conditions(
            "2 Navigation and (CUNNING>45 at [S] OR STRENGTH>45 at [P])",
            &[],
        );
        assert_eq!(
            r.unwrap().to_string(),
            "Navigation x2 + (CUNNING>45 (at [S]) OR STRENGTH>45 (at [P]))"
        );
        let r = parse_conditions("Transporter Skill OR any Orion Syndicate personnel", &[]);
        assert_eq!(
            r.unwrap().to_string(),
            "Transporter Skill OR 1 personnel with (Orion Syndicate)"
        );
    }

    #[test]
    fn a_threshold_computed_from_the_game() {
        let text = "STRENGTH>(50+10X), where X = number of other missions in this region, if in a region; otherwise, X = 0. Discard dilemma.";
        let (r, rest) = parse_leading(text, true).unwrap();
        assert_eq!(
            r.to_string(),
            "STRENGTH>(50+10X), where X = number of other missions in this region"
        );
        assert_eq!(rest.trim_start(), ". Discard dilemma.");
        let a = with_stat(person("A", &[], 5), 5, 55);
        let at = |x| threshold::GameFacts {
            other_missions_in_region: x,
            ..Default::default()
        };
        assert!(met_with(&r, &a, at(Some(0))));
        assert!(!met_with(&r, &a, at(Some(1))));
        assert!(!met_with(&r, &a, at(None)));
        // an X the lexicon does not name is an unread term
        let removed = parse_leading(
            "CUNNING>10X, where X is the number of different card types removed from this game",
            true,
        );
        assert!(removed.is_err(), "{removed:?}");
    }

    #[test]
    fn a_threshold_on_the_cards_in_hand() {
        let text = "CUNNING>(40 + 5X), where X = number of cards in your hand.";
        let (r, rest) = parse_leading(text, true).unwrap();
        assert_eq!(
            r.to_string(),
            "CUNNING>(40+5X), where X = number of cards in your hand"
        );
        assert_eq!(rest, ".");
        let a = with_stat(person("A", &[], 5), 51, 5);
        let at = |hand| threshold::GameFacts {
            cards_in_hand: hand,
            ..Default::default()
        };
        // 7 cards: CUNNING>75 is needed; 2 cards: CUNNING>50
        assert!(!met_with(&r, &a, at(Some(7))));
        assert!(met_with(&r, &a, at(Some(2))));
        assert!(!met_with(&r, &a, at(None)));
    }

    /// `r` met by `who` alone with these facts of the game.
    fn met_with(r: &Requirement, who: &Card, game: threshold::GameFacts) -> bool {
        let group = [who];
        let at = Encounter {
            group: &group,
            game,
            ..Encounter::default()
        };
        evaluate_in(r, &at).is_empty()
    }

    #[test]
    fn a_condition_on_how_many_began_the_attempt() {
        let (r, rest) = parse_leading(
            "you began mission attempt with at least six personnel.",
            true,
        )
        .unwrap();
        assert_eq!(r.to_string(), "began the attempt with personnel>=6");
        assert_eq!(rest.trim_start(), ".");
        let at = |n| Encounter {
            game: threshold::GameFacts {
                began_with: n,
                ..Default::default()
            },
            ..Encounter::default()
        };
        assert!(evaluate_in(&r, &at(Some(6))).is_empty());
        assert!(!evaluate_in(&r, &at(Some(5))).is_empty());
        // Unknown, it is not met - and says what is missing.
        let unknown = evaluate_in(&r, &at(None));
        assert!(unknown[0].contains("not known"), "{unknown:?}");
        let r = parse("began mission attempt with more than 9 personnel").unwrap();
        assert_eq!(r.to_string(), "began the attempt with personnel>9");
        // Near miss: a count of something else after the words is an error.
        assert!(parse("you began mission attempt with Leadership").is_err());
    }

    #[test]
    fn a_condition_on_the_players_score() {
        let (r, rest) =
            parse_leading("you have at least 50 points, cannot get past", true).unwrap();
        assert_eq!(r.to_string(), "your points>=50");
        assert_eq!(rest.trim_start(), ", cannot get past");
        let at = |points| Encounter {
            game: threshold::GameFacts {
                player_points: points,
                ..Default::default()
            },
            ..Encounter::default()
        };
        assert!(evaluate_in(&r, &at(Some(50))).is_empty());
        assert!(!evaluate_in(&r, &at(Some(45))).is_empty());
        assert!(!evaluate_in(&r, &at(None)).is_empty());
        // points of something else are no condition on the score
        assert!(parse_leading("you have 50 cards", true).is_err());
    }

    #[test]
    fn a_printed_attribute_is_read_from_the_card_before_modifiers() {
        let r = parse_conditions("a unique male with printed INTEGRITY>7", &[]).unwrap();
        assert_eq!(
            r.to_string(),
            "1 personnel with (unique + male + printed INTEGRITY>7)"
        );
        let mut printed = person("A", &[], 5);
        printed.int_rng = Some(Stat::Num(7));
        let mut modified = printed.clone();
        modified.int_rng = Some(Stat::Num(9));
        let t = parse_conditions("printed INTEGRITY>7", &[]).unwrap();
        let group = [&modified];
        let originals = [&printed];
        let with_print = Encounter {
            group: &group,
            printed: Some(&originals),
            ..Encounter::default()
        };
        // INTEGRITY 9 as modified, 7 as printed: not more than 7
        assert!(!evaluate_in(&t, &with_print).is_empty());
        let plain = parse_conditions("INTEGRITY>7", &[]).unwrap();
        assert!(evaluate_in(&plain, &with_print).is_empty());
        // printed values not known: unmet, saying so - never the modified 9
        let unknown = Encounter {
            group: &group,
            ..Encounter::default()
        };
        let unmet = evaluate_in(&t, &unknown);
        assert!(unmet[0].contains("not known"), "{unmet:?}");
    }

    #[test]
    fn every_walk_reaches_inside_each_wrapper() {
        let at = || Requirement::At {
            setting: Setting::Planet,
            req: Box::new(Requirement::Skill {
                name: "Frobnication Studies".into(),
                count: 1.0,
            }),
        };
        let wrapped = [
            Requirement::Printed(Box::new(at())),
            Requirement::OnShip(Box::new(at())),
            Requirement::Absent(Box::new(at())),
        ];
        for r in &wrapped {
            assert!(names_a_setting(r), "{r}");
            assert_eq!(unknown_name(r).as_deref(), Some("Frobnication Studies"));
        }
    }

    #[test]
    fn a_skill_compared_with_another() {
        let r = parse_conditions("ENGINEER>Leadership present", &[]).unwrap();
        assert_eq!(r.to_string(), "ENGINEER>Leadership");
        let a = person("A", &[("ENGINEER", 2.0)], 5);
        let b = person("B", &[("Leadership", 1.0)], 5);
        let c = person("C", &[("Leadership", 1.0)], 5);
        assert!(evaluate(&r, &[&a, &b]).is_empty());
        assert!(!evaluate(&r, &[&a, &b, &c]).is_empty());
        // a comparison with a number stays a total
        let t = parse_conditions("STRENGTH>20", &[]).unwrap();
        assert_eq!(t.to_string(), "STRENGTH>20");
    }
}
