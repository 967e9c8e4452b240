//! Card ingest: read the card CSVs named in the manifest, group rows into
//! distinct cards with their printings, parse every field, and report counts.
//!
//! Identity: a card is (edition, title without printing marks, type, game text
//! compared without case, spacing or punctuation). `*VP` and `*` twin rows are
//! printings of that card. Lackey rows are matched to the physical/virtual
//! printing with the same release and image file and only add the blueprint id.

use super::model::{Card, CardDb, CardType, Edition, Printing, PrintingSource, Stat};
use super::parse;
use crate::corpus::{Corpus, DocFormat, DocSpec};
use crate::readers::cards_csv::{self, CardRow};
use crate::repair::fold_for_match;
use std::collections::HashMap;

/// What loading the card database produced.
#[derive(Debug, Default)]
pub struct CardLoad {
    pub db: CardDb,
    pub report: CardReport,
}

/// A personnel whose leading skills could not be parsed.
#[derive(Debug, Clone, serde::Serialize)]
pub struct UnparsedSkills {
    pub title: String,
    pub problem: String,
    pub text: String,
}

/// Counts for the ingest summary.
#[derive(Debug, Default, Clone, serde::Serialize)]
pub struct CardReport {
    /// (file, rows read).
    pub files: Vec<(String, usize)>,
    pub cards_1e: usize,
    pub cards_2e: usize,
    pub printings_1e: usize,
    pub printings_2e: usize,
    /// Lackey rows that matched an existing printing (blueprint id added).
    pub lackey_matched: usize,
    /// Lackey rows that became printings of their own.
    pub lackey_new: usize,
    pub personnel_1e: usize,
    pub personnel_1e_parsed: usize,
    pub unparsed: Vec<UnparsedSkills>,
    pub references: usize,
    pub references_resolved: usize,
    /// Attribute, points and span cells that are not plain numbers.
    pub flagged_stats: usize,
    /// Icon codes not in glossary/icons.toml, with counts.
    pub unknown_icons: Vec<(String, usize)>,
}

impl CardReport {
    /// Share of 1E personnel whose skill boxes parsed fully, in percent.
    pub fn parse_rate(&self) -> f64 {
        if self.personnel_1e == 0 {
            return 100.0;
        }
        100.0 * self.personnel_1e_parsed as f64 / self.personnel_1e as f64
    }

    /// Rows for the ingest summary table.
    pub fn table(&self) -> comfy_table::Table {
        let mut t = comfy_table::Table::new();
        t.set_header(vec!["cards", "value"]);
        for (f, n) in &self.files {
            t.add_row(vec![format!("rows in {f}"), n.to_string()]);
        }
        t.add_row(vec!["distinct cards 1E".into(), self.cards_1e.to_string()]);
        t.add_row(vec!["distinct cards 2E".into(), self.cards_2e.to_string()]);
        t.add_row(vec!["printings 1E".into(), self.printings_1e.to_string()]);
        t.add_row(vec!["printings 2E".into(), self.printings_2e.to_string()]);
        t.add_row(vec![
            "lackey rows merged / new printings".into(),
            format!("{} / {}", self.lackey_matched, self.lackey_new),
        ]);
        t.add_row(vec![
            "1E personnel skills parsed fully".into(),
            format!(
                "{} / {} ({:.1}%)",
                self.personnel_1e_parsed,
                self.personnel_1e,
                self.parse_rate()
            ),
        ]);
        t.add_row(vec![
            "references resolved".into(),
            format!("{} / {}", self.references_resolved, self.references),
        ]);
        t.add_row(vec![
            "non-numeric stats (flagged)".into(),
            self.flagged_stats.to_string(),
        ]);
        let unknown: Vec<String> = self
            .unknown_icons
            .iter()
            .map(|(c, n)| format!("[{c}]×{n}"))
            .collect();
        t.add_row(vec![
            "unknown icon codes".into(),
            if unknown.is_empty() {
                "none".into()
            } else {
                unknown.join(" ")
            },
        ]);
        t
    }
}

/// Load every `cards` document of the manifest.
pub fn load(corpus: &Corpus, docs: &[&DocSpec]) -> anyhow::Result<CardLoad> {
    let mut files = Vec::new();
    for doc in docs {
        let source = source_of(doc);
        let path = corpus.path_of(doc);
        let rows = cards_csv::read_file(&path, source)?;
        files.push((doc.path.display().to_string(), source, rows));
    }
    Ok(load_rows(files))
}

/// Load every card document the corpus manifest names, straight from the CSVs
/// (for tests and benchmarks that do not want an index).
pub fn load_corpus(corpus: &Corpus) -> anyhow::Result<CardDb> {
    let docs: Vec<&DocSpec> = corpus
        .manifest
        .documents
        .iter()
        .filter(|d| d.kind == crate::corpus::DocKind::Cards)
        .collect();
    Ok(load(corpus, &docs)?.db)
}

/// Which kind of printing a document's rows are.
fn source_of(doc: &DocSpec) -> PrintingSource {
    if doc.format == DocFormat::LackeyCsv {
        PrintingSource::Lackey
    } else if doc.id.contains("virtual") || doc.path.to_string_lossy().contains("virtual") {
        PrintingSource::Virtual
    } else {
        PrintingSource::Physical
    }
}

/// Build the card database from already-read rows: (file name, source, rows).
/// Physical and virtual files are grouped first, Lackey files after.
pub fn load_rows(mut files: Vec<(String, PrintingSource, Vec<CardRow>)>) -> CardLoad {
    files.sort_by_key(|(_, s, _)| *s == PrintingSource::Lackey);
    let mut b = Builder::default();
    let mut report = CardReport::default();
    for (name, source, rows) in &files {
        report.files.push((name.clone(), rows.len()));
        for row in rows {
            b.add(row, *source, &mut report);
        }
    }
    let mut unknown: Vec<(String, usize)> = b.unknown_icons.clone().into_iter().collect();
    unknown.sort();
    let db = b.finish();
    report.unknown_icons = unknown;
    summarise(&db, &mut report);
    CardLoad { db, report }
}

/// Grouping state while rows are added.
#[derive(Default)]
struct Builder {
    cards: Vec<(Card, bool)>,
    by_identity: HashMap<(Edition, String, String, String), usize>,
    /// (release, image file) → (card, printing index)
    by_printing: HashMap<(String, String), (usize, usize)>,
    unknown_icons: HashMap<String, usize>,
}

impl Builder {
    fn add(&mut self, row: &CardRow, source: PrintingSource, report: &mut CardReport) {
        let printed = parse::printed_title(&row.name);
        let printing = Printing {
            printed_title: row.name.trim().to_string(),
            set: row.set.trim().to_string(),
            release: row.release.trim().to_string(),
            info: row.info.trim().to_string(),
            image_file: row.image_file.trim().to_string(),
            blueprint_id: row.blueprint_id.clone(),
            source,
            lore: non_empty(&row.lore),
        };
        let pkey = (printing.release.clone(), printing.image_file.clone());
        if source == PrintingSource::Lackey {
            if let Some(&(card, p)) = self.by_printing.get(&pkey) {
                let existing = &mut self.cards[card].0.printings[p];
                if existing.blueprint_id.is_none() {
                    existing.blueprint_id = printing.blueprint_id;
                }
                report.lackey_matched += 1;
                return;
            }
            report.lackey_new += 1;
        }
        let edition = edition_of(&row.set);
        let identity = (
            edition,
            fold_for_match(&printed.title),
            fold_for_match(&row.card_type).replace(' ', ""),
            text_identity(&row.text),
        );
        let plain = !printed.twin && !printed.virtual_promo;
        let card = match self.by_identity.get(&identity) {
            Some(&c) => {
                // A plain row describes the card better than a *VP or twin row.
                if plain && !self.cards[c].1 {
                    let printings = std::mem::take(&mut self.cards[c].0.printings);
                    let fresh =
                        card_from_row(row, &printed.title, edition, &mut self.unknown_icons);
                    self.cards[c] = (Card { printings, ..fresh }, true);
                }
                c
            }
            None => {
                let c = self.cards.len();
                let card = card_from_row(row, &printed.title, edition, &mut self.unknown_icons);
                self.cards.push((card, plain));
                self.by_identity.insert(identity, c);
                c
            }
        };
        let printings = &mut self.cards[card].0.printings;
        printings.push(printing);
        self.by_printing
            .entry(pkey)
            .or_insert((card, printings.len() - 1));
    }

    fn finish(self) -> CardDb {
        let mut cards: Vec<Card> = self.cards.into_iter().map(|(c, _)| c).collect();
        for c in &mut cards {
            // keep a printing's lore only where it says something else
            for p in &mut c.printings {
                if p.lore.as_deref().is_some_and(|l| l == c.lore) {
                    p.lore = None;
                }
            }
        }
        let mut seen: HashMap<String, usize> = HashMap::new();
        for (id, c) in cards.iter_mut().enumerate() {
            c.id = id;
            let base = format!(
                "{}-{}-{}",
                if c.edition == Edition::First {
                    "1e"
                } else {
                    "2e"
                },
                crate::readers::slug(&c.card_type.name()),
                crate::readers::slug(&c.title)
            );
            let n = seen.entry(base.clone()).or_insert(0);
            *n += 1;
            c.key = if *n == 1 { base } else { format!("{base}~{n}") };
        }
        CardDb::new(cards)
    }
}

fn edition_of(set: &str) -> Edition {
    if set.contains("ban_2E") {
        Edition::Second
    } else {
        Edition::First
    }
}

/// Game text compared for identity: letters and digits only, lowercase.
fn text_identity(text: &str) -> String {
    fold_for_match(text)
        .chars()
        .filter(|c| c.is_alphanumeric())
        .collect()
}

fn non_empty(s: &str) -> Option<String> {
    let t = s.trim();
    (!t.is_empty()).then(|| t.to_string())
}

/// Parse one row into a card (without printings).
fn card_from_row(
    row: &CardRow,
    title: &str,
    edition: Edition,
    unknown_icons: &mut HashMap<String, usize>,
) -> Card {
    let card_type = CardType::parse(&row.card_type);
    let is_mission = matches!(card_type, CardType::Mission | CardType::QMission);
    let (mission_icons, mission_affil_text) = if is_mission {
        parse::mission_affil(&row.affil)
    } else {
        (Vec::new(), None)
    };
    let affiliations = if is_mission {
        Vec::new()
    } else {
        parse::affiliations(&row.affil)
    };
    let (icons, unknown) = parse::icons(&row.icons);
    let (staffing, staffing_text) = parse::staffing(&row.staff);
    for u in unknown {
        *unknown_icons.entry(u).or_insert(0) += 1;
    }
    let text = row.text.trim().to_string();
    let universal = row.uniqueness.trim().eq_ignore_ascii_case("univ");
    let bx = (card_type == CardType::Personnel).then(|| parse::skill_box(&text));
    // A dual personnel has two personas ("Data;Jean-Luc Picard").
    let personas = parse::personas(&row.persona);
    Card {
        id: 0,
        key: String::new(),
        title: title.to_string(),
        edition,
        unique: is_unique(&card_type, universal, &text),
        universal,
        affiliations,
        mission_icons,
        mission_affil_text,
        class: non_empty(&row.class),
        int_rng: Stat::parse(&row.int_rng),
        cun_wpn: Stat::parse(&row.cun_wpn),
        str_shd: Stat::parse(&row.str_shd),
        points: Stat::parse(&row.points),
        span: Stat::parse(&row.span),
        quadrant: non_empty(&row.quadrant),
        region: non_empty(&row.region),
        dilemma_type: parse::dilemma_type(&row.mission_type),
        icons,
        staffing,
        staffing_text,
        characteristics: parse::list(&row.characteristics),
        persona: personas.first().cloned(),
        personas,
        commands: parse::list(&row.command),
        requires: non_empty(&row.requires),
        reports: non_empty(&row.reports),
        property: row.property.trim().to_string(),
        names: non_empty(&row.names),
        lore: row.lore.trim().to_string(),
        references: parse::references(&text),
        skills: bx.as_ref().map(|b| b.skills.clone()).unwrap_or_default(),
        special_skills: bx
            .as_ref()
            .map(|b| b.special_skills.clone())
            .unwrap_or_default(),
        special_downloads: match &bx {
            Some(b) => b.downloads.clone(),
            None => download_titles(&text),
        },
        skills_parsed: bx.as_ref().is_none_or(|b| b.parsed),
        text,
        printings: Vec::new(),
        card_type,
    }
}

/// A multi-affiliation card in one affiliation mode (Glossary
/// "multi-affiliation cards": "Their skills and other features may differ
/// according to their current affiliation mode"): its text narrowed to the
/// unlabelled words and the mode's own ([`parse::mode_text`]), and what that
/// text determines re-derived. The card as printed when its text has no
/// affiliation labels.
pub fn in_mode(card: &Card, mode: &str) -> Card {
    let mut c = card.clone();
    if let Some(text) = parse::mode_text(&card.text, mode, &card.affiliations) {
        c.text = text;
        rederive_text(&mut c);
    }
    c
}

/// Re-derive what a card's game text determines, as [`load`] does for a CSV
/// row: `{Title}` references, and a personnel's skill box (skills, special
/// skills, special downloads, whether it parsed) or another card's `DL/`
/// titles. Used when a card's text is changed in memory (errata).
pub fn rederive_text(card: &mut Card) {
    card.references = parse::references(&card.text);
    if card.card_type == CardType::Personnel {
        let bx = parse::skill_box(&card.text);
        card.skills = bx.skills;
        card.special_skills = bx.special_skills;
        card.special_downloads = bx.downloads;
        card.skills_parsed = bx.parsed;
    } else {
        card.skills.clear();
        card.special_skills.clear();
        card.special_downloads = download_titles(&card.text);
        card.skills_parsed = true;
    }
}

/// Non-personnel: the `{Title}`s right after `DL/`.
fn download_titles(text: &str) -> Vec<String> {
    text.match_indices("DL/")
        .filter_map(|(i, _)| {
            let rest = text[i + 3..].trim_start();
            rest.starts_with('{')
                .then(|| parse::references(rest).into_iter().next())
                .flatten()
        })
        .collect()
}

/// 1E: personnel, ships and facilities are unique unless universal; other cards
/// only when their text says "Unique".
fn is_unique(t: &CardType, universal: bool, text: &str) -> bool {
    if universal {
        return false;
    }
    match t {
        CardType::Personnel | CardType::Ship | CardType::Facility => true,
        _ => text.contains("Unique.") || text.contains("(Unique)"),
    }
}

fn summarise(db: &CardDb, r: &mut CardReport) {
    let titles = title_index(db);
    for c in &db.cards {
        let first = c.edition == Edition::First;
        if first {
            r.cards_1e += 1;
            r.printings_1e += c.printings.len();
        } else {
            r.cards_2e += 1;
            r.printings_2e += c.printings.len();
        }
        if first && c.is_personnel() {
            r.personnel_1e += 1;
            if c.skills_parsed {
                r.personnel_1e_parsed += 1;
            } else {
                r.unparsed.push(UnparsedSkills {
                    title: c.title.clone(),
                    problem: parse::skill_box(&c.text).problem.unwrap_or_default(),
                    text: c.text.clone(),
                });
            }
        }
        r.references += c.references.len();
        r.references_resolved += c
            .references
            .iter()
            .filter(|t| titles.contains_key(&fold_for_match(t)))
            .count();
        r.flagged_stats += [&c.int_rng, &c.cun_wpn, &c.str_shd, &c.points, &c.span]
            .iter()
            .filter(|s| s.as_ref().is_some_and(Stat::is_flagged))
            .count();
    }
}

/// Folded title → card ids (First Edition first).
pub fn title_index(db: &CardDb) -> HashMap<String, Vec<usize>> {
    let mut m: HashMap<String, Vec<usize>> = HashMap::new();
    for c in &db.cards {
        m.entry(fold_for_match(&c.title)).or_default().push(c.id);
    }
    for ids in m.values_mut() {
        ids.sort_by_key(|&i| {
            (
                db.cards[i].edition,
                std::cmp::Reverse(db.cards[i].printings.len()),
            )
        });
    }
    m
}
