//! What the API answers about one file read URL by URL, computed by the library and nothing
//! else: `POST /api/inspect` (every chosen variant's reading of one file — diagnostics, line
//! kinds, verdicts, disagreements, extension records) and `POST /api/parse` (the lossless
//! tree). The answers over every URL, `POST /api/analyze` and `POST /api/compare`, are
//! `exact.rs`'s.
//!
//! Every piece is the library's own serialisation, the one the CLI prints with `--format
//! json`: a verdict is `check`'s `Verdict`, a disagreement `diff`'s `Disagreement`, a
//! diagnostic `parse`'s `Diagnostic`, a record `explain`'s `Record`, the tree `parse`'s. The
//! rows only add what the CLI gets from its arguments (the URL, the variant). The agent is read
//! by the CLI's reader (`crate::agent::read`, i.e. `AgentQuery::read`) and the URLs are checked
//! by the CLI's (`crate::urls::page`), so the same text gets the same answer, or the same
//! refusal, from both.
//!
//! These functions are synchronous and know nothing of HTTP: the routes run them on a worker
//! thread (`routes.rs`).

use std::collections::HashMap;

use robotspec::diff::{Comparer, Disagreement};
use robotspec::model::{AgentLine, Record, Sitemap};
use robotspec::tree::NodeKind;
use robotspec::{
    AgentQuery, Collect, Diagnostic, Limit, Limits, Mode, ParseOptions, Parsed, Profile, Robots,
    Variant, Verdict,
};
use serde::{Deserialize, Serialize};

use super::error::ApiError;

/// URLs one `inspect` request may ask about.
pub const MAX_URLS: usize = 1000;

/// The body of `POST /api/inspect`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InspectRequest {
    robots_txt: String,
    /// The crawler, as `--agent` takes it; by default `*`, a crawler no group names (as
    /// `robotspec usage`).
    #[serde(default = "any_agent")]
    agent: String,
    #[serde(default)]
    urls: Vec<String>,
    /// Profile names; all of them, in the library's order, when absent.
    variants: Option<Vec<String>>,
    /// `lenient` (default) or `strict`.
    mode: Option<String>,
}

fn any_agent() -> String {
    "*".to_owned()
}

/// The body of `POST /api/parse`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ParseRequest {
    robots_txt: String,
    /// One variant name; the CLI's default when absent.
    variant: Option<String>,
    /// `lenient` (default) or `strict`.
    mode: Option<String>,
}

/// A checked `inspect` request.
pub struct Query {
    input: Vec<u8>,
    agents: AgentQuery,
    urls: Vec<String>,
    variants: Vec<Profile>,
    options: ParseOptions,
}

/// A checked `parse` request.
pub struct TreeQuery {
    input: Vec<u8>,
    variant: Profile,
    options: ParseOptions,
}

/// A variant named in a request. The one place the API reads variant names: the CLI's
/// `--variant` reading (the library's `FromStr` for profiles: every variant name, any ASCII
/// case, the older spellings, and composed readings such as `rfc9309+agent-matching=substring`).
pub fn read_variant(name: &str) -> Result<Profile, ApiError> {
    name.parse::<Profile>()
        .map_err(|error| ApiError::bad_request(error.to_string()))
}

/// The variants a request names: every one when absent, else at least one, each
/// once.
pub fn read_variants(names: Option<&[String]>) -> Result<Vec<Profile>, ApiError> {
    let Some(names) = names else {
        return Ok(Variant::ALL.iter().map(Profile::from).collect());
    };
    if names.is_empty() {
        return Err(ApiError::bad_request(
            "variants names no variant (leave it out for all of them)",
        ));
    }
    let mut variants = Vec::with_capacity(names.len());
    for name in names {
        let variant = read_variant(name)?;
        if variants.contains(&variant) {
            return Err(ApiError::bad_request(format!(
                "variants names {variant} twice"
            )));
        }
        variants.push(variant);
    }
    Ok(variants)
}

/// The reading options of a request: the mode it names, the library's limits with the
/// server's input limit. Refuses a file longer than that limit (rather than reading part of
/// it, as the CLI does with a warning: a client can send less).
pub fn read_options(
    mode: Option<&str>,
    input: &str,
    max_input_bytes: usize,
) -> Result<ParseOptions, ApiError> {
    if input.len() > max_input_bytes {
        return Err(ApiError::input_too_large(input.len(), max_input_bytes));
    }
    let mode = match mode {
        None => Mode::Lenient,
        Some(name) => Mode::from_name(name).ok_or_else(|| {
            ApiError::bad_request(format!(
                "unknown mode `{name}` (expected lenient or strict)"
            ))
        })?,
    };
    let limits = Limits::default().with(Limit::InputBytes, max_input_bytes);
    Ok(ParseOptions::default().with_mode(mode).with_limits(limits))
}

impl InspectRequest {
    /// The request checked as the CLI checks its arguments.
    pub fn check(self, max_input_bytes: usize) -> Result<Query, ApiError> {
        let options = read_options(self.mode.as_deref(), &self.robots_txt, max_input_bytes)?;
        let variants = read_variants(self.variants.as_deref())?;
        let agents = crate::agent::read(&self.agent).map_err(ApiError::bad_request)?;
        if self.urls.len() > MAX_URLS {
            return Err(ApiError::bad_request(format!(
                "{} URLs: at most {MAX_URLS} per request",
                self.urls.len()
            )));
        }
        for url in &self.urls {
            crate::urls::page(url).map_err(ApiError::bad_request)?;
        }
        Ok(Query {
            input: self.robots_txt.into_bytes(),
            agents,
            urls: self.urls,
            variants,
            options,
        })
    }
}

impl ParseRequest {
    /// The request checked as `robotspec parse` checks its arguments.
    pub fn check(self, max_input_bytes: usize) -> Result<TreeQuery, ApiError> {
        let options = read_options(self.mode.as_deref(), &self.robots_txt, max_input_bytes)?;
        let variant = match self.variant.as_deref() {
            Some(name) => read_variant(name)?,
            None => robotspec::Variant::DEFAULT.into(),
        };
        Ok(TreeQuery {
            input: self.robots_txt.into_bytes(),
            variant,
            options,
        })
    }
}

/// The answer of `inspect` (docs/serve.md gives each field).
#[derive(Serialize)]
struct Inspection<'a> {
    variants: &'a [Profile],
    mode: Mode,
    agents: &'a AgentQuery,
    rejected: Vec<Profile>,
    diagnostics: Vec<Finding>,
    lines: Vec<LineKind>,
    verdicts: Vec<VerdictRow<'a>>,
    disagreements: Vec<DisagreementRow<'a>>,
    records: Vec<Records<'a>>,
    /// The linter's findings under the chosen variants (always the lenient reading).
    findings: Vec<robotspec::lint::Finding>,
}

/// A diagnostic, and the variants that report it.
#[derive(Serialize)]
struct Finding {
    #[serde(flatten)]
    diagnostic: Diagnostic,
    variants: Vec<Profile>,
}

/// A line's kind: what most variants read it as, and the variants that read it otherwise.
#[derive(Serialize)]
struct LineKind {
    line: u32,
    kind: NodeKind,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    except: Vec<OtherKind>,
}

#[derive(Serialize)]
struct OtherKind {
    variant: Profile,
    kind: NodeKind,
}

/// One URL under one variant: `check`'s verdict, and its text line.
#[derive(Serialize)]
struct VerdictRow<'a> {
    url: &'a str,
    variant: Profile,
    #[serde(flatten)]
    verdict: Verdict<'a>,
    reason: String,
}

/// Two variants that disagree on a URL: `diff`'s disagreement.
#[derive(Serialize)]
struct DisagreementRow<'a> {
    url: &'a str,
    variants: [Profile; 2],
    #[serde(flatten)]
    disagreement: Disagreement,
}

/// One variant's sitemaps and records: those of each group that has some, and those outside
/// any group.
#[derive(Serialize)]
struct Records<'a> {
    variant: Profile,
    /// The crawl-delay of the groups that apply to the agent, in seconds.
    crawl_delay: Option<f64>,
    sitemaps: Vec<Sitemap<'a>>,
    groups: Vec<GroupRecords<'a>>,
    file_records: Vec<Record<'a>>,
}

#[derive(Serialize)]
struct GroupRecords<'a> {
    line: u32,
    agents: Vec<AgentLine<'a>>,
    /// Whether the group is one of those that apply to the agent.
    applies: bool,
    records: Vec<Record<'a>>,
}

/// One variant's lint and line kinds: its reading in the requested mode, and whether strict
/// mode rejected the file.
struct Lint {
    variant: Profile,
    rejected: bool,
    diagnostics: Vec<Diagnostic>,
    kinds: Vec<NodeKind>,
}

/// Reads the file as `variant` in the requested mode. A file strict mode rejects has no
/// tree; its line kinds are then the lenient reading's (the tree is the same in both modes).
fn lint(input: &[u8], variant: Profile, options: &ParseOptions) -> Lint {
    match robotspec::parse_with(input, variant, options) {
        Ok(parsed) => Lint {
            variant,
            rejected: false,
            diagnostics: parsed.diagnostics().to_vec(),
            kinds: line_kinds(&parsed),
        },
        Err(rejected) => {
            let lenient = options
                .with_mode(Mode::Lenient)
                .with_collect(Collect::Limits);
            Lint {
                variant,
                rejected: true,
                diagnostics: rejected.diagnostics().to_vec(),
                kinds: robotspec::parse_with(input, variant, &lenient)
                    .map(|parsed| line_kinds(&parsed))
                    .unwrap_or_default(),
            }
        }
    }
}

/// The kind of each line node of the tree, in order (line `i + 1` at index `i`).
fn line_kinds(parsed: &Parsed<'_>) -> Vec<NodeKind> {
    parsed
        .tree()
        .root()
        .children
        .iter()
        .filter(|node| !node.is_leaf())
        .map(|node| node.kind)
        .collect()
}

/// Every chosen variant's reading of the file, as JSON.
pub fn inspect(query: &Query) -> Result<Vec<u8>, ApiError> {
    let lints: Vec<Lint> = query
        .variants
        .iter()
        .map(|&variant| lint(&query.input, variant, &query.options))
        .collect();
    let accepted: Vec<Profile> = lints
        .iter()
        .filter(|lint| !lint.rejected)
        .map(|lint| lint.variant)
        .collect();
    let comparer = Comparer::new(&query.input, &accepted);
    let (verdicts, disagreements) = verdicts(&comparer, query);
    let inspection = Inspection {
        variants: &query.variants,
        mode: query.options.mode(),
        agents: &query.agents,
        rejected: lints
            .iter()
            .filter(|lint| lint.rejected)
            .map(|lint| lint.variant)
            .collect(),
        diagnostics: findings(&lints),
        lines: merged_kinds(&lints),
        verdicts,
        disagreements,
        records: comparer
            .robots()
            .iter()
            .map(|robots| records(robots, &query.agents))
            .collect(),
        findings: robotspec::lint::lint(
            &query.input,
            &robotspec::lint::LintOptions::default().with_readings(query.variants.iter().copied()),
        ),
    };
    serde_json::to_vec(&inspection).map_err(|e| ApiError::internal(e.to_string()))
}

/// Every URL's verdict under every variant that read the file (URL by URL, variants in order),
/// and the pairs of variants that disagree.
fn verdicts<'a>(
    comparer: &'a Comparer,
    query: &'a Query,
) -> (Vec<VerdictRow<'a>>, Vec<DisagreementRow<'a>>) {
    let mut verdicts = Vec::new();
    let mut disagreements = Vec::new();
    for url in &query.urls {
        for robots in comparer.robots() {
            let verdict = robots.check_query(&query.agents, url);
            verdicts.push(VerdictRow {
                url,
                variant: *robots.profile(),
                reason: verdict.to_string(),
                verdict,
            });
        }
        let comparison = comparer.compare_query(&query.agents, url);
        disagreements.extend(comparison.disagreements.into_iter().map(|disagreement| {
            DisagreementRow {
                url,
                variants: [disagreement.left, disagreement.right],
                disagreement,
            }
        }));
    }
    (verdicts, disagreements)
}

/// The variants' diagnostics, each reported once with the variants that found it, by line,
/// column and code.
fn findings(lints: &[Lint]) -> Vec<Finding> {
    let mut findings: Vec<Finding> = Vec::new();
    let mut index: HashMap<(u32, u32, usize, usize, &str, &str), usize> = HashMap::new();
    for lint in lints {
        for diagnostic in &lint.diagnostics {
            let key = (
                diagnostic.line,
                diagnostic.col,
                diagnostic.span.start,
                diagnostic.span.end,
                diagnostic.code.name(),
                diagnostic.message.as_str(),
            );
            match index.get(&key) {
                Some(&at) => {
                    if let Some(finding) = findings.get_mut(at) {
                        finding.variants.push(lint.variant);
                    }
                }
                None => {
                    index.insert(key, findings.len());
                    findings.push(Finding {
                        diagnostic: diagnostic.clone(),
                        variants: vec![lint.variant],
                    });
                }
            }
        }
    }
    findings.sort_by_key(|f| {
        (
            f.diagnostic.line,
            f.diagnostic.col,
            f.diagnostic.code.name(),
        )
    });
    findings
}

/// Each line's kind as most variants read it (a tie goes to the earlier variant), with the
/// variants that read it otherwise.
fn merged_kinds(lints: &[Lint]) -> Vec<LineKind> {
    let lines = lints.iter().map(|lint| lint.kinds.len()).max().unwrap_or(0);
    (0..lines)
        .map(|i| {
            let kinds: Vec<(Profile, NodeKind)> = lints
                .iter()
                .filter_map(|lint| Some((lint.variant, *lint.kinds.get(i)?)))
                .collect();
            let votes = |kind: NodeKind| kinds.iter().filter(|(_, k)| *k == kind).count();
            let mut kind = NodeKind::BlankLine;
            let mut most = 0;
            for &(_, candidate) in &kinds {
                let count = votes(candidate);
                if count > most {
                    (kind, most) = (candidate, count);
                }
            }
            LineKind {
                line: u32::try_from(i + 1).unwrap_or(u32::MAX),
                kind,
                except: kinds
                    .iter()
                    .filter(|(_, k)| *k != kind)
                    .map(|&(variant, kind)| OtherKind { variant, kind })
                    .collect(),
            }
        })
        .collect()
}

/// One variant's sitemaps and records, and which groups apply to the agent.
fn records<'a>(robots: &'a Robots, agents: &AgentQuery) -> Records<'a> {
    let applicable = robots.applicable(agents);
    let applying: Vec<u32> = applicable.groups().map(|group| group.line()).collect();
    Records {
        variant: *robots.profile(),
        crawl_delay: applicable.crawl_delay().map(|delay| delay.as_secs_f64()),
        sitemaps: robots.sitemaps().collect(),
        groups: robots
            .groups()
            .filter(|group| group.records().next().is_some())
            .map(|group| GroupRecords {
                line: group.line(),
                agents: group.agents().collect(),
                applies: applying.contains(&group.line()),
                records: group.records().collect(),
            })
            .collect(),
        file_records: robots.file_records().collect(),
    }
}

/// The file as `robotspec parse` reads it, for its tree (written with
/// `Parsed::write_json`, compact: `parse --format json --compact`); `Err` with every problem
/// when strict mode rejects it, as `parse` prints them.
pub fn parse_tree(query: &TreeQuery) -> Result<Parsed<'_>, ApiError> {
    robotspec::parse_with(&query.input, query.variant, &query.options)
        .map_err(|rejected| ApiError::rejected(query.variant, rejected.diagnostics()))
}
