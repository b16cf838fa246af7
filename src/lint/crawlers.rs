//! The crawler catalogue: who a product token belongs to and what the crawler does, so that a
//! finding can name the crawler an author most likely meant.
//!
//! Two vendored sources, read once on first use: `crawlers/operators.json` (written here: each
//! entry from its operator's documentation, with the page) and `crawlers/ai-robots-txt.json`
//! (ai.robots.txt's `robots.json`, verbatim, MIT licence in `crawlers/ai-robots-txt.LICENSE`),
//! whose `function` column gives the purpose where it is one of the list's own categories. An
//! operator's entry wins over the list's for the same token.
//!
//! What the library embeds of the list is `crawlers/ai-robots-txt.fields.json`: each entry with
//! the two fields read here, `operator` and `function` (`jq 'map_values({operator, function})'`
//! of the verbatim file), a quarter of its size — the descriptions are most of the list, and
//! every byte embedded is a byte of the WebAssembly module a browser downloads. A test holds
//! the two files to that definition.

use std::sync::OnceLock;

use serde::Deserialize;

crate::names::stable_names! {
    /// What a crawler fetches for.
    pub enum Purpose {
        /// A search engine's index.
        Search = "search",
        /// Collecting data to train AI models.
        AiTraining = "ai-training",
        /// An AI assistant's or AI search engine's index (answers citing the page).
        AiSearch = "ai-search",
        /// A fetch a user asked for (an assistant reading a page, a link preview).
        UserFetch = "user-fetch",
        /// A control token: it never fetches anything; a group for it says what another
        /// crawler's fetches may be used for.
        Control = "control",
        /// A policy token (draft-kelley-aipref-training-preference-signal-00): no crawler sends
        /// it; the path rules of its groups state, by path, a usage preference
        /// ([`PolicyToken`](crate::model::PolicyToken)).
        Policy = "policy",
        /// Something else, or not stated (ai.robots.txt's description says what is known).
        Other = "other",
    }
}

/// A crawler of the catalogue.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Crawler {
    /// The product token as its operator (or the list) writes it.
    pub token: String,
    /// Who runs it.
    pub operator: String,
    /// What it fetches for.
    pub purpose: Purpose,
    /// Where the facts come from.
    pub source: String,
}

#[derive(Deserialize)]
struct Operators {
    crawlers: Vec<OperatorEntry>,
}

#[derive(Deserialize)]
struct OperatorEntry {
    token: String,
    operator: String,
    purpose: String,
    source: String,
}

#[derive(Deserialize)]
struct ListEntry {
    operator: String,
    function: String,
}

const OPERATORS: &str = include_str!("crawlers/operators.json");
const AI_ROBOTS_TXT: &str = include_str!("crawlers/ai-robots-txt.fields.json");
const AI_ROBOTS_TXT_SOURCE: &str = "https://github.com/ai-robots-txt/ai.robots.txt (robots.json)";

/// Every crawler of the catalogue, operators' entries first.
pub(crate) fn catalogue() -> &'static [Crawler] {
    static CATALOGUE: OnceLock<Vec<Crawler>> = OnceLock::new();
    CATALOGUE.get_or_init(|| {
        let mut crawlers: Vec<Crawler> = serde_json::from_str::<Operators>(OPERATORS)
            .map(|o| o.crawlers)
            .unwrap_or_default()
            .into_iter()
            .map(|e| Crawler {
                purpose: Purpose::from_name(&e.purpose).unwrap_or(Purpose::Other),
                token: e.token,
                operator: e.operator,
                source: e.source,
            })
            .collect();
        let list: std::collections::BTreeMap<String, ListEntry> =
            serde_json::from_str(AI_ROBOTS_TXT).unwrap_or_default();
        for (token, entry) in list {
            if !crawlers
                .iter()
                .any(|c| c.token.eq_ignore_ascii_case(&token))
            {
                crawlers.push(Crawler {
                    purpose: list_purpose(&entry.function),
                    operator: link_text(&entry.operator),
                    token,
                    source: AI_ROBOTS_TXT_SOURCE.to_owned(),
                });
            }
        }
        crawlers
    })
}

/// The purpose of one of ai.robots.txt's function categories; `Other` for its free-text
/// descriptions, which are not sorted here by guessing.
fn list_purpose(function: &str) -> Purpose {
    match function {
        "AI Data Scrapers" => Purpose::AiTraining,
        "AI Search Crawlers" => Purpose::AiSearch,
        "AI Assistants" | "AI Agents" | "AI Coding Agents" => Purpose::UserFetch,
        _ => Purpose::Other,
    }
}

/// `[Name](url)` → `Name`; the list's "Unclear at this time." → `operator unknown`; other text
/// as it is.
fn link_text(markdown: &str) -> String {
    match markdown
        .strip_prefix('[')
        .and_then(|rest| rest.split_once("]("))
    {
        Some((name, _)) => name.to_owned(),
        None if markdown.starts_with("Unclear") => "operator unknown".to_owned(),
        None => markdown.to_owned(),
    }
}

/// The crawler whose token is `token` (ASCII case ignored).
pub(crate) fn find(token: &str) -> Option<&'static Crawler> {
    catalogue()
        .iter()
        .find(|c| c.token.eq_ignore_ascii_case(token))
}

/// The crawler a `user-agent` value names, written another way: the token written whole, or
/// before a `/version`, or equal once case and every character but letters and digits are
/// ignored (`Google Extended`).
pub(crate) fn meant(written: &str) -> Option<&'static Crawler> {
    let before_version = written.split('/').next().unwrap_or(written).trim();
    if let Some(found) = find(written).or_else(|| find(before_version)) {
        return Some(found);
    }
    let key = squeeze(before_version);
    catalogue().iter().find(|c| squeeze(&c.token) == key)
}

/// The crawler a name that names none most likely misspells: one edit away from the token of a
/// crawler its operator documents (`GPTBott`), for names of six letters or more. Only the
/// operators' crawlers: the long tail of the community list holds many names a letter apart
/// (`SemrushBot-SA`, `SemrushBot-SWA`), and a near miss of one of them is more likely another
/// real crawler than a typo.
pub(crate) fn near(written: &str) -> Option<&'static Crawler> {
    let key = squeeze(written);
    if key.len() < 6 {
        return None;
    }
    catalogue()
        .iter()
        .filter(|c| c.source != AI_ROBOTS_TXT_SOURCE)
        .find(|c| distance(&squeeze(&c.token), &key) <= 1)
}

/// Lower-case letters and digits only.
fn squeeze(text: &str) -> String {
    text.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Levenshtein distance between two short ASCII strings.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row.first().copied().unwrap_or(0);
        if let Some(first) = row.first_mut() {
            *first = i + 1;
        }
        for (j, cb) in b.iter().enumerate() {
            let above = row.get(j + 1).copied().unwrap_or(usize::MAX);
            let left = row.get(j).copied().unwrap_or(usize::MAX);
            let best = (diagonal + usize::from(ca != *cb))
                .min(above.saturating_add(1))
                .min(left.saturating_add(1));
            diagonal = above;
            if let Some(cell) = row.get_mut(j + 1) {
                *cell = best;
            }
        }
    }
    row.last().copied().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_sources_are_read() {
        let googlebot = find("googlebot").unwrap();
        assert_eq!(
            (googlebot.operator.as_str(), googlebot.purpose),
            ("Google", Purpose::Search)
        );
        assert_eq!(find("Google-Extended").unwrap().purpose, Purpose::Control);
        for policy in crate::model::POLICY_TOKENS {
            let crawler = find(policy.token).unwrap();
            assert_eq!(
                (crawler.token.as_str(), crawler.purpose),
                (policy.token, Purpose::Policy)
            );
            assert!(crawler.source.contains(policy.source), "{}", crawler.source);
        }
        let ai2 = find("AI2Bot").unwrap();
        assert_eq!(ai2.operator, "Ai2");
        assert!(catalogue().len() > 166);
    }

    /// The embedded fields are the verbatim list's `operator` and `function`, every entry.
    #[test]
    fn the_embedded_fields_are_the_vendored_list() {
        type List = std::collections::BTreeMap<String, serde_json::Value>;
        let verbatim: List =
            serde_json::from_str(include_str!("crawlers/ai-robots-txt.json")).unwrap();
        let embedded: List = serde_json::from_str(AI_ROBOTS_TXT).unwrap();
        let fields = |entry: &serde_json::Value| serde_json::json!({ "operator": entry.get("operator"), "function": entry.get("function") });
        let expected: List = verbatim
            .iter()
            .map(|(k, v)| (k.clone(), fields(v)))
            .collect();
        assert!(!expected.is_empty());
        assert_eq!(
            embedded, expected,
            "regenerate crawlers/ai-robots-txt.fields.json from ai-robots-txt.json"
        );
    }

    #[test]
    fn the_crawler_meant() {
        let token = |w: &str| meant(w).map(|c| c.token.as_str());
        assert_eq!(token("GPTBot/1.0"), Some("GPTBot"));
        assert_eq!(token("Google Extended"), Some("Google-Extended"));
        assert_eq!(token("GPTBott"), None);
        assert_eq!(near("GPTBott").map(|c| c.token.as_str()), Some("GPTBot"));
        assert_eq!(token("MistralAI-User/1.0"), Some("MistralAI-User/1.0"));
        assert_eq!(token("Kangaroo Bot"), Some("Kangaroo Bot"));
        assert_eq!(token("abcd"), None);
        assert_eq!(distance("kitten", "sitting"), 3);
    }
}
