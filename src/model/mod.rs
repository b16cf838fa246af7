//! A robots.txt file as a variant reads it: groups, their `user-agent` lines and rules, sitemaps
//! and other records. These are the views a [`Robots`](crate::Robots) hands out
//! ([`Robots::groups`](crate::Robots::groups), [`Verdict::rule`](crate::Verdict::rule),
//! [`Applicable::groups`](crate::Applicable::groups)…): use them to show a user what a file
//! means, to walk a group's rules, or to read crawl-delay and the other records of the groups
//! that apply to a crawler.
//!
//! Grouping follows RFC 9309 §2.1 (which Google's library also follows): a `user-agent` line
//! that follows a rule starts a new group, consecutive `user-agent` lines share one group
//! (blank, comment, sitemap and unknown lines between them change nothing), rules before the
//! first `user-agent` line belong to no group and are ignored
//! ([`Robots::ignored_rules`](crate::Robots::ignored_rules)). In the 1994 and 1996 texts a
//! blank line also ends a record: rules after it and before the next `user-agent` line belong to
//! no record. What a value *means* — a rule's [`Rule::pattern`] after the variant's
//! normalisation, an [`AgentLine::agent`] token — is the variant's reading; the text as written
//! is there too ([`Rule::text`], [`Rule::value`]).
//!
//! ```
//! use robotspec::model::{Agent, RuleKind};
//! use robotspec::{Robots, Variant};
//!
//! let robots = Robots::parse(b"User-agent: FooBot/2.1\nCrawl-delay: 5\nAllow: /caf\xc3\xa9\n", Variant::Google);
//! let group = robots.groups().next().unwrap();
//! assert_eq!(group.agents().next().unwrap().agent(), Agent::Named("FooBot"));
//! let rule = group.rules().next().unwrap();
//! assert_eq!((rule.kind(), rule.line()), (RuleKind::Allow, 3));
//! assert_eq!(rule.pattern(), b"/caf%C3%A9"); // as Google matches it
//! assert_eq!(group.records().next().map(|r| r.value), Some(&b"5"[..]));
//! ```
//!
//! # What is kept (for maintainers)
//!
//! The model is built from the lines as they are read (`ModelBuilder`) and keeps only what
//! answers need: the text of the `user-agent`, rule, sitemap and other record lines, in one
//! byte arena, and small fixed-size entries that point into it. Blank lines, comments and
//! invalid lines cost nothing. A pattern that normalisation leaves unchanged is the value's own
//! bytes in the arena; only a changed one is stored again. The group, rule and pattern limits
//! are applied here: what they cut is left out of the model and reported as `limit-exceeded` on
//! the line where the cut starts.

pub(crate) mod agent;
mod value;

pub use crate::variant::Spelling;
use crate::vocab::extension;
pub use crate::vocab::extension::{
    crawl_delay, ContentSignal, ContentUsage, Extension, ExtensionValue, Preference, Preferences,
    RequestRate, Scope, ValueError,
};
pub use crate::vocab::pattern::RuleKind;
pub use crate::vocab::policy::{PolicyToken, AI_TRAINING_POLICY, POLICY_TOKENS};
use agent::read_agent;
pub use agent::Agent;

use std::borrow::Cow;

use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;
use std::fmt;
use std::ops::Range;

use crate::findings::{Findings, Place};
use crate::limits::{Limit, LimitHit, Limits};
use crate::pattern::normalise;
use crate::source::{Source, Span};
use crate::syntax::{Line, LineBody, Parsed};
use crate::variant::{Directive, Profile};

/// Bytes kept in the model's arena: `[start, end)` offsets into it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Text {
    start: u32,
    end: u32,
}

impl Text {
    /// `len` bytes from `start` within a text starting at `base`.
    fn within(self, offset: usize, len: usize) -> Text {
        let start = self.start.saturating_add(to_u32(offset));
        Text {
            start,
            end: start.saturating_add(to_u32(len)).min(self.end),
        }
    }
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Where a rule comes from.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RuleOrigin {
    /// Written in the file.
    Written,
    /// Added by Google's `index.htm` rule for the `allow` on the same line: `Allow: /d/index.html`
    /// also allows `/d/` exactly (pattern `/d/$`).
    IndexHtmDirectory,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct StoredAgent {
    line: u32,
    /// The line as written, without its line end.
    text: Text,
    key: Text,
    value: Text,
    /// `None` for `*`.
    token: Option<Text>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct StoredRule {
    line: u32,
    kind: RuleKind,
    origin: RuleOrigin,
    key_spelling: Spelling,
    text: Text,
    key: Text,
    value: Text,
    pattern: Text,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct StoredGroup {
    agents: Range<u32>,
    rules: Range<u32>,
    /// The first blank line after the group's first line that precedes one of its lines.
    blank: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct StoredRecord {
    line: u32,
    /// The group the record is inside (after its first line, before the next group or the
    /// blank line that ends it), if any.
    group: Option<u32>,
    key: Text,
    value: Text,
    extension: Option<Extension>,
    /// The value as its extension read it, for a known extension whose reading is more than
    /// the text (boxed: most records hold none).
    typed: Option<Box<Reading>>,
}

/// A record's value as its extension read it when the model was built: nothing reads a value
/// again.
type Reading = Result<ExtensionValue<'static>, ValueError>;

/// A robots.txt file as a variant understands it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Model {
    arena: Box<[u8]>,
    groups: Vec<StoredGroup>,
    agents: Vec<StoredAgent>,
    rules: Vec<StoredRule>,
    sitemaps: Vec<StoredRecord>,
    records: Vec<StoredRecord>,
    orphan_rules: Vec<u32>,
}

impl Model {
    /// Builds the model of a parsed file (what a limit cuts is left out, unreported: a
    /// [`Robots`](crate::Robots) reports it).
    pub(crate) fn build(parsed: &Parsed<'_>) -> Model {
        let mut builder = ModelBuilder::new(parsed.source(), parsed.profile(), parsed.options());
        for line in parsed.lines() {
            builder.line(&line, line.place());
        }
        builder.finish(None)
    }

    fn text(&self, text: Text) -> &[u8] {
        self.arena
            .get(text.start as usize..text.end as usize)
            .unwrap_or_default()
    }

    /// Groups in file order.
    pub(crate) fn groups(&self) -> impl ExactSizeIterator<Item = Group<'_>> + '_ {
        (0..self.groups.len()).map(move |index| Group { model: self, index })
    }

    /// The group at `index` (file order).
    pub(crate) fn group(&self, index: usize) -> Option<Group<'_>> {
        (index < self.groups.len()).then_some(Group { model: self, index })
    }

    /// Every rule of every group, in file order (a derived rule follows its source).
    pub(crate) fn rules(&self) -> impl ExactSizeIterator<Item = Rule<'_>> + '_ {
        self.rules
            .iter()
            .map(move |rule| Rule { model: self, rule })
    }

    /// The rule at `index` in [`Model::rules`].
    pub(crate) fn rule(&self, index: usize) -> Option<Rule<'_>> {
        self.rules.get(index).map(|rule| Rule { model: self, rule })
    }

    /// Sitemaps in file order, wherever they appear.
    pub(crate) fn sitemaps(&self) -> impl ExactSizeIterator<Item = Sitemap<'_>> + '_ {
        self.sitemaps.iter().map(move |record| Sitemap {
            line: record.line,
            url: self.text(record.value),
        })
    }

    /// Other `key: value` records (crawl-delay, host, …), in file order.
    pub(crate) fn records(&self) -> impl ExactSizeIterator<Item = Record<'_>> + '_ {
        self.records.iter().map(move |record| self.record(record))
    }

    /// The record at `index` in [`Model::records`].
    pub(crate) fn record_at(&self, index: usize) -> Option<Record<'_>> {
        self.records.get(index).map(|record| self.record(record))
    }

    fn record<'m>(&'m self, record: &'m StoredRecord) -> Record<'m> {
        Record {
            line: record.line,
            key: self.text(record.key),
            value: self.text(record.value),
            group: record.group.map(|g| g as usize),
            extension: record.extension,
            stored: record.typed.as_deref(),
        }
    }

    /// The records no group holds: those outside every group, and the file-scoped ones
    /// ([`Scope::File`]: sitemap where it is an extension, host, …) wherever they are.
    pub(crate) fn file_records(&self) -> impl Iterator<Item = Record<'_>> + '_ {
        self.records()
            .filter(|r| r.group.is_none() || r.scope() == Some(Scope::File))
    }

    /// Lines of rules that precede every `user-agent` line (or, where a blank line ends a
    /// record, follow one), and are therefore ignored.
    pub(crate) fn orphan_rules(&self) -> &[u32] {
        &self.orphan_rules
    }

    /// The text of line `line` when it is a `user-agent` or rule line the model kept.
    pub(crate) fn line_text(&self, line: u32) -> Option<&[u8]> {
        let agent = self.agents.binary_search_by_key(&line, |a| a.line);
        if let Some(agent) = agent.ok().and_then(|i| self.agents.get(i)) {
            return Some(self.text(agent.text));
        }
        let rule = self.rules.partition_point(|r| r.line < line);
        self.rules
            .get(rule)
            .filter(|r| r.line == line)
            .map(|r| self.text(r.text))
    }

    /// Heap memory held, in bytes.
    pub(crate) fn memory_usage(&self) -> usize {
        self.arena.len()
            + self.groups.capacity() * std::mem::size_of::<StoredGroup>()
            + self.agents.capacity() * std::mem::size_of::<StoredAgent>()
            + self.rules.capacity() * std::mem::size_of::<StoredRule>()
            + (self.sitemaps.capacity() + self.records.capacity())
                * std::mem::size_of::<StoredRecord>()
            + self.orphan_rules.capacity() * std::mem::size_of::<u32>()
            + (self.records.iter())
                .filter_map(|r| r.typed.as_deref())
                .map(|reading| {
                    let held = match reading {
                        Ok(value) => value.heap_bytes(),
                        Err(error) => error.message.capacity(),
                    };
                    std::mem::size_of::<Reading>() + held
                })
                .sum::<usize>()
    }
}

/// A group: one or more `user-agent` lines and the rules after them.
#[derive(Clone, Copy)]
pub struct Group<'m> {
    model: &'m Model,
    index: usize,
}

impl<'m> Group<'m> {
    fn stored(&self) -> Option<&'m StoredGroup> {
        self.model.groups.get(self.index)
    }

    /// The group's place among the file's groups (0-based, file order).
    pub fn index(&self) -> usize {
        self.index
    }

    /// 1-based line of the group's first `user-agent` line.
    pub fn line(&self) -> u32 {
        self.agents().next().map_or(0, |a| a.line())
    }

    /// The `user-agent` lines, in file order.
    pub fn agents(&self) -> impl ExactSizeIterator<Item = AgentLine<'m>> + 'm {
        let model = self.model;
        let range = self.stored().map_or(0..0, |g| to_range(&g.agents));
        let agents = model.agents.get(range).unwrap_or_default();
        agents.iter().map(move |agent| AgentLine { model, agent })
    }

    /// The rules, in file order (a derived rule follows its source).
    pub fn rules(&self) -> impl ExactSizeIterator<Item = Rule<'m>> + 'm {
        let model = self.model;
        let rules = model.rules.get(self.rule_range()).unwrap_or_default();
        rules.iter().map(move |rule| Rule { model, rule })
    }

    /// Indices of the group's rules in [`Model::rules`].
    pub(crate) fn rule_range(&self) -> Range<usize> {
        self.stored().map_or(0..0, |g| to_range(&g.rules))
    }

    /// The other records (`crawl-delay`, `content-usage`, …) inside the group, in file order,
    /// except the file-scoped extensions ([`Scope::File`]: `host`, …), which belong to the
    /// file ([`Robots::file_records`](crate::Robots::file_records)).
    pub fn records(&self) -> impl Iterator<Item = Record<'m>> + 'm {
        let (model, index) = (self.model, self.index);
        let inside = move |r: &&StoredRecord| r.group.is_some_and(|g| g as usize == index);
        model
            .records
            .iter()
            .filter(inside)
            .map(move |r| model.record(r))
            .filter(|r| r.scope() != Some(Scope::File))
    }

    /// True when one of the group's `user-agent` lines is `*`.
    pub fn is_global(&self) -> bool {
        self.agents().any(|a| a.agent() == Agent::Global)
    }

    /// The first blank line inside the group: after its first line, before one of its lines.
    pub fn blank_line(&self) -> Option<u32> {
        self.stored().and_then(|g| g.blank)
    }
}

impl PartialEq for Group<'_> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.model, other.model) && self.index == other.index
    }
}

impl Eq for Group<'_> {}

impl fmt::Debug for Group<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Group")
            .field("line", &self.line())
            .field("agents", &self.agents().collect::<Vec<_>>())
            .field("rules", &self.rules().collect::<Vec<_>>())
            .finish()
    }
}

fn to_range(range: &Range<u32>) -> Range<usize> {
    range.start as usize..range.end as usize
}

/// One `user-agent` line of a group.
#[derive(Clone, Copy)]
pub struct AgentLine<'m> {
    model: &'m Model,
    agent: &'m StoredAgent,
}

impl<'m> AgentLine<'m> {
    /// 1-based line number.
    pub fn line(&self) -> u32 {
        self.agent.line
    }

    /// The line as written, without its line end.
    pub fn text(&self) -> &'m [u8] {
        self.model.text(self.agent.text)
    }

    /// The key as written (`User-agent`, `useragent`, …).
    pub fn key(&self) -> &'m [u8] {
        self.model.text(self.agent.key)
    }

    /// The value as written.
    pub fn value(&self) -> &'m [u8] {
        self.model.text(self.agent.value)
    }

    /// What it names.
    pub fn agent(&self) -> Agent<'m> {
        match self.agent.token {
            None => Agent::Global,
            Some(token) => {
                Agent::Named(std::str::from_utf8(self.model.text(token)).unwrap_or_default())
            }
        }
    }
}

impl fmt::Debug for AgentLine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AgentLine")
            .field("line", &self.line())
            .field("agent", &self.agent())
            .finish()
    }
}

/// An `allow` or `disallow` rule.
#[derive(Clone, Copy)]
pub struct Rule<'m> {
    model: &'m Model,
    rule: &'m StoredRule,
}

impl<'m> Rule<'m> {
    /// Allow or disallow.
    pub fn kind(&self) -> RuleKind {
        self.rule.kind
    }

    /// 1-based line number.
    pub fn line(&self) -> u32 {
        self.rule.line
    }

    /// Written, or derived from another rule.
    pub fn origin(&self) -> RuleOrigin {
        self.rule.origin
    }

    /// The line as written, without its line end.
    pub fn text(&self) -> &'m [u8] {
        self.model.text(self.rule.text)
    }

    /// The key as written (`Disallow`, `dissallow`, …).
    pub fn key(&self) -> &'m [u8] {
        self.model.text(self.rule.key)
    }

    /// How the variant recognised the key.
    pub fn key_spelling(&self) -> Spelling {
        self.rule.key_spelling
    }

    /// The value as the variant reads it (after line-length and NUL cuts).
    pub fn value(&self) -> &'m [u8] {
        self.model.text(self.rule.value)
    }

    /// The pattern that is matched: the value normalised by the variant. Empty for an empty
    /// value, which never matches.
    pub fn pattern(&self) -> &'m [u8] {
        self.model.text(self.rule.pattern)
    }

    /// True when the rule can never match (empty pattern): it is kept for explanations only.
    pub fn is_empty(&self) -> bool {
        self.rule.pattern.start == self.rule.pattern.end
    }
}

impl PartialEq for Rule<'_> {
    fn eq(&self, other: &Self) -> bool {
        (self.line(), self.kind(), self.origin(), self.pattern())
            == (other.line(), other.kind(), other.origin(), other.pattern())
    }
}

impl Eq for Rule<'_> {}

impl fmt::Debug for Rule<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Rule")
            .field("line", &self.line())
            .field("kind", &self.kind())
            .field("pattern", &String::from_utf8_lossy(self.pattern()))
            .field("origin", &self.origin())
            .finish()
    }
}

impl fmt::Display for Rule<'_> {
    /// The line as written, trimmed (a byte that is not UTF-8 as U+FFFD).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(String::from_utf8_lossy(self.text()).trim())
    }
}

impl Serialize for Rule<'_> {
    /// `{"line", "kind": "allow"|"disallow", "text", "pattern", "origin"}`; `pattern` is what
    /// is matched (after the variant's normalisation), `origin` `written` or
    /// `index-htm-directory`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Rule", 5)?;
        s.serialize_field("line", &self.line())?;
        s.serialize_field("kind", &self.kind())?;
        s.serialize_field("text", &self.to_string())?;
        s.serialize_field("pattern", &String::from_utf8_lossy(self.pattern()))?;
        s.serialize_field("origin", &self.origin())?;
        s.end()
    }
}

impl Serialize for AgentLine<'_> {
    /// `{"line", "agent"}`: the agent as the variant reads it (`*` or the token).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("AgentLine", 2)?;
        s.serialize_field("line", &self.line())?;
        s.serialize_field("agent", &self.agent())?;
        s.end()
    }
}

impl Serialize for Group<'_> {
    /// `{"line", "agents": [AgentLine…], "rules": [Rule…], "records": [Record…]}`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let agents: Vec<AgentLine<'_>> = self.agents().collect();
        let rules: Vec<Rule<'_>> = self.rules().collect();
        let records: Vec<Record<'_>> = self.records().collect();
        let mut s = serializer.serialize_struct("Group", 4)?;
        s.serialize_field("line", &self.line())?;
        s.serialize_field("agents", &agents)?;
        s.serialize_field("rules", &rules)?;
        s.serialize_field("records", &records)?;
        s.end()
    }
}

/// A `sitemap` line.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Sitemap<'m> {
    /// 1-based line number.
    pub line: u32,
    /// The URL exactly as written (not validated, not resolved).
    #[serde(serialize_with = "crate::vocab::extension::lossy")]
    pub url: &'m [u8],
}

/// Any other `key: value` record (crawl-delay, host, clean-param, content-signal, …).
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Record<'m> {
    /// 1-based line number.
    pub line: u32,
    /// The key as written.
    pub key: &'m [u8],
    /// The value as written (empty when absent).
    pub value: &'m [u8],
    /// The group the record is inside ([`Group::index`]): after the group's first line, before
    /// the next group (or, in 1994 and 1996, the blank line that ends it).
    pub group: Option<usize>,
    /// The known extension the key names, if any (docs/extensions.md).
    pub extension: Option<Extension>,
    /// The value as the extension read it when the model was built.
    stored: Option<&'m Reading>,
}

impl<'m> Record<'m> {
    /// Where the record applies, for a known extension.
    pub fn scope(&self) -> Option<Scope> {
        self.extension.map(Extension::scope)
    }

    /// The value as the extension reads it, for a known extension; `Err` says why it does not
    /// follow the extension's syntax (the checks report it as `invalid-extension-value`).
    pub fn typed(&self) -> Option<Result<ExtensionValue<'m>, ValueError>> {
        self.extension?;
        Some(match self.stored {
            Some(Ok(value)) => match value.error() {
                Some(error) => Err(error.clone()),
                None => Ok(value.clone()),
            },
            Some(Err(error)) => Err(error.clone()),
            None => Ok(ExtensionValue::Text(self.value)),
        })
    }

    /// A Content-Usage rule as read when the model was built, also one whose statement is not
    /// a Dictionary (it still applies, every preference unknown).
    pub(crate) fn content_usage(&self) -> Option<&'m ContentUsage> {
        match self.stored? {
            Ok(ExtensionValue::ContentUsage(rule)) => Some(rule),
            _ => None,
        }
    }
}

impl Serialize for Record<'_> {
    /// `{"line", "key", "value", "extension": name | null, "typed": value | null, "error":
    /// text | null}`: `typed` is the value as the extension reads it (an object for
    /// Content-Usage, Content-Signal and Request-rate, seconds for Crawl-delay, text
    /// otherwise), `error` why it could not be read.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let typed = self.typed();
        let (value, error) = match &typed {
            Some(Ok(value)) => (Some(value), None),
            Some(Err(error)) => (None, Some(error.to_string())),
            None => (None, None),
        };
        let mut s = serializer.serialize_struct("Record", 6)?;
        s.serialize_field("line", &self.line)?;
        s.serialize_field("key", &String::from_utf8_lossy(self.key))?;
        s.serialize_field("value", &String::from_utf8_lossy(self.value))?;
        s.serialize_field("extension", &self.extension)?;
        s.serialize_field("typed", &value)?;
        s.serialize_field("error", &error)?;
        s.end()
    }
}

impl Sitemap<'_> {
    /// The URL resolved against `robots_txt`, the URL the file was fetched from (RFC 3986
    /// reference resolution): a relative sitemap URL, which no source allows but files carry,
    /// becomes absolute. `None` when the URL is not UTF-8 or cannot be resolved; without a
    /// base, [`Sitemap::url`] is the URL as written.
    ///
    /// ```
    /// use robotspec::{Robots, Variant};
    ///
    /// let robots = Robots::parse(b"Sitemap: /sitemap.xml\n", Variant::Rfc9309);
    /// let base = url::Url::parse("https://example.com/robots.txt").unwrap();
    /// let sitemap = robots.sitemaps().next().unwrap();
    /// assert_eq!(sitemap.resolve(&base).unwrap().as_str(), "https://example.com/sitemap.xml");
    /// ```
    pub fn resolve(&self, robots_txt: &url::Url) -> Option<url::Url> {
        robots_txt.join(std::str::from_utf8(self.url).ok()?).ok()
    }
}

/// Builds a [`Model`] from the lines as they are read.
pub(crate) struct ModelBuilder<'s, 'a> {
    source: &'s Source<'a>,
    profile: Profile,
    limits: Limits,
    drop_invalid_utf8: bool,
    arena: Vec<u8>,
    model: Model,
    /// The last group still accepts `user-agent` lines (no rule seen since its last one).
    open_group: bool,
    /// The last group was ended by a blank line: rules now belong to no group.
    closed: bool,
    /// A blank line seen in the current group, not yet followed by one of its lines.
    pending_blank: Option<u32>,
    /// The current group is past [`Limits::groups`]: its lines are left out.
    dropping_group: bool,
    /// Written rules kept in the current group.
    rules_in_group: usize,
    /// Where limits cut, with the line each starts on.
    hits: Vec<(Place, LimitHit)>,
    /// Index in `hits` of the groups limit's hit, once reached.
    groups_hit: Option<usize>,
    /// Index in `hits` of the current group's rules limit hit, once reached.
    rules_hit: Option<usize>,
}

impl<'s, 'a> ModelBuilder<'s, 'a> {
    /// A builder for `source` read as `profile` with `options`.
    pub(crate) fn new(
        source: &'s Source<'a>,
        profile: &Profile,
        options: &crate::syntax::ParseOptions,
    ) -> Self {
        ModelBuilder {
            source,
            profile: *profile,
            limits: options.limits,
            drop_invalid_utf8: options.drop_invalid_utf8,
            // Most of a file is kept: room for all of it at once, given back when built.
            arena: Vec::with_capacity(source.text().len()),
            model: Model::default(),
            open_group: false,
            closed: false,
            pending_blank: None,
            dropping_group: false,
            rules_in_group: 0,
            hits: Vec::new(),
            groups_hit: None,
            rules_hit: None,
        }
    }

    /// Reads one line, at `place` for the report.
    pub(crate) fn line(&mut self, line: &Line, place: Place) {
        // What the line says, as the profile reads it (up to its cut, for Google's library).
        let reread = line.as_read(self.source, &self.profile);
        let line = reread.as_ref().unwrap_or(line);
        if line.body == LineBody::Blank {
            if self.profile.blank_line_ends_group {
                self.open_group = false;
                self.closed = true;
            } else if !self.model.groups.is_empty() && !self.closed {
                self.pending_blank.get_or_insert(line.number);
            }
        }
        let Some(entry) = line.entry() else { return };
        let Some(value) = value::effective(self.source, line, entry) else {
            return;
        };
        let bytes = if self.drop_invalid_utf8 {
            self.source.without_invalid_utf8(value)
        } else {
            Cow::Borrowed(self.source.slice(value))
        };
        let read = Read {
            line,
            key: entry.key,
            spelling: entry.spelling,
            value,
            bytes: &bytes,
            as_written: matches!(bytes, Cow::Borrowed(_)),
            extension: entry.extension,
            place,
        };
        match entry.directive {
            Directive::UserAgent => self.user_agent(&read),
            Directive::Allow => self.rule(RuleKind::Allow, &read),
            Directive::Disallow => self.rule(RuleKind::Disallow, &read),
            Directive::Sitemap if !bytes.is_empty() => {
                let record = self.record(&read);
                self.model.sitemaps.push(record);
            }
            Directive::Sitemap => {}
            Directive::Other => {
                let record = self.record(&read);
                self.model.records.push(record);
            }
        }
    }

    /// The model; what the limits cut goes to `findings`, when there is one.
    pub(crate) fn finish(mut self, findings: Option<&mut Findings<'_, '_>>) -> Model {
        if let Some(findings) = findings {
            for (place, hit) in &self.hits {
                findings.push_limit(*place, hit);
            }
        }
        self.model.arena = self.arena.into_boxed_slice();
        self.model.groups.shrink_to_fit();
        self.model.agents.shrink_to_fit();
        self.model.rules.shrink_to_fit();
        self.model.sitemaps.shrink_to_fit();
        self.model.records.shrink_to_fit();
        self.model
    }

    /// Keeps `bytes` in the arena.
    fn keep(&mut self, bytes: &[u8]) -> Text {
        let start = to_u32(self.arena.len());
        self.arena.extend_from_slice(bytes);
        Text {
            start,
            end: to_u32(self.arena.len()),
        }
    }

    /// Keeps the line's text; the key and the value as parts of it (the value apart when it is
    /// not the written bytes).
    fn keep_line(&mut self, read: &Read<'_>) -> (Text, Text, Text) {
        let content = read.line.content;
        let text = self.keep(self.source.slice(content));
        let part = |span: Span| text.within(span.start - content.start, span.len());
        let key = part(read.key);
        let value = if read.as_written {
            part(read.value)
        } else {
            self.keep(read.bytes)
        };
        (text, key, value)
    }

    fn record(&mut self, read: &Read<'_>) -> StoredRecord {
        let key = self.keep(self.source.slice(read.key));
        let value = self.keep(read.bytes);
        let inside = !self.closed && !self.dropping_group;
        StoredRecord {
            line: read.line.number,
            group: self
                .model
                .groups
                .len()
                .checked_sub(1)
                .filter(|_| inside)
                .map(to_u32),
            key,
            value,
            extension: read.extension,
            typed: read
                .extension
                .and_then(|e| match extension::read(e, read.bytes) {
                    Ok(value) => value.kept().map(Ok),
                    Err(error) => Some(Err(error)),
                })
                .map(Box::new),
        }
    }

    /// The blank line seen since the current group's last line is inside it.
    fn inside_group(&mut self) {
        if let Some(blank) = self.pending_blank.take() {
            if let Some(group) = self.model.groups.last_mut() {
                group.blank.get_or_insert(blank);
            }
        }
    }

    fn user_agent(&mut self, read: &Read<'_>) {
        self.closed = false;
        let dropping = if self.open_group {
            self.dropping_group
        } else if self.model.groups.len() >= self.limits.groups {
            self.groups_hit = self.hit(self.groups_hit, Limit::Groups, read);
            true
        } else {
            let at = to_u32(self.model.agents.len());
            let rules = to_u32(self.model.rules.len());
            self.model.groups.push(StoredGroup {
                agents: at..at,
                rules: rules..rules,
                blank: None,
            });
            self.pending_blank = None;
            self.rules_in_group = 0;
            self.rules_hit = None;
            false
        };
        self.open_group = true;
        self.dropping_group = dropping;
        if dropping {
            return;
        }
        self.inside_group();
        let (text, key, value) = self.keep_line(read);
        let token = read_agent(read.bytes, self.profile.agent_value).map(|token| {
            let name = read.bytes.get(token.clone()).unwrap_or_default();
            if std::str::from_utf8(name).is_ok() {
                value.within(token.start, token.len())
            } else {
                // Kept as text: each byte that is not UTF-8 stands as U+001A (see `Agent`).
                let text = Source::new(name).text().to_owned();
                self.keep(text.as_bytes())
            }
        });
        self.model.agents.push(StoredAgent {
            line: read.line.number,
            text,
            key,
            value,
            token,
        });
        if let Some(group) = self.model.groups.last_mut() {
            group.agents.end = to_u32(self.model.agents.len());
        }
    }

    /// Records that `limit` left out the line read: one more line ignored under the hit at
    /// index `counting`, or a new hit. Returns the hit's index.
    fn hit(&mut self, counting: Option<usize>, limit: Limit, read: &Read<'_>) -> Option<usize> {
        match counting.and_then(|i| self.hits.get_mut(i)) {
            Some((_, hit)) => hit.ignored += 1,
            None => self.hits.push((
                read.place,
                LimitHit::new(limit, self.limits.get(limit), read.value),
            )),
        }
        counting.or(Some(self.hits.len() - 1))
    }

    fn rule(&mut self, kind: RuleKind, read: &Read<'_>) {
        if self.closed || self.model.groups.is_empty() {
            self.model.orphan_rules.push(read.line.number);
            return;
        }
        self.open_group = false;
        if self.dropping_group {
            return;
        }
        if self.rules_in_group >= self.limits.rules_per_group {
            self.rules_hit = self.hit(self.rules_hit, Limit::RulesPerGroup, read);
            return;
        }
        let normalised = normalise(read.bytes, self.profile.pattern_encoding);
        if normalised.len() > self.limits.pattern_bytes {
            self.hit(None, Limit::PatternBytes, read);
            return;
        }
        self.rules_in_group += 1;
        self.inside_group();
        let directory = (self.profile.index_htm_allows_directory && kind == RuleKind::Allow)
            .then(|| index_htm_directory(&normalised))
            .flatten();
        let (text, key, value) = self.keep_line(read);
        let pattern = match normalised {
            Cow::Borrowed(_) => value,
            Cow::Owned(pattern) => self.keep(&pattern),
        };
        let written = StoredRule {
            line: read.line.number,
            kind,
            origin: RuleOrigin::Written,
            key_spelling: read.spelling,
            text,
            key,
            value,
            pattern,
        };
        let derived = directory.map(|directory| StoredRule {
            origin: RuleOrigin::IndexHtmDirectory,
            pattern: self.keep(&directory),
            ..written.clone()
        });
        self.model.rules.push(written);
        self.model.rules.extend(derived);
        if let Some(group) = self.model.groups.last_mut() {
            group.rules.end = to_u32(self.model.rules.len());
        }
    }
}

/// A line being read by the model.
struct Read<'r> {
    line: &'r Line,
    key: Span,
    spelling: Spelling,
    /// The value as the variant reads it, in the input.
    value: Span,
    /// Its bytes (without the bytes that are not UTF-8 when those are dropped).
    bytes: &'r [u8],
    /// `bytes` are the value's bytes in the input (none were dropped).
    as_written: bool,
    /// The known extension the key names.
    extension: Option<Extension>,
    place: Place,
}

/// Google's `index.htm` rule: when the pattern's last `/` starts `/index.htm…`, the directory
/// up to and including that `/`, anchored with `$`.
fn index_htm_directory(pattern: &[u8]) -> Option<Vec<u8>> {
    let slash = memchr::memrchr(b'/', pattern)?;
    let (directory, last_segment) = pattern.split_at(slash + 1);
    last_segment
        .starts_with(b"index.htm")
        .then(|| [directory, b"$"].concat())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse;
    use crate::variant::Variant;

    fn model(text: &str, variant: Variant) -> Model {
        Model::build(&parse(text.as_bytes(), variant))
    }

    #[test]
    fn groups_start_at_a_user_agent_after_a_rule() {
        let m = model(
            "user-agent: a\n\nuser-agent: b\ncrawl-delay: 1\nsitemap: /s\nuser-agent: c\ndisallow: /x\nuser-agent: d\nallow: /y\n",
            Variant::Google,
        );
        assert_eq!(m.groups().len(), 2);
        assert_eq!(m.groups().next().unwrap().agents().len(), 3);
        assert_eq!(m.group(1).unwrap().agents().len(), 1);
        assert_eq!(m.sitemaps().len(), 1);
        assert_eq!(m.records().len(), 1);
    }

    #[test]
    fn orphan_rules_are_set_aside() {
        let m = model(
            "disallow: /a\nuser-agent: *\ndisallow: /b\n",
            Variant::Rfc9309,
        );
        assert_eq!(m.orphan_rules(), [1]);
        assert_eq!(m.rules().len(), 1);
    }

    #[test]
    fn index_htm_rule_adds_the_directory() {
        let m = model("user-agent: *\nallow: /d/index.html\n", Variant::Google);
        let patterns: Vec<&[u8]> = m.rules().map(|r| r.pattern()).collect();
        assert_eq!(patterns, [&b"/d/index.html"[..], b"/d/$"]);
        let m = model("user-agent: *\nallow: /d/index.html\n", Variant::Rfc9309);
        assert_eq!(m.rules().len(), 1);
    }

    #[test]
    fn blank_lines_end_records_in_1994_and_1996_only() {
        let text = "user-agent: foo\n\ndisallow: /private\n";
        for variant in [Variant::Convention1994, Variant::Draft1996] {
            let m = model(text, variant);
            assert_eq!(m.orphan_rules(), [3], "{variant}");
        }
        assert!(model(text, Variant::RepDraft2019).orphan_rules().is_empty());
    }

    /// The agent of the first line of the first group, as an owned name (`None` for `*`).
    fn first_agent(text: &str, variant: Variant) -> Option<Vec<u8>> {
        let m = model(text, variant);
        let group = m.groups().next().unwrap();
        let agent = group.agents().next().unwrap().agent();
        match agent {
            Agent::Global => None,
            Agent::Named(name) => Some(name.as_bytes().to_vec()),
        }
    }

    #[test]
    fn agent_values_are_read_per_variant() {
        let text = "user-agent: googlebot/1.2\n";
        assert_eq!(
            first_agent(text, Variant::Google),
            Some(b"googlebot".to_vec())
        );
        assert_eq!(
            first_agent(text, Variant::Convention1994),
            Some(b"googlebot".to_vec())
        );
        assert_eq!(
            first_agent(text, Variant::RepDraft2019),
            Some(b"googlebot/1.2".to_vec())
        );
        let text = "user-agent: * junk\n";
        assert_eq!(first_agent(text, Variant::Google), None);
        assert!(first_agent(text, Variant::RepDraft2019).is_some());
    }

    #[test]
    fn nul_ends_the_line_for_google_only() {
        let text = "user-agent: *\ndisallow: /a\0b\n";
        let google = model(text, Variant::Google);
        assert_eq!(google.rule(0).unwrap().pattern(), b"/a");
        let rfc = model(text, Variant::Rfc9309);
        assert_eq!(rfc.rule(0).unwrap().pattern(), b"/a\0b");
    }

    /// Google reads a line as a C string: the NUL ends it before the key and value are split,
    /// so the colon after it is gone and `Disallow /a` is the two-word line with the colon
    /// missing (Google's library disallows `/a`).
    #[test]
    fn nul_ends_the_line_before_key_and_value_are_split() {
        let text = "user-agent: *\ndisallow /a\0: b\n";
        let google = model(text, Variant::Google);
        let patterns: Vec<&[u8]> = google.rules().map(|r| r.pattern()).collect();
        assert_eq!(patterns, [&b"/a"[..]]);
        // Read losslessly, the line is the key `disallow /a\0` (no directive) with the value `b`.
        assert_eq!(model(text, Variant::Rfc9309).rules().len(), 0);
    }

    /// Vertical tab and form feed are whitespace to Google around the line, the key and the
    /// value (`absl::StripAsciiWhitespace`); the lossless reading keeps them as text.
    #[test]
    fn vertical_tab_and_form_feed_are_whitespace_to_google() {
        let text =
            "user-agent: *\n\x0Cdisallow\x0B:\x0B/x\x0B\nallow \x0C/y\x0C\ncrawl-delay\x0C: 1\n";
        let google = model(text, Variant::Google);
        let patterns: Vec<&[u8]> = google.rules().map(|r| r.pattern()).collect();
        assert_eq!(patterns, [&b"/x"[..], b"/y"]);
        let record = google.records().next().unwrap();
        assert_eq!((record.key, record.value), (&b"crawl-delay"[..], &b"1"[..]));
        let rfc = model(text, Variant::Rfc9309);
        assert!(rfc.rules().all(|r| r.pattern() != b"/x"));
    }

    #[test]
    fn agent_values_are_read_as_tokens() {
        let m = model(
            "user-agent: Googlebot/2.1\nuser-agent: * junk\n",
            Variant::Google,
        );
        let agents: Vec<Agent<'_>> = m
            .groups()
            .next()
            .unwrap()
            .agents()
            .map(|a| a.agent())
            .collect();
        assert_eq!(agents, [Agent::Named("Googlebot"), Agent::Global]);
    }

    #[test]
    fn blank_lines_inside_groups_are_recorded() {
        let m = model(
            "user-agent: a\n\ndisallow: /x\n\nuser-agent: b\ndisallow: /y\n\n",
            Variant::Rfc9309,
        );
        let blanks: Vec<Option<u32>> = m.groups().map(|g| g.blank_line()).collect();
        assert_eq!(blanks, [Some(2), None]);
    }

    #[test]
    fn unchanged_patterns_are_not_stored_twice() {
        let m = model("user-agent: *\ndisallow: /plain\n", Variant::Google);
        assert_eq!(m.arena.len(), "user-agent: *disallow: /plain".len());
        let m = model("user-agent: *\ndisallow: /caf\u{e9}\n", Variant::Google);
        assert_eq!(m.rule(0).unwrap().pattern(), b"/caf%C3%A9");
    }
}
