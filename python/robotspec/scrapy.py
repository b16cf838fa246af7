"""A drop-in robots.txt parser for Scrapy, with Google's exact reading (or any variant).

Switch a project to it in ``settings.py``::

    ROBOTSTXT_OBEY = True
    ROBOTSTXT_PARSER = "robotspec.scrapy.RobotParser"
    ROBOTSPEC_VARIANT = "google"  # optional: any of robotspec.VARIANTS

It implements Scrapy's ``scrapy.robotstxt.RobotParser`` interface (``from_crawler``,
``allowed``, ``crawl_delay``). Unlike Scrapy's default parser it reads the body as bytes —
a file that is not UTF-8 is read as the variant reads it, not dropped whole — and it matches
agents as the variant says (a product token compared whole, not a substring): the User-Agent
header Scrapy passes (``ROBOTSTXT_USER_AGENT`` or the request's) is read for its product token,
``Scrapy/2.13 (+https://scrapy.org)`` giving ``Scrapy``. A URL is asked about as Scrapy
requests it: percent-encoded first, as every ``Request`` URL is (``w3lib.url.safe_url_string``,
which Scrapy applies), so ``/wiki/Käyttäjä:`` meets a rule written ``/wiki/K%C3%A4ytt%C3%A4j%C3%A4:``.

It never raises on what a site serves: a body it cannot read, an agent that names no crawler
or a URL that is not text are logged and answered as Scrapy's own parsers answer garbage —
allowed — or, for an agent, with the ``*`` groups. A ``ROBOTSPEC_VARIANT`` that names no
variant raises ``ValueError`` when the crawler starts (Scrapy builds a parser up front).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Optional, Union

from scrapy.robotstxt import RobotParser as _ScrapyRobotParser
from w3lib.url import safe_url_string

from . import DEFAULT_VARIANT, AgentError, Robots

if TYPE_CHECKING:
    from scrapy import Spider
    from scrapy.crawler import Crawler

logger = logging.getLogger(__name__)

#: The agent asked about when the one Scrapy passes names no crawler: no group names it, so
#: the ``*`` groups apply.
ANY_AGENT = "*"


def _text(value: Union[str, bytes]) -> str:
    """A URL or User-Agent as Scrapy passes it (str or bytes) as text."""
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else value


def _request_url(url: Union[str, bytes]) -> str:
    """``url`` as Scrapy requests it: percent-encoded as ``scrapy.Request`` encodes every URL
    (``safe_url_string``: UTF-8, then percent-encoding of what a URL may not hold; escapes
    already there are kept). A URL ``safe_url_string`` cannot read is asked about as given."""
    text = _text(url)
    try:
        return safe_url_string(text)
    except ValueError:
        return text


class RobotParser(_ScrapyRobotParser):
    """Scrapy's robots.txt parser interface, answered by robotspec.

    >>> parser = RobotParser(b"User-agent: Scrapy\\nDisallow: /private\\n", None)
    >>> parser.allowed("https://example.com/private/a", b"Scrapy/2.13 (+https://scrapy.org)")
    False
    >>> parser.allowed("https://example.com/public", "Scrapy/2.13 (+https://scrapy.org)")
    True
    >>> RobotParser("User-agent: *\\nDisallow: /wiki/K%C3%A4ytt%C3%A4j%C3%A4:\\n".encode(), None
    ...             ).allowed("https://example.com/wiki/Käyttäjä:", "Scrapy")
    False
    """

    def __init__(self, robotstxt_body: bytes, spider: Optional[Spider],
                 profile: Optional[str] = None, *, variant: Optional[str] = None):
        """``profile``: the reading (a variant or a composed reading; None: ``google``).
        ``variant=``, its name before 0.2, still works and warns (``robotspec.Robots``)."""
        self.spider = spider
        self._refused_agents = set()  # warned about once each
        # The reading, read once by the binding, which warns about `variant=` and refuses both.
        profile = Robots(b"", profile, variant=variant).profile
        try:
            self.robots = Robots(robotstxt_body, profile)
        except TypeError:
            logger.warning("robots.txt body of type %s read as an empty file",
                           type(robotstxt_body).__name__, extra={"spider": spider})
            self.robots = Robots(b"", profile)

    @classmethod
    def from_crawler(cls, crawler: Crawler, robotstxt_body: bytes) -> RobotParser:
        """The parser for ``robotstxt_body``, reading the variant from the ``ROBOTSPEC_VARIANT``
        setting (default ``google``)."""
        spider = crawler.spider if crawler else None
        profile = crawler.settings.get("ROBOTSPEC_VARIANT", DEFAULT_VARIANT) if crawler \
            else DEFAULT_VARIANT
        return cls(robotstxt_body, spider, profile)

    def allowed(self, url: Union[str, bytes], user_agent: Union[str, bytes]) -> bool:
        """May ``user_agent`` fetch ``url``?"""
        try:
            return self._ask(self.robots.is_allowed, user_agent, _request_url(url))
        except ValueError as error:
            logger.warning("robots.txt cannot be asked about %r (%s): allowed", url, error,
                           extra={"spider": self.spider})
            return True

    def crawl_delay(self, user_agent: Union[str, bytes]) -> Optional[float]:
        """The Crawl-delay of the groups that apply to ``user_agent``, in seconds, or None."""
        return self._ask(self.robots.crawl_delay, user_agent)

    def _ask(self, question, user_agent, *args):
        """``question(agent, *args)`` for the crawler ``user_agent`` names, or for the ``*``
        groups when it names none."""
        try:
            return question(_text(user_agent), *args)
        except AgentError as error:
            if user_agent not in self._refused_agents:
                self._refused_agents.add(user_agent)
                logger.warning("User-Agent %r (%s): the `*` groups apply", user_agent, error,
                               extra={"spider": self.spider})
            return question(ANY_AGENT, *args)
