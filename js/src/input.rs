//! What JavaScript hands the module, turned into what the library takes — each kind of value
//! read in one place, refused with the exception the wrapper throws ([`crate::refusal`]).
//!
//! * a **reading** — the options object of `new Robots(body, options)` and `parse(body,
//!   options)`: `profile`, `mode`, `collect`, `dropInvalidUtf8` and `limits` ([`Reading`]),
//!   read once and kept, so that a crawler parsing thousands of files with one options object
//!   reads it once;
//! * a **profile** name, or several ([`profile`], [`profiles`]);
//! * an **agent** ([`agent`]), read by the library's one reader of a caller's agent,
//!   `AgentQuery::read`, and kept for the next question (a crawler asks as one agent many times).
//!
//! Bodies and URLs need no reading here: wasm-bindgen hands over a `Uint8Array`'s bytes and a
//! string's UTF-8 as they are (the wrapper refuses strings that UTF-8 cannot encode).

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::str::FromStr;

use robotspec::{AgentQuery, Collect, Limit, Limits, Mode, ParseOptions, Profile, Variant};
use serde::Deserialize;
use wasm_bindgen::prelude::*;

use crate::objects::camel_case;
use crate::refusal::{refuse, Kind};

/// A way of reading a body: the reading (a variant or a composed reading) and the library's
/// parse options. Made by the wrapper from an options object; kept and reused.
#[wasm_bindgen]
pub struct Reading {
    profile: Profile,
    options: ParseOptions,
}

/// The options object as JavaScript writes it; a key not listed here is refused (a typo would
/// otherwise silently read the file another way).
#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ReadOptions {
    profile: Option<String>,
    mode: Option<String>,
    collect: Option<String>,
    drop_invalid_utf8: Option<bool>,
    limits: Option<BTreeMap<String, f64>>,
}

#[wasm_bindgen]
impl Reading {
    /// The reading `options` describe (`undefined`: the default variant, lenient, collecting
    /// only what a limit cuts). `collect` is the default when the object does not say.
    #[wasm_bindgen(constructor)]
    pub fn new(options: JsValue, collect: &str) -> Result<Reading, JsValue> {
        let read: ReadOptions = if options.is_undefined() || options.is_null() {
            ReadOptions::default()
        } else {
            serde_wasm_bindgen::from_value(options)
                .map_err(|e| refuse(Kind::Reading, format!("options: {e}")))?
        };
        let profile = profile(read.profile.as_deref())?;
        let mode = match read.mode.as_deref() {
            None => Mode::Lenient,
            Some(name) => Mode::from_name(&name.to_ascii_lowercase()).ok_or_else(|| {
                refuse(
                    Kind::Reading,
                    format!("unknown mode `{name}` (expected lenient or strict)"),
                )
            })?,
        };
        let collect = self::collect(read.collect.as_deref().unwrap_or(collect))?;
        let options = ParseOptions::new(mode)
            .with_collect(collect)
            .with_drop_invalid_utf8(read.drop_invalid_utf8.unwrap_or(false))
            .with_limits(limits(read.limits.unwrap_or_default())?);
        Ok(Reading { profile, options })
    }

    /// The reading's name, as the library writes it.
    #[wasm_bindgen(getter)]
    pub fn profile(&self) -> String {
        self.profile.name()
    }
}

impl Reading {
    /// The reading.
    pub(crate) fn profile_value(&self) -> Profile {
        self.profile
    }

    /// The library's parse options.
    pub(crate) fn options(&self) -> ParseOptions {
        self.options
    }
}

/// `"all"` or `"limits"` (any ASCII case): the library's `Collect`.
fn collect(name: &str) -> Result<Collect, JsValue> {
    match name.to_ascii_lowercase().as_str() {
        "all" => Ok(Collect::All),
        "limits" => Ok(Collect::Limits),
        _ => Err(refuse(
            Kind::Reading,
            format!("unknown collect `{name}` (expected all or limits)"),
        )),
    }
}

/// The default limits with those `given` changed. A value must be a whole number from 0; one
/// past what a 32-bit module can address (`usize::MAX` here) means no limit in practice and is
/// read as `usize::MAX`.
fn limits(given: BTreeMap<String, f64>) -> Result<Limits, JsValue> {
    let mut limits = Limits::default();
    for (name, value) in given {
        let limit = Limit::from_name(&snake_case(&name)).ok_or_else(|| {
            let names: Vec<String> = Limit::ALL.iter().map(|l| camel_case(l.name())).collect();
            refuse(
                Kind::Reading,
                format!(
                    "unknown limit `{name}` (the limits are: {})",
                    names.join(", ")
                ),
            )
        })?;
        if !(value >= 0.0 && value.fract() == 0.0) {
            return Err(refuse(
                Kind::Reading,
                format!("limit `{name}` must be a whole number from 0, not {value}"),
            ));
        }
        // Saturating: `as` maps every f64 above usize::MAX to usize::MAX.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let count = value as usize;
        limits = limits.with(limit, count);
    }
    Ok(limits)
}

/// A limit's name as JavaScript writes it (`inputBytes`) in the library's case (`input_bytes`).
fn snake_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            out.push('_');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// The reading a name selects (`None`: the default variant): a variant (any ASCII case) or a
/// composed reading (`rfc9309+agent-matching=substring`), as the command line reads
/// `--variant`.
pub(crate) fn profile(name: Option<&str>) -> Result<Profile, JsValue> {
    let name = name.unwrap_or(Variant::DEFAULT.name());
    Profile::from_str(name).map_err(|refused| refuse(Kind::Reading, refused.to_string()))
}

/// The readings `names` select, in order; `None` or an empty list: `default`.
pub(crate) fn profiles(
    names: Option<Vec<String>>,
    default: impl FnOnce() -> Vec<Profile>,
) -> Result<Vec<Profile>, JsValue> {
    match names {
        Some(names) if !names.is_empty() => names.iter().map(|name| profile(Some(name))).collect(),
        _ => Ok(default()),
    }
}

/// How many of the agents read last are kept read ([`agent`]).
const RECENT_AGENTS: usize = 4;

thread_local! {
    /// The last agents read, and their readings, the latest first.
    static RECENT: RefCell<Vec<(String, Rc<AgentQuery>)>> = const { RefCell::new(Vec::new()) };
}

/// The crawler `text` names ([`AgentQuery::read`]: a product token, several comma-separated,
/// or a whole User-Agent header); an `AgentError` when it names none.
pub(crate) fn agent(text: &str) -> Result<Rc<AgentQuery>, JsValue> {
    RECENT.with_borrow_mut(|recent| {
        if let Some(at) = recent.iter().position(|(read, _)| read == text) {
            let (read, query) = recent.remove(at);
            recent.insert(0, (read, Rc::clone(&query)));
            return Ok(query);
        }
        let query =
            AgentQuery::read(text).map_err(|e| refuse(Kind::Agent, format!("{e}: {text:?}")))?;
        let query = Rc::new(query);
        recent.truncate(RECENT_AGENTS - 1);
        recent.insert(0, (text.to_owned(), Rc::clone(&query)));
        Ok(query)
    })
}
