//! Builds the [`Model`] from the lines as the syntax stage reads them, one at a time: keeps the
//! text of the lines answers need in the arena, applies the group, rule and pattern limits, and
//! reads each known extension's value once.

use std::borrow::Cow;

use super::agent::read_agent;
use super::store::{to_u32, RuleOrigin, StoredAgent, StoredGroup, StoredRecord, StoredRule, Text};
use super::value;
use super::views::Model;
use crate::findings::{Findings, Place};
use crate::limits::{Limit, LimitHit, Limits};
use crate::pattern::normalise;
use crate::source::{Source, Span};
use crate::syntax::{Line, LineBody, Parsed};
use crate::variant::{Directive, Profile, Spelling};
use crate::vocab::extension::{self, Extension};
use crate::vocab::pattern::RuleKind;

/// The model of a parsed file (what a limit cuts is left out, unreported: a
/// [`Robots`](crate::Robots) reports it).
pub(crate) fn build(parsed: &Parsed<'_>) -> Model {
    let mut builder = ModelBuilder::new(parsed.source(), parsed.profile(), parsed.options());
    for line in parsed.lines() {
        builder.line(&line, line.place());
    }
    builder.finish(None)
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
            model: Model::with_room_for(source.text().len()),
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
                let group = record.group.map(|g| g as usize);
                self.model.records.push(record);
                if let Some(group) = group.and_then(|g| self.model.groups.get_mut(g)) {
                    group.records.end = to_u32(self.model.records.len());
                }
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
    #[cfg_attr(robotspec_hot_paths, optimize(speed))]
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

    #[cfg_attr(robotspec_hot_paths, optimize(speed))]
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
            let records = to_u32(self.model.records.len());
            self.model.groups.push(StoredGroup {
                agents: at..at,
                rules: rules..rules,
                records: records..records,
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

    #[cfg_attr(robotspec_hot_paths, optimize(speed))]
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
