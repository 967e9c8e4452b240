//! The corpus: where the source documents live and what the manifest says about them.
//!
//! Owns corpus-root resolution (`--corpus`, `$DAYSTROM_CORPUS`, `../shared/corpus`
//! beside the repository) and `corpus/corpus.toml`, the manifest that names every
//! document with its kind, edition, language and format. Nothing here parses a
//! document; that is [`crate::readers`].

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// Environment variable that points at a corpus root.
pub const CORPUS_ENV: &str = "DAYSTROM_CORPUS";

/// What a document is, which decides how it is indexed and cited.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Hash)]
#[serde(rename_all = "lowercase")]
pub enum DocKind {
    Glossary,
    Rulings,
    Rulebook,
    Cards,
}

impl DocKind {
    pub fn as_str(self) -> &'static str {
        match self {
            DocKind::Glossary => "glossary",
            DocKind::Rulings => "rulings",
            DocKind::Rulebook => "rulebook",
            DocKind::Cards => "cards",
        }
    }
}

/// The on-disk format, which picks the reader.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Hash)]
#[serde(rename_all = "kebab-case")]
pub enum DocFormat {
    GlossaryText,
    RulingsText,
    RulingsItText,
    RulebookText,
    Html,
    Markdown,
    CardsCsv,
    LackeyCsv,
}

/// One `[[document]]` of the manifest.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DocSpec {
    pub id: String,
    #[serde(default)]
    pub title: String,
    pub kind: DocKind,
    /// "1E" or "2E".
    pub edition: String,
    /// "en" or "it".
    pub lang: String,
    #[serde(default)]
    pub version: String,
    /// Relative to the corpus root (or absolute).
    pub path: PathBuf,
    pub format: DocFormat,
}

#[derive(Debug, Clone, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    #[serde(default, rename = "document")]
    pub documents: Vec<DocSpec>,
}

impl Manifest {
    /// Parse a manifest, naming the file and the line of a mistake.
    pub fn parse(text: &str, origin: &Path) -> anyhow::Result<Manifest> {
        toml::from_str(text).map_err(|e| {
            anyhow::anyhow!(
                "bad corpus manifest: {}",
                crate::diag::toml_error(origin, text, &e)
            )
        })
    }

    pub fn load(path: &Path) -> anyhow::Result<Manifest> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| anyhow::anyhow!("cannot read manifest {}: {e}", path.display()))?;
        Self::parse(&text, path)
    }

    pub fn get(&self, id: &str) -> Option<&DocSpec> {
        self.documents.iter().find(|d| d.id == id)
    }
}

/// A located corpus: its root directory and its manifest.
#[derive(Debug, Clone)]
pub struct Corpus {
    pub root: PathBuf,
    pub manifest_path: PathBuf,
    pub manifest: Manifest,
}

impl Corpus {
    /// The absolute path of a document.
    pub fn path_of(&self, doc: &DocSpec) -> PathBuf {
        if doc.path.is_absolute() {
            doc.path.clone()
        } else {
            self.root.join(&doc.path)
        }
    }

    /// A fingerprint of the manifest and every document's bytes: when it
    /// changes, the index is stale.
    pub fn fingerprint(&self) -> String {
        let mut h = Sha256::new();
        h.update(format!("{:?}", self.manifest.documents));
        for d in &self.manifest.documents {
            match std::fs::read(self.path_of(d)) {
                Ok(bytes) => h.update(&bytes),
                Err(_) => h.update(b"<missing>"),
            }
        }
        format!("{:x}", h.finalize())
    }
}

/// The repository root: the directory holding `Cargo.toml` and `corpus/`, found
/// from the current directory upwards, else from where the binary was built.
pub fn repo_root() -> PathBuf {
    if let Ok(cwd) = std::env::current_dir() {
        for dir in cwd.ancestors() {
            if dir.join("corpus").join("corpus.toml").is_file() && dir.join("Cargo.toml").is_file()
            {
                return dir.to_path_buf();
            }
        }
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Find the corpus: the flag wins, then the environment, then `../shared/corpus`
/// beside the repository. The error says every place it looked.
pub fn locate(flag: Option<&Path>, manifest: Option<&Path>) -> anyhow::Result<Corpus> {
    let repo = repo_root();
    let mut tried = Vec::new();
    let candidates: Vec<(PathBuf, &str)> = match (flag, std::env::var_os(CORPUS_ENV)) {
        (Some(f), _) => vec![(f.to_path_buf(), "--corpus")],
        (None, Some(env)) => vec![(PathBuf::from(env), CORPUS_ENV)],
        (None, None) => vec![
            (repo.join("..").join("shared").join("corpus"), "default"),
            (PathBuf::from("../shared/corpus"), "default (cwd)"),
        ],
    };
    for (dir, how) in candidates {
        if dir.is_dir() {
            let manifest_path = manifest
                .map(Path::to_path_buf)
                .unwrap_or_else(|| repo.join("corpus").join("corpus.toml"));
            let manifest = Manifest::load(&manifest_path)?;
            let root = dir.canonicalize().unwrap_or(dir);
            return Ok(Corpus {
                root,
                manifest_path,
                manifest,
            });
        }
        tried.push(format!("{} ({how})", dir.display()));
    }
    anyhow::bail!(
        "no corpus found; looked in: {}.\nPoint at one with --corpus DIR or {CORPUS_ENV}=DIR \
         (a directory holding the documents named in corpus/corpus.toml).",
        tried.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manifest_rejects_unknown_keys_with_line() {
        let text = "[[document]]\nid = \"g\"\nkind = \"glossary\"\nedition = \"1E\"\nlang = \"en\"\npath = \"g.txt\"\nformat = \"glossary-text\"\ncolour = \"red\"\n";
        let err = Manifest::parse(text, Path::new("m.toml"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("m.toml:8"), "{err}");
        assert!(err.contains("colour"), "{err}");
    }

    #[test]
    fn manifest_in_repo_parses() {
        let m = Manifest::load(&repo_root().join("corpus/corpus.toml")).unwrap();
        assert!(m.get("glossary").is_some());
        assert!(m.documents.iter().any(|d| d.kind == DocKind::Cards));
    }

    #[test]
    fn missing_corpus_names_where_it_looked() {
        let err = locate(Some(Path::new("/nonexistent/corpus")), None)
            .unwrap_err()
            .to_string();
        assert!(err.contains("/nonexistent/corpus"), "{err}");
        assert!(err.contains(CORPUS_ENV), "{err}");
    }
}
