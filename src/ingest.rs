//! Ingest: read every document of the manifest, write the store and the search
//! index into a new generation directory, and swap it in only when complete.
//!
//! Layout: `index/gen-<n>/` holds one complete generation (SQLite + tantivy);
//! `index/CURRENT` names the live one. A new generation is built beside the
//! old, then `CURRENT.tmp` is written and renamed over `CURRENT` (atomic on
//! POSIX), and only then are older generations removed. An interrupted or
//! failed ingest therefore leaves the previous index answering.
//!
//! Concurrency ([`crate::index_lock`]): an ingest holds the index's exclusive
//! ingest lock throughout, so a second one waits; a generation is removed
//! only when no open [`IndexHandle`] holds its lease. The index records the
//! corpus it was built from; a query never silently replaces it with an index
//! of another corpus, and answers from it when the corpus is gone.

use crate::corpus::{Corpus, DocKind, DocSpec};
use crate::index_lock::{GenerationLease, IngestLock};
use crate::readers::read_rules_document;
use crate::search::SearchDoc;
use crate::store::rules::DocCounts;
use crate::store::Store;
use anyhow::Context as _;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

const CURRENT: &str = "CURRENT";
const GEN_PREFIX: &str = "gen-";
const META_FINGERPRINT: &str = "corpus_fingerprint";
const META_STAMP: &str = "corpus_stamp";
/// A generation's newer corpus stamp, beside its database (see `restamp`).
const STAMP_FILE: &str = "corpus-stamp";
const META_BUILDER: &str = "builder";
const META_CORPUS: &str = "corpus_root";

/// What built an index: the program version, the store schema and the
/// vocabulary that shapes the card model and the search index. An index built
/// by anything else is stale even when the corpus has not changed.
fn builder_stamp() -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    h.update(env!("CARGO_PKG_VERSION"));
    h.update(crate::store::SCHEMA_VERSION);
    h.update(crate::store::SCHEMA);
    for source in crate::vocab::ingest_sources() {
        h.update(source);
    }
    // Installing the sentence-embedding model makes an index without entry
    // vectors stale.
    let model = crate::search::semantic::model::model_dir();
    h.update([u8::from(
        crate::search::semantic::model::missing(&model).is_none(),
    )]);
    format!("{:x}", h.finalize())
}

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

/// An open, current index generation. Its lease keeps an ingest from
/// removing the generation while it is open.
pub struct IndexHandle {
    pub dir: PathBuf,
    pub store: Store,
    _lease: GenerationLease,
}

impl IndexHandle {
    /// The search index of this generation.
    pub fn searcher(&self) -> anyhow::Result<crate::search::RulesSearcher> {
        crate::search::RulesSearcher::open(&self.store.tantivy_dir())
    }

    /// The full card model of this generation.
    pub fn cards(&self) -> anyhow::Result<crate::cards::CardDb> {
        crate::store::cards::load_db(&self.store)
    }
}

/// What one ingest did, for the summary table.
#[derive(Debug, Default, serde::Serialize)]
pub struct IngestSummary {
    pub generation: PathBuf,
    pub documents: Vec<DocCounts>,
    pub xrefs_resolved: usize,
    pub xrefs_unresolved: usize,
    pub search_docs: usize,
    /// Embedding the rules entries for semantic ranking.
    pub embeddings: crate::search::semantic::EmbedReport,
    #[serde(skip)]
    pub cards: Option<crate::cards::ingest::CardReport>,
}

impl IngestSummary {
    /// Per document: entries, cross-references, repairs, unplaced lines.
    pub fn table(&self) -> comfy_table::Table {
        let mut t = comfy_table::Table::new();
        t.set_header([
            "document",
            "entries",
            "cross-refs",
            "repairs",
            "unplaced",
            "first unplaced lines",
        ]);
        for d in &self.documents {
            t.add_row([
                d.doc.clone(),
                d.entries.to_string(),
                d.xrefs.to_string(),
                d.repairs.to_string(),
                d.unplaced.to_string(),
                d.first_unplaced.join("\n"),
            ]);
        }
        t
    }
}

/// Options for [`ingest`].
#[derive(Debug, Clone, Copy, Default)]
pub struct IngestOptions {
    /// Show a progress bar (only on a terminal).
    pub progress: bool,
    /// Skip the card documents (rules only; used by the benchmark).
    pub rules_only: bool,
}

/// Build a new generation from the corpus and make it current, waiting for
/// any other ingest into the same index first.
pub fn ingest(cfg: &IndexConfig, opts: IngestOptions) -> anyhow::Result<IngestSummary> {
    let corpus = crate::corpus::locate(cfg.corpus.as_deref(), cfg.manifest.as_deref())?;
    let lock = IngestLock::acquire(&cfg.index)?;
    ingest_locked(&cfg.index, &corpus, opts, &lock)
}

/// [`ingest`] under a lock already held.
fn ingest_locked(
    index: &Path,
    corpus: &Corpus,
    opts: IngestOptions,
    _lock: &IngestLock,
) -> anyhow::Result<IngestSummary> {
    let gen = new_generation_dir(index)?;
    match build_generation(corpus, &gen, opts) {
        Ok(mut summary) => {
            swap_current(index, &gen)?;
            remove_old_generations(index, &gen);
            summary.generation = gen;
            Ok(summary)
        }
        Err(e) => {
            let _ = std::fs::remove_dir_all(&gen);
            Err(e)
        }
    }
}

fn new_generation_dir(index: &Path) -> anyhow::Result<PathBuf> {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let dir = index.join(format!("{GEN_PREFIX}{nanos}-{}", std::process::id()));
    std::fs::create_dir_all(dir.join(crate::store::TANTIVY_DIR))
        .with_context(|| format!("cannot create {}", dir.display()))?;
    crate::index_lock::create_lease(&dir)
        .with_context(|| format!("cannot create {}", dir.display()))?;
    Ok(dir)
}

/// Read every document into a fresh store and search index in `gen`.
fn build_generation(
    corpus: &Corpus,
    gen: &Path,
    opts: IngestOptions,
) -> anyhow::Result<IngestSummary> {
    let store = Store::create(gen)?;
    let rules: Vec<&DocSpec> = corpus
        .manifest
        .documents
        .iter()
        .filter(|d| d.kind != DocKind::Cards)
        .collect();
    let bar = progress_bar(
        opts.progress,
        rules.len() as u64 + 1,
        "ingest {bar:30} {pos}/{len} {msg}",
    );
    let mut summary = IngestSummary::default();
    let mut search_docs = Vec::new();
    for spec in &rules {
        bar.set_message(spec.id.clone());
        let path = corpus.path_of(spec);
        let report = read_rules_document(spec, &path)?;
        summary
            .documents
            .push(crate::store::rules::write_document(&store, spec, &report)?);
        search_docs.extend(report.entries.iter().map(|e| SearchDoc {
            id: e.id.clone(),
            doc: spec.id.clone(),
            kind: spec.kind.as_str().to_string(),
            edition: spec.edition.clone(),
            lang: spec.lang.clone(),
            title: e.title.clone(),
            body: e.body.clone(),
            stub: e.stub,
        }));
        bar.inc(1);
    }
    let (ok, missing) = crate::store::rules::resolve_xrefs(&store)?;
    summary.xrefs_resolved = ok;
    summary.xrefs_unresolved = missing;
    if !opts.rules_only {
        bar.set_message("cards");
        let card_docs: Vec<&DocSpec> = corpus
            .manifest
            .documents
            .iter()
            .filter(|d| d.kind == DocKind::Cards)
            .collect();
        let load = crate::cards::ingest::load(corpus, &card_docs)?;
        crate::store::cards::write(&store, &load.db)?;
        // Rules entries are already written: link each card to the entries
        // about it or mentioning it.
        crate::store::cards::link_rules(&store)?;
        search_docs.extend(crate::search::card_docs(&load.db));
        summary.cards = Some(load.report);
    }
    bar.inc(1);
    let see = stub_targets(&store)?;
    crate::search::build_index(&store.tantivy_dir(), &search_docs, &see)?;
    summary.search_docs = search_docs.len();
    bar.finish_and_clear();
    let bar = progress_bar(opts.progress, 1, "embedding entries {bar:30} {pos}/{len}");
    summary.embeddings = crate::search::semantic::embed_entries(
        &store.tantivy_dir(),
        &search_docs,
        &mut |done, total| {
            bar.set_length(total as u64);
            bar.set_position(done as u64);
        },
    )?;
    bar.finish_and_clear();
    store.set_meta(META_FINGERPRINT, &corpus.fingerprint())?;
    store.set_meta(META_STAMP, &corpus_stamp(corpus))?;
    store.set_meta(META_BUILDER, &builder_stamp())?;
    store.set_meta(META_CORPUS, &corpus.root.display().to_string())?;
    Ok(summary)
}

/// A progress bar on stderr when wanted and it is a terminal.
fn progress_bar(wanted: bool, len: u64, template: &str) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !wanted || !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(len);
    if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar
}

/// For each stub entry, the ids its See-targets resolved to.
fn stub_targets(store: &Store) -> anyhow::Result<HashMap<String, Vec<String>>> {
    let mut st = store.conn.prepare(
        "SELECT x.from_id, x.target_id FROM xrefs x JOIN entries e ON e.id = x.from_id
         WHERE e.stub = 1 AND x.target_id IS NOT NULL ORDER BY x.rowid",
    )?;
    let mut out: HashMap<String, Vec<String>> = HashMap::new();
    for row in st.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))? {
        let (from, to) = row?;
        out.entry(from).or_default().push(to);
    }
    Ok(out)
}

/// Make `gen` current: write CURRENT.tmp, then rename it over CURRENT.
fn swap_current(index: &Path, gen: &Path) -> anyhow::Result<()> {
    let name = gen
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| anyhow::anyhow!("bad generation directory {}", gen.display()))?;
    let tmp = index.join(format!("{CURRENT}.tmp"));
    std::fs::write(&tmp, name).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, index.join(CURRENT))
        .with_context(|| format!("cannot rename {} to {CURRENT}", tmp.display()))?;
    Ok(())
}

/// Remove every generation but `keep` (old ones and leftovers of interrupted
/// ingests) that no reader holds. Called under the ingest lock, so no other
/// generation is being built. Failures are harmless: the next ingest tries
/// again.
fn remove_old_generations(index: &Path, keep: &Path) {
    let Ok(dir) = std::fs::read_dir(index) else {
        return;
    };
    for e in dir.flatten() {
        let p = e.path();
        let is_gen = p
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with(GEN_PREFIX));
        if is_gen && p != keep {
            crate::index_lock::remove_unleased(&p);
        }
    }
}

/// The current generation directory, if any.
pub fn current_generation(index: &Path) -> Option<PathBuf> {
    let name = std::fs::read_to_string(index.join(CURRENT)).ok()?;
    let dir = index.join(name.trim());
    dir.is_dir().then_some(dir)
}

/// Open the current generation as it is (no staleness check).
/// Ingest the default corpus into a fresh temporary index (rules only, or
/// everything) and open it: for tests and benchmarks that must not touch
/// `index/`. The directory lives as long as the returned guard.
pub fn temporary_index(rules_only: bool) -> anyhow::Result<(tempfile::TempDir, IndexHandle)> {
    let dir = tempfile::tempdir()?;
    let cfg = IndexConfig {
        corpus: None,
        manifest: None,
        index: dir.path().to_path_buf(),
    };
    let opts = IngestOptions {
        progress: false,
        rules_only,
    };
    ingest(&cfg, opts)?;
    let handle = open_current(dir.path())?;
    Ok((dir, handle))
}

pub fn open_current(index: &Path) -> anyhow::Result<IndexHandle> {
    let lease = GenerationLease::current(index, current_generation).ok_or_else(|| {
        anyhow::anyhow!(
            "no index in {}: run `daystrom ingest` first",
            index.display()
        )
    })?;
    let store = Store::open(&lease.dir)?;
    Ok(IndexHandle {
        dir: lease.dir.clone(),
        store,
        _lease: lease,
    })
}

/// A cheap stamp of the corpus: manifest and document sizes and mtimes. When
/// it is unchanged the (slower) content fingerprint need not be recomputed.
fn corpus_stamp(corpus: &Corpus) -> String {
    let mut paths = vec![corpus.manifest_path.clone()];
    paths.extend(corpus.manifest.documents.iter().map(|d| corpus.path_of(d)));
    paths
        .iter()
        .map(|p| match std::fs::metadata(p) {
            Ok(m) => {
                let mtime = m
                    .modified()
                    .ok()
                    .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                    .map_or(0, |d| d.as_nanos());
                format!("{}:{}:{mtime}", p.display(), m.len())
            }
            Err(_) => format!("{}:missing", p.display()),
        })
        .collect::<Vec<_>>()
        .join("|")
}

/// How an open index stands against the corpus a command found.
enum Freshness {
    Fresh,
    /// Built by another version of daystrom.
    OtherBuilder,
    /// Built from the same corpus directory, whose documents changed since.
    CorpusChanged,
    /// Built from another corpus directory (named).
    OtherCorpus(String),
}

fn freshness(handle: &IndexHandle, corpus: &Corpus) -> anyhow::Result<Freshness> {
    let store = &handle.store;
    if store.meta(META_BUILDER)?.as_deref() != Some(builder_stamp().as_str()) {
        return Ok(Freshness::OtherBuilder);
    }
    if let Some(root) = store.meta(META_CORPUS)? {
        if Path::new(&root) != corpus.root {
            return Ok(Freshness::OtherCorpus(root));
        }
    }
    let stamp = corpus_stamp(corpus);
    if recorded_stamp(handle)? == stamp {
        return Ok(Freshness::Fresh);
    }
    if store.meta(META_FINGERPRINT)?.unwrap_or_default() == corpus.fingerprint() {
        // Same bytes, new mtimes (a checkout, a copied corpus): record the
        // new stamp so the next command does not hash the corpus again.
        restamp(&handle.dir, &stamp);
        return Ok(Freshness::Fresh);
    }
    Ok(Freshness::CorpusChanged)
}

/// The corpus stamp a generation was last found fresh under: the sidecar
/// file `restamp` writes, else the one recorded at ingest.
fn recorded_stamp(handle: &IndexHandle) -> anyhow::Result<String> {
    match std::fs::read_to_string(handle.dir.join(STAMP_FILE)) {
        Ok(stamp) => Ok(stamp),
        Err(_) => Ok(handle.store.meta(META_STAMP)?.unwrap_or_default()),
    }
}

/// Record a newer stamp beside the (read-only, shared) database, atomically
/// (write then rename), so readers never see half a stamp. Best effort: a
/// read-only index directory only costs the next command a fingerprint.
fn restamp(dir: &Path, stamp: &str) {
    let tmp = dir.join(format!("{STAMP_FILE}.{}", std::process::id()));
    let written =
        std::fs::write(&tmp, stamp).and_then(|()| std::fs::rename(&tmp, dir.join(STAMP_FILE)));
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
}

/// Whether the index must be (re)built before it answers: missing, built by
/// another version, or its corpus changed. Cheap when nothing changed (sizes
/// and mtimes), so a server can poll it; no corpus found means nothing to do.
pub fn needs_ingest(cfg: &IndexConfig) -> bool {
    let Ok(corpus) = crate::corpus::locate(cfg.corpus.as_deref(), cfg.manifest.as_deref()) else {
        return false;
    };
    match open_current(&cfg.index) {
        Err(_) => true,
        Ok(handle) => matches!(
            freshness(&handle, &corpus),
            Ok(Freshness::OtherBuilder | Freshness::CorpusChanged)
        ),
    }
}

/// Open the current index, ingesting first when it is missing or stale (the
/// manifest or a document changed, or another version built it); prints a
/// one-line note to stderr then. An index built from another corpus is
/// answered from as it is, with a note on how to rebuild it; so is a good
/// index whose corpus is gone.
pub fn open_fresh(cfg: &IndexConfig) -> anyhow::Result<IndexHandle> {
    let current = open_current(&cfg.index).ok();
    let corpus = match crate::corpus::locate(cfg.corpus.as_deref(), cfg.manifest.as_deref()) {
        Ok(corpus) => corpus,
        Err(e) => return answer_without_corpus(current, e),
    };
    if let Some(handle) = current {
        match freshness(&handle, &corpus)? {
            Freshness::Fresh => return Ok(handle),
            Freshness::OtherCorpus(built_from) => {
                eprintln!(
                    "note: the index in {} was built from the corpus in {built_from}, not {}; \
                     answering from it. To rebuild it from {1}: daystrom ingest --corpus {1}",
                    cfg.index.display(),
                    corpus.root.display()
                );
                return Ok(handle);
            }
            Freshness::OtherBuilder => eprintln!(
                "note: the index in {} was built by another version of daystrom; re-ingesting",
                handle.dir.display()
            ),
            Freshness::CorpusChanged => eprintln!(
                "note: the corpus changed since the last ingest; re-ingesting into {}",
                cfg.index.display()
            ),
        }
    } else {
        eprintln!(
            "note: no index in {} yet; ingesting the corpus first",
            cfg.index.display()
        );
    }
    let lock = IngestLock::acquire(&cfg.index)?;
    // Another process may have re-ingested while this one waited.
    if let Ok(handle) = open_current(&cfg.index) {
        if matches!(freshness(&handle, &corpus)?, Freshness::Fresh) {
            return Ok(handle);
        }
    }
    ingest_locked(&cfg.index, &corpus, IngestOptions::default(), &lock)?;
    open_current(&cfg.index)
}

/// No corpus was found: a good index still answers, saying the corpus is gone.
fn answer_without_corpus(
    current: Option<IndexHandle>,
    why: anyhow::Error,
) -> anyhow::Result<IndexHandle> {
    let Some(handle) = current else {
        return Err(why);
    };
    let built_from = handle.store.meta(META_CORPUS)?.unwrap_or_default();
    eprintln!(
        "note: the corpus is gone ({}); answering from the index built from {built_from}",
        why.to_string().lines().next().unwrap_or_default()
    );
    Ok(handle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swap_names_the_new_generation_and_cleans_old_ones() {
        let dir = tempfile::tempdir().unwrap();
        let a = new_generation_dir(dir.path()).unwrap();
        swap_current(dir.path(), &a).unwrap();
        let b = new_generation_dir(dir.path()).unwrap();
        assert_eq!(current_generation(dir.path()).unwrap(), a);
        swap_current(dir.path(), &b).unwrap();
        remove_old_generations(dir.path(), &b);
        assert_eq!(current_generation(dir.path()).unwrap(), b);
        assert!(!a.exists());
        assert!(!dir.path().join("CURRENT.tmp").exists());
    }
}
