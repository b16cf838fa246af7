"""A site's history (python/robotspec/study/history.py): captures of the same hosts at
different times, compared crawler by crawler.

Without Spark: the Wayback-style folder is read as documented, one capture per period is kept
(the latest; a redirect only when nothing else), sites fold as asked, and every comparison of
two 200 captures equals ``robotspec compare`` (the command line, run here) on the same pair of
files — equivalent or not, the shortest path opened and closed, each side's rule; on the
folder's captures and on generated pairs of files under three readings — while a
status change gives the paths the access policy implies. With ROBOTSPEC_STUDY_TESTS=1 (the
study suite), ``python -m robotspec.study history`` runs on Spark over the same folder and its
tables are checked; elsewhere that test skips, saying so.
"""

import dataclasses
import json
import os
import re
import subprocess
import sys
from datetime import datetime, timezone

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from robotspec.study import history
from robotspec.study.capture import Capture

from study_data import any_capture

AGENTS = ["GPTBot", "*"]
BASE = b"User-agent: *\nDisallow: /private\n"
# site -> [(file name, body)]: a Wayback-style folder (HOST/TIMESTAMP[.STATUS]).
FOLDER = {
    "a.example": [
        ("20230115000000", BASE),
        # Later in the same month: this one counts for 2023-01.
        ("20230120", BASE + b"Disallow: /tmp\n"),
        # GPTBot closed: a group of its own disallows everything.
        ("202303", b"User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /private\n"),
        # A 404: everything allowed.
        ("20230401000000.404", b"not found"),
        # A 503: unreachable.
        ("20230501000000.503", b""),
        ("20230601000000", BASE),
        # An edit that keeps every verdict: equivalent.
        ("20230701000000", BASE + b"Disallow: /private/x\n"),
    ],
    # Whitespace after the rule: each side's rule is shown trimmed, as `robotspec compare`
    # shows it.
    "www.b.example": [("20230101000000", b"User-agent: *\nDisallow: /a \t\n")],
    "b.example": [("20230201000000", b"User-agent: *\nDisallow: /a\nAllow: /a/b\n")],
}


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    root = tmp_path_factory.mktemp("wayback")
    for host, files in FOLDER.items():
        (root / host).mkdir()
        for name, body in files:
            (root / host / name).write_bytes(body)
    (root / "a.example" / "notes.txt").write_text("not a capture")
    return root


def _rows(captures, fold=False, period="month"):
    by_site = {}
    for capture in captures:
        by_site.setdefault(history.site_of(capture.robots_url, fold), []).append(capture)
    names = [name for name, _ in history.COLUMNS]
    rows = []
    for site, mine in sorted(by_site.items()):
        for values in history.site_rows(site, mine, AGENTS, ["google"], period, 512_000):
            rows.append(dict(zip(names, values)))
    return rows


def test_the_folder_is_read_as_documented(folder):
    captures = list(history.captures_from_folder(str(folder)))
    assert len(captures) == sum(len(files) for files in FOLDER.values())
    statuses = {(c.robots_url, c.fetch_time.strftime("%Y%m%d"), c.http_status) for c in captures}
    assert ("https://a.example/robots.txt", "20230401", 404) in statuses
    assert ("https://a.example/robots.txt", "20230301", 200) in statuses  # "202303": day 1


def test_a_timestamp_that_names_no_time_is_skipped_and_said(tmp_path, capsys):
    """A name of digits that is no time is not a capture: skipped, with a line on standard
    error, while an omitted month or day (`00`) still reads as the first."""
    (tmp_path / "c.example").mkdir()
    # Digits of other scripts (`٢٠٢٤٠٥`, Arabic-Indic) are no Wayback timestamp: not a capture.
    for name in ("20231301", "20230229", "0000", "20230230120000.404", "202300", "20240229",
                 "\u0662\u0660\u0662\u0664\u0660\u0665", "2024\uff10\uff15"):
        (tmp_path / "c.example" / name).write_bytes(BASE)
    captures = list(history.captures_from_folder(str(tmp_path)))
    assert sorted(c.fetch_time.strftime("%Y-%m-%d") for c in captures) == ["2023-01-01",
                                                                            "2024-02-29"]
    said = capsys.readouterr().err.splitlines()
    assert sorted(line.rsplit(os.sep, 1)[-1] for line in said) == [
        f"{name}: skipped: its name is no time"
        for name in ("0000", "20230229", "20230230120000.404", "20231301")]


def test_a_capture_that_cannot_be_read_is_skipped_and_said(tmp_path, capsys):
    """A folder named like a capture (a download tool's) is no capture: skipped, with a line
    on standard error, and the host's other captures read as ever (not the task failed)."""
    (tmp_path / "c.example" / "20240101").mkdir(parents=True)
    (tmp_path / "c.example" / "20240201").write_bytes(BASE)
    captures = list(history.captures_from_folder(str(tmp_path)))
    assert [c.fetch_time.strftime("%Y-%m-%d") for c in captures] == ["2024-02-01"]
    assert capsys.readouterr().err.splitlines() == [
        f"robotspec.study: {tmp_path / 'c.example' / '20240101'}: skipped: Is a directory"]


def test_a_captures_body_is_read_to_one_byte_past_the_limit(tmp_path):
    """A Wayback file is read as a WARC record is: one byte past what the readings parse is
    kept, the rest only counted, so a huge file costs no more memory than the limit. The
    file's `Disallow: /b`, past the limit, is read by no reading."""
    body = BASE + b"#" * 100 + b"\nDisallow: /b\n"
    (tmp_path / "c.example").mkdir()
    (tmp_path / "c.example" / "20240101").write_bytes(body)
    limit = len(BASE) + 50
    capture, = history.captures_from_folder(str(tmp_path), size_limit=limit)
    assert (capture.body, capture.body_bytes) == (body[: limit + 1], len(body))
    row, = history.site_rows("https://c.example", [capture, dataclasses.replace(
        capture, capture_id="2", fetch_time=capture.fetch_time.replace(year=2025),
        body=BASE)], ["*"], ["google"], "year", limit)
    assert row[[name for name, _ in history.COLUMNS].index("change")] == "equivalent"


def test_a_folder_whose_name_is_no_host_is_skipped_and_said(tmp_path, capsys):
    """A host folder whose name cannot be a host — bytes that are not UTF-8, a space — holds
    no site's captures: skipped, with a line on standard error, as `warc FOLDER` skips such a
    file."""
    for host in (b"ok.example", b"c\xff.example", b"a b.example"):
        os.makedirs(os.path.join(os.fsencode(tmp_path), host))
        with open(os.path.join(os.fsencode(tmp_path), host, b"2024"), "wb") as file:
            file.write(BASE)
    captures = list(history.captures_from_folder(str(tmp_path)))
    assert [c.robots_url for c in captures] == ["https://ok.example/robots.txt"]
    said = sorted(line.rsplit(os.sep, 1)[-1] for line in capsys.readouterr().err.splitlines())
    assert said == ["a b.example: skipped: its name is no host",
                    "c\\udcff.example: skipped: its name is no host"]


def test_the_summary_counts_in_words(folder):
    """The appendix's sentence says "1 site", "2 consecutive pairs", "daily"."""
    pd = pytest.importorskip("pandas")
    timeline = pd.DataFrame({"reading": ["google"], "agent": ["GPTBot"], "period": ["2023-01-02"],
                             "closed": [1], "opened": [0], "partly": [0], "unchanged": [0]})
    provenance = {"readings": ["google"], "agents": ["GPTBot"], "robotspec_version": "0",
                  "period": "day", "fold": False, "inputs": [str(folder)]}
    text = history.markdown(timeline, {"sites": 1, "pairs": 2}, provenance)
    assert "; 1 site, 2 consecutive pairs of daily captures; " in text
    assert "; 1 input file)." in text


def test_a_history_without_a_pair_says_so(folder, tmp_path):
    """No site captured in two periods: the summary says so instead of an empty table, and the
    plot says it, without matplotlib's warning of a legend with nothing in it."""
    import warnings

    pd = pytest.importorskip("pandas")
    timeline = pd.DataFrame(columns=["reading", "agent", "period", "closed", "opened", "partly",
                                     "unchanged"])
    provenance = {"readings": ["google"], "agents": ["GPTBot"], "robotspec_version": "0",
                  "period": "month", "fold": False, "inputs": [str(folder)]}
    text = history.markdown(timeline, {"sites": 0, "pairs": 0}, provenance)
    assert "No site was captured in two periods: there is no change to count." in text
    assert "| crawler |" not in text
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        history.plot(timeline, str(tmp_path / "timeline.png"), "google", ["GPTBot"])
    assert (tmp_path / "timeline.png").stat().st_size > 0


def test_one_capture_per_period_the_latest(folder):
    captures = [c for c in history.captures_from_folder(str(folder))
                if "a.example" == c.robots_url.split("/")[2]]
    chosen = history.latest_per_period(captures, "month")
    assert [key for key, _ in chosen] == ["2023-01", "2023-03", "2023-04", "2023-05",
                                          "2023-06", "2023-07"]
    assert chosen[0][1].fetch_time.day == 20
    assert [key for key, _ in history.latest_per_period(captures, "year")] == ["2023"]


def test_a_redirect_gives_way_to_another_capture_of_the_period():
    when = datetime(2024, 5, 1, tzinfo=timezone.utc)
    redirect = Capture("http://c.example/robots.txt", 301, b"",
                       (("Location", "https://c.example/robots.txt"),), "r",
                       fetch_time=when.replace(hour=5))
    body = Capture("https://c.example/robots.txt", 200, BASE, (), "b", fetch_time=when)
    assert history.site_of(redirect.robots_url, True) == "c.example"
    assert history.site_of(redirect.robots_url, False) == "http://c.example"
    assert history.site_of("https://www.c.example/robots.txt", True) == "c.example"
    assert history.latest_per_period([redirect, body], "month")[0][1] is body


@pytest.mark.parametrize("url,site,folded", [
    ("https://a.example/robots.txt", "https://a.example", "a.example"),
    ("https://a.example:443/robots.txt", "https://a.example", "a.example"),
    ("HTTP://WWW.A.example:80/robots.txt", "http://www.a.example", "a.example"),
    ("ftp://a.example:21/robots.txt", "ftp://a.example", "a.example"),
    # Another port is another site (RFC 9309 2.3: the file speaks for its authority).
    ("https://www.a.example:8443/robots.txt", "https://www.a.example:8443", "a.example:8443"),
    ("http://a.example:8443/robots.txt", "http://a.example:8443", "a.example:8443"),
    # No port is that large: not a URL, so no site (the library's scope, robots_txt_url).
    ("https://a.example:99999/robots.txt", None, None),
    ("mailto:a@a.example", None, None),
    # An internationalised host is its punycode (Google's reading), as WARC files spell it,
    # by UTS 46 as the library's url crate and browsers read it: IDNA 2003 (Python's codec)
    # would map \u00df to "ss", a different host.
    ("https://www.B\u00fccher.example/robots.txt", "https://www.xn--bcher-kva.example",
     "xn--bcher-kva.example"),
    ("https://stra\u00dfe.example/robots.txt", "https://xn--strae-oqa.example",
     "xn--strae-oqa.example"),
    ("https://WWW.\u00c9COLE.example/robots.txt", "https://www.xn--cole-9oa.example",
     "xn--cole-9oa.example"),
    ("https://xn--bcher-kva.example/robots.txt", "https://xn--bcher-kva.example",
     "xn--bcher-kva.example"),
    ("https://[2001:db8::1]:8443/robots.txt", "https://[2001:db8::1]:8443", "[2001:db8::1]:8443"),
    ("https://www./robots.txt", "https://www.", "www."),  # nothing is left without www.
    ("/robots.txt", None, None),
])
def test_a_site_is_what_its_robots_txt_speaks_for(url, site, folded):
    assert (history.site_of(url, False), history.site_of(url, True)) == (site, folded)


def test_fold_joins_www_and_the_bare_host(folder):
    captures = list(history.captures_from_folder(str(folder)))
    unfolded = {row["site"] for row in _rows(captures)}
    assert unfolded == {"https://a.example"}  # b.example and www.b.example: one capture each
    folded = [row for row in _rows(captures, fold=True) if row["site"] == "b.example"]
    assert {(r["agent"], r["change"], r["opened_path"]) for r in folded} == {
        ("GPTBot", "opened", "/a/b"), ("*", "opened", "/a/b")}
    assert {r["opened_before"] for r in folded} == {"disallowed by line 2: Disallow: /a"}


def test_status_changes_are_history(folder):
    captures = list(history.captures_from_folder(str(folder)))
    rows = {(r["agent"], r["after_period"]): r for r in _rows(captures)}
    closed = rows[("GPTBot", "2023-03")]
    assert (closed["before"], closed["after"], closed["change"]) == ("some", "all", "closed")
    # The 404 allows everything: GPTBot's "/" (its shortest disallowed path) is opened.
    opened = rows[("GPTBot", "2023-04")]
    assert (opened["after_state"], opened["after"], opened["change"]) == (
        "allow-all", "none", "opened")
    assert opened["opened_path"] == "/"
    assert opened["opened_before"] == "disallowed by line 2: Disallow: /"
    assert opened["opened_after"].startswith("allow-all (404")
    # The 503 leaves the site unreachable: "/" (allowed under the 404) is closed.
    gone = rows[("*", "2023-05")]
    assert (gone["after"], gone["change"], gone["closed_path"]) == ("unreachable", "closed", "/")
    # Back to rules: their shortest allowed path is opened.
    back = rows[("*", "2023-06")]
    assert (back["change"], back["opened_path"]) == ("opened", "/")
    assert rows[("*", "2023-07")]["change"] == "equivalent"


def test_a_status_no_response_has_is_unreachable_in_a_history():
    """A capture given with a number no status code is (a crawl's -1 for "no response") is
    read as the study reads it: no response, so the site is unreachable then."""
    when = datetime(2024, 5, 1, tzinfo=timezone.utc)
    before = Capture("https://d.example/robots.txt", 200, BASE, (), "1", fetch_time=when)
    after = Capture("https://d.example/robots.txt", -1, b"", (), "2",
                    fetch_time=when.replace(month=6))
    rows = _rows([before, after])
    assert {(r["after_state"], r["after_status"], r["change"]) for r in rows
            if r["agent"] == "*"} == {("unreachable", -1, "closed")}


def test_a_body_that_cannot_be_decoded_is_unreachable_in_a_history():
    """A capture whose response came with a body the WARC reader cannot decode (its status
    and a failure) gave no answer: the site is unreachable then, as the study reads it."""
    when = datetime(2024, 5, 1, tzinfo=timezone.utc)
    before = Capture("https://d.example/robots.txt", 200, BASE, (), "1", fetch_time=when)
    after = Capture("https://d.example/robots.txt", 200, b"\x8b\x03",
                    (("Content-Encoding", "br"),), "2", fetch_time=when.replace(month=6),
                    failure="the body's Content-Encoding `br` cannot be decoded")
    rows = _rows([before, after])
    assert {(r["after_state"], r["after_status"], r["change"]) for r in rows
            if r["agent"] == "*"} == {("unreachable", 200, "closed")}


@settings(max_examples=150, deadline=None)
@given(captures=st.lists(any_capture(st.sampled_from(["https://a.test/robots.txt",
                                                      "http://a.test/robots.txt"])),
                         min_size=1, max_size=5),
       reading=st.sampled_from(["google", "rfc9309", "draft-1996", "convention-1994"]),
       period=st.sampled_from(["day", "month", "year"]), limit=st.integers(1, 600))
def test_any_captures_give_a_row_per_pair_and_crawler(captures, reading, period, limit):
    """Whatever a reader gives for a site's captures — any body, status, headers, failure —
    each consecutive pair of periods gets a row per crawler, with a change the module names,
    and nothing raises (it would fail the Spark task and the command)."""
    periods = len(history.latest_per_period(captures, period))
    names = [name for name, _ in history.COLUMNS]
    rows = [dict(zip(names, values))
            for values in history.site_rows("https://a.test", captures, AGENTS, [reading],
                                            period, limit)]
    assert len(rows) == (periods - 1) * len(AGENTS)
    assert {row["change"] for row in rows} <= {
        "equivalent", "opened", "closed", "opened and closed", "redirect", "undecided"}


def test_comparisons_equal_robotspec_compare(cli, folder, tmp_path):
    captures = list(history.captures_from_folder(str(folder)))
    bodies = {c.capture_id: c.body for c in captures}
    by_time = {(c.robots_url, c.fetch_time): c.capture_id for c in captures}
    checked = 0
    for row in _rows(captures, fold=True):
        if row["before_status"] != 200 or row["after_status"] != 200:
            continue
        old = bodies[by_time[(row["before_url"], row["before_time"])]]
        new = bodies[by_time[(row["after_url"], row["after_time"])]]
        _assert_row_is_compare(cli, tmp_path, row, (old, new), "google")
        checked += 1
    assert checked >= 6


def test_a_body_past_the_size_limit_is_compared_as_the_policy_reads_it(cli, tmp_path):
    """The limit cuts through the new file's `Disallow: /abc`: the access policy leaves that
    line out, so the change opens `/p` and closes nothing — what `robotspec compare
    --max-input-bytes` says of the two files — not a change that also closes `/a`."""
    new = b"User-agent: *\nDisallow: /abc\n"
    limit = len(b"User-agent: *\nDisallow: /a")
    captures = [Capture(robots_url="https://x.example/robots.txt", http_status=200, body=body,
                        capture_id=str(month),
                        fetch_time=datetime(2024, month, 1, tzinfo=timezone.utc))
                for month, body in ((1, b"User-agent:*\nDisallow:/p\n"), (2, new))]
    names = [name for name, _ in history.COLUMNS]
    row, = [dict(zip(names, values)) for values in
            history.site_rows("https://x.example", captures, ["*"], ["google"], "month", limit)]
    assert (row["before"], row["after"], row["change"]) == ("some", "none", "opened")
    _assert_row_is_compare(cli, tmp_path, row, (captures[0].body, new), "google",
                           "--max-input-bytes", limit)


# Generated files: groups of a user-agent line and rules — keys in any case, wildcards, `$`,
# escapes — each line ended by whitespace, a comment or CR as often as by a bare LF (a rule is
# shown trimmed on both sides).
AGENT_VALUES = ["*", "GPTBot", "gptbot", "other"]
RULE_KEYS = ["Allow", "Disallow", "disallow", "Dissallow"]
PATTERNS = ["/", "/a", "/a/", "/a*", "/*.pdf$", "/a$", "/%7Ea", "/~a", "/a?b", "", "a"]
ENDS = ["\n", "\r\n", " \t\n", "  # c\n", "\n\n"]


def _bodies():
    end = st.sampled_from(ENDS)
    agent = st.tuples(st.sampled_from(["User-agent", "user-agent"]), st.just(": "),
                      st.sampled_from(AGENT_VALUES), end)
    rule = st.tuples(st.sampled_from(RULE_KEYS), st.sampled_from([":", ": ", " : "]),
                     st.sampled_from(PATTERNS), end)
    group = st.tuples(agent.map("".join), st.lists(rule.map("".join), max_size=4).map("".join))
    return st.lists(group.map("".join), max_size=3).map(lambda groups: "".join(groups).encode())


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(old=_bodies(), new=_bodies(), reading=st.sampled_from(["google", "rfc9309", "draft-1996"]))
def test_generated_histories_equal_robotspec_compare(cli, tmp_path, old, new, reading):
    captures = [Capture(robots_url="https://x.example/robots.txt", http_status=200, body=body,
                        capture_id=str(month),
                        fetch_time=datetime(2024, month, 1, tzinfo=timezone.utc))
                for month, body in ((1, old), (2, new))]
    names = [name for name, _ in history.COLUMNS]
    rows = [dict(zip(names, values)) for values in
            history.site_rows("https://x.example", captures, AGENTS, [reading], "month", 512_000)]
    assert len(rows) == len(AGENTS)
    for row in rows:
        _assert_row_is_compare(cli, tmp_path, row, (old, new), reading)


def _assert_row_is_compare(cli, folder, row, bodies, reading, *options):
    """The history's row for two 200 captures is what `robotspec compare` (with ``options``)
    says of their files: equivalent or not, and the shortest path opened and closed with each
    side's rule."""
    old, new = folder / "old.txt", folder / "new.txt"
    old.write_bytes(bodies[0])
    new.write_bytes(bodies[1])
    done = cli.run("compare", "--format", "json", "--variant", reading, "--agent",
                   row["agent"], *options, str(old), str(new))
    assert done.returncode in (0, 1), done.stderr
    answer = json.loads(done.stdout)
    assert (row["change"] == "equivalent") == answer["equivalent"], row
    expected = {}
    for difference in answer["differences"]:
        name = "closed" if difference["old"]["allowed"] else "opened"
        expected[name] = (difference["path"], _words(difference["old"]),
                          _words(difference["new"]))
    got = {name: (row[f"{name}_path"], row[f"{name}_before"], row[f"{name}_after"])
           for name in ("opened", "closed") if row[f"{name}_path"] is not None}
    assert got == expected, row


def _words(side):
    verdict = "allowed" if side["allowed"] else "disallowed"
    if side["line"] is None:
        return f"{verdict} ({side['decision']})"
    return f"{verdict} by line {side['line']}: {side['rule']}"


def test_the_history_command_on_spark(folder, tmp_path):
    if os.environ.get("ROBOTSPEC_STUDY_TESTS") != "1":
        pytest.skip("the Spark study suite runs in .ci/test-study "
                    "(or set ROBOTSPEC_STUDY_TESTS=1)")
    out = tmp_path / "history"
    done = subprocess.run(
        [sys.executable, "-m", "robotspec.study", "history", "--captures", str(folder),
         "--out", str(out), "--agents", ",".join(AGENTS), "--fold", "--master", "local[2]",
         "--conf", "spark.ui.enabled=false"],
        capture_output=True, text=True, cwd=str(tmp_path))
    assert done.returncode == 0, done.stderr[-3000:]
    import pandas as pd

    table = pd.read_parquet(out / "history")
    expected = _rows(list(history.captures_from_folder(str(folder))), fold=True)
    assert len(table) == len(expected)
    key = ["site", "agent", "after_period"]
    got = table.sort_values(key)[["site", "agent", "after_period", "change", "opened_path",
                                  "closed_path"]].to_dict("records")
    want = sorted(({k: r[k] for k in ("site", "agent", "after_period", "change",
                                      "opened_path", "closed_path")} for r in expected),
                  key=lambda r: [r[k] for k in key])
    assert [{k: (None if pd.isna(v) else v) for k, v in r.items()} for r in got] == want
    timeline = pd.read_csv(out / "timeline.csv")
    gptbot = timeline[(timeline["agent"] == "GPTBot")].set_index("period")
    assert gptbot.loc["2023-03", "closed"] == 1 and gptbot.loc["2023-04", "opened"] == 1
    provenance = json.loads((out / "history" / "_provenance.json").read_text())
    assert provenance["agents"] == AGENTS and provenance["readings"] == ["google"]
    assert provenance["inputs"] == [str(folder)] and provenance["fold"] is True
    assert (out / "timeline.png").stat().st_size > 0
    assert "| `GPTBot` | 1 | 1 |" in (out / "summary.md").read_text()


def test_the_history_command_reads_warc_files_of_several_crawls(folder, tmp_path):
    if os.environ.get("ROBOTSPEC_STUDY_TESTS") != "1":
        pytest.skip("the Spark study suite runs in .ci/test-study "
                    "(or set ROBOTSPEC_STUDY_TESTS=1)")
    import pandas as pd

    from robotspec.study.warcwrite import response_record, write_warc

    captures = list(history.captures_from_folder(str(folder)))
    # Two "crawls": the first half of the year in one file, the rest in the other, and the
    # http capture of a.example in March redirecting to https (it gives way to the https one).
    early = [c for c in captures if c.fetch_time.month <= 3]
    late = [c for c in captures if c.fetch_time.month > 3]
    moved = response_record("http://a.example/robots.txt", 301, b"",
                            (("Location", "https://a.example/robots.txt"),),
                            date=early[0].fetch_time.replace(month=3, day=9))
    # A record without a WARC-Date (one that closes everything): no time, no place in the
    # history — left out, and said.
    untimed = re.sub(rb"WARC-Date: [^\r]*\r\n", b"", response_record(
        "https://a.example/robots.txt", 200, b"User-agent: *\nDisallow: /\n"))
    # A URL with no port that large names no site (the library's scope): left out, and said.
    siteless = response_record("https://a.example:99999/robots.txt", 200,
                               b"User-agent: *\nDisallow: /\n", date=late[0].fetch_time)
    paths = []
    for name, part, extra in (("crawl-1.warc.gz", early, [moved]),
                              ("crawl-2.warc", late, [untimed, siteless])):
        path = tmp_path / name
        write_warc(str(path), [*(response_record(c.robots_url, c.http_status, c.body,
                                                 date=c.fetch_time) for c in part), *extra])
        paths.append(str(path))
    # A download cut short: its one record ends inside its body (reported and counted).
    cut = tmp_path / "crawl-3-cut.warc"
    cut.write_bytes(response_record("https://a.example/robots.txt", 200, BASE * 4)[:-20])
    paths.append(str(cut))
    out = tmp_path / "from-warc"
    done = subprocess.run(
        [sys.executable, "-m", "robotspec.study", "history", "--warc", *paths, "--out",
         str(out), "--agents", ",".join(AGENTS), "--fold", "--master", "local[2]",
         "--conf", "spark.ui.enabled=false"],
        capture_output=True, text=True, cwd=str(tmp_path))
    assert done.returncode == 0, done.stderr[-3000:]
    assert ("robotspec.study: 1 capture without a time (no valid WARC-Date) left out"
            in done.stderr.splitlines())
    assert ("robotspec.study: 1 capture whose URL names no site (not an absolute URL with a "
            "host) left out" in done.stderr.splitlines())
    assert ("robotspec.study: 1 file could not be read whole (see the executors' standard "
            "error)" in done.stderr.splitlines())
    assert "; 3 input files, 1 not read whole)." in (out / "summary.md").read_text()
    table = pd.read_parquet(out / "history")
    expected = _rows(captures, fold=True)
    got = {(r.site, r.agent, r.after_period, r.change) for r in table.itertuples()}
    assert got == {(r["site"], r["agent"], r["after_period"], r["change"]) for r in expected}
    provenance = json.loads((out / "_provenance.json").read_text())
    assert provenance["inputs"] == paths and provenance["unreadable_files"] == 1
