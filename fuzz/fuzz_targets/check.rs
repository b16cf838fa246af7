//! Queries with arbitrary files, agents and URLs under every variant, and under composed
//! readings (a variant with up to three settings changed).
//!
//! Invariants: `check`, `check_query`, `is_allowed` and `explain` give the same verdict (allowed,
//! deciding rule, groups applied); the deciding rule is the first matching rule `explain`
//! lists and belongs to one of the groups used; a verdict without a deciding rule is an allow;
//! agents compare ignoring ASCII case; a file accepted strictly answers as the lenient one does;
//! a composed reading's name reads back into the same profile.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use robotspec::model::RuleKind;
use robotspec::{AgentQuery, Decision, Mode, ParseOptions, Profile, Robots, Variant, Verdict};

#[derive(Debug, Arbitrary)]
struct Input<'a> {
    variant: u8,
    /// (setting, value) picks from the library's list of settings.
    changes: Vec<(u8, u8)>,
    agent: &'a str,
    more_agents: Vec<&'a str>,
    urls: Vec<&'a str>,
    file: &'a [u8],
}

/// What two verdicts must share.
fn key<'r>(v: &Verdict<'r>) -> (bool, Option<robotspec::model::Rule<'r>>, String) {
    (v.allowed(), v.rule(), format!("{:?}", v.applicable()))
}

/// The variant `variant` picks, with up to three settings changed as `changes` pick them
/// (a change the reading refuses is left out).
fn reading(variant: u8, changes: &[(u8, u8)]) -> Profile {
    let base = Profile::from(Variant::ALL[usize::from(variant) % Variant::ALL.len()]);
    let settings = Profile::settings();
    changes.iter().take(3).fold(base, |profile, &(s, v)| {
        let setting = &settings[usize::from(s) % settings.len()];
        let choices = setting.choices();
        let (value, _) = &choices[usize::from(v) % choices.len()];
        let value = match value.as_ref() {
            "N" => (u16::from(v) + 1).to_string(),
            named => named.to_owned(),
        };
        profile.with(setting.name(), &value).unwrap_or(profile)
    })
}

fuzz_target!(|input: Input<'_>| {
    let variant = reading(input.variant, &input.changes);
    assert_eq!(
        variant.name().parse::<Profile>().ok(),
        Some(variant),
        "name round trip"
    );
    let robots = Robots::parse(input.file, variant);
    let strict = Robots::parse_with(input.file, variant, &ParseOptions::new(Mode::Strict)).ok();
    let single = AgentQuery::new(input.agent);
    let mut tokens = vec![input.agent];
    tokens.extend(input.more_agents.iter().take(4));
    let several = AgentQuery::from_tokens(&tokens);

    for url in input.urls.iter().take(8) {
        let verdict = robots.check(input.agent, url);
        let _ = verdict.to_string();
        assert_eq!(robots.is_allowed(input.agent, url), verdict.allowed());
        assert_eq!(key(&robots.check_query(&single, url)), key(&verdict));
        let explanation = robots.explain(&single, url);
        assert_eq!(
            key(explanation.verdict()),
            key(&verdict),
            "check vs explain"
        );

        let upper = input.agent.to_ascii_uppercase();
        assert_eq!(
            robots.check(&upper, url).allowed(),
            verdict.allowed(),
            "agent case matters"
        );

        match verdict.decision() {
            Decision::Rule => {
                let rule = verdict.rule().expect("a rule decided");
                assert_eq!(verdict.allowed(), rule.kind() == RuleKind::Allow);
                let first = explanation.matching().first().copied();
                assert!(
                    first.is_some_and(|f| f == rule),
                    "the deciding rule is the first matching one"
                );
                assert!(
                    verdict
                        .applicable()
                        .groups()
                        .any(|g| g.rules().any(|r| r == rule)),
                    "the deciding rule belongs to an applied group"
                );
                assert!(!rule.is_empty(), "an empty rule decided");
            }
            Decision::NoMatchingRule => {
                assert!(verdict.allowed());
                let only_allows = explanation
                    .matching()
                    .iter()
                    .all(|r| r.kind() == RuleKind::Allow);
                // Under first or longest match a matching rule decides; only where any
                // disallow decides can allows match without deciding.
                assert!(only_allows, "rules match but none decided");
            }
            Decision::NoGroup => {
                assert!(verdict.allowed());
                assert!(explanation.matching().is_empty());
                assert_eq!(verdict.applicable().groups().count(), 0);
            }
            Decision::RobotsTxt => assert!(verdict.allowed()),
            _ => unreachable!("a decision this target does not know"),
        }

        let many = robots.check_query(&several, url);
        assert_eq!(key(robots.explain(&several, url).verdict()), key(&many));

        if let Some(strict) = &strict {
            assert_eq!(
                strict.check(input.agent, url).allowed(),
                verdict.allowed(),
                "strict and lenient disagree"
            );
        }
    }
});
