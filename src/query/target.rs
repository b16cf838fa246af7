//! The match target: which part of a caller's URL the rules are matched against.
//!
//! The target ([`path_params_query`], [`target_of`]) is cut out of the caller's text *without*
//! a URL parser. Google's reference library does it that way, and the protocol compares the URL
//! byte for byte as the crawler would request it: nothing is normalised, decoded or
//! percent-encoded here, because doing so would change which rules match (`%7E` and `~` are
//! different targets). The target is path + `;params` + `?query`, with scheme, authority and
//! `#fragment` removed (docs/spec/VARIANTS.md A21). Which robots.txt file governs a URL is
//! the other question, with other tools: see `access::scope`.

use std::borrow::Cow;

/// The first `/`, `?` or `;` (the bytes that start the path part of a URL: the path itself,
/// `;params` or `?query`) at or after `from`.
#[cfg_attr(robotspec_hot_paths, optimize(speed))]
fn path_byte_from(url: &[u8], from: usize) -> Option<usize> {
    let found = memchr::memchr3(b'/', b'?', b';', url.get(from..)?)?;
    Some(from + found)
}

/// The URL up to (excluding) its first NUL byte: Google's library works on C strings, so
/// `/a\0b` is matched as `/a`.
#[cfg_attr(robotspec_hot_paths, optimize(speed))]
fn until_nul(url: &[u8]) -> &[u8] {
    match memchr::memchr(0, url) {
        Some(nul) => url.get(..nul).unwrap_or(url),
        None => url,
    }
}

/// Where the authority starts, and where the path part starts after it (if it has one).
///
/// The authority starts after a leading `//` (no scheme), after the first `://` when no `/`,
/// `?` or `;` comes before it, else at the very start. Found in one scan up to the first of
/// those bytes: when a `://` ends the scheme, its `/` is that first byte (any earlier `://`
/// would hold an earlier `/`), and when that byte is not the middle of a `://`, every later
/// `://` has one of those bytes before it.
fn authority_and_path(url: &[u8]) -> (usize, Option<usize>) {
    let after = |authority: usize| (authority, path_byte_from(url, authority));
    if url.starts_with(b"//") {
        return after(2);
    }
    match path_byte_from(url, 0) {
        Some(slash) if ends_scheme(url, slash) => after(slash + 2),
        first => (0, first),
    }
}

/// Is the byte at `at` the `/` right after the `:` of a `://`?
fn ends_scheme(url: &[u8], at: usize) -> bool {
    at.checked_sub(1).and_then(|colon| url.get(colon..at + 2)) == Some(b"://")
}

/// The target of the empty path.
const ROOT: &[u8] = b"/";

/// The match target of a URL given as text: path + `;params` + `?query`, without scheme,
/// authority and fragment — Google's extraction, done on the bytes as given.
///
/// No URL library is involved and nothing is normalised or percent-encoded: the caller's bytes
/// are the bytes that get matched. The rules, in order:
///
/// 1. a NUL byte ends the URL (Google's library works on C strings);
/// 2. a leading `//` means "authority follows" (no scheme); otherwise a `://` ends the scheme
///    only if no `/`, `?` or `;` occurs before it;
/// 3. the target starts at the first `/`, `?` or `;` after that point (the authority is
///    everything before it); if there is none, the target is `/`;
/// 4. a `#` after that point ends the target; a `#` before the target's start gives `/`;
/// 5. a target starting with `?` or `;` gets a `/` in front.
///
/// ```
/// use robotspec::internals::path_params_query;
/// assert_eq!(&*path_params_query(b"http://example.com/a/b?c=d#frag"), b"/a/b?c=d");
/// assert_eq!(&*path_params_query(b"example.com?a"), b"/?a");
/// assert_eq!(&*path_params_query(b"a/b"), b"/b"); // `a` is taken as the authority
/// assert_eq!(&*path_params_query(b"http://x#/a"), b"/");
/// assert_eq!(&*path_params_query(b""), b"/");
/// ```
///
/// The result always starts with `/` and never contains `#` or NUL. It is borrowed from the
/// input except when a `/` had to be prepended.
#[cfg_attr(not(feature = "internals"), allow(unreachable_pub))] // public in `internals`
#[cfg_attr(robotspec_hot_paths, optimize(speed))]
pub fn path_params_query(url: &[u8]) -> Cow<'_, [u8]> {
    let url = until_nul(url);
    let (authority, Some(start)) = authority_and_path(url) else {
        return Cow::Borrowed(ROOT);
    };
    let rest = url.get(authority..).unwrap_or_default();
    let end = match memchr::memchr(b'#', rest).map(|hash| authority + hash) {
        Some(hash) if hash < start => return Cow::Borrowed(ROOT),
        Some(hash) => hash,
        None => url.len(),
    };
    let target = url.get(start..end).unwrap_or_default();
    if target.first() == Some(&b'/') {
        Cow::Borrowed(target)
    } else {
        let mut owned = Vec::with_capacity(target.len() + 1);
        owned.push(b'/');
        owned.extend_from_slice(target);
        Cow::Owned(owned)
    }
}

/// The match target of either a full URL or a bare path — a convenience for command lines and
/// tests, where `/a?b` is more natural to type than `http://example.com/a?b`.
///
/// An input starting with a single `/` is taken as a path and is itself the target, minus any
/// `#fragment` (and cut at a NUL byte, as everywhere). Anything else goes through
/// [`path_params_query`] — `//x/private` included, a scheme-relative reference (RFC 3986 §4.2:
/// `//` starts an authority) whose target is `/private`, as Google's `GetPathParamsQuery` reads
/// it, for every variant. Nothing is trimmed or normalised.
///
/// (`/a?b#c` → `/a?b`; `https://example.com/a?b#c` → `/a?b`; `//x/private` → `/private`: unit
/// tests below.)
#[cfg_attr(robotspec_hot_paths, optimize(speed))]
pub(crate) fn target_of(input: &str) -> Cow<'_, [u8]> {
    let bytes = input.as_bytes();
    if bytes.first() == Some(&b'/') && bytes.get(1) != Some(&b'/') {
        let path = until_nul(bytes);
        let end = memchr::memchr(b'#', path).unwrap_or(path.len());
        Cow::Borrowed(path.get(..end).unwrap_or(path))
    } else {
        path_params_query(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The `path_of_url` vectors of `shared/conformance/google-robots-test.jsonl` (lines
    /// 169–187, test `RobotsUnittest.TestGetPathParamsQuery`), copied verbatim.
    const PATH_OF_URL: &[(&str, &str)] = &[
        ("", "/"),
        ("http://www.example.com", "/"),
        ("http://www.example.com/", "/"),
        ("http://www.example.com/a", "/a"),
        ("http://www.example.com/a/", "/a/"),
        (
            "http://www.example.com/a/b?c=http://d.e/",
            "/a/b?c=http://d.e/",
        ),
        (
            "http://www.example.com/a/b?c=d&e=f#fragment",
            "/a/b?c=d&e=f",
        ),
        ("example.com", "/"),
        ("example.com/", "/"),
        ("example.com/a", "/a"),
        ("example.com/a/", "/a/"),
        ("example.com/a/b?c=d&e=f#fragment", "/a/b?c=d&e=f"),
        ("a", "/"),
        ("a/", "/"),
        ("/a", "/a"),
        ("a/b", "/b"),
        ("example.com?a", "/?a"),
        ("example.com/a;b#c", "/a;b"),
        ("//a/b/c", "/b/c"),
    ];

    fn ppq(url: &str) -> String {
        String::from_utf8(path_params_query(url.as_bytes()).into_owned()).unwrap()
    }

    #[test]
    fn path_of_url_vectors() {
        assert_eq!(PATH_OF_URL.len(), 19);
        for (input, expected) in PATH_OF_URL {
            assert_eq!(ppq(input), *expected, "path_params_query({input:?})");
        }
    }

    // The same vectors once more as individually named cases, so a failure names its vector.
    macro_rules! path_of_url_case {
        ($($name:ident: $input:expr => $expected:expr;)*) => {$(
            #[test]
            fn $name() {
                assert_eq!(ppq($input), $expected);
            }
        )*};
    }

    path_of_url_case! {
        pou_empty: "" => "/";
        pou_host_only: "http://www.example.com" => "/";
        pou_host_slash: "http://www.example.com/" => "/";
        pou_a: "http://www.example.com/a" => "/a";
        pou_a_slash: "http://www.example.com/a/" => "/a/";
        pou_url_in_query: "http://www.example.com/a/b?c=http://d.e/" => "/a/b?c=http://d.e/";
        pou_fragment: "http://www.example.com/a/b?c=d&e=f#fragment" => "/a/b?c=d&e=f";
        pou_no_scheme_host: "example.com" => "/";
        pou_no_scheme_slash: "example.com/" => "/";
        pou_no_scheme_a: "example.com/a" => "/a";
        pou_no_scheme_a_slash: "example.com/a/" => "/a/";
        pou_no_scheme_fragment: "example.com/a/b?c=d&e=f#fragment" => "/a/b?c=d&e=f";
        pou_single_letter: "a" => "/";
        pou_single_letter_slash: "a/" => "/";
        pou_bare_path: "/a" => "/a";
        pou_authority_a: "a/b" => "/b";
        pou_query_only: "example.com?a" => "/?a";
        pou_params: "example.com/a;b#c" => "/a;b";
        pou_network_path: "//a/b/c" => "/b/c";
    }

    #[test]
    fn brief_examples() {
        assert_eq!(ppq("http://x#/a"), "/");
        assert_eq!(ppq("mailto:foo/a"), "/a");
        assert_eq!(ppq("example.com;p"), "/;p");
        assert_eq!(ppq("http://x?q#f"), "/?q");
    }

    #[test]
    fn scheme_separator_after_a_delimiter_is_not_a_scheme() {
        // `/` before `://`: no scheme, so the target starts at that first `/`.
        assert_eq!(ppq("/a://b/c"), "/a://b/c");
        assert_eq!(ppq("x?y://z/w"), "/?y://z/w");
        // A `#` inside what is skipped as scheme does not count.
        assert_eq!(ppq("a#b://c/d"), "/d");
    }

    #[test]
    fn nul_cuts_the_url() {
        assert_eq!(&*path_params_query(b"/a\0b"), b"/a");
        assert_eq!(&*path_params_query(b"http://x/a\0/b#c"), b"/a");
        assert_eq!(&*path_params_query(b"http://x\0/a"), b"/");
        assert_eq!(&*target_of("/a\0b"), b"/a");
    }

    #[test]
    fn borrowed_unless_a_slash_is_prepended() {
        assert!(matches!(path_params_query(b"http://x/a"), Cow::Borrowed(_)));
        assert!(matches!(path_params_query(b"http://x?a"), Cow::Owned(_)));
    }

    #[test]
    fn bytes_are_not_normalised() {
        assert_eq!(ppq("http://x/%7e/~/ツ/a b"), "/%7e/~/ツ/a b");
        assert_eq!(
            &*path_params_query(b"http://x/\xff\xfe"),
            b"/\xff\xfe".as_slice()
        );
    }

    #[test]
    fn target_of_paths_and_urls() {
        assert_eq!(&*target_of("/a?b"), b"/a?b");
        assert_eq!(&*target_of("/a?b#c"), b"/a?b");
        assert_eq!(&*target_of("/#c"), b"/");
        // Scheme-relative: the authority `a`, then the path (Google's vector `//x/private`).
        assert_eq!(&*target_of("//a/b"), b"/b");
        assert_eq!(&*target_of("//x/private"), b"/private");
        assert_eq!(&*target_of("https://example.com/a;p?q#f"), b"/a;p?q");
        assert_eq!(&*target_of("https://example.com"), b"/");
        assert_eq!(&*target_of(""), b"/");
    }

    fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
        memchr::memmem::find(haystack, needle)
    }

    /// The authority's start as the rule says it, searched the plain way: after a leading `//`;
    /// after the first `://` when no `/`, `?` or `;` comes before it; else 0.
    fn authority_by_the_rule(url: &[u8]) -> usize {
        let path_byte = |b: &u8| matches!(b, b'/' | b'?' | b';');
        match find(url, b"://") {
            _ if url.starts_with(b"//") => 2,
            Some(at) if !url[..at].iter().any(path_byte) => at + 3,
            _ => 0,
        }
    }

    proptest! {
        /// The one-scan search finds what the rule says, on text made of the bytes that matter.
        #[test]
        fn authority_and_path_follow_the_rule(url in "[a:/?;#x]{0,16}") {
            let url = url.as_bytes();
            let authority = authority_by_the_rule(url);
            let path = url[authority..].iter().position(|b| matches!(b, b'/' | b'?' | b';'));
            prop_assert_eq!(authority_and_path(url), (authority, path.map(|p| p + authority)));
        }

        #[test]
        fn ppq_shape(url in proptest::collection::vec(any::<u8>(), 0..64)) {
            let target = path_params_query(&url);
            prop_assert_eq!(target.first(), Some(&b'/'));
            prop_assert!(!target.contains(&b'#'));
            prop_assert!(!target.contains(&0));
            // The target is the input's own bytes, possibly behind an added `/`.
            let body = if find(&url, &target).is_some() { &target[..] } else { &target[1..] };
            prop_assert!(body.is_empty() || find(&url, body).is_some());
        }

        #[test]
        fn ppq_on_url_like_text(url in "[a-z:/?;#.]{0,24}") {
            let target = path_params_query(url.as_bytes());
            prop_assert!(target.starts_with(b"/"));
            prop_assert!(!target.contains(&b'#'));
        }

        #[test]
        fn ppq_keeps_a_plain_path(path in "/([^/#\u{0}][^#\u{0}]*)?") {
            prop_assert_eq!(&*path_params_query(path.as_bytes()), path.as_bytes());
            prop_assert_eq!(&*target_of(&path), path.as_bytes());
        }

        #[test]
        fn ppq_of_scheme_host_path(
            host in "[a-z0-9.-]{1,12}",
            path in "(/[a-zA-Z0-9;?=&%~._-]{0,8}){0,4}",
            fragment in "(#[a-z/?]{0,6})?",
        ) {
            let url = format!("https://{host}{path}{fragment}");
            let expected = if path.is_empty() { "/" } else { path.as_str() };
            prop_assert_eq!(&*path_params_query(url.as_bytes()), expected.as_bytes());
        }

        #[test]
        fn target_of_never_panics(input in "\\PC{0,32}") {
            let target = target_of(&input);
            prop_assert!(target.starts_with(b"/"));
            prop_assert!(!target.contains(&b'#'));
        }
    }
}
