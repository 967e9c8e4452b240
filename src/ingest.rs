//! Ingest: read every document of the manifest, write the store and the search
//! index into a new generation directory, and swap it in only when complete.

use crate::store::Store;
use std::path::PathBuf;

/// Where the corpus and the index are.
#[derive(Debug, Clone)]
pub struct IndexConfig {
    /// `--corpus` (else `$DAYSTROM_CORPUS`, else `../shared/corpus`).
    pub corpus: Option<PathBuf>,
    /// `--manifest` (else `corpus/corpus.toml`).
    pub manifest: Option<PathBuf>,
    /// The index directory.
    pub index: PathBuf,
}

/// An open, current index generation.
pub struct IndexHandle {
    pub dir: PathBuf,
    pub store: Store,
}

/// Open the current index, ingesting first when it is missing or stale
/// (skeleton: to be written).
pub fn open_fresh(_cfg: &IndexConfig) -> anyhow::Result<IndexHandle> {
    anyhow::bail!("ingest is not built yet")
}
