//! [`Robots`]: a file's model, the index of which groups apply to which agent token, and each
//! selection's rules compiled on first use. The answers it gives (verdicts, explanations, usage)
//! are built in `verdict.rs` and `usage.rs`, which read it; it reads neither.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::diagnostic::{Code, Diagnostic};
use crate::findings::Findings;
use crate::model::{Agent, Group, Model, ModelBuilder, Record, Rule, Sitemap};
use crate::pattern::{normalise_target, RuleMatcher};
use crate::source::Source;
use crate::syntax::{self, Mode, ParseOptions, Parsed, StrictError};
use crate::variant::{AgentMatching, GroupSelection, Profile, TargetEncoding, Variant};
use crate::vocab::pattern::RuleKind;

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
    pub(super) profile: Profile,
    pub(super) options: ParseOptions,
    pub(crate) model: Model,
    diagnostics: Vec<Diagnostic>,
    pub(super) index: AgentIndex,
}

/// Which groups apply to which agent token.
#[derive(Debug, Default)]
pub(super) struct AgentIndex {
    /// Lower-cased agent token → index into `selections`.
    by_agent: HashMap<Box<[u8]>, usize>,
    /// Index into `selections` of the merged `*` groups, if any.
    pub(super) global: Option<usize>,
    pub(super) selections: Vec<Selection>,
}

/// The groups that apply to one agent token (or to `*`), and their rules compiled on first use.
#[derive(Debug)]
pub(super) struct Selection {
    /// Indices of the groups, file order.
    pub(super) groups: Vec<u32>,
    compiled: OnceLock<Box<Compiled>>,
}

/// A selection's usable rules (empty patterns left out) and the matcher compiled from them.
#[derive(Debug)]
pub(super) struct Compiled {
    /// Indices into the model's rules, file order; the matcher's rule `i` is `rules[i]`.
    pub(super) rules: Box<[u32]>,
    pub(super) matcher: RuleMatcher,
    /// The selection's Content-Usage rules, read and compiled on the first usage query.
    pub(super) usage: OnceLock<Box<super::usage_rules::UsageRules>>,
}

impl Robots {
    /// Parses `input` leniently with [`ParseOptions::for_verdicts`], for verdicts (Postel's law:
    /// never fails). This is the crawler's reading: it runs no grammar check, so
    /// [`Robots::diagnostics`] holds only what a limit cut ([`Collect::Limits`](crate::Collect::Limits)); for every
    /// finding, use [`Robots::parse_with`] with `ParseOptions::default()`, or [`crate::parse`].
    pub fn parse(input: &[u8], variant: impl Into<Profile>) -> Robots {
        Robots::lenient(input, variant.into(), &ParseOptions::for_verdicts())
    }

    /// Parses `input` strictly with the default limits.
    ///
    /// # Errors
    /// A [`StrictError`] with every problem when the file does not conform to the variant's
    /// grammar.
    pub fn parse_strict(input: &[u8], variant: impl Into<Profile>) -> Result<Robots, StrictError> {
        Robots::parse_with(input, variant, &ParseOptions::new(Mode::Strict))
    }

    /// Parses `input` with `options`, in one pass over it, the mode chosen at run time: use it
    /// where the mode is a setting, and [`Robots::parse`] or [`Robots::parse_strict`] where it
    /// is known.
    ///
    /// # Errors
    /// Only in strict mode: a [`StrictError`] when the file does not conform to the variant's
    /// grammar or when a [limit](crate::Limits) left part of it out.
    pub fn parse_with(
        input: &[u8],
        variant: impl Into<Profile>,
        options: &ParseOptions,
    ) -> Result<Robots, StrictError> {
        let profile = variant.into();
        match options.mode() {
            Mode::Lenient => Ok(Robots::lenient(input, profile, options)),
            Mode::Strict => {
                let source =
                    Source::read_as(input, options.limits.input_bytes, profile.byte_order_mark);
                let (model, findings) = read_model(&source, &profile, options);
                let diagnostics = syntax::conclude_strict(&source, &profile, findings)?;
                Ok(Robots::new(profile, options, model, diagnostics))
            }
        }
    }

    /// The lenient reading with `options` (whatever mode they name): it cannot fail.
    pub(crate) fn lenient(input: &[u8], profile: Profile, options: &ParseOptions) -> Robots {
        let source = Source::read_as(input, options.limits.input_bytes, profile.byte_order_mark);
        let (model, findings) = read_model(&source, &profile, options);
        Robots::new(profile, options, model, findings.finish(false))
    }

    /// Builds the queryable object from a parsed file (with the options it was parsed with and
    /// its diagnostics; what the model's limits cut is not added to them).
    pub fn from_parsed(parsed: &Parsed<'_>) -> Robots {
        Robots::new(
            *parsed.profile(),
            parsed.options(),
            Model::build(parsed),
            parsed.diagnostics().to_vec(),
        )
    }

    fn new(
        profile: Profile,
        options: &ParseOptions,
        model: Model,
        diagnostics: Vec<Diagnostic>,
    ) -> Robots {
        let index = AgentIndex::of(&model, profile.group_selection);
        Robots {
            profile,
            options: *options,
            model,
            diagnostics,
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

    /// Removes and returns the access stage's `size-limit` finding, if its size limit cut the
    /// body: it is the access stage's, not the file's.
    pub(crate) fn take_size_limit(&mut self) -> Option<Diagnostic> {
        let at = self
            .diagnostics
            .iter()
            .position(|d| d.code == Code::SizeLimit)?;
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

    /// The target as the variant compares it.
    pub(super) fn prepared<'t>(&self, target: &'t [u8]) -> std::borrow::Cow<'t, [u8]> {
        let profile = &self.profile;
        match profile.target_encoding {
            TargetEncoding::AsGiven => std::borrow::Cow::Borrowed(target),
            TargetEncoding::AsPatterns => normalise_target(target, profile.pattern_encoding),
        }
    }

    /// The token some group names that names the crawler token `agent`, with its selection,
    /// as the profile compares agents.
    pub(super) fn named(&self, agent: &[u8]) -> Option<(&[u8], usize)> {
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

    /// The indices of the selection's rules a verdict is decided by, in file order: its groups'
    /// rules without the empty ones, which never match.
    pub(super) fn deciding_rules<'s>(
        &'s self,
        selection: &'s Selection,
    ) -> impl Iterator<Item = u32> + 's {
        selection
            .groups
            .iter()
            .filter_map(|&g| self.model.group(g as usize))
            .flat_map(|g| g.rule_range())
            .filter(|&id| self.model.rule(id).is_some_and(|r| !r.is_empty()))
            .filter_map(|id| u32::try_from(id).ok())
    }

    /// The selection's rules, compiled on first use.
    pub(super) fn compiled<'s>(&self, selection: &'s Selection) -> &'s Compiled {
        selection.compiled.get_or_init(|| {
            let rules: Box<[u32]> = self.deciding_rules(selection).collect();
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

/// The one pass: each line read, checked and handed to the model; the model and the findings.
fn read_model<'s, 'a>(
    source: &'s Source<'a>,
    profile: &Profile,
    options: &ParseOptions,
) -> (Model, Findings<'s, 'a>) {
    let mut builder = ModelBuilder::new(source, profile, options);
    let mut findings = syntax::read(source, profile, options, |line, findings| {
        builder.line(line, findings.place());
    });
    let model = builder.finish(Some(&mut findings));
    (model, findings)
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
