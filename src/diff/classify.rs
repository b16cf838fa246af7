//! The classifier: which difference between two variants' profiles explains why their verdicts
//! differ, and which line shows it.
//!
//! Reasons are tried in [`Reason::ALL`] order; each is kept only when the profile field it
//! names differs between the two variants *and* is involved in the lines that decided. Every
//! field of the profile is named in [`classify`]'s destructuring, with the reason that covers
//! it or why none does: a new field is a compile error here until it has one.

use super::comparison::Reason;
use super::side::Side;
use crate::model::RuleOrigin;
use crate::query::Decision;
use crate::syntax::cut_len;
use crate::variant::{Directive, Profile};

/// The first reason, in [`Reason::ALL`] order, that explains why `a` and `b` differ, and the line
/// that shows it.
pub(super) fn classify(a: &Side<'_>, b: &Side<'_>, target: &[u8]) -> (Reason, Option<u32>) {
    // Every field of the profile, with the reason that covers it or why none does: a new field
    // is a compile error here until it is placed.
    let Profile {
        variant: _,                    // its decisions are the fields below
        keys: _,                       // AllowNotSupported, KeySpelling
        key_matching: _,               // KeySpelling
        extensions: _,                 // records only: no verdict depends on them
        strict_grammar: _,             // strict mode only: no lenient verdict depends on it
        byte_order_mark: _,            // KeySpelling: a mark's bytes begin the first key or not
        max_line_bytes: _,             // LineLengthNul
        nul_ends_line: _,              // LineLengthNul
        strips_ascii_whitespace: _,    // goes with nul_ends_line (Profile::reads_up_to_cut)
        pattern_encoding: _,           // PercentEncoding
        target_encoding: _,            // PercentEncoding
        agent_value: _,                // UserAgentMatching
        agent_matching: _,             // UserAgentMatching
        group_selection: _,            // FirstGroupVsMerged
        blank_line_ends_group: _,      // BlankLineEndsRecord
        pattern_syntax: _,             // WildcardLiteralVsOperator
        precedence: _,                 // FirstMatchVsLongestMatch
        robots_txt_always_allowed: _,  // RobotsTxtImplicitlyAllowed
        index_htm_allows_directory: _, // IndexHtmRule
        access: _,                     // what a fetch means: no verdict on a body depends on it
    } = a.profile;
    let (pa, pb) = (a.profile, b.profile);
    let robots_txt = |s: &Side<'_>| s.verdict.decision() == Decision::RobotsTxt;
    if pa.robots_txt_always_allowed != pb.robots_txt_always_allowed
        && (robots_txt(a) || robots_txt(b))
    {
        return (Reason::RobotsTxtImplicitlyAllowed, None);
    }
    if let Some(line) = cut_line(a, b).or_else(|| cut_line(b, a)) {
        return (Reason::LineLengthNul, Some(line));
    }
    if let Some(found) = key_read_differently(a, b).or_else(|| key_read_differently(b, a)) {
        return found;
    }
    if let Some(found) = structure(a, b) {
        return found;
    }
    let origin = |s: &Side<'_>| s.verdict.rule().map(|rule| rule.origin());
    if pa.index_htm_allows_directory != pb.index_htm_allows_directory {
        for side in [a, b] {
            if origin(side) == Some(RuleOrigin::IndexHtmDirectory) {
                return (Reason::IndexHtmRule, side.rule_line());
            }
        }
    }
    if pa.pattern_syntax.wildcards != pb.pattern_syntax.wildcards {
        for side in [a, b] {
            if side
                .rule_value()
                .is_some_and(|v| v.contains(&b'*') || v.contains(&b'$'))
            {
                return (Reason::WildcardLiteralVsOperator, side.rule_line());
            }
        }
    }
    if pa.pattern_encoding != pb.pattern_encoding || pa.target_encoding != pb.target_encoding {
        let encoded = |bytes: &[u8]| bytes.iter().any(|&c| c == b'%' || !c.is_ascii());
        for side in [a, b] {
            if side.rule_value().is_some_and(encoded) {
                return (Reason::PercentEncoding, side.rule_line());
            }
        }
        if encoded(target) {
            return (
                Reason::PercentEncoding,
                a.rule_line().or_else(|| b.rule_line()),
            );
        }
    }
    if pa.precedence != pb.precedence && a.verdict.rule().is_some() && b.verdict.rule().is_some() {
        return (Reason::FirstMatchVsLongestMatch, a.rule_line());
    }
    (Reason::Other, a.rule_line().or_else(|| b.rule_line()))
}

/// A line `side` used that the other variant cuts short: the two profiles' readers cut it in
/// different places (a NUL that ends lines for one of them only, a line longer than one of
/// them reads), as the syntax stage's one definition of a line's cut says.
fn cut_line(side: &Side<'_>, other: &Side<'_>) -> Option<u32> {
    let (p, q) = (side.profile, other.profile);
    if (p.nul_ends_line, p.max_line_bytes) == (q.nul_ends_line, q.max_line_bytes) {
        return None;
    }
    side.involved_lines()
        .find(|line| {
            cut_len(p, p.max_line_bytes, line.text) != cut_len(q, q.max_line_bytes, line.text)
        })
        .map(|line| line.line)
}

/// A line `side` used whose key (as the syntax stage read it) `other` reads as a different
/// directive: `allow` missing from the other's key set, or a spelling only one of them accepts.
fn key_read_differently(side: &Side<'_>, other: &Side<'_>) -> Option<(Reason, Option<u32>)> {
    side.involved_lines().find_map(|line| {
        let here = side.profile.classify_key(line.key).0;
        let there = other.profile.classify_key(line.key).0;
        if here == there {
            return None;
        }
        let known_there = other.profile.keys.iter().any(|k| k.directive == here);
        let reason = if !known_there && here == Directive::Allow {
            Reason::AllowNotSupported
        } else {
            Reason::KeySpelling
        };
        Some((reason, Some(line.line)))
    })
}

/// When the two variants used different groups, or one's deciding rule is not among the rules
/// the other used: why, from the grouping fields of the profiles.
fn structure(a: &Side<'_>, b: &Side<'_>) -> Option<(Reason, Option<u32>)> {
    let groups_a: Vec<u32> = a.verdict.applicable().groups().map(|g| g.line()).collect();
    let groups_b: Vec<u32> = b.verdict.applicable().groups().map(|g| g.line()).collect();
    let (rules_a, rules_b) = (a.rule_lines(), b.rule_lines());
    let missing = |side: &Side<'_>, others: &[u32]| {
        side.rule_line().is_some_and(|line| !others.contains(&line))
    };
    let same_applied = a.verdict.applicable().agent() == b.verdict.applicable().agent();
    if same_applied && groups_a == groups_b && !missing(a, &rules_b) && !missing(b, &rules_a) {
        return None;
    }
    let (pa, pb) = (a.profile, b.profile);
    if pa.blank_line_ends_group != pb.blank_line_ends_group {
        let merged = if pa.blank_line_ends_group { b } else { a };
        if let Some(line) = blank_inside_groups(merged) {
            return Some((Reason::BlankLineEndsRecord, Some(line)));
        }
    }
    let first_differing = || {
        groups_a
            .iter()
            .find(|g| !groups_b.contains(g))
            .or_else(|| groups_b.iter().find(|g| !groups_a.contains(g)))
            .copied()
    };
    let agents_read_differently =
        pa.agent_value != pb.agent_value || pa.agent_matching != pb.agent_matching;
    if agents_read_differently && !same_applied {
        return Some((Reason::UserAgentMatching, first_differing()));
    }
    if pa.group_selection != pb.group_selection && groups_a != groups_b {
        return Some((Reason::FirstGroupVsMerged, first_differing()));
    }
    if agents_read_differently {
        return Some((Reason::UserAgentMatching, first_differing()));
    }
    None
}

/// A blank line inside one of the groups `side` used (between its first `user-agent` line and
/// its last line), as the model recorded it.
fn blank_inside_groups(side: &Side<'_>) -> Option<u32> {
    side.verdict
        .applicable()
        .groups()
        .find_map(|group| group.blank_line())
}
