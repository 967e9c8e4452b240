//! `valid response` and `can play` as ordered rules, in the order of the
//! Glossary's entries. A valid response: it suspends play ("suspends play"),
//! or it specifically relates to the action ("actions – step 2: responses"),
//! unless it relates only to the group action a sub-action of which is in
//! progress ("actions – group"), the card it would nullify is immune to it
//! ("nullify"), it answers another step ("actions – “just”"), the card it
//! acts on is only just played ("just played") or the action is the other
//! player's; else it is no valid response ("actions – interrupting"). Playing
//! a card during an action is a valid response (doorways only on your own
//! turn); between actions: the seed phases, "seeds or plays", "actions –
//! step 1: initiation", "Q-icon cards", "turn" and the Current Rulings'
//! "timing", "interrupt", "at any time", "doorway", and the normal card play
//! ("card play", "event", "incident").
//!
//! Card text is read only through the ability compiler: the rules read the
//! card's [`CompiledCard`] and what [`response::relate`] found between its
//! abilities and the action under way. The entries restating a rule for one
//! card (its Current Rulings entry) or for one kind of action ("battle",
//! "mission attempt") are data (`glossary/timing-rulings.toml`), cited when
//! the rule they restate applies.

use super::rules::{decide, yes_because, Entry, Rule, Ruling};
use crate::cards::model::{Card, CardDb, CardType};
use crate::engine::abilities::{Ability, CompiledCard, Coverage, Target, TimingClass};
use crate::engine::action::{Action, Phase, Step, TurnContext};
use crate::engine::response::{self, relate_among, EncounterPermit, Findings, Miss, Participants};
use crate::engine::timing_rulings::TimingRulings;
use crate::engine::verdict::{Citation, Reason, Verdict, VerdictValue};

const RESPONSES: Entry = Entry::glossary("actions – step 2: responses");
const SUSPENDS: Entry = Entry::glossary("suspends play");
const GROUP: Entry = Entry::glossary("actions – group");
const NULLIFY: Entry = Entry::glossary("nullify");
const JUST: Entry = Entry::glossary("actions – “just”");
const INTERRUPTING: Entry = Entry::glossary("actions – interrupting");
const INITIATION: Entry = Entry::glossary("actions – step 1: initiation");
const HIDDEN_AGENDA: Entry = Entry::glossary("hidden agenda");
const FOR_FREE: Entry = Entry::glossary("for free");
const CARD_DRAW: Entry = Entry::glossary("card draw");
const CANCEL: Entry = Entry::glossary("cancel");
const DILEMMA: Entry = Entry::glossary("dilemma");
const TAKING_TURNS: Entry = Entry::glossary("actions – taking turns");
/// The start-of-turn and end-of-turn segments: the Glossary's "turn" and
/// the Current Rulings' "timing" state them.
const TURN_SEGMENTS: Entry = Entry::glossary("turn").stated_in_rulings("timing");
/// "Any mandatory start-of-turn actions must take place before optional
/// start-of-turn actions" (end-of-turn actions likewise).
pub const MANDATORY_FIRST: Entry = Entry::rulings("timing");
/// "All cards except interrupts and doorways may be played only at this
/// time" (the card play segment of "turn").
const CARD_PLAY_SEGMENT: Entry = Entry::glossary("turn");

fn reason(text: impl Into<String>, entry: Entry) -> Reason {
    Reason {
        text: text.into(),
        citation: Some(entry.citation()),
    }
}

/// A rule applied, citing its entry and the Current Rulings entry stating
/// the same rule (when there is one).
fn stated(text: &str, entry: Entry) -> Vec<Reason> {
    let mut all = vec![reason(text, entry)];
    all.extend(entry.ruling.map(|title| Reason {
        text: format!("the Current Rulings' \"{title}\" states the same rule"),
        citation: Some(Citation::rulings(title)),
    }));
    all
}

/// The Current Rulings entries ruling on one of `cards` for the rule `rule`,
/// as reasons (`glossary/timing-rulings.toml`).
fn card_rulings(rule: &str, cards: &[&str]) -> Vec<Reason> {
    TimingRulings::get()
        .for_rule(rule, cards)
        .map(|r| Reason {
            text: format!("Current Rulings on {}: {}", r.card, r.says),
            citation: Some(Citation::rulings(&r.entry)),
        })
        .collect()
}

/// The entries restating, for the kinds of action under way, that only a
/// valid response (or an action that suspends play) interrupts them.
fn interrupting_rules(kinds: &[String]) -> Vec<Reason> {
    TimingRulings::get()
        .for_actions(kinds)
        .map(|a| Reason {
            text: a.says.clone(),
            citation: Some(Citation::new(&a.doc, &a.entry)),
        })
        .collect()
}

// ------------------------------------------------------------ valid response

/// A `valid response` question: the responder's compiled text, the action
/// under way and what relates them.
pub struct Response<'a> {
    action: &'a Action,
    compiled: CompiledCard,
    findings: Findings,
    /// The phase the action is under way in, when known.
    phase: Option<Phase>,
    /// A dilemma under encounter whose own text lets the player bring the
    /// responder into play.
    permit: Option<EncounterPermit>,
}

impl<'a> Response<'a> {
    pub fn new(action: &'a Action, responder: &Card, player: Option<&str>, db: &CardDb) -> Self {
        Self::using(action, (responder, None), (player, None), db)
    }

    /// The responder using only the function `function` names (each "OR"
    /// function keeps its own timing).
    /// `among`: the action's real participants, when the game state is known.
    pub fn using(
        action: &'a Action,
        (responder, function): (&Card, Option<&str>),
        (player, among): (Option<&str>, Option<&Participants>),
        db: &CardDb,
    ) -> Self {
        let mut compiled = response::compiled_using(responder, function);
        // What a card placed first does in play answers only while it is.
        let in_play = among.and_then(Participants::responder_in_play);
        if in_play != Some(true) {
            for a in &mut compiled.abilities {
                a.windows.retain(|w| !w.in_play_only);
            }
        }
        let findings = relate_among(action, &compiled, (player, among), db);
        Response {
            action,
            compiled,
            findings,
            phase: None,
            permit: response::encounter_permit(action, (player, among), db),
        }
    }

    /// The entries that say, for this action and this segment of the turn,
    /// what may interrupt it: only valid responses (and actions that
    /// suspend play).
    fn judged_under(&self) -> Vec<Reason> {
        let mut out = interrupting_rules(&self.findings.under_way);
        if matches!(self.phase, Some(Phase::StartOfTurn | Phase::EndOfTurn)) {
            out.push(Reason {
                text: "no other actions may take place between start-of-turn (or end-of-turn) actions, other than valid responses".into(),
                citation: Some(Citation::rulings("timing")),
            });
        }
        out
    }

    /// The cards whose Current Rulings entries may rule here: the responder
    /// and the cards played or encountered along the chain.
    fn cards(&self) -> Vec<&str> {
        let mut cards = vec![self.compiled.title.as_str()];
        cards.extend(self.action.chain().filter_map(|a| a.card.as_deref()));
        cards
    }

    fn title(&self) -> &str {
        &self.compiled.title
    }
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
    valid_response_in(action, (responder, None), (player, None), None, db)
}

/// [`valid_response_by`] with the phase the action is under way in (the
/// start-of-turn and end-of-turn segments admit only valid responses), the
/// responder using the function its excerpt names (all of them without one),
/// and the action's real participants when the game state is known.
pub fn valid_response_in(
    action: &Action,
    responder: (&Card, Option<&str>),
    asked: (Option<&str>, Option<&Participants>),
    phase: Option<Phase>,
    db: &CardDb,
) -> Verdict {
    let ctx = Response {
        phase,
        ..Response::using(action, responder, asked, db)
    };
    decide(&response_rules(), &ctx)
}

/// The rules of a valid response, in order.
pub fn response_rules<'a>() -> [Rule<Response<'a>>; 13] {
    [
        Rule {
            name: "a cancelled action",
            entry: CANCEL,
            apply: cancelled,
        },
        Rule {
            name: "suspends play",
            entry: SUSPENDS,
            apply: suspends_play,
        },
        Rule {
            name: "specifically relates",
            entry: RESPONSES,
            apply: specifically_relates,
        },
        Rule {
            name: "the dilemma's text allows it",
            entry: DILEMMA,
            apply: permitted_by_dilemma,
        },
        Rule {
            name: "not inside a sub-action",
            entry: GROUP,
            apply: inside_sub_action,
        },
        Rule {
            name: "not immune",
            entry: NULLIFY,
            apply: immune,
        },
        Rule {
            name: "at the step it answers",
            entry: JUST,
            apply: wrong_step,
        },
        Rule {
            name: "a card just played is not in play",
            entry: Entry::glossary("just played"),
            apply: not_yet_in_play,
        },
        Rule {
            name: "the player's action it answers",
            entry: RESPONSES,
            apply: wrong_player,
        },
        Rule {
            name: "the participants it names",
            entry: RESPONSES,
            apply: wrong_participants,
        },
        Rule {
            name: "the mission's first attempt",
            entry: INITIATION,
            apply: later_attempt,
        },
        Rule {
            name: "text compiled",
            entry: RESPONSES,
            apply: unreadable,
        },
        Rule {
            name: "not a valid response",
            entry: INTERRUPTING,
            apply: unrelated,
        },
    ]
}

/// A cancelled action will not have its result ("cancel"), and responses
/// are made "after an action has been initiated and before its results
/// begin" ("actions – step 2: responses"). No entry says whether a card
/// relating to the action may still respond once it is cancelled, so such
/// a card is left undecided (rulings/AUDIT.md); an unrelated card is no
/// response either way, and a card that suspends play may interrupt any
/// action.
fn cancelled(r: &Response, reasons: &mut Vec<Reason>) -> Ruling {
    let relates = r.findings.related.is_some();
    if !r.action.cancelled || !relates || suspending(&r.compiled).is_some() {
        return Ruling::Next;
    }
    reasons.extend([
        reason(
            "cancelling an action prevents it from having its result; any costs paid remain paid",
            CANCEL,
        ),
        reason(
            "responses are made after an action has been initiated and before its results begin, and must specifically relate to (modify, cancel, nullify or prevent) it",
            RESPONSES,
        ),
    ]);
    Ruling::Undecided(format!(
        "the {} was already cancelled and {} relates to it: no Glossary or Current Rulings entry says whether a cancelled action may still be responded to",
        r.action.kind,
        r.title()
    ))
}

fn suspending(c: &CompiledCard) -> Option<&Ability> {
    c.abilities
        .iter()
        .find(|a| a.timing.class == TimingClass::SuspendsPlay)
}

fn suspends_play(r: &Response, reasons: &mut Vec<Reason>) -> Ruling {
    let Some(a) = suspending(&r.compiled) else {
        return Ruling::Next;
    };
    reasons.push(reason(
        "a card which says it suspends play may temporarily suspend any action, whether related or not",
        RESPONSES,
    ));
    if a.effects.iter().any(|e| e.verb == "download") {
        reasons.extend(stated(
            "using a special download icon also suspends play: it may suspend any action at any time, even during the opponent's turn",
            Entry::glossary("downloading - special download").stated_in_rulings("downloading"),
        ));
    }
    reasons.extend(card_rulings("suspends play", &r.cards()));
    let why = format!(
        "{} says it suspends play (\"{}\"): it may interrupt any action, related or not",
        r.title(),
        a.text
    );
    yes_because(reasons, why, SUSPENDS)
}

fn specifically_relates(r: &Response, reasons: &mut Vec<Reason>) -> Ruling {
    let Some(related) = &r.findings.related else {
        return Ruling::Next;
    };
    reasons.extend(related.iter().cloned());
    reasons.extend(r.judged_under());
    reasons.extend(card_rulings("specifically relates", &r.cards()));
    Ruling::Yes
}

/// A card the encountered dilemma's own text lets the player bring into
/// play ("Opponent may download ... Borg drones") is part of that
/// encounter: what the dilemma describes happening when it is encountered.
fn permitted_by_dilemma(r: &Response, reasons: &mut Vec<Reason>) -> Ruling {
    let Some(permit) = &r.permit else {
        return Ruling::Next;
    };
    let verb = permit.allowance.verb.as_str();
    if verb == "download" {
        reasons.push(reason(
            "a card may allow you to download a personnel or equipment card during a mission attempt",
            Entry::glossary("downloading"),
        ));
    }
    reasons.extend(r.judged_under());
    reasons.extend(card_rulings("the dilemma's text allows it", &r.cards()));
    let why = format!(
        "each dilemma describes what happens when it is encountered: {}'s text (\"{}\") lets this player {verb} {}, an action of the encounter itself",
        permit.dilemma,
        permit.allowance.text,
        r.title()
    );
    yes_because(reasons, why, DILEMMA)
}

/// A near miss of `miss` refuses, with the Current Rulings on the cards.
fn missed(r: &Response, miss: Miss, rule: &str, reasons: &mut Vec<Reason>) -> Ruling {
    let Some(near) = r.findings.missed(miss) else {
        return Ruling::Next;
    };
    reasons.extend(near.support.iter().cloned());
    reasons.extend(r.judged_under());
    reasons.extend(card_rulings(rule, &r.cards()));
    Ruling::No(near.why.clone())
}

fn inside_sub_action(r: &Response, reasons: &mut Vec<Reason>) -> Ruling {
    missed(r, Miss::InsideSubAction, "not inside a sub-action", reasons)
}

fn immune(r: &Response, reasons: &mut Vec<Reason>) -> Ruling {
    missed(r, Miss::Immune, "not immune", reasons)
}

fn wrong_step(r: &Response, reasons: &mut Vec<Reason>) -> Ruling {
    missed(r, Miss::WrongStep, "at the step it answers", reasons)
}

fn not_yet_in_play(r: &Response, reasons: &mut Vec<Reason>) -> Ruling {
    if r.findings.missed(Miss::NotYetInPlay).is_some() {
        reasons.push(reason(
            format!(
                "{} acts on cards in play: it does not specifically relate to the card play of a card not yet in play",
                r.title()
            ),
            RESPONSES,
        ));
    }
    missed(
        r,
        Miss::NotYetInPlay,
        "a card just played is not in play",
        reasons,
    )
}

fn wrong_player(r: &Response, reasons: &mut Vec<Reason>) -> Ruling {
    missed(
        r,
        Miss::WrongPlayer,
        "the player's action it answers",
        reasons,
    )
}

/// "who just engaged your android", "involving your [Kli] card(s)": the
/// response relates only to an action those cards take part in.
fn wrong_participants(r: &Response, reasons: &mut Vec<Reason>) -> Ruling {
    missed(
        r,
        Miss::WrongParticipants,
        "the participants it names",
        reasons,
    )
}

/// "just before the initial attempt of a space mission": a condition of
/// initiating the response, not met by a later attempt of the mission.
fn later_attempt(r: &Response, reasons: &mut Vec<Reason>) -> Ruling {
    if r.findings.missed(Miss::LaterAttempt).is_some() {
        reasons.push(reason(
            "initiating an action includes meeting the conditions of its game text",
            INITIATION,
        ));
    }
    missed(
        r,
        Miss::LaterAttempt,
        "the mission's first attempt",
        reasons,
    )
}

fn unreadable(r: &Response, _: &mut Vec<Reason>) -> Ruling {
    let c = &r.compiled;
    let unread = (c.coverage == Coverage::None && !c.abilities.is_empty())
        || c.abilities
            .iter()
            .any(|a| a.timing.class == TimingClass::Unknown && !a.unparsed.is_empty());
    if !unread {
        return Ruling::Next;
    }
    let parts: Vec<&str> = c
        .abilities
        .iter()
        .flat_map(|a| a.unparsed.iter().map(String::as_str))
        .collect();
    Ruling::Undecided(format!(
        "{}'s game text does not compile enough to decide (not read: {})",
        r.title(),
        parts.join(" / ")
    ))
}

fn unrelated(r: &Response, reasons: &mut Vec<Reason>) -> Ruling {
    reasons.push(reason(
        format!(
            "{} does not specifically relate to (modify, cancel, nullify or prevent) the {} or any action it is part of ({})",
            r.title(),
            r.action.kind,
            r.findings.kinds.join(" → ")
        ),
        RESPONSES,
    ));
    reasons.push(reason(
        format!(
            "{} does not say it suspends play, which would let it interrupt an unrelated action",
            r.title()
        ),
        SUSPENDS,
    ));
    for (verb, citation) in response::relating_verbs(&r.compiled) {
        reasons.push(Reason {
            text: format!(
                "{}'s effect ({verb}) makes it a response only to the action it acts on, which is not this one",
                r.title()
            ),
            citation: Some(citation),
        });
    }
    reasons.extend(r.judged_under());
    reasons.extend(card_rulings("not a valid response", &r.cards()));
    Ruling::No(
        "a card that may be played at any time is not a valid response unless it specifically relates to the action"
            .into(),
    )
}

// ------------------------------------------------------------------ can play

/// A `can play` question: the card, its compiled text as it is usable from
/// where it is, the turn, and (with an action under way) its response verdict.
pub struct Play<'a> {
    card: &'a Card,
    compiled: CompiledCard,
    in_play: bool,
    turn: &'a TurnContext,
    under_way: Option<&'a Action>,
    response: Option<Verdict>,
    /// The cards on the table, when the question has a game state: what a
    /// card played between actions may target.
    table: Option<Vec<&'a Card>>,
    /// A hidden agenda face down on the table: the question is whether it
    /// may be activated (turned face up).
    hidden: bool,
    /// It plays for free: not the normal card play, still its segment.
    free: bool,
    /// A copy of it was used this turn (its play perhaps cancelled since).
    used_this_turn: bool,
    /// The cards pending in this segment whose compiled text makes their
    /// start- or end-of-turn action mandatory.
    mandatory_pending: Vec<String>,
}

impl<'a> Play<'a> {
    pub fn new(
        card: &'a Card,
        in_play: bool,
        turn: &'a TurnContext,
        under_way: Option<&'a Action>,
        db: &CardDb,
    ) -> Self {
        Self::using((card, None), in_play, turn, (under_way, None), db)
    }

    /// The card using only the function its excerpt names, with the real
    /// participants of the action under way when the game state is known.
    pub fn using(
        (card, function): (&'a Card, Option<&str>),
        in_play: bool,
        turn: &'a TurnContext,
        (under_way, among): (Option<&'a Action>, Option<&Participants>),
        db: &CardDb,
    ) -> Self {
        let player = (!turn.player.is_empty()).then_some(turn.player.as_str());
        let phase = Some(turn.phase);
        Play {
            card,
            compiled: usable_from(card, function, in_play),
            in_play,
            turn,
            under_way,
            response: under_way
                .map(|a| valid_response_in(a, (card, function), (player, among), phase, db)),
            table: None,
            hidden: false,
            free: false,
            used_this_turn: false,
            mandatory_pending: mandatory_pending(turn, db),
        }
    }

    /// The card lies face down on the table: asking to play it is asking to
    /// activate it, which only a hidden agenda may be.
    pub fn face_down(mut self, face_down: bool) -> Self {
        self.hidden = face_down && self.in_play && self.card.has_icon("HA");
        self
    }

    /// The cards in play it may target.
    pub fn with_table(mut self, table: Vec<&'a Card>) -> Self {
        self.table = Some(table);
        self
    }

    fn title(&self) -> &str {
        &self.card.title
    }

    fn own_turn(&self) -> bool {
        self.turn.player.is_empty() || self.turn.player == self.turn.turn_player
    }

    fn any_turn(&self) -> bool {
        self.compiled.abilities.iter().any(|a| a.timing.any_turn)
    }

    /// The card, then the cards played along the chain under way.
    fn cards(&self) -> Vec<&str> {
        let mut cards = vec![self.title()];
        cards.extend(
            self.under_way
                .iter()
                .flat_map(|a| a.chain())
                .filter_map(|a| a.card.as_deref()),
        );
        cards
    }

    /// Functions that need no action under way.
    fn free(&self) -> Vec<&Ability> {
        self.compiled
            .abilities
            .iter()
            .filter(|a| !a.timing.class.is_response())
            .collect()
    }

    /// A group action is under way: a card play with sub-actions ("in place
    /// of your normal card play").
    fn in_group(&self) -> bool {
        self.under_way.is_some_and(|action| {
            action.chain().skip(1).any(|a| a.kind == "card play")
                || (action.kind == "card play" && action.step == Step::UnderWay)
        })
    }
}

/// The card's compiled text as usable from where it is. In play its text is
/// used rather than the card played, so "At any time, you may ..." after
/// "Plays on table." lets it act on either turn (Space-Time Portal); from hand
/// the card keeps its type's timing (Meditation, "event").
fn usable_from(card: &Card, function: Option<&str>, in_play: bool) -> CompiledCard {
    let mut compiled = response::compiled_using(card, function);
    let placed = |c: TimingClass| matches!(c, TimingClass::PlaysOn | TimingClass::Seeds);
    let placed_first = compiled.abilities.iter().any(|a| placed(a.timing.class));
    for a in &mut compiled.abilities {
        if in_play {
            a.timing.any_turn |= a.timing.in_play_any_turn;
            a.timing.at_any_time |= a.timing.in_play_at_any_time;
            // In play, a card placed first acts in the segment its text names.
            if let Some(segment) = a.timing.in_play_segment.filter(|_| placed(a.timing.class)) {
                a.timing.class = segment;
            }
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
    compiled
}

/// The pending cards whose compiled text, in play, makes their action of
/// this start- or end-of-turn segment mandatory.
fn mandatory_pending(turn: &TurnContext, db: &CardDb) -> Vec<String> {
    turn.pending
        .iter()
        .filter(|t| {
            crate::engine::abilities::find_card(db, t).is_some_and(|c| mandatory_in(c, turn.phase))
        })
        .cloned()
        .collect()
}

/// Whether `card`'s compiled text, in play, makes its action of the start-
/// or end-of-turn segment `phase` mandatory (no "may": Glossary "automatic
/// modifiers").
pub fn mandatory_in(card: &Card, phase: Phase) -> bool {
    let class = match phase {
        Phase::StartOfTurn => TimingClass::StartOfTurn,
        Phase::EndOfTurn => TimingClass::EndOfTurn,
        _ => return false,
    };
    crate::engine::abilities::compile(card)
        .abilities
        .iter()
        .any(|a| a.timing.in_play_segment == Some(class) && a.timing.mandatory)
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

/// [`can_play`] told where the card is (`in_play`: its text is used rather
/// than the card played).
pub fn can_play_from(
    card: &Card,
    in_play: bool,
    turn: &TurnContext,
    under_way: Option<&Action>,
    db: &CardDb,
) -> Verdict {
    decide_play(Play::new(card, in_play, turn, under_way, db))
}

/// Where the card asked about is: in play (its text is used rather than the
/// card played), face down (a hidden agenda to activate).
#[derive(Debug, Clone, Copy, Default)]
pub struct Lies {
    pub in_play: bool,
    pub face_down: bool,
    /// It plays for free (Glossary "for free").
    pub free: bool,
    /// A copy of it was used (played, even if then cancelled) this turn.
    pub used_this_turn: bool,
}

/// [`can_play_from`] with the cards in play that the card may target, the
/// card using the function its excerpt names (all of them without one).
pub fn can_play_on_table(
    card: (&Card, Option<&str>),
    lies: Lies,
    turn: &TurnContext,
    under_way: (Option<&Action>, Option<&Participants>),
    db: &CardDb,
    table: Vec<&Card>,
) -> Verdict {
    let play = Play::using(card, lies.in_play, turn, under_way, db);
    let play = Play {
        free: lies.free,
        used_this_turn: lies.used_this_turn,
        ..play.with_table(table).face_down(lies.face_down)
    };
    decide_play(play)
}

fn decide_play(play: Play) -> Verdict {
    let under_way = play.under_way;
    if under_way.is_some() {
        decide(&during_action_rules(), &play)
    } else {
        decide(&between_actions_rules(), &play)
    }
}

/// The rules of playing a card while an action is under way, in order.
pub fn during_action_rules<'a>() -> [Rule<Play<'a>>; 4] {
    [
        Rule {
            name: "a group action under way",
            entry: GROUP,
            apply: group_action,
        },
        Rule {
            name: "a valid response interrupts",
            entry: INTERRUPTING,
            apply: responds,
        },
        Rule {
            name: "doorways on your own turn",
            entry: Entry::glossary("doorway"),
            apply: doorway_off_turn,
        },
        Rule {
            name: "played as a valid response",
            entry: RESPONSES,
            apply: |_, _| Ruling::Yes,
        },
    ]
}

fn group_action(p: &Play, reasons: &mut Vec<Reason>) -> Ruling {
    if !p.in_group() {
        return Ruling::Next;
    }
    reasons.push(reason(
        "during a group action no player may initiate any other action except actions that suspend play or responses to the group action or a sub-action",
        GROUP,
    ));
    reasons.extend(stated(
        "an action in place of your normal card play may have several sub-actions, and interrupts may not be played between them",
        Entry::glossary("card play").stated_in_rulings("card play"),
    ));
    reasons.extend(card_rulings("a group action under way", &p.cards()));
    Ruling::Next
}

fn responds(p: &Play, reasons: &mut Vec<Reason>) -> Ruling {
    let Some(v) = &p.response else {
        return Ruling::Next;
    };
    if !p.in_group() {
        reasons.push(reason(
            "an action under way may be interrupted only by a valid response to it or to one of its sub-actions, or by an action that suspends play",
            INTERRUPTING,
        ));
    }
    let mut theirs = v.reasons.clone();
    match &v.value {
        VerdictValue::Yes => {
            reasons.extend(theirs);
            Ruling::Next
        }
        VerdictValue::Undecided(what) => {
            reasons.extend(theirs);
            Ruling::Undecided(what.clone())
        }
        // The response rules' refusal decides, with the reason they gave.
        _ => match theirs.pop() {
            Some(last) => {
                reasons.extend(theirs);
                Ruling::Refused(last)
            }
            None => Ruling::No(format!("{} is no valid response", p.title())),
        },
    }
}

/// A doorway plays whenever an interrupt may, but only during your own turn,
/// unless its text suspends play or may play at any time ("doorway") — also
/// as a response.
fn doorway_off_turn(p: &Play, _: &mut Vec<Reason>) -> Ruling {
    if p.card.card_type != CardType::Doorway || p.own_turn() || p.any_turn() {
        return Ruling::Next;
    }
    Ruling::No(format!(
        "{} is a doorway: it plays whenever an interrupt may, but only during your own turn (its text does not say it suspends play or may play at any time)",
        p.title()
    ))
}

/// The rules of playing a card between actions, in order.
pub fn between_actions_rules<'a>() -> [Rule<Play<'a>>; 17] {
    [
        Rule {
            name: "activating a hidden agenda",
            entry: HIDDEN_AGENDA,
            apply: hidden_agenda,
        },
        Rule {
            name: "seed phases",
            entry: Entry::glossary("seed phases"),
            apply: seed_phase,
        },
        Rule {
            name: "text compiled",
            entry: TAKING_TURNS,
            apply: compiled_enough,
        },
        Rule {
            name: "seeds or plays",
            entry: Entry::glossary("seeds or plays"),
            apply: seeds_only,
        },
        Rule {
            name: "once each turn",
            entry: CANCEL,
            apply: once_each_turn,
        },
        Rule {
            name: "draw no cards this turn",
            entry: CARD_DRAW,
            apply: draws_no_cards,
        },
        Rule {
            name: "a response needs its action",
            entry: INITIATION,
            apply: needs_an_action,
        },
        Rule {
            name: "something in play to nullify",
            entry: Entry::glossary("nullify"),
            apply: something_to_nullify,
        },
        Rule {
            name: "Q-icon cards",
            entry: Entry::glossary("Q-icon cards"),
            apply: q_icon_card,
        },
        Rule {
            name: "mandatory actions first",
            entry: MANDATORY_FIRST,
            apply: mandatory_first,
        },
        Rule {
            name: "between start-of-turn or end-of-turn actions",
            entry: TURN_SEGMENTS,
            apply: turn_boundary,
        },
        Rule {
            name: "at the start of a turn",
            entry: TURN_SEGMENTS,
            apply: start_of_turn_card,
        },
        Rule {
            name: "interrupts",
            entry: Entry::glossary("interrupt"),
            apply: interrupt,
        },
        Rule {
            name: "at any time",
            entry: Entry::glossary("at any time"),
            apply: at_any_time,
        },
        Rule {
            name: "doorways",
            entry: Entry::glossary("doorway"),
            apply: doorway,
        },
        Rule {
            name: "dilemmas are not played",
            entry: Entry::glossary("dilemma"),
            apply: dilemma,
        },
        Rule {
            name: "the normal card play",
            entry: Entry::glossary("card play"),
            apply: normal_card_play,
        },
    ]
}

/// A hidden agenda face down on the table is activated (turned face up) at
/// any time, between other actions or as a valid response - never during
/// the seed phases, and, being "at any time", not among start-of-turn or
/// end-of-turn actions. Activating it does not suspend play.
fn hidden_agenda(p: &Play, reasons: &mut Vec<Reason>) -> Ruling {
    if !p.hidden {
        return Ruling::Next;
    }
    let title = p.title();
    if p.turn.phase == Phase::Seed {
        return Ruling::No(format!(
            "{title} is a face-down hidden agenda: a seeded hidden agenda may not be activated until after the play phase begins"
        ));
    }
    if matches!(p.turn.phase, Phase::StartOfTurn | Phase::EndOfTurn) {
        reasons.push(reason(
            "\"at any time\" means any phase of either player's turn except start-of-turn and end-of-turn",
            Entry::glossary("at any time"),
        ));
        return Ruling::No(format!(
            "{title} is a face-down hidden agenda, activated at any time, which is not among start-of-turn or end-of-turn actions"
        ));
    }
    let why = format!(
        "{title} is a face-down hidden agenda: it may be activated by turning it face up at any time, between other actions, on either player's turn{}",
        if p.own_turn() { "" } else { " (this is the opponent's turn)" }
    );
    yes_because(reasons, why, HIDDEN_AGENDA)
}

/// A function limited to once per turn, already used this turn by a copy of
/// the card, may not be initiated again - even when that play was cancelled
/// or nullified: the cost stays paid ("cancel"; "actions – step 2:
/// responses": "any costs paid are not recovered").
fn once_each_turn(p: &Play, reasons: &mut Vec<Reason>) -> Ruling {
    let playable: Vec<&Ability> = p
        .free()
        .into_iter()
        .filter(|a| a.timing.class != TimingClass::Seeds)
        .collect();
    let per_turn = |a: &Ability| {
        a.timing
            .limit
            .as_deref()
            .is_some_and(|l| l.starts_with("once ") && l.ends_with(" turn"))
    };
    let Some(first) = every_function(p.used_this_turn, &playable, per_turn) else {
        return Ruling::Next;
    };
    let why = format!(
        "{} is limited \"{}\" and was already used this turn: an action limited to once per turn may not be initiated again that turn, even when it was cancelled",
        p.title(),
        first.timing.limit.as_deref().unwrap_or_default()
    );
    let costs = "if a properly initiated card play is nullified, any costs paid are not recovered";
    refuse(reasons, (costs, RESPONSES), why)
}

/// A refusal, after the reason of another entry that supports it.
fn refuse(reasons: &mut Vec<Reason>, (support, entry): (&str, Entry), why: String) -> Ruling {
    reasons.push(reason(support, entry));
    Ruling::No(why)
}

/// The first of `functions` when the rule `applies` and every one of them
/// has `feature` (a card is refused only for what all its functions do).
fn every_function<'f>(
    applies: bool,
    functions: &[&'f Ability],
    feature: impl Fn(&Ability) -> bool,
) -> Option<&'f Ability> {
    let first = *functions.first()?;
    (applies && functions.iter().all(|a| feature(a))).then_some(first)
}

/// After an action restricted by "draw no cards this turn", no more cards
/// are drawn that turn, and no ability that acts "in place of a card draw"
/// may be used: a card whose every function (the one the question names)
/// replaces a card draw is refused.
fn draws_no_cards(p: &Play, reasons: &mut Vec<Reason>) -> Ruling {
    let replaces_draw = |a: &Ability| {
        a.effects.iter().any(|e| {
            e.verb == "place"
                && e.objects
                    .iter()
                    .any(|o| matches!(o, Target::Action(k) if k == "card draw"))
        })
    };
    let all: Vec<&Ability> = p.compiled.abilities.iter().collect();
    let Some(first) = every_function(p.turn.draws_no_cards, &all, replaces_draw) else {
        return Ruling::Next;
    };
    let why = format!(
        "you took an action restricted by \"draw no cards this turn\": you may not draw any more cards this turn, nor use {}'s ability to act in place of a card draw (\"{}\")",
        p.title(),
        first.text
    );
    let replaces = "an action in place of a card draw replaces a card draw, and is made when that card draw would be";
    refuse(reasons, (replaces, CARD_DRAW), why)
}

/// A card whose every function nullifies a card in play ("Nullifies any one
/// Event card in play") has nothing to do, between actions, without such a
/// card on the table. Asked only when the question gives the table.
fn something_to_nullify(p: &Play, reasons: &mut Vec<Reason>) -> Ruling {
    let Some(table) = &p.table else {
        return Ruling::Next;
    };
    let in_play_kinds: Vec<&str> = p
        .compiled
        .effects()
        .filter(|e| e.verb == "nullify")
        .flat_map(|e| &e.objects)
        .filter_map(|t| match t {
            Target::CardType {
                name,
                in_play: true,
                negated: false,
                ..
            } => Some(name.as_str()),
            _ => None,
        })
        .collect();
    let only_nullifies = p
        .compiled
        .effects()
        .all(|e| matches!(e.verb.as_str(), "nullify" | "ignore"));
    if in_play_kinds.is_empty() || !only_nullifies {
        return Ruling::Next;
    }
    let target = table.iter().find(|c| {
        in_play_kinds
            .iter()
            .any(|k| response::type_matches(&c.card_type, k))
    });
    match target {
        Some(c) => {
            reasons.push(reason(
                format!(
                    "{} ({}) is in play: {} may nullify it",
                    c.title,
                    c.card_type.name(),
                    p.title()
                ),
                Entry::glossary("nullify"),
            ));
            Ruling::Next
        }
        None => Ruling::No(format!(
            "{} nullifies a card in play ({}), and there is none to nullify",
            p.title(),
            in_play_kinds.join(", ")
        )),
    }
}

fn seed_phase(p: &Play, reasons: &mut Vec<Reason>) -> Ruling {
    if p.turn.phase != Phase::Seed {
        return Ruling::Next;
    }
    let seeds = matches!(
        p.card.card_type,
        CardType::Dilemma | CardType::QDilemma | CardType::Mission
    ) || p.compiled.abilities.iter().any(|a| a.timing.seeds);
    if seeds {
        let why = format!("{} seeds (its type or text says so)", p.title());
        return yes_because(reasons, why, Entry::glossary("seed phases"));
    }
    if suspending(&p.compiled).is_some() {
        return Ruling::Refused(reason(
            format!(
                "{} suspends play, and no one may suspend play during the seed phases",
                p.title()
            ),
            SUSPENDS,
        ));
    }
    Ruling::No(format!(
        "{} does not say it seeds; during the seed phases only seed cards are placed",
        p.title()
    ))
}

fn compiled_enough(p: &Play, _: &mut Vec<Reason>) -> Ruling {
    if p.compiled.coverage != Coverage::None || p.compiled.abilities.is_empty() {
        return Ruling::Next;
    }
    Ruling::Undecided(format!(
        "{}'s game text does not compile enough to decide (no timing, target or effect was recognised)",
        p.title()
    ))
}

/// A card whose text says only that it seeds ("Seeds on table; ...", no
/// "plays" function) is not played from hand after the seed phase: only
/// "seeds or plays" cards may be stocked in the draw deck to play normally.
fn seeds_only(p: &Play, _: &mut Vec<Reason>) -> Ruling {
    let Some(first) = p.compiled.abilities.first() else {
        return Ruling::Next;
    };
    let plays = p.compiled.abilities.iter().any(|a| {
        matches!(
            a.timing.class,
            TimingClass::PlaysOn | TimingClass::TypeDefault
        )
    });
    if p.in_play || first.timing.class != TimingClass::Seeds || plays {
        return Ruling::Next;
    }
    Ruling::No(format!(
        "{} says it seeds (\"{}\") and never that it plays: it is seeded, not played from hand",
        p.title(),
        first.text
    ))
}

/// Timing clauses that need an action under way ("plays at start of
/// battle", "just completed") are a condition of initiating the card play.
fn needs_an_action(p: &Play, reasons: &mut Vec<Reason>) -> Ruling {
    let all = &p.compiled.abilities;
    if all.is_empty() || !p.free().is_empty() {
        return Ruling::Next;
    }
    let a = &all[0];
    if a.timing.class == TimingClass::Just {
        reasons.push(reason(
            "a \"just\" action may be initiated only just after the action or condition it names",
            JUST,
        ));
    }
    reasons.push(reason(
        "a response is made after an action has been initiated and before its results",
        RESPONSES,
    ));
    Ruling::No(format!(
        "{} plays only {} {} (\"{}\"), and no such action is under way",
        p.title(),
        a.timing.class.name(),
        a.timing.action.as_deref().unwrap_or("an action"),
        a.text
    ))
}

/// Q-icon cards come into play only through a Q-Continuum side deck, never
/// from hand as a normal card of their type.
fn q_icon_card(p: &Play, reasons: &mut Vec<Reason>) -> Ruling {
    let q = matches!(
        p.card.card_type,
        CardType::QInterrupt | CardType::QEvent | CardType::QArtifact
    );
    if !q {
        return Ruling::Next;
    }
    reasons.extend(card_rulings("Q-icon cards", &p.cards()));
    Ruling::No(format!(
        "{} is a Q-icon card ({}): Q-icon cards come into play only through a Q-Continuum side deck and cannot be used the same way as other cards of their type",
        p.title(),
        p.card.card_type.name()
    ))
}

/// During the start-of-turn (end-of-turn) segment no other actions take
/// place between the start-of-turn (end-of-turn) actions, other than valid
/// responses: only cards timed for that segment, or that suspend play.
fn turn_boundary(p: &Play, reasons: &mut Vec<Reason>) -> Ruling {
    let (segment, class) = match p.turn.phase {
        Phase::StartOfTurn => ("start-of-turn", TimingClass::StartOfTurn),
        Phase::EndOfTurn => ("end-of-turn", TimingClass::EndOfTurn),
        _ => return Ruling::Next,
    };
    let timed = p
        .compiled
        .abilities
        .iter()
        .any(|a| a.timing.class == class || a.timing.class == TimingClass::SuspendsPlay);
    if timed {
        return Ruling::Next;
    }
    if p.free().iter().any(|a| a.timing.at_any_time) {
        reasons.push(reason(
            "\"at any time\" means any phase of either player's turn except start-of-turn and end-of-turn",
            Entry::glossary("at any time"),
        ));
    }
    Ruling::No(format!(
        "{} does not take place at the {segment} segment, and no other actions may take place between {segment} actions, other than valid responses",
        p.title()
    ))
}

/// While a mandatory start- or end-of-turn action is pending, only the
/// pending mandatory actions (in the order the player chooses) may be taken.
fn mandatory_first(p: &Play, reasons: &mut Vec<Reason>) -> Ruling {
    let pending = &p.mandatory_pending;
    if pending.iter().any(|t| t == p.title()) {
        return Ruling::Next;
    }
    mandatory_still_pending(pending, p.turn.phase, p.title(), reasons)
}

/// The Current Rulings' "timing": with the mandatory actions of `pending`
/// still to take in this segment (`phase`), the optional action of `what`
/// waits; `Next` when none is pending.
pub fn mandatory_still_pending(
    pending: &[String],
    phase: Phase,
    what: &str,
    reasons: &mut Vec<Reason>,
) -> Ruling {
    let segment = if phase == Phase::EndOfTurn {
        "end-of-turn"
    } else {
        "start-of-turn"
    };
    if pending.is_empty() {
        if matches!(phase, Phase::StartOfTurn | Phase::EndOfTurn) {
            reasons.push(reason(
                format!(
                    "no mandatory {segment} action is still to be taken: optional ones may follow"
                ),
                MANDATORY_FIRST,
            ));
        }
        return Ruling::Next;
    }
    let still_to_take = format!(
        "the mandatory {segment} actions of {} are still to be taken; the player whose turn it is chooses their order",
        pending.join(", ")
    );
    let optional_words =
        "an action without a word such as \"may\" to say it is optional is mandatory";
    reasons.extend([
        reason(still_to_take, MANDATORY_FIRST),
        reason(optional_words, Entry::glossary("automatic modifiers")),
    ]);
    Ruling::No(format!(
        "any mandatory {segment} actions must take place before optional ones: {what} may not be used until those are complete"
    ))
}

/// A card whose every function takes place "at start of turn" is used in the
/// start-of-turn segment (of your own turn, unless it says otherwise).
fn start_of_turn_card(p: &Play, reasons: &mut Vec<Reason>) -> Ruling {
    let free = p.free();
    let at_start = |a: &&Ability| a.timing.class == TimingClass::StartOfTurn;
    if free.is_empty() || !free.iter().all(at_start) {
        return Ruling::Next;
    }
    let why = format!(
        "{} plays at the start of a turn (\"{}\")",
        p.title(),
        free[0].text
    );
    let any_turn = free.iter().any(|a| a.timing.any_turn);
    if p.turn.phase == Phase::StartOfTurn && (p.own_turn() || any_turn) {
        return yes_because(reasons, why, TURN_SEGMENTS);
    }
    Ruling::No(format!(
        "{why}: only in the start-of-turn segment{}",
        if any_turn { "" } else { " of your own turn" }
    ))
}

fn is_interrupt(t: &CardType) -> bool {
    matches!(
        t,
        CardType::Interrupt | CardType::QInterrupt | CardType::InterruptEvent
    )
}

fn interrupt(p: &Play, reasons: &mut Vec<Reason>) -> Ruling {
    if !is_interrupt(&p.card.card_type) {
        return Ruling::Next;
    }
    reasons.push(reason(
        "during your opponent's turn you may play interrupts, between other actions or as valid responses",
        TAKING_TURNS,
    ));
    reasons.push(reason(
        "interrupts do not use up (or count as) your normal card play",
        Entry::glossary("card play"),
    ));
    reasons.push(reason(
        "only interrupts and doorways are not bound to the card play segment of the turn",
        CARD_PLAY_SEGMENT,
    ));
    reasons.extend(card_rulings("interrupts", &p.cards()));
    let why = format!(
        "{} is an interrupt: it does not use the normal card play and may be played during either player's turn, between other actions{}",
        p.title(),
        if p.own_turn() { "" } else { " (this is the opponent's turn)" }
    );
    yes_because(reasons, why, Entry::glossary("interrupt"))
}

/// Text that says it may be used "at any time", "every turn" or on the
/// opponent's turn: any phase of either player's turn, but "at any time"
/// not among start-of-turn or end-of-turn actions.
fn at_any_time(p: &Play, reasons: &mut Vec<Reason>) -> Ruling {
    let free = p.free();
    let Some(a) = free.iter().find(|a| a.timing.any_turn) else {
        return Ruling::Next;
    };
    let only_any_time = a.timing.at_any_time
        && !matches!(
            a.timing.class,
            TimingClass::EveryTurn | TimingClass::SuspendsPlay
        );
    if only_any_time && matches!(p.turn.phase, Phase::StartOfTurn | Phase::EndOfTurn) {
        return Ruling::No(format!(
            "{} may be used \"at any time\", which means during any phase of either player's turn except start-of-turn and end-of-turn",
            p.title()
        ));
    }
    reasons.push(reason(
        format!(
            "{}'s text says when it may be used (\"{}\": {}), which allows either player's turn",
            p.title(),
            a.text,
            a.timing.class.name()
        ),
        TAKING_TURNS,
    ));
    if a.timing.class == TimingClass::SuspendsPlay {
        reasons.push(reason(
            "a card which says it suspends play may be played at any time during the play phase, even during your opponent's turn",
            SUSPENDS,
        ));
    }
    if p.card.card_type == CardType::Doorway {
        reasons.push(reason(
            "a doorway whose text says it suspends play or may play at any time is not limited to your own turn",
            Entry::glossary("doorway"),
        ));
    }
    reasons.extend(card_rulings("at any time", &p.cards()));
    Ruling::Yes
}

fn doorway(p: &Play, reasons: &mut Vec<Reason>) -> Ruling {
    if p.card.card_type != CardType::Doorway {
        return Ruling::Next;
    }
    let title = p.title();
    if !p.own_turn() {
        return Ruling::No(format!("{title} is a doorway: playable doorways play whenever an interrupt may, but only during your own turn (its text does not say it suspends play or may play at any time)"));
    }
    if !matches!(p.turn.phase, Phase::CardPlay | Phase::ExecuteOrders) {
        return Ruling::No(format!("{title} is a doorway: it plays between actions of your own turn, not among start-of-turn or end-of-turn actions"));
    }
    reasons.push(reason(
        "doorways do not use up (or count as) your normal card play",
        Entry::glossary("card play"),
    ));
    let why = format!("{title} is a doorway: it does not use the normal card play and may play whenever an interrupt card play is legal during your own turn");
    yes_because(reasons, why, Entry::glossary("doorway"))
}

fn dilemma(p: &Play, _: &mut Vec<Reason>) -> Ruling {
    if !matches!(p.card.card_type, CardType::Dilemma | CardType::QDilemma) {
        return Ruling::Next;
    }
    Ruling::No(format!(
        "{} is a dilemma: dilemmas are seeded and encountered, not played",
        p.title()
    ))
}

/// The entry of a card type that says its play uses the normal card play.
fn card_type_entry(t: &CardType) -> Option<Entry> {
    match t {
        CardType::Event => Some(Entry::glossary("event")),
        CardType::Incident => Some(Entry::glossary("incident")),
        _ => None,
    }
}

/// Every other card uses the normal card play: your own turn, the card play
/// segment, once, before executing orders ("card play", "turn").
fn normal_card_play(p: &Play, reasons: &mut Vec<Reason>) -> Ruling {
    if p.free {
        return free_play(p, reasons);
    }
    let (title, ty) = (p.title(), p.card.card_type.name());
    if let Some(entry) = card_type_entry(&p.card.card_type) {
        reasons.push(reason(
            format!("playing an {} card uses your normal card play", ty),
            entry,
        ));
    }
    reasons.push(reason(
        "all cards except interrupts and doorways may be played only in the card play segment of your turn, which ends when you begin executing orders",
        CARD_PLAY_SEGMENT,
    ));
    if !p.own_turn() {
        reasons.push(reason(
            "you cannot initiate actions during your opponent's turn except valid responses, interrupts and text that says \"at any time\", \"every turn\" or \"suspends play\"",
            TAKING_TURNS,
        ));
        return Ruling::No(format!("{title} ({ty}) uses the normal card play, and you cannot initiate it during your opponent's turn"));
    }
    if p.turn.normal_card_play_used {
        return Ruling::No(format!("{title} ({ty}) uses the normal card play, and this turn's normal card play is already used (interrupts and doorways do not use it)"));
    }
    if p.turn.orders_begun {
        return Ruling::No(format!("{title} ({ty}) uses the normal card play, which must take place before executing orders"));
    }
    if p.turn.phase != Phase::CardPlay {
        return Ruling::No(format!(
            "{title} ({ty}) uses the normal card play, which takes place in the card play phase"
        ));
    }
    let why =
        format!("{title} ({ty}) may be played with your normal card play in your card play phase");
    yes_because(reasons, why, Entry::glossary("card play"))
}

/// A card that plays for free does not count as your normal card play, but
/// must be played during the card play segment of your turn ("for free").
fn free_play(p: &Play, reasons: &mut Vec<Reason>) -> Ruling {
    let title = p.title();
    if !p.own_turn() {
        return Ruling::No(format!(
            "{title} plays for free, which must still take place during the card play segment of your own turn"
        ));
    }
    if p.turn.orders_begun || p.turn.phase != Phase::CardPlay {
        reasons.push(reason(
            format!("{title} plays for free, which does not lift the card play segment"),
            FOR_FREE,
        ));
        return Ruling::No(format!(
            "{title} plays for free, but a free card play must still take place during the card play segment of your turn, before executing orders"
        ));
    }
    let why = format!(
        "{title} plays for free: it does not count as your normal card play{}, and this is your card play segment",
        if p.turn.normal_card_play_used { " (already used this turn)" } else { "" }
    );
    yes_because(reasons, why, FOR_FREE)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::engine::fixture::card_with_text as card;

    fn action(kind: &str, card: Option<&str>, step: Step) -> Action {
        Action {
            kind: kind.into(),
            card: card.map(str::to_string),
            step,
            ..Action::default()
        }
    }

    /// The ruling of one response rule on `responder` facing `action`.
    fn on_response(
        rule: fn(&Response, &mut Vec<Reason>) -> Ruling,
        responder: &Card,
        action: &Action,
        played: Vec<Card>,
    ) -> Ruling {
        let db = CardDb::new(played);
        let r = Response::new(action, responder, Some("alice"), &db);
        rule(&r, &mut Vec::new())
    }

    fn battle() -> Action {
        action("personnel battle", None, Step::Initiated)
    }

    fn is_no(r: &Ruling) -> bool {
        matches!(r, Ruling::No(_) | Ruling::Refused(_))
    }

    #[test]
    fn a_card_that_suspends_play_interrupts_any_action() {
        let portal = card(
            "Portal",
            CardType::Interrupt,
            "Suspends play to download one shuttle.",
        );
        assert_eq!(
            on_response(suspends_play, &portal, &battle(), vec![]),
            Ruling::Yes
        );
        let plain = card("Plain", CardType::Interrupt, "Draw one card.");
        assert_eq!(
            on_response(suspends_play, &plain, &battle(), vec![]),
            Ruling::Next
        );
    }

    #[test]
    fn a_card_whose_timing_names_the_action_relates_to_it() {
        let smoke = card(
            "Smoke",
            CardType::Interrupt,
            "Plays at start of personnel battle. Each player draws one card.",
        );
        assert_eq!(
            on_response(specifically_relates, &smoke, &battle(), vec![]),
            Ruling::Yes
        );
        let ship = action("ship battle", None, Step::Initiated);
        assert_eq!(
            on_response(specifically_relates, &smoke, &ship, vec![]),
            Ruling::Next
        );
    }

    #[test]
    fn a_response_to_a_group_action_is_not_made_inside_a_sub_action() {
        let smoke = card(
            "Smoke",
            CardType::Interrupt,
            "Plays at start of personnel battle. Cancels battle.",
        );
        let mut pairing = action("combat pairing", None, Step::UnderWay);
        pairing.parent = Some(Box::new(action("personnel battle", None, Step::UnderWay)));
        assert!(is_no(&on_response(
            inside_sub_action,
            &smoke,
            &pairing,
            vec![]
        )));
        assert_eq!(
            on_response(inside_sub_action, &smoke, &battle(), vec![]),
            Ruling::Next
        );
    }

    #[test]
    fn an_immune_card_play_may_not_be_nullified_by_that_card() {
        let shielded = card(
            "Shielded",
            CardType::Event,
            "Plays on table. (Immune to {Kevin Uxbridge}.)",
        );
        let open = card("Open", CardType::Event, "Plays on table.");
        let kevin = card(
            "Kevin Uxbridge",
            CardType::Interrupt,
            "Nullifies any Event card just played.",
        );
        let play = |t: &str| action("card play", Some(t), Step::Initiated);
        let both = || vec![shielded.clone(), open.clone()];
        assert!(is_no(&on_response(
            immune,
            &kevin,
            &play("Shielded"),
            both()
        )));
        assert_eq!(
            on_response(immune, &kevin, &play("Open"), both()),
            Ruling::Next
        );
    }

    #[test]
    fn a_start_of_battle_card_is_late_once_the_battle_is_under_way() {
        let delta = card(
            "Delta",
            CardType::Interrupt,
            "Plays at start of ship battle. Draw two tactics.",
        );
        let under_way = action("ship battle", None, Step::UnderWay);
        assert!(is_no(&on_response(wrong_step, &delta, &under_way, vec![])));
        let started = action("ship battle", None, Step::Initiated);
        assert_eq!(
            on_response(wrong_step, &delta, &started, vec![]),
            Ruling::Next
        );
    }

    #[test]
    fn a_five_second_window_lasts_until_just_after_the_action_completes() {
        let schism = card(
            "Schism",
            CardType::Interrupt,
            "Plays within five seconds of either players' card draw. That player must discard that card.",
        );
        let after = action("card draw", None, Step::Resolved);
        assert_eq!(
            on_response(specifically_relates, &schism, &after, vec![]),
            Ruling::Yes
        );
        let just = card(
            "Just",
            CardType::Interrupt,
            "Plays on just initiated card draw. Discard that card.",
        );
        assert!(is_no(&on_response(wrong_step, &just, &after, vec![])));
    }

    #[test]
    fn a_card_answering_the_opponents_play_does_not_answer_your_own() {
        let mirror = card(
            "Counter",
            CardType::Interrupt,
            "Nullifies any card your opponent just played.",
        );
        let mut own = action("card play", Some("Thing"), Step::Initiated);
        own.by = vec!["alice".into()];
        let thing = card("Thing", CardType::Event, "Plays on table.");
        let got = on_response(wrong_player, &mirror, &own, vec![thing.clone()]);
        own.by = vec!["bob".into()];
        let theirs = on_response(wrong_player, &mirror, &own, vec![thing]);
        assert!(is_no(&got), "{got:?}");
        assert_eq!(theirs, Ruling::Next);
    }

    #[test]
    fn a_response_naming_who_takes_part_needs_them_among_the_participants() {
        use crate::engine::fixture::{piece, table};
        use crate::engine::state::Place;
        let headlock = card(
            "Headlock",
            CardType::Interrupt,
            "Mortally wounds a [Holo] personnel who just engaged your android in combat.",
        );
        let mut state = table();
        let android = |c: &mut Card| c.characteristics = vec!["Android".into()];
        let holo = |c: &mut Card| c.icons = vec!["Holo".into()];
        piece(
            &mut state,
            "Data",
            CardType::Personnel,
            "alice",
            Place::Hand,
            android,
        );
        piece(
            &mut state,
            "Lore",
            CardType::Personnel,
            "bob",
            Place::Hand,
            android,
        );
        piece(
            &mut state,
            "Fek",
            CardType::Personnel,
            "bob",
            Place::Hand,
            holo,
        );
        let pairing = |by: &str, target: &str| Action {
            kind: "combat pairing".into(),
            by: vec![by.into()],
            targets: vec![target.into()],
            step: Step::Initiated,
            ..Action::default()
        };
        let db = CardDb::new(vec![headlock.clone()]);
        let rule = |a: &Action| {
            let among = Participants::of(a, &state);
            let r = Response::using(a, (&headlock, None), (Some("alice"), Some(&among)), &db);
            (
                wrong_participants(&r, &mut vec![]),
                r.findings.related.is_some(),
            )
        };
        // Your android engaged by a [Holo] personnel: a valid response.
        let (ruling, related) = rule(&pairing("Data", "Fek"));
        assert!(matches!(ruling, Ruling::Next) && related);
        // The opponent's android, and no [Holo] adversary: near misses.
        assert!(is_no(&rule(&pairing("Fek", "Lore")).0));
        assert!(is_no(&rule(&pairing("Lore", "Data")).0));
    }

    #[test]
    fn an_initial_attempt_response_does_not_answer_a_later_attempt() {
        use crate::engine::fixture::{location, table};
        let meeting = card(
            "Meeting",
            CardType::Interrupt,
            "Plays just before the initial attempt of a space mission. First dilemma encountered is discarded.",
        );
        let mut state = table();
        let at = location(&mut state, "Alpha");
        let attempt = Action {
            kind: "mission attempt".into(),
            to: Some(state.locations[at].name.clone()),
            step: Step::Initiated,
            ..Action::default()
        };
        let db = CardDb::new(vec![meeting.clone()]);
        let rule = |state: &crate::engine::state::GameState| {
            let among = Participants::of(&attempt, state);
            let r = Response::using(
                &attempt,
                (&meeting, None),
                (Some("alice"), Some(&among)),
                &db,
            );
            (later_attempt(&r, &mut vec![]), r.findings.related.is_some())
        };
        let (first, related) = rule(&state);
        assert!(matches!(first, Ruling::Next) && related);
        state.locations[at].attempted_by = vec!["bob".into()];
        assert!(is_no(&rule(&state).0));
    }

    #[test]
    fn a_card_the_encountered_dilemma_lets_the_opponent_download_is_part_of_it() {
        use crate::engine::fixture::{piece, table};
        use crate::engine::state::Place;
        let beam_in = card(
            "Beam-In",
            CardType::Dilemma,
            "Opponent may download to this location up to 4 Borg drones.",
        );
        let mut state = table();
        let borg = |c: &mut Card| c.characteristics = vec!["Borg".into(), "Drone".into()];
        let drone = piece(
            &mut state,
            "Drone",
            CardType::Personnel,
            "bob",
            Place::DrawDeck,
            borg,
        );
        let kirk = piece(
            &mut state,
            "Kirk",
            CardType::Personnel,
            "bob",
            Place::DrawDeck,
            |_| (),
        );
        let encounter = action("encounter dilemma", Some("Beam-In"), Step::Initiated);
        let db = CardDb::new(vec![beam_in]);
        let rule = |piece: usize, player: &str| {
            let among = Participants::of(&encounter, &state).with_responder(piece);
            let responder = &state.pieces[piece].card;
            let r = Response::using(
                &encounter,
                (responder, None),
                (Some(player), Some(&among)),
                &db,
            );
            permitted_by_dilemma(&r, &mut vec![])
        };
        // bob is the opponent of alice, whose crew encounters it.
        assert!(matches!(rule(drone, "bob"), Ruling::Yes));
        // Not a card it names; not the player it names.
        assert!(matches!(rule(kirk, "bob"), Ruling::Next));
        assert!(matches!(rule(drone, "alice"), Ruling::Next));
    }

    #[test]
    fn whether_a_cancelled_action_may_be_responded_to_is_left_open() {
        let sanctuary = card(
            "Sanctuary",
            CardType::Interrupt,
            "Plays at start of ship battle. Cancels the battle.",
        );
        let mut b = action("ship battle", None, Step::Initiated);
        assert!(matches!(
            on_response(cancelled, &sanctuary, &b, vec![]),
            Ruling::Next
        ));
        b.cancelled = true;
        assert!(matches!(
            on_response(cancelled, &sanctuary, &b, vec![]),
            Ruling::Undecided(_)
        ));
        // An unrelated card is left to the rules that refuse it.
        let plain = card("Plain", CardType::Interrupt, "Draw one card.");
        assert!(matches!(
            on_response(cancelled, &plain, &b, vec![]),
            Ruling::Next
        ));
    }

    #[test]
    fn text_that_does_not_compile_leaves_the_answer_undecided() {
        let odd = card("Odd", CardType::Interrupt, "Zorp blint quux.");
        let got = on_response(unreadable, &odd, &battle(), vec![]);
        let plain = card("Plain", CardType::Interrupt, "Draw one card.");
        assert!(matches!(got, Ruling::Undecided(_)), "{got:?}");
        assert_eq!(
            on_response(unreadable, &plain, &battle(), vec![]),
            Ruling::Next
        );
    }

    #[test]
    fn an_unrelated_card_is_no_valid_response() {
        let plain = card("Plain", CardType::Interrupt, "Draw one card.");
        let mut reasons = Vec::new();
        let db = CardDb::default();
        let b = battle();
        let r = Response::new(&b, &plain, None, &db);
        assert!(is_no(&unrelated(&r, &mut reasons)));
        assert_eq!(reasons[0].citation, Some(RESPONSES.citation()));
    }

    fn turn(phase: Phase, player: &str) -> TurnContext {
        TurnContext {
            phase,
            turn_player: "alice".into(),
            player: player.into(),
            ..TurnContext::default()
        }
    }

    /// The ruling of one card-play rule on `c` (from hand) at `t`.
    fn on_play(rule: fn(&Play, &mut Vec<Reason>) -> Ruling, c: &Card, t: &TurnContext) -> Ruling {
        on_play_during(rule, c, t, None)
    }

    fn on_play_during(
        rule: fn(&Play, &mut Vec<Reason>) -> Ruling,
        c: &Card,
        t: &TurnContext,
        a: Option<&Action>,
    ) -> Ruling {
        let db = CardDb::default();
        rule(&Play::new(c, false, t, a, &db), &mut Vec::new())
    }

    fn event(text: &str) -> Card {
        card("Ev", CardType::Event, text)
    }

    #[test]
    fn mandatory_start_of_turn_actions_come_before_optional_ones() {
        let colony = card(
            "Colony",
            CardType::Facility,
            "Each CIVILIAN inside at start of its owner's turn scores 1 point.",
        );
        let ore = card(
            "Ore",
            CardType::Objective,
            "Plays on table. Start of each turn, you may draw two cards.",
        );
        let db = CardDb::new(vec![colony.clone(), ore.clone()]);
        let mut t = turn(Phase::StartOfTurn, "alice");
        t.pending = vec!["Colony".into()];
        let ruling = |c: &Card, t: &TurnContext| {
            mandatory_first(&Play::new(c, true, t, None, &db), &mut Vec::new())
        };
        assert!(is_no(&ruling(&ore, &t)));
        // The mandatory action itself may be taken; and with an optional
        // action pending only, nothing waits.
        assert!(matches!(ruling(&colony, &t), Ruling::Next));
        t.pending = vec!["Ore".into()];
        assert!(matches!(ruling(&colony, &t), Ruling::Next));
    }

    #[test]
    fn during_the_seed_phases_only_seed_cards_are_placed() {
        let seed = turn(Phase::Seed, "alice");
        let dilemma = card("Dl", CardType::Dilemma, "Crew is stopped.");
        assert_eq!(on_play(seed_phase, &dilemma, &seed), Ruling::Yes);
        let portal = card(
            "Portal",
            CardType::Doorway,
            "Suspends play to download one shuttle.",
        );
        assert!(matches!(
            on_play(seed_phase, &portal, &seed),
            Ruling::Refused(_)
        ));
        assert!(is_no(&on_play(
            seed_phase,
            &event("Plays on table."),
            &seed
        )));
        let play = turn(Phase::CardPlay, "alice");
        assert_eq!(
            on_play(seed_phase, &event("Plays on table."), &play),
            Ruling::Next
        );
    }

    #[test]
    fn a_card_that_nullifies_a_card_in_play_needs_one_on_the_table() {
        let kevin = card(
            "Kevin",
            CardType::Interrupt,
            "Nullifies any one Event card in play.",
        );
        let t = turn(Phase::ExecuteOrders, "alice");
        let db = CardDb::default();
        let on = |table: Vec<&Card>| {
            let play = Play::new(&kevin, false, &t, None, &db).with_table(table);
            something_to_nullify(&play, &mut Vec::new())
        };
        let frigid = event("Plays on table.");
        let picard = card("Picard", CardType::Personnel, "");
        assert_eq!(on(vec![&picard, &frigid]), Ruling::Next);
        assert!(is_no(&on(vec![&picard])));
        assert!(is_no(&on(vec![])));
        // Without a table (no game state) the rule does not speak.
        let bare = Play::new(&kevin, false, &t, None, &db);
        assert_eq!(something_to_nullify(&bare, &mut Vec::new()), Ruling::Next);
    }

    #[test]
    fn text_that_compiles_to_nothing_is_undecided() {
        let odd = event("Zorp blint quux.");
        let got = on_play(compiled_enough, &odd, &turn(Phase::CardPlay, "alice"));
        assert!(matches!(got, Ruling::Undecided(_)), "{got:?}");
        let plain = event("Plays on table.");
        assert_eq!(
            on_play(compiled_enough, &plain, &turn(Phase::CardPlay, "alice")),
            Ruling::Next
        );
    }

    #[test]
    fn a_seed_only_card_is_not_played_from_hand() {
        let seeds = event("Seeds on table. Your personnel are CUNNING +1.");
        let t = turn(Phase::CardPlay, "alice");
        assert!(is_no(&on_play(seeds_only, &seeds, &t)));
        let db = CardDb::default();
        let in_play = Play::new(&seeds, true, &t, None, &db);
        assert_eq!(seeds_only(&in_play, &mut Vec::new()), Ruling::Next);
    }

    #[test]
    fn a_response_needs_its_action_under_way() {
        let smoke = card(
            "Smoke",
            CardType::Interrupt,
            "Plays at start of personnel battle. Cancels battle.",
        );
        let t = turn(Phase::ExecuteOrders, "alice");
        assert!(is_no(&on_play(needs_an_action, &smoke, &t)));
        let plain = card("Plain", CardType::Interrupt, "Draw one card.");
        assert_eq!(on_play(needs_an_action, &plain, &t), Ruling::Next);
    }

    #[test]
    fn q_icon_cards_are_not_played_from_hand() {
        let t = turn(Phase::CardPlay, "alice");
        let q = card("Qi", CardType::QInterrupt, "Draw one card.");
        assert!(is_no(&on_play(q_icon_card, &q, &t)));
        let plain = card("Plain", CardType::Interrupt, "Draw one card.");
        assert_eq!(on_play(q_icon_card, &plain, &t), Ruling::Next);
    }

    #[test]
    fn nothing_else_comes_between_start_of_turn_actions() {
        let t = turn(Phase::StartOfTurn, "alice");
        assert!(is_no(&on_play(
            turn_boundary,
            &event("Plays on table."),
            &t
        )));
        let scan = event("At start of your turn, draw one card.");
        assert_eq!(on_play(turn_boundary, &scan, &t), Ruling::Next);
        let play = turn(Phase::CardPlay, "alice");
        assert_eq!(
            on_play(turn_boundary, &event("Plays on table."), &play),
            Ruling::Next
        );
    }

    #[test]
    fn a_start_of_turn_card_plays_in_that_segment_of_your_turn() {
        let scan = event("At start of your turn, draw one card.");
        assert_eq!(
            on_play(
                start_of_turn_card,
                &scan,
                &turn(Phase::StartOfTurn, "alice")
            ),
            Ruling::Yes
        );
        assert!(is_no(&on_play(
            start_of_turn_card,
            &scan,
            &turn(Phase::CardPlay, "alice")
        )));
        assert!(is_no(&on_play(
            start_of_turn_card,
            &scan,
            &turn(Phase::StartOfTurn, "bob")
        )));
    }

    #[test]
    fn interrupts_play_on_either_turn() {
        let plain = card("Plain", CardType::Interrupt, "Draw one card.");
        assert_eq!(
            on_play(interrupt, &plain, &turn(Phase::ExecuteOrders, "bob")),
            Ruling::Yes
        );
        assert_eq!(
            on_play(
                interrupt,
                &event("Plays on table."),
                &turn(Phase::CardPlay, "alice")
            ),
            Ruling::Next
        );
    }

    #[test]
    fn at_any_time_is_either_turn_but_not_among_start_of_turn_actions() {
        let any = event("At any time, you may draw one card.");
        assert_eq!(
            on_play(at_any_time, &any, &turn(Phase::ExecuteOrders, "bob")),
            Ruling::Yes
        );
        assert!(is_no(&on_play(
            at_any_time,
            &any,
            &turn(Phase::StartOfTurn, "alice")
        )));
        assert_eq!(
            on_play(
                at_any_time,
                &event("Plays on table."),
                &turn(Phase::CardPlay, "bob")
            ),
            Ruling::Next
        );
    }

    #[test]
    fn doorways_play_like_interrupts_on_your_own_turn() {
        let door = card("Door", CardType::Doorway, "Draw one card.");
        assert_eq!(
            on_play(doorway, &door, &turn(Phase::ExecuteOrders, "alice")),
            Ruling::Yes
        );
        assert!(is_no(&on_play(
            doorway,
            &door,
            &turn(Phase::ExecuteOrders, "bob")
        )));
        let battle = battle();
        let t = turn(Phase::ExecuteOrders, "bob");
        assert!(is_no(&on_play_during(
            doorway_off_turn,
            &door,
            &t,
            Some(&battle)
        )));
        let own = turn(Phase::ExecuteOrders, "alice");
        assert_eq!(
            on_play_during(doorway_off_turn, &door, &own, Some(&battle)),
            Ruling::Next
        );
    }

    #[test]
    fn a_face_down_hidden_agenda_is_activated_at_any_time_but_not_while_seeding() {
        let db = CardDb::new(vec![]);
        let mut agenda = event("Seeds or plays on table. No player may download any card.");
        agenda.icons = vec!["HA".into()];
        let on = |c: &Card, t: &TurnContext, face_down: bool| {
            let play = Play::new(c, true, t, None, &db).face_down(face_down);
            hidden_agenda(&play, &mut Vec::new())
        };
        let theirs = turn(Phase::ExecuteOrders, "bob");
        assert_eq!(on(&agenda, &theirs, true), Ruling::Yes);
        assert_eq!(
            on(&agenda, &theirs, false),
            Ruling::Next,
            "face up: not an activation"
        );
        assert!(is_no(&on(&agenda, &turn(Phase::Seed, "bob"), true)));
        assert!(is_no(&on(&agenda, &turn(Phase::EndOfTurn, "alice"), true)));
        let plain = event("Plays on table.");
        assert_eq!(
            on(&plain, &theirs, true),
            Ruling::Next,
            "no hidden agenda icon"
        );
    }

    #[test]
    fn draw_no_cards_this_turn_forbids_acting_in_place_of_a_card_draw() {
        let db = CardDb::new(vec![]);
        let queen = card(
            "Queen",
            CardType::Personnel,
            "May download a Borg drone in place of one card draw.",
        );
        let plain = card("Plain", CardType::Interrupt, "Draw one card.");
        let mut t = turn(Phase::CardPlay, "alice");
        t.draws_no_cards = true;
        let on = |c: &Card, t: &TurnContext| {
            draws_no_cards(&Play::new(c, true, t, None, &db), &mut Vec::new())
        };
        assert!(is_no(&on(&queen, &t)));
        assert_eq!(on(&plain, &t), Ruling::Next);
        assert_eq!(on(&queen, &turn(Phase::CardPlay, "alice")), Ruling::Next);
    }

    #[test]
    fn a_once_each_turn_play_spent_by_a_nullified_copy_is_not_recovered() {
        let tent =
            event("Once each turn, plays to take a card from your side deck into your hand.");
        let (db, t) = (CardDb::new(vec![]), turn(Phase::CardPlay, "alice"));
        let on = |used: bool| {
            let play = Play {
                used_this_turn: used,
                ..Play::new(&tent, false, &t, None, &db)
            };
            once_each_turn(&play, &mut Vec::new())
        };
        assert!(is_no(&on(true)));
        assert_eq!(on(false), Ruling::Next);
    }

    #[test]
    fn dilemmas_are_not_played() {
        let d = card("Dl", CardType::Dilemma, "Crew is stopped.");
        assert!(is_no(&on_play(
            dilemma,
            &d,
            &turn(Phase::CardPlay, "alice")
        )));
    }

    #[test]
    fn the_normal_card_play_is_once_in_your_card_play_segment() {
        let ev = event("Plays on table.");
        let mut t = turn(Phase::CardPlay, "alice");
        assert_eq!(on_play(normal_card_play, &ev, &t), Ruling::Yes);
        t.normal_card_play_used = true;
        assert!(is_no(&on_play(normal_card_play, &ev, &t)));
        assert!(is_no(&on_play(
            normal_card_play,
            &ev,
            &turn(Phase::CardPlay, "bob")
        )));
        let mut orders = turn(Phase::ExecuteOrders, "alice");
        orders.orders_begun = true;
        let mut reasons = Vec::new();
        let db = CardDb::default();
        let got = normal_card_play(&Play::new(&ev, false, &orders, None, &db), &mut reasons);
        assert!(is_no(&got));
        assert_eq!(reasons[0].citation, Some(Citation::glossary("event")));
    }

    #[test]
    fn interrupts_wait_for_the_sub_actions_of_a_card_play_in_place_of_the_normal_one() {
        let mut report = action("report", Some("Ship"), Step::Initiated);
        report.parent = Some(Box::new(action(
            "card play",
            Some("Red Alert!"),
            Step::UnderWay,
        )));
        let plain = card("Plain", CardType::Interrupt, "Draw one card.");
        let t = turn(Phase::CardPlay, "bob");
        let db = CardDb::default();
        let p = Play::new(&plain, false, &t, Some(&report), &db);
        let mut reasons = Vec::new();
        assert_eq!(group_action(&p, &mut reasons), Ruling::Next);
        let cited: Vec<_> = reasons.iter().filter_map(|r| r.citation.clone()).collect();
        assert!(cited.contains(&Citation::rulings("card play")));
        assert!(cited.contains(&Citation::rulings("Red Alert!")));
        let red_alert = report.parent.as_deref();
        let alone = Play::new(&plain, false, &t, red_alert, &db);
        assert!(alone.in_group());
        let b = battle();
        assert!(!Play::new(&plain, false, &t, Some(&b), &db).in_group());
    }

    #[test]
    fn an_action_under_way_is_interrupted_only_by_a_valid_response() {
        let t = turn(Phase::ExecuteOrders, "bob");
        let plain = card("Plain", CardType::Interrupt, "Draw one card.");
        let smoke = card(
            "Smoke",
            CardType::Interrupt,
            "Plays at start of personnel battle. Cancels battle.",
        );
        let b = battle();
        assert!(is_no(&on_play_during(responds, &plain, &t, Some(&b))));
        assert_eq!(on_play_during(responds, &smoke, &t, Some(&b)), Ruling::Next);
    }

    /// The entries one response rule cites for `responder` facing `action`
    /// in `phase`.
    fn response_cites(
        rule: fn(&Response, &mut Vec<Reason>) -> Ruling,
        responder: &Card,
        action: &Action,
        phase: Option<Phase>,
        played: Vec<Card>,
    ) -> (Ruling, Vec<Citation>) {
        let db = CardDb::new(played);
        let r = Response {
            phase,
            ..Response::new(action, responder, Some("alice"), &db)
        };
        let mut reasons = Vec::new();
        let ruling = rule(&r, &mut reasons);
        (
            ruling,
            reasons.into_iter().filter_map(|r| r.citation).collect(),
        )
    }

    #[test]
    fn an_event_just_played_is_not_yet_an_event_in_play() {
        let kevin = card(
            "Kevin",
            CardType::Interrupt,
            "Nullifies any one Event card in play.",
        );
        let ev = card("Ev", CardType::Event, "Plays on table.");
        let play = action("card play", Some("Ev"), Step::Initiated);
        let (ruling, cites) =
            response_cites(not_yet_in_play, &kevin, &play, None, vec![ev.clone()]);
        assert!(is_no(&ruling), "{ruling:?}");
        assert!(cites.contains(&RESPONSES.citation()));
        let draw = action("card draw", None, Step::Initiated);
        let (ruling, _) = response_cites(not_yet_in_play, &kevin, &draw, None, vec![ev]);
        assert_eq!(ruling, Ruling::Next);
    }

    #[test]
    fn a_response_cites_what_its_action_and_segment_admit() {
        let smoke = card(
            "Smoke",
            CardType::Interrupt,
            "Plays at start of personnel battle. Each player draws one card.",
        );
        let (ruling, cites) = response_cites(
            specifically_relates,
            &smoke,
            &battle(),
            Some(Phase::StartOfTurn),
            vec![],
        );
        assert_eq!(ruling, Ruling::Yes);
        assert!(cites.contains(&Citation::glossary("battle")), "{cites:?}");
        assert!(cites.contains(&Citation::rulings("timing")));
        assert!(
            cites.contains(&INITIATION.citation()),
            "plays at start of: {cites:?}"
        );
        let (_, cites) = response_cites(
            specifically_relates,
            &smoke,
            &battle(),
            Some(Phase::ExecuteOrders),
            vec![],
        );
        assert!(!cites.contains(&Citation::rulings("timing")));
    }

    #[test]
    fn a_refusal_names_the_effect_that_would_have_made_it_a_response() {
        let candle = card(
            "Candle",
            CardType::Interrupt,
            "Prevents {Anya} from morphing this turn.",
        );
        let (ruling, cites) = response_cites(unrelated, &candle, &battle(), None, vec![]);
        assert!(is_no(&ruling));
        assert!(cites.contains(&Citation::rulings("responses")), "{cites:?}");
        assert!(cites.contains(&SUSPENDS.citation()));
    }

    #[test]
    fn a_special_download_suspends_play() {
        let dl = card("Dl", CardType::Personnel, "dl/ {Jamaharon}");
        let (ruling, cites) = response_cites(suspends_play, &dl, &battle(), None, vec![]);
        assert_eq!(ruling, Ruling::Yes);
        assert!(cites.contains(&Citation::glossary("downloading - special download")));
        assert!(cites.contains(&Citation::rulings("downloading")));
    }

    /// The entries one rule cites on `c` at `t` (from hand, `a` under way).
    fn cited_by(
        rule: fn(&Play, &mut Vec<Reason>) -> Ruling,
        c: &Card,
        t: &TurnContext,
        a: Option<&Action>,
    ) -> Vec<Citation> {
        let db = CardDb::default();
        let mut reasons = Vec::new();
        rule(&Play::new(c, false, t, a, &db), &mut reasons);
        reasons.into_iter().filter_map(|r| r.citation).collect()
    }

    #[test]
    fn an_interrupt_cites_why_the_normal_card_play_does_not_bind_it() {
        let plain = card("Plain", CardType::Interrupt, "Draw one card.");
        let cited = cited_by(
            interrupt,
            &plain,
            &turn(Phase::ExecuteOrders, "alice"),
            None,
        );
        assert!(cited.contains(&Citation::glossary("card play")));
        assert!(cited.contains(&Citation::glossary("turn")));
    }

    #[test]
    fn suspending_play_and_at_any_time_cite_their_own_entries() {
        let portal = card(
            "Portal",
            CardType::Doorway,
            "Suspends play to download one shuttle.",
        );
        let t = turn(Phase::ExecuteOrders, "bob");
        let cited = cited_by(at_any_time, &portal, &t, None);
        assert!(cited.contains(&SUSPENDS.citation()), "{cited:?}");
        assert!(cited.contains(&Citation::glossary("doorway")));
        let any = event("At any time, you may draw one card.");
        let start = turn(Phase::StartOfTurn, "alice");
        let cited = cited_by(turn_boundary, &any, &start, None);
        assert!(
            cited.contains(&Citation::glossary("at any time")),
            "{cited:?}"
        );
    }

    #[test]
    fn only_valid_responses_come_between_start_of_turn_actions() {
        let smoke = card(
            "Smoke",
            CardType::Interrupt,
            "Plays at start of personnel battle. Cancels battle.",
        );
        let b = battle();
        let cited = cited_by(responds, &smoke, &turn(Phase::StartOfTurn, "bob"), Some(&b));
        assert!(cited.contains(&Citation::rulings("timing")));
        let cited = cited_by(
            responds,
            &smoke,
            &turn(Phase::ExecuteOrders, "bob"),
            Some(&b),
        );
        assert!(!cited.contains(&Citation::rulings("timing")));
    }

    #[test]
    fn a_card_ruling_is_cited_only_for_its_card_and_rule() {
        let rulings = TimingRulings::get();
        assert_eq!(
            rulings
                .for_rule("not a valid response", &["Space-Time Portal"])
                .count(),
            1
        );
        assert_eq!(
            rulings
                .for_rule("Q-icon cards", &["Space-Time Portal"])
                .count(),
            0
        );
        assert_eq!(
            rulings.for_rule("not a valid response", &["Hugh"]).count(),
            0
        );
    }

    #[test]
    fn a_valid_response_is_played_while_its_action_is_under_way() {
        let smoke = card(
            "Smoke",
            CardType::Interrupt,
            "Plays at start of personnel battle. Each player draws one card.",
        );
        let t = turn(Phase::ExecuteOrders, "bob");
        let db = CardDb::default();
        let b = battle();
        let v = can_play_from(&smoke, false, &t, Some(&b), &db);
        assert_eq!(v.value, VerdictValue::Yes);
        assert!(v.citations.contains(&RESPONSES.citation()));
        let plain = card("Plain", CardType::Interrupt, "Draw one card.");
        let v = can_play_from(&plain, false, &t, Some(&b), &db);
        assert_eq!(v.value, VerdictValue::No);
        assert!(v.citations.contains(&INTERRUPTING.citation()));
    }

    #[test]
    fn every_card_ruling_names_a_rule_of_these_tables() {
        let mut names: Vec<&str> = response_rules().iter().map(|r| r.name).collect();
        names.extend(during_action_rules().iter().map(|r| r.name));
        names.extend(between_actions_rules().iter().map(|r| r.name));
        for r in &TimingRulings::get().ruling {
            for rule in &r.rules {
                assert!(
                    names.contains(&rule.as_str()),
                    "{}: no rule {rule:?}",
                    r.card
                );
            }
        }
    }
}
