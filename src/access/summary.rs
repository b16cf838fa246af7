//! A fetch result in figures — what a corpus study records per capture (docs/study.md): the
//! state, how many groups, rules and rules outside every group the variant read, the Sitemap
//! URLs, the diagnostics counted by code, and every record of an extension the variant knows.
//!
//! ```
//! use std::time::SystemTime;
//! use robotspec::access::{evaluate, AccessOptions, FetchOutcome};
//! use robotspec::Variant;
//!
//! let body = b"Disallow: /early\nUser-agent: *\nDisallow: /x\nCrawl-delay: soon\n";
//! let ok = FetchOutcome::Response { status: 200, headers: Default::default(), body: body.to_vec() };
//! let summary = evaluate(Variant::Rfc9309, &ok, SystemTime::now(), &AccessOptions::default()).summary();
//! assert_eq!((summary.groups, summary.rules, summary.ignored_rules), (1, 1, 1));
//! assert_eq!(summary.extensions[0].key, "Crawl-delay");
//! assert_eq!(summary.extensions[0].group_line, Some(2));
//! assert!(summary.extensions[0].error.is_some()); // "soon" is not a number of seconds
//! ```

use std::collections::BTreeMap;

use serde::Serialize;

use super::policy::Access;
use crate::diagnostic::Code;
use crate::query::Robots;
use crate::vocab::access::AccessState;

/// A fetch result in figures. Serialised as `{"state", "diagnostics": {code: count},
/// "groups", "rules", "ignored_rules", "sitemaps": [url…], "extensions": [ExtensionRecord…]}`.
/// Without rules the counts are 0 and the lists empty.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// The state.
    pub state: AccessState,
    /// Every diagnostic (the access stage's `size-limit`, then the parse's), counted by code
    /// name, in name order.
    pub diagnostics: BTreeMap<&'static str, usize>,
    /// The groups read.
    pub groups: usize,
    /// The rules read (Allow and Disallow lines inside a group).
    pub rules: usize,
    /// The rules outside every group, which no agent obeys.
    pub ignored_rules: usize,
    /// The Sitemap URLs as written (bytes that are not UTF-8 replaced by U+FFFD), in file
    /// order.
    pub sitemaps: Vec<String>,
    /// Every record of an extension the variant knows (docs/extensions.md), in file order.
    pub extensions: Vec<ExtensionRecord>,
}

/// A record of a known extension, as [`Summary`] lists it. Serialised as `{"line", "key",
/// "value", "extension", "group_line", "error"}`.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ExtensionRecord {
    /// 1-based line number.
    pub line: u32,
    /// The key as written (lossy UTF-8).
    pub key: String,
    /// The value as written (lossy UTF-8).
    pub value: String,
    /// The extension's name (`crawl-delay`, `content-usage`, …).
    pub extension: &'static str,
    /// The first line of the group the record is in, or `None` outside every group.
    pub group_line: Option<u32>,
    /// Why the value does not follow the extension's syntax, or `None` when it does.
    pub error: Option<String>,
}

impl Access {
    /// This result in figures (see the module).
    pub fn summary(&self) -> Summary {
        // Counted by code, which compares as a number, then named: a file may hold thousands.
        let mut by_code: BTreeMap<Code, usize> = BTreeMap::new();
        for diagnostic in self.all_diagnostics() {
            *by_code.entry(diagnostic.code).or_default() += 1;
        }
        let named = by_code
            .into_iter()
            .map(|(code, count)| (code.name(), count));
        let diagnostics: BTreeMap<&'static str, usize> = named.collect();
        let robots = self.robots();
        Summary {
            state: self.state,
            diagnostics,
            groups: robots.map_or(0, |r| r.groups().len()),
            rules: robots.map_or(0, |r| r.rules().len()),
            ignored_rules: robots.map_or(0, |r| r.ignored_rules().len()),
            sitemaps: robots
                .into_iter()
                .flat_map(Robots::sitemaps)
                .map(|sitemap| String::from_utf8_lossy(sitemap.url).into_owned())
                .collect(),
            extensions: robots.map(extension_records).unwrap_or_default(),
        }
    }
}

/// The records of known extensions in `robots`.
fn extension_records(robots: &Robots) -> Vec<ExtensionRecord> {
    robots
        .records()
        .filter_map(|record| {
            let extension = record.extension?;
            let group_line = record
                .group
                .and_then(|index| robots.groups().nth(index))
                .map(|group| group.line());
            let error = match record.typed() {
                Some(Err(error)) => Some(error.to_string()),
                _ => None,
            };
            Some(ExtensionRecord {
                line: record.line,
                key: String::from_utf8_lossy(record.key).into_owned(),
                value: String::from_utf8_lossy(record.value).into_owned(),
                extension: extension.name(),
                group_line,
                error,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::access::{evaluate, AccessOptions, FetchOutcome, HeaderMap};
    use crate::variant::Variant;
    use std::time::SystemTime;

    fn summary(variant: Variant, status: u16, body: &[u8], size_limit: usize) -> Summary {
        let outcome = FetchOutcome::Response {
            status,
            headers: HeaderMap::new(),
            body: body.to_vec(),
        };
        let options = AccessOptions::default().with_size_limit(size_limit);
        evaluate(variant, &outcome, SystemTime::UNIX_EPOCH, &options).summary()
    }

    #[test]
    fn a_file_in_figures() {
        let body = b"Sitemap: https://example.com/s.xml\nUser-agent: *\nDisallow: /a\nAllow: /b\n\
                     Crawl-delay: 2\nHost: example.com\n\nUser-agent: x\nDisallow: /\n";
        let found = summary(Variant::Google, 200, body, 512_000);
        assert_eq!(found.state, AccessState::Rules);
        assert_eq!((found.groups, found.rules, found.ignored_rules), (2, 3, 0));
        assert_eq!(found.sitemaps, ["https://example.com/s.xml"]);
        let keys: Vec<(&str, Option<u32>)> = found
            .extensions
            .iter()
            .map(|e| (e.extension, e.group_line))
            .collect();
        assert_eq!(keys, [("crawl-delay", Some(2)), ("host", Some(2))]);
        assert!(found.extensions.iter().all(|e| e.error.is_none()));
        let json = serde_json::to_value(&found).unwrap_or_default();
        let fields: Vec<&String> = json
            .as_object()
            .map(|o| o.keys().collect())
            .unwrap_or_default();
        assert_eq!(fields.len(), 7);
    }

    #[test]
    fn diagnostics_are_counted_by_code_and_a_state_without_rules_has_no_figures() {
        // Every byte past the size limit is dropped: one `size-limit` warning.
        let body = b"User-agent: *\nDisallow /a\nDisallow: /b\n";
        let found = summary(Variant::Draft1996, 200, body, 20);
        assert_eq!(found.diagnostics.get("size-limit"), Some(&1));
        assert_eq!(found.diagnostics.get("missing-colon"), None);
        let whole = summary(Variant::Draft1996, 200, body, 512_000);
        assert_eq!(whole.diagnostics.get("missing-colon"), Some(&1));
        let gone = summary(Variant::Rfc9309, 404, body, 512_000);
        assert_eq!(gone.state, AccessState::AllowAll);
        assert_eq!((gone.groups, gone.rules, gone.sitemaps.len()), (0, 0, 0));
        assert!(gone.diagnostics.is_empty() && gone.extensions.is_empty());
    }
}
