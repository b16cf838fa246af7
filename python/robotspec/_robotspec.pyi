"""Type stubs of the extension module robotspec._robotspec (written by hand; a test holds
them to the names the module has). Their docstrings are short summaries for editors; the
compiled module's (``help()``, docs/python-api.md) are the full ones, with examples."""

from typing import Any, Dict, Iterable, List, Literal, Optional, Tuple, TypedDict, Union, final

Body = Union[bytes, bytearray, memoryview, str]
"""A type alias of the stubs: a robots.txt body, bytes as fetched (any bytes; a bytearray or
memoryview is read as its bytes) or a str (encoded as UTF-8)."""

VariantName = Literal["convention-1994", "draft-1996", "rep-draft-2019", "rfc9309", "google"]
"""A type alias of the stubs: the name of a variant."""

Reading = Union[VariantName, str]
"""A type alias of the stubs: what a ``profile`` argument takes — a variant's name (any ASCII
case; ``1994`` and ``1996-draft`` too) or a composed reading ("rfc9309+agent-matching=substring")."""

Mode = Literal["lenient", "strict"]
"""A type alias of the stubs: a mode (any ASCII case is read)."""

Collect = Literal["all", "limits"]
"""A type alias of the stubs: which diagnostics a lenient reading collects (any ASCII case is
read): every finding of the grammar checks, or only what a limit cut."""

State = Literal["rules", "allow-all", "disallow-all", "unreachable"]
"""A type alias of the stubs: what a crawler may do under the access policy."""

Blocked = Literal["all", "some", "none", "unreachable", "undecided"]
"""A type alias of the stubs: how much of a site is blocked for a crawler, over every URL — the
library's ``Blocked``, which ``Analysis.blocked`` and ``Access.blocked`` answer in (only an
access result says "unreachable")."""

DeadCause = Literal["empty", "never-decides", "never-matches", "duplicate", "shadowed"]
"""A type alias of the stubs: why a rule decides no URL."""

Tag = Literal["user-agent", "allow", "disallow", "sitemap", "unused", "unknown"]
"""A type alias of the stubs: what a line holds, in Google's report."""

LintSeverity = Literal["error", "warning", "note"]
"""A type alias of the stubs: how much a lint finding matters."""

class ReportLine(TypedDict):
    """A line of Google's per-line report (a type of the stubs: the module returns a dict)."""

    line: int
    tag: Tag
    is_typo: bool
    is_empty: bool
    has_comment: bool
    is_comment: bool
    has_directive: bool
    is_acceptable_typo: bool
    is_line_too_long: bool
    is_missing_colon_separator: bool

class GoogleReport(TypedDict):
    """Google's per-line report of a file (a type of the stubs: the module returns a dict)."""

    lines: List[ReportLine]
    valid_directives: int
    unused_directives: int
    last_line_seen: int

__all__ = [
    "Access",
    "AgentError",
    "Analysis",
    "Comparison",
    "DEFAULT_VARIANT",
    "DeadRule",
    "Diagnostic",
    "Difference",
    "Equivalence",
    "Explanation",
    "Finding",
    "LIMITS",
    "Parsed",
    "Robots",
    "SETTINGS",
    "StrictError",
    "Usage",
    "VARIANTS",
    "Verdict",
    "Witness",
    "diff",
    "diff_many",
    "google_report",
    "lint",
    "parse",
    "redirect_target",
    "robots_txt_url",
]

VARIANTS: Tuple[VariantName, ...]
"""The variant names, oldest first: convention-1994, draft-1996, rep-draft-2019, rfc9309,
google."""

LIMITS: Tuple[str, ...]
"""The names of the limits, each a keyword argument of ``Robots`` and ``parse``."""

SETTINGS: Dict[str, Tuple[str, ...]]
"""The settings a composed reading changes, each with its values ("N" stands for a number):
``"rfc9309+agent-matching=substring"`` is rfc9309 with one decision changed."""

DEFAULT_VARIANT: Literal["google"]
"""The variant read when none is named: "google", the command line's default."""

class AgentError(ValueError):
    """The agent names no crawler: it is empty, blank or only commas, holds a control character
    (a tab, a line end, NUL, DEL) or a lone surrogate. Read as the empty token it would quietly
    get the ``*`` groups."""

class StrictError(ValueError):
    """The file does not conform to the variant's grammar (strict mode), or a limit stopped
    part of it from being read. ``diagnostics`` holds every problem found, in input order, each
    an error; ``str()`` of the exception is the first of them."""

    diagnostics: List[Diagnostic]
    """Every problem found, in input order, each an error."""

@final
class Diagnostic:
    """One finding of the reading, positioned in the input.

    >>> parsed = parse(b"User-agent: *\\nDisallow /x\\n", "rfc9309")
    >>> first = parsed.diagnostics[0]
    >>> first.code, first.line, first.col
    ('missing-colon', 2, 9)
    >>> str(first)
    '2:9: warning[missing-colon]: missing `:` between key and value'
    """

    @property
    def code(self) -> str:
        """The stable code, e.g. ``"missing-colon"`` (docs/diagnostics.md)."""
    @property
    def severity(self) -> Literal["error", "warning"]:
        """``"error"`` or ``"warning"``."""
    @property
    def line(self) -> int:
        """1-based line where the finding starts."""
    @property
    def col(self) -> int:
        """1-based column where it starts, in characters (an invalid byte counts as one)."""
    @property
    def span(self) -> Tuple[int, int]:
        """The bytes concerned, (start, end) into the input."""
    @property
    def message(self) -> str:
        """A sentence for people."""
    def to_dict(self) -> Dict[str, Any]:
        """``code``, ``severity``, ``span``, ``line``, ``col``, ``message``: the CLI's JSON."""
    def __eq__(self, other: object, /) -> bool: ...

@final
class Verdict:
    """May the URL be fetched, and why: the answer of ``Robots.check``.

    ``str(verdict)`` is the line the command line's ``check`` prints after the URL;
    ``verdict.to_dict()`` is the verdict of ``check --format json``.

    >>> robots = Robots(b"User-agent: *\\nDisallow: /private\\n")
    >>> verdict = robots.check("FooBot", "https://example.com/private/x")
    >>> verdict.allowed, verdict.line, verdict.rule
    (False, 2, 'Disallow: /private')
    >>> str(verdict)
    'disallowed by line 2: Disallow: /private [`*` group at line 1]'
    """

    @property
    def allowed(self) -> bool:
        """True when the URL may be fetched."""
    @property
    def decision(self) -> Literal["rule", "no-matching-rule", "no-group", "robots-txt"]:
        """What decided: "rule", "no-matching-rule", "no-group" or "robots-txt"."""
    @property
    def line(self) -> Optional[int]:
        """The deciding rule's line number, or None when no rule decided."""
    @property
    def rule(self) -> Optional[str]:
        """The deciding rule's line as written (trimmed), or None when no rule decided."""
    @property
    def agent(self) -> Optional[str]:
        """The agent token the applied groups name (lower-cased), "*" for the ``*`` groups, or
        None when no group applies."""
    @property
    def groups(self) -> List[int]:
        """The first lines of the groups whose rules were used."""
    def to_dict(self) -> Dict[str, Any]:
        """``allowed``, ``decision``, ``line``, ``rule``, ``agent``, ``groups``."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Explanation:
    """A verdict with everything that went into it: the answer of ``Robots.explain``.

    ``str(explanation)`` is the block the command line's ``explain`` prints.

    >>> robots = Robots(b"User-agent: *\\nDisallow: /a\\nAllow: /a/b\\n")
    >>> explanation = robots.explain("bot", "/a/b/c")
    >>> explanation.verdict.allowed, explanation.why
    (True, 'longest match: 4 bytes beat 2 (line 2)')
    >>> [rule["line"] for rule in explanation.matching]
    [3, 2]
    """

    @property
    def verdict(self) -> Verdict:
        """The verdict."""
    @property
    def url(self) -> str:
        """The URL (or path) asked about, as given."""
    @property
    def profile(self) -> str:
        """The reading that read the file: a variant's name, or a composed reading's."""
    @property
    def target(self) -> str:
        """What the rules were matched against: the URL's path, params and query."""
    @property
    def matching(self) -> List[Dict[str, Any]]:
        """Every matching rule of the applied groups in priority order (the first decides):
        ``line``, ``kind``, ``text``, ``pattern``, ``origin``."""
    @property
    def why(self) -> str:
        """Why the verdict is what it is, in the variant's terms."""
    @property
    def engine(self) -> Literal["none", "prefix-table", "dense-dfa", "lazy-dfa", "glob"]:
        """The engine that answered the applied groups' rules ("prefix-table", "lazy-dfa", …,
        "none")."""
    @property
    def records(self) -> List[Dict[str, Any]]:
        """The extension records (Crawl-delay, Content-Usage, …) of the applied groups."""
    def to_dict(self) -> Dict[str, Any]:
        """As the command line's ``explain --format json`` prints each result."""

@final
class Usage:
    """The usage preferences (Content-Usage, Content-Signal) that apply to a URL for a crawler:
    the answer of ``Robots.usage`` (docs/extensions.md).

    >>> robots = Robots(b"User-Agent: *\\nAllow: /\\nContent-Usage: train-ai=n\\n", "rfc9309")
    >>> usage = robots.usage("bot", "/page")
    >>> usage.content_usage, usage.content_usage_line
    ({'train-ai': 'n'}, 3)
    """

    @property
    def verdict(self) -> Verdict:
        """The crawl verdict the preferences depend on."""
    @property
    def url(self) -> str:
        """The URL (or path) asked about, as given."""
    @property
    def content_usage(self) -> Optional[Dict[str, str]]:
        """The deciding Content-Usage preferences, label → "y" or "n"; None when the URL may
        not be fetched or no rule applies."""
    @property
    def content_usage_line(self) -> Optional[int]:
        """The line of the first deciding Content-Usage rule."""
    @property
    def content_usage_lines(self) -> List[int]:
        """The lines of every deciding Content-Usage rule."""
    @property
    def content_signal(self) -> Optional[Dict[str, str]]:
        """The Content-Signal of the groups that apply, key → value as written."""
    @property
    def content_signal_lines(self) -> List[int]:
        """The lines of ``content_signal``."""
    @property
    def content_signal_file(self) -> Optional[Dict[str, str]]:
        """The Content-Signal of the whole file (every line, as crawler-commons reads it)."""
    @property
    def content_signal_file_lines(self) -> List[int]:
        """The lines of ``content_signal_file``."""
    @property
    def policy_tokens(self) -> List[Dict[str, Any]]:
        """The preferences policy tokens state for the URL (``__usage_ai-training``,
        draft-kelley-aipref-training-preference-signal-00), one dict per token a group names:
        ``token``, ``category``, ``preference`` ("n" where the token is disallowed) and the
        token's ``verdict``; empty when the file names none."""
    def to_dict(self) -> Dict[str, Any]:
        """As the command line's ``usage --format json`` prints each result."""

@final
class Comparison:
    """Every variant's verdict on one query, and the pairs that disagree with the reason: the
    answer of ``diff``.

    >>> body = b"User-Agent: foobot\\nAllow: /page/\\nDisallow: /page/x.gif\\n"
    >>> comparison = diff(body, "foobot", "/page/x.gif", ["draft-1996", "google"])
    >>> comparison.verdicts
    {'draft-1996': True, 'google': False}
    >>> comparison.disagreements[0]["reason"]
    'first-match-vs-longest-match'
    """

    @property
    def url(self) -> str:
        """The URL (or path) asked about, as given."""
    @property
    def answers(self) -> List[Dict[str, Any]]:
        """One answer per variant, in the order asked: ``variant``, ``allowed``, ``decision``,
        ``rule`` (``{"line", "text"}`` or None), ``groups``."""
    @property
    def disagreements(self) -> List[Dict[str, Any]]:
        """One per pair of variants whose verdicts differ: ``left``, ``right``, ``reason``,
        ``evidence``, ``left_rule``, ``right_rule``."""
    @property
    def disagrees(self) -> bool:
        """True when some variants allow the URL and others do not."""
    @property
    def verdicts(self) -> Dict[str, bool]:
        """Variant name → allowed, in the order asked."""
    def to_dict(self) -> Dict[str, Any]:
        """As the command line's ``diff --format json`` prints each URL's comparison."""

@final
class Parsed:
    """A parsed file: its diagnostics, and its lossless tree.

    >>> parsed = parse(b"User-agent: *\\nDisalow: /x\\n")
    >>> [d.code for d in parsed.diagnostics]
    ['typo-directive']
    >>> [line["kind"] for line in parsed.tree["children"]]
    ['user_agent_line', 'disallow_line']
    """

    @property
    def tree(self) -> Dict[str, Any]:
        """The lossless tree as nested dicts, the JSON of ``robotspec parse --format json``:
        each node has ``kind``, ``span``, ``line``, ``col``, and ``children`` or (a leaf)
        ``text`` (with ``bytes_base64`` when its bytes are not UTF-8)."""
    def to_json(self, pretty: bool = False) -> str:
        """The tree as JSON text: compact, or indented as ``parse --format json`` prints it."""
    @property
    def diagnostics(self) -> List[Diagnostic]:
        """Every finding, in input order: warnings in lenient mode."""
    @property
    def profile(self) -> str:
        """The reading that read the file: a variant's name, or a composed reading's."""
    @property
    def mode(self) -> Mode:
        """"lenient" or "strict"."""

@final
class Robots:
    """A parsed robots.txt file: parse once, ask many times, and know why.

    ``body`` is the file: bytes as fetched (any bytes) or a str (encoded as UTF-8).
    ``profile`` names the reading: one of ``VARIANTS`` (default "google", the command line's)
    or a composed reading, a variant with single decisions changed
    ("rfc9309+agent-matching=substring"; ``SETTINGS``). ``variant=``, its former name, is
    deprecated: it warns and means ``profile=``.
    Lenient mode never fails; ``mode="strict"`` raises ``StrictError`` when the file breaks
    the variant's grammar. ``collect="all"`` runs the grammar checks so that ``diagnostics``
    holds every finding; the default, ``collect="limits"``, only what a limit cut (the Rust
    library's ``Collect``). ``lint=True``/``False``, the former name, is deprecated: it warns
    and means ``collect="all"``/``"limits"``. The limits (``LIMITS``) are keyword arguments.

    An agent is a product token ("Googlebot"), several comma-separated, most specific first
    ("Googlebot-Image, Googlebot"), or a whole User-Agent header, whose product token is used.
    A URL is a full URL or a path ("/a?b"). Share one ``Robots`` between threads freely.

    >>> robots = Robots(b"User-agent: *\\nDisallow: /private\\nAllow: /private/press\\n")
    >>> robots.is_allowed("FooBot", "https://example.com/private/plans.html")
    False
    >>> robots.is_allowed_many("FooBot", ["/", "/private/x", "/private/press/2026"])
    [True, False, True]
    >>> str(robots.check("FooBot", "/private/x"))
    'disallowed by line 2: Disallow: /private [`*` group at line 1]'
    """

    def __new__(
        cls,
        body: Body,
        profile: Reading = "google",
        *,
        variant: Optional[Reading] = None,
        mode: Mode = "lenient",
        collect: Optional[Collect] = None,
        lint: Optional[bool] = None,
        drop_invalid_utf8: bool = False,
        input_bytes: int = ...,
        line_bytes: int = ...,
        groups: int = ...,
        rules_per_group: int = ...,
        pattern_bytes: int = ...,
        diagnostics: int = ...,
        dense_dfa_bytes: int = ...,
        lazy_cache_bytes: int = ...,
        nfa_bytes: int = ...,
        prefix_table_min_rules: int = ...,
        analysis_states: int = ...,
        **limits: int,
    ) -> Robots: ...
    @property
    def profile(self) -> str:
        """The reading that read the file: a variant's name, or a composed reading's."""
    def is_allowed(self, agent: str, url: str) -> bool:
        """May ``agent`` fetch ``url``?"""
    def is_allowed_many(self, agent: str, urls: Iterable[str]) -> List[bool]:
        """May ``agent`` fetch each of ``urls``? One bool per URL, in order; the interpreter
        is released while they are answered."""
    def check(self, agent: str, url: str) -> Verdict:
        """The verdict for ``agent`` and ``url``: allowed or not, the deciding rule and the
        groups used."""
    def check_many(self, agent: str, urls: Iterable[str]) -> List[Verdict]:
        """The verdict for each of ``urls``, in order; the interpreter is released while they
        are answered."""
    def explain(self, agent: str, url: str) -> Explanation:
        """The verdict with every matching rule and why the winner won."""
    def usage(self, agent: str, url: str) -> Usage:
        """The usage preferences (Content-Usage, Content-Signal) for ``agent`` on ``url``."""
    def applicable(self, agent: str) -> Dict[str, Any]:
        """The groups that apply to ``agent``: ``agent``, ``groups``, ``crawl_delay``."""
    def crawl_delay(self, agent: str) -> Optional[float]:
        """The first Crawl-delay of the groups that apply to ``agent``, in seconds."""
    def request_rate(self, agent: str) -> Optional[Tuple[int, float]]:
        """The first Request-rate of the groups that apply to ``agent``, as (requests,
        seconds)."""
    @property
    def groups(self) -> List[Dict[str, Any]]:
        """Every group in file order: ``line``, ``agents``, ``rules``, ``records``."""
    @property
    def sitemaps(self) -> List[str]:
        """The Sitemap URLs, as written, in file order."""
    @property
    def records(self) -> List[Dict[str, Any]]:
        """The records of the file rather than of a group: ``line``, ``key``, ``value``,
        ``extension``, ``typed``, ``error``."""
    @property
    def diagnostics(self) -> List[Diagnostic]:
        """What the reading found, in input order."""
    def to_dict(self) -> Dict[str, Any]:
        """The file as the profile reads it: ``variant`` (the profile's name), ``groups``,
        ``sitemaps``, ``records``, ``ignored_rules``, ``diagnostics``."""
    def analyze(self, agent: Optional[str] = None) -> Analysis:
        """The exact analysis of ``agent``'s rules over every URL (None: a crawler no group
        names): how much is blocked, the shortest allowed and disallowed paths, the dead rules. The
        interpreter is released while it runs.

        >>> robots = Robots(b"User-agent: *\nDisallow: /\n\nUser-agent: GPTBot\nDisallow: /private\n")
        >>> robots.analyze().blocked, robots.analyze("GPTBot").blocked
        ('all', 'some')
        """
    def analyze_each(self, agents: Iterable[Optional[str]]) -> List[Analysis]:
        """``analyze`` for each crawler of ``agents`` (None: a crawler no group names), in
        order; crawlers whose rules say the same are analysed once, each answer naming its own
        rules' lines. Released as ``analyze`` is.

        >>> robots = Robots(b"User-agent: a\nDisallow: /\n\nUser-agent: b\nDisallow: /\n")
        >>> [a.blocked for a in robots.analyze_each(robots.named_agents + [None])]
        ['all', 'all', 'none']
        """
    def compare(self, other: Robots, agent: Optional[str] = None) -> Equivalence:
        """Whether ``other`` (another file, or this file read another way) allows ``agent`` the
        same URLs, every one; if not, the shortest path each allows alone. Released as
        ``analyze`` is.

        >>> old = Robots(b"User-agent: *\nDisallow: /private\n")
        >>> new = Robots(b"User-agent: *\nDisallow: /private\nAllow: /private/press\n")
        >>> old.compare(new, "FooBot").allowed_only_by_new.path
        '/private/press'
        """
    @property
    def named_agents(self) -> List[str]:
        """Every agent token the groups name, lower-cased, each once, in file order."""

@final
class Witness:
    """A request path and how the reading decides it: an example of an ``Analysis``, a side
    of a ``Difference``.

    >>> witness = Robots(b"User-agent: *\nDisallow: /x\n").analyze().disallowed_example
    >>> witness.path, witness.allowed, witness.line, witness.rule
    ('/x', False, 2, 'Disallow: /x')
    """

    @property
    def path(self) -> str:
        """The path, as a client puts it after the host: "/", then printable ASCII but "#".
        One that starts with "//" is asked for as ``"http://example.com" + path`` (a bare
        "//x" names the host "x"); ``str()`` shows it so."""
    @property
    def allowed(self) -> bool:
        """True when the reading allows it."""
    @property
    def decision(self) -> Literal["rule", "no-matching-rule", "no-group"]:
        """What decides it: "rule", "no-matching-rule" or "no-group"."""
    @property
    def line(self) -> Optional[int]:
        """The deciding rule's line number, or None when no rule decides."""
    @property
    def rule(self) -> Optional[str]:
        """The deciding rule's line as written (trimmed), or None when no rule decides."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class DeadRule:
    """A rule that decides no URL at all, and why: an entry of ``Analysis.dead_rules``.

    >>> dead = Robots(b"User-agent: *\nDisallow: /a\nAllow: /a\n").analyze().dead_rules[0]
    >>> dead.line, dead.cause, dead.shadowed_by
    (2, 'shadowed', [(3, 'Allow: /a')])
    """

    @property
    def line(self) -> int:
        """The rule's line number."""
    @property
    def rule(self) -> str:
        """The rule's line as written (trimmed)."""
    @property
    def cause(self) -> DeadCause:
        """Why it decides nothing."""
    @property
    def why(self) -> str:
        """Why, in a sentence."""
    @property
    def shadowed_by(self) -> Optional[List[Tuple[int, str]]]:
        """The rules that rank above it and match every path it matches, as (line, rule);
        None when not asked or not known."""
    def __eq__(self, other: object, /) -> bool: ...

@final
class Analysis:
    """The exact analysis of one crawler's rules over every URL: the answer of
    ``Robots.analyze``.

    >>> analysis = Robots(b"User-agent: *\nDisallow: /\nAllow: /$\n").analyze("FooBot")
    >>> analysis.blocked, analysis.allowed_example.path, analysis.disallowed_example.path
    ('some', '/', '/!')
    """

    @property
    def blocked(self) -> Blocked:
        """How much of the site the rules block: "all", "some", "none", or "undecided"."""
    @property
    def allowed_example(self) -> Optional[Witness]:
        """The shortest allowed path, or None when no path is allowed."""
    @property
    def disallowed_example(self) -> Optional[Witness]:
        """The shortest disallowed path, or None when no path is disallowed."""
    @property
    def dead_rules(self) -> Optional[List[DeadRule]]:
        """Every rule that decides no path, in file order; None when undecided."""
    @property
    def undecided(self) -> Optional[str]:
        """The limit that stopped the analysis before every answer was exact, or None."""
    def to_dict(self) -> Dict[str, Any]:
        """As ``robotspec analyze --format json``: ``blocked``, ``allowed_example``,
        ``allowed_by``, ``disallowed_example``, ``disallowed_by``, ``dead_rules``,
        ``undecided``."""

@final
class Difference:
    """A path on which two sides part: an entry of ``Equivalence.differences``."""

    @property
    def path(self) -> str:
        """The path."""
    @property
    def old(self) -> Witness:
        """How the first side decides it."""
    @property
    def new(self) -> Witness:
        """How the second side decides it."""

@final
class Equivalence:
    """Whether two sides allow the same URLs: the answer of ``Robots.compare``.

    >>> body = b"User-agent: *\nDisallow: /*.php$\n"
    >>> parted = Robots(body, "rfc9309").compare(Robots(body, "draft-1996"))
    >>> parted.equivalent, parted.allowed_only_by_new.path
    (False, '/.php')
    """

    @property
    def equivalent(self) -> Optional[bool]:
        """True, False, or None when a limit stopped the search first."""
    @property
    def allowed_only_by_old(self) -> Optional[Difference]:
        """The shortest path the first side allows and the second does not."""
    @property
    def allowed_only_by_new(self) -> Optional[Difference]:
        """The shortest path the second side allows and the first does not."""
    @property
    def differences(self) -> List[Difference]:
        """The differences found, ``allowed_only_by_old`` first."""
    @property
    def undecided(self) -> Optional[str]:
        """The limit that stopped the search, or None."""
    def to_dict(self) -> Dict[str, Any]:
        """As ``robotspec compare --format json``: ``equivalent``, ``differences``,
        ``undecided``."""

def parse(
    body: Body,
    profile: Reading = "google",
    mode: Mode = "lenient",
    *,
    variant: Optional[Reading] = None,
    drop_invalid_utf8: bool = False,
    input_bytes: int = ...,
    line_bytes: int = ...,
    groups: int = ...,
    rules_per_group: int = ...,
    pattern_bytes: int = ...,
    diagnostics: int = ...,
    dense_dfa_bytes: int = ...,
    lazy_cache_bytes: int = ...,
    nfa_bytes: int = ...,
    prefix_table_min_rules: int = ...,
    analysis_states: int = ...,
) -> Parsed:
    """Parses ``body`` as ``profile`` reads it in ``mode`` ("lenient": never fails, problems
    are warnings; "strict": raises ``StrictError`` with every problem when the file breaks the
    variant's grammar). Every finding of the grammar checks is collected. ``variant=``, the
    former name of ``profile``, is deprecated: it warns.

    >>> parse(b"User-agent: *\\nDisallow /private\\n", "rfc9309", "strict")
    Traceback (most recent call last):
      ...
    robotspec.StrictError: 2:9: error[missing-colon]: missing `:` between key and value
    """

def google_report(body: Body) -> GoogleReport:
    """Google's per-line report of ``body`` (its reporting library's
    ``RobotsParsingReporter``), Google's view of the file whatever variant one reads it with:
    ``{"lines": [...], "valid_directives": int, "unused_directives": int, "last_line_seen":
    int}``, each line a dict with ``line``, ``tag`` ("user-agent", "allow", "disallow",
    "sitemap", "unused" or "unknown") and the bool flags ``is_typo``, ``is_empty``,
    ``has_comment``, ``is_comment``, ``has_directive``, ``is_acceptable_typo``,
    ``is_line_too_long``, ``is_missing_colon_separator``.

    >>> report = google_report(b"User-agent: *\\nCrawl-delay: 5\\n")
    >>> [(line["line"], line["tag"]) for line in report["lines"]]
    [(1, 'user-agent'), (2, 'unused'), (3, 'unknown')]
    """

@final
class Finding:
    """One finding of the linter (docs/lint.md): its stable code, severity, position, message,
    the readings it applies to, and a fix when one is certain.

    >>> finding = lint(b"User-agent: AI2Bot\\nDisallow: /\\n")[0]
    >>> finding.code, finding.severity, finding.line, finding.col
    ('agent-misread', 'error', 1, 13)
    """

    @property
    def code(self) -> str:
        """The stable code, e.g. ``"agent-misread"`` (docs/lint.md)."""
    @property
    def severity(self) -> LintSeverity:
        """``"error"``, ``"warning"`` or ``"note"``."""
    @property
    def line(self) -> Optional[int]:
        """1-based line, or None for a finding about the whole file."""
    @property
    def col(self) -> Optional[int]:
        """1-based column in characters, or None for a finding about the whole file."""
    @property
    def message(self) -> str:
        """A sentence for people: what each reading does with the line."""
    @property
    def readings(self) -> List[str]:
        """The readings the finding applies to, by name."""
    @property
    def fix(self) -> Optional[str]:
        """The change that fixes it, when one is certain."""
    def to_dict(self) -> Dict[str, Any]:
        """``line``, ``col``, ``severity``, ``code``, ``message``, ``readings``, ``fix``: the
        CLI's JSON without ``file``."""
    def __eq__(self, other: object, /) -> bool: ...

def lint(
    body: Body,
    profiles: Union[Reading, Iterable[Reading], None] = None,
    *,
    variants: Union[Reading, Iterable[Reading], None] = None,
    allow: List[str] = ...,
    deny: List[str] = ...,
) -> List[Finding]:
    """The linter's findings on ``body``, in file order, under ``profiles`` (default google and
    rfc9309; ``variants=``, the former name, is deprecated: it warns); ``allow`` silences codes,
    ``deny`` raises them to errors (docs/lint.md)."""

def diff(
    body: Body,
    agent: str,
    url: str,
    profiles: Union[Reading, Iterable[Reading], None] = None,
    *,
    variants: Union[Reading, Iterable[Reading], None] = None,
) -> Comparison:
    """Every reading's verdict for ``agent`` on ``url``, with the reason wherever two
    disagree; ``profiles`` is a list of names or one comma-separated str (default: the five
    variants; ``variants=``, the former name, is deprecated: it warns)."""

# Corpus studies (issue 15; python/src/access.rs and grid.rs).

@final
class Access:
    """What a fetch of robots.txt means for crawling under one reading (``profile``, as for
    ``Robots``; ``variant=`` is deprecated): the library's access policy (docs/access.md)
    applied to a status code, headers and a body.

    ``status`` is the HTTP status, or None when no response came (``failure`` says why; every
    variant treats it as unreachable). A 2xx body is parsed (its first ``size_limit`` bytes,
    512,000 by default); another status decides by itself. ``headers`` (a mapping or pairs of
    str) feed the lifetime. A redirect status is a status the policy leaves undefined: follow
    redirects first (``redirect_target``).

    >>> Access(403, profile="draft-1996").state, Access(403, profile="rfc9309").state
    ('disallow-all', 'allow-all')
    >>> access = Access(200, b"User-agent: *\\nDisallow: /private\\n", "rfc9309")
    >>> access.answers(["FooBot"], ["/", "/private/x"])
    [(True, None, None, '*'), (False, 2, 'Disallow: /private', '*')]
    """

    def __new__(
        cls,
        status: Optional[int],
        body: Optional[Body] = None,
        profile: Reading = "google",
        *,
        variant: Optional[Reading] = None,
        headers: Union[Dict[str, str], Iterable[Tuple[str, str]], None] = None,
        failure: Optional[str] = None,
        size_limit: Optional[int] = None,
    ) -> Access: ...
    @property
    def profile(self) -> str:
        """The reading whose policy decided: a variant's name, or a composed reading's."""
    @property
    def status(self) -> Optional[int]:
        """The status code given, or None when no response came."""
    @property
    def state(self) -> State:
        """"rules", "allow-all", "disallow-all" or "unreachable"."""
    @property
    def reason(self) -> str:
        """Why, in words: "403: access to the file refused", …"""
    @property
    def lifetime(self) -> float:
        """How long the answer holds, in seconds."""
    @property
    def lifetime_source(
        self,
    ) -> Literal["default", "max-age", "expires", "capped", "retry", "no-store", "no-cache"]:
        """"default", "max-age", "expires", "capped", "retry", "no-store" or "no-cache"."""
    @property
    def diagnostics(self) -> List[Diagnostic]:
        """The policy's diagnostics (``size-limit``), then the parse's."""
    def allows(self, agent: str, url: str) -> bool:
        """May ``agent`` crawl ``url``? Rules decide under "rules"; "allow-all" says yes, the
        other states no."""
    def check(self, agent: str, url: str) -> Optional[Verdict]:
        """The rules' verdict under "rules"; None when the state decides by itself."""
    def answers(
        self, agents: Iterable[str], urls: Iterable[str]
    ) -> List[Tuple[bool, Optional[int], Optional[str], Optional[str]]]:
        """``(allowed, line, rule, group_agent)`` for every agent (outer) and URL (inner), the
        interpreter released."""
    def blocked(self, agents: Iterable[str]) -> List[Blocked]:
        """Per agent, how much of the site is blocked: "all", "some", "none", "unreachable" or
        "undecided", decided exactly over every URL (docs/study.md)."""
    def blocking(self, agent: str) -> Tuple[Blocked, Optional[str], Optional[str]]:
        """``(blocked, disallowed, allowed)``: what is blocked for ``agent``, the shortest path
        it may not fetch and the shortest it may (None when there is none)."""
    def blocking_each(
        self, agents: Iterable[str]
    ) -> List[Tuple[Blocked, Optional[str], Optional[str]]]:
        """``blocking`` for each agent of ``agents``, in order."""
    def compare(self, other: Access, agents: Iterable[str]) -> List[Optional[Equivalence]]:
        """Per agent, where this result's rules and ``other``'s part, over every URL; None when
        the state of either is not "rules"."""
    def summary(self) -> Dict[str, Any]:
        """``body_bytes``, ``state``, ``groups``, ``rules``, ``ignored_rules``, ``sitemaps``,
        ``diagnostics`` (code → count) and ``extensions`` (the known extension records)."""
    def to_dict(self) -> Dict[str, Any]:
        """``variant`` (the profile's name), ``state``, ``reason``, ``lifetime``,
        ``diagnostics``."""

def redirect_target(status: int, location: Optional[str], url: str) -> Optional[str]:
    """Where a response to ``url`` redirects to when a fetcher follows it (301, 302, 303, 307,
    308 with a usable Location), else None.

    >>> redirect_target(301, "https://example.com/robots.txt", "http://example.com/robots.txt")
    'https://example.com/robots.txt'
    """

def robots_txt_url(url: str) -> str:
    """The robots.txt URL that governs ``url``: its scheme, host (lower-cased, an
    internationalised name as punycode by UTS 46) and port (none when it is the scheme's
    default), path ``/robots.txt``. ValueError when ``url`` is not an absolute URL or has no
    host.

    >>> robots_txt_url("HTTPS://user@WWW.Example.com:443/folder/page?q#f")
    'https://www.example.com/robots.txt'
    """

def diff_many(
    body: Body,
    agents: Iterable[str],
    urls: Iterable[str],
    profiles: Union[Reading, Iterable[Reading], None] = None,
    *,
    variants: Union[Reading, Iterable[Reading], None] = None,
) -> List[Comparison]:
    """``diff`` for every agent (outer) and URL (inner), each reading reading ``body`` once."""
