//! The warm index a server answers from: opened once, shared by every request.

use crate::cards::CardDb;
use crate::errata::ScenarioText;
use crate::search::RulesSearcher;
use crate::store::Store;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};

/// SQLite connections kept open: requests needing the store take a free one,
/// so a slow query does not hold up the others.
const STORE_CONNECTIONS: usize = 4;

/// One loaded index generation with its card model and search index.
pub struct Warm {
    pub generation: PathBuf,
    pub searcher: RulesSearcher,
    pub db: CardDb,
    stores: Vec<Mutex<Store>>,
    next: AtomicUsize,
    /// The executable rulings (`rulings/`), read once for errata re-runs.
    pub rulings: Vec<ScenarioText>,
}

impl Warm {
    /// Open the current index, ingesting first when it is missing or stale.
    pub fn load(cfg: &crate::ingest::IndexConfig) -> anyhow::Result<Warm> {
        let handle = crate::ingest::open_fresh(cfg)?;
        let stores = (0..STORE_CONNECTIONS)
            .map(|_| Store::open(&handle.dir).map(Mutex::new))
            .collect::<anyhow::Result<Vec<_>>>()?;
        let rulings_dir = crate::corpus::repo_root().join("rulings");
        let files = crate::scenario::check::collect(&[rulings_dir], &[])?;
        let db = handle.cards()?;
        let searcher = handle.searcher()?;
        // Worked out or loaded now, so no request pays for it.
        db.titles();
        searcher.semantic_available();
        Ok(Warm {
            searcher,
            db,
            generation: handle.dir.clone(),
            stores,
            next: AtomicUsize::new(0),
            rulings: crate::errata::read_scenarios(&files)?,
        })
    }

    /// A store connection: the first free one, else wait for one in turn.
    pub fn store(&self) -> MutexGuard<'_, Store> {
        let start = self.next.fetch_add(1, Ordering::Relaxed);
        for i in 0..self.stores.len() {
            if let Ok(s) = self.stores[(start + i) % self.stores.len()].try_lock() {
                return s;
            }
        }
        let slot = &self.stores[start % self.stores.len()];
        slot.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
