//! Continuous effects: what a card does to other cards for as long as it is in
//! play. Game text compiles here into attribute modifiers ("Each of your
//! personnel present is STRENGTH +2"), skill grants ("adds SECURITY", "loses 1
//! Diplomacy"), the "X use only" restriction, whether copies stack
//! ("(Cumulative.)"), and permissions ("may land", "may not beam").
//!
//! The words are in `glossary/abilities/lexicon.toml` (`[continuous]`); this
//! module holds the grammar. Nothing outside the compiler re-reads card text:
//! the derived layer (`engine::derived`) and the permission query
//! (`engine::permissions`) read only what is compiled here.

use super::grammar::{self, any_phrase_at, TokKind, Token};
use super::lexicon::{ContinuousWords, Lexicon};
use super::movement::MovementAllowance;
use crate::cards::model::{Card, CardType};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A numeric attribute of a personnel (INTEGRITY, CUNNING, STRENGTH) or of a
/// ship or facility (RANGE, WEAPONS, SHIELDS).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Attr {
    Integrity,
    Cunning,
    Strength,
    Range,
    Weapons,
    Shields,
}

impl Attr {
    pub const ALL: [Attr; 6] = [
        Attr::Integrity,
        Attr::Cunning,
        Attr::Strength,
        Attr::Range,
        Attr::Weapons,
        Attr::Shields,
    ];

    /// "integrity", "Range", "SHIELDS" → the attribute.
    pub fn parse(word: &str) -> Option<Attr> {
        Some(match word.trim().to_lowercase().as_str() {
            "integrity" => Attr::Integrity,
            "cunning" => Attr::Cunning,
            "strength" => Attr::Strength,
            "range" => Attr::Range,
            "weapons" => Attr::Weapons,
            "shields" => Attr::Shields,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Attr::Integrity => "INTEGRITY",
            Attr::Cunning => "CUNNING",
            Attr::Strength => "STRENGTH",
            Attr::Range => "RANGE",
            Attr::Weapons => "WEAPONS",
            Attr::Shields => "SHIELDS",
        }
    }

    /// Personnel attributes; the others belong to ships and facilities.
    pub fn of_personnel(self) -> bool {
        matches!(self, Attr::Integrity | Attr::Cunning | Attr::Strength)
    }

    /// The printed box holding this attribute on a card.
    pub fn printed(self, card: &Card) -> Option<&crate::cards::model::Stat> {
        match self.slot() {
            0 => card.int_rng.as_ref(),
            1 => card.cun_wpn.as_ref(),
            _ => card.str_shd.as_ref(),
        }
    }

    /// Which of the three printed boxes (0, 1, 2) holds it.
    pub fn slot(self) -> usize {
        match self {
            Attr::Integrity | Attr::Range => 0,
            Attr::Cunning | Attr::Weapons => 1,
            Attr::Strength | Attr::Shields => 2,
        }
    }
}

/// How a modifier changes a value (applied in the rulebook's order: set,
/// then add, then multiply).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ModOp {
    /// "STRENGTH=8", "sets ... to": treated as printed.
    Set(i32),
    /// "+2", "-1".
    Add(i32),
    /// "x2", "doubles".
    Multiply(i32),
}

impl std::fmt::Display for ModOp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ModOp::Set(n) => write!(f, "={n}"),
            ModOp::Add(n) => write!(f, "{n:+}"),
            ModOp::Multiply(n) => write!(f, "x{n}"),
        }
    }
}

/// Whose cards a continuous effect reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Whose {
    Yours,
    Opponents,
    Any,
}

/// Where the reached cards are, relative to the card with the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reach {
    /// The card itself (a personnel's or ship's own text).
    Bearer,
    /// The card it is played on or aboard ("enhances its attributes").
    Host,
    /// In the same crew or Away Team ("present", "where present").
    Present,
    /// Aboard the same ship or facility ("aboard").
    Aboard,
    /// At the same location ("here").
    Here,
    /// Wherever they are (a card on the table: "Your ships are SHIELDS +3").
    Anywhere,
}

/// A word a reached card must (or must not) answer to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Descriptor {
    /// An affiliation, species, skill, classification or characteristic word
    /// ("klingons", "vorta", "astrophysics"), lower-cased as printed.
    Word(String),
    /// An icon ("[MQ]", "[Fed]").
    Icon(String),
    /// A card named by reference ("{Leeta}").
    Card(String),
}

/// One descriptor with its "non-" negation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trait {
    pub descriptor: Descriptor,
    pub negated: bool,
}

/// The cards a continuous effect reaches.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Subject {
    pub whose: Whose,
    /// "personnel" or "ship" when the text names a card type.
    pub card_type: Option<String>,
    /// Every trait must hold (a list joined by "and" is any of them: see `any_of`).
    pub traits: Vec<Trait>,
    /// "Jem'Hadar, Breen and Dosi": a reached card needs one of these.
    pub any_of: bool,
}

impl Subject {
    /// No restriction: any card.
    pub fn none() -> Subject {
        Subject {
            whose: Whose::Any,
            card_type: None,
            traits: Vec::new(),
            any_of: false,
        }
    }
}

/// An attribute modifier.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    pub attrs: Vec<Attr>,
    pub op: ModOp,
    pub subject: Subject,
    pub reach: Reach,
    /// A condition the compiler keeps as words ("while at missions"): a
    /// conditional modifier is applied only when the scenario says it holds.
    pub condition: Option<String>,
    /// The sentence it was read from.
    pub text: String,
}

/// A skill granted ("adds SECURITY") or taken away ("loses 1 Diplomacy").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SkillGrant {
    pub skill: String,
    /// Levels added; negative for a loss, `None` for "loses all".
    pub levels: Option<f32>,
    pub subject: Subject,
    pub reach: Reach,
    pub condition: Option<String>,
    pub text: String,
}

/// Whether copies of the card stack (Glossary "cumulative").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Cumulative {
    No,
    Yes,
    /// "(Cumulative up to +3.)": copies stack to this total.
    UpTo(i32),
}

/// Permit or forbid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Polarity {
    Permit,
    Forbid,
}

/// What a card permits or forbids: who may (not) do what, where.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Permission {
    pub polarity: Polarity,
    /// The act ("land", "beam", "attack", "report", "attempt" ...), as the
    /// lexicon names it.
    pub act: String,
    /// Who acts.
    pub subject: Subject,
    /// Where the actor is (or acts), relative to the card.
    pub reach: Reach,
    /// What the act is aimed at, when the text says ("attack the Dominion":
    /// `[Word("dominion")]`; "report aboard {U.S.S. Voyager}").
    pub objects: Vec<Trait>,
    /// "opponent's side": the act only by the card's opponent.
    pub condition: Option<String>,
    pub text: String,
}

/// Everything continuous a card's text compiles to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Continuous {
    pub modifiers: Vec<Modifier>,
    pub grants: Vec<SkillGrant>,
    pub permissions: Vec<Permission>,
    pub cumulative: Cumulative,
    /// "Klingon and Non-Aligned use only": any of these must be in the crew
    /// or Away Team for the card to work (Glossary "equipment").
    pub use_only: Vec<Trait>,
    /// Required-action sentences ("Ship must do nothing but travel to far
    /// end of spaceline"): the ship and crew it binds may do nothing else
    /// (Glossary "actions – required").
    #[serde(default)]
    pub required: Vec<RequiredAction>,
    /// Movements the card allows a ship to make, outside its normal
    /// movement (`abilities::movement`).
    #[serde(default)]
    pub movement: Vec<MovementAllowance>,
}

/// A required action: its sentence, and where it sends the ship when the
/// lexicon knows the destination it names.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RequiredAction {
    pub sentence: String,
    pub destination: Option<Destination>,
}

/// Where a required action sends a ship.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Destination {
    /// "travel to far end of spaceline" (Cytherians).
    FarEnd,
}

impl Continuous {
    pub fn is_empty(&self) -> bool {
        self.modifiers.is_empty() && self.grants.is_empty() && self.permissions.is_empty()
    }
}

/// Whether a mission's text says who may attempt it ("Any crew may attempt
/// mission"), which makes it attemptable without affiliation icons.
pub fn allows_attempt(text: &str) -> bool {
    let w = &Lexicon::get().continuous;
    let toks = grammar::tokenize(text);
    (0..toks.len()).any(|k| any_phrase_at(&toks, k, &w.attempt_allowed).is_some())
}

/// Whether a card's lore names it an assimilated counterpart.
pub fn lore_says_counterpart(lore: &str) -> bool {
    let w = &Lexicon::get().continuous;
    let toks = grammar::tokenize(lore);
    (0..toks.len()).any(|k| any_phrase_at(&toks, k, &w.counterpart_lore).is_some())
}

/// The continuous effects of a card, compiled once per distinct text.
pub fn of(card: &Card) -> Arc<Continuous> {
    static CACHE: super::cache::TextCache<(String, String), Continuous> =
        super::cache::TextCache::new();
    let key = (card.card_type.name(), card.text.clone());
    CACHE.get(&key, || compile(&card.text, &card.card_type))
}

/// Compile the continuous effects of game text on a card of a type.
pub fn compile(text: &str, card_type: &CardType) -> Continuous {
    let w = &Lexicon::get().continuous;
    let toks = grammar::tokenize(text);
    let mut out = Continuous {
        modifiers: Vec::new(),
        grants: Vec::new(),
        permissions: Vec::new(),
        cumulative: Cumulative::No,
        use_only: Vec::new(),
        required: Vec::new(),
        movement: Vec::new(),
    };
    for (sentence, paren) in grammar::sentences(&toks) {
        out.movement
            .extend(super::movement::allowance_in(&sentence));
        if (0..sentence.len()).any(|k| any_phrase_at(&sentence, k, &w.required).is_some()) {
            let far =
                (0..sentence.len()).any(|k| any_phrase_at(&sentence, k, &w.far_end).is_some());
            out.required.push(RequiredAction {
                sentence: grammar::render(&sentence),
                destination: far.then_some(Destination::FarEnd),
            });
        }
        if let Some(c) = cumulative_in(&sentence, w) {
            out.cumulative = c;
            if paren {
                continue;
            }
        }
        if let Some(traits) = use_only_in(&sentence, w) {
            out.use_only = traits;
            continue;
        }
        let default = default_reach(card_type);
        let mut modifiers = modifiers_in(&sentence, w, default);
        let mut grants = grants_in(&sentence, w, default);
        let mut permissions = super::permission_clause::permissions_in(&sentence, w);
        // "Each may use 1 RANGE to land": a subject left empty refers to the
        // cards the card's previous permission named.
        if let Some(before) = out.permissions.last() {
            for p in permissions
                .iter_mut()
                .filter(|p| p.subject == Subject::none())
            {
                if p.reach == Reach::Anywhere {
                    (p.subject, p.reach) = (before.subject.clone(), before.reach);
                }
            }
        }
        if is_dilemma(card_type) {
            for p in &mut permissions {
                p.reach = Reach::Host;
            }
            // A dilemma's lasting effect stays on the personnel or ship it is
            // placed on; its subject words ("one personnel present (random
            // selection)") chose that card when it was encountered.
            for m in &mut modifiers {
                (m.subject, m.reach) = (Subject::none(), Reach::Host);
            }
            for g in &mut grants {
                (g.subject, g.reach) = (Subject::none(), Reach::Host);
            }
        }
        out.modifiers.extend(modifiers);
        out.grants.extend(grants);
        out.permissions.extend(permissions);
    }
    out
}

fn is_dilemma(t: &CardType) -> bool {
    matches!(t, CardType::Dilemma | CardType::QDilemma)
}

/// Where a modifier reaches when the text does not say: a card on the table
/// reaches everywhere; equipment reaches its crew or Away Team.
fn default_reach(card_type: &CardType) -> Reach {
    match card_type {
        CardType::Equipment => Reach::Present,
        CardType::Personnel | CardType::Ship | CardType::Facility => Reach::Bearer,
        _ => Reach::Anywhere,
    }
}

fn cumulative_in(s: &[Token], w: &ContinuousWords) -> Option<Cumulative> {
    let at = (0..s.len()).find(|&i| any_phrase_at(s, i, &w.cumulative).is_some())?;
    // "(Cumulative up to +3.)": a cap on the total of the copies.
    let cap = s[at..]
        .iter()
        .find_map(|t| signed(&t.text).and_then(|n| n.parse::<i32>().ok()));
    // "not cumulative" (pre-1999 text): the default.
    let negated = at > 0 && s[at - 1].is_word("not");
    Some(match (negated, cap) {
        (true, _) => Cumulative::No,
        (false, Some(n)) => Cumulative::UpTo(n.saturating_abs()),
        (false, None) => Cumulative::Yes,
    })
}

/// "Cardassian and Non-Aligned use only", "[Sta] use only".
fn use_only_in(s: &[Token], w: &ContinuousWords) -> Option<Vec<Trait>> {
    let at = (0..s.len()).find(|&i| any_phrase_at(s, i, &w.use_only).is_some())?;
    let (traits, _) = traits_of(&s[..at], w);
    (!traits.is_empty()).then_some(traits)
}

/// "+2", "-1", "=8", "x2": the number with its sign, as text.
fn signed(s: &str) -> Option<&str> {
    let digits = |r: &str| !r.is_empty() && r.chars().all(|c| c.is_ascii_digit());
    match s.chars().next()? {
        '+' | '-' if digits(&s[1..]) => Some(s),
        '=' | 'x' if digits(&s[1..]) => Some(&s[1..]),
        _ => None,
    }
}

fn op_of(s: &str) -> Option<ModOp> {
    let n: i32 = signed(s)?.trim_start_matches('+').parse().ok()?;
    Some(match s.chars().next()? {
        '=' => ModOp::Set(n),
        'x' => ModOp::Multiply(n),
        _ => ModOp::Add(n),
    })
}

/// An attribute list with its change starting at `i` ("INTEGRITY and
/// CUNNING +1", "attributes all -6", "STRENGTH=8"): attributes, change, end.
fn attr_run(s: &[Token], i: usize) -> Option<(Vec<Attr>, ModOp, usize)> {
    let mut attrs = Vec::new();
    let mut j = i;
    loop {
        let t = s.get(j)?;
        if t.kind != TokKind::Word {
            break;
        }
        let (word, rest) = split_attr(&t.text)?;
        attrs.extend(word);
        if !rest.is_empty() {
            return Some((attrs, op_of(rest)?, j + 1));
        }
        j += 1;
        match s.get(j) {
            Some(n) if n.is_word("and") || n.is_punct(",") => j += 1,
            _ => break,
        }
    }
    // "RANGE and SHIELDS are +2", "attributes all +1".
    while s
        .get(j)
        .is_some_and(|t| ["all", "each", "are", "is"].iter().any(|w| t.is_word(w)))
    {
        j += 1;
    }
    let op = op_of(&s.get(j)?.text)?;
    (!attrs.is_empty()).then_some((attrs, op, j + 1))
}

/// "strength", "strength+2", "attributes": the attributes a word names and
/// the change glued to it.
fn split_attr(word: &str) -> Option<(Vec<Attr>, &str)> {
    if let Some(rest) = word.strip_prefix("attributes") {
        return Some((Attr::ALL.to_vec(), rest));
    }
    let end = word.find(['+', '-', '=']).unwrap_or(word.len());
    Attr::parse(&word[..end]).map(|a| (vec![a], &word[end..]))
}

/// "attributes of 3-3-3": INTEGRITY, CUNNING and STRENGTH set.
fn attribute_triple(s: &[Token], i: usize) -> Option<(Vec<(Attr, i32)>, usize)> {
    if !(s[i].is_word("attributes") && s.get(i + 1)?.is_word("of")) {
        return None;
    }
    let values: Vec<i32> = s
        .get(i + 2)?
        .text
        .split('-')
        .map(|n| n.parse().ok())
        .collect::<Option<Vec<i32>>>()?;
    let attrs = [Attr::Integrity, Attr::Cunning, Attr::Strength];
    (values.len() == 3).then(|| (attrs.into_iter().zip(values).collect(), i + 3))
}

/// "doubles their STRENGTH": a multiplier written as a verb.
fn verb_multiplier(
    s: &[Token],
    i: usize,
    w: &ContinuousWords,
) -> Option<(Vec<Attr>, ModOp, usize)> {
    let factor = if w.double.contains(&s[i].text) {
        2
    } else if w.triple.contains(&s[i].text) {
        3
    } else {
        return None;
    };
    (i + 1..(i + 4).min(s.len())).find_map(|k| {
        let (attrs, rest) = split_attr(&s[k].text)?;
        rest.is_empty()
            .then(|| (attrs, ModOp::Multiply(factor), k + 1))
    })
}

/// The attribute modifiers of one sentence.
fn modifiers_in(s: &[Token], w: &ContinuousWords, default: Reach) -> Vec<Modifier> {
    let mut out = Vec::new();
    let mut clause_start = 0;
    let mut i = 0;
    while i < s.len() {
        if let Some((sets, end)) = attribute_triple(s, i) {
            // "with attributes of 3-3-3": each value set, on the card it is placed on.
            for (attr, n) in sets {
                out.push(Modifier {
                    attrs: vec![attr],
                    op: ModOp::Set(n),
                    subject: Subject::none(),
                    reach: Reach::Host,
                    condition: None,
                    text: grammar::render(s),
                });
            }
            i = end;
            continue;
        }
        let verb = verb_multiplier(s, i, w);
        let run = attr_run(s, i).or_else(|| verb.clone());
        let Some((attrs, op, end)) = run else {
            i += 1;
            continue;
        };
        let (mut subject, mut reach, mut condition) =
            subject_before(s, clause_start, i, end, w, default);
        // "Doubles their STRENGTH": the cards it plays on.
        if verb.is_some() && (i..end).any(|k| any_phrase_at(s, k, &w.host).is_some()) {
            reach = Reach::Host;
        }
        // "doubles WEAPONS of your [Rom] ships here when attacked": the
        // subject follows the attribute.
        if verb.is_some() && s.get(end).is_some_and(|t| t.is_word("of")) {
            let stop = (end + 1..s.len())
                .find(|&k| w.condition.contains(&s[k].text) || s[k].kind == TokKind::Punct)
                .unwrap_or(s.len());
            (subject, reach, _) = subject_before(s, end + 1, stop, stop, w, default);
            if stop < s.len() && w.condition.contains(&s[stop].text) {
                condition = Some(grammar::render(&s[stop..]));
            }
        }
        // A card with no one named ("SHIELDS +2", on an Event played on a
        // ship) changes the card it is played on.
        if subject == Subject::none() && reach == Reach::Anywhere {
            reach = Reach::Host;
        }
        out.push(Modifier {
            attrs,
            op,
            subject,
            reach,
            condition,
            text: grammar::render(s),
        });
        // "STRENGTH +4 and CUNNING +2" shares its subject: the next run
        // starts its own subject only after a new "your"/"each".
        if !opens_subject_between(s, end, w) {
            clause_start = clause_start.min(i);
        } else {
            clause_start = end;
        }
        i = end;
    }
    out
}

/// True when a new subject opens after `from` before the next attribute.
fn opens_subject_between(s: &[Token], from: usize, w: &ContinuousWords) -> bool {
    (from..s.len())
        .take_while(|&k| attr_run(s, k).is_none())
        .any(|k| whose_at(s, k, w).is_some())
}

fn whose_at(s: &[Token], i: usize, w: &ContinuousWords) -> Option<(Whose, usize)> {
    if let Some(e) = any_phrase_at(s, i, &w.opponent) {
        return Some((Whose::Opponents, e));
    }
    if let Some(e) = any_phrase_at(s, i, &w.own) {
        return Some((Whose::Yours, e));
    }
    any_phrase_at(s, i, &w.any).map(|e| (Whose::Any, e))
}

/// The subject, reach and condition of an effect whose words run from
/// `start` to `at` (the attribute or verb) and whose change ends at `end`.
/// "While on a ship", "While on a station or outpost": not a condition to
/// evaluate later but the kind of card the effect's host must be.
fn host_clause(s: &[Token], w: &ContinuousWords) -> Option<Subject> {
    let on = s.iter().position(|t| t.is_word("on"))?;
    if on != 1 || !s[0].is_word("while") {
        return None;
    }
    let (traits, kind) = traits_of(&s[on + 1..], w);
    let traits: Vec<Trait> = traits
        .into_iter()
        .filter(|t| !matches!(&t.descriptor, Descriptor::Word(x) if x == "your"))
        .collect();
    Some(Subject {
        whose: Whose::Any,
        card_type: kind,
        any_of: traits.len() > 1,
        traits,
    })
}

pub(crate) fn subject_before(
    s: &[Token],
    start: usize,
    at: usize,
    end: usize,
    w: &ContinuousWords,
    default: Reach,
) -> (Subject, Reach, Option<String>) {
    let mut condition = None;
    let mut from = start;
    // "While on your Intrepid-class ship, enhances ...": a leading condition.
    let mut host: Option<Subject> = None;
    if s.get(from).is_some_and(|t| w.condition.contains(&t.text)) {
        if let Some(comma) = (from..at).find(|&k| s[k].is_punct(",")) {
            match host_clause(&s[from..comma], w) {
                Some(h) => host = Some(h),
                None => condition = Some(grammar::render(&s[from..comma])),
            }
            from = comma + 1;
        }
    }
    if let Some(h) = host {
        return (h, Reach::Host, condition);
    }
    let mut reach = None;
    // "Where present, each of your ..."
    for k in from..at {
        if let Some(e) = any_phrase_at(s, k, &w.present) {
            if e <= at {
                reach = Some(Reach::Present);
            }
        }
    }
    let mut subject_at = (from..at).find_map(|k| whose_at(s, k, w).map(|(who, e)| (who, k, e)));
    // "Borg spheres each may ...": a trailing "each" refers to the words before it.
    if let Some((Whose::Any, k, e)) = subject_at {
        if e >= at && k > from {
            subject_at = Some((Whose::Any, from, from));
        }
    }
    let mut subject = Subject::none();
    if let Some((who, _, e)) = subject_at {
        subject.whose = who;
        let stop = (e..at).find(|&k| ends_subject(s, k, w)).unwrap_or(at);
        if stop < at && w.condition.contains(&s[stop].text) {
            let cond_end = (stop + 1..at)
                .find(|&k| ends_subject(s, k, w))
                .unwrap_or(at);
            condition = Some(grammar::render(&s[stop..cond_end]));
        }
        let (traits, kind) = traits_of(&s[e..stop], w);
        subject.any_of = traits.len() > 1 && !s[e..stop].iter().any(|t| t.is_word("who"));
        subject.traits = traits;
        subject.card_type = kind;
        reach = reach.or_else(|| reach_in(&s[e..stop], w));
    } else if (from..at).any(|k| any_phrase_at(s, k, &w.host).is_some()) {
        reach = Some(Reach::Host);
    } else {
        // "Androids here are attributes all -6": a subject without "your".
        let (traits, kind) = traits_of(&s[from..at], w);
        if !traits.is_empty() || kind.is_some() {
            subject.traits = traits;
            subject.card_type = kind;
            subject.any_of = subject.traits.len() > 1;
            reach = reach.or_else(|| reach_in(&s[from..at], w));
        }
    }
    // "STRENGTH +2 where present", "SHIELDS +3 while at missions".
    let after = &s[end..];
    if let Some(r) = after
        .iter()
        .take(3)
        .enumerate()
        .find_map(|(k, _)| any_phrase_at(after, k, &w.present).map(|_| Reach::Present))
    {
        reach = Some(r);
    }
    // "SHIELDS +2 for each SCIENCE personnel aboard": a count the compiler
    // keeps as words.
    if after.first().is_some_and(|t| t.is_word("for"))
        && after.get(1).is_some_and(|t| t.is_word("each"))
    {
        condition = Some(grammar::render(after));
    }
    if let Some(c) = after.first().filter(|t| w.condition.contains(&t.text)) {
        let stop = after
            .iter()
            .position(|t| t.is_punct(",") || t.is_punct("("))
            .unwrap_or(after.len());
        condition = Some(format!("{} {}", c.text, grammar::render(&after[1..stop])));
    }
    let reach = reach.unwrap_or(match (default, subject_at.is_some()) {
        (Reach::Bearer, true) => Reach::Anywhere,
        (d, _) => d,
    });
    (subject, reach, condition)
}

/// The words that end a subject: a condition, "is"/"are", "but", or the
/// first attribute change ("... STRENGTH +3, but loses 1 Diplomacy").
fn ends_subject(s: &[Token], k: usize, w: &ContinuousWords) -> bool {
    w.condition.contains(&s[k].text)
        || ["is", "are", "but"].contains(&s[k].text.as_str())
        || attr_run(s, k).is_some()
}

fn reach_in(s: &[Token], w: &ContinuousWords) -> Option<Reach> {
    (0..s.len()).find_map(|k| {
        if any_phrase_at(s, k, &w.crew).is_some() {
            Some(Reach::Aboard)
        } else if any_phrase_at(s, k, &w.present).is_some() {
            Some(Reach::Present)
        } else if any_phrase_at(s, k, &w.aboard).is_some() {
            Some(Reach::Aboard)
        } else if any_phrase_at(s, k, &w.here).is_some() {
            Some(Reach::Here)
        } else {
            None
        }
    })
}

/// The traits and card type named by subject words ("[MQ] personnel and [OS]
/// Klingons", "non-Borg personnel"): fillers, reach words and card-type nouns
/// are not traits.
pub(crate) fn traits_of(s: &[Token], w: &ContinuousWords) -> (Vec<Trait>, Option<String>) {
    let mut traits = Vec::new();
    let mut kind = None;
    let mut negated = false;
    let mut k = 0;
    while k < s.len() {
        let t = &s[k];
        if let Some(e) = any_phrase_at(s, k, &w.present)
            .or_else(|| any_phrase_at(s, k, &w.aboard))
            .or_else(|| any_phrase_at(s, k, &w.here))
        {
            k = e;
            continue;
        }
        if let Some(e) = any_phrase_at(s, k, &w.personnel) {
            kind = Some("personnel".to_string());
            k = e;
            continue;
        }
        if let Some(e) = any_phrase_at(s, k, &w.ship) {
            kind = Some("ship".to_string());
            k = e;
            continue;
        }
        let descriptor = match t.kind {
            TokKind::Icon => Some(Descriptor::Icon(t.text.clone())),
            TokKind::Ref => Some(Descriptor::Card(t.text.clone())),
            // "Non-Aligned" is an affiliation, not the negation of "aligned".
            TokKind::Word if t.text == "non-" && affiliation_after(s, k).is_some() => {
                k += 1;
                affiliation_after(s, k - 1).map(Descriptor::Word)
            }
            TokKind::Word if t.text == "non-" => {
                negated = true;
                None
            }
            TokKind::Word
                if !w.filler.contains(&t.text)
                    && !matches!(t.text.as_str(), "and" | "or" | "a" | "an" | "the")
                    && !w.condition.contains(&t.text) =>
            {
                Some(Descriptor::Word(t.text.clone()))
            }
            _ => None,
        };
        if let Some(descriptor) = descriptor {
            traits.push(Trait {
                descriptor,
                negated,
            });
            negated = false;
        }
        k += 1;
    }
    (traits, kind)
}

/// "non-" + the next word, when together they name an affiliation.
fn affiliation_after(s: &[Token], k: usize) -> Option<String> {
    let next = s.get(k + 1).filter(|t| t.kind == TokKind::Word)?;
    let word = format!("non-{}", next.text);
    crate::vocab::vocabulary()
        .affiliations
        .canonical(&word)
        .map(|_| word)
}

/// The skill grants of one sentence ("each of your [OS] leaders present adds
/// SECURITY", "gains 1 MEDICAL", "loses 1 Diplomacy unless aboard").
fn grants_in(s: &[Token], w: &ContinuousWords, default: Reach) -> Vec<SkillGrant> {
    let mut out = Vec::new();
    let mut clause_start = 0;
    for i in 0..s.len() {
        if s[i].is_punct(".") || s[i].is_punct(";") {
            clause_start = i + 1;
        }
        let lose = w.lose.contains(&s[i].text);
        if !lose && !w.grant.contains(&s[i].text) {
            continue;
        }
        let mut j = i + 1;
        let mut levels = Some(1.0);
        if let Some(n) = s.get(j).and_then(|t| t.text.parse::<f32>().ok()) {
            levels = Some(n);
            j += 1;
        } else if s.get(j).is_some_and(|t| t.is_word("all")) {
            levels = None;
            j += 1;
        }
        let Some((skill, end)) = skill_at(s, j) else {
            continue;
        };
        let levels = match (lose, levels) {
            (true, Some(n)) => Some(-n),
            (true, None) => None,
            (false, l) => Some(l.unwrap_or(1.0)),
        };
        // "... STRENGTH +3, but loses 1 Diplomacy": the subject of the
        // sentence still governs the second verb.
        let (subject, reach, condition) = subject_before(s, clause_start, i, end, w, default);
        out.push(SkillGrant {
            skill,
            levels,
            subject,
            reach,
            condition,
            text: grammar::render(s),
        });
    }
    out
}

/// A skill name (one to three words) starting at `i`: its canonical name and end.
fn skill_at(s: &[Token], i: usize) -> Option<(String, usize)> {
    let skills = &crate::vocab::vocabulary().skills;
    (1..=3).rev().find_map(|n| {
        let words = s.get(i..i + n)?;
        if words.iter().any(|t| t.kind != TokKind::Word) {
            return None;
        }
        let spelled: Vec<&str> = words.iter().map(|t| t.text.as_str()).collect();
        skills.canonical(&spelled.join(" ")).map(|c| (c, i + n))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(text: &str, ty: CardType) -> Continuous {
        compile(text, &ty)
    }

    #[test]
    fn lore_may_name_an_assimilated_counterpart() {
        assert!(lore_says_counterpart(
            "An assimilated counterpart of the Borg."
        ));
        assert!(!lore_says_counterpart("A Borg drone."));
    }

    #[test]
    fn a_missions_text_may_say_who_attempts_it() {
        assert!(allows_attempt("Any crew may attempt mission."));
        assert!(!allows_attempt("Federation"));
    }

    #[test]
    fn a_required_action_is_kept_as_its_sentence() {
        let k = c(
            "Ship must do nothing but travel to far end of spaceline. Crew may not beam.",
            CardType::Dilemma,
        );
        assert_eq!(k.required.len(), 1);
        assert!(k.required[0]
            .sentence
            .to_lowercase()
            .contains("must do nothing but"));
        assert_eq!(k.required[0].destination, Some(Destination::FarEnd));
        let elsewhere = c(
            "Ship must do nothing but return to its outpost.",
            CardType::Dilemma,
        );
        assert_eq!(elsewhere.required[0].destination, None);
        assert!(c("Ship may do anything.", CardType::Event)
            .required
            .is_empty());
    }

    #[test]
    fn movements_for_each_full_turn_are_a_movement_allowance() {
        let k = c(
            "Return it to its former location; it may immediately move (up to its full RANGE) once for each of your full turns it was on this objective.",
            CardType::Objective,
        );
        assert_eq!(k.movement.len(), 1);
        assert!(k.movement[0].sentence.contains("full turns"));
        let never = c("That ship may not move.", CardType::Objective);
        assert!(never.movement.is_empty());
    }

    #[test]
    fn equipment_modifier_with_use_only_and_cumulative() {
        let k = c(
            "Klingon and Non-Aligned use only. Each of your personnel STRENGTH +2 where present. (Cumulative.)",
            CardType::Equipment,
        );
        assert_eq!(k.cumulative, Cumulative::Yes);
        assert_eq!(k.use_only.len(), 2);
        let m = &k.modifiers[0];
        assert_eq!(m.attrs, vec![Attr::Strength]);
        assert_eq!(m.op, ModOp::Add(2));
        assert_eq!(m.subject.whose, Whose::Yours);
        assert_eq!(m.reach, Reach::Present);
        assert_eq!(m.condition, None);
    }

    #[test]
    fn two_attributes_and_a_cap() {
        let k = c(
            "Where present, each of your [MQ] personnel and [OS] Klingons is INTEGRITY and CUNNING +1. (Cumulative up to +3.)",
            CardType::Equipment,
        );
        assert_eq!(k.cumulative, Cumulative::UpTo(3));
        let m = &k.modifiers[0];
        assert_eq!(m.attrs, vec![Attr::Integrity, Attr::Cunning]);
        assert!(m.subject.any_of);
        assert_eq!(m.reach, Reach::Present);
    }

    #[test]
    fn set_values_multipliers_and_hosts() {
        let k = c(
            "Participates in battle like a personnel. STRENGTH=8.",
            CardType::Equipment,
        );
        assert_eq!(k.modifiers[0].op, ModOp::Set(8));
        let d = c(
            "Plays on {Rogue Borg}. Doubles their STRENGTH.",
            CardType::Interrupt,
        );
        assert_eq!(d.modifiers[0].op, ModOp::Multiply(2));
        let h = c(
            "Plays on your ship. Enhances its attributes all +1.",
            CardType::Equipment,
        );
        assert_eq!(h.modifiers[0].reach, Reach::Host);
        assert_eq!(h.modifiers[0].attrs.len(), 6);
    }

    #[test]
    fn a_trailing_condition_is_kept() {
        let k = c(
            "Plays on table. Your ships are SHIELDS +3 while at missions.",
            CardType::Event,
        );
        let m = &k.modifiers[0];
        assert_eq!(m.attrs, vec![Attr::Shields]);
        assert_eq!(m.subject.card_type.as_deref(), Some("ship"));
        assert!(m.condition.as_deref().unwrap().starts_with("while"));
    }

    #[test]
    fn grants_and_losses() {
        let k = c(
            "Federation and Non-Aligned use only. Each of your personnel present is STRENGTH +3, but loses 1 Diplomacy unless aboard your ship. (Cumulative.)",
            CardType::Equipment,
        );
        assert_eq!(k.modifiers.len(), 1);
        assert_eq!(k.modifiers[0].condition, None);
        let g = &k.grants[0];
        assert_eq!(g.skill, "Diplomacy");
        assert_eq!(g.levels, Some(-1.0));
        assert!(g.condition.is_some());
        let a = c(
            "Each of your [OS] leaders present adds SECURITY.",
            CardType::Equipment,
        );
        assert_eq!(a.grants[0].skill, "SECURITY");
        assert_eq!(a.grants[0].levels, Some(1.0));
    }
}
