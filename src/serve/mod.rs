//! `daystrom serve`: the judges' web page and its JSON API, over the same
//! library calls as the command line (search, define, card lookup, the card
//! query language, scenario checks, errata). The index and the card model are
//! loaded once and shared by every request ([`Warm`]); while they load (or the
//! corpus is re-ingested) the API answers 503 and the page says so. Every asset
//! is compiled into the binary, so the page works with no network.
//!
//! API reference: docs/api.md.

pub mod api;
mod assets;
mod lanes;
mod warm;

pub use lanes::{Lane, Lanes, SearchThreads};
pub use warm::Warm;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

/// The largest request body accepted (a scenario or errata file is a few KiB).
pub const MAX_BODY: usize = 256 * 1024;
/// The longest a request may work before it is answered 503.
pub const MAX_WORK: Duration = Duration::from_secs(20);
/// How often the server looks whether the corpus changed under it.
const STALENESS_POLL: Duration = Duration::from_secs(30);

/// How to serve.
#[derive(Debug, Clone)]
pub struct Options {
    pub addr: SocketAddr,
    /// Open the page in the default browser once listening.
    pub open: bool,
}

/// What every request shares: the warm index once loaded, and whether an
/// ingest is running.
pub struct App {
    cfg: crate::ingest::IndexConfig,
    warm: RwLock<Option<Arc<Warm>>>,
    ingesting: AtomicBool,
    load_error: RwLock<Option<String>>,
    lanes: Lanes,
    /// Where searches run; `None` if its threads could not be started
    /// (searches then run on the blocking threads with the rest).
    search_threads: Option<SearchThreads>,
}

impl App {
    fn new(cfg: crate::ingest::IndexConfig) -> Arc<App> {
        Arc::new(App {
            cfg,
            warm: RwLock::new(None),
            ingesting: AtomicBool::new(true),
            load_error: RwLock::new(None),
            search_threads: SearchThreads::new(Lanes::per_core().width()).ok(),
            lanes: Lanes::per_core(),
        })
    }

    /// The loaded index, if loading has finished.
    fn warm(&self) -> Option<Arc<Warm>> {
        self.warm.read().ok().and_then(|w| w.clone())
    }

    /// Load now, then re-ingest and reload whenever the corpus changes; the
    /// old index answers until the new one is swapped in.
    fn load_and_watch(&self) {
        self.load();
        loop {
            std::thread::sleep(STALENESS_POLL);
            if crate::ingest::needs_ingest(&self.cfg) {
                self.load();
            }
        }
    }

    /// Load (ingesting first when the index is missing or stale, with the
    /// CLI's notes on stderr), then swap the new index in.
    fn load(&self) {
        self.ingesting.store(true, Ordering::SeqCst);
        match Warm::load(&self.cfg) {
            Ok(w) => {
                eprintln!(
                    "index ready: {} cards, generation {}",
                    w.db.cards.len(),
                    w.generation.display()
                );
                if let Ok(mut slot) = self.warm.write() {
                    *slot = Some(Arc::new(w));
                }
                if let Ok(mut e) = self.load_error.write() {
                    *e = None;
                }
            }
            Err(e) => {
                eprintln!("error: could not load the index: {e:#}");
                if let Ok(mut slot) = self.load_error.write() {
                    *slot = Some(format!("{e:#}"));
                }
            }
        }
        self.ingesting.store(false, Ordering::SeqCst);
    }
}

/// The routes: the page and its assets, and the JSON API.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(assets::index))
        .route("/assets/{name}", get(assets::asset))
        .route("/api/health", get(api::health))
        .route("/api/search", get(api::search))
        .route("/api/define/{term}", get(api::define))
        .route("/api/entry/{id}", get(api::entry))
        .route("/api/card/{name}", get(api::card))
        .route("/api/cards", get(api::cards))
        .route("/api/suggest", get(api::suggest))
        .route("/api/check", post(api::check))
        .route("/api/errata", post(api::errata))
        .fallback(api::not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(app)
}

/// Serve until interrupted (Ctrl-C).
pub fn run(cfg: crate::ingest::IndexConfig, opts: Options) -> anyhow::Result<()> {
    // Request work runs on blocking threads, at most as many as the lanes
    // allow; the async workers only move bytes.
    let rt = tokio::runtime::Builder::new_multi_thread()
        .max_blocking_threads(Lanes::per_core().threads())
        .enable_all()
        .build()?;
    rt.block_on(serve(cfg, opts))
}

async fn serve(cfg: crate::ingest::IndexConfig, opts: Options) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind(opts.addr)
        .await
        .map_err(|e| anyhow::anyhow!("cannot listen on {}: {e}", opts.addr))?;
    let local = listener.local_addr()?;
    announce(local);
    let app = App::new(cfg);
    let loader = app.clone();
    std::thread::spawn(move || loader.load_and_watch());
    if opts.open {
        open_browser(&format!("http://{}/", browse_addr(local)));
    }
    axum::serve(listener, router(app))
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await?;
    Ok(())
}

/// The address to type in a browser on this machine.
fn browse_addr(local: SocketAddr) -> SocketAddr {
    if local.ip().is_unspecified() {
        SocketAddr::new(IpAddr::from([127, 0, 0, 1]), local.port())
    } else {
        local
    }
}

/// Say where to point a browser; the first line is what scripts read.
fn announce(local: SocketAddr) {
    println!(
        "daystrom serve: listening on http://{}/",
        browse_addr(local)
    );
    if local.ip().is_unspecified() {
        println!(
            "listening on every network interface ({}): phones on the same network can open it",
            local.ip()
        );
        let ips = lan_addresses();
        for ip in &ips {
            println!("  on a phone, type: http://{ip}:{}/", local.port());
        }
        if ips.is_empty() {
            println!(
                "  on a phone, type: http://<this machine's address>:{}/",
                local.port()
            );
        }
    }
    use std::io::Write;
    let _ = std::io::stdout().flush();
}

/// This machine's non-loopback IPv4 addresses (what a phone on the venue's
/// network types), as `hostname -I` lists them.
fn lan_addresses() -> Vec<IpAddr> {
    let Ok(out) = std::process::Command::new("hostname").arg("-I").output() else {
        return Vec::new();
    };
    String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .filter_map(|w| w.parse::<IpAddr>().ok())
        .filter(|ip| ip.is_ipv4() && !ip.is_loopback())
        .collect()
}

fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("could not open a browser ({opener}: {e}); open {url} yourself");
    }
}
