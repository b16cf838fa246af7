//! Hostile robots.txt inputs: the one set every test and benchmark takes them from.
//!
//! * [`inputs`]: pathological bytes and sizes (`tests/robustness.rs` runs each through every
//!   variant, both modes, the tree, JSON and queries).
//! * [`case`]: files with queries whose verdicts are known, at a chosen scale, shared by
//!   `tests/hostile.rs` (which asserts the verdicts) and `benches/hostile.rs` (which times them
//!   and measures peak memory, at scale 1 and 2). Each case says what grows with the scale.
#![allow(dead_code)]

use robotspec::Variant;

/// One query against one generated file.
pub(crate) struct Query {
    /// The agent token.
    pub agent: String,
    /// A path or full URL.
    pub url: String,
    /// The expected verdict.
    pub allowed: bool,
}

/// A generated hostile file and queries whose verdicts are known.
pub(crate) struct Case {
    /// What grows with the scale.
    pub grows: &'static str,
    /// The variant to read the file with.
    pub variant: Variant,
    /// The robots.txt bytes.
    pub robots: Vec<u8>,
    /// Queries; the first is the costly one the benchmark times.
    pub queries: Vec<Query>,
}

/// The names of every case, in report order.
pub(crate) const NAMES: [&str; 9] = [
    "1000-stars-20k-url",
    "100k-rules-one-group",
    "50k-groups",
    "5mb-file",
    "2mb-line",
    "2mb-line-rfc9309",
    "10k-dollar-star-runs",
    "10k-wildcard-rules",
    "1mb-url",
];

/// `i` written with the letters `a`–`z` (bijective base 26: a, …, z, aa, ab, …).
pub(crate) fn letters(mut i: usize) -> String {
    let mut out = Vec::new();
    loop {
        out.push(b'a' + (i % 26) as u8);
        if i < 26 {
            break;
        }
        i = i / 26 - 1;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

fn query(agent: &str, url: String, allowed: bool) -> Query {
    Query {
        agent: agent.to_owned(),
        url,
        allowed,
    }
}

/// The case `name` at `scale` (1 = the size named, 2 = twice it); `None` for an unknown name.
pub(crate) fn case(name: &str, scale: usize) -> Option<Case> {
    let google = Variant::Google;
    let case = match name {
        // One rule with 1,000 `*` (each followed by a literal, so they cannot merge) that never
        // matches the URL: every star stays alive over the whole target.
        "1000-stars-20k-url" => {
            let mut robots = b"User-agent: *\nDisallow: /".to_vec();
            robots.extend(b"*a".repeat(999));
            robots.extend(b"*b\n");
            let miss = format!("/{}", "a".repeat(20_000 * scale));
            let hit = format!("/{}b", "a".repeat(20_000 * scale));
            Case {
                grows: "URL length (20k bytes)",
                variant: google,
                robots,
                queries: vec![query("bot", miss, true), query("bot", hit, false)],
            }
        }
        "100k-rules-one-group" => {
            let n = 100_000 * scale;
            let mut robots = b"User-agent: *\n".to_vec();
            for i in 0..n {
                robots.extend(format!("Disallow: /dir{i}/page\n").bytes());
            }
            let last = n - 1;
            Case {
                grows: "rules (100k)",
                variant: google,
                robots,
                queries: vec![
                    query(
                        "bot",
                        format!("https://example.com/dir{last}/page.html"),
                        false,
                    ),
                    query("bot", "/dir/page".to_owned(), true),
                    query("bot", "/dir7/page".to_owned(), false),
                ],
            }
        }
        // Agent tokens are letters only (Google reads `bot12` as `bot`).
        "50k-groups" => {
            let n = 50_000 * scale;
            let mut robots = Vec::new();
            for i in 0..n {
                let agent = letters(i);
                robots
                    .extend(format!("User-agent: bot{agent}\nDisallow: /private{i}/\n\n").bytes());
            }
            let last = n - 1;
            let last_agent = format!("bot{}", letters(last));
            Case {
                grows: "groups (50k)",
                variant: google,
                robots,
                queries: vec![
                    query(&last_agent, format!("/private{last}/x"), false),
                    query("bota", format!("/private{last}/x"), true),
                    query("otherbot", "/private0/x".to_owned(), true),
                ],
            }
        }
        // Real-looking groups, 5 MB of them: all `*` groups, so they merge into one rule set.
        "5mb-file" => {
            let unit = b"User-agent: *\nDisallow: /a/b/c\nAllow: /a/*.html$\n# comment\n\n";
            let robots: Vec<u8> = unit
                .iter()
                .copied()
                .cycle()
                .take((5 << 20) * scale)
                .collect();
            Case {
                grows: "file size (5 MB)",
                variant: google,
                robots,
                queries: vec![
                    query("bot", "/a/b/c/d/e/f/g/h.htm".to_owned(), false),
                    query("bot", "/a/b/c/x.html".to_owned(), true),
                    query("bot", "/b".to_owned(), true),
                ],
            }
        }
        // Google's library reads 16,663 bytes of a line: the pattern is cut there.
        "2mb-line" | "2mb-line-rfc9309" => {
            let rfc = name == "2mb-line-rfc9309";
            let mut robots = b"User-agent: *\nDisallow: /".to_vec();
            robots.resize(robots.len() + (2 << 20) * scale, b'x');
            robots.push(b'\n');
            let long = format!("/{}", "x".repeat(20_000));
            Case {
                grows: "line length (2 MB)",
                variant: if rfc { Variant::Rfc9309 } else { google },
                robots,
                queries: vec![
                    // RFC 9309 reads the whole line: a 20k-byte URL is not long enough.
                    query("bot", long, rfc),
                    query("bot", "/xxxx".to_owned(), true),
                ],
            }
        }
        // `$` is literal except at the end: `/*$*$…*$` needs that many `$` in the target.
        "10k-dollar-star-runs" => {
            let n = 10_000 * scale;
            let mut robots = b"User-agent: *\nDisallow: /".to_vec();
            robots.extend(b"*$".repeat(n));
            robots.push(b'\n');
            Case {
                grows: "`*$` runs (10k)",
                variant: google,
                robots,
                queries: vec![
                    query("bot", format!("/{}", "$x".repeat(2_000)), true),
                    query("bot", format!("/{}", "$".repeat(n)), false),
                    // Google cuts the line at 16,663 bytes: about 8,300 `$` are needed, not 10k.
                    query("bot", format!("/{}", "$".repeat(1_000)), true),
                ],
            }
        }
        "10k-wildcard-rules" => {
            let n = 10_000 * scale;
            let mut robots = b"User-agent: *\n".to_vec();
            for i in 0..n {
                robots.extend(format!("Disallow: /*x{i}*y*z\n").bytes());
            }
            Case {
                grows: "rules (10k)",
                variant: google,
                robots,
                queries: vec![
                    query("bot", format!("/x5000/y/{}", "a".repeat(1_000)), true),
                    query("bot", "/x5000/y/z".to_owned(), false),
                    query("bot", "/q/x1y/z".to_owned(), false),
                    query("bot", "/q/y/z/x1".to_owned(), true),
                ],
            }
        }
        "1mb-url" => {
            let robots = b"User-agent: *\nDisallow: /*?sessionid=\nDisallow: /private/\n\
                Allow: /*.css$\nDisallow: /*.php$\nDisallow: /*/print/*\n"
                .to_vec();
            let path = "abc/".repeat((1 << 18) * scale);
            Case {
                grows: "URL length (1 MB)",
                variant: google,
                robots,
                queries: vec![
                    query("bot", format!("https://example.com/{path}index.html"), true),
                    query("bot", format!("/{path}x.php"), false),
                    query("bot", format!("/{path}?sessionid=1"), false),
                    query("bot", format!("/{path}x.css"), true),
                    query("bot", format!("/private/{path}x.css"), false),
                ],
            }
        }
        _ => return None,
    };
    Some(case)
}

/// Inputs made to hurt: sizes, bytes and repetitions no real file has. Each is (name, bytes).
pub(crate) fn inputs() -> Vec<(&'static str, Vec<u8>)> {
    let rules: Vec<u8> = b"User-agent: *\nDisallow: /a/b/c\nAllow: /a/*.html$\n# comment\n\n"
        .iter()
        .copied()
        .cycle()
        .take(5 << 20)
        .collect();
    let mut lone_long_line = b"Disallow: /".to_vec();
    lone_long_line.resize(2 << 20, b'x');
    let mut long_line = b"User-agent: *\nDisallow: /".to_vec();
    long_line.resize(2 << 20, b'a');
    long_line.extend(b"\nAllow: /b\n");
    let mut many_agents: Vec<u8> = (0..30_000)
        .flat_map(|i| format!("User-agent: bot{i}\n").into_bytes())
        .collect();
    many_agents.extend(b"Disallow: /shared\n");
    let mut many_groups: Vec<u8> = (0..3_000)
        .flat_map(|i| format!("User-agent: bot{}\nDisallow: /p{i}\n\n", i % 7).into_bytes())
        .collect();
    many_groups.extend(b"User-agent: *\nDisallow: /all\n");
    let star_run = [
        b"User-agent: *\nDisallow: /".as_slice(),
        &[b'*'; 100_000],
        b"$\nAllow: /*",
    ]
    .concat();
    let star_words = [
        b"User-agent: *\nDisallow: /".as_slice(),
        &b"*a".repeat(2_000),
        b"\n",
    ]
    .concat();
    let every_byte_in_rules: Vec<u8> = (0u8..=255)
        .flat_map(|b| [b"User-agent: *\nDisallow: /".as_slice(), &[b, b'\n']].concat())
        .collect();
    let boms =
        b"\xEF\xBB\xBFUser-agent: *\n\xEF\xBB\xBFDisallow: /x\n\xEF\xBBAllow: /\xEF\xBB\xBF\n\xEF"
            .repeat(200);
    vec![
        ("empty", Vec::new()),
        ("five-megabytes-of-rules", rules),
        ("two-megabyte-line", long_line),
        ("two-megabyte-line-outside-any-group", lone_long_line),
        ("nuls", vec![0; 100_000]),
        (
            "nuls-in-records",
            b"User-agent: *\0\nDis\0allow: /\0a\n\0\0\0".to_vec(),
        ),
        ("lone-crs", vec![b'\r'; 50_000]),
        (
            "lone-crs-in-records",
            b"User-agent: *\rDisallow: /\r\r\rAllow: /a\r".to_vec(),
        ),
        (
            "crs-between-records",
            b"User-agent: *\rDisallow: /a\r\rAllow: /a/b\r".repeat(2_000),
        ),
        ("only-line-ends", b"\r\n\n\r".repeat(100_000)),
        (
            "bom-in-the-middle",
            b"User-agent: *\n\xEF\xBB\xBFDisallow: /\n\xEF\xBB\xBF".to_vec(),
        ),
        ("boms-mid-file", boms),
        (
            "one-huge-comment",
            [b"#".as_slice(), &[b'c'; 1 << 20]].concat(),
        ),
        ("colons", vec![b':'; 1 << 20]),
        ("whitespace", b" \t".repeat(1 << 19)),
        ("words-without-colon", b"a b c d e f g ".repeat(50_000)),
        ("every-byte", (0u8..=255).collect()),
        (
            "every-byte-a-megabyte",
            (0u8..=255).cycle().take(1 << 20).collect(),
        ),
        ("every-byte-in-rules", every_byte_in_rules),
        ("star-run", star_run),
        ("star-words", star_words),
        ("many-user-agents", many_agents),
        ("many-groups", many_groups),
        (
            "misspellings",
            b"useragent: *\ndissallow: /a\nuser agent: b\ndisalow: /b\nallow /c\n".repeat(500),
        ),
        (
            "percent-escapes",
            b"User-agent: *\nDisallow: /%2f%2F%25%zz%C3%A9%\nAllow: /%7E$\n".repeat(500),
        ),
    ]
}
