"""The Spark job on a real engine (PySpark in local mode, ``local[2]``), over WARC files the tests
write from the vendored corpus sample and from synthetic captures (study_data.py):

* every row of ``verdicts`` — every capture × variant × agent × path — equals ``robotspec
  batch`` on the same file, agent and path (allowed, deciding line and rule, the group's agent),
  read with the access policy's size limit; a capture whose status decides is held to
  docs/access.md's table instead;
* ``files`` holds what the library reads in each file, ``disagreements`` exactly the pairs of
  variants whose verdicts differ, each with the library's diff reason;
* the tasks write one Parquet part per table and partition (parts.py);
* ``analyse`` on a DataFrame of captures gives the job's verdicts;
* the command line runs the job and the blocking study on a hand-computed example, whose
  every count is checked, and writes the plot; ``restrictions``, the study's former name, still
  runs it, with a deprecation note.
"""

import json
import os
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from itertools import combinations
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

from study_data import corpus_bodies, require_study_suite, synthetic

require_study_suite()

import pyarrow.parquet as pq  # noqa: E402

import robotspec  # noqa: E402
from robotspec.study import Settings, analyse, from_warcs, session  # noqa: E402
from robotspec.study.parts import TABLES  # noqa: E402
from robotspec.study.warcwrite import write_warc  # noqa: E402

from study_data import (  # noqa: E402
    HAND_AGENTS,
    HAND_CHANGE_REASONS,
    HAND_CHANGED,
    HAND_COUNTS,
    HAND_PATHS,
    HAND_REASONS,
    SIZE_LIMIT,
    VARIANTS,
    hand_records,
    write_inputs,
)

AGENTS = ("GPTBot", "ClaudeBot", "CCBot", "Google-Extended", "Googlebot", "Bingbot",
          "Googlebot-Image,Googlebot", "Mozilla/5.0 (compatible; bingbot/2.0)", "*")
PATHS = ("/", "/search?q=1", "/admin/", "/private/x", "/wp-admin/admin-ajax.php", "/early/y")


@pytest.fixture(scope="module")
def spark():
    started = session("local[2]", **{"spark.ui.enabled": "false"})
    started.sparkContext.setLogLevel("ERROR")
    yield started
    started.stop()


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("warc")
    return write_inputs(folder)


@pytest.fixture(scope="module")
def tables(spark, inputs, tmp_path_factory):
    locations, _ = inputs
    out = tmp_path_factory.mktemp("study")
    return from_warcs(spark, locations, Settings(agents=AGENTS, paths=PATHS), str(out))


@pytest.fixture(scope="module")
def verdicts(tables):
    return tables.verdicts.toPandas()


@pytest.fixture(scope="module")
def bodies(inputs, tmp_path_factory):
    """Every capture's body as decoded, as a file named after its URL's host, for batch."""
    _, known = inputs
    folder = tmp_path_factory.mktemp("bodies")
    names = {}
    for url, (body, _) in known.items():
        name = url.split("/")[2].replace(":", "_")
        (folder / name).write_bytes(body)
        names[url] = name
    return folder, names


def test_one_row_per_capture_variant_agent_path(tables, verdicts, inputs):
    _, known = inputs
    captures = tables.captures
    assert captures == len(known) == len(corpus_bodies()) + len(synthetic())
    assert len(verdicts) == captures * len(VARIANTS) * len(AGENTS) * len(PATHS)
    assert tables.files.count() == captures * len(VARIANTS)
    assert set(verdicts["robots_url"]) == set(known)
    # Both files were read, one partition each: the plain and the gzip-compressed one.
    assert verdicts["warc_file"].str.endswith(".warc").any()
    assert verdicts["warc_file"].str.endswith(".warc.gz").any()
    assert tables.read_errors == 0


def test_each_task_writes_one_part_per_table(tables, inputs):
    """The tasks write the tables themselves: one part file per table and partition (one per
    WARC file), named after the partition, no temporary file left, and the tables read back
    are those files."""
    locations, _ = inputs
    out = Path(urlsplit(tables.out).path)
    assert tables.out.startswith("file:///")
    for table in TABLES:
        names = sorted(p.name for p in (out / table).iterdir())
        assert names == [f"part-{n:05d}.parquet" for n in range(len(locations))], table
        written = sum(pq.read_metadata(out / table / name).num_rows for name in names)
        assert written == getattr(tables, table).count() > 0, table


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_verdict_equals_batch(cli, verdicts, inputs, bodies, variant):
    _, known = inputs
    folder, names = bodies
    rows = verdicts[verdicts["variant"] == variant]
    ruled = rows[rows["robots_url"].map(lambda url: known[url][1] is None
                                        or known[url][1].expect is None)]
    queries = [(names[r.robots_url], r.agent, r.path) for r in ruled.itertuples()]
    lines = "".join(f"{f}\t{a}\t{u}\n" for f, a, u in queries).encode()
    done = cli.run("batch", "--format", "json", "--variant", variant, "--corpus", folder,
                   "--max-input-bytes", SIZE_LIMIT, stdin=lines)
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line)["verdict"] for line in done.stdout.splitlines()]
    assert len(answers) == len(ruled) > len(corpus_bodies()) * len(AGENTS) * len(PATHS)
    differ = []
    for row, answer in zip(ruled.itertuples(), answers):
        assert row.state == "rules"
        got = (bool(row.allowed), _int(row.line), row.rule, row.group_agent)
        want = (answer["allowed"], answer["line"], answer["rule"], answer["agent"])
        if got != want:
            differ.append((row.robots_url, row.agent, row.path, got, want))
    assert differ == []

    decided = rows.drop(ruled.index)
    assert len(ruled) + len(decided) == len(rows)
    assert len(decided) == 12 * len(AGENTS) * len(PATHS)
    position = VARIANTS.index(variant)
    for row in decided.itertuples():
        expect = known[row.robots_url][1].expect
        if expect == "redirect":
            assert (row.state, row.allowed, row.blocked) == ("redirect", None, "redirect")
            assert row.redirect_location == "https://www.redirect.test/robots.txt"
            continue
        state = expect[position]
        assert row.state == state, row.robots_url
        assert row.allowed == (state == "allow-all")
        assert (_int(row.line), row.rule, row.group_agent) == (None, None, None)
        blocked = {"allow-all": "none", "disallow-all": "all"}.get(state, state)
        assert row.blocked == blocked


def test_the_size_limit_and_the_encodings(verdicts):
    def allowed(host, agent, path, variant="google"):
        rows = verdicts[(verdicts["host"] == host) & (verdicts["agent"] == agent)
                        & (verdicts["path"] == path) & (verdicts["variant"] == variant)]
        assert len(rows) == 1
        return bool(rows["allowed"].iloc[0])

    # The GPTBot group of big.test starts past byte 512,000: ignored.
    assert allowed("big.test", "GPTBot", "/") and not allowed("big.test", "GPTBot", "/early/y")
    for host in ("gzip.test", "chunked.test"):
        assert not allowed(host, "GPTBot", "/") and not allowed(host, "CCBot", "/private/x")
        assert allowed(host, "CCBot", "/")
    brotli = verdicts[verdicts["host"] == "brotli.test"]
    assert set(brotli["state"]) == {"unreachable"} and not brotli["allowed"].any()
    assert brotli["failure"].str.contains("`br`").all()


def test_files_table(tables, inputs):
    _, known = inputs
    files = tables.files.toPandas()
    checked = 0
    for row in files.itertuples():
        body, synthetic = known[row.robots_url]
        if row.state != "rules":
            assert (row.groups, row.rules, list(row.sitemaps)) == (0, 0, [])
            continue
        robots = robotspec.Robots(body, row.variant, collect="all", input_bytes=SIZE_LIMIT)
        assert row.groups == len(robots.groups), row.robots_url
        assert list(row.sitemaps) == robots.sitemaps
        codes = Counter(d.code for d in robots.diagnostics)
        if len(body) > SIZE_LIMIT:  # the access stage reports its own cut
            codes["size-limit"] += codes.pop("limit-exceeded")
        assert dict(row.diagnostics) == dict(codes), row.robots_url
        assert row.body_bytes == len(body)
        checked += 1
    assert checked >= 200 * len(VARIANTS)
    ext = files[(files["host"] == "extensions.test") & (files["variant"] == "rfc9309")].iloc[0]
    assert list(ext["content_usage"]) == ["train-ai=n"]
    assert list(ext["content_signal"]) == ["search=yes, ai-train=no"]
    assert list(ext["sitemaps"]) == ["https://ext.example/sitemap.xml"]


def _differing_pairs(answers_by_key):
    """(key, (left, right), (left's answer, right's answer)) for each pair of variants, in
    VARIANTS order, whose answers for the key differ."""
    for key, answers in answers_by_key.items():
        for left, right in combinations(VARIANTS, 2):
            if answers[left] != answers[right]:
                yield key, (left, right), (answers[left], answers[right])


def _library_disagreement(row, known):
    """The library's one disagreement between the row's two variants at its (agent, path), or
    None for a row the access policy decided (checked to be a synthetic capture whose status
    decides)."""
    body, synthetic = known[row.robots_url]
    if row.reason == "access-policy":
        assert synthetic is not None and synthetic.expect is not None
        return None
    comparison = robotspec.diff(body, row.agent, row.path, [row.left, row.right])
    (expected,) = comparison.disagreements
    return expected


def test_disagreements_are_the_differing_pairs_with_the_diff_reason(tables, verdicts, inputs):
    _, known = inputs
    found = tables.disagreements.toPandas()
    by_query = defaultdict(dict)
    for row in verdicts.itertuples():
        by_query[(row.capture_id, row.agent, row.path)][row.variant] = row.allowed
    differing = {(*query, left, right)
                 for query, (left, right), _ in _differing_pairs(by_query)}
    listed = {(r.capture_id, r.agent, r.path, r.left, r.right) for r in found.itertuples()}
    assert listed == differing and len(listed) > 100
    reasons = Counter(found["reason"])
    assert reasons["access-policy"] > 0 and reasons["first-group-vs-merged"] > 0
    for row in found.itertuples():
        expected = _library_disagreement(row, known)
        if expected is not None:
            assert expected["reason"] == row.reason
            assert (expected["evidence"] or {}).get("line") == _int(row.evidence_line)


def test_changes_are_the_differing_blocked_with_a_reason(tables, verdicts, inputs):
    _, known = inputs
    found = tables.changes.toPandas()
    blocked = defaultdict(dict)
    for row in verdicts[verdicts["path"] == "/"].itertuples():
        blocked[(row.capture_id, row.agent)][row.variant] = row.blocked
    assert set(verdicts["blocked"]) <= {"all", "some", "none", "unreachable", "undecided",
                                        "redirect"}
    differing = {(*site, left, right, *answers)
                 for site, (left, right), answers in _differing_pairs(blocked)}
    listed = {(r.capture_id, r.agent, r.left, r.right, r.left_blocked, r.right_blocked)
              for r in found.itertuples()}
    assert listed == differing and len(listed) > 100
    reasons = Counter(found["reason"])
    assert reasons["access-policy"] > 0 and reasons["blank-line-ends-record"] > 0
    # Where both variants obey the file, the exact comparison finds a path where they part.
    assert reasons["undecided"] == 0
    for row in found.itertuples():
        if row.reason == "access-policy":
            assert row.path is None
            continue
        # The witness is the shortest path where the two variants' rules part, and there their
        # verdicts differ, for the reason given.
        body, _ = known[row.robots_url]
        left, right = (robotspec.Robots(body, v, input_bytes=SIZE_LIMIT)
                       for v in (row.left, row.right))
        parted = left.compare(right, row.agent)
        shortest = min((d.path for d in parted.differences), key=lambda p: (len(p), p.encode()))
        if parted.undecided is None:
            assert row.path == shortest, row
        else:
            # The library's search for the shortest of both directions ran out of its budget
            # and gives paths not proven the shortest; the study's, which stops past the first
            # difference's length (`Equivalence::nearest`), finished: a real difference, no
            # longer than the library's.
            assert len(row.path) <= len(shortest), row
            url = urljoin(row.robots_url, "/") + row.path[1:]
            verdicts = (side.check(row.agent, url).allowed for side in (left, right))
            assert len(set(verdicts)) == 2, row
        expected = _library_disagreement(row, known)
        if expected is not None:
            assert expected["reason"] == row.reason


def test_analyse_a_dataframe_of_captures(spark, verdicts):
    from pyspark.sql import Row

    rows = [
        Row(robots_url="https://github.com/robots.txt", http_status=200,
            body=bytearray((_corpus("github.com"))), headers={"Content-Type": "text/plain"}),
        Row(robots_url="https://status-403.test/robots.txt", http_status=403, body=bytearray(),
            headers={}),
    ]
    made = analyse(spark.createDataFrame(rows), Settings(agents=AGENTS, paths=PATHS))
    # Without an output folder, a new temporary one.
    assert Path(urlsplit(made.out).path).parent == Path(tempfile.gettempdir()).resolve()
    assert made.captures == 2
    got = made.verdicts.toPandas()
    assert len(got) == 2 * len(VARIANTS) * len(AGENTS) * len(PATHS)
    columns = ["robots_url", "variant", "agent", "path", "allowed", "line", "rule", "blocked"]
    key = ["robots_url", "variant", "agent", "path"]
    want = verdicts[verdicts["robots_url"].isin(got["robots_url"])][columns]
    merged = got[columns].merge(want, on=key, suffixes=("", "_warc"))
    assert len(merged) == len(got)
    for column in ("allowed", "line", "rule", "blocked"):
        assert [_plain(v) for v in merged[column]] == [_plain(v) for v in merged[f"{column}_warc"]]


def test_a_dataframe_status_of_minus_one_is_no_response(spark):
    """A DataFrame from a crawl that marks a fetch without a response with -1 (not null): the
    task reads it as no response rather than failing on a number no status code is."""
    from pyspark.sql import Row

    rows = [Row(robots_url="https://gone.test/robots.txt", http_status=-1, body=bytearray())]
    made = analyse(spark.createDataFrame(rows, "robots_url string, http_status int, body binary"),
                   Settings(agents=("*",), paths=("/",)))
    files = made.files.toPandas()
    assert set(files["http_status"]) == {-1} and set(files["state"]) == {"unreachable"}
    assert set(files["reason"]) == {"network error: status -1 is no HTTP status code"}


def test_a_dataframe_is_read_as_crawls_write_it(spark):
    """What a DataFrame from a crawl holds: a header with a null name or value, or a null
    entry, is no header and is left out (the capture is read with the others); a status past
    the tables' int column is null there, its reason saying what it was; a column of another
    kind than `analyse` reads is refused, naming it, before any task runs."""
    schema = ("robots_url string, http_status long, body binary, "
              "headers array<struct<name:string,value:string>>")
    body = bytearray(b"User-agent: *\nDisallow: /\n")
    rows = [("https://a.test/robots.txt", 200, body, [None, (None, "x"), ("Location", None),
                                                      ("Content-Type", "text/plain")]),
            ("https://b.test/robots.txt", 2**40, body, [])]
    made = analyse(spark.createDataFrame(rows, schema), Settings(agents=("*",), paths=("/",)))
    files = {row.robots_url: row for row in made.files.collect()}
    assert (files["https://a.test/robots.txt"].content_type,
            files["https://a.test/robots.txt"].state) == ("text/plain", "rules")
    assert (files["https://b.test/robots.txt"].http_status,
            files["https://b.test/robots.txt"].reason) == (
        None, f"network error: status {2**40} is no HTTP status code")
    mapped = spark.createDataFrame(
        [("https://a.test/robots.txt", 200, body, {"Content-Type": None})],
        "robots_url string, http_status int, body binary, headers map<string,string>")
    assert analyse(mapped, Settings(agents=("*",), paths=("/",))).captures == 1
    wrong = spark.createDataFrame([("https://a.test/robots.txt", "200", "x", "2024-05-01")],
                                  "robots_url string, http_status string, body string, "
                                  "fetch_time string")
    with pytest.raises(TypeError) as refused:
        analyse(wrong)
    assert str(refused.value) == (
        "the captures' columns: `http_status` must be an integer, not string; `body` must be "
        "binary, not string; `fetch_time` must be a timestamp, not string")


def test_a_study_of_no_capture_says_none(spark, tmp_path):
    """The blocking study of a DataFrame without a capture, asked without its agents: every
    table of the report says "(none)", not pandas' picture of an empty frame, and the files
    are written, the PNG saying that there is no site to show."""
    from robotspec.study import blocking

    empty = spark.createDataFrame([], "robots_url string, http_status int, body binary")
    made = analyse(empty, Settings(agents=("*",), paths=("/",)))
    assert made.captures == 0
    result = blocking.study(made.verdicts, made.disagreements, made.changes)
    text = blocking.report(result, "rfc9309")
    assert "Empty DataFrame" not in text
    assert text.count("\n(none)") == 5 and text.startswith("sites: 0 (captures read: 0;")
    written = blocking.write(result, str(tmp_path / "blocking"), "rfc9309")
    assert [os.path.basename(p) for p in written] == [
        "blocking.csv", "changes.csv", "change_reasons.csv", "reasons.csv", "blocking.png"]
    assert all(os.path.getsize(p) > 0 for p in written[-1:])


def test_the_command_line_runs_the_job_and_the_blocking_study(tmp_path):
    # The study's folder as a URI, as on S3 or HDFS: the tables, settings.json and
    # _provenance.json all go through pyarrow's file systems. The same folder as a plain path
    # is test_study_methods.py's `restrictions` run (each run starts Spark: ~30 s).
    warc = tmp_path / "hand.warc.gz"
    write_warc(str(warc), hand_records())
    study, out = tmp_path / "study", tmp_path / "blocking"
    done = subprocess.run(
        [sys.executable, "-m", "robotspec.study", "blocking", "--warc", str(warc),
         "--study", study.as_uri(), "--out", str(out), "--agents", ",".join(HAND_AGENTS),
         "--paths", ",".join(HAND_PATHS), "--master", "local[2]",
         "--conf", "spark.ui.enabled=false"],
        capture_output=True, text=True, timeout=600, cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    for table in ("verdicts", "files", "disagreements", "changes"):
        assert list((study / table).glob("*.parquet")), table
    settings = json.loads((study / "settings.json").read_text())
    assert settings["captures"] == 13 and settings["agents"] == list(HAND_AGENTS)
    made = json.loads((study / "verdicts" / "_provenance.json").read_text())
    assert "verdicts" in made["tables"] and made["agents"] == list(HAND_AGENTS)

    import pandas as pd

    counts = pd.read_csv(out / "blocking.csv")
    for agent, per_variant in HAND_COUNTS.items():
        for variant, expected in per_variant.items():
            row = counts[(counts["agent"] == agent) & (counts["variant"] == variant)].iloc[0]
            got = tuple(int(row[c]) for c in ("all", "some", "none", "unreachable", "undecided"))
            assert got == expected, (agent, variant)
            assert row["sites"] == 9
    changes = pd.read_csv(out / "changes.csv").set_index("agent")
    assert changes["changed"].to_dict() == HAND_CHANGED
    assert changes["rfc9309 vs google"].tolist() == [0, 0]
    assert changes["draft-1996 vs rfc9309"].tolist() == [2, 2]
    reasons = pd.read_csv(out / "reasons.csv").groupby("reason")["count"].sum().to_dict()
    assert reasons == HAND_REASONS
    why = pd.read_csv(out / "change_reasons.csv").groupby("reason")["count"].sum().to_dict()
    assert why == HAND_CHANGE_REASONS
    png = (out / "blocking.png").read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 20_000
    assert "sites: 9 (captures read: 13; sites whose redirects lead to no capture, not counted: 1)" in done.stdout
    assert "Sites per value of blocked under rfc9309:" in done.stdout
    assert "Sites that block all for the agent (blocked: all), per variant:" in done.stdout


def test_restrictions_is_blocking_under_its_former_name(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "robotspec.study", "restrictions", "--help"],
        capture_output=True, text=True, timeout=60, cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "`restrictions` is deprecated: use `blocking`" in done.stderr
    assert done.stdout.startswith("usage: python -m robotspec.study blocking")


def _int(value):
    """A nullable integer column's value as int or None."""
    return None if value is None or value != value else int(value)


def _plain(value):
    """A column's value with pandas' missing markers as None and numbers as int."""
    if value is None or value != value:
        return None
    return int(value) if isinstance(value, float) else value


def _corpus(name):
    from conftest import CORPUS

    return (CORPUS / name).read_bytes()
