//! Composed readings: every value of every setting changes a verdict (or an access state) as its
//! description says, through the library (the cases are in `tests/common/profile_cases.rs`; the
//! command line's `--with` is held to the same cases in `cli/tests/cli.rs`); names read back into
//! the same profile; bad names and values are refused with what is accepted.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::collections::BTreeSet;
use std::time::SystemTime;

use robotspec::access::{evaluate, AccessOptions, FetchOutcome};
use robotspec::diff::Comparer;
use robotspec::{AgentQuery, Profile, ProfileError, Robots, Variant};

use crate::common::profile_cases::{cases, Case};

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
            headers: Default::default(),
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
    // `byte-order-mark` changes how the first line's leading bytes are read, never a verdict
    // (a line that starts with U+FFFD is no record either way): tests/it/syntax.rs
    // `a_leading_replacement_character_is_content_except_to_google`.
    covered.insert(("byte-order-mark".to_owned(), "bytes".to_owned()));
    covered.insert(("byte-order-mark".to_owned(), "characters".to_owned()));
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
