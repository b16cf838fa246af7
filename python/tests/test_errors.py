"""Bad input never crashes the interpreter: each is a Python exception with a clear message."""

import pytest

import robotspec

ROBOTS = robotspec.Robots(b"User-agent: *\nDisallow: /x\n")


@pytest.mark.parametrize("call, error, message", [
    (lambda: robotspec.Robots(None), TypeError, "body must be bytes, bytearray, memoryview or str, not NoneType"),
    (lambda: robotspec.Robots(42), TypeError, "not int"),
    (lambda: robotspec.Robots(b"", 7), TypeError, ""),
    (lambda: robotspec.Robots(b"", "rfc9310"), ValueError, "unknown variant `rfc9310` (expected one of: convention-1994, draft-1996, rep-draft-2019, rfc9309, google)"),
    (lambda: robotspec.Robots(b"", "rfc9309+agent-matching=fuzzy"), ValueError, "`fuzzy` is not a value of `agent-matching` (expected one of:"),
    (lambda: robotspec.Robots(b"", "rfc9309+"), ValueError, "is not a setting"),
    (lambda: robotspec.Robots(b"", mode="picky"), ValueError, "unknown mode `picky` (expected lenient or strict)"),
    (lambda: robotspec.Robots(b"", groups=-1), ValueError, "limit `groups` must be between 0 and"),
    (lambda: robotspec.Robots(b"", groups=2**70), ValueError, "limit `groups` must be between 0 and"),
    (lambda: robotspec.Robots(b"", groups="10"), TypeError, "limit `groups` must be an int, not str"),
    (lambda: robotspec.Access(-1, b""), ValueError, "status must be between 0 and 65535, not -1"),
    (lambda: robotspec.Access(70000, b""), ValueError, "status must be between 0 and 65535, not 70000"),
    (lambda: robotspec.Access("200", b""), TypeError, "status must be an int, not str"),
    (lambda: robotspec.Access(200, b"", size_limit=-5), ValueError, "size_limit must be between 0 and"),
    (lambda: robotspec.Access(200, b"", size_limit=1.5), TypeError, "size_limit must be an int, not float"),
    (lambda: robotspec.redirect_target(-301, "/x", "http://a.test/robots.txt"), ValueError,
     "status must be between 0 and 65535, not -301"),
    (lambda: robotspec.robots_txt_url(None), TypeError, "url must be str, not NoneType"),
    (lambda: robotspec.robots_txt_url("http://a\ud800.test/"), ValueError,
     "url is not valid Unicode text"),
    (lambda: robotspec.Robots(b"", rules=3), TypeError, "unexpected keyword argument `rules` (the limits are: input_bytes,"),
    (lambda: ROBOTS.is_allowed(None, "/"), TypeError, "agent must be str, not NoneType"),
    (lambda: ROBOTS.is_allowed(b"bot", "/"), TypeError, "agent must be str, not bytes"),
    (lambda: ROBOTS.is_allowed("bot", None), TypeError, "url must be str, not NoneType"),
    (lambda: ROBOTS.is_allowed("", "/"), ValueError, 'the agent names no crawler: ""'),
    (lambda: ROBOTS.is_allowed(" , ", "/"), ValueError, "the agent names no crawler"),
    (lambda: ROBOTS.check("a\tb", "/"), ValueError, "the agent holds a control character (U+0009 at byte 1)"),
    (lambda: ROBOTS.check("bot\ud800", "/"), ValueError, "agent is not valid Unicode text: 'utf-8' codec can't encode character '\\ud800'"),
    (lambda: ROBOTS.explain("bot", "/\udfff"), ValueError, "url is not valid Unicode text"),
    (lambda: ROBOTS.is_allowed_many("bot", "/x"), TypeError, "urls must be an iterable of str, not a single str"),
    (lambda: ROBOTS.is_allowed_many("bot", None), TypeError, "urls must be an iterable of str, not NoneType"),
    (lambda: ROBOTS.check_many("bot", ["/", 7]), TypeError, "urls[1] must be str, not int"),
    (lambda: ROBOTS.is_allowed_many("bot", ["/", "/\ud800"]), ValueError, "urls[1] is not valid Unicode text"),
    (lambda: ROBOTS.usage("", "/"), ValueError, "the agent names no crawler"),
    (lambda: ROBOTS.crawl_delay(3), TypeError, "agent must be str, not int"),
    (lambda: robotspec.parse(b"", mode="Strict!"), ValueError, "unknown mode"),
    (lambda: robotspec.diff(b"", "bot", "/", []), ValueError, "profiles names no reading"),
    (lambda: robotspec.diff(b"", "bot", "/", ["google", "nope"]), ValueError, "unknown variant `nope`"),
    (lambda: robotspec.diff(b"", "bot", "/", 5), TypeError, "profiles must be an iterable of str, not int"),
])
def test_bad_input_is_an_exception(call, error, message):
    with pytest.raises(error) as raised:
        call()
    assert message in str(raised.value)


def test_a_lone_surrogate_is_the_cause():
    with pytest.raises(ValueError) as raised:
        ROBOTS.is_allowed("bot", "/\ud800")
    assert isinstance(raised.value.__cause__, UnicodeEncodeError)


def test_a_str_body_with_lone_surrogates_is_read_as_the_bytes_python_passes_through():
    robots = robotspec.Robots("User-agent: *\nDisallow: /\ud800\n")
    assert robots.check("a", "/%ED%A0%80").rule == "Disallow: /\ufffd\ufffd\ufffd"


def test_huge_input_is_cut_by_the_input_limit():
    body = b"User-agent: *\n" + b"\n" * (8 << 20) + b"Disallow: /late\n"
    assert not robotspec.Robots(body).is_allowed("a", "/late")
    cut = robotspec.Robots(body, input_bytes=1 << 20)
    assert cut.is_allowed("a", "/late")
    assert [d.code for d in cut.diagnostics] == ["limit-exceeded"]
    with pytest.raises(robotspec.StrictError, match="input longer than 1048576 bytes"):
        robotspec.parse(body, mode="strict", input_bytes=1 << 20)


def test_a_huge_line_and_many_groups_stay_within_the_limits():
    robots = robotspec.Robots(b"User-agent: *\nDisallow: /" + b"a" * (4 << 20) + b"\n",
                              "rfc9309", pattern_bytes=1000)
    assert robots.is_allowed("x", "/aaa")
    names = [f"bot-{a}{b}{c}" for a in "abcdefghijklmnopqrst" for b in "abcdefghij" for c in
             "abcdefghijklmnopqrstuvwxyz"]
    many = "".join(f"User-agent: {name}\nDisallow: /\n" for name in names)
    assert robotspec.Robots(many, groups=10).is_allowed(names[15], "/")
    assert not robotspec.Robots(many).is_allowed(names[15], "/")
