//! `robotspec diff`: where the variants disagree, per URL or over a corpus.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use robotspec::diff::{Answer, Comparer, Comparison, CorpusSummary, Tally};
use robotspec::{Limit, Limits, Profile, Variant};

use crate::output::{write_json, write_out};
use crate::queries::{self, Line, Query};
use crate::values::{profiles, Format};
use crate::{agent, input, status};

/// Example lines kept per pair and reason in corpus mode.
const EXAMPLES: usize = 3;

/// Arguments of `robotspec diff`.
#[derive(clap::Args)]
pub struct Args {
    /// The readings to compare, comma-separated, at least two, each once [default: all five
    /// variants, in the order listed]: variants, or variants with settings changed
    /// (`rfc9309+agent-matching=substring`; `robotspec settings` lists them).
    #[arg(long, value_delimiter = ',', value_parser = profiles())]
    variants: Vec<Profile>,
    /// Corpus mode: read `FILE<TAB>AGENT<TAB>URL` queries from standard input, FILE relative to
    /// this folder, and print a summary.
    #[arg(long, conflicts_with_all = ["agent", "file", "urls"])]
    corpus: Option<PathBuf>,
    /// Output format (corpus mode: the summary; per-URL mode: every comparison).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Per-URL mode: the crawler (a product token, several comma-separated, or a User-Agent
    /// header, as for `check`).
    #[arg(long, required_unless_present = "corpus", value_parser = crate::agent::parse)]
    agent: Option<String>,
    /// Per-URL mode: the robots.txt file, or `-` for standard input.
    #[arg(required_unless_present = "corpus")]
    file: Option<String>,
    /// Per-URL mode: URLs (`https://example.com/a?b`) or paths (`/a?b`) to compare.
    #[arg(required_unless_present = "corpus", value_parser = crate::urls::page)]
    urls: Vec<String>,
}

/// Runs the command: exit 0 when every variant agrees on every query, 1 when some disagree.
pub fn run(args: &Args) -> Result<ExitCode, String> {
    let variants = chosen_variants(&args.variants)?;
    let disagree = match (&args.corpus, &args.file, &args.agent) {
        (Some(corpus), _, _) => corpus_mode(args, &variants, corpus)?,
        (None, Some(file), Some(agent)) => per_url(args, &variants, file, agent)?,
        _ => return Err("give FILE, --agent and URLs, or --corpus DIR".to_owned()),
    };
    Ok(status::one_unless_all_good(!disagree))
}

/// The variants `--variants` names (all of them when it is not given): at least two, each
/// once — a variant named twice would only repeat its own verdict beside itself.
fn chosen_variants(named: &[Profile]) -> Result<Vec<Profile>, String> {
    if named.is_empty() {
        return Ok(Variant::ALL.iter().map(Profile::from).collect());
    }
    for (i, variant) in named.iter().enumerate() {
        if named
            .get(..i)
            .is_some_and(|before| before.contains(variant))
        {
            return Err(format!("--variants names {variant} twice"));
        }
    }
    if named.len() < 2 {
        return Err("diff needs at least two variants".to_owned());
    }
    Ok(named.to_vec())
}

fn per_url(args: &Args, variants: &[Profile], file: &str, agent: &str) -> Result<bool, String> {
    // `diff` has no reading options: every variant reads under the default limits.
    let limit = Limits::default().get(Limit::InputBytes);
    let bytes = input::read(file, limit)?;
    if input::cut(&bytes, limit) {
        eprintln!(
            "robotspec: {}: input longer than {limit} bytes: the rest is ignored",
            input::name(file)
        );
    }
    let agents = agent::query(agent)?;
    let comparer = Comparer::new(&bytes, variants);
    let comparisons: Vec<Comparison> = args
        .urls
        .iter()
        .map(|url| comparer.compare_query(&agents, url))
        .collect();
    match args.format {
        Format::Json => write_json(&comparisons)?,
        Format::Text => write_out(comparisons.iter().map(describe).collect::<String>())?,
    }
    Ok(comparisons.iter().any(Comparison::disagrees))
}

/// One URL: a line per variant (`≠` marks the ones that differ from the first), then one
/// `DIFFERS:` line per pair that disagrees.
fn describe(comparison: &Comparison) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", comparison.url);
    let width = comparison
        .answers
        .iter()
        .map(|o| o.variant.name().chars().count())
        .max()
        .unwrap_or(0);
    let first = comparison.answers.first().map(|o| o.allowed);
    for outcome in &comparison.answers {
        let mark = if Some(outcome.allowed) == first {
            " "
        } else {
            "≠"
        };
        let _ = writeln!(
            out,
            "  {mark} {:<width$}  {:<10}  {}",
            outcome.variant.name(),
            if outcome.allowed {
                "allowed"
            } else {
                "disallowed"
            },
            why(outcome)
        );
    }
    for d in &comparison.disagreements {
        let side = |rule: &Option<robotspec::diff::LineRef>| match rule {
            Some(rule) => rule.to_string(),
            None => "no rule".to_owned(),
        };
        let _ = write!(
            out,
            "  DIFFERS: {} ≠ {}: {} [{}: {}; {}: {}]",
            d.left,
            d.right,
            d.reason,
            d.left,
            side(&d.left_rule),
            d.right,
            side(&d.right_rule)
        );
        if let Some(evidence) = &d.evidence {
            let _ = write!(out, " (see {evidence})");
        }
        out.push('\n');
    }
    out
}

fn why(answer: &Answer) -> String {
    match (&answer.rule, answer.decision.without_rule()) {
        (Some(rule), _) => rule.to_string(),
        (None, why) => why.unwrap_or_default().to_owned(),
    }
}

/// Runs of consecutive queries on one file handed to the worker threads at a time.
const RUNS_PER_ROUND: usize = 256;

fn corpus_mode(
    args: &Args,
    variants: &[Profile],
    corpus: &std::path::Path,
) -> Result<bool, String> {
    let mut runs: Vec<Vec<Query>> = Vec::new();
    let mut invalid_lines = 0;
    let stdin = std::io::stdin().lock();
    let mut lines = queries::read(stdin);
    for line in &mut lines {
        let query = match line {
            Line::Query(query) => query,
            Line::Invalid(invalid) => {
                invalid.report();
                invalid_lines += 1;
                continue;
            }
        };
        match runs.last_mut() {
            Some(run) if run.first().is_some_and(|q| q.file == query.file) => run.push(query),
            _ => runs.push(vec![query]),
        }
    }
    // Files are independent: compare runs on worker threads, tally in input order.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut tally = Tally::new(variants, EXAMPLES);
    for round in runs.chunks(RUNS_PER_ROUND) {
        let results: Vec<Result<Vec<Comparison>, String>> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|t| {
                    scope.spawn(move || {
                        round
                            .iter()
                            .enumerate()
                            .filter(|(i, _)| i % threads == t)
                            .map(|(i, run)| (i, compare_run(corpus, variants, run)))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            let mut results: Vec<_> = workers
                .into_iter()
                .flat_map(|w| w.join().unwrap_or_default())
                .collect();
            results.sort_by_key(|(i, _)| *i);
            results.into_iter().map(|(_, r)| r).collect()
        });
        if results.len() != round.len() {
            return Err("a worker thread failed".to_owned());
        }
        for (run, comparisons) in round.iter().zip(results) {
            for (query, comparison) in run.iter().zip(comparisons?) {
                tally.add(&query.file, &query.agent, &comparison);
            }
        }
    }
    let summary = tally.finish();
    match args.format {
        Format::Json => write_json(&summary)?,
        Format::Text => write_out(summarise(&summary))?,
    }
    // An error that ended reading (unreadable input, a line with no end in sight) comes after the
    // summary of the queries before it.
    lines.end()?;
    queries::ignored(invalid_lines)?;
    Ok(summary.disagreeing_queries > 0)
}

/// Every comparison of one run of queries on one file, the file parsed once per variant.
fn compare_run(
    corpus: &std::path::Path,
    variants: &[Profile],
    run: &[Query],
) -> Result<Vec<Comparison>, String> {
    let Some(first) = run.first() else {
        return Ok(Vec::new());
    };
    let mut bytes = Vec::new();
    let limit = Limits::default().get(Limit::InputBytes);
    input::read_corpus_file(corpus, first, limit, &mut bytes)?;
    let comparer = Comparer::new(&bytes, variants);
    Ok(run
        .iter()
        .map(|query| comparer.compare_query(&query.agents, &query.url))
        .collect())
}

fn summarise(summary: &CorpusSummary) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "queries: {} on {} files; {} with some disagreement",
        summary.queries, summary.files, summary.disagreeing_queries
    );
    let width = summary
        .pairs
        .iter()
        .map(|p| p.left.name().len() + p.right.name().len() + 3)
        .max()
        .unwrap_or(0);
    let _ = writeln!(out, "\ndisagreeing queries per pair:");
    for pair in &summary.pairs {
        let name = format!("{} ≠ {}", pair.left, pair.right);
        let _ = writeln!(out, "  {name:<width$}  {:>7}", pair.disagreements);
    }
    for pair in summary.pairs.iter().filter(|p| p.disagreements > 0) {
        let _ = writeln!(
            out,
            "\n{} ≠ {}: {} queries",
            pair.left, pair.right, pair.disagreements
        );
        for reason in &pair.reasons {
            let _ = writeln!(out, "  {:>7}  {}", reason.count, reason.reason.name());
            for example in &reason.examples {
                let _ = writeln!(
                    out,
                    "           {}:{}: {}",
                    example.file, example.line, example.text
                );
            }
        }
    }
    out
}
