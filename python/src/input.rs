//! What Python hands the binding, turned into what the library takes — each kind of value in one
//! place, with a Python exception that names the argument when it cannot be.
//!
//! * a **profile** — a variant's name, or a composed reading such as
//!   `rfc9309+agent-matching=substring`: [`reading`], the one place a name becomes the
//!   library's reading (a `Profile`); [`profile`] and [`profiles`] read the arguments that
//!   take one or several, named `profile` and `profiles` as the library names them, with the
//!   keywords `variant` and `variants` they replace still taken for one release
//!   ([`renamed`]);
//! * a robots.txt **body**: `bytes`, `bytearray`, `memoryview` or `str` ([`body`]);
//! * **text** (a URL): a `str` that UTF-8 can encode, so no lone surrogate ([`text`], [`texts`]);
//! * a **header**: a (name, value) pair of `str`, left out when it holds a lone surrogate
//!   ([`header_pair`]);
//! * an **agent**: text read by the library's one reader of a caller's agent, `AgentQuery::read`
//!   (a product token, a comma-separated list, or a whole User-Agent header: [`agent`]);
//! * a **whole number** (a status code, a size): an int in range ([`whole_number`], [`status`]);
//! * the **reading options**: mode, collect (and its deprecated alias `lint`),
//!   `drop_invalid_utf8` and the limits as keyword arguments named after [`Limit::name`]
//!   ([`ReadingArgs`]).

use std::cell::RefCell;
use std::str::FromStr;
use std::sync::Arc;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyInt, PyMemoryView, PyString};
use robotspec::{AgentQuery, Collect, Limit, Limits, Mode, ParseOptions, Profile, Variant};

/// The variant read when none is named: the library's default, which the command line uses too
/// (`robotspec --help`), so a Python caller and the CLI give the same answer for the same file.
pub(crate) const DEFAULT_VARIANT: &str = Variant::DEFAULT.name();

// The text signatures (`#[pyo3(text_signature = …)]`) write the default profile as the literal
// `"google"`, so that `__text_signature__` — what `inspect.signature` and mypy's stubtest read
// — shows it (a constant's name shows as `...`); the Rust signature's default is None, so that
// [`renamed`] can tell a profile given from one left out. This holds them to the constant.
const _: () = assert!(
    matches!(DEFAULT_VARIANT.as_bytes(), b"google"),
    "the #[pyo3(text_signature)] defaults say \"google\""
);

/// An argument renamed at 0.2 (issue 33: parameters that take a profile are called
/// `profile`): the value given by its name, `new`, or by the deprecated name it replaces,
/// `old` — which still works for one release and warns, with a `DeprecationWarning` that names
/// the new keyword. Both given is a `TypeError`. Every renamed argument goes through here, so
/// every function behaves alike.
fn renamed<T>(
    py: Python<'_>,
    (new_name, new): (&str, Option<T>),
    (old_name, old): (&str, Option<T>),
) -> PyResult<Option<T>> {
    let Some(old) = old else {
        return Ok(new);
    };
    if new.is_some() {
        return Err(PyTypeError::new_err(format!(
            "give {new_name}= or the deprecated {old_name}=, not both"
        )));
    }
    let warning = py.get_type::<pyo3::exceptions::PyDeprecationWarning>();
    let message = format!("`{old_name}=` is deprecated: use `{new_name}=`");
    let message = std::ffi::CString::new(message)
        .map_err(|e| PyValueError::new_err(format!("robotspec: {e}")))?;
    // The caller's line: a function of the extension module has no Python frame.
    PyErr::warn(py, &warning, &message, 1)?;
    Ok(Some(old))
}

/// The reading of an argument `profile` (or the deprecated `variant`, [`renamed`]): the
/// default variant when neither is given.
pub(crate) fn profile(
    py: Python<'_>,
    profile: Option<&str>,
    variant: Option<&str>,
) -> PyResult<Profile> {
    let name = renamed(py, ("profile", profile), ("variant", variant))?;
    reading(name.unwrap_or(DEFAULT_VARIANT))
}

/// The reading a name selects. The one place a Python profile name is read, as the command
/// line reads `--variant`: a variant (`rfc9309`, `draft-1996`, …, any ASCII case) or a composed
/// reading, a variant with single decisions changed (`rfc9309+agent-matching=substring`).
pub(crate) fn reading(name: &str) -> PyResult<Profile> {
    Profile::from_str(name).map_err(|refused| PyValueError::new_err(refused.to_string()))
}

/// A robots.txt body as bytes: `bytes` as they are, `bytearray` and `memoryview` copied, and
/// `str` encoded as UTF-8 — a lone surrogate, which no UTF-8 file holds, as the three bytes
/// Python's `surrogatepass` gives it, which the library reads as bytes that are not UTF-8.
pub(crate) fn body<'py>(value: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyBytes>> {
    let py = value.py();
    if let Ok(bytes) = value.cast::<PyBytes>() {
        return Ok(bytes.clone());
    }
    if value.is_instance_of::<PyString>() {
        let encoded = value.call_method1("encode", ("utf-8", "surrogatepass"))?;
        return Ok(encoded.cast_into::<PyBytes>()?);
    }
    if let Ok(array) = value.cast::<PyByteArray>() {
        return Ok(PyBytes::new(py, &array.to_vec()));
    }
    if value.is_instance_of::<PyMemoryView>() {
        return Ok(value.call_method0("tobytes")?.cast_into::<PyBytes>()?);
    }
    Err(PyTypeError::new_err(format!(
        "body must be bytes, bytearray, memoryview or str, not {}",
        type_name(value)
    )))
}

/// `value` as Rust text; `what` names it in the exception: a `TypeError` when it is not a
/// `str`, a `ValueError` when it holds a lone surrogate (no URL or agent can). The text is
/// the UTF-8 Python encodes it to, kept without a further copy.
pub(crate) fn text(value: &Bound<'_, PyAny>, what: &str) -> PyResult<PyBackedStr> {
    named_text(value, || what.to_owned())
}

/// [`text`], with the name written only when an exception needs it (a batch's items are
/// named by their index).
fn named_text(value: &Bound<'_, PyAny>, what: impl FnOnce() -> String) -> PyResult<PyBackedStr> {
    let Ok(string) = value.cast::<PyString>() else {
        let what = what();
        return Err(PyTypeError::new_err(format!(
            "{what} must be str, not {}",
            type_name(value)
        )));
    };
    match PyBackedStr::try_from(string.clone()) {
        Ok(text) => Ok(text),
        Err(error) => {
            let py = value.py();
            let refused = PyValueError::new_err(format!(
                "{} is not valid Unicode text: {}",
                what(),
                error.value(py)
            ));
            refused.set_cause(py, Some(error));
            Err(refused)
        }
    }
}

/// Every item of the iterable `values` as text ([`text`]), the item named by its index. A `str`
/// itself is refused: iterating it would ask about each of its characters.
pub(crate) fn texts(values: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<PyBackedStr>> {
    let items = items(values, what, "str")?;
    let mut out = Vec::with_capacity(items.len());
    for (index, item) in items.iter().enumerate() {
        out.push(named_text(item, || format!("{what}[{index}]"))?);
    }
    Ok(out)
}

pyo3::create_exception!(
    robotspec,
    AgentError,
    PyValueError,
    "The agent names no crawler: it is empty, blank or only commas, holds a control character \
     (a tab, a line end, NUL, DEL) or a lone surrogate. Read as the empty token it would quietly \
     get the `*` groups."
);

/// How many of the agents a thread read last it keeps read ([`agent`]).
const RECENT_AGENTS: usize = 4;

thread_local! {
    /// The last agents this thread read, and their readings, the latest first: a crawler asks
    /// about one agent, or a few in turn, many times, and reading one again costs a good part
    /// of a question.
    static RECENT: RefCell<Vec<(String, Arc<AgentQuery>)>> = const { RefCell::new(Vec::new()) };
}

/// The crawler `value` names, read as every entry point of the library reads one
/// ([`AgentQuery::read`]); an `AgentError` when it names none or holds a control character or
/// a lone surrogate, a `TypeError` when it is not a `str`.
pub(crate) fn agent(value: &Bound<'_, PyAny>) -> PyResult<Arc<AgentQuery>> {
    let py = value.py();
    let text = text(value, "agent").map_err(|error| {
        if !error.is_instance_of::<PyValueError>(py) {
            return error;
        }
        let refused = AgentError::new_err(error.value(py).to_string());
        refused.set_cause(py, error.cause(py));
        refused
    })?;
    RECENT.with_borrow_mut(|recent| {
        if let Some(at) = recent.iter().position(|(read, _)| read.as_str() == &*text) {
            let (read, query) = recent.remove(at);
            recent.insert(0, (read, Arc::clone(&query)));
            return Ok(query);
        }
        let query = AgentQuery::read(&text)
            .map_err(|e| AgentError::new_err(format!("{e}: {:?}", &*text)))?;
        let query = Arc::new(query);
        recent.truncate(RECENT_AGENTS - 1);
        recent.insert(0, (text.to_string(), Arc::clone(&query)));
        Ok(query)
    })
}

/// A list of agents (an iterable of str, or one str of comma-separated product tokens is NOT
/// accepted: a str is refused, as for URLs), each read as `Robots.check` reads one.
pub(crate) fn agents(values: &Bound<'_, PyAny>) -> PyResult<Vec<Arc<AgentQuery>>> {
    items(values, "agents", "str")?.iter().map(agent).collect()
}

/// A list of crawlers: an iterable whose items are agents (read as [`agent`]) or None (a
/// crawler no group names); a str is refused.
pub(crate) fn crawlers(values: &Bound<'_, PyAny>) -> PyResult<Vec<Option<Arc<AgentQuery>>>> {
    let items = items(values, "agents", "str or None")?;
    let crawler = |item: &Bound<'_, PyAny>| (!item.is_none()).then(|| agent(item)).transpose();
    items.iter().map(crawler).collect()
}

/// The items of the iterable `values` (the argument `what`, each item a `kind`); a `str` itself,
/// or anything not iterable, is a `TypeError` — iterating a `str` would ask about each of its
/// characters.
fn items<'py>(
    values: &Bound<'py, PyAny>,
    what: &str,
    kind: &str,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if values.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!(
            "{what} must be an iterable of {kind}, not a single str (wrap it in a list)"
        )));
    }
    let items = values.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "{what} must be an iterable of {kind}, not {}",
            type_name(values)
        ))
    })?;
    items.collect()
}

/// The readings of an argument `profiles` (or the deprecated `variants`, [`renamed`]) — an
/// iterable of names, or one str of comma-separated names as the command line's `--variants`
/// takes them — in order; None when neither is given (the caller's default).
pub(crate) fn profiles(
    py: Python<'_>,
    profiles: Option<&Bound<'_, PyAny>>,
    variants: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<Vec<Profile>>> {
    let Some(names) = renamed(py, ("profiles", profiles), ("variants", variants))? else {
        return Ok(None);
    };
    let readings: Vec<Profile> = if names.is_instance_of::<PyString>() {
        let list = text(names, "profiles")?;
        list.split(',')
            .map(|name| reading(name.trim()))
            .collect::<PyResult<_>>()
    } else {
        let names = texts(names, "profiles")?;
        names
            .iter()
            .map(|name| reading(name))
            .collect::<PyResult<_>>()
    }?;
    if readings.is_empty() {
        return Err(PyValueError::new_err("profiles names no reading"));
    }
    Ok(Some(readings))
}

/// Every variant's own reading, in `VARIANTS` order: the default of `diff` and `diff_many`.
pub(crate) fn every_variant() -> Vec<Profile> {
    Variant::ALL.iter().map(Profile::from).collect()
}

/// How a body is read: the Python keyword arguments of `Robots(...)` and `parse(...)`.
pub(crate) struct ReadingArgs<'a, 'py> {
    /// `"lenient"` or `"strict"`.
    pub mode: &'a str,
    /// Which diagnostics a lenient reading collects: `"all"` (the grammar checks run, every
    /// finding a warning) or `"limits"` (only what a limit cut) — the library's `Collect`.
    pub collect: Collect,
    /// Leave bytes that are not UTF-8 out of every value.
    pub drop_invalid_utf8: bool,
    /// Limits by name (`groups=10`), as `**kwargs`.
    pub limits: Option<&'a Bound<'py, PyDict>>,
}

impl ReadingArgs<'_, '_> {
    /// The library's options for this reading.
    pub(crate) fn options(&self) -> PyResult<ParseOptions> {
        let mode = Mode::from_name(&self.mode.to_ascii_lowercase()).ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown mode `{}` (expected lenient or strict)",
                self.mode
            ))
        })?;
        Ok(ParseOptions::new(mode)
            .with_collect(self.collect)
            .with_drop_invalid_utf8(self.drop_invalid_utf8)
            .with_limits(limits(self.limits)?))
    }
}

/// The `collect=` argument (`"all"` or `"limits"`, the library's `Collect::All` and
/// `Collect::Limits`), or the deprecated `lint=` it replaces (`True` is `"all"`, `False`
/// `"limits"`; a `DeprecationWarning` says so). Both given and disagreeing is a `TypeError`.
pub(crate) fn collect(
    py: Python<'_>,
    collect: Option<&str>,
    lint: Option<bool>,
) -> PyResult<Collect> {
    let named = match collect {
        None => None,
        Some(name) => Some(match name.to_ascii_lowercase().as_str() {
            "all" => Collect::All,
            "limits" => Collect::Limits,
            _ => {
                return Err(PyValueError::new_err(format!(
                    "unknown collect `{name}` (expected all or limits)"
                )))
            }
        }),
    };
    let Some(lint) = lint else {
        return Ok(named.unwrap_or(Collect::Limits));
    };
    let warning = py.get_type::<pyo3::exceptions::PyDeprecationWarning>();
    PyErr::warn(
        py,
        &warning,
        c"`lint=` is deprecated: use `collect=\"all\"` (lint=True) or `collect=\"limits\"` (lint=False)",
        // The caller's line: a function of the extension module has no Python frame.
        1,
    )?;
    let from_lint = if lint { Collect::All } else { Collect::Limits };
    match named {
        Some(named) if named != from_lint => Err(PyTypeError::new_err(
            "give collect= or the deprecated lint=, not both with different meanings",
        )),
        _ => Ok(from_lint),
    }
}

/// The default limits with those named in `given` changed.
fn limits(given: Option<&Bound<'_, PyDict>>) -> PyResult<Limits> {
    let mut limits = Limits::default();
    for (key, value) in given.into_iter().flat_map(|dict| dict.iter()) {
        let name = text(&key, "a limit's name")?;
        let limit = Limit::from_name(&name).ok_or_else(|| {
            let names: Vec<&str> = Limit::ALL.iter().map(|l| l.name()).collect();
            PyTypeError::new_err(format!(
                "unexpected keyword argument `{name}` (the limits are: {})",
                names.join(", ")
            ))
        })?;
        let count = whole_number(&value, &format!("limit `{name}`"), usize::MAX)?;
        limits = limits.with(limit, count);
    }
    Ok(limits)
}

/// A whole-number argument from 0 to `max` (an HTTP status code, a size), named `what` in the
/// `TypeError` for a value that is no int and the `ValueError` for one out of range (pyo3's own
/// conversion raises an `OverflowError` that names neither).
pub(crate) fn whole_number<'a, 'py, T>(
    value: &'a Bound<'py, PyAny>,
    what: &str,
    max: T,
) -> PyResult<T>
where
    T: FromPyObject<'a, 'py> + std::fmt::Display,
{
    if !value.is_instance_of::<PyInt>() {
        return Err(PyTypeError::new_err(format!(
            "{what} must be an int, not {}",
            type_name(value)
        )));
    }
    value.extract().map_err(|_| {
        PyValueError::new_err(format!("{what} must be between 0 and {max}, not {value}"))
    })
}

/// An HTTP status code argument, `status`: 0 to 65535 (the policy reads those outside
/// 100–599 as the protocol leaves them).
pub(crate) fn status(value: &Bound<'_, PyAny>) -> PyResult<u16> {
    whole_number(value, "status", u16::MAX)
}

/// A header's (name, value) as text an HTTP client could send, or None for a pair with a lone
/// surrogate, which no encoding sends: such a pair is left out, as a pair that is no valid
/// header is (`access::header_map_of`), rather than failing the call (or a study's batch).
pub(crate) fn header_pair(
    (name, value): &(Bound<'_, PyString>, Bound<'_, PyString>),
) -> Option<(String, String)> {
    Some((
        name.to_cow().ok()?.into_owned(),
        value.to_cow().ok()?.into_owned(),
    ))
}

/// The name of `value`'s type, for messages.
pub(crate) fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "an unknown type".to_owned(), |name| name.to_string())
}
