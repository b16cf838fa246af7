//! The page: one HTML file, its script, its engine and its style sheet, compiled into the
//! binary (`include_str!`), so the server needs no files and the page loads nothing from
//! anywhere else (the Content-Security-Policy of every answer says `default-src 'self'`). No
//! build step: the scripts are plain JavaScript modules that run as written.
//!
//! The page asks every question through `./engine.js`; served here, that is the HTTP engine
//! (`page/engine-http.js`, which posts to this server's API). The static build of the
//! playground (`js/playground/build`) ships the same page with the WebAssembly engine in its
//! place, so building the CLI never needs the WebAssembly toolchain.
//!
//! The page builds its form from `GET /api/info` — the library's variant and mode names and
//! descriptions, the server's limits — never from a list of its own.

use axum::http::header;
use axum::response::IntoResponse;
use robotspec::{Mode, Variant};
use serde::Serialize;

use super::inspect::MAX_URLS;
use super::settings::Settings;

const INDEX: &str = include_str!("page/index.html");
const SCRIPT: &str = include_str!("page/app.js");
const ENGINE: &str = include_str!("page/engine-http.js");
const STYLE: &str = include_str!("page/style.css");

/// `GET /`.
pub async fn index() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], INDEX)
}

/// `GET /app.js`.
pub async fn script() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        SCRIPT,
    )
}

/// `GET /engine.js`: the HTTP engine the script imports as `./engine.js`.
pub async fn engine() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        ENGINE,
    )
}

/// `GET /style.css`.
pub async fn style() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STYLE)
}

/// The answer of `GET /api/info`.
#[derive(Serialize)]
pub struct Info {
    version: &'static str,
    /// The variant `robotspec` commands use when none is named.
    default_variant: Variant,
    variants: Vec<Named>,
    modes: Vec<Named>,
    limits: InfoLimits,
    fetch: InfoFetch,
}

/// A library value's stable name and description.
#[derive(Serialize)]
struct Named {
    name: &'static str,
    description: &'static str,
}

#[derive(Serialize)]
struct InfoLimits {
    input_bytes: usize,
    body_bytes: usize,
    urls: usize,
    timeout_seconds: f64,
}

#[derive(Serialize)]
struct InfoFetch {
    enabled: bool,
    private: bool,
}

impl Info {
    /// What the server started with `settings` tells the page.
    pub fn new(settings: &Settings) -> Info {
        Info {
            version: env!("CARGO_PKG_VERSION"),
            default_variant: robotspec::Variant::DEFAULT,
            variants: Variant::ALL
                .iter()
                .map(|&v| Named {
                    name: v.name(),
                    description: v.description(),
                })
                .collect(),
            modes: Mode::ALL
                .iter()
                .map(|&m| Named {
                    name: m.name(),
                    description: m.description(),
                })
                .collect(),
            limits: InfoLimits {
                input_bytes: settings.max_input_bytes,
                body_bytes: settings.max_body_bytes,
                urls: MAX_URLS,
                timeout_seconds: settings.timeout.as_secs_f64(),
            },
            fetch: InfoFetch {
                enabled: settings.fetch.enabled,
                private: settings.fetch.private,
            },
        }
    }
}
