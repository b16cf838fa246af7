"""The exact answers over every URL — ``Robots.analyze``, ``Robots.compare``,
``Robots.named_agents`` — held to the command line's ``analyze`` and ``compare`` (the same
JSON), their typed fields to their dicts, and every witness to ``Robots.check``."""

import pytest

import robotspec
from conftest import EXAMPLES, REPO

ANALYSIS = REPO / "cli" / "tests" / "cmd" / "fixtures" / "analysis"
FILES = [ANALYSIS / "old.txt", ANALYSIS / "new.txt", EXAMPLES / "E11.txt", EXAMPLES / "E29.txt"]
AGENTS = ["GPTBot", "ccbot", "foobot", "Mozilla/5.0 (compatible; FooBot/2.1)"]


def _without(answer, *fields):
    return {k: v for k, v in answer.items() if k not in fields}


def _ruling(witness):
    return {"allowed": witness.allowed, "decision": witness.decision, "line": witness.line,
            "rule": witness.rule}


def _check_witness(robots, agent, witness):
    """A witness gets from ``check`` the verdict and rule it claims."""
    # A path that starts with `//` is asked for under a host: a bare `//x` names the host `x`.
    verdict = robots.check(agent or "a-crawler-no-group-names", "http://example.com" + witness.path)
    assert (verdict.allowed, verdict.line, verdict.rule) == (
        witness.allowed, witness.line, witness.rule), witness


@pytest.mark.parametrize("variant", ["draft-1996", "rfc9309", "google"])
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_analyze_is_the_cli_analyze(cli, path, variant):
    robots = robotspec.Robots(path.read_bytes(), variant)
    for agent in AGENTS:
        analysis = robots.analyze(agent)
        expected = cli.json("analyze", "--variant", variant, "--agent", agent, path)
        shape = ("agent", "variant", "groups", "compared_with_unnamed")
        assert analysis.to_dict() == _without(expected, *shape), (path, agent)
        # The typed fields are the dict's.
        assert analysis.blocked == expected["blocked"]
        for name in ("allowed", "disallowed"):
            witness = getattr(analysis, f"{name}_example")
            if witness is None:
                assert expected[f"{name}_example"] is None
                continue
            assert witness.path == expected[f"{name}_example"]
            assert _ruling(witness) == expected[f"{name}_by"]
            _check_witness(robots, agent, witness)
        assert [(d.line, d.rule, d.cause, d.why) for d in analysis.dead_rules] == [
            (d["line"], d["rule"], d["cause"], d["why"]) for d in expected["dead_rules"]]
        assert [d.shadowed_by for d in analysis.dead_rules] == [
            None if d["shadowed_by"] is None else [(s["line"], s["rule"]) for s in d["shadowed_by"]]
            for d in expected["dead_rules"]]
        assert analysis.undecided is None


def test_without_an_agent_the_analysis_is_an_unnamed_crawlers(cli):
    path = ANALYSIS / "old.txt"
    robots = robotspec.Robots(path.read_bytes())
    listed = cli.json("analyze", path)
    assert [a["agent"] for a in listed] == [*robots.named_agents, None]
    unnamed = robots.analyze()
    assert unnamed.to_dict() == _without(listed[-1], "agent", "variant", "groups",
                                         "compared_with_unnamed")
    assert [d.line for d in unnamed.dead_rules] == [3]
    assert unnamed.dead_rules[0].shadowed_by == [(4, "Allow: /cart")]
    assert str(unnamed.disallowed_example) == "/search!: disallowed by line 5: Disallow: /search"
    _check_witness(robots, None, unnamed.disallowed_example)


@pytest.mark.parametrize("sides", [
    ("old.txt", "google", "new.txt", "google"),
    ("old.txt", "draft-1996", "old.txt", "rfc9309"),
    ("new.txt", "rep-draft-2019", "new.txt", "google"),
    ("new.txt", "google", "new.txt", "google+wildcards=no"),
], ids=lambda s: "-".join(s))
def test_compare_is_the_cli_compare(cli, sides):
    old_name, old_reading, new_name, new_reading = sides
    old_path, new_path = ANALYSIS / old_name, ANALYSIS / new_name
    old = robotspec.Robots(old_path.read_bytes(), old_reading)
    new = robotspec.Robots(new_path.read_bytes(), new_reading)
    if old_name == new_name:
        args = ("--variants", f"{old_reading},{new_reading}", old_path)
    else:
        args = ("--variant", old_reading, old_path, new_path)
    listed = cli.json("compare", *args)
    agents = [entry["agent"] for entry in listed]
    for agent, expected in zip(agents, listed):
        equivalence = old.compare(new, agent)
        assert equivalence.to_dict() == _without(expected, "agent"), (sides, agent)
        assert equivalence.equivalent == expected["equivalent"]
        assert equivalence.undecided is None
        assert len(equivalence.differences) == len(expected["differences"])
        for difference, want in zip(equivalence.differences, expected["differences"]):
            assert difference.path == difference.old.path == difference.new.path == want["path"]
            assert (_ruling(difference.old), _ruling(difference.new)) == (want["old"], want["new"])
            assert difference.old.allowed != difference.new.allowed
            _check_witness(old, agent, difference.old)
            _check_witness(new, agent, difference.new)
        only_old, only_new = equivalence.allowed_only_by_old, equivalence.allowed_only_by_new
        assert only_old is None or only_old.old.allowed
        assert only_new is None or only_new.new.allowed


def test_a_file_is_equivalent_to_itself_and_named_agents_come_in_file_order():
    robots = robotspec.Robots(b"User-agent: FooBot\nUser-agent: *\nUser-agent: bar\nDisallow: /\n"
                              b"\nUser-agent: FOOBOT\nAllow: /x\n")
    assert robots.named_agents == ["foobot", "bar"]
    for agent in [None, "FooBot", "bar", "other"]:
        same = robots.compare(robots, agent)
        assert (same.equivalent, same.differences, same.undecided) == (True, [], None)
        assert same.allowed_only_by_old is None and same.allowed_only_by_new is None


def test_a_limit_leaves_the_answer_undecided_never_guessed():
    hard = (ANALYSIS / "hard.txt").read_bytes()
    # Too small for even the queries of the generic paths: nothing is claimed.
    starved = robotspec.Robots(hard, "rfc9309", analysis_states=40).analyze()
    assert (starved.blocked, starved.undecided) == ("undecided", "analysis_states")
    assert starved.allowed_example is None and starved.disallowed_example is None
    # Enough to tell what is blocked, not for the search of the shortest examples: that stands, the
    # examples are the generic paths' (not proven the shortest), and the limit is named. (Under
    # RFC 9309 the `*` before `A` may take the `%2` of `%2A`, the escape the request byte `*` is
    # written as, so its shortest disallowed path takes a search; Google's reading reads it off
    # the patterns, docs/analysis.md.)
    bounded = robotspec.Robots(hard, "rfc9309", analysis_states=400)
    analysis = bounded.analyze()
    assert (analysis.blocked, analysis.undecided) == ("some", "analysis_states")
    assert analysis.to_dict()["undecided"]["limit"] == "analysis_states"
    # What it found stands, and is a real path with its real verdict.
    for witness in (analysis.allowed_example, analysis.disallowed_example):
        _check_witness(bounded, None, witness)
    unbounded = robotspec.Robots(hard, "rfc9309").analyze()
    # `/*bcd`, whose target `/%2Abcd` the pattern matches, is as short as `/Abcd` and smaller.
    assert unbounded.undecided is None and unbounded.disallowed_example.path == "/*bcd"
    read_off = robotspec.Robots(hard, analysis_states=400).analyze()
    assert read_off.undecided is None and read_off.disallowed_example.path == "/Abcd"
    # A comparison stopped before it found a difference says neither "equivalent" nor
    # "different" (a file compared with itself is equivalent without a search: another file).
    tight = robotspec.Robots(hard, analysis_states=10)
    edited = robotspec.Robots(hard + b"Disallow: /*q*r\n", analysis_states=10)
    compared = tight.compare(edited)
    assert (compared.equivalent, compared.undecided) == (None, "analysis_states")
    assert compared.differences == []
    unbounded_edit = robotspec.Robots(hard + b"Disallow: /*q*r\n")
    assert robotspec.Robots(hard).compare(unbounded_edit).equivalent is False


def test_answers_are_typed_objects_that_outlive_their_robots():
    analysis = robotspec.Robots(b"User-agent: *\nDisallow: /a\nAllow: /a\n").analyze()
    dead = analysis.dead_rules[0]
    assert isinstance(dead, robotspec.DeadRule) and dead.cause == "shadowed"
    assert repr(dead).startswith("<DeadRule line 2 (shadowed):")
    assert repr(analysis) == "<Analysis blocked=none>"
    witness = analysis.allowed_example
    assert isinstance(witness, robotspec.Witness)
    again = robotspec.Robots(b"User-agent: *\nDisallow: /b\n").analyze().allowed_example
    assert witness == again and len({witness, again}) == 1
    assert witness != robotspec.Robots(b"").analyze().allowed_example  # no group applies
    old, new = robotspec.Robots(b"User-agent: *\nDisallow: /\n"), robotspec.Robots(b"")
    difference = old.compare(new).differences[0]
    del old, new
    assert isinstance(difference, robotspec.Difference)
    assert repr(difference) == "<Difference /: disallowed then allowed>"
    assert difference.path == "/"
    # to_dict() gives a copy the caller may change.
    changed = analysis.to_dict()
    changed["blocked"] = "all"
    assert analysis.to_dict()["blocked"] == "none"


def test_compare_takes_a_robots():
    robots = robotspec.Robots(b"")
    with pytest.raises(TypeError):
        robots.compare(b"User-agent: *\nDisallow: /\n")
    with pytest.raises(robotspec.AgentError):
        robots.analyze(" , ")


def test_paths_that_start_with_two_slashes_are_request_paths():
    # The worked example of docs/analysis.md: `//` is asked for as http://example.com//.
    robots = robotspec.Robots(b"User-agent: foo\nAllow: /A/\nAllow: /\nDisallow: //*\n")
    analysis = robots.analyze("foo")
    assert analysis.blocked == "some" and analysis.dead_rules == []
    witness = analysis.disallowed_example
    assert (witness.path, witness.line) == ("//", 4)
    assert str(witness) == "http://example.com//: disallowed by line 4: Disallow: //*"
    _check_witness(robots, "foo", witness)
    assert robots.is_allowed("foo", "//x")  # a bare `//x` names the host `x`


def test_analyze_each_shares_by_content_and_names_each_crawlers_lines():
    # A bad-bot list: four groups that say the same, one that does not, and `*`.
    body = b"".join(b"User-agent: %s\nDisallow: /\n\n" % bot for bot in (b"a", b"b", b"c", b"d"))
    body += b"User-agent: e\nDisallow: /private\n\nUser-agent: *\nAllow: /\n"
    robots = robotspec.Robots(body, "rfc9309")
    crawlers = robots.named_agents + [None]
    shared = robots.analyze_each(crawlers)
    assert [a.to_dict() for a in shared] == [robots.analyze(c).to_dict() for c in crawlers]
    assert [a.disallowed_example.line for a in shared[:4]] == [2, 5, 8, 11]
    assert shared[4].disallowed_example.path == "/private" and shared[5].blocked == "none"
    with pytest.raises(TypeError):
        robots.analyze_each("a")
    with pytest.raises(robotspec.AgentError):
        robots.analyze_each(["a", " , "])
