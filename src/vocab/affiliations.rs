//! `glossary/affiliations.toml`: affiliation names and codes, compatibility,
//! attack restrictions by affiliation, staffing substitutions, native
//! quadrants and deck-building limits — each table citing its rules entry.

use serde::Deserialize;

/// Where a fact was read: document id and entry title.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Source {
    pub doc: String,
    pub entry: String,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AffiliationName {
    pub name: String,
    pub codes: Vec<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Compatibility {
    pub compatible_with_all_but_borg: Vec<String>,
    pub isolated: Vec<String>,
    /// The word after an affiliation in a Treaty card's characteristics
    /// ("Federation treaty"): the treaty's parties (Glossary "treaties").
    pub treaty_characteristic: String,
    pub source: Source,
    pub treaty_source: Source,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OnlyAgainst {
    pub affiliation: String,
    pub targets: Vec<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackRestrictions {
    pub may_attack_own: Vec<String>,
    pub only_against: Vec<OnlyAgainst>,
    pub needs_card_to_initiate: Vec<String>,
    pub source: Source,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Substitute {
    pub icon: String,
    #[serde(rename = "for")]
    pub for_icon: String,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Staffing {
    pub substitutes: Vec<Substitute>,
    pub normal: Vec<String>,
    pub borg_battle_icon: String,
    pub source: Source,
    pub leader_source: Source,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuadrantIcon {
    pub icon: String,
    pub quadrant: String,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Quadrants {
    pub default: String,
    pub icons: Vec<QuadrantIcon>,
    pub source: Source,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WarpSpeedLimits {
    pub max_seed: usize,
    pub min_draw: usize,
    pub max_missions: usize,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckRules {
    pub max_seed: usize,
    pub min_draw: usize,
    pub free_seed_types: Vec<String>,
    pub source: Source,
    /// Other entries stating the standard draw deck minimum.
    #[serde(default)]
    pub min_draw_also_stated: Vec<Source>,
    pub warp_speed: WarpSpeedLimits,
    pub warp_speed_source: Source,
    /// A standard seed deck holds exactly this many (different) missions.
    pub missions_exactly: usize,
    /// Sites seed for free up to this many; more count as seed cards.
    pub free_sites_max: usize,
    pub seed_deck_source: Source,
    pub banned: Vec<String>,
    pub banned_source: Source,
    /// The entries of the Borg stocking rule (the first decides).
    pub borg_sources: Vec<Source>,
    pub q_tent: QTentLimits,
    pub q_tent_source: Source,
    /// The only card types a Battle Bridge side deck holds.
    pub battle_bridge_types: Vec<String>,
    pub battle_bridge_source: Source,
}

/// What a Q's Tent side deck may hold.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QTentLimits {
    /// Different cards at most (no duplicates).
    pub max: usize,
    /// Card types (as the database names them) that may not be stocked.
    pub refused_types: Vec<String>,
    /// Icons whose cards may not be stocked.
    pub refused_icons: Vec<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Affiliations {
    #[serde(rename = "affiliation", default)]
    pub names: Vec<AffiliationName>,
    #[serde(default)]
    pub compatibility: Compatibility,
    #[serde(default)]
    pub attack: AttackRestrictions,
    #[serde(default)]
    pub staffing: Staffing,
    #[serde(default)]
    pub quadrants: Quadrants,
    #[serde(default)]
    pub deck: DeckRules,
    #[serde(default)]
    pub away_teams: AwayTeams,
    #[serde(default)]
    pub attempts: Attempts,
    #[serde(default)]
    pub winning: Winning,
    #[serde(default)]
    pub facilities: Facilities,
    #[serde(default)]
    pub animals: Animals,
}

/// The classification of animals (Glossary "ANIMAL").
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Animals {
    pub classification: String,
    pub source: Source,
}

/// Who may use a facility (Glossary "facility", "Using facilities").
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Facilities {
    /// Classes of facility both players may use, whoever owns them.
    pub shared: Vec<String>,
    pub source: Source,
    /// The site of a Nor where the personnel firing its WEAPONS must be.
    pub weapons_site: String,
    pub weapons_source: Source,
}

impl Facilities {
    /// Whether both players may use a facility of this class.
    pub fn shared_by_both(&self, class: &str) -> bool {
        has(&self.shared, class.trim())
    }
}

/// Who may not make mission or commandeering attempts ("attempt", "commandeering").
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attempts {
    pub no_mission_attempts: Vec<String>,
    pub source: Source,
    /// Other entries stating the same rule.
    #[serde(default)]
    pub also_stated: Vec<Source>,
    pub no_commandeering: Vec<String>,
    pub commandeering_source: Source,
    /// Points an opponent's mission must show for you to attempt it.
    pub opponents_mission_points: i32,
    pub opponents_mission_source: Source,
}

/// The victory conditions (rulebook "WINNING THE GAME", Glossary "winning
/// the game").
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Winning {
    /// The points that win.
    pub goal: i32,
    pub goal_source: Source,
    /// The quadrant a player must have completed or scouted a mission in.
    pub required_quadrant: String,
    /// The points added to the goal without such a mission.
    pub quadrant_penalty: i32,
    /// The rulebook section on winning.
    pub source: Source,
    /// Affiliations whose ships' bonus points go to the opponent of another
    /// affiliation who destroys one in battle, never to their own player.
    pub destroyed_ship_bonus: Vec<String>,
    pub destroyed_ship_bonus_source: Source,
    /// The Warp Speed formats' own victory conditions.
    #[serde(default)]
    pub warp_speed: WarpSpeedWin,
}

/// Winning in the Warp Speed formats (Glossary "Warp Speed").
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WarpSpeedWin {
    /// A full win: one mission of each of these kinds of a player's own done.
    pub full_win: Vec<MissionKind>,
    /// A modified win when no one wins in full: the most by each measure,
    /// tried in order; tied on all of them, a true tie.
    pub modified_win: Vec<WinMeasure>,
    pub source: Source,
}

/// A kind of mission by its icons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MissionKind {
    Planet,
    Space,
}

impl MissionKind {
    pub fn name(self) -> &'static str {
        match self {
            MissionKind::Planet => "planet",
            MissionKind::Space => "space",
        }
    }
}

/// What a modified win compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WinMeasure {
    MissionsSolved,
    Points,
}

/// Who may not form Away Teams ("Away Team and crew").
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AwayTeams {
    pub forbidden: Vec<String>,
    pub source: Source,
}

fn has(list: &[String], name: &str) -> bool {
    list.iter().any(|x| x.eq_ignore_ascii_case(name))
}

impl Affiliations {
    /// The affiliation a code (`FED`, `[Fed]`) or a name stands for.
    pub fn canonical(&self, code_or_name: &str) -> Option<&str> {
        let t = code_or_name.trim().trim_matches(|c| c == '[' || c == ']');
        self.names
            .iter()
            .find(|a| a.name.eq_ignore_ascii_case(t) || has(&a.codes, t))
            .map(|a| a.name.as_str())
    }

    /// Compatible with everything except the isolated (Borg) affiliations.
    pub fn is_universal_mixer(&self, affiliation: &str) -> bool {
        has(
            &self.compatibility.compatible_with_all_but_borg,
            affiliation,
        )
    }

    pub fn is_isolated(&self, affiliation: &str) -> bool {
        has(&self.compatibility.isolated, affiliation)
    }

    /// May a force of `attacker` attack a force of `target`, by the
    /// affiliation restrictions alone?
    pub fn may_attack(&self, attacker: &str, target: &str) -> bool {
        if let Some(only) = self
            .attack
            .only_against
            .iter()
            .find(|o| o.affiliation.eq_ignore_ascii_case(attacker))
        {
            return has(&only.targets, target);
        }
        !attacker.eq_ignore_ascii_case(target) || has(&self.attack.may_attack_own, attacker)
    }

    /// Needs a card (or a counter-attack) to initiate battle at all.
    pub fn needs_card_to_initiate(&self, affiliation: &str) -> bool {
        has(&self.attack.needs_card_to_initiate, affiliation)
    }

    /// May cards of this affiliation attempt missions?
    pub fn may_attempt_missions(&self, affiliation: &str) -> bool {
        !has(&self.attempts.no_mission_attempts, affiliation)
    }

    /// May cards of this affiliation commandeer ships and facilities?
    pub fn may_commandeer(&self, affiliation: &str) -> bool {
        !has(&self.attempts.no_commandeering, affiliation)
    }

    /// May personnel of this affiliation form an Away Team (without a card
    /// allowing it or a counter-attack)?
    pub fn may_form_away_team(&self, affiliation: &str) -> bool {
        !has(&self.away_teams.forbidden, affiliation)
    }

    /// The native quadrant given by a card's icons.
    pub fn native_quadrant(&self, icons: &[String]) -> &str {
        self.quadrants
            .icons
            .iter()
            .find(|q| has(icons, &q.icon))
            .map_or(self.quadrants.default.as_str(), |q| q.quadrant.as_str())
    }

    /// Icons that may stand in for `icon` when staffing a ship.
    pub fn staffing_substitutes(&self, icon: &str) -> Vec<&str> {
        self.staffing
            .substitutes
            .iter()
            .filter(|s| s.for_icon.eq_ignore_ascii_case(icon))
            .map(|s| s.icon.as_str())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::vocab::vocabulary;

    #[test]
    fn codes_and_names_resolve() {
        let a = &vocabulary().affiliations;
        assert_eq!(a.canonical("[FED]"), Some("Federation"));
        assert_eq!(a.canonical("kli"), Some("Klingon"));
        assert_eq!(a.canonical("Non-Aligned"), Some("Non-Aligned"));
        assert_eq!(a.canonical("Martian"), None);
    }

    #[test]
    fn attack_restrictions_follow_the_glossary_table() {
        let a = &vocabulary().affiliations;
        assert!(!a.may_attack("Federation", "Klingon"));
        assert!(a.may_attack("Federation", "Borg"));
        assert!(a.may_attack("Klingon", "Klingon"));
        assert!(!a.may_attack("Romulan", "Romulan"));
        assert!(a.may_attack("Romulan", "Klingon"));
        assert!(a.needs_card_to_initiate("Borg"));
        assert!(!a.may_form_away_team("Borg"));
        assert!(a.may_form_away_team("Klingon"));
    }

    #[test]
    fn quadrant_icons() {
        let a = &vocabulary().affiliations;
        assert_eq!(a.native_quadrant(&["DQ".into(), "Stf".into()]), "Delta");
        assert_eq!(a.native_quadrant(&["Cmd".into()]), "Alpha");
    }
}
