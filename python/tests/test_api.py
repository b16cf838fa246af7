"""The API, answer by answer, held to the command line wherever the CLI prints the same thing."""

import pytest

import robotspec
from conftest import EXAMPLES, REPO, example

E29_URL = "http://www.fict.org/org/plans.html"
EXTENSIONS = REPO / "tests" / "extensions"


def test_variants_and_defaults():
    assert robotspec.VARIANTS == (
        "convention-1994", "draft-1996", "rep-draft-2019", "rfc9309", "google")
    assert robotspec.DEFAULT_VARIANT == "google"
    assert robotspec.Robots(b"").profile == "google"
    assert robotspec.parse(b"").profile == "google"
    assert "rules_per_group" in robotspec.LIMITS


def test_older_variant_spellings_and_case_are_read_as_the_cli_reads_them():
    assert robotspec.Robots(b"", "1996-draft").profile == "draft-1996"
    assert robotspec.Robots(b"", "RFC9309").profile == "rfc9309"


def test_composed_readings_are_read_as_the_cli_reads_them(cli):
    composed = "rfc9309+agent-matching=substring"
    body = example("E29.txt")
    robots = robotspec.Robots(body, composed)
    assert robots.profile == composed
    listed = cli.json("settings")
    assert robotspec.SETTINGS == {
        s["name"]: tuple(choice for choice, _ in s["choices"]) for s in listed}
    urls = ["/", "/org/plans.html", "/tmp"]
    for agent in ("unhipbot-two", "webcrawlerx", "other"):
        document = cli.json("check", "--variant", composed, "--agent", agent,
                            EXAMPLES / "E29.txt", *urls)
        assert [r["verdict"] for r in document["results"]] == [
            v.to_dict() for v in robots.check_many(agent, urls)]
    # Substring matching: `unhipbot-two` contains `unhipbot`, whose group disallows all.
    assert not robots.is_allowed("unhipbot-two", "/org/")
    assert robotspec.Robots(body, "rfc9309").is_allowed("unhipbot-two", "/org/")
    comparison = robotspec.diff(body, "unhipbot-two", "/org/", ["rfc9309", composed])
    assert comparison.verdicts == {"rfc9309": True, composed: False}
    assert robotspec.parse(body, composed).profile == composed
    with pytest.raises(ValueError, match="unknown setting `agent-match`"):
        robotspec.Robots(body, "rfc9309+agent-match=substring")


# Issue 33: the arguments that take a reading are named `profile` (`profiles`), as in the
# library; the former keywords still work for one release, with a DeprecationWarning.
RENAMED_KEYWORDS = [
    (lambda **kw: robotspec.Robots(b"", **kw).profile, "profile", "variant", "rfc9309"),
    (lambda **kw: robotspec.parse(b"", **kw).profile, "profile", "variant", "rfc9309"),
    (lambda **kw: robotspec.Access(404, **kw).profile, "profile", "variant", "rfc9309"),
    (lambda **kw: list(robotspec.diff(b"", "a", "/", **kw).verdicts), "profiles", "variants",
     ["rfc9309", "google"]),
    (lambda **kw: [list(c.verdicts) for c in robotspec.diff_many(b"", ["a"], ["/"], **kw)],
     "profiles", "variants", "rfc9309,google"),
    (lambda **kw: [f.readings for f in robotspec.lint(b"User-agent: *\nDisallow /x\n", **kw)],
     "profiles", "variants", ["rfc9309"]),
]


@pytest.mark.parametrize("call, new, old, value", RENAMED_KEYWORDS,
                         ids=[f"{i}-{case[1]}" for i, case in enumerate(RENAMED_KEYWORDS)])
def test_the_former_keyword_warns_and_works(call, new, old, value):
    expected = call(**{new: value})
    with pytest.warns(DeprecationWarning, match=f"`{old}=` is deprecated: use `{new}=`"):
        assert call(**{old: value}) == expected
    with pytest.raises(TypeError, match=f"give {new}= or the deprecated {old}=, not both"):
        call(**{new: value, old: value})


def test_a_reading_given_by_position_is_the_profile():
    assert robotspec.Robots(b"", "rfc9309").profile == "rfc9309"
    assert robotspec.parse(b"", "draft-1996", "strict").profile == "draft-1996"
    assert robotspec.Access(404, b"", "rfc9309").profile == "rfc9309"
    assert list(robotspec.diff(b"", "a", "/", "rfc9309").verdicts) == ["rfc9309"]
    assert robotspec.Robots(b"", None).profile == robotspec.DEFAULT_VARIANT


def test_verdict_fields():
    robots = robotspec.Robots(b"User-agent: FooBot\nDisallow: /private\nAllow: /private/ok\n")
    verdict = robots.check("FooBot", "https://example.com/private/x?y=1")
    assert (verdict.allowed, verdict.decision, verdict.line) == (False, "rule", 2)
    assert (verdict.rule, verdict.agent, verdict.groups) == ("Disallow: /private", "foobot", [1])
    assert str(verdict) == "disallowed by line 2: Disallow: /private [group for `foobot` at line 1]"
    other = robots.check("OtherBot", "/private/x")
    assert (other.allowed, other.decision, other.agent, other.line) == (True, "no-group", None, None)
    assert robots.check("FooBot", "/private/ok") == robots.check("foobot", "/private/ok")
    assert robots.check("FooBot", "/private/ok") != verdict


@pytest.mark.parametrize("variant", robotspec.VARIANTS)
def test_check_prints_what_the_cli_prints(cli, variant):
    urls = ["https://x.com/tmp/ok.html", "/tmp/other", "/org/plans.html", "/"]
    for name in ("E08.txt", "E29.txt", "E11.txt"):
        robots = robotspec.Robots(example(name), variant)
        for agent in ("webcrawler", "foobot", "unhipbot", "Mozilla/5.0 (compatible; excite/1.0)"):
            printed = cli.run("check", "--variant", variant, "--agent", agent,
                              EXAMPLES / name, *urls).stdout.decode()
            ours = "".join(f"{url}\t{robots.check(agent, url)}\n" for url in urls)
            assert ours == printed
            document = cli.json("check", "--variant", variant, "--agent", agent,
                                EXAMPLES / name, *urls)
            assert [r["verdict"] for r in document["results"]] == [
                v.to_dict() for v in robots.check_many(agent, urls)]


def test_explain_prints_what_the_cli_prints(cli):
    robots = robotspec.Robots(example("E29.txt"))
    explanation = robots.explain("other", E29_URL)
    printed = cli.run("explain", "--agent", "other", EXAMPLES / "E29.txt", E29_URL).stdout
    assert str(explanation) + "\n" == printed.decode()
    document = cli.json("explain", "--agent", "other", EXAMPLES / "E29.txt", E29_URL)
    assert explanation.to_dict() == document["results"][0]
    assert explanation.why == "longest match: 15 bytes beat 5 (line 13)"
    assert [rule["line"] for rule in explanation.matching] == [12, 13, 16]
    assert explanation.verdict == robots.check("other", E29_URL)
    assert (explanation.url, explanation.profile, explanation.target) == (
        E29_URL, "google", "/org/plans.html")
    assert explanation.engine == document["results"][0]["engine"]


def test_usage_has_the_preference_a_policy_token_states():
    body = b"User-agent: *\nAllow: /\n\nUser-agent: __usage_ai-training\nDisallow: /articles/\n"
    robots = robotspec.Robots(body, "rfc9309")
    [training] = robots.usage("bot", "/articles/1").policy_tokens
    assert (training["token"], training["category"]) == ("__usage_ai-training", "train-ai")
    assert training["preference"] == "n"
    assert training["verdict"]["line"] == 5
    assert robots.usage("bot", "/about").policy_tokens[0]["preference"] == "y"
    assert robotspec.Robots(b"User-agent: *\nDisallow: /\n").usage("bot", "/").policy_tokens == []
    assert "policy_tokens" not in robotspec.Robots(b"User-agent: *\n").usage("bot", "/").to_dict()


def test_usage_answers_what_the_cli_answers(cli):
    path = EXTENSIONS / "attach-e2.txt"
    robots = robotspec.Robots(path.read_bytes(), "rfc9309")
    urls = ["/test", "/never/test", "/ai-ok/test"]
    document = cli.json("usage", "--variant", "rfc9309", path, *urls)
    assert [robots.usage("*", url).to_dict() for url in urls] == document["results"]
    printed = cli.run("usage", "--variant", "rfc9309", path, *urls).stdout.decode()
    assert "".join(f"{robots.usage('*', url)}\n" for url in urls) == printed
    usage = robots.usage("bot", "/ai-ok/test")
    assert (usage.content_usage, usage.content_usage_line) == ({"train-ai": "y"}, 6)
    assert not robots.usage("bot", "/never/test").verdict.allowed
    assert robots.usage("bot", "/never/test").content_usage is None


def test_diff_compares_what_the_cli_compares(cli):
    body = example("E11.txt")
    urls = ["/example/page/disallowed.gif", "/example/page/"]
    document = cli.json("diff", "--agent", "foobot", EXAMPLES / "E11.txt", *urls)
    assert [robotspec.diff(body, "foobot", url).to_dict() for url in urls] == document
    comparison = robotspec.diff(body, "foobot", urls[0], ["draft-1996", "google"])
    assert comparison.disagrees
    assert comparison.verdicts == {"draft-1996": True, "google": False}
    assert comparison.disagreements[0]["reason"] == "first-match-vs-longest-match"
    assert robotspec.diff(body, "foobot", urls[0], "draft-1996,google").to_dict() == \
        comparison.to_dict()
    assert not robotspec.diff(body, "foobot", urls[1], ["rfc9309", "google"]).disagrees


@pytest.mark.parametrize("name", ["E14.txt", "E23a.txt", "E29.txt"])
def test_parse_tree_is_the_cli_json(cli, name):
    parsed = robotspec.parse(example(name), "rfc9309")
    document = cli.json("parse", "--variant", "rfc9309", EXAMPLES / name)
    assert parsed.tree == document
    printed = cli.run("parse", "--variant", "rfc9309", "--format", "json", EXAMPLES / name)
    assert parsed.to_json(pretty=True) + "\n" == printed.stdout.decode()


def test_google_report_is_the_cli_report(cli):
    path = REPO / "tests" / "corpus" / "real" / "www.pch.com"
    body = path.read_bytes()
    report = robotspec.google_report(body)
    assert report == cli.json("parse", "--report", "google", path)
    # Google's view whatever the variant the CLI is given.
    assert report == cli.json("parse", "--report", "google", "--variant", "rfc9309", path)
    assert report["last_line_seen"] == len(report["lines"])


def test_google_report_tags_and_flags():
    body = b"User-agent: *\nDisalow /x # c\nCrawl-delay: 5\nfoo: bar\n\x0b\nAllow\x00: /y\n"
    report = robotspec.google_report(body)
    tags = [(line["line"], line["tag"]) for line in report["lines"]]
    assert tags == [(1, "user-agent"), (2, "disallow"), (3, "unused"), (4, "unknown"),
                    (5, "unknown"), (6, "unknown"), (7, "unknown")]
    typo = report["lines"][1]
    assert typo["is_typo"] and typo["is_acceptable_typo"] and typo["has_comment"]
    assert typo["is_missing_colon_separator"] and typo["has_directive"]
    # A vertical tab is whitespace to Google; a NUL ends its line.
    assert report["lines"][4]["is_empty"]
    assert not report["lines"][5]["has_directive"]
    assert (report["valid_directives"], report["unused_directives"]) == (2, 2)
    assert robotspec.google_report("") == {
        "lines": [dict(line=1, tag="unknown", is_typo=False, is_empty=True, has_comment=False,
                       is_comment=False, has_directive=False, is_acceptable_typo=False,
                       is_line_too_long=False, is_missing_colon_separator=False)],
        "valid_directives": 0, "unused_directives": 0, "last_line_seen": 1}


def test_tree_is_lossless_for_bytes_that_are_not_utf8():
    body = b"User-agent: *\nDisallow: /caf\xe9\n\x00\xff\r"
    leaves = []

    def walk(node):
        if "children" in node:
            for child in node["children"]:
                walk(child)
        else:
            leaves.append(node)

    walk(robotspec.parse(body).tree)
    assert [leaf["span"] for leaf in leaves] == sorted(leaf["span"] for leaf in leaves)
    assert leaves[-1]["span"][1] == len(body)
    assert any("bytes_base64" in leaf for leaf in leaves)


def test_strict_failure_carries_every_diagnostic(cli):
    body = b"User-agent: *\nDisallow /private\nfoo bar\n"
    with pytest.raises(robotspec.StrictError) as raised:
        robotspec.parse(body, "rfc9309", "strict")
    error = raised.value
    assert isinstance(error, ValueError)
    codes = [d.code for d in error.diagnostics]
    assert codes == ["missing-colon", "unknown-directive", "missing-colon"]
    assert all(d.severity == "error" for d in error.diagnostics)
    assert str(error) == "2:9: error[missing-colon]: missing `:` between key and value (and 2 more)"
    printed = cli.run("parse", "--variant", "rfc9309", "--mode", "strict", "-", stdin=body)
    assert printed.returncode == 2
    assert [f"<stdin>:{d}" for d in error.diagnostics] == printed.stderr.decode().splitlines()[:3]
    with pytest.raises(robotspec.StrictError):
        robotspec.Robots(body, "rfc9309", mode="strict")


def test_diagnostics_in_lenient_mode():
    parsed = robotspec.parse(b"User-agent: *\nDisallow /x\n", "rfc9309")
    [first] = parsed.diagnostics
    assert (first.code, first.severity, first.line, first.col, first.span) == (
        "missing-colon", "warning", 2, 9, (22, 23))
    assert first.to_dict() == {"code": "missing-colon", "severity": "warning", "span": [22, 23],
                               "line": 2, "col": 9, "message": first.message}
    assert parsed.mode == "lenient"
    # A Robots reads for verdicts: the grammar checks run only when asked.
    assert robotspec.Robots(b"User-agent: *\nDisallow /x\n", "rfc9309").diagnostics == []
    linted = robotspec.Robots(b"User-agent: *\nDisallow /x\n", "rfc9309", collect="all")
    assert linted.diagnostics == parsed.diagnostics


def test_groups_sitemaps_records_and_delays():
    body = (b"Host: example.com\nUser-agent: a\nCrawl-delay: 2.5\nRequest-rate: 1/5\n"
            b"Disallow: /x\n\nUser-agent: *\nAllow: /\nSitemap: https://example.com/s.xml\n")
    robots = robotspec.Robots(body)
    assert [g["line"] for g in robots.groups] == [2, 7]
    assert robots.groups[0]["rules"][0] == {
        "line": 5, "kind": "disallow", "text": "Disallow: /x", "pattern": "/x",
        "origin": "written"}
    assert robots.sitemaps == ["https://example.com/s.xml"]
    assert [r["key"] for r in robots.records] == ["Host"]
    assert robots.crawl_delay("a") == 2.5
    assert robots.crawl_delay("b") is None
    assert robots.request_rate("a") == (1, 5.0)
    assert robots.applicable("A")["agent"] == "a"
    assert robots.applicable("b")["agent"] == "*"
    summary = robots.to_dict()
    assert summary["variant"] == "google" and summary["groups"] == robots.groups


def test_agents_are_read_as_the_library_reads_them():
    robots = robotspec.Robots(b"User-agent: Googlebot\nDisallow: /\n\nUser-agent: *\nAllow: /\n")
    header = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
    assert not robots.is_allowed(header, "/page")
    assert not robots.is_allowed("Googlebot-Image, Googlebot", "/page")
    assert robots.is_allowed("Googlebot-Image", "/page")
    assert robots.check(header, "/page").agent == "googlebot"


def test_every_body_type_reads_the_same_bytes():
    text = "User-agent: *\nDisallow: /caf\u00e9\n"
    raw = text.encode("utf-8")
    verdicts = {
        robotspec.Robots(body).check("a", "/caf%C3%A9")
        for body in (raw, bytearray(raw), memoryview(raw), text)
    }
    assert len(verdicts) == 1 and not verdicts.pop().allowed


def test_limits_are_keyword_arguments():
    body = b"User-agent: a\nDisallow: /\nUser-agent: b\nDisallow: /\n"
    robots = robotspec.Robots(body, "rfc9309", groups=1)
    assert robots.is_allowed("b", "/page")
    assert [d.code for d in robots.diagnostics] == ["limit-exceeded"]
    with pytest.raises(robotspec.StrictError):
        robotspec.Robots(body, "rfc9309", mode="strict", groups=1)
    cut = robotspec.Robots(b"User-agent: *\n" + b"#" * 100 + b"\nDisallow: /\n", input_bytes=50)
    assert cut.is_allowed("a", "/x")


def test_drop_invalid_utf8():
    body = b"User-agent: *\nDisallow: /a\xff\n"
    assert not robotspec.Robots(body).is_allowed("x", "/a%FF")
    assert robotspec.Robots(body, drop_invalid_utf8=True).check("x", "/a").rule == "Disallow: /a\ufffd"


def test_many_answers_equal_single_answers():
    robots = robotspec.Robots(example("E29.txt"))
    urls = ["/", "/org/", "/org/plans.html", "/serv/x", "/~mak/y", "/tmp"]
    assert robots.is_allowed_many("other", urls) == [robots.is_allowed("other", u) for u in urls]
    assert robots.check_many("other", iter(urls)) == [robots.check("other", u) for u in urls]
    assert robots.is_allowed_many("other", []) == []


def test_answers_outlive_their_robots():
    robots = robotspec.Robots(b"User-agent: *\nDisallow: /x\n")
    verdict, explanation = robots.check("a", "/x"), robots.explain("a", "/x")
    del robots
    assert str(verdict) == "disallowed by line 2: Disallow: /x [`*` group at line 1]"
    assert explanation.verdict == verdict


def test_reprs():
    robots = robotspec.Robots(b"User-agent: *\nDisallow: /x\n")
    assert repr(robots) == "<Robots profile=google groups=1 rules=1>"
    assert repr(robots.check("a", "/x")).startswith("<Verdict: disallowed by line 2")
    assert repr(robotspec.parse(b"")) == "<Parsed profile=google mode=lenient diagnostics=0>"


def test_agents_alternating_between_calls_and_files():
    """Each thread keeps the last agent it read: alternating agents and files must not mix."""
    one = robotspec.Robots(b"User-agent: a\nDisallow: /\n\nUser-agent: b\nAllow: /\n")
    two = robotspec.Robots(b"User-agent: b\nDisallow: /\n")
    answers = [(one.is_allowed(agent, "/x"), two.is_allowed(agent, "/x"))
               for agent in ["a", "b", "a", "A", "b, a", "c", "b"]]
    assert answers == [(False, True), (True, False), (False, True), (False, True),
                       (True, False), (True, True), (True, False)]
    with pytest.raises(robotspec.AgentError):
        one.is_allowed("", "/x")
    assert not one.is_allowed("a", "/x")


def test_collect_is_the_rust_name_and_lint_is_deprecated():
    body = b"User-agent: *\nDisallow /x\n"
    every = robotspec.Robots(body, "rfc9309", collect="all").diagnostics
    assert [d.code for d in every] == ["missing-colon"]
    assert robotspec.Robots(body, "rfc9309", collect="limits").diagnostics == []
    assert robotspec.Robots(body, "rfc9309", collect="ALL").diagnostics == every
    with pytest.warns(DeprecationWarning, match="collect=") as warned:
        assert robotspec.Robots(body, "rfc9309", lint=True).diagnostics == every
    assert warned[0].filename == __file__  # the caller's line, not the library's
    with pytest.warns(DeprecationWarning):
        assert robotspec.Robots(body, "rfc9309", lint=False).diagnostics == []
    with pytest.warns(DeprecationWarning), pytest.raises(TypeError, match="not both"):
        robotspec.Robots(body, "rfc9309", collect="limits", lint=True)
    with pytest.raises(ValueError, match="unknown collect"):
        robotspec.Robots(body, "rfc9309", collect="some")


def test_answers_are_copies_the_caller_may_change():
    robots = robotspec.Robots(b"User-agent: *\nDisallow: /a\nAllow: /a/b\n")
    explanation = robots.explain("bot", "/a/b/c")
    explanation.matching.clear()
    explanation.to_dict()["why"] = "changed"
    assert [rule["line"] for rule in explanation.matching] == [3, 2]
    assert explanation.to_dict()["why"] == explanation.why != "changed"
    verdict = robots.check("bot", "/a/x")
    verdict.to_dict()["groups"].append(99)
    assert verdict.groups == [1] and verdict.to_dict()["groups"] == [1]
