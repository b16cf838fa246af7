"""The lines the study writes on standard error, each ``robotspec.study: …``: what it refused,
skipped or could not read.

A message may hold a file name, and a name whose bytes are not UTF-8 reaches Python as lone
surrogates, which a strict stream refuses to write: so the message is written with such
characters as escapes (``b\\udcff.example``), whatever the stream's error handler.
"""

from __future__ import annotations

import sys


def notice(message: str) -> None:
    """Writes ``robotspec.study: MESSAGE`` on standard error."""
    shown = message.encode("utf-8", "backslashreplace").decode("utf-8")
    print(f"robotspec.study: {shown}", file=sys.stderr)
