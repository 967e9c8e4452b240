//! The store: the SQLite database inside `index/`, its schema, and the layout
//! of the index directory (database + tantivy index, one generation at a time).
//!
//! Invariant: all SQL takes values through bound parameters, never by string
//! formatting. [`rules`] reads and writes rules entries, [`cards`] the card model.

pub mod cards;
pub mod rules;

use rusqlite::{params, Connection, OptionalExtension};
use std::path::{Path, PathBuf};

pub const SCHEMA_VERSION: &str = "2";
pub const DB_FILE: &str = "daystrom.sqlite";
pub const TANTIVY_DIR: &str = "tantivy";

/// The whole schema. Rules tables first, then the card tables.
pub const SCHEMA: &str = r#"
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE documents (
  id TEXT PRIMARY KEY, title TEXT NOT NULL, kind TEXT NOT NULL, edition TEXT NOT NULL,
  lang TEXT NOT NULL, version TEXT NOT NULL, path TEXT NOT NULL, format TEXT NOT NULL,
  entries INTEGER NOT NULL DEFAULT 0, xrefs INTEGER NOT NULL DEFAULT 0,
  repairs INTEGER NOT NULL DEFAULT 0, unplaced INTEGER NOT NULL DEFAULT 0);
CREATE TABLE entries (
  id TEXT PRIMARY KEY, doc TEXT NOT NULL REFERENCES documents(id), seq INTEGER NOT NULL,
  title TEXT NOT NULL, title_fold TEXT NOT NULL, body TEXT NOT NULL, heading_path TEXT NOT NULL,
  source TEXT, revised INTEGER NOT NULL, stub INTEGER NOT NULL, line INTEGER NOT NULL);
CREATE INDEX entries_title ON entries(title_fold);
CREATE INDEX entries_doc ON entries(doc, seq);
CREATE TABLE xrefs (from_id TEXT NOT NULL, target_title TEXT NOT NULL, target_id TEXT);
CREATE INDEX xrefs_from ON xrefs(from_id);
CREATE INDEX xrefs_target ON xrefs(target_id);
CREATE TABLE unplaced (doc TEXT NOT NULL, line INTEGER NOT NULL, text TEXT NOT NULL);
CREATE TABLE legend (doc TEXT NOT NULL, code TEXT NOT NULL, meaning TEXT NOT NULL, grp TEXT NOT NULL);

CREATE TABLE cards (
  id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, title TEXT NOT NULL, title_fold TEXT NOT NULL,
  edition TEXT NOT NULL, type TEXT NOT NULL, is_unique INTEGER NOT NULL, universal INTEGER NOT NULL,
  affiliation TEXT NOT NULL, class TEXT,
  int_rng TEXT, int_rng_num INTEGER, cun_wpn TEXT, cun_wpn_num INTEGER, str_shd TEXT, str_shd_num INTEGER,
  points TEXT, points_num INTEGER, span TEXT, span_num INTEGER,
  quadrant TEXT, region TEXT, dilemma_type TEXT, persona TEXT, requires TEXT, reports TEXT,
  property TEXT NOT NULL, lore TEXT NOT NULL, text TEXT NOT NULL, skills_parsed INTEGER NOT NULL,
  json TEXT NOT NULL);
CREATE INDEX cards_title ON cards(title_fold);
CREATE TABLE card_affiliations (card INTEGER NOT NULL, affiliation TEXT NOT NULL);
CREATE TABLE card_icons (card INTEGER NOT NULL, icon TEXT NOT NULL, staffing INTEGER NOT NULL);
CREATE TABLE card_chars (card INTEGER NOT NULL, characteristic TEXT NOT NULL);
CREATE TABLE card_skills (card INTEGER NOT NULL, skill TEXT NOT NULL, level REAL NOT NULL);
CREATE TABLE card_commands (card INTEGER NOT NULL, name TEXT NOT NULL);
CREATE TABLE card_personas (card INTEGER NOT NULL, name TEXT NOT NULL, version TEXT NOT NULL);
CREATE TABLE card_refs (card INTEGER NOT NULL, title TEXT NOT NULL, target INTEGER);
CREATE TABLE card_rules (card INTEGER NOT NULL, entry_id TEXT NOT NULL, how TEXT NOT NULL);
CREATE TABLE printings (
  card INTEGER NOT NULL, printed_title TEXT NOT NULL, set_tag TEXT NOT NULL, release TEXT NOT NULL,
  info TEXT NOT NULL, image_file TEXT NOT NULL, blueprint_id TEXT, source TEXT NOT NULL);
CREATE INDEX card_skills_card ON card_skills(card);
CREATE INDEX card_refs_target ON card_refs(target);
CREATE INDEX card_rules_card ON card_rules(card);
CREATE INDEX printings_card ON printings(card);
"#;

/// An open index generation: its directory and its SQLite connection.
pub struct Store {
    pub dir: PathBuf,
    pub conn: Connection,
}

impl Store {
    /// Create a fresh database with the schema in `dir` (which must exist).
    pub fn create(dir: &Path) -> anyhow::Result<Store> {
        let conn = Connection::open(dir.join(DB_FILE))?;
        conn.execute_batch("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;")?;
        conn.execute_batch(SCHEMA)?;
        let store = Store {
            dir: dir.to_path_buf(),
            conn,
        };
        store.set_meta("schema_version", SCHEMA_VERSION)?;
        Ok(store)
    }

    /// Open an existing generation read-only.
    pub fn open(dir: &Path) -> anyhow::Result<Store> {
        let path = dir.join(DB_FILE);
        if !path.is_file() {
            anyhow::bail!("no database at {}", path.display());
        }
        let conn = Connection::open_with_flags(
            &path,
            rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        Ok(Store {
            dir: dir.to_path_buf(),
            conn,
        })
    }

    pub fn set_meta(&self, key: &str, value: &str) -> anyhow::Result<()> {
        self.conn.execute(
            "INSERT OR REPLACE INTO meta(key, value) VALUES (?1, ?2)",
            params![key, value],
        )?;
        Ok(())
    }

    pub fn meta(&self, key: &str) -> anyhow::Result<Option<String>> {
        Ok(self
            .conn
            .query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
            .optional()?)
    }

    pub fn tantivy_dir(&self) -> PathBuf {
        self.dir.join(TANTIVY_DIR)
    }
}
