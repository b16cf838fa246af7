//! The profiles' keys: how each reading classifies a key, and the memo that reads them fast.

use super::named::Variant;
use super::profile::*;
use crate::vocab::extension::Extension;

#[test]
fn exact_keys_ignore_case_only() {
    let p = Variant::Rfc9309.profile();
    assert_eq!(p.classify_key(b"USER-AGENT").0, Directive::UserAgent);
    assert_eq!(p.classify_key(b"Disallowed").0, Directive::Other);
    assert_eq!(p.classify_key(b"dissallow").0, Directive::Other);
}

#[test]
fn google_keys_match_by_prefix_and_typo() {
    let p = Variant::Google.profile();
    assert_eq!(
        p.classify_key(b"Disallowed"),
        (Directive::Disallow, Spelling::Prefix)
    );
    assert_eq!(
        p.classify_key(b"disallaw"),
        (Directive::Disallow, Spelling::Typo)
    );
    assert_eq!(
        p.classify_key(b"User Agent"),
        (Directive::UserAgent, Spelling::Typo)
    );
    assert_eq!(
        p.classify_key(b"site-map"),
        (Directive::Sitemap, Spelling::Typo)
    );
    assert_eq!(p.classify_key(b"alow").0, Directive::Other);
    assert_eq!(p.classify_key(b"user_agent").0, Directive::Other);
}

/// `classify_key` tells keys apart by their first byte, lower-cased: every name and
/// misspelling must be lower case and not empty, and a directive's misspellings must start
/// as its name does.
#[test]
fn key_names_are_lower_case() {
    for variant in Variant::ALL {
        for spelling in variant.profile().keys {
            for name in std::iter::once(&spelling.name).chain(spelling.typos) {
                assert!(!name.text.is_empty(), "{variant}");
                assert_eq!(name.text.to_ascii_lowercase(), name.text, "{variant}");
                assert_eq!(name.first(), spelling.name.first(), "{}", name.text);
            }
        }
    }
}

/// Every spelling in a profile's extension list is an extension record exactly where it
/// names no directive: wherever a new record is added to the list, each reading that does
/// not have it as a directive knows it.
#[test]
fn extension_records_are_the_keys_that_name_no_directive() {
    for variant in Variant::ALL {
        let p = variant.profile();
        for known in p.extensions {
            for name in known.names {
                let expected = (p.classify_key(name.as_bytes()).0 == Directive::Other)
                    .then_some(known.extension);
                assert_eq!(p.extension(name.as_bytes()), expected, "{variant} {name}");
            }
        }
    }
    let sitemap = |variant: Variant| variant.profile().extension(b"Sitemap");
    assert_eq!(sitemap(Variant::Draft1996), Some(Extension::Sitemap));
    assert_eq!(sitemap(Variant::Convention1994), Some(Extension::Sitemap));
    assert_eq!(sitemap(Variant::Rfc9309), None);
    assert_eq!(sitemap(Variant::RepDraft2019), None);
    let delay = |variant: Variant| variant.profile().extension(b"crawl-delay");
    assert!(Variant::ALL
        .iter()
        .all(|&v| delay(v) == Some(Extension::CrawlDelay)));
}

/// Keys compared sixteen bytes at a time agree with comparing them byte by byte, for every
/// byte value around the letters and keys longer than sixteen bytes.
#[test]
fn keys_compare_as_bytes_ignoring_case() {
    let by_bytes = |key: &[u8], p: &Profile| -> (Directive, Spelling) {
        for spelling in p.keys {
            let name = spelling.name.text.as_bytes();
            let starts = |n: &[u8]| {
                key.get(..n.len())
                    .is_some_and(|h| h.eq_ignore_ascii_case(n))
            };
            let found = match p.key_matching {
                KeyMatching::Exact => key.eq_ignore_ascii_case(name).then_some(Spelling::Exact),
                KeyMatching::PrefixWithTypos if key.eq_ignore_ascii_case(name) => {
                    Some(Spelling::Exact)
                }
                KeyMatching::PrefixWithTypos if starts(name) => Some(Spelling::Prefix),
                KeyMatching::PrefixWithTypos => spelling
                    .typos
                    .iter()
                    .any(|t| starts(t.text.as_bytes()))
                    .then_some(Spelling::Typo),
            };
            if let Some(found) = found {
                return (spelling.directive, found);
            }
        }
        (Directive::Other, Spelling::Exact)
    };
    let keys = keys_around_names();
    for variant in Variant::ALL {
        let p = variant.profile();
        for key in &keys {
            assert_eq!(p.classify_key(key), by_bytes(key, p), "{variant} {key:?}");
        }
    }
}

/// Every name and misspelling of Google's keys in upper and lower case, longer than sixteen
/// bytes, one byte short and with each byte replaced by every byte value; and the empty key.
fn keys_around_names() -> Vec<Vec<u8>> {
    let mut keys: Vec<Vec<u8>> = Vec::new();
    for spelling in Variant::Google.profile().keys {
        for name in std::iter::once(&spelling.name).chain(spelling.typos) {
            let name = name.text.as_bytes();
            keys.push(name.to_ascii_uppercase());
            keys.push(name.to_vec());
            keys.push([name, b"-and-more-than-sixteen-bytes"].concat());
            keys.push(name.get(..name.len() - 1).unwrap().to_vec());
            for at in 0..name.len() {
                for byte in 0..=255u8 {
                    let mut changed = name.to_vec();
                    changed[at] = byte;
                    keys.push(changed);
                }
            }
        }
    }
    keys.push(Vec::new());
    keys
}

/// A reader's key memo gives what the profile's lists give, whatever keys came before: the
/// keys read one after another in two orders, with sixteen bytes after them and at the end
/// of the text, extension names in mixed case among them, and two keys that differ only in
/// their length.
#[test]
fn key_memo_reads_keys_as_the_profile_does() {
    let mut keys = keys_around_names();
    for name in [
        "Crawl-delay",
        "HOST",
        "noindex",
        "Clean-param",
        "content-signal",
    ] {
        keys.push(name.as_bytes().to_vec());
        keys.push(name.as_bytes().to_ascii_lowercase());
    }
    // Keys whose lengths share a slot and whose packed bytes are the same.
    keys.push(b"disallow\0\0\0\0\0\0\0\0".to_vec());
    keys.push(b"disallow".to_vec());
    let reversed: Vec<_> = keys.iter().rev().cloned().collect();
    for variant in Variant::ALL {
        let p = variant.profile();
        let mut memo = KeyMemo::default();
        for key in keys.iter().chain(&reversed) {
            let (directive, spelling) = p.classify_key(key);
            let extension = (directive == Directive::Other)
                .then(|| p.extension(key))
                .flatten();
            let expected = KeyClass {
                directive,
                spelling,
                extension,
            };
            let followed = [key.as_slice(), b": and sixteen bytes after"].concat();
            for text in [&followed[..], key] {
                let read = p.read_key_in(&mut memo, text, 0..key.len());
                assert_eq!(read, expected, "{variant} {key:?}");
            }
        }
    }
}

#[test]
fn names_round_trip() {
    for v in Variant::ALL {
        assert_eq!(v.name().parse::<Variant>(), Ok(*v));
    }
    assert!("nope".parse::<Variant>().is_err());
}

/// Two readings are equal exactly when their names are: the same variant, every setting's
/// value written alike.
#[test]
fn readings_are_equal_when_their_names_are() {
    let mut readings: Vec<Profile> = Vec::new();
    for variant in Variant::ALL {
        let base = variant.profile();
        readings.push(*base);
        for setting in Profile::settings() {
            for (value, _) in setting.choices() {
                readings.extend(base.with(setting.name(), &value));
            }
        }
        readings.extend(base.with("max-line-bytes", "100"));
    }
    assert!(readings.len() > 100, "{}", readings.len());
    for a in &readings {
        for b in &readings {
            assert_eq!(a == b, a.name() == b.name(), "{} {}", a.name(), b.name());
        }
    }
}
