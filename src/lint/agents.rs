//! Crawler names: what each reading makes of every `user-agent` value, against the crawler the
//! author most likely meant (the catalogue, `crawlers.rs`); and path rules written for control
//! tokens, which never fetch.
//!
//! A reading may keep only part of a value (Google and RFC 9309 keep the leading run of
//! `[A-Za-z_-]`: `AI2Bot` names `AI`), keep nothing (`360Spider` names the empty token), or keep
//! a whole value no crawler can send (the 2019 draft reads `Kangaroo Bot` whole, and a product
//! token has no space). Each line gets one finding per outcome, naming the readings that reach
//! it.

use std::collections::BTreeMap;

use super::code::LintCode;
use super::context::{listed, Context, Reading};
use super::crawlers::{self, Crawler, Purpose};
use super::finding::Collector;
use crate::model::{Agent, Group};
use crate::variant::Profile;
use crate::vocab::pattern::RuleKind;

/// What one reading makes of a value.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    /// The value itself (any case).
    Whole,
    /// A shorter name.
    Cut(String),
    /// Nothing: no crawler's token is empty.
    Empty,
    /// The whole value, which holds a byte no product token has.
    Unsendable,
}

/// One `user-agent` line: its value as written and what each reading makes of it.
struct AgentLine {
    value: String,
    outcomes: BTreeMap<Outcome, Vec<usize>>,
}

pub(super) fn check(context: &Context<'_>, found: &mut Collector) {
    let mut lines: BTreeMap<u32, AgentLine> = BTreeMap::new();
    for reading in &context.readings {
        for group in reading.robots.groups() {
            for agent in group.agents() {
                let Agent::Named(name) = agent.agent() else {
                    continue;
                };
                let value = String::from_utf8_lossy(agent.value()).trim().to_owned();
                let entry = lines.entry(agent.line()).or_insert_with(|| AgentLine {
                    value: value.clone(),
                    outcomes: BTreeMap::new(),
                });
                let outcome = outcome(&value, name);
                entry
                    .outcomes
                    .entry(outcome)
                    .or_default()
                    .push(reading.number);
            }
            control_token_rules(context, reading, &group, found);
        }
    }
    for (line, agent) in &lines {
        report(context, *line, agent, found);
    }
}

fn outcome(value: &str, name: &str) -> Outcome {
    if name.eq_ignore_ascii_case(value) {
        match is_token(name) {
            true => Outcome::Whole,
            false => Outcome::Unsendable,
        }
    } else if name.is_empty() {
        Outcome::Empty
    } else if !is_token(name) {
        Outcome::Unsendable
    } else {
        Outcome::Cut(name.to_owned())
    }
}

/// `[A-Za-z_-]+`, RFC 9309's product token.
fn is_token(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphabetic() || b == b'_' || b == b'-')
}

fn names(context: &Context<'_>, readings: &[usize]) -> String {
    let names: Vec<String> = readings
        .iter()
        .filter_map(|r| context.readings.iter().find(|x| x.number == *r))
        .map(|r| Profile::name(&r.profile))
        .collect();
    listed(&names)
}

fn describe(crawler: &Crawler) -> String {
    format!(
        "{} ({}, {})",
        crawler.token, crawler.operator, crawler.purpose
    )
}

fn report(context: &Context<'_>, line: u32, agent: &AgentLine, found: &mut Collector) {
    let value = &agent.value;
    let at = Some((line, context.lines.value_column(line, value.as_bytes())));
    let meant = crawlers::meant(value);
    for (outcome, readings) in &agent.outcomes {
        let who = names(context, readings);
        match outcome {
            Outcome::Whole => misspelt(value, meant, at, readings, found),
            Outcome::Empty | Outcome::Unsendable => {
                let what = match outcome {
                    Outcome::Empty => format!(
                        "read `{value}` as an empty name (it does not start with a letter, `_` \
                         or `-`)"
                    ),
                    _ => format!(
                        "read the whole `{value}` (no crawler sends a name with spaces or \
                         characters outside `A-Z a-z _ -`)"
                    ),
                };
                let message = format!(
                    "{who} {what}: the group applies to no crawler{}",
                    gets_star(meant)
                );
                let fix = fix(value, meant);
                found.add(LintCode::AgentNeverMatches, at, readings, message, fix);
            }
            Outcome::Cut(name) => cut(value, name, meant, at, &who, readings, found),
        }
    }
}

/// `, and X gets the `*` groups`, naming the crawler meant.
fn gets_star(meant: Option<&Crawler>) -> String {
    meant.map_or_else(String::new, |c| {
        format!("; {} gets the `*` groups instead", describe(c))
    })
}

/// The certain fix: the meant crawler's token, when it is a product token other than the value.
fn fix(value: &str, meant: Option<&Crawler>) -> Option<String> {
    let crawler = meant?;
    (is_token(&crawler.token) && !crawler.token.eq_ignore_ascii_case(value))
        .then(|| format!("`User-agent: {}`", crawler.token))
}

fn cut(
    value: &str,
    name: &str,
    meant: Option<&Crawler>,
    at: super::finding::At,
    who: &str,
    readings: &[usize],
    found: &mut Collector,
) {
    // `Name/1.2`: only a version follows the name (a whole User-Agent header does not count).
    let version_dropped = value.strip_prefix(name).is_some_and(|rest| {
        rest.starts_with('/') && !rest.contains(|c: char| c.is_whitespace() || "();".contains(c))
    });
    let is_meant = meant.is_some_and(|c| c.token.eq_ignore_ascii_case(name));
    if is_meant || (meant.is_none() && version_dropped) {
        let message = format!(
            "{who} read `{value}` as `{name}`, the name the crawler answers to: the group works, \
             but a user-agent line names a product token only"
        );
        let fix = Some(format!("`User-agent: {name}`"));
        found.add(LintCode::AgentShortened, at, readings, message, fix);
        return;
    }
    let unnamable = meant
        .filter(|c| !is_token(&c.token))
        .map_or_else(String::new, |c| {
            format!(
                " (no group can name {} under these readings: its name is not a product token)",
                c.token
            )
        });
    let Some(crawler) = meant else {
        let message = format!(
            "{who} read `{value}` as `{name}`: the group is for a crawler that answers to \
             `{name}`; a crawler that sends another name gets the `*` groups"
        );
        found.add(LintCode::AgentCut, at, readings, message, None);
        return;
    };
    let message = format!(
        "{who} read `{value}` as `{name}`: the group is for a crawler called `{name}`{}{unnamable}",
        gets_star(Some(crawler))
    );
    found.add(
        LintCode::AgentMisread,
        at,
        readings,
        message,
        fix(value, meant),
    );
}

fn misspelt(
    value: &str,
    meant: Option<&Crawler>,
    at: super::finding::At,
    readings: &[usize],
    found: &mut Collector,
) {
    if meant.is_some() {
        return;
    }
    let Some(crawler) = crawlers::near(value) else {
        return;
    };
    let message = format!(
        "no known crawler is called `{value}`; the author most likely meant {}, which this group \
         does not name",
        describe(crawler)
    );
    found.add(
        LintCode::AgentMisspelt,
        at,
        readings,
        message,
        fix(value, Some(crawler)),
    );
}

/// A group for a control token (Google-Extended, Applebot-Extended) with rules other than
/// `Disallow: /` or `Allow: /`: the token never fetches, so the rules stop no fetch.
fn control_token_rules(
    context: &Context<'_>,
    reading: &Reading,
    group: &Group<'_>,
    found: &mut Collector,
) {
    let control = group.agents().find_map(|a| match a.agent() {
        Agent::Named(name) => crawlers::find(name).filter(|c| c.purpose == Purpose::Control),
        Agent::Global => None,
    });
    let Some(crawler) = control else { return };
    let path_rule = group
        .rules()
        .find(|r| !r.is_empty() && r.pattern() != b"/" && r.kind() != RuleKind::Allow);
    if let Some(rule) = path_rule {
        let message = format!(
            "{} never fetches anything ({}'s crawlers fetch, under their own groups): these path \
             rules stop no fetch; they only say which pages may not be used for AI training",
            crawler.token, crawler.operator
        );
        let at = Some((
            rule.line(),
            context.lines.value_column(rule.line(), rule.value()),
        ));
        found.add(
            LintCode::ControlTokenRules,
            at,
            &[reading.number],
            message,
            None,
        );
    }
}
