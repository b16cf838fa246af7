//! Extension records: the `key: value` lines outside a variant's protocol that robotspec knows
//! (Content-Usage, Content-Signal, Crawl-delay, …), where each applies, and their values typed.
//!
//! Which keys a variant knows is its profile's list (docs/extensions.md); the syntax stage tags
//! such a line with its [`Extension`], the model keeps it as a `Record` with
//! that tag, and `Record::typed` reads its value with [`read`]. The
//! checks call the same [`read`] to report a malformed value (`invalid-extension-value`), so a
//! value is judged one way only. Both the syntax stage and the model read this vocabulary, so it
//! lies on the ground floor; `robotspec::model` shows it to users.
//!
//! ```
//! use robotspec::model::{Extension, ExtensionValue, Preference};
//! use robotspec::{Robots, Variant};
//!
//! let robots = Robots::parse(
//!     b"User-agent: *\nContent-Usage: /ai-ok/ train-ai=y\nCrawl-delay: 2.5\n",
//!     Variant::Rfc9309,
//! );
//! let usage = robots.records().next().unwrap();
//! assert_eq!(usage.extension, Some(Extension::ContentUsage));
//! let Some(Ok(ExtensionValue::ContentUsage(rule))) = usage.typed() else { panic!() };
//! assert_eq!(rule.path.as_deref(), Some(&b"/ai-ok/"[..]));
//! assert_eq!(rule.preferences.unwrap().get("train-ai"), Preference::Allowed);
//! let delay = robots.records().nth(1).unwrap().typed();
//! assert!(matches!(delay, Some(Ok(ExtensionValue::CrawlDelay(d))) if d.as_millis() == 2500));
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

crate::names::stable_names! {
    /// A record outside the variant's protocol that robotspec knows. Each variant knows its own
    /// list (docs/extensions.md): Google's library's twelve "unused" keys under `google`, the
    /// records of docs/spec/EXTENSIONS.md §1–§3 under the others.
    pub enum Extension {
        /// `Content-Usage: [path] preferences` (IETF AI Preferences): usage preferences for the
        /// paths of a group.
        ContentUsage = "content-usage",
        /// `Content-Signal: search=yes, ai-train=no` (Cloudflare): content signals.
        ContentSignal = "content-signal",
        /// `Crawl-delay: seconds`: the pause between two fetches (Bing, Yandex once).
        CrawlDelay = "crawl-delay",
        /// `Request-rate: requests/period`: at most so many fetches per period (Seznam).
        RequestRate = "request-rate",
        /// `Host: www.example.com`: the preferred mirror host (Yandex, once).
        Host = "host",
        /// `Domain: …`: read by no one; known to Google's library as unused.
        Domain = "domain",
        /// `Clean-param: p0&p1 [path]`: URL parameters that do not change the content (Yandex).
        CleanParam = "clean-param",
        /// `Visit-time: 0600-0845`: when to crawl (the 2002 "Extended Standard").
        VisitTime = "visit-time",
        /// `Noindex: /path`: do not index (Google until 1 Sep 2019).
        Noindex = "noindex",
        /// `Noarchive: /path`: known to Google's library as unused.
        Noarchive = "noarchive",
        /// `Nofollow: /path`: known to Google's library as unused.
        Nofollow = "nofollow",
        /// `Revisit-after: …`: no specification; known to Google's library as unused.
        RevisitAfter = "revisit-after",
        /// `Sitemap: URL` where it is not a directive (1994, 1996 predate it).
        Sitemap = "sitemap",
    }
}

crate::names::stable_names! {
    /// Where a record applies, according to its sources.
    pub enum Scope {
        /// To the agents of the group it is in (Content-Usage, Crawl-delay, …); ignored outside
        /// every group.
        Group = "group",
        /// To the whole file, wherever it is written (Sitemap, Host).
        File = "file",
        /// The sources disagree (Content-Signal: Cloudflare's placement reads as the group's,
        /// crawler-commons applies it to the file): both readings are offered.
        Disputed = "disputed",
    }
}

impl Extension {
    /// Where the record applies (docs/spec/EXTENSIONS.md §1.2, §2.4 and §3's scope column).
    pub fn scope(self) -> Scope {
        match self {
            Extension::Host | Extension::Domain | Extension::Sitemap => Scope::File,
            Extension::RevisitAfter => Scope::File,
            Extension::ContentSignal => Scope::Disputed,
            Extension::ContentUsage
            | Extension::CrawlDelay
            | Extension::RequestRate
            | Extension::CleanParam
            | Extension::VisitTime
            | Extension::Noindex
            | Extension::Noarchive
            | Extension::Nofollow => Scope::Group,
        }
    }
}

/// A known extension's name and the other spellings a profile accepts for it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ExtensionKey {
    pub extension: Extension,
    /// Lower-case spellings, compared with the key ignoring ASCII case.
    pub names: &'static [&'static str],
}

/// The extension `key` names in `keys`, compared exactly, ignoring ASCII case (as Google's
/// library compares its list).
pub(crate) fn classify(keys: &[ExtensionKey], key: &[u8]) -> Option<Extension> {
    keys.iter()
        .find(|k| {
            k.names
                .iter()
                .any(|n| key.eq_ignore_ascii_case(n.as_bytes()))
        })
        .map(|k| k.extension)
}

/// Bytes as text, each byte that is not UTF-8 as U+FFFD.
pub(crate) fn lossy<S: Serializer>(bytes: &&[u8], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(&String::from_utf8_lossy(bytes))
}

/// A record's value as its extension reads it. Only the value as written ([`Text`]) borrows
/// from the record; a typed reading owns what it holds, so the model keeps it as it is.
///
/// [`Text`]: ExtensionValue::Text
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum ExtensionValue<'m> {
    /// A Content-Usage rule.
    ContentUsage(ContentUsage),
    /// Content signals.
    ContentSignal(ContentSignal),
    /// A Crawl-delay.
    #[serde(serialize_with = "as_seconds")]
    CrawlDelay(Duration),
    /// A Request-rate.
    RequestRate(RequestRate),
    /// Any other extension's value, as written (`Host`, `Clean-param`, `Sitemap`, …).
    #[serde(serialize_with = "lossy")]
    Text(&'m [u8]),
}

fn as_seconds<S: Serializer>(delay: &Duration, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_f64(delay.as_secs_f64())
}

/// Why a value does not follow its extension's syntax.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ValueError {
    /// Byte offset into the value where the problem is.
    pub offset: usize,
    /// A sentence for people.
    pub message: String,
}

impl ValueError {
    fn new(offset: usize, message: impl Into<String>) -> Self {
        ValueError {
            offset,
            message: message.into(),
        }
    }
}

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (byte {})", self.message, self.offset)
    }
}

/// Why `value` does not follow `extension`'s syntax, if it does not: also for a reading that is
/// kept anyway ([`ExtensionValue::error`]).
pub(crate) fn value_error(extension: Extension, value: &[u8]) -> Option<ValueError> {
    match read(extension, value) {
        Ok(reading) => reading.error().cloned(),
        Err(error) => Some(error),
    }
}

impl ExtensionValue<'_> {
    /// Why the value does not follow its extension's syntax, for a reading that is kept
    /// anyway: a Content-Usage rule whose statement is not a Dictionary still applies (every
    /// preference unknown, vocab-07 §6.5.1).
    pub(crate) fn error(&self) -> Option<&ValueError> {
        match self {
            ExtensionValue::ContentUsage(rule) => rule.error.as_ref(),
            ExtensionValue::ContentSignal(_)
            | ExtensionValue::CrawlDelay(_)
            | ExtensionValue::RequestRate(_)
            | ExtensionValue::Text(_) => None,
        }
    }

    /// Heap bytes held.
    pub(crate) fn heap_bytes(&self) -> usize {
        let text = |text: &String| text.capacity();
        match self {
            ExtensionValue::ContentUsage(rule) => {
                rule.path.as_ref().map_or(0, Vec::capacity)
                    + rule.statement.capacity()
                    + rule.error.as_ref().map_or(0, |e| text(&e.message))
                    + rule.preferences.as_ref().map_or(0, Preferences::heap_bytes)
            }
            ExtensionValue::ContentSignal(signal) => signal
                .signals
                .iter()
                .map(|(key, value)| text(key) + text(value) + 2 * std::mem::size_of::<String>())
                .sum(),
            ExtensionValue::RequestRate(rate) => rate.window.as_ref().map_or(0, text),
            ExtensionValue::CrawlDelay(_) | ExtensionValue::Text(_) => 0,
        }
    }

    /// The reading as a record keeps it: `None` for the value as written, which the record
    /// holds already.
    pub(crate) fn kept(self) -> Option<ExtensionValue<'static>> {
        match self {
            ExtensionValue::ContentUsage(rule) => Some(ExtensionValue::ContentUsage(rule)),
            ExtensionValue::ContentSignal(signal) => Some(ExtensionValue::ContentSignal(signal)),
            ExtensionValue::CrawlDelay(delay) => Some(ExtensionValue::CrawlDelay(delay)),
            ExtensionValue::RequestRate(rate) => Some(ExtensionValue::RequestRate(rate)),
            ExtensionValue::Text(_) => None,
        }
    }
}

/// Reads `value` (trimmed, as the model keeps it) as `extension` reads it: each extension's one
/// reader. A Content-Usage rule is read even when its statement is not a Dictionary (its
/// `error` says why, [`ExtensionValue::error`]); any other value that does not follow its
/// extension's syntax is an `Err`.
pub(crate) fn read(extension: Extension, value: &[u8]) -> Result<ExtensionValue<'_>, ValueError> {
    match extension {
        Extension::ContentUsage => Ok(ExtensionValue::ContentUsage(ContentUsage::read(value))),
        Extension::ContentSignal => ContentSignal::read(value).map(ExtensionValue::ContentSignal),
        Extension::CrawlDelay => crawl_delay(value).map(ExtensionValue::CrawlDelay),
        Extension::RequestRate => RequestRate::read(value).map(ExtensionValue::RequestRate),
        Extension::Host
        | Extension::Domain
        | Extension::CleanParam
        | Extension::VisitTime
        | Extension::Noindex
        | Extension::Noarchive
        | Extension::Nofollow
        | Extension::RevisitAfter
        | Extension::Sitemap => Ok(ExtensionValue::Text(value)),
    }
}

crate::names::stable_names! {
    /// A usage preference for one category (draft-ietf-aipref-vocab-07 §6: the Token `y` or
    /// `n`; anything else, or no statement, is unknown).
    pub enum Preference {
        /// `y`: the use is allowed.
        Allowed = "y",
        /// `n`: the use is disallowed.
        Disallowed = "n",
        /// No statement says `y` or `n` for the category.
        Unknown = "unknown",
    }
}

/// Usage preferences: category label → [`Preference::Allowed`] or [`Preference::Disallowed`]
/// (every other label is unknown). Serialised as an object, label → `"y"` or `"n"`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Preferences(BTreeMap<String, Preference>);

impl Preferences {
    /// The preference for `label` (case-sensitive, as the vocabulary says).
    pub fn get(&self, label: &str) -> Preference {
        self.0.get(label).copied().unwrap_or(Preference::Unknown)
    }

    /// Heap bytes held: each label and its entry.
    fn heap_bytes(&self) -> usize {
        let entry = std::mem::size_of::<(String, Preference)>();
        self.0.keys().map(|label| label.capacity() + entry).sum()
    }

    /// The labels with a preference, in label order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, Preference)> + '_ {
        self.0.iter().map(|(label, p)| (label.as_str(), *p))
    }

    /// True when no label has a preference.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Adds another statement's preferences by vocab-07 §5.1: per category, `n` if any says
    /// `n`, else `y` if any says `y` ("the most restrictive preference applies").
    pub(crate) fn combine(&mut self, other: &Preferences) {
        for (label, preference) in other.iter() {
            let entry = self.0.entry(label.to_owned()).or_insert(preference);
            if preference == Preference::Disallowed {
                *entry = preference;
            }
        }
    }

    /// A statement of preference (vocab-07 §6.5): an RFC 9651 Dictionary whose `y`/`n` Tokens
    /// are the preferences, parameters ignored; any other value leaves its label unknown.
    fn parse(statement: &[u8]) -> Result<Preferences, ValueError> {
        let dictionary: sfv::Dictionary =
            sfv::Parser::new(statement)
                .parse_dictionary()
                .map_err(|e| {
                    let message = format!("not a Structured Fields dictionary: {e:#}");
                    ValueError::new(e.index().unwrap_or(0), message)
                })?;
        let preferences = dictionary.iter().filter_map(|(label, entry)| {
            let sfv::ListEntry::Item(item) = entry else {
                return None;
            };
            let preference = match item.bare_item.as_token()?.as_str() {
                "y" => Preference::Allowed,
                "n" => Preference::Disallowed,
                _ => return None,
            };
            Some((label.as_str().to_owned(), preference))
        });
        Ok(Preferences(preferences.collect()))
    }
}

impl Serialize for Preferences {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (label, preference) in self.iter() {
            map.serialize_entry(label, &preference)?;
        }
        map.end()
    }
}

/// A Content-Usage rule (draft-ietf-aipref-attach-05 §3): an optional path, then a statement
/// of preference.
///
/// ```
/// use robotspec::model::{ContentUsage, Preference};
///
/// let rule = ContentUsage::read(b"/ai-ok/ train-ai=y, search=n");
/// assert_eq!(rule.path.as_deref(), Some(&b"/ai-ok/"[..]));
/// let preferences = rule.preferences.unwrap();
/// assert_eq!(preferences.get("search"), Preference::Disallowed);
/// assert_eq!(preferences.get("ai-input"), Preference::Unknown);
/// // Upper case fails the whole dictionary: every preference is unknown.
/// assert!(ContentUsage::read(b"Train-AI=n").preferences.is_none());
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ContentUsage {
    /// The path pattern (`/…` up to the first space or tab), `None` for a rule of every path.
    #[serde(serialize_with = "lossy_option")]
    pub path: Option<Vec<u8>>,
    /// The statement of preference as written.
    #[serde(serialize_with = "lossy_vec")]
    pub statement: Vec<u8>,
    /// The preferences; `None` when the statement is not a Dictionary (then every preference
    /// is unknown, vocab-07 §6.5.1).
    pub preferences: Option<Preferences>,
    /// Why the statement is not a Dictionary, with the offset in the value.
    #[serde(skip)]
    pub error: Option<ValueError>,
}

fn lossy_vec<S: Serializer>(bytes: &[u8], serializer: S) -> Result<S::Ok, S::Error> {
    lossy(&bytes, serializer)
}

fn lossy_option<S: Serializer>(bytes: &Option<Vec<u8>>, serializer: S) -> Result<S::Ok, S::Error> {
    match bytes {
        Some(bytes) => lossy_vec(bytes, serializer),
        None => serializer.serialize_none(),
    }
}

impl ContentUsage {
    /// Reads a rule's value (attach-05 §3.2): a value starting with `/` is a path up to the
    /// first SP or HTAB, the rest the statement; otherwise the whole value is the statement.
    pub fn read(value: &[u8]) -> ContentUsage {
        let (path, statement, at) = match value.first() {
            Some(b'/') => {
                let end = value
                    .iter()
                    .position(|&b| b == b' ' || b == b'\t')
                    .unwrap_or(value.len());
                let (path, rest) = value.split_at(end);
                let skipped = rest
                    .iter()
                    .take_while(|&&b| b == b' ' || b == b'\t')
                    .count();
                (
                    Some(path),
                    rest.get(skipped..).unwrap_or_default(),
                    end + skipped,
                )
            }
            _ => (None, value, 0),
        };
        let (preferences, error) = match Preferences::parse(statement) {
            Ok(preferences) => (Some(preferences), None),
            Err(e) => (None, Some(ValueError::new(at + e.offset, e.message))),
        };
        ContentUsage {
            path: path.map(<[u8]>::to_vec),
            statement: statement.to_vec(),
            preferences,
            error,
        }
    }
}

/// Content signals (Cloudflare): `key=value` pairs separated by commas, each key with its last
/// value. No source defines the syntax (docs/spec/EXTENSIONS.md §2.2): robotspec reads a key as
/// `[a-z0-9_-]+` and a value as non-empty text without spaces, commas or `=`; unknown keys and
/// values are kept as written. Serialised as an object, key → value.
///
/// ```
/// use robotspec::model::ContentSignal;
///
/// let signal = ContentSignal::read(b"search=yes,ai-train=no, use=reference").unwrap();
/// assert_eq!(signal.get("ai-train"), Some("no"));
/// assert_eq!(signal.get("ai-input"), None);
/// // The `=` is missing at the end of the second pair.
/// assert_eq!(ContentSignal::read(b"search=yes, ai-train").unwrap_err().offset, 20);
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ContentSignal {
    signals: BTreeMap<String, String>,
}

impl ContentSignal {
    /// Reads a Content-Signal value.
    pub fn read(value: &[u8]) -> Result<ContentSignal, ValueError> {
        let mut signals = BTreeMap::new();
        let mut at = 0;
        for pair in value.split(|&b| b == b',') {
            let (key, value) = signal_pair(pair).map_err(|offset| {
                ValueError::new(at + offset, "expected `key=value` (e.g. `ai-train=no`)")
            })?;
            signals.insert(key.to_owned(), value.to_owned());
            at += pair.len() + 1;
        }
        Ok(ContentSignal { signals })
    }

    /// The value of signal `key` (`yes`, `no`, …), if given.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.signals.get(key).map(String::as_str)
    }

    /// The signals in key order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        self.signals.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// Adds `other`'s signals; a key given in both takes `other`'s value (the later line).
    pub(crate) fn extend(&mut self, other: ContentSignal) {
        self.signals.extend(other.signals);
    }
}

/// One `key=value` pair (surrounding SP/HTAB allowed), or the offset in `pair` of the problem.
fn signal_pair(pair: &[u8]) -> Result<(&str, &str), usize> {
    let is_space = |b: &u8| *b == b' ' || *b == b'\t';
    let start = pair.iter().position(|b| !is_space(b)).unwrap_or(pair.len());
    let end = pair
        .iter()
        .rposition(|b| !is_space(b))
        .map_or(start, |e| e + 1);
    let text = pair.get(start..end).unwrap_or_default();
    let eq = text.iter().position(|&b| b == b'=').ok_or(end)?;
    let (key, value) = text.split_at(eq);
    let value = value.get(1..).unwrap_or_default();
    let key_ok = !key.is_empty()
        && key
            .iter()
            .all(|&b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_');
    if !key_ok {
        return Err(start);
    }
    let bad_value = |b: &u8| is_space(b) || *b == b'=' || !b.is_ascii_graphic();
    if value.is_empty() || value.iter().any(bad_value) {
        return Err(start + eq + 1);
    }
    let text = |bytes| std::str::from_utf8(bytes).map_err(|_| start);
    Ok((text(key)?, text(value)?))
}

impl Serialize for ContentSignal {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.iter())
    }
}

/// A Crawl-delay in seconds: a non-negative decimal number, `DIGITS [ "." DIGITS ]` or
/// `"." DIGITS` (`10`, `10.5`, `.5`). Signs, exponents (`1e9`), `inf` and `NaN` are not
/// numbers of seconds as crawlers write them, and are rejected; so is a delay too long for a
/// [`Duration`].
///
/// ```
/// use robotspec::model::crawl_delay;
/// use std::time::Duration;
///
/// assert_eq!(crawl_delay(b"10.5"), Ok(Duration::from_millis(10_500)));
/// assert!(crawl_delay(b"-1").is_err());
/// assert!(crawl_delay(b"1e9").is_err());
/// assert!(crawl_delay(b"inf").is_err());
/// ```
pub fn crawl_delay(value: &[u8]) -> Result<Duration, ValueError> {
    let not_digit = value
        .iter()
        .enumerate()
        .filter(|&(_, &b)| !b.is_ascii_digit())
        .map(|(at, _)| at);
    let mut dots = 0;
    for at in not_digit {
        dots += 1;
        if value.get(at) != Some(&b'.') || dots > 1 {
            return Err(ValueError::new(
                at,
                "expected a number of seconds (`10`, `0.5`)",
            ));
        }
    }
    let text = std::str::from_utf8(value).unwrap_or_default();
    let seconds: f64 = text
        .parse()
        .map_err(|_| ValueError::new(0, "expected a number of seconds (`10`, `0.5`)"))?;
    Duration::try_from_secs_f64(seconds).map_err(|_| ValueError::new(0, "delay too long"))
}

/// A Request-rate: `requests "/" count [unit] [window]` — `1/5` is one request every five
/// seconds; the unit is `s` (default), `m` or `h`; Seznam's optional time window
/// (`1/10s 1800-1900`, UTC) is kept as written.
///
/// ```
/// use robotspec::model::RequestRate;
/// use std::time::Duration;
///
/// let rate = RequestRate::read(b"1/10s 1800-1900").unwrap();
/// assert_eq!((rate.requests, rate.period), (1, Duration::from_secs(10)));
/// assert_eq!(rate.window.as_deref(), Some("1800-1900"));
/// assert!(RequestRate::read(b"0/5").is_err());
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RequestRate {
    /// Requests allowed per period (at least 1).
    pub requests: u32,
    /// The period (not zero).
    #[serde(serialize_with = "as_seconds")]
    pub period: Duration,
    /// The time window, as written (`1800-1900`), if any.
    pub window: Option<String>,
}

impl RequestRate {
    /// Reads a Request-rate value.
    pub fn read(value: &[u8]) -> Result<RequestRate, ValueError> {
        let error = |at| ValueError::new(at, "expected `requests/period` (e.g. `1/5s`)");
        let text = std::str::from_utf8(value).map_err(|e| error(e.valid_up_to()))?;
        let (rate, window) = match text.split_once([' ', '\t']) {
            Some((rate, window)) => (rate, Some(window.trim().to_owned())),
            None => (text, None),
        };
        let slash = rate.find('/').ok_or_else(|| error(rate.len()))?;
        let requests: u32 = rate[..slash].trim().parse().map_err(|_| error(0))?;
        let period = period(rate[slash + 1..].trim()).ok_or_else(|| error(slash + 1))?;
        if requests == 0 {
            return Err(error(0));
        }
        Ok(RequestRate {
            requests,
            period,
            window,
        })
    }
}

/// `count [s|m|h]`, not zero.
fn period(text: &str) -> Option<Duration> {
    let digits = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (count, unit) = text.split_at(digits);
    let scale = match unit.to_ascii_lowercase().as_str() {
        "" | "s" => 1,
        "m" => 60,
        "h" => 3600,
        _ => return None,
    };
    let count: u64 = count.parse().ok()?;
    let period = Duration::from_secs(count.checked_mul(scale)?);
    (!period.is_zero()).then_some(period)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vocab_07_value_vectors() {
        let read = |s: &str| ContentUsage::read(s.as_bytes()).preferences;
        let both = read("train-ai=y, search=n").unwrap();
        assert_eq!(both.get("train-ai"), Preference::Allowed);
        assert_eq!(both.get("search"), Preference::Disallowed);
        let odd = read("train-ai=y, train-ai, search=n, search=\"n\"").unwrap();
        assert!(odd.is_empty());
        let params = read("train-ai;allow=n, train-ai=y").unwrap();
        assert_eq!(params.get("train-ai"), Preference::Allowed);
        assert_eq!(read("train-ai;has;parameters=\"?\";"), None);
        assert_eq!(read("Train-AI=n"), None);
        assert_eq!(read(""), Some(Preferences::default()));
    }

    #[test]
    fn content_usage_errors_point_into_the_value() {
        let rule = ContentUsage::read(b"/a/  train-ai=y,");
        assert_eq!(rule.path.as_deref(), Some(&b"/a/"[..]));
        assert_eq!(rule.error.map(|e| e.offset), Some(15));
        let rule = ContentUsage::read(b"/x");
        assert_eq!(rule.preferences, Some(Preferences::default()));
    }

    #[test]
    fn combining_takes_the_most_restrictive() {
        let mut a = ContentUsage::read(b"train-ai=y, search=y")
            .preferences
            .unwrap();
        a.combine(&ContentUsage::read(b"train-ai=n").preferences.unwrap());
        assert_eq!(a.get("train-ai"), Preference::Disallowed);
        assert_eq!(a.get("search"), Preference::Allowed);
    }

    #[test]
    fn content_signal_values() {
        let signal = ContentSignal::read(b"ai-train=no, search=yes, ai-train=yes").unwrap();
        assert_eq!(signal.get("ai-train"), Some("yes"));
        for (bad, at) in [("", 0), ("search", 6), ("Search=yes", 0), ("a=b, c=", 7)] {
            let error = ContentSignal::read(bad.as_bytes()).unwrap_err();
            assert_eq!(error.offset, at, "{bad}");
        }
    }

    #[test]
    fn crawl_delays() {
        assert_eq!(crawl_delay(b"10"), Ok(Duration::from_secs(10)));
        assert_eq!(crawl_delay(b".5"), Ok(Duration::from_millis(500)));
        for bad in ["-1", "1e9", "inf", "NaN", "1.2.3", "", "+5", "ten"] {
            assert!(crawl_delay(bad.as_bytes()).is_err(), "{bad}");
        }
        assert_eq!(crawl_delay(b"1.5x").unwrap_err().offset, 3);
        assert!(crawl_delay("9".repeat(30).as_bytes()).is_err());
    }

    #[test]
    fn request_rates() {
        let rate = |s: &str| RequestRate::read(s.as_bytes()).map(|r| (r.requests, r.period));
        assert_eq!(rate("1/5"), Ok((1, Duration::from_secs(5))));
        assert_eq!(rate("3/1m"), Ok((3, Duration::from_secs(60))));
        assert_eq!(rate("1/2h"), Ok((1, Duration::from_secs(7200))));
        for bad in ["0/5", "1/0", "1/5d", "1", "1/99999999999999999999h"] {
            assert!(rate(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn keys_are_compared_exactly_ignoring_case() {
        let keys = [ExtensionKey {
            extension: Extension::ContentSignal,
            names: &["content-signal", "content-signals"],
        }];
        assert_eq!(
            classify(&keys, b"Content-Signals"),
            Some(Extension::ContentSignal)
        );
        assert_eq!(classify(&keys, b"content-signalz"), None);
    }
}
