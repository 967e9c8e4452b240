//! Parsed card types. Every field the rules engine reads is typed here; raw
//! strings are kept only where the database itself holds prose.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
pub enum Edition {
    #[serde(rename = "1E")]
    First,
    #[serde(rename = "2E")]
    Second,
}

/// The card types of the database's `Type` column.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
pub enum CardType {
    Personnel,
    Ship,
    Facility,
    Site,
    Mission,
    TimeLocation,
    Dilemma,
    Event,
    Interrupt,
    InterruptEvent,
    Equipment,
    Incident,
    Objective,
    Artifact,
    Doorway,
    Tactic,
    Tribble,
    Trouble,
    QEvent,
    QInterrupt,
    QDilemma,
    QArtifact,
    QMission,
    DamageMarker,
    Other(String),
}

impl CardType {
    /// Parse the database's `Type` column ("Q Dilemma", "Interrupt/Event", ...).
    pub fn parse(s: &str) -> CardType {
        let norm: String = s
            .chars()
            .filter(|c| c.is_alphanumeric())
            .collect::<String>()
            .to_lowercase();
        match norm.as_str() {
            "personnel" => CardType::Personnel,
            "ship" => CardType::Ship,
            "facility" => CardType::Facility,
            "site" => CardType::Site,
            "mission" => CardType::Mission,
            "timelocation" => CardType::TimeLocation,
            "dilemma" => CardType::Dilemma,
            "event" => CardType::Event,
            "interrupt" => CardType::Interrupt,
            "interruptevent" => CardType::InterruptEvent,
            "equipment" => CardType::Equipment,
            "incident" => CardType::Incident,
            "objective" => CardType::Objective,
            "artifact" => CardType::Artifact,
            "doorway" => CardType::Doorway,
            "tactic" => CardType::Tactic,
            "tribble" => CardType::Tribble,
            "trouble" => CardType::Trouble,
            "qevent" => CardType::QEvent,
            "qinterrupt" => CardType::QInterrupt,
            "qdilemma" => CardType::QDilemma,
            "qartifact" => CardType::QArtifact,
            "qmission" => CardType::QMission,
            "damagemarker" => CardType::DamageMarker,
            _ => CardType::Other(s.trim().to_string()),
        }
    }

    /// The type's name as printed ("Q Dilemma").
    pub fn name(&self) -> String {
        match self {
            CardType::TimeLocation => "Time Location".into(),
            CardType::InterruptEvent => "Interrupt/Event".into(),
            CardType::QEvent => "Q Event".into(),
            CardType::QInterrupt => "Q Interrupt".into(),
            CardType::QDilemma => "Q Dilemma".into(),
            CardType::QArtifact => "Q Artifact".into(),
            CardType::QMission => "Q Mission".into(),
            CardType::DamageMarker => "Damage Marker".into(),
            CardType::Other(s) => s.clone(),
            other => format!("{other:?}"),
        }
    }
}

/// An attribute, point box or span: a number, or the printed text when it is
/// not one (`X`, `5+X`, `8+8`, `Q`, `30*`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Stat {
    Num(i32),
    Text(String),
}

impl Stat {
    /// Parse a database cell; empty cells are `None`.
    pub fn parse(s: &str) -> Option<Stat> {
        let t = s.trim();
        if t.is_empty() {
            return None;
        }
        Some(match t.parse::<i32>() {
            Ok(n) => Stat::Num(n),
            Err(_) => Stat::Text(t.to_string()),
        })
    }

    pub fn num(&self) -> Option<i32> {
        match self {
            Stat::Num(n) => Some(*n),
            Stat::Text(_) => None,
        }
    }

    /// True when the printed value is not a plain number.
    pub fn is_flagged(&self) -> bool {
        matches!(self, Stat::Text(_))
    }
}

impl std::fmt::Display for Stat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stat::Num(n) => write!(f, "{n}"),
            Stat::Text(t) => write!(f, "{t}"),
        }
    }
}

/// A skill in a personnel's skill box, with its level (x2 = 2.0, x1/2 = 0.5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Skill {
    /// Canonical name from `glossary/skills.toml` ("Diplomacy", "SECURITY").
    pub name: String,
    pub level: f32,
}

/// Where a printing comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PrintingSource {
    Physical,
    Virtual,
    Lackey,
}

/// One printing of a card: a row of a card CSV.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Printing {
    /// The title as this row prints it (may end in ` *VP` or `*`).
    pub printed_title: String,
    /// The legality/format tag (`Set` column).
    pub set: String,
    /// The expansion code (`Release` column).
    pub release: String,
    /// Rarity / collector info (`Info` column).
    pub info: String,
    pub image_file: String,
    pub blueprint_id: Option<String>,
    pub source: PrintingSource,
    /// This printing's lore when it differs from the card's (a `*VP` reprint
    /// often carries a new quotation); `lore:` searches it too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lore: Option<String>,
}

/// A persona marker: `Name`, `(Name)` for a mirror counterpart, `<Name>` for an infiltrator.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Persona {
    pub name: String,
    pub mirror: bool,
    pub infiltrator: bool,
}

/// Mission / dilemma location type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DilemmaType {
    Space,
    Planet,
    Dual,
}

/// One distinct card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Card {
    /// Index in the [`CardDb`].
    pub id: usize,
    /// Stable key (slug of edition, type and title, numbered when repeated).
    pub key: String,
    pub title: String,
    pub edition: Edition,
    pub card_type: CardType,
    pub unique: bool,
    pub universal: bool,
    /// Affiliations ("Non-Aligned/Cardassian" is two). Empty for missions.
    pub affiliations: Vec<String>,
    /// Missions: the affiliation icons that may attempt it (`[FED]` → "Federation").
    pub mission_icons: Vec<String>,
    /// Missions: the `Affil` cell when it is prose, not icons.
    pub mission_affil_text: Option<String>,
    /// Personnel classification or ship class (`Class` column).
    pub class: Option<String>,
    /// INTEGRITY or RANGE.
    pub int_rng: Option<Stat>,
    /// CUNNING or WEAPONS.
    pub cun_wpn: Option<Stat>,
    /// STRENGTH or SHIELDS.
    pub str_shd: Option<Stat>,
    pub points: Option<Stat>,
    pub span: Option<Stat>,
    pub quadrant: Option<String>,
    pub region: Option<String>,
    pub dilemma_type: Option<DilemmaType>,
    /// Icon codes, canonical from `glossary/icons.toml` ("AU", "Stf", "Cmd").
    pub icons: Vec<String>,
    /// Ship staffing icons, repeats kept (`[Cmd][Stf][Stf]`).
    pub staffing: Vec<String>,
    /// The prose beside the staffing icons (`OR {James T. Kirk}`, `Empathy x2`).
    #[serde(default)]
    pub staffing_text: Option<String>,
    /// Characteristics / keywords ("Human", "Captain", "Male").
    pub characteristics: Vec<String>,
    /// The first persona (most cards have one); see [`Card::personas`].
    pub persona: Option<Persona>,
    /// Every persona, in the cell's order: a dual personnel ("Data and Picard")
    /// is two. `persona` is `personas[0]`.
    #[serde(default)]
    pub personas: Vec<Persona>,
    /// Ships: matching commanders (`Command` column). Personnel: ships they command.
    pub commands: Vec<String>,
    pub requires: Option<String>,
    pub reports: Option<String>,
    pub property: String,
    pub names: Option<String>,
    pub lore: String,
    pub text: String,
    /// Personnel: parsed skills, repeated skills summed.
    pub skills: Vec<Skill>,
    /// Personnel: special-skill sentences kept as text.
    pub special_skills: Vec<String>,
    /// Titles from `DL/ {Title}` special downloads.
    pub special_downloads: Vec<String>,
    /// Personnel: false when the leading skills could not be parsed entirely.
    pub skills_parsed: bool,
    /// Every `{Title}` in the game text, in order.
    pub references: Vec<String>,
    pub printings: Vec<Printing>,
}

/// An empty card, so that test helpers can write `Card { title, ..Default::default() }`.
impl Default for Card {
    fn default() -> Self {
        Card {
            id: 0,
            key: String::new(),
            title: String::new(),
            edition: Edition::First,
            card_type: CardType::Other(String::new()),
            unique: false,
            universal: false,
            affiliations: Vec::new(),
            mission_icons: Vec::new(),
            mission_affil_text: None,
            class: None,
            int_rng: None,
            cun_wpn: None,
            str_shd: None,
            points: None,
            span: None,
            quadrant: None,
            region: None,
            dilemma_type: None,
            icons: Vec::new(),
            staffing: Vec::new(),
            staffing_text: None,
            characteristics: Vec::new(),
            persona: None,
            personas: Vec::new(),
            commands: Vec::new(),
            requires: None,
            reports: None,
            property: String::new(),
            names: None,
            lore: String::new(),
            text: String::new(),
            skills: Vec::new(),
            special_skills: Vec::new(),
            special_downloads: Vec::new(),
            skills_parsed: true,
            references: Vec::new(),
            printings: Vec::new(),
        }
    }
}

impl Card {
    pub fn is_personnel(&self) -> bool {
        self.card_type == CardType::Personnel
    }

    /// The level of a skill (0.0 when absent). Names compare case-insensitively.
    pub fn skill_level(&self, name: &str) -> f32 {
        self.skills
            .iter()
            .filter(|s| s.name.eq_ignore_ascii_case(name))
            .map(|s| s.level)
            .sum()
    }

    pub fn has_characteristic(&self, ch: &str) -> bool {
        self.characteristics
            .iter()
            .any(|c| c.eq_ignore_ascii_case(ch))
    }

    /// Every persona of the card: `personas`, or `persona` alone when an older
    /// index has only that.
    pub fn all_personas(&self) -> Vec<&Persona> {
        if self.personas.is_empty() {
            self.persona.iter().collect()
        } else {
            self.personas.iter().collect()
        }
    }

    /// The persona names this card stands for: its Persona cell, or — for a
    /// personnel whose cell is empty — its own title without a version subtitle
    /// or "2E" mark ("Jean-Luc Picard (Nemesis)" is a Jean-Luc Picard). The CSV
    /// fills the cell only when the title differs from the persona.
    pub fn persona_names(&self) -> Vec<String> {
        let named: Vec<String> = self
            .all_personas()
            .iter()
            .filter(|p| !p.name.is_empty())
            .map(|p| p.name.clone())
            .collect();
        if !named.is_empty() || self.card_type != CardType::Personnel {
            return named;
        }
        let own = self.title.split(" (").next().unwrap_or(&self.title);
        let own = own.split(" 2E").next().unwrap_or(own).trim();
        vec![own.to_string()]
    }

    pub fn has_icon(&self, code: &str) -> bool {
        self.icons.iter().any(|c| c.eq_ignore_ascii_case(code))
    }

    /// The kind of facility its Class column names (Outpost, Headquarters,
    /// Station), if it is one.
    pub fn facility_kind(&self) -> Option<FacilityKind> {
        if self.card_type != CardType::Facility {
            return None;
        }
        let class = self.class.as_deref()?.trim();
        [
            ("Outpost", FacilityKind::Outpost),
            ("Headquarters", FacilityKind::Headquarters),
            ("Station", FacilityKind::Station),
        ]
        .into_iter()
        .find(|(name, _)| class.eq_ignore_ascii_case(name))
        .map(|(_, k)| k)
    }

    /// A holographic personnel or equipment (Glossary "holographic
    /// personnel and equipment"): it bears the icon `glossary/icons.toml`
    /// spells "hologram".
    pub fn is_hologram(&self) -> bool {
        self.bears("hologram")
    }

    /// A card bearing the Borg Use Only icon (Glossary "Borg Use Only icon").
    pub fn is_borg_use_only(&self) -> bool {
        self.has_icon("BO") || self.has_icon("Borg Use Only")
    }

    /// Whether the card's classification is ANIMAL (Glossary "ANIMAL"): an
    /// ANIMAL may not attempt a mission alone, and Borg do not assimilate one.
    /// The classification is `glossary/affiliations.toml`'s `[animals]`.
    pub fn is_animal(&self) -> bool {
        let animal = &crate::vocab::vocabulary()
            .affiliations
            .animals
            .classification;
        !animal.is_empty()
            && (self.class.as_deref()).is_some_and(|c| c.trim().eq_ignore_ascii_case(animal))
    }

    /// Whether the card bears the icon `spelling` names in
    /// `glossary/icons.toml`: printed, or as the characteristic the icon's
    /// row says stands for it on cards printed without it.
    pub fn bears(&self, spelling: &str) -> bool {
        let Some(icon) = crate::vocab::vocabulary().icons.find(spelling) else {
            return false;
        };
        self.has_icon(&icon.code)
            || (icon.characteristic.as_deref()).is_some_and(|c| self.has_characteristic(c))
    }
}

/// The kinds of facility (Glossary "facility": outposts, headquarters and
/// stations), as the card database's Class column names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FacilityKind {
    Outpost,
    Headquarters,
    Station,
}

/// Every card of the database, loaded once.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct CardDb {
    pub cards: Vec<Card>,
    /// The title index lookups share, built on the first lookup. Cards must
    /// not change after that (a changed copy is made with `clone`, which
    /// leaves the index to be rebuilt).
    #[serde(skip)]
    titles: std::sync::OnceLock<super::lookup::TitleIndex>,
}

impl Clone for CardDb {
    fn clone(&self) -> CardDb {
        CardDb::new(self.cards.clone())
    }
}

impl CardDb {
    pub fn new(cards: Vec<Card>) -> CardDb {
        CardDb {
            cards,
            titles: std::sync::OnceLock::new(),
        }
    }

    /// Every card's title as lookups compare it, worked out once.
    pub fn titles(&self) -> &super::lookup::TitleIndex {
        self.titles
            .get_or_init(|| super::lookup::TitleIndex::new(&self.cards))
    }

    pub fn get(&self, id: usize) -> Option<&Card> {
        self.cards.get(id)
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The cards with exactly this title (compared folded: case, accents,
    /// typographic quotes), First Edition first.
    pub fn by_title(&self, title: &str) -> Vec<&Card> {
        let want = crate::repair::fold_for_match(title);
        let ids = self.titles().by_fold.get(&want).map_or(&[][..], |v| v);
        let mut out: Vec<&Card> = ids.iter().map(|&i| &self.cards[i]).collect();
        out.sort_by_key(|c| (c.edition, std::cmp::Reverse(c.printings.len())));
        out
    }

    /// The card a `{Title}` reference names, if one exists (preferring the
    /// edition of the referring card).
    pub fn resolve(&self, title: &str, edition: Edition) -> Option<&Card> {
        let cands = self.by_title(title);
        cands
            .iter()
            .find(|c| c.edition == edition)
            .or(cands.first())
            .copied()
    }
}

#[cfg(test)]
mod tests {
    use super::Card;

    #[test]
    fn a_hologram_bears_the_icon_or_the_characteristic_standing_for_it() {
        let with = |icons: &[&str], chars: &[&str]| Card {
            icons: icons.iter().map(|s| s.to_string()).collect(),
            characteristics: chars.iter().map(|s| s.to_string()).collect(),
            ..Default::default()
        };
        assert!(with(&["Holo"], &[]).is_hologram());
        assert!(with(&[], &["Hologram"]).is_hologram());
        assert!(!with(&["Stf"], &["Human"]).is_hologram());
    }
}
