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

import sys
import urllib.request
from typing import BinaryIO, Iterator, Optional
from urllib.parse import unquote, urlsplit

from fastwarc import ArchiveIterator, WarcRecordType
from fastwarc.stream_io import ChunkedReader, GzipReader

from .capture import Capture
from .notice import notice
from .provenance import counted

_CHUNK = 1 << 16


class _Counted:
    """A forward-only stream for fastwarc: ``read``, and ``tell`` from the bytes read (HTTP
    responses and some remote streams cannot tell or seek)."""

    def __init__(self, raw: BinaryIO) -> None:
        self._raw = raw
        self._position = 0

    def read(self, size: int = -1) -> bytes:
        data = self._raw.read(size)
        self._position += len(data)
        return data

    def tell(self) -> int:
        return self._position

    def seek(self, offset: int, whence: int = 0) -> int:
        if (offset, whence) in ((0, 1), (self._position, 0)):
            return self._position
        raise OSError("this stream only reads forward")

    def close(self) -> None:
        self._raw.close()

    def __enter__(self) -> "_Counted":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def local_path(location: str) -> Optional[str]:
    """The local file ``location`` names — a path as it is, or a ``file://`` URL's path
    percent-decoded — or None for a location of another scheme."""
    parts = urlsplit(location)
    if parts.scheme == "file":
        return unquote(parts.path)
    if parts.scheme == "" or (len(parts.scheme) == 1 and sys.platform == "win32"):
        return location
    return None


def open_location(location: str) -> BinaryIO:
    """A binary stream of the file at ``location`` (see the module)."""
    path = local_path(location)
    if path is not None:
        return open(path, "rb")
    parts = urlsplit(location)
    if parts.scheme in ("http", "https"):
        request = urllib.request.Request(location, headers={"User-Agent": "robotspec.study"})
        return _Counted(urllib.request.urlopen(request, timeout=300))  # noqa: S310
    from pyarrow import fs  # only for remote file systems

    filesystem, path = fs.FileSystem.from_uri(location)
    return _Counted(filesystem.open_input_stream(path, compression=None))


def read_body(record, size_limit: int):
    """The first ``size_limit + 1`` bytes of the record's body, decoded, and the whole
    decoded body's length; or None and why when it cannot be decoded."""
    headers = record.http_headers
    reader = record.reader
    transfer = (headers.get("Transfer-Encoding") or "").strip().lower()
    coding = (headers.get("Content-Encoding") or "").strip().lower()
    if coding not in ("", "identity", "gzip", "x-gzip"):
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
        return None, 0, f"the body cannot be decoded: {error}"
    return kept, total, None


def captures(location: str, size_limit: int, errors: Optional[list] = None) -> Iterator[Capture]:
    """The robots.txt captures of the WARC file at ``location``, in file order: every
    ``response`` record with an HTTP response. A file that cannot be opened (a remote one
    refused, say) gives none, and one that stops being readable ends the iteration; what went
    wrong is appended to ``errors`` (when given) and to standard error."""
    try:
        stream = open_location(location)
    except OSError as error:
        _unreadable(f"{location}: cannot be opened: {error}", errors)
        return
    with stream:
        records = iter(ArchiveIterator(stream, record_types=WarcRecordType.response))
        ordinal = 0
        while True:
            try:
                record = next(records)
            except StopIteration:
                return
            except Exception as error:  # a damaged file: fastwarc cannot go on
                _unreadable(f"{location}: unreadable after {counted(ordinal, 'record')}: {error}",
                            errors)
                return
            ordinal += 1
            if not record.is_http:
                continue
            warc = record.headers
            url = (warc.get("WARC-Target-URI") or "").strip().strip("<>")
            body, total, failure = read_body(record, size_limit)
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


def _unreadable(message: str, errors: Optional[list]) -> None:
    """Reports a file ``captures`` cannot read: on standard error, and in ``errors`` when
    given."""
    notice(message)
    if errors is not None:
        errors.append(message)
