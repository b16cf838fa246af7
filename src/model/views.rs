//! The model and the views it hands out: [`Group`], [`AgentLine`], [`Rule`], [`Sitemap`] and
//! [`Record`] borrow the model's arena and entries (`store.rs`) and read them on demand, so a
//! view costs two words and nothing is copied until a caller asks for text.

use std::fmt;
use std::ops::Range;

use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;

use super::agent::Agent;
use super::store::{Reading, RuleOrigin, StoredAgent, StoredGroup, StoredRecord, StoredRule, Text};
use crate::variant::Spelling;
use crate::vocab::extension::{ContentUsage, Extension, ExtensionValue, Scope, ValueError};
use crate::vocab::pattern::RuleKind;

/// A robots.txt file as a variant understands it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Model {
    pub(super) arena: Box<[u8]>,
    pub(super) groups: Vec<StoredGroup>,
    pub(super) agents: Vec<StoredAgent>,
    pub(super) rules: Vec<StoredRule>,
    pub(super) sitemaps: Vec<StoredRecord>,
    pub(super) records: Vec<StoredRecord>,
    pub(super) orphan_rules: Vec<u32>,
}

impl Model {
    /// An empty model with room for what a file of `len` bytes typically holds, so that the
    /// entries of most files are written without growing their vectors (real files hold about
    /// one rule in 80 bytes and one `User-agent` line in 800; the builder gives back what is
    /// left over when it finishes).
    pub(super) fn with_room_for(len: usize) -> Model {
        Model {
            groups: Vec::with_capacity(len / 1024 + 1),
            agents: Vec::with_capacity(len / 512 + 1),
            rules: Vec::with_capacity(len / 64 + 1),
            ..Model::default()
        }
    }

    pub(super) fn text(&self, text: Text) -> &[u8] {
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
        let range = self.stored().map_or(0..0, |g| to_range(&g.records));
        model
            .records
            .get(range)
            .unwrap_or_default()
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
