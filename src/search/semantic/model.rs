//! The sentence-embedding model (all-MiniLM-L6-v2) run on the CPU with
//! candle-transformers' BERT: token ids → contextual vectors → the mean over
//! the real tokens, scaled to length 1 (so a dot product is the cosine).

use super::wordpiece::WordPiece;
use candle_core::{DType, Device, Tensor};
use candle_nn::VarBuilder;
use candle_transformers::models::bert::{BertModel, Config};
use std::path::{Path, PathBuf};

/// The model's longest input (its training length), in tokens.
pub const MAX_TOKENS: usize = 256;
/// The files a model folder must hold.
const FILES: [&str; 3] = ["config.json", "model.safetensors", "tokenizer.json"];
/// Where `scripts/setup-model` puts the model, under the repository.
pub const MODEL_DIR: &str = ".model/all-MiniLM-L6-v2";
/// Overrides the model folder.
pub const MODEL_ENV: &str = "DAYSTROM_MODEL";

pub struct Encoder {
    model: BertModel,
    tokenizer: WordPiece,
    device: Device,
    /// Identifies the model's weights (for the embedding cache).
    pub fingerprint: String,
}

/// The model folder: `$DAYSTROM_MODEL`, else `.model/all-MiniLM-L6-v2` in
/// the repository.
pub fn model_dir() -> PathBuf {
    match std::env::var_os(MODEL_ENV) {
        Some(d) => PathBuf::from(d),
        None => crate::corpus::repo_root().join(MODEL_DIR),
    }
}

/// Why the model cannot be used, if it cannot: a message for the user.
pub fn missing(dir: &Path) -> Option<String> {
    let absent: Vec<&str> = FILES
        .iter()
        .copied()
        .filter(|f| !dir.join(f).is_file())
        .collect();
    if absent.is_empty() {
        return None;
    }
    Some(format!(
        "the sentence-embedding model is not installed ({} lacks {}): search ranks by words only. \
         Install it with `scripts/setup-model`, then run `daystrom ingest`.",
        dir.display(),
        absent.join(", ")
    ))
}

impl Encoder {
    pub fn load(dir: &Path) -> anyhow::Result<Encoder> {
        if let Some(why) = missing(dir) {
            anyhow::bail!(why);
        }
        let config_path = dir.join("config.json");
        let text = std::fs::read_to_string(&config_path)?;
        let config: Config = serde_json::from_str(&text).map_err(|e| {
            anyhow::anyhow!(
                "{}:{}:{}: expected a BERT config ({e})",
                config_path.display(),
                e.line(),
                e.column()
            )
        })?;
        let weights = dir.join("model.safetensors");
        let device = Device::Cpu;
        // Read whole rather than memory-mapped: the crate has no unsafe code.
        let bytes = std::fs::read(&weights)
            .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", weights.display()))?;
        let vb = VarBuilder::from_buffered_safetensors(bytes, DType::F32, &device)?;
        let model = BertModel::load(vb, &config)?;
        let tokenizer = WordPiece::load(&dir.join("tokenizer.json"))?;
        Ok(Encoder {
            model,
            tokenizer,
            device,
            fingerprint: fingerprint(dir)?,
        })
    }

    /// Unit vectors for `texts`, in order, computed as one batch.
    pub fn embed(&self, texts: &[&str]) -> anyhow::Result<Vec<Vec<f32>>> {
        if texts.is_empty() {
            return Ok(Vec::new());
        }
        let ids: Vec<Vec<u32>> = texts
            .iter()
            .map(|t| self.tokenizer.encode(t, MAX_TOKENS))
            .collect();
        let len = ids.iter().map(Vec::len).max().unwrap_or(0);
        let mut flat = Vec::with_capacity(ids.len() * len);
        let mut mask = Vec::with_capacity(ids.len() * len);
        for row in &ids {
            flat.extend(row.iter().copied().chain(std::iter::repeat(0)).take(len));
            mask.extend((0..len).map(|i| u32::from(i < row.len())));
        }
        let shape = (ids.len(), len);
        let input = Tensor::from_vec(flat, shape, &self.device)?;
        let mask = Tensor::from_vec(mask, shape, &self.device)?;
        let types = input.zeros_like()?;
        let hidden = self.model.forward(&input, &types, Some(&mask))?;
        // Mean over the real tokens, then unit length.
        let mask = mask.to_dtype(DType::F32)?.unsqueeze(2)?;
        let summed = hidden.broadcast_mul(&mask)?.sum(1)?;
        let counts = mask.sum(1)?;
        let mean = summed.broadcast_div(&counts)?;
        let norm = mean.sqr()?.sum_keepdim(1)?.sqrt()?;
        let unit = mean.broadcast_div(&norm)?;
        Ok(unit.to_vec2::<f32>()?)
    }
}

/// What identifies the model in `dir` (its weights' size and its config),
/// read without loading it: an ingest whose entries are all cached never
/// loads the model.
pub fn fingerprint(dir: &Path) -> anyhow::Result<String> {
    let config = std::fs::read_to_string(dir.join("config.json"))?;
    let size = std::fs::metadata(dir.join("model.safetensors"))?.len();
    Ok(format!("all-MiniLM-L6-v2:{size}:{}", sha(&config)))
}

pub fn sha(text: &str) -> String {
    use sha2::{Digest, Sha256};
    format!("{:x}", Sha256::digest(text.as_bytes()))
}
