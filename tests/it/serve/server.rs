//! A real `daystrom serve` on 127.0.0.1 for the API and browser tests: the
//! binary is started on a free port (`--addr 127.0.0.1:0`) over the run's
//! shared index and corpus (a missing corpus fails the test), its first line
//! names the URL, and the tests wait until /api/health says the index is
//! ready. The process is killed when the guard drops.

use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long the server may take to be ready (it ingests a missing index).
const READY_WITHIN: Duration = Duration::from_secs(600);

pub struct Server {
    pub base: String,
    child: Child,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(120)))
        .build()
        .into()
}

impl Server {
    pub fn start() -> Server {
        let mut child = spawn_tied_to_this_process();
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("read the listening line");
        let base = line
            .trim()
            .strip_prefix("daystrom serve: listening on ")
            .unwrap_or_else(|| panic!("unexpected first line: {line:?}"))
            .trim_end_matches('/')
            .to_string();
        let server = Server { base, child };
        server.wait_ready();
        server
    }

    fn wait_ready(&self) {
        let start = Instant::now();
        loop {
            let (status, body) = self.get("/api/health");
            assert_eq!(status, 200, "{body}");
            match body["status"].as_str() {
                Some("ready") => return,
                Some("error") => panic!("the server could not load its index: {body}"),
                _ if start.elapsed() > READY_WITHIN => panic!("not ready in time: {body}"),
                _ => std::thread::sleep(Duration::from_millis(250)),
            }
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// GET a path; the status and the JSON body.
    pub fn get(&self, path: &str) -> (u16, Value) {
        let mut resp = agent().get(&self.url(path)).call().expect("GET");
        let status = resp.status().as_u16();
        (status, resp.body_mut().read_json().unwrap_or(Value::Null))
    }

    /// POST a body; the status and the JSON body.
    pub fn post(&self, path: &str, body: &[u8]) -> (u16, Value) {
        let mut resp = agent().post(&self.url(path)).send(body).expect("POST");
        let status = resp.status().as_u16();
        (status, resp.body_mut().read_json().unwrap_or(Value::Null))
    }
}

/// Start the server so that it dies with the test process, even when the
/// `Server` lives in a static that is never dropped: the child asks for
/// SIGTERM when the thread that started it ends, and that thread never ends
/// before the process does.
fn spawn_tied_to_this_process() -> Child {
    let (tx, rx) = std::sync::mpsc::channel();
    let corpus = crate::support::corpus().root.clone();
    let index = crate::support::full_index().to_path_buf();
    std::thread::spawn(move || {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_daystrom"));
        // The run's shared index (built once) and corpus; a missing corpus fails here.
        cmd.args(["serve", "--addr", "127.0.0.1:0", "--index"])
            .arg(&index)
            .env(daystrom::corpus::CORPUS_ENV, &corpus)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        #[cfg(target_os = "linux")]
        // SAFETY: prctl is async-signal-safe; it only sets the death signal.
        unsafe {
            use std::os::unix::process::CommandExt;
            cmd.pre_exec(|| {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM);
                Ok(())
            });
        }
        let _ = tx.send(cmd.spawn().expect("start daystrom serve"));
        loop {
            std::thread::park();
        }
    });
    rx.recv().expect("the server was started")
}
