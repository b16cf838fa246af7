//! Tests of the query API through `Robots`.

use super::selection::{compile_estimate, Selection};
use super::*;
use crate::model::Agent;
use crate::pattern::test_cost;
use crate::syntax::ParseOptions;
use crate::variant::Variant;

#[test]
fn robots_is_send_and_sync() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Robots>();
}

#[test]
fn rule_text_is_its_line_whatever_the_line_ends() {
    let robots = Robots::parse(
        b"user-agent: a\r\nallow: /b\rdisallow: /c\n",
        Variant::Google,
    );
    let texts: Vec<&[u8]> = robots.rules().map(|r| r.text()).collect();
    assert_eq!(texts, [&b"allow: /b"[..], b"disallow: /c"]);
}

#[test]
fn comments_and_blank_lines_are_not_kept() {
    let mut text = b"user-agent: *\ndisallow: /x\n".to_vec();
    let small = Robots::parse(&text, Variant::Google).memory_usage();
    text.extend(b"# a comment that takes room\n\n".repeat(10_000));
    let padded = Robots::parse(&text, Variant::Google).memory_usage();
    assert_eq!(small, padded);
}

#[test]
fn a_lenient_reading_for_verdicts_runs_no_grammar_check() {
    let text = b"user-agent: *\ndisallow /x\nfoo bar baz\n";
    let robots = Robots::parse(text, Variant::Rfc9309);
    assert!(robots.diagnostics().is_empty());
    assert!(!robots.is_allowed("a", "/x"));
    let all = Robots::parse_with(text, Variant::Rfc9309, &ParseOptions::default()).unwrap();
    assert_eq!(all.diagnostics().len(), 2);
    assert_eq!(all.model, robots.model);
}

#[test]
fn specific_groups_hide_the_global_ones() {
    let robots = Robots::parse(
        b"user-agent: *\ndisallow: /\nuser-agent: foobot\nallow: /x\n",
        Variant::Google,
    );
    assert!(robots.is_allowed("FOOBOT", "/y"));
    assert!(!robots.is_allowed("barbot", "/y"));
    assert_eq!(
        robots.check("foobot", "/y").applicable().agent(),
        Some(Agent::Named("foobot"))
    );
}

#[test]
fn no_size_limit_in_the_library() {
    let mut text = b"user-agent: *\n".to_vec();
    text.extend(b"# padding padding padding\n".repeat(100_000));
    text.extend(b"disallow: /late\n");
    assert!(text.len() > 2 << 20);
    assert!(!Robots::parse(&text, Variant::Google).is_allowed("a", "/late"));
}

/// `//x/private` is scheme-relative (authority `x`, target `/private`), as Google's
/// `GetPathParamsQuery` reads it, for every variant.
#[test]
fn a_double_slash_starts_an_authority() {
    let text = b"user-agent: *\ndisallow: /private\n";
    for &variant in Variant::ALL {
        let robots = Robots::parse(text, variant);
        assert!(!robots.is_allowed("a", "//x/private"), "{variant}");
        assert!(robots.is_allowed("a", "//private/x"), "{variant}");
    }
}

/// The groups looked up once answer as `check_query` does, rule and all, in every variant
/// (the 1994 reading ranks Allows after every Disallow, RFC 9309 always allows
/// `/robots.txt`).
#[test]
fn applicable_answers_as_check_query() {
    let text = b"user-agent: a\nallow: /p/ok\ndisallow: /p\ndisallow: /*.gif$\n\n\
                 user-agent: *\ndisallow: /\nallow: /open\n";
    let urls = [
        "/",
        "/p",
        "/p/ok/x",
        "/x.gif",
        "/x.gif?y",
        "/open",
        "/robots.txt",
        "a",
    ];
    for &variant in Variant::ALL {
        let robots = Robots::parse(text, variant);
        for agent in ["a", "b"] {
            let query = AgentQuery::new(agent);
            let applicable = robots.applicable(&query);
            for url in urls {
                let verdict = robots.check_query(&query, url);
                let by_groups = applicable.check(url);
                assert_eq!(
                    applicable.is_allowed(url),
                    verdict.allowed(),
                    "{variant} {url}"
                );
                assert_eq!(by_groups.allowed(), verdict.allowed(), "{variant} {url}");
                assert_eq!(by_groups.rule(), verdict.rule(), "{variant} {url}");
                assert_eq!(by_groups.decision(), verdict.decision(), "{variant} {url}");
            }
        }
    }
}

#[test]
fn robots_txt_is_allowed_under_rfc9309_only() {
    let text = b"user-agent: *\ndisallow: /\n";
    assert!(Robots::parse(text, Variant::Rfc9309).is_allowed("a", "/robots.txt"));
    assert!(!Robots::parse(text, Variant::Google).is_allowed("a", "/robots.txt"));
}

/// `Robots::usage` reads and compiles a selection's Content-Usage rules once
/// (`usage_rules.rs`).
#[test]
fn a_selections_rules_are_compiled_once_and_answer_as_before() {
    let robots = Robots::parse(
        b"User-agent: *\nAllow: /\nContent-Usage: train-ai=n\nContent-Usage: /ai-ok/ train-ai=y\n\
          Content-Usage: /ai-ok/deep/ train-ai=n, search=y\n\nUser-agent: bot\nDisallow: /x\n",
        Variant::Rfc9309,
    );
    let agent = AgentQuery::new("other");
    let applicable = robots.applicable(&agent);
    let selection = applicable.selection;
    let cached = |robots: &Robots| {
        selection
            .and_then(|s| robots.selector.compiled(&robots.model, s).usage.get())
            .map(|rules| std::ptr::from_ref(rules.as_ref()))
    };
    assert_eq!(cached(&robots), None);
    let first = robots.usage(&agent, "/ai-ok/x");
    let built = cached(&robots);
    assert!(built.is_some());
    for (url, line, train) in [
        ("/ai-ok/x", Some(4), crate::model::Preference::Allowed),
        (
            "/ai-ok/deep/x",
            Some(5),
            crate::model::Preference::Disallowed,
        ),
        ("/elsewhere", Some(3), crate::model::Preference::Disallowed),
    ] {
        let usage = robots.usage(&agent, url);
        assert_eq!(
            (usage.line(), usage.preference("train-ai")),
            (line, train),
            "{url}"
        );
    }
    assert_eq!(first.line(), Some(4));
    assert_eq!(cached(&robots), built, "read and compiled again");
    // The other selection has no Content-Usage rule: every category unknown.
    let bot = robots.usage(&AgentQuery::new("bot"), "/y");
    assert_eq!(bot.preferences(), None);
}

/// The agent index finds every token a file names, whatever its case, and only those: tokens
/// that share prefixes, named by several groups (merged, or the first record only), in no
/// order, beside `*` groups.
#[test]
fn every_named_token_finds_its_groups() {
    let tokens = [
        "b", "a", "ab", "abc", "a-b", "Zed", "zed_x", "_", "-", "aa", "ba", "abd", "b",
    ];
    // Under Google's reading a value that starts with a digit names the empty token: every
    // such group, in file order (among other tokens, as many as a sort shuffles).
    let mut text = String::new();
    for i in 0..60 {
        let agent = if i % 3 == 0 {
            format!("a{i}")
        } else {
            format!("{i}x")
        };
        text.push_str(&format!("user-agent: {agent}\ndisallow: /\n"));
    }
    let robots = Robots::parse(text.as_bytes(), Variant::Google);
    let empty = robots.applicable(&AgentQuery::new(""));
    let lines: Vec<u32> = empty.groups().map(|g| g.line()).collect();
    let expected: Vec<u32> = (0..60u32)
        .filter(|i| i % 3 != 0)
        .map(|i| i * 2 + 1)
        .collect();
    assert_eq!(lines, expected);
    assert_eq!(robots.check("", "/").rule().map(|r| r.line()), Some(4));
    let mut text = String::from("user-agent: *\ndisallow: /global\n");
    for (line, token) in tokens.iter().enumerate() {
        text.push_str(&format!("user-agent: {token}\ndisallow: /{line}\n"));
    }
    for variant in [Variant::Google, Variant::Draft1996] {
        let robots = Robots::parse(text.as_bytes(), variant);
        for (line, token) in tokens.iter().enumerate() {
            for asked in [token.to_string(), token.to_ascii_uppercase()] {
                let applicable = robots.applicable(&AgentQuery::new(&asked));
                let lines: Vec<u32> = applicable.groups().map(|g| g.line()).collect();
                // A token named twice (`b`): both groups when merged, else the first record.
                let mut expected: Vec<u32> = (0..tokens.len())
                    .filter(|&other| tokens[other] == *token)
                    .map(|other| u32::try_from(other * 2 + 3).unwrap())
                    .collect();
                if variant == Variant::Draft1996 {
                    expected.truncate(1);
                }
                let first = tokens.iter().position(|t| t == token).unwrap_or(line);
                assert_eq!(lines, expected, "{variant} {asked}");
                assert!(!robots.is_allowed(&asked, &format!("/{first}")), "{asked}");
            }
        }
        for missing in ["c", "abcd", "", "zed-", "A-"] {
            let lines: Vec<u32> = robots
                .applicable(&AgentQuery::new(missing))
                .groups()
                .map(|g| g.line())
                .collect();
            assert_eq!(lines, [1], "{variant} {missing:?}");
        }
    }
}

/// The selection the agent `bot` is answered by.
fn selection(robots: &Robots) -> Option<&Selection> {
    robots.applicable(&AgentQuery::new("bot")).selection
}

const SEVEN_RULES: &[u8] = b"user-agent: *\nallow: /a/b\ndisallow: /a\ndisallow: /*.php$\n\
    allow: /a/*.php$\ndisallow: /x/index.html\nallow: /y/index.htm\ndisallow:\n";

/// A selection's first queries test its rules one by one, with the answers of its compiled
/// rules, while what they cost stays within what compiling is estimated to cost; the query
/// that would take it past compiles them. A crawler's few questions never do.
#[test]
fn first_queries_test_the_rules_then_they_are_compiled() {
    let targets: [&str; 8] = [
        "/a", "/a/b", "/a/c.php", "/z.php", "/z.phpx", "/y/", "/", "/x/",
    ];
    for variant in Variant::ALL {
        let tested = Robots::parse(SEVEN_RULES, *variant);
        let compiled = Robots::parse(SEVEN_RULES, *variant);
        if let Some(s) = selection(&compiled) {
            compiled.selector.compiled(&compiled.model, s);
        }
        let rules = tested.unnamed().rules().count();
        let (estimate, mut spent, mut queries) = (compile_estimate(rules), 0, 0);
        let mut asked = targets.iter().cycle();
        let next = loop {
            let target = asked.next().copied().unwrap_or_default();
            spent += test_cost(rules, target.len());
            if spent > estimate {
                break target;
            }
            let (a, b) = (tested.check("bot", target), compiled.check("bot", target));
            assert_eq!(a.to_string(), b.to_string(), "{variant} {target}");
            let built = selection(&tested).is_some_and(Selection::is_compiled);
            assert!(!built, "{variant}: compiled after {queries} queries");
            queries += 1;
        };
        assert!(queries > 3, "{variant}: compiled after {queries} queries");
        assert_eq!(
            tested.is_allowed("bot", next),
            compiled.is_allowed("bot", next)
        );
        assert!(selection(&tested).is_some_and(Selection::is_compiled));
    }
    // A query that costs more to test than compiling compiles at once.
    let robots = Robots::parse(SEVEN_RULES, Variant::Google);
    let long = format!("/{}", "a".repeat(compile_estimate(7)));
    assert!(!robots.is_allowed("bot", &long));
    assert!(selection(&robots).is_some_and(Selection::is_compiled));
}

/// Many questions asked at once compile the rules before the first is answered when testing
/// them one by one against every question would cost more than compiling; fewer (a study's one
/// path per crawler) are answered as single questions are, and none asked compile nothing.
#[test]
fn many_questions_at_once_compile_when_the_batch_pays_for_it() {
    let robots = Robots::parse(SEVEN_RULES, Variant::Google);
    let bot = robots.applicable(&AgentQuery::new("bot"));
    assert!(bot.is_allowed_many::<&str>(&[]).is_empty());
    assert_eq!(bot.check_many::<&str>(&[]).len(), 0);
    assert!(!selection(&robots).is_some_and(Selection::is_compiled));
    assert_eq!(bot.is_allowed_many(&["/a", "/a/b"]), [false, true]);
    assert!(!selection(&robots).is_some_and(Selection::is_compiled));

    // Just past the estimate: compiled before the first answer.
    let rules = robots.unnamed().rules().count();
    let per_question = test_cost(rules, "/a".len());
    let batch = vec!["/a"; compile_estimate(rules) / per_question + 1];
    let robots = Robots::parse(SEVEN_RULES, Variant::Google);
    let bot = robots.applicable(&AgentQuery::new("bot"));
    let verdicts = bot.check_many(&batch);
    assert!(selection(&robots).is_some_and(Selection::is_compiled));
    assert!(verdicts.iter().all(|v| !v.allowed()));
    // Just within it: each question tested, as a single one is.
    let robots = Robots::parse(SEVEN_RULES, Variant::Google);
    let bot = robots.applicable(&AgentQuery::new("bot"));
    let verdicts = bot.check_many(&batch[1..]);
    assert!(!selection(&robots).is_some_and(Selection::is_compiled));
    assert_eq!(
        verdicts.first().and_then(Verdict::rule).map(|r| r.line()),
        Some(3)
    );
}
