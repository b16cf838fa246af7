"""The published methods beside the exact answer (python/robotspec/study/methods/).

Each method is run on hand-made files that exercise one of its quirks, and held to what the
published code does with them — the expected values are derived by reading that code at the
pinned commit, the reasoning written beside each case, never by running ours. The exact column
is held to ``robotspec analyze`` (the command line) on every capture of the test set. These
tests need the binding and the command line only; the Spark run of ``restrictions --methods``
is in the study suite (below, skipped without ROBOTSPEC_STUDY_TESTS=1, saying so).
"""

import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from robotspec.study.capture import Capture
from robotspec.study.methods import EXACT, check_methods, column, judge_capture
from robotspec.study.methods import consent, imc25
from robotspec.study.methods.study import CATEGORIES

from conftest import CORPUS
from study_data import VARIANTS, any_capture

SITE = "https://example.com"
URL = SITE + "/robots.txt"
METHODS = ["exact", "imc25", "consent-in-crisis", "consent-in-crisis-2025"]
LIMIT = 512_000


def judged(body: bytes, agents, status=200, headers=(), failure=None):
    capture = Capture(robots_url=URL, http_status=status, body=body, headers=headers,
                      capture_id="c", failure=failure)
    return {row["agent"]: row for row in
            judge_capture(capture, agents, check_methods(METHODS), "google", LIMIT)}


# (name, body, agent, {method: expected}) — the reasoning in each comment follows the
# published code: IMC 4de8f33 robots_analysis_final.py, Consent in Crisis 257a063 (2024) and
# 60c189c (2025) parse_robots.py.
CASES = [
    (
        # 2024 matches keys as written: "disallow: /" does not start with "Disallow:", so it
        # is an error line and `*` has no Disallow: "none". 2025 lower-cases keys: "all".
        # IMC asks Google's library, which reads the key in any case: "/" disallowed, and the
        # only other probe (the dummy path) too: "all".
        "key-case", b"User-agent: *\ndisallow: /\n", "GPTBot",
        {"exact": "all", "imc25": "all", "consent-in-crisis": "none",
         "consent-in-crisis-2025": "all"},
    ),
    (
        # 2024: each User-agent line replaces the current agents, so only CCBot gets
        # "Disallow: /"; GPTBot has an entry of its own (created by its line) with no rules:
        # "none" — it does not fall back to `*`. 2025: before the first rule, User-agent lines
        # accumulate: both get "/": "all".
        "group-replacement", b"User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n",
        "GPTBot",
        {"exact": "all", "imc25": "all", "consent-in-crisis": "none",
         "consent-in-crisis-2025": "all"},
    ),
    (
        # 2025: once a rule was seen, each User-agent line replaces the agents again: GPTBot's
        # line is followed by CCBot's, so GPTBot gets nothing ("none"). 2024 likewise.
        "group-replacement-after-a-rule",
        b"User-agent: a\nDisallow: /x\n\nUser-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n",
        "GPTBot",
        {"exact": "all", "imc25": "all", "consent-in-crisis": "none",
         "consent-in-crisis-2025": "none"},
    ),
    (
        # 2024: the blank line ends the group, so "Disallow: /private" has no current agent:
        # an error line; `*` has no Disallow: "none". 2025 skips blank lines: "some".
        # IMC: "/" allowed, "/private" disallowed: "some".
        "blank-line-ends-group", b"User-agent: *\n\nDisallow: /private\n", "GPTBot",
        {"exact": "some", "imc25": "some", "consent-in-crisis": "none",
         "consent-in-crisis-2025": "some"},
    ),
    (
        # 2024 keeps "#" and what follows in the value: "/ # everything" is not "/": "some".
        # 2025 cuts the comment: "/" and no Allow: "all". IMC: the second word is "/": "all".
        "hash-not-cut", b"User-agent: *\nDisallow: / # everything\n", "GPTBot",
        {"exact": "all", "imc25": "all", "consent-in-crisis": "some",
         "consent-in-crisis-2025": "all"},
    ),
    (
        # Both Consent in Crisis versions drop every rule holding "?": no Disallow left:
        # "none". IMC probes "/*?" (the `*` as written), which the rule matches: "some".
        "question-mark-dropped", b"User-agent: *\nDisallow: /*?\n", "GPTBot",
        {"exact": "some", "imc25": "some", "consent-in-crisis": "none",
         "consent-in-crisis-2025": "none"},
    ),
    (
        # A value without a leading "/": IMC asks "https://example.com*private", whose path
        # Google's library takes as "/" (no "/", "?" or ";" after the host): allowed; the dummy
        # path is allowed too: "none". The commented-out line next door is what saves IMC in
        # the following case. Consent in Crisis counts "*private" as a Disallow: "some".
        "value-without-slash", b"User-agent: *\nDisallow: *private\n", "GPTBot",
        {"exact": "some", "imc25": "none", "consent-in-crisis": "some",
         "consent-in-crisis-2025": "some"},
    ),
    (
        # IMC takes values from every line holding "allow:" in any case, comments included:
        # "#Disallow: /private" gives the probe "/private", which "*private" disallows:
        # "some". 2024 ends the group at the comment line (nothing after it); 2025 skips it.
        "commented-out-disallow-counted",
        b"User-agent: *\nDisallow: *private\n#Disallow: /private\n", "GPTBot",
        {"exact": "some", "imc25": "some", "consent-in-crisis": "some",
         "consent-in-crisis-2025": "some"},
    ),
    (
        # CRLF without a space after the colon: the line (split at "\n" only) holds no
        # "allow: ", so IMC takes the text between the first and second ":" unstripped:
        # "/x$\r", which does not end in "$": the probe "/x$\r" is asked as written, and
        # "/x$" matches only "/x": allowed; the dummy path too: "none".
        "crlf-dollar-kept", b"User-agent: *\r\nDisallow:/x$\r\n", "GPTBot",
        {"exact": "some", "imc25": "none", "consent-in-crisis": "some",
         "consent-in-crisis-2025": "some"},
    ),
    (
        # The dummy path: "/" allowed by "Allow: /$", every value's probe ("/", "/$" → "/")
        # allowed, "/dummy-testing-path-54321" disallowed: "some". Consent in Crisis: a
        # Disallow "/" with an Allow: "some".
        "dummy-path", b"User-agent: *\nDisallow: /\nAllow: /$\n", "GPTBot",
        {"exact": "some", "imc25": "some", "consent-in-crisis": "some",
         "consent-in-crisis-2025": "some"},
    ),
    (
        # Agent names are looked up exactly: "gptbot" is not "GPTBot", so GPTBot takes `*`'s
        # judgement — no `*` group: "none" (both versions store rules under the name as
        # written). Google's library matches agents in any case: "all".
        "agent-name-case", b"User-agent: gptbot\nDisallow: /\n", "GPTBot",
        {"exact": "all", "imc25": "all", "consent-in-crisis": "none",
         "consent-in-crisis-2025": "none"},
    ),
    (
        # 2024: "User-Agent:" (capital A) is an error line, which does not end the group, so
        # `*` gets "/a" and "/" — "all" — and so does GPTBot, which has no entry of its own.
        # 2025 reads it as GPTBot's group, after a rule: GPTBot alone gets "/": "all"; Google
        # likewise.
        "error-line-keeps-group", b"User-agent: *\nDisallow: /a\nUser-Agent: GPTBot\nDisallow: /\n",
        "*",
        {"exact": "some", "imc25": "some", "consent-in-crisis": "all",
         "consent-in-crisis-2025": "some"},
    ),
    (
        # The Allow list equals the Disallow list only in the same order: ["/b", "/a"] is not
        # ["/a", "/b"]: "some" — though Allow wins every tie and nothing is blocked.
        "allow-list-order", b"User-agent: *\nDisallow: /a\nDisallow: /b\nAllow: /b\nAllow: /a\n",
        "GPTBot",
        {"exact": "none", "imc25": "none", "consent-in-crisis": "some",
         "consent-in-crisis-2025": "some"},
    ),
    (
        # Google's command compares the agent it is given whole with each line's token (cut at
        # the first character outside [A-Za-z_-]): "Kangaroo Bot" equals no token, so no group
        # applies: "none". robotspec, as the CLI, reads the header's product token "Kangaroo".
        "agent-with-space", b"User-agent: Kangaroo Bot\nDisallow: /\n", "Kangaroo Bot",
        {"exact": "all", "imc25": "none", "consent-in-crisis": "all",
         "consent-in-crisis-2025": "all"},
    ),
    (
        # A NUL in a value: the command cannot be given that URL (the script stops): no IMC
        # judgement. Google's library ends the line at the NUL: "Disallow: /a".
        "nul-in-value", b"User-agent: *\nDisallow: /a\x00b\n", "GPTBot",
        {"exact": "some", "imc25": None, "consent-in-crisis": "some",
         "consent-in-crisis-2025": "some"},
    ),
    (
        # An agent named as the parser's list of error lines. 2024: "ERRORS" is already a key
        # (a list), so its line makes no rules of its own, and "Disallow: /" indexes the list
        # by "Disallow": the parser raises, the pipeline leaves the file out: no judgement.
        # 2025: the agent's rules replace the list; no error line follows: GPTBot takes `*`'s
        # "all".
        "agent-named-errors-rule",
        b"User-agent: ERRORS\nDisallow: /\nUser-agent: *\nDisallow: /\n", "GPTBot",
        {"exact": "all", "imc25": "all", "consent-in-crisis": None,
         "consent-in-crisis-2025": "all"},
    ),
    (
        # 2024: the blank line ends ERRORS' group before a rule reaches it, and the error line
        # "Noindex: /y" goes to the list: `*` has "/": "all". 2025: ERRORS' rules replaced the
        # list, and that error line appends to them: the parser raises: no judgement.
        "agent-named-errors-then-error-line",
        b"User-agent: ERRORS\n\nUser-agent: *\nDisallow: /\nNoindex: /y\n", "GPTBot",
        {"exact": "all", "imc25": "all", "consent-in-crisis": "all",
         "consent-in-crisis-2025": None},
    ),
    (
        # 2024: the sitemap line made "Sitemaps" a list, so the agent's "Disallow: /" indexes a
        # list: no judgement. 2025: the agent's rules replaced the list, and no sitemap line
        # follows: GPTBot has no group and no `*`: "none".
        "sitemap-then-agent-named-sitemaps",
        b"Sitemap: https://example.com/s.xml\nUser-agent: Sitemaps\nDisallow: /\n", "GPTBot",
        {"exact": "none", "imc25": "none", "consent-in-crisis": None,
         "consent-in-crisis-2025": "none"},
    ),
    (
        # Both: "Sitemaps" holds the agent's rules when the sitemap line appends to it: no
        # judgement.
        "agent-named-sitemaps-then-sitemap",
        b"User-agent: Sitemaps\nDisallow: /\nSitemap: https://example.com/s.xml\n", "GPTBot",
        {"exact": "none", "imc25": "none", "consent-in-crisis": None,
         "consent-in-crisis-2025": None},
    ),
]


@pytest.mark.parametrize("name,body,agent,expected", CASES, ids=[c[0] for c in CASES])
def test_each_method_reproduces_its_published_code(name, body, agent, expected):
    row = judged(body, [agent])[agent]
    got = {method: row[column(method)] for method in METHODS}
    assert got == expected
    for method in METHODS[1:]:
        evidence = row[column(method) + "_evidence"]
        differs = got[method] is not None and got[method] != got[EXACT]
        assert (evidence is not None) == differs, (method, evidence)


def test_imc_values_follow_the_published_extraction():
    # Second whitespace-separated word where "allow: " occurs (a comment's "#" is a word of
    # its own: "# Disallow: /p" gives "Disallow:"), else the text between the first two ":".
    text = ("User-agent: *\nDisallow: /a b\n# Disallow: /p\n#Allow: /q\nDisallow:/c:d\n"
            "Allow:\tx\nDisallow: \nNoallow: /z\n")
    assert imc25.values(text) == ["/a", "Disallow:", "/q", "/c", "\tx", "/z", "/"]


def test_imc_probe_target_is_googles_path_of_the_url():
    # The URL is passed whole; robotspec's google reading must take the path as Google's
    # GetPathParamsQuery does (docs/google.md; ../shared/spec/GOOGLE-BEHAVIOUR.md, "Paths").
    from robotspec import Robots

    robots = Robots(b"User-agent: *\nDisallow: /\n", "google")
    for url, target in [(SITE + "*private", "/"), (SITE + "foo/bar", "/bar"),
                        (SITE + "?x", "/?x"), (SITE + "/a#b", "/a"), (SITE + "\t/x", "/x"),
                        (SITE + "/x$\r", "/x$\r")]:
        assert robots.explain("bot", url).target == target, url


def test_consent_reads_text_as_requests_does():
    latin = "é".encode("utf-8")
    assert consent.text_of(latin, [("Content-Type", "text/plain")]) == "Ã©"
    assert consent.text_of(latin, [("Content-Type", "text/plain; charset=utf-8")]) == "é"
    assert consent.text_of(latin, []) == "é"


_CONTENT_TYPES = ["text/plain", "TEXT/PLAIN", "Text/Html", " text/plain ", "application/json",
                  "application/octet-stream", "context/x", "", "texts"]
_PARAMETERS = ["", ";charset=utf-8", "; charset=UTF-8", ";charset='latin-1'", '; "charset"=utf-8',
               "; charset = utf-8", ";charset=", ";charset=bogus", "; foo=bar", ";charset",
               "; CHARSET=cp1252", ';charset="utf-8 "', ";charset=utf-16", ",",
               ";charset=utf\x008", ";charset=utf\udcff8"]


@settings(max_examples=300, deadline=None)
@given(fields=st.lists(st.tuples(
           st.sampled_from(["Content-Type", "content-type", "CONTENT-TYPE", "X-Type"]),
           st.builds(lambda kind, parameters: kind + "".join(parameters),
                     st.sampled_from(_CONTENT_TYPES),
                     st.lists(st.sampled_from(_PARAMETERS), max_size=3))),
           max_size=3),
       body=st.lists(st.sampled_from([b"a", b"#", b"\n", "\u00e9".encode(), b"\x85", b"\xe9",
                                      b"\xff", b"\x00", b"\xc3"]), max_size=8).map(b"".join))
def test_consent_text_is_requests_text(fields, body):
    # requests' own decoding, with its guess where no header names an encoding (chardet or
    # charset_normalizer) replaced by the stand-in the module documents: UTF-8. Where its
    # `text` raises (a NUL or a lone surrogate in the charset), extract_robots.py's
    # `parse_robots_txt` records no text.
    from requests.models import Response
    from requests.structures import CaseInsensitiveDict
    from requests.utils import get_encoding_from_headers

    held = CaseInsensitiveDict()
    for name, value in fields:
        held[name] = f"{held[name]}, {value}" if name in held else value
    response = Response()
    response._content = body
    response.headers = held
    response.encoding = get_encoding_from_headers(held)
    if response.encoding is None:
        response.encoding = "utf-8"
    try:
        expected = response.text
    except ValueError:  # a charset no codec is looked up by: the fetch is recorded as failed
        expected = ""
    assert consent.text_of(body, fields) == expected



def test_the_report_of_no_pair_judged_says_so():
    """A run whose captures give a method no pair to judge (an empty WARC file, say) prints
    that, not pandas' picture of an empty frame."""
    pd = pytest.importorskip("pandas")
    from robotspec.study.methods.study import Confusion, report

    empty = Confusion(pd.DataFrame(columns=["method", "agent", "judgement", EXACT, "count"]),
                      pd.DataFrame([{"method": "imc25", "pairs": 0, "differ": 0,
                                     "percent": 0.0}]))
    text = report(empty, [EXACT, "imc25"])
    assert "imc25 (rows) × exact (columns), all crawlers:\n(no pair judged)\n" in text
    assert "Empty DataFrame" not in text


def test_non_200_captures():
    # IMC's data held bodies only: no judgement; Consent in Crisis gets no text: "none".
    # A status no HTTP response has (a crawl's -1) is no response, as the study reads it.
    for status, exact in [(404, "none"), (503, "unreachable"), (-1, "unreachable"),
                          (70000, "unreachable")]:
        row = judged(b"User-agent: *\nDisallow: /\n", ["GPTBot"], status=status)["GPTBot"]
        assert (row[EXACT], row["imc25"], row["consent_in_crisis"]) == (exact, None, "none")
    # A response whose body cannot be decoded (the WARC reader's failure beside its status)
    # gave no answer: the study reads a network error, the methods get no body.
    row = judged(b"\x8b\x03", ["GPTBot"], status=200,
                 failure="the body's Content-Encoding `br` cannot be decoded")["GPTBot"]
    assert (row[EXACT], row["imc25"], row["consent_in_crisis"]) == ("unreachable", None, "none")


@settings(max_examples=200, deadline=None)
@given(capture=any_capture(),
       agents=st.lists(st.sampled_from(["GPTBot", "gptbot", "*", "CCBot", "Kangaroo Bot",
                                        "ERRORS", "Sitemaps"]), min_size=1, max_size=4,
                       unique=True),
       reading=st.sampled_from(VARIANTS), limit=st.integers(1, 600))
def test_any_capture_gets_a_row_per_crawler(capture, agents, reading, limit):
    """Whatever a reader gives — any body, status, headers, failure — each crawler gets a row
    with an exact category and each method's judgement or none, and nothing raises (it would
    fail the Spark task and its whole batch)."""
    rows = list(judge_capture(capture, agents, check_methods(METHODS), reading, limit))
    assert [row["agent"] for row in rows] == agents
    for row in rows:
        assert row[EXACT] in CATEGORIES
        for method in METHODS[1:]:
            assert row[column(method)] in (None, "all", "some", "none"), method


def test_a_body_past_the_size_limit_is_analysed_as_the_policy_reads_it(cli, tmp_path):
    """The limit cuts through `Disallow: /abc`: the access policy leaves that line out (the
    line the limit cuts through is not read), so nothing is closed, and the witnesses come
    from the same reading — not from a file whose last rule is `Disallow: /a`. The row is
    `robotspec analyze --max-input-bytes` on the file."""
    body = b"User-agent: *\nDisallow: /abc\n"
    limit = len(b"User-agent: *\nDisallow: /a")
    capture = Capture(robots_url=URL, http_status=200, body=body, capture_id="c")
    row, = judge_capture(capture, ["GPTBot"], check_methods(METHODS), "google", limit)
    (tmp_path / "robots.txt").write_bytes(body)
    done = cli.run("analyze", "--format", "json", "--variant", "google", "--agent", "GPTBot",
                   "--max-input-bytes", limit, tmp_path / "robots.txt")
    analysis = json.loads(done.stdout)
    assert (row[EXACT], row["disallowed_path"], row["allowed_path"]) == (
        analysis["blocked"], None, "/")


def test_evidence_names_the_missed_path_and_the_methods_fate():
    row = judged(b"User-agent: *\n\nDisallow: /private\n", ["GPTBot"])["GPTBot"]
    assert row["consent_in_crisis_evidence"] == (
        "exact: some; missed disallowed: /private disallowed by line 3: Disallow: /private; "
        "consent-in-crisis: line 3: not read (no current agent: an error line); no entry "
        "named exactly 'GPTBot': the rules of `*`")
    row = judged(b"User-agent: *\nDisallow: /a\nDisallow: /b\nAllow: /b\nAllow: /a\n",
                 ["GPTBot"])["GPTBot"]
    evidence = row["consent_in_crisis_evidence"]
    assert evidence.startswith("exact: none; counted: line 2 `/a`: dead (shadowed")
    assert "line 5 `/a`: allow: decides only allowed paths" in evidence


def _analyze(cli, folder, name, agent):
    done = cli.run("analyze", "--format", "json", "--variant", "google", "--agent", agent,
                   str(folder / name))
    assert done.returncode in (0, 3), done.stderr
    return json.loads(done.stdout)["blocked"]


def test_exact_equals_robotspec_analyze(cli, tmp_path):
    files = {name: body for name, body, _, _ in CASES}
    if CORPUS.is_dir():
        files.update({path.name: path.read_bytes() for path in sorted(CORPUS.iterdir())})
    agents = ["GPTBot", "Kangaroo Bot", "*"]
    for name, body in files.items():
        (tmp_path / name).write_bytes(body)
        rows = judged(body, agents)
        for agent in agents:
            assert rows[agent][EXACT] == _analyze(cli, tmp_path, name, agent), (name, agent)


def test_restrictions_methods_on_spark(tmp_path):
    if os.environ.get("ROBOTSPEC_STUDY_TESTS") != "1":
        pytest.skip("the Spark study suite runs in .ci/test-study "
                    "(or set ROBOTSPEC_STUDY_TESTS=1)")
    import pandas as pd

    from robotspec.study.warcwrite import response_record, write_warc

    records, captures = [], []
    for index, (name, body, _, _) in enumerate(CASES):
        url = f"https://case{index}.example/robots.txt"
        records.append(response_record(url, 200, body))
        captures.append(Capture(url, 200, body, (("Content-Type", "text/plain"),), url))
    records.append(response_record("https://gone.example/robots.txt", 503, b""))
    records.append(response_record("http://moved.example/robots.txt", 301, b"",
                                   (("Location", "https://moved.example/robots.txt"),)))
    warc = tmp_path / "cases.warc.gz"
    write_warc(str(warc), records)
    # A download cut short: its one record ends inside its body (reported and counted).
    cut = tmp_path / "cut.warc"
    cut.write_bytes(records[0][:-20])
    agents = ["GPTBot", "*", "Kangaroo Bot"]
    study = tmp_path / "study"
    done = subprocess.run(
        [sys.executable, "-m", "robotspec.study", "restrictions", "--methods", ",".join(METHODS),
         "--warc", str(warc), str(cut), "--study", str(study), "--agents", ",".join(agents),
         "--master", "local[2]", "--conf", "spark.ui.enabled=false"],
        capture_output=True, text=True, cwd=str(tmp_path))
    assert done.returncode == 0, done.stderr[-3000:]
    assert ("robotspec.study: 1 file could not be read whole (see the executors' standard "
            "error)" in done.stderr.splitlines())
    table = pd.read_parquet(study / "methods")
    assert len(table) == (len(CASES) + 2) * len(agents)
    # Every row as judge_capture gives it for the same capture (read back from the WARC).
    by_url = table.set_index(["robots_url", "agent"])
    for capture in captures:
        for row in judge_capture(capture, agents, check_methods(METHODS), "google", LIMIT):
            stored = by_url.loc[(capture.robots_url, row["agent"])]
            for method in METHODS:
                want = row[column(method)]
                got = stored[column(method)]
                assert (None if pd.isna(got) else got) == want, (capture.robots_url, method)
    assert set(table.loc[table["robots_url"].str.contains("moved"), "state"]) == {"redirect"}
    # The confusion: every judged pair once, the disagreements exactly those that differ.
    confusion = pd.read_csv(study / "restrictions" / "confusion.csv")
    rates = pd.read_csv(study / "restrictions" / "rates.csv").set_index("method")
    judged = table[table["state"] != "redirect"]
    for method in METHODS[1:]:
        mine = judged[judged[column(method)].notna()]
        differ = int((mine[column(method)] != mine["exact"]).sum())
        assert rates.loc[method, "pairs"] == len(mine)
        assert rates.loc[method, "differ"] == differ > 0
        assert confusion.loc[confusion["method"] == method, "count"].sum() == len(mine)
    summary = (study / "restrictions" / "summary.md").read_text()
    assert "| `consent-in-crisis` |" in summary and "`Kangaroo Bot`" in summary
    assert " from 2 input files, 1 not read whole; " in summary
    assert summary in done.stdout
    provenance = json.loads((study / "methods" / "_provenance.json").read_text())
    assert provenance["methods"] == METHODS and provenance["agents"] == agents
    assert provenance["inputs"] == [str(warc), str(cut)] and provenance["readings"] == ["google"]
    assert provenance["unreadable_files"] == 1
    disagreements = pd.read_parquet(study / "restrictions" / "disagreements")
    assert len(disagreements) == int(rates["differ"].sum())
    assert disagreements["evidence"].notna().all()
