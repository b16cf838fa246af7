//! The exact analysis in text, for people: a block of aligned `label: value` lines per
//! crawler's [`Report`] (`analyze`), and the phrases `compare` shares with it — how a crawler
//! is named, how a witness's reading decides it, what a limit left undecided — so that both
//! commands say the same thing the same way.

use std::fmt::Write as _;

use robotspec::analysis::{shown_path, Analysis, Blocked, Equivalence, Witness};
use robotspec::model::PolicyToken;
use robotspec::Limit;

use crate::exact::{PolicyReport, Report};

/// Labels of the text output, aligned.
const WIDTH: usize = 12;

/// Every report as a block of `label: value` lines, blocks separated by a blank line.
pub fn reports_text(reports: &[Report<'_>]) -> String {
    let blocks: Vec<String> = reports.iter().map(block).collect();
    blocks.join("\n")
}

fn block(report: &Report<'_>) -> String {
    let mut out = String::new();
    let mut line = |label: &str, value: &str| {
        let label = if label.is_empty() {
            String::new()
        } else {
            format!("{label}:")
        };
        let _ = writeln!(out, "{label:WIDTH$}{value}");
    };
    let analysis = &report.analysis;
    line("agent", &crawler_name(report.agent.as_deref()));
    line("variant", &report.variant.name());
    line("groups", &groups_text(&report.groups));
    line("blocked", &blocked_text(analysis.blocked()));
    line("allowed", &example(analysis.allowed_example()));
    line("disallowed", &example(analysis.disallowed_example()));
    if let Some(limit) = analysis.undecided() {
        line("undecided", &limit_text(limit));
    }
    let dead = dead_rules(analysis);
    line("dead rules", dead.first().map_or("", String::as_str));
    for rest in dead.iter().skip(1) {
        line("", rest);
    }
    if let Some(policy) = &report.policy_token {
        line("policy", &policy_text(policy, analysis));
    }
    if let Some(compared) = &report.compared_with_unnamed {
        let lines = unnamed_text(report.agent.as_deref(), compared);
        line("vs unnamed", lines.first().map_or("", String::as_str));
        for rest in lines.iter().skip(1) {
            line("", rest);
        }
    }
    out
}

/// The crawler as the text names it.
pub fn crawler_name(agent: Option<&str>) -> String {
    agent.map_or_else(|| "(a crawler no group names)".to_owned(), str::to_owned)
}

fn groups_text(lines: &[u32]) -> String {
    match lines {
        [] => "none applies".to_owned(),
        [one] => format!("the group at line {one}"),
        more => {
            let lines: Vec<String> = more.iter().map(u32::to_string).collect();
            format!("the groups at lines {}", lines.join(", "))
        }
    }
}

fn blocked_text(blocked: Blocked) -> String {
    let meaning = match blocked {
        Blocked::All => "every path is disallowed",
        Blocked::Some => "some paths are allowed, others disallowed",
        Blocked::None => "every path is allowed",
        Blocked::Unreachable => "robots.txt was unreachable: crawl nothing for now",
        _ => "a limit stopped the analysis before it could tell",
    };
    format!("{blocked} ({meaning})")
}

/// What a limit left undecided, and the flag that raises it.
pub fn limit_text(limit: Limit) -> String {
    let flag = limit.name().replace('_', "-");
    format!(
        "the limit `{limit}` stopped the analysis before every answer was exact \
         (--max-{flag} raises it)"
    )
}

/// A witness as `/path: allowed by line 3: Allow: /path`, or `none`.
fn example(witness: Option<&Witness<'_>>) -> String {
    witness.map_or_else(|| "none".to_owned(), Witness::to_string)
}

/// How a witness's reading decides it, without the path: `allowed by line 3: Allow: /a`.
pub fn ruling(witness: &Witness<'_>) -> String {
    let text = witness.to_string();
    let prefix = format!("{}: ", shown_path(witness.path()));
    text.strip_prefix(&prefix).unwrap_or(&text).to_owned()
}

/// One line per dead rule — `line 3: Allow: /a — why` — or `none`, or `unknown` when a
/// limit stopped the analysis.
fn dead_rules(analysis: &Analysis<'_>) -> Vec<String> {
    match analysis.dead_rules() {
        None => vec!["unknown (undecided)".to_owned()],
        Some([]) => vec!["none".to_owned()],
        Some(dead) => dead
            .iter()
            .map(|d| {
                let rule = d.rule();
                format!("line {}: {rule} — {}: {}", rule.line(), d.cause(), d.why())
            })
            .collect(),
    }
}

/// A policy token's answer for people: is the usage opted out, and for which paths.
fn policy_text(report: &PolicyReport, analysis: &Analysis<'_>) -> String {
    let PolicyToken {
        token,
        category,
        usage,
        ..
    } = report.policy;
    if !report.stated {
        return format!(
            "not stated: the file has no group for `{token}` (the groups above are about \
             crawling)"
        );
    }
    match analysis.blocked() {
        Blocked::All => format!("{usage} opted out on every path ({category}=n)"),
        Blocked::Some => format!(
            "{usage} opted out on some paths ({category}=n where `{token}` is disallowed, \
             e.g. {}), not on the others",
            analysis
                .disallowed_example()
                .map_or("none".into(), |w| shown_path(w.path()))
        ),
        Blocked::None => format!("{usage} not opted out on any path ({category}=y)"),
        _ => "undecided (a limit stopped the analysis)".to_owned(),
    }
}

/// A comparison's answer: `the same paths allowed`, `differs` or `undecided`.
pub fn answer(compared: &Equivalence<'_, '_>) -> &'static str {
    match compared.equivalent() {
        Some(true) => "the same paths allowed",
        Some(false) => "differs",
        None => "undecided",
    }
}

/// The comparison with an unnamed crawler: `the same paths allowed`, or a line per difference.
fn unnamed_text(agent: Option<&str>, compared: &Equivalence<'_, '_>) -> Vec<String> {
    let mut lines = vec![answer(compared).to_owned()];
    let name = crawler_name(agent);
    for difference in compared.differences() {
        lines.push(format!(
            "{}: {} for {name}; {} for a crawler no group names",
            shown_path(difference.path()),
            ruling(difference.in_old()),
            ruling(difference.in_new()),
        ));
    }
    if let Some(limit) = compared.undecided() {
        lines.push(limit_text(limit));
    }
    lines
}
