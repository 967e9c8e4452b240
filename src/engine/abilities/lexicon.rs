//! The game-text lexicon (`glossary/abilities/lexicon.toml`): timing phrases,
//! "just" words, action nouns, card-type nouns, object nouns and effect verbs.
//! Loaded once; the compiler holds the grammar, this file holds the words.

use serde::Deserialize;
use std::sync::OnceLock;

/// One timing phrase ("plays at start of", "suspends play").
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimingPhrase {
    pub phrase: String,
    pub class: String,
    #[serde(default)]
    pub action: Option<String>,
    #[serde(default)]
    pub any_turn: bool,
    /// An effect the phrase also performs (the special download icon downloads).
    #[serde(default)]
    pub effect: Option<String>,
    /// The phrase counts only when a `{Title}` follows it ("DL/ {Jamaharon}"
    /// is the icon; "personnel with DL/" only mentions it).
    #[serde(default)]
    pub before_ref: bool,
    /// For a "just" phrase: the step it answers to ("initiated", the default,
    /// or "resolved": "when you complete a mission" follows the completion).
    #[serde(default)]
    pub step: Option<String>,
    /// The phrase names only the start- or end-of-turn segment a card in
    /// play acts in ("at end of your next turn"), never when it is played.
    #[serde(default)]
    pub segment_only: bool,
}

/// A phrase limiting what may nullify a card.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImmunityPhrase {
    pub phrase: String,
    /// "except" (immune to the cards named), "only" (only those), "none".
    pub kind: String,
}

/// A word after "just": which step of which action it answers to.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JustWord {
    pub word: String,
    /// "initiated" or "resolved".
    pub step: String,
    #[serde(default)]
    pub action: Option<String>,
}

/// An action kind and the phrases that name it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionNoun {
    pub kind: String,
    pub phrases: Vec<String>,
    #[serde(default)]
    pub is_a: Vec<String>,
    /// The card types that take part in an action of this kind, when the
    /// kind itself says so (a personnel battle is fought by personnel).
    #[serde(default)]
    pub parties: Vec<String>,
}

/// A card type and the phrases that name it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardTypeNoun {
    pub name: String,
    pub phrases: Vec<String>,
}

/// A group of game-object nouns.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObjectNouns {
    pub phrases: Vec<String>,
}

/// An effect verb and its printed forms.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EffectVerb {
    pub verb: String,
    pub forms: Vec<String>,
    /// True for verbs that specifically relate to what they name (nullify, cancel, prevent, modify).
    #[serde(default)]
    pub relates: bool,
    /// The action the effect performs, when it is one ("attacks" → battle).
    #[serde(default)]
    pub action: Option<String>,
    /// A prohibition: the actions of the effect verbs after it are what it prevents.
    #[serde(default)]
    pub governs: bool,
    /// What becomes of a card play this effect answers ("nullified",
    /// "returned to hand"), when the entries say.
    #[serde(default)]
    pub play_fate: Option<String>,
    /// The Glossary entry on the state the effect leaves a card in
    /// ("quarantined": "quarantine"), cited where a dilemma does it.
    #[serde(default)]
    pub entry: Option<String>,
}

impl Lexicon {
    /// The Glossary entry on the state an effect verb leaves a card in, if
    /// the lexicon names one.
    pub fn state_entry(&self, verb: &str) -> Option<&str> {
        self.effect
            .iter()
            .find(|e| e.verb == verb)
            .and_then(|e| e.entry.as_deref())
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lexicon {
    pub timing: Vec<TimingPhrase>,
    pub just: Vec<JustWord>,
    pub action: Vec<ActionNoun>,
    pub card_type: Vec<CardTypeNoun>,
    pub object: Vec<ObjectNouns>,
    pub effect: Vec<EffectVerb>,
    pub modifier_attributes: Vec<String>,
    pub card_actions: Vec<String>,
    #[serde(default)]
    pub immunity: Vec<ImmunityPhrase>,
    /// What a dilemma whose text names no target acts on.
    #[serde(default)]
    pub encounter_targets: Vec<String>,
    /// Object nouns that name a party of the action an effect acts on
    /// ("any battle initiated against that ship"): the action must involve a
    /// card of that type.
    #[serde(default)]
    pub party_objects: Vec<PartyObject>,
    /// Effect verbs that, on a card named in the same text, change what that
    /// card does when played ("All {Red Alert} cards affect all players").
    #[serde(default)]
    pub named_card_verbs: Vec<String>,
    /// Words before "just" that make the clause answer only an opponent's
    /// action ("if opponent just played {Palor Toff}").
    #[serde(default)]
    pub opponent_words: Vec<String>,
    /// Words after a timing clause's action that make it answer only the
    /// responder's own action ("a personnel battle you initiated").
    #[serde(default)]
    pub own_initiation: Vec<String>,
    /// Effect verbs by which a dilemma's text lets a card enter play
    /// during its encounter ("Opponent may download ... Borg drones").
    #[serde(default)]
    pub encounter_entering: Vec<String>,
    /// Words after a timing clause's action that name a party of it ("start
    /// of battle against opponent's only ship"): with a party object after
    /// them, the clause answers only actions involving a card of that type.
    #[serde(default)]
    pub party_words: Vec<String>,
    /// Words in a timing clause making it answer only a mission's first
    /// attempt ("just before the initial attempt of a space mission").
    #[serde(default)]
    pub first_attempt: FirstAttemptWords,
    /// Personnel features a requirement or a dilemma's target may name in
    /// lower case or plural ("android", "females"): characteristics,
    /// species and titles a personnel has.
    #[serde(default)]
    pub personnel_features: Vec<String>,
    /// Characteristics of cards other than personnel a requirement may name
    /// ("2 hand weapons", "a Cloaking Device"): met by equipment or a ship
    /// present with the group.
    #[serde(default)]
    pub card_kinds: Vec<String>,
    /// Card properties a sentence of game text states on its own
    /// ("Unique.", "Not duplicatable."), as the checks name them.
    #[serde(default)]
    pub properties: Vec<String>,
    /// The phrase opening a card's restriction on whom it works with
    /// (Current Rulings "does not work with").
    #[serde(default)]
    pub does_not_work_with: Vec<String>,
    /// The words of a dilemma's parts (Glossary "dilemma resolution").
    #[serde(default)]
    pub dilemma: DilemmaWords,
    /// The words of continuous effects: modifiers, grants, permissions.
    #[serde(default)]
    pub continuous: ContinuousWords,
    /// The words of "X may report here" (sites, headquarters, other cards).
    #[serde(default)]
    pub reporting: ReportingWords,
    /// The words of a movement a card allows ("may move between here and
    /// {2154 Vulcan}").
    #[serde(default)]
    pub movement: MovementWords,
    /// Words opening a condition on the player's score ("you have" at
    /// least 50 points).
    #[serde(default)]
    pub player_points: Vec<String>,
    /// Words opening a condition on how many personnel began the mission
    /// attempt ("you began mission attempt with" at least six personnel).
    #[serde(default)]
    pub began_with: Vec<String>,
    /// What a computed threshold's X counts ("number of other missions in
    /// this region").
    #[serde(default)]
    pub quantity: Vec<QuantityWords>,
    /// Kinds of card read from title, lore or class.
    #[serde(default)]
    pub classification: Vec<Classification>,
    /// What lets a hologram exist and be active (Glossary "holographic
    /// personnel and equipment").
    #[serde(default)]
    pub hologram: HologramWords,
    /// The side decks a card's text takes cards from (Glossary "side deck").
    #[serde(default)]
    pub side_decks: SideDeckWords,
    /// The words of a card specifying that it affects Borg (Glossary "Borg").
    #[serde(default)]
    pub borg_points: BorgPointsWords,
    /// The words of a variable attribute's value (Glossary "variable
    /// attribute", "interceptor").
    #[serde(default)]
    pub variable_attribute: VariableWords,
    /// The words of a card letting personnel share skills (Glossary
    /// "skill-sharing").
    #[serde(default)]
    pub skill_sharing: SkillSharingWords,
    /// Words of the requirement grammar.
    #[serde(default)]
    pub requirement_words: RequirementWords,
}

/// Words of the requirement grammar: what opens a threshold's X, the word
/// after a score, the word asking for printed values, the words adding
/// attributes.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RequirementWords {
    pub where_x: Vec<String>,
    pub points: Vec<String>,
    pub printed: Vec<String>,
    pub totals: Vec<String>,
}

impl RequirementWords {
    /// `word` is one of `words` (any case).
    pub fn is(words: &[String], word: &str) -> bool {
        words.iter().any(|w| w.eq_ignore_ascii_case(word))
    }
}

/// The words by which a card specifies that it affects Borg, or does not.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BorgPointsWords {
    pub affects: Vec<String>,
    pub not: Vec<String>,
}

/// What the value of X in a "5+X" attribute depends on: `within_region`
/// ("X=4 if moving within a region").
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariableWords {
    pub within_region: Vec<String>,
}

/// `share`: the phrases that let personnel share skills ("share skills",
/// "share regular skills"); `all`: the word before the kind sharing ("all
/// Borg").
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SkillSharingWords {
    pub share: Vec<String>,
    pub all: Vec<String>,
}

/// The words of taking cards from a side deck during play, and its kinds.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideDeckWords {
    /// Effect verbs taking cards from a side deck.
    pub fetch: Vec<String>,
    /// Effect verbs that only go with taking them.
    pub with_fetch: Vec<String>,
    pub kind: Vec<SideDeckKind>,
}

/// One kind of side deck: how a scenario spells it, the nouns naming it in
/// card text, the Glossary entry stating its rules.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideDeckKind {
    pub kind: String,
    pub spellings: Vec<String>,
    pub nouns: Vec<String>,
    pub entry: String,
    /// Its discarded cards are shuffled back when its face-down cards run out.
    pub reshuffles: bool,
    /// Its doorways also seed like dilemmas under missions, where the
    /// opponent encounters them and faces this side deck (a Q-Flash).
    #[serde(default)]
    pub faced_under_missions: bool,
}

impl SideDeckWords {
    /// The kind a scenario names (any spelling, any case).
    pub fn named(&self, name: &str) -> Option<&SideDeckKind> {
        let name = crate::repair::fold_for_match(name);
        self.kind.iter().find(|k| {
            k.spellings
                .iter()
                .any(|s| crate::repair::fold_for_match(s) == name)
        })
    }
}

/// The words of the cards that let holograms exist and be active: the
/// Holodeck special equipment and the cards adding it, a card worn by a
/// hologram, a card letting holograms exist on a planet.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HologramWords {
    /// The hologram icon, as `glossary/icons.toml` spells it.
    pub icon: String,
    pub holodeck: String,
    pub adds: Vec<String>,
    pub worn: Vec<String>,
    pub exist: Vec<String>,
}

/// The words of a timing clause answering only a mission's first attempt:
/// the first attempt of the mission by anyone, or the responder's own first
/// attempt there ("your first mission attempt here").
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FirstAttemptWords {
    pub of_mission: Vec<String>,
    pub yours: Vec<String>,
}

/// The opening of a dilemma's half and the mission icon of its setting.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HalfWords {
    pub label: String,
    pub icon: String,
}

/// A quantity a threshold's X counts and the words naming it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuantityWords {
    pub kind: crate::engine::requirements::threshold::Quantity,
    pub phrases: Vec<String>,
}

/// The words of a movement a card allows (`[movement]`; read by
/// `abilities::movement`).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovementWords {
    /// The words allowing a movement ("may move", "allows ship to move").
    pub permit: Vec<String>,
    /// Words naming movement, for a sentence counted per full turn.
    pub moves: Vec<String>,
    /// "once for each of your full turns".
    pub per_full_turn: Vec<String>,
    /// "once each turn" (1), "twice each turn" (2).
    pub per_turn: Vec<PerTurnWords>,
    /// "up to its full RANGE": each movement up to the ship's RANGE.
    pub up_to_full: Vec<String>,
    /// "using its full RANGE": all of its RANGE for the turn.
    pub all_of_it: Vec<String>,
    /// "by using" before "4 RANGE".
    pub using: Vec<String>,
    /// The card moved, between the permit and the places ("your staffed ship").
    pub moved: Vec<String>,
    /// "from one end to the other": here and another copy of the card.
    pub both_ends: Vec<String>,
    /// Words naming an end: where the card is, a spaceline end, anywhere.
    pub here: Vec<String>,
    pub spaceline_end: Vec<String>,
    pub any_location: Vec<String>,
    /// Words that end the places ("if", "using", "then").
    pub end_stops: Vec<String>,
    /// Words that keep the movement on one spaceline (Glossary "movement
    /// between quadrants": "spaceline", "nearest", "farthest", "span").
    pub one_spaceline: Vec<String>,
    /// "your": only the card's owner's ships.
    pub yours: Vec<String>,
    /// "then is stopped".
    pub then_stopped: Vec<String>,
    /// Words opening a condition kept as words ("if").
    pub condition: Vec<String>,
    /// Words opening a condition on the moved card ("ship with SCIENCE ... aboard").
    pub subject_condition: Vec<String>,
    /// "if damaged or if ENGINEER and SCIENCE aboard": a word joining
    /// alternative conditions.
    #[serde(default)]
    pub alternatives: Vec<String>,
    /// States of the moving ship a condition may name ("if damaged").
    #[serde(default)]
    pub ship_states: Vec<String>,
    /// "another Bajoran Wormhole": an end naming another card by its title.
    #[serde(default)]
    pub another: Vec<String>,
    /// The words opening the places moved between ("between A and B").
    #[serde(default)]
    pub openings: Vec<EndsOpening>,
    /// The attribute a fixed movement uses ("by using 4 RANGE").
    #[serde(default)]
    pub range: Vec<String>,
    /// Every phrase of `per_turn`, gathered once (the movement reader asks
    /// for them at each word it tests).
    #[serde(skip)]
    per_turn_phrases: std::sync::OnceLock<Vec<String>>,
}

/// "once each turn" and how many movements it allows.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerTurnWords {
    pub times: u32,
    pub phrases: Vec<String>,
}

impl MovementWords {
    /// Every phrase limiting a movement per turn.
    pub fn per_turn_words(&self) -> &[String] {
        self.per_turn_phrases.get_or_init(|| {
            self.per_turn
                .iter()
                .flat_map(|p| p.phrases.iter().cloned())
                .collect()
        })
    }
}

/// The words of a report clause ("Compatible SCIENCE-classification
/// personnel may report here"; Glossary "site", "facility").
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReportingWords {
    /// The act: "may report", "may play" (a headquarters' free report).
    pub permit: Vec<String>,
    /// "may not report".
    pub forbid: Vec<String>,
    /// "report for free" without a modal ("Freighters ... report for free here").
    pub free_report: Vec<String>,
    /// Where: this card ("here"), or anywhere on its station ("at this Nor").
    pub here: Vec<String>,
    pub station: Vec<String>,
    /// "for free": a report not using the normal card play.
    pub free: Vec<String>,
    /// What the clause says of affiliation.
    pub compatible: Vec<String>,
    pub matching: Vec<String>,
    pub regardless: Vec<String>,
    /// "If unoccupied".
    pub vacant: Vec<String>,
    /// A subject naming a player ("any player who ... may report X here").
    pub player: Vec<String>,
    /// "ignoring their [GQ] icon".
    pub ignoring: Vec<String>,
    /// Words before a reporter that name no feature ("a", "one", "any").
    pub determiners: Vec<String>,
    /// Words opening a condition on a reporter ("who mentions ...").
    pub condition: Vec<String>,
    /// Suffixes: "SCIENCE-classification", "MEDICAL-related".
    pub classification: String,
    pub related: String,
    /// Card-type nouns.
    pub personnel: Vec<String>,
    pub equipment: Vec<String>,
    pub ship: Vec<String>,
    /// "with no staffing requirements", "with fewer than N staffing icons".
    pub no_staffing: Vec<String>,
    pub fewer_than: Vec<String>,
    pub staffing_icons: Vec<String>,
    /// "Select classification and gender ... when reporting".
    pub select: Vec<String>,
    pub when_reporting: Vec<String>,
    /// A card letting [AU] cards enter play: the icon, the acts, and the
    /// words that except the icon instead ("unless [AU]").
    pub alternate_universe: String,
    pub enter_play: Vec<String>,
    pub except: Vec<String>,
}

/// The phrases that mark a dilemma's trigger, nullifiers, conditions, cure,
/// selection and where the card goes (Glossary "dilemma resolution").
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DilemmaWords {
    /// Sentence openings that state conditions ("To get past requires").
    pub conditions: Vec<String>,
    /// Sentence openings naming the setting a half applies to ("Space
    /// mission:").
    #[serde(default)]
    pub halves: Vec<HalfWords>,
    /// Words that state conditions inside a sentence ("unless").
    pub condition_words: Vec<String>,
    /// Words after a requirement saying where it is met ("present", "aboard").
    pub places: Vec<String>,
    pub nullifiers: Vec<String>,
    pub cures: Vec<String>,
    pub triggers: Vec<String>,
    pub otherwise: Vec<String>,
    /// "Discard dilemma".
    pub discard: Vec<String>,
    /// "Mission continues".
    pub continues: Vec<String>,
    /// "Attempt ends".
    #[serde(default)]
    pub ends: Vec<String>,
    /// "Place on ship", "play on table": the dilemma enters play.
    pub enters_play: Vec<String>,
    /// Parenthetical selections and who makes them.
    pub selections: Vec<SelectionWords>,
    /// A sentence opening options one player chooses between ("opponent may
    /// choose to discard two females ... OR male with most [*] icons").
    #[serde(default)]
    pub options: Vec<SelectionWords>,
    /// Where a relocation sends its victims ("nearest planet", "{...}",
    /// "a ... (your choice)"), first match wins.
    #[serde(default)]
    pub relocations: Vec<RelocationWords>,
    /// Words ending in a destination word that count cards instead ("up
    /// to two ships").
    #[serde(default)]
    pub not_destinations: Vec<String>,
    /// Words that make every such personnel a victim ("all", "each").
    pub everyone: Vec<String>,
    /// Superlatives: the opponent chooses among ties ("highest", "most").
    pub superlatives: Vec<String>,
    /// Openings that say when a dilemma that entered play acts again ("Now
    /// and start of each attempt here,"): read past, the rest is its effect.
    pub recurring: Vec<String>,
    /// "..., if any present": the named targets are the trigger.
    pub if_any: Vec<String>,
    /// "such personnel": the victims are those who meet the conditions.
    pub such: Vec<String>,
    /// "one must continue": some victims are spared.
    pub spared: Vec<String>,
    /// Openings of parenthetical remarks without effect ("but").
    pub remarks: Vec<String>,
    /// Nouns naming the crew or Away Team facing the dilemma.
    pub facing: Vec<String>,
    /// Nouns naming a ship (the crew's).
    pub ships: Vec<String>,
    /// Phrases naming cards beyond the group facing the dilemma.
    pub broader: Vec<String>,
    /// Who a condition is of, written before it ("crew must have", "remaining
    /// Away Team has"): the crew or Away Team facing the dilemma.
    #[serde(default)]
    pub subjects: Vec<String>,
    /// The player, opening a price they may choose to pay after "unless"
    /// ("unless you \"stop\" a personnel with Biology").
    #[serde(default)]
    pub payer: Vec<String>,
    /// A sentence selecting the dilemma's targets first ("Randomly select a
    /// male and a female"), and the words naming them afterwards ("each of
    /// them is stopped").
    #[serde(default)]
    pub selects: Vec<String>,
    #[serde(default)]
    pub selected: Vec<String>,
    /// The word after a move's verb saying where it goes ("may beam up":
    /// aboard a ship or facility).
    #[serde(default)]
    pub directions: Vec<DirectionWords>,
    /// A word opening a move's destination after its verb ("may beam to
    /// one of your ships"): what follows names where, not which cards.
    #[serde(default)]
    pub destinations: Vec<String>,
    /// A word opening a relocation's direction ("one location toward far
    /// end of spaceline"): the steps before it, the end after it.
    #[serde(default)]
    pub toward: Vec<String>,
    /// A concession opening a sentence ("Even if not damaged, crew
    /// \"stopped\" unless ..."): up to its comma, no effect of its own.
    #[serde(default)]
    pub concessive: Vec<String>,
    /// The word between who performs a task to get past and what they do
    /// ("most CUNNING MEDICAL must relocate ...").
    #[serde(default)]
    pub tasks: Vec<String>,
    /// A word that is itself a relocation's destination, with no
    /// destination word before it ("relocate up to three augments here").
    #[serde(default)]
    pub here: Vec<String>,
    /// An effect opening with these names one the trigger found ("If
    /// Females in Away Team, the one with highest total attribute numbers
    /// resigns").
    #[serde(default)]
    pub found: Vec<String>,
    /// Conditions written of an effect's victims ("unless their combined
    /// CUNNING>15", "unless that personnel has CUNNING>8").
    #[serde(default)]
    pub victims: Vec<String>,
    /// Verbs of a task to get past read as its price, paid by who must
    /// perform it ("To get past, one Diplomacy OR Leadership personnel
    /// (opponent's choice) must be \"stopped\"").
    #[serde(default)]
    pub task_effects: Vec<String>,
    /// Words naming the personnel a sentence before selected or placed the
    /// dilemma on ("That personnel is disabled").
    #[serde(default)]
    pub anaphora: Vec<String>,
    /// Words naming whose personnel an effect reaches ("kills one of that
    /// player's personnel present"): at the encounter, the player
    /// encountering the dilemma, whose crew or Away Team faces it.
    #[serde(default)]
    pub owners: Vec<String>,
    /// Effects lasting until cured, and where the dilemma stays as their
    /// marker ("is held atop mission": atop the mission).
    #[serde(default)]
    pub markers: Vec<MarkerWords>,
    /// A sentence opening with a test of the targets selected before ("If
    /// any of those personnel has").
    #[serde(default)]
    pub of_targets: Vec<String>,
    /// "(or six personnel if more than nine personnel present)": the words
    /// before the number present a larger count takes.
    #[serde(default)]
    pub more_than: Vec<String>,
    /// A sentence opening with a test of the victim of the effect before
    /// ("If that personnel has").
    #[serde(default)]
    pub of_victim: Vec<String>,
    /// Words saying an effect reaches others than the victims before
    /// ("two additional SECURITY personnel").
    #[serde(default)]
    pub others: Vec<String>,
}

/// An effect that lasts, and where the dilemma enters play as its marker.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MarkerWords {
    pub verb: String,
    pub place: String,
}

/// A word opening the places a movement goes between: the words joining
/// its two ends, and whether it goes from any of them to any other.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndsOpening {
    pub word: String,
    #[serde(default)]
    pub joiners: Vec<String>,
    #[serde(default)]
    pub any_to_any: bool,
}

/// A direction word after a move's verb and where it takes the cards.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DirectionWords {
    pub word: String,
    pub toward: crate::engine::abilities::encounter_permits::Toward,
}

/// A destination of a relocation ("nearest planet") and how it is found.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RelocationWords {
    /// The words opening the destination.
    pub phrase: String,
    /// nearest | named | chosen | here | far-end
    pub kind: String,
    /// The kind of place measured to ("planet", "outpost"): `nearest` only.
    #[serde(default)]
    pub place: String,
}

/// A selection phrase ("random selection") and who selects.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SelectionWords {
    pub phrase: String,
    /// random | opponent | owner | you
    pub by: String,
}

/// The words of continuous effects (`[continuous]` in the lexicon).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContinuousWords {
    pub cumulative: Vec<String>,
    pub use_only: Vec<String>,
    pub present: Vec<String>,
    pub aboard: Vec<String>,
    #[serde(default)]
    pub crew: Vec<String>,
    pub here: Vec<String>,
    pub host: Vec<String>,
    pub own: Vec<String>,
    pub opponent: Vec<String>,
    pub any: Vec<String>,
    pub personnel: Vec<String>,
    pub ship: Vec<String>,
    pub condition: Vec<String>,
    pub filler: Vec<String>,
    pub grant: Vec<String>,
    pub lose: Vec<String>,
    pub double: Vec<String>,
    pub triple: Vec<String>,
    pub act: Vec<ActWords>,
    pub permit: Vec<String>,
    pub forbid: Vec<String>,
    pub not_attemptable: Vec<String>,
    /// Words of a required action ("must do nothing but").
    #[serde(default)]
    pub required: Vec<String>,
    /// A required action's destination at the far end of the spaceline.
    #[serde(default)]
    pub far_end: Vec<String>,
    /// A mission's text saying who may attempt it ("Any crew may attempt
    /// mission"), in place of affiliation icons.
    #[serde(default)]
    pub attempt_allowed: Vec<String>,
    /// Lore that makes a Borg personnel an assimilated counterpart
    /// (Current Rulings "counterpart").
    #[serde(default)]
    pub counterpart_lore: Vec<String>,
}

/// An act a card may permit or forbid and the words that name it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActWords {
    pub act: String,
    /// The Glossary entry a permission or prohibition of the act cites.
    pub entry: String,
    pub phrases: Vec<String>,
    /// Words that by themselves grant the act to the card they are on
    /// ("Cloaking Device" in a ship's special equipment).
    #[serde(default)]
    pub grants: Vec<String>,
    /// Other acts whose permission also permits this one (playing a
    /// personnel is reporting it).
    #[serde(default)]
    pub also: Vec<String>,
    /// The actor is not yet in play: "present" and "here" name where it goes.
    #[serde(default)]
    pub to_destination: bool,
    /// A ship or facility performs it through its crew: they act too.
    #[serde(default)]
    pub by_crew: bool,
}

/// A kind of card read from its title, lore or class ("any Nor").
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Classification {
    pub name: String,
    /// The class the card must have (lower-case word of its class).
    pub class: String,
    /// The word its title or lore must contain.
    pub word: String,
    /// Titles that are of the kind whatever their lore says.
    #[serde(default)]
    pub titles: Vec<String>,
    /// The Glossary entry that defines the kind.
    pub entry: String,
}

/// An object noun and the card type it stands for.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartyObject {
    pub object: String,
    pub card_type: String,
}

impl Lexicon {
    /// The embedded lexicon, parsed once.
    pub fn get() -> &'static Lexicon {
        static L: OnceLock<Lexicon> = OnceLock::new();
        L.get_or_init(|| {
            crate::vocab::parse_embedded(
                "abilities/lexicon.toml",
                include_str!("../../../glossary/abilities/lexicon.toml"),
            )
        })
    }

    /// The card types an action of this kind is fought by or against, when
    /// the lexicon says (empty: any).
    pub fn parties(&self, kind: &str) -> &[String] {
        let kind = self.normalize_kind(kind);
        self.action
            .iter()
            .find(|a| a.kind == kind)
            .map_or(&[], |a| a.parties.as_slice())
    }

    pub fn effect(&self, verb: &str) -> Option<&EffectVerb> {
        self.effect.iter().find(|e| e.verb == verb)
    }

    /// The lexicon's kind for an action kind as a scenario spells it
    /// ("attack" → "battle"); unknown kinds are returned lower-cased.
    pub fn normalize_kind(&self, kind: &str) -> String {
        let k = kind.trim().to_lowercase();
        if self.action.iter().any(|a| a.kind == k) {
            return k;
        }
        self.action
            .iter()
            .find(|a| a.phrases.contains(&k))
            .map(|a| a.kind.clone())
            .unwrap_or(k)
    }

    /// True when an action of `kind` is an instance of the kind `named` in text
    /// ("personnel battle" is a "battle").
    pub fn kind_matches(&self, named: &str, kind: &str) -> bool {
        let kind = self.normalize_kind(kind);
        let named = self.normalize_kind(named);
        let named = named.as_str();
        if named == kind {
            return true;
        }
        let mut frontier = vec![kind];
        let mut seen = Vec::new();
        while let Some(k) = frontier.pop() {
            if k == named {
                return true;
            }
            if seen.contains(&k) {
                continue;
            }
            if let Some(a) = self.action.iter().find(|a| a.kind == k) {
                frontier.extend(a.is_a.iter().cloned());
            }
            seen.push(k);
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lexicon_parses_and_knows_battle_kinds() {
        let lx = Lexicon::get();
        assert!(lx.kind_matches("battle", "personnel battle"));
        assert!(!lx.kind_matches("personnel battle", "ship battle"));
        assert!(lx.effect("nullify").unwrap().relates);
        assert!(!lx.effect("kill").unwrap().relates);
    }

    #[test]
    fn every_timing_class_is_known() {
        for t in &Lexicon::get().timing {
            assert!(
                super::super::TimingClass::from_lexicon(&t.class).is_some(),
                "unknown timing class {:?} for phrase {:?}",
                t.class,
                t.phrase
            );
        }
    }
}
