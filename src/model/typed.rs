//! Typed extension values, read once when the model is built.
//!
//! A known extension's value (a Content-Usage rule, a Crawl-delay, …) is read by its extension
//! when the record enters the model, and the reading is kept beside the record: in terms of
//! the value's own bytes where it names a part of them (a Content-Usage path and statement),
//! owned where it holds text of its own (Content-Signal pairs, a Request-rate window).
//! [`Record::typed`](super::Record::typed), serialisation and the usage queries hand that
//! reading out; nothing reads a value again.

use std::time::Duration;

use crate::vocab::extension::{
    self, ContentSignal, ContentUsage, Extension, ExtensionValue, Preferences, RequestRate,
    ValueError,
};

/// A record's value as its extension read it, stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Typed {
    /// The value as written (`Host`, `Clean-param`, …).
    Text,
    /// A Crawl-delay.
    CrawlDelay(Duration),
    /// A Request-rate; the window owned.
    RequestRate {
        requests: u32,
        period: Duration,
        window: Option<Box<str>>,
    },
    /// A Content-Usage rule: the path is the value's first `path_len` bytes, the statement
    /// its bytes from `statement_start` on. A rule whose statement is not a Dictionary still
    /// applies (every preference unknown): its `error` is kept beside it.
    ContentUsage {
        path_len: Option<usize>,
        statement_start: usize,
        preferences: Option<Preferences>,
        error: Option<ValueError>,
    },
    /// Content signals, key and value pairs.
    ContentSignal(Box<[(Box<str>, Box<str>)]>),
    /// The value does not follow the extension's syntax.
    Invalid(ValueError),
}

impl Typed {
    /// Reads `value` as `extension` reads it.
    pub(super) fn read(extension: Extension, value: &[u8]) -> Typed {
        if extension == Extension::ContentUsage {
            let rule = ContentUsage::read(value);
            return Typed::ContentUsage {
                path_len: rule.path.map(<[u8]>::len),
                // The statement is the rest of the value.
                statement_start: value.len().saturating_sub(rule.statement.len()),
                preferences: rule.preferences,
                error: rule.error,
            };
        }
        match extension::read(extension, value) {
            Ok(ExtensionValue::Text(_)) => Typed::Text,
            Ok(ExtensionValue::CrawlDelay(delay)) => Typed::CrawlDelay(delay),
            Ok(ExtensionValue::RequestRate(rate)) => Typed::RequestRate {
                requests: rate.requests,
                period: rate.period,
                window: rate.window.map(Box::from),
            },
            // Read above; `read` gives no other variant for this extension.
            Ok(ExtensionValue::ContentUsage(_)) => Typed::Text,
            Ok(ExtensionValue::ContentSignal(signal)) => Typed::ContentSignal(
                signal
                    .iter()
                    .map(|(key, value)| (Box::from(key), Box::from(value)))
                    .collect(),
            ),
            Err(error) => Typed::Invalid(error),
        }
    }

    /// The reading, borrowing from `value` (the record's value) and from `self`.
    pub(super) fn value<'m>(&'m self, value: &'m [u8]) -> Result<ExtensionValue<'m>, ValueError> {
        Ok(match self {
            Typed::Text => ExtensionValue::Text(value),
            Typed::CrawlDelay(delay) => ExtensionValue::CrawlDelay(*delay),
            Typed::RequestRate {
                requests,
                period,
                window,
            } => ExtensionValue::RequestRate(RequestRate {
                requests: *requests,
                period: *period,
                window: window.as_deref(),
            }),
            Typed::ContentUsage {
                error: Some(error), ..
            } => return Err(error.clone()),
            Typed::ContentUsage {
                path_len,
                statement_start,
                preferences,
                error: None,
            } => ExtensionValue::ContentUsage(ContentUsage {
                path: path_len.and_then(|len| value.get(..len)),
                statement: value.get(*statement_start..).unwrap_or_default(),
                preferences: preferences.clone(),
                error: None,
            }),
            Typed::ContentSignal(pairs) => ExtensionValue::ContentSignal(ContentSignal::of_pairs(
                pairs.iter().map(|(key, value)| (&**key, &**value)),
            )),
            Typed::Invalid(error) => return Err(error.clone()),
        })
    }

    /// A Content-Usage rule's path and preferences, without building the rule.
    pub(super) fn content_usage(&self) -> Option<(Option<usize>, Option<&Preferences>)> {
        match self {
            Typed::ContentUsage {
                path_len,
                preferences,
                ..
            } => Some((*path_len, preferences.as_ref())),
            _ => None,
        }
    }

    /// Heap bytes held.
    pub(super) fn heap_bytes(&self) -> usize {
        match self {
            Typed::RequestRate { window, .. } => window.as_ref().map_or(0, |w| w.len()),
            Typed::ContentSignal(pairs) => pairs
                .iter()
                .map(|(k, v)| k.len() + v.len() + std::mem::size_of::<(Box<str>, Box<str>)>())
                .sum(),
            Typed::Invalid(error) => error.message.capacity(),
            Typed::ContentUsage { error, .. } => error.as_ref().map_or(0, |e| e.message.capacity()),
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What is stored gives back exactly what the extension reads, valid or not.
    #[test]
    fn the_stored_reading_is_the_extensions_reading() {
        let values: &[(Extension, &[u8])] = &[
            (Extension::ContentUsage, b"train-ai=n, search=y"),
            (Extension::ContentUsage, b"/ai-ok/ train-ai=y"),
            (Extension::ContentUsage, b"/only-a-path/"),
            (Extension::ContentUsage, b"/p/ not a dictionary ="),
            (Extension::ContentUsage, b""),
            (Extension::ContentSignal, b"search=yes, ai-train=no"),
            (Extension::ContentSignal, b"search"),
            (Extension::CrawlDelay, b"10"),
            (Extension::CrawlDelay, b"0.5"),
            (Extension::CrawlDelay, b"soon"),
            (Extension::RequestRate, b"1/5s 1800-1900"),
            (Extension::RequestRate, b"1/5"),
            (Extension::RequestRate, b"fast"),
            (Extension::Host, b"example.com"),
            (Extension::CleanParam, b"ref /articles/"),
        ];
        for &(extension, value) in values {
            let stored = Typed::read(extension, value);
            assert_eq!(
                stored.value(value),
                extension::read(extension, value),
                "{extension:?} {:?}",
                String::from_utf8_lossy(value)
            );
        }
    }

    #[test]
    fn a_content_usage_rule_keeps_its_path_and_preferences_even_when_invalid() {
        let valid = Typed::read(Extension::ContentUsage, b"/ai-ok/ train-ai=y");
        let (path, preferences) = valid.content_usage().unwrap_or_default();
        assert_eq!(path, Some(7));
        assert!(preferences.is_some());
        let invalid = Typed::read(Extension::ContentUsage, b"/p/ not a dictionary =");
        assert_eq!(invalid.content_usage().map(|(path, _)| path), Some(Some(3)));
        assert!(invalid.value(b"/p/ not a dictionary =").is_err());
    }
}
