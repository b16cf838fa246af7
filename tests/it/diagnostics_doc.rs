//! docs/diagnostics.md's table of codes, generated from the library's `Code::ALL`: one row per
//! code, in the library's order, with its stable name and whether it is a grammar violation
//! (`Code::is_violation`) taken from the library; the prose of each row (what it means, an
//! example line, the variants where the violation column has an exception) is kept here, so a
//! new code cannot be added without it. The test fails when the committed file differs from what
//! it renders; `UPDATE_DOCS=1 cargo test --test it diagnostics_doc` rewrites the part between the
//! markers (the hand-written prose around it is kept).

use robotspec::Code;

use crate::common;

/// The prose of one code's row.
struct Row {
    code: &'static str,
    /// Appended to the violation column's `yes`/`no`: the variants that read it otherwise.
    violation_note: &'static str,
    meaning: &'static str,
    example: &'static str,
}

const ROWS: &[Row] = &[
    Row {
        code: "invalid-utf8",
        violation_note: "",
        meaning: "bytes that are not UTF-8 (the protocol requires UTF-8)",
        example: r#"`Disallow: /caf\xE9`"#,
    },
    Row {
        code: "control-character",
        violation_note: "",
        meaning: "a control character (NUL, DEL, …) where the grammar allows none; one per line",
        example: r#"`Disallow: /a\0b`"#,
    },
    Row {
        code: "unknown-directive",
        violation_note: ", except in 1994 (unknown fields are ignored there)",
        meaning: "a key the variant does not define and robotspec does not know",
        example: "`Unicorns: /extinct`",
    },
    Row {
        code: "known-extension",
        violation_note: ", except in 1994 (as `unknown-directive`: no strict grammar has a production for it)",
        meaning: "a key the variant does not define but that names a known extension record (docs/extensions.md); kept as a typed record",
        example: "`Crawl-delay: 10`",
    },
    Row {
        code: "typo-directive",
        violation_note: "",
        meaning: "a misspelt or prefixed key the variant accepts anyway (google)",
        example: "`Dissallow: /x`",
    },
    Row {
        code: "missing-colon",
        violation_note: "",
        meaning: "key and value separated by whitespace",
        example: "`Disallow /x`",
    },
    Row {
        code: "invalid-line",
        violation_note: "",
        meaning: "neither a record, a comment nor a blank line",
        example: "`<html>`",
    },
    Row {
        code: "rule-outside-group",
        violation_note: "",
        meaning: "`allow`/`disallow` before any `user-agent` line (1994, 1996: since the last blank line)",
        example: "`Disallow: /a` first",
    },
    Row {
        code: "path-not-absolute",
        violation_note: "",
        meaning: r#"a rule path not starting with `/` (not in 1994: "a full path, or a partial path")"#,
        example: "`Disallow: *.gif$`",
    },
    Row {
        code: "whitespace-in-value",
        violation_note: "",
        meaning: "whitespace inside a path or URL",
        example: "`Disallow: /my file`",
    },
    Row {
        code: "missing-value",
        violation_note: "",
        meaning: "a directive that needs a value has none (`sitemap:`; 1996: `allow:`)",
        example: "`Sitemap:`",
    },
    Row {
        code: "invalid-product-token",
        violation_note: "",
        meaning: "an empty user-agent value, or one that is neither `*` nor `[A-Za-z_-]+` (2019, RFC 9309, google) / not an RFC 1945 token (1996)",
        example: "`User-agent: Googlebot/2.1`",
    },
    Row {
        code: "misplaced-bom",
        violation_note: "",
        meaning: "a byte order mark after the start of the file (under `convention-1994`, where unknown keys are allowed, a mark before a key makes the key an unknown one, ignored without a diagnostic as the 1994 grammar reads it)",
        example: r#"`\uFEFFDisallow: /`"#,
    },
    Row {
        code: "misplaced-whitespace",
        violation_note: "",
        meaning: r#"whitespace at the line start, inside a key or before its colon (1994, 1996: keys are glued, `"User-agent:"`); 1996 also: before a comment line's `#`"#,
        example: "`User-agent : *`",
    },
    Row {
        code: "non-ascii",
        violation_note: "",
        meaning: "a character outside US-ASCII (1996: `CHAR` is octets 0–127); one per line, and a leading byte order mark",
        example: "`Disallow: /café`",
    },
    Row {
        code: "invalid-path",
        violation_note: "",
        meaning: r#"a path that is not `"/" [RFC 1808 path]` (1996): a character outside `pchar` and `/` (`~` allowed), a bad `%` escape, a leading `//`"#,
        example: "`Disallow: /a?b`",
    },
    Row {
        code: "record-without-rules",
        violation_note: "",
        meaning: "a record whose user-agent lines are cut off (blank line, end of file) before any rule (1994, 1996)",
        example: "`User-agent: a` then a blank line",
    },
    Row {
        code: "missing-blank-line",
        violation_note: "",
        meaning: "a record starting right after the previous record's rules, without a blank line (1994; 1996's `1*record` allows it)",
        example: "`Disallow: /x` then `User-agent: b`",
    },
    Row {
        code: "line-too-long",
        violation_note: "",
        meaning: "a line longer than the variant's limit (google: 16,663 bytes); the rest is ignored",
        example: "",
    },
    Row {
        code: "invalid-extension-value",
        violation_note: "",
        meaning: "an extension record's value does not follow its syntax (Crawl-delay not a decimal number, a Content-Usage statement that is not an RFC 9651 dictionary, …); the record is kept, its value unknown; reported under every variant, 1994 included",
        example: "`Crawl-delay: 1e9`",
    },
    Row {
        code: "invalid-content-usage",
        violation_note: "",
        meaning: "with `aipref=yes` (docs/extensions.md), a Content-Usage rule whose value is not `[path-pattern 1*WS] usage-pref`: no preference, or one that is not an RFC 9651 dictionary of at least one member",
        example: "`Content-Usage: /x`",
    },
    Row {
        code: "extension-outside-group",
        violation_note: "",
        meaning: "a group-scoped extension record (Content-Usage, Crawl-delay, …) before any group (1994, 1996: after the blank line ending one): it applies to no agent",
        example: "`Content-Usage: train-ai=n` first",
    },
    Row {
        code: "size-limit",
        violation_note: "",
        meaning: "the fetched body is larger than the size limit (512,000 bytes by default); it and the line it cuts are ignored — reported by `robotspec::access`, never by the parser (docs/access.md)",
        example: "",
    },
    Row {
        code: "limit-exceeded",
        violation_note: " (the file was not read whole)",
        meaning: "a resource limit (`Limits`: input size, line length, groups, rules per group, pattern length) left part of the file out; the message names the limit — docs/robustness.md",
        example: "",
    },
    Row {
        code: "syntax",
        violation_note: "",
        meaning: "the strict grammar rejected the file where no check above applies (a safety net; never observed)",
        example: "",
    },
];

const BEGIN: &str = "<!-- BEGIN generated from Code::ALL by tests/it/diagnostics_doc.rs: \
                     UPDATE_DOCS=1 cargo test --test it diagnostics_doc -->\n";
const END: &str = "<!-- END generated -->\n";

/// The table, as docs/diagnostics.md shows it.
fn render() -> Result<String, String> {
    let mut table =
        String::from("| code | violation? | meaning | example (line) |\n|---|---|---|---|\n");
    for &code in Code::ALL {
        let row = ROWS
            .iter()
            .find(|row| row.code == code.name())
            .ok_or_else(|| format!("describe the new code `{code}` in ROWS"))?;
        let violation = if code.is_violation() { "yes" } else { "no" };
        table.push_str(&format!(
            "| `{}` | {violation}{} | {} |",
            code.name(),
            row.violation_note,
            row.meaning
        ));
        match row.example {
            "" => table.push_str(" |\n"),
            example => table.push_str(&format!(" {example} |\n")),
        }
    }
    if let Some(stale) = ROWS.iter().find(|row| Code::from_name(row.code).is_none()) {
        return Err(format!("ROWS describes `{}`, which is no code", stale.code));
    }
    Ok(table)
}

#[test]
fn the_table_of_codes_is_the_librarys() {
    let path = common::repo_root().join("docs/diagnostics.md");
    let doc = std::fs::read_to_string(&path).unwrap();
    let start = doc
        .find(BEGIN)
        .expect("the BEGIN marker in docs/diagnostics.md")
        + BEGIN.len();
    let end = start
        + doc[start..]
            .find(END)
            .expect("the END marker in docs/diagnostics.md");
    let table = render().unwrap();
    if std::env::var_os("UPDATE_DOCS").is_some() {
        let updated = format!("{}{table}{}", &doc[..start], &doc[end..]);
        std::fs::write(&path, updated).unwrap();
        return;
    }
    assert!(
        doc[start..end] == table,
        "docs/diagnostics.md differs from the table of Code::ALL; run \
         `UPDATE_DOCS=1 cargo test --test it diagnostics_doc` and review the change.\n\
         committed:\n{}\nrendered:\n{table}",
        &doc[start..end]
    );
}
