"""Writing robots.txt captures as WARC files, the way Common Crawl stores them.

For trying the study without a crawl at hand (``python -m robotspec.study warc``), for the
tests and for the benchmark: each capture becomes one WARC/1.0 ``response`` record whose block
is an HTTP/1.1 response (status line, headers, body) and whose ``WARC-Target-URI`` is the
robots.txt URL. A ``.gz`` file is compressed one gzip member per record, as Common Crawl does,
so that each record can be read on its own.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import uuid
from datetime import datetime, timezone
from http import HTTPStatus
from typing import Iterable, Optional, Sequence, Tuple

from .capture import can_be_a_host
from .notice import notice

Headers = Sequence[Tuple[str, str]]


def response_record(
    url: str,
    status: int,
    body: bytes,
    headers: Headers = (("Content-Type", "text/plain"),),
    date: Optional[datetime] = None,
    record_id: Optional[str] = None,
) -> bytes:
    """One WARC ``response`` record: the HTTP response to a request for ``url``. A
    ``Content-Length`` header is added unless ``headers`` has one (or a Transfer-Encoding)."""
    try:
        phrase = HTTPStatus(status).phrase
    except ValueError:
        phrase = "Unknown"
    names = {name.lower() for name, _ in headers}
    lines = [f"HTTP/1.1 {status} {phrase}"]
    lines += [f"{name}: {value}" for name, value in headers]
    if "content-length" not in names and "transfer-encoding" not in names:
        lines.append(f"Content-Length: {len(body)}")
    block = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body
    when = (date or datetime.now(timezone.utc)).astimezone(timezone.utc)
    warc_headers = [
        "WARC/1.0",
        "WARC-Type: response",
        f"WARC-Date: {when.strftime('%Y-%m-%dT%H:%M:%SZ')}",
        f"WARC-Record-ID: <urn:uuid:{record_id or uuid.uuid4()}>",
        f"WARC-Target-URI: {url}",
        f"WARC-Payload-Digest: sha1:{hashlib.sha1(body).hexdigest()}",
        "Content-Type: application/http; msgtype=response",
        f"Content-Length: {len(block)}",
    ]
    return ("\r\n".join(warc_headers) + "\r\n\r\n").encode("utf-8") + block + b"\r\n\r\n"


def write_warc(path: str, records: Iterable[bytes]) -> int:
    """Writes ``records`` (from ``response_record``) to ``path``, one gzip member per record
    when the name ends in ``.gz``. Returns how many were written."""
    compress = path.endswith(".gz")
    count = 0
    with open(path, "wb") as out:
        for record in records:
            out.write(gzip.compress(record, mtime=0) if compress else record)
            count += 1
    return count


def records_from_folder(folder: str, scheme: str = "https") -> Iterable[bytes]:
    """A 200 capture of every file in ``folder`` (sorted by name), each file named after its
    host as in the vendored corpus (``example.com``, or ``example.com_8443`` for a port). A
    name that cannot be a host (``capture.can_be_a_host``: bytes that are not UTF-8, a space,
    a ``#``…) is skipped, with a line on standard error."""
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if not os.path.isfile(path):
            continue
        if not can_be_a_host(name):
            notice(f"{path}: skipped: its name is no host")
            continue
        with open(path, "rb") as file:
            body = file.read()
        host, _, port = name.partition("_")
        authority = f"{host}:{port}" if port else host
        record_id = uuid.uuid5(uuid.NAMESPACE_URL, f"{scheme}://{authority}/robots.txt")
        yield response_record(f"{scheme}://{authority}/robots.txt", 200, body, record_id=str(record_id))

