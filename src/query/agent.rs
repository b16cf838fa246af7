//! The caller's side of user-agent matching: which product tokens a crawler answers to.
//!
//! The caller's side is exact: a caller's token is compared whole, case-insensitively, and
//! never shortened, so a caller passing `Googlebot/2.1` does not match `user-agent: Googlebot`.
//! A crawler therefore passes its product token, not its `User-Agent` header;
//! [`product_token_from_header`] is a heuristic that finds the token in a header. A crawler may
//! answer to several tokens (`Googlebot-Image`, then `Googlebot`): [`AgentQuery`] is that
//! ordered list, most specific first (docs/spec/VARIANTS.md A7). The file's side is
//! `crate::model::agent`.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

use crate::model::agent::{is_space, is_valid_product_token, token_matches};

/// Products and version words that browsers and rendering engines put into every `User-Agent`
/// header; they never identify a crawler. Compared case-insensitively.
const GENERIC_PRODUCTS: &[&str] = &[
    "Mozilla",
    "AppleWebKit",
    "KHTML",
    "Gecko",
    "like",
    "compatible",
    "Chrome",
    "Chromium",
    "CriOS",
    "Safari",
    "Mobile",
    "Version",
    "Firefox",
    "FxiOS",
    "Edge",
    "Edg",
    "Opera",
    "OPR",
    "Presto",
    "MSIE",
    "Trident",
    "Build",
    "Linux",
    "Android",
    "Windows",
    "Macintosh",
    "iPhone",
    "iPad",
    "CPU",
    "Intel",
    "U",
];

fn is_generic(name: &str) -> bool {
    GENERIC_PRODUCTS
        .iter()
        .any(|generic| generic.eq_ignore_ascii_case(name))
}

/// The name part of a word: before the first `/` (the version), without trailing `;` or `,`.
fn product_name(word: &str) -> &str {
    let name = word.split('/').next().unwrap_or(word);
    name.trim_end_matches([';', ','])
}

/// The words of a header outside parentheses, and the contents of its top-level parenthesised
/// comments (nested parentheses stay inside their comment; an unclosed one runs to the end).
fn split_header<'a>(header: &'a str) -> (Vec<&'a str>, Vec<&'a str>) {
    let mut words = Vec::new();
    let mut comments = Vec::new();
    let mut depth = 0usize;
    let mut start = 0usize;
    let push_word = |from: usize, to: usize, words: &mut Vec<&'a str>| {
        words.extend(header.get(from..to).filter(|word| !word.is_empty()));
    };
    // Every byte inspected is ASCII, so every offset sliced at is a char boundary.
    for (at, &byte) in header.as_bytes().iter().enumerate() {
        if depth == 0 {
            if byte == b'(' || byte == b')' || is_space(byte) {
                push_word(start, at, &mut words);
                start = at + 1;
                if byte == b'(' {
                    depth = 1;
                }
            }
        } else if byte == b'(' {
            depth += 1;
        } else if byte == b')' {
            depth -= 1;
            if depth == 0 {
                comments.extend(header.get(start..at));
                start = at + 1;
            }
        }
    }
    if depth == 0 {
        push_word(start, header.len(), &mut words);
    } else {
        comments.extend(header.get(start..));
    }
    (words, comments)
}

/// The product a `;`-separated comment item names: its first word (split at whitespace and
/// `,`) whose name is a valid product token, with whether that word carries a `/version`.
/// `None` when no word qualifies or the first qualifying one is a generic browser word
/// (`Windows NT 6.1` names nothing, rather than `NT`).
fn item_product(item: &str) -> Option<(&str, bool)> {
    let word = item
        .split(|c: char| c.is_ascii_whitespace() || c == ',')
        .find(|word| is_valid_product_token(product_name(word).as_bytes()))?;
    let name = product_name(word);
    (!is_generic(name)).then_some((name, word.contains('/')))
}

/// From a crawler's full HTTP `User-Agent` header, the product token it most likely looks for
/// in robots.txt — a heuristic, since the header has no fixed form.
///
/// The header is split into *products* (`Name/version` words outside parentheses) and
/// *comments* (text in parentheses, items separated by `;`). Only names made entirely of
/// `[A-Za-z_-]` are ever returned; a word's name is the part before its `/version`. In order:
///
/// 1. inside a comment holding a `compatible` item, the first later item that names a product
///    which is not a generic browser word (`Mozilla/5.0 (compatible; Googlebot/2.1; +http://…)`
///    → `Googlebot`; `(compatible; Yahoo! Slurp; …)` → `Slurp`);
/// 2. else the first product outside comments that is not a generic browser or engine word
///    (Mozilla, AppleWebKit, KHTML, Gecko, Chrome, Safari, Mobile, Version, like, compatible,
///    MSIE, Firefox, …): `CCBot/2.0 (…)` → `CCBot`, `Googlebot-Image/1.0` → `Googlebot-Image`;
/// 3. else the first `Name/version` item of any comment that is not generic
///    (`… Safari/605.1.15 (Applebot/0.1; +http://…)` → `Applebot`);
/// 4. else the first valid product outside comments, generic or not (a plain browser header
///    gives `Mozilla`);
/// 5. else `None`.
///
/// Limitation: a crawler whose name is not a valid product token (`MJ12bot`, `360Spider`) is
/// never found; neither can such a name be matched by Google's rules.
///
/// [`AgentQuery::from_header`] is its public form, with an example.
pub(crate) fn product_token_from_header(header: &str) -> Option<&str> {
    let (words, comments) = split_header(header);

    let compatible = comments.iter().find_map(|comment| {
        let mut items = comment.split(';').map(str::trim);
        items
            .by_ref()
            .find(|item| item.eq_ignore_ascii_case("compatible"))?;
        items.find_map(|item| item_product(item).map(|(name, _)| name))
    });
    if compatible.is_some() {
        return compatible;
    }

    let valid_products = || {
        words
            .iter()
            .map(|word| product_name(word))
            .filter(|name| is_valid_product_token(name.as_bytes()))
    };
    if let Some(name) = valid_products().find(|name| !is_generic(name)) {
        return Some(name);
    }

    let in_comment = comments.iter().find_map(|comment| {
        comment
            .split(';')
            .filter_map(item_product)
            .find_map(|(name, versioned)| versioned.then_some(name))
    });
    if in_comment.is_some() {
        return in_comment;
    }

    valid_products().next()
}

/// The tokens a crawler answers to, most specific first — e.g. `Googlebot-Image`, then
/// `Googlebot` (docs/spec/VARIANTS.md A7).
///
/// A matcher tries the tokens in order: the first token that some group of the file names
/// wins, and all groups naming that token are used; less specific
/// tokens are then ignored. Only when no token names any group do the global (`*`) groups
/// apply. There is no implicit prefix or substring fall-back: `Googlebot-Image` alone does not
/// fall back to a `Googlebot` group unless `Googlebot` is in the list. [`AgentQuery::rank`]
/// gives the position a file token takes in that order.
///
/// Tokens are kept as given (no validation); only RFC 9309 product tokens (`[A-Za-z_-]+`) can
/// match. The [`Display`](fmt::Display) form is the comma-separated list, which
/// [`AgentQuery::read`] reads back when no token contains a comma or surrounding whitespace.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(from = "Vec<String>", into = "Vec<String>")]
pub struct AgentQuery {
    tokens: Vec<String>,
    /// Read from a `User-Agent` header (not serialised: the tokens are the query).
    from_header: bool,
}

impl From<Vec<String>> for AgentQuery {
    /// The tokens, in order of preference, as given.
    fn from(tokens: Vec<String>) -> AgentQuery {
        AgentQuery::from_tokens(tokens)
    }
}

impl From<AgentQuery> for Vec<String> {
    fn from(query: AgentQuery) -> Vec<String> {
        query.tokens
    }
}

impl AgentQuery {
    /// The query for the product token found in a `User-Agent` header
    /// (`Mozilla/5.0 (compatible; Googlebot/2.1; +http://…)` → `Googlebot`), if there is one.
    ///
    /// ```
    /// use robotspec::AgentQuery;
    /// let header = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    /// assert_eq!(AgentQuery::from_header(header).unwrap().tokens(), ["Googlebot"]);
    /// ```
    pub fn from_header(header: &str) -> Option<AgentQuery> {
        product_token_from_header(header).map(AgentQuery::new)
    }

    /// A query for a single token, kept exactly as given.
    pub fn new(token: impl Into<String>) -> AgentQuery {
        AgentQuery {
            tokens: vec![token.into()],
            from_header: false,
        }
    }

    /// Reads a crawler as a caller names it — the one reading every entry point uses (the
    /// library's callers, every command of the CLI, the bindings):
    ///
    /// * a **whole `User-Agent` header** (it holds `/`, `(` or `;`, or inner spaces, and no
    ///   comma): its product token ([`AgentQuery::from_header`]), e.g.
    ///   `Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)` →
    ///   `Googlebot`; [`AgentQuery::is_from_header`] says so;
    /// * otherwise a **comma-separated list of product tokens**, most specific first
    ///   (`Googlebot-Image, Googlebot`): each entry trimmed, empty entries dropped — as Google's
    ///   library called with several user agents, except that the first token some group names
    ///   wins (docs/google.md);
    ///
    /// # Errors
    ///
    /// [`AgentError::NoToken`] when the text names no crawler (empty, blank, only commas): read
    /// as the empty token it would quietly get the `*` groups; [`AgentError::ControlCharacter`]
    /// when it holds one (a tab, a line end, NUL, DEL): no `user-agent:` line can name it, and
    /// it cannot be sent as a header.
    ///
    /// ```
    /// use robotspec::{AgentError, AgentQuery};
    /// let query = AgentQuery::read("Googlebot-Image, Googlebot")?;
    /// assert_eq!(query.tokens(), ["Googlebot-Image", "Googlebot"]);
    /// let header = AgentQuery::read("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")?;
    /// assert_eq!((header.tokens(), header.is_from_header()), (&["Googlebot".to_owned()][..], true));
    /// assert_eq!(AgentQuery::read(" , "), Err(AgentError::NoToken));
    /// assert!(matches!(AgentQuery::read("a\tb"), Err(AgentError::ControlCharacter { at: 1, .. })));
    /// # Ok::<(), AgentError>(())
    /// ```
    pub fn read(text: &str) -> Result<AgentQuery, AgentError> {
        if let Some((at, found)) = text.char_indices().find(|(_, c)| c.is_control()) {
            return Err(AgentError::ControlCharacter { at, found });
        }
        let looks_like_header =
            !text.contains(',') && (text.contains(['/', '(', ';']) || text.trim().contains(' '));
        if let Some(query) = AgentQuery::from_header(text).filter(|_| looks_like_header) {
            return Ok(AgentQuery {
                from_header: true,
                ..query
            });
        }
        let tokens: Vec<String> = text
            .split(',')
            .map(str::trim)
            .filter(|token| !token.is_empty())
            .map(str::to_owned)
            .collect();
        if tokens.is_empty() {
            return Err(AgentError::NoToken);
        }
        Ok(AgentQuery::from_tokens(tokens))
    }

    /// Whether [`AgentQuery::read`] took the token from a `User-Agent` header.
    pub fn is_from_header(&self) -> bool {
        self.from_header
    }

    /// A query from tokens in order of preference, each kept exactly as given (not trimmed,
    /// empty ones kept).
    ///
    /// ```
    /// use robotspec::AgentQuery;
    /// let query = AgentQuery::from_tokens(["Googlebot-News", "Googlebot"]);
    /// assert_eq!(query.to_string(), "Googlebot-News,Googlebot");
    /// ```
    pub fn from_tokens<I, S>(tokens: I) -> AgentQuery
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        AgentQuery {
            tokens: tokens
                .into_iter()
                .map(|token| token.as_ref().to_owned())
                .collect(),
            from_header: false,
        }
    }

    /// The tokens, most specific first.
    pub fn tokens(&self) -> &[String] {
        &self.tokens
    }

    /// The tokens as string slices, most specific first.
    pub fn iter(&self) -> impl Iterator<Item = &str> + '_ {
        self.tokens.iter().map(String::as_str)
    }

    /// The number of tokens.
    pub fn len(&self) -> usize {
        self.tokens.len()
    }

    /// True when there is no token at all (such a query only ever gets the global groups).
    pub fn is_empty(&self) -> bool {
        self.tokens.is_empty()
    }

    /// The position of the first caller token that a file token (as the file's `user-agent` line names it) names,
    /// or `None` when it names none. Lower is more specific: a matcher uses the groups with the
    /// lowest rank present in the file.
    pub fn rank(&self, file_token: &[u8]) -> Option<usize> {
        self.tokens
            .iter()
            .position(|caller| token_matches(file_token, caller.as_bytes()))
    }
}

impl FromStr for AgentQuery {
    type Err = AgentError;

    /// Same as [`AgentQuery::read`].
    fn from_str(text: &str) -> Result<AgentQuery, AgentError> {
        AgentQuery::read(text)
    }
}

/// Why a caller's text names no crawler ([`AgentQuery::read`]).
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AgentError {
    /// Empty, blank, or only commas.
    NoToken,
    /// A control character (a tab, a line end, NUL, DEL…) at byte `at`.
    ControlCharacter {
        /// Byte offset in the text.
        at: usize,
        /// The character.
        found: char,
    },
}

impl fmt::Display for AgentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentError::NoToken => f.write_str("the agent names no crawler"),
            AgentError::ControlCharacter { at, found } => write!(
                f,
                "the agent holds a control character (U+{:04X} at byte {at})",
                u32::from(*found)
            ),
        }
    }
}

impl std::error::Error for AgentError {}

impl<S: AsRef<str>> From<&[S]> for AgentQuery {
    fn from(tokens: &[S]) -> AgentQuery {
        AgentQuery::from_tokens(tokens)
    }
}

impl fmt::Display for AgentQuery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, token) in self.tokens.iter().enumerate() {
            if index > 0 {
                f.write_str(",")?;
            }
            f.write_str(token)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The examples of the brief plus real crawler headers, with the token each crawler
    /// documents for robots.txt.
    const HEADERS: &[(&str, Option<&str>)] = &[
        (
            "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
            Some("Googlebot"),
        ),
        (
            "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; \
             +http://www.google.com/bot.html) Chrome/W.X.Y.Z Safari/537.36",
            Some("Googlebot"),
        ),
        (
            "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 \
             (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; \
             Googlebot/2.1; +http://www.google.com/bot.html)",
            Some("Googlebot"),
        ),
        ("Googlebot-Image/1.0", Some("Googlebot-Image")),
        ("Googlebot-Video/1.0", Some("Googlebot-Video")),
        (
            "Mozilla/5.0 (X11; Linux x86_64; Storebot-Google/1.0) AppleWebKit/537.36 \
             (KHTML, like Gecko) Chrome/W.X.Y.Z Safari/537.36",
            Some("Storebot-Google"),
        ),
        (
            "AdsBot-Google (+http://www.google.com/adsbot.html)",
            Some("AdsBot-Google"),
        ),
        ("Mediapartners-Google", Some("Mediapartners-Google")),
        (
            "FeedFetcher-Google; (+http://www.google.com/feedfetcher.html)",
            Some("FeedFetcher-Google"),
        ),
        (
            "Mozilla/5.0 (compatible; Google-InspectionTool/1.0;)",
            Some("Google-InspectionTool"),
        ),
        (
            "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; \
             +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36",
            Some("bingbot"),
        ),
        (
            "DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)",
            Some("DuckDuckBot"),
        ),
        (
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 \
             (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 \
             (Applebot/0.1; +http://www.apple.com/go/applebot)",
            Some("Applebot"),
        ),
        (
            "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; \
             +https://openai.com/gptbot)",
            Some("GPTBot"),
        ),
        (
            "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; \
             +claudebot@anthropic.com)",
            Some("ClaudeBot"),
        ),
        ("CCBot/2.0 (https://commoncrawl.org/faq/)", Some("CCBot")),
        (
            "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
            Some("YandexBot"),
        ),
        (
            "Mozilla/5.0 (compatible; Baiduspider/2.0; \
             +http://www.baidu.com/search/spider.html)",
            Some("Baiduspider"),
        ),
        (
            "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
            Some("facebookexternalhit"),
        ),
        ("Twitterbot/1.0", Some("Twitterbot")),
        (
            "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)",
            Some("AhrefsBot"),
        ),
        (
            "Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)",
            Some("SemrushBot"),
        ),
        (
            "Mozilla/5.0 (compatible; Yahoo! Slurp; \
             http://help.yahoo.com/help/us/ysearch/slurp)",
            Some("Slurp"),
        ),
        (
            "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amazonbot/0.1; \
             +https://developer.amazon.com/support/amazonbot) Chrome/119.0.6045.214 \
             Safari/537.36",
            Some("Amazonbot"),
        ),
        (
            "Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) \
             Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)",
            Some("Bytespider"),
        ),
        (
            "Mozilla/5.0 (Linux; Android 7.0;) AppleWebKit/537.36 (KHTML, like Gecko) \
             Mobile Safari/537.36 (compatible; PetalBot;+https://webmaster.petalsearch.com/site/petalbot)",
            Some("PetalBot"),
        ),
        ("curl/8.0", Some("curl")),
        ("ExampleBot", Some("ExampleBot")),
        (
            "Mozilla/5.0 (compatible; ExampleBot/0.1; https://www.example.com/bot.html)",
            Some("ExampleBot"),
        ),
        // Browsers name no crawler: the first product is all there is.
        (
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) \
             Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0",
            Some("Mozilla"),
        ),
        (
            "Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0",
            Some("Mozilla"),
        ),
        (
            "Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)",
            Some("Mozilla"),
        ),
        // Names outside `[A-Za-z_-]` cannot be found (documented limitation).
        (
            "Mozilla/5.0 (compatible; MJ12bot/v1.4.8; http://mj12bot.com/)",
            Some("Mozilla"),
        ),
        ("360Spider", None),
        ("", None),
        ("   ", None),
        ("(compatible; )", None),
        ("((((", None),
        (")))x/1", Some("x")),
    ];

    #[test]
    fn product_tokens_of_real_headers() {
        for (header, expected) in HEADERS {
            assert_eq!(product_token_from_header(header), *expected, "{header}");
        }
    }

    #[test]
    fn agent_query_parse_and_display() {
        let query: AgentQuery = "Googlebot-Image,Googlebot".parse().unwrap();
        assert_eq!(query.tokens(), ["Googlebot-Image", "Googlebot"]);
        assert_eq!(
            query.iter().collect::<Vec<_>>(),
            ["Googlebot-Image", "Googlebot"]
        );
        assert_eq!(query.len(), 2);
        assert!(!query.is_empty());
        assert_eq!(query.to_string(), "Googlebot-Image,Googlebot");
        assert_eq!(AgentQuery::read(" a , ,b,, ").unwrap().tokens(), ["a", "b"]);
        assert_eq!(AgentQuery::read(" "), Err(AgentError::NoToken));
        assert_eq!(AgentQuery::read(","), Err(AgentError::NoToken));
        assert!(AgentQuery::read(" \t").is_err());
        assert!(AgentQuery::default().is_empty());
    }

    #[test]
    fn agent_query_from_slices() {
        let tokens = ["Googlebot-News", "Googlebot"];
        let from_slice = AgentQuery::from(&tokens[..]);
        assert_eq!(from_slice, AgentQuery::from_tokens(tokens));
        assert_eq!(
            from_slice,
            AgentQuery::read("Googlebot-News, Googlebot").unwrap()
        );
        let owned = vec![String::from(" x ")];
        assert_eq!(AgentQuery::from_tokens(&owned).tokens(), [" x "]);
        assert_eq!(AgentQuery::new("Foo").tokens(), ["Foo"]);
    }

    #[test]
    fn agent_query_rank_is_the_order_of_preference() {
        let query = AgentQuery::read("Googlebot-Image,Googlebot").unwrap();
        assert_eq!(query.rank(b"googlebot-image"), Some(0));
        assert_eq!(query.rank(b"GOOGLEBOT"), Some(1));
        assert_eq!(query.rank(b"Googlebot-News"), None);
        assert_eq!(query.rank(b""), None);
        // A file value is read with agent_token first.
        assert_eq!(
            crate::model::agent::agent_token(b"Googlebot/2.1").and_then(|t| query.rank(t)),
            Some(1)
        );
    }

    #[test]
    fn agent_query_serde_is_a_list() {
        let query = AgentQuery::read("a,b").unwrap();
        let json = serde_json::to_string(&query).unwrap();
        assert_eq!(json, r#"["a","b"]"#);
        assert_eq!(serde_json::from_str::<AgentQuery>(&json).unwrap(), query);
    }

    proptest! {
        #[test]
        fn product_token_is_valid_and_from_the_header(header in "\\PC{0,60}") {
            if let Some(token) = product_token_from_header(&header) {
                prop_assert!(is_valid_product_token(token.as_bytes()));
                prop_assert!(header.contains(token));
            }
        }

        #[test]
        fn product_token_of_a_compatible_comment(
            name in "[A-Za-z_-]{1,12}",
            version in "[0-9.]{1,5}",
        ) {
            prop_assume!(!is_generic(&name));
            let header = format!("Mozilla/5.0 (compatible; {name}/{version}; +http://x.y/)");
            prop_assert_eq!(product_token_from_header(&header), Some(name.as_str()));
        }

        #[test]
        fn agent_query_round_trips(tokens in proptest::collection::vec("[A-Za-z_-]{1,10}", 1..5)) {
            let query = AgentQuery::from_tokens(&tokens);
            prop_assert_eq!(AgentQuery::read(&query.to_string()).unwrap(), query);
        }
    }
}
