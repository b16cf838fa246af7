//! A witness: a request path and how a reading decides it — the examples of an analysis and
//! the two sides of a difference — and the pieces of their JSON.

use std::borrow::Cow;
use std::fmt;

use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;

use super::ranking::Ruling;
use crate::limits::Limit;
use crate::model::Rule;
use crate::query::{Applicable, Decision};

/// A request path and how the reading decides it.
#[derive(Debug, Clone)]
pub struct Witness<'r> {
    path: String,
    ruling: Ruling<'r>,
}

impl<'r> Witness<'r> {
    pub(super) fn new(path: String, ruling: Ruling<'r>) -> Witness<'r> {
        Witness { path, ruling }
    }

    /// The path, as a client puts it after the host: `/`, then printable ASCII but `#`. A path
    /// that starts with `//` is asked for as `http://HOST//…` (a bare `//x` names the host
    /// `x`): [`shown_path`].
    pub fn path(&self) -> &str {
        &self.path
    }

    /// Whether the reading allows it.
    pub fn allowed(&self) -> bool {
        self.ruling.allowed
    }

    /// What decides it: a rule, or no rule ([`Decision::NoMatchingRule`],
    /// [`Decision::NoGroup`]).
    pub fn decision(&self) -> Decision {
        self.ruling.decision
    }

    /// The rule that decides it, when one does.
    pub fn rule(&self) -> Option<Rule<'r>> {
        self.ruling.rule
    }

    /// The same path, as the rules that apply on `applicable` decide it.
    pub(super) fn asked_of<'s>(&self, applicable: &Applicable<'s>) -> Witness<'s> {
        Witness::asked(self.path.clone(), applicable)
    }

    /// `path`, as the rules that apply on `applicable` decide it: a search tells allowed from
    /// disallowed, what decides is the matcher's to say.
    pub(super) fn asked(path: String, applicable: &Applicable<'r>) -> Witness<'r> {
        let verdict = applicable.check_request_path(&path);
        Witness::new(path, Ruling::of(&verdict))
    }
}

/// A request path as shown to people: the path itself, or — for a path that starts with `//`,
/// which a reader (and [`Robots::check`](crate::Robots::check)) would take for a host — the URL
/// that asks for it, `http://example.com//x`. Paths hold no space, so the first `": "` after a
/// shown path ends it.
///
/// ```
/// use robotspec::analysis::shown_path;
/// assert_eq!(shown_path("/private"), "/private");
/// assert_eq!(shown_path("//x"), "http://example.com//x");
/// ```
pub fn shown_path(path: &str) -> Cow<'_, str> {
    if path.starts_with("//") {
        Cow::Owned(format!("http://example.com{path}"))
    } else {
        Cow::Borrowed(path)
    }
}

impl fmt::Display for Witness<'_> {
    /// `/path: allowed by line 3: Allow: /path`, or `/path: allowed (no rule matches)`; the
    /// path as [`shown_path`] shows it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verdict = if self.allowed() {
            "allowed"
        } else {
            "disallowed"
        };
        write!(f, "{}: {verdict}", shown_path(&self.path))?;
        match (self.rule(), self.decision().without_rule()) {
            (Some(rule), _) => write!(f, " by line {}: {rule}", rule.line()),
            (None, Some(why)) => write!(f, " ({why})"),
            (None, None) => Ok(()),
        }
    }
}

/// A ruling as JSON: `{"allowed", "decision", "line", "rule"}`.
pub(super) fn serialize_ruling<S: SerializeStruct>(
    s: &mut S,
    witness: &Witness<'_>,
) -> Result<(), S::Error> {
    let rule = witness.rule();
    s.serialize_field("allowed", &witness.allowed())?;
    s.serialize_field("decision", &witness.decision())?;
    s.serialize_field("line", &rule.map(|r| r.line()))?;
    s.serialize_field("rule", &rule.map(|r| r.to_string()))
}

impl Serialize for Witness<'_> {
    /// `{"path", "allowed", "decision", "line", "rule"}`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Witness", 5)?;
        s.serialize_field("path", &self.path)?;
        serialize_ruling(&mut s, self)?;
        s.end()
    }
}

/// An allowed and a disallowed example, each if there is one.
pub(super) type Examples<'r> = (Option<Witness<'r>>, Option<Witness<'r>>);

/// A witness's ruling without its path.
pub(super) struct RulingOf<'w, 'r>(pub(super) &'w Witness<'r>);

impl Serialize for RulingOf<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Ruling", 4)?;
        serialize_ruling(&mut s, self.0)?;
        s.end()
    }
}

/// The limit that stopped an analysis, as JSON: `{"limit", "message"}`.
pub(super) struct UndecidedBy(pub(super) Limit);

impl UndecidedBy {
    /// What stopped the analysis, for people.
    pub(super) fn message(&self) -> String {
        match self.0 {
            Limit::NfaBytes => format!(
                "the rules' automaton would exceed the NFA limit (limit `{}`)",
                self.0
            ),
            limit => format!(
                "the analysis would build more automaton states than its budget (limit `{limit}`)"
            ),
        }
    }
}

impl Serialize for UndecidedBy {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Undecided", 2)?;
        s.serialize_field("limit", &self.0)?;
        s.serialize_field("message", &self.message())?;
        s.end()
    }
}
