//! The crawler named on the command line (`--agent`, and batch's AGENT column): checked before
//! use, then read as a token list or a User-Agent header.
//!
//! An agent that names nothing (empty, blank, only commas) or holds a control character (a tab,
//! a line end, NUL, DEL…) is refused: the library would read the first as the empty token and
//! quietly answer with the `*` group, and a control character is a typo or a shell accident
//! that no `user-agent:` line can name — and that `fetch` cannot send as a header.

use robotspec::AgentQuery;

/// Why `agent` cannot name a crawler, or `None` when it can.
pub fn problem(agent: &str) -> Option<String> {
    if let Some(bad) = agent.chars().find(|c| c.is_control()) {
        let at = agent.find(bad).unwrap_or_default();
        return Some(format!(
            "agent {agent:?} holds a control character (U+{:04X} at byte {at})",
            u32::from(bad)
        ));
    }
    if agent.split(',').all(|token| token.trim().is_empty()) {
        return Some(format!("agent {agent:?} names no crawler"));
    }
    None
}

/// The value parser of `--agent`: the agent as given when it can name a crawler, else the
/// reason it cannot (see [`problem`]); clap reports it as an invalid value (exit 2).
pub fn parse(agent: &str) -> Result<String, String> {
    problem(agent).map_or_else(|| Ok(agent.to_owned()), Err)
}

/// The agent query for `--agent` (already [`parse`]d): a product token, a comma-separated list
/// of them (most specific first), or a User-Agent header, whose token is taken (and reported on
/// standard error).
pub fn query(agent: &str) -> AgentQuery {
    let looks_like_header = agent.contains(['/', '(', ';']) || agent.trim().contains(' ');
    match AgentQuery::from_header(agent) {
        Some(query) if looks_like_header && !agent.contains(',') => {
            eprintln!("robotspec: agent token `{query}` taken from the User-Agent header");
            query
        }
        _ => AgentQuery::parse(agent),
    }
}
