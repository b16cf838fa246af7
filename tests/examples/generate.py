#!/usr/bin/env python3
"""Generate worked.jsonl, scope.jsonl and bodies/ from the worked examples E1-E29 of
docs/spec/VARIANTS.md section 6 (the project's variant specification digest).

Self-contained: every body and every table cell is transcribed below, cells verbatim as
printed in the doc, so that the mapping from the doc to the vectors can be reviewed here.
Run from anywhere: `python3 tests/examples/generate.py`; it rewrites the files next to it.
See README.md in this folder for the conventions and every interpretation.
"""
import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
V = ["convention-1994", "draft-1996", "rep-draft-2019", "google"]
DOC_COL = {"convention-1994": "1994", "draft-1996": "1996", "rep-draft-2019": "2019", "google": "google"}

# --------------------------------------------------------------------------- bodies
# Exactly as printed in section 6 (blank lines already restored there), "\n" line ends,
# final newline. E17's "(group n)" placeholders are replaced by concrete rules.
BODY = {
    "E01": """# robots.txt pour http://www.exemple.com/
User-agent: *
Disallow: /monespace/carte/ # ceci est un espace virtuel infini
Disallow: /tmp/ # ceci va bientôt disparaître
Disallow: /foo.html
""",
    "E02": """# robots.txt pour http://www.exemple.com/
User-agent: *
Disallow: /monespace/carte/ # ceci est un espace virtuel infini

# cyberexploreur sait où aller
User-agent: cyberexploreur
Disallow:
""",
    "E03": """# foutez le camp!
User-agent: *
Disallow: /
""",
    "E04": """# cyberexploreur est bienvenu!
User-agent: cyberexploreur
Disallow:

# les autres peuvent aller voir ailleurs!
User-agent: *
Disallow: /
""",
    "E05": """# cyberexploreur n'est pas bienvenu!
User-agent: cyberexploreur
Disallow: /
""",
    "E06a": """User-agent: *
Disallow: /paul/affaires/
""",
    "E06b": """User-agent: *
Disallow: /paul/paul.html
Disallow: /paul/pierre.html
Disallow: /paul/jacques.html
""",
    "E08": """User-agent: webcrawler
User-agent: infoseek
Allow: /tmp/ok.html
Disallow: /tmp
Disallow: /user/foo
""",
    "E10": """User-Agent : foobot
Disallow : /example/page.html
Disallow : /example/disallowed.gif

User-Agent : barbot
User-Agent : bazbot
Allow : /example/page.html
Disallow : /example/disallowed.gif

User-Agent: quxbot
""",
    "E11": """User-Agent : foobot
Allow : /example/page/
Disallow : /example/page/disallowed.gif
""",
    "E14": """# This robots.txt file controls crawling of URLs under https://example.com.
# All crawlers are disallowed to crawl files in the "includes" directory, such
# as .css, .js, but Google needs them for rendering, so Googlebot is allowed
# to crawl them.
User-agent: *
Disallow: /includes/

User-agent: Googlebot
Allow: /includes/

Sitemap: https://example.com/sitemap.xml
""",
    "E15": """user-agent: otherbot
disallow: /kale

sitemap: https://example.com/sitemap.xml
sitemap: https://cdn.example.org/other-sitemap.xml
sitemap: https://ja.example.org/テスト-サイトマップ.xml
""",
    "E16": """user-agent: a
disallow: /c

user-agent: b
disallow: /d

user-agent: e
user-agent: f
disallow: /g

user-agent: h
""",
    "E17": """user-agent: googlebot-news
disallow: /group1

user-agent: *
disallow: /group2

user-agent: googlebot
disallow: /group3
""",
    "E18": """user-agent: googlebot-news
disallow: /fish

user-agent: *
disallow: /carrots

user-agent: googlebot-news
disallow: /shrimp
""",
    "E19": """user-agent: a
sitemap: https://example.com/sitemap.xml

user-agent: b
disallow: /
""",
    "E23a": "User-agent: googlebot/1.2\nDisallow: /\n",
    "E23b": "User-agent: googlebot*\nDisallow: /\n",
    "E23c": "User-agent: GoogleBot\nDisallow: /\n",
    "E24": """User-agent: foo

Disallow: /private
""",
    "E25": """User-agent: h

User-agent: *
Disallow: /
""",
    "E26": """Disallow: /a
User-agent: *
Disallow: /b
""",
    "E27": """User-agent: *
Disallow: /
Allow: /p
""",
    "E28": """User-agent: *
Disallow:
""",
    # note the trailing space after "Disallow:" in the webcrawler/excite record, as printed
    "E29": """# /robots.txt for http://www.fict.org/
# comments to webmaster@fict.org

User-agent: unhipbot
Disallow: /

User-agent: webcrawler
User-agent: excite
Disallow: 

User-agent: *
Disallow: /org/plans.html
Allow: /org/
Allow: /serv
Allow: /~mak
Disallow: /
""",
}

SITEMAPS = {
    "E14": ["https://example.com/sitemap.xml"],
    "E15": [
        "https://example.com/sitemap.xml",
        "https://cdn.example.org/other-sitemap.xml",
        "https://ja.example.org/テスト-サイトマップ.xml",
    ],
    # not in E19's table: reported by google because every sitemap line is (A48)
    "E19": ["https://example.com/sitemap.xml"],
}

OUT = []


def letter(cell):
    """Leading verdict of a cell as printed: A/D, Y/N, yes/no."""
    c = cell.replace("**", "").strip()
    m = re.match(r"(A|D|Y|N|yes|no|Yes|No)\b", c)
    if not m:
        raise ValueError("unreadable cell %r" % cell)
    return {"yes": "Y", "Yes": "Y", "no": "N", "No": "N"}.get(m.group(1), m.group(1))


def cell_notes(cells):
    """Verbatim text of every cell that carries more than a bare letter."""
    parts = []
    for v in V:
        c = cells[v].strip()
        if c not in ("A", "D", "Y", "N", "yes", "no", "Yes", "No"):
            parts.append("%s: %s" % (DOC_COL[v], c))
    return ("doc cells — " + "; ".join(parts)) if parts else ""


def emit(ex, row, body, agent, target, cells, note="", match_table=False, override=None, extra=None,
         rfc9309_as="google"):
    """cells: variant -> cell text as printed. match_table: Y/N cells of a pattern table,
    recorded as a Disallow rule (Y -> D, N -> A). override: variant -> (value, why).
    rfc9309_as: the column whose answer RFC 9309 shares on this row (the doc has no rfc9309
    column): google's (same grouping, agent tokens, precedence) except where the row is about
    percent-encoding, where RFC 9309 §2.2.2 normalises as the 2019 draft does (A20); and
    /robots.txt is always allowed (§2.5)."""
    expected = {}
    printed = {}
    for v in V:
        l = letter(cells[v])
        printed[v] = l
        if match_table:
            l = {"Y": "D", "N": "A"}[l]
        elif l in ("Y", "N"):
            # only E29's "1996 source" columns: Yes = the robot may access the URL
            l = {"Y": "A", "N": "D"}[l]
        expected[v] = l
    notes = [n for n in [note, cell_notes(cells)] if n]
    for v, (val, why) in (override or {}).items():
        if expected[v] != val:
            notes.append("%s recorded as %s although the doc's cell reads %s: %s" % (v, val, printed[v], why))
        else:
            notes.append("%s: %s" % (v, why))
        expected[v] = val
    expected["rfc9309"] = "A" if target == "/robots.txt" else expected[rfc9309_as]
    o = {"example": ex, "row": row, "robots_txt": body, "agent": agent, "target": target,
         "expected": expected}
    if extra:
        o.update(extra)
    o["note"] = " | ".join(notes)
    OUT.append(o)


def all4(x):
    return {v: x for v in V}


def cols(a, b, c, d):
    return dict(zip(V, [a, b, c, d]))


LIB_ROBOTS_TXT = ("Google's open-source library has no /robots.txt special case "
                  "(docs/spec/GOOGLE-BEHAVIOUR.md; CTC stress 327748#0.5 expects /robots.txt disallowed); "
                  "the documented reading A30 would give A")

# --------------------------------------------------------------------------- E1
b = BODY["E01"]
n1 = "inline comments and the whitespace before them are stripped: the first pattern is exactly /monespace/carte/"
for t, c in [("/monespace/carte/paris.html", "D"), ("/tmp/", "D"), ("/tmp", "A"), ("/foo.html", "D"),
             ("/foo.html?x=1", "D"), ("/foo.htm", "A"), ("/index.html", "A")]:
    emit("E1", "any " + t, b, "anybot", t, all4(c), n1)

# --------------------------------------------------------------------------- E2
b = BODY["E02"]
emit("E2", "cyberexploreur /monespace/carte/x", b, "cyberexploreur", "/monespace/carte/x",
     cols("A", "A (A1)", "A (A1; literal prefix reading: D)", "A"),
     "the named record has only an empty Disallow (A1: never matches)")
emit("E2", "CyberExploreur /monespace/carte/x", b, "CyberExploreur", "/monespace/carte/x", all4("A"),
     "robot name matched case-insensitively")
emit("E2", "otherbot /monespace/carte/x", b, "otherbot", "/monespace/carte/x", all4("D"))
emit("E2", "otherbot /index.html", b, "otherbot", "/index.html", all4("A"))

# --------------------------------------------------------------------------- E3
b = BODY["E03"]
for t in ["/", "/anything"]:
    emit("E3", "any / , /anything", b, "anybot", t, all4("D"))
emit("E3", "any /robots.txt", b, "anybot", "/robots.txt",
     cols("A (A30)", "A (A30)", "A (implicit)", "A (A30)"),
     override={"google": ("D", LIB_ROBOTS_TXT)})

# --------------------------------------------------------------------------- E4
b = BODY["E04"]
emit("E4", "cyberexploreur /x", b, "cyberexploreur", "/x", cols("A", "A", "A (A1)", "A"))
emit("E4", "otherbot /x", b, "otherbot", "/x", all4("D"))

# --------------------------------------------------------------------------- E5
b = BODY["E05"]
emit("E5", "cyberexploreur /x", b, "cyberexploreur", "/x", all4("D"))
emit("E5", "otherbot /x", b, "otherbot", "/x", all4("A"))

# --------------------------------------------------------------------------- E6
n6 = "file %s of E6; no crawler named in the doc: anybot; one column 'all four variants'"
emit("E6", "a /paul/affaires/contrat.html", BODY["E06a"], "anybot", "/paul/affaires/contrat.html", all4("D"), n6 % "a")
emit("E6", "a /paul/index.html", BODY["E06a"], "anybot", "/paul/index.html", all4("A"), n6 % "a")
emit("E6", "b /paul/pierre.html", BODY["E06b"], "anybot", "/paul/pierre.html", all4("D"), n6 % "b")
for t in ["/paul/", "/paul/index.html"]:
    emit("E6", "b /paul/ , /paul/index.html", BODY["E06b"], "anybot", t, all4("A"), n6 % "b")

# --------------------------------------------------------------------------- E7
for rule, t, c in [("Disallow: /aide", "/aide.html", "D"), ("Disallow: /aide", "/aide/index.html", "D"),
                   ("Disallow: /aide/", "/aide/index.html", "D"), ("Disallow: /aide/", "/aide.html", "A"),
                   ("Disallow: /aide/", "/aide", "A")]:
    emit("E7", "%s %s" % (rule, t), "User-agent: *\n%s\n" % rule, "anybot", t, all4(c),
         "rule table evaluated inside a single 'User-agent: *' group")

# --------------------------------------------------------------------------- E8
b = BODY["E08"]
emit("E8", "webcrawler /tmp/ok.html", b, "webcrawler", "/tmp/ok.html",
     cols("**D** (Allow ignored — the §4.1 backwards-compat case)", "A (first match)", "A (12 > 4)", "A"))
emit("E8", "infoseek /tmp/other.html", b, "infoseek", "/tmp/other.html", all4("D"))
emit("E8", "infoseek /tmpfile", b, "infoseek", "/tmpfile", all4("D"), "prefix match")
emit("E8", "WebCrawler /user/foo.html", b, "WebCrawler", "/user/foo.html", all4("D"),
     "robot name matched case-insensitively")
emit("E8", "webcrawler /user/bar", b, "webcrawler", "/user/bar", all4("A"))
emit("E8", "excite /tmp", b, "excite", "/tmp", all4("A"), "no record for excite and no * record")

# --------------------------------------------------------------------------- E9
N9 = ("'does the record path match' table, recorded as 'Disallow: <record path>' (Y -> D, N -> A); "
      "1996 column = the source's own yes/no")
FN1 = ("Google's open-source matcher (footnote 1: URL not normalised, only pattern hex upper-cased) "
       "answers N; the documented answer (A20) is Y")
# (#, record path, URL path, 1996 (source), 1994, 2019, google (A20))
E9 = [
    (1, "/tmp", "/tmp", "yes", "Y", "Y", "Y"),
    (2, "/tmp", "/tmp.html", "yes", "Y", "Y", "Y"),
    (3, "/tmp", "/tmp/a.html", "yes", "Y", "Y", "Y"),
    (4, "/tmp/", "/tmp", "no", "N", "N", "N"),
    (5, "/tmp/", "/tmp/", "yes", "Y", "Y", "Y"),
    (6, "/tmp/", "/tmp/a.html", "yes", "Y", "Y", "Y"),
    (7, "/a%3cd.html", "/a%3cd.html", "yes", "Y", "Y", "Y ¹"),
    (8, "/a%3Cd.html", "/a%3cd.html", "yes", "N", "Y (hex case, A19)", "Y ¹"),
    (9, "/a%3cd.html", "/a%3Cd.html", "yes", "N", "Y", "Y"),
    (10, "/a%3cd.html", "/a%3cd.html", "yes", "Y", "Y", "Y ¹"),
    (11, "/a%2fb.html", "/a%2fb.html", "yes", "Y", "Y", "Y ¹"),
    (12, "/a%2fb.html", "/a%2Fb.html", "yes", "N", "Y", "Y"),
    (13, "/a%2fb.html", "/a/b.html", "**no** (%2F is never decoded)", "N", "N", "N"),
    (14, "/%7ejoe/index.html", "/~joe/index.html", "yes", "N", "Y (`~` unreserved)", "Y ¹"),
    (15, "/~joe/index.html", "/%7Ejoe/index.html", "yes", "N", "Y", "Y ¹"),
]
for num, rp, up, c96, c94, c19, cg in E9:
    cells = {"convention-1994": c94, "draft-1996": c96, "rep-draft-2019": c19, "google": cg}
    note = N9 + ("; row 10 duplicates row 7 (A40)" if num == 10 else "")
    ov = {"google": ("A", FN1)} if "¹" in cg else None
    emit("E9", "#%d %s vs %s" % (num, rp, up), "User-agent: *\nDisallow: %s\n" % rp, "anybot", up,
         cells, note, match_table=True, override=ov, rfc9309_as="rep-draft-2019")

# --------------------------------------------------------------------------- E10
b = BODY["E10"]
n10 = "spaces before the colons: accepted in 1994/1996 through A15 leniency; 'EOF' in S19 is not a line"
for ag, t, c in [
    ("foobot", "/example/page.html", all4("D")),
    ("foobot", "/example/disallowed.gif", all4("D")),
    ("foobot", "/example/other.html", all4("A")),
    ("barbot", "/example/page.html", all4("A")),
    ("bazbot", "/example/disallowed.gif", all4("D")),
    ("quxbot", "/example/disallowed.gif", cols("A (A12)", "A (A12)", "A (empty last group)", "A")),
    ("otherbot", "/example/disallowed.gif", all4("A")),
]:
    emit("E10", "%s %s" % (ag, t), b, ag, t, c, n10)

# --------------------------------------------------------------------------- E11
b = BODY["E11"]
emit("E11", "foobot /example/page/disallowed.gif", b, "foobot", "/example/page/disallowed.gif",
     cols("D", "**A** (first match is the Allow)", "D (28 > 14 octets)", "D"),
     "1994 ignores the Allow line")
emit("E11", "foobot /example/page/disallow.gif", b, "foobot", "/example/page/disallow.gif", all4("A"),
     "URI as printed in S19, a typo (A39): only the Allow matches")
emit("E11", "foobot /example/page/", b, "foobot", "/example/page/", all4("A"))
emit("E11", "foobot /example/elsewhere", b, "foobot", "/example/elsewhere", all4("A"))

# --------------------------------------------------------------------------- E12
N12 = "'does the rule path match' table, recorded as 'Disallow: <rule path>' (Y -> D, N -> A)"
FN2 = ("Google's open-source matcher (footnote 2) answers N (nothing decoded, the caller must "
       "percent-encode the URL); documented answer Y")
E12 = [
    ("a", "/foo/bar?baz=quz", "/foo/bar?baz=quz", "Y", "Y (A21)", "Y", "Y", None),
    ("b", "/foo/bar?baz=http://foo.bar", "/foo/bar?baz=http%3A%2F%2Ffoo.bar", "N",
     "N (`%3A`→`:` but `%2F` stays)", "Y per table (A19: N with the recommended default)", "as 2019 (A20) ²",
     {"rep-draft-2019": ("A", "the cell's recommended default (A19 normalisation keeps %3A/%2F encoded) is N; "
                               "S19's table says Y, reproduced by the flag encode_reserved_in_query"),
      "google": ("A", "the cell says 'as 2019 (A20)'; Google's open-source matcher (footnote 2) answers N; "
                      "the documented reading follows 2019 (N by default, Y per S19's table)")}),
    ("c", "/foo/bar/ツ", "/foo/bar/%E3%83%84", "N", "Y (decoded octets equal)", "Y", "Y (documented)", None),
    ("c'", "/foo/bar/%E3%83%84", "/foo/bar/ツ", "N", "Y", "Y (URI non-ASCII MUST be encoded)",
     "Y (documented) ²", {"google": ("A", FN2)}),
    ("d", "/foo/bar/%E3%83%84", "/foo/bar/%E3%83%84", "Y", "Y", "Y", "Y", None),
    ("e", "/foo/bar/%62%61%7A", "/foo/bar/baz", "N", "Y", "Y", "Y (A20) ²", {"google": ("A", FN2)}),
    ("e'", "/foo/bar/baz", "/foo/bar/%62%61%7A", "N", "Y", "Y", "Y (A20) ²", {"google": ("A", FN2)}),
]
for rid, rp, t, c94, c96, c19, cg, ov in E12:
    cells = cols(c94, c96, c19, cg)
    if cg.startswith("as 2019"):
        cells = dict(cells, google="Y (as 2019)")  # placeholder letter; overridden below
    note = N12
    if rid == "c":
        note += "; the rule holds raw UTF-8 E3 83 84 (ツ)"
    if rid == "c'":
        note += "; the target holds raw UTF-8 E3 83 84 (ツ)"
    emit("E12", "%s %s vs %s" % (rid, rp, t), "User-agent: *\nDisallow: %s\n" % rp, "anybot", t,
         cells, note, match_table=True, override=ov, rfc9309_as="rep-draft-2019")
    if cg.startswith("as 2019"):
        OUT[-1]["note"] = OUT[-1]["note"].replace("google: Y (as 2019)", "google: as 2019 (A20) ²")

# --------------------------------------------------------------------------- E13
N13 = "'does the pattern match' table, recorded as a Disallow rule (Y -> D, N -> A)"
FN3 = ("Google's open-source matcher (footnote 3) matches only if the caller passes the URL with "
       "*/$ encoded as %2A/%24; with the raw target given here it answers N; documented answer Y (A29)")
E13 = [
    ("allow: /this/path/exactly$", ["/this/path/exactly"], ("N", "N", "Y", "Y")),
    ("allow: /this/path/exactly$", ["/this/path/exactly/more", "/this/path/exactly?x"], ("N", "N", "N", "N")),
    ("allow: /this/*/exactly", ["/this/a/exactly"], ("N", "N", "Y", "Y")),
    ("allow: /this/*/exactly", ["/this/a/b/exactly", "/this//exactly"], ("N", "N", "Y", "Y")),
    ("allow: /this/*/exactly", ["/this/exactly"], ("N", "N", "N", "N")),
    ("allow: / # comment in line", ["/anything"], ("Y", "Y", "Y", "Y")),
    ("/path/file-with-a-%2A.html", ["/path/file-with-a-*.html"], ("N", "Y (`%2A` decoded)", "Y (A29)", "Y (A29) ³")),
    ("/path/foo-%24", ["/path/foo-$"], ("N", "Y", "Y", "Y ³")),
]
for rule, targets, c in E13:
    if rule.startswith("allow: "):
        pat = rule[len("allow: "):]
        note = N13 + "; printed as '%s', recorded as 'Disallow: %s' (1994 has no Allow: the doc reads these rows as 'would this pattern match')" % (rule, pat)
    else:
        pat = rule
        note = N13 + "; printed without a key, recorded as 'Disallow: %s'" % pat
    if "#" in pat:
        note += "; the pattern is '/' (comment stripped)"
    ov = {"google": ("A", FN3)} if "³" in c[3] else None
    for t in targets:
        emit("E13", "%s %s" % (rule, " , ".join(targets)), "User-agent: *\nDisallow: %s\n" % pat, "anybot", t,
             cols(*c), note, match_table=True, override=ov, rfc9309_as="rep-draft-2019")

# --------------------------------------------------------------------------- E14
b = BODY["E14"]
sm = {"sitemaps": SITEMAPS["E14"]}
n14 = "sitemaps = what google reports (table: 1994/1996 '—', 2019 'optional')"
emit("E14", "googlebot /includes/site.js", b, "googlebot", "/includes/site.js",
     cols("A (A12; alt D: the record has no Disallow)", "A", "A", "A"), n14, extra=sm)
emit("E14", "otherbot /includes/site.js", b, "otherbot", "/includes/site.js", all4("D"), n14, extra=sm)
emit("E14", "googlebot /index.html", b, "googlebot", "/index.html", all4("A"), n14, extra=sm)

# --------------------------------------------------------------------------- E15
b = BODY["E15"]
sm = {"sitemaps": SITEMAPS["E15"]}
n15 = ("sitemaps = the three values google reports verbatim (case-sensitive, not URL-encoded, other hosts OK); "
       "1994/1996: unknown fields, ignored; 2019: optional")
for t in ["/kale", "/kale/leaf.html", "/kaleidoscope"]:
    emit("E15", "otherbot /kale, /kale/leaf.html, /kaleidoscope", b, "otherbot", t, all4("D"),
         n15 + ("; prefix match" if t == "/kaleidoscope" else ""), extra=sm)
for t in ["/Kale", "/salad"]:
    emit("E15", "otherbot /Kale, /salad", b, "otherbot", t, all4("A"), n15, extra=sm)
emit("E15", "googlebot /kale", b, "googlebot", "/kale", all4("A"), n15, extra=sm)

# --------------------------------------------------------------------------- E16
b = BODY["E16"]
n16 = "four groups: a; b; e+f; h (rule-less, at EOF)"
for ag, t, c in [("a", "/c", "D"), ("a", "/d", "A"), ("b", "/d", "D"), ("e", "/g", "D"), ("f", "/g", "D"),
                 ("f", "/c", "A")]:
    emit("E16", "%s %s" % (ag, t), b, ag, t, all4(c), n16)
for t in ["/c", "/g"]:
    emit("E16", "h /c, /g", b, "h", t, all4("A"),
         n16 + "; doc: A (1994/1996 via A12; with no `*` record the result is A either way)")
emit("E16", "z /c", b, "z", "/c", all4("A"), n16)

# --------------------------------------------------------------------------- E17
b = BODY["E17"]
N17 = ("selection table: '(group n)' replaced by 'disallow: /groupN', so the group used is the one "
       "whose /groupN is disallowed; expected group %s")
for label, token, groups, extra_note in [
    ("Googlebot News", "googlebot-news", ("1", "1", "1", "1"), "SG: most specific group"),
    ("Googlebot (web)", "googlebot",
     ("3 (exact, A6) [`name_in_value` option: 1 — first record whose value contains \"googlebot\"; `value_in_name`: 3]",
      "3 (draft 1, exact) [ext Dec substring+first: 1]", "3", "3"), ""),
    ("Googlebot Storebot", "Storebot-Google", ("2", "2", "2", "2"), "SG: no specific Storebot-Google group"),
    ("Googlebot News, crawling images", "googlebot-news", ("1", "1", "1", "1"),
     "SG: it doesn't crawl for Google Images, so only group 1"),
    ("Otherbot (web)", "otherbot", ("2", "2", "2", "2"), "doc token 'e.g. otherbot'; SG: other Google crawlers follow group 2"),
    ("Otherbot (news)", "newsbot", ("2", "2", "2", "2"),
     "doc token: 'a news crawler not identifying as googlebot-news' — 'newsbot' chosen here; "
     "SG: a related crawler's entry applies only on a specific match"),
]:
    gcells = dict(zip(V, groups))
    chosen = {v: re.match(r"\d", gcells[v]).group(0) for v in V}
    parts = []
    for v in V:
        if gcells[v] != chosen[v]:
            parts.append("%s: %s" % (DOC_COL[v], gcells[v]))
    gnote = "doc cells — " + "; ".join(parts) if parts else ""
    assert len(set(chosen.values())) == 1
    g = chosen["convention-1994"]
    for k in ["1", "2", "3"]:
        t = "/group" + k
        exp = {v: ("D" if chosen[v] == k else "A") for v in V}
        exp["rfc9309"] = exp["google"]  # group selection: RFC 9309 and Google's library agree
        note = " | ".join(x for x in [N17 % g, extra_note, gnote] if x)
        OUT.append({"example": "E17", "row": "%s (%s)" % (label, token), "robots_txt": b, "agent": token,
                    "target": t, "expected": exp, "note": note})

# --------------------------------------------------------------------------- E18
b = BODY["E18"]
n18 = "Google's internal view: googlebot-news -> /fish + /shrimp; * -> /carrots (not merged with it)"
emit("E18", "googlebot-news /fish", b, "googlebot-news", "/fish", all4("D"), n18)
emit("E18", "googlebot-news /shrimp", b, "googlebot-news", "/shrimp",
     cols("A (A5 first record) [merge option: D]", "A ([ext] first record) [merge: D]", "D", "D"), n18)
emit("E18", "googlebot-news /carrots", b, "googlebot-news", "/carrots", all4("A"), n18)
emit("E18", "otherbot /carrots", b, "otherbot", "/carrots", all4("D"), n18)
emit("E18", "otherbot /fish", b, "otherbot", "/fish", all4("A"), n18)

# --------------------------------------------------------------------------- E19
b = BODY["E19"]
sm = {"sitemaps": SITEMAPS["E19"]}
n19 = ("Google reads it as user-agent: a / user-agent: b / disallow: /; sitemaps not in the doc's table, "
       "added because google reports every sitemap line wherever it is (A48)")
emit("E19", "a /x", b, "a", "/x",
     cols("**A** (blank line ends record `a`, which has no Disallow; A12)", "**A**", "D", "D"), n19, extra=sm)
emit("E19", "b /x", b, "b", "/x", all4("D"), n19, extra=sm)

# --------------------------------------------------------------------------- E20
N20 = ("path-matching table, recorded as 'Disallow: <pattern>' (Y -> D, N -> A); "
       "94/96 = 1994 and 1996-draft (no wildcards), 19/G = rep-draft-2019 and google")
E20 = [
    ("/", ["/", "/any/thing"], "Y", "Y", "matches the root and every lower-level URL"),
    ("/*", ["/", "/fish"], "N", "Y", "equivalent to `/`; trailing wildcard ignored"),
    ("/$", ["/"], "N", "Y", "matches only the root"),
    ("/$", ["/fish"], "N", "N", "lower-level URLs may be crawled"),
    ("/fish", ["/fish", "/fish.html", "/fish/salmon.html", "/fishheads", "/fishheads/yummy.html",
               "/fish.php?id=anything"], "Y", "Y", "any path starting with `/fish`; case-sensitive"),
    ("/fish", ["/Fish.asp", "/catfish", "/?id=fish", "/desert/fish"], "N", "N", ""),
    ("/fish*", ["/fish", "/fish.html", "/fish/salmon.html", "/fishheads", "/fishheads/yummy.html",
                "/fish.php?id=anything"], "**N**", "Y", "equivalent to `/fish`"),
    ("/fish*", ["/Fish.asp", "/catfish", "/?id=fish", "/desert/fish"], "N", "N", ""),
    ("/fish/", ["/fish/", "/fish/?id=anything", "/fish/salmon.htm"], "Y", "Y", "anything in the `/fish/` folder"),
    ("/fish/", ["/fish", "/fish.html", "/animals/fish/", "/Fish/Salmon.asp"], "N", "N", ""),
    ("/*.php", ["/index.php", "/filename.php", "/folder/filename.php", "/folder/filename.php?parameters",
                "/folder/any.php.file.html", "/filename.php/"], "N", "Y", "any path containing `.php`"),
    ("/*.php", ["/", "/windows.PHP"], "N", "N", "`/` even if it maps to /index.php"),
    ("/*.php$", ["/filename.php", "/folder/filename.php"], "N", "Y", "any path ending in `.php`"),
    ("/*.php$", ["/filename.php?parameters", "/filename.php/", "/filename.php5", "/windows.PHP"], "N", "N",
     "query counts as part of the path"),
    ("/fish*.php", ["/fish.php", "/fishheads/catfish.php?parameters"], "N", "Y", "`/fish` then `.php`, in that order"),
    ("/fish*.php", ["/Fish.PHP"], "N", "N", ""),
]
for pat, targets, c9496, c19g, sg in E20:
    for t in targets:
        note = N20 + ("; SG: " + sg if sg else "")
        if c9496.startswith("**"):
            note += "; 94/96 printed in bold: `*` is literal there"
        emit("E20", "%s %s" % (pat, ", ".join(targets)), "User-agent: *\nDisallow: %s\n" % pat, "anybot", t,
             cols(c9496, c9496, c19g, c19g), note, match_table=True)

# --------------------------------------------------------------------------- E21
N21 = ("precedence table: rules inside 'User-agent: *' in the printed order; target = the URL's path "
       "(URL %s)")
E21 = [
    (1, "https://example.com/page", "/page", ["allow: /p", "disallow: /"], ("D", "A", "A", "A"),
     "`allow: /p` is more specific"),
    (2, "https://example.com/folder/page", "/folder/page", ["allow: /folder", "disallow: /folder"],
     ("D", "A", "A", "A"), "conflict → least restrictive"),
    (3, "https://example.com/page.htm", "/page.htm", ["allow: /page", "disallow: /*.htm"],
     ("A ⁴", "A", "**D**", "**D**"), "`disallow: /*.htm` is longer (matches more URL characters)"),
    (4, "https://example.com/page.php5", "/page.php5", ["allow: /page", "disallow: /*.ph"],
     ("A ⁴", "A", "A (5 = 5, A25)", "A"), "conflict → least restrictive"),
    (5, "https://example.com/", "/", ["allow: /$", "disallow: /"], ("D", "D ⁵", "A", "A"),
     "`allow: /$` is more specific"),
    (6, "https://example.com/page.htm", "/page.htm", ["allow: /$", "disallow: /"], ("D", "D", "D", "D"),
     "the allow only covers the root"),
]
FN4 = "footnote 4: 1994 ignores the Allow and reads /*.htm, /*.ph literally -> no Disallow matches"
FN5 = "footnote 5: 1996 reads /$ literally -> the Allow does not match; disallow: / does"
for num, url, t, rules, c, sg in E21:
    note = N21 % url + "; SG: " + sg
    if "⁴" in c[0]:
        note += "; " + FN4
    if "⁵" in c[1]:
        note += "; " + FN5
    if num == 4:
        note += "; specificity is the pattern length (/page and /*.ph both 5 octets), not the matched span (A24)"
    emit("E21", "#%d %s %s" % (num, url, " · ".join(rules)), "User-agent: *\n" + "\n".join(rules) + "\n",
         "anybot", t, cols(*c), note)

# --------------------------------------------------------------------------- E23
for key, ag, c in [
    ("E23a", "googlebot", ("D (version ignored)", "D (A6)", "A (no exact match, strict; A9)", "D (≡ googlebot)")),
    ("E23b", "googlebot", ("A (exact) [`name_in_value` option: D]", "A [ext Dec substring: D]", "A", "D (≡ googlebot)")),
    ("E23c", "googlebot", ("D", "D", "D", "D")),
]:
    b = BODY[key]
    emit("E23", "%s %s /x" % (b.split("\n")[0], ag), b, ag, "/x", cols(*c),
         "user-agent value carrying extra text (derived from SG)")

# --------------------------------------------------------------------------- E24
b = BODY["E24"]
emit("E24", "foo /private/x", b, "foo", "/private/x",
     cols("A (record `foo` has no Disallow; orphan Disallow ignored)", "A", "D", "D"),
     "blank line inside a group (derived)")

# --------------------------------------------------------------------------- E25
b = BODY["E25"]
emit("E25", "h /x", b, "h", "/x", cols("A (A12; alt D)", "A (A12; alt D)",
                                       "**D** (`h` and `*` are one group)", "**D**"),
     "rule-less user-agent line followed by * (derived)")
emit("E25", "otherbot /x", b, "otherbot", "/x", all4("D"))

# --------------------------------------------------------------------------- E26
b = BODY["E26"]
emit("E26", "any /a", b, "anybot", "/a", all4("A"), "orphan rule before the first user-agent line is ignored (A11)")
emit("E26", "any /b", b, "anybot", "/b", all4("D"))

# --------------------------------------------------------------------------- E27
b = BODY["E27"]
emit("E27", "/page", b, "anybot", "/page", cols("D", "**D** (first match is the Disallow)", "A", "A"),
     "E21 row 1 with the lines swapped: order matters only for 1996; no crawler named: anybot")

# --------------------------------------------------------------------------- E28
b = BODY["E28"]
emit("E28", "/x", b, "anybot", "/x",
     cols("A (explicit)", "A (A1)", "A (A1; the literal prefix rule would say D)", "A (rule ignored)"),
     "no crawler named: anybot")

# --------------------------------------------------------------------------- E29
b = BODY["E29"]
N29 = ("Dec 1996 example; target = the URL's path (URL http://www.fict.org%s); 1996-draft = the "
       "'1996 source' column")
# URL path, unhipbot (1996 source), webcrawler & excite (1996 source), other (1996 source),
# other: 1994, other: 2019, other: google
E29 = [
    ("/", "No", "Yes", "No", "D", "D", "D"),
    ("/index.html", "No", "Yes", "No", "D", "D", "D"),
    ("/robots.txt", "Yes", "Yes", "Yes", "A (A30)", "A (implicit)", "A (A30; open-source matcher: D)"),
    ("/server.html", "No", "Yes", "Yes", "D", "A", "A"),
    ("/services/fast.html", "No", "Yes", "Yes", "D", "A", "A"),
    ("/services/slow.html", "No", "Yes", "Yes", "D", "A", "A"),
    ("/orgo.gif", "No", "Yes", "No", "D", "D", "D"),
    ("/org/about.html", "No", "Yes", "Yes", "D", "A", "A"),
    ("/org/plans.html", "No", "Yes", "No", "D", "D", "D"),
    ("/%7Ejim/jim.html", "No", "Yes", "No", "D", "D", "D"),
    ("/%7Emak/mak.html", "No", "Yes", "Yes", "D", "A", "A (A20; open-source matcher: D)"),
]
YN = {"Yes": "A", "No": "D"}
for path, unhip, webex, other96, o94, o19, og in E29:
    base = N29 % path
    # unhipbot: "D everywhere except /robots.txt" (sentence after the table)
    if path == "/robots.txt":
        emit("E29", "unhipbot %s" % path, b, "unhipbot", path,
             cols("A", "Yes", "A", "A"),
             base + "; table gives only the 1996 column for unhipbot; the sentence after it: "
                    "'unhipbot: D everywhere except /robots.txt'; 1994/2019/google cells taken from the "
                    "'other' columns' reasons (A30, implicit)",
             override={"google": ("D", LIB_ROBOTS_TXT + " (unhipbot's record is Disallow: /)")})
    else:
        assert unhip == "No"
        emit("E29", "unhipbot %s" % path, b, "unhipbot", path, all4("D"),
             base + "; unhipbot column (1996 source: No) applies to all variants: "
                    "'unhipbot: D everywhere except /robots.txt'")
    assert webex == "Yes"
    for ag in ["webcrawler", "excite"]:
        emit("E29", "%s %s" % (ag, path), b, ag, path, all4("A"),
             base + "; 'webcrawler/excite: A everywhere in all variants (empty Disallow, A1)'")
    ov = None
    if "open-source matcher: D" in og:
        why = LIB_ROBOTS_TXT if path == "/robots.txt" else (
            "the open-source matcher does not decode the URL, so /%7Emak never matches Allow: /~mak "
            "(A20 documented reading: A)")
        ov = {"google": ("D", why)}
    emit("E29", "other %s" % path, b, "otherbot", path,
         {"convention-1994": o94, "draft-1996": other96, "rep-draft-2019": o19, "google": og},
         base + "; 'other' = otherbot", override=ov,
         rfc9309_as="rep-draft-2019" if "%" in path else "google")

# --------------------------------------------------------------------------- E22 scope
SCOPE = []


def scope(robots, page, applies, note):
    SCOPE.append({"robots_url": robots, "page_url": page, "applies": applies, "note": note})


n22 = "E22 (google's scope table; A47: same scope function recommended for all variants)"
r = "https://example.com/robots.txt"
g = "general case: all files in all subdirectories of the same host, protocol and port"
for p in ["https://example.com/", "https://example.com/folder/file"]:
    scope(r, p, True, n22 + "; " + g)
for p in ["https://other.example.com/", "http://example.com/", "https://example.com:8181/"]:
    scope(r, p, False, n22 + "; " + g)
r = "https://www.example.com/robots.txt"
g = "a subdomain's file is valid only for that subdomain"
scope(r, "https://www.example.com/", True, n22 + "; " + g)
for p in ["https://example.com/", "https://shop.www.example.com/", "https://www.shop.example.com/"]:
    scope(r, p, False, n22 + "; " + g)
r = "https://example.com/folder/robots.txt"
g = ("not a valid robots.txt file; subdirectories are not checked. The doc lists no URLs for this row: "
     "these two are derived (a robots.txt below the root applies to nothing)")
scope(r, "https://example.com/folder/file", False, n22 + "; " + g)
scope(r, "https://example.com/", False, n22 + "; " + g)
r = "https://www.exämple.com/robots.txt"
g = "IDNs are equivalent to their punycode (RFC 3492)"
scope(r, "https://www.exämple.com/", True, n22 + "; " + g)
scope(r, "https://www.xn--exmple-cua.com/", True,
      n22 + "; " + g + "; the doc prints https://xn--exmple-cua.com/ (sic); per A41 the punycode of "
      "www.exämple.com is www.xn--exmple-cua.com, used here")
scope(r, "https://www.example.com/", False, n22 + "; " + g)
scope(r, "https://xn--exmple-cua.com/", False,
      n22 + "; derived from A41: the URL the doc prints as valid (sic) is another host (no www.), so by the "
      "subdomain rule the file does not apply")
r = "ftp://example.com/robots.txt"
scope(r, "ftp://example.com/", True, n22)
scope(r, "https://example.com/", False, n22)
r = "https://212.96.82.21/robots.txt"
g = "IP host applies to that IP used as host name only"
scope(r, "https://212.96.82.21/", True, n22 + "; " + g)
scope(r, "https://example.com/", False, n22 + "; " + g + " (even if example.com is hosted on 212.96.82.21)")
r = "https://example.com:443/robots.txt"
g = "standard ports (80 HTTP, 443 HTTPS, 21 FTP) are equivalent to no port"
for p in ["https://example.com:443/", "https://example.com/"]:
    scope(r, p, True, n22 + "; " + g)
scope(r, "https://example.com:444/", False, n22 + "; " + g)
r = "https://example.com:8181/robots.txt"
g = "non-standard port: that port only"
scope(r, "https://example.com:8181/", True, n22 + "; " + g)
scope(r, "https://example.com/", False, n22 + "; " + g)


# --------------------------------------------------------------------------- write
def write_jsonl(name, rows):
    with open(os.path.join(HERE, name), "w", encoding="utf-8", newline="\n") as f:
        for o in rows:
            f.write(json.dumps(o, ensure_ascii=False) + "\n")


write_jsonl("worked.jsonl", OUT)
write_jsonl("scope.jsonl", SCOPE)
os.makedirs(os.path.join(HERE, "bodies"), exist_ok=True)
for key, body in BODY.items():
    with open(os.path.join(HERE, "bodies", key + ".txt"), "wb") as f:
        f.write(body.encode("utf-8"))

# self-checks: every emitted body is one of the bodies above or a one-rule/two-rule table body
bodies = set(BODY.values())
for o in OUT:
    assert o["robots_txt"].endswith("\n") and "\r" not in o["robots_txt"]
    assert o["robots_txt"] in bodies or o["robots_txt"].startswith("User-agent: *\n"), o
    assert set(o["expected"]) == set(V) | {"rfc9309"} and all(x in "AD" for x in o["expected"].values()), o
print("worked.jsonl: %d objects, scope.jsonl: %d, bodies: %d" % (len(OUT), len(SCOPE), len(BODY)))
