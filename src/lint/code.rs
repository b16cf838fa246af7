//! What a finding is about: its code (every diagnostic [`Code`] and the linter's own
//! [`LintCode`]s, one [`FindingCode`]) and its [`Severity`], each code with a default severity.
//!
//! The linter's severities answer the site owner's question, not the grammar's: an **error** is
//! a line a crawler will misread or that does not do what it plainly means; a **warning** is
//! non-standard but known, or honoured by some crawlers only; a **note** is information. So a
//! `known-extension`, a violation in strict mode, is a note here: the lint's own extension
//! findings say what each crawler does with the record.

use std::fmt;

use serde::Serialize;

use crate::diagnostic::{Code, Severity};

crate::names::stable_names! {
    /// The linter's own finding codes (besides every diagnostic [`Code`]). Names are stable.
    pub enum LintCode {
        /// The file is larger than 500 KiB (512,000 bytes): Google reads only that much and
        /// ignores the rest; RFC 9309 obliges crawlers to read at least that much, no more.
        FileTooLarge = "file-too-large",
        /// The file is an HTML page (a CMS or error page served as robots.txt): no crawler reads
        /// a rule from it.
        HtmlFile = "html-file",
        /// The file starts with a UTF-8 byte order mark: every reading skips it.
        ByteOrderMark = "byte-order-mark",
        /// The file is UTF-16 (a UTF-16 byte order mark, or NULs between ASCII letters): the
        /// readings see NULs and bytes, not the rules.
        Utf16 = "utf16",
        /// The file is not UTF-8 (Latin-1, Windows-1252, …): rules with those bytes match the
        /// percent-encoded UTF-8 of a URL only by accident.
        NotUtf8 = "not-utf8",
        /// Lines end with a carriage return alone (classic Mac OS): RFC 9309 and Google accept
        /// it, parsers that split on line feeds read the file as one line.
        CrLineEnds = "cr-line-ends",
        /// A `Disallow:` with no path in a group with no other Disallow rule: the group allows
        /// everything (written for "block everything", it does the opposite).
        EmptyDisallow = "empty-disallow",
        /// Every crawler — each one the file names, and every other — is disallowed from every
        /// URL of the site under a reading (exactly: every request path but `/robots.txt`, from
        /// the exact analysis): the site disappears from search.
        BlocksEverything = "blocks-everything",
        /// A known extension record (Crawl-delay, Host, Clean-param, Request-rate, Visit-time,
        /// Content-Signal, Content-Usage, …): who honours it and what each reading does with it.
        ExtensionRecord = "extension-record",
        /// A `Noindex:` (or Noarchive, Nofollow) record: no crawler has honoured it since Google
        /// retired it on 1 September 2019.
        NoindexIgnored = "noindex-ignored",
        /// A Sitemap whose URL is not absolute (`Sitemap: /sitemap.xml`): Google and Bing want
        /// a fully qualified URL.
        SitemapNotAbsolute = "sitemap-not-absolute",
        /// A Content-Signal key Cloudflare does not define (`search`, `ai-input`, `ai-train`,
        /// `use`).
        ContentSignalKey = "content-signal-key",
        /// A Content-Signal value that is not one Cloudflare defines (`yes`/`no`; for `use`:
        /// `immediate`, `reference`, `full`).
        ContentSignalValue = "content-signal-value",
        /// A Content-Signal line outside every group: Cloudflare writes it inside
        /// `User-Agent: *`; group-scoped readers give it to no crawler, crawler-commons to all.
        ContentSignalOutsideGroup = "content-signal-outside-group",
        /// A Content-Usage label that the current AI-preferences vocabulary does not define
        /// (an older draft's label, or none): crawlers ignore it.
        ContentUsageLabel = "content-usage-label",
        /// A Content-Usage preference that is not the Token `y` or `n`: the preference is
        /// unknown.
        ContentUsageValue = "content-usage-value",
        /// A non-standard line that points at a file for LLMs — `LLMs-txt:`, `LLMs-full-txt:`
        /// (and `LLMs:`, `LLMs-full:`), `LLM-Policy:` — instead of `unknown-directive`: where
        /// it comes from and who reads it (crawler-commons reads `LLM-Policy`, when asked).
        LlmsRecord = "llms-record",
        /// An RSL 1.0 `License:` record: a licence for the whole file, read by RSL-aware
        /// crawlers and ignored by robots.txt parsers.
        RslLicense = "rsl-license",
        /// An RSL `License:` whose value is not an absolute URL: RSL requires a fully qualified
        /// URL.
        LicenseNotAbsolute = "license-not-absolute",
        /// An RSL `License:` inside a group: RSL's License applies to the whole file whatever
        /// group it is in, but a reader that scopes records to groups gives it to that group's
        /// crawlers only.
        LicenseInGroup = "license-in-group",
        /// A user-agent a reading cuts to a different name (`AI2Bot` read as `AI`): the group is
        /// not for the crawler meant, which gets the `*` groups instead.
        AgentMisread = "agent-misread",
        /// A user-agent a reading cuts to a shorter name, for a crawler the catalogue does not
        /// know (`Yahoo Pipes 1.0` read as `Yahoo`): the group names the shorter name, which
        /// is the crawler's only if it answers to it.
        AgentCut = "agent-cut",
        /// A user-agent a reading shortens to the name the crawler answers to
        /// (`Googlebot/2.1` read as `Googlebot`): harmless, but not a product token.
        AgentShortened = "agent-shortened",
        /// A user-agent no crawler can ever match under a reading (empty after the cut, or a
        /// name with spaces read whole).
        AgentNeverMatches = "agent-never-matches",
        /// A user-agent close to a known crawler's token but not equal (`GPTbott`): the group
        /// is for a crawler that does not exist.
        AgentMisspelt = "agent-misspelt",
        /// Path rules for a control token (Google-Extended, Applebot-Extended): it never fetches
        /// anything, so the rules stop no fetch; they say what may be used for AI training.
        ControlTokenRules = "control-token-rules",
        /// Google's per-line report, as Search Console shows it: an accepted typo, a missing
        /// colon, a line too long, a line Google does not understand.
        GoogleReport = "google-report",
        /// A rule that decides no URL for any crawler under a reading — shadowed (rules that
        /// outrank it match every path it matches: they are named), a duplicate, matching no
        /// request path, or an `allow` under a precedence where only a `disallow` decides —
        /// from the exact analysis of every URL (docs/analysis.md).
        DeadRule = "dead-rule",
        /// A group no crawler's rules come from under a reading: every crawler it names is
        /// taken by an earlier group (1994 and 1996 read only the first record for a crawler),
        /// or it names none the reading can match; from the exact analysis.
        DeadGroup = "dead-group",
        /// Two readings give different verdicts on a plain path (no `%`, `*` or `$`): the
        /// shortest such path, with each reading's deciding rule, from the exact analysis. A
        /// crawler of one kind reads the file otherwise than a crawler of the other.
        ReadingsDiffer = "readings-differ",
        /// Two readings agree on every plain path but part on a percent-encoded one (RFC 9309
        /// decodes `%63` to `c`, Google compares escapes as sent): the shortest such path, from
        /// the exact analysis. Reported once per pair of readings.
        EscapesDiffer = "escapes-differ",
        /// The exact analysis reached its budget (limit `analysis_states`) before it could
        /// answer for some crawlers: what is blocked and their dead rules, or whether two
        /// readings part on a plain path for them, are not known (the other findings stay
        /// exact).
        AnalysisUndecided = "analysis-undecided",
    }
}

impl LintCode {
    /// The severity a finding of this code has unless configured otherwise.
    pub fn default_severity(self) -> Severity {
        use LintCode as L;
        match self {
            L::FileTooLarge
            | L::HtmlFile
            | L::Utf16
            | L::SitemapNotAbsolute
            | L::LicenseNotAbsolute
            | L::AgentMisread
            | L::AgentNeverMatches
            | L::ReadingsDiffer => Severity::Error,
            L::NotUtf8
            | L::CrLineEnds
            | L::BlocksEverything
            | L::NoindexIgnored
            | L::ContentSignalKey
            | L::ContentSignalValue
            | L::ContentSignalOutsideGroup
            | L::ContentUsageLabel
            | L::ContentUsageValue
            | L::LlmsRecord
            | L::LicenseInGroup
            | L::AgentMisspelt
            | L::AgentCut
            | L::ControlTokenRules
            | L::DeadRule
            | L::DeadGroup => Severity::Warning,
            L::ByteOrderMark
            | L::EmptyDisallow
            | L::ExtensionRecord
            | L::RslLicense
            | L::AgentShortened
            | L::GoogleReport
            | L::EscapesDiffer
            | L::AnalysisUndecided => Severity::Note,
        }
    }
}

/// The code of a finding: a diagnostic of one of the readings, or one of the linter's own.
/// Serialised, shown and configured by its stable name; the two sets of names are disjoint.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FindingCode {
    /// A diagnostic of a reading (docs/diagnostics.md).
    Diagnostic(Code),
    /// One of the linter's own (docs/lint.md).
    Lint(LintCode),
}

impl FindingCode {
    /// Every code: the diagnostics' in their order, then the linter's.
    pub fn all() -> impl Iterator<Item = FindingCode> {
        let diagnostics = Code::ALL.iter().map(|c| FindingCode::Diagnostic(*c));
        diagnostics.chain(LintCode::ALL.iter().map(|c| FindingCode::Lint(*c)))
    }

    /// The stable name.
    pub fn name(self) -> &'static str {
        match self {
            FindingCode::Diagnostic(code) => code.name(),
            FindingCode::Lint(code) => code.name(),
        }
    }

    /// The code with the stable name `name`, if any.
    pub fn from_name(name: &str) -> Option<FindingCode> {
        FindingCode::all().find(|code| code.name() == name)
    }

    /// What the code means, for people (its documentation).
    pub fn description(self) -> &'static str {
        match self {
            FindingCode::Diagnostic(code) => code.description(),
            FindingCode::Lint(code) => code.description(),
        }
    }

    /// The severity a finding of this code has unless configured otherwise.
    pub fn default_severity(self) -> Severity {
        match self {
            FindingCode::Diagnostic(code) => diagnostic_severity(code),
            FindingCode::Lint(code) => code.default_severity(),
        }
    }
}

/// The lint severity of a reading's diagnostic: an error where a crawler reads the line
/// otherwise than it is written (Google accepts a typo others ignore, a missing colon, a rule
/// before any group, a cut line, a file not read whole), a note where the linter's own
/// findings say more (extensions, agent tokens) or where only the old readings object.
fn diagnostic_severity(code: Code) -> Severity {
    match code {
        Code::TypoDirective
        | Code::MissingColon
        | Code::RuleOutsideGroup
        | Code::LineTooLong
        | Code::SizeLimit
        | Code::LimitExceeded => Severity::Error,
        Code::KnownExtension
        | Code::InvalidProductToken
        | Code::MisplacedWhitespace
        | Code::NonAscii
        | Code::InvalidPath
        | Code::RecordWithoutRules
        | Code::MissingBlankLine => Severity::Note,
        _ => Severity::Warning,
    }
}

impl fmt::Display for FindingCode {
    /// The stable name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for FindingCode {
    /// As the stable name.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl From<Code> for FindingCode {
    fn from(code: Code) -> Self {
        FindingCode::Diagnostic(code)
    }
}

impl From<LintCode> for FindingCode {
    fn from(code: LintCode) -> Self {
        FindingCode::Lint(code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_sets_of_names_are_disjoint() {
        for code in LintCode::ALL {
            assert!(Code::from_name(code.name()).is_none(), "{code}");
            let found = FindingCode::from_name(code.name());
            assert_eq!(found, Some(FindingCode::Lint(*code)));
        }
        assert_eq!(
            FindingCode::all().count(),
            Code::ALL.len() + LintCode::ALL.len()
        );
    }
}
