//! Permissions and restrictions from the cards in play: ONE query, "what
//! permits or forbids this action here?", asked by every check. A card's
//! "may land", "may not beam", "Allows your cards here to initiate battle
//! against [Dom]", "[GQ] Vorta may report here" or "Opponent's side: not
//! attemptable" is compiled by the ability compiler
//! ([`crate::engine::abilities::continuous`]); here it is matched against an
//! action: who acts, what act, aimed at what, where. Every answer names its
//! card and the Glossary entry of the act it is cited under.
//!
//! Kinds of card a rule names by title or lore ("any Nor") are classified
//! here too, from the lexicon's `[[classification]]` table, never from a
//! substring of a title in a check.

use crate::cards::model::{Card, CardType};
use crate::engine::abilities::continuous::{self, Permission, Polarity, Reach};
use crate::engine::abilities::lexicon::Lexicon;
use crate::engine::derived;
use crate::engine::state::{GameState, Permission as Decision, Request, Target};
use crate::engine::verdict::Citation;

/// A request as the rules here read it: the act as the lexicon names it,
/// the acting cards, the piece aimed at and the location where it happens
/// (from the request, else from its target or first actor).
struct Asked<'a> {
    act: &'static str,
    player: &'a str,
    actors: Vec<usize>,
    target: Option<usize>,
    at: Option<usize>,
}

impl<'a> Asked<'a> {
    fn of(state: &GameState, req: &'a Request) -> Option<Asked<'a>> {
        let act = act_named(&req.act)?;
        let actors: Vec<usize> = req.actors.iter().map(|p| p.0).collect();
        let target = match req.target {
            Some(Target::Piece(p)) => Some(p),
            _ => None,
        };
        let at = req
            .at
            .map(|l| l.0)
            .or(match req.target {
                Some(Target::Location(l) | Target::Planet(l)) => Some(l),
                Some(Target::Piece(p)) => state.location_of(p),
                None => None,
            })
            .or_else(|| actors.first().and_then(|&a| state.location_of(a)));
        Some(Asked {
            act,
            player: &req.player.0,
            actors,
            target,
            at,
        })
    }
}

/// Where a permission comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Piece(usize),
    /// The mission of a spaceline location.
    Mission(usize),
}

/// A permission or prohibition that applies to a request.
#[derive(Debug, Clone, PartialEq)]
pub struct Ruling {
    pub polarity: Polarity,
    pub source: Source,
    /// The title of the card with the text.
    pub card: String,
    /// The text it was compiled from.
    pub text: String,
    pub citation: Citation,
}

impl Ruling {
    /// The name of the card that decides: a piece's handle or a mission's title.
    pub fn by(&self, state: &GameState) -> String {
        match self.source {
            Source::Piece(p) => state.pieces[p].handle.clone(),
            Source::Mission(l) => state.locations[l].name.clone(),
        }
    }

    /// "Bajoran Interceptor permits land: \"May take off or land ...\"".
    pub fn describe(&self) -> String {
        let verb = match self.polarity {
            Polarity::Permit => "allows it",
            Polarity::Forbid => "forbids it",
        };
        format!("{} {verb}: \"{}\"", self.card, self.text)
    }
}

/// Every permission or prohibition of the cards in play (and of the
/// missions on the spaceline) that applies to the request.
pub fn rulings(state: &GameState, req: &Request) -> Vec<Ruling> {
    let Some(req) = Asked::of(state, req) else {
        return Vec::new();
    };
    let req = &req;
    let mut out = Vec::new();
    for s in 0..state.pieces.len() {
        let p = &state.pieces[s];
        if !state.in_play(s) || p.status.face_down || p.status.in_stasis {
            continue;
        }
        let compiled = continuous::of(&p.card);
        if !derived::use_only_met(state, s, &compiled) {
            continue;
        }
        for perm in compiled.permissions.iter() {
            if from_piece(state, s, perm, req) {
                out.push(ruling(perm, Source::Piece(s), &p.card));
            }
        }
    }
    for (l, loc) in state.locations.iter().enumerate() {
        for perm in continuous::of(&loc.mission).permissions.iter() {
            if from_mission(state, l, perm, req) {
                out.push(ruling(perm, Source::Mission(l), &loc.mission));
            }
        }
    }
    out
}

/// What the cards in play say about a request: a prohibition first, then a
/// permission, else silence (the rules' default applies).
pub fn decide(state: &GameState, req: &Request) -> Decision {
    let all = rulings(state, req);
    let first = |p: Polarity| all.iter().find(|r| r.polarity == p);
    let (by, why, citation) = match first(Polarity::Forbid).or_else(|| first(Polarity::Permit)) {
        Some(r) => (r.by(state), format!("\"{}\"", r.text), r.citation.clone()),
        None => return Decision::Silent,
    };
    if first(Polarity::Forbid).is_some() {
        Decision::Forbids { by, why, citation }
    } else {
        Decision::Permits { by, why, citation }
    }
}

/// The first prohibition that applies.
pub fn forbidding(state: &GameState, req: &Request) -> Option<Ruling> {
    rulings(state, req)
        .into_iter()
        .find(|r| r.polarity == Polarity::Forbid)
}

/// The first permission that applies.
pub fn permitting(state: &GameState, req: &Request) -> Option<Ruling> {
    rulings(state, req)
        .into_iter()
        .find(|r| r.polarity == Polarity::Permit)
}

/// The permission a card named by the question (`allowed_by`, possibly not
/// yet in play: Commandeer Ship is about to be played) gives this request:
/// the same act, aimed at what the request targets.
pub fn named_permit(state: &GameState, piece: usize, req: &Request) -> Option<Ruling> {
    let req = &Asked::of(state, req)?;
    let card = &state.pieces[piece].card;
    continuous::of(card)
        .permissions
        .iter()
        .find(|p| {
            p.polarity == Polarity::Permit && same_act(&p.act, req.act) && aimed_at(state, p, req)
        })
        .map(|p| ruling(p, Source::Piece(piece), card))
}

/// True when a card's compiled text permits the act (for `allowed_by`: a
/// named card must really grant what it is named for).
pub fn grants(card: &Card, act: &str) -> bool {
    continuous::of(card)
        .permissions
        .iter()
        .any(|p| p.polarity == Polarity::Permit && same_act(&p.act, act))
}

/// A permission of `granted` covers a request for `asked`: the same act, or
/// one the lexicon says it also permits (playing a personnel is reporting it).
fn same_act(granted: &str, asked: &str) -> bool {
    granted == asked
        || Lexicon::get()
            .continuous
            .act
            .iter()
            .any(|a| a.act == asked && a.also.iter().any(|x| x == granted))
}

/// The act a `can act` word names ("take off" → "land"), from the lexicon.
pub fn act_named(word: &str) -> Option<&'static str> {
    let folded = word.trim().to_lowercase();
    Lexicon::get()
        .continuous
        .act
        .iter()
        .find(|a| a.act == folded || a.phrases.contains(&folded))
        .map(|a| a.act.as_str())
}

/// True when a card's characteristics list the special equipment that
/// grants the act ("Cloaking Device" lets a ship cloak).
pub fn equipped(card: &Card, act: &str) -> bool {
    Lexicon::get()
        .continuous
        .act
        .iter()
        .filter(|a| a.act == act)
        .flat_map(|a| a.grants.iter())
        .any(|g| card.has_characteristic(g))
}

/// The Glossary entry of an act, from the lexicon.
pub fn entry_of(act: &str) -> Citation {
    let entry = Lexicon::get()
        .continuous
        .act
        .iter()
        .find(|a| a.act == act)
        .map(|a| a.entry.as_str())
        .unwrap_or("game text");
    Citation::glossary(entry)
}

fn ruling(perm: &Permission, source: Source, card: &Card) -> Ruling {
    // "Opponent's side: ...": each player is affected only by the end of a
    // mission facing him (Glossary "mission").
    let sided =
        matches!(source, Source::Mission(_)) && perm.subject.whose == continuous::Whose::Opponents;
    Ruling {
        polarity: perm.polarity,
        source,
        card: card.title.clone(),
        text: perm.text.clone(),
        citation: if sided {
            Citation::glossary("mission")
        } else {
            entry_of(&perm.act)
        },
    }
}

/// A card in play's permission applies: same act, no unread condition, an
/// actor it reaches, and the target it names.
fn from_piece(state: &GameState, s: usize, perm: &Permission, req: &Asked) -> bool {
    if !same_act(&perm.act, req.act) || perm.condition.is_some() || !aimed_at(state, perm, req) {
        return false;
    }
    let holder = &state.pieces[s].controller;
    if req.actors.is_empty() {
        return whose_player(perm, holder, req.player)
            && (perm.reach != Reach::Here || state.location_of(s) == req.at);
    }
    let destination = act_words(req.act).is_some_and(|a| a.to_destination)
        && matches!(perm.reach, Reach::Here | Reach::Present | Reach::Aboard);
    // "On a site card ..., 'here' means at that specific site only"
    // (Glossary "here"): a site speaks of cards going to it.
    if destination && state.pieces[s].card.card_type == CardType::Site && req.target != Some(s) {
        return false;
    }
    let actors = acting(state, req);
    let reached = |&a: &usize| {
        let here = (perm.reach == Reach::Here || destination)
            && req.at.is_some()
            && state.location_of(s) == req.at
            && derived::is_subject(state, holder, &perm.subject, a);
        here || derived::reaches(state, s, &perm.subject, perm.reach, a)
    };
    // A prohibition stops the act if it reaches any actor; a permission
    // must cover every one.
    match perm.polarity {
        Polarity::Forbid => actors.iter().any(reached),
        Polarity::Permit => actors.iter().all(reached),
    }
}

fn act_words(act: &str) -> Option<&'static crate::engine::abilities::lexicon::ActWords> {
    Lexicon::get().continuous.act.iter().find(|a| a.act == act)
}

/// The cards acting: the request's actors, and for an act performed through
/// a crew (a mission attempt by a ship) the crew aboard.
fn acting(state: &GameState, req: &Asked) -> Vec<usize> {
    let mut out = req.actors.clone();
    if act_words(req.act).is_some_and(|a| a.by_crew) {
        for &a in &req.actors {
            out.extend(state.crew(a));
        }
    }
    out
}

/// A mission's permission: it speaks of acts at its own location.
fn from_mission(state: &GameState, l: usize, perm: &Permission, req: &Asked) -> bool {
    if !same_act(&perm.act, req.act) || perm.condition.is_some() || req.at != Some(l) {
        return false;
    }
    let holder = state.locations[l].owner.as_deref().unwrap_or_default();
    whose_player(perm, holder, req.player)
        && aimed_at(state, perm, req)
        && req
            .actors
            .iter()
            .all(|&a| derived::is_subject(state, holder, &perm.subject, a))
}

/// "Opponent's side", "your": the acting player against the card's holder.
fn whose_player(perm: &Permission, holder: &str, player: &str) -> bool {
    use continuous::Whose;
    match perm.subject.whose {
        Whose::Yours => holder.is_empty() || holder.eq_ignore_ascii_case(player),
        Whose::Opponents => !holder.eq_ignore_ascii_case(player),
        Whose::Any => true,
    }
}

/// "initiate battle against [Dom]": the request's target has what it names.
fn aimed_at(state: &GameState, perm: &Permission, req: &Asked) -> bool {
    if perm.objects.is_empty() {
        return true;
    }
    req.target
        .is_some_and(|t| derived::traits_hold(state, t, &perm.objects, true))
}

/// True when the piece is of a kind the lexicon classifies by title, lore or
/// class (`"Nor"`), with the entry defining it.
pub fn is_a(state: &GameState, piece: usize, kind: &str) -> Option<Citation> {
    let card = &state.pieces[piece].card;
    let class = Lexicon::get()
        .classification
        .iter()
        .find(|c| c.name.eq_ignore_ascii_case(kind))?;
    let has_class = card.class.as_deref().is_some_and(|k| {
        k.to_lowercase()
            .split_whitespace()
            .any(|w| w == class.class)
    });
    let named = |text: &str| {
        text.split(|c: char| !c.is_alphanumeric())
            .any(|w| w.eq_ignore_ascii_case(&class.word))
    };
    let listed = class
        .titles
        .iter()
        .any(|t| crate::engine::abilities::reference_names(t, &card.title));
    (has_class && (named(&card.title) || named(&card.lore) || listed))
        .then(|| Citation::glossary(&class.entry))
}
