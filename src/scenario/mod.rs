//! Scenario files: TOML game-state snippets with questions, read with spans so a
//! mistake is reported at its line and column. [`format`] is the file as
//! written; [`load`] resolves every title and place into an engine
//! [`GameState`] plus [`Question`]s; [`run`] answers them.

mod bounds;
pub mod check;
pub mod format;
pub mod printed;
pub mod resolve;
pub mod words;

use crate::cards::model::{Card, CardDb, CardType};
use crate::engine::action::{Action, Step};
use crate::engine::question::{kind_named, Args, BattleMode, KindSpec, PlayerId, Question, KINDS};
use crate::engine::state::{
    Deck, Ending, Format, GameState, Location, LocationId, Piece, PieceId, Place, Status, Target,
};
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
    /// The file's other mistakes, in the order they were found.
    pub further: Vec<ScenarioError>,
}

impl ScenarioError {
    /// This mistake and the file's others, in order.
    pub fn all(&self) -> impl Iterator<Item = &ScenarioError> {
        std::iter::once(self).chain(&self.further)
    }
}

impl std::fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Line 0 means the whole file (it could not be read at all).
        let at = (self.line, self.col);
        crate::diag::write_mistakes(f, &self.file, at, &self.message, &self.further)
    }
}

impl std::error::Error for ScenarioError {}

/// The mistakes found so far in a file, kept so that each is reported.
#[derive(Default)]
struct Faults {
    found: Vec<ScenarioError>,
}

impl Faults {
    /// The value, or nothing with the mistake kept.
    fn keep<T>(&mut self, r: Result<T, ScenarioError>) -> Option<T> {
        r.map_err(|e| self.found.push(e)).ok()
    }

    /// A stage is over: its mistakes, all of them, stop the load.
    fn stage_done(&mut self) -> Result<(), ScenarioError> {
        let mut found = std::mem::take(&mut self.found).into_iter();
        match found.next() {
            None => Ok(()),
            Some(first) => Err(ScenarioError {
                further: found.collect(),
                ..first
            }),
        }
    }
}

/// A question of a scenario: the engine's typed question, the kind's name,
/// where it was asked and what the file expects.
#[derive(Debug, Clone)]
pub struct Asked {
    pub question: Question,
    /// The kind's name as declared in [`crate::engine::question::KINDS`].
    pub ask: &'static str,
    pub line: usize,
    pub expect: Option<String>,
}

/// A loaded scenario.
#[derive(Debug, Clone)]
pub struct Scenario {
    pub path: PathBuf,
    pub title: String,
    pub source: Option<format::SourceRef>,
    /// The entries a verdict must cite one of: `source` and `also_cites`.
    pub proving: Vec<format::SourceRef>,
    pub state: GameState,
    pub questions: Vec<Asked>,
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
    /// `Some(false)` when the file names a source and the verdict cites
    /// neither it nor an `also_cites` entry: the verdict did not prove its
    /// reason.
    pub cites_source: Option<bool>,
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
        further: Vec::new(),
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
            further: Vec::new(),
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
            let verdict = crate::engine::checks::answer(&q.question, &scenario.state, db);
            let cites_source = cites_one_of(&verdict, &scenario.proving);
            let passed = q.expect.as_ref().map(|e| expectation_met(e, &verdict));
            Answer {
                ask: q.ask.to_string(),
                line: q.line,
                verdict,
                expect: q.expect.clone(),
                passed,
                cites_source,
            }
        })
        .collect()
}

/// Whether the verdict cites one of the entries that prove its reason
/// (`None` when the file names none). A source written without a document
/// matches an entry of that title in any document.
fn cites_one_of(verdict: &Verdict, proving: &[format::SourceRef]) -> Option<bool> {
    if proving.is_empty() {
        return None;
    }
    let same =
        |a: &str, b: &str| crate::repair::fold_for_match(a) == crate::repair::fold_for_match(b);
    Some(verdict.citations.iter().any(|c| {
        proving
            .iter()
            .any(|s| same(&c.title, &s.entry) && names_document(&s.doc, &c.doc))
    }))
}

/// Whether a `source`'s document names the cited one: left out, any; its
/// manifest id ("rulebook-1e"); or that id without its edition ("rulebook"
/// names either rulebook).
fn names_document(source: &str, cited: &str) -> bool {
    let (source, cited) = (source.trim().to_lowercase(), cited.to_lowercase());
    source.is_empty() || cited == source || cited.strip_prefix(&format!("{source}-")).is_some()
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
    ("out-of-play", Place::OutOfPlay),
    ("out of play", Place::OutOfPlay),
];

impl<'a> Builder<'a> {
    fn err<T>(&self, span: std::ops::Range<usize>, message: String) -> Result<T, ScenarioError> {
        let (line, col) = crate::diag::line_col(self.text, span.start);
        Err(ScenarioError {
            file: self.path.to_path_buf(),
            line,
            col,
            message,
            further: Vec::new(),
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

    /// Build the scenario in three stages - what the file declares (game,
    /// locations, cards), where the cards are, then the action, deck and
    /// questions - reporting every mistake of a stage before stopping, so a
    /// later stage never reports what an earlier mistake caused.
    fn build(&self, file: ScenarioFile) -> Result<Scenario, ScenarioError> {
        let mut faults = Faults::default();
        let mut state = GameState {
            turn_player: file.game.turn.clone().unwrap_or_default(),
            points: file.game.points.clone(),
            bonus_points: file.game.bonus_points.clone(),
            hand_size: file.game.hand_size.clone(),
            ending: Ending {
                not_counting: file.game.points_not_counting.clone(),
                draw_decks_empty: file.game.draw_decks_empty,
                conceded: file.game.conceded.clone(),
                time_called: file.game.time_called,
                reached_first: file.game.reached_first.clone(),
                lost: file
                    .game
                    .lost
                    .as_ref()
                    .map(|n| n.items(&[',']))
                    .unwrap_or_default(),
            },
            playing_borg: file
                .game
                .playing_borg
                .as_ref()
                .map(|n| n.items(&[',']))
                .unwrap_or_default(),
            normal_card_play_used: file.game.normal_card_play_used,
            orders_begun: file.game.orders_begun,
            draw_no_cards: file
                .game
                .draw_no_cards
                .as_ref()
                .map(|n| n.items(&[',']))
                .unwrap_or_default(),
            attacked_last_turn: file
                .game
                .attacked_last_turn
                .as_ref()
                .map(|n| n.items(&[',']))
                .unwrap_or_default(),
            pending: file
                .game
                .pending
                .as_ref()
                .map(|n| n.items(&[',']))
                .unwrap_or_default(),
            ..GameState::default()
        };
        if let Some(phase) = file
            .game
            .phase
            .as_ref()
            .and_then(|p| faults.keep(self.phase(p)))
        {
            state.phase = phase;
        }
        if let Some(f) = file
            .game
            .format
            .as_ref()
            .and_then(|f| faults.keep(self.format(f)))
        {
            state.format = f;
        }
        for loc in &file.locations {
            state
                .locations
                .extend(faults.keep(self.spaceline_location(loc)));
        }
        let spec_of = self.declare_cards(&mut state, &file.cards, &mut faults);
        faults.stage_done()?;
        faults.keep(self.unique_ids(&state, &file.cards, &spec_of));
        faults.stage_done()?;
        for (i, &n) in spec_of.iter().enumerate() {
            faults.keep(self.settle(&mut state, i, &file.cards[n]));
        }
        faults.stage_done()?;
        state.players = faults.keep(self.players(&file)).unwrap_or_default();
        if let Some(a) = &file.action {
            state.action = faults.keep(self.action(&state, a));
        }
        if let Some(d) = &file.deck {
            state.deck = faults.keep(self.deck(d, &state.turn_player));
        }
        for c in &file.contributions {
            let contribution = faults.keep(self.contribution(&state, c));
            state.contributions.extend(contribution);
        }
        for d in &file.side_decks {
            let side_deck = faults.keep(self.side_deck(&state, d));
            state.side_decks.extend(side_deck);
        }
        self.adopt_named_cards(&mut state, &file.questions);
        let questions: Vec<Asked> = file
            .questions
            .iter()
            .filter_map(|q| faults.keep(self.question(&state, q)))
            .collect();
        faults.stage_done()?;
        Ok(Scenario {
            path: self.path.to_path_buf(),
            title: file.title,
            proving: file
                .source
                .iter()
                .chain(&file.also_cites)
                .cloned()
                .collect(),
            source: file.source,
            state,
            questions,
        })
    }

    fn phase(
        &self,
        phase: &Spanned<String>,
    ) -> Result<crate::engine::action::Phase, ScenarioError> {
        words::phase(phase.get_ref()).map_or_else(
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
        )
    }

    fn format(&self, f: &Spanned<String>) -> Result<Format, ScenarioError> {
        match words::norm(f.get_ref()).as_str() {
            "standard" | "standard format" => Ok(Format::Standard),
            "open" | "open format" => Ok(Format::Open),
            "warp speed" | "warp speed format" => Ok(Format::WarpSpeed),
            _ => self.err(
                f.span(),
                format!(
                    "unknown format \"{}\": expected standard, open or warp speed",
                    f.get_ref()
                ),
            ),
        }
    }

    fn spaceline_location(&self, loc: &format::LocationSpec) -> Result<Location, ScenarioError> {
        if let Some(why) = loc
            .span
            .and_then(|n| bounds::out_of_range("span", n.into(), &bounds::SPAN))
        {
            return self.err(loc.mission.span(), why);
        }
        if loc.scouted_this_turn && loc.scouted_by.is_none() {
            return self.err(
                loc.mission.span(),
                "`scouted_this_turn` needs `scouted_by` (the player whose Borg completed scouting)"
                    .into(),
            );
        }
        let mission = self.card(&loc.mission, Some("mission"))?;
        Ok(Location {
            written: loc.mission.get_ref().clone(),
            owner: loc.owner.clone(),
            solved_by: loc.solved_by.clone(),
            scouted_by: loc.scouted_by.clone(),
            scouted_this_turn: loc.scouted_this_turn,
            objective_completed_by: loc.objective_completed_by.clone(),
            shared: loc.shared,
            attempted_before: loc.attempted_before,
            attempted_by: loc
                .attempted_by
                .as_ref()
                .map(|n| n.items(&[',']))
                .unwrap_or_default(),
            attacked_by: loc
                .attacked_by
                .as_ref()
                .map(|n| n.items(&[',']))
                .unwrap_or_default(),
            span: loc.span,
            attempt_began_with: loc.attempt_began_with,
            ..Location::new(mission)
        })
    }

    /// Every card and its handle, so `at` may name a later card. `copies =
    /// N` stands for N pieces: "x", "x#2", ... "x#N". Returns each piece's
    /// `[[card]]` index.
    fn declare_cards(
        &self,
        state: &mut GameState,
        cards: &[CardSpec],
        faults: &mut Faults,
    ) -> Vec<usize> {
        let default_owner = state.turn_player.clone();
        let mut spec_of = Vec::new();
        for (n, spec) in cards.iter().enumerate() {
            let Some(piece) = faults.keep(self.declared_piece(spec, &default_owner)) else {
                continue;
            };
            for copy in 1..=spec.copies.unwrap_or(1).max(1) {
                let handle = match copy {
                    1 => piece.handle.clone(),
                    _ => format!("{}#{copy}", piece.handle),
                };
                state.pieces.push(Piece {
                    handle,
                    ..piece.clone()
                });
                spec_of.push(n);
            }
        }
        spec_of
    }

    fn declared_piece(&self, spec: &CardSpec, default_owner: &str) -> Result<Piece, ScenarioError> {
        self.card_numbers(spec)?;
        let card = self.spec_card(spec)?;
        let mut status = self.status_of(spec)?;
        // "A hologram is deactivated when reported" (Glossary "holographic
        // personnel and equipment"): one played this turn was deactivated by
        // its report, and the scenario has no later activation to state.
        status.deactivated |= status.played_this_turn && card.is_hologram();
        let handle = spec
            .id
            .as_ref()
            .map_or_else(|| card.title.clone(), |i| i.get_ref().clone());
        let owner = spec
            .owner
            .clone()
            .unwrap_or_else(|| default_owner.to_string());
        let mode = self.mode(spec)?;
        // A multi-affiliation card plays as its mode's skill box.
        let card = match &mode {
            Some(m) => crate::cards::ingest::in_mode(&card, m),
            None => card,
        };
        Ok(Piece {
            handle,
            written: spec.title.get_ref().clone(),
            controller: spec.controller.clone().unwrap_or_else(|| owner.clone()),
            owner,
            card,
            at: Place::Table,
            status,
            docked: None,
            mode,
            target: None,
        })
    }

    /// Where piece `i` is (`at`, never aboard itself), what it is docked at
    /// and what it targets.
    fn settle(
        &self,
        state: &mut GameState,
        i: usize,
        spec: &CardSpec,
    ) -> Result<(), ScenarioError> {
        let at = match &spec.at {
            Some(at) => self.place(state, i, at)?,
            None => Place::Table,
        };
        state.pieces[i].at = at;
        if let (Some(ring), Some(at)) = (bounds::aboard_ring(state, i), &spec.at) {
            let names: Vec<String> = ring
                .iter()
                .chain(ring.first())
                .map(|&c| state.pieces[c].handle.clone())
                .collect();
            // Undo the placing, so the ring's other members report nothing.
            state.pieces[i].at = Place::Table;
            return self.err(
                at.span(),
                format!("`at` puts a card aboard itself: {}", names.join(" aboard ")),
            );
        }
        self.dock(state, i, spec)?;
        if let Some(t) = &spec.target {
            state.pieces[i].target = Some(self.target(state, t)?);
        }
        Ok(())
    }

    fn deck(&self, d: &format::DeckSpec, default_owner: &str) -> Result<Deck, ScenarioError> {
        Ok(Deck {
            owner: d.owner.clone().unwrap_or_else(|| default_owner.to_string()),
            seed: self.deck_list(&d.seed)?,
            draw: self.deck_list(&d.draw)?,
            side: self.deck_list(&d.side)?,
            q_tent: self.deck_list(&d.q_tent)?,
            battle_bridge: self.deck_list(&d.battle_bridge)?,
            tournament: d.tournament,
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
            replaced_this_turn: s.replaced_this_turn,
            range_used: s.range_used,
            full_turns_on: s.full_turns_on,
            moves_made: s.moves_made,
            attacked_last_turn: s.attacked_last_turn,
            in_stasis: s.in_stasis,
            house_arrest: s.house_arrest,
            intruder: s.intruder,
            deactivated: s.deactivated || s.deactivated_this_turn,
            deactivated_this_turn: s.deactivated_this_turn,
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
            if let Some(flag) = st.flag(word) {
                *flag = true;
            }
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
            let ask = kind_named(q.ask.get_ref()).map_or("", |k| k.name);
            let place = if matches!(ask, "can play" | "valid response" | "can report") {
                Place::Hand
            } else {
                Place::Table
            };
            let owner = q
                .player
                .as_ref()
                .map_or_else(|| state.turn_player.clone(), |p| p.get_ref().clone());
            let mut names: Vec<String> = q.card.iter().map(|c| c.get_ref().clone()).collect();
            for list in [&q.by, &q.cards, &q.target] {
                names.extend(list.iter().flat_map(|n| n.list()).map(|s| s.into_inner()));
            }
            names.extend(q.against.iter().map(|c| c.get_ref().clone()));
            // A card said to allow an act is in play.
            let allowing = q
                .allowed_by
                .iter()
                .map(|c| (c.get_ref().clone(), Place::Table));
            let names = names.into_iter().map(|n| (n, place)).chain(allowing);
            for (name, place) in names {
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
                    });
                }
            }
            if let Some(m) = &q.mission {
                if state.find_location(m.get_ref()).is_none() {
                    if let Ok(id) = self.resolver.resolve(m.get_ref(), Some("mission")) {
                        let mission = self.db.cards[id].clone();
                        state.locations.push(Location {
                            written: m.get_ref().clone(),
                            ..Location::new(mission)
                        });
                    }
                }
            }
        }
    }

    /// A card's numbers are ones a game can hold (see [`bounds`]).
    fn card_numbers(&self, spec: &CardSpec) -> Result<(), ScenarioError> {
        let range_used =
            bounds::out_of_range("range_used", spec.range_used.into(), &bounds::RANGE_USED)
                .or_else(|| {
                    bounds::out_of_range("full_turns_on", spec.full_turns_on.into(), &bounds::TURNS)
                })
                .or_else(|| {
                    bounds::out_of_range("moves_made", spec.moves_made.into(), &bounds::TURNS)
                });
        let copies = spec.copies.and_then(|n| {
            let n = i64::try_from(n).unwrap_or(i64::MAX);
            bounds::out_of_range("copies", n, &bounds::COPIES)
        });
        match range_used.or(copies) {
            Some(why) => self.err(spec.title.span(), why),
            None => Ok(()),
        }
    }

    /// No `id` is given twice or names another card of the scenario by its
    /// title (it would shadow that card wherever it is named). `spec_of`
    /// maps each piece to its `[[card]]` (copies share one).
    fn unique_ids(
        &self,
        state: &GameState,
        cards: &[CardSpec],
        spec_of: &[usize],
    ) -> Result<(), ScenarioError> {
        for (n, spec) in cards.iter().enumerate() {
            let Some(id) = &spec.id else { continue };
            let folded = crate::repair::fold_for_match(id.get_ref());
            let clash = state.pieces.iter().zip(spec_of).find(|(p, &m)| {
                m != n
                    && (crate::repair::fold_for_match(&p.handle) == folded
                        || crate::repair::fold_for_match(&p.card.title) == folded)
            });
            if let Some((other, _)) = clash {
                return self.err(
                    id.span(),
                    format!(
                        "id \"{}\" is already the name of another card here (\"{}\"); give each card its own id",
                        id.get_ref(),
                        other.card.title
                    ),
                );
            }
        }
        Ok(())
    }

    fn deck_list(&self, list: &[Spanned<String>]) -> Result<Vec<Card>, ScenarioError> {
        let mut out = Vec::new();
        for entry in list {
            let (n, title) = split_count(entry.get_ref());
            let count = i64::try_from(n).unwrap_or(i64::MAX);
            if let Some(why) = bounds::out_of_range("copies", count, &bounds::COPIES) {
                return self.err(entry.span(), why);
            }
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

    fn contribution(
        &self,
        state: &GameState,
        c: &format::ContributionSpec,
    ) -> Result<crate::engine::state::Contribution, ScenarioError> {
        let card = self.piece(state, &c.card)?;
        let player = match &c.player {
            Some(p) => self.player(state, p)?.0,
            None => state.pieces[card].controller.clone(),
        };
        Ok(crate::engine::state::Contribution {
            card,
            by: self.names(state, &c.by)?,
            points: c.points,
            player,
        })
    }

    /// A `[[side_deck]]`: its kind one the lexicon knows, its cards titles
    /// of the database, its doorway `open`, `closed` or `none`.
    fn side_deck(
        &self,
        state: &GameState,
        d: &format::SideDeckSpec,
    ) -> Result<crate::engine::state::SideDeck, ScenarioError> {
        use crate::engine::state::SideDoorway;
        let words = &crate::engine::abilities::lexicon::Lexicon::get().side_decks;
        let Some(kind) = words.named(d.kind.get_ref()) else {
            let known: Vec<String> = words.kind.iter().map(|k| k.kind.clone()).collect();
            return self.err(
                d.kind.span(),
                format!(
                    "no side deck kind \"{}\"{}; expected one of: {}",
                    d.kind.get_ref(),
                    suggest(d.kind.get_ref(), &known),
                    known.join(", ")
                ),
            );
        };
        let doorway = match d.doorway.as_ref() {
            None => SideDoorway::Open,
            Some(w) => match crate::repair::fold_for_match(w.get_ref()).as_str() {
                "open" | "seeded" => SideDoorway::Open,
                "closed" => SideDoorway::Closed,
                "none" | "not seeded" | "missing" => SideDoorway::None,
                other => {
                    return self.err(
                        w.span(),
                        format!("doorway \"{other}\": expected `open`, `closed` or `none`"),
                    );
                }
            },
        };
        let owner = match &d.owner {
            Some(o) => self.player(state, o)?.0,
            None => state.turn_player.clone(),
        };
        Ok(crate::engine::state::SideDeck {
            owner,
            kind: kind.kind.clone(),
            cards: self.deck_list(&d.cards)?,
            face_up: self.deck_list(&d.face_up)?,
            doorway,
        })
    }

    fn names(&self, state: &GameState, n: &Option<Names>) -> Result<Vec<usize>, ScenarioError> {
        n.as_ref()
            .map(|n| n.list())
            .unwrap_or_default()
            .iter()
            .map(|s| self.piece(state, s))
            .collect()
    }

    fn action(&self, state: &GameState, a: &format::ActionSpec) -> Result<Action, ScenarioError> {
        let check = |n: &Spanned<String>| -> Result<String, ScenarioError> {
            // Card names in an action are read as titles, so a title the
            // database knows needs no `[[card]]` entry (docs/scenarios.md).
            // A declared player is a player, whatever card shares the name.
            if state.is_player(n.get_ref())
                || state.find(n.get_ref()).is_some()
                || state.find_location(n.get_ref()).is_some()
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
            cancelled: a.cancelled,
            parent: a
                .parent
                .as_ref()
                .map(|p| self.action(state, p).map(Box::new))
                .transpose()?,
        })
    }

    /// `allowed_by` must name a card whose compiled text really permits the
    /// act asked about (Admiral Leyton allows attacks, not commandeering);
    /// anything else is an error at its line.
    fn allowed_by(
        &self,
        state: &GameState,
        ask: &str,
        q: &QuestionSpec,
        name: &Spanned<String>,
    ) -> Result<(), ScenarioError> {
        let word = match ask {
            "can attack" => "attack".to_string(),
            "can report" => "report".to_string(),
            "can move" => "move".to_string(),
            _ => q
                .act
                .as_ref()
                .map(|a| words::act(a.get_ref()))
                .unwrap_or_default(),
        };
        let act = crate::engine::permissions::act_named(&word).unwrap_or(word.as_str());
        let card = match state.find(name.get_ref()) {
            Some(p) => &state.pieces[p].card,
            None => return Ok(()), // an unknown name is reported where pieces resolve
        };
        if crate::engine::permissions::grants(card, act) {
            return Ok(());
        }
        self.err(
            name.span(),
            format!(
                "`allowed_by` \"{}\": the text of {} does not allow `{act}` (expected a card whose game text permits it)",
                name.get_ref(),
                card.title
            ),
        )
    }

    fn question(&self, state: &GameState, q: &QuestionSpec) -> Result<Asked, ScenarioError> {
        let Some(spec) = kind_named(q.ask.get_ref()) else {
            let names: Vec<String> = KINDS.iter().map(|k| k.name.to_string()).collect();
            return self.err(
                q.ask.span(),
                format!(
                    "unknown question \"{}\"{}; known: {}",
                    q.ask.get_ref(),
                    suggest(&words::norm(q.ask.get_ref()), &names),
                    names.join(", ")
                ),
            );
        };
        self.keys_taken(spec, q)?;
        if let Some(name) = &q.allowed_by {
            self.allowed_by(state, spec.name, q, name)?;
        }
        if let (Some(function), Some(card)) = (&q.function, &q.card) {
            self.function(state, card, function)?;
        }
        if let Some(person) = &q.person {
            self.person(state, q.card.as_ref(), person)?;
        }
        let question = self
            .args(state, q)?
            .question(spec.kind)
            .or_else(|missing| {
                self.err(
                    q.ask.span(),
                    format!(
                        "{missing}; add `{} = ...` to this question",
                        missing.arg.key
                    ),
                )
            })?;
        Ok(Asked {
            question,
            ask: spec.name,
            line: crate::diag::line_col(self.text, q.ask.span().start).0,
            expect: q
                .expect
                .as_ref()
                .map(|v| bounds::expectation(v.get_ref()).or_else(|e| self.err(v.span(), e)))
                .transpose()?,
        })
    }

    /// Every key a question gives must be one its kind takes.
    fn keys_taken(&self, spec: &KindSpec, q: &QuestionSpec) -> Result<(), ScenarioError> {
        for (key, span) in given_keys(q) {
            if !spec.args.iter().any(|a| a.key == key) {
                let takes: Vec<&str> = spec.args.iter().map(|a| a.key).collect();
                return self.err(
                    span,
                    format!(
                        "`{}` takes no `{key}`; it takes {}",
                        spec.name,
                        takes.join(", ")
                    ),
                );
            }
        }
        Ok(())
    }

    /// The question's arguments, each resolved to its type.
    fn args(&self, state: &GameState, q: &QuestionSpec) -> Result<Args, ScenarioError> {
        let piece = |n: &Spanned<String>| self.piece(state, n).map(PieceId);
        let pieces = |n: &Option<Names>| -> Result<Vec<PieceId>, ScenarioError> {
            Ok(self.names(state, n)?.into_iter().map(PieceId).collect())
        };
        let dilemma = match &q.dilemma {
            Some(d) => Some(match state.find(d.get_ref()) {
                Some(i) => state.pieces[i].card.clone(),
                None => self.card(d, None)?,
            }),
            None => None,
        };
        Ok(Args {
            player: q
                .player
                .as_ref()
                .map(|p| self.player(state, p))
                .transpose()?,
            card: q.card.as_ref().map(piece).transpose()?,
            by: pieces(&q.by)?,
            cards: pieces(&q.cards)?,
            target: pieces(&q.target)?,
            to: q.to.as_ref().map(|t| self.target(state, t)).transpose()?,
            mission: q
                .mission
                .as_ref()
                .map(|m| self.location(state, m.get_ref(), m).map(LocationId))
                .transpose()?,
            dilemma,
            against: q.against.as_ref().map(piece).transpose()?,
            allowed_by: q.allowed_by.as_ref().map(piece).transpose()?,
            act: q.act.as_ref().map(|a| words::act(a.get_ref())),
            requirement: q.requirement.as_ref().map(|r| r.get_ref().clone()),
            of: q.of.as_ref().map(|o| words::norm(o.get_ref())),
            is: q.is.clone(),
            function: q.function.as_ref().map(|f| f.get_ref().clone()),
            selected: pieces(&q.selected)?,
            attribute: q.attribute.clone(),
            person: q.person.as_ref().map(|p| p.get_ref().clone()),
            battle: q.battle.as_ref().map(|b| self.battle(b)).transpose()?,
            free: q.free,
            cancelled: q.cancelled,
            attack: q.attack,
            defense: q.defense,
            attack_bonus: q.attack_bonus,
            defense_bonus: q.defense_bonus,
        })
    }

    /// `person = "<name>"` must name one of the people of the dual-personnel
    /// `card` (Glossary "dual-personnel cards").
    fn person(
        &self,
        state: &GameState,
        card: Option<&Spanned<String>>,
        person: &Spanned<String>,
    ) -> Result<(), ScenarioError> {
        let Some(card) = card else {
            return self.err(
                person.span(),
                "`person` needs `card`, the dual-personnel card".into(),
            );
        };
        let piece = self.piece(state, card)?;
        let people = crate::cards::persona::people(&state.pieces[piece].card);
        if crate::cards::persona::person_named(&people, person.get_ref()).is_some() {
            return Ok(());
        }
        let names: Vec<String> = people.iter().map(|p| p.title.clone()).collect();
        let why = if names.is_empty() {
            format!(
                "{} is not a dual-personnel card whose two people can be told apart",
                card.get_ref()
            )
        } else {
            format!(
                "no person \"{}\" on {}; its people: {}",
                person.get_ref(),
                card.get_ref(),
                names.join(", ")
            )
        };
        self.err(person.span(), why)
    }

    /// `function = "<excerpt>"` must name exactly one of the card's compiled
    /// functions (its "OR" alternatives).
    fn function(
        &self,
        state: &GameState,
        card: &Spanned<String>,
        function: &Spanned<String>,
    ) -> Result<(), ScenarioError> {
        let piece = self.piece(state, card)?;
        let compiled = crate::engine::abilities::compile(&state.pieces[piece].card);
        match crate::engine::response::function_named(&compiled, function.get_ref()) {
            Ok(_) => Ok(()),
            Err(why) => self.err(function.span(), why),
        }
    }

    fn battle(&self, b: &Spanned<String>) -> Result<BattleMode, ScenarioError> {
        BattleMode::parse(b.get_ref()).map_or_else(
            || {
                self.err(
                    b.span(),
                    format!(
                        "unknown battle \"{}\": expected initiate, counter-attack or return fire",
                        b.get_ref()
                    ),
                )
            },
            Ok,
        )
    }

    /// A name that must be a declared player.
    fn player(&self, state: &GameState, p: &Spanned<String>) -> Result<PlayerId, ScenarioError> {
        if state.is_player(p.get_ref()) {
            return Ok(PlayerId(p.get_ref().clone()));
        }
        let known: Vec<String> = state.players.iter().map(|p| p.0.clone()).collect();
        self.err(
            p.span(),
            format!(
                "\"{}\" is not a player of this game{}; players: {} (declare them in [game] players)",
                p.get_ref(),
                suggest(p.get_ref(), &known),
                known.join(", ")
            ),
        )
    }

    /// `[game] players`, or else every player the file names: the turn
    /// player, owners, controllers, location owners and askers, in that order.
    fn players(&self, file: &ScenarioFile) -> Result<Vec<PlayerId>, ScenarioError> {
        let Some(declared) = &file.game.players else {
            return Ok(named_players(file, true)
                .into_iter()
                .map(PlayerId)
                .collect());
        };
        // An asker is checked at its own `player` key.
        let named = named_players(file, false);
        let players: Vec<PlayerId> = declared
            .iter()
            .map(|p| PlayerId(p.get_ref().clone()))
            .collect();
        if let Some(stray) = named.iter().find(|n| !players.iter().any(|p| &p.0 == *n)) {
            let span = declared.first().map_or(0..0, |p| p.span());
            return self.err(
                span,
                format!(
                    "the file names player \"{stray}\" (as the turn player, an owner or a controller) but [game] players does not declare it"
                ),
            );
        }
        Ok(players)
    }
}

/// Every player name a file uses, first use first (with the askers of its
/// questions when `askers`).
fn named_players(file: &ScenarioFile, askers: bool) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let cards = file
        .cards
        .iter()
        .flat_map(|c| [c.owner.clone(), c.controller.clone()]);
    let places = file
        .locations
        .iter()
        .flat_map(|l| {
            [
                l.owner.clone(),
                l.solved_by.clone(),
                l.scouted_by.clone(),
                l.objective_completed_by.clone(),
            ]
        })
        .chain([file.game.conceded.clone(), file.game.reached_first.clone()])
        .chain(
            file.locations
                .iter()
                .filter_map(|l| l.attacked_by.as_ref())
                .flat_map(|n| n.items(&[',']))
                .map(Some),
        )
        .chain(
            [&file.game.playing_borg, &file.game.lost]
                .into_iter()
                .flatten()
                .flat_map(|n| n.items(&[',']))
                .map(Some),
        );
    let askers = file
        .questions
        .iter()
        .filter(|_| askers)
        .map(|q| q.player.as_ref().map(|p| p.get_ref().clone()));
    let deck = file.deck.iter().map(|d| d.owner.clone());
    let side_decks = file
        .side_decks
        .iter()
        .map(|d| d.owner.as_ref().map(|o| o.get_ref().clone()));
    for n in std::iter::once(file.game.turn.clone())
        .chain(cards)
        .chain(places)
        .chain(askers)
        .chain(deck)
        .chain(side_decks)
        .flatten()
    {
        if !n.is_empty() && !names.contains(&n) {
            names.push(n);
        }
    }
    names
}

/// The keys a question gives, with where each is (the `ask` for keys read
/// without a position).
fn given_keys(q: &QuestionSpec) -> Vec<(&'static str, std::ops::Range<usize>)> {
    let at = |s: &Option<Spanned<String>>| s.as_ref().map(|s| s.span());
    let names = |n: &Option<Names>| n.as_ref().map(|n| n.0.span());
    let ask = Some(q.ask.span());
    let flag = |b: bool| b.then(|| q.ask.span());
    let given = |o: bool| if o { ask.clone() } else { None };
    [
        ("card", at(&q.card)),
        ("player", at(&q.player)),
        ("act", at(&q.act)),
        ("by", names(&q.by)),
        ("cards", names(&q.cards)),
        ("to", at(&q.to)),
        ("mission", at(&q.mission)),
        ("dilemma", at(&q.dilemma)),
        ("requirement", at(&q.requirement)),
        ("target", names(&q.target)),
        ("against", at(&q.against)),
        ("of", at(&q.of)),
        ("is", given(q.is.is_some())),
        ("function", at(&q.function)),
        ("selected", names(&q.selected)),
        ("attribute", given(q.attribute.is_some())),
        ("person", at(&q.person)),
        ("free", flag(q.free)),
        ("cancelled", flag(q.cancelled)),
        ("battle", at(&q.battle)),
        ("allowed_by", at(&q.allowed_by)),
        ("attack", given(q.attack.is_some())),
        ("defense", given(q.defense.is_some())),
        ("attack_bonus", given(q.attack_bonus.is_some())),
        ("defense_bonus", given(q.defense_bonus.is_some())),
    ]
    .into_iter()
    .filter_map(|(k, span)| span.map(|s| (k, s)))
    .collect()
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
    crate::suggest::best(name, known).map_or(String::new(), |k| format!("; did you mean \"{k}\"?"))
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
    fn a_source_names_a_document_by_its_id_or_its_id_without_the_edition() {
        assert!(super::names_document("rulebook", "rulebook-1e"));
        assert!(super::names_document("Rulebook-1E", "rulebook-1e"));
        assert!(super::names_document("", "glossary"));
        assert!(!super::names_document("rulebook", "glossary"));
        assert!(!super::names_document("rule", "rulebook-1e"));
        assert!(!super::names_document("glossary", "current-rulings"));
    }

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
