//! One variant's reading and verdict, as the classifier sees it: what the comparer hands to
//! `classify`, kept apart from both so that neither imports the other.

use super::comparison::{Answer, LineRef};
use crate::query::{Robots, Verdict};
use crate::variant::Profile;

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

    pub(super) fn answer(&self) -> Answer {
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
