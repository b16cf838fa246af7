//! Composed readings: every value of every setting changes a verdict (or an access state) as its
//! description says, through the library and through `--with` on the command line; names read
//! back into the same profile; bad names and values are refused with what is accepted.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::collections::BTreeSet;
use std::process::Command;
use std::time::SystemTime;

use robotspec::access::{evaluate, AccessOptions, FetchOutcome};
use robotspec::diff::Comparer;
use robotspec::{AgentQuery, Profile, ProfileError, Robots, Variant};

/// One setting's value shown at work: from `base`, setting `setting=value` turns the verdict
/// for `agent` and `url` on `body` into `allowed` (and `base` answers the opposite).
struct Case {
    setting: &'static str,
    value: &'static str,
    base: &'static str,
    body: String,
    agent: &'static str,
    url: String,
    allowed: bool,
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
fn cases() -> Vec<Case> {
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

/// The access cases: (setting, status whose meaning it sets).
const ACCESS: &[(&str, u16)] = &[
    ("unauthorized", 403),
    ("too-many-requests", 429),
    ("server-error", 503),
];

fn allowed(profile: Profile, case: &Case) -> bool {
    let robots = Robots::parse(case.body.as_bytes(), profile);
    robots
        .check_query(&AgentQuery::read(case.agent).unwrap(), &case.url)
        .allowed()
}

fn composed(case: &Case) -> Profile {
    let base: Profile = case.base.parse().unwrap();
    base.with(case.setting, case.value).unwrap()
}

#[test]
fn every_value_of_every_verdict_setting_changes_the_verdict_as_described() {
    for case in cases() {
        let base: Profile = case.base.parse().unwrap();
        let what = format!("{} with {}={}", case.base, case.setting, case.value);
        assert_eq!(allowed(base, &case), !case.allowed, "{what}: base");
        assert_eq!(allowed(composed(&case), &case), case.allowed, "{what}");
    }
}

#[test]
fn every_value_of_every_access_setting_sets_the_state_of_its_status() {
    for &(setting, status) in ACCESS {
        let outcome = FetchOutcome::Response {
            status,
            headers: Vec::new(),
            body: Vec::new(),
        };
        for value in ["allow-all", "disallow-all", "unreachable"] {
            let profile = Profile::from(Variant::Rfc9309)
                .with(setting, value)
                .unwrap();
            let access = evaluate(
                profile,
                &outcome,
                SystemTime::now(),
                &AccessOptions::default(),
            );
            assert_eq!(access.state.name(), value, "{setting}={value} on {status}");
        }
        // A policy never gives the rules of a body it did not get.
        let refused = Profile::from(Variant::Rfc9309).with(setting, "rules");
        assert!(matches!(refused, Err(ProfileError::InvalidValue { .. })));
    }
}

#[test]
fn the_cases_cover_every_value_of_every_setting() {
    let mut covered: BTreeSet<(String, String)> = cases()
        .iter()
        .map(|c| (c.setting.to_owned(), c.value.to_owned()))
        .collect();
    for &(setting, _) in ACCESS {
        for value in ["allow-all", "disallow-all", "unreachable"] {
            covered.insert((setting.to_owned(), value.to_owned()));
        }
    }
    // `aipref` changes the strict grammar, not verdicts: its own test below.
    covered.insert(("aipref".to_owned(), "yes".to_owned()));
    covered.insert(("aipref".to_owned(), "no".to_owned()));
    // A number stands for every number.
    if covered
        .iter()
        .any(|(s, v)| s == "max-line-bytes" && v.parse::<usize>().is_ok())
    {
        covered.insert(("max-line-bytes".to_owned(), "N".to_owned()));
    }
    for setting in Profile::settings() {
        for (value, _) in setting.choices() {
            let key = (setting.name().to_owned(), value.into_owned());
            assert!(covered.contains(&key), "no case shows {}={}", key.0, key.1);
        }
    }
}

#[test]
fn aipref_decides_whether_strict_mode_admits_content_usage_rules() {
    let body = b"User-agent: *\nContent-Usage: train-ai=n\n";
    let strict = |profile: Profile| robotspec::parse_strict(body, profile).is_ok();
    let on = Profile::from(Variant::Rfc9309)
        .with("aipref", "yes")
        .unwrap();
    assert!(!strict(Profile::from(Variant::Rfc9309)));
    assert!(strict(on));
    assert!(!strict(on.with("aipref", "no").unwrap()));
    assert_eq!(
        on.with("aipref", "no").unwrap(),
        Profile::from(Variant::Rfc9309)
    );
}

#[test]
fn a_name_reads_back_into_the_same_profile() {
    for case in cases() {
        let profile = composed(&case);
        let name = profile.name();
        assert_eq!(name.parse::<Profile>().unwrap(), profile, "{name}");
        assert_eq!(serde_json::to_value(profile).unwrap(), name.as_str());
    }
    // A setting given its variant's own value changes nothing, and the name says so.
    let same = Profile::from(Variant::Google)
        .with("precedence", "longest-match")
        .unwrap();
    assert_eq!(same, Profile::from(Variant::Google));
    assert_eq!(same.name(), "google");
    assert_eq!(same.changes().count(), 0);
    // Names list the changes in settings order, whatever order they were made in.
    let two = Profile::from(Variant::Rfc9309)
        .with("wildcards", "no")
        .and_then(|p| p.with("agent-matching", "substring"))
        .unwrap();
    assert_eq!(two.name(), "rfc9309+agent-matching=substring+wildcards=no");
    assert_eq!(two.variant(), Variant::Rfc9309);
    assert_ne!(two, Profile::from(Variant::Rfc9309));
}

#[test]
fn bad_names_and_values_are_refused_with_what_is_accepted() {
    let err = |text: &str| text.parse::<Profile>().unwrap_err();
    assert!(matches!(err("rfc9310"), ProfileError::UnknownVariant(_)));
    let unknown = err("rfc9309+agent-match=substring");
    assert!(unknown.to_string().contains("agent-matching"), "{unknown}");
    let invalid = err("rfc9309+agent-matching=fuzzy");
    assert_eq!(
        invalid.to_string(),
        "`fuzzy` is not a value of `agent-matching` (expected one of: exact, substring)"
    );
    assert!(matches!(err("rfc9309+"), ProfileError::Malformed(_)));
    assert!(matches!(
        err("rfc9309+max-line-bytes=0"),
        ProfileError::InvalidValue { .. }
    ));
    // A yes/no setting may be written alone for `yes`.
    let flag: Profile = "rfc9309+nul-ends-line".parse().unwrap();
    assert_eq!(flag.name(), "rfc9309+nul-ends-line=yes");
}

#[test]
fn the_comparer_compares_composed_readings_with_named_ones() {
    let body = b"User-agent: bot\nDisallow: /\n";
    let substring: Profile = "google+agent-matching=substring".parse().unwrap();
    let comparer = Comparer::new(body, [Profile::from(Variant::Google), substring]);
    let comparison = comparer.compare("Googlebot", "/x");
    assert_eq!(comparison.disagreements.len(), 1);
    let json = serde_json::to_value(&comparison).unwrap();
    assert_eq!(
        json["answers"][1]["variant"],
        "google+agent-matching=substring"
    );
    assert_eq!(json["disagreements"][0]["reason"], "user-agent-matching");
}

#[test]
fn substring_matching_picks_the_most_specific_token_or_the_first_record() {
    let body = b"User-agent: bot\nDisallow: /a\n\nUser-agent: googlebot\nDisallow: /b\n";
    let merged: Profile = "rfc9309+agent-matching=substring".parse().unwrap();
    let robots = Robots::parse(body, merged);
    assert!(!robots.is_allowed("Googlebot", "/b"));
    assert!(robots.is_allowed("Googlebot", "/a"));
    let first: Profile = "draft-1996+agent-matching=substring".parse().unwrap();
    let robots = Robots::parse(body, first);
    assert!(!robots.is_allowed("Googlebot", "/a"));
    assert!(robots.is_allowed("Googlebot", "/b"));
}

/// A file name per body (bodies differ; collisions would only reuse an identical file).
fn fxhash(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

#[test]
fn every_verdict_case_holds_through_with_on_the_command_line() {
    for case in cases() {
        let with = format!("{}={}", case.setting, case.value);
        let output = Command::new(env!("CARGO_BIN_EXE_robotspec"))
            .args([
                "check",
                "--variant",
                case.base,
                "--with",
                &with,
                "--agent",
                case.agent,
            ])
            .arg(write_body(&case.body))
            .arg(&case.url)
            .output()
            .unwrap();
        let expected = if case.allowed { 0 } else { 1 };
        assert_eq!(
            output.status.code(),
            Some(expected),
            "{} --with {with}",
            case.base
        );
    }
}

/// Writes `body` to a file of its own in the temporary directory; its path.
fn write_body(body: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("robotspec-profiles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{:x}.txt", fxhash(body)));
    std::fs::write(&file, body).unwrap();
    file
}

#[test]
fn the_command_line_refuses_unknown_settings_and_lists_them() {
    let output = Command::new(env!("CARGO_BIN_EXE_robotspec"))
        .args(["check", "--with", "agent-matching=fuzzy", "--agent", "a"])
        .arg(write_body(""))
        .arg("/x")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("expected one of: exact, substring"),
        "{stderr}"
    );
    let listed = Command::new(env!("CARGO_BIN_EXE_robotspec"))
        .args(["settings", "--format", "json"])
        .output()
        .unwrap();
    let settings: serde_json::Value = serde_json::from_slice(&listed.stdout).unwrap();
    let names: Vec<&str> = settings
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    let library: Vec<&str> = Profile::settings().iter().map(|s| s.name()).collect();
    assert_eq!(names, library);
}
