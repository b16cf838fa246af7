//! The file's side of user-agent matching: what a `user-agent:` value names, as each variant
//! reads it, and how a file's token is compared with a caller's.
//!
//! The protocol identifies a crawler by a *product token* made of `[A-Za-z_-]` (RFC 9309
//! §2.2.1). The file's side is lenient: Google's reading keeps only the leading run of token
//! characters of a value, so `Googlebot/2.1`, `Googlebot*` and `Googlebot Bar` all name
//! `Googlebot`; `*` (alone or followed by whitespace) is the global agent (docs/spec/VARIANTS.md
//! §3.7, §4.9, A6–A9). The caller's side — which tokens a crawler answers to — is
//! `crate::query::agent`.

use serde::{Serialize, Serializer};
use std::fmt;
use std::ops::Range;

use crate::variant::AgentValue;

/// Who a `user-agent` line names.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Agent<'m> {
    /// `*`: every crawler no specific group names.
    Global,
    /// A product token as the variant reads it (Google: the leading `[A-Za-z_-]` run, which may
    /// be empty), kept in the file's spelling; compared case-insensitively. A byte of the file
    /// that is not UTF-8 stands here as U+001A (it matches no caller's token).
    Named(&'m str),
}

impl Agent<'_> {
    /// True for `*`.
    pub fn is_global(&self) -> bool {
        matches!(self, Agent::Global)
    }
}

impl fmt::Display for Agent<'_> {
    /// `*`, or the token.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Agent::Global => f.write_str("*"),
            Agent::Named(name) => f.write_str(name),
        }
    }
}

impl Serialize for Agent<'_> {
    /// As its [`Display`](fmt::Display) form.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Whitespace as Google's library sees it (`absl::ascii_isspace`): SP, HT, LF, VT, FF, CR.
pub(crate) fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\x0B' | b'\x0C' | b'\r')
}

/// A byte allowed in a product token: `[A-Za-z_-]`.
fn is_token_byte(byte: u8) -> bool {
    byte.is_ascii_alphabetic() || byte == b'_' || byte == b'-'
}

/// Reads a robots.txt `user-agent:` value the way Google's library does (docs/spec/VARIANTS.md A8).
///
/// Surrounding whitespace is ignored. The value is `None` (the global agent) when it is `*`
/// alone or `*` followed by whitespace (`* junk` is global, `*junk` is not). Otherwise it is the
/// longest leading run of `[A-Za-z_-]`, which may be empty: `Googlebot/2.1` and
/// `Googlebot,Bingbot` name `Googlebot`, `Bötbot` names `B`, `360Spider` and `*junk` name the
/// empty token.
///
/// The named token is always a sub-slice of `value` starting at its first non-whitespace byte.
pub(crate) fn agent_token(value: &[u8]) -> Option<&[u8]> {
    let start = value
        .iter()
        .position(|&b| !is_space(b))
        .unwrap_or(value.len());
    let value = value.get(start..).unwrap_or_default();
    if let Some((b'*', rest)) = value.split_first() {
        if rest.first().is_none_or(|&b| is_space(b)) {
            return None;
        }
    }
    let end = value
        .iter()
        .position(|&b| !is_token_byte(b))
        .unwrap_or(value.len());
    Some(value.get(..end).unwrap_or_default())
}

/// Whether `token` is a valid product token: one or more of `[A-Za-z_-]` (RFC 9309 §2.2.1,
/// Google's `IsValidUserAgentToObey`).
///
/// A crawler whose token fails this test cannot be matched reliably: the file side keeps only
/// the leading token characters of a value, so `Foobot/2.1` or `Foobot Bar` as a caller token
/// never equals anything a file can name.
///
/// ```
/// use robotspec::internals::is_valid_product_token;
/// assert!(is_valid_product_token(b"Foobot-Bar"));
/// assert!(!is_valid_product_token(b"Foobot Bar"));
/// assert!(!is_valid_product_token(b""));
/// ```
#[cfg_attr(not(feature = "internals"), allow(unreachable_pub))] // public in `internals`
pub fn is_valid_product_token(token: &[u8]) -> bool {
    !token.is_empty() && token.iter().all(|&b| is_token_byte(b))
}

/// Whether the token read from a file ([`agent_token`]) names the caller's token: ASCII
/// case-insensitive equality of the whole caller token.
///
/// The caller's token is not shortened: `Googlebot/2.1` or `Googlebot ` (trailing space) as a
/// caller never equal the file token `Googlebot`.
///
/// (`googlebot` names `Googlebot`; `Googlebot/2.1` and `Googlebot-Image` do not: unit tests
/// below.)
pub(crate) fn token_matches(file_token: &[u8], caller: &[u8]) -> bool {
    file_token.eq_ignore_ascii_case(caller)
}

/// What a `user-agent` value names, as the variant reads it: `None` for `*`, else where the
/// token lies in the value.
pub(crate) fn read_agent(value: &[u8], matching: AgentValue) -> Option<Range<usize>> {
    match matching {
        AgentValue::LeadingToken => match agent_token(value) {
            None => None,
            // The token is a sub-slice of the value: its offset is the distance between them.
            Some(name) => {
                let start = (name.as_ptr() as usize).saturating_sub(value.as_ptr() as usize);
                Some(start..start + name.len())
            }
        },
        AgentValue::WholeValue if value == b"*" => None,
        AgentValue::WholeValue => Some(0..value.len()),
        AgentValue::NameWithoutVersion => {
            let name = value.split(|&b| b == b'/').next().unwrap_or_default();
            let end = name
                .iter()
                .rposition(|&b| b != b' ' && b != b'\t')
                .map_or(0, |last| last + 1);
            match name.get(..end).unwrap_or_default() {
                b"*" => None,
                _ => Some(0..end),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn names(token: Option<&[u8]>, caller: &[u8]) -> bool {
        token.is_some_and(|name| token_matches(name, caller))
    }

    // The `valid_user_agent` vectors of `shared/conformance/google-robots-test.jsonl`: lines
    // 28–37 (test `RobotsUnittest.ID_VerifyValidUserAgentsToObey`) and line 50 (test
    // `RobotsUnittest.GoogleOnly_AcceptUserAgentUpToFirstSpace`), all checked with
    // `is_valid_product_token`. Line 31 passes a null string_view, which has no Rust
    // counterpart: it is the empty slice, like line 32.
    macro_rules! valid_user_agent_case {
        ($($name:ident: $input:expr => $valid:expr;)*) => {$(
            #[test]
            fn $name() {
                assert_eq!(is_valid_product_token($input.as_bytes()), $valid);
            }
        )*};
    }

    valid_user_agent_case! {
        vua_foobot: "Foobot" => true;
        vua_foobot_bar_hyphen: "Foobot-Bar" => true;
        vua_foo_bar_underscore: "Foo_Bar" => true;
        vua_null_string_view: "" => false;
        vua_empty: "" => false;
        vua_katakana_tsu: "\u{30c4}" => false;
        vua_trailing_star: "Foobot*" => false;
        vua_surrounding_spaces: " Foobot " => false;
        vua_version: "Foobot/2.1" => false;
        vua_inner_space: "Foobot Bar" => false;
        vua_google_only_up_to_first_space: "Foobot Bar" => false;
    }

    /// `GoogleOnly_AcceptUserAgentUpToFirstSpace` (lines 50–52): the *file* value `Foo Bar` is
    /// read up to the first space, so it names caller `Foo`; the caller `Foo Bar` is not
    /// shortened and matches nothing (it gets the `*` group). No separate caller-side helper is
    /// needed: `agent_token` and `token_matches` express it.
    #[test]
    fn google_only_accept_user_agent_up_to_first_space() {
        let file = agent_token(b"Foo Bar");
        assert_eq!(file, Some(&b"Foo"[..]));
        assert!(names(file, b"Foo"));
        assert!(!names(file, b"Foo Bar"));
    }

    /// `ID_UserAgentValueCaseInsensitive` (lines 38–49): `FOO BAR`, `foo bar`, `FoO bAr` name
    /// both `Foo` and `foo`.
    #[test]
    fn user_agent_value_case_insensitive() {
        for value in ["FOO BAR", "foo bar", "FoO bAr"] {
            for caller in ["Foo", "foo"] {
                assert!(names(agent_token(value.as_bytes()), caller.as_bytes()));
            }
        }
    }

    fn named(value: &str) -> Option<&[u8]> {
        agent_token(value.as_bytes())
    }

    #[test]
    fn global_agent() {
        for value in ["*", " * ", "* junk", "*\tjunk", "*\x0Bx", "\t*"] {
            assert_eq!(named(value), None, "{value:?}");
        }
        assert!(Agent::Global.is_global());
        assert_eq!(Agent::Global.to_string(), "*");
        assert!(!names(None, b"*"));
        assert!(!names(None, b""));
    }

    #[test]
    fn star_glued_to_text_is_not_global() {
        assert_eq!(named("*junk"), Some(&b""[..]));
        assert_eq!(named("*bot"), Some(&b""[..]));
        assert_eq!(named("**"), Some(&b""[..]));
    }

    #[test]
    fn file_tokens_are_cut_at_the_first_non_token_byte() {
        for value in [
            "Googlebot/2.1",
            "Googlebot2",
            "Googlebot*",
            "Googlebot,Bingbot",
        ] {
            assert_eq!(named(value), Some(&b"Googlebot"[..]), "{value}");
            assert!(names(named(value), b"googlebot"));
        }
        assert_eq!(named("Bötbot"), Some(&b"B"[..]));
        assert_eq!(named("  Foo-Bar_baz  "), Some(&b"Foo-Bar_baz"[..]));
        assert_eq!(named("Googlebot-Image/1.0"), Some(&b"Googlebot-Image"[..]));
    }

    #[test]
    fn empty_tokens_match_only_the_empty_caller() {
        for value in ["360Spider", "123", "", "   ", "/x"] {
            let token = named(value);
            assert_eq!(token, Some(&b""[..]), "{value:?}");
            assert!(names(token, b""));
            assert!(!names(token, b"Spider"));
        }
    }

    #[test]
    fn caller_is_not_shortened() {
        assert!(token_matches(b"Googlebot", b"GOOGLEBOT"));
        for caller in [
            "Googlebot/2.1",
            "Googlebot ",
            "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        ] {
            assert!(!token_matches(b"Googlebot", caller.as_bytes()), "{caller}");
        }
        // Only ASCII letters fold: `ö` is not `Ö`.
        assert!(!token_matches("bö".as_bytes(), "BÖ".as_bytes()));
    }

    proptest! {
        #[test]
        fn agent_token_is_a_prefix_of_the_trimmed_value(
            value in proptest::collection::vec(any::<u8>(), 0..40),
        ) {
            let start = value.iter().position(|&b| !is_space(b)).unwrap_or(value.len());
            let trimmed = &value[start..];
            match agent_token(&value) {
                None => {
                    prop_assert_eq!(trimmed.first(), Some(&b'*'));
                    prop_assert!(trimmed.get(1).is_none_or(|&b| is_space(b)));
                }
                Some(token) => {
                    prop_assert!(trimmed.starts_with(token));
                    prop_assert!(token.is_empty() || is_valid_product_token(token));
                    // Longest run: the next byte (if any) is not a token byte.
                    prop_assert!(trimmed.get(token.len()).is_none_or(|&b| !is_token_byte(b)));
                }
            }
        }

        #[test]
        fn agent_token_of_valid_tokens_is_identity(
            token in "[A-Za-z_-]{1,16}",
            tail in "([/ *,0-9][ -~]{0,8})?",
        ) {
            let value = format!("{token}{tail}");
            prop_assert_eq!(agent_token(value.as_bytes()), Some(token.as_bytes()));
            prop_assert!(is_valid_product_token(token.as_bytes()));
        }

        #[test]
        fn token_matches_is_case_insensitive(token in "[A-Za-z_-]{0,16}") {
            prop_assert!(token_matches(token.as_bytes(), token.to_ascii_uppercase().as_bytes()));
            prop_assert!(token_matches(token.to_ascii_lowercase().as_bytes(), token.as_bytes()));
        }

    }
}
