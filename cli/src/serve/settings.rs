//! What the server was started with, which the routes enforce and the page is told.

use std::time::Duration;

use super::fetch::FetchPolicy;

/// What the server was started with.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Longest robots.txt text a request may send.
    pub max_input_bytes: usize,
    /// Longest request body.
    pub max_body_bytes: usize,
    /// The time bound of one request.
    pub timeout: Duration,
    /// Whether and where `POST /api/fetch` may fetch.
    pub fetch: FetchPolicy,
}
