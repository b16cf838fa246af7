//! The API's errors: one JSON shape for every refusal, whatever its cause, so that a client
//! (the page, a script) reads `error.code` and `error.message` and never has to parse HTML or
//! plain text.
//!
//! `{"error": {"status": 413, "code": "input-too-large", "message": "…"}}`; a file rejected in
//! strict mode (422) also carries its `diagnostics`.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use robotspec::Diagnostic;
use serde::Serialize;

/// A refused or failed request: the HTTP status, a stable code and a sentence for people.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    code: &'static str,
    message: String,
    diagnostics: Vec<Diagnostic>,
}

impl ApiError {
    fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError {
            status,
            code,
            message: message.into(),
            diagnostics: Vec::new(),
        }
    }

    /// 400 `bad-json`: the body is not JSON.
    pub fn bad_json(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "bad-json", message)
    }

    /// 400 `bad-request`: JSON, but not a request this endpoint takes (a missing or unknown
    /// field, an unknown variant, an agent that names no crawler, a URL that is not one…).
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "bad-request", message)
    }

    /// 413 `body-too-large`: the request body is longer than the server takes.
    pub fn body_too_large(limit: usize) -> Self {
        Self::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "body-too-large",
            format!("the request body is longer than {limit} bytes"),
        )
    }

    /// 413 `input-too-large`: the robots.txt text is longer than the input limit.
    pub fn input_too_large(length: usize, limit: usize) -> Self {
        Self::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "input-too-large",
            format!("robots_txt is {length} bytes long; this server reads at most {limit}"),
        )
    }

    /// 415 `unsupported-media-type`: the body is not declared `application/json`.
    pub fn not_json() -> Self {
        Self::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported-media-type",
            "send the request body as Content-Type: application/json",
        )
    }

    /// 408 `timeout`: the request (reading it, waiting for a worker, answering) took longer
    /// than the server's time bound.
    pub fn timeout(seconds: f64) -> Self {
        Self::new(
            StatusCode::REQUEST_TIMEOUT,
            "timeout",
            format!("the request took longer than {seconds} s"),
        )
    }

    /// 422 `rejected`: the file breaks the variant's grammar (strict mode), with every problem.
    pub fn rejected(variant: impl std::fmt::Display, diagnostics: &[Diagnostic]) -> Self {
        ApiError {
            diagnostics: diagnostics.to_vec(),
            ..Self::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "rejected",
                format!("rejected in strict mode by {variant}"),
            )
        }
    }

    /// 403 `fetch-disabled`: live fetching is off (the default).
    pub fn fetch_disabled() -> Self {
        Self::new(
            StatusCode::FORBIDDEN,
            "fetch-disabled",
            "live fetching is off: start the server with --fetch to turn it on",
        )
    }

    /// 403 `address-refused`: the host to fetch from is, or resolves to, an address the server
    /// does not send requests to.
    pub fn address_refused(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, "address-refused", message)
    }

    /// 404 `not-found`.
    pub fn not_found(path: &str) -> Self {
        Self::new(
            StatusCode::NOT_FOUND,
            "not-found",
            format!("no such page or endpoint: {path}"),
        )
    }

    /// 405 `method-not-allowed`.
    pub fn method_not_allowed() -> Self {
        Self::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "method-not-allowed",
            "this endpoint does not take that method (the API takes POST, the page GET)",
        )
    }

    /// 500 `internal`: a bug; the server goes on serving.
    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", message)
    }
}

/// The JSON body of an error.
#[derive(Serialize)]
struct Body<'a> {
    error: Details<'a>,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    diagnostics: &'a [Diagnostic],
}

#[derive(Serialize)]
struct Details<'a> {
    status: u16,
    code: &'a str,
    message: &'a str,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Body {
            error: Details {
                status: self.status.as_u16(),
                code: self.code,
                message: &self.message,
            },
            diagnostics: &self.diagnostics,
        };
        let mut response = super::wire::json_response(self.status, &body);
        if self.status == StatusCode::REQUEST_TIMEOUT {
            // The connection may be mid-body: do not reuse it.
            response
                .headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
        }
        response
    }
}
