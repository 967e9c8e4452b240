//! Every route of `daystrom serve` on the real corpus: status codes, JSON
//! shapes (the CLI's `--json` shapes), diagnostics and limits.

use super::server::Server;
use serde_json::Value;
use std::sync::OnceLock;

fn server() -> &'static Server {
    static SERVER: OnceLock<Server> = OnceLock::new();
    SERVER.get_or_init(Server::start)
}

fn repo_file(path: &str) -> Vec<u8> {
    std::fs::read(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).expect(path)
}

fn ids(results: &Value) -> Vec<&str> {
    results
        .as_array()
        .expect("results")
        .iter()
        .map(|h| h["id"].as_str().unwrap())
        .collect()
}

#[test]
fn health_says_ready_with_the_card_count() {
    let (status, body) = server().get("/api/health");
    assert_eq!(status, 200);
    assert_eq!(body["status"], "ready");
    assert_eq!(body["ingesting"], false);
    assert!(body["cards"].as_u64().unwrap() > 4000, "{body}");
}

#[test]
fn search_answers_a_rules_question_with_cited_entries() {
    let (status, body) = server().get("/api/search?q=can%20I%20beam%20through%20shields&n=3");
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["query"], "can I beam through shields");
    assert_eq!(body["detected"]["lang"], "en", "{body}");
    assert!(body["ranking"].as_str().unwrap().starts_with("lexical"));
    assert!(body["busy"].is_boolean(), "{body}");
    assert!(
        ids(&body["results"]).contains(&"glossary:beaming"),
        "{body}"
    );
    let hit = &body["results"][0];
    for key in [
        "rank",
        "id",
        "doc",
        "kind",
        "title",
        "snippet",
        "highlights",
        "reason",
    ] {
        assert!(!hit[key].is_null(), "{key} missing: {hit}");
    }
    assert_eq!(body["results"].as_array().unwrap().len(), 3);
}

#[test]
fn search_filters_and_refuses_bad_parameters() {
    let (status, body) = server().get("/api/search?q=tentativo&lang=it&n=2");
    assert_eq!(status, 200, "{body}");
    assert!(body["results"]
        .as_array()
        .unwrap()
        .iter()
        .all(|h| h["lang"] == "it"));
    for bad in [
        "/api/search",
        "/api/search?q=x&lang=fr",
        "/api/search?q=x&edition=3e",
        "/api/search?q=x&n=many",
    ] {
        let (status, body) = server().get(bad);
        assert_eq!(status, 400, "{bad}: {body}");
        assert!(body["error"].is_string(), "{bad}: {body}");
    }
}

#[test]
fn define_follows_the_term_and_404s_an_unknown_one() {
    let (status, body) = server().get("/api/define/zero");
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["definitions"][0]["entry"]["id"], "glossary:zero");
    assert!(body["cards_named"].is_object());
    let (status, body) = server().get("/api/define/zzqxj%20wibble");
    assert_eq!(status, 404, "{body}");
}

#[test]
fn entry_by_citation_id_lists_who_refers_to_it() {
    let (status, body) = server().get("/api/entry/glossary:nullify");
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["entry"]["title"], "nullify");
    assert!(body["referred_by"].is_array() && body["cards_named"].is_object());
    assert_eq!(server().get("/api/entry/glossary:no-such-entry").0, 404);
}

#[test]
fn card_is_found_by_a_forgiving_name_with_printings_and_rulings() {
    let (status, body) = server().get("/api/card/kivas%20fajo%20collector");
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["card"]["title"], "Kivas Fajo - Collector");
    assert!(!body["card"]["printings"].as_array().unwrap().is_empty());
    let rulings = body["rulings"].as_array().unwrap();
    assert!(
        rulings
            .iter()
            .any(|r| r["entry_id"] == "glossary:card-draw"),
        "{body}"
    );
    assert!(body["referenced_by"]
        .as_array()
        .unwrap()
        .iter()
        .any(|t| t == "Mirror Image"));
    let (status, body) = server().get("/api/card/qqqzzzxxy");
    assert_eq!(status, 404, "{body}");
    assert!(body["suggestions"].is_array());
}

#[test]
fn cards_runs_the_query_language_and_points_at_a_bad_token() {
    let (status, body) =
        server().get("/api/cards?q=a:federation%20skill:diplomacy%3E=2%20t:personnel&limit=3");
    assert_eq!(status, 200, "{body}");
    let rows = body.as_array().unwrap();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0]["title"], "Ambassador Sarek");
    let (status, body) = server().get("/api/cards?q=skil:diplomacy");
    assert_eq!(status, 400);
    assert!(
        body["detail"]
            .as_str()
            .unwrap()
            .contains("did you mean `skill:`"),
        "{body}"
    );
}

#[test]
fn suggest_offers_titles_for_a_sloppy_name() {
    let (status, body) = server().get("/api/suggest?q=defiant&type=ship");
    assert_eq!(status, 200, "{body}");
    let titles: Vec<&str> = body["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["title"].as_str().unwrap())
        .collect();
    assert!(
        titles.contains(&"Defiant") && titles.contains(&"U.S.S. Defiant"),
        "{body}"
    );
    assert!(body["cards"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["type"] == "Ship"));
}

#[test]
fn check_answers_with_verdict_citations_and_the_board() {
    let (status, body) = server().post(
        "/api/check",
        &repo_file("rulings/responses/hugh-vs-borg-ship.toml"),
    );
    assert_eq!(status, 200, "{body}");
    let answer = &body["answers"][0];
    assert_eq!(answer["ask"], "valid response");
    assert_eq!(answer["verdict"]["value"]["kind"], "yes");
    assert_eq!(answer["passed"], true);
    assert!(answer["verdict"]["citations"]
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c["id"] == "glossary:nullify"));
    let loc = &body["board"]["locations"][0];
    assert_eq!(loc["name"], "Investigate Rogue Comet");
    assert!(loc["in_space"]
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c["title"] == "U.S.S. Defiant" && c["involved"] == true));
    assert_eq!(body["board"]["action"]["kind"], "attack");
    assert!(body["svg"]
        .as_str()
        .unwrap()
        .contains("data-title=\"U.S.S. Defiant\""));
    assert!(body["board_text"]
        .as_str()
        .unwrap()
        .contains("└─ U.S.S. Defiant (Ship, bob) ◆"));
}

#[test]
fn a_bad_scenario_is_a_400_with_its_line_and_column() {
    let toml = b"title = \"x\"\n[game]\nturn = 3\n";
    let (status, body) = server().post("/api/check", toml);
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        (body["line"].as_u64(), body["col"].as_u64()),
        (Some(3), Some(8))
    );
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .starts_with("scenario.toml:3:8: "),
        "{body}"
    );
    let unknown =
        b"title = \"x\"\n\n[[card]]\ntitle = \"Captain Tesla\"\n\n[[card]]\ntitle = \"Wofr\"\n";
    let (status, body) = server().post("/api/check", unknown);
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["line"], 4);
    // Every mistake of the file, in order.
    let lines: Vec<u64> = body["errors"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["line"].as_u64())
        .collect();
    assert_eq!(lines, [4, 7], "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("did you mean"),
        "{body}"
    );
    let (status, _) = server().post("/api/check", &[0xff, 0xfe, 0x00]);
    assert_eq!(status, 400);
}

#[test]
fn an_oversized_body_is_refused_with_413_and_the_server_goes_on() {
    let big = vec![b'#'; 2 * 1024 * 1024];
    let resp = super::server::agent()
        .post(&server().url("/api/check"))
        .send(&big[..]);
    // The server may close the connection while the client still sends.
    if let Ok(r) = resp {
        assert_eq!(r.status().as_u16(), 413);
    }
    assert_eq!(server().get("/api/health").0, 200);
}

#[test]
fn errata_reports_the_verdicts_that_flip() {
    let (status, body) = server().post(
        "/api/errata",
        &repo_file("tests/fixtures/errata/hugh-no-nullify.toml"),
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["changed_cards"][0]["title"], "Hugh");
    let flipped: Vec<&str> = body["flips"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["scenario"].as_str().unwrap())
        .collect();
    assert!(
        flipped
            .iter()
            .any(|s| s.ends_with("hugh-vs-borg-ship.toml")),
        "{flipped:?}"
    );
    let (status, body) = server().post("/api/errata", b"[[card]]\ntitle = \"No Such Card Here\"\n");
    assert_eq!(status, 400, "{body}");
    assert!(body["line"].as_u64().is_some(), "{body}");
    let (status, _) = server().post("/api/errata", b"{\"errata\": 3}");
    assert_eq!(status, 400);
}

#[test]
fn the_page_and_its_assets_are_served_from_the_binary() {
    let page = super::server::agent()
        .get(&server().url("/"))
        .call()
        .unwrap()
        .body_mut()
        .read_to_string()
        .unwrap();
    assert!(page.contains("<form id=\"search-form\""));
    for asset in ["/assets/app.js", "/assets/app.css", "/assets/icon.svg"] {
        let resp = super::server::agent()
            .get(&server().url(asset))
            .call()
            .unwrap();
        assert_eq!(resp.status().as_u16(), 200, "{asset}");
    }
    let (status, body) = server().get("/api/nothing-here");
    assert_eq!(status, 404);
    assert!(body["error"].is_string());
}

#[test]
fn an_index_needs_ingest_when_missing_and_not_when_current() {
    let corpus = crate::support::corpus();
    let cfg = |index: &std::path::Path| daystrom::ingest::IndexConfig {
        corpus: Some(corpus.root.clone()),
        manifest: Some(corpus.manifest_path.clone()),
        index: index.to_path_buf(),
    };
    let empty = tempfile::tempdir().unwrap();
    assert!(daystrom::ingest::needs_ingest(&cfg(empty.path())));
    assert!(!daystrom::ingest::needs_ingest(&cfg(
        crate::support::full_index()
    )));
}
