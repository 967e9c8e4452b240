//! The coverage report: per card type, how many 1E cards' game texts compile
//! fully, partly or not at all, and how many have a timing class and targets.

use super::{compile, AbilitySource, Coverage};
use crate::cards::model::{CardDb, Edition};
use serde::Serialize;
use std::collections::BTreeMap;

/// `part` of `whole`, in percent (0 for none).
fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

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
        percent(self.timed_and_targeted, self.cards)
    }

    pub fn full_percent(&self) -> f64 {
        percent(self.full, self.cards)
    }
}

#[derive(Debug, Clone, Serialize, PartialEq, Default)]
pub struct CoverageReport {
    pub rows: Vec<CoverageRow>,
    /// Entries in `glossary/abilities/overrides.toml`.
    pub override_entries: usize,
    /// Card-specific Current Rulings entries in `glossary/card-rulings.toml`.
    pub card_rulings: usize,
    /// Current Rulings entries on the timing of particular cards or kinds of
    /// action, in `glossary/timing-rulings.toml`.
    pub timing_rulings: usize,
    /// The dilemma form: how many dilemmas compile to a full structure.
    pub dilemmas: DilemmaCoverage,
}

/// Distinct 1E dilemma titles and what their text compiled to
/// ([`super::dilemma::compile_dilemma`]).
#[derive(Debug, Clone, Serialize, PartialEq, Default)]
pub struct DilemmaCoverage {
    pub cards: usize,
    /// Every sentence read, with conditions, effects or entering play.
    pub full: usize,
    pub with_conditions: usize,
    pub with_trigger: usize,
    pub with_nullifier: usize,
    pub enters_play: usize,
    /// Sentences left unread, over all dilemmas.
    pub unread_sentences: usize,
}

impl DilemmaCoverage {
    pub fn full_percent(&self) -> f64 {
        percent(self.full, self.cards)
    }

    fn count(&mut self, d: &super::dilemma::CompiledDilemma) {
        self.cards += 1;
        self.full += usize::from(d.is_full());
        self.with_conditions += usize::from(d.conditions.is_some());
        self.with_trigger += usize::from(d.trigger.is_some());
        self.with_nullifier += usize::from(!d.nullifiers.is_empty());
        self.enters_play += usize::from(d.afterwards.enters_play.is_some());
        self.unread_sentences += d.all_unread().len();
    }
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
    let mut dilemmas = DilemmaCoverage::default();
    let mut dilemma_titles = std::collections::BTreeSet::new();
    for card in db.cards.iter().filter(|c| c.edition == Edition::First) {
        let compiled = compile(card);
        let name = card.card_type.name();
        let row = rows.entry(name.clone()).or_insert_with(|| CoverageRow {
            card_type: name,
            ..CoverageRow::default()
        });
        row.cards += 1;
        if card.card_type == crate::cards::model::CardType::Dilemma
            && dilemma_titles.insert(card.title.clone())
        {
            dilemmas.count(&super::dilemma::compile_dilemma(&card.title, &card.text));
        }
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
        card_rulings: crate::vocab::vocabulary().card_rulings.len(),
        timing_rulings: crate::engine::timing_rulings::TimingRulings::get().len(),
        dilemmas,
    }
}
