//! The findings of the exact analysis (`robotspec::analysis`, docs/analysis.md): rules and
//! groups that decide nothing, a file that shuts every crawler out, and the paths on which two
//! readings part — each true of every request path, not of the paths someone thought to try.
//!
//! Every crawler the file names is asked about, and a crawler it does not name; crawlers to
//! which the same groups apply are analysed once.

use std::collections::{BTreeMap, BTreeSet};

use super::code::LintCode;
use super::context::{listed, Context, Reading};
use super::finding::Collector;
use crate::analysis::{self, Analysis, DeadCause, Difference, Equivalence, Paths};
use crate::model::{Rule, RuleKind};
use crate::query::{AgentQuery, Applicable};
use crate::vocab::access::Blocked;

pub(super) fn check(context: &Context<'_>, found: &mut Collector) {
    for reading in &context.readings {
        per_reading(reading, found);
    }
    for (i, first) in context.readings.iter().enumerate() {
        for second in context.readings.iter().skip(i + 1) {
            differences(first, second, found);
        }
    }
}

/// The crawlers worth asking about under a reading: each one the file names, then one it does
/// not name (`None`).
fn crawlers(readings: &[&Reading]) -> Vec<Option<String>> {
    let mut named: Vec<String> = Vec::new();
    for reading in readings {
        for agent in analysis::named_agents(&reading.robots) {
            if !named.contains(&agent) {
                named.push(agent);
            }
        }
    }
    named.into_iter().map(Some).chain([None]).collect()
}

fn applicable<'r>(reading: &'r Reading, crawler: Option<&str>) -> Applicable<'r> {
    match crawler {
        Some(token) => reading.robots.applicable(&AgentQuery::new(token)),
        None => reading.robots.unnamed(),
    }
}

/// How a crawler is named in a message.
fn crawler_name(crawler: Option<&str>) -> String {
    crawler.map_or_else(
        || "crawlers the file does not name".to_owned(),
        |c| format!("`{c}`"),
    )
}

/// Dead rules, dead groups, a file that shuts everyone out, and what the budget left open,
/// under one reading.
fn per_reading(reading: &Reading, found: &mut Collector) {
    let crawlers = crawlers(&[reading]);
    let applicables: Vec<Applicable<'_>> = crawlers
        .iter()
        .map(|c| applicable(reading, c.as_deref()))
        .collect();
    let analyses = analysis::analyze_each(&applicables);
    dead_rules(reading, &applicables, &analyses, found);
    dead_groups(reading, &applicables, found);
    if analyses.iter().all(|a| a.blocked() == Blocked::All) {
        blocks_everything(reading, found);
    }
    let undecided: Vec<String> = crawlers
        .iter()
        .zip(&analyses)
        .filter(|(_, a)| a.blocked() == Blocked::Undecided || a.dead_rules().is_none())
        .map(|(c, _)| crawler_name(c.as_deref()))
        .collect();
    if !undecided.is_empty() {
        let message = format!(
            "the exact analysis stopped at its budget (limit `analysis_states`) for {}: their \
             blocking and dead rules are not known",
            listed(&undecided)
        );
        found.add(
            LintCode::AnalysisUndecided,
            None,
            &[reading.number],
            message,
            None,
        );
    }
}

/// A rule is dead when it decides no URL for any crawler whose groups hold it.
fn dead_rules(
    reading: &Reading,
    applicables: &[Applicable<'_>],
    analyses: &[Analysis<'_>],
    found: &mut Collector,
) {
    // Per rule (by line): in how many analysed selections it stands, and the first dead report.
    let mut standing: BTreeMap<u32, usize> = BTreeMap::new();
    let mut dead: BTreeMap<u32, (usize, &analysis::DeadRule<'_>)> = BTreeMap::new();
    let mut seen: Vec<&Applicable<'_>> = Vec::new();
    for (applicable, analysis) in applicables.iter().zip(analyses) {
        if seen.iter().any(|s| s.same_groups(applicable)) {
            continue;
        }
        seen.push(applicable);
        for rule in applicable.rules() {
            *standing.entry(rule.line()).or_default() += 1;
        }
        for rule in analysis.dead_rules().unwrap_or_default() {
            let entry = dead.entry(rule.rule().line()).or_insert((0, rule));
            entry.0 += 1;
        }
    }
    for (line, (count, rule)) in dead {
        let everywhere = standing.get(&line).is_some_and(|&n| n == count);
        let empty_disallow =
            rule.cause() == DeadCause::Empty && rule.rule().kind() == RuleKind::Disallow;
        if !everywhere || empty_disallow {
            // An empty `Disallow:` has its own finding (`empty-disallow`).
            continue;
        }
        let message = format!(
            "`{}` decides no URL for any crawler: {}",
            rule.rule(),
            rule.why()
        );
        let fix = fix(rule);
        found.add(
            LintCode::DeadRule,
            Some((line, 1)),
            &[reading.number],
            message,
            fix,
        );
    }
}

/// The fix of a dead rule, where one is certain: remove a duplicate; write a space as `%20`,
/// as every client sends it.
fn fix(dead: &analysis::DeadRule<'_>) -> Option<String> {
    let rule = dead.rule();
    match dead.cause() {
        DeadCause::Duplicate => Some("remove the line".to_owned()),
        DeadCause::NeverMatches if rule.value().contains(&b' ') => {
            let value = String::from_utf8_lossy(rule.value()).replace(' ', "%20");
            let key = String::from_utf8_lossy(rule.key());
            Some(format!("`{key}: {value}`"))
        }
        _ => None,
    }
}

/// A group no crawler's rules come from.
fn dead_groups(reading: &Reading, applicables: &[Applicable<'_>], found: &mut Collector) {
    let used: BTreeSet<usize> = applicables
        .iter()
        .flat_map(|a| a.groups().map(|g| g.index()))
        .collect();
    for group in reading
        .robots
        .groups()
        .filter(|g| !used.contains(&g.index()))
    {
        let message = "no crawler's rules come from this group: every crawler it names is \
                       taken by an earlier group, or it names none this reading can match";
        found.add(
            LintCode::DeadGroup,
            Some((group.line(), 1)),
            &[reading.number],
            message.to_owned(),
            None,
        );
    }
}

/// Every crawler is shut out of every URL (exactly: every request path but `/robots.txt`).
fn blocks_everything(reading: &Reading, found: &mut Collector) {
    let line = reading
        .robots
        .groups()
        .find(|g| g.is_global())
        .map(|g| g.line());
    let message = "every crawler is disallowed from every URL of the site: search engines drop \
                   it (right for a staging server, wrong for a live one)";
    found.add(
        LintCode::BlocksEverything,
        line.map(|line| (line, 1)),
        &[reading.number],
        message.to_owned(),
        None,
    );
}

/// A difference as reported: the crawlers it holds for, the message, the line it points at.
type Parted = (Vec<String>, String, Option<u32>);

/// Where two readings part: on a plain path (no `%`, `*`, `$`) it is `readings-differ`; where
/// they agree on every plain path but part on an escaped one, `escapes-differ`, once.
fn differences(first: &Reading, second: &Reading, found: &mut Collector) {
    let crawlers = crawlers(&[first, second]);
    let mut plain_parted = false;
    // Witnesses already reported, so that crawlers sharing one are named together.
    let mut reported: BTreeMap<(bool, String), Parted> = BTreeMap::new();
    let mut compared: Vec<(Applicable<'_>, Applicable<'_>)> = Vec::new();
    let mut undecided: Vec<String> = Vec::new();
    for crawler in &crawlers {
        let (a, b) = (
            applicable(first, crawler.as_deref()),
            applicable(second, crawler.as_deref()),
        );
        if compared
            .iter()
            .any(|(x, y)| x.same_groups(&a) && y.same_groups(&b))
        {
            continue;
        }
        let plain = analysis::compare_within(&a, &b, Paths::Plain);
        if plain.equivalent().is_none() {
            undecided.push(crawler_name(crawler.as_deref()));
        }
        // The shortest paths where they part, one per direction (searched for only here,
        // where the readings do part).
        let differences: Vec<&Difference<'_, '_>> = match plain.equivalent() {
            Some(false) => plain.differences().collect(),
            _ => Vec::new(),
        };
        for difference in differences {
            plain_parted = true;
            let (message, line) = parted(first, second, difference);
            let key = (difference.in_old().allowed(), difference.path().to_owned());
            let entry = reported.entry(key).or_insert((Vec::new(), message, line));
            entry.0.push(crawler_name(crawler.as_deref()));
        }
        compared.push((a, b));
    }
    for ((_, _), (crawlers, message, line)) in reported {
        let message = format!("{message} (for {})", listed(&crawlers));
        found.add(
            LintCode::ReadingsDiffer,
            line.map(|l| (l, 1)),
            &[first.number, second.number],
            message,
            None,
        );
    }
    if !undecided.is_empty() {
        let message = format!(
            "the exact analysis stopped at its budget (limit `analysis_states`) before it could \
             tell whether {} and {} part on a plain path for {}",
            first.profile.name(),
            second.profile.name(),
            listed(&undecided)
        );
        let readings = [first.number, second.number];
        found.add(LintCode::AnalysisUndecided, None, &readings, message, None);
    }
    if !plain_parted {
        escapes(first, second, found);
    }
}

/// Where two readings that agree on every plain path part on an escaped one, for crawlers the
/// file does not name (the `*` groups, which most crawlers get): the question is the same for
/// every crawler, and asking it once keeps a file of many groups cheap to lint.
fn escapes(first: &Reading, second: &Reading, found: &mut Collector) {
    let (a, b) = (first.robots.unnamed(), second.robots.unnamed());
    let every: Equivalence<'_, '_> = analysis::compare(&a, &b);
    let parted = every
        .example()
        .map(|difference| parted(first, second, difference));
    if let Some((message, line)) = parted {
        let message = format!(
            "{message}: they part only on how they read escapes (RFC 9309 decodes an escaped \
             letter or digit, Google compares escapes as sent), never on a plain path (for \
             crawlers the file does not name)"
        );
        found.add(
            LintCode::EscapesDiffer,
            line.map(|l| (l, 1)),
            &[first.number, second.number],
            message,
            None,
        );
    }
}

/// "google allows `/x` (no rule matches), rfc9309 disallows it (line 3: Disallow: /x)", and the
/// line of the first deciding rule.
fn parted(
    first: &Reading,
    second: &Reading,
    difference: &Difference<'_, '_>,
) -> (String, Option<u32>) {
    let said = |reading: &Reading, witness: &analysis::Witness<'_>, it: &str| {
        let verb = if witness.allowed() {
            "allows"
        } else {
            "disallows"
        };
        let why = match (witness.rule(), witness.decision().without_rule()) {
            (Some(rule), _) => rule_text(rule),
            (None, Some(why)) => why.to_owned(),
            (None, None) => String::new(),
        };
        format!("{} {verb} {it} ({why})", reading.profile.name())
    };
    let message = format!(
        "{}, {}",
        said(
            first,
            difference.in_old(),
            &format!("`{}`", analysis::shown_path(difference.path()))
        ),
        said(second, difference.in_new(), "it")
    );
    let line = difference
        .in_old()
        .rule()
        .or(difference.in_new().rule())
        .map(|r| r.line());
    (message, line)
}

fn rule_text(rule: Rule<'_>) -> String {
    format!("line {}: {rule}", rule.line())
}
