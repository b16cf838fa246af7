//! Percent-encoding as each variant compares it: RFC 9309 §2.2.2's table and sentences under
//! `rfc9309` (shared with `rep-draft-2019`), Google's library under `google`, and a `$` that is
//! not a pattern's last byte, a literal under every variant (docs/variants.md A19, A20).

use robotspec::{AgentQuery, Robots, Variant};

/// `Disallow: /` then `Allow: RULE`: is `url` allowed (the rule matches) under `variant`?
fn allow_matches(variant: Variant, rule: &str, url: &str) -> bool {
    let body = format!("User-agent: *\nDisallow: /\nAllow: {rule}\n");
    Robots::parse(body.as_bytes(), variant).is_allowed("bot", url)
}

/// RFC 9309 §2.2.2's table (path as given → path to match), each row both ways round: the rule
/// written one way matches the URL written the other.
const RFC_TABLE: &[(&str, &str)] = &[
    ("/foo/bar?baz=quz", "/foo/bar?baz=quz"),
    ("/foo/bar/ツ", "/foo/bar/%E3%83%84"),
    ("/foo/bar/%E3%83%84", "/foo/bar/%E3%83%84"),
    ("/foo/bar/%62%61%7A", "/foo/bar/baz"),
];

#[test]
fn rfc9309_follows_its_table_both_ways() {
    for variant in [Variant::Rfc9309, Variant::RepDraft2019] {
        for &(given, to_match) in RFC_TABLE {
            assert!(
                allow_matches(variant, given, to_match),
                "{variant}: {given} ~ {to_match}"
            );
            assert!(
                allow_matches(variant, to_match, given),
                "{variant}: {to_match} ~ {given}"
            );
        }
    }
}

#[test]
fn google_compares_the_url_as_given() {
    // Google's ID_Encoding: the raw ツ and the unreserved escapes are not normalised in URLs.
    assert!(!allow_matches(
        Variant::Google,
        "/foo/bar/ツ",
        "/foo/bar/ツ"
    ));
    assert!(allow_matches(
        Variant::Google,
        "/foo/bar/ツ",
        "/foo/bar/%E3%83%84"
    ));
    assert!(!allow_matches(
        Variant::Google,
        "/foo/bar/%62%61%7A",
        "/foo/bar/baz"
    ));
    assert!(allow_matches(
        Variant::Google,
        "/foo/bar/%62%61%7A",
        "/foo/bar/%62%61%7A"
    ));
}

/// The cases from crawler-commons and robots-parser quoted by the issue (both implement RFC 9309).
#[test]
fn rfc9309_cases_of_other_libraries() {
    let fict = b"User-agent: *\nDisallow: /\nAllow: /~mak\n";
    let robots = Robots::parse(fict, Variant::Rfc9309);
    assert!(robots.is_allowed("bot", "http://www.fict.org/%7Emak/mak.html"));
    let google = Robots::parse(fict, Variant::Google);
    assert!(!google.is_allowed("bot", "http://www.fict.org/%7Emak/mak.html"));

    let books = "User-agent: *\nDisallow: /k%C3%B6nyvek/\n";
    let robots = Robots::parse(books.as_bytes(), Variant::Rfc9309);
    assert!(!robots.is_allowed("bot", "http://example.com/könyvek/book2.html"));
    assert!(!robots.is_allowed("bot", "http://example.com/k%c3%b6nyvek/book2.html"));
    assert!(robots.is_allowed("bot", "http://example.com/konyvek/book2.html"));
}

/// Reserved characters are compared as written; `%2A` and `%24` match a literal `*` and `$`.
#[test]
fn rfc9309_keeps_reserved_characters_as_written() {
    let v = Variant::Rfc9309;
    assert!(!allow_matches(v, "/a%2Fb", "/a/b"));
    assert!(allow_matches(v, "/a%2fb", "/a%2Fb"));
    assert!(!allow_matches(v, "/q?x=http://h", "/q?x=http%3A%2F%2Fh"));
    assert!(allow_matches(
        v,
        "/file-with-a-%2A.html",
        "/file-with-a-*.html"
    ));
    assert!(allow_matches(v, "/foo-%24", "/foo-$"));
    // A raw `*` stays the operator, a final `$` the anchor.
    assert!(allow_matches(v, "/a*c", "/abbc"));
    assert!(!allow_matches(v, "/a$", "/ab"));
}

/// A `$` that is not the pattern's last byte is a literal `$` under every variant that has the
/// operator, and `check` and `explain` agree on it (the fuzzed case of the issue).
#[test]
fn a_dollar_inside_a_pattern_is_a_literal_everywhere() {
    let body = b"User-agent: *\nDisallow: /a$b\nDisallow: /*.docx$/\n";
    for &variant in Variant::ALL {
        let robots = Robots::parse(body, variant);
        let wildcards = !matches!(variant, Variant::Convention1994 | Variant::Draft1996);
        for (url, line) in [("/a$b", 2), ("/x/y.docx$/", 3)] {
            if !wildcards && line == 3 {
                continue; // `*` is a literal there: the pattern names no such path
            }
            let verdict = robots.check("bot", url);
            assert!(!verdict.allowed(), "{variant} {url}: {verdict}");
            assert_eq!(
                verdict.rule().map(|r| r.line()),
                Some(line),
                "{variant} {url}"
            );
            let explanation = robots.explain(&AgentQuery::new("bot"), url);
            assert_eq!(explanation.matching().first().map(|r| r.line()), Some(line));
            assert_eq!(explanation.verdict().allowed(), verdict.allowed());
        }
        assert!(robots.check("bot", "/ab").allowed(), "{variant}");
    }
}
