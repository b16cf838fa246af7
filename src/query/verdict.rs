//! The answers: a [`Verdict`] (allowed or not, and what decided), the groups that apply to a
//! crawler ([`Applicable`]: their rules, crawl-delay and other records), and an
//! [`Explanation`] (every matching rule, and why the winner won).
//!
//! Every answer borrows the [`Robots`] it came from, so it costs no copy; every answer is
//! `serde::Serialize`, in the shape the command line's `--format json` prints.

use std::fmt;
use std::time::Duration;

use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;

use super::agent::AgentQuery;
use super::robots::Robots;
use super::selection::{Compiled, Decided, Selection};
use super::target::target_of;
use crate::model::{Agent, Extension, ExtensionValue, Group, Record, Rule, RuleOrigin};
use crate::pattern::Engine;
use crate::syntax::tree::escape;
use crate::variant::Profile;
use crate::vocab::pattern::{Precedence, RuleKind};

crate::names::stable_names! {
    /// What decided a verdict.
    pub enum Decision {
        /// A rule won: [`Verdict::rule`].
        Rule = "rule",
        /// Groups apply but none of their rules matches: allowed.
        NoMatchingRule = "no-matching-rule",
        /// No group applies: allowed.
        NoGroup = "no-group",
        /// The target is `/robots.txt`, which the variant always allows.
        RobotsTxt = "robots-txt",
    }
}

impl Decision {
    /// Why a URL is allowed when no rule decided, in a few words (`no rule matches`, …); `None`
    /// for [`Decision::Rule`], where the rule says why.
    pub fn without_rule(self) -> Option<&'static str> {
        match self {
            Decision::NoMatchingRule => Some("no rule matches"),
            Decision::NoGroup => Some("no group applies"),
            Decision::RobotsTxt => Some("/robots.txt is always allowed"),
            _ => None,
        }
    }
}

/// The groups that apply to a crawler: the groups naming the first of its tokens that some
/// group names, else the `*` groups (merged or not, as the variant says), else none.
///
/// ```
/// use robotspec::{AgentQuery, Robots, Variant};
/// use std::time::Duration;
///
/// let robots = Robots::parse(b"User-agent: *\nCrawl-delay: 2.5\nDisallow: /x\n", Variant::Google);
/// let applicable = robots.applicable(&AgentQuery::new("FooBot"));
/// assert_eq!(applicable.agent(), None); // the `*` groups
/// assert_eq!(applicable.rules().count(), 1);
/// assert_eq!(applicable.crawl_delay(), Some(Duration::from_millis(2500)));
/// ```
#[derive(Clone)]
pub struct Applicable<'r> {
    pub(super) robots: &'r Robots,
    /// The token the groups name (lower-cased), `None` for the `*` groups or no group.
    pub(super) agent: Option<&'r str>,
    /// The groups and their compiled rules; `None` when no group applies.
    pub(super) selection: Option<&'r Selection>,
}

impl<'r> Applicable<'r> {
    /// The agent token the groups name (lower-cased); `None` when they are the `*` groups or
    /// when no group applies.
    pub fn agent(&self) -> Option<Agent<'r>> {
        self.agent.map(Agent::Named)
    }

    /// The groups, in file order (empty when none applies).
    pub fn groups(&self) -> impl Iterator<Item = Group<'r>> + 'r {
        let model = &self.robots.model;
        self.group_ids()
            .iter()
            .filter_map(move |&g| model.group(g as usize))
    }

    /// The indices of the groups, in file order.
    fn group_ids(&self) -> &'r [u32] {
        self.selection
            .map_or(&[], |selection| self.robots.selector.groups_of(selection))
    }

    /// The `Robots` these groups belong to.
    pub(crate) fn robots(&self) -> &'r Robots {
        self.robots
    }

    /// Whether `other` is the same groups of the same `Robots`: every answer of one is the
    /// other's (the exact analysis shares its work between crawlers on this).
    pub(crate) fn same_groups(&self, other: &Applicable<'_>) -> bool {
        std::ptr::eq(self.robots, other.robots) && self.group_ids() == other.group_ids()
    }

    /// The rules a verdict is decided by, in file order: the groups' rules without the empty
    /// ones, which never match — exactly what the compiled matcher holds (not compiled here).
    pub(crate) fn deciding_rules(&self) -> Vec<Rule<'r>> {
        let Some(selection) = self.selection else {
            return Vec::new();
        };
        let robots = self.robots;
        robots
            .selector
            .deciding_rules(&robots.model, selection)
            .filter_map(|id| robots.model.rule(id as usize))
            .collect()
    }

    /// Their rules, in file order.
    pub fn rules(&self) -> impl Iterator<Item = Rule<'r>> + 'r {
        self.groups().flat_map(|group| group.rules())
    }

    /// The other records inside them (`crawl-delay`, `request-rate`, …), in file order.
    pub fn records(&self) -> impl Iterator<Item = Record<'r>> + 'r {
        self.groups().flat_map(|group| group.records())
    }

    /// The first `crawl-delay` among their records that is a number of seconds (`10`, `0.5`;
    /// [`crawl_delay`](crate::model::crawl_delay) says which values are), as most crawlers
    /// that honour it read it. No variant defines it: Google ignores it.
    pub fn crawl_delay(&self) -> Option<Duration> {
        self.typed(Extension::CrawlDelay)
            .find_map(|value| match value {
                ExtensionValue::CrawlDelay(delay) => Some(delay),
                _ => None,
            })
    }

    /// The first `request-rate` among their records (`1/5`: one request every five seconds;
    /// `1/5s`, `1/5m`, `1/5h` also read), as requests per period. No variant defines it.
    pub fn request_rate(&self) -> Option<(u32, Duration)> {
        self.typed(Extension::RequestRate)
            .find_map(|value| match value {
                ExtensionValue::RequestRate(rate) => Some((rate.requests, rate.period)),
                _ => None,
            })
    }

    /// The readable values of their `extension` records, in file order.
    fn typed(&self, extension: Extension) -> impl Iterator<Item = ExtensionValue<'r>> + 'r {
        self.records()
            .filter(move |r| r.extension == Some(extension))
            .filter_map(|r| r.typed()?.ok())
    }
}

impl fmt::Debug for Applicable<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Applicable")
            .field("agent", &self.agent)
            .field(
                "groups",
                &self.groups().map(|g| g.line()).collect::<Vec<_>>(),
            )
            .finish()
    }
}

impl Serialize for Applicable<'_> {
    /// `{"agent": "foobot" | "*" | null, "groups": [Group…], "crawl_delay": seconds | null}`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let agent = match (self.agent, self.group_ids().is_empty()) {
            (Some(token), _) => Some(token),
            (None, false) => Some("*"),
            (None, true) => None,
        };
        let groups: Vec<Group<'_>> = self.groups().collect();
        let mut s = serializer.serialize_struct("Applicable", 3)?;
        s.serialize_field("agent", &agent)?;
        s.serialize_field("groups", &groups)?;
        s.serialize_field("crawl_delay", &self.crawl_delay().map(|d| d.as_secs_f64()))?;
        s.end()
    }
}

/// The answer to a query: allowed or not, and why.
#[derive(Debug, Clone)]
pub struct Verdict<'r> {
    pub(super) allowed: bool,
    pub(super) decision: Decision,
    pub(super) rule: Option<Rule<'r>>,
    pub(super) applicable: Applicable<'r>,
}

impl<'r> Verdict<'r> {
    /// May the URL be fetched?
    pub fn allowed(&self) -> bool {
        self.allowed
    }

    /// What decided.
    pub fn decision(&self) -> Decision {
        self.decision
    }

    /// The deciding rule, when a rule decided ([`Decision::Rule`]).
    pub fn rule(&self) -> Option<Rule<'r>> {
        self.rule
    }

    /// The groups whose rules were used.
    pub fn applicable(&self) -> &Applicable<'r> {
        &self.applicable
    }
}

impl fmt::Display for Verdict<'_> {
    /// One line: `allowed|disallowed`, the reason, then the groups used.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.allowed {
            "allowed"
        } else {
            "disallowed"
        })?;
        match (self.rule, self.decision.without_rule()) {
            (Some(rule), _) => write!(f, " by line {}: {}", rule.line(), rule)?,
            (None, why) => write!(f, ": {}", why.unwrap_or("no rule matches"))?,
        }
        let applicable = &self.applicable;
        let lines: Vec<String> = applicable.groups().map(|g| g.line().to_string()).collect();
        match applicable.agent {
            Some(token) => write!(f, " [group for `{token}` at line {}]", lines.join(", ")),
            None if !lines.is_empty() => write!(f, " [`*` group at line {}]", lines.join(", ")),
            None => Ok(()),
        }
    }
}

impl Serialize for Verdict<'_> {
    /// `{"allowed", "decision", "line", "rule", "agent", "groups"}`: `line` and `rule` (the
    /// deciding rule's line number and text) are null unless a rule decided; `agent` is the
    /// token the applied groups name, `*`, or null; `groups` their first lines.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let applicable = &self.applicable;
        let agent = match (applicable.agent, applicable.group_ids().is_empty()) {
            (Some(token), _) => Some(token),
            (None, false) => Some("*"),
            (None, true) => None,
        };
        let groups: Vec<u32> = applicable.groups().map(|g| g.line()).collect();
        let mut s = serializer.serialize_struct("Verdict", 6)?;
        s.serialize_field("allowed", &self.allowed)?;
        s.serialize_field("decision", &self.decision)?;
        s.serialize_field("line", &self.rule.map(|r| r.line()))?;
        s.serialize_field("rule", &self.rule.map(|r| r.to_string()))?;
        s.serialize_field("agent", &agent)?;
        s.serialize_field("groups", &groups)?;
        s.end()
    }
}

/// A verdict with everything that went into it.
#[derive(Debug, Clone)]
pub struct Explanation<'r> {
    pub(super) url: String,
    pub(super) agents: AgentQuery,
    pub(super) profile: Profile,
    pub(super) verdict: Verdict<'r>,
    pub(super) target: Vec<u8>,
    pub(super) matching: Vec<Rule<'r>>,
    pub(super) engine: Engine,
}

impl<'r> Explanation<'r> {
    /// The verdict.
    pub fn verdict(&self) -> &Verdict<'r> {
        &self.verdict
    }

    /// The bytes matched against the rules (path, params and query of the URL, prepared as
    /// the variant compares them).
    pub fn target(&self) -> &[u8] {
        &self.target
    }

    /// Every rule of the applied groups that matches the target, in priority order: the first
    /// decides, unless the target is `/robots.txt` where the variant always allows it.
    pub fn matching(&self) -> &[Rule<'r>] {
        &self.matching
    }

    /// The engine the applied groups' rules are answered with (docs/matcher.md): `glob` where
    /// the automaton limit ([`Limit::NfaBytes`](crate::Limit::NfaBytes)) left wildcard rules
    /// without an automaton, `none` where no group applies.
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// The extension records (Content-Usage, Crawl-delay, …) of the groups that apply, in
    /// file order.
    pub fn extension_records(&self) -> Vec<Record<'r>> {
        let records = self.verdict.applicable.records();
        records.filter(|r| r.extension.is_some()).collect()
    }

    /// Why the verdict is what it is, in the variant's terms: which precedence made the first
    /// matching rule win over the next one, or why no rule decided.
    pub fn why(&self) -> String {
        match self.verdict.decision.without_rule() {
            None => self.why_the_winner_won(),
            Some(why) if self.verdict.decision == Decision::RobotsTxt => why.to_owned(),
            Some(why) => format!("{why}: allowed"),
        }
    }

    fn why_the_winner_won(&self) -> String {
        let (Some(winner), Some(runner_up)) = (self.matching.first(), self.matching.get(1)) else {
            return "the only matching rule decides".to_owned();
        };
        let (won, lost) = (winner.pattern().len(), runner_up.pattern().len());
        match self.profile.precedence {
            Precedence::LongestMatch if won == lost => format!(
                "longest match; lines {} and {} tie at {won} bytes and allow wins ties",
                winner.line(),
                runner_up.line(),
            ),
            Precedence::LongestMatch => format!(
                "longest match: {won} bytes beat {lost} (line {})",
                runner_up.line()
            ),
            Precedence::FirstMatch => "the first matching rule in file order decides".to_owned(),
            Precedence::AnyDisallow => "any matching disallow decides".to_owned(),
        }
    }
}

impl fmt::Display for Explanation<'_> {
    /// A block of labelled lines: url, target, variant, groups, matching rules, verdict, why.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "url:      {}", self.url)?;
        writeln!(f, "target:   {}", escape(&self.target))?;
        writeln!(f, "variant:  {}", self.profile)?;
        let applicable = &self.verdict.applicable;
        let lines: Vec<String> = applicable.groups().map(|g| g.line().to_string()).collect();
        let (lines, agents) = (lines.join(", "), &self.agents);
        match applicable.agent {
            Some(token) => writeln!(
                f,
                "groups:   the group(s) naming `{token}` (line {lines}); `*` groups ignored"
            )?,
            None if !lines.is_empty() => writeln!(
                f,
                "groups:   no group names {agents}: the `*` group(s) (line {lines})"
            )?,
            None => writeln!(
                f,
                "groups:   no group names {agents} and there is no `*` group"
            )?,
        }
        if self.matching.is_empty() {
            writeln!(f, "matching: none")?;
        } else {
            writeln!(f, "matching (priority order, first wins):")?;
        }
        for rule in &self.matching {
            let derived = match rule.origin() {
                RuleOrigin::IndexHtmDirectory => " (index.htm rule)",
                RuleOrigin::Written => "",
            };
            let kind = match rule.kind() {
                RuleKind::Allow => "allow",
                RuleKind::Disallow => "disallow",
            };
            writeln!(
                f,
                "  line {:<5} {kind:<8} {:<30} length {}{derived}",
                rule.line(),
                escape(rule.pattern()),
                rule.pattern().len()
            )?;
        }
        writeln!(f, "verdict:  {}", self.verdict)?;
        writeln!(f, "why:      {}", self.why())?;
        let records = self.extension_records();
        if !records.is_empty() {
            writeln!(f, "extension records of these groups:")?;
        }
        for record in records {
            let name = record.extension.map_or("", |e| e.name());
            let value = escape(record.value);
            let error = match record.typed() {
                Some(Err(error)) => format!(" (invalid: {})", error.message),
                _ => String::new(),
            };
            writeln!(f, "  {name} (line {}): {value}{error}", record.line)?;
        }
        Ok(())
    }
}

impl Serialize for Explanation<'_> {
    /// `{"url", "variant", "verdict": Verdict, "target": text, "matching": [Rule…], "why",
    /// "engine", "records": [Record…]}`; `records` are the extension records of the groups
    /// that apply.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Explanation", 8)?;
        s.serialize_field("url", &self.url)?;
        s.serialize_field("variant", &self.profile)?;
        s.serialize_field("verdict", &self.verdict)?;
        s.serialize_field("target", &String::from_utf8_lossy(&self.target))?;
        s.serialize_field("matching", &self.matching)?;
        s.serialize_field("why", &self.why())?;
        s.serialize_field("engine", &self.engine)?;
        s.serialize_field("records", &self.extension_records())?;
        s.end()
    }
}

impl Robots {
    /// May `agent` (one product token, compared case-insensitively and never shortened) fetch
    /// `url` (a full URL or a path)? The verdict says why.
    pub fn check(&self, agent: &str, url: &str) -> Verdict<'_> {
        self.applicable_to(std::iter::once(agent.as_bytes()))
            .check(url)
    }

    /// Like [`Robots::check`] for a crawler known by several tokens, most specific first: the
    /// first token that some group names decides which groups apply.
    ///
    /// To ask about many URLs for one crawler, look its groups up once with
    /// [`Robots::applicable`] and ask [`Applicable::check`] or [`Applicable::is_allowed`].
    pub fn check_query(&self, agents: &AgentQuery, url: &str) -> Verdict<'_> {
        self.applicable(agents).check(url)
    }

    /// Shorthand for `check(agent, url).allowed()` ([`Applicable::is_allowed`]).
    pub fn is_allowed(&self, agent: &str, url: &str) -> bool {
        self.applicable_to(std::iter::once(agent.as_bytes()))
            .is_allowed(url)
    }

    /// The verdict with every matching rule of the applied groups, in priority order, and
    /// why the winner won.
    ///
    /// ```
    /// use robotspec::{AgentQuery, Robots, Variant};
    ///
    /// let robots = Robots::parse(b"User-agent: *\nDisallow: /a\nAllow: /a/b\n", Variant::Google);
    /// let explanation = robots.explain(&AgentQuery::new("bot"), "/a/b/c");
    /// assert!(explanation.verdict().allowed());
    /// assert_eq!(explanation.matching().len(), 2);
    /// assert_eq!(explanation.why(), "longest match: 4 bytes beat 2 (line 2)");
    /// ```
    pub fn explain(&self, agents: &AgentQuery, url: &str) -> Explanation<'_> {
        let target = target_of(url).into_owned();
        let applicable = self.applicable(agents);
        let verdict = applicable.verdict(&target);
        let mut matching = applicable.matching(&target);
        let engine = applicable.selection.map_or(Engine::NoRules, |s| {
            self.selector.compiled(&self.model, s).matcher.engine()
        });
        // One decision, explained: the verdict is `check`'s, and its rule heads the list. The
        // list comes from the glob matcher, the decision from the faster engines; they are held
        // equal by the matcher's tests and the `check` fuzz target.
        if let Some(rule) = verdict.rule() {
            matching.retain(|other| *other != rule);
            matching.insert(0, rule);
        }
        Explanation {
            url: url.to_owned(),
            agents: agents.clone(),
            profile: *self.profile(),
            verdict,
            target,
            matching,
            engine,
        }
    }

    /// The groups that apply to a crawler known by `agents` (most specific token first): their
    /// rules, crawl-delay and other records.
    #[cfg_attr(robotspec_hot_paths, optimize(speed))]
    pub fn applicable(&self, agents: &AgentQuery) -> Applicable<'_> {
        self.applicable_to(agents.iter().map(str::as_bytes))
    }

    /// The groups that apply to a crawler that no group of the file names: the `*` groups
    /// (merged or not, as the variant says), or none.
    ///
    /// ```
    /// use robotspec::{Robots, Variant};
    ///
    /// let robots = Robots::parse(b"User-agent: FooBot\nDisallow: /\n\nUser-agent: *\nDisallow: /x\n",
    ///                            Variant::Rfc9309);
    /// assert!(robots.unnamed().is_allowed("/"));
    /// assert!(!robots.unnamed().is_allowed("/x"));
    /// ```
    pub fn unnamed(&self) -> Applicable<'_> {
        self.applicable_to(std::iter::empty())
    }

    /// The groups that apply to the first agent some group names, else the `*` groups.
    #[cfg_attr(robotspec_hot_paths, optimize(speed))]
    fn applicable_to<'r, 'q>(&'r self, agents: impl Iterator<Item = &'q [u8]>) -> Applicable<'r> {
        let applicable = |agent: Option<&'r str>, selection: Option<&'r Selection>| Applicable {
            robots: self,
            agent,
            selection,
        };
        for agent in agents {
            if let Some((token, index)) = self.selector.named(agent) {
                let selection = self.selector.selection(index);
                let token = std::str::from_utf8(token).unwrap_or_default();
                return applicable(Some(token), selection);
            }
        }
        let global = self.selector.global();
        applicable(None, global)
    }
}

impl<'r> Applicable<'r> {
    /// The verdict for `url` (a full URL or a path) by these groups' rules: what
    /// [`Robots::check_query`] answers for the crawler they apply to, without looking its
    /// groups up again. Look them up once and ask about many URLs:
    ///
    /// ```
    /// use robotspec::{AgentQuery, Robots, Variant};
    ///
    /// let robots = Robots::parse(b"User-agent: FooBot\nDisallow: /private\n", Variant::Google);
    /// let foobot = robots.applicable(&AgentQuery::new("FooBot"));
    /// let urls = ["https://example.com/", "https://example.com/private/x"];
    /// let allowed: Vec<bool> = urls.iter().map(|url| foobot.is_allowed(url)).collect();
    /// assert_eq!(allowed, [true, false]);
    /// assert_eq!(foobot.check("/private/y").rule().map(|r| r.line()), Some(2));
    /// ```
    pub fn check(&self, url: &str) -> Verdict<'r> {
        self.verdict(&target_of(url))
    }

    /// Shorthand for `check(url).allowed()`, and faster: it asks the compiled rules for the
    /// deciding rule's kind only, and looks up no rule.
    #[cfg_attr(robotspec_hot_paths, optimize(speed))]
    pub fn is_allowed(&self, url: &str) -> bool {
        let target = target_of(url);
        let target = self.robots.selector.prepared(&target);
        match self.deciding(&target) {
            Ok(decided) => decided.map(|(_, kind)| kind) != Some(RuleKind::Disallow),
            Err(_) => true,
        }
    }

    /// [`Applicable::is_allowed`] for each of `urls`, in order. Where testing the groups' rules
    /// one by one against every URL would cost more than compiling them, they are compiled
    /// before the first is answered; otherwise each question is answered as a single one is
    /// (tested one by one until that has cost as much as compiling them would).
    ///
    /// ```
    /// use robotspec::{AgentQuery, Robots, Variant};
    ///
    /// let robots = Robots::parse(b"User-agent: *\nDisallow: /x\n", Variant::Google);
    /// let bot = robots.applicable(&AgentQuery::new("bot"));
    /// assert_eq!(bot.is_allowed_many(&["/x/1", "/y"]), [false, true]);
    /// ```
    pub fn is_allowed_many<U: AsRef<str>>(&self, urls: &[U]) -> Vec<bool> {
        self.compile_for(urls);
        urls.iter()
            .map(|url| self.is_allowed(url.as_ref()))
            .collect()
    }

    /// [`Applicable::check`] for each of `urls`, in order, the rules compiled at once when
    /// [`Applicable::is_allowed_many`] says.
    pub fn check_many<U: AsRef<str>>(&self, urls: &[U]) -> Vec<Verdict<'r>> {
        self.compile_for(urls);
        urls.iter().map(|url| self.check(url.as_ref())).collect()
    }

    /// Compiles the groups' rules for the questions `urls` when the batch pays for it
    /// (`Selector::compile_for_batch`; a URL's length stands for its match target's).
    fn compile_for<U: AsRef<str>>(&self, urls: &[U]) {
        if let Some(selection) = self.selection {
            let lengths = urls.iter().map(|url| url.as_ref().len());
            let robots = self.robots;
            robots
                .selector
                .compile_for_batch(&robots.model, selection, lengths);
        }
    }

    /// Every rule of these groups whose pattern matches the match target `target`
    /// ([`target_of`]), in priority order: the first decides, unless the precedence lets no
    /// rule decide (an allow on top under `any-disallow`).
    fn matching(&self, target: &[u8]) -> Vec<Rule<'r>> {
        let Some(selection) = self.selection else {
            return Vec::new();
        };
        let robots = self.robots;
        let Compiled { rules, matcher, .. } = robots.selector.compiled(&robots.model, selection);
        matcher
            .matching(&robots.selector.prepared(target))
            .into_iter()
            .filter_map(|i| rules.get(i))
            .filter_map(|&id| robots.model.rule(id as usize))
            .collect()
    }

    /// The verdict for a request path as a client sends it after the host: the path is the
    /// match target itself, never read as a URL — `//x` is the path `//x` (what
    /// `http://example.com//x` asks for), where [`Applicable::check`] reads a bare `//x` as the
    /// host `x`. What the exact analysis asks.
    pub(crate) fn check_request_path(&self, path: &str) -> Verdict<'r> {
        self.verdict(path.as_bytes())
    }

    /// Every rule that matches the request path `path` (as [`Applicable::check_request_path`]
    /// reads it), in priority order.
    pub(crate) fn matching_request_path(&self, path: &str) -> Vec<Rule<'r>> {
        self.matching(path.as_bytes())
    }

    /// The verdict for a match target ([`target_of`]).
    fn verdict(&self, target: &[u8]) -> Verdict<'r> {
        let (allowed, decision, rule) = self.decide(target);
        Verdict {
            allowed,
            decision,
            rule,
            applicable: self.clone(),
        }
    }

    /// Whether the match target `target` is allowed, what decided, and the deciding rule.
    fn decide(&self, target: &[u8]) -> (bool, Decision, Option<Rule<'r>>) {
        let target = self.robots.selector.prepared(target);
        let decided = match self.deciding(&target) {
            Ok(decided) => decided,
            Err(decision) => return (true, decision, None),
        };
        let rule = decided.and_then(|(decided, _)| self.robots.model.rule(decided.rule()?));
        match rule {
            Some(rule) => (rule.kind() == RuleKind::Allow, Decision::Rule, Some(rule)),
            None => (true, Decision::NoMatchingRule, None),
        }
    }

    /// The rule (its index in the model, with its kind) that decides the prepared target
    /// `target`, if one does; or what decides it without a rule: `/robots.txt` where the
    /// variant always allows it, or no group.
    #[cfg_attr(robotspec_hot_paths, optimize(speed))]
    fn deciding(&self, target: &[u8]) -> Result<Option<(Decided<'r>, RuleKind)>, Decision> {
        let robots = self.robots;
        if robots.profile().robots_txt_always_allowed && target == b"/robots.txt" {
            return Err(Decision::RobotsTxt);
        }
        let selection = self.selection.ok_or(Decision::NoGroup)?;
        Ok(robots.selector.decide_in(&robots.model, selection, target))
    }
}
