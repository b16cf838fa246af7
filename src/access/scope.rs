//! Scope: which robots.txt file governs a URL.
//!
//! Deciding which host a file belongs to needs real URL semantics, so this uses the `url`
//! crate: lower-cased hosts, IDN → punycode, default ports (80 for HTTP, 443 for HTTPS, 21 for
//! FTP) being the same as no port (docs/spec/VARIANTS.md §4.2, A47, table E22). The same scope
//! function serves every variant; variants differ only in which schemes they accept, which is
//! the caller's decision. (The part of a URL the rules are matched against is the other
//! question, answered without a URL parser: see [`crate::Robots::check`].)

use serde::Serialize;
use std::error::Error;
use std::fmt;
use url::{Host, Url};

/// Why no robots.txt location or origin could be derived from a URL.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TargetError {
    /// The text is not a URL the `url` crate can parse (relative references included).
    Parse {
        /// The text as given.
        input: String,
        /// What the parser objected to.
        reason: url::ParseError,
    },
    /// The URL has no host (e.g. `mailto:`, `data:`, `file:///…`), so no robots.txt governs it.
    NoHost {
        /// The URL as given.
        url: String,
    },
}

impl fmt::Display for TargetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TargetError::Parse { input, reason } => {
                write!(f, "cannot parse {input:?} as a URL: {reason}")
            }
            TargetError::NoHost { url } => {
                write!(f, "{url:?} has no host, so no robots.txt governs it")
            }
        }
    }
}

impl Error for TargetError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            TargetError::Parse { reason, .. } => Some(reason),
            TargetError::NoHost { .. } => None,
        }
    }
}

/// The robots.txt URL governing a page URL: same scheme, host (lower-cased, IDN as punycode)
/// and port (a scheme's default port is dropped), path `/robots.txt`, no user information,
/// query or fragment.
///
/// A robots.txt file only ever lives at the top of its origin: a page under `/folder/` is
/// governed by `/robots.txt`, never by `/folder/robots.txt` (table E22).
///
/// ```
/// use robotspec::access::robots_txt_url;
/// let url = robots_txt_url("HTTPS://user@WWW.Exämple.com:443/folder/page?q#f").unwrap();
/// assert_eq!(url.as_str(), "https://www.xn--exmple-cua.com/robots.txt");
/// ```
///
/// # Errors
///
/// [`TargetError::Parse`] when the text is not an absolute URL, [`TargetError::NoHost`] when it
/// has no host (`mailto:`, `data:`, `file:///…`).
pub fn robots_txt_url(page_url: &str) -> Result<Url, TargetError> {
    let parsed = Url::parse(page_url).map_err(|reason| TargetError::Parse {
        input: page_url.to_owned(),
        reason,
    })?;
    let no_host = || TargetError::NoHost {
        url: page_url.to_owned(),
    };
    let origin = Origin::of(&parsed).map_err(|_| no_host())?;
    let mut robots = parsed;
    // Special schemes (http, https, ftp, …) already have a lower-cased punycode host; an opaque
    // host of another scheme is replaced by the normalised one of its origin.
    if robots.host_str() != Some(origin.host()) {
        robots
            .set_host(Some(origin.host()))
            .map_err(|_| no_host())?;
    }
    robots.set_username("").map_err(|()| no_host())?;
    robots.set_password(None).map_err(|()| no_host())?;
    robots.set_path("/robots.txt");
    robots.set_query(None);
    robots.set_fragment(None);
    Ok(robots)
}

/// The default port of the schemes that have one (the ones the `url` crate knows).
fn default_port(scheme: &str) -> Option<u16> {
    match scheme {
        "http" | "ws" => Some(80),
        "https" | "wss" => Some(443),
        "ftp" => Some(21),
        _ => None,
    }
}

/// The host of a URL in the form used as a scope key: lower-cased, IDN as punycode, IPv6 in
/// brackets.
fn normalised_host(url: &Url) -> Option<String> {
    match url.host()? {
        Host::Domain("") => None,
        // For special schemes the `url` crate has already lower-cased the host and converted it
        // to punycode. A non-special scheme keeps an opaque, percent-encoded host: run it through
        // the same host parser an `http` URL uses, and fall back to ASCII lower-casing when that
        // parser refuses it or reads it as something other than a domain name.
        Host::Domain(domain) if default_port(url.scheme()).is_none() => {
            let reparsed = Url::parse(&format!("http://{domain}/")).ok();
            match reparsed.as_ref().and_then(Url::host) {
                Some(Host::Domain(normal)) => Some(normal.to_owned()),
                _ => Some(domain.to_ascii_lowercase()),
            }
        }
        Host::Domain(domain) => Some(domain.to_owned()),
        Host::Ipv4(address) => Some(address.to_string()),
        Host::Ipv6(address) => Some(format!("[{address}]")),
    }
}

/// The key a robots.txt file is scoped to: scheme, host and effective port (docs/spec/VARIANTS.md A47,
/// table E22).
///
/// Two URLs are governed by the same robots.txt file exactly when their origins are equal:
///
/// * the host is compared lower-cased and with IDNs in punycode, so `www.exämple.com` equals
///   `www.xn--exmple-cua.com`; subdomains are different hosts (`example.com` ≠
///   `www.example.com`);
/// * the port is the effective one, so a scheme's default port equals no port
///   (`https://example.com:443/` ≡ `https://example.com/`), and any other port is separate;
/// * an IP-address host is only itself — never the names that happen to resolve to it;
/// * the scheme counts: `http://example.com/` and `https://example.com/` are different.
///
/// Its [`Display`](fmt::Display) form is `scheme://host[:port]`, with the port shown only when
/// it is not the scheme's default.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Origin {
    scheme: String,
    host: String,
    port: Option<u16>,
}

impl Origin {
    /// The origin of a parsed URL.
    ///
    /// ```
    /// use robotspec::access::Origin;
    /// let a = Origin::of(&url::Url::parse("https://Example.com:443/x").unwrap()).unwrap();
    /// let b = Origin::of(&url::Url::parse("https://example.com/y?z").unwrap()).unwrap();
    /// assert_eq!(a, b);
    /// assert_eq!(a.to_string(), "https://example.com");
    /// assert_eq!(a.port(), Some(443));
    /// ```
    ///
    /// # Errors
    ///
    /// [`TargetError::NoHost`] when the URL has no host or an empty one.
    pub fn of(url: &Url) -> Result<Origin, TargetError> {
        let host = normalised_host(url).ok_or_else(|| TargetError::NoHost {
            url: url.to_string(),
        })?;
        Ok(Origin {
            scheme: url.scheme().to_owned(),
            host,
            port: url.port_or_known_default(),
        })
    }

    /// The scheme, lower-cased (`https`).
    pub fn scheme(&self) -> &str {
        &self.scheme
    }

    /// The host: a lower-cased, punycode domain name, a dotted IPv4 address, or an IPv6 address
    /// in brackets.
    pub fn host(&self) -> &str {
        &self.host
    }

    /// The effective port: the explicit one, else the scheme's default (80 for `http`, 443 for
    /// `https`, 21 for `ftp`, and the `ws`/`wss` defaults). `None` only for a scheme without a
    /// default port when the URL names none.
    pub fn port(&self) -> Option<u16> {
        self.port
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}://{}", self.scheme, self.host)?;
        match self.port {
            Some(port) if Some(port) != default_port(&self.scheme) => write!(f, ":{port}"),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn origin(url: &str) -> Origin {
        Origin::of(&Url::parse(url).unwrap()).unwrap()
    }

    fn robots(url: &str) -> String {
        robots_txt_url(url).unwrap().to_string()
    }

    /// Table E22 of docs/spec/VARIANTS.md: (robots.txt URL, valid for, not valid for). Row 4 uses
    /// `https://www.xn--exmple-cua.com/` as its punycode example (A41: the table's
    /// `https://xn--exmple-cua.com/` is a different host).
    const E22: &[(&str, &[&str], &[&str])] = &[
        (
            "https://example.com/robots.txt",
            &["https://example.com/", "https://example.com/folder/file"],
            &[
                "https://other.example.com/",
                "http://example.com/",
                "https://example.com:8181/",
            ],
        ),
        (
            "https://www.example.com/robots.txt",
            &["https://www.example.com/"],
            &[
                "https://example.com/",
                "https://shop.www.example.com/",
                "https://www.shop.example.com/",
            ],
        ),
        (
            "https://www.exämple.com/robots.txt",
            &[
                "https://www.exämple.com/",
                "https://www.xn--exmple-cua.com/",
            ],
            &["https://www.example.com/", "https://xn--exmple-cua.com/"],
        ),
        (
            "ftp://example.com/robots.txt",
            &["ftp://example.com/"],
            &["https://example.com/"],
        ),
        (
            "https://212.96.82.21/robots.txt",
            &["https://212.96.82.21/"],
            &["https://example.com/"],
        ),
        (
            "https://example.com:443/robots.txt",
            &["https://example.com:443/", "https://example.com/"],
            &["https://example.com:444/"],
        ),
        (
            "https://example.com:8181/robots.txt",
            &["https://example.com:8181/"],
            &["https://example.com/"],
        ),
    ];

    #[test]
    fn e22_scope_table() {
        for (file, valid, invalid) in E22 {
            let file_origin = origin(file);
            for page in *valid {
                assert_eq!(origin(page), file_origin, "{file} should govern {page}");
                // The file is exactly where robots_txt_url looks for it.
                assert_eq!(
                    robots_txt_url(page).unwrap(),
                    robots_txt_url(file).unwrap(),
                    "{page}"
                );
            }
            for page in *invalid {
                assert_ne!(origin(page), file_origin, "{file} must not govern {page}");
            }
        }
    }

    #[test]
    fn e22_subdirectory_file_is_not_a_robots_txt() {
        // Row 3: `https://example.com/folder/robots.txt` governs nothing; pages in /folder/ are
        // governed by the top-level file.
        assert_eq!(
            robots("https://example.com/folder/file"),
            "https://example.com/robots.txt"
        );
        assert_eq!(
            robots("https://example.com/folder/robots.txt"),
            "https://example.com/robots.txt"
        );
    }

    #[test]
    fn robots_txt_url_normalises_the_authority() {
        assert_eq!(
            robots("HTTP://Example.COM:80/a/b?c#d"),
            "http://example.com/robots.txt"
        );
        assert_eq!(
            robots("https://user:pw@example.com:443/"),
            "https://example.com/robots.txt"
        );
        assert_eq!(
            robots("ftp://example.com:21/x"),
            "ftp://example.com/robots.txt"
        );
        assert_eq!(
            robots("http://example.com:8080/x"),
            "http://example.com:8080/robots.txt"
        );
        assert_eq!(
            robots("https://www.exämple.com/"),
            "https://www.xn--exmple-cua.com/robots.txt"
        );
        assert_eq!(
            robots("http://[::1]:8000/a"),
            "http://[::1]:8000/robots.txt"
        );
        assert_eq!(
            robots("http://212.96.82.21/a"),
            "http://212.96.82.21/robots.txt"
        );
        assert_eq!(
            robots("foo://Example.COM:99/a?b"),
            "foo://example.com:99/robots.txt"
        );
    }

    #[test]
    fn robots_txt_url_errors() {
        assert!(matches!(
            robots_txt_url("not a url"),
            Err(TargetError::Parse { .. })
        ));
        assert!(matches!(
            robots_txt_url("/a/b"),
            Err(TargetError::Parse { .. })
        ));
        for no_host in [
            "mailto:someone@example.com",
            "data:text/plain,x",
            "file:///etc/x",
        ] {
            assert_eq!(
                robots_txt_url(no_host),
                Err(TargetError::NoHost {
                    url: no_host.to_owned()
                }),
                "{no_host}"
            );
        }
        let error = robots_txt_url("mailto:x").unwrap_err();
        assert!(error.to_string().contains("has no host"));
        assert!(error.source().is_none());
        let error = robots_txt_url("http://").unwrap_err();
        assert!(error.source().is_some());
        assert!(error.to_string().starts_with("cannot parse"));
    }

    #[test]
    fn origin_fields_and_display() {
        let o = origin("https://Example.com:443/x");
        assert_eq!(
            (o.scheme(), o.host(), o.port()),
            ("https", "example.com", Some(443))
        );
        assert_eq!(o.to_string(), "https://example.com");
        assert_eq!(
            origin("http://example.com:8080/").to_string(),
            "http://example.com:8080"
        );
        assert_eq!(origin("ftp://example.com/").port(), Some(21));
        assert_eq!(origin("http://[::1]/").host(), "[::1]");
        let opaque = origin("foo://Ex%C3%A4mple.com/");
        assert_eq!(opaque.host(), "xn--exmple-cua.com");
        assert_eq!(opaque.port(), None);
        assert_eq!(opaque.to_string(), "foo://xn--exmple-cua.com");
        assert_eq!(
            origin("foo://Exämple.com/"),
            origin("foo://xn--exmple-cua.com/x")
        );
        assert_ne!(origin("foo://example.com/"), origin("foo://example.com:1/"));
    }

    #[test]
    fn origin_without_host() {
        for url in ["mailto:x@example.com", "file:///etc/passwd", "data:,x"] {
            assert!(matches!(
                Origin::of(&Url::parse(url).unwrap()),
                Err(TargetError::NoHost { .. })
            ));
        }
    }

    #[test]
    fn origin_is_a_hash_key() {
        use std::collections::HashSet;
        let set: HashSet<Origin> = [
            "https://example.com/",
            "https://EXAMPLE.com:443/a",
            "https://example.com/b?c",
        ]
        .iter()
        .map(|u| origin(u))
        .collect();
        assert_eq!(set.len(), 1);
    }

    proptest! {
        #[test]
        fn robots_txt_url_is_in_its_own_origin(
            scheme in "(http|https|ftp|foo)",
            host in "[a-zA-Z][a-zA-Z0-9-]{0,8}(\\.[a-zA-Z]{2,4}){0,2}",
            port in proptest::option::of(any::<u16>()),
            path in "(/[a-z0-9?#;=]{0,6}){0,3}",
        ) {
            let port = port.map(|p| format!(":{p}")).unwrap_or_default();
            let page = format!("{scheme}://{host}{port}{path}");
            let page_url = Url::parse(&page).unwrap();
            let robots = robots_txt_url(&page).unwrap();
            prop_assert_eq!(robots.path(), "/robots.txt");
            prop_assert_eq!(robots.query(), None);
            prop_assert_eq!(robots.fragment(), None);
            prop_assert_eq!(Origin::of(&robots).unwrap(), Origin::of(&page_url).unwrap());
            prop_assert_eq!(robots_txt_url(robots.as_str()).unwrap(), robots);
        }

        #[test]
        fn robots_txt_url_never_panics(input in "\\PC{0,40}") {
            let _ = robots_txt_url(&input);
        }
    }
}
