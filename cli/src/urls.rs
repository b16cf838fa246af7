//! URLs on the command line, checked when the arguments are read, with the likely fix in the
//! message.
//!
//! A page (`check`, `explain`, `diff`, `fetch --check`) is a path starting with `/` or an
//! absolute URL. Anything else is refused rather than guessed at: the library would read
//! `example.com/a` as host and path (target `/a`) but `private/a` the same way (target `/a`,
//! not `/private/a`), so a forgotten `/` or `https://` silently checked another target. A site
//! (`fetch URL`) must be an absolute URL with a host.

use url::{ParseError, Url};

/// The value parser of a page URL or path.
pub fn page(arg: &str) -> Result<String, String> {
    if arg.starts_with('/') {
        return Ok(arg.to_owned());
    }
    match Url::parse(arg) {
        // `localhost:8000/a` parses, as a URL of the scheme `localhost`.
        Ok(url) if url.host().is_some() || site_guess(arg).is_none() => Ok(arg.to_owned()),
        Ok(_) | Err(ParseError::RelativeUrlWithoutBase) => {
            let path = format!("/{arg}");
            let fix = match site_guess(arg) {
                Some(url) => format!("{url} or {path}"),
                None => path,
            };
            Err(format!("not a URL or path: {arg:?} (did you mean {fix} ?)"))
        }
        Err(e) => Err(format!("not a URL: {arg:?}: {e}")),
    }
}

/// The value parser of the URL whose site's robots.txt `fetch` fetches: an absolute URL with a
/// host. Whether the variant defines robots.txt for its scheme is `fetch`'s to say.
pub fn site(arg: &str) -> Result<String, String> {
    let error = match Url::parse(arg) {
        Ok(url) if url.host_str().is_some_and(|host| !host.is_empty()) => return Ok(arg.to_owned()),
        Ok(_) => format!("{arg:?} has no host, so no robots.txt governs it"),
        Err(ParseError::RelativeUrlWithoutBase) => {
            format!("not a URL: {arg:?} (expected an absolute URL such as https://example.com/)")
        }
        Err(e) => return Err(format!("not a URL: {arg:?}: {e}")),
    };
    let robots = site_guess(arg)
        .and_then(|url| Url::parse(&url).ok())
        .and_then(|url| url.join("/robots.txt").ok());
    Err(match robots {
        Some(robots) => format!("not a URL: {arg:?} (did you mean {robots} ?)"),
        None => error,
    })
}

/// `https://ARG` when `arg` starts with what looks like a host name and maybe a port
/// (`example.com`, `localhost:8000`): a URL whose scheme was left out.
fn site_guess(arg: &str) -> Option<String> {
    let authority = arg.split(['/', '?', '#']).next().unwrap_or_default();
    let (name, port) = authority.rsplit_once(':').unwrap_or((authority, "80"));
    let name_ok = name
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_'))
        && !name.starts_with('.')
        && (name.contains('.') || name.eq_ignore_ascii_case("localhost"));
    let port_ok = !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit());
    (name_ok && port_ok).then(|| format!("https://{arg}"))
}
