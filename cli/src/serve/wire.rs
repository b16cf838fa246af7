//! JSON answers: the one way every part of the server writes a JSON body (routes and errors
//! alike). The ground floor of the server's modules: it imports none of them.

use axum::body::Body;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// A JSON answer with `status`.
pub fn json_response(status: StatusCode, value: &impl Serialize) -> Response {
    match serde_json::to_vec(value) {
        Ok(json) => json_bytes(status, json),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
    }
}

/// An answer whose body is `json`, already serialised.
pub fn json_bytes(status: StatusCode, json: impl Into<Body>) -> Response {
    let mut response = (status, json.into()).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}
