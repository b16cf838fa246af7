"""Property tests: any body, agent and URL — bytes, text, lone surrogates — gives an answer or a
Python exception, never a crash; and the answers are the command line's, verdict for verdict.
"""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import robotspec

KEYS = ["User-agent", "user-agent", "Allow", "Disallow", "disallow", "Sitemap", "Crawl-delay",
        "Content-Usage", "Content-Signal", "dissallow", "User Agent", "Host", "noindex", ""]
VALUES = ["*", "/", "/a", "/a*", "/a$", "/*.php$", "/%7Ea", "/~a", "/caf\u00e9", "/a b", "foobot",
          "FooBot", "bar-bot", "Googlebot", "1.5", "train-ai=n", "https://x.com/s.xml", ""]
ENDS = ["\n", "\r\n", "\r", "\n\n", " # comment\n", "\x00\n"]
AGENTS = ["foobot", "FooBot", "bar-bot", "Googlebot", "Googlebot-Image, Googlebot", "*",
          "Mozilla/5.0 (compatible; FooBot/2.1; +http://x.com/bot.html)", "", " , ", "a\x00b"]
PATHS = ["/", "/a", "/a/b", "/a$", "/x.php", "/x.php?q=1", "/%7Ea", "/~a", "/caf%C3%A9",
         "/caf\u00e9", "/robots.txt", "/a;p?q#f", "", "?q", "//host/a"]
#: The five variants, and composed readings (a variant with single decisions changed).
READINGS = robotspec.VARIANTS + ("rfc9309+agent-matching=substring",
                                 "google+precedence=first-match",
                                 "rfc9309+key-matching=prefix-with-typos",
                                 "convention-1994+blank-line-ends-group=no")
SETTINGS = settings(max_examples=300, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])


def line():
    record = st.tuples(st.sampled_from(KEYS), st.sampled_from([":", ": ", " :", " "]),
                       st.sampled_from(VALUES), st.sampled_from(ENDS))
    return record.map("".join)


#: Any text, lone surrogates made frequent (they are rare among all code points).
any_text = st.lists(st.one_of(st.text(st.characters(codec=None, exclude_categories=())),
                              st.sampled_from(["\ud800", "\udbff", "\udc80", "\udfff"])),
                    max_size=8).map("".join)

#: A robots.txt body: robots-like lines, any text, or any bytes.
bodies = st.one_of(
    st.lists(line(), max_size=12).map("".join).map(lambda text: text.encode("utf-8")),
    st.lists(st.one_of(line(), any_text), max_size=8).map("".join),
    st.binary(max_size=300),
    st.lists(line(), max_size=8).map(lambda lines: ("\ufeff" + "".join(lines)).encode("utf-8")),
)

#: Text the command line's batch can carry in a column: no tab, no line end.
column = st.text(st.characters(codec="utf-8", exclude_characters="\t\r\n"), max_size=30)
agents = st.one_of(st.sampled_from(AGENTS), column)
urls = st.one_of(st.sampled_from(PATHS), st.sampled_from(PATHS).map("https://x.com".__add__),
                 column)


def as_bytes(body):
    """The bytes the binding reads for `body` (a str is encoded with surrogatepass)."""
    return body if isinstance(body, bytes) else body.encode("utf-8", "surrogatepass")


def answer(robots, agent, url):
    """The binding's answer as batch --format json would print its verdict, or its error."""
    try:
        return {"verdict": robots.check(agent, url).to_dict()}
    except ValueError as error:
        return {"error": str(error)}


@SETTINGS
@given(body=bodies, variant=st.sampled_from(READINGS),
       queries=st.lists(st.tuples(agents, urls), min_size=1, max_size=6))
def test_verdicts_equal_the_cli(cli, tmp_path, body, variant, queries):
    (tmp_path / "f").write_bytes(as_bytes(body))
    robots = robotspec.Robots(body, variant)
    printed = cli.batch(tmp_path, [("f", a, u) for a, u in queries], variant)
    assert len(printed) == len(queries)
    for (agent, url), cli_answer in zip(queries, printed):
        ours = answer(robots, agent, url)
        if "error" in cli_answer:
            assert "error" in ours, (agent, url, ours)
        else:
            assert ours == {"verdict": cli_answer["verdict"]}, (agent, url)
    assert robots.is_allowed_many("foobot", [u for _, u in queries]) == [
        robots.is_allowed("foobot", u) for _, u in queries]


@settings(SETTINGS, max_examples=100)
@given(body=bodies, variant=st.sampled_from(READINGS),
       mode=st.sampled_from(["lenient", "strict"]))
def test_parse_equals_the_cli(cli, tmp_path, body, variant, mode):
    path = tmp_path / "f"
    path.write_bytes(as_bytes(body))
    printed = cli.run("parse", "--variant", variant, "--mode", mode, "--format", "json", path)
    try:
        parsed = robotspec.parse(body, variant, mode)
    except robotspec.StrictError as error:
        assert printed.returncode == 2
        # Split at line ends only: a message may quote a key holding \x1c-\x1e.
        reported = printed.stderr.decode("utf-8", "replace").split("\n")
        assert [f"{path}:{d}" for d in error.diagnostics] == reported[:len(error.diagnostics)]
        return
    assert printed.returncode == 0
    assert parsed.tree == json.loads(printed.stdout)


anything = st.one_of(st.none(), st.integers(), st.binary(max_size=20), any_text)


@settings(max_examples=600, deadline=None)
@given(body=st.one_of(bodies, anything), variant=st.one_of(st.sampled_from(READINGS), anything), agent=st.one_of(agents, anything), url=st.one_of(urls, anything))
def test_anything_in_an_answer_or_an_exception_out(body, variant, agent, url):
    def attempt(call):
        try:
            call()
        except (TypeError, ValueError):
            pass

    def ask(robots):
        for call in (robots.check, robots.explain, robots.usage, robots.is_allowed):
            attempt(lambda call=call: str(call(agent, url)))
        attempt(lambda: robots.is_allowed_many(agent, [url, url]))
        attempt(lambda: robots.check_many(agent, [url]))
        attempt(lambda: (robots.crawl_delay(agent), robots.applicable(agent)))
        attempt(lambda: (robots.groups, robots.records, robots.sitemaps, robots.to_dict()))

    attempt(lambda: ask(robotspec.Robots(body, variant)))
    attempt(lambda: robotspec.parse(body, variant, "strict").tree)
    attempt(lambda: robotspec.parse(body, variant).tree)
    attempt(lambda: robotspec.diff(body, agent, url).to_dict())


URL_PARTS = st.sampled_from(["http://", "https://", "ftp://", "HTTP://", ":", "/", "@", "[",
                             "]", "%", "%41", "?", "#", ".", "-", "xn--", "www.", "\u00df",
                             "\u00dc", "\u0130", "80", "443", "99999", "a", "B"])


@settings(max_examples=600, deadline=None)
@given(url=st.one_of(st.lists(URL_PARTS, max_size=10).map("".join), any_text))
def test_robots_txt_url_is_its_own_robots_txt_url(url):
    """Any text gives the robots.txt URL that governs it, or a ValueError: never a crash, and
    that URL governs itself (asked again, the same)."""
    try:
        robots = robotspec.robots_txt_url(url)
    except ValueError:
        return
    assert robots.endswith("/robots.txt") and robotspec.robots_txt_url(robots) == robots
