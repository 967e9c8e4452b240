//! Clause patterns over tokenised game text: find the timing clause, the
//! effect verbs and what each acts on, using the lexicon's phrase tables.
//!
//! Grammar words (determiners, "until", "just") are here; game words are in
//! `glossary/abilities/lexicon.toml`.

use super::continuous::Whose;
use super::grammar::any_phrase_at;
use super::grammar::{self, TokKind, Token};
use super::lexicon::Lexicon;
use super::{Ability, Effect, Target, Timing, TimingClass};
use crate::cards::model::CardType;
use crate::engine::action::Step;
use std::collections::HashMap;
use std::sync::OnceLock;

/// Phrases indexed by their first word; the longest match wins.
struct Phrases<T> {
    by_first: HashMap<String, Vec<(Vec<String>, T)>>,
}

impl<T: Clone> Phrases<T> {
    fn new(items: impl IntoIterator<Item = (String, T)>) -> Phrases<T> {
        let mut by_first: HashMap<String, Vec<(Vec<String>, T)>> = HashMap::new();
        for (phrase, v) in items {
            let words: Vec<String> = grammar::tokenize(&phrase)
                .into_iter()
                .map(|t| t.text)
                .collect();
            if let Some(first) = words.first().cloned() {
                by_first.entry(first).or_default().push((words, v));
            }
        }
        for list in by_first.values_mut() {
            list.sort_by_key(|p| std::cmp::Reverse(p.0.len()));
        }
        Phrases { by_first }
    }

    /// The longest phrase starting at `i`: (end index, value). "the" in the
    /// text is skipped unless the phrase has it.
    fn longest_at(&self, toks: &[Token], i: usize) -> Option<(usize, T)> {
        let first = toks.get(i)?;
        if first.kind != TokKind::Word {
            return None;
        }
        let list = self.by_first.get(&first.text)?;
        'phrase: for (words, v) in list {
            let mut j = i;
            for w in words {
                while toks.get(j).is_some_and(|t| t.is_word("the")) && w != "the" {
                    j += 1;
                }
                match toks.get(j) {
                    Some(t) if t.kind != TokKind::Punct && &t.text == w => j += 1,
                    _ => continue 'phrase,
                }
            }
            return Some((j, v.clone()));
        }
        None
    }
}

struct Tables {
    timing: Phrases<usize>,
    just: HashMap<String, usize>,
    action: Phrases<String>,
    card_type: Phrases<String>,
    object: Phrases<String>,
    effect: Phrases<String>,
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let lx = Lexicon::get();
        Tables {
            timing: Phrases::new(
                lx.timing
                    .iter()
                    .enumerate()
                    .map(|(i, t)| (t.phrase.clone(), i)),
            ),
            just: lx
                .just
                .iter()
                .enumerate()
                .map(|(i, j)| (j.word.clone(), i))
                .collect(),
            action: Phrases::new(
                lx.action
                    .iter()
                    .flat_map(|a| a.phrases.iter().map(move |p| (p.clone(), a.kind.clone()))),
            ),
            card_type: Phrases::new(
                lx.card_type
                    .iter()
                    .flat_map(|c| c.phrases.iter().map(move |p| (p.clone(), c.name.clone()))),
            ),
            object: Phrases::new(
                lx.object
                    .iter()
                    .flat_map(|o| o.phrases.iter().map(|p| (p.clone(), p.clone()))),
            ),
            effect: Phrases::new(
                lx.effect
                    .iter()
                    .flat_map(|e| e.forms.iter().map(move |f| (f.clone(), e.verb.clone()))),
            ),
        }
    })
}

/// Words after which a verb form is a noun ("nullifies attack by", "a battle").
const NOUN_CONTEXT: &[&str] = &[
    "a",
    "an",
    "any",
    "the",
    "that",
    "this",
    "its",
    "each",
    "every",
    "of",
    "by",
    "from",
    "for",
    "against",
    "during",
    "next",
    "initiated",
    "one",
    "their",
    "your",
    "his",
    "her",
];

/// Words before a turn boundary that make it a duration, not a timing ("until end of turn").
const DURATION_CONTEXT: &[&str] = &["until", "by", "of", "rest", "through"];

/// Split game text into its functions (the alternatives joined by "OR").
pub fn functions(text: &str) -> Vec<Vec<Token>> {
    let toks = grammar::tokenize(text);
    grammar::functions(&toks, starts_function)
        .into_iter()
        .flat_map(split_special_downloads)
        .collect()
}

/// A special download icon ("DL/ {Jamaharon}") is a skill of its own, not part
/// of the sentence before it (Glossary "downloading - special download").
fn split_special_downloads(f: Vec<Token>) -> Vec<Vec<Token>> {
    let mut out: Vec<Vec<Token>> = vec![Vec::new()];
    for (i, t) in f.iter().cloned().enumerate() {
        let icon = t.is_word("dl/") && f.get(i + 1).is_some_and(|n| n.kind == TokKind::Ref);
        // A bare skill list before the icon ("OFFICER Leadership DL/ {X}") is
        // not a function of its own: keep it with the icon.
        if icon && out.last().is_some_and(|c| recognises(c)) {
            out.push(Vec::new());
        }
        out.last_mut().expect("never empty").push(t);
    }
    out
}

fn starts_function(rest: &[Token]) -> bool {
    let t = tables();
    let Some(first) = rest.first() else {
        return false;
    };
    if ["plays", "play", "once", "twice", "thrice", "if"].contains(&first.text.as_str()) {
        return true;
    }
    if let Some((_, verb)) = t.effect.longest_at(rest, 0) {
        return !["require", "allow", "select", "lose", "place"].contains(&verb.as_str());
    }
    if let Some((_, idx)) = t.timing.longest_at(rest, 0) {
        return Lexicon::get().timing[idx].class != "conditional";
    }
    false
}

/// True when any sentence of the tokens has a timing clause or an effect.
fn recognises(toks: &[Token]) -> bool {
    grammar::sentences(toks)
        .iter()
        .any(|(s, _)| analyse(s).recognised())
}

/// One timing phrase found in a sentence.
#[derive(Debug, Clone)]
struct TimingHit {
    start: usize,
    end: usize,
    class: TimingClass,
    action: Option<String>,
    step: Option<Step>,
    /// The phrase answers the action until just after it completes.
    through: bool,
    any_turn: bool,
    /// An effect the phrase itself performs (the special download icon downloads).
    effect: Option<String>,
    /// The phrase names only the segment a card in play acts in, never when
    /// the card is played ("at end of your next turn").
    segment_only: bool,
}

/// What one sentence says.
#[derive(Debug, Default)]
pub struct SentenceParse {
    timing: Vec<TimingHit>,
    /// Each effect with the index of its verb.
    pub(super) effects: Vec<(usize, Effect)>,
    targets: Vec<(usize, Target)>,
    limit: Option<String>,
}

impl SentenceParse {
    fn recognised(&self) -> bool {
        !self.effects.is_empty() || !self.timing.is_empty()
    }
}

/// Analyse one sentence.
pub fn analyse(toks: &[Token]) -> SentenceParse {
    let (toks, limit) = without_limits(toks);
    let toks = &toks[..];
    let mut used = vec![false; toks.len()];
    let mut p = SentenceParse {
        timing: find_timing(toks, &mut used),
        limit,
        ..SentenceParse::default()
    };
    for h in &p.timing {
        if let Some(verb) = &h.effect {
            p.effects.push((
                h.start,
                Effect {
                    verb: verb.clone(),
                    objects: Vec::new(),
                },
            ));
        }
    }
    find_effects(toks, &mut used, &mut p.effects);
    p.effects.sort_by_key(|(i, _)| *i);
    p.targets = find_targets(toks, &used);
    attach_objects(&mut p);
    add_governed_actions(&mut p);
    resolve_timing_actions(toks, &mut p);
    p
}

/// The effect verbs one clause of game text performs, in order ("kills" →
/// "kill", "\"stopped\"" → "stop"): the lexicon's verbs, read the way every
/// ability is read.
pub fn effect_verbs(toks: &[Token]) -> Vec<String> {
    analyse(toks)
        .effects
        .into_iter()
        .map(|(_, e)| e.verb)
        .collect()
}

/// Take "once per game"-style limits out of the sentence (so "plays once
/// per turn on" reads as "plays on"), keeping the first one.
fn without_limits(toks: &[Token]) -> (Vec<Token>, Option<String>) {
    let mut out = Vec::with_capacity(toks.len());
    let mut limit = None;
    let mut i = 0;
    while i < toks.len() {
        if let Some((end, l)) = grammar::limit_at(toks, i) {
            // "once every turn" is also a timing phrase: leave its words in place.
            if l.contains(" every ") {
                limit.get_or_insert(l);
                out.push(toks[i].clone());
                i += 1;
                continue;
            }
            limit.get_or_insert(l);
            i = end;
            // "Once per game, plays ...": the comma went with the limit.
            if toks.get(i).is_some_and(|t| t.is_punct(",")) && out.is_empty() {
                i += 1;
            }
            continue;
        }
        out.push(toks[i].clone());
        i += 1;
    }
    (out, limit)
}

fn mark(used: &mut [bool], from: usize, to: usize) {
    let to = to.min(used.len());
    used[from..to].iter_mut().for_each(|u| *u = true);
}

fn find_timing(toks: &[Token], used: &mut [bool]) -> Vec<TimingHit> {
    let t = tables();
    let lx = Lexicon::get();
    let mut hits = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        if toks[i].is_word("just") && t.timing.longest_at(toks, i).is_none() {
            let found = (i + 1..(i + 4).min(toks.len()))
                .find_map(|k| t.just.get(&toks[k].text).map(|&j| (k, &lx.just[j])));
            let (end, step, action) = match found {
                Some((k, j)) => (k + 1, step_of(&j.step), j.action.clone()),
                None => (i + 1, Step::Initiated, None),
            };
            hits.push(TimingHit {
                start: i,
                end,
                class: TimingClass::Just,
                action,
                step: Some(step),
                through: false,
                any_turn: false,
                effect: None,
                segment_only: false,
            });
            mark(used, i, end);
            i = end;
            continue;
        }
        if let Some((end, idx)) = t.timing.longest_at(toks, i).filter(|&(end, idx)| {
            !lx.timing[idx].before_ref || toks.get(end).is_some_and(|n| n.kind == TokKind::Ref)
        }) {
            let phrase = &lx.timing[idx];
            let class = TimingClass::from_lexicon(&phrase.class).unwrap_or(TimingClass::Unknown);
            let duration = matches!(class, TimingClass::StartOfTurn | TimingClass::EndOfTurn)
                && i > 0
                && DURATION_CONTEXT.contains(&toks[i - 1].text.as_str());
            if !duration {
                hits.push(TimingHit {
                    start: i,
                    end,
                    class,
                    action: phrase.action.clone(),
                    step: (class == TimingClass::Just).then_some(match phrase.step.as_deref() {
                        Some("resolved") => Step::Resolved,
                        _ => Step::Initiated,
                    }),
                    through: phrase.step.as_deref() == Some("through completion"),
                    any_turn: phrase.any_turn,
                    effect: phrase.effect.clone(),
                    segment_only: phrase.segment_only,
                });
                mark(used, i, end);
            }
            i = end;
            continue;
        }
        i += 1;
    }
    hits
}

fn step_of(s: &str) -> Step {
    match s {
        "resolved" | "completed" => Step::Resolved,
        "under-way" => Step::UnderWay,
        _ => Step::Initiated,
    }
}

fn find_effects(toks: &[Token], used: &mut [bool], out: &mut Vec<(usize, Effect)>) {
    let t = tables();
    let lx = Lexicon::get();
    let mut i = 0;
    while i < toks.len() {
        if used[i] {
            i += 1;
            continue;
        }
        if let Some(attr) = modifier_at(toks, i, &lx.modifier_attributes) {
            out.push((
                i,
                Effect {
                    verb: "modify".into(),
                    objects: vec![Target::Object(attr)],
                },
            ));
            used[i] = true;
            i += 1;
            continue;
        }
        if let Some(end) = noun_phrase_at(toks, i) {
            i = end;
            continue;
        }
        if let Some((end, verb)) = t.effect.longest_at(toks, i) {
            let noun = i > 0
                && (NOUN_CONTEXT.contains(&toks[i - 1].text.as_str())
                    || relating_verb_at(toks, i - 1))
                && t.action.longest_at(toks, i).is_some();
            if !noun {
                out.push((
                    i,
                    Effect {
                        verb,
                        objects: Vec::new(),
                    },
                ));
                mark(used, i, end);
                i = end;
                continue;
            }
        }
        i += 1;
    }
}

/// A noun phrase of two or more words starting at `i` ("personnel battle",
/// "draw deck"): its end, so its words are not read as verbs.
fn noun_phrase_at(toks: &[Token], i: usize) -> Option<usize> {
    let t = tables();
    [
        t.action.longest_at(toks, i),
        t.card_type
            .longest_at(toks, i)
            .map(|(e, _)| (e, String::new())),
        t.object.longest_at(toks, i),
    ]
    .into_iter()
    .flatten()
    .map(|(end, _)| end)
    .filter(|&end| end >= i + 2)
    .max()
    .filter(|&end| t.effect.longest_at(toks, i).is_none_or(|(e, _)| e < end))
}

/// True when a verb that specifically relates to what it names ends at `i` ("nullifies").
fn relating_verb_at(toks: &[Token], i: usize) -> bool {
    let lx = Lexicon::get();
    tables()
        .effect
        .longest_at(toks, i)
        .is_some_and(|(_, verb)| lx.effect(&verb).is_some_and(|e| e.relates))
}

/// "WEAPONS -1", "attributes all +2", "STRENGTH=16", "CUNNING x2": a modification.
fn modifier_at(toks: &[Token], i: usize, attrs: &[String]) -> Option<String> {
    let w = &toks[i];
    if w.kind != TokKind::Word {
        return None;
    }
    let attr = attrs.iter().find(|a| w.text.starts_with(a.as_str()))?;
    let rest = &w.text[attr.len()..];
    let signed = |s: &str| {
        s.starts_with(['+', '-', '=']) && s.len() > 1
            || s.starts_with('x') && s[1..].chars().next().is_some_and(|c| c.is_ascii_digit())
    };
    if signed(rest) {
        return Some(attr.clone());
    }
    if !rest.is_empty() {
        return None;
    }
    let mut j = i + 1;
    if toks.get(j).is_some_and(|t| t.is_word("all")) {
        j += 1;
    }
    toks.get(j)
        .filter(|t| t.kind == TokKind::Word && signed(&t.text))
        .map(|_| attr.clone())
}

/// "(except for {Treaty} cards)", "except a Q-related dilemma": the card or
/// type at `i` is left out of what the clause acts on, so it is no target.
fn excepted(toks: &[Token], i: usize) -> bool {
    const BETWEEN: [&str; 5] = ["for", "a", "an", "any", "the"];
    let mut k = i;
    while k > 0 {
        k -= 1;
        let t = &toks[k];
        if t.is_word("except") {
            return true;
        }
        let filler = BETWEEN.iter().any(|w| t.is_word(w))
            || (t.kind == TokKind::Word && t.text.ends_with("-related"))
            || t.kind == TokKind::Icon;
        if !filler || i - k > 3 {
            return false;
        }
    }
    false
}

fn find_targets(toks: &[Token], used: &[bool]) -> Vec<(usize, Target)> {
    let t = tables();
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let tok = &toks[i];
        if tok.kind == TokKind::Ref {
            if !excepted(toks, i) {
                out.push((i, Target::Card(tok.text.clone())));
            }
            i += 1;
            continue;
        }
        if used[i] {
            i += 1;
            continue;
        }
        if let Some((end, name)) = t.card_type.longest_at(toks, i) {
            // "{Nausicaans} dilemmas": the noun says what the named cards are.
            if i > 0 && toks[i - 1].kind == TokKind::Ref {
                i = end;
                continue;
            }
            let (qualifier, negated) = qualifier_before(toks, i);
            let (qualifier, end) = match title_word_after(toks, end) {
                Some((word, after)) => (Some(format!("title:{word}")), after),
                None => (qualifier, end),
            };
            let in_play = toks.get(end).is_some_and(|t| t.is_word("in"))
                && toks.get(end + 1).is_some_and(|t| t.is_word("play"));
            if excepted(toks, i) {
                i = end;
                continue;
            }
            out.push((
                i,
                Target::CardType {
                    name,
                    qualifier,
                    negated,
                    in_play,
                },
            ));
            i = end;
        } else if toks[i].is_word("played") && toks.get(i + 1).is_some_and(|t| t.is_word("as")) {
            // "any other card played as an Event card" says what the card is, not
            // when, and the type after it is that same card, not another target.
            i += 2;
            if toks
                .get(i)
                .is_some_and(|t| t.is_word("a") || t.is_word("an"))
            {
                i += 1;
            }
            if let Some((end, _)) = t.card_type.longest_at(toks, i) {
                i = end;
            }
        } else if let Some((end, kind)) = t.action.longest_at(toks, i) {
            out.push((i, Target::Action(kind)));
            i = end;
        } else if let Some((end, noun)) = t.object.longest_at(toks, i) {
            out.push((i, Target::Object(noun)));
            i = end;
        } else {
            i += 1;
        }
    }
    out
}

/// "a dilemma with the word "Q" in title" (Q2): the word the card's title must
/// contain, and where the phrase ends.
fn title_word_after(toks: &[Token], i: usize) -> Option<(String, usize)> {
    let words = |k: usize, w: &str| toks.get(k).is_some_and(|t| t.text == w);
    let mut k = i;
    if !words(k, "with") {
        return None;
    }
    k += 1;
    if words(k, "the") {
        k += 1;
    }
    if !words(k, "word") {
        return None;
    }
    let word = toks.get(k + 1)?.text.clone();
    let k = k + 2;
    let k = if words(k, "in") { k + 1 } else { return None };
    let k = if words(k, "its") || words(k, "the") {
        k + 1
    } else {
        k
    };
    words(k, "title").then_some((word, k + 1))
}

/// Icons and "non-" just before a card-type noun: "[Q] icon dilemma", "non-Interrupt card".
fn qualifier_before(toks: &[Token], i: usize) -> (Option<String>, bool) {
    let mut icons = Vec::new();
    let mut negated = false;
    let mut j = i;
    while j > 0 {
        let p = &toks[j - 1];
        if p.kind == TokKind::Icon {
            icons.push(p.text.clone());
        } else if p.is_word("icon") {
        } else if p.is_word("non-") {
            negated = true;
        } else {
            break;
        }
        j -= 1;
    }
    icons.reverse();
    ((!icons.is_empty()).then(|| icons.join("")), negated)
}

/// Each effect acts on the targets between it and the next effect.
fn attach_objects(p: &mut SentenceParse) {
    let positions: Vec<usize> = p.effects.iter().map(|(i, _)| *i).collect();
    for (k, (pos, effect)) in p.effects.iter_mut().enumerate() {
        let end = positions.get(k + 1).copied().unwrap_or(usize::MAX);
        for (tpos, target) in &p.targets {
            if *tpos > *pos && *tpos < end && !effect.objects.contains(target) {
                effect.objects.push(target.clone());
            }
        }
    }
}

/// A prohibition ("No player may ... download any card") also prevents the
/// actions of the effect verbs after it in the sentence.
fn add_governed_actions(p: &mut SentenceParse) {
    let lx = Lexicon::get();
    let mut extra = Vec::new();
    for (k, (pos, e)) in p.effects.iter().enumerate() {
        if !lx.effect(&e.verb).is_some_and(|v| v.governs) {
            continue;
        }
        for (_, later) in p.effects.iter().skip(k + 1) {
            if let Some(kind) = lx.effect(&later.verb).and_then(|v| v.action.clone()) {
                extra.push((
                    *pos,
                    Effect {
                        verb: e.verb.clone(),
                        objects: vec![Target::Action(kind)],
                    },
                ));
            }
        }
    }
    p.effects.extend(extra);
}

fn clause_end(toks: &[Token], from: usize) -> usize {
    (from..toks.len())
        .find(|&k| {
            toks[k].kind == TokKind::Punct && [",", ";", ":"].contains(&toks[k].text.as_str())
        })
        .unwrap_or(toks.len())
}

/// Give start-of / during / just clauses the action they name; drop those naming none.
fn resolve_timing_actions(toks: &[Token], p: &mut SentenceParse) {
    let actions: Vec<(usize, String)> = p
        .targets
        .iter()
        .filter_map(|(i, t)| match t {
            Target::Action(k) => Some((*i, k.clone())),
            _ => None,
        })
        .collect();
    for hit in &mut p.timing {
        if hit.action.is_some() || !hit.class.is_response() {
            continue;
        }
        let end = clause_end(toks, hit.end).min(hit.end + 10);
        hit.action = actions
            .iter()
            .find(|(i, _)| *i >= hit.end && *i < end)
            .or_else(|| {
                (hit.class == TimingClass::Just)
                    .then(|| actions.iter().rev().find(|(i, _)| *i < hit.start))
                    .flatten()
            })
            .map(|(_, k)| k.clone());
    }
    p.timing.retain(|h| {
        h.action.is_some() || !matches!(h.class, TimingClass::StartOf | TimingClass::During)
    });
}

/// The strongest timing of a sentence.
fn best_timing(toks: &[Token], p: &SentenceParse) -> Option<Timing> {
    let hit = p
        .timing
        .iter()
        .filter(|h| !h.segment_only)
        .min_by_key(|h| h.class)?;
    let lo = p
        .effects
        .iter()
        .map(|(i, _)| *i)
        .filter(|&i| i < hit.start)
        .max()
        .unwrap_or(0);
    let hi = clause_end(toks, hit.end);
    let objects = p
        .targets
        .iter()
        .filter(|(i, t)| {
            *i >= lo && *i < hi && matches!(t, Target::Card(_) | Target::CardType { .. })
        })
        .map(|(_, t)| t.clone())
        .collect();
    Some(Timing {
        class: hit.class,
        action: hit.action.clone(),
        step: hit.step,
        objects,
        limit: p.limit.clone(),
        any_turn: p.timing.iter().any(|h| h.any_turn),
        seeds: p.timing.iter().any(|h| h.class == TimingClass::Seeds)
            || toks.iter().any(|t| t.is_word("seeds")),
        at_any_time: p.timing.iter().any(|h| h.class == TimingClass::AtAnyTime),
        by_opponent: by_opponent(toks, hit),
        by_self: by_self(toks, hit),
        against: against(toks, hit),
        in_play_any_turn: false,
        in_play_at_any_time: false,
        through_completion: hit.through,
        parties: if hit.class.is_response() {
            super::plays_on::participants(toks, hit.start, hit.end)
        } else {
            Vec::new()
        },
        in_play_segment: None,
        mandatory: false,
        first_attempt: first_attempt(toks, hit),
        in_play_only: false,
    })
}

/// "just before the initial attempt of a space mission", "at the start of
/// your first mission attempt here": a response clause answering only a
/// mission's first attempt (by either player, or the responder's own).
fn first_attempt(toks: &[Token], hit: &TimingHit) -> Option<Whose> {
    if !hit.class.is_response() {
        return None;
    }
    let clause = &toks[hit.start..clause_end(toks, hit.end)];
    let says =
        |phrases: &[String]| (0..clause.len()).any(|k| any_phrase_at(clause, k, phrases).is_some());
    let words = &Lexicon::get().first_attempt;
    if says(&words.yours) {
        Some(Whose::Yours)
    } else {
        says(&words.of_mission).then_some(Whose::Any)
    }
}

/// "opponent just played": the word before a "just" clause names whose action it answers.
fn by_opponent(toks: &[Token], hit: &TimingHit) -> bool {
    hit.class == TimingClass::Just
        && hit.start > 0
        && Lexicon::get()
            .opponent_words
            .contains(&toks[hit.start - 1].text)
}

/// "start of a personnel battle you initiated": words after the clause's
/// action (before the clause ends) name the responder as its initiator.
fn by_self(toks: &[Token], hit: &TimingHit) -> bool {
    if !hit.class.is_response() {
        return false;
    }
    let hi = clause_end(toks, hit.end).min(toks.len());
    let after = &toks[hit.end.min(hi)..hi];
    let words = after.iter().take_while(|t| !t.is_punct("(")).count();
    let words = &after[..words];
    let own = &Lexicon::get().own_initiation;
    (0..words.len()).any(|k| any_phrase_at(words, k, own).is_some())
}

/// "start of battle against opponent's only ship": a party word after the
/// clause's action, then a party object noun (before the clause ends), name
/// the card type a party of the action must have.
fn against(toks: &[Token], hit: &TimingHit) -> Option<String> {
    if !hit.class.is_response() {
        return None;
    }
    let lx = Lexicon::get();
    let hi = clause_end(toks, hit.end).min(toks.len());
    let words: Vec<&Token> = toks[hit.end.min(hi)..hi]
        .iter()
        .take_while(|t| !t.is_punct("("))
        .collect();
    let from = words
        .iter()
        .position(|t| lx.party_words.contains(&t.text))?;
    words[from + 1..].iter().find_map(|t| {
        lx.party_objects
            .iter()
            .find(|p| p.object == t.text)
            .map(|p| p.card_type.clone())
    })
}

/// The timing of a function whose first sentence is only a timing clause
/// naming an action ("Plays at start of ship battle."), which then governs
/// the alternatives after it.
pub fn leading_timing(tokens: &[Token]) -> Option<Timing> {
    let sents = grammar::sentences(tokens);
    let (first, _) = sents.first()?;
    let p = analyse(first);
    if !p.effects.is_empty() {
        return None;
    }
    best_timing(first, &p).filter(|t| t.class.is_response() && t.action.is_some())
}

/// True for a sentence that says when the card is played or used.
fn speaks_of_play(toks: &[Token]) -> bool {
    toks.iter().enumerate().any(|(i, t)| {
        ["play", "plays", "played", "use", "used"].contains(&t.text.as_str())
            && t.kind == TokKind::Word
            // "in play" is where a card is, not when it plays.
            && !(i > 0 && toks[i - 1].is_word("in"))
    })
}

fn is_dilemma(t: &CardType) -> bool {
    matches!(t, CardType::Dilemma | CardType::QDilemma)
}

/// A sentence opening with a timing clause that names an action ("At the
/// start of your first mission attempt here, you may ..."): what a card
/// placed first does in play when that action begins.
fn opens_with_timing(p: &SentenceParse) -> bool {
    p.timing
        .iter()
        .any(|h| h.class.is_response() && h.action.is_some() && h.start <= OPENING_WORDS)
}

/// Words a sentence may hold before its opening timing clause ("at the").
const OPENING_WORDS: usize = 2;

/// Response windows named by sentences that say when the card is played or
/// used ("May be used during battle"), that begin with "just", or (used
/// only in play) that open with a timing clause naming an action.
fn response_windows(parsed: &[(SentenceParse, bool, &Vec<Token>)]) -> Vec<Timing> {
    parsed
        .iter()
        .filter(|(p, paren, s)| {
            !paren
                && (speaks_of_play(s)
                    || p.timing.iter().any(|h| h.class == TimingClass::Just)
                    || opens_with_timing(p))
        })
        .flat_map(|(p, _, s)| {
            let in_play_only =
                !speaks_of_play(s) && !p.timing.iter().any(|h| h.class == TimingClass::Just);
            p.timing
                .iter()
                .filter(|h| h.class.is_response() && h.action.is_some())
                .map(|h| {
                    let mut t = Timing::of(h.class);
                    t.action = h.action.clone();
                    t.step = h.step;
                    t.by_opponent = by_opponent(s, h);
                    t.by_self = by_self(s, h);
                    t.against = against(s, h);
                    t.parties = super::plays_on::participants(s, h.start, h.end);
                    t.first_attempt = first_attempt(s, h);
                    t.in_play_only = in_play_only;
                    let lo = h.start;
                    let hi = clause_end(s, h.end);
                    t.objects = p
                        .targets
                        .iter()
                        .filter(|(i, t)| {
                            *i >= lo
                                && *i < hi
                                && matches!(t, Target::Card(_) | Target::CardType { .. })
                        })
                        .map(|(_, t)| t.clone())
                        .collect();
                    t
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The start- or end-of-turn segment a sentence of the function names, and
/// whether what it does there is mandatory (no "may" in that sentence).
fn turn_segment(parsed: &[(SentenceParse, bool, &Vec<Token>)]) -> Option<(TimingClass, bool)> {
    parsed.iter().find_map(|(p, _, s)| {
        let hit = p
            .timing
            .iter()
            .find(|h| matches!(h.class, TimingClass::StartOfTurn | TimingClass::EndOfTurn))?;
        Some((hit.class, !s.iter().any(|t| t.is_word("may"))))
    })
}

/// Compile one function into an ability.
pub fn ability(tokens: &[Token], card_type: &CardType) -> Ability {
    let sents = grammar::sentences(tokens);
    let parsed: Vec<(SentenceParse, bool, &Vec<Token>)> = sents
        .iter()
        .map(|(s, paren)| (analyse(s), *paren, s))
        .collect();
    let mut timing: Option<Timing> = None;
    let mut timing_at = None;
    for (k, (p, _, s)) in parsed.iter().enumerate() {
        if k == 0 || speaks_of_play(s) {
            if let Some(t) = best_timing(s, p) {
                timing = Some(t);
                timing_at = Some(k);
                break;
            }
        }
    }
    // A card that first "plays on" something (or seeds) is put in play at its
    // type's normal time; "At any time, you may ..." after that is how it is
    // used once in play (Meditation), not when it may be played ("event").
    let placed_first = timing
        .as_ref()
        .is_some_and(|t| matches!(t.class, TimingClass::PlaysOn | TimingClass::Seeds));
    let says_when_played = |k: usize| !placed_first || Some(k) == timing_at;
    let mut ability = Ability {
        text: grammar::render(tokens),
        timing: Timing::of(TimingClass::Unknown),
        windows: Vec::new(),
        targets: Vec::new(),
        effects: Vec::new(),
        unparsed: Vec::new(),
        notes: Vec::new(),
    };
    for (p, paren, s) in &parsed {
        if !p.recognised() {
            if *paren {
                ability.notes.push(grammar::render(s));
            } else {
                ability.unparsed.push(grammar::render(s));
            }
            continue;
        }
        for (_, t) in &p.targets {
            if !ability.targets.contains(t) {
                ability.targets.push(t.clone());
            }
        }
        ability
            .effects
            .extend(p.effects.iter().map(|(_, e)| e.clone()));
    }
    let limit = parsed.iter().find_map(|(p, _, _)| p.limit.clone());
    // "at any time" / "every turn" anywhere in the function lets it be used on
    // the opponent's turn ("actions – taking turns").
    let any_turn = parsed
        .iter()
        .enumerate()
        .filter(|(k, _)| says_when_played(*k))
        .any(|(_, (p, _, _))| p.timing.iter().any(|h| h.any_turn));
    ability.timing = match timing {
        Some(mut t) => {
            if t.class == TimingClass::Conditional && is_dilemma(card_type) {
                t.class = TimingClass::Encounter;
            }
            t.limit = t.limit.or(limit);
            t
        }
        None if !ability.effects.is_empty() => {
            let mut t = Timing::of(if is_dilemma(card_type) {
                TimingClass::Encounter
            } else {
                TimingClass::TypeDefault
            });
            t.limit = limit;
            t
        }
        None => Timing::of(TimingClass::Unknown),
    };
    ability.timing.any_turn |= any_turn;
    ability.timing.in_play_any_turn = parsed
        .iter()
        .any(|(p, _, _)| p.timing.iter().any(|h| h.any_turn));
    // A dilemma naming nothing acts on the crew or Away Team encountering it.
    if is_dilemma(card_type) && ability.targets.is_empty() && !ability.effects.is_empty() {
        let lx = Lexicon::get();
        ability.targets = lx
            .encounter_targets
            .iter()
            .map(|o| Target::Object(o.clone()))
            .collect();
    }
    ability.timing.at_any_time |= parsed
        .iter()
        .enumerate()
        .filter(|(k, _)| says_when_played(*k))
        .any(|(_, (p, _, _))| p.timing.iter().any(|h| h.class == TimingClass::AtAnyTime));
    if let Some((class, mandatory)) = turn_segment(&parsed) {
        ability.timing.in_play_segment = Some(class);
        ability.timing.mandatory = mandatory;
    }
    ability.timing.in_play_at_any_time = parsed
        .iter()
        .any(|(p, _, _)| p.timing.iter().any(|h| h.class == TimingClass::AtAnyTime));
    if !ability.timing.class.is_response() {
        ability.windows = response_windows(&parsed);
        for w in &ability.windows {
            if let Some(a) = &w.action {
                let t = Target::Action(a.clone());
                if !ability.targets.contains(&t) {
                    ability.targets.push(t);
                }
            }
        }
    }
    if let Some(a) = &ability.timing.action {
        let t = Target::Action(a.clone());
        if !ability.targets.contains(&t) {
            ability.targets.insert(0, t);
        }
    }
    ability
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str, ty: CardType) -> Ability {
        let f = functions(text);
        ability(&f[0], &ty)
    }

    #[test]
    fn q2_names_dilemmas_by_icon_and_by_title_word() {
        let a = one("Nullifies {Amanda Rogers} OR {Kevin Uxbridge} OR a [Q] icon dilemma OR a dilemma with the word \"Q\" in title.", CardType::Interrupt);
        let quals: Vec<Option<String>> = a
            .targets
            .iter()
            .filter_map(|t| match t {
                Target::CardType { qualifier, .. } => Some(qualifier.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(quals.len(), 2, "{:?}", a.targets);
        assert!(
            quals[0]
                .as_deref()
                .is_some_and(|q| q.contains("[Q]") || q.contains("[q]")),
            "{quals:?}"
        );
        assert_eq!(quals[1].as_deref(), Some("title:q"));
    }

    #[test]
    fn countermanda_just_played_names_its_cards() {
        let f = functions("Nullifies {Telepathic Alien Kidnappers} OR if opponent just played {Res-Q} or {Palor Toff}, suspend that action, look through opponent's discard pile and put any three cards out-of-play.");
        assert_eq!(f.len(), 2);
        let a = ability(&f[1], &CardType::Interrupt);
        assert_eq!(a.timing.class, TimingClass::Just);
        assert_eq!(a.timing.action.as_deref(), Some("card play"));
        assert!(a
            .timing
            .objects
            .contains(&Target::Card("Palor Toff".into())));
        assert!(a.effects.iter().any(|e| e.verb == "suspend"));
        assert!(a.timing.by_opponent);
        let own = one(
            "Nullifies any Interrupt card just played.",
            CardType::Interrupt,
        );
        assert_eq!(own.timing.class, TimingClass::Just);
        assert!(!own.timing.by_opponent);
    }

    #[test]
    fn excepted_cards_are_not_targets() {
        let a = one(
            "Nullifies any one Event card in play (except for {Treaty} cards).",
            CardType::Interrupt,
        );
        assert!(!a.targets.contains(&Target::Card("Treaty".into())));
        let b = one("Nullifies {Treaty} cards.", CardType::Interrupt);
        assert!(b.targets.contains(&Target::Card("Treaty".into())));
    }

    #[test]
    fn you_initiated_ties_a_clause_to_the_responders_action() {
        let a = one(
            "Plays at start of a personnel battle you initiated (once per battle). Each of your personnel may kill.",
            CardType::Interrupt,
        );
        assert_eq!(a.timing.class, TimingClass::StartOf);
        assert!(a.timing.by_self);
        let b = one("Plays at start of personnel battle.", CardType::Interrupt);
        assert!(!b.timing.by_self);
    }

    #[test]
    fn at_any_time_after_plays_on_table_is_a_use_in_play() {
        let a = one(
            "Plays on table. At any time, you may discard one card from hand.",
            CardType::Event,
        );
        assert_eq!(a.timing.class, TimingClass::PlaysOn);
        assert!(!a.timing.any_turn);
        assert!(a.timing.in_play_any_turn && a.timing.in_play_at_any_time);
    }

    #[test]
    fn battle_against_a_ship_names_its_party() {
        let a = one(
            "Plays at start of battle against opponent's only ship here.",
            CardType::Interrupt,
        );
        assert_eq!(a.timing.against.as_deref(), Some("ship"));
        let b = one("Plays at start of battle.", CardType::Interrupt);
        assert_eq!(b.timing.against, None);
    }

    #[test]
    fn completing_a_mission_is_just_completed() {
        let a = one(
            "Once each turn, when you complete a mission, draw a card.",
            CardType::Interrupt,
        );
        assert_eq!(a.timing.class, TimingClass::Just);
        assert_eq!(a.timing.step, Some(Step::Resolved));
    }

    #[test]
    fn until_end_of_turn_is_a_duration() {
        let a = one(
            "Plays on your infiltrator. Until end of your turn, subtract its skills.",
            CardType::Interrupt,
        );
        assert_eq!(a.timing.class, TimingClass::PlaysOn);
    }

    #[test]
    fn attribute_modifiers_are_modify_effects() {
        let a = one(
            "Plays on table. Your ships are SHIELDS +3 while at missions.",
            CardType::Event,
        );
        assert!(a
            .effects
            .iter()
            .any(|e| e.verb == "modify"
                && e.objects.first() == Some(&Target::Object("shields".into()))));
    }

    #[test]
    fn dilemma_conditions_are_encounters() {
        let a = one(
            "Unless 2 SECURITY present, kills one personnel (random selection).",
            CardType::Dilemma,
        );
        assert_eq!(a.timing.class, TimingClass::Encounter);
        assert_eq!(a.effects[0].verb, "kill");
    }

    #[test]
    fn non_interrupt_card_is_negated() {
        let a = one(
            "Plays immediately after opponent plays any non-Interrupt card from hand.",
            CardType::Interrupt,
        );
        assert!(a.targets.iter().any(
            |t| matches!(t, Target::CardType { name, negated: true, .. } if name == "interrupt")
        ));
    }

    #[test]
    fn an_initial_attempt_clause_answers_only_the_first_attempt() {
        let a = one(
            "Plays on ship with OFFICER aboard, just before the initial attempt of a space mission. First dilemma encountered is discarded.",
            CardType::Interrupt,
        );
        assert_eq!(a.timing.action.as_deref(), Some("mission attempt"));
        assert_eq!(a.timing.first_attempt, Some(Whose::Any));
        let yours = one(
            "Plays at the start of your first mission attempt here. Draw a card.",
            CardType::Interrupt,
        );
        assert_eq!(yours.timing.first_attempt, Some(Whose::Yours));
        let any = one(
            "Plays at start of a mission attempt. Draw a card.",
            CardType::Interrupt,
        );
        assert_eq!(any.timing.first_attempt, None);
    }

    #[test]
    fn a_placed_card_opening_a_sentence_with_a_timing_clause_answers_in_play() {
        let a = one(
            "Plays on your mission. At the start of your first mission attempt here, you may draw three cards.",
            CardType::Objective,
        );
        assert_eq!(a.timing.class, TimingClass::PlaysOn);
        let w = &a.windows[0];
        assert_eq!(w.action.as_deref(), Some("mission attempt"));
        assert!(w.in_play_only);
        assert_eq!(w.first_attempt, Some(Whose::Yours));
        // A sentence saying when the card is used is a window from anywhere.
        let used = one(
            "Plays on table. May be used during battle to draw a card.",
            CardType::Event,
        );
        assert!(used.windows.iter().all(|w| !w.in_play_only));
    }
}
