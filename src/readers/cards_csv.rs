//! Reader for the card database CSVs (physical.csv, virtual.csv, lackey.csv):
//! checks the header, and turns every record into a [`CardRow`] of raw cells
//! with its line number. Parsing the cells into the card model is
//! [`crate::cards::parse`]; grouping rows into cards is [`crate::cards::ingest`].
//!
//! Invariant: never panics; an empty file, a wrong header, binary data or a
//! broken record is a [`ReadError`] naming the file and the line.

use super::{decode_text, ReadError};
use crate::cards::model::PrintingSource;
use std::path::Path;

/// The columns every card CSV has, in the order they are printed.
pub const COLUMNS: [&str; 28] = [
    "Name",
    "Set",
    "ImageFile",
    "Release",
    "Info",
    "Property",
    "Uniqueness",
    "Type",
    "Mission/ Dilemma Type",
    "Affil",
    "Class",
    "Int/Rng",
    "Cun/Wpn",
    "Str/Shd",
    "Points",
    "Region",
    "Quadrant",
    "Span",
    "Icons",
    "Staff",
    "Characteristics/ Keywords",
    "Requires",
    "Persona",
    "Command",
    "Lore",
    "Reports",
    "Names",
    "Text",
];

/// The two extra columns of lackey.csv.
pub const LACKEY_COLUMNS: [&str; 2] = ["Set id", "Blueprint ID"];

/// One record of a card CSV, cells as printed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CardRow {
    /// 1-based line where the record starts.
    pub line: usize,
    pub name: String,
    pub set: String,
    pub image_file: String,
    pub release: String,
    pub info: String,
    pub property: String,
    pub uniqueness: String,
    pub card_type: String,
    pub mission_type: String,
    pub affil: String,
    pub class: String,
    pub int_rng: String,
    pub cun_wpn: String,
    pub str_shd: String,
    pub points: String,
    pub region: String,
    pub quadrant: String,
    pub span: String,
    pub icons: String,
    pub staff: String,
    pub characteristics: String,
    pub requires: String,
    pub persona: String,
    pub command: String,
    pub lore: String,
    pub reports: String,
    pub names: String,
    pub text: String,
    pub set_id: Option<String>,
    pub blueprint_id: Option<String>,
}

/// Read a card CSV from disk.
pub fn read_file(path: &Path, source: PrintingSource) -> Result<Vec<CardRow>, ReadError> {
    let bytes = std::fs::read(path).map_err(|e| ReadError::Io {
        path: path.to_path_buf(),
        source: e,
    })?;
    read(path, &bytes, source)
}

/// Read a card CSV's bytes. `source` decides whether the Lackey columns are required.
pub fn read(path: &Path, bytes: &[u8], source: PrintingSource) -> Result<Vec<CardRow>, ReadError> {
    let text = decode_text(path, bytes)?;
    let mut rdr = csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(false)
        .from_reader(text.as_bytes());
    let header = rdr
        .headers()
        .map_err(|e| ReadError::malformed(path, 1, format!("cannot read the header: {e}")))?
        .clone();
    let index = column_index(path, &header, source)?;
    let mut rows = Vec::new();
    for rec in rdr.records() {
        let rec = rec.map_err(|e| csv_error(path, &e))?;
        let line = rec.position().map_or(0, |p| p.line() as usize);
        rows.push(row_from(&rec, &index, line));
    }
    if rows.is_empty() {
        return Err(ReadError::malformed(
            path,
            2,
            "no card records after the header: expected one row per printing",
        ));
    }
    Ok(rows)
}

fn csv_error(path: &Path, e: &csv::Error) -> ReadError {
    let line = e.position().map_or(0, |p| p.line() as usize);
    let what = match e.kind() {
        csv::ErrorKind::UnequalLengths {
            expected_len, len, ..
        } => format!("record has {len} fields, expected {expected_len} (as in the header)"),
        _ => format!("malformed CSV record: {e}"),
    };
    ReadError::malformed(path, line, what)
}

/// Map each expected column to its position in the header; a missing column is
/// an error naming it.
fn column_index(
    path: &Path,
    header: &csv::StringRecord,
    source: PrintingSource,
) -> Result<Vec<Option<usize>>, ReadError> {
    let find = |name: &str| header.iter().position(|h| h.trim() == name);
    let mut index: Vec<Option<usize>> = COLUMNS.iter().map(|c| find(c)).collect();
    let missing: Vec<&str> = COLUMNS
        .iter()
        .zip(&index)
        .filter(|(_, i)| i.is_none())
        .map(|(c, _)| *c)
        .collect();
    let lackey: Vec<Option<usize>> = LACKEY_COLUMNS.iter().map(|c| find(c)).collect();
    let lackey_missing = source == PrintingSource::Lackey && lackey.iter().any(Option::is_none);
    if !missing.is_empty() || lackey_missing {
        let mut all: Vec<&str> = missing;
        if lackey_missing {
            all.extend(
                LACKEY_COLUMNS
                    .iter()
                    .zip(&lackey)
                    .filter(|(_, i)| i.is_none())
                    .map(|(c, _)| *c),
            );
        }
        return Err(ReadError::malformed(
            path,
            1,
            format!(
                "wrong header: missing column(s) {}; expected a card database header starting `Name,Set,ImageFile,Release,...`",
                all.iter().map(|c| format!("`{c}`")).collect::<Vec<_>>().join(", ")
            ),
        ));
    }
    index.extend(lackey);
    Ok(index)
}

fn row_from(rec: &csv::StringRecord, index: &[Option<usize>], line: usize) -> CardRow {
    let cell = |i: usize| -> String { index[i].and_then(|p| rec.get(p)).unwrap_or("").to_string() };
    let opt = |i: usize| -> Option<String> {
        index
            .get(i)
            .copied()
            .flatten()
            .and_then(|p| rec.get(p))
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
    };
    CardRow {
        line,
        name: cell(0),
        set: cell(1),
        image_file: cell(2),
        release: cell(3),
        info: cell(4),
        property: cell(5),
        uniqueness: cell(6),
        card_type: cell(7),
        mission_type: cell(8),
        affil: cell(9),
        class: cell(10),
        int_rng: cell(11),
        cun_wpn: cell(12),
        str_shd: cell(13),
        points: cell(14),
        region: cell(15),
        quadrant: cell(16),
        span: cell(17),
        icons: cell(18),
        staff: cell(19),
        characteristics: cell(20),
        requires: cell(21),
        persona: cell(22),
        command: cell(23),
        lore: cell(24),
        reports: cell(25),
        names: cell(26),
        text: cell(27),
        set_id: opt(28),
        blueprint_id: opt(29),
    }
}
