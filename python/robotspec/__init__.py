"""robots.txt in every form it has had, from Python.

The five readings of the Robots Exclusion Protocol — the 1994 convention, Koster's 1996 draft,
the 2019 Internet-Draft, RFC 9309 and Google's library behaviour for behaviour — parsed
strictly (every grammar violation, with its line and column) or leniently (never fails), with
verdicts that say which rule decided and why. The work is done by the robotspec Rust library,
compiled into the extension module ``robotspec._robotspec``; this package re-exports it, and
``robotspec.scrapy`` plugs it into Scrapy.

>>> import robotspec
>>> robots = robotspec.Robots(b"User-agent: *\\nDisallow: /private\\n")
>>> robots.is_allowed("Mozilla/5.0 (compatible; FooBot/1.0)", "https://example.com/private/a")
False
>>> robotspec.VARIANTS
('convention-1994', 'draft-1996', 'rep-draft-2019', 'rfc9309', 'google')
"""

from ._robotspec import (
    DEFAULT_VARIANT,
    LIMITS,
    SETTINGS,
    VARIANTS,
    AgentError,
    Analysis,
    Comparison,
    DeadRule,
    Diagnostic,
    Difference,
    Equivalence,
    Explanation,
    Finding,
    Parsed,
    Robots,
    StrictError,
    Usage,
    Verdict,
    Witness,
    diff,
    google_report,
    lint,
    parse,
)

__all__ = [
    "DEFAULT_VARIANT",
    "LIMITS",
    "SETTINGS",
    "VARIANTS",
    "AgentError",
    "Analysis",
    "Comparison",
    "DeadRule",
    "Diagnostic",
    "Difference",
    "Equivalence",
    "Explanation",
    "Finding",
    "Parsed",
    "Robots",
    "StrictError",
    "Usage",
    "Verdict",
    "Witness",
    "diff",
    "google_report",
    "lint",
    "parse",
]

# Corpus studies (issue 15; robotspec.study): a capture's meaning under a variant's access
# policy, and the grid calls a study makes per capture.
from ._robotspec import Access, diff_many, redirect_target, robots_txt_url  # noqa: E402

__all__ += ["Access", "diff_many", "redirect_target", "robots_txt_url"]
