//! Reading `Cache-Control` (RFC 9111 §5.2) as far as a crawler's private cache of robots.txt
//! results needs it: `no-store`, `no-cache` and the first `max-age`. `s-maxage` is for shared
//! caches and is ignored (docs/access.md says why).

/// What the `Cache-Control` header lines of a response say.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(super) struct CacheControl {
    /// `no-store`: the result must not be kept.
    pub(super) no_store: bool,
    /// `no-cache` (bare or qualified): the result must be revalidated before reuse.
    pub(super) no_cache: bool,
    /// The first `max-age`; `Some(None)` when its value is not a number of seconds.
    pub(super) max_age: Option<Option<u64>>,
}

impl CacheControl {
    /// Reads the directives of every `Cache-Control` line, in order (field lines combine as a
    /// comma-separated list, RFC 9110 §5.3). Names ignore ASCII case; arguments may be quoted.
    pub(super) fn parse<'v>(values: impl IntoIterator<Item = &'v str>) -> CacheControl {
        let mut found = CacheControl::default();
        for value in values {
            for item in list_items(value) {
                let (name, argument) = match item.split_once('=') {
                    Some((name, argument)) => (name.trim(), Some(unquote(argument.trim()))),
                    None => (item, None),
                };
                if name.eq_ignore_ascii_case("no-store") {
                    found.no_store = true;
                } else if name.eq_ignore_ascii_case("no-cache") {
                    found.no_cache = true;
                } else if name.eq_ignore_ascii_case("max-age") && found.max_age.is_none() {
                    // RFC 9111 §4.2.1: the first occurrence is used.
                    found.max_age = Some(argument.as_deref().and_then(parse_seconds));
                }
            }
        }
        found
    }
}

/// The non-empty, trimmed elements of a comma-separated list; a comma inside a quoted string
/// (with `\` escapes) does not separate.
fn list_items(value: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let (mut start, mut quoted, mut escaped) = (0, false, false);
    for (at, c) in value.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            ',' if !quoted => {
                items.push(value.get(start..at).unwrap_or_default());
                start = at + 1;
            }
            _ => {}
        }
    }
    items.push(value.get(start..).unwrap_or_default());
    items
        .into_iter()
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .collect()
}

/// A token as it is, or the content of a quoted string without its quotes and escapes.
fn unquote(text: &str) -> String {
    let Some(inner) = text.strip_prefix('"') else {
        return text.to_owned();
    };
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => break,
            '\\' => out.extend(chars.next()),
            c => out.push(c),
        }
    }
    out
}

/// Delta-seconds (RFC 9111 §1.2.2): digits only.
pub(super) fn parse_seconds(text: &str) -> Option<u64> {
    let text = text.trim();
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // Very long numbers saturate (RFC 9111 §1.2.2).
    Some(text.parse().unwrap_or(u64::MAX))
}
