//! The page in headless Chromium, driven through chromedriver (WebDriver over
//! HTTP on 127.0.0.1), at a phone's 360×740 and a laptop's 1280×800: search a
//! rules question, open a card, build a scenario with the form (a ship, two
//! crew, an attack under way), ask `valid response`, read the verdict and a
//! citation, and find the ship and its crew in the board picture. Screenshots
//! go to target/browser/ (and the phone's scenario view to
//! docs/screenshot.png for the README); the checks read the live page
//! (elements present and visible, no horizontal scroll), not only that it loaded.
//!
//! Chromium and chromedriver come from the project's setup (`.ci/setup`).

use super::server::{agent, Server};
use base64::Engine;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

struct Driver {
    base: String,
    child: Child,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

impl Driver {
    fn start() -> Driver {
        for tool in [CHROMIUM, CHROMEDRIVER] {
            assert!(
                Path::new(tool).exists(),
                "{tool} is missing: run `bash .ci/setup` (installs chromium and chromium-driver)"
            );
        }
        let port = free_port();
        let child = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let d = Driver {
            base: format!("http://127.0.0.1:{port}"),
            child,
        };
        let start = Instant::now();
        while agent().get(&format!("{}/status", d.base)).call().is_err() {
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "chromedriver did not start"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        d
    }

    fn session(&self, width: u32, height: u32, profile: &Path) -> Session {
        let args = [
            "--headless=new".to_string(),
            "--no-sandbox".into(),
            "--disable-gpu".into(),
            "--disable-background-networking".into(),
            "--disable-component-update".into(),
            "--disable-sync".into(),
            "--no-first-run".into(),
            "--hide-scrollbars".into(),
            format!("--user-data-dir={}", profile.display()),
            format!("--window-size={width},{height}"),
        ];
        // Headless windows have a minimum width; the device metrics set the
        // viewport exactly, as a phone or a laptop screen.
        let phone = width < 600;
        let metrics = json!({"width": width, "height": height, "pixelRatio": 1.0,
            "mobile": phone, "touch": phone});
        let caps = json!({"capabilities": {"alwaysMatch": {"browserName": "chrome",
            "goog:chromeOptions": {"binary": CHROMIUM, "args": args,
                "mobileEmulation": {"deviceMetrics": metrics}}}}});
        let v = call(
            agent()
                .post(&format!("{}/session", self.base))
                .send_json(&caps),
        );
        let id = v["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {v}"))
            .to_string();
        Session {
            url: format!("{}/session/{id}", self.base),
        }
    }
}

fn call(resp: Result<ureq::http::Response<ureq::Body>, ureq::Error>) -> Value {
    let mut resp = resp.expect("webdriver request");
    let v: Value = resp.body_mut().read_json().expect("webdriver JSON");
    assert!(v["value"]["error"].is_null(), "webdriver error: {v}");
    v.get("value").cloned().unwrap_or(v)
}

struct Session {
    url: String,
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = agent().delete(&self.url).call();
    }
}

impl Session {
    fn post(&self, path: &str, body: Value) -> Value {
        call(
            agent()
                .post(&format!("{}{path}", self.url))
                .send_json(&body),
        )
    }

    fn go(&self, url: &str) {
        self.post("/url", json!({ "url": url }));
    }

    fn js(&self, script: &str, args: Value) -> Value {
        self.post("/execute/sync", json!({ "script": script, "args": args }))
    }

    fn find(&self, css: &str) -> String {
        self.wait_for(css);
        let v = self.post("/element", json!({"using": "css selector", "value": css}));
        v[ELEMENT]
            .as_str()
            .unwrap_or_else(|| panic!("no element {css}: {v}"))
            .to_string()
    }

    fn click(&self, css: &str) {
        let e = self.find(css);
        self.post(&format!("/element/{e}/click"), json!({}));
    }

    fn type_into(&self, css: &str, text: &str) {
        let e = self.find(css);
        self.post(&format!("/element/{e}/clear"), json!({}));
        self.post(&format!("/element/{e}/value"), json!({ "text": text }));
    }

    /// Choose an option of a select by its value, as picking it would.
    fn select(&self, css: &str, value: &str) {
        self.wait_until(
            "const s = document.querySelector(arguments[0]); return !!s && [...s.options].some(o => o.value === arguments[1]);",
            json!([css, value]),
            &format!("{css} offers {value:?}"),
        );
        self.js(
            "const s = document.querySelector(arguments[0]); s.value = arguments[1]; s.dispatchEvent(new Event('change', {bubbles: true}));",
            json!([css, value]),
        );
    }

    fn wait_until(&self, script: &str, args: Value, what: &str) {
        let start = Instant::now();
        while self.js(script, args.clone()) != json!(true) {
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "timed out waiting for {what}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn wait_for(&self, css: &str) {
        self.wait_until(
            "return !!document.querySelector(arguments[0]);",
            json!([css]),
            css,
        );
    }

    fn text(&self, css: &str) -> String {
        self.wait_for(css);
        self.js(
            "return document.querySelector(arguments[0]).textContent;",
            json!([css]),
        )
        .as_str()
        .unwrap_or_default()
        .to_string()
    }

    /// The element has a box on screen, inside the page's width.
    fn assert_visible(&self, css: &str) {
        self.wait_for(css);
        let r = self.js(
            "const r = document.querySelector(arguments[0]).getBoundingClientRect();
             const s = getComputedStyle(document.querySelector(arguments[0]));
             return [r.width, r.height, r.left, r.right, innerWidth, s.visibility];",
            json!([css]),
        );
        let n = |i: usize| r[i].as_f64().unwrap_or(0.0);
        assert!(n(0) > 0.0 && n(1) > 0.0, "{css} has no size: {r}");
        assert!(
            n(2) >= -1.0 && n(3) <= n(4) + 1.0,
            "{css} is outside the viewport: {r}"
        );
        assert_eq!(r[5], "visible", "{css}");
    }

    fn assert_no_horizontal_scroll(&self) {
        let w = self.js(
            "return [document.documentElement.scrollWidth, innerWidth];",
            json!([]),
        );
        assert!(
            w[0].as_f64() <= w[1].as_f64(),
            "the page scrolls sideways: {w}"
        );
    }

    fn screenshot(&self, path: &Path) {
        let v = call(agent().get(&format!("{}/screenshot", self.url)).call());
        let png = base64::engine::general_purpose::STANDARD
            .decode(v.as_str().expect("base64 PNG"))
            .expect("decodes");
        assert!(png.starts_with(b"\x89PNG"), "not a PNG");
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, png).unwrap();
    }
}

fn shots() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("target/browser")
}

fn search_a_rules_question(s: &Session, base: &str, tag: &str) {
    s.go(&format!("{base}/"));
    s.type_into("#q", "can I beam through shields");
    s.click("#search-form button");
    s.wait_for(".hit");
    let found = s.js(
        "return [...document.querySelectorAll('.hit')].some(h => h.textContent.includes('glossary:beaming'));",
        json!([]),
    );
    assert_eq!(found, json!(true), "glossary:beaming not among the results");
    s.assert_visible(".hit a.title");
    s.assert_visible(".hit mark");
    s.assert_no_horizontal_scroll();
    s.screenshot(&shots().join(format!("search-{tag}.png")));
}

fn open_a_card(s: &Session, tag: &str) {
    s.type_into("#q", "kivas fajo collector");
    s.click("#search-form button");
    s.click("#card-match a.title");
    s.wait_for("#card-view");
    assert_eq!(s.text("#card-view h1"), "Kivas Fajo - Collector");
    assert!(s
        .text("#card-view")
        .contains("Choose any player to immediately draw three new cards"));
    s.assert_visible("#card-view .card-text");
    s.assert_no_horizontal_scroll();
    s.screenshot(&shots().join(format!("card-{tag}.png")));
}

/// Place one card with the form: name, owner, where.
fn place_card(s: &Session, n: usize, name: &str, owner: &str, at: &str) {
    s.click("#add-card");
    let row = format!("#cards .card-row:nth-of-type({n})");
    s.type_into(&format!("{row} .name"), name);
    s.select(&format!("{row} .owner"), owner);
    s.select(&format!("{row} .place"), at);
}

fn build_and_ask(s: &Session, tag: &str) {
    s.click("#nav-scenario");
    s.type_into(".location-row .name", "Investigate Rogue Comet");
    place_card(s, 1, "uss defiant", "bob", "Investigate Rogue Comet");
    place_card(s, 2, "jadzia", "bob", "uss defiant");
    place_card(s, 3, "Julian Bashir", "bob", "uss defiant");
    place_card(s, 4, "Borg Ship", "alice", "Investigate Rogue Comet");
    s.select("#action-kind", "attack");
    s.select("#action-by", "Borg Ship");
    s.select("#action-target", "uss defiant");
    s.select("#action-step", "initiated");
    s.select("#ask", "valid response");
    s.type_into("#ask-card", "Hugh");
    s.select("#ask-player", "bob");
    s.click("#ask-button");
    s.wait_until(
        "return !!document.querySelector('.answer, #check-error');",
        json!([]),
        "the verdict",
    );
    let error = s.js(
        "const e = document.querySelector('#check-error'); return e && e.textContent;",
        json!([]),
    );
    assert!(
        error.is_null(),
        "the scenario was refused: {error}\n{}",
        s.js("return document.querySelector('#toml').value;", json!([]))
    );
    assert_eq!(s.text(".answer .verdict"), "yes");
    s.assert_visible(".answer .verdict");
    let cite = s.text(".answer a.citation");
    assert!(!cite.is_empty(), "no citation");
    // The board: the ship, with both crew drawn inside its box, misread marked.
    let ship = "#board g.piece[data-title='U.S.S. Defiant']";
    for crew in ["Jadzia Dax", "Julian Bashir"] {
        s.wait_for(&format!("{ship} g.piece[data-title='{crew}']"));
    }
    let jadzia = format!("{ship} g.piece[data-title='Jadzia Dax']");
    assert!(
        s.text(&jadzia).contains("written \"jadzia\""),
        "the resolved title is not marked"
    );
    // The picture scrolls inside its frame; the ship's box is on screen.
    s.assert_visible("#board");
    s.assert_visible(ship);
    s.assert_no_horizontal_scroll();
    let shared = s.js("return location.hash;", json!([]));
    assert!(
        shared
            .as_str()
            .unwrap_or_default()
            .starts_with("#/scenario?toml="),
        "no deep link: {shared}"
    );
    s.screenshot(&shots().join(format!("scenario-{tag}.png")));
    if tag == "360x740" {
        s.js(
            "document.querySelector('.answer').scrollIntoView();",
            json!([]),
        );
        s.screenshot(&Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/screenshot.png"));
    }
    // The citation opens the entry's text.
    s.click(".answer a.citation");
    s.wait_for("article.entry");
    assert_eq!(s.text("article.entry h1"), cite);
}

fn walk_through(server: &Server, driver: &Driver, width: u32, height: u32) {
    let profile = tempfile::tempdir().unwrap();
    let s = driver.session(width, height, profile.path());
    s.go(&format!("{}/", server.base));
    let inner = s.js("return innerWidth;", json!([]));
    assert_eq!(inner.as_u64(), Some(u64::from(width)), "viewport width");
    let tag = format!("{width}x{height}");
    search_a_rules_question(&s, &server.base, &tag);
    open_a_card(&s, &tag);
    build_and_ask(&s, &tag);
}

/// One server and one browser at a time: the two sizes run in turn.
#[test]
fn phone_360x740_then_laptop_1280x800() {
    let server = Server::start();
    let driver = Driver::start();
    walk_through(&server, &driver, 360, 740);
    walk_through(&server, &driver, 1280, 800);
}
