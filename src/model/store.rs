//! What the model keeps: text as ranges of one byte arena, and the small fixed-size entries
//! (agents, rules, groups, records) that point into it. The views (`views.rs`) read these
//! entries and the builder (`builder.rs`) writes them; neither keeps anything else.

use std::ops::Range;

use serde::Serialize;

use crate::variant::Spelling;
use crate::vocab::extension::{Extension, ExtensionValue, ValueError};
use crate::vocab::pattern::RuleKind;

/// Bytes kept in the model's arena: `[start, end)` offsets into it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Text {
    pub(super) start: u32,
    pub(super) end: u32,
}

impl Text {
    /// `len` bytes from `start` within a text starting at `base`.
    pub(super) fn within(self, offset: usize, len: usize) -> Text {
        let start = self.start.saturating_add(to_u32(offset));
        Text {
            start,
            end: start.saturating_add(to_u32(len)).min(self.end),
        }
    }
}

pub(super) fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Where a rule comes from.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RuleOrigin {
    /// Written in the file.
    Written,
    /// Added by Google's `index.htm` rule for the `allow` on the same line: `Allow: /d/index.html`
    /// also allows `/d/` exactly (pattern `/d/$`).
    IndexHtmDirectory,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct StoredAgent {
    pub(super) line: u32,
    /// The line as written, without its line end.
    pub(super) text: Text,
    pub(super) key: Text,
    pub(super) value: Text,
    /// `None` for `*`.
    pub(super) token: Option<Text>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct StoredRule {
    pub(super) line: u32,
    pub(super) kind: RuleKind,
    pub(super) origin: RuleOrigin,
    pub(super) key_spelling: Spelling,
    pub(super) text: Text,
    pub(super) key: Text,
    pub(super) value: Text,
    pub(super) pattern: Text,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct StoredGroup {
    pub(super) agents: Range<u32>,
    pub(super) rules: Range<u32>,
    /// Indices in the model's records from the first record inside the group to the last:
    /// every record the group holds is in it (records outside every group may be too).
    pub(super) records: Range<u32>,
    /// The first blank line after the group's first line that precedes one of its lines.
    pub(super) blank: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct StoredRecord {
    pub(super) line: u32,
    /// The group the record is inside (after its first line, before the next group or the
    /// blank line that ends it), if any.
    pub(super) group: Option<u32>,
    pub(super) key: Text,
    pub(super) value: Text,
    pub(super) extension: Option<Extension>,
    /// The value as its extension read it, for a known extension whose reading is more than
    /// the text (boxed: most records hold none).
    pub(super) typed: Option<Box<Reading>>,
}

/// A record's value as its extension read it when the model was built: nothing reads a value
/// again.
pub(super) type Reading = Result<ExtensionValue<'static>, ValueError>;
