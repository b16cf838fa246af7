//! Why a call was refused, as a value the JS wrapper turns into an exception.
//!
//! The Rust side throws plain objects `{kind, message, diagnostics}`; `js/package/index.js`
//! defines the error classes (`StrictError`, `AgentError`, `ReadingError`, all subclasses of
//! `RobotspecError`) and throws the one `kind` names. The classes live in JS so that `instanceof`
//! works across every instance of the module and a caller never sees a wasm-bindgen type.

use robotspec::Diagnostic;
use serde::Serialize;
use wasm_bindgen::JsValue;

use crate::objects::to_camel_js;

/// Which exception the wrapper throws.
#[derive(Clone, Copy, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Kind {
    /// `StrictError`: the file breaks the reading's grammar, or a limit cut it (strict mode).
    Strict,
    /// `AgentError`: the agent names no crawler.
    Agent,
    /// `ReadingError`: an unknown variant, setting, mode, collect, limit or finding code, or a
    /// limit's value out of range.
    Reading,
    /// `RobotspecError` itself: an argument of the wrong type.
    Argument,
}

/// A refusal: the exception's kind, its message and, for a strict reading, every problem.
#[derive(Serialize)]
struct Refusal<'a> {
    kind: Kind,
    message: String,
    diagnostics: &'a [Diagnostic],
}

/// The value thrown for a refusal of `kind` with `message`.
pub(crate) fn refuse(kind: Kind, message: impl Into<String>) -> JsValue {
    thrown(&Refusal {
        kind,
        message: message.into(),
        diagnostics: &[],
    })
}

/// The value thrown when a strict reading rejects a file: its message is the first problem,
/// as the command line prints it; `diagnostics` holds them all.
pub(crate) fn strict(rejected: &robotspec::StrictError) -> JsValue {
    thrown(&Refusal {
        kind: Kind::Strict,
        message: rejected.to_string(),
        diagnostics: rejected.diagnostics(),
    })
}

/// `refusal` as a JS object; if even that cannot be built, its message alone.
fn thrown(refusal: &Refusal<'_>) -> JsValue {
    to_camel_js(refusal).unwrap_or_else(|_| JsValue::from_str(&refusal.message))
}
