//! Validation: every way a file departs from its variant's formal grammar, found line by line.
//!
//! The checks mirror the strict grammar rule by rule, but unlike pest (which stops at the first
//! failure) they report *every* problem, each with a precise [`Code`]. The strict grammar still
//! has the last word: when it rejects a file these checks found nothing wrong with, its own error
//! becomes a [`Code::Syntax`] diagnostic (see `super::strict`).

use crate::diagnostic::Code;
use crate::limits::{InputCut, Limit, LimitHit, Limits, LineLimit};
use crate::source::{Source, Span};
use crate::variant::{Directive, Profile, Spelling, Variant};
use crate::vocab::extension::{self, ContentUsage, Extension, Scope};

use super::lines::{Entry, Line, LineBody};
use super::options::{Collect, ParseOptions};
use crate::findings::{Findings, Place, Unplaced};

/// What a strict grammar asks of a file beyond the shared `key: value` line shape: the checks
/// read this, never the variant.
#[derive(Debug)]
pub(crate) struct Demands {
    /// A key the variant does not define is a violation (not derivable); otherwise the line is
    /// ignored (1994: "unknown fields are ignored").
    unknown_keys_violate: bool,
    /// No whitespace before a key, inside it or before its colon (1996's literals
    /// `"User-agent:"`; 1994's line shape `<field>:<value>`).
    glued_keys: bool,
    /// A comment line starts in column 1 (1996: `commentline = comment CRLF`).
    comments_at_line_start: bool,
    /// US-ASCII only (1996: `CHAR` = octets 0–127).
    ascii_only: bool,
    /// What a `user-agent` value must be.
    agents: Agents,
    /// What an `allow`/`disallow` value must be.
    paths: Paths,
    /// How lines form groups or records.
    structure: Structure,
    /// `content-usage` lines are rules of a group (draft-ietf-aipref-attach's
    /// `rule =/ content-usage`), their value `[path-pattern 1*WS] usage-pref`.
    pub(super) content_usage_rules: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Agents {
    /// ABNF `product-token = identifier / "*"` (2019, RFC 9309).
    Identifier,
    /// RFC 1945 `token` (1996; `*` is a token).
    Rfc1945Token,
    /// Any non-empty text (1994).
    AnyText,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Paths {
    /// ABNF `path-pattern = "/" *UTF8-char-noctl` or empty (2019, RFC 9309).
    Pattern,
    /// `"/" [RFC 1808 path]` (with `~`), empty only for `disallow` (1996).
    Rfc1808,
    /// Any word, possibly empty, not necessarily starting with `/` (1994).
    AnyWord,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Structure {
    /// Rules need a user-agent line somewhere before them; blank lines mean nothing (ABNF
    /// `group`).
    Groups,
    /// Records of user-agent lines then rule lines, ended by a blank line; a record needs at
    /// least one rule. `separated`: a new record must follow a blank line (1994) rather than
    /// merely follow rules (1996's `1*record`).
    Records { separated: bool },
}

/// The ABNF of draft-koster-rep-00 / RFC 9309 (grammar/rep-abnf.pest).
pub(crate) const REP_ABNF: Demands = Demands {
    unknown_keys_violate: true,
    glued_keys: false,
    comments_at_line_start: false,
    ascii_only: false,
    agents: Agents::Identifier,
    paths: Paths::Pattern,
    structure: Structure::Groups,
    content_usage_rules: false,
};

/// The same with draft-ietf-aipref-attach's Content-Usage rule (grammar/rfc9309-aipref.pest).
pub(crate) const REP_ABNF_AIPREF: Demands = Demands {
    content_usage_rules: true,
    ..REP_ABNF
};

/// The 1996 draft's BNF (grammar/1996-draft.pest).
pub(crate) const DRAFT_1996: Demands = Demands {
    unknown_keys_violate: true,
    glued_keys: true,
    comments_at_line_start: true,
    ascii_only: true,
    agents: Agents::Rfc1945Token,
    paths: Paths::Rfc1808,
    structure: Structure::Records { separated: false },
    content_usage_rules: false,
};

/// The 1994 convention's derived sketch (grammar/1994.pest).
pub(crate) const CONVENTION_1994: Demands = Demands {
    unknown_keys_violate: false,
    glued_keys: true,
    comments_at_line_start: false,
    ascii_only: false,
    agents: Agents::AnyText,
    paths: Paths::AnyWord,
    structure: Structure::Records { separated: true },
    content_usage_rules: false,
};

/// Where the lines stand with respect to groups or records.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// Before any user-agent line of a group or record (start of file, or after a blank line
    /// that ended a record).
    Outside,
    /// After user-agent lines, before any rule; `first` is the first user-agent key.
    Agents { first: Span },
    /// After at least one rule.
    Rules,
}

/// The checks, run line by line as the lines are read; findings go to a [`Findings`].
///
/// With `lint` off only the limits are checked (the input and line-length limits, which must
/// be reported whatever the reader wants): the grammar checks are then never run.
pub(crate) struct Checker<'s, 'a> {
    source: &'s Source<'a>,
    variant: Variant,
    limits: Limits,
    /// Whose limit the input limit is: the code its cut is reported with.
    input_cut: InputCut,
    line_limit: Option<LineLimit>,
    demands: &'static Demands,
    /// Whether the grammar checks run ([`Collect::All`]) or only the limits.
    collect: Collect,
    state: State,
    /// Where the first `user-agent` key of the current record is (for `record-without-rules`).
    record_place: Place,
    /// Index of the next invalid UTF-8 run to findings.
    next_invalid: usize,
    /// Whether a line may hold a control character, or (where the grammar asks for US-ASCII)
    /// a byte past it: `false` when the whole input read holds none, which one pass over the
    /// input settles for every line, and which is true of nearly every file. A search per line
    /// runs its last bytes one at a time, and lines are short.
    lines_may_hold: Held,
}

/// What the lines of an input may hold (see [`Checker`]).
#[derive(Clone, Copy)]
struct Held {
    /// A control character other than a tab (`control-character`).
    control: bool,
    /// A byte past US-ASCII, where the grammar asks for US-ASCII only (`non-ascii`).
    non_ascii: bool,
}

impl Held {
    /// What the lines of `source` may hold, as far as checks that `demands` asks for care.
    fn of(source: &Source<'_>, demands: &Demands) -> Held {
        let read = source.slice(Span::new(0, source.text().len()));
        // No line's content holds a line end.
        let in_content = |byte: u8| is_control(byte) && byte != b'\n' && byte != b'\r';
        Held {
            control: holds_any(read, in_content),
            non_ascii: demands.ascii_only && !read.is_ascii(),
        }
    }
}

impl<'s, 'a> Checker<'s, 'a> {
    /// Checks for `source` read as `profile`, whose strict grammar demands `demands`, with
    /// `options`' limits, collecting what they say: the limits, and with [`Collect::All`] the
    /// grammar checks too.
    pub(crate) fn new(
        source: &'s Source<'a>,
        (profile, demands): (&Profile, &'static Demands),
        options: &ParseOptions,
        findings: &mut Findings<'_, '_>,
    ) -> Self {
        let (limits, input_cut, collect) =
            (&options.limits, options.input_cut, options.collected());
        if collect == Collect::All && demands.ascii_only && source.bom_len() > 0 {
            findings.push(Unplaced::new(
                Code::NonAscii,
                Span::new(0, source.bom_len()),
                "a byte order mark is not US-ASCII",
            ));
        }
        Checker {
            source,
            variant: profile.variant(),
            limits: *limits,
            input_cut,
            line_limit: limits.line_limit(profile.max_line_bytes),
            demands,
            collect,
            state: State::Outside,
            record_place: findings.place(),
            next_invalid: 0,
            lines_may_hold: match collect {
                Collect::All => Held::of(source, demands),
                Collect::Limits => Held {
                    control: false,
                    non_ascii: false,
                },
            },
        }
    }

    /// Checks one line; `findings` has entered it.
    pub(crate) fn line(&mut self, line: &Line, findings: &mut Findings<'_, '_>) {
        if let Some(limit) = self.line_limit {
            line_length(line, limit, findings);
        }
        if self.collect == Collect::Limits {
            return;
        }
        self.invalid_utf8_before(line.span().end, findings);
        let mut on_line = LineChecks {
            checker: self,
            findings,
            line,
        };
        on_line.run();
    }

    /// After the last line: what is still open, the input past the input limit.
    pub(crate) fn finish(mut self, findings: &mut Findings<'_, '_>) {
        if self.collect == Collect::All {
            if let Structure::Records { .. } = self.demands.structure {
                self.end_record(findings);
            }
            self.invalid_utf8_before(usize::MAX, findings);
        }
        findings.end_of_lines();
        if let Some(span) = self.source.ignored() {
            let cut = self.input_cut;
            let message = cut.message(self.limits.input_bytes, span);
            findings.push_input_cut(Unplaced::new(cut.code(), span, message));
        }
    }

    /// The invalid UTF-8 runs that start before `end`.
    fn invalid_utf8_before(&mut self, end: usize, findings: &mut Findings<'_, '_>) {
        let runs = self.source.invalid_utf8();
        while let Some(&run) = runs.get(self.next_invalid).filter(|run| run.start < end) {
            self.next_invalid += 1;
            let bytes: Vec<String> = self
                .source
                .slice(run)
                .iter()
                .take(4)
                .map(|b| format!("{b:02X}"))
                .collect();
            findings.push(Unplaced::new(
                Code::InvalidUtf8,
                run,
                format!("bytes that are not UTF-8 ({})", bytes.join(" ")),
            ));
        }
    }

    /// A record cut short (by a blank line or the end of the file) before any rule.
    fn end_record(&mut self, findings: &mut Findings<'_, '_>) {
        if let State::Agents { first } = self.state {
            findings.push_on(
                self.record_place,
                Unplaced::new(
                    Code::RecordWithoutRules,
                    first,
                    "a record needs at least one rule line after its user-agent lines",
                ),
            );
        }
    }
}

/// The part of a line past the line-length limit.
fn line_length(line: &Line, limit: LineLimit, findings: &mut Findings<'_, '_>) {
    if !line.too_long {
        return;
    }
    let bytes = limit.bytes();
    let rest = Span::new(line.content.start + bytes, line.content.end);
    let finding = match limit {
        LineLimit::Variant(_) => Unplaced::new(
            Code::LineTooLong,
            rest,
            format!("line longer than {bytes} bytes; the rest is ignored"),
        ),
        LineLimit::Configured(_) => {
            let hit = LimitHit::new(Limit::LineBytes, bytes, rest);
            Unplaced::new(Code::LimitExceeded, rest, hit.message())
        }
    };
    findings.push(finding);
}

/// The grammar checks of one line.
struct LineChecks<'c, 's, 'a, 'r, 'rs, 'ra> {
    checker: &'c mut Checker<'s, 'a>,
    findings: &'r mut Findings<'rs, 'ra>,
    line: &'c Line,
}

impl<'s, 'a> LineChecks<'_, 's, 'a, '_, '_, '_> {
    fn push(&mut self, code: Code, span: Span, message: impl Into<String>) {
        self.findings.push(Unplaced::new(code, span, message));
    }

    fn source(&self) -> &'s Source<'a> {
        self.checker.source
    }

    fn demands(&self) -> &'static Demands {
        self.checker.demands
    }

    fn text(&self, span: Span) -> String {
        String::from_utf8_lossy(self.source().slice(span)).into_owned()
    }

    fn run(&mut self) {
        let line = self.line;
        match line.body {
            LineBody::Blank => self.blank_line(),
            LineBody::Comment => self.comment_line(line),
            LineBody::Entry(entry) => self.entry(line, &entry),
            LineBody::Invalid { text } => self.invalid(text),
        }
        let held = self.checker.lines_may_hold;
        if held.control {
            self.control_characters(line);
        }
        if held.non_ascii {
            self.non_ascii(line);
        }
    }

    fn blank_line(&mut self) {
        if let Structure::Records { .. } = self.demands().structure {
            self.checker.end_record(self.findings);
            self.checker.state = State::Outside;
        }
    }

    /// A `user-agent` line with key `key` starts a record or group here.
    fn start_record(&mut self, key: Span) {
        self.checker.state = State::Agents { first: key };
        self.checker.record_place = self.findings.place();
    }

    fn user_agent_line(&mut self, key: Span) {
        match self.checker.state {
            State::Outside => self.start_record(key),
            State::Agents { .. } => {}
            State::Rules => {
                if self.demands().structure == (Structure::Records { separated: true }) {
                    self.push(
                        Code::MissingBlankLine,
                        key,
                        "a new record starts here without a blank line after the previous one",
                    );
                }
                self.start_record(key);
            }
        }
    }

    fn rule_line(&mut self, key: Span) {
        match self.checker.state {
            State::Outside => {
                let message = match self.demands().structure {
                    Structure::Groups => {
                        "rule before any `user-agent` line belongs to no group and is ignored"
                    }
                    Structure::Records { .. } => {
                        "rule outside a record: no `user-agent` line since the last blank line"
                    }
                };
                self.push(Code::RuleOutsideGroup, key, message);
            }
            State::Agents { .. } | State::Rules => self.checker.state = State::Rules,
        }
    }

    fn comment_line(&mut self, line: &Line) {
        if !self.demands().comments_at_line_start {
            return;
        }
        if let Some(comment) = line.comment {
            if comment.start > line.content.start {
                self.push(
                    Code::MisplacedWhitespace,
                    Span::new(line.content.start, comment.start),
                    "whitespace before a comment line's `#`",
                );
            }
        }
    }

    /// The first character outside US-ASCII in the line.
    fn non_ascii(&mut self, line: &Line) {
        let content = self.source().slice(line.content);
        if let Some(at) = first_where(content, |b| !b.is_ascii()) {
            let start = line.content.start + at;
            self.push(
                Code::NonAscii,
                Span::new(start, start + 1),
                "a character outside US-ASCII",
            );
        }
    }

    fn invalid(&mut self, text: Span) {
        if self
            .source()
            .slice(text)
            .starts_with(crate::source::UTF8_BOM)
        {
            self.push(
                Code::MisplacedBom,
                text,
                "a byte order mark is only allowed at the start of the file",
            );
        } else {
            self.push(
                Code::InvalidLine,
                text,
                "not a `key: value` record, a comment or a blank line",
            );
        }
    }

    fn entry(&mut self, line: &Line, entry: &Entry) {
        if self.demands().glued_keys {
            self.glued_key(line, entry);
        }
        self.key(entry);
        if entry.colon.is_none() {
            let gap = Span::new(entry.key.end, entry.value_or_empty().start);
            self.push(Code::MissingColon, gap, "missing `:` between key and value");
        }
        match entry.directive {
            Directive::UserAgent => {
                self.user_agent_line(entry.key);
                self.product_token(entry);
            }
            Directive::Allow | Directive::Disallow => {
                self.rule_line(entry.key);
                self.path(entry);
            }
            Directive::Sitemap => self.sitemap(entry),
            Directive::Other if self.is_content_usage_rule(entry) => {
                self.rule_line(entry.key);
                self.content_usage_rule(entry);
            }
            Directive::Other => {
                if let Some(extension) = entry.extension {
                    self.extension_record(extension, entry);
                }
            }
        }
    }

    /// A `content-usage` line where the grammar makes it a rule.
    fn is_content_usage_rule(&self, entry: &Entry) -> bool {
        self.demands().content_usage_rules && entry.extension == Some(Extension::ContentUsage)
    }

    /// A Content-Usage rule's value: `[path-pattern 1*WS] usage-pref`, the preference a
    /// Structured Fields Dictionary of at least one member (RFC 9651 §3.2).
    fn content_usage_rule(&mut self, entry: &Entry) {
        let value = entry.value_or_empty();
        let rule = ContentUsage::read(self.source().slice(value));
        let problem = match rule.error {
            Some(error) => Some((
                error.offset,
                format!("`content-usage` value: {}", error.message),
            )),
            None if rule.statement.is_empty() => Some((
                rule.path.as_ref().map_or(0, Vec::len),
                "`content-usage` value: a usage preference is required (`train-ai=n`)".to_owned(),
            )),
            None => None,
        };
        if let Some((offset, message)) = problem {
            let start = (value.start + offset).min(value.end);
            let end = (start + 1).min(value.end);
            self.push(Code::InvalidContentUsage, Span::new(start, end), message);
        }
    }

    /// A known extension's value, and its place when it applies to a group.
    fn extension_record(&mut self, extension: Extension, entry: &Entry) {
        if extension.scope() == Scope::Group && self.checker.state == State::Outside {
            self.push(
                Code::ExtensionOutsideGroup,
                entry.key,
                format!("`{extension}` applies to a group, and this line is in none: ignored"),
            );
        }
        let value = entry.value_or_empty();
        if let Some(error) = extension::value_error(extension, self.source().slice(value)) {
            let start = (value.start + error.offset).min(value.end);
            let end = (start + 1).min(value.end);
            let message = format!("`{extension}` value: {}", error.message);
            self.push(Code::InvalidExtensionValue, Span::new(start, end), message);
        }
    }

    /// No whitespace before the key, inside it or between it and the colon.
    fn glued_key(&mut self, line: &Line, entry: &Entry) {
        if entry.key.start > line.content.start {
            self.push(
                Code::MisplacedWhitespace,
                Span::new(line.content.start, entry.key.start),
                "whitespace before the key (the grammar starts the line with it)",
            );
        }
        let key = self.source().slice(entry.key);
        if let Some(at) = key.iter().position(|&b| b == b' ' || b == b'\t') {
            let start = entry.key.start + at;
            self.push(
                Code::MisplacedWhitespace,
                Span::new(start, start + 1),
                "whitespace inside the key",
            );
        }
        if let Some(colon) = entry.colon {
            if colon.start > entry.key.end {
                self.push(
                    Code::MisplacedWhitespace,
                    Span::new(entry.key.end, colon.start),
                    "whitespace before the colon (the grammar glues it to the key)",
                );
            }
        }
    }

    fn key(&mut self, entry: &Entry) {
        if self
            .source()
            .slice(entry.key)
            .starts_with(crate::source::UTF8_BOM)
        {
            // Where unknown keys are allowed (1994), the mark makes the key an unknown one,
            // ignored like any other: the grammar accepts the line.
            if self.demands().unknown_keys_violate {
                self.push(
                    Code::MisplacedBom,
                    entry.key,
                    "a byte order mark is only allowed at the start of the file",
                );
            }
            return;
        }
        match (entry.directive, entry.spelling) {
            (Directive::Other, _) if !self.demands().unknown_keys_violate => {}
            (Directive::Other, _) if self.is_content_usage_rule(entry) => {}
            // The key's text is made only for a message: most keys need none.
            (Directive::Other, _) => match entry.extension {
                Some(extension) => self.push(
                    Code::KnownExtension,
                    entry.key,
                    format!(
                        "`{}` is not a directive of {} but the `{extension}` extension record",
                        self.text(entry.key),
                        self.checker.variant
                    ),
                ),
                None => self.push(
                    Code::UnknownDirective,
                    entry.key,
                    format!(
                        "`{}` is not a directive of {}",
                        self.text(entry.key),
                        self.checker.variant
                    ),
                ),
            },
            (directive, Spelling::Prefix | Spelling::Typo) => self.push(
                Code::TypoDirective,
                entry.key,
                format!(
                    "`{}` is read as `{}`",
                    self.text(entry.key),
                    canonical_name(directive)
                ),
            ),
            (_, Spelling::Exact) => {}
        }
    }

    fn product_token(&mut self, entry: &Entry) {
        let Some(value) = entry.value else {
            self.push(
                Code::InvalidProductToken,
                entry.value_or_empty(),
                "empty user-agent value",
            );
            return;
        };
        let token = self.source().slice(value);
        let (valid, what) = match self.demands().agents {
            Agents::Identifier => (
                token == b"*"
                    || token
                        .iter()
                        .all(|&b| b.is_ascii_alphabetic() || b == b'-' || b == b'_'),
                "neither `*` nor a product token (letters, `-` and `_` only)",
            ),
            Agents::Rfc1945Token => (
                token.iter().all(|&b| is_token_char(b)),
                "not an RFC 1945 token (no spaces, controls, non-ASCII or ()<>@,;:\\\"/[]?={})",
            ),
            Agents::AnyText => (true, ""),
        };
        if !valid {
            self.push(
                Code::InvalidProductToken,
                value,
                format!("`{}` is {what}", self.text(value)),
            );
        }
    }

    fn path(&mut self, entry: &Entry) {
        let paths = self.demands().paths;
        let Some(value) = entry.value else {
            if paths == Paths::Rfc1808 && entry.directive == Directive::Allow {
                self.push(
                    Code::MissingValue,
                    entry.value_or_empty(),
                    "an `allow` line needs a path (only `disallow` may be empty)",
                );
            }
            return;
        };
        let path = self.source().slice(value);
        let absolute = path.starts_with(b"/");
        if !absolute && paths != Paths::AnyWord {
            self.push(
                Code::PathNotAbsolute,
                value,
                format!("path `{}` does not start with `/`", self.text(value)),
            );
        }
        self.no_whitespace(value);
        if absolute && paths == Paths::Rfc1808 {
            if let Some((at, why)) = rfc1808_error(path) {
                let start = value.start + at;
                self.push(Code::InvalidPath, Span::new(start, start + 1), why);
            }
        }
    }

    fn sitemap(&mut self, entry: &Entry) {
        match entry.value {
            Some(value) => self.no_whitespace(value),
            None => self.push(
                Code::MissingValue,
                entry.value_or_empty(),
                "sitemap without a URL",
            ),
        }
    }

    fn no_whitespace(&mut self, value: Span) {
        let bytes = self.source().slice(value);
        if let Some(at) = memchr::memchr2(b' ', b'\t', bytes) {
            let start = value.start + at;
            self.push(
                Code::WhitespaceInValue,
                Span::new(start, start + 1),
                "whitespace inside a value (write it as %20)",
            );
        }
    }

    /// The first control character (other than tab) in the line. Invalid UTF-8 bytes are all
    /// ≥ 0x80, so they never count here.
    fn control_characters(&mut self, line: &Line) {
        let content = self.source().slice(line.content);
        let found = first_where(content, is_control);
        if let Some((at, &byte)) = found.and_then(|at| Some((at, content.get(at)?))) {
            let start = line.content.start + at;
            self.push(
                Code::ControlCharacter,
                Span::new(start, start + 1),
                format!("control character U+{byte:04X}"),
            );
        }
    }
}

/// RFC 1945 `token` character: US-ASCII except CTLs and tspecials (`#` never reaches here: it
/// starts a comment).
fn is_token_char(byte: u8) -> bool {
    (0x21..0x7F).contains(&byte) && !b"()<>@,;:\\\"/[]?={}".contains(&byte)
}

/// RFC 1808 `pchar` (`uchar | ":" | "@" | "&" | "="`, `uchar` without `escape`), plus `~`
/// (grammar/1996-draft.pest, defect 6).
fn is_pchar(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || b"$-_.+!*'(),:@&=~".contains(&byte)
}

/// The first place where `path` (which starts with `/`) is not `"/" [RFC 1808 path]`:
/// `path = fsegment *("/" segment)`, `fsegment = 1*pchar`, `segment = *pchar`,
/// `escape = "%" hex hex`. Whitespace is left to `whitespace-in-value`.
fn rfc1808_error(path: &[u8]) -> Option<(usize, &'static str)> {
    if path.get(1) == Some(&b'/') {
        return Some((
            1,
            "a path cannot start with `//` (RFC 1808 `fsegment` is not empty)",
        ));
    }
    let mut at = 1;
    while let Some(&byte) = path.get(at) {
        if byte == b'%' {
            let hex = path
                .get(at + 1..at + 3)
                .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit));
            if !hex {
                return Some((at, "`%` not followed by two hex digits"));
            }
            at += 3;
            continue;
        }
        if !(is_pchar(byte) || byte == b'/' || byte == b' ' || byte == b'\t') {
            return Some((
                at,
                "a character RFC 1808 does not allow in a path (percent-encode it)",
            ));
        }
        at += 1;
    }
    None
}

/// The first position in `bytes` of a byte that `is`. Nearly every line holds none: an OR over
/// the whole line ([`holds_any`]) says so at about half the cost of a search that stops at the
/// first (measured on the corpus's lines), and only a line that holds one is searched.
fn first_where(bytes: &[u8], is: impl Fn(u8) -> bool) -> Option<usize> {
    if holds_any(bytes, &is) {
        bytes.iter().position(|&byte| is(byte))
    } else {
        None
    }
}

/// Whether some byte of `bytes` is one that `is`: an OR over all of them, with no early exit,
/// which the compiler turns into vector instructions.
fn holds_any(bytes: &[u8], is: impl Fn(u8) -> bool) -> bool {
    bytes.iter().fold(false, |any, &byte| any | is(byte))
}

fn is_control(byte: u8) -> bool {
    (byte < 0x20 && byte != b'\t') || byte == 0x7F
}

/// The canonical spelling of a directive, for messages.
pub(super) fn canonical_name(directive: Directive) -> &'static str {
    match directive {
        Directive::UserAgent => "user-agent",
        Directive::Allow => "allow",
        Directive::Disallow => "disallow",
        Directive::Sitemap => "sitemap",
        Directive::Other => "other",
    }
}
