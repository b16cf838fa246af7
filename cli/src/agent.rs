//! The crawler named on the command line (`--agent`, and the AGENT column of `batch` and
//! `diff --corpus`): read by the library's one reader, [`AgentQuery::read`] — a product token,
//! a comma-separated list of them (most specific first), or a whole User-Agent header — and
//! refused when it names no crawler or holds a control character (docs/cli.md, "Agents").

use robotspec::AgentQuery;

/// The crawler `agent` names, or why it names none.
pub fn read(agent: &str) -> Result<AgentQuery, String> {
    AgentQuery::read(agent).map_err(|e| format!("{e}: {agent:?}"))
}

/// The value parser of `--agent`: the text as given (`fetch` sends it as the User-Agent
/// header) once the library can read it; clap reports a refusal as an invalid value (exit 2).
pub fn parse(agent: &str) -> Result<String, String> {
    read(agent).map(|_| agent.to_owned())
}

/// The crawler of an `--agent` (already [`parse`]d), saying on standard error when its token
/// was taken from a User-Agent header.
pub fn query(agent: &str) -> Result<AgentQuery, String> {
    let query = read(agent)?;
    if query.is_from_header() {
        eprintln!("robotspec: agent token `{query}` taken from the User-Agent header");
    }
    Ok(query)
}
