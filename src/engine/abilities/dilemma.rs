//! The dilemma form of a compiled card: a dilemma's text read into the
//! features the Glossary's "dilemma resolution" names — a trigger (with its
//! "Otherwise" branch), nullifiers, conditions in the full requirement
//! grammar, a cure, the effects with who they can affect and how victims are
//! selected, and where the card goes afterwards. The words are in
//! `glossary/abilities/lexicon.toml` (`[dilemma]`); effect verbs are the
//! lexicon's, read through [`super::clause::effect_verbs`].
//!
//! Invariant: a sentence the compiler cannot read is kept in `unread`, never
//! dropped, and a condition list is read whole or not at all.

use super::clause;
use super::grammar;
use super::lexicon::{DilemmaWords, Lexicon};
use super::relocation::{self, Destination};
use crate::engine::requirements::{self, Requirement, Setting};
use serde::Serialize;

/// A compiled dilemma.
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
pub struct CompiledDilemma {
    pub title: String,
    /// "If X present, ...": what must be present for the dilemma to have any effect.
    pub trigger: Option<Requirement>,
    /// The "Otherwise" branch: what happens when the trigger is absent.
    pub otherwise: Vec<DilemmaEffect>,
    /// Checked before any effect: present (or played), the dilemma is discarded.
    pub nullifiers: Vec<Nullifier>,
    /// What the crew or Away Team must have to overcome the dilemma.
    pub conditions: Option<Requirement>,
    /// How the conditions are written: "Unless X, effect" (the effect is the
    /// price of failing) or "To get past requires X" (effects written beside
    /// them happen in any case; the conditions decide who is stopped).
    pub form: ConditionForm,
    /// Cancels the dilemma's ongoing or delayed effect.
    pub cure: Option<Nullifier>,
    /// A price the player may choose to pay instead of suffering the
    /// effects ("unless you \"stop\" a personnel with Biology or MEDICAL",
    /// "unless MEDICAL \"beams over\" (discarded)"): a choice, not
    /// conditions (Glossary "dilemma resolution", "Choices").
    pub choice: Option<Choice>,
    /// What happens (when conditions fail, or always without conditions).
    pub effects: Vec<DilemmaEffect>,
    /// What the text says about where the card goes.
    pub afterwards: Afterwards,
    /// "Two personnel (random selection) are \"stopped\" unless their
    /// combined CUNNING>15": the conditions are met by the victims of this
    /// effect (an index into `effects`) alone.
    pub of_victims: Option<usize>,
    /// Targets a sentence selects first ("Randomly select a male and a
    /// female"): each effect naming them afterwards ("each of them is
    /// stopped") falls on each target.
    pub targets: Vec<Victims>,
    /// Sentences (or parts) with game effect the compiler could not read.
    pub unread: Vec<String>,
    /// True when a sentence states conditions the compiler could not read:
    /// the dilemma has conditions, but whether they are met is unknown.
    pub unread_conditions: bool,
    /// Remarks without effect of their own ("(but Away Team may escape using
    /// {Emergency Transporter Armbands})").
    pub notes: Vec<String>,
    /// A combo dilemma's second half ("... MICROVIRUS: Unless MEDICAL and
    /// SECURITY present, ..."), read as a dilemma of its own: it is faced
    /// only after the first half's conditions are met (Glossary "combo
    /// dilemma").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub second_half: Option<Box<CompiledDilemma>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum ConditionForm {
    #[default]
    Unless,
    ToGetPast,
}

/// A nullifier (or a cure): a requirement present in the group, or an action
/// or card play ("by discarding a [Doorway] from hand").
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", content = "value", rename_all = "kebab-case")]
pub enum Nullifier {
    Present(Requirement),
    Action(String),
}

impl Nullifier {
    /// The requirement present that nullifies (none for an action).
    pub fn present(&self) -> Option<&Requirement> {
        match self {
            Nullifier::Present(r) => Some(r),
            Nullifier::Action(_) => None,
        }
    }
}

/// A price one personnel may pay: the verb they suffer and who may pay it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Choice {
    pub verb: String,
    pub who: Requirement,
}

/// One effect of a dilemma: a verb and its victims.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DilemmaEffect {
    /// The lexicon's canonical verb ("kill", "stop", "damage", "capture").
    pub verb: String,
    /// "If nine or fewer personnel ..., one is stopped": the effect happens
    /// only when this holds in the group.
    pub when: Option<Requirement>,
    pub victims: Victims,
    /// "Planet mission: kills entire Away Team": the effect happens only
    /// where the dilemma is encountered so.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<Setting>,
    /// "relocated to nearest planet": where a relocation sends the victims.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<Destination>,
    /// When in the encounter the effect happens.
    #[serde(skip_serializing_if = "Stage::is_result")]
    pub stage: Stage,
    /// "If any of those personnel has ENGINEER, all of them are stopped":
    /// the effect happens only when its victims, once selected, meet this.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub if_victims: Option<Requirement>,
    /// "One SECURITY personnel is stopped. If that personnel has
    /// Leadership, two additional SECURITY personnel are stopped": the
    /// effect happens only when the victims of an earlier effect (its
    /// index) meet this, and reaches others than them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub if_earlier: Option<(usize, Requirement)>,
}

/// When an effect happens in the encounter (Glossary "dilemma resolution").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// The dilemma's result: the price of failing "Unless" conditions, in
    /// any case beside "To get past" conditions or without conditions.
    #[default]
    Result,
    /// "Randomly select a personnel to be \"stopped\"": befalls the
    /// targets as they are selected, before the conditions are checked
    /// ("its targets are chosen and its conditions checked").
    Targeting,
    /// "To get past, one Diplomacy OR Leadership personnel (opponent's
    /// choice) must be \"stopped\"": the price of getting past, paid by one
    /// who must perform it once the conditions - their presence - are met.
    Passage,
}

impl Stage {
    fn is_result(&self) -> bool {
        *self == Stage::Result
    }
}

/// Who an effect reaches.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Victims {
    pub count: Count,
    pub scope: Scope,
    /// "with INTEGRITY<5", "non-android", "Female": specific features.
    pub filter: Option<Requirement>,
    pub selection: Option<Selection>,
    /// "but if two or more present, one must continue (random selection)":
    /// some of the victims are spared, selected this way.
    pub spared: Option<Spared>,
}

/// Victims spared from an effect.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Spared {
    pub count: u32,
    pub selection: Selection,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(tag = "kind", content = "value", rename_all = "kebab-case")]
pub enum Count {
    /// A number of cards ("one", "two").
    Exactly(u32),
    /// "all", "each", "entire".
    All,
    /// "half of".
    Half,
    /// No count printed: the named card or group ("ship is damaged").
    Unstated,
    /// "three personnel (or six personnel if more than nine personnel
    /// present)": `count`, or `larger` when more than `over` are present.
    ByGroup { count: u32, larger: u32, over: u32 },
}

/// Where the victims stand.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", content = "value", rename_all = "kebab-case")]
pub enum Scope {
    /// Only the crew or Away Team facing the dilemma.
    Facing,
    /// The crew's ship.
    Ship,
    /// A broader phrase ("personnel at this location", "all life on ship").
    Broader(String),
}

/// Who selects the victims (Glossary "dilemma resolution": targets).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", content = "value", rename_all = "kebab-case")]
pub enum Selection {
    Random,
    Opponent,
    Owner,
    You,
    /// "most CUNNING", "highest STRENGTH": on a tie the opponent chooses.
    Superlative(String),
}

impl Selection {
    pub fn name(&self) -> String {
        match self {
            Selection::Random => "random selection".into(),
            Selection::Opponent => "opponent's choice".into(),
            Selection::Owner => "owner's choice".into(),
            Selection::You => "your choice".into(),
            Selection::Superlative(s) => format!("the {s}"),
        }
    }
}

/// What the text says about where the dilemma card goes.
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
pub struct Afterwards {
    /// "Discard dilemma".
    pub discard: bool,
    /// "Mission continues".
    pub mission_continues: bool,
    /// "Attempt ends": the attempt ends though no one is stopped.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub attempt_ends: bool,
    /// "Place on ship", "play on table": the dilemma enters play there.
    pub enters_play: Option<String>,
}

impl CompiledDilemma {
    /// Every sentence read, and the dilemma does something: it has
    /// conditions, effects, or enters play.
    pub fn is_full(&self) -> bool {
        self.unread.is_empty()
            && (self.conditions.is_some()
                || !self.effects.is_empty()
                || self.afterwards.enters_play.is_some())
            && self.second_half.as_ref().is_none_or(|h| h.is_full())
    }

    /// Conditions the compiler could not read, in either half of a combo.
    pub fn conditions_unread(&self) -> bool {
        self.unread_conditions
            || self
                .second_half
                .as_ref()
                .is_some_and(|h| h.conditions_unread())
    }

    /// The sentences not read, in either half of a combo.
    pub fn all_unread(&self) -> Vec<&String> {
        let second = self.second_half.iter().flat_map(|h| h.all_unread());
        self.unread.iter().chain(second).collect()
    }

    /// Nothing read yet: the sentence opens the card.
    fn is_unread_so_far(&self) -> bool {
        self.requirements().is_empty()
            && self.effects.is_empty()
            && self.unread.is_empty()
            && self.afterwards == Afterwards::default()
    }

    /// Every requirement the dilemma was read into: trigger, conditions,
    /// nullifiers and cure, who may pay its price, and each effect's
    /// victims and "when".
    pub fn requirements(&self) -> Vec<&Requirement> {
        let effects = self.effects.iter().chain(&self.otherwise);
        let victims = effects
            .flat_map(|e| [e.victims.filter.as_ref(), e.when.as_ref()])
            .chain(self.targets.iter().map(|t| t.filter.as_ref()));
        let nullifiers = self.nullifiers.iter().chain(&self.cure);
        [self.trigger.as_ref(), self.conditions.as_ref()]
            .into_iter()
            .chain(victims)
            .chain(nullifiers.map(Nullifier::present))
            .chain(self.choice.as_ref().map(|c| Some(&c.who)))
            .flatten()
            .collect()
    }

    /// "stop" among its effects (a dilemma without conditions "stops" only
    /// when it says so: Glossary "dilemma resolution", "Stopping").
    pub fn says_it_stops(&self) -> bool {
        self.effects.iter().any(|e| e.verb == "stop")
    }
}

/// Compile a dilemma's game text.
pub fn compile_dilemma(title: &str, text: &str) -> CompiledDilemma {
    let words = &Lexicon::get().dilemma;
    let mut d = Reading {
        dilemma: CompiledDilemma {
            title: title.to_string(),
            ..CompiledDilemma::default()
        },
        half: None,
    };
    let text = straight_quotes(text).replace("(s)", "s");
    let sentences = remarks_apart(title, sentences(&text));
    for (i, s) in sentences.iter().enumerate() {
        if let Some(half) = second_half(title, s).filter(|_| !d.is_unread_so_far()) {
            // "Encountering a combo dilemma is like encountering two
            // separate dilemmas" (Glossary "combo dilemma").
            let opening = s.split_once(':').map_or("", |(_, r)| r);
            let rest = [opening.to_string()]
                .iter()
                .chain(&sentences[i + 1..])
                .cloned()
                .collect::<Vec<_>>()
                .join(". ");
            d.second_half = Some(Box::new(compile_dilemma(
                &format!("{title} ({})", half.trim()),
                &rest,
            )));
            break;
        }
        d.read_sentence(s, words);
    }
    d.dilemma
}

/// "(Not repeatable.) NAGILUM: ...": the first half's closing remark is a
/// sentence apart from the second half's opening.
fn remarks_apart(title: &str, sentences: Vec<String>) -> Vec<String> {
    let mut out = Vec::new();
    for s in sentences {
        let end = s.find(')').filter(|_| s.starts_with('('));
        match end.filter(|&e| second_half(title, s[e + 1..].trim()).is_some()) {
            Some(e) => out.extend([s[..=e].to_string(), s[e + 1..].trim().to_string()]),
            None => out.push(s),
        }
    }
    out
}

/// A combo dilemma's second half opens with its name, one of the words of
/// the card's title, in capitals and a colon ("MICROVIRUS: Unless ..." on
/// Ancient Computer & Microvirus): the name.
fn second_half<'a>(title: &str, s: &'a str) -> Option<&'a str> {
    let (name, _) = capitals_heading(s)?;
    let words = |t: &str| -> Vec<String> {
        t.split(|c: char| !c.is_alphanumeric() && c != '\'')
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect()
    };
    let in_title = words(title);
    let named = words(name);
    let of_title = !named.is_empty() && named.iter().all(|w| in_title.contains(w));
    of_title.then_some(name)
}

/// A dilemma being read: its parts compiled so far, and the half being read
/// ("Space mission: ..." / "Planet mission: ...": a sentence whose
/// conditions and effects apply only there) - parse state, kept off the
/// compiled dilemma.
struct Reading {
    dilemma: CompiledDilemma,
    half: Option<Setting>,
}

impl std::ops::Deref for Reading {
    type Target = CompiledDilemma;

    fn deref(&self) -> &CompiledDilemma {
        &self.dilemma
    }
}

impl std::ops::DerefMut for Reading {
    fn deref_mut(&mut self) -> &mut CompiledDilemma {
        &mut self.dilemma
    }
}

fn straight_quotes(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\u{2019}' | '\u{2018}' | '`' => '\'',
            '\u{201C}' | '\u{201D}' => '"',
            _ => c,
        })
        .collect()
}

impl Reading {
    /// Read one sentence into the dilemma's parts, in the order a sentence
    /// can open: where the card goes, a nullifier, a cure, an "Otherwise"
    /// branch, conditions, "Unless ...,", a trigger "If ...,", entering
    /// play, or an effect (with a trailing "unless").
    fn read_sentence(&mut self, sentence: &str, w: &DilemmaWords) {
        let s = sentence
            .trim()
            .trim_matches(|c: char| c == '"' || c == ';' || c == ',' || c.is_whitespace());
        if s.is_empty() || (s.starts_with('(') && s.ends_with(')')) {
            // "(Unique.)": a remark, not an effect.
            return;
        }
        if let Some((setting, rest)) = half(s, w) {
            return self.read_half(setting, rest, w);
        }
        if let Some((heading, rest)) = heading(s).filter(|_| self.is_unread_so_far()) {
            // "FEMALE'S LOVE INTEREST: ...": the title of a combo's first
            // half. A later half's title opens a second dilemma whose
            // conditions do not combine with the first's: that stays unread.
            self.notes.push(heading.to_string());
            return self.read_sentence(rest, w);
        }
        if let Some((at, end)) = remark(s, &w.remarks) {
            self.notes.push(s[at..end].to_string());
            let rest = format!("{}{}", s[..at].trim_end(), &s[end..]);
            return self.read_sentence(&rest, w);
        }
        if let Some(rest) = opening(s, &["then".to_string(), "then,".to_string()]) {
            return self.read_sentence(rest, w);
        }
        if let Some(rest) = opening(s, &w.recurring) {
            return self.read_sentence(rest, w);
        }
        if let Some(rest) = opening(s, &w.discard) {
            self.afterwards.discard = true;
            return self.read_sentence(rest, w);
        }
        if let Some(rest) = opening(s, &w.continues) {
            self.afterwards.mission_continues = true;
            return self.read_sentence(rest, w);
        }
        if let Some(rest) = opening(s, &w.ends) {
            self.afterwards.attempt_ends = true;
            return self.read_sentence(rest, w);
        }
        if let Some(rest) = opening(s, &w.nullifiers) {
            let n = nullifier(rest, w);
            return self.nullifiers.push(n);
        }
        if let Some(rest) = opening(s, &w.cures) {
            self.cure = Some(nullifier(rest, w));
            return;
        }
        if let Some(rest) = opening(s, &w.otherwise) {
            return match effects_of(rest, w) {
                Ok(e) => self.otherwise.extend(e),
                Err(u) => self.unread.push(u),
            };
        }
        if let Some(rest) = opening(s, &w.conditions) {
            return self.read_conditions(rest, s, w);
        }
        if let Some(rest) = opening(s, &w.condition_words) {
            return self.read_leading_requirement(rest, s, w, Lead::Conditions);
        }
        if let Some(rest) = opening(s, &w.of_targets).filter(|_| !self.targets.is_empty()) {
            return self.read_test_of_targets(rest, s, w);
        }
        if let Some(rest) = opening(s, &w.of_victim).filter(|_| !self.effects.is_empty()) {
            return self.read_test_of_victim(rest, s, w);
        }
        if let Some(rest) = opening(s, &w.triggers) {
            return self.read_leading_requirement(rest, s, w, Lead::Trigger);
        }
        if let Some(rest) = opening(s, &w.selects) {
            return self.read_targets(s, rest, w);
        }
        if s.starts_with('(') {
            // "(If you cannot, discard dilemma.) Until countdown expires, ...":
            // a remark opening the sentence, then the sentence.
            if let Some(end) = s.find(')') {
                self.notes.push(s[..=end].to_string());
                return self.read_sentence(&s[end + 1..], w);
            }
        }
        if let Some(rest) = opening(s, &w.enters_play) {
            let (place, more) = split_clause(rest);
            self.afterwards.enters_play = Some(place.trim().to_string());
            self.targets.extend(placed_on_personnel(place, w));
            return self.read_sentence(more, w);
        }
        self.read_effect(s, w);
    }

    /// "Space mission: ... unless SHIELDS>6 OR Music present": the
    /// conditions and effects of the sentence apply only where the dilemma
    /// is encountered so.
    fn read_half(&mut self, setting: Setting, rest: &str, w: &DilemmaWords) {
        let before = self.effects.len();
        self.half = Some(setting);
        self.read_sentence(rest, w);
        self.half = None;
        for e in &mut self.effects[before..] {
            e.at = Some(setting);
        }
    }

    /// Conditions read from a sentence. Two halves for planet and space
    /// ("Space mission: ... unless SHIELDS>6. Planet mission: ... unless
    /// SCIENCE and MEDICAL present") are alternatives, each met only where
    /// the dilemma is encountered. Any other second set (a combo dilemma's
    /// halves, "unless one of them has ...") is not joined to the first: how
    /// the two combine is not read, so the conditions are unread.
    fn set_conditions(&mut self, req: Requirement, sentence: &str) {
        let req = match self.half {
            Some(setting) => Requirement::At {
                setting,
                req: Box::new(req),
            },
            None => req,
        };
        let d = &mut self.dilemma;
        match &d.conditions {
            None => d.conditions = Some(req),
            Some(first) if other_halves(first, &req) => {
                d.conditions = Some(Requirement::Any(vec![first.clone(), req]))
            }
            Some(first) => {
                d.unread_conditions = true;
                d.unread.push(format!(
                    "{sentence} (a second set of conditions, {req}, beside {first}: how they combine is not read)"
                ));
            }
        }
    }

    /// "To get past requires X[; then ...]": the conditions, then whatever
    /// follows them in the sentence.
    fn read_conditions(&mut self, rest: &str, sentence: &str, w: &DilemmaWords) {
        match requirement_then(rest, w) {
            Ok((req, more)) => {
                self.set_conditions(req, sentence);
                self.form = ConditionForm::ToGetPast;
                self.read_sentence(more, w);
            }
            // "To get past, one Diplomacy OR Leadership personnel (opponent's
            // choice) must be "stopped"": getting past costs the selected
            // personnel, an effect rather than conditions.
            Err(e) => match (task(rest, w), effects_of(rest, w)) {
                (Some(who), Ok(paid)) if paid.iter().all(|p| w.task_effects.contains(&p.verb)) => {
                    self.set_conditions(who, sentence);
                    self.form = ConditionForm::ToGetPast;
                    let paid = paid.into_iter().map(|p| DilemmaEffect {
                        stage: Stage::Passage,
                        ..p
                    });
                    self.effects.extend(paid);
                }
                (Some(who), _) => {
                    self.set_conditions(who, sentence);
                    self.form = ConditionForm::ToGetPast;
                    self.unread.push(format!(
                        "{sentence} (what they must do to get past is not read; who must be present is the conditions)"
                    ));
                }
                (None, Ok(effects)) => self.effects.extend(effects),
                (None, Err(_)) => {
                    self.unread_conditions = true;
                    self.unread.push(format!("{sentence} ({e})"))
                }
            },
        }
    }

    /// "Unless X present, EFFECT" / "If X present, EFFECT".
    fn read_leading_requirement(
        &mut self,
        rest: &str,
        sentence: &str,
        w: &DilemmaWords,
        lead: Lead,
    ) {
        let (req, more) = match requirement_then(rest, w) {
            Ok(r) => r,
            Err(e) => {
                self.unread_conditions |= matches!(lead, Lead::Conditions);
                return self.unread.push(format!("{sentence} ({e})"));
            }
        };
        match lead {
            Lead::Conditions => self.set_conditions(req, sentence),
            // A trigger opens the dilemma; a later "If ..." sentence governs
            // only its own effects.
            Lead::Trigger if self.effects.is_empty() && self.trigger.is_none() => {
                self.trigger = Some(req)
            }
            Lead::Trigger => {
                let before = self.effects.len();
                self.read_sentence(more, w);
                for e in &mut self.effects[before..] {
                    e.when = Some(req.clone());
                }
                return;
            }
        }
        self.read_sentence(more, w);
    }

    /// "If any of those personnel has ENGINEER, all of them are stopped":
    /// the effects that follow happen only when one of the targets
    /// selected before has it.
    fn read_test_of_targets(&mut self, rest: &str, sentence: &str, w: &DilemmaWords) {
        let Some((test, before)) = self.read_tested(rest, sentence, w, &[]) else {
            return;
        };
        for e in &mut self.effects[before..] {
            e.if_victims = Some(test.clone());
        }
    }

    /// "If that personnel has Leadership, two additional SECURITY personnel
    /// are stopped": the effects that follow happen, at the same stage, only
    /// when the victim of the effect before has it.
    fn read_test_of_victim(&mut self, rest: &str, sentence: &str, w: &DilemmaWords) {
        let earlier = self.effects.len() - 1;
        let stage = self.effects[earlier].stage;
        // "two additional SECURITY personnel": others than that personnel,
        // whom the effect's group leaves out
        let Some((test, before)) = self.read_tested(rest, sentence, w, &w.others) else {
            return;
        };
        for e in &mut self.effects[before..] {
            e.if_earlier = Some((earlier, test.clone()));
            e.stage = stage;
        }
    }

    /// "X, EFFECT": the test "one of them has X", and the index of the
    /// first effect read after it (`dropped` words left out of them); `None`
    /// when X does not read (the sentence is kept as unread).
    fn read_tested(
        &mut self,
        rest: &str,
        sentence: &str,
        w: &DilemmaWords,
        dropped: &[String],
    ) -> Option<(Requirement, usize)> {
        let (req, more) = match requirement_then(rest, w) {
            Ok(read) => read,
            Err(e) => {
                self.unread.push(format!("{sentence} ({e})"));
                return None;
            }
        };
        let before = self.effects.len();
        self.read_sentence(&without_words(more, dropped), w);
        let test = Requirement::Members {
            count: 1,
            each: Box::new(req),
        };
        Some((test, before))
    }

    /// "Randomly select a male and a female": one target of each kind;
    /// "Randomly select a personnel to be killed": the targets, and what
    /// befalls them as they are selected.
    fn read_targets(&mut self, sentence: &str, rest: &str, w: &DilemmaWords) {
        let how = if sentence.to_ascii_lowercase().starts_with("random") {
            Selection::Random
        } else {
            Selection::You
        };
        let (who, fate) = match rest.split_once(" to be ") {
            Some((who, fate)) => (who, Some(fate)),
            None => (rest, None),
        };
        let targets: Result<Vec<Victims>, String> = split_outside_parens(who, " and ")
            .iter()
            .map(|t| target(t, how.clone(), w))
            .collect();
        let fate = fate.map(|f| effects_of(f, w)).transpose();
        match (targets, fate) {
            (Ok(t), Ok(fate)) => {
                let befalls = fate.unwrap_or_default().into_iter().flat_map(|e| {
                    t.iter()
                        .map(|v| DilemmaEffect {
                            victims: v.clone(),
                            stage: Stage::Targeting,
                            ..e.clone()
                        })
                        .collect::<Vec<_>>()
                });
                self.effects.extend(befalls);
                self.targets = t;
            }
            (Err(e), _) | (_, Err(e)) => self.unread.push(format!("{sentence} ({e})")),
        }
    }

    /// "EFFECT [unless X]".
    fn read_effect(&mut self, s: &str, w: &DilemmaWords) {
        if let Some(head) = closing(s, &w.if_any) {
            return self.read_if_any(head, w);
        }
        let (effect, unless) = match find_word(s, &w.condition_words) {
            Some((at, len)) => (&s[..at], Some(&s[at + len..])),
            None => (s, None),
        };
        if let Some(cond) = unless.map(str::trim_start) {
            if let Some(cure) = opening(cond, &w.cures) {
                // "die when countdown expires unless cured by 3 MEDICAL": a
                // delayed effect's "unless" is a cure, not conditions.
                self.cure = Some(nullifier(cure, w));
            } else if let Some(choice) = price(cond, w) {
                self.choice = Some(choice);
            } else if let Some(rest) = opening(cond, &w.victims) {
                self.read_unless(s, rest, w);
                if self.conditions.is_some() {
                    self.of_victims = self.whose_conditions(effect, w);
                }
            } else {
                self.read_unless(s, cond, w);
            }
        }
        let read = self.on_named_targets(effect, w).unwrap_or_else(|| {
            effects_of(effect, w).map(|e| {
                e.into_iter()
                    .map(|e| self.such(e, w, effect))
                    .map(|e| self.on_placed(e, w, effect))
                    .flat_map(|e| self.on_targets(e, w, effect))
                    .collect()
            })
        });
        match read {
            Ok(e) => {
                self.marked_by(&e, w);
                self.effects.extend(e)
            }
            Err(u) => self.unread.push(u),
        }
    }

    /// "Place on ship. Quarantined.": a state named without its card falls
    /// on the ship the dilemma entered play on (Glossary "quarantine": "When
    /// a card places a ship ... under quarantine").
    fn on_placed(&self, mut e: DilemmaEffect, w: &DilemmaWords, text: &str) -> DilemmaEffect {
        let bare = e.victims.count == Count::Unstated
            && e.victims.filter.is_none()
            && e.victims.selection.is_none()
            && find_word(text, &w.facing).is_none();
        let on_ship = self
            .afterwards
            .enters_play
            .as_deref()
            .is_some_and(|place| find_word(place, &w.ships).is_some());
        if bare && on_ship {
            e.victims.scope = Scope::Ship;
        }
        e
    }

    /// A lasting effect ("is held atop mission"): the dilemma enters play
    /// as its marker, where the lexicon's `markers` say.
    fn marked_by(&mut self, effects: &[DilemmaEffect], w: &DilemmaWords) {
        let marker = w
            .markers
            .iter()
            .find(|m| effects.iter().any(|e| e.verb == m.verb));
        if let (Some(m), None) = (marker, &self.afterwards.enters_play) {
            self.afterwards.enters_play = Some(m.place.clone());
        }
    }

    /// "That personnel is placed in stasis": an effect on the personnel a
    /// sentence before selected or placed the dilemma on (Glossary
    /// "dilemma resolution", Targets: "a personnel ... that the dilemma is
    /// placed on"), when they are all its victims. With no one selected
    /// before, the words name no one the compiler knows: unread.
    fn on_named_targets(
        &self,
        text: &str,
        w: &DilemmaWords,
    ) -> Option<Result<Vec<DilemmaEffect>, String>> {
        let (at, len) = find_word(text, &w.anaphora)?;
        let others = format!("{}{}", &text[..at], &text[at + len..]);
        if find_word(&others, &w.facing).is_some() {
            return None;
        }
        if self.targets.is_empty() {
            let why = "it names a personnel selected before, and no sentence selected one";
            return Some(Err(format!("{} ({why})", text.trim())));
        }
        let verb = clause::effect_verbs(&grammar::tokenize(text))
            .into_iter()
            .next();
        let Some(verb) = verb else {
            return Some(Err(text.trim().to_string()));
        };
        let on = |t: &Victims| DilemmaEffect {
            when: None,
            at: None,
            to: relocation::destination_of(&verb, text, w),
            victims: t.clone(),
            verb: verb.clone(),
            stage: Stage::Result,
            if_victims: None,
            if_earlier: None,
        };
        Some(Ok(self.targets.iter().map(on).collect()))
    }

    /// Whose conditions "unless their combined STRENGTH>16" are: the victims
    /// of this sentence's effect, or - when it picks "one of them" - the
    /// victims of the effect before, whom "them" names ("Attacks two
    /// strongest members ... Kills one of them (random selection) unless
    /// their combined STRENGTH>16").
    fn whose_conditions(&self, effect: &str, w: &DilemmaWords) -> Option<usize> {
        if find_word(effect, &w.selected).is_none() {
            return Some(self.effects.len());
        }
        self.effects.len().checked_sub(1)
    }

    /// An effect naming the targets selected before ("each of them is
    /// stopped"): one effect on each target.
    fn on_targets(&self, e: DilemmaEffect, w: &DilemmaWords, text: &str) -> Vec<DilemmaEffect> {
        if self.targets.is_empty() || find_word(text, &w.selected).is_none() {
            return vec![e];
        }
        self.targets
            .iter()
            .map(|t| DilemmaEffect {
                victims: t.clone(),
                ..e.clone()
            })
            .collect()
    }

    /// The conditions after a trailing "unless", and the sentence after them.
    fn read_unless(&mut self, s: &str, cond: &str, w: &DilemmaWords) {
        {
            match requirement_then(cond, w) {
                Ok((req, more)) => {
                    self.set_conditions(req, s);
                    self.read_sentence(more, w);
                }
                Err(e) => {
                    self.unread_conditions = true;
                    self.unread.push(format!("{s} ({e})"))
                }
            }
        }
    }

    /// "Stops SECURITY androids and OFFICER androids, if any present": the
    /// cards named after the verb are both the targets and the trigger.
    fn read_if_any(&mut self, head: &str, w: &DilemmaWords) {
        let Some((verb_end, _)) = head.split_once(' ').map(|(v, _)| (v.len(), ())) else {
            return self.unread.push(head.to_string());
        };
        let named: Result<Vec<Requirement>, String> =
            split_outside_parens(&head[verb_end..], " and ")
                .iter()
                .map(|kind| features(kind).map(one_or_all))
                .collect();
        let (Ok(named), Ok(mut effects)) = (named, effects_of(head, w)) else {
            return self.unread.push(head.to_string());
        };
        let targets = if named.len() == 1 {
            named[0].clone()
        } else {
            Requirement::Any(named)
        };
        for e in &mut effects {
            e.victims.filter = Some(targets.clone());
        }
        // Present means one card with all the named features.
        self.trigger.get_or_insert(Requirement::Members {
            count: 1,
            each: Box::new(targets),
        });
        self.effects.extend(effects);
    }

    /// "All such personnel are stopped": the victims are those who meet the
    /// conditions on their own (Personal Duty, Precision Piloting). "If
    /// Females in Away Team, the one with highest total attribute numbers
    /// resigns": the victim is one the trigger found.
    fn such(&self, mut e: DilemmaEffect, w: &DilemmaWords, text: &str) -> DilemmaEffect {
        if find_word(text, &w.such).is_some() && e.victims.filter.is_none() {
            e.victims.filter = self.conditions.clone();
        }
        let found = find_word(text, &w.found).is_some_and(|(at, _)| at == 0);
        if let (true, None, Some(trigger)) = (found, &e.victims.filter, &self.trigger) {
            e.victims.filter = Some(match trigger {
                Requirement::Members { each, .. } => (**each).clone(),
                t => t.clone(),
            });
        }
        e
    }
}

enum Lead {
    Conditions,
    Trigger,
}

/// A requirement at the start of `text`, the place words after it, and the
/// rest of the sentence after a comma or semicolon (with a "then" dropped).
fn requirement_then<'a>(text: &'a str, w: &DilemmaWords) -> Result<(Requirement, &'a str), String> {
    // "crew must have at least 3 OFFICER": the group facing the dilemma.
    let text = opening(text, &w.subjects).unwrap_or(text);
    let (req, rest) = requirements::parse_leading(text, true).map_err(|e| e.to_string())?;
    let mut rest = rest.trim_start();
    while let Some(r) = opening(rest, &w.places) {
        rest = r;
    }
    let rest = rest.trim_start();
    let more = rest
        .strip_prefix(',')
        .or_else(|| rest.strip_prefix(';'))
        .or_else(|| rest.strip_prefix('.'))
        .unwrap_or(rest)
        .trim_start();
    let more = opening(more, &["then".to_string(), "then,".to_string()]).unwrap_or(more);
    if !rest.is_empty() && more.len() == rest.len() {
        return Err(format!("cannot read `{rest}` after the requirement {req}"));
    }
    Ok((req, more))
}

/// A price after "unless": the player and a verb before who pays it ("you
/// \"stop\" a personnel with Biology or MEDICAL"), or who pays it, a quoted
/// phrase and the verb in parentheses ("MEDICAL \"beams over\" (discarded)",
/// "one OFFICER is \"placed in the box\" (\"stopped\")").
fn price(cond: &str, w: &DilemmaWords) -> Option<Choice> {
    let verb_of = |text: &str| {
        let bare = text.trim_matches(|c: char| !c.is_alphanumeric());
        clause::effect_verbs(&grammar::tokenize(bare))
            .into_iter()
            .next()
    };
    if let Some(rest) = opening(cond, &w.payer) {
        let (verb, who) = rest.split_once(' ')?;
        let verb = verb_of(verb)?;
        let who = requirements::parse_conditions(who, &w.places).ok()?;
        return Some(Choice { verb, who });
    }
    let (who, rest) = requirements::parse_leading(cond, true).ok()?;
    // the phrase before the verb, quoted or not, is words only
    let rest = rest.trim_start();
    let open = rest.find('(')?;
    let phrase = &rest[..open];
    if phrase.contains([',', ';']) {
        return None;
    }
    let inside = rest[open + 1..].split(')').next()?.trim_matches('"');
    if inside.contains(' ') {
        return None;
    }
    Some(Choice {
        verb: verb_of(inside)?,
        who,
    })
}

/// Who must perform a task to get past: "most CUNNING MEDICAL must relocate
/// ...", "place most CUNNING ENGINEER present atop mission", "three
/// personnel present (random selection) must face the abyss", "one male and
/// one female (your choice) must run off". Their presence is the conditions
/// (Glossary "dilemma resolution", Conditions: "To get past, most CUNNING
/// MEDICAL present must help aliens ... the MEDICAL is not considered a
/// target"); what they must do is read no further.
fn task(text: &str, w: &DilemmaWords) -> Option<Requirement> {
    if let Some((at, len)) = find_word(text, &w.superlatives) {
        // at most one word (a verb) before the superlative
        if text[..at].split_whitespace().count() > 1 {
            return None;
        }
        let after = text[at + len..].trim_start();
        let kind = after
            .split_once(' ')
            .map(|(attr, kind)| requirements::Attribute::parse(attr).map(|_| kind))??;
        let (req, _) = requirements::parse_leading(kind, true).ok()?;
        return Some(req);
    }
    let open = text.find('(')?;
    let inside = text[open..].split(')').next()?;
    selection_in(inside, w)?;
    // "\"stop\" a Leadership personnel (random selection)": who the verb
    // names
    let who = text[..open].trim_start();
    let verb = who.split_whitespace().next().unwrap_or_default();
    let bare = verb.trim_matches(|c: char| !c.is_alphanumeric());
    let who = match clause::effect_verbs(&grammar::tokenize(bare)).is_empty() {
        true => who,
        false => &who[verb.len()..],
    };
    requirements::parse_conditions(who, &w.places).ok()
}

/// A nullifier's or cure's text: a requirement read whole, else an action
/// or card play ("by discarding a [Doorway] from hand").
fn nullifier(text: &str, w: &DilemmaWords) -> Nullifier {
    match requirement_then(text, w) {
        Ok((req, more)) if more.trim().is_empty() => Nullifier::Present(req),
        _ => Nullifier::Action(text.trim().to_string()),
    }
}

/// The effects of a clause: one per part with an effect verb ("ship is
/// damaged and one crew member is killed (random selection)" is two).
fn effects_of(clause_text: &str, w: &DilemmaWords) -> Result<Vec<DilemmaEffect>, String> {
    let mut out = Vec::new();
    for part in verb_parts(clause_text) {
        let verbs = clause::effect_verbs(&grammar::tokenize(&part));
        let Some(verb) = verbs.into_iter().next() else {
            return Err(clause_text.trim().to_string());
        };
        out.push(DilemmaEffect {
            when: None,
            at: None,
            victims: victims(&part, w).map_err(|e| format!("{} ({e})", clause_text.trim()))?,
            to: relocation::destination_of(&verb, &part, w),
            verb,
            stage: Stage::Result,
            if_victims: None,
            if_earlier: None,
        });
    }
    if out.is_empty() {
        return Err(clause_text.trim().to_string());
    }
    Ok(out)
}

/// Split a clause at " and " between parts that each have an effect verb;
/// a part without one stays with the part before it.
fn verb_parts(text: &str) -> Vec<String> {
    let mut parts: Vec<String> = Vec::new();
    // Words before the first verb ("All Youth, Music and {Zefram Cochrane}
    // present are stopped") belong to the part that has it.
    let mut pending = String::new();
    for piece in split_outside_parens(text, " and ") {
        let has_verb = !clause::effect_verbs(&grammar::tokenize(&piece)).is_empty();
        match parts.last_mut() {
            Some(last) if !has_verb => {
                last.push_str(" and ");
                last.push_str(&piece);
            }
            None if !has_verb => {
                pending.push_str(&piece);
                pending.push_str(" and ");
            }
            _ => parts.push(std::mem::take(&mut pending) + &piece),
        }
    }
    if !pending.is_empty() {
        parts.push(pending.trim_end_matches(" and ").to_string());
    }
    parts.retain(|p| !p.trim().is_empty());
    parts
}

fn split_outside_parens(text: &str, sep: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'(' | b'{' => depth += 1,
            b')' | b'}' => depth -= 1,
            _ => {}
        }
        if depth == 0 && text[i..].starts_with(sep) {
            out.push(text[start..i].to_string());
            i += sep.len();
            start = i;
            continue;
        }
        i += 1;
    }
    out.push(text[start..].to_string());
    out
}

/// Who one effect part reaches: count, scope, specific features and
/// selection.
fn victims(part: &str, w: &DilemmaWords) -> Result<Victims, String> {
    let spared = find_word(part, &w.spared).map(|(at, _)| Spared {
        count: 1,
        selection: selection_in(&part[at..], w).unwrap_or(Selection::You),
    });
    let part = find_word(part, &w.spared).map_or(part, |(at, _)| &part[..at]);
    let part = &without_words(part, &w.owners);
    let lower = part.to_ascii_lowercase();
    let selection = superlative(part, w).or_else(|| selection_in(part, w));
    let scope = if let Some(b) = w.broader.iter().find(|b| lower.contains(b.as_str())) {
        Scope::Broader(b.clone())
    } else if find_word(part, &w.facing).is_none() && find_word(part, &w.ships).is_some() {
        Scope::Ship
    } else {
        Scope::Facing
    };
    Ok(Victims {
        spared,
        count: count(
            &lower[..find_word(part, &w.facing).map_or(lower.len(), |(at, l)| at + l)],
            w,
        ),
        scope,
        filter: filter(part, w)?,
        selection,
    })
}

/// `s` without the phrases `words` (at word boundaries, outside
/// parentheses): "kills one of that player's personnel" → "kills one of
/// personnel".
fn without_words(s: &str, words: &[String]) -> String {
    let mut out = s.to_string();
    while let Some((at, len)) = find_word(&out, words) {
        out = format!("{}{}", out[..at].trim_end(), &out[at + len..]);
    }
    out
}

/// "(random selection)", "(opponent's choice)" in a part.
pub(super) fn selection_in(part: &str, w: &DilemmaWords) -> Option<Selection> {
    let lower = part.to_ascii_lowercase();
    w.selections
        .iter()
        .find(|s| lower.contains(&s.phrase))
        .map(|s| match s.by.as_str() {
            "random" => Selection::Random,
            "opponent" => Selection::Opponent,
            "owner" => Selection::Owner,
            _ => Selection::You,
        })
}

fn superlative(part: &str, w: &DilemmaWords) -> Option<Selection> {
    let (at, len) = find_word(part, &w.superlatives)?;
    let what: String = part[at + len..]
        .split_whitespace()
        .next()
        .unwrap_or("")
        .trim_matches(|c: char| !c.is_alphanumeric())
        .to_string();
    Some(Selection::Superlative(format!(
        "{} {what}",
        part[at..at + len].to_ascii_lowercase()
    )))
}

fn count(lower: &str, w: &DilemmaWords) -> Count {
    // The count nearest before the group noun ("End of every turn, one
    // personnel ..." counts one).
    for word in lower.rsplit(|c: char| !c.is_alphanumeric()) {
        if w.everyone.iter().any(|e| e == word) {
            return Count::All;
        }
        if word == "half" {
            return Count::Half;
        }
        if word == "both" {
            return Count::Exactly(2);
        }
        if let Some(n) = NUMBERS.iter().position(|n| *n == word) {
            return Count::Exactly(n as u32 + 1);
        }
    }
    Count::Unstated
}

/// The specific features victims must have: "with INTEGRITY<5", "who has
/// Treachery or Greed", and the words before the group noun ("one
/// non-android personnel", "Female crew or Away Team member").
fn filter(part: &str, w: &DilemmaWords) -> Result<Option<Requirement>, String> {
    let mut found = Vec::new();
    let rel = ["with ", "who has ", "who have ", "who does not have "];
    if let Some((at, len)) = find_word(noun_phrase(part, w), &rel.map(String::from)) {
        let negated = part[at..at + len].contains(" not ");
        let text = part[at + len..].split('(').next().unwrap_or("");
        // "with lowest CUNNING": a superlative selects, it is no feature.
        if find_word(text, &w.superlatives).is_none_or(|(i, _)| i > 0) {
            let req = requirements::parse_conditions(text, &w.places).map_err(|e| e.to_string())?;
            found.push(if negated {
                Requirement::Not(Box::new(req))
            } else {
                req
            });
        }
    }
    if let Some((noun_at, _)) = find_word(part, &w.facing) {
        let before = adjectives(&part[..noun_at], w);
        if !before.is_empty() {
            found.extend(features(before)?);
        }
    } else if let Some(kinds) = named_kinds(part, w) {
        found.push(kinds);
    } else if let Some(kind) = counted_kind(part, w) {
        found.push(kind);
    }
    Ok(match found.len() {
        0 => None,
        1 => found.pop(),
        _ => Some(Requirement::All(found)),
    })
}

/// The victims' words of an effect part: a selection in parentheses closes
/// them ("Female Away Team member (random selection) runs off with lover":
/// "with lover" is the verb's, not a feature of the victim).
fn noun_phrase<'a>(part: &'a str, w: &DilemmaWords) -> &'a str {
    let lower = part.to_ascii_lowercase();
    let closes = |open: &usize| {
        let inside = lower[*open..].split(')').next().unwrap_or("");
        w.selections.iter().any(|s| inside.contains(&s.phrase))
    };
    let mut opens = lower.match_indices('(').map(|(i, _)| i);
    let end = opens.find(closes).unwrap_or(part.len());
    &part[..end]
}

/// One target a sentence selects: "a female", "a personnel", "two
/// personnel" - a count, then the features it must have (none for the
/// group's own noun).
fn target(text: &str, how: Selection, w: &DilemmaWords) -> Result<Victims, String> {
    let kind = text.trim();
    let (count, kind) = match kind.split_once(' ') {
        Some((n, rest)) if ["a", "an"].contains(&n) => (1, rest),
        Some((n, rest)) => match NUMBERS.iter().position(|x| n.eq_ignore_ascii_case(x)) {
            Some(i) => (i as u32 + 1, rest),
            None => (1, kind),
        },
        None => (1, kind),
    };
    let (kind, count) = match larger_count(kind, w) {
        Some((kind, larger, over)) => (
            kind,
            Count::ByGroup {
                count,
                larger,
                over,
            },
        ),
        None => (kind, Count::Exactly(count)),
    };
    let group_noun = w.facing.iter().any(|f| f.eq_ignore_ascii_case(kind.trim()));
    Ok(Victims {
        count,
        scope: Scope::Facing,
        filter: if group_noun {
            None
        } else {
            Some(one_or_all(features(kind)?))
        },
        selection: Some(how),
        spared: None,
    })
}

/// "personnel (or six personnel if more than nine personnel present)": the
/// kind, and the larger count with the number of personnel present it
/// takes more than.
fn larger_count<'a>(kind: &'a str, w: &DilemmaWords) -> Option<(&'a str, u32, u32)> {
    let open = kind.find('(')?;
    let inside = kind[open + 1..].strip_suffix(')')?;
    let number = |word: &str| {
        NUMBERS
            .iter()
            .position(|n| word.eq_ignore_ascii_case(n))
            .map(|i| i as u32 + 1)
    };
    let words: Vec<&str> = inside.split_whitespace().collect();
    let [or, larger, _noun, rest @ ..] = words.as_slice() else {
        return None;
    };
    let condition = rest.join(" ");
    let over = opening(&condition, &w.more_than)?;
    let (over, after) = over.split_once(' ')?;
    let place = opening(after.trim(), &w.facing).unwrap_or(after.trim());
    let ok = or.eq_ignore_ascii_case("or")
        && (place.is_empty() || w.places.iter().any(|p| p.eq_ignore_ascii_case(place)));
    ok.then_some((kind[..open].trim(), number(larger)?, number(over)?))
}

fn one_or_all(mut v: Vec<Requirement>) -> Requirement {
    if v.len() == 1 {
        v.pop().expect("one")
    } else {
        Requirement::All(v)
    }
}

/// `s` without one of the closing phrases it ends with ("..., if any present").
fn closing<'a>(s: &'a str, phrases: &[String]) -> Option<&'a str> {
    let lower = s.to_ascii_lowercase();
    phrases
        .iter()
        .find(|p| lower.ends_with(p.as_str()))
        .map(|p| s[..s.len() - p.len()].trim_end())
}

/// Features written side by side ("unique non-[Car]"): each must hold.
fn features(mut text: &str) -> Result<Vec<Requirement>, String> {
    let mut out = Vec::new();
    while !text.trim().is_empty() {
        let (req, rest) = requirements::parse_leading(text, true).map_err(|e| e.to_string())?;
        out.push(req);
        text = rest;
    }
    Ok(out)
}

/// "kills all MEDICAL and ENGINEER present": without a group noun, the
/// kinds named after the count are the victims (any of them).
fn named_kinds(part: &str, w: &DilemmaWords) -> Option<Requirement> {
    let (at, len) = find_word(part, &w.everyone)?;
    let rest = part[at + len..].split('(').next()?;
    // The kinds end where the place or the verb begins.
    let rest = [" present", " aboard", " are ", " is "]
        .iter()
        .fold(rest, |r, p| r.split(p).next().unwrap_or(r))
        .trim();
    let kinds: Option<Vec<Requirement>> = split_outside_parens(rest, " and ")
        .iter()
        .flat_map(|k| split_outside_parens(k, ", "))
        .map(|k| features(&k).ok().map(one_or_all))
        .collect();
    let mut kinds = kinds?;
    match kinds.len() {
        0 => None,
        1 => kinds.pop(),
        _ => Some(Requirement::Any(kinds)),
    }
}

/// The counts a dilemma writes in words ("one", "two" ... "nine").
pub(crate) const NUMBERS: [&str; 9] = [
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
];

/// A count followed by a kind instead of a group noun: "One Vulcan without
/// Youth present (opponent's choice) dies" selects among Vulcans who lack
/// Youth. `None` unless the part starts with a count and every word of the
/// kind reads as a feature.
fn counted_kind(part: &str, w: &DilemmaWords) -> Option<Requirement> {
    let mut words = part.split_whitespace();
    let first = words.next()?.to_ascii_lowercase();
    if !NUMBERS.contains(&first.as_str()) {
        return None;
    }
    // The kind ends where the selection, the place or the effect begins
    // (the lexicon's places and effect verbs: "present", "dies", "is").
    let effects = &Lexicon::get().effect;
    let ends = |word: &str| {
        let bare = word
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase();
        word.starts_with('(')
            || ["is", "are"].contains(&bare.as_str())
            || w.places.contains(&bare)
            || effects.iter().any(|e| e.forms.contains(&bare))
    };
    let kind_words: Vec<&str> = words.take_while(|word| !ends(word)).collect();
    if kind_words.is_empty() {
        return None;
    }
    let rest = kind_words.join(" ");
    let (kind, lacking) = match rest.split_once(" without ") {
        Some((k, l)) => (k, Some(l)),
        None => (rest.as_str(), None),
    };
    let mut all = features(kind).ok()?;
    if let Some(l) = lacking {
        all.push(Requirement::Not(Box::new(one_or_all(features(l).ok()?))));
    }
    Some(one_or_all(all))
}

/// The words between the count (or the verb) and the group noun: "kills one
/// non-android" → "non-android".
fn adjectives<'a>(before_noun: &'a str, w: &DilemmaWords) -> &'a str {
    let mut start = 0;
    let mut at = 0;
    let mut after_superlative = false;
    for word in before_noun.split_inclusive(' ') {
        at += word.len();
        let bare = word.trim().trim_matches('"').to_ascii_lowercase();
        let superlative = w.superlatives.contains(&bare);
        let selects = w.selections.iter().any(|s| s.phrase == bare);
        let attribute = std::mem::replace(&mut after_superlative, superlative);
        let skip = superlative
            || selects
            || attribute
            || w.such.contains(&bare)
            || NUMBERS.contains(&bare.as_str())
            || w.everyone.contains(&bare)
            || [
                "of",
                "the",
                "your",
                "half",
                "a",
                "is",
                "are",
                "in",
                "opponent's",
                "opponent",
            ]
            .contains(&bare.as_str())
            || !clause::effect_verbs(&grammar::tokenize(&bare)).is_empty();
        if skip {
            start = at;
        }
    }
    before_noun[start.min(before_noun.len())..].trim()
}

/// "Place on a female present (random selection)": the personnel the
/// dilemma enters play on is its target, whom the text names afterwards
/// ("she is \"stopped\""). `None` when the place is no personnel's features.
fn placed_on_personnel(place: &str, w: &DilemmaWords) -> Option<Victims> {
    let kind = noun_phrase(place, w).trim();
    let kind = ["a ", "an ", "one "]
        .iter()
        .find_map(|a| kind.strip_prefix(a))
        .unwrap_or(kind);
    let filter = match requirement_then(kind, w) {
        Ok((req, more)) => {
            more.trim().is_empty().then_some(())?;
            Some(req)
        }
        // "one personnel present", "a unique personnel": the group's noun,
        // with features before it and nothing but a place after it
        Err(_) => {
            let (at, len) = find_word(kind, &w.facing)?;
            let mut after = kind[at + len..].trim();
            while let Some(rest) = opening(after, &w.places) {
                after = rest;
            }
            after.is_empty().then_some(())?;
            let before = adjectives(&kind[..at], w);
            (!before.is_empty())
                .then(|| features(before).map(one_or_all))
                .transpose()
                .ok()?
        }
    };
    Some(Victims {
        count: Count::Exactly(1),
        scope: Scope::Facing,
        filter,
        selection: selection_in(place, w),
        spared: None,
    })
}

/// A remark in parentheses that opens with one of `openings` ("(but ..."):
/// its byte range.
fn remark(s: &str, openings: &[String]) -> Option<(usize, usize)> {
    let lower = s.to_ascii_lowercase();
    let at = openings
        .iter()
        .filter_map(|o| lower.find(&format!("({o}")))
        .min()?;
    let end = at + s[at..].find(')')? + 1;
    Some((at, end))
}

/// The rest of `s` after the longest phrase it opens with (any case, at a
/// word boundary).
/// "Space mission: ...", "Planet mission: ...": the setting a sentence's
/// half applies to, and the rest of it (the lexicon's `halves`).
fn half<'a>(s: &'a str, w: &DilemmaWords) -> Option<(Setting, &'a str)> {
    w.halves.iter().find_map(|h| {
        let rest = opening(s, std::slice::from_ref(&h.label))?;
        Some((Setting::from_icon(&h.icon)?, rest))
    })
}

/// A combo dilemma's half opening with its title in capitals and a colon
/// ("ANAPHASIC ORGANISM: Unless ..."): the title, and the rest.
fn heading(s: &str) -> Option<(&str, &str)> {
    capitals_heading(s).filter(|(title, _)| title.contains(' '))
}

/// A sentence opening with a name in capitals and a colon ("MICROVIRUS:
/// ..."): the name, and the rest. How a combo dilemma opens each half.
fn capitals_heading(s: &str) -> Option<(&str, &str)> {
    let (name, rest) = s.split_once(':')?;
    let capitals = name.chars().any(char::is_alphabetic) && !name.chars().any(char::is_lowercase);
    capitals.then_some((name, rest))
}

/// Conditions of two halves for different settings.
fn other_halves(first: &Requirement, second: &Requirement) -> bool {
    matches!(
        (first, second),
        (Requirement::At { setting: a, .. }, Requirement::At { setting: b, .. }) if a != b
    )
}

fn opening<'a>(s: &'a str, phrases: &[String]) -> Option<&'a str> {
    phrases
        .iter()
        .filter(|p| {
            s.len() >= p.len()
                && s.is_char_boundary(p.len())
                && s[..p.len()].eq_ignore_ascii_case(p)
                && s[p.len()..]
                    .chars()
                    .next()
                    .is_none_or(|c| !c.is_alphanumeric() || p.ends_with(' '))
        })
        .max_by_key(|p| p.len())
        .map(|p| s[p.len()..].trim_start())
}

/// The first of `words` inside `s` at word boundaries, outside parentheses:
/// its byte offset and length.
fn find_word(s: &str, words: &[String]) -> Option<(usize, usize)> {
    let lower = s.to_ascii_lowercase();
    let mut best: Option<(usize, usize)> = None;
    for w in words {
        let mut from = 0;
        while let Some(i) = lower[from..].find(w.as_str()) {
            let at = from + i;
            let end = at + w.len();
            let left = at == 0 || !lower[..at].ends_with(|c: char| c.is_alphanumeric());
            let right =
                w.ends_with(' ') || !lower[end..].starts_with(|c: char| c.is_alphanumeric());
            let depth = lower[..at].matches('(').count() > lower[..at].matches(')').count();
            if left && right && !depth {
                if best.is_none_or(|(b, l)| at < b || (at == b && w.len() > l)) {
                    best = Some((at, w.len()));
                }
                break;
            }
            from = at + 1;
        }
    }
    best
}

/// A clause up to the first ";" or ", " that starts a new clause, and the rest.
fn split_clause(s: &str) -> (&str, &str) {
    match s.find(';') {
        Some(i) => (&s[..i], &s[i + 1..]),
        None => (s, ""),
    }
}

/// Split game text into sentences at a full stop outside parentheses and
/// braces (not inside "V.I.P." nor a quoted "stopped.").
pub fn sentences(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut depth = 0i32;
    for (i, &c) in chars.iter().enumerate() {
        match c {
            '(' | '{' => depth += 1,
            ')' | '}' => depth -= 1,
            _ => {}
        }
        if matches!(c, '.' | '!' | '?') && depth <= 0 && ends_sentence(&chars, i) {
            out.push(std::mem::take(&mut cur));
            continue;
        }
        cur.push(c);
    }
    out.push(cur);
    out.into_iter()
        .map(|s| s.trim().trim_matches('"').trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

/// A full stop ends a sentence when followed by a space (or a closing quote
/// and a space) or the end, and is not the last dot of "V.I.P.".
fn ends_sentence(chars: &[char], i: usize) -> bool {
    let next = chars.get(i + 1).copied();
    let after_quote = next == Some('"') && chars.get(i + 2).is_none_or(|c| c.is_whitespace());
    let boundary = next.is_none_or(|c| c.is_whitespace()) || after_quote;
    let abbreviation = i >= 2 && chars[i - 2] == '.' && chars[i - 1].is_uppercase();
    boundary && !abbreviation
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_keep_abbreviations_and_quoted_stops() {
        let s = sentences("Two V.I.P. personnel are \"stopped.\" Discard dilemma.");
        assert_eq!(
            s,
            vec!["Two V.I.P. personnel are \"stopped", "Discard dilemma"]
        );
    }

    #[test]
    fn reads_unless_effect_and_discard() {
        let d = compile_dilemma(
            "Cardassian Trap",
            "Unless Empathy present, opponent captures one unique non-[Car] personnel present (random selection). Discard dilemma.",
        );
        assert_eq!(
            d.conditions.as_ref().map(|c| c.to_string()).as_deref(),
            Some("Empathy")
        );
        assert!(d.afterwards.discard);
        assert_eq!(d.effects[0].verb, "capture");
        assert_eq!(d.effects[0].victims.selection, Some(Selection::Random));
    }

    #[test]
    fn a_count_before_a_kind_selects_among_that_kind() {
        let d = compile_dilemma(
            "Bendii",
            "One Vulcan without Youth present (opponent's choice) dies the next time you score points.",
        );
        let filter = d.effects[0].victims.filter.as_ref().map(|f| f.to_string());
        assert_eq!(filter.as_deref(), Some("Vulcan + non-Youth"));
        assert_eq!(d.effects[0].victims.count, Count::Exactly(1));
        // A count before a group noun is no kind.
        assert_eq!(
            counted_kind("Two personnel present die.", &Lexicon::get().dilemma),
            None
        );
    }

    #[test]
    fn a_price_the_player_may_pay_is_a_choice_not_conditions() {
        let d = compile_dilemma(
            "Triage",
            "One personnel (random selection) is killed unless you \"stop\" a personnel with Biology or MEDICAL.",
        );
        assert!(!d.unread_conditions && d.conditions.is_none(), "{d:?}");
        let c = d.choice.expect("a choice");
        assert_eq!(c.verb, "stop");
        assert_eq!(c.who.to_string(), "1 personnel with (Biology) OR MEDICAL");
        let d = compile_dilemma(
            "Plague",
            "Entire crew immediately dies unless MEDICAL \"beams over\" (discarded). Discard dilemma.",
        );
        assert_eq!(d.choice.map(|c| c.verb).as_deref(), Some("discard"));
        // conditions after "unless" stay conditions
        let d = compile_dilemma("Trap", "Kills one personnel unless SECURITY present.");
        assert!(d.choice.is_none() && d.conditions.is_some());
    }

    #[test]
    fn a_delayed_effect_unless_cured_is_a_cure() {
        let d = compile_dilemma(
            "Fatigue",
            "Personnel die when countdown expires unless cured by 3 MEDICAL.",
        );
        assert!(d.conditions.is_none() && !d.unread_conditions);
        assert_eq!(
            d.cure,
            Some(Nullifier::Present(
                requirements::parse("3 MEDICAL").unwrap()
            ))
        );
    }

    #[test]
    fn who_must_perform_a_task_to_get_past_is_the_conditions() {
        let d = compile_dilemma(
            "Oath",
            "To get past, most CUNNING MEDICAL must relocate with dilemma to nearest planet.",
        );
        assert_eq!(
            d.conditions.map(|c| c.to_string()).as_deref(),
            Some("MEDICAL")
        );
        assert!(
            !d.unread_conditions && !d.unread.is_empty(),
            "the task is kept"
        );
        let d = compile_dilemma(
            "Abyss",
            "To get past, three personnel present (random selection) must face the abyss.",
        );
        assert_eq!(
            d.conditions.map(|c| c.to_string()).as_deref(),
            Some("personnel>=3")
        );
    }

    #[test]
    fn a_subject_before_conditions_is_the_group_facing_it() {
        let d = compile_dilemma(
            "Lock",
            "To get past, crew must have at least 3 OFFICER with STRENGTH>5 each.",
        );
        assert_eq!(
            d.conditions.map(|c| c.to_string()).as_deref(),
            Some("3 personnel with (OFFICER + STRENGTH>5)")
        );
    }

    #[test]
    fn a_second_set_of_conditions_is_not_read_over_the_first() {
        // (halves for space and planet are alternatives: see below)
        let d = compile_dilemma(
            "Vipers",
            "Damages ship unless ENGINEER + Navigation x2 present. Even if not damaged, crew stopped unless SCIENCE, OFFICER and Astrophysics present.",
        );
        assert!(d.unread_conditions);
        assert!(
            d.unread.iter().any(|u| u.contains("second set")),
            "{:?}",
            d.unread
        );
    }

    #[test]
    fn targets_selected_first_are_the_victims_named_after() {
        let d = compile_dilemma(
            "Romance",
            "Randomly select a male and a female. (If you cannot, discard dilemma.) Until countdown expires, each of them is stopped.",
        );
        let stops: Vec<String> = d
            .effects
            .iter()
            .filter(|e| e.verb == "stop")
            .map(|e| e.victims.filter.as_ref().unwrap().to_string())
            .collect();
        assert_eq!(stops, ["male", "female"]);
        assert!(d
            .effects
            .iter()
            .all(|e| e.victims.count == Count::Exactly(1)
                && e.victims.selection == Some(Selection::Random)));
        assert!(d.unread.is_empty(), "{:?}", d.unread);
    }

    #[test]
    fn a_task_to_get_past_that_is_an_effect_is_its_price() {
        let d = compile_dilemma(
            "Talks",
            "To get past, one Diplomacy OR Leadership personnel (opponent's choice) must be \"stopped.\"",
        );
        assert!(d.is_full(), "{:?}", d.unread);
        assert_eq!(d.form, ConditionForm::ToGetPast);
        let e = &d.effects[0];
        assert_eq!((e.verb.as_str(), e.stage), ("stop", Stage::Passage));
        assert_eq!(e.victims.selection, Some(Selection::Opponent));
        // a leading verb names who pays it
        let d = compile_dilemma(
            "Feud",
            "To get past, \"stop\" a Leadership personnel (random selection).",
        );
        assert!(d.conditions.is_some() && d.effects[0].stage == Stage::Passage);
        // a task that is no price the lexicon names stays unread
        let d = compile_dilemma(
            "Abyss",
            "To get past, three personnel present (random selection) must face the abyss.",
        );
        assert!(d.effects.is_empty() && !d.unread.is_empty());
    }

    #[test]
    fn targets_selected_to_be_affected_and_named_after() {
        let d = compile_dilemma(
            "Threat",
            "Randomly select a personnel to be \"stopped.\" Unless you have 2 SECURITY, that personnel is killed.",
        );
        assert!(d.is_full(), "{:?}", d.unread);
        let verbs: Vec<(&str, Stage)> = d
            .effects
            .iter()
            .map(|e| (e.verb.as_str(), e.stage))
            .collect();
        assert_eq!(verbs, [("stop", Stage::Targeting), ("kill", Stage::Result)]);
        assert!(d.effects.iter().all(|e| e.victims.filter.is_none()
            && e.victims.count == Count::Exactly(1)
            && e.victims.selection == Some(Selection::Random)));
        // the personnel the dilemma is placed on
        let d = compile_dilemma(
            "Metamorphosis",
            "Place on one personnel present (random selection). That personnel is placed in stasis.",
        );
        assert_eq!(d.effects[0].verb, "place in stasis");
        assert_eq!(d.effects[0].victims.selection, Some(Selection::Random));
        // no one selected before: unread, never the whole group
        let d = compile_dilemma("Crime", "That personnel is disabled.");
        assert!(d.effects.is_empty() && !d.unread.is_empty());
    }

    #[test]
    fn a_test_of_the_targets_selected_and_a_larger_count() {
        let d = compile_dilemma(
            "Green",
            "Randomly select three personnel (or six personnel if more than nine personnel present). If any of those personnel has ENGINEER, all of them are \"stopped.\"",
        );
        assert!(d.is_full(), "{:?}", d.unread);
        let e = &d.effects[0];
        assert_eq!(e.verb, "stop");
        assert_eq!(
            e.victims.count,
            Count::ByGroup {
                count: 3,
                larger: 6,
                over: 9
            }
        );
        assert_eq!(
            e.if_victims.as_ref().map(|r| r.to_string()).as_deref(),
            Some("1 personnel with (ENGINEER)")
        );
        // with no targets selected before, "if any of those" is no test of them
        let d = compile_dilemma(
            "Green",
            "If any of those personnel has ENGINEER, all of them are stopped.",
        );
        assert!(d.effects.iter().all(|e| e.if_victims.is_none()));
    }

    #[test]
    fn a_test_of_the_victim_before_and_others_than_them() {
        let d = compile_dilemma(
            "Chiefs",
            "One SECURITY personnel (random selection) is \"stopped.\" If that personnel has Leadership, two additional SECURITY personnel are \"stopped\" (random selection).",
        );
        assert!(d.is_full(), "{:?}", d.unread);
        let (earlier, test) = d.effects[1].if_earlier.clone().expect("a test");
        assert_eq!(
            (earlier, test.to_string().as_str()),
            (0, "1 personnel with (Leadership)")
        );
        assert_eq!(d.effects[1].victims.count, Count::Exactly(2));
        // "additional" is read only after a test of the victim before
        let d = compile_dilemma("Chiefs", "Two additional SECURITY personnel are stopped.");
        assert!(d.effects.is_empty(), "{:?}", d.effects);
    }

    #[test]
    fn whose_personnel_a_recurring_effect_reaches_and_what_lasts() {
        let d = compile_dilemma(
            "Tunneler",
            "Place on planet. Now and end of every player's turn, kills one of that player's personnel present (random selection).",
        );
        assert!(d.is_full(), "{:?}", d.unread);
        assert_eq!(d.effects[0].victims.count, Count::Exactly(1));
        assert_eq!(d.effects[0].victims.scope, Scope::Facing);
        let d = compile_dilemma(
            "Abduction",
            "Most CUNNING Away Team member is held atop mission. Cure with 3 Leadership.",
        );
        assert_eq!(d.effects[0].verb, "hold");
        assert_eq!(d.afterwards.enters_play.as_deref(), Some("atop mission"));
    }

    #[test]
    fn conditions_of_the_victims_are_met_by_them_alone() {
        let d = compile_dilemma(
            "Bolites",
            "Two personnel (random selection) are \"stopped\" unless their combined CUNNING>15 OR {Hypospray} present.",
        );
        assert_eq!(d.of_victims, Some(0));
        assert_eq!(
            d.conditions.map(|c| c.to_string()).as_deref(),
            Some("CUNNING>15 OR {Hypospray}")
        );
        // "them" names the victims of the sentence before: theirs are the
        // conditions
        let d = compile_dilemma(
            "Creature",
            "Attacks two strongest members in Away Team. Kills one of them (random selection) unless their combined STRENGTH>16.",
        );
        assert!(!d.unread_conditions, "{:?}", d.unread);
        assert_eq!(d.of_victims, Some(0));
        assert_eq!(d.effects[0].victims.count, Count::Exactly(2));
        // with no effect before, "them" names no one the dilemma selected
        let d = compile_dilemma(
            "Creature",
            "Kills one of them (random selection) unless their combined STRENGTH>16.",
        );
        assert_eq!(d.of_victims, None);
    }

    #[test]
    fn a_combo_dilemmas_second_half_is_a_dilemma_of_its_own() {
        let d = compile_dilemma(
            "Ancient Computer & Microvirus",
            "ANCIENT COMPUTER: To get past requires 2 Computer Skill OR 3 SCIENCE. MICROVIRUS: Unless MEDICAL and SECURITY present, kills one crew or Away Team member (opponent's choice). Discard dilemma.",
        );
        assert!(d.is_full() && !d.conditions_unread(), "{d:#?}");
        assert_eq!(
            d.conditions.as_ref().unwrap().to_string(),
            "Computer Skill x2 OR SCIENCE x3"
        );
        assert!(d.effects.is_empty() && !d.afterwards.discard);
        let half = d.second_half.as_ref().unwrap();
        assert_eq!(half.title, "Ancient Computer & Microvirus (MICROVIRUS)");
        assert_eq!(
            half.conditions.as_ref().unwrap().to_string(),
            "MEDICAL + SECURITY"
        );
        assert_eq!(half.effects[0].verb, "kill");
        assert!(half.afterwards.discard);
        // the first half's closing remark ("(Not repeatable.)") is no
        // part of the second half's opening
        let d = compile_dilemma(
            "Anaphasic Organism & Nagilum",
            "ANAPHASIC ORGANISM: Unless SECURITY present, one crew member is killed. (Not repeatable.) NAGILUM: Half of crew is killed (random selection) unless STRENGTH>40 present.",
        );
        assert!(d.is_full(), "{d:#?}");
        let half = d.second_half.as_ref().unwrap();
        assert_eq!(half.conditions.as_ref().unwrap().to_string(), "STRENGTH>40");
        // capitals naming no word of the title open no half
        let d = compile_dilemma("Bad Readings", "Unless ENGINEER present, crew is stopped. SECURITY: Unless SECURITY present, one crew member is killed.");
        assert!(d.second_half.is_none());
    }

    #[test]
    fn halves_for_space_and_planet_are_alternatives_each_where_it_applies() {
        let d = compile_dilemma(
            "Entity",
            "Space mission: kills all life on ship unless SHIELDS>6 OR Music aboard. Planet mission: kills entire Away Team unless SCIENCE and MEDICAL present. Discard dilemma.",
        );
        assert!(!d.unread_conditions, "{:?}", d.unread);
        assert_eq!(
            d.conditions.map(|c| c.to_string()).as_deref(),
            Some("(SHIELDS>6 OR Music) (at [S]) OR (SCIENCE + MEDICAL) (at [P])")
        );
        let at: Vec<Option<Setting>> = d.effects.iter().map(|e| e.at).collect();
        assert_eq!(at, vec![Some(Setting::Space), Some(Setting::Planet)]);
        // two sets of conditions not labelled by setting still do not read
        let d = compile_dilemma(
            "Vipers",
            "Crew stopped unless ENGINEER present. Even if not damaged, crew stopped unless SCIENCE present.",
        );
        assert!(d.unread_conditions);
    }
}
