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

pub(crate) mod agent;
pub(crate) mod target;

mod usage;
mod verdict;

pub use agent::{AgentError, AgentQuery};
pub use usage::{Reading, Usage};
pub use verdict::{Applicable, Decision, Explanation, Verdict};

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::diagnostic::Diagnostic;
use crate::model::{Agent, Group, Model, ModelBuilder, Record, Rule, Sitemap};
use crate::pattern::{normalise_target, Engine, RuleKind, RuleMatcher};
use crate::query::target::target_of;
use crate::source::{Source, Span};
use crate::syntax::{self, Collect, Mode, ParseOptions, Parsed, StrictError};
use crate::variant::{AgentMatching, GroupSelection, Profile, TargetEncoding, Variant};

/// A parsed robots.txt file, ready to answer queries: parse once, ask many times, and know why.
///
/// It keeps what answers need (the model), not the input; each group's rules are compiled into
/// one matcher the first time a query needs them. It is `Send + Sync`: share it between threads.
/// Serialised (`serde`), it is a summary of the file as the variant reads it.
///
/// ```
/// use robotspec::{AgentQuery, Decision, Robots, Variant};
///
/// let robots = Robots::parse(
///     b"User-agent: FooBot\nDisallow: /private\nAllow: /private/ok\n\nSitemap: https://example.com/s.xml\n",
///     Variant::Google,
/// );
/// let verdict = robots.check("FooBot", "https://example.com/private/x?y=1");
/// assert!(!verdict.allowed());
/// assert_eq!(verdict.decision(), Decision::Rule);
/// assert_eq!(verdict.rule().map(|r| r.line()), Some(2));
/// assert_eq!(verdict.to_string(), "disallowed by line 2: Disallow: /private [group for `foobot` at line 1]");
/// assert!(robots.is_allowed("FooBot", "/private/ok"));
/// assert!(robots.is_allowed("OtherBot", "/private/x"));
/// // A crawler known by several tokens, most specific first.
/// let query = AgentQuery::read("FooBot-Image,FooBot").unwrap();
/// assert!(!robots.check_query(&query, "/private/x").allowed());
/// assert_eq!(robots.sitemaps().next().map(|s| s.url), Some(&b"https://example.com/s.xml"[..]));
/// let summary = serde_json::to_value(&robots).unwrap();
/// assert_eq!(summary["groups"][0]["rules"][1]["kind"], "allow");
/// ```
#[derive(Debug)]
pub struct Robots {
    profile: Profile,
    options: ParseOptions,
    pub(crate) model: Model,
    diagnostics: Vec<Diagnostic>,
    /// The input past the input limit, never read (its `limit-exceeded` covers exactly it).
    input_cut: Option<Span>,
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
    /// The selection's Content-Usage rules, read and compiled on the first usage query.
    usage: OnceLock<Box<usage::UsageRules>>,
}

impl Robots {
    /// Parses `input` leniently with the default limits, for verdicts (Postel's law: never
    /// fails). This is the crawler's reading: it runs no grammar check, so
    /// [`Robots::diagnostics`] holds only what a limit cut ([`Collect::Limits`]); for every
    /// finding, use [`Robots::parse_with`] with the default options, or [`crate::parse`].
    pub fn parse(input: &[u8], variant: impl Into<Profile>) -> Robots {
        let profile = variant.into();
        let options = ParseOptions::default().with_collect(Collect::Limits);
        match Robots::parse_with(input, profile, &options) {
            Ok(robots) => robots,
            // Lenient parsing has no failure; an empty file is the safe reading if it ever did.
            Err(_) => Robots::parse(b"", profile),
        }
    }

    /// Parses `input` strictly with the default limits: `Err` with every problem when it does
    /// not conform to the variant's grammar.
    pub fn parse_strict(input: &[u8], variant: impl Into<Profile>) -> Result<Robots, StrictError> {
        Robots::parse_with(input, variant, &ParseOptions::new(Mode::Strict))
    }

    /// Parses `input` with `options`, in one pass over it: in strict mode, `Err` when the file
    /// does not conform to the variant's grammar or when a [limit](crate::Limits) left part of
    /// it out.
    pub fn parse_with(
        input: &[u8],
        variant: impl Into<Profile>,
        options: &ParseOptions,
    ) -> Result<Robots, StrictError> {
        let profile = variant.into();
        let source = Source::within(input, options.limits.input_bytes);
        let mut builder = ModelBuilder::new(&source, &profile, options);
        let mut report = syntax::read(&source, &profile, options, |line, report| {
            builder.line(line, report.place());
        });
        let model = builder.finish(Some(&mut report));
        let diagnostics = syntax::conclude(&source, &profile, options, report)?;
        Ok(Robots::new(
            profile,
            options,
            model,
            (diagnostics, source.ignored()),
        ))
    }

    /// Builds the queryable object from a parsed file (with the options it was parsed with and
    /// its diagnostics; what the model's limits cut is not added to them).
    pub fn from_parsed(parsed: &Parsed<'_>) -> Robots {
        Robots::new(
            *parsed.profile(),
            parsed.options(),
            Model::build(parsed),
            (parsed.diagnostics().to_vec(), parsed.source().ignored()),
        )
    }

    fn new(
        profile: Profile,
        options: &ParseOptions,
        model: Model,
        (diagnostics, input_cut): (Vec<Diagnostic>, Option<Span>),
    ) -> Robots {
        let index = AgentIndex::of(&model, profile.group_selection);
        Robots {
            profile,
            options: *options,
            model,
            diagnostics,
            input_cut,
            index,
        }
    }

    /// The variant the file was read with (the one its profile starts from).
    pub fn variant(&self) -> Variant {
        self.profile.variant()
    }

    /// The reading the file was read with: its variant, with the settings changed, if any.
    pub fn profile(&self) -> &Profile {
        &self.profile
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

    /// The records that belong to the file rather than a group: those outside every group,
    /// and the file-scoped extensions (`host`, …) wherever they are written.
    pub fn file_records(&self) -> impl Iterator<Item = Record<'_>> + '_ {
        self.model.file_records()
    }

    /// Lines of the rules that belong to no group, and are therefore ignored: rules before the
    /// first `user-agent` line, or (1994, 1996) after the blank line that ends a record.
    pub fn ignored_rules(&self) -> &[u32] {
        self.model.orphan_rules()
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
        let cut = self.input_cut?;
        let at = self
            .diagnostics
            .iter()
            .position(|d| d.code == crate::Code::LimitExceeded && d.span == cut)?;
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
        let (mut matching, engine): (Vec<Rule<'_>>, Engine) =
            match applicable.selection.map(|s| self.compiled(s)) {
                Some(Compiled { rules, matcher, .. }) => {
                    let matching = matcher
                        .matching(&self.prepared(&target))
                        .into_iter()
                        .filter_map(|i| rules.get(i))
                        .filter_map(|&id| self.model.rule(id as usize))
                        .collect();
                    (matching, matcher.engine())
                }
                None => (Vec::new(), Engine::NoRules),
            };
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
            profile: self.profile,
            verdict,
            target,
            matching,
            engine,
        }
    }

    /// The groups that apply to a crawler known by `agents` (most specific token first): their
    /// rules, crawl-delay and other records.
    pub fn applicable(&self, agents: &AgentQuery) -> Applicable<'_> {
        self.applicable_to(agents.iter().map(str::as_bytes))
    }

    /// The target as the variant compares it.
    fn prepared<'t>(&self, target: &'t [u8]) -> std::borrow::Cow<'t, [u8]> {
        let profile = &self.profile;
        match profile.target_encoding {
            TargetEncoding::AsGiven => std::borrow::Cow::Borrowed(target),
            TargetEncoding::AsPatterns => normalise_target(target, profile.pattern_encoding),
        }
    }

    /// The groups that apply to the first agent some group names, else the `*` groups.
    fn applicable_to<'r, 'q>(&'r self, agents: impl Iterator<Item = &'q [u8]>) -> Applicable<'r> {
        let applicable = |agent: Option<&'r str>, selection: Option<&'r Selection>| Applicable {
            robots: self,
            agent,
            selection,
        };
        for agent in agents {
            if let Some((token, index)) = self.named(agent) {
                let selection = self.index.selections.get(index);
                let token = std::str::from_utf8(token).unwrap_or_default();
                return applicable(Some(token), selection);
            }
        }
        let global = self.index.global.and_then(|i| self.index.selections.get(i));
        applicable(None, global)
    }

    /// The token some group names that names the crawler token `agent`, with its selection,
    /// as the profile compares agents.
    fn named(&self, agent: &[u8]) -> Option<(&[u8], usize)> {
        let by_agent = &self.index.by_agent;
        let agent = match agent.iter().any(u8::is_ascii_uppercase) {
            true => std::borrow::Cow::Owned(agent.to_ascii_lowercase()),
            false => std::borrow::Cow::Borrowed(agent),
        };
        match self.profile.agent_matching {
            AgentMatching::Exact => by_agent
                .get_key_value(agent.as_ref())
                .map(|(token, &index)| (&**token, index)),
            AgentMatching::Substring => {
                // Several tokens may occur in the crawler's: the group selection picks one,
                // deterministically whatever the map's order.
                let first_group = |index: usize| {
                    let groups = self.index.selections.get(index).map(|s| &s.groups);
                    groups.and_then(|g| g.first().copied()).unwrap_or(u32::MAX)
                };
                let found = by_agent.iter().filter(|(token, _)| {
                    !token.is_empty() && memchr::memmem::find(&agent, token).is_some()
                });
                let found = found.map(|(token, &index)| (&**token, index));
                match self.profile.group_selection {
                    GroupSelection::FirstRecord => {
                        found.min_by_key(|&(token, index)| (first_group(index), token))
                    }
                    GroupSelection::MergeAll | GroupSelection::MergeNamedFirstGlobal => found
                        .max_by_key(|&(token, index)| {
                            (token.len(), std::cmp::Reverse((first_group(index), token)))
                        }),
                }
            }
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
            let profile = &self.profile;
            let matcher = RuleMatcher::compile(
                &patterns,
                profile.pattern_syntax,
                profile.precedence,
                &self.options.limits.matcher,
            );
            Box::new(Compiled {
                rules,
                matcher,
                usage: OnceLock::new(),
            })
        })
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
    pub fn is_allowed(&self, url: &str) -> bool {
        let target = target_of(url);
        let target = self.robots.prepared(&target);
        match self.compiled_for(&target) {
            Ok(compiled) => compiled.matcher.decide_kind(&target) != Some(RuleKind::Disallow),
            Err(_) => true,
        }
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
        let target = self.robots.prepared(target);
        let compiled = match self.compiled_for(&target) {
            Ok(compiled) => compiled,
            Err(decision) => return (true, decision, None),
        };
        let rule = compiled
            .matcher
            .decide(&target)
            .and_then(|i| compiled.rules.get(i))
            .and_then(|&id| self.robots.model.rule(id as usize));
        match rule {
            Some(rule) => (rule.kind() == RuleKind::Allow, Decision::Rule, Some(rule)),
            None => (true, Decision::NoMatchingRule, None),
        }
    }

    /// The compiled rules that decide the prepared target `target`, or what decides it
    /// without them: `/robots.txt` where the variant always allows it, or no group.
    fn compiled_for(&self, target: &[u8]) -> Result<&'r Compiled, Decision> {
        let robots = self.robots;
        if robots.profile.robots_txt_always_allowed && target == b"/robots.txt" {
            return Err(Decision::RobotsTxt);
        }
        let selection = self.selection.ok_or(Decision::NoGroup)?;
        Ok(robots.compiled(selection))
    }
}

impl serde::Serialize for Robots {
    /// A summary of the file as the variant reads it: `{"variant", "groups": [Group…],
    /// "sitemaps": [Sitemap…], "records": [Record…] (those of the file: [`Robots::file_records`]),
    /// "ignored_rules": [line…], "diagnostics": [Diagnostic…]}`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let groups: Vec<Group<'_>> = self.groups().collect();
        let sitemaps: Vec<Sitemap<'_>> = self.sitemaps().collect();
        let records: Vec<Record<'_>> = self.file_records().collect();
        let mut s = serializer.serialize_struct("Robots", 6)?;
        s.serialize_field("variant", &self.profile)?;
        s.serialize_field("groups", &groups)?;
        s.serialize_field("sitemaps", &sitemaps)?;
        s.serialize_field("records", &records)?;
        s.serialize_field("ignored_rules", self.ignored_rules())?;
        s.serialize_field("diagnostics", &self.diagnostics)?;
        s.end()
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
                        .entry(token.to_ascii_lowercase().into_bytes().into())
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
        assert_eq!(all.model, robots.model);
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
            robots.check("foobot", "/y").applicable().agent(),
            Some(Agent::Named("foobot"))
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

    /// `//x/private` is scheme-relative (authority `x`, target `/private`), as Google's
    /// `GetPathParamsQuery` reads it, for every variant.
    #[test]
    fn a_double_slash_starts_an_authority() {
        let text = b"user-agent: *\ndisallow: /private\n";
        for &variant in Variant::ALL {
            let robots = Robots::parse(text, variant);
            assert!(!robots.is_allowed("a", "//x/private"), "{variant}");
            assert!(robots.is_allowed("a", "//private/x"), "{variant}");
        }
    }

    /// The groups looked up once answer as `check_query` does, rule and all, in every variant
    /// (the 1994 reading ranks Allows after every Disallow, RFC 9309 always allows
    /// `/robots.txt`).
    #[test]
    fn applicable_answers_as_check_query() {
        let text = b"user-agent: a\nallow: /p/ok\ndisallow: /p\ndisallow: /*.gif$\n\n\
                     user-agent: *\ndisallow: /\nallow: /open\n";
        let urls = [
            "/",
            "/p",
            "/p/ok/x",
            "/x.gif",
            "/x.gif?y",
            "/open",
            "/robots.txt",
            "a",
        ];
        for &variant in Variant::ALL {
            let robots = Robots::parse(text, variant);
            for agent in ["a", "b"] {
                let query = AgentQuery::new(agent);
                let applicable = robots.applicable(&query);
                for url in urls {
                    let verdict = robots.check_query(&query, url);
                    let by_groups = applicable.check(url);
                    assert_eq!(
                        applicable.is_allowed(url),
                        verdict.allowed(),
                        "{variant} {url}"
                    );
                    assert_eq!(by_groups.allowed(), verdict.allowed(), "{variant} {url}");
                    assert_eq!(by_groups.rule(), verdict.rule(), "{variant} {url}");
                    assert_eq!(by_groups.decision(), verdict.decision(), "{variant} {url}");
                }
            }
        }
    }

    #[test]
    fn robots_txt_is_allowed_under_rfc9309_only() {
        let text = b"user-agent: *\ndisallow: /\n";
        assert!(Robots::parse(text, Variant::Rfc9309).is_allowed("a", "/robots.txt"));
        assert!(!Robots::parse(text, Variant::Google).is_allowed("a", "/robots.txt"));
    }
}
