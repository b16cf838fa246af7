//! The verdict cases of composed readings: one per value of every setting that decides verdicts,
//! shared by the library's tests (`tests/it/profiles.rs`) and the command line's
//! (`cli/tests/cli.rs`, through `--with`).

/// One setting's value shown at work: from `base`, setting `setting=value` turns the verdict
/// for `agent` and `url` on `body` into `allowed` (and `base` answers the opposite).
pub(crate) struct Case {
    pub setting: &'static str,
    pub value: &'static str,
    pub base: &'static str,
    pub body: String,
    pub agent: &'static str,
    pub url: String,
    pub allowed: bool,
}

fn case(
    (setting, value): (&'static str, &'static str),
    base: &'static str,
    body: impl Into<String>,
    (agent, url): (&'static str, impl Into<String>),
    allowed: bool,
) -> Case {
    Case {
        setting,
        value,
        base,
        body: body.into(),
        agent,
        url: url.into(),
        allowed,
    }
}

/// The verdict cases: one per value of every setting that decides verdicts.
#[rustfmt::skip]
pub(crate) fn cases() -> Vec<Case> {
    let long_rule = |end: &str| format!("User-agent: *\nDisallow: /{}{end}\n", "a".repeat(20_000));
    let long_url = format!("/{}c", "a".repeat(20_000));
    let star = |rules: &str| format!("User-agent: *\n{rules}");
    let two_stars = "User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n";
    let two_a = "User-agent: a\nDisallow: /x\n\nUser-agent: a\nDisallow: /y\n";
    let bot = "User-agent: bot\nDisallow: /\n";
    vec![
        case(("key-matching", "prefix-with-typos"), "rfc9309", star("Dissallow: /\n"), ("a", "/x"), false),
        case(("key-matching", "exact"), "google", star("Dissallow: /\n"), ("a", "/x"), true),
        // Google cuts the line inside the a's: the rule becomes a prefix of the URL.
        case(("max-line-bytes", "none"), "google", long_rule("b"), ("a", long_url.clone()), true),
        case(("max-line-bytes", "100"), "rfc9309", long_rule("b"), ("a", long_url), false),
        case(("nul-ends-line", "yes"), "rfc9309", star("Disallow: /a\0b\n"), ("a", "/ax"), false),
        case(("nul-ends-line", "no"), "google", star("Disallow: /a\0b\n"), ("a", "/ax"), true),
        case(("agent-value", "whole-value"), "rfc9309", "User-agent: foo bar\nDisallow: /\n", ("foo", "/x"), true),
        case(("agent-value", "leading-token"), "rep-draft-2019", "User-agent: foo bar\nDisallow: /\n", ("foo", "/x"), false),
        case(("agent-value", "name-without-version"), "rfc9309", "User-agent: foo bar/1.0\nDisallow: /\n", ("foo", "/x"), true),
        case(("agent-matching", "substring"), "rfc9309", bot, ("Googlebot", "/x"), false),
        case(("agent-matching", "exact"), "rfc9309+agent-matching=substring", bot, ("Googlebot", "/x"), true),
        case(("group-selection", "merge-all"), "rep-draft-2019", two_stars, ("x", "/b"), false),
        case(("group-selection", "merge-named-first-global"), "rfc9309", two_stars, ("x", "/b"), true),
        case(("group-selection", "first-record"), "rfc9309", two_a, ("a", "/y"), true),
        case(("blank-line-ends-group", "yes"), "rfc9309", "User-agent: a\n\nDisallow: /\n", ("a", "/x"), true),
        case(("blank-line-ends-group", "no"), "draft-1996", "User-agent: a\n\nDisallow: /\n", ("a", "/x"), false),
        case(("wildcards", "no"), "rfc9309", star("Disallow: /*.pdf\n"), ("a", "/a.pdf"), true),
        case(("wildcards", "yes"), "draft-1996", star("Disallow: /*.pdf\n"), ("a", "/a.pdf"), false),
        case(("pattern-encoding", "rfc3986"), "google", star("Disallow: /%7Emak\n"), ("a", "/~mak"), false),
        case(("pattern-encoding", "google-escape"), "rfc9309", star("Disallow: /%7Emak\n"), ("a", "/~mak"), true),
        case(("pattern-encoding", "decode-1996"), "rfc9309", star("Disallow: /a%3Cb\n"), ("a", "/a<b"), false),
        case(("pattern-encoding", "verbatim"), "draft-1996", star("Disallow: /a%3Cb\n"), ("a", "/a<b"), true),
        case(("target-encoding", "as-given"), "rfc9309", star("Disallow: /~mak\n"), ("a", "/%7Emak"), true),
        case(("target-encoding", "as-patterns"), "google", star("Disallow: /%7emak\n"), ("a", "/%7emak"), false),
        case(("precedence", "first-match"), "rfc9309", star("Allow: /a\nDisallow: /a/b\n"), ("a", "/a/b"), true),
        case(("precedence", "longest-match"), "draft-1996", star("Allow: /a\nDisallow: /a/b\n"), ("a", "/a/b"), false),
        case(("precedence", "any-disallow"), "rfc9309", star("Disallow: /a\nAllow: /a/b\n"), ("a", "/a/b"), false),
        case(("robots-txt-always-allowed", "no"), "rfc9309", star("Disallow: /\n"), ("a", "/robots.txt"), false),
        case(("robots-txt-always-allowed", "yes"), "google", star("Disallow: /\n"), ("a", "/robots.txt"), true),
        case(("index-htm-allows-directory", "yes"), "rfc9309", star("Disallow: /d/\nAllow: /d/index.html\n"), ("a", "/d/"), true),
        case(("index-htm-allows-directory", "no"), "google", star("Disallow: /d/\nAllow: /d/index.html\n"), ("a", "/d/"), false),
    ]
}
