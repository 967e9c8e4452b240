//! The coverage report: per card type, how many 1E cards' game texts compile
//! fully, partly or not at all, and how many have a timing class and targets.

use super::{compile, AbilitySource, Coverage};
use crate::cards::model::{CardDb, Edition};
use serde::Serialize;
use std::collections::BTreeMap;

/// One card type's counts.
#[derive(Debug, Clone, Serialize, PartialEq, Default)]
pub struct CoverageRow {
    pub card_type: String,
    pub cards: usize,
    pub full: usize,
    pub partial: usize,
    pub none: usize,
    /// Every ability has a timing class and at least one target.
    pub timed_and_targeted: usize,
    /// Cards described by hand in the overrides file.
    pub overrides: usize,
    /// Cards whose text the clause compiler reads as modifying an attribute.
    pub modifier_text: usize,
    /// Cards yielding at least one compiled continuous attribute modifier.
    pub modifiers: usize,
    /// Of those, cards with a modifier that applies unconditionally.
    pub unconditional_modifiers: usize,
    /// Cards yielding at least one compiled permission or prohibition.
    pub permissions: usize,
}

impl CoverageRow {
    /// Share of cards with a timing class and targets, in percent.
    pub fn timed_percent(&self) -> f64 {
        if self.cards == 0 {
            0.0
        } else {
            100.0 * self.timed_and_targeted as f64 / self.cards as f64
        }
    }

    pub fn full_percent(&self) -> f64 {
        if self.cards == 0 {
            0.0
        } else {
            100.0 * self.full as f64 / self.cards as f64
        }
    }
}

#[derive(Debug, Clone, Serialize, PartialEq, Default)]
pub struct CoverageReport {
    pub rows: Vec<CoverageRow>,
    /// Entries in `glossary/abilities/overrides.toml`.
    pub override_entries: usize,
}

impl CoverageReport {
    pub fn row(&self, card_type: &str) -> Option<&CoverageRow> {
        self.rows
            .iter()
            .find(|r| r.card_type.eq_ignore_ascii_case(card_type))
    }

    /// A rows table for the terminal.
    pub fn table(&self) -> comfy_table::Table {
        let mut t = comfy_table::Table::new();
        t.set_header(vec![
            "type",
            "cards",
            "full",
            "partial",
            "none",
            "timing+targets",
            "%",
            "overrides",
            "modifier text",
            "modifiers",
            "unconditional",
            "permissions",
        ]);
        for r in &self.rows {
            t.add_row(vec![
                r.card_type.clone(),
                r.cards.to_string(),
                r.full.to_string(),
                r.partial.to_string(),
                r.none.to_string(),
                r.timed_and_targeted.to_string(),
                format!("{:.1}", r.timed_percent()),
                r.overrides.to_string(),
                r.modifier_text.to_string(),
                r.modifiers.to_string(),
                r.unconditional_modifiers.to_string(),
                r.permissions.to_string(),
            ]);
        }
        t
    }
}

/// Compile every 1E card with game text and count, per card type.
pub fn coverage_report(db: &CardDb) -> CoverageReport {
    let mut rows: BTreeMap<String, CoverageRow> = BTreeMap::new();
    for card in db.cards.iter().filter(|c| c.edition == Edition::First) {
        let compiled = compile(card);
        let name = card.card_type.name();
        let row = rows.entry(name.clone()).or_insert_with(|| CoverageRow {
            card_type: name,
            ..CoverageRow::default()
        });
        row.cards += 1;
        match compiled.coverage {
            Coverage::Full => row.full += 1,
            Coverage::Partial => row.partial += 1,
            Coverage::None => row.none += 1,
        }
        if compiled.has_timing_and_targets() {
            row.timed_and_targeted += 1;
        }
        if compiled.source == AbilitySource::Override {
            row.overrides += 1;
        }
        if compiled.effects().any(|e| e.verb == "modify") {
            row.modifier_text += 1;
        }
        let lasting = super::continuous::of(card);
        if !lasting.modifiers.is_empty() {
            row.modifiers += 1;
        }
        if lasting.modifiers.iter().any(|m| m.condition.is_none()) {
            row.unconditional_modifiers += 1;
        }
        if !lasting.permissions.is_empty() {
            row.permissions += 1;
        }
    }
    CoverageReport {
        rows: rows.into_values().collect(),
        override_entries: super::overrides::Overrides::get().len(),
    }
}
