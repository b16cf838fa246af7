//! The records people write beside the rules: known extensions (who honours each, their values
//! checked against their sources), RSL 1.0's `License`, the lines that point at a file for LLMs
//! (`LLMs-txt`, `LLM-Policy`, …), Sitemaps, and records written where they do not apply.
//!
//! `License` and the LLM pointers are keys no variant knows: each reading reports them as
//! unknown, and the linter says instead what they are and who reads them (`is_linted`).
//!
//! Sources: Cloudflare's Content Signals Policy (keys `search`, `ai-input`, `ai-train` with
//! `yes`/`no`, and `use`), draft-ietf-aipref-attach-05 and draft-ietf-aipref-vocab-08 (labels
//! `train-ai`, `ai-use`, `search`; the labels of earlier revisions), RSL 1.0's robots.txt guide
//! (`License: [absoluteURL]`, "not tied to any specific user agent"), docs/spec/EXTENSIONS.md.

use super::code::LintCode;
use super::context::{Context, Reading};
use super::finding::Collector;
use crate::model::Record;
use crate::query::Robots;
use crate::vocab::extension::{Extension, ExtensionValue};

pub(super) fn check(context: &Context<'_>, found: &mut Collector) {
    for reading in &context.readings {
        for record in reading.robots.records() {
            if is_license_key(record.key) {
                license(context, reading, &record, found);
            } else if let Some(pointer) = llms_pointer(record.key) {
                llms_record(reading, &record, pointer, found);
            } else if let Some(extension) = record.extension {
                extension_record(context, reading, &record, extension, found);
            }
        }
        for sitemap in reading.robots.sitemaps() {
            sitemap_url(context, reading, sitemap.line, sitemap.url, found);
        }
    }
}

fn is_license_key(key: &[u8]) -> bool {
    key.eq_ignore_ascii_case(b"license")
}

/// Whether line `line` holds a record no variant knows that the linter reports itself (an RSL
/// `License`, an LLM pointer) in `robots`.
pub(super) fn is_linted(robots: &Robots, line: u32) -> bool {
    robots
        .records()
        .any(|r| r.line == line && (is_license_key(r.key) || llms_pointer(r.key).is_some()))
}

/// A non-standard line that points at a file for LLMs, as sites write it: its key, the file,
/// and who writes or reads it (docs/extensions.md, "Lines that point at a file for LLMs").
struct LlmsPointer {
    /// The key, lower case (compared ignoring ASCII case).
    key: &'static str,
    /// What the value points at.
    file: &'static str,
    /// Where the line comes from and who reads it.
    provenance: &'static str,
}

/// The LLM pointers: none is in a robots.txt specification.
const LLMS_POINTERS: &[LlmsPointer] = &[
    LlmsPointer {
        key: "llms-txt",
        file: "an llms.txt file",
        provenance: DATUM,
    },
    LlmsPointer {
        key: "llms-full-txt",
        file: "an llms-full.txt file",
        provenance: DATUM,
    },
    LlmsPointer {
        key: "llms",
        file: "an llms.txt file",
        provenance: APTOS,
    },
    LlmsPointer {
        key: "llms-full",
        file: "an llms-full.txt file",
        provenance: APTOS,
    },
    LlmsPointer {
        key: "llm-policy",
        file: "an llms.txt file or a similar policy document",
        provenance: "crawler-commons reads it, when its LLM_POLICY extension is turned on, as a \
                     directive for the whole file (crawler-commons#569, 1.7-SNAPSHOT); other \
                     parsers ignore it",
    },
];

const DATUM: &str = "written by sites as a discovery hint after the pattern of `Sitemap:` \
                     (datum-cloud/datum.net#1208); no robots.txt parser reads it, and llms.txt \
                     readers look for the file at its well-known path";
const APTOS: &str = "written by sites, and flagged by validators as not robots.txt \
                     (aptos-labs/explorer#1445 commented the lines out); no robots.txt parser \
                     reads it, and llms.txt readers look for the file at its well-known path";

/// The LLM pointer `key` names, if any.
fn llms_pointer(key: &[u8]) -> Option<&'static LlmsPointer> {
    LLMS_POINTERS
        .iter()
        .find(|p| key.eq_ignore_ascii_case(p.key.as_bytes()))
}

fn llms_record(
    reading: &Reading,
    record: &Record<'_>,
    pointer: &LlmsPointer,
    found: &mut Collector,
) {
    let message = format!(
        "`{}`: a non-standard record pointing at {}, not a robots.txt directive: {}",
        String::from_utf8_lossy(record.key),
        pointer.file,
        pointer.provenance
    );
    found.add(
        LintCode::LlmsRecord,
        Some((record.line, 1)),
        &[reading.number],
        message,
        None,
    );
}

fn at_value(context: &Context<'_>, line: u32, value: &[u8]) -> Option<(u32, u32)> {
    Some((line, context.lines.value_column(line, value)))
}

fn license(context: &Context<'_>, reading: &Reading, record: &Record<'_>, found: &mut Collector) {
    let at = Some((record.line, 1));
    let message = "RSL 1.0 `License`: the licence of the whole site, whatever group it is in; \
                   RSL-aware crawlers fetch it before using the content, robots.txt parsers \
                   (Google's, RFC 9309's) ignore the line";
    found.add(
        LintCode::RslLicense,
        at,
        &[reading.number],
        message.to_owned(),
        None,
    );
    if !is_absolute_url(record.value) {
        let message = format!(
            "`{}` is not an absolute URL: RSL requires the licence's fully qualified URL \
             (scheme and host)",
            String::from_utf8_lossy(record.value)
        );
        let at = at_value(context, record.line, record.value);
        found.add(
            LintCode::LicenseNotAbsolute,
            at,
            &[reading.number],
            message,
            None,
        );
    }
    if record.group.is_some() {
        let message = "a `License` inside a group: RSL applies it to the whole file, but a reader \
                       that scopes records to groups gives it only to this group's crawlers";
        let fix = "move the `License` line before the first `User-agent` line";
        found.add(
            LintCode::LicenseInGroup,
            at,
            &[reading.number],
            message.to_owned(),
            Some(fix.to_owned()),
        );
    }
}

fn sitemap_url(
    context: &Context<'_>,
    reading: &Reading,
    line: u32,
    url: &[u8],
    found: &mut Collector,
) {
    if url.is_empty() || is_absolute_url(url) {
        return;
    }
    let message = format!(
        "the sitemap `{}` is not an absolute URL: Google and Bing ignore it (a sitemap URL must \
         be fully qualified)",
        String::from_utf8_lossy(url)
    );
    let fix = "write the full URL, e.g. `Sitemap: https://example.com/sitemap.xml`";
    let at = at_value(context, line, url);
    found.add(
        LintCode::SitemapNotAbsolute,
        at,
        &[reading.number],
        message,
        Some(fix.to_owned()),
    );
}

/// An `http:` or `https:` URL with a host.
fn is_absolute_url(value: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(value) else {
        return false;
    };
    url::Url::parse(text.trim())
        .is_ok_and(|u| matches!(u.scheme(), "http" | "https") && u.host().is_some())
}

fn extension_record(
    context: &Context<'_>,
    reading: &Reading,
    record: &Record<'_>,
    extension: Extension,
    found: &mut Collector,
) {
    let at = Some((record.line, 1));
    let number = &[reading.number];
    let (code, who) = match extension {
        Extension::Noindex | Extension::Noarchive | Extension::Nofollow => {
            let message = format!(
                "`{}` in robots.txt is honoured by no crawler: Google stopped reading it on 1 \
                 September 2019",
                String::from_utf8_lossy(record.key)
            );
            let fix = "use a `<meta name=\"robots\" content=\"noindex\">` tag or an \
                       `X-Robots-Tag: noindex` header on the pages";
            found.add(LintCode::NoindexIgnored, at, number, message, Some(fix.to_owned()));
            return;
        }
        Extension::Sitemap => {
            sitemap_url(context, reading, record.line, record.value, found);
            return;
        }
        Extension::CrawlDelay => (LintCode::ExtensionRecord, "Crawl-delay: honoured by Bing and crawlers built on crawler-commons; Google ignores it"),
        Extension::RequestRate => (LintCode::ExtensionRecord, "Request-rate: honoured by Seznam; other crawlers ignore it"),
        Extension::Host | Extension::Domain => (LintCode::ExtensionRecord, "Host: Yandex's preferred mirror, no longer read; other crawlers ignore it"),
        Extension::CleanParam => (LintCode::ExtensionRecord, "Clean-param: honoured by Yandex; other crawlers ignore it"),
        Extension::VisitTime | Extension::RevisitAfter => (LintCode::ExtensionRecord, "no major crawler reads this record"),
        Extension::ContentSignal => (LintCode::ExtensionRecord, "Content-Signal (Cloudflare's Content Signals Policy): a preference for what the content may be used for, not a crawl rule; Google's parser recognises and ignores it"),
        Extension::ContentUsage => (LintCode::ExtensionRecord, "Content-Usage (IETF AI preferences, draft-ietf-aipref-attach-05): usage preferences for the paths of this group's crawlers; Google's parser recognises and ignores it"),
    };
    found.add(code, at, number, who.to_owned(), None);
    match (extension, record.typed()) {
        (Extension::ContentSignal, Some(Ok(ExtensionValue::ContentSignal(signal)))) => {
            for (key, value) in signal.iter() {
                content_signal(context, reading, record, key, value, found);
            }
            if record.group.is_none() {
                let message = "a Content-Signal outside every group: Cloudflare writes it inside \
                               `User-Agent: *`; readers that scope it to groups give it to no \
                               crawler, crawler-commons to every crawler";
                let fix = "move it into the `User-agent: *` group";
                found.add(
                    LintCode::ContentSignalOutsideGroup,
                    at,
                    number,
                    message.to_owned(),
                    Some(fix.to_owned()),
                );
            }
        }
        (Extension::ContentUsage, Some(Ok(ExtensionValue::ContentUsage(rule)))) => {
            content_usage(context, reading, record, &rule.statement, found);
        }
        _ => {}
    }
}

fn content_signal(
    context: &Context<'_>,
    reading: &Reading,
    record: &Record<'_>,
    key: &str,
    value: &str,
    found: &mut Collector,
) {
    let values: &[&str] = match key {
        "search" | "ai-input" | "ai-train" => &["yes", "no"],
        "use" => &["immediate", "reference", "full"],
        _ => {
            let message = format!(
                "`{key}` is not a content signal: Cloudflare's policy defines `search`, \
                 `ai-input`, `ai-train` (and `use`); readers ignore it"
            );
            let at = at_value(context, record.line, key.as_bytes());
            found.add(
                LintCode::ContentSignalKey,
                at,
                &[reading.number],
                message,
                None,
            );
            return;
        }
    };
    if !values.contains(&value) {
        let message = format!(
            "`{key}={value}`: Cloudflare's policy defines {} for `{key}`; a reader cannot tell \
             what `{value}` grants",
            values.join(" or ")
        );
        let written = format!("{key}={value}");
        let at = at_value(context, record.line, written.as_bytes());
        found.add(
            LintCode::ContentSignalValue,
            at,
            &[reading.number],
            message,
            None,
        );
    }
}

/// The current revision of the AI-preference vocabulary, whose labels count.
const VOCAB_DRAFT: &str = "draft-ietf-aipref-vocab-08";

/// The labels of [`VOCAB_DRAFT`] (docs/extensions.md says where they were read). `ai-use`,
/// dropped after -02, is current again.
const VOCAB_LABELS: &[&str] = &["train-ai", "ai-use", "search"];

/// Labels of earlier numbered revisions that the current one does not have, each with the last
/// revision that had it (the label tables of the tags `draft-ietf-aipref-vocab-01` … `-07`).
const OLD_LABELS: &[(&str, &str)] = &[
    ("tdm", "-01"),
    ("ai", "-01"),
    ("genai", "-01"),
    ("inference", "-01"),
    ("all", "-02"),
    ("train-genai", "-03"),
    ("bots", "-04"),
    ("ai-output", "-04"),
];

/// What the finding on `label`, not one of [`VOCAB_LABELS`], says: the last numbered revision
/// that had it, or that none ever did (an unknown label).
fn label_message(label: &str) -> String {
    let current = VOCAB_LABELS.join("`, `");
    match OLD_LABELS.iter().find(|(old, _)| *old == label) {
        Some((_, last)) => format!(
            "`{label}` is not a label of {VOCAB_DRAFT} (`{current}`): it was dropped after \
             draft-ietf-aipref-vocab{last}, the last numbered revision that had it; crawlers \
             following the current draft ignore it"
        ),
        None => format!(
            "`{label}` is an unknown label: no numbered revision of draft-ietf-aipref-vocab has \
             had it ({VOCAB_DRAFT} has `{current}`); readers ignore unknown labels (vocab-07 \
             §6.4)"
        ),
    }
}

fn content_usage(
    context: &Context<'_>,
    reading: &Reading,
    record: &Record<'_>,
    statement: &[u8],
    found: &mut Collector,
) {
    let Ok(dictionary) = sfv::Parser::new(statement).parse_dictionary::<sfv::Dictionary>() else {
        return;
    };
    for (label, entry) in dictionary.iter() {
        let label = label.as_str();
        let at = at_value(context, record.line, label.as_bytes());
        if !VOCAB_LABELS.contains(&label) {
            let message = label_message(label);
            found.add(
                LintCode::ContentUsageLabel,
                at,
                &[reading.number],
                message,
                None,
            );
            continue;
        }
        let token = match entry {
            sfv::ListEntry::Item(item) => item.bare_item.as_token().map(|t| t.as_str()),
            sfv::ListEntry::InnerList(_) => None,
        };
        if !matches!(token, Some("y" | "n")) {
            let message = format!(
                "the preference for `{label}` is not the Token `y` or `n`: it is unknown \
                 (vocab-07 §6.5)"
            );
            found.add(
                LintCode::ContentUsageValue,
                at,
                &[reading.number],
                message,
                None,
            );
        }
    }
}
