//! `glossary/skills.toml`: classifications, regular skills and the "any
//! Intelligence" family, with lookup of a skill name by any spelling.

use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
pub struct SkillName {
    pub name: String,
    #[serde(default)]
    pub aliases: Vec<String>,
}

#[derive(Debug, Default, Clone, Deserialize)]
pub struct IntelligenceFamily {
    pub family: String,
    pub prefixes: Vec<String>,
    /// Skills of the family not named "<prefix> Intelligence" (Glossary
    /// "any Intelligence": FCA, Memory Omega, Obsidian Order, ...).
    #[serde(default)]
    pub members: Vec<String>,
}

#[derive(Debug, Default, Deserialize)]
pub struct Skills {
    #[serde(default)]
    pub classifications: Vec<SkillName>,
    #[serde(default, rename = "skill")]
    pub skills: Vec<SkillName>,
    #[serde(default)]
    pub intelligence: IntelligenceFamily,
}

impl Skills {
    /// Every spelling with its canonical name, longest first (for greedy matching
    /// of multi-word skills such as "Stellar Cartography").
    pub fn spellings(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for s in self.classifications.iter().chain(&self.skills) {
            out.push((s.name.clone(), s.name.clone()));
            for a in &s.aliases {
                out.push((a.clone(), s.name.clone()));
            }
        }
        for p in &self.intelligence.prefixes {
            let name = format!("{p} {}", self.intelligence.family);
            out.push((name.clone(), name));
        }
        out.sort_by_key(|(s, _)| std::cmp::Reverse(s.split_whitespace().count()));
        out
    }

    /// The canonical name of a skill (any case, any alias).
    pub fn canonical(&self, spelling: &str) -> Option<String> {
        let s = spelling.trim();
        self.spellings()
            .into_iter()
            .find(|(sp, _)| sp.eq_ignore_ascii_case(s))
            .map(|(_, n)| n)
    }

    pub fn is_classification(&self, name: &str) -> bool {
        self.classifications.iter().any(|c| {
            c.name.eq_ignore_ascii_case(name)
                || c.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
        })
    }

    /// True for a member of the "any Intelligence" family.
    pub fn is_intelligence(&self, name: &str) -> bool {
        let fam = &self.intelligence.family;
        name.eq_ignore_ascii_case(fam)
            || self
                .intelligence
                .members
                .iter()
                .any(|m| m.eq_ignore_ascii_case(name))
            || name
                .to_lowercase()
                .ends_with(&format!(" {}", fam.to_lowercase()))
    }
}

#[cfg(test)]
mod tests {
    use crate::vocab::vocabulary;

    #[test]
    fn skills_resolve_with_aliases_and_families() {
        let s = &vocabulary().skills;
        assert_eq!(s.canonical("vip").as_deref(), Some("V.I.P."));
        assert_eq!(
            s.canonical("computer skill").as_deref(),
            Some("Computer Skill")
        );
        assert_eq!(
            s.canonical("Klingon Intelligence").as_deref(),
            Some("Klingon Intelligence")
        );
        assert!(s.is_intelligence("Cardassian Intelligence"));
        assert!(!s.is_intelligence("Diplomacy"));
        assert!(s.is_classification("security"));
        assert!(!s.is_classification("Diplomacy"));
        assert_eq!(s.canonical("Warp Theory"), None);
    }
}
