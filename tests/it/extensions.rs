//! Every extension example of docs/spec/EXTENSIONS.md (§1.9 ATTACH, §2.5 Cloudflare), vendored
//! under `tests/extensions/`: the `usage` answer field by field, and the typed records.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use robotspec::model::{Extension, Preference};
use robotspec::{AgentQuery, Profile, Robots, SignalScope, Variant};
use serde_json::{json, Value};

fn robots(file: &str) -> Robots {
    let path = format!("{}/tests/extensions/{file}", env!("CARGO_MANIFEST_DIR"));
    Robots::parse(&std::fs::read(path).unwrap(), Variant::Rfc9309)
}

/// One `usage` question and its answer: file, agent, URL, crawlable, `content_usage`,
/// `content_usage_line`, `content_signal` (group reading), `content_signal_file`.
type Case = (
    &'static str,
    &'static str,
    &'static str,
    bool,
    Value,
    Value,
    Value,
    Value,
);

fn cases() -> Vec<Case> {
    let none = Value::Null;
    let cf = json!({"search": "yes", "ai-train": "no"});
    vec![
        // ATTACH §3.4: every other crawler uses the first group.
        (
            "attach-e2.txt",
            "bot",
            "/test",
            true,
            json!({"train-ai": "n"}),
            json!(5),
            none.clone(),
            none.clone(),
        ),
        (
            "attach-e2.txt",
            "bot",
            "/never/test",
            false,
            none.clone(),
            none.clone(),
            none.clone(),
            none.clone(),
        ),
        (
            "attach-e2.txt",
            "bot",
            "/ai-ok/test",
            true,
            json!({"train-ai": "y"}),
            json!(6),
            none.clone(),
            none.clone(),
        ),
        // ExampleBot uses only its own group: "all content crawlable, preference train-ai=y".
        (
            "attach-e2.txt",
            "ExampleBot",
            "/test",
            true,
            json!({"train-ai": "y"}),
            json!(10),
            none.clone(),
            none.clone(),
        ),
        (
            "attach-e2.txt",
            "ExampleBot",
            "/never/test",
            true,
            json!({"train-ai": "y"}),
            json!(10),
            none.clone(),
            none.clone(),
        ),
        // ATTACH §1.2: no path, so every path of the group.
        (
            "attach-e1.txt",
            "bot",
            "/any/thing",
            true,
            json!({"train-ai": "n"}),
            json!(4),
            none.clone(),
            none.clone(),
        ),
        // CF-DOCS feature enabled: the two `*` groups merge, so `*` agents get the signal in both
        // readings; GPTBot's own group has none, the file reading (crawler-commons) still applies.
        (
            "cf-feature-enabled.txt",
            "bot",
            "/",
            true,
            none.clone(),
            none.clone(),
            cf.clone(),
            cf.clone(),
        ),
        (
            "cf-feature-enabled.txt",
            "bot",
            "/lp/x",
            false,
            none.clone(),
            none.clone(),
            cf.clone(),
            cf.clone(),
        ),
        (
            "cf-feature-enabled.txt",
            "GPTBot",
            "/",
            false,
            none.clone(),
            none.clone(),
            none.clone(),
            cf.clone(),
        ),
        (
            "cf-policy-only.txt",
            "bot",
            "/",
            true,
            none.clone(),
            none.clone(),
            none.clone(),
            none.clone(),
        ),
        (
            "contentsignals-org.txt",
            "bot",
            "/",
            true,
            none.clone(),
            none.clone(),
            json!({"ai-train": "no", "search": "yes", "ai-input": "yes"}),
            json!({"ai-train": "no", "search": "yes", "ai-input": "yes"}),
        ),
        (
            "cf-blog-2026.txt",
            "bot",
            "/",
            true,
            none.clone(),
            none.clone(),
            json!({"search": "yes", "ai-train": "no", "use": "reference"}),
            json!({"search": "yes", "ai-train": "no", "use": "reference"}),
        ),
    ]
}

#[test]
fn usage_answers_every_example() {
    for (file, agent, url, crawlable, usage, line, signal, signal_file) in cases() {
        let robots = robots(file);
        let answer = serde_json::to_value(robots.usage(&AgentQuery::new(agent), url)).unwrap();
        let at = format!("{file} {agent} {url}");
        assert_eq!(answer["url"], url, "{at}");
        assert_eq!(answer["verdict"]["allowed"], crawlable, "{at}");
        assert_eq!(answer["content_usage"], usage, "{at}");
        assert_eq!(answer["content_usage_line"], line, "{at}");
        assert_eq!(answer["content_signal"], signal, "{at}");
        assert_eq!(answer["content_signal_file"], signal_file, "{at}");
    }
}

#[test]
fn attach_e2_typed_records() {
    let robots = robots("attach-e2.txt");
    let usage = robots.usage(&AgentQuery::new("bot"), "/ai-ok/test");
    assert_eq!(usage.preference("train-ai"), Preference::Allowed);
    assert_eq!(usage.preference("search"), Preference::Unknown);
    let records: Vec<Value> = robots
        .records()
        .map(|r| serde_json::to_value(r).unwrap())
        .collect();
    assert_eq!(records.len(), 3);
    assert_eq!(records[1]["extension"], "content-usage");
    assert_eq!(records[1]["typed"]["path"], "/ai-ok/");
    assert_eq!(records[1]["typed"]["preferences"], json!({"train-ai": "y"}));
    assert_eq!(records[0]["typed"]["path"], Value::Null);
    let groups: Vec<Option<usize>> = robots.records().map(|r| r.group).collect();
    assert_eq!(groups, [Some(0), Some(0), Some(1)]);
}

#[test]
fn content_signal_in_both_readings() {
    let robots = robots("cf-feature-enabled.txt");
    let gpt = robots.usage(&AgentQuery::new("GPTBot"), "/");
    assert_eq!(gpt.content_signal(SignalScope::Group), None);
    let file = gpt.content_signal(SignalScope::File).unwrap();
    assert_eq!(
        (file.get("search"), file.get("ai-train")),
        (Some("yes"), Some("no"))
    );
    assert_eq!(gpt.content_signal_lines(SignalScope::File), [17]);
    let record = robots.records().next().unwrap();
    assert_eq!(record.extension, Some(Extension::ContentSignal));
    assert_eq!(record.scope(), Some(robotspec::model::Scope::Disputed));
}

#[test]
fn other_records_are_typed_and_scoped() {
    let robots = robots("other-records.txt");
    let file: Vec<&[u8]> = robots.file_records().map(|r| r.key).collect();
    assert_eq!(file, [&b"Host"[..]]);
    let seznam = robots.applicable(&AgentQuery::new("SeznamBot"));
    assert_eq!(
        seznam.crawl_delay(),
        Some(std::time::Duration::from_millis(10_500))
    );
    assert_eq!(
        seznam.request_rate(),
        Some((1, std::time::Duration::from_secs(10)))
    );
    let kinds: Vec<Option<Extension>> = seznam.records().map(|r| r.extension).collect();
    let expected = [
        Extension::RequestRate,
        Extension::VisitTime,
        Extension::CrawlDelay,
        Extension::Noindex,
    ];
    assert_eq!(kinds, expected.map(Some));
    let yandex: Vec<&[u8]> = robots
        .groups()
        .next()
        .unwrap()
        .records()
        .map(|r| r.value)
        .collect();
    assert_eq!(yandex, [&b"ref /some_dir/get_book.pl"[..]]);
    let base = url::Url::parse("https://example.com/robots.txt").unwrap();
    let sitemap = robots.sitemaps().next().unwrap().resolve(&base).unwrap();
    assert_eq!(sitemap.as_str(), "https://example.com/sitemap.xml");
}

/// The opt-in strict grammar of draft-ietf-aipref-attach §3 (`rule =/ content-usage`): ATTACH's
/// examples derive from it and not from RFC 9309's; Content-Signal, which no grammar admits,
/// stays outside both; a malformed or misplaced Content-Usage rule is a violation there.
#[test]
fn the_aipref_grammar_admits_content_usage_rules_and_rfc9309_does_not() {
    use robotspec::{parse, parse_strict, Code, Profile};
    let aipref: Profile = "rfc9309+aipref".parse().unwrap();
    let read = |file: &str| {
        let path = format!("{}/tests/extensions/{file}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read(path).unwrap()
    };
    let codes = |bytes: &[u8], reading: Profile| match parse_strict(bytes, reading) {
        Ok(_) => Vec::new(),
        Err(e) => e.diagnostics().iter().map(|d| d.code).collect(),
    };
    for file in ["attach-e1.txt", "attach-e2.txt"] {
        let bytes = read(file);
        assert_eq!(codes(&bytes, aipref), [], "{file}");
        let rfc = codes(&bytes, Profile::from(Variant::Rfc9309));
        assert!(rfc.iter().all(|&c| c == Code::KnownExtension) && !rfc.is_empty());
        // Lenient: a rule of the grammar, not a `known-extension` note.
        let lenient = parse(&bytes, aipref);
        assert!(lenient.diagnostics().is_empty(), "{file}");
    }
    assert_eq!(
        codes(&read("contentsignals-org.txt"), aipref),
        [Code::KnownExtension]
    );
    for (body, code) in [
        (
            "User-agent: *\nContent-Usage: /x\n",
            Code::InvalidContentUsage,
        ),
        (
            "User-agent: *\nContent-Usage: train-ai=n,\n",
            Code::InvalidContentUsage,
        ),
        (
            "User-agent: *\nContent-Usage: /x Train-ai=n\n",
            Code::InvalidContentUsage,
        ),
        (
            "Content-Usage: train-ai=n\nUser-agent: *\n",
            Code::RuleOutsideGroup,
        ),
    ] {
        assert_eq!(codes(body.as_bytes(), aipref), [code], "{body:?}");
    }
    // The tree is the same under both: extension lines stay nodes of their own kind.
    let bytes = read("attach-e2.txt");
    let tree = |reading: Profile| parse(&bytes, reading).tree().dump();
    assert_eq!(tree(aipref), tree(Profile::from(Variant::Rfc9309)));
    // Only RFC 9309's grammar has the extension.
    let refused = Profile::from(Variant::Draft1996).with("aipref", "yes");
    assert!(refused
        .unwrap_err()
        .to_string()
        .contains("does not apply to draft-1996"));
    assert_eq!(
        Profile::from(Variant::Google)
            .with("aipref", "yes")
            .unwrap()
            .name(),
        "google+aipref=yes"
    );
}

/// draft-kelley-aipref-training-preference-signal-00: the groups of `__usage_ai-training` state
/// the train-ai preference by path, by the variant's own matching, whatever crawler is asked
/// about; a file whose groups do not name the token states none (its `*` groups are about
/// crawling), nor does a group whose shorter name a substring match finds in the token.
#[test]
fn a_policy_token_states_the_training_preference_by_path() {
    let body = b"User-agent: *\nDisallow: /private/\n\nUser-agent: __usage_ai-training\n\
                 Disallow: /articles/\nAllow: /articles/free/\n";
    for variant in [Variant::Google, Variant::Rfc9309, Variant::Draft1996] {
        let robots = Robots::parse(body, variant);
        let training = |url: &str| {
            let usage = robots.usage(&AgentQuery::new("GPTBot"), url);
            let [policy] = usage.policy_tokens() else {
                panic!("{variant:?}: {url}: {:?}", usage.policy_tokens());
            };
            assert_eq!(policy.policy().token, "__usage_ai-training");
            (
                policy.preference(),
                policy.verdict().rule().map(|r| r.line()),
            )
        };
        assert_eq!(training("/articles/1"), (Preference::Disallowed, Some(5)));
        assert_eq!(training("/about"), (Preference::Allowed, None));
        // The crawler's own verdict does not matter: the token's groups are its own.
        assert_eq!(training("/private/x"), (Preference::Allowed, None));
        if variant != Variant::Draft1996 {
            assert_eq!(training("/articles/free/1"), (Preference::Allowed, Some(6)));
        }
        let line = robots
            .usage(&AgentQuery::new("GPTBot"), "/articles/1")
            .to_string();
        assert!(
            line.ends_with(
                "; __usage_ai-training: train-ai=n (disallowed by line 5: Disallow: \
                             /articles/ [group for `__usage_ai-training` at line 4])"
            ),
            "{line}"
        );
    }
    let unnamed = Robots::parse(b"User-agent: *\nDisallow: /\n", Variant::Rfc9309);
    let usage = unnamed.usage(&AgentQuery::new("bot"), "/x");
    assert!(usage.policy_tokens().is_empty());
    assert!(serde_json::to_value(&usage)
        .unwrap()
        .get("policy_tokens")
        .is_none());
    let substring = Profile::from(Variant::Rfc9309)
        .with("agent-matching", "substring")
        .unwrap();
    let shorter = Robots::parse(b"User-agent: usage\nDisallow: /\n", substring);
    let token = AgentQuery::new("__usage_ai-training");
    assert!(
        !shorter.applicable(&token).is_allowed("/x"),
        "the group applies to the token"
    );
    assert!(shorter.usage(&token, "/x").policy_tokens().is_empty());
}
