//! Where vectors live: a generation's entry vectors (`vectors.json`, what
//! each vector belongs to; `vectors.f32`, the vectors) and the cache beside
//! the model that maps a hash of the model and an entry's text to its
//! vector, so re-ingesting an unchanged corpus embeds nothing.

use super::SearchDoc;
use std::collections::HashMap;
use std::io::Write as _;
use std::path::{Path, PathBuf};

const META: &str = "vectors.json";
const DATA: &str = "vectors.f32";
const CACHE: &str = "embedding-cache.bin";
/// sha256 of the model fingerprint and the text.
const KEY_BYTES: usize = 32;

/// What a vector belongs to.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct EntryMeta {
    pub id: String,
    pub doc: String,
    pub edition: String,
    pub lang: String,
}

#[derive(serde::Serialize, serde::Deserialize)]
struct MetaFile {
    fingerprint: String,
    dim: usize,
    entries: Vec<EntryMeta>,
}

/// The entries of one generation with their unit vectors.
pub struct EntryVectors {
    pub fingerprint: String,
    dim: usize,
    entries: Vec<EntryMeta>,
    data: Vec<f32>,
}

impl EntryVectors {
    pub fn write(
        dir: &Path,
        fingerprint: &str,
        docs: &[&SearchDoc],
        vectors: &[Vec<f32>],
    ) -> anyhow::Result<()> {
        let dim = vectors.first().map_or(0, Vec::len);
        anyhow::ensure!(
            vectors.iter().all(|v| v.len() == dim),
            "entry vectors of different lengths"
        );
        let meta = MetaFile {
            fingerprint: fingerprint.to_string(),
            dim,
            entries: docs
                .iter()
                .map(|d| EntryMeta {
                    id: d.id.clone(),
                    doc: d.doc.clone(),
                    edition: d.edition.clone(),
                    lang: d.lang.to_lowercase(),
                })
                .collect(),
        };
        std::fs::write(dir.join(META), serde_json::to_vec(&meta)?)?;
        let bytes: Vec<u8> = vectors
            .iter()
            .flatten()
            .flat_map(|x| x.to_le_bytes())
            .collect();
        std::fs::write(dir.join(DATA), bytes)?;
        Ok(())
    }

    pub fn read(dir: &Path) -> anyhow::Result<EntryVectors> {
        let meta_path = dir.join(META);
        let text = std::fs::read(&meta_path).map_err(|_| {
            anyhow::anyhow!(
                "the index has no entry vectors ({} is missing): run `daystrom ingest` with the model installed; search ranks by words only",
                meta_path.display()
            )
        })?;
        let meta: MetaFile = serde_json::from_slice(&text)
            .map_err(|e| anyhow::anyhow!("{}: {e}", meta_path.display()))?;
        let bytes = std::fs::read(dir.join(DATA))?;
        let data: Vec<f32> = bytes
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        anyhow::ensure!(
            data.len() == meta.dim * meta.entries.len(),
            "{}: expected {} vectors of {} numbers",
            dir.join(DATA).display(),
            meta.entries.len(),
            meta.dim
        );
        Ok(EntryVectors {
            fingerprint: meta.fingerprint,
            dim: meta.dim,
            entries: meta.entries,
            data,
        })
    }

    /// The ids of the `n` entries most similar to `query` among those `keep`
    /// accepts, most similar first.
    pub fn nearest(
        &self,
        query: &[f32],
        n: usize,
        keep: impl Fn(&EntryMeta) -> bool,
    ) -> Vec<(f32, String)> {
        if self.dim == 0 || query.len() != self.dim {
            return Vec::new();
        }
        let mut scored: Vec<(f32, usize)> = self
            .entries
            .iter()
            .enumerate()
            .filter(|(_, e)| keep(e))
            .map(|(i, _)| {
                let v = &self.data[i * self.dim..(i + 1) * self.dim];
                (v.iter().zip(query).map(|(a, b)| a * b).sum(), i)
            })
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        scored
            .into_iter()
            .take(n)
            .map(|(score, i)| (score, self.entries[i].id.clone()))
            .collect()
    }
}

/// The cache file beside the model folder.
pub fn cache_path(model_dir: &Path) -> PathBuf {
    model_dir.with_file_name(CACHE)
}

/// Vectors by a hash of the model and the text.
pub struct Cache {
    fingerprint: String,
    dim: Option<usize>,
    vectors: HashMap<[u8; KEY_BYTES], Vec<f32>>,
}

impl Cache {
    /// The cache at `path` (empty when absent or unreadable: it is only a
    /// cache). Its first line is the vector length.
    pub fn load(path: &Path, fingerprint: &str) -> Cache {
        let mut cache = Cache {
            fingerprint: fingerprint.to_string(),
            dim: None,
            vectors: HashMap::new(),
        };
        let Ok(bytes) = std::fs::read(path) else {
            return cache;
        };
        let Some(dim) = bytes
            .get(..4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        else {
            return cache;
        };
        let dim = dim as usize;
        let record = KEY_BYTES + 4 * dim;
        for r in bytes[4..].chunks_exact(record) {
            let mut key = [0u8; KEY_BYTES];
            key.copy_from_slice(&r[..KEY_BYTES]);
            let v = r[KEY_BYTES..]
                .chunks_exact(4)
                .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect();
            cache.vectors.insert(key, v);
        }
        cache.dim = Some(dim);
        cache
    }

    fn key(&self, text: &str) -> [u8; KEY_BYTES] {
        use sha2::{Digest, Sha256};
        let mut h = Sha256::new();
        h.update(self.fingerprint.as_bytes());
        h.update([0]);
        h.update(text.as_bytes());
        h.finalize().into()
    }

    pub fn contains(&self, text: &str) -> bool {
        self.vectors.contains_key(&self.key(text))
    }

    pub fn get(&self, text: &str) -> Option<&Vec<f32>> {
        self.vectors.get(&self.key(text))
    }

    pub fn insert(&mut self, text: &str, v: Vec<f32>) {
        if self.dim.is_some_and(|d| d != v.len()) {
            // Vectors of another length are another model's: start over.
            self.vectors.clear();
        }
        self.dim = Some(v.len());
        let key = self.key(text);
        self.vectors.insert(key, v);
    }

    /// Write the cache (to a temporary file renamed over it).
    pub fn save(&self, path: &Path) -> anyhow::Result<()> {
        let Some(dim) = self.dim else {
            return Ok(());
        };
        let tmp = path.with_extension(format!("tmp{}", std::process::id()));
        let mut out = std::io::BufWriter::new(std::fs::File::create(&tmp)?);
        out.write_all(&(dim as u32).to_le_bytes())?;
        for (key, v) in &self.vectors {
            out.write_all(key)?;
            for x in v {
                out.write_all(&x.to_le_bytes())?;
            }
        }
        out.flush()?;
        drop(out);
        std::fs::rename(&tmp, path)?;
        Ok(())
    }
}
