//! The semantic ranking: every rules entry is embedded at ingest (cached by
//! content hash, so an unchanged corpus is not embedded again), the question
//! at search time, and entries are ranked by cosine similarity; that ranking
//! is fused with the lexical one by reciprocal rank (each list adds
//! 1 / (RRF_K + rank)). The model is English: Italian questions are ranked
//! lexically. Without the model, search is lexical and says so once.

pub mod model;
mod store;
pub mod wordpiece;

use super::lexical::Partition;
use super::SearchDoc;
use model::Encoder;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use store::EntryVectors;
use tantivy::DocAddress;

/// The reciprocal-rank-fusion constant of Cormack et al. (2009).
const RRF_K: f32 = 60.0;
/// The language of the model.
const MODEL_LANG: &str = "en";
/// Entries embedded per batch (similar lengths together).
const BATCH: usize = 16;

/// What embedding the entries at ingest did.
#[derive(Debug, Default, Clone, serde::Serialize)]
pub struct EmbedReport {
    /// Entries whose vector was computed now.
    pub embedded: usize,
    /// Entries whose vector came from the cache.
    pub cached: usize,
    /// Why there are no vectors (the model is not installed), if so.
    pub missing_model: Option<String>,
}

/// Embed the rules entries of `docs` (stubs and cards left out) into `dir`
/// (a generation's search folder), reusing the cache beside the model;
/// `progress` hears (entries embedded, entries to embed) after each batch.
pub fn embed_entries(
    dir: &Path,
    docs: &[SearchDoc],
    progress: &mut dyn FnMut(usize, usize),
) -> anyhow::Result<EmbedReport> {
    let model_dir = model::model_dir();
    if let Some(why) = model::missing(&model_dir) {
        return Ok(EmbedReport {
            missing_model: Some(why),
            ..Default::default()
        });
    }
    let fingerprint = model::fingerprint(&model_dir)?;
    let entries: Vec<&SearchDoc> = docs
        .iter()
        .filter(|d| !d.stub && d.kind != super::CARD_KIND)
        .collect();
    let texts: Vec<String> = entries.iter().map(|d| entry_text(d)).collect();
    let cache_path = store::cache_path(&model_dir);
    let mut cache = store::Cache::load(&cache_path, &fingerprint);
    let todo: Vec<usize> = (0..texts.len())
        .filter(|&i| !cache.contains(&texts[i]))
        .collect();
    let report = EmbedReport {
        embedded: todo.len(),
        cached: texts.len() - todo.len(),
        missing_model: None,
    };
    let mut order = todo;
    order.sort_by_key(|&i| texts[i].len());
    let encoder = match order.is_empty() {
        true => None,
        false => Some(Encoder::load(&model_dir)?),
    };
    for (n, batch) in order.chunks(BATCH).enumerate() {
        let slice: Vec<&str> = batch.iter().map(|&i| texts[i].as_str()).collect();
        let vectors = encoder
            .as_ref()
            .map_or(Ok(Vec::new()), |e| e.embed(&slice))?;
        for (text, v) in slice.iter().zip(vectors) {
            cache.insert(text, v);
        }
        progress((n * BATCH + batch.len()).min(order.len()), order.len());
    }
    if report.embedded > 0 {
        cache.save(&cache_path)?;
    }
    let vectors: Vec<Vec<f32>> = texts
        .iter()
        .map(|t| cache.get(t).cloned().unwrap_or_default())
        .collect();
    EntryVectors::write(dir, &fingerprint, &entries, &vectors)?;
    Ok(report)
}

/// The text of an entry the model reads: its title, then its body.
fn entry_text(d: &SearchDoc) -> String {
    format!("{}. {}", d.title, d.body)
}

/// The model and the entries' vectors, loaded on first use.
pub struct Ranker {
    dir: PathBuf,
    loaded: OnceLock<Option<Loaded>>,
}

struct Loaded {
    encoder: Encoder,
    entries: EntryVectors,
}

impl Ranker {
    pub fn new(dir: &Path) -> Ranker {
        Ranker {
            dir: dir.to_path_buf(),
            loaded: OnceLock::new(),
        }
    }

    /// The model and vectors, or None (said once on stderr) when the model
    /// is missing or the index has no vectors.
    fn loaded(&self) -> Option<&Loaded> {
        self.loaded
            .get_or_init(|| match self.load() {
                Ok(l) => Some(l),
                Err(why) => {
                    say_once(&format!("note: {why}"));
                    None
                }
            })
            .as_ref()
    }

    fn load(&self) -> anyhow::Result<Loaded> {
        let model_dir = model::model_dir();
        if let Some(why) = model::missing(&model_dir) {
            anyhow::bail!(why);
        }
        let entries = EntryVectors::read(&self.dir)?;
        let encoder = Encoder::load(&model_dir)?;
        anyhow::ensure!(
            entries.fingerprint == encoder.fingerprint,
            "the index's entry vectors were made by another model: run `daystrom ingest`; search ranks by words only"
        );
        Ok(Loaded { encoder, entries })
    }

    /// Whether semantic ranking is available (loads the model).
    pub fn available(&self) -> bool {
        self.loaded().is_some()
    }

    /// Fuse the lexical ranking with the semantic one of the same entries
    /// (same language, document and edition filters); the lexical ranking
    /// as it is when the model is not there or the language is not its own.
    pub fn fuse(
        &self,
        part: &Partition,
        lang: &str,
        question: &str,
        lexical: Vec<(f32, DocAddress)>,
        doc: Option<&str>,
        edition: Option<&str>,
    ) -> anyhow::Result<(Vec<(f32, DocAddress)>, &'static str)> {
        if lang != MODEL_LANG {
            return Ok((lexical, "lexical"));
        }
        let Some(loaded) = self.loaded() else {
            return Ok((lexical, "lexical"));
        };
        let depth = lexical.len();
        let query = loaded.encoder.embed(&[question])?.remove(0);
        let nearest = loaded.entries.nearest(&query, depth, |e| {
            e.lang == lang
                && doc.is_none_or(|d| e.doc == d)
                && edition.is_none_or(|ed| e.edition.eq_ignore_ascii_case(ed))
        });
        let mut fused: HashMap<DocAddress, f32> = HashMap::new();
        for (rank, (_, addr)) in lexical.iter().enumerate() {
            *fused.entry(*addr).or_default() += 1.0 / (RRF_K + rank as f32 + 1.0);
        }
        for (rank, id) in nearest.iter().enumerate() {
            if let Some(addr) = part.address_of(id)? {
                *fused.entry(addr).or_default() += 1.0 / (RRF_K + rank as f32 + 1.0);
            }
        }
        let mut out: Vec<(f32, DocAddress)> = fused.into_iter().map(|(a, s)| (s, a)).collect();
        out.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        out.truncate(depth);
        Ok((out, "lexical+semantic"))
    }
}

/// Print a note to stderr once per process.
fn say_once(note: &str) {
    static SAID: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    if !SAID.swap(true, std::sync::atomic::Ordering::Relaxed) {
        eprintln!("{note}");
    }
}
