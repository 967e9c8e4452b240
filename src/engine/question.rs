//! The questions the engine answers, owned by the engine: one variant per
//! question kind, each with typed arguments (pieces, players, locations,
//! acts). The kinds, their aliases and their arguments are declared once in
//! [`KINDS`]; the scenario reader, the docs test and the dispatcher all read
//! that table.

use crate::cards::model::Card;
pub use crate::engine::state::{LocationId, PieceId, PlayerId, Target};

/// What an argument holds (for the reader's error messages and the docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgType {
    /// One card of the scenario (its `id` or title).
    Piece,
    /// A list of cards of the scenario.
    Pieces,
    /// A card, a location, or `planet:<location>`.
    Place,
    /// A `[[location]]` on the spaceline.
    Location,
    /// A card of the scenario or of the database.
    Card,
    /// A player declared in `[game] players`.
    Player,
    /// Free text read by the check (a requirement, a claim).
    Text,
    /// A whole number.
    Number,
    /// `true` / `false`.
    Flag,
}

impl ArgType {
    pub fn describe(self) -> &'static str {
        match self {
            ArgType::Piece => "a card of the scenario",
            ArgType::Pieces => "one or more cards of the scenario",
            ArgType::Place => "a card, a location or planet:<location>",
            ArgType::Location => "a [[location]] of the spaceline",
            ArgType::Card => "a card of the scenario or the database",
            ArgType::Player => "a player of [game] players",
            ArgType::Text => "text",
            ArgType::Number => "a number",
            ArgType::Flag => "true or false",
        }
    }
}

/// One argument a question kind takes.
#[derive(Debug, Clone, Copy)]
pub struct ArgSpec {
    pub key: &'static str,
    pub ty: ArgType,
    pub required: bool,
}

const fn arg(key: &'static str, ty: ArgType) -> ArgSpec {
    ArgSpec {
        key,
        ty,
        required: false,
    }
}

const fn needs(key: &'static str, ty: ArgType) -> ArgSpec {
    ArgSpec {
        key,
        ty,
        required: true,
    }
}

/// The question kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    ValidResponse,
    CanPlay,
    CanAct,
    CanReport,
    CanStaff,
    CanMove,
    CanAttempt,
    MeetsRequirements,
    CanAttack,
    Compatible,
    CanCoexist,
    DilemmaOutcome,
    Outcome,
    DeckLegal,
}

/// A question kind as declared: its name, other spellings, arguments.
#[derive(Debug, Clone, Copy)]
pub struct KindSpec {
    pub kind: Kind,
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    pub args: &'static [ArgSpec],
}

use ArgType as T;

/// Every question kind, declared once.
pub const KINDS: &[KindSpec] = &[
    KindSpec {
        kind: Kind::ValidResponse,
        name: "valid response",
        aliases: &[
            "valid responses",
            "is valid response",
            "is a valid response",
            "response",
        ],
        args: &[
            needs("card", T::Piece),
            arg("function", T::Text),
            arg("target", T::Pieces),
            arg("to", T::Place),
            arg("player", T::Player),
        ],
    },
    KindSpec {
        kind: Kind::CanPlay,
        name: "can play",
        aliases: &["play", "playable", "can be played", "may play"],
        args: &[
            needs("card", T::Piece),
            arg("function", T::Text),
            arg("target", T::Pieces),
            arg("to", T::Place),
            arg("free", T::Flag),
            arg("player", T::Player),
        ],
    },
    KindSpec {
        kind: Kind::CanAct,
        name: "can act",
        aliases: &["act"],
        args: &[
            needs("act", T::Text),
            arg("card", T::Piece),
            arg("by", T::Pieces),
            arg("to", T::Place),
            arg("target", T::Pieces),
            arg("allowed_by", T::Piece),
            arg("player", T::Player),
        ],
    },
    KindSpec {
        kind: Kind::CanReport,
        name: "can report",
        aliases: &["report", "can report for duty", "report for duty"],
        args: &[
            needs("card", T::Piece),
            arg("to", T::Place),
            arg("free", T::Flag),
            arg("allowed_by", T::Piece),
            arg("player", T::Player),
        ],
    },
    KindSpec {
        kind: Kind::CanStaff,
        name: "can staff",
        aliases: &[
            "staff",
            "staffed",
            "is staffed",
            "staffing",
            "can be staffed",
        ],
        args: &[
            arg("card", T::Piece),
            arg("by", T::Pieces),
            arg("player", T::Player),
        ],
    },
    KindSpec {
        kind: Kind::CanMove,
        name: "can move",
        aliases: &["move", "movement"],
        args: &[
            arg("card", T::Piece),
            arg("by", T::Pieces),
            arg("to", T::Place),
            arg("allowed_by", T::Piece),
            arg("player", T::Player),
        ],
    },
    KindSpec {
        kind: Kind::CanAttempt,
        name: "can attempt",
        aliases: &[
            "attempt",
            "can attempt mission",
            "attempt mission",
            "mission attempt",
            "can attempt a mission",
            "can attempt the mission",
        ],
        args: &[
            arg("card", T::Piece),
            arg("by", T::Pieces),
            arg("mission", T::Location),
            arg("player", T::Player),
        ],
    },
    KindSpec {
        kind: Kind::MeetsRequirements,
        name: "meets requirements",
        aliases: &[
            "meet requirements",
            "meets requirement",
            "meet requirement",
            "meets the requirements",
            "requirements met",
            "meeting requirements",
        ],
        args: &[
            arg("card", T::Piece),
            arg("by", T::Pieces),
            arg("requirement", T::Text),
            arg("dilemma", T::Card),
            arg("mission", T::Location),
            arg("player", T::Player),
        ],
    },
    KindSpec {
        kind: Kind::CanAttack,
        name: "can attack",
        aliases: &[
            "attack",
            "can battle",
            "can initiate battle",
            "initiate battle",
        ],
        args: &[
            arg("card", T::Piece),
            arg("by", T::Pieces),
            needs("target", T::Pieces),
            arg("battle", T::Text),
            arg("allowed_by", T::Piece),
            arg("player", T::Player),
        ],
    },
    KindSpec {
        kind: Kind::Compatible,
        name: "compatible",
        aliases: &["are compatible", "is compatible", "compatibility"],
        args: &[
            arg("card", T::Piece),
            arg("by", T::Pieces),
            arg("cards", T::Pieces),
            arg("player", T::Player),
        ],
    },
    KindSpec {
        kind: Kind::CanCoexist,
        name: "can coexist",
        aliases: &["coexist", "can co exist"],
        args: &[
            arg("card", T::Piece),
            arg("cards", T::Pieces),
            arg("player", T::Player),
        ],
    },
    KindSpec {
        kind: Kind::DilemmaOutcome,
        name: "dilemma outcome",
        aliases: &["dilemma result", "dilemma outcomes"],
        args: &[
            needs("dilemma", T::Card),
            arg("by", T::Pieces),
            arg("card", T::Piece),
            arg("is", T::Text),
            arg("selected", T::Pieces),
            arg("to", T::Place),
            arg("player", T::Player),
        ],
    },
    KindSpec {
        kind: Kind::Outcome,
        name: "outcome",
        aliases: &["result", "outcomes"],
        args: &[
            needs("of", T::Text),
            arg("card", T::Piece),
            arg("by", T::Pieces),
            arg("cards", T::Pieces),
            arg("target", T::Pieces),
            arg("against", T::Piece),
            arg("attribute", T::Text),
            arg("person", T::Text),
            arg("attack", T::Number),
            arg("defense", T::Number),
            arg("attack_bonus", T::Number),
            arg("defense_bonus", T::Number),
            arg("mission", T::Location),
            arg("to", T::Place),
            arg("cancelled", T::Flag),
            arg("is", T::Text),
            arg("selected", T::Pieces),
            arg("player", T::Player),
        ],
    },
    KindSpec {
        kind: Kind::DeckLegal,
        name: "deck legal",
        aliases: &[
            "is deck legal",
            "legal deck",
            "deck legality",
            "deck is legal",
            "legal",
        ],
        args: &[arg("player", T::Player)],
    },
];

/// Fold a written word for lookup: case and accents folded, `_` and `-`
/// read as spaces, a trailing `?`/`.`/`!` dropped, spaces collapsed.
pub fn fold_words(s: &str) -> String {
    let f = crate::repair::fold_for_match(s).replace(['_', '-'], " ");
    let f = f.trim().trim_end_matches(['?', '.', '!']).trim();
    f.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The kind a written `ask` names (`"Can_Play"`, `"may attack"`), if any.
pub fn kind_named(ask: &str) -> Option<&'static KindSpec> {
    let n = fold_words(ask);
    let n = n
        .strip_prefix("may ")
        .map_or(n.clone(), |r| format!("can {r}"));
    KINDS
        .iter()
        .find(|k| k.name == n || k.aliases.contains(&n.as_str()))
}

impl Kind {
    /// The declaration of this kind.
    pub fn spec(self) -> &'static KindSpec {
        KINDS
            .iter()
            .find(|k| k.kind == self)
            .expect("every kind is declared in KINDS")
    }

    pub fn name(self) -> &'static str {
        self.spec().name
    }
}

/// The pieces a question is about and who asks: `card` (the one piece the
/// question is about), `by` (the pieces acting, or the group) and `player`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Party {
    pub player: Option<PlayerId>,
    pub card: Option<PieceId>,
    pub by: Vec<PieceId>,
}

impl Party {
    /// `by`, then `card`: every piece named as acting.
    pub fn pieces(&self) -> Vec<usize> {
        self.by.iter().chain(&self.card).map(|p| p.0).collect()
    }

    /// `card`, else the first of `by`.
    pub fn first(&self) -> Option<usize> {
        self.card.or(self.by.first().copied()).map(|p| p.0)
    }

    pub fn card(&self) -> Option<usize> {
        self.card.map(|p| p.0)
    }

    pub fn by(&self) -> Vec<usize> {
        self.by.iter().map(|p| p.0).collect()
    }
}

/// Indices of pieces, for the state's accessors.
pub fn indices(ids: &[PieceId]) -> Vec<usize> {
    ids.iter().map(|p| p.0).collect()
}

/// Who may attack: initiate a battle, counter-attack or return fire
/// (Glossary "battle").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BattleMode {
    #[default]
    Initiate,
    CounterAttack,
    ReturnFire,
}

impl BattleMode {
    pub fn parse(s: &str) -> Option<BattleMode> {
        match fold_words(s).as_str() {
            "initiate" | "initiate battle" => Some(BattleMode::Initiate),
            "counter attack" | "counterattack" => Some(BattleMode::CounterAttack),
            "return fire" => Some(BattleMode::ReturnFire),
            _ => None,
        }
    }
}

/// `valid response` / `can play`: the card, and which of its functions is
/// used (`function = "<excerpt>"`): each "OR" function keeps its own timing.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayQuestion {
    pub who: Party,
    /// An excerpt of the function used, matched against the card's compiled
    /// functions when the file is loaded.
    pub function: Option<String>,
    /// What the card is played on, checked against its "plays on" text.
    pub target: Vec<PieceId>,
    /// The location (mission) it is played on.
    pub to: Option<Target>,
    /// It plays for free (its text or another card's says so): not the
    /// normal card play, but still in the card play segment.
    pub free: bool,
}

/// `can act`: may the party take the act now?
#[derive(Debug, Clone, PartialEq)]
pub struct ActQuestion {
    pub who: Party,
    /// The act in the `can act` vocabulary ("beam", "land", "commandeer").
    pub act: String,
    pub to: Option<Target>,
    pub target: Vec<PieceId>,
    /// A card in the scenario the question says allows the act.
    pub allowed_by: Option<PieceId>,
}

/// `can report`: may `card` report for duty `to` a facility now?
#[derive(Debug, Clone, PartialEq)]
pub struct ReportQuestion {
    pub who: Party,
    pub to: Option<Target>,
    /// Reported by a card that allows it, outside the normal card play.
    pub free: bool,
    pub allowed_by: Option<PieceId>,
}

/// `can staff` / `can move`: a ship, and where it moves.
#[derive(Debug, Clone, PartialEq)]
pub struct ShipQuestion {
    pub who: Party,
    pub to: Option<Target>,
    /// For `can move`: a card allowing movements outside the normal ones.
    pub allowed_by: Option<PieceId>,
}

/// `can attempt` / `meets requirements`: a group at a mission (or facing a
/// requirement or a dilemma's conditions).
#[derive(Debug, Clone, PartialEq)]
pub struct AttemptQuestion {
    pub who: Party,
    pub mission: Option<LocationId>,
    pub requirement: Option<String>,
    pub dilemma: Option<Card>,
}

/// `can attack`.
#[derive(Debug, Clone, PartialEq)]
pub struct AttackQuestion {
    pub who: Party,
    pub target: Vec<PieceId>,
    pub battle: BattleMode,
    pub allowed_by: Option<PieceId>,
}

/// `compatible` / `can coexist`: cards together.
#[derive(Debug, Clone, PartialEq)]
pub struct CardsQuestion {
    pub who: Party,
    pub cards: Vec<PieceId>,
}

/// `dilemma outcome`: what a dilemma does to the group facing it.
#[derive(Debug, Clone, PartialEq)]
pub struct DilemmaQuestion {
    pub who: Party,
    pub dilemma: Card,
    /// A claim about the outcome ("Data is killed").
    pub is: Option<String>,
    /// The cards a selection already made picked (random selection, a
    /// player's choice): the encounter applies its effect to them.
    pub selected: Vec<PieceId>,
    /// Where `card` is claimed to be relocated (`is = "relocated"`).
    pub to: Option<Target>,
}

/// `outcome`: a value the rules compute.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OutcomeQuestion {
    pub who: Party,
    /// What to compute: attack result, combat, battle winner, attribute,
    /// points, range.
    pub of: String,
    pub cards: Vec<PieceId>,
    pub target: Vec<PieceId>,
    pub against: Option<PieceId>,
    pub attribute: Option<String>,
    /// The one person of a dual-personnel `card` asked about.
    pub person: Option<String>,
    pub attack: Option<i32>,
    pub defense: Option<i32>,
    pub attack_bonus: Option<i32>,
    pub defense_bonus: Option<i32>,
    /// The mission solved (`of = "points after solving"`).
    pub mission: Option<LocationId>,
    /// Where the card moves (`of = "range after moving"`).
    pub to: Option<Target>,
    /// The battle was cancelled after it was properly initiated.
    pub cancelled: bool,
    pub is: Option<String>,
    /// The cards a selection already made picked (`of = "attempt"`).
    pub selected: Vec<PieceId>,
}

/// A question, one variant per kind.
#[derive(Debug, Clone, PartialEq)]
pub enum Question {
    ValidResponse(PlayQuestion),
    CanPlay(PlayQuestion),
    CanAct(ActQuestion),
    CanReport(ReportQuestion),
    CanStaff(ShipQuestion),
    CanMove(ShipQuestion),
    CanAttempt(AttemptQuestion),
    MeetsRequirements(AttemptQuestion),
    CanAttack(AttackQuestion),
    Compatible(CardsQuestion),
    CanCoexist(CardsQuestion),
    DilemmaOutcome(DilemmaQuestion),
    Outcome(OutcomeQuestion),
    DeckLegal(Party),
}

impl Question {
    /// Who asks and the pieces the question is about.
    pub fn who(&self) -> &Party {
        match self {
            Question::ValidResponse(q) | Question::CanPlay(q) => &q.who,
            Question::DeckLegal(w) => w,
            Question::CanAct(q) => &q.who,
            Question::CanReport(q) => &q.who,
            Question::CanStaff(q) | Question::CanMove(q) => &q.who,
            Question::CanAttempt(q) | Question::MeetsRequirements(q) => &q.who,
            Question::CanAttack(q) => &q.who,
            Question::Compatible(q) | Question::CanCoexist(q) => &q.who,
            Question::DilemmaOutcome(q) => &q.who,
            Question::Outcome(q) => &q.who,
        }
    }

    pub fn kind(&self) -> Kind {
        match self {
            Question::ValidResponse(_) => Kind::ValidResponse,
            Question::CanPlay(_) => Kind::CanPlay,
            Question::CanAct(_) => Kind::CanAct,
            Question::CanReport(_) => Kind::CanReport,
            Question::CanStaff(_) => Kind::CanStaff,
            Question::CanMove(_) => Kind::CanMove,
            Question::CanAttempt(_) => Kind::CanAttempt,
            Question::MeetsRequirements(_) => Kind::MeetsRequirements,
            Question::CanAttack(_) => Kind::CanAttack,
            Question::Compatible(_) => Kind::Compatible,
            Question::CanCoexist(_) => Kind::CanCoexist,
            Question::DilemmaOutcome(_) => Kind::DilemmaOutcome,
            Question::Outcome(_) => Kind::Outcome,
            Question::DeckLegal(_) => Kind::DeckLegal,
        }
    }
}

/// The arguments of a question as read, typed but not yet checked against
/// its kind's declaration.
#[derive(Debug, Clone, Default)]
pub struct Args {
    pub player: Option<PlayerId>,
    pub card: Option<PieceId>,
    pub by: Vec<PieceId>,
    pub cards: Vec<PieceId>,
    pub target: Vec<PieceId>,
    pub to: Option<Target>,
    pub mission: Option<LocationId>,
    pub dilemma: Option<Card>,
    pub against: Option<PieceId>,
    pub allowed_by: Option<PieceId>,
    pub act: Option<String>,
    pub requirement: Option<String>,
    pub of: Option<String>,
    pub is: Option<String>,
    pub function: Option<String>,
    pub selected: Vec<PieceId>,
    pub attribute: Option<String>,
    pub person: Option<String>,
    pub battle: Option<BattleMode>,
    pub free: bool,
    pub cancelled: bool,
    pub attack: Option<i32>,
    pub defense: Option<i32>,
    pub attack_bonus: Option<i32>,
    pub defense_bonus: Option<i32>,
}

/// A required argument the question lacks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MissingArg {
    pub kind: Kind,
    pub arg: ArgSpec,
}

impl std::fmt::Display for MissingArg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "`{}` needs `{}` ({})",
            self.kind.name(),
            self.arg.key,
            self.arg.ty.describe()
        )
    }
}

impl PartialEq for ArgSpec {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}

impl Eq for ArgSpec {}

impl Args {
    /// Whether the argument `key` was given.
    fn has(&self, key: &str) -> bool {
        match key {
            "player" => self.player.is_some(),
            "card" => self.card.is_some(),
            "by" => !self.by.is_empty(),
            "cards" => !self.cards.is_empty(),
            "target" => !self.target.is_empty(),
            "to" => self.to.is_some(),
            "mission" => self.mission.is_some(),
            "dilemma" => self.dilemma.is_some(),
            "against" => self.against.is_some(),
            "allowed_by" => self.allowed_by.is_some(),
            "act" => self.act.is_some(),
            "requirement" => self.requirement.is_some(),
            "of" => self.of.is_some(),
            "is" => self.is.is_some(),
            "function" => self.function.is_some(),
            "selected" => !self.selected.is_empty(),
            "attribute" => self.attribute.is_some(),
            "battle" => self.battle.is_some(),
            "free" => self.free,
            "cancelled" => self.cancelled,
            "attack" => self.attack.is_some(),
            "defense" => self.defense.is_some(),
            "attack_bonus" => self.attack_bonus.is_some(),
            "defense_bonus" => self.defense_bonus.is_some(),
            _ => false,
        }
    }

    fn party(&self) -> Party {
        Party {
            player: self.player.clone(),
            card: self.card,
            by: self.by.clone(),
        }
    }

    /// The question of `kind` these arguments ask, or the first required
    /// argument missing.
    pub fn question(self, kind: Kind) -> Result<Question, MissingArg> {
        if let Some(a) = kind
            .spec()
            .args
            .iter()
            .find(|a| a.required && !self.has(a.key))
        {
            return Err(MissingArg { kind, arg: *a });
        }
        let who = self.party();
        let attempt = |a: Args| AttemptQuestion {
            who: a.party(),
            mission: a.mission,
            requirement: a.requirement,
            dilemma: a.dilemma,
        };
        let cards = |a: Args| CardsQuestion {
            who: a.party(),
            cards: a.cards,
        };
        // Required arguments were checked above, so the `unwrap_or_default`s
        // below only fill what a kind leaves optional.
        Ok(match kind {
            Kind::ValidResponse => Question::ValidResponse(PlayQuestion {
                who,
                function: self.function,
                target: self.target,
                to: self.to,
                free: false,
            }),
            Kind::CanPlay => Question::CanPlay(PlayQuestion {
                who,
                function: self.function,
                target: self.target,
                to: self.to,
                free: self.free,
            }),
            Kind::CanAct => Question::CanAct(ActQuestion {
                who,
                act: self.act.unwrap_or_default(),
                to: self.to,
                target: self.target,
                allowed_by: self.allowed_by,
            }),
            Kind::CanReport => Question::CanReport(ReportQuestion {
                who,
                to: self.to,
                free: self.free,
                allowed_by: self.allowed_by,
            }),
            Kind::CanStaff => Question::CanStaff(ShipQuestion {
                who,
                to: self.to,
                allowed_by: None,
            }),
            Kind::CanMove => Question::CanMove(ShipQuestion {
                who,
                to: self.to,
                allowed_by: self.allowed_by,
            }),
            Kind::CanAttempt => Question::CanAttempt(attempt(self)),
            Kind::MeetsRequirements => Question::MeetsRequirements(attempt(self)),
            Kind::CanAttack => Question::CanAttack(AttackQuestion {
                who,
                target: self.target,
                battle: self.battle.unwrap_or_default(),
                allowed_by: self.allowed_by,
            }),
            Kind::Compatible => Question::Compatible(cards(self)),
            Kind::CanCoexist => Question::CanCoexist(cards(self)),
            Kind::DilemmaOutcome => Question::DilemmaOutcome(DilemmaQuestion {
                who,
                dilemma: self.dilemma.expect("`dilemma` is required"),
                is: self.is,
                selected: self.selected,
                to: self.to,
            }),
            Kind::Outcome => Question::Outcome(OutcomeQuestion {
                who,
                of: self.of.unwrap_or_default(),
                cards: self.cards,
                target: self.target,
                against: self.against,
                attribute: self.attribute,
                person: self.person,
                attack: self.attack,
                defense: self.defense,
                attack_bonus: self.attack_bonus,
                defense_bonus: self.defense_bonus,
                mission: self.mission,
                to: self.to,
                cancelled: self.cancelled,
                is: self.is,
                selected: self.selected,
            }),
            Kind::DeckLegal => Question::DeckLegal(who),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_is_declared_once_and_aliases_do_not_collide() {
        let mut seen = std::collections::BTreeSet::new();
        for k in KINDS {
            assert!(seen.insert(k.name), "{} declared twice", k.name);
            for a in k.aliases {
                assert!(seen.insert(a), "alias {a} names two kinds");
            }
            assert_eq!(k.kind.spec().name, k.name);
        }
    }

    #[test]
    fn written_spellings_find_their_kind() {
        assert_eq!(kind_named("Can_Play").unwrap().kind, Kind::CanPlay);
        assert_eq!(kind_named("may attack").unwrap().kind, Kind::CanAttack);
        assert_eq!(
            kind_named("meets requirement?").unwrap().kind,
            Kind::MeetsRequirements
        );
        assert!(kind_named("can fly").is_none());
    }

    #[test]
    fn a_missing_required_argument_is_named() {
        let err = Args::default().question(Kind::CanAct).unwrap_err();
        assert_eq!(err.arg.key, "act");
        assert!(err.to_string().contains("`can act` needs `act`"));
        let q = Args {
            act: Some("beam".into()),
            by: vec![PieceId(2)],
            ..Args::default()
        }
        .question(Kind::CanAct)
        .unwrap();
        assert_eq!(q.kind(), Kind::CanAct);
    }

    #[test]
    fn battle_modes_are_read_any_way_written() {
        assert_eq!(
            BattleMode::parse("Counter-Attack"),
            Some(BattleMode::CounterAttack)
        );
        assert_eq!(
            BattleMode::parse("return_fire"),
            Some(BattleMode::ReturnFire)
        );
        assert_eq!(BattleMode::parse("ambush"), None);
    }
}
