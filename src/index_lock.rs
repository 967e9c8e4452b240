//! Locks that make one index directory safe to share between processes.
//!
//! - The **ingest lock** (`index/LOCK`, exclusive): held by an ingest from
//!   before it chooses its generation until the old generations are cleaned
//!   up. A second ingest (or a query re-ingesting a stale index) waits for it,
//!   so two ingests never delete each other's generations or race on
//!   `CURRENT`.
//! - A **generation lease** (`gen-N/READERS`, shared): held by every open
//!   [`crate::ingest::IndexHandle`]. An ingest removes an old generation only
//!   when it can lock that file exclusively, i.e. when nobody reads it.
//!
//! Both are advisory file locks (`flock`), released by the OS when a process
//! dies, so a killed ingest or reader never leaves a stale lock behind.

use anyhow::Context as _;
use std::fs::{File, OpenOptions, TryLockError};
use std::path::{Path, PathBuf};

/// The ingest lock file in the index directory.
pub const INGEST_LOCK: &str = "LOCK";
/// The lease file in each generation directory.
pub const LEASE: &str = "READERS";

/// The exclusive right to change an index directory; released on drop.
#[derive(Debug)]
pub struct IngestLock {
    _file: File,
}

impl IngestLock {
    /// Take the ingest lock of `index` (creating the directory), waiting
    /// with a note on stderr while another process holds it.
    pub fn acquire(index: &Path) -> anyhow::Result<IngestLock> {
        std::fs::create_dir_all(index)
            .with_context(|| format!("cannot create index directory {}", index.display()))?;
        let path = index.join(INGEST_LOCK);
        let file = open_lock_file(&path)
            .with_context(|| format!("cannot open the ingest lock {}", path.display()))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                eprintln!(
                    "note: another ingest into {} is running; waiting for it to finish",
                    index.display()
                );
                file.lock()
                    .with_context(|| format!("cannot lock {}", path.display()))?;
            }
            Err(TryLockError::Error(e)) => {
                return Err(e).with_context(|| format!("cannot lock {}", path.display()))
            }
        }
        Ok(IngestLock { _file: file })
    }
}

/// A reader's shared hold on one generation; while it lives no ingest
/// removes the generation.
#[derive(Debug)]
pub struct GenerationLease {
    pub dir: PathBuf,
    _file: File,
}

impl GenerationLease {
    /// Lease the generation `current` names, reading it again when an ingest
    /// swapped and removed that generation before the lease was taken.
    pub fn current(index: &Path, current: impl Fn(&Path) -> Option<PathBuf>) -> Option<Self> {
        // Each retry follows a completed ingest swap; a handful is plenty.
        for _ in 0..16 {
            let dir = current(index)?;
            let Ok(file) = open_lock_file(&dir.join(LEASE)) else {
                continue; // removed meanwhile
            };
            // Blocks only while an ingest is removing this very generation.
            if file.lock_shared().is_err() {
                continue;
            }
            if dir.join(crate::store::DB_FILE).is_file() {
                return Some(GenerationLease { dir, _file: file });
            }
        }
        None
    }
}

/// Write the lease file of a new generation.
pub fn create_lease(gen: &Path) -> std::io::Result<()> {
    open_lock_file(&gen.join(LEASE)).map(drop)
}

/// Remove a generation unless a reader holds its lease. Returns whether it
/// is gone.
pub fn remove_unleased(gen: &Path) -> bool {
    let Ok(file) = open_lock_file(&gen.join(LEASE)) else {
        return !gen.exists();
    };
    if file.try_lock().is_err() {
        return false;
    }
    // Removed while locked: a reader that opened the lease meanwhile waits,
    // then sees the generation gone and reads CURRENT again.
    std::fs::remove_dir_all(gen).is_ok()
}

fn open_lock_file(path: &Path) -> std::io::Result<File> {
    OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn generation(index: &Path, name: &str) -> PathBuf {
        let gen = index.join(name);
        std::fs::create_dir_all(&gen).unwrap();
        std::fs::write(gen.join(crate::store::DB_FILE), b"").unwrap();
        create_lease(&gen).unwrap();
        gen
    }

    #[test]
    fn a_leased_generation_is_not_removed() {
        let dir = tempfile::tempdir().unwrap();
        let gen = generation(dir.path(), "gen-1");
        let lease = GenerationLease::current(dir.path(), |_| Some(gen.clone())).unwrap();
        assert!(!remove_unleased(&gen));
        assert!(gen.join(crate::store::DB_FILE).is_file());
        drop(lease);
        assert!(remove_unleased(&gen));
        assert!(!gen.exists());
    }

    #[test]
    fn a_removed_generation_is_not_leased() {
        let dir = tempfile::tempdir().unwrap();
        let gone = dir.path().join("gen-0");
        let gen = generation(dir.path(), "gen-1");
        // CURRENT named a generation that is gone, then the new one.
        let names = std::cell::RefCell::new(vec![gen.clone(), gone.clone()]);
        let lease = GenerationLease::current(dir.path(), |_| names.borrow_mut().pop()).unwrap();
        assert_eq!(lease.dir, gen);
        assert!(
            !gone.exists(),
            "a lease never recreates a removed generation"
        );
    }

    #[test]
    fn the_ingest_lock_is_exclusive() {
        let dir = tempfile::tempdir().unwrap();
        let first = IngestLock::acquire(dir.path()).unwrap();
        let again = open_lock_file(&dir.path().join(INGEST_LOCK)).unwrap();
        assert!(again.try_lock().is_err());
        drop(first);
        assert!(again.try_lock().is_ok());
    }
}
