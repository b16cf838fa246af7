"""Reading robots.txt captures out of WARC files, one file at a time, in bounded memory.

Common Crawl stores each crawl's robots.txt fetches in WARC files of their own (the
``robotstxt`` subset): ``response`` records whose block is the HTTP response (status line,
headers, body) and whose ``WARC-Target-URI`` is the robots.txt URL. Its crawler stores bodies
decoded, renaming the ``Content-Encoding`` and ``Transfer-Encoding`` headers
(``X-Crawler-Content-Encoding``), but other archives keep them, so both are read here:
``chunked`` transfer coding and ``gzip`` content coding are decoded (as ``robotspec fetch``
does); any other content coding gives no usable body, which the access policy treats as a
network error (docs/access.md, "Compressed bodies").

fastwarc reads the records (gzip-compressed WARC files or not, detected from the bytes).
Each body is read in chunks: the first ``size_limit + 1`` bytes are kept (the access stage
reads no more), the rest is only counted, so one capture costs at most that much memory.

A location is a local path, a ``file://``, ``http://`` or ``https://`` URL, or any URI
pyarrow's file systems open (``s3://``, ``gs://``, ``hdfs://``, …).
"""

from __future__ import annotations

import os
import sys
import urllib.request
import zlib
from collections import deque
from pathlib import Path
from typing import BinaryIO, Iterator, Optional
from urllib.parse import unquote, urlsplit

from fastwarc import ArchiveIterator, WarcRecordType
from fastwarc.stream_io import ChunkedReader, GzipReader

from .capture import Capture, holds_surrogate
from .notice import notice
from .provenance import counted

_CHUNK = 1 << 16
#: How a plain (uncompressed) WARC file starts.
_PLAIN = b"WARC/"
#: How a gzip file starts, and each of its (deflate) members.
_GZIP = b"\x1f\x8b"
_GZIP_MEMBER = b"\x1f\x8b\x08"
#: How much of a file's end is kept to tell whether it ends where a record does: more than a
#: record's header, and than the compressed record of a robots.txt in all but rare cases.
_TAIL = 1 << 20
#: The records read: responses, and those whose type a cut header left out.
_RECORDS = WarcRecordType.response | WarcRecordType.unknown | WarcRecordType.no_type


class _Read:
    """A forward-only stream for fastwarc that remembers what the end of a file needs: the
    bytes read (``tell``: HTTP responses and some remote streams cannot tell or seek), the
    first bytes (plain WARC or gzip) and the last ``_TAIL`` (whether the file ends where a
    record does)."""

    def __init__(self, raw: BinaryIO) -> None:
        self._raw = raw
        self._position = 0
        self._head = b""
        self._tail: deque = deque()
        self._kept = 0

    def read(self, size: int = -1) -> bytes:
        data = self._raw.read(size)
        self._position += len(data)
        if len(self._head) < len(_PLAIN):
            self._head = (self._head + data)[: len(_PLAIN)]
        if data:
            self._tail.append(data)
            self._kept += len(data)
            while self._kept - len(self._tail[0]) >= _TAIL:
                self._kept -= len(self._tail.popleft())
        return data

    def tell(self) -> int:
        return self._position

    def seek(self, offset: int, whence: int = 0) -> int:
        if (offset, whence) in ((0, 1), (self._position, 0)):
            return self._position
        raise OSError("this stream only reads forward")

    def close(self) -> None:
        self._raw.close()

    def __enter__(self) -> "_Read":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def tail_ends_inside_a_record(self) -> Optional[bool]:
        """Whether the file, read to its end, ends inside a record fastwarc left out without
        a word, as it leaves out whatever follows a file's last whole record, judged from the
        kept tail; None when the tail cannot tell (a gzip file whose last member begins before
        it: ``_file_ends_inside_a_record`` then reads the file again)."""
        tail = b"".join(self._tail)
        if self._head.startswith(_PLAIN):
            return _plain_cut(tail)
        if self._head.startswith(_GZIP):
            return _gzip_cut(tail)
        return False


def _plain_cut(tail: bytes) -> bool:
    """Whether a plain WARC file whose end is ``tail`` is cut: every record ends with a blank
    line, so whatever follows the file's last one but whitespace starts a record."""
    after = tail.rsplit(b"\r\n\r\n", 1)
    return len(after) == 1 or bool(after[1].strip())


def _gzip_cut(tail: bytes) -> Optional[bool]:
    """Whether a gzip WARC file whose end is ``tail`` is cut: its last gzip member (a record)
    does not end. From the right, each place where a member could start is inflated (the
    output dropped as it comes, but for its first bytes): one that runs out of input, its
    output so far the start of a record (``WARC/``), is a cut one — the check keeps out the
    bytes ``1f 8b 08`` that occur within a member's compressed data, which inflate as
    freely as they like until the input ends; the first that ends with input left is a whole
    one, and what was found to its right decides, or the start of a member's magic number
    after it (a file cut in it); one that ends the file exactly means the file is whole. None
    when the tail holds neither: the last member begins before it (``_gzip_cut_from`` then
    reads it again)."""
    found = False
    start = len(tail)
    while (start := tail.rfind(_GZIP_MEMBER, 0, start)) >= 0:
        member = zlib.decompressobj(zlib.MAX_WBITS | 16)
        rest = tail[start:]
        head = b""
        try:
            while rest and not member.eof:
                head += member.decompress(rest, _CHUNK)[: len(_PLAIN) - len(head)]
                rest = member.unconsumed_tail
        except zlib.error:
            continue
        if not member.eof:
            found = found or bool(head) and _PLAIN.startswith(head)
        elif member.unused_data:
            return found or member.unused_data.startswith(_GZIP[:1])
        else:
            return False
    return True if found else None


def _gzip_cut_from(file: BinaryIO) -> Optional[bool]:
    """Whether the gzip WARC file ``file``, read from where a member starts to its end member by
    member (the output dropped as it comes), is cut: its last member does not end, or bytes
    that start a member's magic number follow it — what ``_gzip_cut`` decides from a tail, for
    a file whose last member is longer than the tail. None when no member starts where the
    reading does (nothing there, or bytes that do not inflate)."""
    member = zlib.decompressobj(zlib.MAX_WBITS | 16)
    rest = file.read(_CHUNK)
    if not rest.startswith(_GZIP_MEMBER):
        return None
    members = 1
    while True:
        if member.eof:
            if not rest.startswith(_GZIP[:1]):
                return False
            member = zlib.decompressobj(zlib.MAX_WBITS | 16)
            members += 1
        try:
            member.decompress(rest, _CHUNK)
        except zlib.error:
            # The first member is where a record began, or none; a later one is bytes
            # fastwarc left out that begin a member and are none.
            return None if members == 1 else True
        rest = member.unused_data if member.eof else member.unconsumed_tail
        if not rest:
            rest = file.read(_CHUNK)
            if not rest:
                member.flush()  # what the input read holds, to its last byte
                return not member.eof


def local_path(location: str) -> Optional[str]:
    """The local file ``location`` names — a path as it is, or a ``file://`` URL's path
    percent-decoded (bytes that are not UTF-8 as the file system keeps them in a name:
    ``surrogateescape``) — or None for a location of another scheme."""
    parts = urlsplit(location)
    if parts.scheme == "file":
        return unquote(parts.path, errors="surrogateescape")
    if parts.scheme == "" or (len(parts.scheme) == 1 and sys.platform == "win32"):
        return location
    return None


def passable(location: str) -> str:
    """``location`` as it can pass through Spark, whose strings are UTF-8: a local file whose
    name holds bytes that are not UTF-8 (a lone surrogate, as Python reads such a name) as its
    ``file://`` URL, those bytes percent-encoded; any other location as it is."""
    path = local_path(location)
    if path is None or not holds_surrogate(location):
        return location
    try:
        return Path(os.path.abspath(path)).as_uri()
    except UnicodeEncodeError:  # a surrogate no byte of a name makes: no file so named
        return location


def open_location(location: str) -> _Read:
    """A binary stream of the file at ``location`` (see the module)."""
    path = local_path(location)
    if path is not None:
        return _Read(open(path, "rb"))
    parts = urlsplit(location)
    if parts.scheme in ("http", "https"):
        return _Read(_http_get(location, {}))
    from pyarrow import fs  # only for remote file systems

    filesystem, path = fs.FileSystem.from_uri(location)
    return _Read(filesystem.open_input_stream(path, compression=None))


def _open_from(location: str, start: int) -> BinaryIO:
    """A binary stream of the file at ``location`` from its byte ``start`` on: a local file or
    one of pyarrow's file systems sought there, an HTTP one asked for that range. OSError when
    the server sends anything else."""
    path = local_path(location)
    if path is not None:
        file = open(path, "rb")
        file.seek(start)
        return file
    parts = urlsplit(location)
    if parts.scheme in ("http", "https"):
        response = _http_get(location, {"Range": f"bytes={start}-"})
        given = response.headers.get("Content-Range") or ""
        if response.status != 206 or not given.startswith(f"bytes {start}-"):
            response.close()
            raise OSError(f"the server did not send the range from byte {start} "
                          f"(status {response.status})")
        return response
    from pyarrow import fs  # only for remote file systems

    filesystem, path = fs.FileSystem.from_uri(location)
    file = filesystem.open_input_file(path)
    file.seek(start)
    return file


def _http_get(location: str, headers: dict):
    """The response to a GET of ``location`` (with ``headers``)."""
    request = urllib.request.Request(location, headers={"User-Agent": "robotspec.study", **headers})
    return urllib.request.urlopen(request, timeout=300)  # noqa: S310


def read_body(record, size_limit: int):
    """The first ``size_limit + 1`` bytes of the record's body, decoded, and the whole
    decoded body's length; or None and why when it cannot be decoded. The record's block is
    read to its end. OSError when the file itself cannot be read there (a damaged gzip member
    of a WARC file)."""
    headers = record.http_headers
    reader = record.reader
    transfer = (headers.get("Transfer-Encoding") or "").strip().lower()
    coding = (headers.get("Content-Encoding") or "").strip().lower()
    if coding not in ("", "identity", "gzip", "x-gzip"):
        _drain(reader)
        return None, 0, f"the body's Content-Encoding `{coding}` cannot be decoded"
    try:
        if transfer == "chunked":
            reader = ChunkedReader(reader)
        if coding in ("gzip", "x-gzip"):
            reader = GzipReader(reader)
        kept = reader.read(size_limit + 1)
        total = len(kept)
        while True:
            chunk = reader.read(_CHUNK)
            if not chunk:
                break
            total += len(chunk)
    except OSError as error:
        _drain(record.reader)
        return None, 0, f"the body cannot be decoded: {error}"
    if reader is not record.reader:  # a decoder may stop before the block's end
        _drain(record.reader)
    return kept, total, None


def _drain(reader) -> None:
    """Reads what is left of ``reader``, dropping it."""
    while reader.read(_CHUNK):
        pass


def captures(location: str, size_limit: int, errors: Optional[list] = None) -> Iterator[Capture]:
    """The robots.txt captures of the WARC file at ``location``, in file order: every
    ``response`` record with an HTTP response. A file that cannot be opened (a remote one
    refused, say) gives none, and one that stops being readable, or ends inside a record,
    ends the iteration there: a record whose block is cut gives no capture, one cut only in
    its closing blank line or its gzip member's end gives its capture, and the file is
    reported all the same. What went wrong is appended to ``errors`` (when given) and to
    standard error."""
    try:
        stream = open_location(location)
    except OSError as error:
        _unreadable(f"{location}: cannot be opened: {error}", errors)
        return
    cut = f"{location}: unreadable after {{}}: the file ends inside a record"
    with stream:
        records = iter(ArchiveIterator(stream, record_types=_RECORDS))
        ordinal = 0
        last_start = 0  # where the last record read begins in the file
        while True:
            try:
                record = next(records)
            except StopIteration:
                if _file_ends_inside_a_record(location, stream, last_start):
                    _unreadable(cut.format(counted(ordinal, "record")), errors)
                return
            except Exception as error:  # a damaged file: fastwarc cannot go on
                _unreadable(f"{location}: unreadable after {counted(ordinal, 'record')}: {error}",
                            errors)
                return
            last_start = record.stream_pos
            try:
                read = read_body(record, size_limit) if record.is_http else None
                _drain(record.reader)
            except OSError as error:  # the file's own stream is damaged inside the record
                _unreadable(f"{location}: unreadable after {counted(ordinal, 'record')}: {error}",
                            errors)
                return
            if _is_cut(record):
                _unreadable(cut.format(counted(ordinal, "record")), errors)
                return
            ordinal += 1
            if read is None:
                continue
            body, total, failure = read
            warc = record.headers
            url = (warc.get("WARC-Target-URI") or "").strip().strip("<>")
            http = record.http_headers
            status = http.status_code
            if status is None and failure is None:
                failure = "no HTTP status line"
            record_id = warc.get("WARC-Record-ID") or f"{location}#{ordinal}"
            yield Capture(
                robots_url=url,
                http_status=status,
                body=body or b"",
                headers=tuple(http.to_tuples()),
                capture_id=record_id,
                warc_file=location,
                fetch_time=record.record_date,
                body_bytes=total,
                truncated=warc.get("WARC-Truncated"),
                failure=failure,
            )


def _file_ends_inside_a_record(location: str, stream: _Read, last_start: int) -> bool:
    """Whether the file at ``location``, read to its end as ``stream``, ends inside a record:
    from the end the stream kept, or, where that cannot tell (a last gzip member longer than
    it), from the file read again from ``last_start``, where its last record read begins —
    its member, in a file of one member per record as WARC files are written; a local file
    that is not so is read again from its start. Where none of that can be read, standard
    error says the end is not checked."""
    ends_inside = stream.tail_ends_inside_a_record()
    if ends_inside is not None:
        return ends_inside
    starts = [last_start] + ([0] if last_start and local_path(location) is not None else [])
    try:
        for start in starts:
            with _open_from(location, start) as file:
                ends_inside = _gzip_cut_from(file)
            if ends_inside is not None:
                return ends_inside
    except OSError as error:
        notice(f"{location}: its end is not checked for a cut: {error}")
        return False
    notice(f"{location}: its end is not checked for a cut: no gzip member starts at byte "
           f"{last_start}, where its last record does")
    return False


def _is_cut(record) -> bool:
    """Whether the file ends inside ``record``, whose block was read to its end: the block is
    shorter than the length its header gives, or the header gives none (a cut header; only
    looked up when the length read is 0, as a cut header's is)."""
    if record.reader.tell() < record.content_length:
        return True
    if record.content_length:
        return False
    return not (record.headers.get("Content-Length") or "").strip().isdigit()


def _unreadable(message: str, errors: Optional[list]) -> None:
    """Reports a file ``captures`` cannot read: on standard error, and in ``errors`` when
    given."""
    notice(message)
    if errors is not None:
        errors.append(message)
