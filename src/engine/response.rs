//! Valid responses and card-play timing.
//!
//! A valid response "must specifically relate to (modify, cancel, nullify, or
//! prevent) the action" (Glossary "actions – step 2: responses"), to one of its
//! sub-actions ("actions – group"), or suspend play ("suspends play").
//! Usefulness is not relevance: the relation is read from the responder's
//! compiled abilities (its timing clause names the action, or a relating effect
//! names the action or the card performing it), never from what it could do.

use crate::cards::model::{Card, CardDb, CardType};
use crate::engine::abilities::{
    compile, find_card, grammar, lexicon::Lexicon, reference_names, Ability, CompiledCard,
    Coverage, Target, Timing, TimingClass,
};
use crate::engine::action::{Action, Phase, Step, TurnContext};
use crate::engine::verdict::{Citation, Reason, Verdict, VerdictValue};

const RESPONSES: &str = "actions – step 2: responses";
const GROUP: &str = "actions – group";
const INTERRUPTING: &str = "actions – interrupting";
const JUST: &str = "actions – “just”";
const TAKING_TURNS: &str = "actions – taking turns";
const SUSPENDS: &str = "suspends play";

fn reason(text: impl Into<String>, cite: Option<Citation>) -> Reason {
    Reason {
        text: text.into(),
        citation: cite,
    }
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

fn type_matches(t: &CardType, name: &str) -> bool {
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

/// Why an ability relates to a link, or why it nearly did.
enum Relation {
    Yes(String, Vec<Citation>),
    WrongStep(String),
    No,
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

/// The ability's timing clause, or one of its further response windows, ties it to the link.
fn relate_by_timing(ab: &Ability, link: &ChainLink, db: &CardDb, player: Option<&str>) -> Relation {
    let mut near = Relation::No;
    for t in std::iter::once(&ab.timing).chain(ab.windows.iter()) {
        match relate_timing(t, link, db, player) {
            Relation::No => {}
            r @ Relation::WrongStep(_) => near = r,
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
        return Relation::WrongStep(format!(
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
        return Relation::WrongStep(format!(
            "its timing clause answers only a {named} the responder initiated, and {} is not the responder's",
            link.card.as_deref().unwrap_or("this action")
        ));
    }
    let (ok, want) = match t.class {
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
        return Relation::WrongStep(format!(
            "{what}, but it plays only {want} and the {} is {}",
            link.kind,
            step_name(link.step)
        ));
    }
    let mut cites = vec![Citation::glossary(RESPONSES)];
    if t.class == TimingClass::Just {
        cites.push(Citation::glossary(JUST));
    }
    Relation::Yes(what, cites)
}

fn relate_by_effect(ab: &Ability, link: &ChainLink, db: &CardDb) -> Relation {
    let lx = Lexicon::get();
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
            return Relation::WrongStep(format!(
                "{what}, but the {} is {} and its results are {}",
                link.kind,
                step_name(link.step),
                if link.step == Step::Resolved {
                    "over"
                } else {
                    "not yet"
                }
            ));
        }
        let mut cites = vec![Citation::glossary(RESPONSES)];
        match e.verb.as_str() {
            "prevent" => cites.push(Citation::rulings("responses")),
            "nullify" | "destroy" => cites.push(Citation::glossary("nullify")),
            "cancel" => cites.push(Citation::glossary("cancel")),
            _ => {}
        }
        if just_step.is_some() {
            cites.push(Citation::glossary(JUST));
        }
        return Relation::Yes(what, cites);
    }
    Relation::No
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
fn relate_by_named_card(ab: &Ability, link: &ChainLink, responder: &Card) -> Relation {
    let lx = Lexicon::get();
    let Some(card) = link.card.as_deref() else {
        return Relation::No;
    };
    let immune_refs: Vec<String> = immunities(&responder.text)
        .into_iter()
        .flat_map(|(_, refs)| refs)
        .collect();
    let named = ab.targets.iter().any(|t| {
        matches!(t, Target::Card(r) if reference_names(r, card)
            && !immune_refs.iter().any(|i| i == r))
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
        return Relation::WrongStep(format!("{what}, but the {} of {card} is over", link.kind));
    }
    Relation::Yes(what, vec![Citation::glossary(RESPONSES)])
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
    for (kind, refs) in immunities(&target.text) {
        let named = refs.iter().any(|r| reference_names(r, responder));
        let why = match kind.as_str() {
            "except" if named => format!("{} is immune to {responder}", target.title),
            "only" if !named => format!(
                "{} may be nullified only by {}",
                target.title,
                refs.join(", ")
            ),
            "none" if !names_target => format!(
                "{} may not be nullified (except by a card naming it)",
                target.title
            ),
            _ => continue,
        };
        return Some(why);
    }
    None
}

/// The immunity phrases of a card's text, each with the `{cards}` after it
/// (up to the end of its sentence or parenthesis).
fn immunities(text: &str) -> Vec<(String, Vec<String>)> {
    let toks = grammar::tokenize(text);
    let mut out = Vec::new();
    for im in &Lexicon::get().immunity {
        let words: Vec<String> = grammar::tokenize(&im.phrase)
            .into_iter()
            .map(|t| t.text)
            .collect();
        for i in 0..toks.len() {
            let hit = words
                .iter()
                .enumerate()
                .all(|(k, w)| toks.get(i + k).is_some_and(|t| &t.text == w));
            if !hit {
                continue;
            }
            let phrase: Vec<&grammar::Token> = toks[i + words.len()..]
                .iter()
                .take_while(|t| !(t.is_punct(".") || t.is_punct(")") || t.is_punct(";")))
                .collect();
            let mut refs: Vec<String> = phrase
                .iter()
                .filter(|t| t.kind == grammar::TokKind::Ref)
                .map(|t| t.text.clone())
                .collect();
            if refs.is_empty() {
                refs = plain_names(&phrase);
            }
            out.push((im.kind.clone(), refs));
        }
    }
    out
}

/// Card names printed without braces ("(Immune to Amanda Rogers.)"): the
/// words of the phrase, split at commas, "or" and "and".
fn plain_names(phrase: &[&grammar::Token]) -> Vec<String> {
    let mut names = Vec::new();
    let mut name: Vec<&str> = Vec::new();
    for t in phrase {
        let splits = t.is_punct(",") || t.is_word("or") || t.is_word("and");
        if splits || t.kind != grammar::TokKind::Word {
            if !name.is_empty() {
                names.push(name.join(" "));
                name.clear();
            }
            continue;
        }
        name.push(&t.text);
    }
    if !name.is_empty() {
        names.push(name.join(" "));
    }
    names
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
        parent: action
            .parent
            .as_ref()
            .map(|p| Box::new(with_titles(p, title_of))),
    }
}

fn suspends_play(c: &CompiledCard) -> Option<&Ability> {
    c.abilities
        .iter()
        .find(|a| a.timing.class == TimingClass::SuspendsPlay)
}

/// Is playing (or using) `responder` a valid response to `action`, to one of
/// the actions it is part of, or to a sub-action it implies?
pub fn valid_response(action: &Action, responder: &Card, db: &CardDb) -> Verdict {
    valid_response_by(action, responder, None, db)
}

/// [`valid_response`] for a known responding player: "opponent just played"
/// is not answered to that player's own action (an action's `by` names the
/// player who took it).
pub fn valid_response_by(
    action: &Action,
    responder: &Card,
    player: Option<&str>,
    db: &CardDb,
) -> Verdict {
    let compiled = compile(responder);
    let title = &responder.title;
    if let Some(a) = suspends_play(&compiled) {
        return Verdict::new(
            VerdictValue::Yes,
            vec![reason(
                format!("{title} says it suspends play (\"{}\"): it may interrupt any action, related or not", a.text),
                Some(Citation::glossary(SUSPENDS)),
            )],
            vec![Citation::glossary(RESPONSES)],
        );
    }
    let chain = links(action, db);
    let mut near: Vec<(String, Citation)> = Vec::new();
    let sub_action_in_progress = action.parent.is_some() && action.step != Step::Resolved;
    for ab in &compiled.abilities {
        for link in &chain {
            for rel in [
                relate_by_timing(ab, link, db, player),
                relate_by_effect(ab, link, db),
                relate_by_named_card(ab, link, responder),
            ] {
                match rel {
                    Relation::Yes(why, _)
                        if link.depth > 0
                            && sub_action_in_progress
                            && !names_kind(ab, &chain[0].kind) =>
                    {
                        near.push((
                            format!(
                                "{why}, but a {} (one of its sub-actions) is in progress and {title} does not relate to it: a response to the {} is made before or between its sub-actions, not inside one",
                                chain[0].kind, link.kind
                            ),
                            Citation::glossary(GROUP),
                        ));
                    }
                    Relation::Yes(why, _) if immune(link, ab, title, db).is_some() => {
                        let because = immune(link, ab, title, db).unwrap_or_default();
                        near.push((
                            format!("{why}, but {because}"),
                            Citation::glossary("nullify"),
                        ));
                    }
                    Relation::Yes(why, cites) => {
                        let mut reasons = vec![reason(
                            format!("{title}: \"{}\" — {why}", ab.text),
                            cites.first().cloned(),
                        )];
                        if link.depth > 0 {
                            reasons.push(reason(
                                format!(
                                    "the {} is part of the {} under way; valid responses may be made to each sub-action",
                                    link.kind, action.kind
                                ),
                                Some(Citation::glossary(GROUP)),
                            ));
                        }
                        return Verdict::new(VerdictValue::Yes, reasons, cites);
                    }
                    Relation::WrongStep(why) => near.push((why, Citation::glossary(JUST))),
                    Relation::No => {}
                }
            }
        }
    }
    let kinds: Vec<String> = chain.iter().map(|l| l.kind.clone()).collect();
    let mut reasons = vec![reason(
        format!(
            "{title} does not specifically relate to (modify, cancel, nullify or prevent) the {} or any action it is part of ({})",
            action.kind,
            kinds.join(" → ")
        ),
        Some(Citation::glossary(RESPONSES)),
    )];
    for (n, cite) in &near {
        reasons.push(reason(format!("{title}: {n}"), Some(cite.clone())));
    }
    let unreadable = (compiled.coverage == Coverage::None && !compiled.abilities.is_empty())
        || compiled
            .abilities
            .iter()
            .any(|a| a.timing.class == TimingClass::Unknown && !a.unparsed.is_empty());
    if unreadable && near.is_empty() {
        reasons.push(reason(
            format!(
                "part of {title}'s game text did not compile: {}",
                compiled
                    .abilities
                    .iter()
                    .flat_map(|a| a.unparsed.iter().cloned())
                    .collect::<Vec<_>>()
                    .join(" / ")
            ),
            None,
        ));
        return Verdict::new(
            VerdictValue::Undecided(format!(
                "{title}'s game text does not compile enough to decide"
            )),
            reasons,
            vec![],
        );
    }
    reasons.push(reason(
        "a card that may be played at any time is not a valid response unless it specifically relates to the action",
        Some(Citation::glossary(INTERRUPTING)),
    ));
    Verdict::new(VerdictValue::No, reasons, vec![])
}

/// Q-icon cards come into play only through a Q-Continuum side deck (Glossary
/// "Q-icon cards"), never from hand as a normal card of their type.
fn q_icon_card(card: &Card) -> Option<Verdict> {
    let q = matches!(
        card.card_type,
        CardType::QInterrupt | CardType::QEvent | CardType::QArtifact
    );
    q.then(|| {
        Verdict::new(
            VerdictValue::No,
            vec![
                reason(
                    format!(
                        "{} is a Q-icon card ({}): Q-icon cards come into play only through a Q-Continuum side deck and cannot be used the same way as other cards of their type",
                        card.title,
                        card.card_type.name()
                    ),
                    Some(Citation::glossary("Q-icon cards")),
                ),
                reason(
                    "you may not play such a card as a normal interrupt",
                    Some(Citation::rulings("Gift of the Tormentor")),
                ),
            ],
            vec![],
        )
    })
}

/// During the start-of-turn (end-of-turn) segment no other actions take place
/// between the start-of-turn (end-of-turn) actions, other than valid responses
/// (Current Rulings "timing"): only cards timed for that segment, or that
/// suspend play, may be initiated there.
fn between_turn_boundary_actions(
    compiled: &CompiledCard,
    card: &Card,
    turn: &TurnContext,
) -> Option<Verdict> {
    let (segment, class) = match turn.phase {
        Phase::StartOfTurn => ("start-of-turn", TimingClass::StartOfTurn),
        Phase::EndOfTurn => ("end-of-turn", TimingClass::EndOfTurn),
        _ => return None,
    };
    let timed = compiled
        .abilities
        .iter()
        .any(|a| a.timing.class == class || a.timing.class == TimingClass::SuspendsPlay);
    if timed {
        return None;
    }
    Some(Verdict::new(
        VerdictValue::No,
        vec![reason(
            format!(
                "{} does not take place at the {segment} segment, and no other actions may take place between {segment} actions, other than valid responses",
                card.title
            ),
            Some(Citation::rulings("timing")),
        )],
        vec![Citation::glossary("turn")],
    ))
}

fn is_interrupt(t: &CardType) -> bool {
    matches!(
        t,
        CardType::Interrupt | CardType::QInterrupt | CardType::InterruptEvent
    )
}

/// A doorway plays whenever an interrupt may, but only during your own turn,
/// unless its text suspends play or may play at any time ("doorway") — also
/// as a response.
fn doorway_off_turn(compiled: &CompiledCard, card: &Card, turn: &TurnContext) -> Option<Reason> {
    let own_turn = turn.player.is_empty() || turn.player == turn.turn_player;
    let any_turn = compiled.abilities.iter().any(|a| a.timing.any_turn);
    (card.card_type == CardType::Doorway && !own_turn && !any_turn).then(|| {
        reason(
            format!("{} is a doorway: it plays whenever an interrupt may, but only during your own turn (its text does not say it suspends play or may play at any time)", card.title),
            Some(Citation::glossary("doorway")),
        )
    })
}

/// A card whose text says only that it seeds ("Seeds on table; ...", no
/// "plays" function) is not played from hand after the seed phase: only
/// "seeds or plays" cards may be stocked in the draw deck to play normally
/// (Glossary "seeds or plays").
fn seeds_only(compiled: &CompiledCard, card: &Card, in_play: bool) -> Option<Verdict> {
    let first = compiled.abilities.first()?;
    let plays = compiled.abilities.iter().any(|a| {
        matches!(
            a.timing.class,
            TimingClass::PlaysOn | TimingClass::TypeDefault
        )
    });
    (!in_play && first.timing.class == TimingClass::Seeds && !plays).then(|| {
        Verdict::yes_no(
            false,
            vec![reason(
                format!(
                    "{} says it seeds (\"{}\") and never that it plays: it is seeded, not played from hand",
                    card.title, first.text
                ),
                Some(Citation::glossary("seeds or plays")),
            )],
            vec![],
        )
    })
}

/// May `card` be played (or its text used) now?
///
/// With an action under way, only a valid response to it (or to the group
/// action it belongs to) or a card that suspends play. Between actions:
/// interrupts on either player's turn; other card types in your own card play
/// phase, unless their text says "at any time", "every turn" or "suspends play";
/// a card whose timing clause ties it to an action only while that action is under way.
pub fn can_play(
    card: &Card,
    turn: &TurnContext,
    under_way: Option<&Action>,
    db: &CardDb,
) -> Verdict {
    can_play_from(card, true, turn, under_way, db)
}

/// [`can_play`] (which reads a card's text as usable in play) told where the
/// card is. In play (`in_play`), its text is used rather than the card
/// played, so "At any time, you may ..." after "Plays on table." lets it act
/// on either turn (Space-Time Portal); from hand the card keeps its type's
/// timing (Meditation, "event").
pub fn can_play_from(
    card: &Card,
    in_play: bool,
    turn: &TurnContext,
    under_way: Option<&Action>,
    db: &CardDb,
) -> Verdict {
    let mut compiled = compile(card);
    let placed = |c: TimingClass| matches!(c, TimingClass::PlaysOn | TimingClass::Seeds);
    let placed_first = compiled.abilities.iter().any(|a| placed(a.timing.class));
    for a in &mut compiled.abilities {
        if in_play {
            a.timing.any_turn |= a.timing.in_play_any_turn;
            a.timing.at_any_time |= a.timing.in_play_at_any_time;
        } else if placed_first
            && !placed(a.timing.class)
            && a.timing.class != TimingClass::SuspendsPlay
            && !a.timing.class.is_response()
        {
            // From hand, a card that plays on the table (or a card) is played
            // at its type's time; its other functions are uses once in play
            // (Make It So "... if that ship is in battle (even during
            // opponent's turn)") unless they play it in response to an action
            // (Battle Bridge Door "play at start of ship battle (even during
            // opponent's turn)").
            a.timing.any_turn = false;
            a.timing.at_any_time = false;
        }
    }
    let title = &card.title;
    if let Some(action) = under_way {
        let player = (!turn.player.is_empty()).then_some(turn.player.as_str());
        let v = valid_response_by(action, card, player, db);
        let group = action.chain().skip(1).any(|a| a.kind == "card play")
            || (action.kind == "card play" && action.step == Step::UnderWay);
        let (entry, text) = if group {
            (GROUP, "during a group action no player may initiate any other action except actions that suspend play or responses to the group action or a sub-action")
        } else {
            (INTERRUPTING, "an action under way may be interrupted only by a valid response to it or to one of its sub-actions, or by an action that suspends play")
        };
        let mut reasons = vec![reason(text, Some(Citation::glossary(entry)))];
        if group {
            reasons.push(reason(
                "Interrupts may not be played between the individual cards reported under Red Alert!",
                Some(Citation::rulings("Red Alert!")),
            ));
        }
        reasons.extend(v.reasons.clone());
        if v.value == VerdictValue::Yes {
            if let Some(no) = doorway_off_turn(&compiled, card, turn) {
                reasons.push(no);
                return Verdict::new(VerdictValue::No, reasons, v.citations);
            }
        }
        return Verdict::new(v.value, reasons, v.citations);
    }
    let own_turn = turn.player.is_empty() || turn.player == turn.turn_player;
    if turn.phase == Phase::Seed {
        let seeds = matches!(
            card.card_type,
            CardType::Dilemma | CardType::QDilemma | CardType::Mission
        ) || compiled.abilities.iter().any(|a| a.timing.seeds);
        return Verdict::yes_no(
            seeds,
            vec![reason(
                if seeds {
                    format!("{title} seeds (its type or text says so)")
                } else {
                    format!("{title} does not say it seeds; during the seed phases only seed cards are placed")
                },
                Some(Citation::glossary("seed phases")),
            )],
            vec![],
        );
    }
    if compiled.coverage == Coverage::None && !compiled.abilities.is_empty() {
        return Verdict::new(
            VerdictValue::Undecided(format!(
                "{title}'s game text does not compile enough to decide"
            )),
            vec![reason(
                format!("no timing, target or effect of {title} was recognised"),
                Some(Citation::glossary(TAKING_TURNS)),
            )],
            vec![],
        );
    }
    if let Some(v) = seeds_only(&compiled, card, in_play) {
        return v;
    }
    // Timing clauses that need an action under way rule those functions out.
    let free: Vec<&Ability> = compiled
        .abilities
        .iter()
        .filter(|a| !a.timing.class.is_response())
        .collect();
    let needs_action: Vec<&Ability> = compiled
        .abilities
        .iter()
        .filter(|a| a.timing.class.is_response())
        .collect();
    if !compiled.abilities.is_empty() && free.is_empty() {
        let a = needs_action[0];
        return Verdict::new(
            VerdictValue::No,
            vec![reason(
                format!(
                    "{title} plays only {} {} (\"{}\"), and no such action is under way",
                    a.timing.class.name(),
                    a.timing.action.as_deref().unwrap_or("an action"),
                    a.text
                ),
                Some(Citation::glossary("actions – step 1: initiation")),
            )],
            vec![Citation::glossary(RESPONSES)],
        );
    }
    if let Some(v) = q_icon_card(card) {
        return v;
    }
    if let Some(v) = between_turn_boundary_actions(&compiled, card, turn) {
        return v;
    }
    let at_turn_start = |a: &&Ability| a.timing.class == TimingClass::StartOfTurn;
    if free.iter().all(at_turn_start) && !free.is_empty() {
        let ok = turn.phase == Phase::StartOfTurn
            && (own_turn || free.iter().any(|a| a.timing.any_turn));
        return Verdict::yes_no(
            ok,
            vec![reason(
                format!(
                    "{title} plays at the start of a turn (\"{}\")",
                    free[0].text
                ),
                Some(Citation::rulings("timing")),
            )],
            vec![],
        );
    }
    if is_interrupt(&card.card_type) {
        return Verdict::yes_no(
            true,
            vec![reason(
                format!(
                    "{title} is an interrupt: it may be played during either player's turn, between other actions{}",
                    if own_turn { "" } else { " (this is the opponent's turn)" }
                ),
                Some(Citation::glossary("interrupt")),
            )],
            vec![Citation::glossary(TAKING_TURNS)],
        );
    }
    if let Some(a) = free.iter().find(|a| a.timing.any_turn) {
        let only_any_time = a.timing.at_any_time
            && !matches!(
                a.timing.class,
                TimingClass::EveryTurn | TimingClass::SuspendsPlay
            );
        if only_any_time && matches!(turn.phase, Phase::StartOfTurn | Phase::EndOfTurn) {
            return Verdict::yes_no(
                false,
                vec![reason(
                    format!(
                        "{title} may be used \"at any time\", which means during any phase of either player's turn except start-of-turn and end-of-turn"
                    ),
                    Some(Citation::glossary("at any time")),
                )],
                vec![],
            );
        }
        return Verdict::yes_no(
            true,
            vec![reason(
                format!(
                    "{title}'s text says when it may be used (\"{}\": {}), which allows either player's turn",
                    a.text,
                    a.timing.class.name()
                ),
                Some(Citation::glossary(TAKING_TURNS)),
            )],
            vec![Citation::glossary("at any time")],
        );
    }
    if card.card_type == CardType::Doorway {
        let ok = own_turn && matches!(turn.phase, Phase::CardPlay | Phase::ExecuteOrders);
        return Verdict::yes_no(
            ok,
            vec![reason(
                if !own_turn {
                    format!("{title} is a doorway: playable doorways play whenever an interrupt may, but only during your own turn (its text does not say it suspends play or may play at any time)")
                } else if ok {
                    format!("{title} is a doorway: it does not use the normal card play and may play whenever an interrupt card play is legal during your own turn")
                } else {
                    format!("{title} is a doorway: it plays between actions of your own turn, not among start-of-turn or end-of-turn actions")
                },
                Some(Citation::glossary("doorway")),
            )],
            vec![Citation::glossary(TAKING_TURNS)],
        );
    }
    if matches!(card.card_type, CardType::Dilemma | CardType::QDilemma) {
        return Verdict::yes_no(
            false,
            vec![reason(
                format!("{title} is a dilemma: dilemmas are seeded and encountered, not played"),
                Some(Citation::glossary("dilemma")),
            )],
            vec![],
        );
    }
    let spent = turn.normal_card_play_used || turn.orders_begun;
    let ok = own_turn && turn.phase == Phase::CardPlay && !spent;
    let why = if !own_turn {
        format!(
            "{title} ({}) uses the normal card play, and you cannot initiate it during your opponent's turn",
            card.card_type.name()
        )
    } else if ok {
        format!(
            "{title} ({}) may be played with your normal card play in your card play phase",
            card.card_type.name()
        )
    } else if turn.normal_card_play_used {
        format!(
            "{title} ({}) uses the normal card play, and this turn's normal card play is already used (interrupts and doorways do not use it)",
            card.card_type.name()
        )
    } else if turn.orders_begun {
        format!(
            "{title} ({}) uses the normal card play, which must take place before executing orders",
            card.card_type.name()
        )
    } else {
        format!(
            "{title} ({}) uses the normal card play, which takes place in the card play phase",
            card.card_type.name()
        )
    };
    Verdict::yes_no(
        ok,
        vec![
            reason(why, Some(Citation::glossary("card play"))),
            reason(
                "you cannot initiate actions during your opponent's turn except valid responses, interrupts and text that says \"at any time\", \"every turn\" or \"suspends play\"",
                Some(Citation::glossary(TAKING_TURNS)),
            ),
        ],
        vec![],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn immunity_phrases_name_their_cards() {
        let i =
            immunities("If your score is zero, score. (May be nullified only by {Countermanda}.)");
        assert_eq!(
            i,
            vec![("only".to_string(), vec!["Countermanda".to_string()])]
        );
        let i = immunities("Shuffle. (Immune to {Amanda Rogers}.) Draw.");
        assert_eq!(
            i,
            vec![("except".to_string(), vec!["Amanda Rogers".to_string()])]
        );
        // Printed without braces, as on Amanda Rogers herself.
        let i = immunities("Nullifies one Interrupt. (Immune to Amanda Rogers.)");
        assert_eq!(
            i,
            vec![("except".to_string(), vec!["amanda rogers".to_string()])]
        );
        assert!(reference_names(&i[0].1[0], "Amanda Rogers"));
        let i = immunities("(Immune to Hail, Q2 or Amanda Rogers.)");
        assert_eq!(i[0].1, vec!["hail", "q2", "amanda rogers"]);
        assert_eq!(immunities("Seeds; may not be nullified.")[0].0, "none");
        assert!(immunities("Nullifies {Hail}.").is_empty());
    }

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
}
