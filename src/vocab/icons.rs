//! `glossary/icons.toml`: the icon vocabulary (code, name, aliases, kind) and the
//! affiliation shorthands, with lookups by any spelling.

use serde::Deserialize;
use std::collections::HashMap;

#[derive(Debug, Clone, Deserialize)]
pub struct Icon {
    /// Canonical code as the CSVs print it in brackets ("Stf", "AU").
    pub code: String,
    pub name: String,
    #[serde(default)]
    pub aliases: Vec<String>,
    /// "affiliation", "staffing", "quadrant", ...
    pub kind: String,
    #[serde(default)]
    pub note: Option<String>,
    /// A characteristic that stands for the icon on cards printed without
    /// it ("Hologram" for the Holographic Re-creation icon).
    #[serde(default)]
    pub characteristic: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
pub struct Icons {
    #[serde(default, rename = "icon")]
    pub icons: Vec<Icon>,
    #[serde(default)]
    pub affiliation_aliases: HashMap<String, String>,
}

impl Icons {
    /// The icon written as `spelling` (code, alias or name; any case).
    pub fn find(&self, spelling: &str) -> Option<&Icon> {
        let s = spelling.trim().trim_matches(|c| c == '[' || c == ']');
        let exact = self
            .icons
            .iter()
            .find(|i| i.code == s || i.aliases.iter().any(|a| a == s));
        exact.or_else(|| {
            self.icons.iter().find(|i| {
                i.code.eq_ignore_ascii_case(s)
                    || i.name.eq_ignore_ascii_case(s)
                    || i.aliases.iter().any(|a| a.eq_ignore_ascii_case(s))
            })
        })
    }

    /// The canonical code of an icon spelling, if known.
    pub fn canonical(&self, spelling: &str) -> Option<&str> {
        self.find(spelling).map(|i| i.code.as_str())
    }

    /// The affiliation an infiltration icon infiltrates ("InfRom" → "Romulan").
    pub fn infiltrates(&self, code: &str) -> Option<&str> {
        let icon = self.find(code).filter(|i| i.kind == "infiltration")?;
        let named = icon.name.strip_prefix("Infiltration ")?;
        self.affiliation(named)
    }

    /// The affiliation (as the Affil column spells it) for a name, icon code or
    /// shorthand: "na" → "Non-Aligned", "FED" → "Federation".
    pub fn affiliation(&self, spelling: &str) -> Option<&str> {
        let s = spelling.trim();
        let folded = s.to_lowercase();
        if let Some((_, v)) = self
            .affiliation_aliases
            .iter()
            .find(|(k, _)| k.to_lowercase() == folded)
        {
            return Some(v.as_str());
        }
        self.icons
            .iter()
            .filter(|i| i.kind == "affiliation")
            .find(|i| {
                i.code.eq_ignore_ascii_case(s)
                    || i.name.eq_ignore_ascii_case(s)
                    || i.aliases.iter().any(|a| a.eq_ignore_ascii_case(s))
            })
            .map(|i| i.name.as_str())
    }
}

#[cfg(test)]
mod tests {
    use crate::vocab::vocabulary;

    #[test]
    fn icons_resolve_by_code_alias_and_name() {
        let icons = &vocabulary().icons;
        assert_eq!(icons.canonical("[ST]"), Some("Stf"));
        assert_eq!(icons.canonical("au"), Some("AU"));
        assert_eq!(icons.canonical("gamma"), Some("GQ"));
        assert_eq!(icons.affiliation("na"), Some("Non-Aligned"));
        assert_eq!(icons.affiliation("KLI"), Some("Klingon"));
        assert_eq!(icons.affiliation("fed"), Some("Federation"));
        assert_eq!(icons.affiliation("non-aligned"), Some("Non-Aligned"));
        assert_eq!(icons.canonical("nonsense"), None);
    }

    #[test]
    fn every_icon_code_is_unique() {
        let icons = &vocabulary().icons.icons;
        let mut codes: Vec<String> = icons.iter().map(|i| i.code.to_lowercase()).collect();
        codes.sort();
        let n = codes.len();
        codes.dedup();
        assert_eq!(n, codes.len());
    }
}
