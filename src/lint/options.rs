//! What the linter reads the file as, and how severe each code is.

use std::collections::BTreeMap;

use super::code::FindingCode;
use crate::diagnostic::Severity;
use crate::limits::Limits;
use crate::variant::{Profile, Variant};

/// The linter's settings: the readings (default `google` and `rfc9309`: the crawler that
/// matters most to site owners, and the standard every other crawler is held to), codes
/// silenced or raised, and the resource limits.
///
/// ```
/// use robotspec::lint::{FindingCode, LintCode, LintOptions};
/// use robotspec::Severity;
/// use robotspec::{Code, Variant};
///
/// let options = LintOptions::default()
///     .with_readings([Variant::Google])
///     .allow(FindingCode::Diagnostic(Code::UnknownDirective))
///     .deny(FindingCode::Lint(LintCode::EmptyDisallow));
/// assert_eq!(options.severity(Code::UnknownDirective.into()), None);
/// assert_eq!(options.severity(LintCode::EmptyDisallow.into()), Some(Severity::Error));
/// assert_eq!(options.readings().len(), 1);
/// ```
#[non_exhaustive]
#[derive(Debug, Clone)]
pub struct LintOptions {
    readings: Vec<Profile>,
    severities: BTreeMap<FindingCode, Option<Severity>>,
    limits: Limits,
}

impl Default for LintOptions {
    /// `google` and `rfc9309`, every code at its default severity, the default limits.
    fn default() -> Self {
        LintOptions {
            readings: vec![Variant::Google.into(), Variant::Rfc9309.into()],
            severities: BTreeMap::new(),
            limits: Limits::default(),
        }
    }
}

impl LintOptions {
    /// The readings to lint under, in the order findings name them (each once; an empty list
    /// keeps the current one).
    #[must_use]
    pub fn with_readings<P: Into<Profile>>(
        mut self,
        readings: impl IntoIterator<Item = P>,
    ) -> Self {
        let mut chosen: Vec<Profile> = Vec::new();
        for reading in readings.into_iter().map(Into::into) {
            if !chosen.contains(&reading) {
                chosen.push(reading);
            }
        }
        if !chosen.is_empty() {
            self.readings = chosen;
        }
        self
    }

    /// Silences `code`: its findings are left out.
    #[must_use]
    pub fn allow(mut self, code: FindingCode) -> Self {
        self.severities.insert(code, None);
        self
    }

    /// Raises `code` to an error.
    #[must_use]
    pub fn deny(mut self, code: FindingCode) -> Self {
        self.severities.insert(code, Some(Severity::Error));
        self
    }

    /// Gives `code` the severity `severity`.
    #[must_use]
    pub fn with_severity(mut self, code: FindingCode, severity: Severity) -> Self {
        self.severities.insert(code, Some(severity));
        self
    }

    /// The resource limits each reading is parsed with.
    #[must_use]
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// The readings.
    pub fn readings(&self) -> &[Profile] {
        &self.readings
    }

    /// The limits.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The severity findings of `code` get; `None` when it is silenced.
    pub fn severity(&self, code: FindingCode) -> Option<Severity> {
        match self.severities.get(&code) {
            Some(set) => *set,
            None => Some(code.default_severity()),
        }
    }
}
