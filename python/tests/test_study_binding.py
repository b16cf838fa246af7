"""The binding's calls for corpus studies (python/src/access.rs, grid.rs): the access policy
applied to a capture, held to docs/access.md's table, and the grid calls held to the per-query
ones. They need nothing but the binding, so the Python suite runs them; the study's own tests
are test_study_capture.py and test_study.py (.ci/test-study)."""

from collections import Counter

import pytest

import robotspec
from robotspec import Access, diff_many, redirect_target, robots_txt_url

from conftest import CORPUS
from study_data import POLICY, SIZE_LIMIT, VARIANTS, big_body


@pytest.mark.parametrize("status", [s for s in POLICY if s is not None])
def test_every_status_gets_the_documented_state(status):
    body = b"User-agent: *\nDisallow: /\n"
    states = tuple(Access(status, body, v).state for v in VARIANTS)
    assert states == POLICY[status]
    for variant, state in zip(VARIANTS, states):
        access = Access(status, body, variant)
        assert access.allows("GPTBot", "/") is (state == "allow-all")
        assert access.check("GPTBot", "/") is None
        assert access.answers(["GPTBot"], ["/"]) == [(state == "allow-all", None, None, None)]


def test_no_response_is_unreachable_everywhere():
    for variant in VARIANTS:
        access = Access(None, profile=variant, failure="the body's Content-Encoding `br`")
        assert access.state == "unreachable"
        assert "br" in access.reason
        assert access.blocked(["a"]) == ["unreachable"]
        assert access.blocking("a") == ("unreachable", None, None)


def test_2xx_obeys_the_file_as_robots_does():
    body = (CORPUS / "github.com").read_bytes()
    agents, urls = ["GPTBot", "Googlebot", "*"], ["/", "/search", "/x/y/tree/z", "/gist"]
    for variant in VARIANTS:
        access = Access(200, body, variant)
        robots = robotspec.Robots(body, variant)
        assert access.state == "rules"
        grid = access.answers(agents, urls)
        expected = []
        for agent in agents:
            for url in urls:
                verdict = robots.check(agent, url)
                expected.append((verdict.allowed, verdict.line, verdict.rule, verdict.agent))
                assert access.check(agent, url) == verdict
        assert grid == expected


def test_the_size_limit_cuts_as_the_input_limit_does():
    body = big_body()
    access = Access(200, body, "google")
    assert access.allows("GPTBot", "/")  # its group starts past byte 512,000
    assert not Access(200, body, "google", size_limit=len(body) + 1).allows("GPTBot", "/")
    robots = robotspec.Robots(body, "google", input_bytes=SIZE_LIMIT)
    assert access.answers(["GPTBot"], ["/early/x"]) == [
        (False, robots.check("GPTBot", "/early/x").line, "Disallow: /early/", "*")
    ]
    assert [d.code for d in access.diagnostics] == ["size-limit"]
    assert access.summary()["diagnostics"] == {"size-limit": 1}


def test_blocked_is_decided_over_every_url():
    body = (b"User-agent: GPTBot\nDisallow: /\n\nUser-agent: CCBot\nDisallow: /\nAllow: /open/\n\n"
            b"User-agent: Bot-Open\nDisallow:\n\nUser-agent: *\nDisallow: /*.pdf$\n")
    agents = ["GPTBot", "CCBot", "Bot-Open", "Other"]
    assert Access(200, body, "rfc9309").blocked(agents) == [
        "all", "some", "none", "some"]
    # 1994 has no Allow and reads `*` and `$` as bytes: the literal `/*.pdf$` still names
    # paths (those that start with it), so Other is kept out of some.
    assert Access(200, body, "convention-1994").blocked(agents) == [
        "all", "all", "none", "some"]
    # 1996: the first matching rule wins: Disallow: / before Allow: /open/.
    assert Access(200, body, "draft-1996").blocked(["CCBot"]) == ["all"]
    # Disallow: / with Allow: /$ leaves the home page open.
    home = b"User-agent: *\nDisallow: /\nAllow: /$\n"
    assert Access(200, home, "google").blocked(["a"]) == ["some"]
    # A Disallow that an equal Allow cancels (longest match, Allow wins ties) blocks none.
    cancelled = b"User-agent: *\nDisallow: /a\nAllow: /a\n"
    assert Access(200, cancelled, "google").blocked(["a"]) == ["none"]
    # ... but `Allow: /a$` leaves /a/ and below disallowed.
    exact = b"User-agent: *\nDisallow: /a\nAllow: /a$\n"
    assert Access(200, exact, "google").blocked(["a"]) == ["some"]
    # Every path a rule names is allowed again (/shop, /shop/), yet /shop! is not: decided over
    # every URL, not over the rules' own paths.
    shop = b"User-agent: *\nDisallow: /shop\nAllow: /shop$\nAllow: /shop/\n"
    assert Access(200, shop, "google").blocking_each(["a"]) == [("some", "/shop!", "/")]
    assert Access(403, body, "draft-1996").blocked(agents) == ["all"] * 4
    assert Access(404, body, "google").blocked(agents) == ["none"] * 4


def test_blocking_witnesses_are_the_shortest_paths_of_each_verdict():
    body = (b"User-agent: *\nDisallow: /\nAllow: /blog/\n\nUser-agent: Open\nDisallow:\n\n"
            b"User-agent: Shut\nDisallow: /\n")
    access = Access(200, body, "google")
    found = access.blocking_each(["FooBot", "Open", "Shut"])
    assert found == [("some", "/", "/blog/"), ("none", None, "/"), ("all", "/", None)]
    assert [f[0] for f in found] == access.blocked(["FooBot", "Open", "Shut"])
    assert [access.blocking(agent) for agent in ["FooBot", "Open", "Shut"]] == found
    for (blocked, disallowed, allowed), agent in zip(found, ["FooBot", "Open", "Shut"]):
        assert disallowed is None or not access.allows(agent, disallowed)
        assert allowed is None or access.allows(agent, allowed)
    assert Access(403, body, "draft-1996").blocking_each(["a"]) == [
        ("all", None, None)]


def test_diff_many_is_diff_for_every_query():
    body = (CORPUS / "github.com").read_bytes()
    agents, urls = ["GPTBot", "*"], ["/", "/search", "/x/y/tree/z"]
    grid = diff_many(body, agents, urls)
    assert len(grid) == 6
    for n, comparison in enumerate(grid):
        alone = robotspec.diff(body, agents[n // 3], urls[n % 3])
        assert comparison.to_dict() == alone.to_dict()


def test_redirect_target():
    origin = "http://example.com/robots.txt"
    assert redirect_target(308, "https://example.com/robots.txt", origin) == (
        "https://example.com/robots.txt")
    assert redirect_target(302, "/x.txt", origin) == "http://example.com/x.txt"
    assert redirect_target(302, None, origin) is None
    assert redirect_target(300, "/x.txt", origin) is None
    assert redirect_target(301, "ftp://example.com/robots.txt", origin) is None
    with pytest.raises(ValueError, match="absolute URL"):
        redirect_target(301, "/x", "/robots.txt")


@pytest.mark.parametrize("url,robots", [
    ("https://example.com/a/b?q#f", "https://example.com/robots.txt"),
    ("HTTP://User:Pw@WWW.Example.COM:80/x", "http://www.example.com/robots.txt"),
    ("https://example.com:443", "https://example.com/robots.txt"),
    ("https://example.com:8443/x", "https://example.com:8443/robots.txt"),
    ("ftp://example.com:21/x", "ftp://example.com/robots.txt"),
    ("http://[2001:DB8::1]:8080/x", "http://[2001:db8::1]:8080/robots.txt"),
    # UTS 46, not IDNA 2003: \u00df stays a letter of its own (2003 mapped it to "ss").
    ("https://stra\u00dfe.example/", "https://xn--strae-oqa.example/robots.txt"),
    ("https://B\u00dcCHER.example/", "https://xn--bcher-kva.example/robots.txt"),
])
def test_robots_txt_url_is_the_librarys_scope(url, robots):
    assert robots_txt_url(url) == robots


@pytest.mark.parametrize("url,message", [
    ("/robots.txt", "cannot parse"),
    ("https://example.com:99999/", "cannot parse"),
    ("mailto:a@example.com", "has no host"),
    ("https://exa mple.com/", "cannot parse"),
])
def test_robots_txt_url_refuses_what_names_no_robots_txt(url, message):
    with pytest.raises(ValueError, match=message):
        robots_txt_url(url)


def test_bad_arguments_raise():
    with pytest.raises(ValueError, match="not both"):
        Access(200, failure="x")
    with pytest.raises(TypeError, match="headers"):
        Access(200, headers=[1, 2])
    with pytest.raises(TypeError, match="single str"):
        Access(200).answers("GPTBot", ["/"])
    with pytest.raises(robotspec.AgentError):
        Access(200).blocked([""])
    with pytest.raises(robotspec.AgentError):
        Access(200).blocking("")
    with pytest.raises(ValueError, match="variant"):
        Access(200, profile="1997")
    assert Access(200, headers={"Cache-Control": "max-age=60"}).lifetime == 60
    assert Access(200, headers=[("Cache-Control", "no-store")]).lifetime_source == "no-store"


def test_summary_of_extensions_and_sitemaps():
    body = (b"User-agent: *\nDisallow: /p\nContent-Usage: train-ai=n\nContent-Signal: ai-train=no\n"
            b"Sitemap: https://x.test/s.xml\n")
    summary = Access(200, body, "rfc9309").summary()
    assert summary["groups"] == 1 and summary["rules"] == 1
    assert summary["sitemaps"] == ["https://x.test/s.xml"]
    assert [(e["extension"], e["value"], e["group_line"]) for e in summary["extensions"]] == [
        ("content-usage", "train-ai=n", 1), ("content-signal", "ai-train=no", 1)]
    lint = robotspec.Robots(body, "rfc9309", collect="all").diagnostics
    assert summary["diagnostics"] == dict(Counter(d.code for d in lint))
    empty = Access(503, body, "rfc9309").summary()
    assert (empty["groups"], empty["sitemaps"], empty["extensions"]) == (0, [], [])
    assert empty["body_bytes"] == len(body)


def test_the_batch_call_answers_as_access_does():
    """`_analyse_captures`, the study's one call per batch (python/src/study.rs), writes Arrow
    buffers (python/src/columns.rs); read here by hand, without pyarrow: each reading's
    verdicts are `Access.answers` (verdict, line, rule and group's agent), its `blocked`
    `Access.blocked`, in captures × readings × agents × paths order — where crawlers fall to
    the same groups (GPTBot, ClaudeBot and `*`), whose answers the call asks once, too."""
    from robotspec._robotspec import _analyse_captures

    body = (CORPUS / "github.com").read_bytes()
    agents, urls = ["GPTBot", "ClaudeBot", "Googlebot", "*"], ["/", "/search", "/x/y/tree/z"]
    captures = [(200, body), (503, body), (403, b"")]
    columns = _analyse_captures(
        ["https://github.com/robots.txt"] * 3, [s for s, _ in captures], [b for _, b in captures],
        [[], [("Retry-After", "60")], []], [None, None, None], agents, urls, list(VARIANTS),
        SIZE_LIMIT)
    count, (_, offsets) = columns["readings"]
    assert count == 3 and len(offsets) == 4 * 4  # int32 offsets: one per capture, and 0
    assert columns["readings[]"][0] == 3 * len(VARIANTS)
    length, (validity, bits) = columns["readings[].verdicts[].allowed"]
    assert length == 3 * len(VARIANTS) * len(agents) * len(urls) and validity is None
    allowed = [bool(bits[i // 8] >> (i % 8) & 1) for i in range(length)]
    answers = list(zip(allowed, _ints(columns["readings[].verdicts[].line"]),
                       _dictionary(columns, "readings[].verdicts[].rule"),
                       _dictionary(columns, "readings[].verdicts[].group_agent")))
    blocked = _dictionary(columns, "readings[].verdicts[].blocked")
    expected_answers, expected_blocked = [], []
    for status, captured in captures:
        for variant in VARIANTS:
            access = Access(status, captured, variant)
            expected_answers += access.answers(agents, urls)
            expected_blocked += [b for b in access.blocked(agents) for _ in urls]
    assert any(answer[1] is not None for answer in expected_answers)
    assert answers == expected_answers
    assert blocked == expected_blocked
    with pytest.raises(ValueError, match="as long as each other"):
        _analyse_captures(["https://a.test/robots.txt"], [], [], [], [], agents, urls,
                          ["google"], SIZE_LIMIT)


def _valid(validity, length):
    """Which values of a column are not null, from its validity bitmap (None: all)."""
    return [validity is None or bool(validity[i // 8] >> (i % 8) & 1) for i in range(length)]


def _strings(column):
    """A utf8 column's values (None for nulls), from its validity, offsets and data."""
    import struct

    length, (validity, offsets, data) = column
    ends = struct.unpack(f"<{length + 1}i", offsets)
    return [data[ends[i]:ends[i + 1]].decode() if valid else None
            for i, valid in enumerate(_valid(validity, length))]


def _dictionary(columns, path):
    """A dictionary column's values (None for nulls): its int32 indices at ``path`` into its
    strings at ``path#``, each distinct string once."""
    strings = _strings(columns[path + "#"])
    assert len(set(strings)) == len(strings), "a string kept twice"
    return [None if index is None else strings[index] for index in _ints(columns[path])]


def _ints(column):
    """An int32 column's values (None for nulls)."""
    import struct

    length, (validity, values) = column
    numbers = struct.unpack(f"<{length}i", values)
    return [number if valid else None
            for number, valid in zip(numbers, _valid(validity, length))]
