//! The comparer: one body read by several variants, asked the same question.

use super::classify::classify;
use super::{Answer, Comparison, Disagreement, LineRef};
use crate::query::target::target_of;
use crate::query::{AgentQuery, Robots, Verdict};
use crate::syntax::{Collect, ParseOptions};
use crate::variant::Profile;

/// One robots.txt body read by several variants.
#[derive(Debug)]
pub struct Comparer {
    robots: Vec<Robots>,
}

impl Comparer {
    /// Parses `input` (leniently, collecting only what limits cut) once per reading: each a
    /// [`Variant`](crate::Variant) or a composed [`Profile`]. Duplicates are dropped.
    pub fn new<P: Into<Profile>>(input: &[u8], variants: impl IntoIterator<Item = P>) -> Comparer {
        let options = ParseOptions::default().with_collect(Collect::Limits);
        let mut seen: Vec<Profile> = Vec::new();
        for variant in variants.into_iter().map(Into::into) {
            if !seen.contains(&variant) {
                seen.push(variant);
            }
        }
        Comparer {
            robots: seen
                .into_iter()
                .map(|variant| {
                    Robots::parse_with(input, variant, &options)
                        .unwrap_or_else(|_| Robots::parse(b"", variant))
                })
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
        self.compare_with(url, |robots| robots.check(agent, url))
    }

    /// Like [`Comparer::compare`] for a crawler known by several tokens, most specific first.
    pub fn compare_query(&self, agents: &AgentQuery, url: &str) -> Comparison {
        self.compare_with(url, |robots| robots.check_query(agents, url))
    }

    fn compare_with<'s>(
        &'s self,
        url: &str,
        ask: impl Fn(&'s Robots) -> Verdict<'s>,
    ) -> Comparison {
        let sides: Vec<Side<'_>> = self
            .robots
            .iter()
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
                    evidence: evidence
                        .map(|line| LineRef::of_either(left.robots, right.robots, line)),
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
}

/// One variant's reading and verdict, as the classifier sees it.
pub(super) struct Side<'r> {
    pub(super) robots: &'r Robots,
    pub(super) profile: &'r Profile,
    pub(super) verdict: Verdict<'r>,
}

/// A line that went into a verdict: a `user-agent` line of a group used, or the deciding rule.
pub(super) struct Involved<'r> {
    pub(super) line: u32,
    pub(super) key: &'r [u8],
    pub(super) text: &'r [u8],
}

impl<'r> Side<'r> {
    pub(super) fn rule_line(&self) -> Option<u32> {
        self.verdict.rule().map(|rule| rule.line())
    }

    fn answer(&self) -> Answer {
        Answer {
            variant: *self.profile,
            allowed: self.verdict.allowed(),
            decision: self.verdict.decision(),
            rule: self.rule_line().map(|line| LineRef::of(self.robots, line)),
            groups: self
                .verdict
                .applicable()
                .groups()
                .map(|g| g.line())
                .collect(),
        }
    }

    /// The lines that went into the verdict: the deciding rule, then the `user-agent` lines of
    /// the groups used.
    pub(super) fn involved_lines(&self) -> impl Iterator<Item = Involved<'r>> + 'r {
        let agent_lines = self.verdict.applicable().groups().flat_map(|group| {
            group.agents().map(|agent| Involved {
                line: agent.line(),
                key: agent.key(),
                text: agent.text(),
            })
        });
        let rule = self.verdict.rule().map(|rule| Involved {
            line: rule.line(),
            key: rule.key(),
            text: rule.text(),
        });
        rule.into_iter().chain(agent_lines)
    }

    /// Lines of every rule in the groups used.
    pub(super) fn rule_lines(&self) -> Vec<u32> {
        self.verdict
            .applicable()
            .groups()
            .flat_map(|group| group.rules())
            .map(|rule| rule.line())
            .collect()
    }

    /// The deciding rule's value as the variant read it.
    pub(super) fn rule_value(&self) -> Option<&'r [u8]> {
        self.verdict.rule().map(|rule| rule.value())
    }
}
