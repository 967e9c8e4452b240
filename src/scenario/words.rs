//! The words of a scenario file that a writer may spell differently: question
//! kinds (`ask`), actions (`act`, `[action] kind`), phases, steps, card states
//! and expectations. Each is folded (case, accents, `_` / `-` / spaces) and
//! mapped onto the one spelling the engine uses; an unknown word is `None`, so
//! the loader can report it at its line with the known spellings.

use crate::engine::action::{Phase, Step};

/// Fold case and accents, read `_` and `-` as spaces, drop a trailing `?`/`.`.
pub fn norm(s: &str) -> String {
    crate::engine::question::fold_words(s)
}

/// Look a folded word up in `(canonical, [other spellings])` rows.
fn lookup(word: &str, table: &[(&'static str, &[&str])]) -> Option<&'static str> {
    table
        .iter()
        .find(|(canon, others)| *canon == word || others.contains(&word))
        .map(|(c, _)| *c)
}

const ACTS: &[(&str, &[&str])] = &[
    ("beam", &["beams", "beaming", "transport"]),
    ("walk", &["walks", "walking"]),
    ("dock", &["docks", "docking"]),
    ("undock", &["undocks", "undocking"]),
    ("cloak", &["cloaks", "cloaking"]),
    (
        "decloak",
        &["de cloak", "decloaks", "decloaking", "uncloak"],
    ),
    ("phase", &["phases", "phasing"]),
    ("dephase", &["de phase", "dephasing", "unphase"]),
    ("use", &["uses", "using", "use text"]),
    ("use skill", &["use a skill", "skill"]),
    ("use game text", &["game text"]),
    ("probe", &["probes", "probing"]),
    ("move", &["moves", "moving", "fly", "flying"]),
    (
        "attempt",
        &[
            "attempts",
            "attempting",
            "attempt mission",
            "mission attempt",
        ],
    ),
    (
        "battle",
        &["battles", "initiate battle", "initiate a battle", "fight"],
    ),
    ("attack", &["attacks", "attacking"]),
    ("report", &["reports", "reporting", "report for duty"]),
    ("land", &["lands", "landing"]),
    (
        "take off",
        &["takes off", "taking off", "takeoff", "launch"],
    ),
    ("commandeer", &["commandeers", "commandeering", "seize"]),
];

/// A `can act` action: `"Beaming"` → `beam`; unknown words pass through folded,
/// so the engine can name what it has no rule for.
pub fn act(s: &str) -> String {
    let n = norm(s);
    lookup(&n, ACTS).map_or(n, str::to_string)
}

const KINDS: &[(&str, &[&str])] = &[
    (
        "card play",
        &["play", "play card", "play a card", "card plays"],
    ),
    ("card draw", &["draw", "draw card", "draw a card", "draws"]),
    (
        "mission attempt",
        &[
            "attempt mission",
            "attempt",
            "mission attempts",
            "attempting",
        ],
    ),
    (
        "encounter dilemma",
        &[
            "encounter",
            "dilemma encounter",
            "encounter dilemmas",
            "dilemma",
        ],
    ),
    ("solve mission", &["solve", "solving", "mission solve"]),
    (
        "personnel battle",
        &["away team battle", "personnel combat", "battle personnel"],
    ),
    ("ship battle", &["space battle", "battle ship"]),
    ("combat pairing", &["pairing", "combat"]),
    ("counter-attack", &["counter attack", "counterattack"]),
    ("beam", &["beaming", "beams"]),
    ("walk", &["walking"]),
    ("dock", &["docking"]),
    ("undock", &["undocking"]),
    ("move", &["moving", "movement"]),
    ("report", &["report for duty", "reporting"]),
    ("download", &["downloading"]),
    ("discard", &["discarding"]),
    ("nullify", &["nullifying", "nullification"]),
    ("reveal", &["revealing"]),
];

/// An `[action] kind`: `"Attempt_Mission"` → `mission attempt`; other words
/// pass through folded (the response checks read them through the lexicon).
pub fn kind(s: &str) -> String {
    let n = norm(s);
    lookup(&n, KINDS).map_or(n, str::to_string)
}

/// A phase of the turn (`"Execute-Orders"`, `"card play phase"`, `"orders"`).
pub fn phase(s: &str) -> Option<Phase> {
    let n = norm(s);
    let n = n
        .strip_suffix(" phase")
        .or_else(|| n.strip_suffix(" segment"))
        .unwrap_or(&n);
    match n {
        "seed" | "seeding" => Some(Phase::Seed),
        "start of turn" | "start" | "beginning of turn" | "start of the turn" => {
            Some(Phase::StartOfTurn)
        }
        "card play" | "play" | "playing cards" | "play cards" => Some(Phase::CardPlay),
        "execute orders" | "executing orders" | "orders" | "execute" => Some(Phase::ExecuteOrders),
        "end of turn" | "end" | "end of the turn" | "draw cards" | "card draw" => {
            Some(Phase::EndOfTurn)
        }
        _ => None,
    }
}

/// An action's step (`"just initiated"`, `"in progress"`, `"just completed"`).
pub fn step(s: &str) -> Option<Step> {
    match norm(s).as_str() {
        "initiated" | "just initiated" | "initiate" | "initiating" | "declared"
        | "just declared" | "announced" | "responses" => Some(Step::Initiated),
        "under way" | "underway" | "in progress" | "ongoing" | "resolving" | "during" => {
            Some(Step::UnderWay)
        }
        "resolved" | "just resolved" | "just completed" | "completed" | "complete" | "done"
        | "finished" | "over" | "results" => Some(Step::Resolved),
        _ => None,
    }
}

/// The card states a `states = [...]` list may name, as the boolean keys
/// spell them.
pub const STATES: &[&str] = &[
    "stopped",
    "stunned",
    "mortally wounded",
    "disabled",
    "face down",
    "closed",
    "damaged",
    "cloaked",
    "phased",
    "landed",
    "used this turn",
    "used this game",
    "played this turn",
    "replaced this turn",
    "attacked last turn",
    "in stasis",
    "under house arrest",
    "intruder",
    "deactivated",
];

/// A state named in a list (`"Mortally_Wounded"`, `"house arrest"`).
pub fn state(s: &str) -> Option<&'static str> {
    let n = norm(s);
    let n = match n.as_str() {
        "house arrest" => "under house arrest",
        "stasis" => "in stasis",
        "intruders" => "intruder",
        "facedown" => "face down",
        other => other,
    };
    STATES.iter().copied().find(|s| *s == n)
}

/// An expectation as written: `true`/`"Yes"` → `yes`, `false`/`"No."` → `no`;
/// anything else folded.
pub fn expectation(s: &str) -> String {
    let n = norm(s);
    match n.as_str() {
        "yes" | "true" | "y" => "yes".into(),
        "no" | "false" | "n" => "no".into(),
        _ => crate::repair::fold_for_match(s),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_state_a_scenario_names_sets_a_flag_of_its_own() {
        let mut set = Vec::new();
        for word in STATES {
            let mut st = crate::engine::state::Status::default();
            *st.flag(word).unwrap_or_else(|| panic!("{word}")) = true;
            assert_eq!(st.is(word), Some(true));
            assert!(!set.contains(&st), "{word} sets another's flag");
            set.push(st);
        }
    }

    #[test]
    fn spellings_fold_onto_the_engines_words() {
        let ask = |s| crate::engine::question::kind_named(s).map(|k| k.name);
        assert_eq!(ask("Can_Play"), Some("can play"));
        assert_eq!(ask("may attempt?"), Some("can attempt"));
        assert_eq!(ask("Attempt_Mission"), Some("can attempt"));
        assert_eq!(ask("meets-requirement"), Some("meets requirements"));
        assert_eq!(ask("can fly"), None);
        assert_eq!(act("Beaming"), "beam");
        assert_eq!(act("de-cloak"), "decloak");
        assert_eq!(kind("Attempt_Mission"), "mission attempt");
        assert_eq!(kind("combat pairing"), "combat pairing");
        assert_eq!(phase("Execute_Orders"), Some(Phase::ExecuteOrders));
        assert_eq!(phase("card play phase"), Some(Phase::CardPlay));
        assert_eq!(phase("lunch"), None);
        assert_eq!(step("Just Completed"), Some(Step::Resolved));
        assert_eq!(step("in-progress"), Some(Step::UnderWay));
        assert_eq!(state("Mortally_Wounded"), Some("mortally wounded"));
        assert_eq!(expectation("True"), "yes");
        assert_eq!(expectation("No."), "no");
        assert_eq!(expectation("Undecided: x"), "undecided: x");
    }
}
