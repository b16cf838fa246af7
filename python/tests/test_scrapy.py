"""robotspec.scrapy.RobotParser: the interface Scrapy calls, and a real crawl through it against
a loopback HTTP server."""

import json
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

scrapy = pytest.importorskip("scrapy")
from scrapy.robotstxt import RobotParser as ScrapyRobotParser  # noqa: E402
from scrapy.utils.test import get_crawler  # noqa: E402

from robotspec.scrapy import RobotParser  # noqa: E402

UA = "Mozilla/5.0 (compatible; robotspec-test/1.0; +http://example.com/bot)"

# Google reads the longest match; the 1996 draft the first match and `*` as a literal.
ROBOTS_TXT = b"""User-agent: *
Disallow: /

User-agent: robotspec-test
Allow: /page/
Disallow: /page/secret.html
Disallow: /*.pdf$
Crawl-delay: 0.25
"""

PAGES = {
    "/robots.txt": ("text/plain", ROBOTS_TXT),
    "/page/index.html": ("text/html", b'<a href="/page/a.html">a</a> <a href="/page/secret.html">'
                         b's</a> <a href="/page/doc.pdf">d</a> <a href="/other/x.html">x</a>'),
    "/page/a.html": ("text/html", b"<p>a</p>"),
    "/page/secret.html": ("text/html", b"<p>secret</p>"),
    "/page/doc.pdf": ("application/pdf", b"%PDF-1.4"),
    "/other/x.html": ("text/html", b"<p>x</p>"),
}

SPIDER = """
import json, sys
import scrapy
from scrapy.crawler import CrawlerProcess

port, variant, out = sys.argv[1:]

class Site(scrapy.Spider):
    name = "site"
    start_urls = [f"http://127.0.0.1:{port}/page/index.html"]

    def parse(self, response):
        if isinstance(response, scrapy.http.TextResponse):
            yield from response.follow_all(css="a", callback=self.parse)

process = CrawlerProcess(settings={
    "ROBOTSTXT_OBEY": True,
    "ROBOTSTXT_PARSER": "robotspec.scrapy.RobotParser",
    "ROBOTSPEC_VARIANT": variant,
    "USER_AGENT": %r,
    "TELNETCONSOLE_ENABLED": False,
    "LOG_LEVEL": "INFO",
    "CLOSESPIDER_TIMEOUT": 60,
    "DOWNLOAD_TIMEOUT": 10,
    "RETRY_ENABLED": False,
})
crawler = process.create_crawler(Site)
process.crawl(crawler)
process.start()
with open(out, "w") as f:
    json.dump(crawler.stats.get_stats(), f, default=str)
""" % UA


class Site(BaseHTTPRequestHandler):
    """Serves PAGES and records every path requested, with its User-Agent."""

    requests = []

    def do_GET(self):
        Site.requests.append((self.path, self.headers.get("User-Agent")))
        kind, body = PAGES.get(self.path, ("text/plain", None))
        self.send_response(200 if body is not None else 404)
        self.send_header("Content-Type", kind)
        self.end_headers()
        self.wfile.write(body or b"not found")

    def log_message(self, *args):
        pass


@pytest.fixture()
def site():
    Site.requests = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), Site)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


def crawl(port, variant, tmp_path):
    """Runs the spider in its own process (a Twisted reactor runs once per process): the paths
    the server was asked for, and Scrapy's stats."""
    script, stats = tmp_path / "spider.py", tmp_path / "stats.json"
    script.write_text(SPIDER)
    done = subprocess.run([sys.executable, script, str(port), variant, stats],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return {path for path, _ in Site.requests}, json.loads(stats.read_text())


def test_a_spider_obeys_robots_txt_through_robotspec(site, tmp_path):
    fetched, stats = crawl(site, "google", tmp_path)
    assert fetched == {"/robots.txt", "/page/index.html", "/page/a.html", "/other/x.html"}
    assert stats["robotstxt/forbidden"] == 2
    assert all(agent == UA for _, agent in Site.requests)


def test_the_variant_comes_from_the_setting(site, tmp_path):
    fetched, stats = crawl(site, "draft-1996", tmp_path)
    assert {"/page/secret.html", "/page/doc.pdf"} <= fetched
    assert "robotstxt/forbidden" not in stats


def parser(body, **settings):
    return RobotParser.from_crawler(get_crawler(settings_dict=settings), body)


def test_it_implements_scrapys_interface():
    assert issubclass(RobotParser, ScrapyRobotParser)
    rp = parser(ROBOTS_TXT)
    assert rp.robots.profile == "google"
    assert not rp.allowed("http://x.com/page/secret.html", UA.encode())
    assert rp.allowed(b"http://x.com/page/a.html", UA)
    assert not rp.allowed("http://x.com/page/a.html", "OtherBot/1.0")
    assert rp.crawl_delay(UA) == 0.25
    assert rp.crawl_delay("OtherBot") is None
    assert parser(ROBOTS_TXT, ROBOTSPEC_VARIANT="draft-1996").allowed(
        "http://x.com/page/secret.html", UA)


@pytest.mark.parametrize("body", [
    b"", b"\xff\xfe\x00g\x00a\x00r\x00b\x00a\x00g\x00e", b"<html><body>Not found</body></html>",
    bytes(range(256)) * 4, b"<?xml version='1.0'?><robots><disallow path='/'/></robots>", None, 12,
])
def test_garbage_bodies_never_raise_and_allow(body):
    rp = parser(body)
    assert rp.allowed("http://x.com/anything", UA)


def test_an_agent_that_names_no_crawler_gets_the_star_groups(caplog):
    rp = parser(b"User-agent: *\nDisallow: /private\n")
    assert not rp.allowed("http://x.com/private", "")
    assert not rp.allowed("http://x.com/private/b", "")
    assert len([r for r in caplog.records if "the `*` groups apply" in r.message]) == 1
    assert not rp.allowed("http://x.com/private", b"bad\tagent")
    assert rp.allowed("http://x.com/public", "\ud800")
    assert rp.allowed("http://x.com/\ud800", UA)


def test_a_bad_variant_setting_fails_when_the_crawler_starts():
    with pytest.raises(ValueError, match="unknown variant `googel`"):
        parser(b"", ROBOTSPEC_VARIANT="googel")


def test_the_reading_is_named_profile_and_variant_still_works():
    assert RobotParser(ROBOTS_TXT, None, "draft-1996").robots.profile == "draft-1996"
    assert RobotParser(ROBOTS_TXT, None, profile="rfc9309").robots.profile == "rfc9309"
    with pytest.warns(DeprecationWarning, match="`variant=` is deprecated: use `profile=`"):
        assert RobotParser(ROBOTS_TXT, None, variant="rfc9309").robots.profile == "rfc9309"
    with pytest.raises(TypeError, match="not both"):
        RobotParser(ROBOTS_TXT, None, profile="rfc9309", variant="rfc9309")
