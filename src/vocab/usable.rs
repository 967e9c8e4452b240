//! `glossary/usable.toml`: which states of a card keep it from being used for
//! which purpose (staffing, attempting, battle, skills), each row citing the
//! Glossary / Current Rulings entries that say so. Read by `GameState::usable`.

use serde::Deserialize;

/// What a piece is used for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Purpose {
    /// Staffing a ship (its staffing icons count).
    Staffing,
    /// Mission, scouting or commandeering attempts and their dilemmas.
    Attempting,
    /// Taking part in a battle.
    Battle,
    /// Using skills and game text.
    Skills,
}

/// The states a row may name (the scenario's card states).
pub const STATES: &[&str] = &[
    "in stasis",
    "disabled",
    "deactivated",
    "house arrest",
    "stunned",
    "mortally wounded",
    "intruder",
    "stopped",
];

/// One state and what it excludes.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Exclusion {
    pub state: String,
    pub excludes: Vec<Purpose>,
    /// The entries that rule it out: the first decides, the others state
    /// the same rule.
    pub cites: Vec<super::affiliations::Source>,
    pub reason: String,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Usable {
    #[serde(rename = "state")]
    pub states: Vec<Exclusion>,
}

impl Usable {
    /// The rows that exclude a piece for `purpose`, in order.
    pub fn excluding(&self, purpose: Purpose) -> impl Iterator<Item = &Exclusion> {
        self.states
            .iter()
            .filter(move |e| e.excludes.contains(&purpose))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_names_a_known_state_and_an_entry() {
        let u = &crate::vocab::vocabulary().usable;
        assert!(u.states.len() >= STATES.len());
        for e in &u.states {
            assert!(
                STATES.contains(&e.state.as_str()),
                "unknown state {}",
                e.state
            );
            assert!(!e.cites.is_empty() && !e.excludes.is_empty());
        }
        // "Cards that are stopped may ... use skills" (Glossary "stopped").
        assert!(!u.excluding(Purpose::Skills).any(|e| e.state == "stopped"));
        assert!(u
            .excluding(Purpose::Attempting)
            .any(|e| e.state == "intruder"));
    }
}
