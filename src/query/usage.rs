//! Usage preferences: which Content-Usage rule applies to a URL for a crawler
//! (draft-ietf-aipref-attach-05 §3), and the Content-Signal of the file in both scopes.

use std::fmt;

use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;

use super::agent::AgentQuery;
use super::robots::Robots;
use super::target::target_of;
use super::usage_rules::UsageRules;
use super::verdict::{Applicable, Verdict};
use crate::model::{ContentSignal, Extension, ExtensionValue, Preferences, Record};

crate::names::stable_names! {
    /// Which Content-Signal lines apply: their scope is disputed (docs/extensions.md). ("Reading"
    /// names a profile: a variant with its settings.)
    pub enum SignalScope {
        /// The lines of the groups that apply to the crawler, as Cloudflare places them and
        /// as Content-Usage is scoped.
        Group = "group",
        /// Every line of the file, as crawler-commons reads it (`perGroup = false`).
        File = "file",
    }
}

/// The Content-Signal lines of one scope, combined: a key given on several lines takes the
/// last line's value.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Signals<'r> {
    signal: Option<ContentSignal<'r>>,
    lines: Vec<u32>,
}

impl<'r> Signals<'r> {
    fn of(records: impl Iterator<Item = Record<'r>>) -> Signals<'r> {
        let mut signals = Signals::default();
        for record in records.filter(|r| r.extension == Some(Extension::ContentSignal)) {
            if let Some(Ok(ExtensionValue::ContentSignal(signal))) = record.typed() {
                signals
                    .signal
                    .get_or_insert_with(Default::default)
                    .extend(&signal);
                signals.lines.push(record.line);
            }
        }
        signals
    }
}

/// What usage preferences apply to a URL for a crawler, and which lines say so.
///
/// Content-Usage (draft-ietf-aipref-attach-05 §3) follows the crawl verdict: preferences apply
/// only to URLs the crawler may fetch ("no preferences are implied for resources that are
/// disallowed"). Among the Content-Usage rules of the groups that apply, those whose path
/// matches the URL with the longest pattern decide (the same matching as Allow/Disallow, bytes
/// of the encoded path); a rule without a path applies when no rule with one matches. Where
/// several rules decide, each category takes the most restrictive preference (vocab-07
/// §5.1). No rule: every category is unknown.
///
/// ```
/// use robotspec::model::Preference;
/// use robotspec::{AgentQuery, Robots, SignalScope, Variant};
///
/// let robots = Robots::parse(
///     b"User-Agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\nDisallow: /never/\n\
///       Content-Usage: train-ai=n\nContent-Usage: /ai-ok/ train-ai=y\n",
///     Variant::Rfc9309,
/// );
/// let usage = robots.usage(&AgentQuery::new("bot"), "https://example.com/ai-ok/test");
/// assert_eq!(usage.preference("train-ai"), Preference::Allowed);
/// assert_eq!(usage.line(), Some(6));
/// assert_eq!(usage.content_signal(SignalScope::Group).unwrap().get("ai-train"), Some("no"));
/// let usage = robots.usage(&AgentQuery::new("bot"), "/never/test");
/// assert!(!usage.verdict().allowed());
/// assert_eq!(usage.preferences(), None);
/// ```
#[derive(Debug, Clone)]
pub struct Usage<'r> {
    url: String,
    verdict: Verdict<'r>,
    rules: Vec<Record<'r>>,
    preferences: Option<Preferences>,
    group_signals: Signals<'r>,
    file_signals: Signals<'r>,
}

impl<'r> Usage<'r> {
    /// The crawl verdict the preferences depend on.
    pub fn verdict(&self) -> &Verdict<'r> {
        &self.verdict
    }

    /// The combined preferences of the deciding Content-Usage rules; `None` when the URL may
    /// not be fetched or no rule applies (every category unknown).
    pub fn preferences(&self) -> Option<&Preferences> {
        self.preferences.as_ref()
    }

    /// The preference for category `label` (`train-ai`, `search`, …).
    pub fn preference(&self, label: &str) -> crate::model::Preference {
        self.preferences
            .as_ref()
            .map_or(crate::model::Preference::Unknown, |p| p.get(label))
    }

    /// The Content-Usage rules that decided, in file order (several when they tie).
    pub fn rules(&self) -> &[Record<'r>] {
        &self.rules
    }

    /// The line of the first deciding rule.
    pub fn line(&self) -> Option<u32> {
        self.rules.first().map(|r| r.line)
    }

    /// The Content-Signal in `scope`, `None` when no valid line applies. Signals do not
    /// depend on the crawl verdict: Cloudflare says nothing about disallowed URLs.
    pub fn content_signal(&self, scope: SignalScope) -> Option<&ContentSignal<'r>> {
        self.signals(scope).signal.as_ref()
    }

    /// The lines of the Content-Signal in `scope`, in file order.
    pub fn content_signal_lines(&self, scope: SignalScope) -> &[u32] {
        &self.signals(scope).lines
    }

    fn signals(&self, scope: SignalScope) -> &Signals<'r> {
        match scope {
            SignalScope::File => &self.file_signals,
            _ => &self.group_signals,
        }
    }
}

impl Robots {
    /// What usage preferences apply to `url` for the crawler known by `agents` ([`Usage`]).
    pub fn usage(&self, agents: &AgentQuery, url: &str) -> Usage<'_> {
        let verdict = self.check_query(agents, url);
        let (rules, preferences) = if verdict.allowed() {
            self.content_usage(verdict.applicable(), url)
        } else {
            (Vec::new(), None)
        };
        Usage {
            url: url.to_owned(),
            group_signals: Signals::of(verdict.applicable().records()),
            file_signals: Signals::of(self.records()),
            verdict,
            rules,
            preferences,
        }
    }

    /// The deciding Content-Usage rules of `applicable` for `url`, and their preferences.
    fn content_usage<'r>(
        &'r self,
        applicable: &Applicable<'r>,
        url: &str,
    ) -> (Vec<Record<'r>>, Option<Preferences>) {
        let Some(selection) = applicable.selection else {
            return (Vec::new(), None);
        };
        let rules = self
            .compiled(selection)
            .usage
            .get_or_init(|| Box::new(self.usage_rules(self.groups_of(selection))));
        let deciding = rules.deciding(&self.prepared(&target_of(url)));
        if deciding.is_empty() {
            return (Vec::new(), None);
        }
        let mut preferences = Preferences::default();
        for stated in deciding.iter().filter_map(|&i| rules.preferences(i)) {
            preferences.combine(stated);
        }
        let records = deciding
            .iter()
            .filter_map(|&i| rules.record(i))
            .filter_map(|record| self.model.record_at(record))
            .collect();
        (records, Some(preferences))
    }

    /// The Content-Usage rules of the groups `groups` (indices, file order).
    fn usage_rules(&self, groups: &[u32]) -> UsageRules {
        let profile = &self.profile;
        let matcher = &self.options.limits.matcher;
        UsageRules::of(&self.model, profile, matcher, groups)
    }
}

impl fmt::Display for Usage<'_> {
    /// One line: `URL<TAB>content-usage: …; content-signal: …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}\tcontent-usage: ", self.url)?;
        let lines = |lines: &[u32]| {
            let lines: Vec<String> = lines.iter().map(u32::to_string).collect();
            lines.join(", ")
        };
        let rule_lines: Vec<u32> = self.rules.iter().map(|r| r.line).collect();
        match &self.preferences {
            _ if !self.verdict.allowed() => write!(f, "none ({})", self.verdict)?,
            None => f.write_str("none (no rule applies: every category unknown)")?,
            Some(p) if p.is_empty() => write!(f, "unknown (line {})", lines(&rule_lines))?,
            Some(p) => {
                let pairs: Vec<String> = p.iter().map(|(l, v)| format!("{l}={v}")).collect();
                write!(f, "{} (line {})", pairs.join(", "), lines(&rule_lines))?;
            }
        }
        for scope in SignalScope::ALL {
            let signals = self.signals(*scope);
            let Some(signal) = &signals.signal else {
                continue;
            };
            let pairs: Vec<String> = signal.iter().map(|(k, v)| format!("{k}={v}")).collect();
            let pairs = pairs.join(", ");
            write!(
                f,
                "; content-signal ({scope}): {pairs} (line {})",
                lines(&signals.lines)
            )?;
        }
        Ok(())
    }
}

impl Serialize for Usage<'_> {
    /// `{"url", "verdict": Verdict, "content_usage": {label: "y"|"n"} | null,
    /// "content_usage_line": line | null, "content_usage_lines": [line…], "content_signal":
    /// {key: value} | null, "content_signal_lines": [line…], "content_signal_file": … | null,
    /// "content_signal_file_lines": [line…]}`; `content_signal` is the group scope.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let rule_lines: Vec<u32> = self.rules.iter().map(|r| r.line).collect();
        let mut s = serializer.serialize_struct("Usage", 9)?;
        s.serialize_field("url", &self.url)?;
        s.serialize_field("verdict", &self.verdict)?;
        s.serialize_field("content_usage", &self.preferences)?;
        s.serialize_field("content_usage_line", &self.line())?;
        s.serialize_field("content_usage_lines", &rule_lines)?;
        s.serialize_field("content_signal", &self.group_signals.signal)?;
        s.serialize_field("content_signal_lines", &self.group_signals.lines)?;
        s.serialize_field("content_signal_file", &self.file_signals.signal)?;
        s.serialize_field("content_signal_file_lines", &self.file_signals.lines)?;
        s.end()
    }
}
