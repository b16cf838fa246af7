//! A group selection's Content-Usage rules, read once and compiled into one matcher, as the
//! selection's Allow/Disallow rules are: built on the first usage query for the selection and
//! kept beside its compiled Allow/Disallow rules (`Compiled::usage`), so that `Robots::usage`
//! reads no record and compiles nothing again. The values come typed from the model, which
//! read them when it was built.

use std::borrow::Cow;

use crate::model::{Extension, Model, Preferences, Record, Scope};
use crate::pattern::{normalise, RuleMatcher};
use crate::variant::Profile;
use crate::vocab::pattern::{MatcherLimits, Precedence, RuleKind};

/// The Content-Usage rules of one group selection, read once and their paths compiled into
/// one matcher, as the selection's Allow/Disallow rules are: built on the first usage query for
/// the selection and kept.
#[derive(Debug)]
pub(super) struct UsageRules {
    /// The rules, in file order.
    rules: Box<[UsageRule]>,
    /// The rules with a path: the matcher's pattern `i` is rule `with_path[i].0`, of length
    /// `with_path[i].1` (after the variant's normalisation).
    with_path: Box<[(usize, usize)]>,
    matcher: RuleMatcher,
}

/// One Content-Usage rule as its reading left it.
#[derive(Debug)]
struct UsageRule {
    /// Its index in the model's records.
    record: usize,
    has_path: bool,
    preferences: Option<Preferences>,
}

impl UsageRules {
    /// The Content-Usage rules of the groups `groups` (indices, file order) of `model`, read
    /// by `profile`, their paths compiled within `limits`.
    pub(super) fn of(
        model: &Model,
        profile: &Profile,
        limits: &MatcherLimits,
        groups: &[u32],
    ) -> UsageRules {
        let mut rules = Vec::new();
        let mut paths: Vec<(usize, Cow<'_, [u8]>)> = Vec::new();
        // Records are in file order and each group's lie within it, so filtering the file's
        // records by group gives the selection's, group by group, as `Applicable::records`.
        let inside = |r: &Record<'_>| {
            let group = r.group.and_then(|g| u32::try_from(g).ok());
            group.is_some_and(|g| groups.binary_search(&g).is_ok())
                && r.scope() != Some(Scope::File)
        };
        for (index, record) in model.records().enumerate() {
            if record.extension != Some(Extension::ContentUsage) || !inside(&record) {
                continue;
            }
            let rule = record.content_usage();
            let path = rule.and_then(|rule| rule.path.as_deref());
            let preferences = rule.and_then(|rule| rule.preferences.as_ref());
            if let Some(path) = path {
                paths.push((rules.len(), normalise(path, profile.pattern_encoding)));
            }
            rules.push(UsageRule {
                record: index,
                has_path: path.is_some(),
                preferences: preferences.cloned(),
            });
        }
        let patterns: Vec<(RuleKind, &[u8])> = paths
            .iter()
            .map(|(_, pattern)| (RuleKind::Allow, pattern.as_ref()))
            .collect();
        let matcher = RuleMatcher::compile(
            &patterns,
            profile.pattern_syntax,
            Precedence::LongestMatch,
            limits,
        );
        UsageRules {
            rules: rules.into_boxed_slice(),
            with_path: paths.iter().map(|(i, p)| (*i, p.len())).collect(),
            matcher,
        }
    }

    /// The model's index of rule `i`'s record.
    pub(super) fn record(&self, i: usize) -> Option<usize> {
        self.rules.get(i).map(|rule| rule.record)
    }

    /// Rule `i`'s preferences, when its statement is a Dictionary.
    pub(super) fn preferences(&self, i: usize) -> Option<&Preferences> {
        self.rules.get(i).and_then(|rule| rule.preferences.as_ref())
    }

    /// Indices of the rules that decide for the prepared target `target`: the matching ones
    /// with the longest pattern, else those without a path; in file order.
    pub(super) fn deciding(&self, target: &[u8]) -> Vec<usize> {
        let matching = self.matcher.matching(target);
        let matched = matching.iter().filter_map(|&i| self.with_path.get(i));
        let longest = matched.clone().map(|&(_, len)| len).max();
        let mut deciding: Vec<usize> = match longest {
            Some(longest) => matched
                .filter(|&&(_, len)| len == longest)
                .map(|&(rule, _)| rule)
                .collect(),
            None => (self.rules.iter().enumerate())
                .filter(|(_, rule)| !rule.has_path)
                .map(|(i, _)| i)
                .collect(),
        };
        deciding.sort_unstable();
        deciding
    }
}
