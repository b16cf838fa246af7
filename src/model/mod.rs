//! The model stage: lines → groups, rules, sitemaps and other records, as the variant reads them.
//!
//! Grouping follows RFC 9309 §2.1 (which Google's library also follows): a `user-agent` line that
//! follows a rule starts a new group, consecutive `user-agent` lines share one group (blank,
//! comment, sitemap and unknown lines between them change nothing), rules before the first
//! `user-agent` line belong to no group and are ignored. In the 1994 and 1996 texts a blank line
//! also ends a record (the profile's `blank_line_ends_group`): rules after it and before the
//! next `user-agent` line belong to no record. What a value *means* (its pattern after
//! normalisation, its agent token) is decided here too, from the variant's profile, so that the
//! matcher only ever sees ready-to-compile patterns.
//!
//! The group, rule and pattern [`Limits`] are applied here: what they cut is left out of the
//! model and recorded in [`Model::limit_hits`].

mod value;

use std::borrow::Cow;

use crate::agent::{agent_token, AgentToken};
use crate::limits::{Limit, LimitHit, Limits};
use crate::pattern::{normalise, RuleKind};
use crate::source::Span;
use crate::syntax::{Line, LineBody, Parsed};
use crate::variant::{AgentMatching, Directive, Profile};

/// Who a `user-agent` line names.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Agent {
    /// `*`: every crawler no specific group names.
    Global,
    /// A product token as the variant reads it (Google: the leading `[A-Za-z_-]` run), kept in
    /// the file's spelling; compared case-insensitively.
    Named(Box<[u8]>),
}

/// One `user-agent` line of a group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgentLine {
    /// 1-based line number.
    pub line: u32,
    /// The value as written.
    pub value: Span,
    /// What it names.
    pub agent: Agent,
}

/// Where a rule comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RuleOrigin {
    /// Written in the file.
    Written,
    /// Added by Google's `index.htm` rule for the `allow` on the same line: `Allow: /d/index.html`
    /// also allows `/d/` exactly (pattern `/d/$`).
    IndexHtmDirectory,
}

/// An `allow` or `disallow` rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    /// Allow or disallow.
    pub kind: RuleKind,
    /// 1-based line number.
    pub line: u32,
    /// The value as the variant reads it (after line-length and NUL cuts), in the input.
    pub value: Span,
    /// The pattern that is matched: the value normalised by the variant. Empty for an empty
    /// value, which never matches.
    pub pattern: Box<[u8]>,
    /// Written, or derived from another rule.
    pub origin: RuleOrigin,
}

impl Rule {
    /// True when the rule can never match (empty pattern): it is kept for explanations only.
    pub fn is_empty(&self) -> bool {
        self.pattern.is_empty()
    }
}

/// A group: one or more `user-agent` lines and the rules after them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// The `user-agent` lines, in file order.
    pub agents: Vec<AgentLine>,
    /// Indices into [`Model::rules`], in file order (a derived rule follows its source).
    pub rules: Vec<usize>,
}

impl Group {
    /// 1-based line of the group's first `user-agent` line.
    pub fn line(&self) -> u32 {
        self.agents.first().map_or(0, |a| a.line)
    }

    /// True when one of the group's `user-agent` lines is `*`.
    pub fn is_global(&self) -> bool {
        self.agents.iter().any(|a| a.agent == Agent::Global)
    }
}

/// A `sitemap` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sitemap {
    /// 1-based line number.
    pub line: u32,
    /// The URL exactly as written (not validated, not resolved).
    pub url: Box<[u8]>,
}

/// Any other `key: value` record (crawl-delay, host, clean-param, content-signal, …).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// 1-based line number.
    pub line: u32,
    /// The key as written.
    pub key: Box<[u8]>,
    /// The value as written (empty when absent).
    pub value: Box<[u8]>,
}

/// A robots.txt file as a variant understands it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Model {
    /// Groups in file order.
    pub groups: Vec<Group>,
    /// Every rule of every group.
    pub rules: Vec<Rule>,
    /// Sitemaps in file order, wherever they appear.
    pub sitemaps: Vec<Sitemap>,
    /// Other records in file order.
    pub records: Vec<Record>,
    /// Lines of rules that precede every `user-agent` line, and are therefore ignored.
    pub orphan_rules: Vec<u32>,
    /// Where a limit left groups or rules out, in file order.
    pub limit_hits: Vec<LimitHit>,
}

impl Model {
    /// Builds the model of a parsed file.
    pub fn build(parsed: &Parsed<'_>) -> Model {
        let profile = parsed.variant().profile();
        let mut builder = Builder {
            parsed,
            profile,
            limits: parsed.options().limits,
            model: Model::default(),
            open_group: false,
            closed: false,
            dropping_group: false,
            rules_in_group: 0,
            groups_hit: None,
            rules_hit: None,
        };
        for line in parsed.lines() {
            builder.line(line);
        }
        builder.model.shrink_to_fit();
        builder.model
    }

    /// Gives back the spare capacity of the large vectors: a model is built once and kept. (A
    /// group's own small vectors are left alone: reallocating each costs more than it saves.)
    fn shrink_to_fit(&mut self) {
        self.groups.shrink_to_fit();
        self.rules.shrink_to_fit();
        self.sitemaps.shrink_to_fit();
        self.records.shrink_to_fit();
    }
}

struct Builder<'p, 'a> {
    parsed: &'p Parsed<'a>,
    profile: &'static Profile,
    limits: Limits,
    model: Model,
    /// The last group still accepts `user-agent` lines (no rule seen since its last one).
    open_group: bool,
    /// The last group was ended by a blank line: rules now belong to no group.
    closed: bool,
    /// The current group is past [`Limits::groups`]: its lines are left out.
    dropping_group: bool,
    /// Written rules kept in the current group.
    rules_in_group: usize,
    /// Index in `limit_hits` of the groups limit's hit, once reached.
    groups_hit: Option<usize>,
    /// Index in `limit_hits` of the current group's rules limit hit, once reached.
    rules_hit: Option<usize>,
}

impl Builder<'_, '_> {
    fn line(&mut self, line: &Line) {
        if line.body == LineBody::Blank && self.profile.blank_line_ends_group {
            self.open_group = false;
            self.closed = true;
        }
        let Some(entry) = line.entry() else { return };
        let Some(value) = value::effective(self.parsed, self.profile, line, entry) else {
            return;
        };
        let bytes = if self.parsed.options().drop_invalid_utf8 {
            self.parsed.source().without_invalid_utf8(value)
        } else {
            Cow::Borrowed(self.parsed.slice(value))
        };
        let bytes = bytes.as_ref();
        match entry.directive {
            Directive::UserAgent => self.user_agent(line.number, value, bytes),
            Directive::Allow => self.rule(RuleKind::Allow, line.number, value, bytes),
            Directive::Disallow => self.rule(RuleKind::Disallow, line.number, value, bytes),
            Directive::Sitemap if !bytes.is_empty() => self.model.sitemaps.push(Sitemap {
                line: line.number,
                url: bytes.into(),
            }),
            Directive::Sitemap => {}
            Directive::Other => self.model.records.push(Record {
                line: line.number,
                key: self.parsed.slice(entry.key).into(),
                value: bytes.into(),
            }),
        }
    }

    fn user_agent(&mut self, line: u32, value: Span, bytes: &[u8]) {
        let agent = read_agent(bytes, self.profile.agent_matching);
        self.closed = false;
        let agent_line = AgentLine { line, value, agent };
        if self.open_group {
            if let Some(group) = self
                .model
                .groups
                .last_mut()
                .filter(|_| !self.dropping_group)
            {
                group.agents.push(agent_line);
            }
        } else if self.model.groups.len() >= self.limits.groups {
            self.dropping_group = true;
            self.groups_hit = self.hit(self.groups_hit, Limit::Groups, value);
        } else {
            self.model.groups.push(Group {
                agents: vec![agent_line],
                rules: Vec::new(),
            });
            self.rules_in_group = 0;
            self.rules_hit = None;
        }
        self.open_group = true;
    }

    /// Records that `limit` left out the line at `span`: one more line ignored under the hit
    /// at index `counting`, or a new hit. Returns the hit's index.
    fn hit(&mut self, counting: Option<usize>, limit: Limit, span: Span) -> Option<usize> {
        match counting.and_then(|i| self.model.limit_hits.get_mut(i)) {
            Some(hit) => hit.ignored += 1,
            None => {
                self.model
                    .limit_hits
                    .push(LimitHit::new(limit, self.limits.value(limit), span))
            }
        }
        counting.or(Some(self.model.limit_hits.len() - 1))
    }

    fn rule(&mut self, kind: RuleKind, line: u32, value: Span, bytes: &[u8]) {
        if self.closed || self.model.groups.is_empty() {
            self.model.orphan_rules.push(line);
            return;
        }
        self.open_group = false;
        if self.dropping_group {
            return;
        }
        if self.rules_in_group >= self.limits.rules_per_group {
            self.rules_hit = self.hit(self.rules_hit, Limit::RulesPerGroup, value);
            return;
        }
        let pattern: Box<[u8]> = normalise(bytes, self.profile.pattern_encoding).into();
        if pattern.len() > self.limits.pattern_bytes {
            self.hit(None, Limit::PatternBytes, value);
            return;
        }
        self.rules_in_group += 1;
        let Some(group) = self.model.groups.last_mut() else {
            return;
        };
        let directory = (self.profile.index_htm_allows_directory && kind == RuleKind::Allow)
            .then(|| index_htm_directory(&pattern))
            .flatten();
        let derived = directory.map(|pattern| (pattern, RuleOrigin::IndexHtmDirectory));
        for (pattern, origin) in std::iter::once((pattern, RuleOrigin::Written)).chain(derived) {
            group.rules.push(self.model.rules.len());
            self.model.rules.push(Rule {
                kind,
                line,
                value,
                pattern,
                origin,
            });
        }
    }
}

/// What a `user-agent` value names, as the variant reads it.
fn read_agent(value: &[u8], matching: AgentMatching) -> Agent {
    let named = |name: &[u8]| Agent::Named(name.into());
    match matching {
        AgentMatching::LeadingToken => match agent_token(value) {
            AgentToken::Global => Agent::Global,
            AgentToken::Named(name) => named(name),
        },
        AgentMatching::WholeValue if value == b"*" => Agent::Global,
        AgentMatching::WholeValue => named(value),
        AgentMatching::NameWithoutVersion => {
            let name = value.split(|&b| b == b'/').next().unwrap_or_default();
            let end = name
                .iter()
                .rposition(|&b| b != b' ' && b != b'\t')
                .map_or(0, |last| last + 1);
            match name.get(..end).unwrap_or_default() {
                b"*" => Agent::Global,
                name => named(name),
            }
        }
    }
}

/// Google's `index.htm` rule: when the pattern's last `/` starts `/index.htm…`, the directory
/// up to and including that `/`, anchored with `$`.
fn index_htm_directory(pattern: &[u8]) -> Option<Box<[u8]>> {
    let slash = pattern.iter().rposition(|&b| b == b'/')?;
    let (directory, last_segment) = pattern.split_at(slash + 1);
    last_segment
        .starts_with(b"index.htm")
        .then(|| [directory, b"$"].concat().into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::{parse, Mode};
    use crate::Variant;

    fn model(text: &str, variant: Variant) -> Model {
        Model::build(&parse(text.as_bytes(), variant, Mode::Lenient).unwrap())
    }

    #[test]
    fn groups_start_at_a_user_agent_after_a_rule() {
        let m = model(
            "user-agent: a\n\nuser-agent: b\ncrawl-delay: 1\nsitemap: /s\nuser-agent: c\ndisallow: /x\nuser-agent: d\nallow: /y\n",
            Variant::Google,
        );
        assert_eq!(m.groups.len(), 2);
        assert_eq!(m.groups[0].agents.len(), 3);
        assert_eq!(m.groups[1].agents.len(), 1);
        assert_eq!(m.sitemaps.len(), 1);
        assert_eq!(m.records.len(), 1);
    }

    #[test]
    fn orphan_rules_are_set_aside() {
        let m = model(
            "disallow: /a\nuser-agent: *\ndisallow: /b\n",
            Variant::Rfc9309,
        );
        assert_eq!(m.orphan_rules, [1]);
        assert_eq!(m.rules.len(), 1);
    }

    #[test]
    fn index_htm_rule_adds_the_directory() {
        let m = model("user-agent: *\nallow: /d/index.html\n", Variant::Google);
        let patterns: Vec<&[u8]> = m.rules.iter().map(|r| &*r.pattern).collect();
        assert_eq!(patterns, [&b"/d/index.html"[..], b"/d/$"]);
        let m = model("user-agent: *\nallow: /d/index.html\n", Variant::Rfc9309);
        assert_eq!(m.rules.len(), 1);
    }

    #[test]
    fn blank_lines_end_records_in_1994_and_1996_only() {
        let text = "user-agent: foo\n\ndisallow: /private\n";
        for variant in [Variant::Convention1994, Variant::Draft1996] {
            let m = model(text, variant);
            assert_eq!(m.orphan_rules, [3], "{variant}");
        }
        assert!(model(text, Variant::RepDraft2019).orphan_rules.is_empty());
    }

    #[test]
    fn agent_values_are_read_per_variant() {
        let text = "user-agent: googlebot/1.2\n";
        let agent = |v| model(text, v).groups[0].agents[0].agent.clone();
        assert_eq!(agent(Variant::Google), Agent::Named((*b"googlebot").into()));
        assert_eq!(
            agent(Variant::Convention1994),
            Agent::Named((*b"googlebot").into())
        );
        assert_eq!(
            agent(Variant::RepDraft2019),
            Agent::Named((*b"googlebot/1.2").into())
        );
        let text = "user-agent: * junk\n";
        assert_eq!(
            model(text, Variant::Google).groups[0].agents[0].agent,
            Agent::Global
        );
        assert_ne!(
            model(text, Variant::RepDraft2019).groups[0].agents[0].agent,
            Agent::Global
        );
    }

    #[test]
    fn nul_ends_the_line_for_google_only() {
        let text = "user-agent: *\ndisallow: /a\0b\n";
        let google = model(text, Variant::Google);
        assert_eq!(&*google.rules[0].pattern, b"/a");
        let rfc = model(text, Variant::Rfc9309);
        assert_eq!(&*rfc.rules[0].pattern, b"/a\0b");
    }

    #[test]
    fn agent_values_are_read_as_tokens() {
        let m = model(
            "user-agent: Googlebot/2.1\nuser-agent: * junk\n",
            Variant::Google,
        );
        assert_eq!(
            m.groups[0].agents[0].agent,
            Agent::Named((*b"Googlebot").into())
        );
        assert_eq!(m.groups[0].agents[1].agent, Agent::Global);
    }
}
