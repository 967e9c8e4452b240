//! The page's files, compiled into the binary so it works with no network.

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

/// (name, content type, body)
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/app.js"),
    ),
    (
        "app.css",
        "text/css; charset=utf-8",
        include_str!("assets/app.css"),
    ),
    ("icon.svg", "image/svg+xml", include_str!("assets/icon.svg")),
];

const INDEX: &str = include_str!("assets/index.html");

pub async fn index() -> Response {
    page("text/html; charset=utf-8", INDEX)
}

pub async fn asset(Path(name): Path<String>) -> Response {
    match ASSETS.iter().find(|(n, _, _)| *n == name) {
        Some((_, ty, body)) => page(ty, body),
        None => (StatusCode::NOT_FOUND, "no such asset").into_response(),
    }
}

fn page(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}
