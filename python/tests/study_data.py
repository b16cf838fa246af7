"""Captures the study tests write as WARC files, and what docs/access.md says they mean.

Two kinds: the vendored corpus sample (tests/corpus/real/, every file a 200 capture of its
host), and synthetic captures of the other cases — each status code class the access policy
distinguishes, redirects with and without a Location, bodies sent gzip-encoded, chunked, in an
encoding no one decodes, empty, and longer than the size limit, and the extension records.
And for the property tests, ``any_capture``: whatever a reader may give.
"""

import gzip
import importlib.util
import os
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import strategies as st

from robotspec.study import Capture
from robotspec.study.warcwrite import response_record, write_warc

from conftest import CORPUS

# What the study suite needs beyond the binding; .ci/test-study installs it (pinned).
STUDY_MODULES = ("pyspark", "fastwarc", "pyarrow", "pandas", "matplotlib")


def require_study_suite():
    """Called at the top of a study test module. The study suite runs in .ci/test-study, which
    sets ROBOTSPEC_STUDY_TESTS=1: there a missing dependency fails the run. Elsewhere (the
    Python suite, .ci/test-python, which does not install Spark) the module is skipped, and says
    so."""
    if os.environ.get("ROBOTSPEC_STUDY_TESTS") != "1":
        pytest.skip("the Spark study suite runs in .ci/test-study "
                    "(or set ROBOTSPEC_STUDY_TESTS=1)", allow_module_level=True)
    missing = [m for m in STUDY_MODULES if importlib.util.find_spec(m) is None]
    if missing:
        pytest.fail(f"the study suite needs {', '.join(missing)}: run .ci/test-study, which "
                    "installs them", pytrace=False)


VARIANTS = ("convention-1994", "draft-1996", "rep-draft-2019", "rfc9309", "google")

# docs/access.md, "FetchOutcome × variant": the state of a response without rules, per
# status, in VARIANTS order.
ALLOW, DISALLOW, UNREACHABLE = "allow-all", "disallow-all", "unreachable"
POLICY = {
    401: (DISALLOW, DISALLOW, ALLOW, ALLOW, ALLOW),
    403: (DISALLOW, DISALLOW, ALLOW, ALLOW, ALLOW),
    404: (ALLOW,) * 5,
    410: (ALLOW,) * 5,
    418: (ALLOW,) * 5,
    429: (UNREACHABLE, UNREACHABLE, ALLOW, ALLOW, UNREACHABLE),
    500: (UNREACHABLE,) * 5,
    503: (UNREACHABLE,) * 5,
    # "other status (1xx, 300, 304, 3xx without Location, ≥ 600)"
    302: (UNREACHABLE,) * 5,
    304: (UNREACHABLE,) * 5,
    # "timeout, DNS/connection error, body cut short", and a Content-Encoding not decoded.
    None: (UNREACHABLE,) * 5,
}

SIZE_LIMIT = 512_000
WHEN = datetime(2025, 6, 1, 12, 0, tzinfo=timezone.utc)


def big_body():
    """A body longer than the size limit whose verdicts change past it: the rules after byte
    512,000 are ignored by every variant's access policy."""
    head = b"User-agent: *\nDisallow: /early/\n"
    filler = b"# " + b"x" * 97 + b"\n"
    padding = filler * ((SIZE_LIMIT - len(head)) // len(filler) + 3)
    return head + padding + b"User-agent: GPTBot\nDisallow: /\n"


def chunked(body, size=7):
    """``body`` in HTTP/1.1 chunked transfer coding."""
    out = b""
    for start in range(0, len(body), size):
        piece = body[start : start + size]
        out += b"%x\r\n" % len(piece) + piece + b"\r\n"
    return out + b"0\r\n\r\n"


EXTENSIONS = (
    b"User-agent: *\nDisallow: /private/\nContent-Usage: train-ai=n\n"
    b"Content-Signal: search=yes, ai-train=no\n\nSitemap: https://ext.example/sitemap.xml\n"
)


class Synthetic:
    """One synthetic capture: what is written to the WARC file, and what the tests expect."""

    def __init__(self, host, status, body=b"", headers=(), sent=None, expect=None,
                 location=None, scheme="https"):
        self.url = f"{scheme}://{host}/robots.txt"
        self.host = host
        self.status = status
        self.body = body  # the body as decoded: what batch reads
        self.sent = body if sent is None else sent  # the bytes of the record
        self.headers = (("Content-Type", "text/plain"),) + tuple(headers)
        if location:
            self.headers += (("Location", location),)
        # None: the rules decide (compare with batch); else the policy's states.
        self.expect = expect
        self.location = location


def synthetic():
    """The synthetic captures (hosts *.test)."""
    rules = b"User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n"
    return [
        *(Synthetic(f"status-{s}.test", s, b"User-agent: *\nDisallow: /\n", expect=POLICY[s])
          for s in (401, 403, 404, 410, 418, 429, 500, 503, 304)),
        Synthetic("redirect-no-location.test", 302, b"", expect=POLICY[302]),
        Synthetic("redirect.test", 301, b"moved", location="https://www.redirect.test/robots.txt",
                  scheme="http", expect="redirect"),
        Synthetic("gzip.test", 200, rules, headers=(("Content-Encoding", "gzip"),),
                  sent=gzip.compress(rules, mtime=0)),
        Synthetic("chunked.test", 200, rules, headers=(("Transfer-Encoding", "chunked"),),
                  sent=chunked(rules)),
        Synthetic("brotli.test", 200, rules, headers=(("Content-Encoding", "br"),),
                  sent=b"\x8b\x03\x80not really brotli", expect=POLICY[None]),
        Synthetic("empty.test", 200, b""),
        Synthetic("big.test", 200, big_body()),
        Synthetic("extensions.test", 200, EXTENSIONS),
        Synthetic("crlf-bom.test", 200, b"\xef\xbb\xbfUser-agent: *\r\nDisallow: /admin\r\n"),
    ]


def corpus_bodies():
    """(host, body) of every file of the vendored sample, sorted."""
    return [(p.name, p.read_bytes()) for p in sorted(CORPUS.iterdir()) if p.is_file()]


def write_inputs(folder: Path):
    """Writes the test WARC files to ``folder``: the first half of the corpus uncompressed, the
    second half and the synthetic captures gzip-compressed. Returns the WARC paths and a dict
    robots_url → (body as decoded, Synthetic or None)."""
    corpus = corpus_bodies()
    half = len(corpus) // 2
    known = {}

    def corpus_records(items):
        for name, body in items:
            host, _, port = name.partition("_")
            url = f"https://{host}:{port}/robots.txt" if port else f"https://{host}/robots.txt"
            known[url] = (body, None)
            yield response_record(url, 200, body, date=WHEN)

    def synthetic_records():
        for capture in synthetic():
            known[capture.url] = (capture.body, capture)
            yield response_record(capture.url, capture.status, capture.sent, capture.headers,
                                  date=WHEN)

    plain = folder / "corpus-1.warc"
    compressed = folder / "corpus-2.warc.gz"
    write_warc(str(plain), corpus_records(corpus[:half]))
    write_warc(str(compressed), [*corpus_records(corpus[half:]), *synthetic_records()])
    return [str(plain), str(compressed)], known


# The hand-computed blocking study (docs/study.md): sites, their captures, and per variant
# how much of each site is blocked for GPTBot and FooBot.
HAND_AGENTS = ("GPTBot", "FooBot")
HAND_PATHS = ("/", "/public/")
EARLIER = datetime(2024, 1, 1, tzinfo=timezone.utc)


def hand_records():
    """The captures of the hand-computed example."""
    ok = (("Content-Type", "text/plain"),)
    return [
        # a: GPTBot shut out; everyone else kept out of /private/.
        response_record("https://a.example/robots.txt", 200,
                        b"User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\n",
                        date=WHEN),
        # b: open now; an older capture shut everything (the latest capture counts).
        response_record("https://b.example/robots.txt", 200, b"User-agent: *\nDisallow: /\n",
                        date=EARLIER),
        response_record("https://b.example/robots.txt", 200, b"User-agent: *\nDisallow:\n",
                        date=WHEN),
        # c: no robots.txt.
        response_record("https://c.example/robots.txt", 404, b"not found", date=WHEN),
        # d: server error.
        response_record("https://d.example/robots.txt", 503, b"", date=WHEN),
        # e: forbidden: all blocked for 1994 and 1996, none for the others.
        response_record("https://e.example/robots.txt", 403, b"", date=WHEN),
        # f: shut but for /public/: an Allow, which 1994 does not have and 1996 reads after
        # the first matching Disallow.
        response_record("https://f.example/robots.txt", 200,
                        b"User-agent: *\nDisallow: /\nAllow: /public/\n", date=WHEN),
        # g: http redirects to https, which shuts everything.
        response_record("http://g.example/robots.txt", 301, b"", ok + (("Location", "https://g.example/robots.txt"),), date=WHEN),
        response_record("https://g.example/robots.txt", 200, b"User-agent: *\nDisallow: /\n",
                        date=WHEN),
        # k: a redirect to a file elsewhere (not a site's /robots.txt), which shuts everything.
        response_record("http://k.example/robots.txt", 302, b"", ok + (("Location", "https://files.k.example/moved/robots.txt"),), date=WHEN),
        response_record("https://files.k.example/moved/robots.txt", 200,
                        b"User-agent: *\nDisallow: /\n", date=WHEN),
        # m: open but for the paths that go on after /shop without a slash (/shopping):
        # every path a rule names (/shop, /shop/) is allowed again, so probing the rules' own
        # paths would say "none"; the exact answer finds /shop! disallowed (1994 has no
        # Allow, and 1996's first match is the Disallow: "some" for every variant).
        response_record("https://m.example/robots.txt", 200,
                        b"User-agent: *\nDisallow: /shop\nAllow: /shop$\nAllow: /shop/\n",
                        date=WHEN),
        # h: a redirect to a URL not captured: not counted.
        response_record("http://h.example/robots.txt", 301, b"", ok + (("Location", "https://www.h.example/robots.txt"),), date=WHEN),
    ]


# Per agent and variant, sites per value of blocked: (all, some, none, unreachable, undecided),
# computed by hand from the captures above (see each comment): a, b, c, d, e, f, g, k, m counted, h not.
HAND_COUNTS = {
    "GPTBot": {
        # all: a e f g k; some: m; none: b c; unreachable: d
        "convention-1994": (5, 1, 2, 1, 0),
        "draft-1996": (5, 1, 2, 1, 0),
        # all: a g k; some: f m; none: b c e
        "rep-draft-2019": (3, 2, 3, 1, 0),
        "rfc9309": (3, 2, 3, 1, 0),
        "google": (3, 2, 3, 1, 0),
    },
    "FooBot": {
        # all: e f g k; some: a m; none: b c
        "convention-1994": (4, 2, 2, 1, 0),
        "draft-1996": (4, 2, 2, 1, 0),
        # all: g k; some: a f m; none: b c e
        "rep-draft-2019": (2, 3, 3, 1, 0),
        "rfc9309": (2, 3, 3, 1, 0),
        "google": (2, 3, 3, 1, 0),
    },
}
# Sites whose blocked differs between variants, per agent: e and f.
HAND_CHANGED = {"GPTBot": 2, "FooBot": 2}
# Verdict disagreements per reason, over both agents and both paths: e at / and /public/ for
# the 6 pairs of {1994, 1996} × {2019, rfc9309, google} (access-policy, 24); f at /public/,
# 1994 (no Allow) and 1996 (first match) against the other three (6 each).
HAND_REASONS = {"access-policy": 24, "allow-not-supported": 6, "first-match-vs-longest-match": 6}
# Why blocked changes, per (site, agent, pair): e's 6 pairs × 2 agents by its status;
# f's, at the shortest path where the pair parts, /public/ (allowed by the later three only),
# 1994 and 1996 against the other three, × 2 agents.
HAND_CHANGE_REASONS = {"access-policy": 12, "allow-not-supported": 6,
                       "first-match-vs-longest-match": 6}


# Lines the readings and the published methods read apart: keys in any case and misspelt, a
# space before the colon, wildcards, `?`, `//`, a full URL, agents `ERRORS` and `Sitemaps`
# (the Consent in Crisis parser's own keys), bytes that are no UTF-8 and line breaks that only
# `str.splitlines()` or the C library see.
_LINES = st.sampled_from([
    b"User-agent: *", b"User-agent: GPTBot", b"user-agent: gptbot", b"User-Agent: CCBot/1.0",
    b"User-agent: ERRORS", b"User-agent: Sitemaps", b"Disallow: /", b"Disallow:", b"Allow: /",
    b"disallow: /a?b", b"Allow: /x$", b"Disallow: *.pdf", b"Disallow : /es", b"Dissallow: /d",
    b"Allow: //x", b"Disallow: http://a.test/b", b"Disallow: /\xff", b"Crawl-delay: 5",
    b"Sitemap: https://a.test/s.xml", b"# Disallow: /c", b"", b"\x00", b"\xc3\x85", b"\x85",
    b"\x0c", b"\x1c", b"\xef\xbb\xbfUser-agent: *"])
_BODIES = st.one_of(
    st.binary(max_size=200),
    st.tuples(st.lists(st.one_of(_LINES, st.binary(max_size=12)), max_size=20),
              st.sampled_from([b"\n", b"\r\n", b"\r"])).map(lambda t: t[1].join(t[0])))
_HEADERS = st.lists(st.tuples(st.sampled_from(["Content-Type", "Location", "Retry-After", "X"]),
                              st.text(max_size=30)), max_size=3)


def any_capture(url=st.text(max_size=30)):
    """A capture of anything a reader may give: a body of robots.txt lines or of any bytes, a
    status of any number (or none) with a failure or without, any header texts, and a fetch
    time within a year."""
    return st.builds(
        lambda body, status, headers, failure, days, url: Capture(
            url, status, body, tuple(headers), "c", failure=failure,
            fetch_time=datetime(2024, 1, 1, tzinfo=timezone.utc) + timedelta(days=days)),
        _BODIES,
        st.one_of(st.none(), st.sampled_from([200, 200, 301, 404, 503]),
                  st.integers(-(2**40), 2**40)),
        _HEADERS, st.one_of(st.none(), st.text(max_size=8)), st.integers(0, 365), url)
