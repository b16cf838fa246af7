//! The model built from small files: grouping, orphans, Google's `index.htm` rule, limits.

use super::agent::Agent;
use super::builder::build;
use super::views::Model;
use crate::syntax::parse;
use crate::variant::Variant;

fn model(text: &str, variant: Variant) -> Model {
    build(&parse(text.as_bytes(), variant))
}

#[test]
fn groups_start_at_a_user_agent_after_a_rule() {
    let m = model(
        "user-agent: a\n\nuser-agent: b\ncrawl-delay: 1\nsitemap: /s\nuser-agent: c\ndisallow: /x\nuser-agent: d\nallow: /y\n",
        Variant::Google,
    );
    assert_eq!(m.groups().len(), 2);
    assert_eq!(m.groups().next().unwrap().agents().len(), 3);
    assert_eq!(m.group(1).unwrap().agents().len(), 1);
    assert_eq!(m.sitemaps().len(), 1);
    assert_eq!(m.records().len(), 1);
}

#[test]
fn orphan_rules_are_set_aside() {
    let m = model(
        "disallow: /a\nuser-agent: *\ndisallow: /b\n",
        Variant::Rfc9309,
    );
    assert_eq!(m.orphan_rules(), [1]);
    assert_eq!(m.rules().len(), 1);
}

#[test]
fn index_htm_rule_adds_the_directory() {
    let m = model("user-agent: *\nallow: /d/index.html\n", Variant::Google);
    let patterns: Vec<&[u8]> = m.rules().map(|r| r.pattern()).collect();
    assert_eq!(patterns, [&b"/d/index.html"[..], b"/d/$"]);
    let m = model("user-agent: *\nallow: /d/index.html\n", Variant::Rfc9309);
    assert_eq!(m.rules().len(), 1);
}

#[test]
fn blank_lines_end_records_in_1994_and_1996_only() {
    let text = "user-agent: foo\n\ndisallow: /private\n";
    for variant in [Variant::Convention1994, Variant::Draft1996] {
        let m = model(text, variant);
        assert_eq!(m.orphan_rules(), [3], "{variant}");
    }
    assert!(model(text, Variant::RepDraft2019).orphan_rules().is_empty());
}

#[test]
fn each_group_holds_its_own_records() {
    // 1994: `allow` is another record, a blank line ends a record, and a `user-agent` line
    // after a `disallow` starts a group.
    let text = "user-agent: a\nallow: /1\ncrawl-delay: 1\n\nallow: /out\nuser-agent: b\n\
                disallow: /x\nuser-agent: c\nallow: /2\ndisallow: /y\nuser-agent: d\n\
                allow: /3\nallow: /4\n";
    let m = model(text, Variant::Convention1994);
    let values = |group: usize| -> Vec<Vec<u8>> {
        let group = m.group(group).unwrap();
        group.records().map(|r| r.value.to_vec()).collect()
    };
    assert_eq!(values(0), [b"/1".to_vec(), b"1".to_vec()]);
    assert!(values(1).is_empty());
    assert_eq!(values(2), [b"/2".to_vec()]);
    assert_eq!(values(3), [b"/3".to_vec(), b"/4".to_vec()]);
    let outside: Vec<&[u8]> = m.file_records().map(|r| r.value).collect();
    assert_eq!(outside, [&b"/out"[..]]);
}

/// The agent of the first line of the first group, as an owned name (`None` for `*`).
fn first_agent(text: &str, variant: Variant) -> Option<Vec<u8>> {
    let m = model(text, variant);
    let group = m.groups().next().unwrap();
    let agent = group.agents().next().unwrap().agent();
    match agent {
        Agent::Global => None,
        Agent::Named(name) => Some(name.as_bytes().to_vec()),
    }
}

#[test]
fn agent_values_are_read_per_variant() {
    let text = "user-agent: googlebot/1.2\n";
    assert_eq!(
        first_agent(text, Variant::Google),
        Some(b"googlebot".to_vec())
    );
    assert_eq!(
        first_agent(text, Variant::Convention1994),
        Some(b"googlebot".to_vec())
    );
    assert_eq!(
        first_agent(text, Variant::RepDraft2019),
        Some(b"googlebot/1.2".to_vec())
    );
    let text = "user-agent: * junk\n";
    assert_eq!(first_agent(text, Variant::Google), None);
    assert!(first_agent(text, Variant::RepDraft2019).is_some());
}

#[test]
fn nul_ends_the_line_for_google_only() {
    let text = "user-agent: *\ndisallow: /a\0b\n";
    let google = model(text, Variant::Google);
    assert_eq!(google.rule(0).unwrap().pattern(), b"/a");
    let rfc = model(text, Variant::Rfc9309);
    assert_eq!(rfc.rule(0).unwrap().pattern(), b"/a\0b");
}

/// Google reads a line as a C string: the NUL ends it before the key and value are split,
/// so the colon after it is gone and `Disallow /a` is the two-word line with the colon
/// missing (Google's library disallows `/a`).
#[test]
fn nul_ends_the_line_before_key_and_value_are_split() {
    let text = "user-agent: *\ndisallow /a\0: b\n";
    let google = model(text, Variant::Google);
    let patterns: Vec<&[u8]> = google.rules().map(|r| r.pattern()).collect();
    assert_eq!(patterns, [&b"/a"[..]]);
    // Read losslessly, the line is the key `disallow /a\0` (no directive) with the value `b`.
    assert_eq!(model(text, Variant::Rfc9309).rules().len(), 0);
}

/// Vertical tab and form feed are whitespace to Google around the line, the key and the
/// value (`absl::StripAsciiWhitespace`); the lossless reading keeps them as text.
#[test]
fn vertical_tab_and_form_feed_are_whitespace_to_google() {
    let text = "user-agent: *\n\x0Cdisallow\x0B:\x0B/x\x0B\nallow \x0C/y\x0C\ncrawl-delay\x0C: 1\n";
    let google = model(text, Variant::Google);
    let patterns: Vec<&[u8]> = google.rules().map(|r| r.pattern()).collect();
    assert_eq!(patterns, [&b"/x"[..], b"/y"]);
    let record = google.records().next().unwrap();
    assert_eq!((record.key, record.value), (&b"crawl-delay"[..], &b"1"[..]));
    let rfc = model(text, Variant::Rfc9309);
    assert!(rfc.rules().all(|r| r.pattern() != b"/x"));
}

#[test]
fn agent_values_are_read_as_tokens() {
    let m = model(
        "user-agent: Googlebot/2.1\nuser-agent: * junk\n",
        Variant::Google,
    );
    let agents: Vec<Agent<'_>> = m
        .groups()
        .next()
        .unwrap()
        .agents()
        .map(|a| a.agent())
        .collect();
    assert_eq!(agents, [Agent::Named("Googlebot"), Agent::Global]);
}

#[test]
fn blank_lines_inside_groups_are_recorded() {
    let m = model(
        "user-agent: a\n\ndisallow: /x\n\nuser-agent: b\ndisallow: /y\n\n",
        Variant::Rfc9309,
    );
    let blanks: Vec<Option<u32>> = m.groups().map(|g| g.blank_line()).collect();
    assert_eq!(blanks, [Some(2), None]);
}

#[test]
fn unchanged_patterns_are_not_stored_twice() {
    let m = model("user-agent: *\ndisallow: /plain\n", Variant::Google);
    assert_eq!(m.arena.len(), "user-agent: *disallow: /plain".len());
    let m = model("user-agent: *\ndisallow: /caf\u{e9}\n", Variant::Google);
    assert_eq!(m.rule(0).unwrap().pattern(), b"/caf%C3%A9");
}
