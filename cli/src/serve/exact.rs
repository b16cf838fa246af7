//! What the API answers over every URL, exactly (`robotspec::analysis`, docs/analysis.md):
//! `POST /api/analyze` (per variant, what `robotspec analyze --agent A --format json` prints:
//! what is blocked, the shortest allowed and disallowed paths, the dead rules) and `POST /api/compare`
//! (per variant, what `robotspec compare --agent A --format json` prints for two versions of a
//! file: equivalent, or the shortest path allowed only by each).
//!
//! The objects are the CLI's (`crate::exact::reports`), the agent and the variants are read
//! as `POST /api/inspect` reads them. A file is read leniently, as a crawler obeys it, within
//! the server's input limit and the library's analysis budget. Like `inspect.rs`, these
//! functions are synchronous and know nothing of HTTP.

use robotspec::analysis::{self, Equivalence};
use robotspec::{AgentQuery, ParseOptions, Profile, Robots};
use serde::{Deserialize, Serialize};

use super::error::ApiError;
use super::inspect::{read_options, read_variants};
use crate::exact::{reports, Report};

/// The body of `POST /api/analyze`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyzeRequest {
    robots_txt: String,
    /// The crawler, as `--agent` takes it; by default `*`, a crawler no group names.
    #[serde(default = "any_agent")]
    agent: String,
    /// Profile names; all of them, in the library's order, when absent.
    variants: Option<Vec<String>>,
}

/// The body of `POST /api/compare`: the file as it is and as edited.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CompareRequest {
    robots_txt: String,
    new_robots_txt: String,
    #[serde(default = "any_agent")]
    agent: String,
    variants: Option<Vec<String>>,
}

fn any_agent() -> String {
    "*".to_owned()
}

/// A checked request: the files (one, or old and new), the crawler and the readings.
pub struct Query {
    files: Vec<Vec<u8>>,
    agents: AgentQuery,
    variants: Vec<Profile>,
    options: ParseOptions,
}

/// Checks what both requests share: each file's size, the variants, the agent.
fn check(
    files: Vec<String>,
    agent: &str,
    variants: Option<&[String]>,
    max_input_bytes: usize,
) -> Result<Query, ApiError> {
    let mut options = ParseOptions::default();
    for file in &files {
        options = read_options(None, file, max_input_bytes)?;
    }
    Ok(Query {
        files: files.into_iter().map(String::into_bytes).collect(),
        agents: crate::agent::read(agent).map_err(ApiError::bad_request)?,
        variants: read_variants(variants)?,
        options,
    })
}

impl AnalyzeRequest {
    /// The request checked as `robotspec analyze` checks its arguments.
    pub fn check(self, max_input_bytes: usize) -> Result<Query, ApiError> {
        check(
            vec![self.robots_txt],
            &self.agent,
            self.variants.as_deref(),
            max_input_bytes,
        )
    }
}

impl CompareRequest {
    /// The request checked as `robotspec compare` checks its arguments.
    pub fn check(self, max_input_bytes: usize) -> Result<Query, ApiError> {
        check(
            vec![self.robots_txt, self.new_robots_txt],
            &self.agent,
            self.variants.as_deref(),
            max_input_bytes,
        )
    }
}

impl Query {
    /// Per chosen variant, in order, each file read by it, leniently, within the server's
    /// input limit.
    fn readings(&self) -> Result<Vec<Vec<Robots>>, ApiError> {
        let read = |variant: Profile, file: &Vec<u8>| {
            Robots::parse_with(file, variant, &self.options)
                .map_err(|_| ApiError::internal("a lenient reading refused the file"))
        };
        self.variants
            .iter()
            .map(|&variant| self.files.iter().map(|file| read(variant, file)).collect())
            .collect()
    }
}

/// The answer of `analyze`: one report per variant.
#[derive(Serialize)]
struct Analyses<'r> {
    agents: &'r AgentQuery,
    analyses: Vec<Report<'r>>,
}

/// Every chosen variant's analysis of the file for the agent, as JSON.
pub fn analyze(query: &Query) -> Result<Vec<u8>, ApiError> {
    let readings = query.readings()?;
    let crawler = [Some(query.agents.clone())];
    let analyses = readings
        .iter()
        .filter_map(|files| files.first())
        .flat_map(|robots| reports(robots, &crawler))
        .collect();
    json(&Analyses {
        agents: &query.agents,
        analyses,
    })
}

/// One variant's comparison of the two versions, as `compare --format json` prints it.
#[derive(Serialize)]
struct Compared<'a> {
    variant: Profile,
    #[serde(flatten)]
    equivalence: Equivalence<'a, 'a>,
}

/// The answer of `compare`: one comparison per variant.
#[derive(Serialize)]
struct Comparisons<'a> {
    agents: &'a AgentQuery,
    comparisons: Vec<Compared<'a>>,
}

/// Every chosen variant's comparison of the old file with the new one, as JSON.
pub fn compare(query: &Query) -> Result<Vec<u8>, ApiError> {
    let readings = query.readings()?;
    let comparisons = readings
        .iter()
        .zip(&query.variants)
        .filter_map(|(files, &variant)| {
            let [old, new] = files.as_slice() else {
                return None;
            };
            Some(Compared {
                variant,
                equivalence: analysis::compare(
                    &old.applicable(&query.agents),
                    &new.applicable(&query.agents),
                ),
            })
        })
        .collect();
    json(&Comparisons {
        agents: &query.agents,
        comparisons,
    })
}

fn json(value: &impl Serialize) -> Result<Vec<u8>, ApiError> {
    serde_json::to_vec(value).map_err(|e| ApiError::internal(e.to_string()))
}
