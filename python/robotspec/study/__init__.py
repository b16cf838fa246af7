"""Corpus studies of robots.txt on Spark (docs/study.md).

``python -m robotspec.study --warc PATH… --out DIR`` reads robots.txt captures out of WARC
files (as Common Crawl stores them) and writes, as Parquet, every variant's verdict for every
agent and path (``verdicts``), every variant's reading of every file in figures (``files``) and
every disagreement between two variants with its reason (``disagreements``) and every pair of
variants whose ``blocked`` differs (``changes``);
``python -m robotspec.study blocking`` turns them into the study of how much of each site
robots.txt blocks for AI crawlers: a table and a plot. From Python, ``from_warcs`` and
``analyse`` (a DataFrame of captures) write the same tables and give them as Spark DataFrames, and
``blocking.study`` the aggregates.

Needs PySpark (with Java), fastwarc, pyarrow, pandas and matplotlib besides robotspec itself.
"""

from .capture import DEFAULT_AGENTS, DEFAULT_PATHS, DEFAULT_SIZE_LIMIT, Capture, Settings
from .job import Tables, analyse, from_warcs, session

__all__ = [
    "DEFAULT_AGENTS",
    "DEFAULT_PATHS",
    "DEFAULT_SIZE_LIMIT",
    "Capture",
    "Settings",
    "Tables",
    "analyse",
    "from_warcs",
    "session",
]
