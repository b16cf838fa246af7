//! `POST /api/fetch`: a site's robots.txt fetched live by the library's fetcher
//! (`robotspec::access::fetch`), so that the page can load it into the editor. Off unless the
//! server is started with `--fetch`.
//!
//! A server that fetches what a request names can be made to reach what its caller cannot
//! (server-side request forgery): the cloud metadata address, an admin page on loopback, a
//! printer on the private network. So, unless `--fetch-private` says otherwise, the host must
//! be — and, for a name, every address it resolves to must be — a public unicast address
//! ([`refusal`]), and redirects are not followed: each hop would be a new host to check, and
//! the fetcher follows them itself. A redirect is answered as the fetch saw it (its hop, the
//! state the variant gives more redirects than it follows), so the page can offer its target
//! to fetch in turn. The check here answers with a clear refusal; the fetcher then applies the
//! same rule where it connects (`FetchOptions::with_address_filter`), so a name that resolves
//! to a public address for the check and a private one for the connection (DNS rebinding)
//! is refused all the same.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::time::Duration;

use robotspec::access::fetch::{FetchOptions, Fetched};
use robotspec::access::{robots_txt_url, AccessOptions, FetchOutcome};
use robotspec::Profile;
use serde::{Deserialize, Serialize};
use url::{Host, Url};

use super::error::ApiError;
use super::inspect::read_variant;

/// Whether, and where, the server fetches.
#[derive(Debug, Clone, Copy)]
pub struct FetchPolicy {
    /// `--fetch`: `POST /api/fetch` answers at all.
    pub enabled: bool,
    /// `--fetch-private`: also to loopback, private and other non-public addresses, following
    /// redirects as the variant says.
    pub private: bool,
    /// The longest one request of the fetcher may take.
    pub timeout: Duration,
}

/// The body of `POST /api/fetch`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FetchRequest {
    /// Any URL of the site (`https://example.com/`): its robots.txt is fetched.
    url: String,
    /// The variant whose access policy reads the answer; the CLI's default when absent.
    variant: Option<String>,
}

/// A fetch the policy allows.
pub struct Target {
    url: String,
    variant: Profile,
}

impl FetchRequest {
    /// The request checked against the policy: the URL must have a robots.txt, and its host
    /// must be public (unless the policy allows private addresses).
    pub async fn check(self, policy: &FetchPolicy) -> Result<Target, ApiError> {
        let variant = match self.variant.as_deref() {
            Some(name) => read_variant(name)?,
            None => robotspec::Variant::DEFAULT.into(),
        };
        let robots_url = robots_txt_url(&self.url).map_err(|e| {
            ApiError::bad_request(format!(
                "cannot fetch the robots.txt of {:?}: {e}",
                self.url
            ))
        })?;
        if !policy.private {
            guard(&robots_url).await?;
        }
        Ok(Target {
            url: self.url,
            variant,
        })
    }
}

/// Refuses `url` unless its host is a public address, or a name all of whose addresses are.
async fn guard(url: &Url) -> Result<(), ApiError> {
    let port = url.port_or_known_default().unwrap_or(80);
    let addresses: Vec<IpAddr> = match url.host() {
        Some(Host::Ipv4(ip)) => vec![IpAddr::V4(ip)],
        Some(Host::Ipv6(ip)) => vec![IpAddr::V6(ip)],
        Some(Host::Domain(name)) => tokio::net::lookup_host((name, port))
            .await
            .map_err(|e| ApiError::address_refused(format!("cannot resolve {name}: {e}")))?
            .map(|address| address.ip())
            .collect(),
        None => Vec::new(),
    };
    let host = url.host_str().unwrap_or_default();
    if addresses.is_empty() {
        return Err(ApiError::address_refused(format!("{host} has no address")));
    }
    for address in addresses {
        if let Some(kind) = refusal(address) {
            return Err(ApiError::address_refused(format!(
                "{host} is {address}, a {kind} address: this server fetches from public \
                 addresses only (start it with --fetch-private to allow others)"
            )));
        }
    }
    Ok(())
}

/// Why the server does not send requests to `address`, or `None` for a public unicast address.
pub fn refusal(address: IpAddr) -> Option<&'static str> {
    match address {
        IpAddr::V4(ip) => refusal_v4(ip),
        IpAddr::V6(ip) => refusal_v6(ip),
    }
}

/// IPv4: the special-purpose ranges of RFC 6890 and its updates that are not global.
fn refusal_v4(ip: Ipv4Addr) -> Option<&'static str> {
    let [a, b, c, _] = ip.octets();
    let kind = match (a, b, c) {
        (0, _, _) => "this-network",
        (127, _, _) => "loopback",
        (10, _, _) | (192, 168, _) => "private",
        (172, 16..=31, _) => "private",
        (100, 64..=127, _) => "shared (carrier-grade NAT)",
        (169, 254, _) => "link-local",
        (192, 0, 0) => "protocol-assignment",
        (192, 0, 2) | (198, 51, 100) | (203, 0, 113) => "documentation",
        (198, 18..=19, _) => "benchmarking",
        (224..=239, _, _) => "multicast",
        (240..=255, _, _) => "reserved",
        _ => return None,
    };
    Some(kind)
}

/// IPv6: only global unicast (`2000::/3`) is public, less documentation and Teredo; an address
/// that carries an IPv4 address (mapped, NAT64, 6to4) is judged by that address.
fn refusal_v6(ip: Ipv6Addr) -> Option<&'static str> {
    if let Some(v4) = ip.to_ipv4_mapped() {
        return refusal_v4(v4);
    }
    let s = ip.segments();
    let embedded = |high: u16, low: u16| {
        let [a, b] = high.to_be_bytes();
        let [c, d] = low.to_be_bytes();
        Ipv4Addr::new(a, b, c, d)
    };
    match s {
        [0x64, 0xff9b, 0, 0, 0, 0, high, low] => return refusal_v4(embedded(high, low)),
        [0x2002, high, low, ..] => return refusal_v4(embedded(high, low)),
        _ => {}
    }
    let [first, second, ..] = s;
    let kind = match (first, second) {
        _ if ip.is_unspecified() => "unspecified",
        _ if ip.is_loopback() => "loopback",
        (0xfc00..=0xfdff, _) => "unique local (private)",
        (0xfe80..=0xfebf, _) => "link-local",
        (0xff00..=0xffff, _) => "multicast",
        (0x2001, 0x0db8) => "documentation",
        (0x2001, 0) => "Teredo",
        (0x2000..=0x3fff, _) => return None,
        _ => "reserved",
    };
    Some(kind)
}

/// The answer of `fetch`: what the fetcher found (the library's serialisation, as `robotspec
/// fetch --format json` prints it) and the text of the file.
#[derive(Serialize)]
struct Answer<'a> {
    #[serde(flatten)]
    fetched: &'a Fetched,
    /// The body of a 2xx answer, as text; `null` for any other outcome.
    robots_txt: Option<String>,
    /// Whether bytes of the body that are not UTF-8 were replaced by U+FFFD to make the text.
    lossy: bool,
    /// Whether redirects were followed (only with `--fetch-private`).
    redirects_followed: bool,
}

/// Fetches the robots.txt of `target` as the policy allows, as JSON; a 400 when there is
/// nothing to fetch (a scheme the variant does not define).
pub fn fetch(target: &Target, policy: &FetchPolicy) -> Result<Vec<u8>, ApiError> {
    let mut access = AccessOptions::default();
    if !policy.private {
        access = access.with_max_redirects(0);
    }
    let mut options = FetchOptions::default()
        .with_timeout(policy.timeout)
        .with_access(access);
    if !policy.private {
        options = options.with_address_filter(|address| refusal(address).is_none());
    }
    let fetched = robotspec::access::fetch::fetch(&target.url, target.variant, &options)
        .map_err(|e| ApiError::bad_request(e.to_string()))?;
    let body = match &fetched.outcome {
        FetchOutcome::Response { status, body, .. } if (200..300).contains(status) => Some(body),
        _ => None,
    };
    let text = body.map(|bytes| String::from_utf8_lossy(bytes));
    let answer = Answer {
        fetched: &fetched,
        lossy: text
            .as_ref()
            .is_some_and(|t| matches!(t, std::borrow::Cow::Owned(_))),
        robots_txt: text.map(std::borrow::Cow::into_owned),
        redirects_followed: policy.private,
    };
    serde_json::to_vec(&answer).map_err(|e| ApiError::internal(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(text: &str) -> Option<&'static str> {
        refusal(text.parse().unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED)))
    }

    #[test]
    fn public_addresses_pass() {
        for public in [
            "93.184.215.14",
            "8.8.8.8",
            "1.1.1.1",
            "172.32.0.1",
            "100.128.0.1",
            "2606:4700::1111",
            "2a00:1450:4001:80b::200e",
            "::ffff:8.8.8.8",
            "64:ff9b::808:808",
        ] {
            assert_eq!(refused(public), None, "{public}");
        }
    }

    #[test]
    fn every_other_range_is_refused() {
        for (address, kind) in [
            ("127.0.0.1", "loopback"),
            ("127.255.0.9", "loopback"),
            ("10.1.2.3", "private"),
            ("172.16.0.1", "private"),
            ("172.31.255.255", "private"),
            ("192.168.1.1", "private"),
            ("169.254.169.254", "link-local"),
            ("100.64.0.1", "shared (carrier-grade NAT)"),
            ("0.0.0.0", "this-network"),
            ("224.0.0.1", "multicast"),
            ("255.255.255.255", "reserved"),
            ("192.0.2.1", "documentation"),
            ("198.18.0.1", "benchmarking"),
            ("::1", "loopback"),
            ("::", "unspecified"),
            ("fd00::1", "unique local (private)"),
            ("fe80::1", "link-local"),
            ("ff02::1", "multicast"),
            ("2001:db8::1", "documentation"),
            ("2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"),
            ("::ffff:127.0.0.1", "loopback"),
            ("::ffff:10.0.0.1", "private"),
            ("64:ff9b::7f00:1", "loopback"),
            ("2002:a00:1::1", "private"),
            ("::127.0.0.1", "reserved"),
        ] {
            assert_eq!(refused(address), Some(kind), "{address}");
        }
    }
}
