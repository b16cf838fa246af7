//! Usage preferences: which Content-Usage rule applies to a URL for a crawler
//! (draft-ietf-aipref-attach-05 §3), the Content-Signal of the file in both scopes, and the
//! preferences the groups of a policy token state (draft-kelley-aipref-training-preference-
//! signal-00: `User-agent: __usage_ai-training`).

use std::fmt;

use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;

use super::agent::AgentQuery;
use super::robots::Robots;
use super::target::target_of;
use super::usage_rules::UsageRules;
use super::verdict::{Applicable, Verdict};
use crate::model::{
    Agent, ContentSignal, Extension, ExtensionValue, PolicyToken, Preference, Preferences, Record,
    POLICY_TOKENS,
};

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
struct Signals {
    signal: Option<ContentSignal>,
    lines: Vec<u32>,
}

impl Signals {
    fn of<'r>(records: impl Iterator<Item = Record<'r>>) -> Signals {
        let mut signals = Signals::default();
        for record in records.filter(|r| r.extension == Some(Extension::ContentSignal)) {
            if let Some(Ok(ExtensionValue::ContentSignal(signal))) = record.typed() {
                signals
                    .signal
                    .get_or_insert_with(Default::default)
                    .extend(signal);
                signals.lines.push(record.line);
            }
        }
        signals
    }
}

/// The preference the groups of a policy token state for a URL: the token's verdict there —
/// disallowed is `n` (for the AI-training token: training opted out), allowed is `y`. Stated
/// only where a group names the token (docs/extensions.md, "A training preference written as
/// groups").
#[derive(Debug, Clone)]
pub struct PolicyPreference<'r> {
    policy: PolicyToken,
    verdict: Verdict<'r>,
}

impl<'r> PolicyPreference<'r> {
    /// The policy token.
    pub fn policy(&self) -> PolicyToken {
        self.policy
    }

    /// The token's verdict for the URL: the rule and the groups that decide.
    pub fn verdict(&self) -> &Verdict<'r> {
        &self.verdict
    }

    /// The preference for the token's category: `n` where the token is disallowed, `y` where
    /// it is allowed.
    pub fn preference(&self) -> Preference {
        match self.verdict.allowed() {
            true => Preference::Allowed,
            false => Preference::Disallowed,
        }
    }
}

impl fmt::Display for PolicyPreference<'_> {
    /// `__usage_ai-training: train-ai=n (disallowed by line 5: …)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let policy = &self.policy;
        let preference = self.preference();
        let verdict = &self.verdict;
        write!(
            f,
            "{}: {}={preference} ({verdict})",
            policy.token, policy.category
        )
    }
}

impl Serialize for PolicyPreference<'_> {
    /// `{"token", "category", "preference": "y"|"n", "verdict": Verdict}`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("PolicyPreference", 4)?;
        s.serialize_field("token", self.policy.token)?;
        s.serialize_field("category", self.policy.category)?;
        s.serialize_field("preference", &self.preference())?;
        s.serialize_field("verdict", &self.verdict)?;
        s.end()
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
    group_signals: Signals,
    file_signals: Signals,
    policies: Vec<PolicyPreference<'r>>,
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
    pub fn content_signal(&self, scope: SignalScope) -> Option<&ContentSignal> {
        self.signals(scope).signal.as_ref()
    }

    /// The lines of the Content-Signal in `scope`, in file order.
    pub fn content_signal_lines(&self, scope: SignalScope) -> &[u32] {
        &self.signals(scope).lines
    }

    /// The preferences policy tokens state for the URL, one per token a group of the file
    /// names (none for a file that names none). They do not depend on the crawler asked about.
    ///
    /// ```
    /// use robotspec::model::Preference;
    /// use robotspec::{AgentQuery, Robots, Variant};
    ///
    /// let robots = Robots::parse(
    ///     b"User-agent: *\nAllow: /\n\nUser-agent: __usage_ai-training\nDisallow: /articles/\n",
    ///     Variant::Rfc9309,
    /// );
    /// let usage = robots.usage(&AgentQuery::new("bot"), "/articles/1");
    /// let training = &usage.policy_tokens()[0];
    /// assert_eq!(training.policy().category, "train-ai");
    /// assert_eq!(training.preference(), Preference::Disallowed);
    /// assert_eq!(training.verdict().rule().map(|r| r.line()), Some(5));
    /// ```
    pub fn policy_tokens(&self) -> &[PolicyPreference<'r>] {
        &self.policies
    }

    fn signals(&self, scope: SignalScope) -> &Signals {
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
            policies: self.policy_preferences(url),
            verdict,
            rules,
            preferences,
        }
    }

    /// The groups that state `policy`'s preference: the groups for the token, when the file
    /// names the token itself — not the `*` groups, nor a group whose shorter name a reading
    /// finds inside the token (`agent-matching=substring`, as Python's `urllib.robotparser`
    /// compares) — else `None`: the file states no preference by it (docs/extensions.md).
    ///
    /// ```
    /// use robotspec::model::AI_TRAINING_POLICY;
    /// use robotspec::{Robots, Variant};
    ///
    /// let body = b"User-agent: __usage_ai-training\nDisallow: /\n";
    /// let named = Robots::parse(body, Variant::Google);
    /// assert!(named.policy_groups(AI_TRAINING_POLICY).is_some());
    /// let star = Robots::parse(b"User-agent: *\nDisallow: /\n", Variant::Google);
    /// assert!(star.policy_groups(AI_TRAINING_POLICY).is_none());
    /// ```
    pub fn policy_groups(&self, policy: PolicyToken) -> Option<Applicable<'_>> {
        let applicable = self.applicable(&AgentQuery::new(policy.token));
        let named = match applicable.agent() {
            Some(Agent::Named(token)) => token.eq_ignore_ascii_case(policy.token),
            _ => false,
        };
        named.then_some(applicable)
    }

    /// The preference of each policy token the file names, for `url`.
    fn policy_preferences(&self, url: &str) -> Vec<PolicyPreference<'_>> {
        POLICY_TOKENS
            .iter()
            .filter_map(|&policy| {
                let verdict = self.policy_groups(policy)?.check(url);
                Some(PolicyPreference { policy, verdict })
            })
            .collect()
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
            .selector
            .compiled(&self.model, selection)
            .usage
            .get_or_init(|| Box::new(self.usage_rules(self.selector.groups_of(selection))));
        let deciding = rules.deciding(&self.selector.prepared(&target_of(url)));
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
        let profile = &self.profile();
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
        for policy in &self.policies {
            write!(f, "; {policy}")?;
        }
        Ok(())
    }
}

impl Serialize for Usage<'_> {
    /// `{"url", "verdict": Verdict, "content_usage": {label: "y"|"n"} | null,
    /// "content_usage_line": line | null, "content_usage_lines": [line…], "content_signal":
    /// {key: value} | null, "content_signal_lines": [line…], "content_signal_file": … | null,
    /// "content_signal_file_lines": [line…], "policy_tokens": [PolicyPreference…]}`;
    /// `content_signal` is the group scope; `policy_tokens` is left out when the file names no
    /// policy token.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let rule_lines: Vec<u32> = self.rules.iter().map(|r| r.line).collect();
        let mut s = serializer.serialize_struct("Usage", 10)?;
        s.serialize_field("url", &self.url)?;
        s.serialize_field("verdict", &self.verdict)?;
        s.serialize_field("content_usage", &self.preferences)?;
        s.serialize_field("content_usage_line", &self.line())?;
        s.serialize_field("content_usage_lines", &rule_lines)?;
        s.serialize_field("content_signal", &self.group_signals.signal)?;
        s.serialize_field("content_signal_lines", &self.group_signals.lines)?;
        s.serialize_field("content_signal_file", &self.file_signals.signal)?;
        s.serialize_field("content_signal_file_lines", &self.file_signals.lines)?;
        match self.policies.is_empty() {
            true => s.skip_field("policy_tokens")?,
            false => s.serialize_field("policy_tokens", &self.policies)?,
        }
        s.end()
    }
}
