//! The query API: parse once, ask many times, and know why.
//!
//! [`Robots`] holds a file's model and, per distinct agent token the file names (and for the
//! `*` groups), the merged rule set of the groups that apply. Each rule set is compiled into one
//! automaton the first time a query needs it ([`std::sync::OnceLock`]), so groups that are never
//! asked about cost nothing, and a `Robots` is `Send + Sync`: share it between threads freely.
//!
//! ```
//! use robotspec::{Robots, Variant};
//!
//! let robots = Robots::parse(b"User-agent: FooBot\nDisallow: /private\nAllow: /private/ok\n",
//!                            Variant::Google);
//! let verdict = robots.check("FooBot", "https://example.com/private/x?y=1");
//! assert!(!verdict.allowed());
//! assert_eq!(verdict.rule().map(|r| r.line), Some(2));
//! assert!(robots.check("FooBot", "/private/ok").allowed());
//! assert!(robots.check("OtherBot", "/private/x").allowed());
//! ```

use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

use crate::agent::AgentQuery;
use crate::diagnostic::{Code, Diagnostic, Severity};
use crate::model::{Agent, Group, Model, Record, Rule, Sitemap};
use crate::pattern::{normalise_target, PatternError, RuleKind, RuleMatcher};
use crate::syntax::{parse_for_queries, parse_with, Mode, ParseOptions, Parsed, StrictError};
use crate::target::target_of;
use crate::variant::{GroupSelection, TargetEncoding, Variant};

/// A parsed robots.txt file, ready to answer queries.
#[derive(Debug)]
pub struct Robots {
    variant: Variant,
    options: ParseOptions,
    input: Box<[u8]>,
    model: Model,
    /// The parser's findings, recomputed from `input` when first asked for (queries never
    /// need them, so parsing to a queryable object does not pay for them).
    diagnostics: OnceLock<Vec<Diagnostic>>,
    index: AgentIndex,
    /// Byte ranges of the input's lines (without line ends), computed on first use.
    lines: OnceLock<Box<[(usize, usize)]>>,
}

/// Which groups apply to which agent token.
#[derive(Debug, Default)]
struct AgentIndex {
    /// Lower-cased agent token → index into `selections`.
    by_agent: HashMap<Box<[u8]>, usize>,
    /// Index into `selections` of the merged `*` groups, if any.
    global: Option<usize>,
    selections: Vec<Selection>,
}

/// The groups that apply to one agent token (or to `*`), their usable rules, and the automaton
/// compiled from them on first use.
#[derive(Debug)]
struct Selection {
    groups: Vec<usize>,
    /// Indices into the model's rules, file order, empty patterns left out.
    rules: Vec<usize>,
    matcher: OnceLock<Result<RuleMatcher, PatternError>>,
}

impl Robots {
    /// Parses `input` leniently with the default limits (Postel's law: never fails; see
    /// [`Robots::diagnostics`]).
    pub fn parse(input: &[u8], variant: Variant) -> Robots {
        match Robots::parse_with(input, variant, &ParseOptions::default()) {
            Ok(robots) => robots,
            // Lenient parsing has no failure; an empty file is the safe reading if it ever did.
            Err(_) => Robots::parse(b"", variant),
        }
    }

    /// Parses `input` strictly with the default limits: `Err` with every problem when it does
    /// not conform to the variant's grammar.
    pub fn parse_strict(input: &[u8], variant: Variant) -> Result<Robots, StrictError> {
        Robots::parse_with(input, variant, &ParseOptions::new(Mode::Strict))
    }

    /// Parses `input` with `options`: in strict mode, `Err` when the file does not conform to
    /// the variant's grammar or when a [limit](crate::Limits) left part of it out.
    pub fn parse_with(
        input: &[u8],
        variant: Variant,
        options: &ParseOptions,
    ) -> Result<Robots, StrictError> {
        if options.mode == Mode::Lenient {
            return Ok(Robots::from_parsed(&parse_for_queries(
                input, variant, options,
            )));
        }
        let robots = Robots::from_parsed(&parse_with(input, variant, options)?);
        if !robots.model.limit_hits.is_empty() {
            return Err(StrictError::new(
                robots.collect_diagnostics(Severity::Error),
            ));
        }
        Ok(robots)
    }

    /// Builds the queryable object from a parsed file (with the options it was parsed with).
    pub fn from_parsed(parsed: &Parsed<'_>) -> Robots {
        let model = Model::build(parsed);
        let index = AgentIndex::of(&model, parsed.variant().profile().group_selection);
        Robots {
            variant: parsed.variant(),
            options: *parsed.options(),
            input: parsed.input().into(),
            model,
            diagnostics: OnceLock::new(),
            index,
            lines: OnceLock::new(),
        }
    }

    /// The variant the file was read with.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The original input.
    pub fn input(&self) -> &[u8] {
        &self.input
    }

    /// Groups in file order.
    pub fn groups(&self) -> &[Group] {
        &self.model.groups
    }

    /// Every rule (indexed by [`Group::rules`]).
    pub fn rules(&self) -> &[Rule] {
        &self.model.rules
    }

    /// Sitemap URLs, in file order.
    pub fn sitemaps(&self) -> &[Sitemap] {
        &self.model.sitemaps
    }

    /// Other `key: value` records (crawl-delay, host, …), in file order.
    pub fn records(&self) -> &[Record] {
        &self.model.records
    }

    /// The model: groups, rules, sitemaps, records, ignored rules.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The options the file was read with.
    pub fn options(&self) -> &ParseOptions {
        &self.options
    }

    /// The parser's findings (warnings), with the places where a limit left groups or rules
    /// out of the model, in input order.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        self.diagnostics
            .get_or_init(|| self.collect_diagnostics(Severity::Warning))
    }

    /// The syntax stage's findings as warnings, and the model's limit hits as `limits`.
    fn collect_diagnostics(&self, limits: Severity) -> Vec<Diagnostic> {
        let lenient = ParseOptions {
            mode: Mode::Lenient,
            ..self.options
        };
        let Ok(parsed) = parse_with(&self.input, self.variant, &lenient) else {
            return Vec::new();
        };
        let mut diagnostics = parsed.diagnostics().to_vec();
        diagnostics.extend(
            self.model
                .limit_hits
                .iter()
                .map(|hit| parsed.locate(Code::LimitExceeded, hit.span, hit.message(), limits)),
        );
        diagnostics.sort_by_key(|d| d.span.start);
        diagnostics
    }

    /// The text of 1-based line `line` without its line end (empty if out of range).
    pub fn line_text(&self, line: u32) -> &[u8] {
        let index = usize::try_from(line.saturating_sub(1)).unwrap_or(usize::MAX);
        let lines = self.lines.get_or_init(|| {
            let base = self.input.as_ptr() as usize;
            lines_of(&self.input)
                .map(|l| {
                    let start = (l.as_ptr() as usize).saturating_sub(base);
                    (start, start + l.len())
                })
                .collect()
        });
        lines
            .get(index)
            .and_then(|&(start, end)| self.input.get(start..end))
            .unwrap_or_default()
    }

    /// May `agent` (one product token, compared case-insensitively and never shortened) fetch
    /// `url` (a full URL or a path)? The verdict says why.
    pub fn check(&self, agent: &str, url: &str) -> Verdict<'_> {
        self.decide(std::iter::once(agent.as_bytes()), &target_of(url))
    }

    /// Like [`Robots::check`] for a crawler known by several tokens, most specific first: the
    /// first token that some group names decides which groups apply.
    pub fn check_query(&self, agents: &AgentQuery, url: &str) -> Verdict<'_> {
        self.decide(agents.iter().map(str::as_bytes), &target_of(url))
    }

    /// Shorthand for `check(agent, url).allowed()`.
    pub fn is_allowed(&self, agent: &str, url: &str) -> bool {
        self.check(agent, url).allowed()
    }

    /// The verdict with every matching rule of the applied groups, in priority order.
    pub fn explain(&self, agents: &AgentQuery, url: &str) -> Explanation<'_> {
        let target = target_of(url).into_owned();
        let verdict = self.decide(agents.iter().map(str::as_bytes), &target);
        let matching = match verdict
            .selection
            .and_then(|s| self.matcher(s).ok().map(|m| (s, m)))
        {
            Some((selection, matcher)) => matcher
                .matching(&target)
                .into_iter()
                .filter_map(|i| selection.rules.get(i))
                .filter_map(|&id| self.model.rules.get(id))
                .collect(),
            None => Vec::new(),
        };
        Explanation {
            verdict,
            target,
            matching,
        }
    }

    fn decide<'q>(&self, agents: impl Iterator<Item = &'q [u8]>, target: &[u8]) -> Verdict<'_> {
        let (applied, selection) = self.applicable(agents);
        let profile = self.variant.profile();
        let target = match profile.target_encoding {
            TargetEncoding::AsGiven => std::borrow::Cow::Borrowed(target),
            TargetEncoding::AsPatterns => normalise_target(target, profile.pattern_encoding),
        };
        let target = target.as_ref();
        let verdict = |allowed, decision| Verdict {
            robots: self,
            allowed,
            decision,
            applied,
            selection,
        };
        if profile.robots_txt_always_allowed && target == b"/robots.txt" {
            return verdict(true, Decision::RobotsTxt);
        }
        let Some(selected) = selection else {
            return verdict(true, Decision::NoGroup);
        };
        match self.matcher(selected) {
            Err(error) => verdict(true, Decision::Unmatchable(error)),
            Ok(matcher) => {
                let rule = matcher
                    .decide(target)
                    .and_then(|i| selected.rules.get(i))
                    .and_then(|&id| self.model.rules.get(id));
                match rule {
                    Some(rule) => verdict(rule.kind == RuleKind::Allow, Decision::Rule(rule)),
                    None => verdict(true, Decision::NoMatchingRule),
                }
            }
        }
    }

    /// The groups that apply to the first agent some group names, else the `*` groups.
    fn applicable<'q>(
        &self,
        agents: impl Iterator<Item = &'q [u8]>,
    ) -> (Applied<'_>, Option<&Selection>) {
        for agent in agents {
            let found = if agent.iter().any(u8::is_ascii_uppercase) {
                self.index
                    .by_agent
                    .get_key_value(agent.to_ascii_lowercase().as_slice())
            } else {
                self.index.by_agent.get_key_value(agent)
            };
            if let Some((token, &index)) = found {
                let selection = self.index.selections.get(index);
                return (Applied::Agent(token), selection);
            }
        }
        match self.index.global.and_then(|i| self.index.selections.get(i)) {
            Some(selection) => (Applied::Global, Some(selection)),
            None => (Applied::Nothing, None),
        }
    }

    fn matcher<'s>(&self, selection: &'s Selection) -> Result<&'s RuleMatcher, &'s PatternError> {
        selection
            .matcher
            .get_or_init(|| {
                let profile = self.variant.profile();
                let rules: Vec<(RuleKind, &[u8])> = selection
                    .rules
                    .iter()
                    .filter_map(|&id| self.model.rules.get(id))
                    .map(|rule| (rule.kind, &*rule.pattern))
                    .collect();
                RuleMatcher::compile(
                    &rules,
                    profile.pattern_syntax,
                    profile.precedence,
                    &self.options.limits.matcher,
                )
            })
            .as_ref()
    }
}

impl AgentIndex {
    /// Indexes the groups by the agent tokens they name, and the `*` groups, keeping only the
    /// groups `selection` lets apply together.
    fn of(model: &Model, selection: GroupSelection) -> AgentIndex {
        let mut index = AgentIndex::default();
        for (group_index, group) in model.groups.iter().enumerate() {
            for agent_line in &group.agents {
                let slot = match &agent_line.agent {
                    Agent::Global => *index
                        .global
                        .get_or_insert_with(|| new_selection(&mut index.selections)),
                    Agent::Named(token) => *index
                        .by_agent
                        .entry(token.to_ascii_lowercase().into())
                        .or_insert_with(|| new_selection(&mut index.selections)),
                };
                let global = agent_line.agent == Agent::Global;
                let merge = match selection {
                    GroupSelection::MergeAll => true,
                    GroupSelection::MergeNamedFirstGlobal => !global,
                    GroupSelection::FirstRecord => false,
                };
                if let Some(chosen) = index.selections.get_mut(slot) {
                    let first = chosen.groups.is_empty();
                    if (first || merge) && chosen.groups.last() != Some(&group_index) {
                        chosen.groups.push(group_index);
                    }
                }
            }
        }
        for selection in &mut index.selections {
            selection.rules = selection
                .groups
                .iter()
                .filter_map(|&g| model.groups.get(g))
                .flat_map(|g| g.rules.iter().copied())
                .filter(|&id| model.rules.get(id).is_some_and(|r| !r.is_empty()))
                .collect();
        }
        index.selections.shrink_to_fit();
        index.by_agent.shrink_to_fit();
        index
    }
}

fn new_selection(selections: &mut Vec<Selection>) -> usize {
    selections.push(Selection {
        groups: Vec::new(),
        rules: Vec::new(),
        matcher: OnceLock::new(),
    });
    selections.len() - 1
}

/// Lines of the input without their line ends (CR LF, CR or LF).
fn lines_of(input: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = input;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let end = rest
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
            .unwrap_or(rest.len());
        let (line, tail) = rest.split_at(end);
        rest = tail
            .strip_prefix(b"\r\n")
            .or_else(|| tail.get(1..))
            .unwrap_or_default();
        Some(line)
    })
}

/// Which groups a query used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Applied<'r> {
    /// The groups naming this agent token (lower-cased).
    Agent(&'r [u8]),
    /// No group names any of the query's tokens: the `*` groups.
    Global,
    /// No group names the query's tokens and there is no `*` group.
    Nothing,
}

/// What decided a verdict.
#[derive(Debug, Clone, Copy)]
pub enum Decision<'r> {
    /// This rule won.
    Rule(&'r Rule),
    /// Groups apply but none of their rules matches: allowed.
    NoMatchingRule,
    /// No group applies: allowed.
    NoGroup,
    /// The target is `/robots.txt`, which the variant always allows.
    RobotsTxt,
    /// The rules could not be compiled within the size limits: allowed, with the reason.
    Unmatchable(&'r PatternError),
}

/// The answer to a query: allowed or not, and why.
#[derive(Debug, Clone, Copy)]
pub struct Verdict<'r> {
    robots: &'r Robots,
    allowed: bool,
    decision: Decision<'r>,
    applied: Applied<'r>,
    selection: Option<&'r Selection>,
}

impl<'r> Verdict<'r> {
    /// May the URL be fetched?
    pub fn allowed(&self) -> bool {
        self.allowed
    }

    /// What decided.
    pub fn decision(&self) -> Decision<'r> {
        self.decision
    }

    /// The deciding rule, if a rule decided.
    pub fn rule(&self) -> Option<&'r Rule> {
        match self.decision {
            Decision::Rule(rule) => Some(rule),
            _ => None,
        }
    }

    /// Which groups applied.
    pub fn applied(&self) -> Applied<'r> {
        self.applied
    }

    /// The groups whose rules were used, in file order.
    pub fn groups(&self) -> impl Iterator<Item = &'r Group> + 'r {
        let groups = &self.robots.model.groups;
        self.selection
            .into_iter()
            .flat_map(|s| s.groups.iter())
            .filter_map(move |&g| groups.get(g))
    }
}

impl fmt::Display for Verdict<'_> {
    /// One line: `allowed|disallowed`, then the reason.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.allowed {
            "allowed"
        } else {
            "disallowed"
        })?;
        match self.decision {
            Decision::Rule(rule) => write!(
                f,
                " by line {}: {}",
                rule.line,
                String::from_utf8_lossy(self.robots.line_text(rule.line)).trim()
            )?,
            Decision::NoMatchingRule => f.write_str(": no rule matches")?,
            Decision::NoGroup => f.write_str(": no group applies")?,
            Decision::RobotsTxt => f.write_str(": /robots.txt is always allowed")?,
            Decision::Unmatchable(error) => write!(f, ": rules not compiled ({error})")?,
        }
        let lines: Vec<String> = self.groups().map(|g| g.line().to_string()).collect();
        match self.applied {
            Applied::Agent(token) => write!(
                f,
                " [group for `{}` at line {}]",
                String::from_utf8_lossy(token),
                lines.join(", ")
            ),
            Applied::Global => write!(f, " [`*` group at line {}]", lines.join(", ")),
            Applied::Nothing => Ok(()),
        }
    }
}

/// A verdict with everything that went into it.
#[derive(Debug, Clone)]
pub struct Explanation<'r> {
    /// The verdict.
    pub verdict: Verdict<'r>,
    /// The bytes matched against the rules (path, params and query of the URL).
    pub target: Vec<u8>,
    /// Every rule of the applied groups that matches the target, in priority order (the first
    /// one decides, unless the target is `/robots.txt` where the variant always allows it).
    pub matching: Vec<&'r Rule>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn robots_is_send_and_sync() {
        fn assert_send_sync<T: Send + Sync>() {}
        assert_send_sync::<Robots>();
    }

    #[test]
    fn line_text_handles_every_line_end() {
        let robots = Robots::parse(b"a\r\nb\rc\nd", Variant::Google);
        let lines: Vec<&[u8]> = (1..=5).map(|n| robots.line_text(n)).collect();
        assert_eq!(lines, [&b"a"[..], b"b", b"c", b"d", b""]);
    }

    #[test]
    fn specific_groups_hide_the_global_ones() {
        let robots = Robots::parse(
            b"user-agent: *\ndisallow: /\nuser-agent: foobot\nallow: /x\n",
            Variant::Google,
        );
        assert!(robots.is_allowed("FOOBOT", "/y"));
        assert!(!robots.is_allowed("barbot", "/y"));
        assert_eq!(
            robots.check("foobot", "/y").applied(),
            Applied::Agent(b"foobot")
        );
    }

    #[test]
    fn no_size_limit_in_the_library() {
        let mut text = b"user-agent: *\n".to_vec();
        text.extend(b"# padding padding padding\n".repeat(100_000));
        text.extend(b"disallow: /late\n");
        assert!(text.len() > 2 << 20);
        assert!(!Robots::parse(&text, Variant::Google).is_allowed("a", "/late"));
    }

    #[test]
    fn robots_txt_is_allowed_under_rfc9309_only() {
        let text = b"user-agent: *\ndisallow: /\n";
        assert!(Robots::parse(text, Variant::Rfc9309).is_allowed("a", "/robots.txt"));
        assert!(!Robots::parse(text, Variant::Google).is_allowed("a", "/robots.txt"));
    }
}
