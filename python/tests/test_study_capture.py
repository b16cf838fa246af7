"""The study's parts that need no Spark: the WARC reader (fastwarc), the analysis of one
capture, a task's Parquet parts, and the command line's output to a closed pipe or a full
disk. The Spark job itself is test_study.py's; the binding's calls, test_study_binding.py's."""

import gzip
import itertools
import os
import re
import subprocess
import sys

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from conftest import CORPUS
from study_data import SIZE_LIMIT, VARIANTS, big_body, chunked, require_study_suite

require_study_suite()

from robotspec import Access  # noqa: E402
from robotspec.study import Capture, Settings  # noqa: E402
from robotspec.study import parts  # noqa: E402
from robotspec.study.capture import (  # noqa: E402
    Batch, analyse, explode, host_of, hosts_of, parsed_bytes)
from robotspec.study.warc import captures, local_path  # noqa: E402
from robotspec.study.warcwrite import records_from_folder, response_record, write_warc  # noqa: E402,E501


def test_warc_reader(tmp_path):
    rules = b"User-agent: *\nDisallow: /x\n"
    big = big_body()
    path = tmp_path / "t.warc.gz"
    write_warc(str(path), [
        response_record("https://a.test/robots.txt", 200, rules),
        response_record("https://b.test/robots.txt", 200, gzip.compress(rules),
                        (("Content-Encoding", "gzip"),)),
        response_record("https://c.test/robots.txt", 200, chunked(rules),
                        (("Transfer-Encoding", "chunked"),)),
        response_record("https://d.test/robots.txt", 200, b"\x00\x01", (("Content-Encoding", "br"),)),
        response_record("https://e.test/robots.txt", 200, big),
        response_record("https://f.test/robots.txt", 404, b"gone"),
    ])
    errors = []
    read = list(captures(str(path), SIZE_LIMIT, errors))
    assert errors == []
    assert [c.robots_url for c in read] == [f"https://{h}.test/robots.txt" for h in "abcdef"]
    assert [c.body for c in read[:3]] == [rules] * 3
    assert read[3].failure and "`br`" in read[3].failure and read[3].http_status == 200
    # Bounded: one byte past the limit is kept, the rest only counted.
    assert len(read[4].body) == SIZE_LIMIT + 1 and read[4].body_bytes == len(big)
    assert read[4].body == big[: SIZE_LIMIT + 1]
    assert (read[5].http_status, read[5].body) == (404, b"gone")
    assert all(c.capture_id.startswith("<urn:uuid:") for c in read)


def test_a_folder_of_files_named_after_hosts_as_warc_records(tmp_path, capsys):
    """`python -m robotspec.study warc FOLDER`: a file's name is its host (`_` before a port);
    a name that cannot be a host — bytes that are not UTF-8, a space, `#` — is skipped and
    said, as is nothing else: a folder inside is not a capture."""
    folder = tmp_path / "hosts"
    (folder / "sub").mkdir(parents=True)
    for name in (b"a.example", b"b.example_8443", b"c\xff.example", b"has space", b"d#e"):
        with open(os.path.join(os.fsencode(folder), name), "wb") as file:
            file.write(b"User-agent: *\nDisallow: /\n")
    path = tmp_path / "out.warc"
    assert write_warc(str(path), records_from_folder(str(folder))) == 2
    assert [c.robots_url for c in captures(str(path), SIZE_LIMIT)] == [
        "https://a.example/robots.txt", "https://b.example:8443/robots.txt"]
    skipped = sorted(line.rsplit(os.sep, 1)[-1] for line in capsys.readouterr().err.splitlines())
    assert skipped == [f"{name}: skipped: its name is no host"
                       for name in ("c\\udcff.example", "d#e", "has space")]


def test_a_damaged_warc_is_reported_not_raised(tmp_path):
    good = response_record("https://a.test/robots.txt", 200, b"User-agent: *\n")
    path = tmp_path / "damaged.warc.gz"
    path.write_bytes(gzip.compress(good) + b"\x1f\x8b\x08\x00garbage that is not deflate")
    errors = []
    read = list(captures(str(path), SIZE_LIMIT, errors))
    assert [c.robots_url for c in read] == ["https://a.test/robots.txt"]
    assert len(errors) == 1 and "unreadable after 1 record: " in errors[0]


@pytest.mark.parametrize("suffix", [".warc", ".warc.gz"])
def test_a_warc_cut_inside_a_record_is_reported_wherever_the_cut_is(tmp_path, suffix):
    """A file that ends inside a record — in its WARC header (where fastwarc ends as at the
    file's end, without a word), its HTTP header, its body, its closing blank line or its gzip
    member's end — is reported, plain or gzip, with the records read whole before the cut: a
    record whose block is cut gives no capture. A file that ends where a record does is whole.
    The last record is cut at every one of its bytes."""
    records = [response_record(f"https://{h}.test/robots.txt", 200,
                               b"User-agent: *\nDisallow: /" + h.encode() * 40 + b"\n")
               for h in "abc"]
    urls = [f"https://{h}.test/robots.txt" for h in "abc"]
    whole = tmp_path / f"whole{suffix}"
    write_warc(str(whole), records)
    data = whole.read_bytes()
    gzipped = suffix.endswith(".gz")
    last = len(data) - len(gzip.compress(records[-1], mtime=0) if gzipped else records[-1])
    path = tmp_path / f"cut{suffix}"
    for end in range(last, len(data) + 1):
        path.write_bytes(data[:end])
        errors = []
        read = [c.robots_url for c in captures(str(path), SIZE_LIMIT, errors)]
        if end in (last, len(data)):
            assert errors == [] and read == urls[: 2 if end == last else 3], end
            continue
        assert read == urls[: len(read)] and len(errors) == 1, end
        block_whole = end >= len(data) - len(b"\r\n\r\n")  # only the blank line is cut
        assert len(read) == 3 if block_whole else len(read) == 2 or gzipped and len(read) == 3, end
        assert errors[0].startswith(f"{path}: unreadable after {len(read)} records: "), end
        words = errors[0].split(" records: ", 1)[1]
        # fastwarc's own words where too little of the header is left to be one.
        header_begun = gzipped or end - last < len(b"WARC/1.0")
        assert words == "the file ends inside a record" or (
            words == "Invalid WARC header" and header_begun), end


def _serve(folder, ranges):
    """An HTTP server of ``folder`` on 127.0.0.1, which serves a ``Range: bytes=N-`` request
    its range (206) when ``ranges`` is "ranges" and the whole file (200) otherwise; stop it
    with ``shutdown``."""
    import threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    class Handler(SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):
            asked = re.fullmatch(r"bytes=(\d+)-", self.headers.get("Range") or "")
            if ranges != "ranges" or asked is None:
                return super().do_GET()
            data = (folder / self.path.lstrip("/")).read_bytes()
            start = int(asked.group(1))
            self.send_response(206)
            self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
            self.send_header("Content-Length", str(len(data) - start))
            self.end_headers()
            self.wfile.write(data[start:])

    server = ThreadingHTTPServer(("127.0.0.1", 0),
                                 lambda *a: Handler(*a, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


# The captures of ``_last_record_past_the_tail``'s records.
_PAST_THE_TAIL_URLS = ["https://a.test/robots.txt", "https://b.test/robots.txt"]


def _last_record_past_the_tail(seed):
    """Two captures' records, the second's body noise that compresses to more than the end of
    a gzip file the reader keeps (``warc._TAIL``)."""
    import random

    from robotspec.study import warc

    noise = random.Random(seed).randbytes(warc._TAIL + 200_000)  # noqa: S311 (incompressible)
    return [response_record(_PAST_THE_TAIL_URLS[0], 200, b"User-agent: *\n"),
            response_record(_PAST_THE_TAIL_URLS[1], 200, b"Disallow: /" + noise)]


def _read_past_the_tail(location, whole, end):
    """Reads the file at ``location``, the first ``end`` bytes of a file of ``whole`` bytes of
    ``_last_record_past_the_tail``'s records: both captures, and the file reported as cut
    unless it is whole."""
    errors = []
    read = [c.robots_url for c in captures(location, SIZE_LIMIT, errors)]
    assert read == _PAST_THE_TAIL_URLS, (location, end)
    cut = [f"{location}: unreadable after 2 records: the file ends inside a record"]
    assert errors == ([] if end == whole else cut), (location, end)


def _served(folder, ranges, name, check):
    """``check(location)`` of the file ``name`` of ``folder`` served over HTTP (``_serve``);
    the location."""
    server = _serve(folder, ranges)
    try:
        location = f"http://127.0.0.1:{server.server_port}/{name}"
        check(location)
        return location
    finally:
        server.shutdown()


def test_a_gzip_warc_whose_last_member_is_past_the_tail_is_checked_whole(tmp_path, capsys):
    """The end of a gzip file is judged from its last megabyte, where its last member begins
    (``warc._TAIL``). A last record that compresses to more than that is judged by reading the
    file again from where that record begins — a local file sought there, a remote one asked
    for that range: cut only in its member's end — the block whole, so fastwarc yields it —
    it is reported; whole, it is not. A server that sends the whole file instead is not read
    twice: the end is said to be unchecked."""
    records = _last_record_past_the_tail(7)
    whole = tmp_path / "big.warc.gz"
    write_warc(str(whole), records)
    data = whole.read_bytes()
    ends = (len(data), len(data) - 1, len(data) - 8)
    for end in ends:
        path = tmp_path / f"big-{end}.warc.gz"
        path.write_bytes(data[:end])
        _read_past_the_tail(str(path), len(data), end)
        _served(tmp_path, "ranges", path.name,
                lambda location, end=end: _read_past_the_tail(location, len(data), end))
    assert "not checked" not in capsys.readouterr().err

    # Read whole, as the server sends it, and not said to be cut.
    location = _served(tmp_path, "whole files", f"big-{len(data) - 1}.warc.gz",
                       lambda location: _read_past_the_tail(location, len(data) - 1,
                                                            len(data) - 1))
    start = len(gzip.compress(records[0], mtime=0))  # where the second record's member begins
    assert (f"robotspec.study: {location}: its end is not checked for a cut: the server did "
            f"not send the range from byte {start} (status 200)"
            ) in capsys.readouterr().err.splitlines()


def test_a_warc_on_another_file_system_is_read_and_checked_through_pyarrow(
        tmp_path, monkeypatch, capsys):
    """A location of another scheme (``s3://``, ``gs://``, …) is read through the file system
    pyarrow makes of it: streamed, and where its last record compresses to more than the end
    the reader keeps, opened again for random access and sought to that record's member. Here
    pyarrow's ``FileSystem.from_uri`` gives a local folder as such a file system (a real S3 or
    GCS is not in the suite): the file is read with pyarrow's own streams, and a cut of its
    last byte is reported as on a local disk."""
    from pyarrow import fs

    class FolderAsBucket:
        """``pyarrow.fs.FileSystem`` whose ``bucket://NAME`` is the file NAME of tmp_path."""

        @staticmethod
        def from_uri(uri):
            assert uri.startswith("bucket://"), uri
            return fs.SubTreeFileSystem(str(tmp_path), fs.LocalFileSystem()), uri[9:]

    monkeypatch.setattr(fs, "FileSystem", FolderAsBucket)
    records = _last_record_past_the_tail(11)
    whole = tmp_path / "remote.warc.gz"
    write_warc(str(whole), records)
    data = whole.read_bytes()
    for end in (len(data), len(data) - 1, len(data) - 8):
        (tmp_path / f"remote-{end}.warc.gz").write_bytes(data[:end])
        _read_past_the_tail(f"bucket://remote-{end}.warc.gz", len(data), end)
    assert "not checked" not in capsys.readouterr().err


def test_a_gzip_warc_of_one_member_is_checked_from_its_start(tmp_path, capsys):
    """A gzip file that holds every record in one member (not as WARC files are written, but
    read all the same) has no member where its last record begins: a local one is read again
    from its start, and a cut at its end is reported; a remote one is said to be unchecked."""
    data = gzip.compress(b"".join(_last_record_past_the_tail(8)), mtime=0)
    for end in (len(data), len(data) - 1, len(data) - 8):
        path = tmp_path / f"one-{end}.warc.gz"
        path.write_bytes(data[:end])
        _read_past_the_tail(str(path), len(data), end)
    assert "not checked" not in capsys.readouterr().err

    location = _served(tmp_path, "ranges", f"one-{len(data) - 1}.warc.gz",
                       lambda location: _read_past_the_tail(location, len(data) - 1,
                                                            len(data) - 1))
    notices = [line for line in capsys.readouterr().err.splitlines() if "not checked" in line]
    assert len(notices) == 1 and notices[0].startswith(
        f"robotspec.study: {location}: its end is not checked for a cut: no gzip member "
        "starts at byte "), notices


def test_a_gzip_header_inside_a_large_last_record_is_no_cut(tmp_path):
    """A body may hold the bytes that start a gzip member (a gzip file served as robots.txt,
    say): stored as they are in the record's own member, they inflate as a member that runs
    out of input — until the end of the file, with a stored block's length of 65,535 bytes.
    Where the record's own member begins before the megabyte kept, they were taken for a cut
    member: a whole file was reported cut. A member counts as cut only where its output
    begins a record (``WARC/``); the file is read again from its last record, whole, and a
    cut of its last byte is still reported."""
    import random

    from robotspec.study import warc

    noise = random.Random(5).randbytes(warc._TAIL + 200_000)  # noqa: S311 (incompressible)
    member_start = bytes.fromhex("1f8b08000000000000ff") + bytes.fromhex("00ffff0000")
    records = [response_record(_PAST_THE_TAIL_URLS[0], 200, b"User-agent: *\n"),
               response_record(_PAST_THE_TAIL_URLS[1], 200, b"Disallow: /" + noise + member_start)]
    whole = tmp_path / "planted.warc.gz"
    write_warc(str(whole), records)
    data = whole.read_bytes()
    assert data.find(member_start) > len(data) - warc._TAIL  # stored as it is, in the tail
    for end in (len(data), len(data) - 1):
        path = tmp_path / f"planted-{end}.warc.gz"
        path.write_bytes(data[:end])
        _read_past_the_tail(str(path), len(data), end)


def test_a_damaged_gzip_member_inside_a_record_is_reported_not_raised(tmp_path):
    """A gzip member damaged inside a record's block (a flipped bit) fails while the body is
    read, after fastwarc gave the record: the file is reported as unreadable from there, as a
    damaged header is, and the records before it are read. Raised, it would fail the Spark
    task and its whole batch."""
    import random

    noise = random.Random(9).randbytes(300_000)  # noqa: S311 (incompressible)
    records = [response_record("https://a.test/robots.txt", 200, b"User-agent: *\n"),
               response_record("https://b.test/robots.txt", 200, b"Disallow: /" + noise),
               response_record("https://c.test/robots.txt", 200, b"Disallow: /c\n")]
    members = [gzip.compress(record, mtime=0) for record in records]
    damaged = bytearray(members[1])
    damaged[len(damaged) // 2] ^= 0x10
    path = tmp_path / "damaged.warc.gz"
    path.write_bytes(members[0] + bytes(damaged) + members[2])
    errors = []
    read = [c.robots_url for c in captures(str(path), SIZE_LIMIT, errors)]
    assert read == ["https://a.test/robots.txt"]
    assert len(errors) == 1 and errors[0].startswith(
        f"{path}: unreadable after 1 record: Gzip decompression error: "), errors


def _warc_records(big):
    """Five captures' records: the third holds ``big`` bytes of noise (a record longer than
    fastwarc reads at once) or, for 0, a rule; the second's body is chunked, the fourth's
    gzip-coded."""
    import random

    noise = random.Random(big).randbytes(big)  # noqa: S311 (incompressible)
    gptbot = b"User-agent: GPTBot\nDisallow: /\n" * 20
    return [response_record("https://a.test/robots.txt", 200, b"User-agent: *\nDisallow: /a\n"),
            response_record("https://b.test/robots.txt", 200, chunked(gptbot),
                            headers=(("Transfer-Encoding", "chunked"),)),
            response_record("https://c.test/robots.txt", 200, noise or b"Allow: /\n"),
            response_record("https://d.test/robots.txt", 200,
                            gzip.compress(b"User-agent: *\nAllow: /d\n" * 30, mtime=0),
                            headers=(("Content-Encoding", "gzip"),)),
            response_record("https://e.test/robots.txt", 404, b"")]


_DAMAGE = st.lists(st.tuples(st.sampled_from(["flip", "cut", "insert", "delete"]),
                             st.floats(0, 1), st.binary(min_size=1, max_size=16)),
                   min_size=1, max_size=4)


@settings(max_examples=150, deadline=None)
@given(gzipped=st.booleans(), big=st.sampled_from([0, 300_000]), damage=_DAMAGE)
def test_a_damaged_warc_file_is_reported_never_raised(tmp_path_factory, gzipped, big, damage):
    """Any damage to a WARC file — bits flipped, bytes cut off its end, inserted or deleted,
    in a header, a block or a gzip member — gives the captures it can read and reports the
    rest, never an exception: one would fail the Spark task and its whole batch."""
    records = _warc_records(big)
    data = bytearray(b"".join(gzip.compress(r, mtime=0) if gzipped else r for r in records))
    for kind, where, inserted in damage:
        at = min(int(where * len(data)), len(data))
        if kind == "flip" and at < len(data):
            data[at] ^= inserted[0] or 1
        elif kind == "cut":
            del data[at:]
        elif kind == "insert":
            data[at:at] = inserted
        else:
            del data[at:at + len(inserted)]
    path = tmp_path_factory.mktemp("damaged") / ("file.warc.gz" if gzipped else "file.warc")
    path.write_bytes(bytes(data))
    errors = []
    read = list(captures(str(path), SIZE_LIMIT, errors))
    assert len(read) <= len(records) + len(damage)
    assert len(errors) <= 1 and all(e.startswith(f"{path}: ") for e in errors)


def test_a_warc_that_cannot_be_opened_is_reported_not_raised(tmp_path):
    """Where the executors cannot open a location (a remote file refused, a local one gone),
    the file gives no capture and is reported, as a damaged one is: the other files' tasks
    go on."""
    errors = []
    missing = tmp_path / "gone.warc"
    assert list(captures(missing.as_uri(), SIZE_LIMIT, errors)) == []
    assert errors == [f"{missing.as_uri()}: cannot be opened: [Errno 2] No such file or "
                      f"directory: '{missing}'"]


def test_analyse_one_capture():
    settings = Settings(agents=("GPTBot", "*"), paths=("/", "/private/x"))
    body = b"User-agent: *\nDisallow: /private\n\nUser-agent: GPTBot\nDisallow: /\n"
    row = analyse(Capture("https://a.test/robots.txt", 200, body, capture_id="1"), settings)
    head, readings, disagreements, changes = row[:-3], row[-3], row[-2], row[-1]
    assert head[3] == "a.test" and head[7] is None  # host, redirect_location
    assert [r[0] for r in readings] == list(VARIANTS)
    verdicts = readings[-1][-1]
    assert [(v[0], v[1], v[2], v[6]) for v in verdicts] == [
        ("GPTBot", "/", False, "all"), ("GPTBot", "/private/x", False, "all"),
        ("*", "/", True, "some"), ("*", "/private/x", False, "some")]
    assert disagreements == [] and changes == []
    moved = Capture("http://a.test/robots.txt", 301, b"", (("Location", "https://a.test/robots.txt"),))
    row = analyse(moved, settings)
    head, readings, disagreements, changes = row[:-3], row[-3], row[-2], row[-1]
    assert disagreements == [] and changes == []
    assert head[7] == "https://a.test/robots.txt"
    assert {r[1] for r in readings} == {"redirect"}
    assert {v[2] for r in readings for v in r[-1]} == {None}


def test_a_size_limit_under_a_readings_minimum_keeps_what_that_reading_parses(tmp_path):
    """RFC 9309 and the 2019 draft parse at least 512,000 bytes of a body whatever the size
    limit (docs/access.md). With a limit of 1,000 the study keeps that much for them — read
    from a WARC file and answered in a batch — so the 1,001st byte, which cuts `Disallow:
    /abcdef` to `/ab`, cuts nothing: each reading answers as `Access` does with the whole
    body."""
    limit = 1000
    head = b"User-agent: *\n#" + b"x" * (limit - len(b"Disallow: /ab") - 15) + b"\n"
    body = head + b"Disallow: /abcdef\n"
    assert body[: limit + 1].endswith(b"\nDisallow: /ab")
    settings = Settings(agents=("*",), paths=("/abx", "/abcdef"), size_limit=limit)
    assert parsed_bytes(settings.variants, limit) == SIZE_LIMIT
    assert parsed_bytes(["google", "draft-1996"], limit) == limit
    path = tmp_path / "small-limit.warc.gz"
    write_warc(str(path), [response_record("https://a.test/robots.txt", 200, body)])
    read, = captures(str(path), parsed_bytes(settings.variants, limit))
    assert read.body == body
    row = analyse(read, settings)
    readings = row[-3]
    for reading in readings:
        expected = Access(200, body, reading[0], size_limit=limit).answers(["*"], settings.paths)
        assert [(v[2], v[4]) for v in reading[-1]] == [(a[0], a[2]) for a in expected], reading[0]
    by_reading = {r[0]: [v[2] for v in r[-1]] for r in readings}
    assert by_reading["rfc9309"] == [True, False] and by_reading["google"] == [True, True]


@settings(max_examples=300, deadline=None)
@given(body=st.binary(max_size=200), url=st.text(max_size=30),
       status=st.one_of(st.none(), st.integers(-(2**40), 2**40), st.sampled_from([200, 301, 404])),
       headers=st.lists(st.tuples(st.text(max_size=12), st.text(max_size=12)), max_size=3),
       failure=st.one_of(st.none(), st.text(max_size=8)),
       agents=st.lists(st.from_regex(r"\*|[A-Za-z_-][A-Za-z0-9_./ -]{0,9}", fullmatch=True),
                       min_size=1, max_size=3, unique=True),
       paths=st.lists(st.text(st.characters(blacklist_categories=("Cs",)), max_size=8),
                      min_size=1, max_size=3, unique=True),
       readings=st.lists(st.sampled_from(VARIANTS), min_size=1, max_size=5, unique=True),
       limit=st.integers(1, 300))
def test_any_capture_gives_a_row(body, url, status, headers, failure, agents, paths, readings,
                                 limit):
    """Whatever a crawl stored — any bytes, URL, status, headers, failure text — and whatever
    is asked, the capture gets its row: a reading per reading asked, each with a verdict per
    agent and path, never an exception (a Spark task that raises loses its whole batch)."""
    settings = Settings(agents=tuple(agents), paths=tuple(paths), variants=tuple(readings),
                        size_limit=limit)
    row = analyse(Capture(url, status, body, tuple(headers), failure=failure), settings)
    assert [r[0] for r in row[-3]] == readings
    assert all([v[:2] for v in r[-1]] == [(a, p) for a in agents for p in paths]
               for r in row[-3])

def test_a_status_no_http_response_has_is_no_response():
    """A status outside 0–65535 (a crawl's -1 for "no response", say) is no HTTP status code:
    every reading reads the capture as a fetch that got no response and says why, while the
    status passes through as given; the batch's other captures are read as ever."""
    settings = Settings(agents=("*",), paths=("/",))
    body = b"User-agent: *\nDisallow: /\n"
    for status in (-1, 70000):
        row = analyse(Capture("https://a.test/robots.txt", status, body), settings)
        assert row[5] == status  # http_status, as given
        assert {(r[1], r[2]) for r in row[-3]} == {
            ("unreachable", f"network error: status {status} is no HTTP status code")}
    batch = Batch()
    for status in (200, -1, None):
        batch.add(Capture("https://a.test/robots.txt", status, body))
    states = [[r["state"] for r in row] for row in batch.record_batch(settings)
              .column("readings").to_pylist()]
    assert [set(s) for s in states] == [{"rules"}, {"unreachable"}, {"unreachable"}]


def test_a_header_no_client_could_send_is_left_out():
    """A header pair with a lone surrogate (which no encoding sends) is left out, as `Access`
    leaves out a pair that is no valid header: the capture is read with the others, and
    neither the batch nor the call fails."""
    settings = Settings(agents=("*",), paths=("/",))
    headers = (("Content-Type", "text/\udcff"), ("X-\udc80", "1"),
               ("Content-Type", "text/plain"), ("Retry-After", "120"))
    row = analyse(Capture("https://a.test/robots.txt", 200, b"User-agent: *\nDisallow: /\n",
                          headers), settings)
    assert row[8] == "text/plain"  # content_type: the first that can be sent
    assert {r[1] for r in row[-3]} == {"rules"}
    assert Access(503, headers=headers).lifetime == 120


# The files the row's property test writes: groups of rules that the readings read apart
# (wildcards, `$`, Allow, misspellings, a space before the colon, encodings, `//`, agents
# with a version, a blank line or a comment inside a group), which several of its agents share.
_AGENT_LINES = ("User-agent: *", "User-agent: GPTBot", "user-agent: gptbot/1.0",
                "User-agent: CCBot", "User-agent: Googlebot")
_RULE_LINES = (
    "Disallow: /", "Disallow:", "Allow: /", "Disallow: /*?", "Disallow: /a$", "Allow: /a*b$",
    "Disallow: *", "Disallow: //x", "Disallow: /%2F", "Allow: /%61", "Disallow: /a",
    "Allow: /a/", "Disallow: /\u00e9", "Disallow: /$", "Allow: $", "Disallow: /***",
    "  Disallow : /z ", "Allow: /index.html", "Disallow: /d/", "Allow: /robots.txt",
    "Disallow: /robots", "Disalow: /x", "Sitemap: http://x/s.xml", "# c", "",
)
_GROUPS = st.lists(
    st.tuples(st.lists(st.sampled_from(_AGENT_LINES), min_size=1, max_size=2),
              st.lists(st.sampled_from(_RULE_LINES), max_size=5)),
    max_size=3,
).map(lambda groups: [line for agents, rules in groups for line in agents + rules])


@settings(max_examples=400, deadline=None)
@given(lines=_GROUPS,
       status=st.sampled_from([200, 200, 200, 200, 200, 204, 403, 404, 500, None]),
       agents=st.lists(st.sampled_from(["GPTBot", "gptbot", "*", "Googlebot", "CCBot", "other"]),
                       min_size=1, max_size=5, unique=True),
       paths=st.lists(st.sampled_from(["/", "/a", "/ab", "/a/b", "//x", "/%2F", "/%61",
                                       "/robots.txt", "/\u00e9", "/d/", "/?q"]),
                      min_size=1, max_size=3, unique=True),
       readings=st.lists(st.sampled_from(VARIANTS), min_size=2, max_size=5, unique=True),
       limit=st.sampled_from([30, SIZE_LIMIT, SIZE_LIMIT]))
# `*` is an operator to Google's reading and a literal to the 1996 draft's: all against none.
@example(lines=["User-agent: *", "Disallow: *"], status=200, agents=["GPTBot"], paths=["/"],
         readings=["google", "draft-1996"], limit=SIZE_LIMIT)
def test_a_row_holds_each_readings_own_answers(lines, status, agents, paths, readings, limit):
    """The batch shares work between agents (one set of answers per set of groups) and
    between readings (one analysis of what is blocked where rules are alike, one diff per
    agent and path): whatever the file, each reading's state, verdicts and `blocked` are
    those of `Access` alone with that reading; the disagreements are exactly the cells where
    two readings' verdicts differ, the changes exactly the agents whose `blocked` differs, and
    a change's path is one where the two readings answer differently."""
    body = "\n".join(lines).encode()
    capture = Capture("https://example.com/robots.txt", status, body)
    row = analyse(capture, Settings(agents=tuple(agents), paths=tuple(paths),
                                    variants=tuple(readings), size_limit=limit))
    rows, disagreements, changes = row[-3], row[-2], row[-1]
    assert [r[0] for r in rows] == readings
    access = {name: Access(status, body, name, size_limit=limit) for name in readings}
    cells, blocked = {}, {}
    for reading in rows:
        name, verdicts, alone = reading[0], reading[-1], access[reading[0]]
        assert reading[1] == alone.state
        assert [v[:2] for v in verdicts] == [(a, p) for a in agents for p in paths]
        assert [v[2:6] for v in verdicts] == alone.answers(agents, paths), name
        words = alone.blocked(agents)
        assert [v[6] for v in verdicts] == [w for w in words for _ in paths], name
        cells.update({(name, v[0], v[1]): v[2] for v in verdicts})
        blocked.update({(name, a): w for a, w in zip(agents, words)})
    pairs = list(itertools.combinations(readings, 2))
    assert sorted(d[:4] for d in disagreements) == sorted(
        (a, p, left, right) for a in agents for p in paths for left, right in pairs
        if cells[left, a, p] != cells[right, a, p])
    assert sorted(c[:3] for c in changes) == sorted(
        (a, left, right) for a in agents for left, right in pairs
        if blocked[left, a] != blocked[right, a])
    for agent, left, right, _, _, path, *_ in changes:
        if path is not None:
            url = "https://example.com" + path
            assert access[left].allows(agent, url) != access[right].allows(agent, url)


def test_text_no_encoding_writes_is_read_as_the_replacement_character():
    """A lone surrogate (what `surrogateescape` makes of bytes that are not UTF-8) in a
    capture's URL, id, file name, `truncated` or `failure` is read as U+FFFD, as fastwarc
    reads such bytes: the capture is answered, and its row written, not the batch failed."""
    capture = Capture("https://a.t\udcffst/robots.txt", None, b"", capture_id="id\udc80",
                      warc_file="f\udcff.warc", truncated="\udcff", failure="no \udcff")
    assert (capture.robots_url, capture.capture_id, capture.warc_file, capture.truncated,
            capture.failure) == ("https://a.t\ufffdst/robots.txt", "id\ufffd", "f\ufffd.warc",
                                 "\ufffd", "no \ufffd")
    row = analyse(capture, Settings(agents=("*",), paths=("/",)))
    assert row[:3] == ("id\ufffd", "f\ufffd.warc", "https://a.t\ufffdst/robots.txt")
    assert {r[1] for r in row[-3]} == {"unreachable"}
    ascii_only = Capture("https://a.test/robots.txt", 200, capture_id="c")
    assert ascii_only.robots_url == "https://a.test/robots.txt"


def test_settings_are_checked():
    with pytest.raises(ValueError, match="variants: .*1997"):
        Settings(variants=("rfc9309", "1997"))
    with pytest.raises(ValueError, match="variants: .*no-such-setting"):
        Settings(variants=("rfc9309+no-such-setting=yes",))
    with pytest.raises(ValueError, match="twice"):
        Settings(agents=("a", "a"))
    with pytest.raises(ValueError, match="non-empty"):
        Settings(paths="/")
    for wrong in (0, -5):
        with pytest.raises(ValueError, match=f"size_limit must be positive, not {wrong}"):
            Settings(size_limit=wrong)
    for wrong in (1.5, "1000", None):
        with pytest.raises(TypeError, match="size_limit must be an int, not "):
            Settings(size_limit=wrong)


def test_a_composed_reading_is_a_variant_of_the_study():
    substring = "google+agent-matching=substring"
    settings = Settings(agents=("GPTBot",), paths=("/",), variants=("google", substring))
    body = b"User-agent: bot\nDisallow: /\n"
    row = analyse(Capture("https://a.test/robots.txt", 200, body, capture_id="1"), settings)
    readings, disagreements = row[-3], row[-2]
    assert [(r[0], r[-1][0][2]) for r in readings] == [("google", True), (substring, False)]
    assert [(d[2], d[3], d[6]) for d in disagreements] == [
        ("google", substring, "user-agent-matching")]


def test_a_second_attempt_of_a_task_replaces_its_parts(tmp_path):
    """A retried or speculative attempt writes the same partition's parts under the same
    names: one part per table, whichever attempt finished last, never two."""
    import pyarrow.parquet as pq

    batch = Batch()
    batch.add(Capture("https://a.test/robots.txt", 200, b"User-agent: *\nDisallow: /x\n",
                      capture_id="1"))
    batch.add(Capture("https://b.test/robots.txt", 404, b"", capture_id="2"))
    settings = Settings(agents=("GPTBot", "*"), paths=("/", "/x"))
    record = batch.record_batch(settings)
    out = parts.location(str(tmp_path / "out"))
    parts.prepare(out)
    (tmp_path / "out" / "verdicts" / "stale.parquet").write_bytes(b"from an earlier run")
    parts.prepare(out)  # overwritten: the earlier run's files go
    for _ in range(2):
        counts = parts.write(out, 3, [record])
    exploded = explode(record)
    assert counts["captures"] == 2
    for table in parts.TABLES:
        folder = tmp_path / "out" / table
        assert [p.name for p in folder.iterdir()] == ["part-00003.parquet"], table
        written = pq.read_table(folder / "part-00003.parquet")
        assert written.num_rows == counts[table] == exploded[table].num_rows, table
        assert written.to_pylist() == exploded[table].to_pylist(), table
    assert counts["verdicts"] == 2 * len(VARIANTS) * 2 * 2
    # What an attempt that died mid-write leaves, hidden from readers, the driver removes.
    dead = tmp_path / "out" / "files" / ".part-00004.parquet.0123.tmp"
    dead.write_bytes(b"half a file")
    parts.sweep(out)
    assert not dead.exists()
    assert [p.name for p in (tmp_path / "out" / "files").iterdir()] == ["part-00003.parquet"]


def test_the_parts_hold_the_capture_columns_as_strings(tmp_path):
    """``explode`` repeats a capture's strings (and a reading's on its verdicts) as a
    dictionary array's indices; the parts store them as the strings they are, and a reader
    (pyarrow, like Spark) reads every string column as strings with the values ``explode``
    gave, nulls included."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from robotspec.study.capture import TABLE_ROWS, arrow_schema

    batch = Batch()
    # A blank line ends the 1994 record, so every table has rows; the second capture has no
    # record id, WARC file or content type.
    for n, body in enumerate([b"User-agent: *\nDisallow: /x\n", b"User-agent: *\n\nDisallow: /\n"]):
        batch.add(Capture(f"https://{n}.test/robots.txt", 200, body,
                          headers=(("Content-Type", "text/plain"),) if n == 0 else (),
                          capture_id=str(n) if n == 0 else None,
                          warc_file="crawl/segment.warc.gz" if n == 0 else None))
    record = batch.record_batch(Settings(variants=("google", "convention-1994")))
    exploded = explode(record)
    out = parts.location(str(tmp_path / "out"))
    parts.prepare(out)
    parts.write(out, 0, [record])
    for table in parts.TABLES:
        assert exploded[table].num_rows > 0, table
        assert pa.types.is_dictionary(exploded[table].schema.field("robots_url").type), table
        written = pq.read_table(tmp_path / "out" / table / "part-00000.parquet")
        assert written.schema.names == arrow_schema(TABLE_ROWS[table]).names, table
        strings = [name for name, kind in TABLE_ROWS[table] if kind == "string"]
        for name in strings:
            assert written.schema.field(name).type == pa.string(), (table, name)
            assert written.column(name).to_pylist() == exploded[table].column(name).to_pylist()
        assert None in written.column("capture_id").to_pylist(), table


def test_a_batch_holds_a_rule_line_once_however_many_rows_repeat_it(tmp_path):
    """A rule's text is repeated on every verdict it decides (agents × readings) and an
    evidence line on every change (agents × pairs): held once per batch in a dictionary
    array (``DICTIONARY_LISTS``). As strings, these sixteen 500 KB captures (8 MB, one batch)
    with 60 agents made a column of 2.4 GB, past what an Arrow string array holds
    (OverflowError), and 1.4 GB at the peak with the 17 default agents. The part written
    reads back as those strings."""
    import pyarrow.parquet as pq

    # Everything is closed where `*` is a wildcard (2019, RFC 9309, Google: this line decides
    # every verdict), nothing in 1994 and 1996 (no path starts with `*`): six pairs of
    # readings change for every agent, the line their evidence.
    line = b"Disallow: *  #" + b"x" * 500_000
    body = b"User-agent: *\n" + line + b"\n"
    agents = tuple(f"Bot{n}" for n in range(60))
    settings = Settings(agents=agents)
    batch = Batch()
    for n in range(16):
        batch.add(Capture(f"https://{n}.test/robots.txt", 200, body))
    record = batch.record_batch(settings)
    verdicts = record.column("readings").flatten().field("verdicts").flatten()
    rules = verdicts.field("rule")
    assert len(rules) == 16 * len(settings.variants) * len(agents)
    # Every row's string, each distinct one a single Python object (no copy per row).
    def values(array):
        strings = array.dictionary.to_pylist()
        return [None if i is None else strings[i] for i in array.indices.to_pylist()]

    # The line once for the batch (and Google's reading of it, cut at 16,663 bytes).
    assert line.decode() in values(rules)
    assert sum(len(text) for text in rules.dictionary.to_pylist()) < 2 * len(line)
    evidence = record.column("changes").flatten().field("evidence")
    assert len(evidence) == 16 * 6 * len(agents)
    assert set(values(evidence)) <= {line.decode(), line[:16_663].decode()}
    assert sum(len(text) for text in evidence.dictionary.to_pylist()) < 2 * len(line)
    out = parts.location(str(tmp_path / "out"))
    parts.prepare(out)
    parts.write(out, 0, [record])
    part = tmp_path / "out" / "verdicts" / "part-00000.parquet"
    assert pq.read_schema(part).field("rule").type == "string"
    written = pq.read_table(part, columns=["rule"], read_dictionary=["rule"]).column("rule")
    assert values(written.combine_chunks()) == values(rules)


def test_row_groups_record_the_range_of_the_columns_that_order_a_part(tmp_path):
    """Every table's row groups hold the minimum and maximum of the WARC file, which a
    reader's filter can skip row groups by, and of no other column."""
    from datetime import datetime, timezone

    import pyarrow.parquet as pq

    batch = Batch()
    # A blank line ends the 1994 record: the two readings disagree on the second file, so
    # every table has rows.
    for n, body in enumerate([b"User-agent: *\nDisallow: /x\n", b"User-agent: *\n\nDisallow: /\n"]):
        batch.add(Capture(f"https://{n}.test/robots.txt", 200, body, capture_id=str(n),
                          warc_file=f"crawl/segment-{n}.warc.gz",
                          fetch_time=datetime(2024, 10, n + 1, tzinfo=timezone.utc)))
    record = batch.record_batch(Settings(variants=("google", "convention-1994")))
    out = parts.location(str(tmp_path / "out"))
    parts.prepare(out)
    parts.write(out, 0, [record])
    for table in parts.TABLES:
        metadata = pq.ParquetFile(tmp_path / "out" / table / "part-00000.parquet").metadata
        group = metadata.row_group(0)
        assert group.num_rows > 0, table
        columns = [group.column(i) for i in range(group.num_columns)]
        ranged = {c.path_in_schema: (c.statistics.min, c.statistics.max) for c in columns
                  if c.is_stats_set and c.statistics.has_min_max}
        assert set(ranged) == set(parts.STATISTICS), table
        files = pq.read_table(tmp_path / "out" / table).column("warc_file").to_pylist()
        assert ranged["warc_file"] == (min(files), max(files)), table


def test_a_part_already_committed_stays_where_rename_does_not_replace(tmp_path):
    """On a file system whose rename does not replace a file (HDFS), the second attempt of a
    partition finds the part the first committed: that part (the same rows) stays, the
    second's temporary file goes; with no part there, the failure is raised."""
    from pyarrow import fs

    class NoReplace:
        """The local file system, with HDFS's rename: refused onto an existing file."""

        def __init__(self):
            self.local = fs.LocalFileSystem()

        def move(self, source, destination):
            if self.local.get_file_info(destination).type == fs.FileType.File:
                raise OSError(f"rename onto an existing file: {destination}")
            self.local.move(source, destination)

        def __getattr__(self, name):
            return getattr(self.local, name)

    system = NoReplace()
    part, first, second = (str(tmp_path / name) for name in ("part", ".first", ".second"))
    for path, text in ((first, b"first"), (second, b"second")):
        with open(path, "wb") as file:
            file.write(text)
    parts._commit(system, first, part)
    parts._commit(system, second, part)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["part"]
    assert (tmp_path / "part").read_bytes() == b"first"
    (tmp_path / "part").unlink()
    with pytest.raises(OSError):
        parts._commit(system, str(tmp_path / ".missing"), part)


HOST_CASES = [
    "https://Example.COM/robots.txt", "http://example.com:8080/robots.txt", "HTTP://A.b/",
    "http://user:pass@Host.example/robots.txt", "http://a@b@C.d:1/x", "http:///robots.txt",
    "http://:80/", "http://h:/", "http://[::1]:8080/robots.txt", "http://[fe80::1%25Eth0]/",
    "http://[::1/", "http://h]/", "//example.com/robots.txt", "example.com/robots.txt",
    "http:example.com", "1http://x/", "http://ex%41mple.COM/", "http://A%BC/",
    "http://bücher.DE/robots.txt", " http://lead.ing/", "http://tab\there/", "http://h/ a b",
    "http://h?q=1", "http://h#frag", "", "http://Host.Example",
]

URL_PIECES = st.sampled_from(["http", "HTTPS", "://", "//", ":", "/", "@", "[", "]", "%", "?",
                              "#", ".", "a", "B", "8", "::1", " ", "\t", "é", "-", "+"])


def test_hosts_are_urlsplits():
    """The column of hosts (``hosts_of``: a regular expression over the batch, ``host_of`` for
    what it leaves) is ``urlsplit(url).hostname`` of every URL."""
    assert hosts_of(HOST_CASES).to_pylist() == [host_of(url) for url in HOST_CASES]
    assert hosts_of(["https://Example.COM/robots.txt"]).to_pylist() == ["example.com"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.lists(URL_PIECES, max_size=12).map("".join), min_size=1, max_size=8))
def test_hosts_of_any_text_are_urlsplits(urls):
    assert hosts_of(urls).to_pylist() == [host_of(url) for url in urls]


def _study(args, tmp_path, stdout):
    """``python -m robotspec.study ARGS`` with standard output to ``stdout``."""
    return subprocess.run([sys.executable, "-m", "robotspec.study", *args], stdout=stdout,
                          stderr=subprocess.PIPE, text=True, timeout=120, cwd=tmp_path)


def test_a_closed_pipe_ends_the_command_quietly(tmp_path):
    """``python -m robotspec.study … | head -1``: the reader has what it wanted, so the command
    ends with status 0 and says nothing (as the command line's ``robotspec``), rather than a
    traceback for the line it could not write."""
    reader, writer = os.pipe()
    os.close(reader)  # closed before the command writes its line
    try:
        done = _study(["warc", str(CORPUS), "--out", str(tmp_path / "a.warc")], tmp_path,
                      writer)
    finally:
        os.close(writer)
    assert (done.returncode, done.stderr) == (0, "")
    assert (tmp_path / "a.warc").stat().st_size > 0


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
@pytest.mark.parametrize("target", ["output", "file"])
def test_a_full_disk_is_one_line_and_status_2(tmp_path, target):
    """A write that fails (``/dev/full``: "no space left on device"), of what the command
    prints or of a file it writes, is reported in one line on standard error with status 2,
    not a traceback."""
    out = "/dev/full" if target == "file" else str(tmp_path / "a.warc")
    with open("/dev/full" if target == "output" else os.devnull, "w") as stdout:
        done = _study(["warc", str(CORPUS), "--out", out], tmp_path, stdout)
    assert done.returncode == 2
    assert done.stderr.splitlines() == ["robotspec.study: No space left on device"]


@pytest.fixture
def one_warc(tmp_path):
    """A WARC file of one capture, for commands that must find their input."""
    warc = tmp_path / "one.warc"
    write_warc(str(warc), [response_record("https://a.test/robots.txt", 200, b"")])
    return warc


REFUSALS = [
    # (arguments, what the last line of standard error says): each refused before Spark starts,
    # with status 2 and no traceback. WARC stands for a WARC file that exists, DIR for an empty
    # folder.
    (["--warc", "missing.warc", "--out", "DIR/o"],
     "robotspec.study: missing.warc: No such file or directory"),
    (["--warc", "file:///nowhere/missing.warc", "--out", "DIR/o"],
     "robotspec.study: file:///nowhere/missing.warc: No such file or directory"),
    (["--warc", "DIR", "--out", "DIR/o"], "robotspec.study: DIR: Is a directory"),
    # imc25 stands for its 24 agents among others too: GPTBot is one of them.
    (["--warc", "WARC", "--out", "DIR/o", "--agents", "imc25,GPTBot"],
     "error: agents names an entry twice"),
    (["--warc", "WARC", "--out", "DIR/o", "--conf", "=4g"],
     "robotspec.study: --conf expects KEY=VALUE, not '=4g'"),
    # A file:// URL is read percent-decoded, so the file named `one copy.warc` is there: the run
    # gets as far as the Spark settings, whose refusal ends it.
    (["--warc", "SPACED", "--out", "DIR/o", "--conf", "nokey"],
     "robotspec.study: --conf expects KEY=VALUE, not 'nokey'"),
    (["--warc", "WARC", "--out", "DIR/o", "--variants", "google,bogus"],
     "error: variants: unknown variant `bogus`"),
    (["--warc", "WARC", "--out", "DIR/o", "--size-limit", "0"],
     "error: size_limit must be positive, not 0"),
    (["--warc", "WARC", "--out", "DIR/o", "--limit-files", "-1"],
     "error: argument --limit-files: expected 0 or more, not '-1'"),
    (["--warc", "WARC", "--out", "DIR/o", "--limit-files", "0"],
     "error: no WARC file given (--warc or --warc-list)"),
    (["blocking", "--study", "DIR"],
     "robotspec.study: DIR holds no verdicts/ table: run the study into it first"),
    (["blocking", "--study", "DIR", "--methods", "exact,bogus"],
     "error: unknown methods ['bogus']"),
    (["blocking", "--study", "DIR", "--methods", "exact,imc25", "--reading", "bogus"],
     "error: variants: unknown variant `bogus`"),
    (["blocking", "--study", "DIR", "--methods", "exact,imc25"],
     "robotspec.study: DIR holds no methods/ table: run the study into it first"),
    (["history", "--out", "DIR/h"], "error: no input (--warc, --warc-list or --captures)"),
    (["--warc", "WARC", "--out", "DIR/o", "--agents", "bad\tagent"],
     'error: agents: the agent holds a control character (U+0009 at byte 3): "bad\\tagent"'),
    (["--warc", "WARC", "--out", "DIR/o", "--paths", "/\udcff"],
     "error: paths: '/\\udcff' holds a lone surrogate, which no URL holds"),
    (["histroy", "--out", "DIR/h"],
     "error: unknown command 'histroy' (did you mean 'history'? the commands: blocking, "
     "history, restrictions, warc; the job itself takes options: --help)"),
    # Spark and pyarrow cannot spell a folder whose name is not UTF-8.
    (["--warc", "WARC", "--out", "DIR/o\udce9"],
     "error: argument --out: `DIR/o\\xe9` holds bytes that are not UTF-8"),
    (["blocking", "--study", "DIR/s\udce9"],
     "error: argument --study: `DIR/s\\xe9` holds bytes that are not UTF-8"),
    (["history", "--captures", "DIR", "--out", "DIR/h\udce9"],
     "error: argument --out: `DIR/h\\xe9` holds bytes that are not UTF-8"),
    (["history", "--captures", "DIR/missing", "--out", "DIR/h"],
     "robotspec.study: DIR/missing: No such file or directory"),
]


@pytest.mark.parametrize("args,said", REFUSALS, ids=[" ".join(a) for a, _ in REFUSALS])
def test_arguments_refused_before_spark_starts(tmp_path, one_warc, args, said):
    """Arguments the study cannot run with end the command at once (no Spark session is
    started: each takes well under Spark's start-up) with status 2 and one line saying why,
    as argparse's own refusals do."""
    folder = tmp_path / "empty"
    folder.mkdir()
    spaced = tmp_path / "one copy.warc"
    spaced.write_bytes(one_warc.read_bytes())
    named = [a.replace("SPACED", spaced.as_uri()).replace("WARC", str(one_warc))
             .replace("DIR", str(folder)) for a in args]
    done = _study(named, tmp_path, subprocess.PIPE)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert said.replace("DIR", str(folder)) in done.stderr.splitlines()[-1]


def test_a_master_spark_cannot_start_with_is_one_line(tmp_path, one_warc):
    """An unknown master: Spark says why (spark-submit's own words, on standard error), then
    the command ends in one line with status 2, without a Python traceback."""
    done = _study(["--warc", str(one_warc), "--out", str(tmp_path / "o"), "--master", "bogus"],
                  tmp_path, subprocess.PIPE)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.splitlines()[-1].startswith(
        "robotspec.study: Spark did not start (--master bogus): ")


def test_a_location_names_a_local_file_as_it_is_opened(tmp_path):
    """The file a local location names is the one read, and the one checked before Spark
    starts: a path as it is, a `file://` URL percent-decoded; other schemes are not local."""
    spaced = tmp_path / "a b.warc"
    assert local_path(spaced.as_uri()) == str(spaced)  # file:///…/a%20b.warc
    assert local_path("crawl/a%20b.warc") == "crawl/a%20b.warc"
    assert local_path("s3://bucket/a.warc") is None
    assert local_path("https://data.commoncrawl.org/a.warc.gz") is None


def test_a_listing_is_read_as_the_file_system_names_files(tmp_path):
    """A `--warc-list` file is UTF-8 with its byte order mark skipped; a name with bytes that
    are not UTF-8 is kept as the file system keeps it, and passes through Spark's (UTF-8)
    strings as its `file://` URL, which is read back as the same file."""
    from argparse import Namespace

    from robotspec.study.__main__ import _locations
    from robotspec.study.warc import passable

    path = tmp_path / os.fsdecode(b"caf\xe9.warc")
    path.write_bytes(b"")
    listing = tmp_path / "list.txt"
    listing.write_bytes(b"\xef\xbb\xbf" + os.fsencode(path) + b"\r\n# a comment\n\n")
    args = Namespace(warc=None, warc_list=[str(listing)], prefix=None, limit_files=None)
    assert _locations(args) == [str(path)]
    url = passable(str(path))
    assert url == path.as_uri() and url.isascii() and url.endswith("/caf%E9.warc")
    assert local_path(url) == str(path) and os.path.exists(local_path(url))
    for kept in ("s3://bucket/a.warc", str(tmp_path / "plain.warc"), "crawl/caf\u00e9.warc"):
        assert passable(kept) == kept


def test_a_missing_extra_is_named(tmp_path, one_warc):
    """Without the `study` extra (PySpark here, hidden from the import system as if it were not
    installed), the command says which package is missing and how to install the extra, in one
    line with status 2."""
    hide = ("import sys; sys.modules['pyspark'] = None; from robotspec.study.__main__ import "
            "main; sys.exit(main(sys.argv[1:]))")
    done = subprocess.run([sys.executable, "-c", hide, "--warc", str(one_warc), "--out",
                           str(tmp_path / "o")], capture_output=True, text=True, timeout=120,
                          cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    [line] = done.stderr.splitlines()
    assert line.startswith("robotspec.study: ") and "pyspark" in line
    assert line.endswith("the study needs the `study` extra (pip install 'robotspec[study]', "
                         "docs/study.md)")
