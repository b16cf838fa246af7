//! The profiles: every way the variants differ, as data the stages read.
//!
//! Each field names one question the texts answer differently (how keys are recognised, how a
//! `user-agent` value names a crawler, which rule wins, what a 403 means, …); the five
//! profiles at the end answer them, with the sentence each answer rests on in
//! docs/spec/VARIANTS.md. No stage asks which variant it reads: it reads a field.

use std::time::Duration;

use super::key::{head_in, FoldedKey, KeyName};
use super::named::Variant;
use crate::source::ByteOrderMark;
use crate::vocab::access::AccessState;
use crate::vocab::extension::{self, Extension, ExtensionKey};
use crate::vocab::pattern::{PatternEncoding, PatternSyntax, Precedence};

/// What a key (field name) means.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Directive {
    /// `user-agent`: starts or extends a group.
    UserAgent,
    /// `allow`: a rule.
    Allow,
    /// `disallow`: a rule.
    Disallow,
    /// `sitemap`: a sitemap URL, not bound to any group.
    Sitemap,
    /// Any other `key: value` record (crawl-delay, host, …), kept but not a directive.
    Other,
}

/// How a key was recognised.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Spelling {
    /// The key is the directive's name (any case).
    Exact,
    /// The key starts with the directive's name (`Disallowed`, `user-agentfoo`).
    Prefix,
    /// The key is (or starts with) an accepted misspelling (`dissallow`, `useragent`).
    Typo,
}

crate::names::stable_names! {
    /// How keys are recognised.
    pub(crate) enum KeyMatching {
        /// The key must equal a known name, ignoring ASCII case.
        Exact = "exact",
        /// The key must start with a known name or accepted misspelling, ignoring ASCII case
        /// (Google's library).
        PrefixWithTypos = "prefix-with-typos",
    }
}

/// A directive's name and the misspellings a lenient variant accepts for it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct KeySpelling {
    /// The directive.
    pub directive: Directive,
    /// Its canonical name, lower case.
    pub name: KeyName,
    /// Misspellings accepted under [`KeyMatching::PrefixWithTypos`], lower case.
    pub typos: &'static [KeyName],
}

crate::names::stable_names! {
    /// How a `user-agent` value names a crawler.
    pub(crate) enum AgentValue {
        /// Google's library: `*` alone or followed by whitespace is global; otherwise the
        /// leading `[A-Za-z_-]` run is the token (docs/spec/VARIANTS.md A8).
        LeadingToken = "leading-token",
        /// draft-koster-rep-00: the whole trimmed value is the token; `*` exactly is global (A9).
        WholeValue = "whole-value",
        /// 1994/1996: the robot's name without version information, i.e. the value up to a `/`
        /// (`googlebot/1.2` → `googlebot`); `*` exactly is global (A6).
        NameWithoutVersion = "name-without-version",
    }
}

crate::names::stable_names! {
    /// How the token a group names is compared with the crawler's token.
    pub(crate) enum AgentMatching {
        /// Equal, ignoring ASCII case (every variant: RFC 9309 §2.2.1 "MUST match … case
        /// insensitive"; A6's recommendation for 1994 and 1996).
        Exact = "exact",
        /// The group's token occurs anywhere in the crawler's token, ignoring ASCII case, as
        /// Python's `urllib.robotparser` compares (A6's `value_in_name`; the 1994 English text's
        /// "substring match"). When several groups' tokens do, the group selection picks one
        /// token: the earliest group's under `first-record`, else the longest token (the most
        /// specific, A7).
        Substring = "substring",
    }
}

crate::names::stable_names! {
    /// Which groups apply when several name the crawler, or several are `*`.
    pub(crate) enum GroupSelection {
        /// All groups naming the crawler are merged; otherwise all `*` groups are merged
        /// (RFC 9309, Google; A4).
        MergeAll = "merge-all",
        /// All groups naming the crawler are merged; otherwise the **first** `*` group only
        /// (draft-koster-rep-00's words; A4).
        MergeNamedFirstGlobal = "merge-named-first-global",
        /// The first record naming the robot, else the first `*` record (1994, 1996; A3, A5).
        FirstRecord = "first-record",
    }
}

crate::names::stable_names! {
    /// How the target (path and query of the URL) is prepared before matching.
    pub(crate) enum TargetEncoding {
        /// Used exactly as given (1994; Google's library, which expects encoded URLs).
        AsGiven = "as-given",
        /// The same normalisation as the patterns (1996: decode `%xx` except `%2F`; 2019: A19).
        AsPatterns = "as-patterns",
    }
}

/// A reading of robots.txt: every decision the stages read, as data. Each [`Variant`] is one
/// (`Profile::from(Variant::Rfc9309)`); [`Profile::with`] changes single decisions, named by the
/// settings of [`Profile::settings`], and the result is read exactly like a variant:
///
/// ```
/// use robotspec::{Profile, Robots, Variant};
///
/// let body = b"User-agent: bot\nDisallow: /\n";
/// let substring = Profile::from(Variant::Rfc9309).with("agent-matching", "substring")?;
/// assert_eq!(substring.name(), "rfc9309+agent-matching=substring");
/// assert!(Robots::parse(body, Variant::Rfc9309).is_allowed("Googlebot", "/x"));
/// assert!(!Robots::parse(body, substring).is_allowed("Googlebot", "/x"));
/// assert_eq!("rfc9309+agent-matching=substring".parse::<Profile>()?, substring);
/// # Ok::<(), robotspec::ProfileError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Profile {
    /// The variant this reading starts from; [`Profile::with`] records changes in the fields.
    pub(crate) variant: Variant,
    /// The directives the variant defines, with accepted misspellings.
    pub(crate) keys: &'static [KeySpelling],
    /// How keys are recognised.
    pub(crate) key_matching: KeyMatching,
    /// The known extension records: keys that are not directives but that the variant's
    /// readers know (docs/extensions.md), compared exactly, ignoring ASCII case.
    pub(crate) extensions: &'static [ExtensionKey],
    /// The grammar strict mode validates against.
    pub(crate) strict_grammar: StrictGrammarId,
    /// How a leading byte order mark is recognised: as UTF-8 characters (a truncated mark only
    /// where its bytes begin no character), or byte by byte (Google's library).
    pub(crate) byte_order_mark: ByteOrderMark,
    /// Bytes of a line that are read; the rest of a longer line is ignored (`None`: no limit).
    pub(crate) max_line_bytes: Option<usize>,
    /// A NUL byte ends a line's content (Google's library reads lines as C strings).
    pub(crate) nul_ends_line: bool,
    /// When a line is read for what it says up to its cut (Google's verdicts and per-line
    /// report), vertical tab and form feed around its text, key and value are whitespace too:
    /// Google's library strips them with `absl::StripAsciiWhitespace`. The lossless reading
    /// keeps them as text.
    pub(crate) strips_ascii_whitespace: bool,
    /// How rule patterns are normalised before matching and measuring.
    pub(crate) pattern_encoding: PatternEncoding,
    /// How the target is prepared before matching.
    pub(crate) target_encoding: TargetEncoding,
    /// How a `user-agent` value names a crawler.
    pub(crate) agent_value: AgentValue,
    /// How the token a group names is compared with the crawler's.
    pub(crate) agent_matching: AgentMatching,
    /// Which groups apply.
    pub(crate) group_selection: GroupSelection,
    /// A blank line ends a record (1994, 1996); otherwise blank lines mean nothing.
    pub(crate) blank_line_ends_group: bool,
    /// Whether `*` and a final `$` are operators.
    pub(crate) pattern_syntax: PatternSyntax,
    /// How the deciding rule is chosen among the matching ones.
    pub(crate) precedence: Precedence,
    /// The target `/robots.txt` is always allowed, whatever the rules say.
    pub(crate) robots_txt_always_allowed: bool,
    /// An `allow` whose last segment starts with `index.htm` also allows its directory
    /// (`/d/index.html` allows `/d/`), Google's library's extra.
    pub(crate) index_htm_allows_directory: bool,
    /// How the file is fetched and how long the result may be used (docs/access.md).
    pub(crate) access: AccessProfile,
}

/// What decides a path's verdict once the rules that apply are known: how patterns and the
/// target are read, which rule wins, and whether `/robots.txt` is always allowed. Every other
/// decision of a profile says which rules there are (and what Google derives from them) or
/// which apply to a crawler; two readings with the same `PathMatching` decide every path alike
/// for the same rules, so the analysis of one answers for the other (`analysis/shared.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PathMatching {
    pattern_encoding: PatternEncoding,
    target_encoding: TargetEncoding,
    pattern_syntax: PatternSyntax,
    precedence: Precedence,
    robots_txt_always_allowed: bool,
}

impl Profile {
    /// How this reading decides a path once the rules that apply are known.
    pub(crate) fn path_matching(&self) -> PathMatching {
        PathMatching {
            pattern_encoding: self.pattern_encoding,
            target_encoding: self.target_encoding,
            pattern_syntax: self.pattern_syntax,
            precedence: self.precedence,
            robots_txt_always_allowed: self.robots_txt_always_allowed,
        }
    }
}

/// Which strict grammar a profile validates against: the id of one entry of the syntax stage's
/// table of grammars (`src/syntax/strict.rs`), so that the profile stays data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum StrictGrammarId {
    /// The shape the 1994 prose describes (grammar/1994.pest).
    Convention1994,
    /// The 1996 draft's BNF (grammar/1996-draft.pest).
    Draft1996,
    /// draft-koster-rep-00's ABNF (grammar/rep-draft-2019.pest).
    RepDraft2019,
    /// RFC 9309's ABNF (grammar/rfc9309.pest).
    Rfc9309,
    /// RFC 9309's ABNF with draft-ietf-aipref-attach's `rule =/ content-usage`
    /// (grammar/rfc9309-aipref.pest).
    Rfc9309Aipref,
}

impl StrictGrammarId {
    /// Whether Content-Usage rules derive from this grammar.
    pub(crate) fn admits_content_usage(self) -> bool {
        self == StrictGrammarId::Rfc9309Aipref
    }

    /// This grammar with Content-Usage rules admitted (`true`) or not (`false`), if the draft
    /// defines that grammar (it extends RFC 9309's ABNF only).
    pub(crate) fn with_content_usage(self, admitted: bool) -> Option<Self> {
        match (admitted, self) {
            (false, StrictGrammarId::Rfc9309Aipref) => Some(StrictGrammarId::Rfc9309),
            (true, StrictGrammarId::Rfc9309) => Some(StrictGrammarId::Rfc9309Aipref),
            (admitted, id) => (admitted == id.admits_content_usage()).then_some(id),
        }
    }
}

/// How `Cache-Control`/`Expires` set the lifetime of a fetched result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CacheHeaders {
    /// `Cache-Control: max-age` first, else `Expires` (1996 draft §3.4: "notably Expires").
    MaxAgeOrExpires,
    /// `Cache-Control: max-age` only.
    MaxAge,
}

/// The access policy of a variant: what each fetch outcome means and how long it holds
/// (docs/spec/VARIANTS.md A31–A36, A47). Read by [`crate::access`] and [`crate::access::cache`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct AccessProfile {
    /// URL schemes whose robots.txt the variant defines (A47); `None`: any scheme with an
    /// authority.
    pub schemes: Option<&'static [&'static str]>,
    /// Redirects followed before the file is given up (A32).
    pub max_redirects: usize,
    /// What more redirects than that mean (A32: unavailable, as 404).
    pub too_many_redirects: AccessState,
    /// 401 and 403 (A31: 1996 restricts the site, 2019/Google do not).
    pub unauthorized: AccessState,
    /// 429 Too Many Requests (A31: a 4xx for 2019, a server error for Google).
    pub too_many_requests: AccessState,
    /// Every other 4xx (404, 410, …).
    pub client_error: AccessState,
    /// 5xx.
    pub server_error: AccessState,
    /// Timeouts, DNS and connection errors, bodies cut short.
    pub network_error: AccessState,
    /// Any other status: 1xx, 3xx that cannot be followed (no `Location`, 304), ≥ 600.
    pub other_status: AccessState,
    /// Lifetime of a result without cache headers.
    pub default_lifetime: Duration,
    /// Which cache headers change the lifetime.
    pub cache_headers: CacheHeaders,
    /// The longest lifetime cache headers may give (`None`: no cap).
    pub max_lifetime: Option<Duration>,
    /// How long an `Unreachable` result holds before the next attempt (unless `Retry-After`
    /// says otherwise).
    pub retry_interval: Duration,
    /// A failed refresh keeps the last good copy in use (A33).
    pub keep_cache_on_error: bool,
    /// After errors lasting this long, use the last good copy, else allow all (A33).
    pub outage_limit: Option<Duration>,
    /// Bytes of the body that are parsed; the rest is ignored (A36).
    pub size_limit: usize,
    /// The smallest limit the variant permits a crawler to set (2019: "at least 500 KiB").
    pub min_size_limit: usize,
}

impl Variant {
    /// The semantics profile the stages read.
    pub(crate) fn profile(self) -> &'static Profile {
        match self {
            Variant::Convention1994 => &CONVENTION_1994,
            Variant::Draft1996 => &DRAFT_1996,
            Variant::RepDraft2019 => &REP_DRAFT_2019,
            Variant::Rfc9309 => &RFC9309,
            Variant::Google => &GOOGLE,
        }
    }
}

const HOUR: u64 = 3600;
const DAY: u64 = 24 * HOUR;
/// 500 KiB, as docs/spec/VARIANTS.md A36 counts it.
const KIB_500: usize = 512_000;

/// 1994 has no access rules at all; A31 and A35 give it the 1996 recommendations.
const ACCESS_1996: AccessProfile = AccessProfile {
    schemes: Some(&["http"]),
    max_redirects: 5,
    too_many_redirects: AccessState::AllowAll,
    unauthorized: AccessState::DisallowAll,
    too_many_requests: AccessState::Unreachable,
    client_error: AccessState::AllowAll,
    server_error: AccessState::Unreachable,
    network_error: AccessState::Unreachable,
    other_status: AccessState::Unreachable,
    default_lifetime: Duration::from_secs(7 * DAY),
    cache_headers: CacheHeaders::MaxAgeOrExpires,
    max_lifetime: None,
    retry_interval: Duration::from_secs(HOUR),
    keep_cache_on_error: false,
    outage_limit: None,
    size_limit: KIB_500,
    min_size_limit: 0,
};

const ACCESS_2019: AccessProfile = AccessProfile {
    schemes: None,
    max_redirects: 5,
    too_many_redirects: AccessState::AllowAll,
    unauthorized: AccessState::AllowAll,
    too_many_requests: AccessState::AllowAll,
    client_error: AccessState::AllowAll,
    server_error: AccessState::Unreachable,
    network_error: AccessState::Unreachable,
    other_status: AccessState::Unreachable,
    default_lifetime: Duration::from_secs(DAY),
    cache_headers: CacheHeaders::MaxAge,
    max_lifetime: Some(Duration::from_secs(DAY)),
    retry_interval: Duration::from_secs(HOUR),
    keep_cache_on_error: true,
    outage_limit: Some(Duration::from_secs(30 * DAY)),
    size_limit: KIB_500,
    min_size_limit: KIB_500,
};

const ACCESS_GOOGLE: AccessProfile = AccessProfile {
    schemes: Some(&["http", "https", "ftp"]),
    too_many_requests: AccessState::Unreachable,
    max_lifetime: None,
    min_size_limit: 0,
    ..ACCESS_2019
};

/// What a profile makes of a key: the directive it names and how, and the known extension it
/// names when it names no directive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct KeyClass {
    /// The directive ([`Directive::Other`] for any other key).
    pub directive: Directive,
    /// How the key was recognised.
    pub spelling: Spelling,
    /// The known extension a key that names no directive names.
    pub extension: Option<Extension>,
}

/// The keys one reader has classified, by the profile it reads with: a file says few different
/// keys, again and again (runs of `Disallow`, a `User-agent` per group), and a key met before is
/// recognised by one comparison of its bytes instead of a walk over the profile's names and
/// extension lists. One slot for each key length modulo eight, holding the last key of sixteen
/// bytes or fewer of that length, packed as written, with its class (longer keys are classified
/// each time). A memo belongs to one reader and the one profile it reads with.
#[derive(Debug, Clone, Default)]
pub(crate) struct KeyMemo {
    slots: [Option<(u128, u8, KeyClass)>; 8],
}

impl Profile {
    /// Classifies a key (field name) as one of this variant's directives.
    pub(crate) fn classify_key(&self, key: &[u8]) -> (Directive, Spelling) {
        self.classify_folded(&FoldedKey::new(key))
    }

    /// What the profile makes of the key `text[key]`, asking `memo` first (the key's first
    /// sixteen bytes read at once). Inlined into the line reader: most keys are found in `memo`;
    /// the rest are classified out of line.
    #[inline(always)]
    pub(crate) fn read_key_in(
        &self,
        memo: &mut KeyMemo,
        text: &[u8],
        key: std::ops::Range<usize>,
    ) -> KeyClass {
        let bytes = text.get(key.clone()).unwrap_or_default();
        let Some(head) = head_in(text, &key) else {
            return self.read_folded(&FoldedKey::new(bytes));
        };
        let read = || self.read_folded(&FoldedKey::with_head(bytes, head));
        let slot = memo
            .slots
            .get_mut(bytes.len() % 8)
            .filter(|_| bytes.len() <= 16);
        let Some(slot) = slot else {
            return read();
        };
        let len = u8::try_from(bytes.len()).unwrap_or(u8::MAX);
        match slot {
            Some((seen, seen_len, class)) if (*seen, *seen_len) == (head, len) => *class,
            _ => {
                let class = read();
                *slot = Some((head, len, class));
                class
            }
        }
    }

    /// The class of a key that `memo` did not hold: its directive from the profile's names, and
    /// for any other key the extension it names.
    #[inline(never)]
    #[cfg_attr(robotspec_hot_paths, optimize(speed))]
    fn read_folded(&self, key: &FoldedKey<'_>) -> KeyClass {
        let (directive, spelling) = self.classify_folded(key);
        let extension = (directive == Directive::Other)
            .then(|| extension::classify(self.extensions, key.bytes()))
            .flatten();
        KeyClass {
            directive,
            spelling,
            extension,
        }
    }

    fn classify_folded(&self, key: &FoldedKey<'_>) -> (Directive, Spelling) {
        // Names and misspellings are lower case and a directive's misspellings start as its
        // name does: a directive whose first byte differs cannot match, and most keys are told
        // apart by their first byte alone.
        let first = key.first();
        for spelling in self.keys.iter().filter(|s| s.name.first() == first) {
            if let Some(found) = self.match_key(key, spelling) {
                return (spelling.directive, found);
            }
        }
        (Directive::Other, Spelling::Exact)
    }

    fn match_key(&self, key: &FoldedKey<'_>, spelling: &KeySpelling) -> Option<Spelling> {
        let name = &spelling.name;
        match self.key_matching {
            KeyMatching::Exact => key.is(name).then_some(Spelling::Exact),
            KeyMatching::PrefixWithTypos => {
                if key.is(name) {
                    Some(Spelling::Exact)
                } else if key.starts_with(name) {
                    Some(Spelling::Prefix)
                } else {
                    let typo = spelling.typos.iter().any(|typo| key.starts_with(typo));
                    typo.then_some(Spelling::Typo)
                }
            }
        }
    }
}

impl Profile {
    /// Whether each line is read for what it says from its content up to its cut only, as a
    /// reader of C strings reads it: what follows a NUL (or the line limit) is gone before the
    /// key, colon and value are looked for, and (with `strips_ascii_whitespace`) vertical tab
    /// and form feed around the text, the key and the value are whitespace (Google's library).
    /// Otherwise a line's parts are the lossless reading's, its value kept within the cut.
    pub(crate) fn reads_up_to_cut(&self) -> bool {
        self.nul_ends_line || self.strips_ascii_whitespace
    }

    /// The known extension `key` names: `None` for a key that names a directive of the variant
    /// (`sitemap` is an extension record only where it is no directive, in 1994 and 1996).
    pub fn extension(&self, key: &[u8]) -> Option<Extension> {
        match self.classify_key(key).0 {
            Directive::Other => extension::classify(self.extensions, key),
            _ => None,
        }
    }
}

const USER_AGENT: KeySpelling = KeySpelling {
    directive: Directive::UserAgent,
    name: KeyName::new("user-agent"),
    typos: &[KeyName::new("useragent"), KeyName::new("user agent")],
};
const ALLOW: KeySpelling = KeySpelling {
    directive: Directive::Allow,
    name: KeyName::new("allow"),
    typos: &[],
};
const DISALLOW: KeySpelling = KeySpelling {
    directive: Directive::Disallow,
    name: KeyName::new("disallow"),
    typos: &[
        KeyName::new("dissallow"),
        KeyName::new("dissalow"),
        KeyName::new("disalow"),
        KeyName::new("diasllow"),
        KeyName::new("disallaw"),
    ],
};
const SITEMAP: KeySpelling = KeySpelling {
    directive: Directive::Sitemap,
    name: KeyName::new("sitemap"),
    typos: &[KeyName::new("site-map")],
};

/// The four directives of RFC 9309 (sitemap being the record its ABNF invites).
const STANDARD_KEYS: &[KeySpelling] = &[USER_AGENT, ALLOW, DISALLOW, SITEMAP];

const fn known(extension: Extension, names: &'static [&'static str]) -> ExtensionKey {
    ExtensionKey { extension, names }
}

/// The extension records of docs/spec/EXTENSIONS.md §1–§3 that some crawler honours, with the
/// spellings crawler-commons also accepts (`content-signals`, `no-index`), and `sitemap`. A key
/// is an extension record only where it names no directive: the syntax stage looks a key up
/// here only when the profile's directives do not name it, so since the 2019 draft, where
/// `sitemap` is a directive, the directive wins; 1994 and 1996 predate it.
const HONOURED_EXTENSIONS: &[ExtensionKey] = &[
    known(Extension::ContentUsage, &["content-usage"]),
    known(
        Extension::ContentSignal,
        &["content-signal", "content-signals"],
    ),
    known(Extension::CrawlDelay, &["crawl-delay"]),
    known(Extension::RequestRate, &["request-rate"]),
    known(Extension::Host, &["host"]),
    known(Extension::CleanParam, &["clean-param"]),
    known(Extension::VisitTime, &["visit-time"]),
    known(Extension::Noindex, &["noindex", "no-index"]),
    known(Extension::Sitemap, &["sitemap"]),
];

/// Google's library's `kUnsupportedTags`, verbatim (docs/spec/EXTENSIONS.md §4): the keys it
/// reports as "recognized, but unused", compared exactly after lower-casing.
const GOOGLE_UNUSED: &[ExtensionKey] = &[
    known(Extension::CleanParam, &["clean-param"]),
    known(Extension::ContentSignal, &["content-signal"]),
    known(Extension::ContentUsage, &["content-usage"]),
    known(Extension::CrawlDelay, &["crawl-delay"]),
    known(Extension::Domain, &["domain"]),
    known(Extension::Host, &["host"]),
    known(Extension::Noarchive, &["noarchive"]),
    known(Extension::Nofollow, &["nofollow"]),
    known(Extension::Noindex, &["noindex"]),
    known(Extension::RequestRate, &["request-rate"]),
    known(Extension::RevisitAfter, &["revisit-after"]),
    known(Extension::VisitTime, &["visit-time"]),
];

// Each profile is written as what differs from the text it revises: RFC 9309 in full, the 2019
// draft and Google's library against it, the 1996 draft in full, 1994 against 1996.

const RFC9309: Profile = Profile {
    variant: Variant::Rfc9309,
    keys: STANDARD_KEYS,
    key_matching: KeyMatching::Exact,
    extensions: HONOURED_EXTENSIONS,
    strict_grammar: StrictGrammarId::Rfc9309,
    byte_order_mark: ByteOrderMark::Characters,
    max_line_bytes: None,
    nul_ends_line: false,
    strips_ascii_whitespace: false,
    // §2.2.2: unreserved escapes decoded, octets outside ASCII percent-encoded, in the rules
    // and the URI alike (docs/variants.md A20).
    pattern_encoding: PatternEncoding::Rfc3986,
    target_encoding: TargetEncoding::AsPatterns,
    agent_value: AgentValue::LeadingToken,
    agent_matching: AgentMatching::Exact,
    group_selection: GroupSelection::MergeAll,
    blank_line_ends_group: false,
    pattern_syntax: PatternSyntax { wildcards: true },
    precedence: Precedence::LongestMatch,
    robots_txt_always_allowed: true,
    index_htm_allows_directory: false,
    access: ACCESS_2019,
};

const REP_DRAFT_2019: Profile = Profile {
    variant: Variant::RepDraft2019,
    strict_grammar: StrictGrammarId::RepDraft2019,
    agent_value: AgentValue::WholeValue,
    group_selection: GroupSelection::MergeNamedFirstGlobal,
    ..RFC9309
};

const GOOGLE: Profile = Profile {
    variant: Variant::Google,
    key_matching: KeyMatching::PrefixWithTypos,
    extensions: GOOGLE_UNUSED,
    // Google's library skips leading bytes while they match the mark (docs/google.md).
    byte_order_mark: ByteOrderMark::Bytes,
    // 2083 × 8 − 1: Google's library cuts every line to this many bytes.
    max_line_bytes: Some(16_663),
    nul_ends_line: true,
    strips_ascii_whitespace: true,
    pattern_encoding: PatternEncoding::GoogleEscape,
    target_encoding: TargetEncoding::AsGiven,
    robots_txt_always_allowed: false,
    index_htm_allows_directory: true,
    access: ACCESS_GOOGLE,
    ..RFC9309
};

const DRAFT_1996: Profile = Profile {
    variant: Variant::Draft1996,
    keys: &[USER_AGENT, ALLOW, DISALLOW],
    key_matching: KeyMatching::Exact,
    extensions: HONOURED_EXTENSIONS,
    strict_grammar: StrictGrammarId::Draft1996,
    byte_order_mark: ByteOrderMark::Characters,
    max_line_bytes: None,
    nul_ends_line: false,
    strips_ascii_whitespace: false,
    pattern_encoding: PatternEncoding::Decode1996,
    target_encoding: TargetEncoding::AsPatterns,
    agent_value: AgentValue::NameWithoutVersion,
    agent_matching: AgentMatching::Exact,
    group_selection: GroupSelection::FirstRecord,
    blank_line_ends_group: true,
    pattern_syntax: PatternSyntax { wildcards: false },
    precedence: Precedence::FirstMatch,
    robots_txt_always_allowed: true,
    index_htm_allows_directory: false,
    access: ACCESS_1996,
};

const CONVENTION_1994: Profile = Profile {
    variant: Variant::Convention1994,
    keys: &[USER_AGENT, DISALLOW],
    strict_grammar: StrictGrammarId::Convention1994,
    pattern_encoding: PatternEncoding::Verbatim,
    target_encoding: TargetEncoding::AsGiven,
    precedence: Precedence::AnyDisallow,
    ..DRAFT_1996
};
