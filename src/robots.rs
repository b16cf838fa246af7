//! The query API: parse once, ask many times, and know why.
//!
//! [`Robots`] holds a file's model and, per distinct agent token the file names (and for the
//! `*` groups), which groups apply. The rules of those groups are compiled into one matcher the
//! first time a query needs them ([`std::sync::OnceLock`]), so groups that are never asked about
//! cost nothing, and a `Robots` is `Send + Sync`: share it between threads freely.
//!
//! A `Robots` is built in one pass over the input: each line is read once by the syntax stage,
//! checked (as [`ParseOptions::collect`] asks) and handed to the model, then forgotten. It keeps
//! the model — the text of the lines that matter, not the input — and the diagnostics.
//!
//! ```
//! use robotspec::{Robots, Variant};
//!
//! let robots = Robots::parse(b"User-agent: FooBot\nDisallow: /private\nAllow: /private/ok\n",
//!                            Variant::Google);
//! let verdict = robots.check("FooBot", "https://example.com/private/x?y=1");
//! assert!(!verdict.allowed());
//! assert_eq!(verdict.rule().map(|r| r.line()), Some(2));
//! assert!(robots.check("FooBot", "/private/ok").allowed());
//! assert!(robots.check("OtherBot", "/private/x").allowed());
//! ```

use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

use crate::agent::AgentQuery;
use crate::diagnostic::Diagnostic;
use crate::model::{Agent, Group, Model, ModelBuilder, Record, Rule, Sitemap};
use crate::pattern::{normalise_target, RuleKind, RuleMatcher};
use crate::source::Source;
use crate::syntax::{self, Collect, Mode, ParseOptions, Parsed, StrictError};
use crate::target::target_of;
use crate::variant::{GroupSelection, TargetEncoding, Variant};

/// A parsed robots.txt file, ready to answer queries.
#[derive(Debug)]
pub struct Robots {
    variant: Variant,
    options: ParseOptions,
    model: Model,
    diagnostics: Vec<Diagnostic>,
    index: AgentIndex,
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

/// The groups that apply to one agent token (or to `*`), and their rules compiled on first use.
#[derive(Debug)]
struct Selection {
    /// Indices of the groups, file order.
    groups: Vec<u32>,
    compiled: OnceLock<Box<Compiled>>,
}

/// A selection's usable rules (empty patterns left out) and the matcher compiled from them.
#[derive(Debug)]
struct Compiled {
    /// Indices into the model's rules, file order; the matcher's rule `i` is `rules[i]`.
    rules: Box<[u32]>,
    matcher: RuleMatcher,
}

impl Robots {
    /// Parses `input` leniently with the default limits, for verdicts (Postel's law: never
    /// fails). This is the crawler's reading: it runs no grammar check, so
    /// [`Robots::diagnostics`] holds only what a limit cut ([`Collect::Limits`]); for every
    /// finding, use [`Robots::parse_with`] with the default options, or [`crate::parse`].
    pub fn parse(input: &[u8], variant: Variant) -> Robots {
        let options = ParseOptions {
            collect: Collect::Limits,
            ..ParseOptions::default()
        };
        match Robots::parse_with(input, variant, &options) {
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

    /// Parses `input` with `options`, in one pass over it: in strict mode, `Err` when the file
    /// does not conform to the variant's grammar or when a [limit](crate::Limits) left part of
    /// it out.
    pub fn parse_with(
        input: &[u8],
        variant: Variant,
        options: &ParseOptions,
    ) -> Result<Robots, StrictError> {
        let source = Source::within(input, options.limits.input_bytes);
        let mut builder = ModelBuilder::new(&source, variant.profile(), options);
        let mut report = syntax::read(&source, variant, options, |line, report| {
            builder.line(line, report.place());
        });
        let model = builder.finish(Some(&mut report));
        let diagnostics = syntax::conclude(&source, variant, options, report)?;
        Ok(Robots::new(variant, options, model, diagnostics))
    }

    /// Builds the queryable object from a parsed file (with the options it was parsed with and
    /// its diagnostics; what the model's limits cut is not added to them).
    pub fn from_parsed(parsed: &Parsed<'_>) -> Robots {
        Robots::new(
            parsed.variant(),
            parsed.options(),
            Model::build(parsed),
            parsed.diagnostics().to_vec(),
        )
    }

    fn new(
        variant: Variant,
        options: &ParseOptions,
        model: Model,
        diagnostics: Vec<Diagnostic>,
    ) -> Robots {
        let index = AgentIndex::of(&model, variant.profile().group_selection);
        Robots {
            variant,
            options: *options,
            model,
            diagnostics,
            index,
        }
    }

    /// The variant the file was read with.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Groups in file order.
    pub fn groups(&self) -> impl ExactSizeIterator<Item = Group<'_>> + '_ {
        self.model.groups()
    }

    /// Every rule, in file order.
    pub fn rules(&self) -> impl ExactSizeIterator<Item = Rule<'_>> + '_ {
        self.model.rules()
    }

    /// Sitemap URLs, in file order.
    pub fn sitemaps(&self) -> impl ExactSizeIterator<Item = Sitemap<'_>> + '_ {
        self.model.sitemaps()
    }

    /// Other `key: value` records (crawl-delay, host, …), in file order.
    pub fn records(&self) -> impl ExactSizeIterator<Item = Record<'_>> + '_ {
        self.model.records()
    }

    /// The model: groups, rules, sitemaps, records, ignored rules.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The options the file was read with.
    pub fn options(&self) -> &ParseOptions {
        &self.options
    }

    /// What the reading found, in input order: the grammar checks' findings (unless
    /// [`ParseOptions::collect`] asked for the limits only) and every place where a limit left
    /// something out. Warnings in lenient mode.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// Removes and returns the diagnostic of the input limit's cut, if it cut: the access stage
    /// reports that cut as its own size limit.
    pub(crate) fn take_input_cut(&mut self) -> Option<Diagnostic> {
        let at = self.diagnostics.iter().position(|d| {
            d.code == crate::Code::LimitExceeded
                && d.message
                    .ends_with(&format!("(limit `{}`)", crate::limits::Limit::InputBytes))
        })?;
        Some(self.diagnostics.remove(at))
    }

    /// Heap memory held by the model and the agent index, in bytes (compiled matchers, which
    /// are built on first use, not included).
    pub fn memory_usage(&self) -> usize {
        let index = &self.index;
        let keys: usize = index.by_agent.keys().map(|k| k.len()).sum();
        let groups: usize = index
            .selections
            .iter()
            .map(|s| s.groups.capacity() * 4)
            .sum();
        self.model.memory_usage()
            + keys
            + index.by_agent.capacity() * std::mem::size_of::<(Box<[u8]>, usize)>()
            + index.selections.capacity() * std::mem::size_of::<Selection>()
            + groups
            + self.diagnostics.capacity() * std::mem::size_of::<Diagnostic>()
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
        let matching = match verdict.selection.map(|s| self.compiled(s)) {
            Some(Compiled { rules, matcher }) => matcher
                .matching(&self.prepared(&target))
                .into_iter()
                .filter_map(|i| rules.get(i))
                .filter_map(|&id| self.model.rule(id as usize))
                .collect(),
            _ => Vec::new(),
        };
        Explanation {
            verdict,
            target,
            matching,
        }
    }

    /// The target as the variant compares it.
    fn prepared<'t>(&self, target: &'t [u8]) -> std::borrow::Cow<'t, [u8]> {
        let profile = self.variant.profile();
        match profile.target_encoding {
            TargetEncoding::AsGiven => std::borrow::Cow::Borrowed(target),
            TargetEncoding::AsPatterns => normalise_target(target, profile.pattern_encoding),
        }
    }

    fn decide<'q>(&self, agents: impl Iterator<Item = &'q [u8]>, target: &[u8]) -> Verdict<'_> {
        let (applied, selection) = self.applicable(agents);
        let profile = self.variant.profile();
        let target = self.prepared(target);
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
        let compiled = self.compiled(selected);
        let rule = compiled
            .matcher
            .decide(target)
            .and_then(|i| compiled.rules.get(i))
            .and_then(|&id| self.model.rule(id as usize));
        match rule {
            Some(rule) => verdict(rule.kind() == RuleKind::Allow, Decision::Rule(rule)),
            None => verdict(true, Decision::NoMatchingRule),
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

    /// The selection's rules, compiled on first use.
    fn compiled<'s>(&self, selection: &'s Selection) -> &'s Compiled {
        selection.compiled.get_or_init(|| {
            let rules: Box<[u32]> = selection
                .groups
                .iter()
                .filter_map(|&g| self.model.group(g as usize))
                .flat_map(|g| g.rule_range())
                .filter(|&id| self.model.rule(id).is_some_and(|r| !r.is_empty()))
                .filter_map(|id| u32::try_from(id).ok())
                .collect();
            let patterns: Vec<(RuleKind, &[u8])> = rules
                .iter()
                .filter_map(|&id| self.model.rule(id as usize))
                .map(|rule| (rule.kind(), rule.pattern()))
                .collect();
            let profile = self.variant.profile();
            let matcher = RuleMatcher::compile(
                &patterns,
                profile.pattern_syntax,
                profile.precedence,
                &self.options.limits.matcher,
            );
            Box::new(Compiled { rules, matcher })
        })
    }
}

impl AgentIndex {
    /// Indexes the groups by the agent tokens they name, and the `*` groups, keeping only the
    /// groups `selection` lets apply together.
    fn of(model: &Model, selection: GroupSelection) -> AgentIndex {
        let mut index = AgentIndex::default();
        for group in model.groups() {
            let group_index = u32::try_from(group.index()).unwrap_or(u32::MAX);
            for agent_line in group.agents() {
                let agent = agent_line.agent();
                let slot = match agent {
                    Agent::Global => *index
                        .global
                        .get_or_insert_with(|| new_selection(&mut index.selections)),
                    Agent::Named(token) => *index
                        .by_agent
                        .entry(token.to_ascii_lowercase().into())
                        .or_insert_with(|| new_selection(&mut index.selections)),
                };
                let global = agent == Agent::Global;
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
        index.selections.shrink_to_fit();
        for selection in &mut index.selections {
            selection.groups.shrink_to_fit();
        }
        index.by_agent.shrink_to_fit();
        index
    }
}

fn new_selection(selections: &mut Vec<Selection>) -> usize {
    selections.push(Selection {
        groups: Vec::new(),
        compiled: OnceLock::new(),
    });
    selections.len() - 1
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
    Rule(Rule<'r>),
    /// Groups apply but none of their rules matches: allowed.
    NoMatchingRule,
    /// No group applies: allowed.
    NoGroup,
    /// The target is `/robots.txt`, which the variant always allows.
    RobotsTxt,
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
    pub fn rule(&self) -> Option<Rule<'r>> {
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
    pub fn groups(&self) -> impl Iterator<Item = Group<'r>> + 'r {
        let model = &self.robots.model;
        self.selection
            .into_iter()
            .flat_map(|s| s.groups.iter())
            .filter_map(move |&g| model.group(g as usize))
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
                rule.line(),
                String::from_utf8_lossy(rule.text()).trim()
            )?,
            Decision::NoMatchingRule => f.write_str(": no rule matches")?,
            Decision::NoGroup => f.write_str(": no group applies")?,
            Decision::RobotsTxt => f.write_str(": /robots.txt is always allowed")?,
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
    pub matching: Vec<Rule<'r>>,
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
    fn rule_text_is_its_line_whatever_the_line_ends() {
        let robots = Robots::parse(
            b"user-agent: a\r\nallow: /b\rdisallow: /c\n",
            Variant::Google,
        );
        let texts: Vec<&[u8]> = robots.rules().map(|r| r.text()).collect();
        assert_eq!(texts, [&b"allow: /b"[..], b"disallow: /c"]);
    }

    #[test]
    fn comments_and_blank_lines_are_not_kept() {
        let mut text = b"user-agent: *\ndisallow: /x\n".to_vec();
        let small = Robots::parse(&text, Variant::Google).memory_usage();
        text.extend(b"# a comment that takes room\n\n".repeat(10_000));
        let padded = Robots::parse(&text, Variant::Google).memory_usage();
        assert_eq!(small, padded);
    }

    #[test]
    fn a_lenient_reading_for_verdicts_runs_no_grammar_check() {
        let text = b"user-agent: *\ndisallow /x\nfoo bar baz\n";
        let robots = Robots::parse(text, Variant::Rfc9309);
        assert!(robots.diagnostics().is_empty());
        assert!(!robots.is_allowed("a", "/x"));
        let all = Robots::parse_with(text, Variant::Rfc9309, &ParseOptions::default()).unwrap();
        assert_eq!(all.diagnostics().len(), 2);
        assert_eq!(all.model(), robots.model());
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
