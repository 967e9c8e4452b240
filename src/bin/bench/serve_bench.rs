//! Load test of `daystrom serve`, on 127.0.0.1 only and bounded: the release
//! server is started on a free loopback port, then 50 clients (each with its
//! own keep-alive connection) send a mix of search, card and check requests
//! for 30 seconds. Reports throughput, p50/p99 latency per kind against the
//! targets (p99 < 50 ms search and card, < 20 ms check, zero errors) and the
//! server's RSS.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const CLIENTS: usize = 50;
const DURATION: Duration = Duration::from_secs(30);
/// A first, short run with one client measures each request's own cost
/// (no queueing), to read the loaded figures against.
const SOLO: Duration = Duration::from_secs(5);
/// How long one client sends one kind of request, to read the server's CPU
/// time per request of that kind (CPU time, so other load on the machine
/// does not change it much).
const COST: Duration = Duration::from_secs(4);
/// A ceiling on each client's requests, so the loop is bounded in count too.
const MAX_REQUESTS_PER_CLIENT: usize = 200_000;

pub const QUESTIONS: &[&str] = &[
    "can I beam through shields",
    "may an away team attempt a mission while stopped",
    "what happens when a ship is damaged twice",
    "can I play an interrupt during battle",
    "does a cloaked ship block a mission attempt",
];
pub const CARDS: &[&str] = &[
    "kivas fajo collector",
    "hugh",
    "uss defiant",
    "borg ship",
    "data",
    "q's tent",
];
pub const SCENARIOS: &[&str] = &[
    "rulings/responses/hugh-vs-borg-ship.toml",
    "rulings/responses/hugh-borg-ship-just-encountered.toml",
];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Search,
    Card,
    Check,
}

const KINDS: [Kind; 3] = [Kind::Search, Kind::Card, Kind::Check];

struct Sample {
    kind: Kind,
    ms: f64,
    ok: bool,
    /// A search the server ranked by words only because searches queued.
    busy: bool,
}

struct Server {
    child: Child,
    base: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start_server() -> anyhow::Result<Server> {
    let exe = std::env::current_exe()?.with_file_name("daystrom");
    anyhow::ensure!(
        exe.exists(),
        "{} is missing: cargo build --release first",
        exe.display()
    );
    let mut child = Command::new(&exe)
        .args(["serve", "--addr", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()?;
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("piped")).read_line(&mut line)?;
    let base = line
        .trim()
        .strip_prefix("daystrom serve: listening on ")
        .ok_or_else(|| anyhow::anyhow!("unexpected first line {line:?}"))?
        .trim_end_matches('/')
        .to_string();
    anyhow::ensure!(
        base.starts_with("http://127.0.0.1:"),
        "not on loopback: {base}"
    );
    let server = Server { child, base };
    let start = Instant::now();
    loop {
        let body = agent()
            .get(&format!("{}/api/health", server.base))
            .call()?
            .body_mut()
            .read_to_string()?;
        if body.contains("\"status\":\"ready\"") {
            return Ok(server);
        }
        anyhow::ensure!(
            start.elapsed() < Duration::from_secs(600),
            "server not ready: {body}"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(30)))
        .build()
        .into()
}

/// The process's user + system CPU time so far, in milliseconds.
fn cpu_ms(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // Fields after the command name (which is in parentheses and may hold
    // spaces): utime and stime are the 12th and 13th, in clock ticks.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let ticks: f64 = rest
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|f| f.parse::<f64>().ok())
        .sum();
    ticks * 1000.0 / TICKS_PER_SECOND
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// Linux's USER_HZ, the unit of /proc/PID/stat times.
const TICKS_PER_SECOND: f64 = 100.0;

fn rss_mb(pid: u32, key: &str) -> f64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            let line = s.lines().find(|l| l.starts_with(key))?.to_string();
            line.split_whitespace().nth(1)?.parse::<f64>().ok()
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

/// One request of a kind; `i` picks which question, card or scenario.
/// Whether it succeeded, and whether the server said it was busy.
fn request(
    agent: &ureq::Agent,
    base: &str,
    kind: Kind,
    i: usize,
    scenarios: &[String],
) -> (bool, bool) {
    let resp = match kind {
        Kind::Search => {
            let q = QUESTIONS[i % QUESTIONS.len()].replace(' ', "%20");
            agent.get(&format!("{base}/api/search?q={q}&n=10")).call()
        }
        Kind::Card => {
            let name = CARDS[i % CARDS.len()]
                .replace(' ', "%20")
                .replace('\'', "%27");
            agent.get(&format!("{base}/api/card/{name}")).call()
        }
        Kind::Check => agent
            .post(&format!("{base}/api/check"))
            .send(scenarios[i % scenarios.len()].as_str()),
    };
    match resp {
        Ok(mut r) => {
            let ok = r.status().as_u16() == 200;
            match r.body_mut().read_to_vec() {
                Ok(body) => (ok, contains(&body, b"\"busy\":true")),
                Err(_) => (false, false),
            }
        }
        Err(_) => (false, false),
    }
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

fn client(
    base: String,
    scenarios: Vec<String>,
    id: usize,
    until: Instant,
    kinds: &[Kind],
) -> Vec<Sample> {
    let agent = agent();
    let mut out = Vec::new();
    for n in 0..MAX_REQUESTS_PER_CLIENT {
        if Instant::now() >= until {
            break;
        }
        let kind = kinds[(id + n) % kinds.len()];
        let t = Instant::now();
        let (ok, busy) = request(&agent, &base, kind, id + n, &scenarios);
        out.push(Sample {
            kind,
            ms: t.elapsed().as_secs_f64() * 1e3,
            ok,
            busy,
        });
    }
    out
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[(((sorted.len() - 1) as f64) * p).round() as usize]
}

pub fn run() -> anyhow::Result<()> {
    let repo = daystrom::corpus::repo_root();
    let scenarios = SCENARIOS
        .iter()
        .map(|p| std::fs::read_to_string(repo.join(p)))
        .collect::<std::io::Result<Vec<_>>>()?;
    let server = start_server()?;
    let pid = server.child.id();
    let idle_rss = rss_mb(pid, "VmRSS:");
    let (solo, secs) = load(&server.base, &scenarios, 1, SOLO, &KINDS);
    report("1 client", &solo, secs);
    for kind in KINDS {
        let before = cpu_ms(pid);
        let (samples, _) = load(&server.base, &scenarios, 1, COST, &[kind]);
        println!(
            "serve: {kind:?}: the server's own CPU per request, one client: {:.2} ms ({} requests)",
            (cpu_ms(pid) - before) / samples.len().max(1) as f64,
            samples.len()
        );
    }
    let me = std::process::id();
    let (before, mine) = (cpu_ms(pid), cpu_ms(me));
    let (samples, secs) = load(&server.base, &scenarios, CLIENTS, DURATION, &KINDS);
    report(&format!("{CLIENTS} clients"), &samples, secs);
    let share = |ms: f64| {
        (
            ms / samples.len().max(1) as f64,
            ms / 10.0 / secs / cores() as f64,
        )
    };
    let (server_ms, server_pct) = share(cpu_ms(pid) - before);
    let (client_ms, client_pct) = share(cpu_ms(me) - mine);
    println!(
        "serve: {CLIENTS} clients: CPU per request: the server {server_ms:.2} ms ({server_pct:.0}% of the machine's cores), the clients {client_ms:.2} ms ({client_pct:.0}%)"
    );
    println!(
        "serve: server RSS {idle_rss:.0} MB idle, {:.0} MB after the run, peak {:.0} MB",
        rss_mb(pid, "VmRSS:"),
        rss_mb(pid, "VmHWM:")
    );
    Ok(())
}

/// `clients` threads sending requests of `kinds` in turn until `duration` is
/// over.
fn load(
    base: &str,
    scenarios: &[String],
    clients: usize,
    duration: Duration,
    kinds: &[Kind],
) -> (Vec<Sample>, f64) {
    let until = Instant::now() + duration;
    let started = Instant::now();
    let handles: Vec<_> = (0..clients)
        .map(|id| {
            let (base, sc, kinds) = (base.to_string(), scenarios.to_vec(), kinds.to_vec());
            std::thread::spawn(move || client(base, sc, id, until, &kinds))
        })
        .collect();
    let samples = handles
        .into_iter()
        .flat_map(|h| h.join().unwrap_or_default())
        .collect();
    (samples, started.elapsed().as_secs_f64())
}

fn report(who: &str, samples: &[Sample], secs: f64) {
    let errors = samples.iter().filter(|s| !s.ok).count();
    println!(
        "serve: {who} for {secs:.1} s on 127.0.0.1: {} requests, {:.0} req/s, {errors} errors",
        samples.len(),
        samples.len() as f64 / secs
    );
    let searches = samples.iter().filter(|s| s.kind == Kind::Search).count();
    println!(
        "serve: {who}: {} of {searches} searches ranked by words only because searches were queueing",
        samples.iter().filter(|s| s.busy).count()
    );
    for (kind, target) in [
        (Kind::Search, 50.0),
        (Kind::Card, 50.0),
        (Kind::Check, 20.0),
    ] {
        let mut ms: Vec<f64> = samples
            .iter()
            .filter(|s| s.kind == kind)
            .map(|s| s.ms)
            .collect();
        ms.sort_by(f64::total_cmp);
        let p99 = percentile(&ms, 0.99);
        println!(
            "serve: {kind:?}: {} requests ({:.0}/s), p50 {:.1} ms, p99 {p99:.1} ms (target p99 < {target} ms: {})",
            ms.len(),
            ms.len() as f64 / secs,
            percentile(&ms, 0.5),
            if p99 < target { "met" } else { "NOT met" }
        );
    }
}
