//! A witness: a request path and how a reading decides it — the examples of an analysis and
//! the two sides of a difference — and the pieces of their JSON.

use std::fmt;

use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;

use super::ranking::Ruling;
use crate::limits::Limit;
use crate::model::Rule;
use crate::query::Decision;

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

    /// The path, as a client puts it after the host: `/`, then printable ASCII but `#`.
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
}

impl fmt::Display for Witness<'_> {
    /// `/path: allowed by line 3: Allow: /path`, or `/path: allowed (no rule matches)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verdict = if self.allowed() {
            "allowed"
        } else {
            "disallowed"
        };
        write!(f, "{}: {verdict}", self.path)?;
        match (self.rule(), self.decision().without_rule()) {
            (Some(rule), _) => write!(
                f,
                " by line {}: {}",
                rule.line(),
                String::from_utf8_lossy(rule.text())
            ),
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
    s.serialize_field(
        "rule",
        &rule.map(|r| String::from_utf8_lossy(r.text()).into_owned()),
    )
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
