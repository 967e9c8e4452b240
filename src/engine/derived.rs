//! Derived state: every attribute and skill of a piece as it is in play, from
//! its printed values plus the continuous effects of the cards in play, in
//! the rulebook's order (Glossary "attribute modifiers"; 1E rulebook "ADD THEN
//! MULTIPLY"): the printed value, then values a card sets (treated as
//! printed), then every + and −, then multipliers, never below zero. An
//! undefined attribute counts as 0 and is never modified (Glossary "undefined
//! attribute"). Copies of a card stack only when it is cumulative; damage
//! markers always do (Glossary "cumulative"). Equipment marked "X use only"
//! works only when its crew or Away Team holds an X (Glossary "equipment").
//!
//! Card text is never read here: the modifiers come compiled from
//! [`crate::engine::abilities::continuous`].

use crate::cards::model::{Card, CardType, Skill, Stat};
use crate::engine::abilities::continuous::{
    self, Attr, Continuous, Cumulative, Descriptor, ModOp, Reach, Subject, Trait, Whose,
};
use crate::engine::state::{GameState, Place, Target};
use crate::engine::verdict::{Citation, Reason};

/// A card in play that changed a value, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    /// The piece whose text (or damage marker) made the change.
    pub source: usize,
    /// "Klingon Disruptor: STRENGTH +2".
    pub text: String,
    pub citation: Citation,
}

impl Change {
    /// The change as a verdict's reason about the piece `handle`.
    pub fn reason(self, handle: &str) -> Reason {
        Reason {
            text: format!("{} ({handle})", self.text),
            citation: Some(self.citation),
        }
    }
}

/// A derived attribute.
#[derive(Debug, Clone, PartialEq)]
pub struct Value {
    pub value: i32,
    /// False for an undefined attribute (counts as 0, never modified).
    pub defined: bool,
    pub changes: Vec<Change>,
    /// What decided whether a reaching modifier applies: a second copy of a
    /// non-cumulative card left out, equipment whose "use only" is (un)met.
    pub notes: Vec<Change>,
}

/// The printed value of a box: a number, or a dual-personnel sum ("6+4" is
/// 10 in a total; Glossary "dual-personnel cards"); `None` when undefined
/// ("NO", "Q").
pub fn printed_value(stat: Option<&Stat>) -> Option<i32> {
    match stat? {
        Stat::Num(n) => Some(*n),
        Stat::Text(t) => {
            let parts: Vec<i32> = t
                .split('+')
                .filter_map(|p| p.trim().parse::<i32>().ok())
                .collect();
            (!parts.is_empty()).then(|| parts.iter().fold(0i32, |a, b| a.saturating_add(*b)))
        }
    }
}

/// True when the attribute belongs to this kind of card (INTEGRITY to
/// personnel, RANGE to ships and facilities).
fn carries(card: &Card, attr: Attr) -> bool {
    match card.card_type {
        CardType::Personnel => attr.of_personnel(),
        CardType::Ship | CardType::Facility | CardType::Site => !attr.of_personnel(),
        _ => true,
    }
}

/// One modifier that reaches the piece.
struct Applied {
    source: usize,
    op: ModOp,
    cumulative: Cumulative,
    title: String,
}

/// The derived value of an attribute of a piece.
pub fn attribute(state: &GameState, piece: usize, attr: Attr) -> Value {
    let card = &state.pieces[piece].card;
    let Some(printed) = printed_value(attr.printed(card)).filter(|_| carries(card, attr)) else {
        return Value {
            value: 0,
            defined: false,
            changes: Vec::new(),
            notes: Vec::new(),
        };
    };
    let (reaching, mut notes) = modifiers_on(state, piece, attr);
    let Stacked {
        applied,
        dropped,
        stacking,
    } = stacked(reaching);
    notes.extend(dropped.into_iter().map(|a| Change {
        source: a.source,
        text: format!(
            "another {} is not cumulative: its {} {} does not apply again",
            a.title,
            attr.name(),
            a.op
        ),
        citation: Citation::glossary("cumulative"),
    }));
    notes.extend(stacking.into_iter().map(|(source, title)| Change {
        source,
        text: format!(
            "another {title} is cumulative: its {} modifier applies again",
            attr.name()
        ),
        citation: Citation::glossary("cumulative"),
    }));
    let mut changes = Vec::new();
    let mut value = printed;
    let mut note = |a: &Applied| {
        changes.push(Change {
            source: a.source,
            text: format!("{}: {} {}", a.title, attr.name(), a.op),
            citation: Citation::glossary("attribute modifiers"),
        })
    };
    // Set first (treated as printed), then add, then multiply.
    for a in applied.iter().filter(|a| matches!(a.op, ModOp::Set(_))) {
        if let ModOp::Set(n) = a.op {
            value = n;
        }
        note(a);
    }
    for a in applied.iter().filter(|a| matches!(a.op, ModOp::Add(_))) {
        if let ModOp::Add(n) = a.op {
            value = value.saturating_add(n);
        }
        note(a);
    }
    for a in applied
        .iter()
        .filter(|a| matches!(a.op, ModOp::Multiply(_)))
    {
        if let ModOp::Multiply(n) = a.op {
            value = value.saturating_mul(n);
        }
        note(a);
    }
    Value {
        value: value.max(0),
        defined: true,
        changes,
        notes,
    }
}

/// Every modifier of a card in play that reaches `piece`'s `attr`, damage
/// markers included; and the equipment whose "use only" keeps it from working.
fn modifiers_on(state: &GameState, piece: usize, attr: Attr) -> (Vec<Applied>, Vec<Change>) {
    let mut out = Vec::new();
    let mut idle = Vec::new();
    for source in in_play_sources(state) {
        let src = &state.pieces[source].card;
        let compiled = continuous::of(src);
        let met = use_only_met(state, source, &compiled);
        let reaching = compiled
            .modifiers
            .iter()
            .any(|m| m.attrs.contains(&attr) && reaches(state, source, &m.subject, m.reach, piece));
        if !compiled.use_only.is_empty() && reaching {
            let (works, verb) = if met {
                ("works", "holds one")
            } else {
                ("does not work", "holds none")
            };
            idle.push(Change {
                source,
                text: format!(
                    "{} {works}: its crew or Away Team {verb} of {} (\"use only\")",
                    src.title,
                    traits_text(&compiled.use_only)
                ),
                citation: Citation::glossary("equipment"),
            });
        }
        if !met {
            continue;
        }
        if let Some(op) = damage_marker(state, source, piece, attr) {
            out.push(Applied {
                source,
                op,
                cumulative: Cumulative::Yes,
                title: src.title.clone(),
            });
        }
        for m in compiled
            .modifiers
            .iter()
            .filter(|m| m.attrs.contains(&attr))
        {
            if m.condition.is_none() && reaches(state, source, &m.subject, m.reach, piece) {
                out.push(Applied {
                    source,
                    op: m.op,
                    cumulative: compiled.cumulative,
                    title: src.title.clone(),
                });
            }
        }
    }
    (out, idle)
}

fn traits_text(traits: &[Trait]) -> String {
    let words: Vec<String> = traits
        .iter()
        .map(|t| match &t.descriptor {
            Descriptor::Word(w) | Descriptor::Icon(w) | Descriptor::Card(w) => w.clone(),
        })
        .collect();
    words.join(", ")
}

/// A damage marker (a Tactic card placed on a ship) changes its host by its
/// printed boxes: RANGE, WEAPONS, SHIELDS in order.
fn damage_marker(state: &GameState, source: usize, piece: usize, attr: Attr) -> Option<ModOp> {
    let s = &state.pieces[source];
    let marker = matches!(s.card.card_type, CardType::Tactic | CardType::DamageMarker);
    if !marker || s.at != Place::Aboard(piece) || attr.of_personnel() {
        return None;
    }
    printed_value(attr.printed(&s.card)).map(ModOp::Add)
}

/// The modifiers reaching a piece after copies are counted.
struct Stacked {
    applied: Vec<Applied>,
    /// Copies of a non-cumulative card, left out.
    dropped: Vec<Applied>,
    /// Copies of a cumulative card that applied again: source and title.
    stacking: Vec<(usize, String)>,
}

/// Copies of a non-cumulative card count once; a cumulative card's copies
/// stack (up to its cap, when it has one).
fn stacked(reaching: Vec<Applied>) -> Stacked {
    let mut out = Stacked {
        applied: Vec::new(),
        dropped: Vec::new(),
        stacking: Vec::new(),
    };
    for a in reaching {
        let same = out
            .applied
            .iter_mut()
            .find(|b| b.title == a.title && same_kind(b.op, a.op));
        match (same, a.cumulative) {
            (None, _) => out.applied.push(a),
            (Some(_), Cumulative::No) => out.dropped.push(a),
            (Some(_), Cumulative::Yes) => {
                out.stacking.push((a.source, a.title.clone()));
                out.applied.push(a)
            }
            (Some(b), Cumulative::UpTo(cap)) => {
                out.stacking.push((a.source, a.title.clone()));
                if let (ModOp::Add(x), ModOp::Add(y)) = (b.op, a.op) {
                    b.op = ModOp::Add(x.saturating_add(y).clamp(-cap, cap));
                }
            }
        }
    }
    out
}

fn same_kind(a: ModOp, b: ModOp) -> bool {
    std::mem::discriminant(&a) == std::mem::discriminant(&b)
}

/// Pieces in play whose text works: face up and not in stasis.
fn in_play_sources(state: &GameState) -> impl Iterator<Item = usize> + '_ {
    (0..state.pieces.len()).filter(move |&s| {
        state.in_play(s) && !state.pieces[s].status.face_down && !state.pieces[s].status.in_stasis
    })
}

/// Pieces in play whose continuous effects work now, "X use only" met.
fn working_sources(state: &GameState) -> impl Iterator<Item = usize> + '_ {
    in_play_sources(state)
        .filter(move |&s| use_only_met(state, s, &continuous::of(&state.pieces[s].card)))
}

/// "Klingon and Non-Aligned use only": the crew or Away Team with the card
/// must hold at least one personnel of one of those affiliations or species
/// (Glossary "equipment").
pub fn use_only_met(state: &GameState, source: usize, compiled: &Continuous) -> bool {
    if compiled.use_only.is_empty() {
        return true;
    }
    group_members(state, source).into_iter().any(|p| {
        compiled
            .use_only
            .iter()
            .any(|t| has_trait(state, p, &t.descriptor))
    })
}

/// The personnel of the crew or Away Team a card is with.
pub fn group_members(state: &GameState, piece: usize) -> Vec<usize> {
    let Some(g) = group(state, piece) else {
        return Vec::new();
    };
    (0..state.pieces.len())
        .filter(|&p| {
            p != piece && state.pieces[p].card.is_personnel() && group(state, p) == Some(g)
        })
        .collect()
}

/// Where a card's crew or Away Team is: aboard a carrier or on a planet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Group {
    Aboard(usize),
    Planet(usize),
    Space(usize),
}

fn group(state: &GameState, piece: usize) -> Option<Group> {
    // Equipment played on a personnel is with that personnel's group; the
    // walk is bounded so a malformed "aboard" cycle cannot loop.
    let mut cur = piece;
    for _ in 0..32 {
        match state.pieces[cur].at {
            Place::Aboard(c) if c != cur && state.pieces[c].card.is_personnel() => cur = c,
            Place::Aboard(c) => return Some(Group::Aboard(c)),
            Place::Planet(l) => return Some(Group::Planet(l)),
            Place::Space(l) => return Some(Group::Space(l)),
            _ => return None,
        }
    }
    None
}

/// True when a continuous effect of `source` (its subject and reach) covers `piece`.
pub fn reaches(
    state: &GameState,
    source: usize,
    subject: &Subject,
    reach: Reach,
    piece: usize,
) -> bool {
    let place = match reach {
        Reach::Bearer => source == piece,
        Reach::Host => hosts(state, source, piece),
        Reach::Present => {
            state.pieces[piece].at == Place::Aboard(source)
                || group(state, source).is_some_and(|g| group(state, piece) == Some(g))
        }
        Reach::Aboard => {
            state.pieces[piece].at == Place::Aboard(source)
                || matches!(group(state, source), Some(Group::Aboard(_)))
                    && group(state, source) == group(state, piece)
        }
        Reach::Here => {
            state.location_of(source).is_some()
                && state.location_of(source) == state.location_of(piece)
        }
        Reach::Anywhere => state.in_play(piece),
    };
    place && in_subject(state, source, subject, piece)
}

/// `source` is played on (or aboard, or targets) `piece`.
fn hosts(state: &GameState, source: usize, piece: usize) -> bool {
    let s = &state.pieces[source];
    s.at == Place::Aboard(piece) || s.target == Some(Target::Piece(piece))
}

/// True when `piece` is one of the cards a subject names, seen from the card
/// with the text.
pub fn in_subject(state: &GameState, source: usize, subject: &Subject, piece: usize) -> bool {
    is_subject(state, &state.pieces[source].controller, subject, piece)
}

/// True when `piece` is one of the cards a subject names, seen from the
/// player `holder` who controls the card with the text ("your", "opponent's").
pub fn is_subject(state: &GameState, holder: &str, subject: &Subject, piece: usize) -> bool {
    let p = &state.pieces[piece];
    let whose = match subject.whose {
        Whose::Yours => holder.eq_ignore_ascii_case(&p.controller),
        Whose::Opponents => !holder.eq_ignore_ascii_case(&p.controller),
        Whose::Any => true,
    };
    let kind = match subject.card_type.as_deref() {
        Some("personnel") => p.card.is_personnel(),
        Some("ship") => p.card.card_type == CardType::Ship,
        _ => true,
    };
    whose && kind && traits_hold(state, piece, &subject.traits, subject.any_of)
}

/// Every negated trait is absent; the others all hold (or, for a list, one does).
pub fn traits_hold(state: &GameState, piece: usize, traits: &[Trait], any_of: bool) -> bool {
    let (neg, pos): (Vec<&Trait>, Vec<&Trait>) = traits.iter().partition(|t| t.negated);
    let holds = |t: &&Trait| has_trait(state, piece, &t.descriptor);
    neg.iter().all(|t| !holds(t))
        && (pos.is_empty()
            || if any_of {
                pos.iter().any(holds)
            } else {
                pos.iter().all(holds)
            })
}

/// True when a piece answers to a descriptor: an icon it has, a card title
/// or persona it is, or a word naming its affiliation, species or other
/// characteristic, a skill, or its classification ("Klingons" is a Klingon
/// by affiliation or species: Glossary "affiliation and species").
pub fn has_trait(state: &GameState, piece: usize, d: &Descriptor) -> bool {
    let card = &state.pieces[piece].card;
    let affiliations = state.affiliations(piece);
    match d {
        Descriptor::Icon(code) => {
            // Cards list icon codes without brackets ("Cmd"); an affiliation
            // icon is held by a card of that affiliation.
            let code = code.trim_matches(|c| c == '[' || c == ']');
            let icons = &crate::vocab::vocabulary().icons;
            card.has_icon(code)
                || icons.canonical(code).is_some_and(|c| card.has_icon(c))
                || icons
                    .affiliation(code)
                    .is_some_and(|a| affiliations.iter().any(|x| x.eq_ignore_ascii_case(a)))
        }
        Descriptor::Card(r) => {
            crate::engine::abilities::reference_names(r, &card.title)
                || card
                    .persona_names()
                    .iter()
                    .any(|n| crate::engine::abilities::reference_names(r, n))
        }
        Descriptor::Word(w) => crate::engine::abilities::grammar::singulars(w)
            .iter()
            .any(|w| {
                affiliations.iter().any(|a| a.eq_ignore_ascii_case(w))
                    || card
                        .characteristics
                        .iter()
                        .any(|c| c.split('/').any(|part| part.trim().eq_ignore_ascii_case(w)))
                    || card.skill_level(w) > 0.0
                    || card.class.as_deref().is_some_and(|k| {
                        k.eq_ignore_ascii_case(w) || k.to_lowercase().contains(w.as_str())
                    })
            }),
    }
}

/// The skills of a piece in play: its printed skills plus those granted by
/// cards in play (a non-cumulative card's copies once), less those taken away.
pub fn skills(state: &GameState, piece: usize) -> (Vec<Skill>, Vec<Change>) {
    let mut skills = state.pieces[piece].card.skills.clone();
    let mut changes = Vec::new();
    let mut counted: Vec<(String, String)> = Vec::new();
    for source in working_sources(state) {
        let src = &state.pieces[source].card;
        let compiled = continuous::of(src);
        for g in &compiled.grants {
            if g.condition.is_some() || !reaches(state, source, &g.subject, g.reach, piece) {
                continue;
            }
            let key = (src.title.clone(), g.skill.clone());
            if compiled.cumulative == Cumulative::No && counted.contains(&key) {
                continue;
            }
            counted.push(key);
            grant(&mut skills, &g.skill, g.levels);
            let what = match g.levels {
                Some(n) if n < 0.0 => format!("loses {} {}", -n, g.skill),
                Some(n) => format!("gains {n} {}", g.skill),
                None => format!("loses all {}", g.skill),
            };
            changes.push(Change {
                source,
                text: format!("{}: {what}", src.title),
                citation: Citation::glossary("cumulative"),
            });
        }
    }
    shared(state, piece, &mut skills, &mut changes);
    (skills, changes)
}

/// Skill-sharing (Glossary "skill-sharing"): under a card of the player's
/// in play at the location that lets them, each of the player's personnel
/// of the kind it names, present with one of them that has its icon, has
/// every regular skill of that group at its highest level. Skills boxes are
/// shared (special skills never are).
fn shared(state: &GameState, piece: usize, skills: &mut Vec<Skill>, changes: &mut Vec<Change>) {
    let me = &state.pieces[piece];
    if !me.card.is_personnel() {
        return;
    }
    for source in working_sources(state) {
        let Some(sharing) = crate::engine::abilities::sharing::of(&state.pieces[source].card)
        else {
            continue;
        };
        let here = state.location_of(piece);
        if state.pieces[source].controller != me.controller || state.location_of(source) != here {
            continue;
        }
        let kind = Descriptor::Word(sharing.kind.clone());
        let group: Vec<usize> = (0..state.pieces.len())
            .filter(|&q| q == piece || state.present_together(q, piece))
            .filter(|&q| state.pieces[q].card.is_personnel())
            .filter(|&q| state.pieces[q].controller == me.controller && has_trait(state, q, &kind))
            .collect();
        let icon_held = |icon: &String| group.iter().any(|&q| state.pieces[q].card.has_icon(icon));
        if !group.contains(&piece) || !sharing.with_icon.as_ref().is_none_or(icon_held) {
            continue;
        }
        let before = skills.clone();
        for s in group.iter().flat_map(|&q| &state.pieces[q].card.skills) {
            match skills
                .iter_mut()
                .find(|k| k.name.eq_ignore_ascii_case(&s.name))
            {
                Some(k) => k.level = k.level.max(s.level),
                None => skills.push(s.clone()),
            }
        }
        if *skills != before {
            changes.push(Change {
                source,
                text: format!(
                    "{}: the {} present share their skills, each at its highest level",
                    state.pieces[source].card.title, sharing.kind
                ),
                citation: Citation::glossary("skill-sharing"),
            });
        }
        return;
    }
}

fn grant(skills: &mut Vec<Skill>, name: &str, levels: Option<f32>) {
    let at = skills
        .iter()
        .position(|s| s.name.eq_ignore_ascii_case(name));
    match (at, levels) {
        (Some(i), Some(n)) => skills[i].level = (skills[i].level + n).max(0.0),
        (Some(i), None) => skills[i].level = 0.0,
        (None, Some(n)) if n > 0.0 => skills.push(Skill {
            name: name.to_string(),
            level: n,
        }),
        _ => {}
    }
    skills.retain(|s| s.level > 0.0);
}

/// The card as it is in play: its mode's affiliation, derived attributes
/// (as numbers; undefined ones stay as printed) and derived skills. What
/// requirements, battle and staffing read.
pub fn card(state: &GameState, piece: usize) -> Card {
    let mut card = state.pieces[piece].card.clone();
    card.affiliations = state.affiliations(piece);
    let attrs = box_attrs(&card);
    for (b, attr) in boxes(&mut card).into_iter().zip(attrs) {
        let v = attribute(state, piece, attr);
        if v.defined {
            *b = Some(Stat::Num(v.value));
        }
    }
    card.skills = skills(state, piece).0;
    card
}

/// The card as printed, for "printed" conditions: "if a card or rule
/// changes an attribute to a specific value (rather than adding or
/// subtracting), treat it as if the changed value were printed on the card"
/// (Glossary "attribute modifiers"). A value a card sets replaces the box;
/// added or multiplied modifiers are left out.
pub fn printed_card(state: &GameState, piece: usize) -> Card {
    let mut card = state.pieces[piece].card.clone();
    let attrs = box_attrs(&card);
    for (b, attr) in boxes(&mut card).into_iter().zip(attrs) {
        if let Some(n) = set_value(state, piece, attr) {
            *b = Some(Stat::Num(n));
        }
    }
    card
}

/// The attribute each of a card's three boxes holds.
fn box_attrs(card: &Card) -> [Attr; 3] {
    if card.is_personnel() {
        [Attr::Integrity, Attr::Cunning, Attr::Strength]
    } else {
        [Attr::Range, Attr::Weapons, Attr::Shields]
    }
}

fn boxes(card: &mut Card) -> [&mut Option<Stat>; 3] {
    [&mut card.int_rng, &mut card.cun_wpn, &mut card.str_shd]
}

/// The value a card in play sets `attr` of `piece` to, if any (the last
/// set modifier that stacks; none for an undefined attribute).
fn set_value(state: &GameState, piece: usize, attr: Attr) -> Option<i32> {
    let card = &state.pieces[piece].card;
    printed_value(attr.printed(card)).filter(|_| carries(card, attr))?;
    let (reaching, _) = modifiers_on(state, piece, attr);
    stacked(reaching)
        .applied
        .iter()
        .rev()
        .find_map(|a| match a.op {
            ModOp::Set(n) => Some(n),
            _ => None,
        })
}

/// Every change to a piece's attributes and skills, as a verdict's reasons
/// (each naming its card and the entry it applies).
pub fn reasons(state: &GameState, piece: usize) -> Vec<Reason> {
    let mut out: Vec<Change> = Attr::ALL
        .iter()
        .flat_map(|&a| attribute(state, piece, a).changes)
        .collect();
    out.extend(skills(state, piece).1);
    let changes = out
        .into_iter()
        .map(|c| c.reason(&state.pieces[piece].handle));
    mode_reason(state, piece)
        .into_iter()
        .chain(changes)
        .collect()
}

/// A multi-affiliation card in a mode plays with that mode's features (the
/// scenario loader gives it its mode's skill box: `cards::ingest::in_mode`).
fn mode_reason(state: &GameState, piece: usize) -> Option<Reason> {
    let p = &state.pieces[piece];
    let mode = p.mode.as_ref().filter(|_| p.card.affiliations.len() > 1)?;
    Some(Reason {
        text: format!(
            "{} is in {mode} mode: a multi-affiliation card's skills and other features are those of its current affiliation mode",
            p.handle
        ),
        citation: Some(Citation::glossary("multi-affiliation cards")),
    })
}

/// The derived value of an attribute, pushing a reason for each card that
/// changed it (with the entry it is applied under) and for an undefined one.
pub fn read(state: &GameState, piece: usize, attr: Attr, reasons: &mut Vec<Reason>) -> i32 {
    let v = attribute(state, piece, attr);
    reasons.extend(mode_reason(state, piece));
    if !v.defined && attr.printed(&state.pieces[piece].card).is_some() {
        reasons.push(Reason {
            text: format!(
                "{}'s {} is undefined: it counts as 0 and cannot be modified",
                state.pieces[piece].handle,
                attr.name()
            ),
            citation: Some(Citation::glossary("undefined attribute")),
        });
    }
    reasons.extend(
        v.changes
            .into_iter()
            .chain(v.notes)
            .map(|c| c.reason(&state.pieces[piece].handle)),
    );
    v.value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::fixture;
    use crate::engine::state::Place;

    #[test]
    fn a_set_value_is_printed_an_added_one_is_not() {
        let mut s = fixture::table();
        let at = Place::Planet(fixture::location(&mut s, "Alpha"));
        let person = fixture::piece(&mut s, "p", CardType::Personnel, "alice", at, |c| {
            c.int_rng = Some(Stat::Num(8));
            c.cun_wpn = Some(Stat::Num(8));
            c.str_shd = Some(Stat::Num(8));
        });
        assert_eq!(printed_card(&s, person).int_rng, Some(Stat::Num(8)));
        fixture::piece(
            &mut s,
            "f",
            CardType::Dilemma,
            "bob",
            Place::Aboard(person),
            |c| {
                c.text = "One personnel present now becomes Non-Aligned with attributes of 3-3-3."
                    .into();
            },
        );
        assert_eq!(printed_card(&s, person).int_rng, Some(Stat::Num(3)));
        fixture::piece(&mut s, "e", CardType::Equipment, "alice", at, |c| {
            c.text = "Each of your personnel present is INTEGRITY +2.".into();
        });
        assert_eq!(attribute(&s, person, Attr::Integrity).value, 5);
        assert_eq!(printed_card(&s, person).int_rng, Some(Stat::Num(3)));
    }
}
