"""Robots.txt captures in, the study's rows out: the part of the job that knows robots.txt.

Spark is not needed here (the tests call it directly). ``Batch`` collects captures — what a
crawl archive stores about one fetch of robots.txt: its URL, status code, headers and body —
column by column, and ``Batch.record_batch`` answers them all in one call to the binding
(``_analyse_captures``, python/src/study.rs): one nested row per capture (``CAPTURE_ROW``),
as an Arrow record batch whose arrays pyarrow assembles from the buffers the binding wrote —
no Python object per answer or per row. ``explode`` turns such a batch into the four output
tables (``TABLE_ROWS``), which the job's tasks write (``parts.py``). ``analyse`` does the same
for one ``Capture`` and gives its row as nested tuples.

Every answer comes from the library: for each capture and reading, the access policy applied
to the status code (one parse of a 2xx body per reading, within the size limit), the agent ×
path grid of verdicts with the deciding rules, how much of the site is blocked for each agent
(all, some, none, unreachable or undecided; exact, over every URL), the file in figures, every
pair of readings whose verdicts differ with the library's diff reason, and every pair whose
``blocked`` differs with the shortest path where their rules part (docs/study.md). The diff
explains a disagreement from the readings' own parses; only a body past a reading's size limit
is read once more, whole, by the library's diff.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from datetime import datetime
from typing import Dict, List, Optional, Sequence, Tuple
from urllib.parse import urlsplit

from .._robotspec import VARIANTS, Access, Robots, _analyse_captures, _parsed_bytes, redirect_target

DEFAULT_AGENTS: Tuple[str, ...] = (
    "GPTBot",
    "ChatGPT-User",
    "OAI-SearchBot",
    "ClaudeBot",
    "anthropic-ai",
    "CCBot",
    "Google-Extended",
    "Googlebot",
    "Bingbot",
    "PerplexityBot",
    "Applebot",
    "Applebot-Extended",
    "Bytespider",
    "meta-externalagent",
    "Amazonbot",
    "cohere-ai",
    "*",
)
"""The crawlers the study asks about by default: AI crawlers (training, search and assistants)
and the two big search engines, each as the product token its operator documents for
robots.txt, and ``*`` (a crawler no group names). Documented in docs/study.md."""

DEFAULT_PATHS: Tuple[str, ...] = ("/",)
"""The paths (or URLs) the study asks about by default: the site's root."""

DEFAULT_SIZE_LIMIT = 512_000
"""The access stage's size limit (docs/access.md: 512,000 bytes for every variant): a study
reads at most one byte more of a body, whatever its length, so memory stays bounded."""


@dataclass(frozen=True)
class Settings:
    """What the study asks of every capture."""

    agents: Tuple[str, ...] = DEFAULT_AGENTS
    paths: Tuple[str, ...] = DEFAULT_PATHS
    variants: Tuple[str, ...] = tuple(VARIANTS)
    size_limit: int = DEFAULT_SIZE_LIMIT

    def __post_init__(self) -> None:
        for name in ("agents", "paths", "variants"):
            values = getattr(self, name)
            if isinstance(values, str) or not values:
                raise ValueError(f"{name} must be a non-empty sequence of str, not {values!r}")
            if len(set(values)) != len(values):
                raise ValueError(f"{name} names an entry twice: {values!r}")
        for variant in self.variants:
            # A variant or a composed reading (``rfc9309+agent-matching=substring``), read as
            # the binding reads it; its message lists what is accepted.
            try:
                Access(200, b"", variant)
            except ValueError as refused:
                raise ValueError(f"variants: {refused}") from None
        try:  # each agent as the library reads a crawler's (``AgentError`` says why not)
            Access(200, b"").blocked(list(self.agents))
        except ValueError as refused:
            raise ValueError(f"agents: {refused}") from None
        for path in self.paths:
            if holds_surrogate(path):
                raise ValueError(f"paths: {path!r} holds a lone surrogate, which no URL holds "
                                 "(bytes that are not UTF-8)")
        if not isinstance(self.size_limit, int):
            raise TypeError(f"size_limit must be an int, not {type(self.size_limit).__name__}")
        if self.size_limit < 1:
            raise ValueError(f"size_limit must be positive, not {self.size_limit}")


# A capture's text fields, and what no encoding writes in them.
_TEXT_FIELDS = ("robots_url", "capture_id", "warc_file", "truncated", "failure")
_SURROGATE = re.compile("[\ud800-\udfff]")


def holds_surrogate(text: str) -> bool:
    """Whether ``text`` holds a lone surrogate, which no encoding writes: what Python makes of
    a byte that is not UTF-8 in a file's name or an argument (``surrogateescape``). ASCII text
    costs one check."""
    return not text.isascii() and _SURROGATE.search(text) is not None


@dataclass(frozen=True)
class Capture:
    """One fetch of robots.txt as an archive stores it.

    ``failure`` says why the response gives no answer when it does not: a body whose
    Content-Encoding cannot be decoded, a response without a status line; the access policy
    then treats the fetch as a network error. ``body`` holds at most one byte more than the
    study's readings parse (the size limit, or 512,000 bytes under RFC 9309 and the 2019 draft
    if the limit is smaller); ``body_bytes`` is the whole body's length. A lone surrogate in
    the URL, id, file name, ``truncated`` or ``failure`` (which no encoding writes: what
    ``surrogateescape`` makes of bytes that are not UTF-8) is read as U+FFFD, as fastwarc
    reads such bytes; a header pair holding one is left out, as ``Access`` leaves it.
    """

    robots_url: str
    http_status: Optional[int]
    body: bytes = b""
    headers: Tuple[Tuple[str, str], ...] = ()
    capture_id: str = ""
    warc_file: Optional[str] = None
    fetch_time: Optional[datetime] = None
    body_bytes: Optional[int] = None
    truncated: Optional[str] = None
    failure: Optional[str] = None

    def __post_init__(self) -> None:
        for name in _TEXT_FIELDS:
            value = getattr(self, name)
            if value is not None and holds_surrogate(value):
                object.__setattr__(self, name, _SURROGATE.sub("\ufffd", value))

    def header(self, name: str) -> Optional[str]:
        """The first value of header ``name`` (any case), or None."""
        wanted = name.lower()
        return next((v for k, v in self.headers if k.lower() == wanted), None)


# The rows, as Spark DDL: (name, type) pairs, in the order the tuples below hold them.
VERDICT_FIELDS: Tuple[Tuple[str, str], ...] = (
    ("agent", "string"),
    ("path", "string"),
    ("allowed", "boolean"),
    ("line", "int"),
    ("rule", "string"),
    ("group_agent", "string"),
    ("blocked", "string"),
)
EXTENSION_FIELDS: Tuple[Tuple[str, str], ...] = (
    ("line", "int"),
    ("extension", "string"),
    ("key", "string"),
    ("value", "string"),
    ("group_line", "int"),
    ("error", "string"),
)
_EXTENSION = "struct<" + ",".join(f"{n}:{t}" for n, t in EXTENSION_FIELDS) + ">"
READING_FIELDS: Tuple[Tuple[str, str], ...] = (
    ("variant", "string"),
    ("state", "string"),
    ("reason", "string"),
    ("groups", "int"),
    ("rules", "int"),
    ("ignored_rules", "int"),
    ("diagnostics", "map<string,int>"),
    ("sitemaps", "array<string>"),
    ("content_usage", "array<string>"),
    ("content_signal", "array<string>"),
    ("extensions", f"array<{_EXTENSION}>"),
    ("verdicts", "array<struct<" + ",".join(f"{n}:{t}" for n, t in VERDICT_FIELDS) + ">>"),
)
DISAGREEMENT_FIELDS: Tuple[Tuple[str, str], ...] = (
    ("agent", "string"),
    ("path", "string"),
    ("left", "string"),
    ("right", "string"),
    ("left_allowed", "boolean"),
    ("right_allowed", "boolean"),
    ("reason", "string"),
    ("evidence_line", "int"),
    ("evidence", "string"),
)
CAPTURE_FIELDS: Tuple[Tuple[str, str], ...] = (
    ("capture_id", "string"),
    ("warc_file", "string"),
    ("robots_url", "string"),
    ("host", "string"),
    ("fetch_time", "timestamp"),
    ("http_status", "int"),
    ("failure", "string"),
    ("redirect_location", "string"),
    ("content_type", "string"),
    ("body_bytes", "long"),
    ("truncated", "string"),
)
CHANGE_FIELDS: Tuple[Tuple[str, str], ...] = (
    ("agent", "string"),
    ("left", "string"),
    ("right", "string"),
    ("left_blocked", "string"),
    ("right_blocked", "string"),
    ("path", "string"),
    ("reason", "string"),
    ("evidence_line", "int"),
    ("evidence", "string"),
)


def _array(fields: Sequence[Tuple[str, str]]) -> str:
    return "array<struct<" + ",".join(f"{n}:{t}" for n, t in fields) + ">>"


CAPTURE_ROW: Tuple[Tuple[str, str], ...] = CAPTURE_FIELDS + (
    ("readings", _array(READING_FIELDS)),
    ("disagreements", _array(DISAGREEMENT_FIELDS)),
    ("changes", _array(CHANGE_FIELDS)),
)

# The four output tables, flat: each row a capture's columns and one item of its lists
# (``explode``).
TABLE_ROWS: Dict[str, Tuple[Tuple[str, str], ...]] = {
    "verdicts": CAPTURE_FIELDS + (("variant", "string"), ("state", "string")) + VERDICT_FIELDS,
    "files": CAPTURE_FIELDS + tuple(f for f in READING_FIELDS if f[0] != "verdicts"),
    "disagreements": CAPTURE_FIELDS + DISAGREEMENT_FIELDS,
    "changes": CAPTURE_FIELDS + CHANGE_FIELDS,
}


def can_be_a_host(name: str) -> bool:
    """Whether a file or folder name can be the host it stands for (``warc FOLDER``, a Wayback
    folder's ``HOST/``): printable text — not a control character, nor the lone surrogates
    ``os.listdir`` gives for bytes that are not UTF-8 — without a space, ``#``, ``?`` or ``@``,
    which would end the host or move it in a URL."""
    return name.isprintable() and not _NOT_IN_A_HOST.intersection(name)


# Characters a name may hold that would end or move a URL's host.
_NOT_IN_A_HOST = frozenset(" #?@")


def host_of(url: str) -> Optional[str]:
    """The host of ``url``, lower-cased, or None when it has none."""
    try:
        return urlsplit(url).hostname
    except ValueError:
        return None


# A URL of printable ASCII with a scheme, whose authority holds no bracket and whose host no
# ``%`` (``urlsplit`` keeps the case of what follows one): its host is what
# ``urlsplit(url).hostname`` takes — the text after the last ``@`` of the authority and before
# the first ``:``, lower-cased.
_PRINTABLE = r"^[\x21-\x7e]*$"
_PLAIN_HOST = r"^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#\[\]]*@)?(?P<host>[^/?#:@%\[\]]*)(?:[:][^/?#\[\]]*)?(?:[/?#].*)?$"


def hosts_of(urls: Sequence[str]):
    """``host_of`` of every URL, as a pyarrow string array: taken over the whole column by a
    regular expression (Arrow's C++ kernels) where the URL is printable ASCII with a scheme and
    no bracket in its authority — nearly every capture — and by ``host_of`` for the rest, so
    that a batch makes no Python object per capture."""
    import pyarrow as pa
    import pyarrow.compute as pc

    array = pa.array(urls, type=pa.string())
    found = pc.struct_field(pc.extract_regex(array, _PLAIN_HOST), [0])
    plain = pc.fill_null(pc.and_(pc.match_substring_regex(array, _PRINTABLE),
                                 pc.is_valid(found)), False)
    hosts = pc.if_else(plain, pc.ascii_lower(found), pa.scalar(None, pa.string()))
    # An empty host is none.
    hosts = pc.if_else(pc.equal(hosts, ""), pa.scalar(None, pa.string()), hosts)
    rest = pc.invert(plain)
    if not pc.any(rest).as_py():
        return hosts
    others = [host_of(url) for url in pc.filter(array, rest).to_pylist()]
    return pc.replace_with_mask(hosts, rest, pa.array(others, type=pa.string()))


def redirect_of(capture: Capture) -> Optional[str]:
    """Where the capture redirects to, when it is a redirect a fetcher follows."""
    if capture.http_status is None or not 300 <= capture.http_status < 400:
        return None
    try:
        return redirect_target(capture.http_status, capture.header("Location"), capture.robots_url)
    except ValueError:
        return None


# The largest number the binding takes for a status code, from 0 (an HTTP status code is three
# digits; what the access policy makes of one outside 100–599 is its own to say).
_MAX_STATUS = 65535

# The columns a batch passes through from its captures, as given: the rest of ``CAPTURE_ROW``
# is the binding's (host is Python's ``urlsplit``'s, as ``hosts_of`` reads it).
PASSED = ("capture_id", "warc_file", "robots_url", "fetch_time", "http_status", "failure",
          "body_bytes", "truncated")


class Batch:
    """Captures collected column by column, answered together (``record_batch``)."""

    def __init__(self) -> None:
        self.columns: Dict[str, list] = {name: [] for name in PASSED + ("body", "headers")}

    def __len__(self) -> int:
        return len(self.columns["robots_url"])

    def add(self, capture: Capture) -> None:
        """Adds ``capture``; a body past the size limit is cut when the batch is answered."""
        columns = self.columns
        columns["capture_id"].append(capture.capture_id)
        columns["warc_file"].append(capture.warc_file)
        columns["robots_url"].append(capture.robots_url)
        columns["fetch_time"].append(capture.fetch_time)
        columns["http_status"].append(capture.http_status)
        columns["failure"].append(capture.failure)
        columns["body_bytes"].append(
            capture.body_bytes if capture.body_bytes is not None else len(capture.body))
        columns["truncated"].append(capture.truncated)
        columns["body"].append(capture.body)
        columns["headers"].append(capture.headers)

    def record_batch(self, settings: Settings, schema=None):
        """The captures' rows as a pyarrow ``RecordBatch`` of ``schema`` (default
        ``arrow_schema()``, which is the Arrow form of Spark's ``CAPTURE_ROW``)."""
        import pyarrow as pa

        schema = schema if schema is not None else arrow_schema()
        columns = self.columns
        statuses, failures, kept = _as_read(columns["http_status"], columns["failure"])
        computed = _analyse_captures(
            columns["robots_url"], statuses, columns["body"], columns["headers"], failures,
            settings.agents, settings.paths, settings.variants, settings.size_limit,
        )
        passed = dict(columns, http_status=kept)
        arrays = []
        for field in schema:
            if field.name == "host":
                arrays.append(hosts_of(columns["robots_url"]))
            elif field.name in PASSED:
                arrays.append(pa.array(passed[field.name], type=field.type))
            else:
                arrays.append(_assemble(field.type, field.name, computed))
        return pa.RecordBatch.from_arrays(arrays, schema=schema)


def _as_read(statuses: list, failures: list) -> Tuple[list, list, list]:
    """The statuses and failures of a batch as the access policy reads them (``as_read``), and
    the statuses as the tables keep them: as given, but for a number past their int column's
    range, which is null there (the reason says what it was)."""
    wrong = [i for i, status in enumerate(statuses)
             if status is not None and not 0 <= status <= _MAX_STATUS]
    if not wrong:
        return statuses, failures, statuses
    read, failures, kept = list(statuses), list(failures), list(statuses)
    for i in wrong:
        read[i], failures[i] = as_read(statuses[i], failures[i])
        if not -(2**31) <= statuses[i] < 2**31:
            kept[i] = None
    return read, failures, kept


def parsed_bytes(readings: Sequence[str], size_limit: int) -> int:
    """The most bytes of a 2xx body any of ``readings`` parses under the size limit
    ``size_limit``: the limit, or more where a reading's access policy never parses less (RFC
    9309 and the 2019 draft: 512,000 bytes; docs/access.md). The study keeps one byte more of
    each body, which tells a body past the limit from one that ends there."""
    return _parsed_bytes(list(readings), size_limit)


def access_of(capture: Capture, reading: str, size_limit: int) -> Access:
    """What ``capture`` means under ``reading``: the access policy applied to its status (as
    read: ``as_read``), headers and body, within ``size_limit``."""
    status, failure = as_read(capture.http_status, capture.failure)
    return Access(status, capture.body, reading, headers=capture.headers, failure=failure,
                  size_limit=size_limit)


def rules_of(capture: Capture, access: Access, reading: str, size_limit: int) -> Optional[Robots]:
    """The file ``access`` (``access_of``) obeys, read as its policy read it — the bytes
    ``reading`` parses under ``size_limit`` (``parsed_bytes``), the line the limit cuts
    through left out — for what ``Access`` does not answer (analyses, comparisons); None when
    the status decided."""
    if access.state != "rules":
        return None
    return Robots(capture.body, reading, input_bytes=parsed_bytes([reading], size_limit))


def as_read(status: Optional[int], failure: Optional[str]) -> Tuple[Optional[int], Optional[str]]:
    """A capture's status and failure as the access policy reads them. A failure — a body that
    cannot be decoded, say, whose status came — is a fetch that gave no answer, whatever its
    status: a network error, as the study's batch call reads it. A status code is a number
    from 0 to 65535 (the policy itself says what one outside 100–599 means); a number outside
    that range — a crawl's -1 for "no response", say — is none, so such a capture is read as a
    fetch that got no response, and its failure says why."""
    if failure is not None:
        return None, failure
    if status is None or 0 <= status <= _MAX_STATUS:
        return status, None
    return None, f"status {status} is no HTTP status code"


def _assemble(kind, path: str, computed: dict):
    """The array at ``path`` of the binding's columns (python/src/columns.rs: path → (length,
    buffers)), its children first: list items at ``path[]``, struct fields at ``path.name``."""
    import pyarrow as pa

    length, buffers = computed[path]
    if pa.types.is_dictionary(kind):
        # The indices at ``path``, the distinct strings at ``path#`` (columns.rs).
        dictionary = _assemble(kind.value_type, path + "#", computed)
        indices = [None if b is None else pa.py_buffer(b) for b in buffers]
        return pa.DictionaryArray.from_buffers(kind, length, indices, dictionary)
    if pa.types.is_map(kind):
        entries = pa.struct([kind.key_field, kind.item_field])
        children = [_assemble(entries, path + "[]", computed)]
    elif pa.types.is_list(kind):
        children = [_assemble(kind.value_type, path + "[]", computed)]
    elif pa.types.is_struct(kind):
        children = [_assemble(kind.field(i).type, f"{path}.{kind.field(i).name}", computed)
                    for i in range(kind.num_fields)]
    else:
        children = None
    buffers = [None if b is None else pa.py_buffer(b) for b in buffers]
    return pa.Array.from_buffers(kind, length, buffers, children=children)


def arrow_type(ddl: str):
    """The Arrow type Spark gives a column of the DDL type ``ddl`` (string, int, long,
    boolean, timestamp — in UTC, microseconds — and array, struct and map of those)."""
    import pyarrow as pa

    ddl = ddl.strip()
    simple = {"string": pa.string(), "int": pa.int32(), "long": pa.int64(),
              "boolean": pa.bool_(), "timestamp": pa.timestamp("us", tz="UTC")}
    if ddl in simple:
        return simple[ddl]
    outer, _, inner = ddl.partition("<")
    parts = _split_top(inner[:-1])
    if outer == "array":
        return pa.list_(arrow_type(inner[:-1]))
    if outer == "map":
        return pa.map_(arrow_type(parts[0]), arrow_type(parts[1]))
    if outer == "struct":
        fields = [part.split(":", 1) for part in parts]
        return pa.struct([pa.field(name, arrow_type(kind)) for name, kind in fields])
    raise ValueError(f"no Arrow type for the DDL type {ddl!r}")


def _split_top(text: str) -> List[str]:
    """``text`` split at the commas outside angle brackets."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        depth += {"<": 1, ">": -1}.get(char, 0)
        if char == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    return parts + [text[start:]]


# The lists with a row per agent (and reading, or pair of readings): their strings come from
# the binding as dictionary arrays, each distinct string once per batch (python/src/columns.rs,
# ``Dictionary``). A rule's text is repeated for every agent and reading it decides for, an
# evidence line for every agent and pair; as strings, a batch of a few hostile captures (a
# 500 KB rule line, 60 agents) passed the 2 GiB an Arrow string array holds. Parquet stores
# them as the strings they are.
DICTIONARY_LISTS = ("verdicts", "disagreements", "changes")


def arrow_schema(fields: Sequence[Tuple[str, str]] = CAPTURE_ROW):
    """``fields`` (by default ``CAPTURE_ROW``) as a pyarrow schema, the strings of the items
    of ``DICTIONARY_LISTS`` dictionary-encoded."""
    import pyarrow as pa

    return pa.schema([pa.field(name, _dictionaries(name, arrow_type(kind)))
                      for name, kind in fields])


def _dictionaries(name: str, kind):
    """``kind``, the type of a field ``name``, with the string fields of the structs of the
    lists named in ``DICTIONARY_LISTS`` (at any depth) dictionary-encoded."""
    import pyarrow as pa

    if pa.types.is_list(kind) and pa.types.is_struct(kind.value_type):
        item = kind.value_type
        fields = [item.field(i) for i in range(item.num_fields)]
        if name in DICTIONARY_LISTS:
            fields = [field.with_type(pa.dictionary(pa.int32(), pa.string())) if pa.types.is_string(field.type) else field
                      for field in fields]
        fields = [field.with_type(_dictionaries(field.name, field.type)) for field in fields]
        return pa.list_(pa.struct(fields))
    return kind


@functools.lru_cache(maxsize=None)
def table_schema(table: str):
    """The Arrow schema of ``explode``'s batches of ``table`` (one of ``TABLE_ROWS``): its
    fields, with the strings a row repeats from the row it belongs to dictionary-encoded — the
    capture's, and on a verdict its reading's name and state — and the item's own strings
    where the capture row's list holds them so (``DICTIONARY_LISTS``). Parquet stores them as the
    strings they are (``parts.write``). Made once per table: from the DDL it costs ~1 ms for
    the four, which every batch would pay again."""
    import pyarrow as pa

    schema = arrow_schema(TABLE_ROWS[table])
    reading = ["variant", "state"] if table == "verdicts" else []
    # The items' own strings, as the capture row's lists hold them (``DICTIONARY_LISTS``).
    items = {"verdicts": VERDICT_FIELDS, "disagreements": DISAGREEMENT_FIELDS,
             "changes": CHANGE_FIELDS}.get(table, ())
    for name in field_names(CAPTURE_FIELDS) + reading + field_names(items):
        at = schema.get_field_index(name)
        if pa.types.is_string(schema.field(at).type):
            schema = schema.set(at, pa.field(name, pa.dictionary(pa.int32(), pa.string())))
    return schema


def _repeater(column):
    """A function from row numbers of ``column`` to its values there. A string column's
    values come as a dictionary array: its indices are taken and its strings kept once, where
    a string array's take would copy each string to every row that repeats it — a capture's
    URL, record id and WARC file name to each of its hundreds of verdicts, a reading's name to
    each of its own (and Parquet's writer would hash each copy again)."""
    import pyarrow as pa

    if not pa.types.is_string(column.type):
        return column.take
    encoded = column.dictionary_encode()
    return lambda rows: pa.DictionaryArray.from_arrays(encoded.indices.take(rows),
                                                       encoded.dictionary)


def explode(record) -> Dict[str, object]:
    """The four output tables (``TABLE_ROWS``) of a record batch of ``CAPTURE_ROW``, as
    pyarrow record batches of ``table_schema``: each list's items with their capture's columns
    repeated, in order (pyarrow's C++ kernels: no Python object per row)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    head = [_repeater(record.column(name)) for name in field_names(CAPTURE_FIELDS)]

    def items(lists):
        """The struct items of a list array as {field: array}, and the row each comes from."""
        struct = lists.flatten()
        names = [struct.type.field(i).name for i in range(struct.type.num_fields)]
        return dict(zip(names, struct.flatten())), pc.list_parent_indices(lists)

    def batch(name, captures, columns):
        arrays = [repeat(captures) for repeat in head] + columns
        return pa.RecordBatch.from_arrays(arrays, schema=table_schema(name))

    readings, reading_capture = items(record.column("readings"))
    verdicts, verdict_reading = items(readings["verdicts"])
    disagreements, disagreement_capture = items(record.column("disagreements"))
    changes, change_capture = items(record.column("changes"))
    return {
        "verdicts": batch(
            "verdicts", reading_capture.take(verdict_reading),
            [_repeater(readings[n])(verdict_reading) for n in ("variant", "state")]
            + [verdicts[n] for n in field_names(VERDICT_FIELDS)]),
        "files": batch("files", reading_capture,
                       [readings[n] for n in field_names(READING_FIELDS) if n != "verdicts"]),
        "disagreements": batch("disagreements", disagreement_capture,
                               [disagreements[n] for n in field_names(DISAGREEMENT_FIELDS)]),
        "changes": batch("changes", change_capture,
                         [changes[n] for n in field_names(CHANGE_FIELDS)]),
    }


def analyse(capture: Capture, settings: Settings) -> tuple:
    """The capture's row (``CAPTURE_ROW``) as nested tuples: what it is, each reading and its
    verdicts, every pair of readings that disagrees on a query and every pair whose
    ``blocked`` differs, with the reason (a batch of one: ``Batch``)."""
    batch = Batch()
    batch.add(capture)
    record = batch.record_batch(settings)
    row = record.to_pylist()[0]
    return tuple(_tuples(row[field.name], field.type) for field in record.schema)


def _tuples(value, kind):
    """A value of ``to_pylist`` of Arrow type ``kind`` with structs as tuples (in field
    order) and maps as dicts."""
    import pyarrow as pa

    if value is None:
        return None
    if pa.types.is_map(kind):
        return dict(value)
    if pa.types.is_list(kind):
        return [_tuples(item, kind.value_type) for item in value]
    if pa.types.is_struct(kind):
        return tuple(_tuples(value[kind.field(i).name], kind.field(i).type)
                     for i in range(kind.num_fields))
    return value


def field_names(fields: Sequence[Tuple[str, str]]) -> List[str]:
    """The names of ``fields``."""
    return [name for name, _ in fields]
