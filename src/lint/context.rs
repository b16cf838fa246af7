//! What every check reads: the file, its lines, and each reading's parse of it (diagnostics
//! and model from one pass).

use super::position::LineIndex;
use crate::query::Robots;
use crate::variant::Profile;

/// `a`, `a and b`, `a, b and c`: readings named in a message.
pub(crate) fn listed(names: &[String]) -> String {
    match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// One reading of the file.
pub(crate) struct Reading {
    /// Its position in the options' list (how findings name it).
    pub(crate) number: usize,
    pub(crate) profile: Profile,
    pub(crate) robots: Robots,
}

/// What every check reads.
pub(crate) struct Context<'a> {
    pub(crate) input: &'a [u8],
    pub(crate) lines: LineIndex<'a>,
    pub(crate) readings: Vec<Reading>,
}
