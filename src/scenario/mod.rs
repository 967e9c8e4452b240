//! Scenario files: TOML game-state snippets with questions, read with spans so a
//! mistake is reported at its line and column. [`format`] is the file as
//! written; [`load`] resolves every title and place into an engine
//! [`GameState`] plus [`Question`]s; [`run`] answers them.

pub mod check;
pub mod format;
pub mod printed;
pub mod resolve;
pub mod words;

use crate::cards::model::{Card, CardDb, CardType};
use crate::engine::action::{Action, Step};
use crate::engine::state::{Deck, Format, GameState, Location, Piece, Place, Status, Target};
use crate::engine::verdict::Verdict;
use format::{CardSpec, Names, QuestionSpec, ScenarioFile};
pub use resolve::{DbTitleResolver, TitleError, TitleResolver};
use std::path::{Path, PathBuf};
use toml::Spanned;

/// A mistake in a scenario file, with where it is.
#[derive(Debug, Clone, PartialEq)]
pub struct ScenarioError {
    pub file: PathBuf,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl std::fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Line 0 means the whole file (it could not be read at all).
        if self.line == 0 {
            return write!(f, "{}: {}", self.file.display(), self.message);
        }
        write!(
            f,
            "{}:{}:{}: {}",
            self.file.display(),
            self.line,
            self.col,
            self.message
        )
    }
}

impl std::error::Error for ScenarioError {}

/// A question, its names resolved.
#[derive(Debug, Clone)]
pub struct Question {
    pub ask: String,
    pub line: usize,
    pub card: Option<usize>,
    pub player: Option<String>,
    pub expect: Option<String>,
    pub act: Option<String>,
    pub by: Vec<usize>,
    pub cards: Vec<usize>,
    pub to: Option<Target>,
    pub mission: Option<usize>,
    /// A dilemma (or mission) card named by the question, from play or the database.
    pub dilemma: Option<Card>,
    pub requirement: Option<String>,
    pub target: Vec<usize>,
    pub against: Option<usize>,
    pub of: Option<String>,
    pub is: Option<String>,
    pub attribute: Option<String>,
    pub free: bool,
    pub battle: Option<String>,
    pub allowed_by: Option<String>,
    pub attack: Option<i32>,
    pub defense: Option<i32>,
    pub attack_bonus: Option<i32>,
    pub defense_bonus: Option<i32>,
}

/// A loaded scenario.
#[derive(Debug, Clone)]
pub struct Scenario {
    pub path: PathBuf,
    pub title: String,
    pub source: Option<format::SourceRef>,
    pub state: GameState,
    pub questions: Vec<Question>,
}

/// One answered question.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Answer {
    pub ask: String,
    pub line: usize,
    pub verdict: Verdict,
    pub expect: Option<String>,
    /// `Some(true)` when `expect` was given and matched.
    pub passed: Option<bool>,
}

/// Read a scenario file.
pub fn load_file(
    path: &Path,
    db: &CardDb,
    resolver: &dyn TitleResolver,
) -> Result<Scenario, ScenarioError> {
    let text = std::fs::read_to_string(path).map_err(|e| ScenarioError {
        file: path.to_path_buf(),
        line: 0,
        col: 0,
        message: format!("cannot read: {e}"),
    })?;
    load(path, &text, db, resolver)
}

/// Parse and resolve scenario text; `path` names it in diagnostics.
pub fn load(
    path: &Path,
    text: &str,
    db: &CardDb,
    resolver: &dyn TitleResolver,
) -> Result<Scenario, ScenarioError> {
    let file: ScenarioFile = toml::from_str(text).map_err(|e| {
        let (line, col) = e
            .span()
            .map_or((0, 0), |s| crate::diag::line_col(text, s.start));
        ScenarioError {
            file: path.to_path_buf(),
            line,
            col,
            message: with_field_suggestion(e.message().trim()),
        }
    })?;
    Builder {
        path,
        text,
        db,
        resolver,
    }
    .build(file)
}

/// serde's "unknown field `stoped`, expected one of `id`, ..." gains
/// "; did you mean `stopped`?" when a known key is close.
fn with_field_suggestion(message: &str) -> String {
    let Some(rest) = message.strip_prefix("unknown field `") else {
        return message.to_string();
    };
    let Some((field, expected)) = rest.split_once('`') else {
        return message.to_string();
    };
    let known: Vec<String> = expected
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect();
    let hint = suggest(field, &known).replace('"', "`");
    format!("{message}{hint}")
}

/// Answer every question of a scenario.
pub fn run(scenario: &Scenario, db: &CardDb) -> Vec<Answer> {
    scenario
        .questions
        .iter()
        .map(|q| {
            let verdict = crate::engine::checks::answer(q, &scenario.state, db);
            let passed = q.expect.as_ref().map(|e| expectation_met(e, &verdict));
            Answer {
                ask: q.ask.clone(),
                line: q.line,
                verdict,
                expect: q.expect.clone(),
                passed,
            }
        })
        .collect()
}

/// `expect` against the verdict: yes/no spelt any way (`true`, `"Yes."`);
/// `"undecided"` (with or without what is missing) matches any undecided.
fn expectation_met(expect: &str, verdict: &Verdict) -> bool {
    let got = words::expectation(&verdict.value.to_string());
    let want = words::expectation(expect);
    got == want || (want.starts_with("undecided") && got.starts_with("undecided"))
}

struct Builder<'a> {
    path: &'a Path,
    text: &'a str,
    db: &'a CardDb,
    resolver: &'a dyn TitleResolver,
}

const ZONES: &[(&str, Place)] = &[
    ("hand", Place::Hand),
    ("discard", Place::Discard),
    ("discard pile", Place::Discard),
    ("draw deck", Place::DrawDeck),
    ("seed deck", Place::SeedDeck),
    ("table", Place::Table),
    ("core", Place::Table),
];

impl<'a> Builder<'a> {
    fn err<T>(&self, span: std::ops::Range<usize>, message: String) -> Result<T, ScenarioError> {
        let (line, col) = crate::diag::line_col(self.text, span.start);
        Err(ScenarioError {
            file: self.path.to_path_buf(),
            line,
            col,
            message,
        })
    }

    fn card(&self, title: &Spanned<String>, kind: Option<&str>) -> Result<Card, ScenarioError> {
        match self.resolver.resolve(title.get_ref(), kind) {
            Ok(id) => Ok(self.db.cards[id].clone()),
            Err(TitleError::Unknown { suggestions }) => {
                let hint = if suggestions.is_empty() {
                    String::new()
                } else {
                    format!("; did you mean {}?", quote_list(&suggestions))
                };
                self.err(
                    title.span(),
                    format!("no card titled \"{}\"{hint}", title.get_ref()),
                )
            }
            Err(TitleError::Ambiguous { candidates }) => self.err(
                title.span(),
                format!(
                    "\"{}\" names {} different cards ({}); add `type = \"...\"` to choose",
                    title.get_ref(),
                    candidates.len(),
                    candidates.join("; ")
                ),
            ),
        }
    }

    fn build(&self, file: ScenarioFile) -> Result<Scenario, ScenarioError> {
        let mut state = GameState {
            turn_player: file.game.turn.clone().unwrap_or_default(),
            points: file.game.points.clone(),
            bonus_points: file.game.bonus_points.clone(),
            normal_card_play_used: file.game.normal_card_play_used,
            orders_begun: file.game.orders_begun,
            attacked_last_turn: file
                .game
                .attacked_last_turn
                .as_ref()
                .map(|n| n.items(&[',']))
                .unwrap_or_default(),
            ..GameState::default()
        };
        if let Some(phase) = &file.game.phase {
            state.phase = words::phase(phase.get_ref()).map_or_else(
                || {
                    self.err(
                        phase.span(),
                        format!(
                            "unknown phase \"{}\"; expected seed, start of turn, card play, execute orders or end of turn",
                            phase.get_ref()
                        ),
                    )
                },
                Ok,
            )?;
        }
        if let Some(f) = &file.game.format {
            state.format = match words::norm(f.get_ref()).as_str() {
                "standard" | "standard format" => Format::Standard,
                "open" | "open format" => Format::Open,
                "warp speed" | "warp speed format" => Format::WarpSpeed,
                _ => {
                    return self.err(
                        f.span(),
                        format!(
                            "unknown format \"{}\": expected standard, open or warp speed",
                            f.get_ref()
                        ),
                    )
                }
            };
        }
        for loc in &file.locations {
            let mission = self.card(&loc.mission, Some("mission"))?;
            state.locations.push(Location {
                name: mission.title.clone(),
                written: loc.mission.get_ref().clone(),
                mission,
                owner: loc.owner.clone(),
                solved_by: loc.solved_by.clone(),
                attempted_before: loc.attempted_before,
                span: loc.span,
            });
        }
        // First pass: every card and its handle, so `at` may name a later card.
        let default_owner = state.turn_player.clone();
        for spec in &file.cards {
            let card = self.spec_card(spec)?;
            let handle = spec
                .id
                .as_ref()
                .map_or_else(|| card.title.clone(), |i| i.get_ref().clone());
            let owner = spec.owner.clone().unwrap_or_else(|| default_owner.clone());
            state.pieces.push(Piece {
                handle,
                written: spec.title.get_ref().clone(),
                controller: spec.controller.clone().unwrap_or_else(|| owner.clone()),
                owner,
                card,
                at: Place::Table,
                status: self.status_of(spec)?,
                docked: None,
                mode: self.mode(spec)?,
                target: None,
                copies: spec.copies.unwrap_or(1),
            });
        }
        for (i, spec) in file.cards.iter().enumerate() {
            let at = match &spec.at {
                Some(at) => self.place(&state, i, at)?,
                None => Place::Table,
            };
            state.pieces[i].at = at;
            self.dock(&mut state, i, spec)?;
            if let Some(t) = &spec.target {
                state.pieces[i].target = Some(self.target(&state, t)?);
            }
        }
        if let Some(a) = &file.action {
            // A player a question asks for may also be the one taking the action.
            let askers: Vec<String> = file
                .questions
                .iter()
                .filter_map(|q| q.player.clone())
                .collect();
            state.action = Some(self.action(&state, a, &askers)?);
        }
        if let Some(d) = &file.deck {
            state.deck = Some(Deck {
                owner: d.owner.clone().unwrap_or_else(|| default_owner.clone()),
                seed: self.deck_list(&d.seed)?,
                draw: self.deck_list(&d.draw)?,
                side: self.deck_list(&d.side)?,
                tournament: d.tournament,
            });
        }
        self.adopt_named_cards(&mut state, &file.questions);
        let questions = file
            .questions
            .iter()
            .map(|q| self.question(&state, q))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Scenario {
            path: self.path.to_path_buf(),
            title: file.title,
            source: file.source,
            state,
            questions,
        })
    }

    /// A `[[card]]`'s card: the database's with `printed` applied, or, for a
    /// title the database lacks, one built from `printed` (which then needs
    /// `type`).
    fn spec_card(&self, spec: &CardSpec) -> Result<Card, ScenarioError> {
        let mut card = match self.card(&spec.title, spec.card_type.as_deref()) {
            Ok(c) => c,
            Err(e) if !spec.printed.is_empty() => {
                return printed::synthesize(
                    spec.title.get_ref(),
                    spec.card_type.as_deref(),
                    &spec.printed,
                )
                .map_or_else(
                    || {
                        self.err(
                            spec.title.span(),
                            format!(
                                "{}; to describe a card the database lacks, give its type: `printed = {{ type = \"personnel\", ... }}`",
                                e.message
                            ),
                        )
                    },
                    Ok,
                );
            }
            Err(e) => return Err(e),
        };
        printed::apply(&mut card, &spec.printed);
        Ok(card)
    }

    /// The boolean state keys plus a `states = [...]` list.
    fn status_of(&self, s: &CardSpec) -> Result<Status, ScenarioError> {
        let mut st = Status {
            stopped: s.stopped,
            stunned: s.stunned,
            mortally_wounded: s.mortally_wounded,
            disabled: s.disabled,
            face_down: s.face_down,
            closed: s.closed,
            damaged: s.damaged,
            cloaked: s.cloaked,
            phased: s.phased,
            landed: s.landed,
            used_this_turn: s.used_this_turn,
            used_this_game: s.used_this_game,
            played_this_turn: s.played_this_turn,
            range_used: s.range_used,
            attacked_last_turn: s.attacked_last_turn,
            in_stasis: s.in_stasis,
            house_arrest: s.house_arrest,
            intruder: s.intruder,
        };
        for name in s.states.iter().flat_map(|n| n.list()) {
            let Some(word) = words::state(name.get_ref()) else {
                let known: Vec<String> = words::STATES.iter().map(|s| s.to_string()).collect();
                return self.err(
                    name.span(),
                    format!(
                        "unknown state \"{}\"{}; known: {}",
                        name.get_ref(),
                        suggest(name.get_ref(), &known),
                        words::STATES.join(", ")
                    ),
                );
            };
            let flag = match word {
                "stopped" => &mut st.stopped,
                "stunned" => &mut st.stunned,
                "mortally wounded" => &mut st.mortally_wounded,
                "disabled" => &mut st.disabled,
                "face down" => &mut st.face_down,
                "closed" => &mut st.closed,
                "damaged" => &mut st.damaged,
                "cloaked" => &mut st.cloaked,
                "phased" => &mut st.phased,
                "landed" => &mut st.landed,
                "used this turn" => &mut st.used_this_turn,
                "used this game" => &mut st.used_this_game,
                "played this turn" => &mut st.played_this_turn,
                "attacked last turn" => &mut st.attacked_last_turn,
                "in stasis" => &mut st.in_stasis,
                "under house arrest" => &mut st.house_arrest,
                _ => &mut st.intruder,
            };
            *flag = true;
        }
        Ok(st)
    }

    /// `mode = "klingon"` → the affiliation's own spelling; an unknown
    /// affiliation is an error with a suggestion.
    fn mode(&self, spec: &CardSpec) -> Result<Option<String>, ScenarioError> {
        let Some(m) = &spec.mode else {
            return Ok(None);
        };
        let v = crate::vocab::vocabulary();
        let name = v
            .icons
            .affiliation(m.get_ref())
            .or_else(|| v.affiliations.canonical(m.get_ref()));
        match name {
            Some(n) => Ok(Some(n.to_string())),
            None => {
                let known: Vec<String> = v
                    .affiliations
                    .names
                    .iter()
                    .map(|a| a.name.clone())
                    .collect();
                self.err(
                    m.span(),
                    format!(
                        "mode \"{}\" is not an affiliation{}",
                        m.get_ref(),
                        suggest(m.get_ref(), &known)
                    ),
                )
            }
        }
    }

    /// Docking as written: `docked = "<facility>"`, `docked = true` beside
    /// `at = "<facility>"` or at a location with one facility, or a ship
    /// simply `at` a facility (a ship aboard a facility is docked there).
    fn dock(&self, state: &mut GameState, i: usize, spec: &CardSpec) -> Result<(), ScenarioError> {
        let is_facility =
            |s: &GameState, f: usize| s.pieces[f].card.card_type == CardType::Facility;
        let facility = match spec
            .docked
            .as_ref()
            .map(|d| (d.span(), d.get_ref().clone()))
        {
            Some((span, format::Docked::At(name))) => {
                Some(self.piece(state, &Spanned::new(span, name))?)
            }
            Some((_, format::Docked::Flag(false))) => None,
            Some((span, format::Docked::Flag(true))) => match state.pieces[i].at {
                Place::Aboard(f) if is_facility(state, f) => Some(f),
                Place::Space(l) | Place::Planet(l) => {
                    let here: Vec<usize> = (0..state.pieces.len())
                        .filter(|&f| is_facility(state, f) && state.location_of(f) == Some(l))
                        .collect();
                    match here.as_slice() {
                        [one] => Some(*one),
                        _ => {
                            return self.err(
                                span,
                                format!(
                                    "`docked = true` needs one facility at the ship's location (found {}); write `docked = \"<facility id>\"`",
                                    here.len()
                                ),
                            )
                        }
                    }
                }
                _ => {
                    return self.err(
                        span,
                        "`docked = true` needs the ship `at` a facility or a location".into(),
                    )
                }
            },
            None => match state.pieces[i].at {
                Place::Aboard(f)
                    if is_facility(state, f)
                        && state.pieces[i].card.card_type == CardType::Ship =>
                {
                    Some(f)
                }
                _ => None,
            },
        };
        if let Some(f) = facility {
            state.pieces[i].docked = Some(f);
            if state.pieces[i].at == Place::Aboard(f) {
                // Docked ships are at the facility's location, beside it.
                state.pieces[i].at = match state.pieces[f].at {
                    Place::Planet(l) => Place::Planet(l),
                    _ => state
                        .location_of(f)
                        .map_or(state.pieces[f].at, Place::Space),
                };
            }
        }
        Ok(())
    }

    /// Cards a question names that no `[[card]]` lists but the database has:
    /// they join the scenario (in hand for `can play`, `valid response` and
    /// `can report`; on the table otherwise), owned by the asker. A mission a
    /// question names joins the spaceline the same way.
    fn adopt_named_cards(&self, state: &mut GameState, questions: &[QuestionSpec]) {
        for q in questions {
            let ask = words::ask(q.ask.get_ref()).unwrap_or("");
            let place = if matches!(ask, "can play" | "valid response" | "can report") {
                Place::Hand
            } else {
                Place::Table
            };
            let owner = q
                .player
                .clone()
                .unwrap_or_else(|| state.turn_player.clone());
            let mut names: Vec<String> = q.card.iter().map(|c| c.get_ref().clone()).collect();
            for list in [&q.by, &q.cards, &q.target] {
                names.extend(list.iter().flat_map(|n| n.list()).map(|s| s.into_inner()));
            }
            names.extend(q.against.iter().map(|c| c.get_ref().clone()));
            for name in names {
                if state.find(&name).is_some() || state.find_location(&name).is_some() {
                    continue;
                }
                if let Ok(id) = self.resolver.resolve(&name, None) {
                    let card = self.db.cards[id].clone();
                    if card.card_type == CardType::Mission {
                        continue;
                    }
                    state.pieces.push(Piece {
                        written: name.clone(),
                        handle: name,
                        controller: owner.clone(),
                        owner: owner.clone(),
                        card,
                        at: place,
                        status: Status::default(),
                        docked: None,
                        mode: None,
                        target: None,
                        copies: 1,
                    });
                }
            }
            if let Some(m) = &q.mission {
                if state.find_location(m.get_ref()).is_none() {
                    if let Ok(id) = self.resolver.resolve(m.get_ref(), Some("mission")) {
                        let mission = self.db.cards[id].clone();
                        state.locations.push(Location {
                            name: mission.title.clone(),
                            written: m.get_ref().clone(),
                            mission,
                            owner: None,
                            solved_by: None,
                            attempted_before: false,
                            span: None,
                        });
                    }
                }
            }
        }
    }

    fn deck_list(&self, list: &[Spanned<String>]) -> Result<Vec<Card>, ScenarioError> {
        let mut out = Vec::new();
        for entry in list {
            let (n, title) = split_count(entry.get_ref());
            let spanned = Spanned::new(entry.span(), title.to_string());
            let card = self.card(&spanned, None)?;
            out.extend(std::iter::repeat_n(card, n));
        }
        Ok(out)
    }

    fn piece(&self, state: &GameState, name: &Spanned<String>) -> Result<usize, ScenarioError> {
        state.find(name.get_ref()).map_or_else(
            || {
                let known: Vec<String> = state.pieces.iter().map(|p| p.handle.clone()).collect();
                self.err(
                    name.span(),
                    format!(
                        "no card \"{}\" in this scenario{}",
                        name.get_ref(),
                        suggest(name.get_ref(), &known)
                    ),
                )
            },
            Ok,
        )
    }

    fn place(
        &self,
        state: &GameState,
        me: usize,
        at: &Spanned<String>,
    ) -> Result<Place, ScenarioError> {
        let raw = at.get_ref().trim();
        let folded = crate::repair::fold_for_match(raw);
        if let Some((_, p)) = ZONES.iter().find(|(z, _)| *z == folded) {
            return Ok(*p);
        }
        for (prefix, planet) in [("planet:", true), ("seed:", false)] {
            if let Some(rest) = folded.strip_prefix(prefix) {
                let loc = self.location(state, rest.trim(), at)?;
                return Ok(if planet {
                    Place::Planet(loc)
                } else {
                    Place::Seed(loc)
                });
            }
        }
        if let Some(l) = state.find_location(raw) {
            return Ok(Place::Space(l));
        }
        if let Some(c) = state.find(raw) {
            if c == me {
                return self.err(at.span(), format!("\"{raw}\" cannot be aboard itself"));
            }
            if state.pieces[c].card.card_type == CardType::Mission {
                let raw = state.pieces[c].card.title.clone();
                return self.err(
                    at.span(),
                    format!(
                        "\"{}\" is a mission card: nothing is aboard a mission; list it as a [[location]] and use `at = \"{raw}\"` (in space) or `at = \"planet:{raw}\"`",
                        at.get_ref()
                    ),
                );
            }
            return Ok(Place::Aboard(c));
        }
        let mut known: Vec<String> = state.locations.iter().map(|l| l.name.clone()).collect();
        known.extend(state.pieces.iter().map(|p| p.handle.clone()));
        known.extend(ZONES.iter().map(|(z, _)| z.to_string()));
        self.err(
            at.span(),
            format!(
                "no place \"{raw}\": expected a [[location]] mission, planet:<location>, seed:<location>, a card id, or hand | discard | draw deck | seed deck | table{}",
                suggest(raw, &known)
            ),
        )
    }

    fn location(
        &self,
        state: &GameState,
        name: &str,
        at: &Spanned<String>,
    ) -> Result<usize, ScenarioError> {
        state.find_location(name).map_or_else(
            || {
                let known: Vec<String> = state.locations.iter().map(|l| l.name.clone()).collect();
                self.err(
                    at.span(),
                    format!(
                        "no location \"{name}\" on the spaceline{}",
                        suggest(name, &known)
                    ),
                )
            },
            Ok,
        )
    }

    fn target(&self, state: &GameState, t: &Spanned<String>) -> Result<Target, ScenarioError> {
        let raw = t.get_ref().trim();
        if let Some(rest) = crate::repair::fold_for_match(raw).strip_prefix("planet:") {
            return Ok(Target::Planet(self.location(state, rest.trim(), t)?));
        }
        if let Some(l) = state.find_location(raw) {
            return Ok(Target::Location(l));
        }
        Ok(Target::Piece(self.piece(state, t)?))
    }

    fn names(&self, state: &GameState, n: &Option<Names>) -> Result<Vec<usize>, ScenarioError> {
        n.as_ref()
            .map(|n| n.list())
            .unwrap_or_default()
            .iter()
            .map(|s| self.piece(state, s))
            .collect()
    }

    fn action(
        &self,
        state: &GameState,
        a: &format::ActionSpec,
        askers: &[String],
    ) -> Result<Action, ScenarioError> {
        let check = |n: &Spanned<String>| -> Result<String, ScenarioError> {
            // Card names in an action are read as titles, so a title the
            // database knows needs no `[[card]]` entry (docs/scenarios.md).
            if state.find(n.get_ref()).is_some()
                || state.find_location(n.get_ref()).is_some()
                || state.pieces.iter().any(|p| p.owner == *n.get_ref())
                || state.turn_player == *n.get_ref()
                || askers.contains(n.get_ref())
            {
                Ok(n.get_ref().clone())
            } else if let Ok(id) = self.resolver.resolve(n.get_ref(), None) {
                // A card the action names but no `[[card]]` lists (the dilemma
                // encountered, the card played) is read from the database.
                Ok(self.db.cards[id].title.clone())
            } else {
                self.piece(state, n).map(|_| n.get_ref().clone())
            }
        };
        let step = match &a.step {
            None => Step::Initiated,
            Some(st) => words::step(st.get_ref()).map_or_else(
                || {
                    self.err(
                        st.span(),
                        format!(
                            "unknown step \"{}\": expected initiated, under way or resolved (also \"just initiated\", \"in progress\", \"just completed\")",
                            st.get_ref()
                        ),
                    )
                },
                Ok,
            )?,
        };
        Ok(Action {
            kind: words::kind(a.kind.get_ref()),
            by: a
                .by
                .as_ref()
                .map(|n| n.list())
                .unwrap_or_default()
                .iter()
                .map(check)
                .collect::<Result<_, _>>()?,
            targets: a
                .targets
                .as_ref()
                .map(|n| n.list())
                .unwrap_or_default()
                .iter()
                .map(check)
                .collect::<Result<_, _>>()?,
            card: a.card.as_ref().map(check).transpose()?,
            to: a.to.as_ref().map(check).transpose()?,
            step,
            stage: a.stage.clone(),
            parent: a
                .parent
                .as_ref()
                .map(|p| self.action(state, p, askers).map(Box::new))
                .transpose()?,
        })
    }

    fn question(&self, state: &GameState, q: &QuestionSpec) -> Result<Question, ScenarioError> {
        let Some(ask) = words::ask(q.ask.get_ref()) else {
            let ask = words::norm(q.ask.get_ref());
            return self.err(
                q.ask.span(),
                format!(
                    "unknown question \"{}\"{}; known: {}",
                    q.ask.get_ref(),
                    suggest(
                        &ask,
                        &crate::engine::checks::ASKS
                            .iter()
                            .map(|s| s.to_string())
                            .collect::<Vec<_>>()
                    ),
                    crate::engine::checks::ASKS.join(", ")
                ),
            );
        };
        let ask = ask.to_string();
        let opt_piece =
            |n: &Option<Spanned<String>>| n.as_ref().map(|s| self.piece(state, s)).transpose();
        let mut dilemma = None;
        if let Some(d) = &q.dilemma {
            dilemma = Some(match state.find(d.get_ref()) {
                Some(i) => state.pieces[i].card.clone(),
                None => self.card(d, None)?,
            });
        }
        let mission = q
            .mission
            .as_ref()
            .map(|m| self.location(state, m.get_ref(), m))
            .transpose()?;
        let card = match (&q.card, ask.as_str()) {
            // `can play` / `valid response` name a card that may be in hand or only in the database.
            (Some(c), _) => Some(self.piece(state, c)?),
            (None, _) => None,
        };
        Ok(Question {
            line: crate::diag::line_col(self.text, q.ask.span().start).0,
            ask,
            card,
            player: q.player.clone(),
            expect: q.expect.as_ref().map(|v| match v {
                toml::Value::String(s) => words::expectation(s),
                toml::Value::Boolean(b) => if *b { "yes" } else { "no" }.to_string(),
                other => other.to_string(),
            }),
            act: q.act.as_deref().map(words::act),
            by: self.names(state, &q.by)?,
            cards: self.names(state, &q.cards)?,
            to: q.to.as_ref().map(|t| self.target(state, t)).transpose()?,
            mission,
            dilemma,
            requirement: q.requirement.as_ref().map(|r| r.get_ref().clone()),
            target: self.names(state, &q.target)?,
            against: opt_piece(&q.against)?,
            of: q.of.as_deref().map(words::norm),
            is: q.is.clone(),
            attribute: q.attribute.clone(),
            free: q.free,
            battle: q.battle.as_deref().map(|b| match words::norm(b).as_str() {
                "counter attack" | "counterattack" => "counter-attack".to_string(),
                other => other.to_string(),
            }),
            allowed_by: q.allowed_by.clone(),
            attack: q.attack,
            defense: q.defense,
            attack_bonus: q.attack_bonus,
            defense_bonus: q.defense_bonus,
        })
    }
}

/// "3x Title", "3 x Title" or "Title x3" → (3, "Title").
fn split_count(entry: &str) -> (usize, &str) {
    let t = entry.trim();
    if let Some((rest, n)) = t.rsplit_once([' ']) {
        if let Some(Ok(n)) = n.strip_prefix(['x', '×']).map(str::parse::<usize>) {
            return (n, rest.trim());
        }
    }
    if let Some((n, rest)) = t.split_once(['x', '×']) {
        if let Ok(n) = n.trim().parse::<usize>() {
            return (n, rest.trim());
        }
    }
    (1, t)
}

/// "; did you mean X?" when a known name is close.
pub fn suggest(name: &str, known: &[String]) -> String {
    let f = crate::repair::fold_for_match(name);
    let best = known
        .iter()
        .map(|k| {
            (
                strsim::jaro_winkler(&f, &crate::repair::fold_for_match(k)),
                k,
            )
        })
        .filter(|(s, _)| *s > 0.75)
        .max_by(|a, b| a.0.total_cmp(&b.0));
    best.map_or(String::new(), |(_, k)| format!("; did you mean \"{k}\"?"))
}

fn quote_list(v: &[String]) -> String {
    v.iter()
        .map(|s| format!("\"{s}\""))
        .collect::<Vec<_>>()
        .join(" or ")
}

#[cfg(test)]
mod tests {
    #[test]
    fn deck_counts_on_either_side() {
        assert_eq!(super::split_count("3x Tricorder"), (3, "Tricorder"));
        assert_eq!(super::split_count("Tricorder x3"), (3, "Tricorder"));
        assert_eq!(
            super::split_count("Alexander Rozhenko"),
            (1, "Alexander Rozhenko")
        );
    }
}
