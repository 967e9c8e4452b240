//! Valid responses and card-play timing.
//!
//! A valid response "must specifically relate to (modify, cancel, nullify, or
//! prevent) the action" (Glossary "actions – step 2: responses"), to one of its
//! sub-actions ("actions – group"), or suspend play ("suspends play").
//! Usefulness is not relevance: the relation is read from the responder's
//! compiled abilities (its timing clause names the action, or a relating effect
//! names the action or the card performing it), never from what it could do.

use crate::cards::model::{Card, CardDb, CardType};
use crate::engine::abilities::continuous::{Descriptor, Subject, Whose};
use crate::engine::abilities::encounter_permits::{encounter_allowances, EncounterAllowance};
use crate::engine::abilities::immunity::ImmunityKind;
use crate::engine::abilities::{
    compile, find_card, lexicon::Lexicon, reference_names, Ability, CompiledCard, Target, Timing,
    TimingClass,
};
use crate::engine::action::{Action, Step};
use crate::engine::state::{GameState, Place};
use crate::engine::verdict::{Citation, Reason};

pub use crate::engine::checks::respond::{
    can_play, can_play_from, valid_response, valid_response_by,
};

const RESPONSES: &str = "actions – step 2: responses";
const GROUP: &str = "actions – group";
const JUST: &str = "actions – “just”";

fn reason(text: impl Into<String>, cite: Option<Citation>) -> Reason {
    Reason {
        text: text.into(),
        citation: cite,
    }
}

/// The one function of a multi-function card that `excerpt` names (a
/// question's `function = "<text excerpt>"`), by its compiled text: each
/// "OR" function keeps its own timing. An error names the card's functions
/// when the excerpt matches none of them, or several.
pub fn function_named(compiled: &CompiledCard, excerpt: &str) -> Result<usize, String> {
    let fold = |s: &str| {
        let f = crate::repair::fold_for_match(s);
        f.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    let want = fold(excerpt);
    let hits: Vec<usize> = (0..compiled.abilities.len())
        .filter(|&i| fold(&compiled.abilities[i].text).contains(&want))
        .collect();
    let listed = || {
        let texts = compiled.abilities.iter().enumerate();
        let texts: Vec<String> = texts
            .map(|(i, a)| format!("{}. \"{}\"", i + 1, a.text))
            .collect();
        texts.join("; ")
    };
    match hits.as_slice() {
        [one] => Ok(*one),
        [] => Err(format!(
            "`function` \"{excerpt}\" matches none of the functions of {}: {}",
            compiled.title,
            listed()
        )),
        _ => Err(format!(
            "`function` \"{excerpt}\" matches {} functions of {} (quote more of one): {}",
            hits.len(),
            compiled.title,
            listed()
        )),
    }
}

/// `card`'s compiled text, narrowed to the function `excerpt` names (all of
/// them without one, or when it names none: the file's loader reports that).
pub fn compiled_using(card: &Card, excerpt: Option<&str>) -> CompiledCard {
    let mut compiled = compile(card);
    if let Some(i) = excerpt.and_then(|e| function_named(&compiled, e).ok()) {
        let used = compiled.abilities.swap_remove(i);
        compiled.abilities = vec![used];
    }
    compiled
}

/// An action under way, or one implied by the card it plays or encounters
/// (You Dirty Rat's card play will morph its target; a Borg Ship dilemma attacks).
#[derive(Debug, Clone)]
struct ChainLink {
    kind: String,
    /// Cards performing it: the card played or encountered, and `by`.
    actors: Vec<String>,
    step: Step,
    /// How many levels above the action asked about (0 = the action itself).
    depth: usize,
    implied: bool,
    /// The card played or encountered, when there is one.
    card: Option<String>,
    /// Cards the action is against.
    targets: Vec<String>,
}

fn links(action: &Action, db: &CardDb) -> Vec<ChainLink> {
    let lx = Lexicon::get();
    let mut out = Vec::new();
    for (depth, a) in action.chain().enumerate() {
        let mut actors: Vec<String> = a.card.iter().cloned().collect();
        actors.extend(a.by.iter().cloned());
        out.push(ChainLink {
            kind: lx.normalize_kind(&a.kind),
            actors: actors.clone(),
            step: a.step,
            depth,
            implied: false,
            card: a.card.clone(),
            targets: a.targets.clone(),
        });
        let Some(card) = a.card.as_deref().and_then(|t| find_card(db, t)) else {
            continue;
        };
        for e in compile(card).effects() {
            let Some(kind) = lx.effect(&e.verb).and_then(|v| v.action.clone()) else {
                continue;
            };
            let mut by = actors.clone();
            by.extend(a.targets.iter().cloned());
            out.push(ChainLink {
                kind,
                actors: by,
                step: a.step,
                depth,
                implied: true,
                card: None,
                targets: Vec::new(),
            });
        }
    }
    out
}

fn card_type_of(db: &CardDb, title: &str) -> Option<CardType> {
    find_card(db, title).map(|c| c.card_type.clone())
}

pub(crate) fn type_matches(t: &CardType, name: &str) -> bool {
    let n = t.name().to_lowercase();
    n == name || n.ends_with(&format!(" {name}")) || n.split('/').any(|p| p == name)
}

/// Does a card / card-type target name a card this link involves?
fn names_link(target: &Target, link: &ChainLink, db: &CardDb) -> bool {
    match target {
        Target::Card(r) => link.actors.iter().any(|a| reference_names(r, a)),
        // A card already in play is never the card being played or encountered.
        Target::CardType { in_play: true, .. } => false,
        Target::CardType {
            name,
            negated,
            qualifier,
            ..
        } => link
            .card
            .as_deref()
            .and_then(|c| find_card(db, c))
            .is_some_and(|c| {
                (type_matches(&c.card_type, name)
                    && qualifier.as_deref().is_none_or(|q| qualifies(c, q)))
                    != *negated
            }),
        _ => false,
    }
}

/// A card-type qualifier: "[Q]" (the icon, which a Q-icon card type also
/// shows) or "title:q" (a word of the title).
fn qualifies(card: &Card, qualifier: &str) -> bool {
    if let Some(word) = qualifier.strip_prefix("title:") {
        return card
            .title
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| w.eq_ignore_ascii_case(word));
    }
    let icons: Vec<&str> = qualifier
        .split(['[', ']'])
        .filter(|s| !s.is_empty())
        .collect();
    icons.iter().all(|i| {
        card.has_icon(i)
            || (i.eq_ignore_ascii_case("q")
                && matches!(
                    card.card_type,
                    CardType::QDilemma
                        | CardType::QInterrupt
                        | CardType::QEvent
                        | CardType::QArtifact
                        | CardType::QMission
                ))
    })
}

/// Why an ability relates to a link (with the further entries the relation
/// applies), or why it nearly did.
enum Relation {
    Yes(String, Vec<Reason>),
    WrongStep(String, Vec<Reason>),
    /// Its effect acts on cards of that type already in play, and the card
    /// of this card play is only just played.
    NotYetInPlay(String),
    /// Its timing clause names such an action, but only one taken by the
    /// other player.
    WrongPlayer(String),
    No,
}

/// The "just" rule a "just" timing applies.
fn just(step: &str) -> Reason {
    reason(
        format!("a \"just\" action is taken right after the action it answers ({step}), before anything else intervenes"),
        Some(Citation::glossary(JUST)),
    )
}

/// The entry that makes an effect of this verb a response to the action it
/// acts on, when one states it.
fn verb_rule(verb: &str) -> Option<Reason> {
    let (text, cite) = match verb {
        "prevent" => (
            "interrupts and skills that \"prevent\" an action may be used as a response to that action",
            Citation::rulings("responses"),
        ),
        "nullify" | "destroy" => (
            "nullifying a card play or dilemma cancels it: a response to it",
            Citation::glossary("nullify"),
        ),
        "cancel" => (
            "a card that cancels an action responds to it",
            Citation::glossary("cancel"),
        ),
        _ => return None,
    };
    Some(reason(text, Some(cite)))
}

const INITIATION: &str = "actions – step 1: initiation";
const RESULTS: &str = "actions – step 3: results";

/// The entries stating when, among an action's steps, a response of this
/// timing (and these effect verbs, for a response that came too late) may
/// be made to `link`.
fn step_rules(class: TimingClass, link: &ChainLink, verbs: &[&str]) -> Vec<Reason> {
    let mut out = Vec::new();
    let rule = |text: &str, title: &str| reason(text, Some(Citation::glossary(title)));
    if class == TimingClass::StartOf {
        out.push(rule("game text such as \"plays at start of battle\" is a condition met at the initiation of the action", INITIATION));
    }
    if class == TimingClass::Just && lx_kind(&link.kind, "card play") {
        out.push(rule("a card has been \"just played\" when its card play has been initiated, but before it has its results", "just played"));
    }
    if link.step == Step::Initiated && lx_kind(&link.kind, "encounter dilemma") {
        out.push(rule("a dilemma has been \"just encountered\", and may be responded to, once the initiation of its encounter is complete", INITIATION));
    }
    if link.step == Step::Resolved {
        out.push(rule("once an action has its results its optional responses step is past: no more responses to it are allowed", RESULTS));
        if verbs.iter().any(|v| matches!(*v, "cancel" | "prevent")) {
            out.push(rule(
                "to cancel is to prevent an action from having its result, which this one has had",
                "cancel",
            ));
        }
    }
    out
}

/// Whether an action kind is (an instance of) `kind`.
fn lx_kind(link_kind: &str, kind: &str) -> bool {
    Lexicon::get().kind_matches(kind, link_kind)
}

fn step_name(s: Step) -> &'static str {
    match s {
        Step::Initiated => "just initiated",
        Step::UnderWay => "under way",
        Step::Resolved => "just completed",
    }
}

/// Whether an action's actor names a player rather than a card: card handles
/// reach here as their printed titles, so a name that is no title, or one
/// written all in lower case ("alice", though a card is titled "Alice"), is
/// a player.
fn names_player(actor: &str, db: &CardDb) -> bool {
    let lower = actor.chars().all(|c| !c.is_uppercase());
    lower || find_card(db, actor).is_none()
}

/// The timing relation, with what the ability's effect on the same action
/// (nullifying, cancelling, preventing it) applies as well.
fn by_timing_and_effect(
    ab: &Ability,
    link: &ChainLink,
    db: &CardDb,
    player: Option<&str>,
) -> Relation {
    match (
        relate_by_timing(ab, link, db, player),
        relate_by_effect(ab, link, db),
    ) {
        (Relation::Yes(why, mut support), Relation::Yes(_, more)) => {
            for r in more {
                if !support.contains(&r) {
                    support.push(r);
                }
            }
            Relation::Yes(why, support)
        }
        (timing, _) => timing,
    }
}

/// The relating effects of a card ("prevents", "nullifies", "cancels"),
/// each with the entry that makes such an effect a response to the action
/// it acts on: what a card that is no response was judged by.
pub fn relating_verbs(c: &CompiledCard) -> Vec<(String, Citation)> {
    let mut out: Vec<(String, Citation)> = Vec::new();
    for e in c.effects() {
        let Some(cite) = verb_rule(&e.verb).and_then(|r| r.citation) else {
            continue;
        };
        if !out.iter().any(|(v, _)| *v == e.verb) {
            out.push((e.verb.clone(), cite));
        }
    }
    out
}

/// The ability's timing clause, or one of its further response windows, ties it to the link.
fn relate_by_timing(ab: &Ability, link: &ChainLink, db: &CardDb, player: Option<&str>) -> Relation {
    let mut near = Relation::No;
    for t in std::iter::once(&ab.timing).chain(ab.windows.iter()) {
        match relate_timing(t, link, db, player) {
            Relation::No => {}
            r @ (Relation::WrongStep(..) | Relation::WrongPlayer(_)) => near = r,
            r => return r,
        }
    }
    near
}

fn relate_timing(t: &Timing, link: &ChainLink, db: &CardDb, player: Option<&str>) -> Relation {
    let lx = Lexicon::get();
    let Some(named) = t.action.as_deref() else {
        return Relation::No;
    };
    if !t.class.is_response() || !lx.kind_matches(named, &link.kind) {
        return Relation::No;
    }
    let is_card_action = lx.card_actions.iter().any(|k| lx.kind_matches(k, named));
    let specific: Vec<&Target> = t
        .objects
        .iter()
        .filter(|o| is_card_action && matches!(o, Target::Card(_) | Target::CardType { .. }))
        .collect();
    if !specific.is_empty() && !specific.iter().any(|o| names_link(o, link, db)) {
        return Relation::No;
    }
    if let Some(party) = t.against.as_deref() {
        if !involves(link, &[party], db) {
            return Relation::No;
        }
    }
    if t.by_opponent && player.is_some_and(|p| link.actors.iter().any(|a| a == p)) {
        return Relation::WrongPlayer(format!(
            "its timing clause answers only an opponent's {named}, and {} is the responder's own",
            link.card.as_deref().unwrap_or("this action")
        ));
    }
    // Actors named as cards say nothing here about who initiated (their
    // controller is not known to game text); a player named is decisive.
    let others_initiated = |p: &str| {
        !link.actors.is_empty()
            && !link.actors.iter().any(|a| a == p)
            && link.actors.iter().all(|a| names_player(a, db))
    };
    if t.by_self && player.is_some_and(others_initiated) {
        return Relation::WrongPlayer(format!(
            "its timing clause answers only a {named} the responder initiated, and {} is not the responder's",
            link.card.as_deref().unwrap_or("this action")
        ));
    }
    let (ok, want) = match t.class {
        TimingClass::Just if t.through_completion => {
            (true, "from its initiation until just after it completes")
        }
        TimingClass::Just => {
            let want = t.step.unwrap_or(Step::Initiated);
            (link.step == want, step_name(want))
        }
        TimingClass::StartOf => (link.step == Step::Initiated, "at its start"),
        _ => (link.step != Step::Resolved, "while it is under way"),
    };
    let what = format!(
        "its timing clause \"{} {}\" names the {} under way",
        t.class.name(),
        named,
        link.kind
    );
    if !ok {
        let why = format!(
            "{what}, but it plays only {want} and the {} is {}",
            link.kind,
            step_name(link.step)
        );
        return Relation::WrongStep(why, step_rules(t.class, link, &[]));
    }
    let mut support: Vec<Reason> = (t.class == TimingClass::Just)
        .then(|| just(want))
        .into_iter()
        .collect();
    // A clause lasting until just after the action completes is not late
    // once the action has its results.
    if !t.through_completion {
        support.extend(step_rules(t.class, link, &[]));
    }
    Relation::Yes(what, support)
}

fn relate_by_effect(ab: &Ability, link: &ChainLink, db: &CardDb) -> Relation {
    let lx = Lexicon::get();
    let mut near = Relation::No;
    for e in &ab.effects {
        if !lx.effect(&e.verb).is_some_and(|v| v.relates) {
            continue;
        }
        let actions: Vec<&String> = e
            .objects
            .iter()
            .filter_map(|o| match o {
                Target::Action(k) => Some(k),
                _ => None,
            })
            .collect();
        let cards: Vec<&Target> = e
            .objects
            .iter()
            .filter(|o| matches!(o, Target::Card(_) | Target::CardType { .. }))
            .collect();
        let kind_ok = actions.iter().any(|k| lx.kind_matches(k, &link.kind));
        let card_ok = cards.iter().any(|o| names_link(o, link, db));
        let related = if actions.is_empty() {
            card_ok
        } else {
            kind_ok && (cards.is_empty() || card_ok) && party_ok(&e.objects, link, db)
        };
        if !related {
            if let Some(why) = not_yet_in_play(e, link, db) {
                near = Relation::NotYetInPlay(why);
            }
            continue;
        }
        let what = format!(
            "its effect ({}) acts on {}, which is the {} under way{}",
            e.verb,
            e.objects
                .iter()
                .filter(|o| !matches!(o, Target::Object(_)))
                .map(|o| o.to_string())
                .collect::<Vec<_>>()
                .join(", "),
            link.kind,
            if link.implied {
                " (a result of the card being played or encountered)"
            } else {
                ""
            }
        );
        let just_step = (ab.timing.class == TimingClass::Just)
            .then_some(ab.timing.step)
            .flatten();
        let ok = match just_step {
            Some(want) => link.step == want,
            None => link.step != Step::Resolved,
        };
        if !ok {
            let why = format!(
                "{what}, but the {} is {} and its results are {}",
                link.kind,
                step_name(link.step),
                if link.step == Step::Resolved {
                    "over"
                } else {
                    "not yet"
                }
            );
            let verbs = [e.verb.as_str()];
            return Relation::WrongStep(why, step_rules(ab.timing.class, link, &verbs));
        }
        let mut support: Vec<Reason> = verb_rule(&e.verb).into_iter().collect();
        support.extend(just_step.map(|s| just(step_name(s))));
        support.extend(step_rules(ab.timing.class, link, &[]));
        return Relation::Yes(what, support);
    }
    near
}

/// An effect on "any Event card in play" when an event is just played: the
/// card is not in play until its card play has its results.
fn not_yet_in_play(
    e: &crate::engine::abilities::Effect,
    link: &ChainLink,
    db: &CardDb,
) -> Option<String> {
    if !lx_kind(&link.kind, "card play") || link.step == Step::Resolved {
        return None;
    }
    let played = find_card(db, link.card.as_deref()?)?;
    e.objects.iter().find_map(|o| match o {
        Target::CardType {
            name,
            in_play: true,
            negated: false,
            ..
        } if type_matches(&played.card_type, name) => Some(format!(
            "its effect ({}) acts on {o}, and {} is only just played, not yet in play",
            e.verb, played.title
        )),
        _ => None,
    })
}

/// An effect on an action "against that ship" concerns only actions with a
/// card of that type among their cards; an action whose cards are unknown is
/// not ruled out.
fn party_ok(objects: &[Target], link: &ChainLink, db: &CardDb) -> bool {
    let lx = Lexicon::get();
    let wanted: Vec<&str> = objects
        .iter()
        .filter_map(|o| match o {
            Target::Object(n) => lx
                .party_objects
                .iter()
                .find(|p| &p.object == n)
                .map(|p| p.card_type.as_str()),
            _ => None,
        })
        .collect();
    involves(link, &wanted, db)
}

/// Whether the action has a card of one of the `wanted` types among its
/// actors and targets; nothing wanted, or an action whose cards are unknown,
/// is not ruled out.
fn involves(link: &ChainLink, wanted: &[&str], db: &CardDb) -> bool {
    if wanted.is_empty() {
        return true;
    }
    let types: Vec<CardType> = link
        .actors
        .iter()
        .chain(link.targets.iter())
        .filter_map(|t| card_type_of(db, t))
        .collect();
    if !types.is_empty() {
        return types
            .iter()
            .any(|t| wanted.iter().any(|w| type_matches(t, w)));
    }
    // Cards the database does not know: the action's kind may still say who
    // takes part in it.
    let parties = Lexicon::get().parties(&link.kind);
    parties.is_empty() || parties.iter().any(|p| wanted.contains(&p.as_str()))
}

/// The ability changes what the card being played or encountered does: it
/// names that card and one of its effects is a named-card verb ("All {Red
/// Alert} cards affect all players"). Cards named only in an immunity clause
/// do not count.
fn relate_by_named_card(ab: &Ability, link: &ChainLink, responder: &CompiledCard) -> Relation {
    let lx = Lexicon::get();
    let Some(card) = link.card.as_deref() else {
        return Relation::No;
    };
    let immune_refs: Vec<&String> = responder
        .immunities
        .iter()
        .flat_map(|im| im.cards.iter())
        .collect();
    let named = ab.targets.iter().any(|t| {
        matches!(t, Target::Card(r) if reference_names(r, card)
            && !immune_refs.contains(&r))
    });
    let verb = ab
        .effects
        .iter()
        .find(|e| lx.named_card_verbs.contains(&e.verb));
    let (true, Some(verb)) = (named, verb) else {
        return Relation::No;
    };
    let what = format!(
        "it names {card} and its effect ({}) changes what {card} does",
        verb.verb
    );
    if link.step == Step::Resolved {
        let why = format!("{what}, but the {} of {card} is over", link.kind);
        return Relation::WrongStep(why, step_rules(ab.timing.class, link, &[]));
    }
    Relation::Yes(what, vec![])
}

/// True when the ability names an action of this kind among its targets.
fn names_kind(ab: &Ability, kind: &str) -> bool {
    let lx = Lexicon::get();
    ab.targets
        .iter()
        .any(|t| matches!(t, Target::Action(k) if lx.kind_matches(k, kind)))
}

/// Why the card played or encountered in `link` may not be nullified by this
/// ability of `responder` ("Immune to Amanda Rogers", "may be nullified only
/// by Countermanda", "may not be nullified"; Glossary "nullify"), if it may not.
fn immune(link: &ChainLink, ab: &Ability, responder: &str, db: &CardDb) -> Option<String> {
    let nullifies = ab
        .effects
        .iter()
        .any(|e| matches!(e.verb.as_str(), "nullify" | "destroy" | "cancel"));
    let target = find_card(db, link.card.as_deref()?)?;
    if !nullifies {
        return None;
    }
    let names_target = ab
        .effects
        .iter()
        .flat_map(|e| e.objects.iter())
        .any(|o| matches!(o, Target::Card(r) if reference_names(r, &target.title)));
    for im in compile(target).immunities {
        let named = im.names(responder);
        let why = match im.kind {
            ImmunityKind::Except if named => format!("{} is immune to {responder}", target.title),
            ImmunityKind::Only if !named => format!(
                "{} may be nullified only by {}",
                target.title,
                im.cards.join(", ")
            ),
            ImmunityKind::None if !names_target => format!(
                "{} may not be nullified (except by a card naming it)",
                target.title
            ),
            _ => continue,
        };
        return Some(why);
    }
    None
}
/// The action with every card handle replaced by that card's title (scenario
/// handles such as "ent" mean nothing to game text); unknown names are kept.
pub fn with_titles(action: &Action, title_of: &dyn Fn(&str) -> Option<String>) -> Action {
    let t = |n: &String| title_of(n).unwrap_or_else(|| n.clone());
    Action {
        kind: action.kind.clone(),
        by: action.by.iter().map(t).collect(),
        targets: action.targets.iter().map(t).collect(),
        card: action.card.as_ref().map(t),
        to: action.to.clone(),
        step: action.step,
        stage: action.stage.clone(),
        cancelled: action.cancelled,
        parent: action
            .parent
            .as_ref()
            .map(|p| Box::new(with_titles(p, title_of))),
    }
}

/// The cards really taking part in each action of the chain under way, as
/// the game state holds them: the card played or encountered, its `by` and
/// `targets`, and the cards aboard
/// a ship that is one of them. Game text names them by title; their
/// controllers and features are the state's.
pub struct Participants<'s> {
    state: &'s GameState,
    /// The pieces of each action of the chain, the action under way first.
    by_depth: Vec<Vec<usize>>,
    /// The location each action of the chain goes to (a mission attempted).
    to_by_depth: Vec<Option<usize>>,
    /// The piece asked about as the response, when the question names one.
    responder: Option<usize>,
}

impl<'s> Participants<'s> {
    /// The participants of `action` (with the scenario's handles, not yet
    /// replaced by titles) in `state`.
    pub fn of(action: &Action, state: &'s GameState) -> Self {
        let by_depth = action
            .chain()
            .map(|a| {
                let named = a.card.iter().chain(a.by.iter()).chain(a.targets.iter());
                let mut pieces: Vec<usize> = named.filter_map(|h| state.find(h)).collect();
                let aboard = (0..state.pieces.len()).filter(|&i| {
                    pieces
                        .iter()
                        .any(|&s| state.pieces[i].at == Place::Aboard(s))
                });
                let aboard: Vec<usize> = aboard.collect();
                pieces.extend(aboard);
                pieces
            })
            .collect();
        let to_by_depth = action
            .chain()
            .map(|a| a.to.as_deref().and_then(|to| state.find_location(to)))
            .collect();
        Participants {
            state,
            by_depth,
            to_by_depth,
            responder: None,
        }
    }

    /// Whether the piece asked about as the response is in play (`None`
    /// when the question names none).
    pub fn responder_in_play(&self) -> Option<bool> {
        self.responder.map(|p| self.state.in_play(p))
    }

    /// The piece the question asks about as the response.
    pub fn with_responder(self, piece: usize) -> Self {
        Participants {
            responder: Some(piece),
            ..self
        }
    }

    /// Why the attempt at `depth` is not the first attempt `clause` answers
    /// ("the initial attempt" of the mission, or "your first mission
    /// attempt" there), seen from `player`; `None` when it is, or when the
    /// state does not say.
    fn later_attempt(&self, clause: &Timing, depth: usize, player: Option<&str>) -> Option<String> {
        let whose = clause.first_attempt?;
        let at = &self.state.locations[(*self.to_by_depth.get(depth)?)?];
        let by = if at.attempted_by.is_empty() {
            String::new()
        } else {
            format!(" (by {})", at.attempted_by.join(", "))
        };
        match whose {
            Whose::Yours => {
                let player = player?;
                at.attempted_by.iter().any(|p| p == player).then(|| {
                    format!(
                        "{player} attempted {} before{by}: this is not their first attempt there",
                        at.name
                    )
                })
            }
            _ => (at.attempted_before || !at.attempted_by.is_empty()).then(|| {
                format!(
                    "{} was attempted before{by}: this is not its initial attempt",
                    at.name
                )
            }),
        }
    }

    /// The first party `clause` names that no participant of the action at
    /// `depth` is, seen from `player`; `None` when all are there, or when
    /// the action's cards are not known.
    fn missing<'c>(&self, clause: &'c Timing, depth: usize, player: &str) -> Option<&'c Subject> {
        let pieces = self.by_depth.get(depth).filter(|p| !p.is_empty())?;
        clause.parties.iter().find(|party| {
            !pieces
                .iter()
                .any(|&p| crate::engine::derived::is_subject(self.state, player, party, p))
        })
    }

    /// The participants of the action at `depth`, by title and controller.
    fn named(&self, depth: usize) -> String {
        let pieces = self.by_depth.get(depth).map(Vec::as_slice).unwrap_or(&[]);
        let names: Vec<String> = pieces
            .iter()
            .map(|&i| {
                let p = &self.state.pieces[i];
                format!("{} ({}'s)", p.card.title, p.controller)
            })
            .collect();
        names.join(", ")
    }
}

/// A party of a timing clause in words: "your personnel (android)",
/// "any personnel (one of: borg, drone, [Holo])".
fn party_words(party: &Subject) -> String {
    let whose = match party.whose {
        Whose::Yours => "your",
        Whose::Opponents => "an opponent's",
        Whose::Any => "any",
    };
    let kind = party.card_type.as_deref().unwrap_or("card");
    let traits: Vec<String> = party
        .traits
        .iter()
        .map(|t| match &t.descriptor {
            Descriptor::Word(w) => w.clone(),
            Descriptor::Icon(i) => i.clone(),
            Descriptor::Card(c) => format!("{{{c}}}"),
        })
        .collect();
    match (traits.is_empty(), party.any_of) {
        (true, _) => format!("{whose} {kind}"),
        (false, true) => format!("{whose} {kind} (one of: {})", traits.join(", ")),
        (false, false) => format!("{whose} {kind} ({})", traits.join(", ")),
    }
}

/// Why `ab` does not answer `link`: a timing clause of it naming the
/// link's kind of action says who takes part, and the action's real
/// participants do not include one of them.
fn wrong_participants(
    ab: &Ability,
    link: &ChainLink,
    among: Option<&Participants>,
    player: Option<&str>,
) -> Option<String> {
    let (among, player) = (among?, player?);
    let lx = Lexicon::get();
    let clauses = std::iter::once(&ab.timing).chain(ab.windows.iter());
    let naming: Vec<&Timing> = clauses
        .filter(|t| !t.parties.is_empty())
        .filter(|t| {
            t.action
                .as_deref()
                .is_some_and(|k| lx.kind_matches(k, &link.kind))
        })
        .collect();
    if naming.is_empty() {
        return None;
    }
    let missing: Vec<&Subject> = naming
        .iter()
        .map(|t| among.missing(t, link.depth, player))
        .collect::<Option<_>>()?;
    Some(format!(
        "its timing clause answers only a {} involving {}, and the {}'s participants are {}",
        link.kind,
        missing
            .iter()
            .map(|p| party_words(p))
            .collect::<Vec<_>>()
            .join(" / "),
        link.kind,
        among.named(link.depth)
    ))
}

/// Why `ab` does not answer `link`: every timing clause of it naming the
/// link's kind of action answers only a mission's first attempt, and the
/// mission was attempted before.
fn later_attempt(
    ab: &Ability,
    link: &ChainLink,
    among: Option<&Participants>,
    player: Option<&str>,
) -> Option<String> {
    let among = among?;
    let lx = Lexicon::get();
    let naming: Vec<&Timing> = std::iter::once(&ab.timing)
        .chain(ab.windows.iter())
        .filter(|t| {
            t.action
                .as_deref()
                .is_some_and(|k| lx.kind_matches(k, &link.kind))
        })
        .collect();
    let later: Vec<String> = naming
        .iter()
        .map(|t| among.later_attempt(t, link.depth, player))
        .collect::<Option<_>>()?;
    let first = later.first()?;
    Some(format!(
        "its timing clause answers only the first attempt of a mission (\"{}\"), and {first}",
        ab.text
    ))
}

/// A dilemma under encounter whose own text lets the responding player
/// bring the responder into play now, with the sentence permitting it.
#[derive(Debug, Clone)]
pub struct EncounterPermit {
    pub dilemma: String,
    pub allowance: EncounterAllowance,
}

/// The dilemma encountered along `action`'s chain whose own text lets
/// `player` bring the responder (not in play) into play ("Opponent may
/// download to this location up to 4 Borg drones"): the player is the one
/// it names (the opponent of the player whose turn it is, who encounters
/// it, or that player), the verb brings a card into play and the responder
/// is of the cards it names.
pub fn encounter_permit(
    action: &Action,
    (player, among): (Option<&str>, Option<&Participants>),
    db: &CardDb,
) -> Option<EncounterPermit> {
    let (player, among) = (player?, among?);
    let (state, piece) = (among.state, among.responder?);
    let encountering = state.turn_player.as_str();
    if state.in_play(piece) || encountering.is_empty() {
        return None;
    }
    let lx = Lexicon::get();
    let permits = |al: &EncounterAllowance| {
        al.for_player(player.eq_ignore_ascii_case(encountering))
            && lx.encounter_entering.contains(&al.verb)
            && al
                .cards
                .as_ref()
                .is_some_and(|c| crate::engine::derived::is_subject(state, player, c, piece))
    };
    action
        .chain()
        .filter(|a| lx.kind_matches("encounter dilemma", &a.kind))
        .filter_map(|a| find_card(db, a.card.as_deref()?))
        .find_map(|dilemma| {
            let allowance = encounter_allowances(dilemma)
                .iter()
                .find(|al| permits(al))?
                .clone();
            Some(EncounterPermit {
                dilemma: dilemma.title.clone(),
                allowance,
            })
        })
}

/// Why a relation that nearly held does not make a valid response.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Miss {
    /// It relates to the action a sub-action of which is in progress, not to
    /// that sub-action ("actions – group").
    InsideSubAction,
    /// The card it would nullify is immune to it ("nullify").
    Immune,
    /// It answers the action only at another step ("actions – “just”").
    WrongStep,
    /// It answers only such an action taken by the other player: it does not
    /// relate to this one ("actions – step 2: responses").
    WrongPlayer,
    /// It acts on cards of that type in play, and the card of this card play
    /// is only just played ("just played").
    NotYetInPlay,
    /// Its timing clause names who takes part in the action ("your
    /// android"), and the action's real participants do not include them.
    WrongParticipants,
    /// Its timing clause answers only a mission's first attempt ("just
    /// before the initial attempt"), and the mission was attempted before.
    LaterAttempt,
}

/// A relation that nearly held, and why it fails.
#[derive(Debug, Clone)]
pub struct Near {
    pub miss: Miss,
    pub why: String,
    /// The entries that say when the response could have been made.
    pub support: Vec<Reason>,
}

/// What relates a responder's compiled abilities to the action under way and
/// the actions it is part of or implies.
#[derive(Debug, Clone, Default)]
pub struct Findings {
    /// The first relation that holds: why, then the entries it applies.
    pub related: Option<Vec<Reason>>,
    /// Relations that nearly held.
    pub near: Vec<Near>,
    /// The kinds of the actions related to, the action under way first.
    pub kinds: Vec<String>,
    /// The kinds of the actions really under way (not those only implied
    /// by the card played or encountered).
    pub under_way: Vec<String>,
}

impl Findings {
    /// The first near relation that failed for `miss`.
    pub fn missed(&self, miss: Miss) -> Option<&Near> {
        self.near.iter().find(|n| n.miss == miss)
    }
}

/// Responding to the action under way when it is itself a sub-action: of a
/// group action, or one of the actions another action's results cause.
fn sub_action_rules(action: &Action, link: &ChainLink) -> Vec<Reason> {
    let Some(parent) = action.parent.as_deref().filter(|_| link.depth == 0) else {
        return Vec::new();
    };
    let mut out = vec![reason(
        format!(
            "the {} is a sub-action of the {}: valid responses may be made to each sub-action of a group action",
            action.kind, parent.kind
        ),
        Some(Citation::glossary(GROUP)),
    )];
    if parent.step == Step::Resolved {
        out.push(reason(
            format!(
                "the {} is one of the actions the {}'s results cause, each with its own three steps, and may be responded to",
                action.kind, parent.kind
            ),
            Some(Citation::glossary(RESULTS)),
        ));
    }
    out
}

/// Relate each of `responder`'s compiled abilities to each action of the
/// chain under way (`player` responding, when known): the first that relates
/// (modifies, cancels, nullifies or prevents it), else every near miss.
pub fn relate(
    action: &Action,
    responder: &CompiledCard,
    player: Option<&str>,
    db: &CardDb,
) -> Findings {
    relate_among(action, responder, (player, None), db)
}

/// [`relate`] with the action's real participants (from the game state):
/// a timing clause naming who takes part answers only an action they take
/// part in.
pub fn relate_among(
    action: &Action,
    responder: &CompiledCard,
    (player, among): (Option<&str>, Option<&Participants>),
    db: &CardDb,
) -> Findings {
    let chain = links(action, db);
    let mut found = Findings {
        kinds: chain.iter().map(|l| l.kind.clone()).collect(),
        under_way: chain
            .iter()
            .filter(|l| !l.implied)
            .map(|l| l.kind.clone())
            .collect(),
        ..Findings::default()
    };
    let sub_action_in_progress = action.parent.is_some() && action.step != Step::Resolved;
    let title = &responder.title;
    for ab in &responder.abilities {
        for link in &chain {
            if let Some(why) = wrong_participants(ab, link, among, player) {
                found.near.push(Near {
                    miss: Miss::WrongParticipants,
                    why: format!("{title}: {why}"),
                    support: Vec::new(),
                });
                continue;
            }
            if let Some(why) = later_attempt(ab, link, among, player) {
                found.near.push(Near {
                    miss: Miss::LaterAttempt,
                    why: format!("{title}: {why}"),
                    support: Vec::new(),
                });
                continue;
            }
            for rel in [
                by_timing_and_effect(ab, link, db, player),
                relate_by_effect(ab, link, db),
                relate_by_named_card(ab, link, responder),
            ] {
                let near = |miss, why| Near {
                    miss,
                    why,
                    support: Vec::new(),
                };
                match rel {
                    Relation::Yes(why, _)
                        if link.depth > 0
                            && sub_action_in_progress
                            && !names_kind(ab, &chain[0].kind) =>
                    {
                        found.near.push(near(Miss::InsideSubAction, format!(
                            "{title}: {why}, but a {} (one of its sub-actions) is in progress and {title} does not relate to it: a response to the {} is made before or between its sub-actions, not inside one",
                            chain[0].kind, link.kind
                        )));
                    }
                    Relation::Yes(why, _) if immune(link, ab, title, db).is_some() => {
                        let because = immune(link, ab, title, db).unwrap_or_default();
                        found
                            .near
                            .push(near(Miss::Immune, format!("{title}: {why}, but {because}")));
                    }
                    Relation::Yes(why, support) => {
                        let mut reasons = vec![reason(
                            format!("{title}: \"{}\" — {why}", ab.text),
                            Some(Citation::glossary(RESPONSES)),
                        )];
                        reasons.extend(support);
                        reasons.extend(sub_action_rules(action, link));
                        if link.depth > 0 {
                            reasons.push(reason(
                                format!(
                                    "the {} is part of the {} under way; valid responses may be made to each sub-action",
                                    link.kind, action.kind
                                ),
                                Some(Citation::glossary(GROUP)),
                            ));
                        }
                        found.related = Some(reasons);
                        return found;
                    }
                    Relation::WrongStep(why, support) => found.near.push(Near {
                        support,
                        ..near(Miss::WrongStep, format!("{title}: {why}"))
                    }),
                    Relation::NotYetInPlay(why) => found
                        .near
                        .push(near(Miss::NotYetInPlay, format!("{title}: {why}"))),
                    Relation::WrongPlayer(why) => found
                        .near
                        .push(near(Miss::WrongPlayer, format!("{title}: {why}"))),
                    Relation::No => {}
                }
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handles_become_titles_through_the_whole_chain() {
        let a = Action {
            kind: "report".into(),
            card: Some("ent".into()),
            by: vec!["alice".into()],
            parent: Some(Box::new(Action {
                kind: "card play".into(),
                card: Some("ra".into()),
                ..Action::default()
            })),
            ..Action::default()
        };
        let t = with_titles(&a, &|h: &str| match h {
            "ent" => Some("U.S.S. Enterprise".into()),
            "ra" => Some("Red Alert!".into()),
            _ => None,
        });
        assert_eq!(t.card.as_deref(), Some("U.S.S. Enterprise"));
        assert_eq!(t.by, vec!["alice".to_string()]);
        assert_eq!(t.parent.unwrap().card.as_deref(), Some("Red Alert!"));
    }

    #[test]
    fn citation_titles_slug_like_the_glossary() {
        assert_eq!(Citation::glossary(JUST).id, "glossary:actions-just");
        assert_eq!(
            Citation::glossary(RESPONSES).id,
            "glossary:actions-step-2-responses"
        );
    }

    use crate::engine::fixture::card_with_text as card;

    #[test]
    fn a_skills_box_alone_is_no_game_text_to_time() {
        use crate::cards::model::Skill;
        let mut kurn = card("Kurn", CardType::Personnel, "OFFICER Honor");
        kurn.skills = vec![Skill {
            name: "OFFICER".into(),
            level: 1.0,
        }];
        kurn.skills_parsed = true;
        assert!(compiled_using(&kurn, None).abilities.is_empty());
        // A special skill is game text, read by the compiler.
        kurn.special_skills = vec!["Once every turn, may draw a card.".into()];
        kurn.text = "OFFICER Once every turn, may draw a card.".into();
        assert!(!compiled_using(&kurn, None).abilities.is_empty());
    }

    #[test]
    fn an_immune_card_play_is_a_near_miss_not_a_response() {
        let shielded = card(
            "Shielded Event",
            CardType::Event,
            "Plays on table. (Immune to {Kevin Uxbridge}.)",
        );
        let db = CardDb::new(vec![shielded]);
        let played = Action {
            kind: "card play".into(),
            card: Some("Shielded Event".into()),
            ..Action::default()
        };
        let kevin = compile(&card(
            "Kevin Uxbridge",
            CardType::Interrupt,
            "Nullifies any Event card just played.",
        ));
        let f = relate(&played, &kevin, None, &db);
        assert!(f.related.is_none());
        assert!(f.missed(Miss::Immune).is_some(), "{f:?}");
    }
}
