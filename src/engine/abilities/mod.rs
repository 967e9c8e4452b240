//! The ability compiler: a card's game text → structured abilities, each with
//! its timing clause (when the card may be played or used), what it acts on
//! (a `{Title}`, a card type, an action, a game object) and its effect verbs.
//!
//! The grammar is in [`grammar`] (tokens, "OR" functions, sentences) and
//! [`clause`] (timing / effect / target patterns); the words are in
//! `glossary/abilities/lexicon.toml`; cards whose text the patterns miss are
//! described by hand in `glossary/abilities/overrides.toml`, each entry a
//! visible, counted exception. [`coverage_report`] measures how much of the
//! card pool compiles.

pub mod borg_points;
pub mod cache;
pub mod clause;
pub mod continuous;
pub mod coverage;
pub mod dilemma;
pub mod encounter_permits;
pub mod grammar;
pub mod hologram;
pub mod immunity;
pub mod lexicon;
pub mod movement;
pub mod overrides;
pub mod permission_clause;
pub mod plays_on;
pub mod relocation;
pub mod reporting;
pub mod restriction;
pub mod sharing;
pub mod side_deck;
pub mod variable;

pub use coverage::{coverage_report, CoverageReport, CoverageRow, DilemmaCoverage};

use crate::cards::model::{Card, CardDb, CardType, Edition};
use crate::engine::action::Step;
use serde::{Deserialize, Serialize};

/// When an ability may be played or used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "kebab-case")]
pub enum TimingClass {
    /// "suspends play": may interrupt any action.
    SuspendsPlay,
    /// "just played", "just initiated", "just completed", "about to die": right after (or at) another action.
    Just,
    /// "plays at start of personnel battle", "just before the initial attempt".
    StartOf,
    /// "during battle", "while facing a dilemma".
    During,
    /// "at the start of your turn".
    StartOfTurn,
    /// "at end of your turn", "End of every turn:".
    EndOfTurn,
    /// "at any time".
    AtAnyTime,
    /// "once every turn".
    EveryTurn,
    /// "plays on your ship": a play with a target, at the card type's normal time.
    PlaysOn,
    /// "seeds ...".
    Seeds,
    /// "plays if ...", "if ...", "when ...": a condition, at the card type's normal time.
    Conditional,
    /// Dilemmas: when encountered.
    Encounter,
    /// No timing words: the card type's normal timing (interrupts between
    /// actions, events in the card play phase).
    TypeDefault,
    /// The compiler could not tell.
    Unknown,
}

impl TimingClass {
    /// The class a lexicon `class = "..."` names.
    pub fn from_lexicon(s: &str) -> Option<TimingClass> {
        Some(match s {
            "suspends-play" => TimingClass::SuspendsPlay,
            "just" => TimingClass::Just,
            "start-of" => TimingClass::StartOf,
            "during" => TimingClass::During,
            "start-of-turn" => TimingClass::StartOfTurn,
            "end-of-turn" => TimingClass::EndOfTurn,
            "at-any-time" => TimingClass::AtAnyTime,
            "every-turn" => TimingClass::EveryTurn,
            "plays-on" => TimingClass::PlaysOn,
            "seeds" => TimingClass::Seeds,
            "conditional" => TimingClass::Conditional,
            "encounter" => TimingClass::Encounter,
            "type-default" => TimingClass::TypeDefault,
            "unknown" => TimingClass::Unknown,
            _ => return None,
        })
    }

    /// Classes that tie the ability to an action under way (a response).
    pub fn is_response(self) -> bool {
        matches!(
            self,
            TimingClass::Just | TimingClass::StartOf | TimingClass::During
        )
    }

    pub fn name(self) -> &'static str {
        match self {
            TimingClass::SuspendsPlay => "suspends play",
            TimingClass::Just => "just",
            TimingClass::StartOf => "start of",
            TimingClass::During => "during",
            TimingClass::StartOfTurn => "start of turn",
            TimingClass::EndOfTurn => "end of turn",
            TimingClass::AtAnyTime => "at any time",
            TimingClass::EveryTurn => "every turn",
            TimingClass::PlaysOn => "plays on",
            TimingClass::Seeds => "seeds",
            TimingClass::Conditional => "conditional",
            TimingClass::Encounter => "encounter",
            TimingClass::TypeDefault => "type default",
            TimingClass::Unknown => "unknown",
        }
    }
}

/// The timing clause of one ability.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Timing {
    pub class: TimingClass,
    /// The action kind the clause ties to ("personnel battle", "card play").
    pub action: Option<String>,
    /// For "just": the step of that action it answers to (just initiated → Initiated,
    /// just completed → Resolved).
    pub step: Option<Step>,
    /// What the clause names besides the action ("{Palor Toff}" in "just played {Palor Toff}").
    pub objects: Vec<Target>,
    /// "once per game", "once each turn", ...
    pub limit: Option<String>,
    /// May be used on the opponent's turn ("at any time", "every turn", "suspends play").
    pub any_turn: bool,
    /// Seeds (as well as, or instead of, playing).
    pub seeds: bool,
    /// The words "at any time": not during start-of-turn or end-of-turn
    /// (Glossary "at any time").
    #[serde(default)]
    pub at_any_time: bool,
    /// "opponent just played": only the responder's opponent's action counts.
    #[serde(default)]
    pub by_opponent: bool,
    /// "a personnel battle you initiated": only the responder's own action counts.
    #[serde(default)]
    pub by_self: bool,
    /// "battle against opponent's only ship": the card type a party of the
    /// action must have (a personnel battle has no ship in it).
    #[serde(default)]
    pub against: Option<String>,
    /// A card placed first ("Plays on table. At any time, you may ..."): once
    /// in play its text may be used on either turn (and, with the words "at
    /// any time", not among start- or end-of-turn actions); playing it keeps
    /// its type's timing.
    #[serde(default)]
    pub in_play_any_turn: bool,
    #[serde(default)]
    pub in_play_at_any_time: bool,
    /// A "just" clause answering the action from its initiation until just
    /// after it completes ("within five seconds of either players' card
    /// draw": the card drawn is there to discard).
    #[serde(default)]
    pub through_completion: bool,
    /// The cards the clause says take part in the action ("who just engaged
    /// your android", "involving your [Kli] card(s)"): each must be among
    /// its participants (`plays_on::participants`).
    #[serde(default)]
    pub parties: Vec<continuous::Subject>,
    /// The start- or end-of-turn segment a sentence of the function acts in
    /// once the card is in play ("Start of each turn, ... you may process
    /// ore"; "at start of its owner's turn scores 1 point").
    #[serde(default)]
    pub in_play_segment: Option<TimingClass>,
    /// That action is mandatory: its sentence has no "may" (Glossary
    /// "automatic modifiers": "without a word such as 'may' to indicate
    /// that it is optional, is automatic and mandatory").
    #[serde(default)]
    pub mandatory: bool,
    /// The clause answers only a mission's first attempt: `Any` the
    /// mission's initial attempt by either player ("just before the initial
    /// attempt of a space mission"), `Yours` the responder's own first
    /// attempt there ("your first mission attempt here").
    #[serde(default)]
    pub first_attempt: Option<continuous::Whose>,
    /// A window of a card placed first, opened by a sentence that begins
    /// with its timing clause ("Plays on your [P] mission. At the start of
    /// your first mission attempt here, you may ..."): it answers the action
    /// only while the card is in play.
    #[serde(default)]
    pub in_play_only: bool,
}

impl Timing {
    pub fn of(class: TimingClass) -> Timing {
        Timing {
            class,
            action: None,
            step: None,
            objects: Vec::new(),
            limit: None,
            any_turn: matches!(
                class,
                TimingClass::SuspendsPlay | TimingClass::AtAnyTime | TimingClass::EveryTurn
            ),
            seeds: class == TimingClass::Seeds,
            at_any_time: class == TimingClass::AtAnyTime,
            by_opponent: false,
            by_self: false,
            against: None,
            in_play_any_turn: false,
            in_play_at_any_time: false,
            through_completion: false,
            parties: Vec::new(),
            in_play_segment: None,
            mandatory: false,
            first_attempt: None,
            in_play_only: false,
        }
    }
}

/// What an ability acts on.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", content = "value", rename_all = "kebab-case")]
pub enum Target {
    /// A referenced card title (`{Borg Ship}`), as printed inside the braces.
    Card(String),
    /// A card type ("interrupt", "dilemma"), with its qualifier ("[Q]", "non-").
    CardType {
        name: String,
        qualifier: Option<String>,
        negated: bool,
        /// "any one Event card in play": a card already on the table, never
        /// the card being played or encountered.
        #[serde(default)]
        in_play: bool,
    },
    /// An action kind ("personnel battle", "morph").
    Action(String),
    /// A game object ("personnel", "ship", "discard pile").
    Object(String),
}

impl std::fmt::Display for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Target::Card(t) => write!(f, "{{{t}}}"),
            Target::CardType {
                name,
                qualifier,
                negated,
                in_play,
            } => {
                let neg = if *negated { "non-" } else { "" };
                match qualifier {
                    Some(q) => write!(f, "{neg}{q} {name}")?,
                    None => write!(f, "{neg}{name}")?,
                }
                if *in_play {
                    write!(f, " in play")?;
                }
                Ok(())
            }
            Target::Action(a) => write!(f, "action: {a}"),
            Target::Object(o) => write!(f, "{o}"),
        }
    }
}

/// One effect: a verb and what it names.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Effect {
    /// Canonical verb ("nullify", "kill", "download", "place out-of-play").
    pub verb: String,
    pub objects: Vec<Target>,
}

impl std::fmt::Display for Effect {
    /// "nullify → action: battle, {Borg Ship}", or the verb alone.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.verb)?;
        let objects: Vec<String> = self.objects.iter().map(|o| o.to_string()).collect();
        if !objects.is_empty() {
            write!(f, " → {}", objects.join(", "))?;
        }
        Ok(())
    }
}

/// One function of a card (the text between capital "OR"s).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ability {
    /// The function's text as read.
    pub text: String,
    pub timing: Timing,
    /// Further response windows its later sentences name ("May be used during
    /// battle", "if opponent just revealed your dilemma"): the function may also
    /// be used then.
    #[serde(default)]
    pub windows: Vec<Timing>,
    /// Everything it acts on, in order of first mention.
    pub targets: Vec<Target>,
    pub effects: Vec<Effect>,
    /// Sentences with game effect the patterns did not understand.
    pub unparsed: Vec<String>,
    /// Parenthetical remarks without effect ("(Unique.)", "(Immune to {Amanda Rogers}.)").
    pub notes: Vec<String>,
}

impl Ability {
    /// Timing known, something acted on, an effect, and nothing left over.
    pub fn is_full(&self) -> bool {
        self.has_timing_and_targets() && !self.effects.is_empty() && self.unparsed.is_empty()
    }

    pub fn has_timing_and_targets(&self) -> bool {
        self.timing.class != TimingClass::Unknown && !self.targets.is_empty()
    }

    fn recognised_anything(&self) -> bool {
        self.timing.class != TimingClass::Unknown
            || !self.effects.is_empty()
            || !self.targets.is_empty()
    }
}

/// How much of a card's game text compiled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Coverage {
    Full,
    Partial,
    None,
}

/// Where a compiled card's abilities come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AbilitySource {
    Compiled,
    /// Described by hand in `glossary/abilities/overrides.toml`.
    Override,
}

/// A card's compiled abilities.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CompiledCard {
    pub title: String,
    pub card_type: CardType,
    pub abilities: Vec<Ability>,
    pub coverage: Coverage,
    pub source: AbilitySource,
    /// What may not nullify the card ("Immune to ...", "may be nullified
    /// only by ...", "may not be nullified").
    pub immunities: Vec<immunity::Immunity>,
    /// Properties its text states in a sentence of their own ("unique",
    /// "not duplicatable"), from the lexicon's `properties`.
    #[serde(default)]
    pub properties: Vec<String>,
    /// The groups it "does not work with" (its restriction box).
    #[serde(default)]
    pub does_not_work_with: Vec<restriction::Group>,
    /// What its text (a dilemma's) permits during its encounter ("may beam
    /// up Away Team", "Opponent may download ...").
    #[serde(default)]
    pub encounter_allowances: Vec<encounter_permits::EncounterAllowance>,
}

impl CompiledCard {
    /// Whether its text states `property` ("unique", "not duplicatable").
    pub fn states(&self, property: &str) -> bool {
        self.properties.iter().any(|p| p == property)
    }
}

/// The lexicon's properties that a sentence of `text` states on its own.
pub fn properties(text: &str) -> Vec<String> {
    let sentences: Vec<String> = text
        .split(['.', '\n', '(', ')'])
        .map(|s| s.trim().to_lowercase())
        .filter(|s| !s.is_empty())
        .collect();
    lexicon::Lexicon::get()
        .properties
        .iter()
        .filter(|p| sentences.iter().any(|s| s == *p))
        .cloned()
        .collect()
}

impl CompiledCard {
    /// Every ability has a timing class and at least one target.
    pub fn has_timing_and_targets(&self) -> bool {
        !self.abilities.is_empty() && self.abilities.iter().all(Ability::has_timing_and_targets)
    }

    /// Every effect of every ability.
    pub fn effects(&self) -> impl Iterator<Item = &Effect> {
        self.abilities.iter().flat_map(|a| a.effects.iter())
    }
}

/// Compile a card: its override entry if it has one, else its game text.
pub fn compile(card: &Card) -> CompiledCard {
    if let Some(o) = overrides::Overrides::get().find(&card.title) {
        return o.compiled(card);
    }
    let mut compiled = compile_text(&card.title, &card.card_type, &card.text);
    // A personnel whose text is only its skills box (every skill read, no
    // special skill or download) has no ability of its own: its skills are the
    // card model's, read whole, and it acts as its card type does.
    if skills_box_only(card) {
        compiled.abilities.clear();
        compiled.coverage = Coverage::Full;
    }
    compiled
}

/// The card is a personnel whose text is its skills box alone: every skill
/// read, no special skill or download.
fn skills_box_only(card: &Card) -> bool {
    card.is_personnel()
        && card.skills_parsed
        && !card.skills.is_empty()
        && card.special_skills.is_empty()
        && card.special_downloads.is_empty()
}

/// Compile game text for a card of a type.
pub fn compile_text(title: &str, card_type: &CardType, text: &str) -> CompiledCard {
    let functions = clause::functions(text);
    let mut abilities: Vec<Ability> = functions
        .iter()
        .map(|f| clause::ability(f, card_type))
        .collect();
    // "Plays at start of ship battle. Doubles X OR draws Y": a first sentence
    // that is only a timing clause governs every alternative after it.
    if let Some(lead) = functions.first().and_then(|f| clause::leading_timing(f)) {
        for a in abilities.iter_mut().skip(1) {
            if a.timing.class == TimingClass::TypeDefault {
                let limit = a.timing.limit.take();
                a.timing = Timing {
                    limit,
                    ..lead.clone()
                };
                if let Some(k) = &lead.action {
                    let t = Target::Action(k.clone());
                    if !a.targets.contains(&t) {
                        a.targets.insert(0, t);
                    }
                }
            }
        }
    }
    let coverage = coverage_of(&abilities);
    CompiledCard {
        title: title.to_string(),
        card_type: card_type.clone(),
        abilities,
        coverage,
        source: AbilitySource::Compiled,
        immunities: immunity::immunities(text),
        properties: properties(text),
        does_not_work_with: restriction::groups(text),
        encounter_allowances: encounter_permits::allowances_of(card_type, text),
    }
}

fn coverage_of(abilities: &[Ability]) -> Coverage {
    if abilities.is_empty() || !abilities.iter().any(Ability::recognised_anything) {
        Coverage::None
    } else if abilities.iter().all(Ability::is_full) {
        Coverage::Full
    } else {
        Coverage::Partial
    }
}

/// True when a `{reference}` in game text names the card titled `title`:
/// same title, or the title with a subtitle ("{Palor Toff}" names
/// "Palor Toff: Alien Trader"), or "{any Data}" naming any card with that name.
pub fn reference_names(reference: &str, title: &str) -> bool {
    let fold = |s: &str| {
        crate::repair::fold_for_match(s)
            .trim()
            // "{Red Alert}" names Red Alert!: trailing marks are not part of the name.
            .trim_end_matches(['*', '+', '!', '?'])
            .trim()
            .to_string()
    };
    let r = fold(reference);
    let t = fold(title);
    let r = ["any ", "a ", "an ", "all "]
        .iter()
        .find_map(|p| r.strip_prefix(p))
        .map(str::to_string)
        .unwrap_or(r);
    let r = r.trim_end_matches('s');
    let t_base = t.trim_end_matches('s');
    if r == t_base || r == t {
        return true;
    }
    [": ", " (", " - ", ", "]
        .iter()
        .any(|sep| t.starts_with(&format!("{r}{sep}")))
}

/// The 1E card a title (or reference) names, preferring an exact title.
pub fn find_card<'a>(db: &'a CardDb, title: &str) -> Option<&'a Card> {
    let first = |c: &&Card| c.edition == Edition::First;
    // The card database's map of folded titles (in card order) finds the
    // exact title without folding every title again.
    let exact = db
        .titles()
        .by_fold
        .get(&crate::repair::fold_for_match(title))
        .and_then(|ids| ids.iter().map(|&i| &db.cards[i]).find(first));
    exact.or_else(|| {
        db.cards
            .iter()
            .filter(first)
            .find(|c| reference_names(title, &c.title))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_name_subtitled_and_any_cards() {
        assert!(reference_names("Palor Toff", "Palor Toff: Alien Trader"));
        assert!(reference_names("Red Alert", "Red Alert!"));
        assert!(!reference_names("Red Alert", "Red Alert Phaser"));
        assert!(reference_names("any Data", "Data"));
        assert!(reference_names("phasers", "Phaser"));
        assert!(!reference_names("Borg Ship", "Borg Sphere"));
    }

    #[test]
    fn hugh_nullifies_the_borg_ship_attack() {
        let c = compile_text(
            "Hugh",
            &CardType::Interrupt,
            "Nullifies attack by {Borg Ship} for this turn OR destroys (discard) all {Rogue Borg} at one location.",
        );
        assert_eq!(c.abilities.len(), 2);
        let e = &c.abilities[0].effects[0];
        assert_eq!(e.verb, "nullify");
        assert!(e.objects.contains(&Target::Action("battle".into())));
        assert!(e.objects.contains(&Target::Card("Borg Ship".into())));
        assert_eq!(c.abilities[1].effects[0].verb, "destroy");
    }

    #[test]
    fn a_timing_only_first_sentence_governs_every_alternative() {
        let c = compile_text(
            "Attack Pattern Delta",
            &CardType::Interrupt,
            "Plays at start of ship battle. Doubles one {Tactical Console} until end of battle OR draw up to X additional Tactic cards.",
        );
        assert_eq!(c.abilities.len(), 2);
        for a in &c.abilities {
            assert_eq!(a.timing.class, TimingClass::StartOf);
            assert_eq!(a.timing.action.as_deref(), Some("ship battle"));
        }
    }

    #[test]
    fn special_download_icon_suspends_play_but_a_mention_does_not() {
        let c = compile_text(
            "Arandis",
            &CardType::Personnel,
            "While on Risa, adds [NON]. May seed (face up) or report on {Risa}. DL/ {Jamaharon}",
        );
        let dl = c.abilities.last().unwrap();
        assert_eq!(dl.timing.class, TimingClass::SuspendsPlay);
        assert!(dl.effects.iter().any(|e| e.verb == "download"));
        let m = compile_text(
            "Dial-Up",
            &CardType::Dilemma,
            "All personnel with DL/ in Away Team are stopped.",
        );
        assert_ne!(m.abilities[0].timing.class, TimingClass::SuspendsPlay);
    }

    #[test]
    fn event_in_play_is_not_an_event_being_played() {
        let c = compile_text(
            "Kevin Uxbridge",
            &CardType::Interrupt,
            "Nullifies any one Event card in play (except for {Treaty} cards) OR any other card played as an Event card.",
        );
        let t = &c.abilities[0].effects[0].objects;
        assert!(t
            .iter()
            .any(|o| matches!(o, Target::CardType { in_play: true, .. })));
        assert!(!t.iter().any(|o| matches!(o, Target::Action(_))));
    }

    #[test]
    fn requirement_only_dilemmas_act_on_the_encountering_group() {
        let c = compile_text(
            "Hologram Ruse",
            &CardType::Dilemma,
            "To get past requires INTEGRITY>30 and CUNNING>30.",
        );
        assert!(c.has_timing_and_targets());
        assert!(c.abilities[0]
            .targets
            .contains(&Target::Object("away team".into())));
    }

    #[test]
    fn prohibitions_prevent_the_actions_they_govern() {
        let c = compile_text(
            "Computer Crash",
            &CardType::Event,
            "Seeds or plays on table. No player may play a {Q's Tent} doorway, download any card or play any card that requires downloading.",
        );
        assert!(c
            .effects()
            .any(|e| e.verb == "forbid" && e.objects == vec![Target::Action("download".into())]));
        assert!(c
            .effects()
            .any(|e| e.verb == "forbid" && e.objects.contains(&Target::Card("Q's Tent".into()))));
    }

    #[test]
    fn later_sentences_add_response_windows() {
        let c = compile_text(
            "Emergency Transporter Armbands",
            &CardType::Interrupt,
            "Beam your Personnel up or down at any time, except during a dilemma. May be used during battle before the winner is determined.",
        );
        let a = &c.abilities[0];
        assert_eq!(a.timing.class, TimingClass::AtAnyTime);
        assert!(a.timing.at_any_time);
        assert!(a
            .windows
            .iter()
            .any(|w| w.class == TimingClass::During && w.action.as_deref() == Some("battle")));
    }

    #[test]
    fn start_of_personnel_battle_is_a_start_of_timing() {
        let c = compile_text(
            "Smoke Bomb",
            &CardType::Interrupt,
            "Plays at start of personnel battle. You may exclude any or all of your non-[Bor] personnel from that battle.",
        );
        let t = &c.abilities[0].timing;
        assert_eq!(t.class, TimingClass::StartOf);
        assert_eq!(t.action.as_deref(), Some("personnel battle"));
    }

    #[test]
    fn just_played_interrupt_is_a_just_initiated_card_play() {
        let c = compile_text(
            "Amanda Rogers",
            &CardType::Interrupt,
            "Nullifies any one Interrupt card just played OR any other card just played as an Interrupt card. (Immune to Amanda Rogers.)",
        );
        let t = &c.abilities[0].timing;
        assert_eq!(t.class, TimingClass::Just);
        assert_eq!(t.step, Some(Step::Initiated));
        assert_eq!(t.action.as_deref(), Some("card play"));
        assert!(c.abilities[0].unparsed.is_empty());
        let u = compile_text(
            "Crosis",
            &CardType::Interrupt,
            "Plays on {Rogue Borg}. Doubles their STRENGTH. (Unique.)",
        );
        assert_eq!(u.abilities[0].notes, vec!["(unique.)".to_string()]);
    }
}

#[cfg(test)]
mod property_tests {
    use super::*;

    #[test]
    fn properties_are_sentences_of_their_own() {
        assert_eq!(properties("Plays on table. (Unique.)"), ["unique"]);
        assert_eq!(
            properties("Seeds on {Bajor}. (Not duplicatable.)"),
            ["not duplicatable"]
        );
        // A word inside a sentence states no property.
        assert!(properties("Place up to seven unique personnel beneath here.").is_empty());
        assert!(properties("Unique missions are worth +10 points.").is_empty());
        let c = compile_text("x", &CardType::Event, "Plays on table. (Unique.)");
        assert!(c.states("unique") && !c.states("not duplicatable"));
    }
}
