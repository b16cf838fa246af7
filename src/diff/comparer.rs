//! The comparer: one body read by several variants, asked the same question.

use super::classify::classify;
use super::comparison::{Comparison, Disagreement, LineRef};
use super::side::Side;
use crate::query::target::target_of;
use crate::query::{AgentQuery, Robots, Verdict};
use crate::syntax::ParseOptions;
use crate::variant::Profile;

/// One robots.txt body read by several variants.
#[derive(Debug)]
pub struct Comparer {
    robots: Vec<Robots>,
}

impl Comparer {
    /// Parses `input` (leniently, collecting only what limits cut) once per reading: each a
    /// [`Variant`](crate::Variant) or a composed [`Profile`]. Duplicates are dropped.
    pub fn new<P: Into<Profile>>(input: &[u8], profiles: impl IntoIterator<Item = P>) -> Comparer {
        let options = ParseOptions::for_verdicts();
        let mut seen: Vec<Profile> = Vec::new();
        for profile in profiles.into_iter().map(Into::into) {
            if !seen.contains(&profile) {
                seen.push(profile);
            }
        }
        Comparer {
            robots: seen
                .into_iter()
                .map(|profile| Robots::parse_lenient(input, profile, &options))
                .collect(),
        }
    }

    /// The readings compared, in order.
    pub fn profiles(&self) -> impl Iterator<Item = &Profile> + '_ {
        self.robots.iter().map(Robots::profile)
    }

    /// The file as each variant reads it.
    pub fn robots(&self) -> &[Robots] {
        &self.robots
    }

    /// Compares the variants' verdicts for one agent token (used as given) and URL.
    pub fn compare(&self, agent: &str, url: &str) -> Comparison {
        compare_with(&self.robots, url, |robots| robots.check(agent, url))
    }

    /// Like [`Comparer::compare`] for a crawler known by several tokens, most specific first.
    pub fn compare_query(&self, agents: &AgentQuery, url: &str) -> Comparison {
        compare_parsed(self.robots.iter(), agents, url)
    }
}

/// [`Comparer::compare_query`] of one body already parsed under each reading of `files` (by the
/// access policy, say), without parsing it again: the same answers as a [`Comparer`] of that
/// body and those readings.
///
/// ```
/// use robotspec::diff::{compare_parsed, Reason};
/// use robotspec::{AgentQuery, Robots, Variant};
///
/// let body = b"User-Agent: foobot\nAllow: /page/\nDisallow: /page/a.gif\n";
/// let files = [Robots::parse(body, Variant::Draft1996), Robots::parse(body, Variant::Google)];
/// let comparison = compare_parsed(&files, &AgentQuery::new("foobot"), "/page/a.gif");
/// assert_eq!(comparison.disagreements[0].reason, Reason::FirstMatchVsLongestMatch);
/// ```
pub fn compare_parsed<'s>(
    files: impl IntoIterator<Item = &'s Robots>,
    agents: &AgentQuery,
    url: &str,
) -> Comparison {
    compare_with(files, url, |robots| robots.check_query(agents, url))
}

/// Every reading of `files` asked by `ask` about `url`, and every pair whose verdicts differ
/// with why.
fn compare_with<'s>(
    files: impl IntoIterator<Item = &'s Robots>,
    url: &str,
    ask: impl Fn(&'s Robots) -> Verdict<'s>,
) -> Comparison {
    let sides: Vec<Side<'_>> = files
        .into_iter()
        .map(|robots| Side {
            robots,
            profile: robots.profile(),
            verdict: ask(robots),
        })
        .collect();
    let target = target_of(url);
    let mut disagreements = Vec::new();
    for (i, left) in sides.iter().enumerate() {
        for right in sides.iter().skip(i + 1) {
            if left.verdict.allowed() == right.verdict.allowed() {
                continue;
            }
            let (reason, evidence) = classify(left, right, &target);
            disagreements.push(Disagreement {
                left: *left.profile,
                right: *right.profile,
                reason,
                evidence: evidence.map(|line| LineRef::of_either(left.robots, right.robots, line)),
                left_rule: left.rule_line().map(|line| LineRef::of(left.robots, line)),
                right_rule: right
                    .rule_line()
                    .map(|line| LineRef::of(right.robots, line)),
            });
        }
    }
    Comparison {
        url: url.to_owned(),
        answers: sides.iter().map(Side::answer).collect(),
        disagreements,
    }
}
