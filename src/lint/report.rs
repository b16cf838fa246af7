//! Google's per-line report (`crate::report`), as Search Console shows it: the lines Google
//! accepts with a typo or without a colon, the lines it cuts, and the lines it does not
//! understand. Reported when `google` is one of the readings; the records Google recognises but
//! does not use are the extension findings' business.

use super::code::LintCode;
use super::context::Context;
use super::finding::Collector;
use crate::report::{GoogleReport, Tag};
use crate::variant::{Profile, Variant};

pub(super) fn check(context: &Context<'_>, found: &mut Collector) {
    let google = Profile::from(Variant::Google);
    let Some(reading) = context.readings.iter().find(|r| r.profile == google) else {
        return;
    };
    let report = GoogleReport::new(context.input);
    for line in &report.lines {
        let text = context.lines.text(line.line).unwrap_or_default();
        let key = text
            .split(|&b| b == b':' || b == b' ' || b == b'\t')
            .find(|k| !k.is_empty());
        let key = String::from_utf8_lossy(key.unwrap_or_default());
        let understood = line.tag != Tag::Unknown;
        let what = if line.is_line_too_long {
            "line longer than 16,663 bytes: Google ignores the rest of it".to_owned()
        } else if !understood && (line.has_directive || !(line.is_empty || line.is_comment)) {
            "syntax not understood: Google ignores this line".to_owned()
        } else if line.is_acceptable_typo {
            format!(
                "accepted typo: Google reads `{key}` as `{}`",
                line.tag.name()
            )
        } else if line.is_missing_colon_separator {
            format!(
                "missing `:` — Google reads the line as `{}` anyway",
                line.tag.name()
            )
        } else {
            continue;
        };
        let message = format!("Google's report (as Search Console shows it): {what}");
        found.add(
            LintCode::GoogleReport,
            Some((line.line, 1)),
            &[reading.number],
            message,
            None,
        );
    }
}
