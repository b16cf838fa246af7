//! Rule-level tests of the grammars (`grammar/common.pest`, `lenient.pest`, `rep-abnf.pest` and the
//! entry rules), with `pest::parses_to!` and `pest::fails_with!`: each rule with a meaning of its
//! own, on what it must accept (the tokens and their byte positions) and what it must refuse
//! (where, and what pest expected there).
//!
//! And the property that makes strict mode honest, both ways: the strict grammar, run here on
//! its own, accepts a file exactly when the lenient reading reports no violation.
//!
//! Silent rules (`_{ }`: `WS`, the `UTF8_*` classes, `entry` and every rule of `rep-abnf.pest`)
//! leave no token, so their tests go through `probe::Probe`, the same grammar files plus one
//! non-silent wrapper rule each (`probe_X = { X }`), whose token shows what `X` consumed.

use pest::{consumes_to, fails_with, parses_to, Parser};

use super::strict::{Rule as S, StrictParser};
use super::{LenientParser, Rule as L};

mod probe {
    #![allow(missing_docs)]
    use pest_derive::Parser;

    /// The lenient and ABNF grammars with a visible wrapper around each silent rule.
    #[derive(Parser)]
    #[grammar = "../grammar/common.pest"]
    #[grammar = "../grammar/lenient.pest"]
    #[grammar = "../grammar/rep-abnf.pest"]
    #[grammar_inline = r#"
probe_WS = { WS }
probe_UTF8_char_noctl = { UTF8_char_noctl }
probe_UTF8_1_noctl = { UTF8_1_noctl }
probe_entry = { entry }
probe_robotstxt = { SOI ~ robotstxt ~ EOI }
probe_group = { group }
probe_startgroupline = { startgroupline }
probe_rule = { rule }
probe_sitemapline = { sitemapline }
probe_product_token = { product_token }
probe_path_pattern = { path_pattern }
probe_empty_pattern = { empty_pattern }
probe_emptyline = { emptyline }
"#]
    pub(super) struct Probe;
}

use probe::{Probe, Rule as P};

/// Whether `rule` of the lenient grammar matches exactly the whole of `input`.
fn lenient_whole(which: L, input: &str) -> bool {
    LenientParser::parse(which, input)
        .ok()
        .and_then(|mut pairs| pairs.next())
        .is_some_and(|pair| pair.as_span().end() == input.len())
}

/// Whether the probe `rule` matches exactly the whole of `input`.
fn probe_whole(which: P, input: &str) -> bool {
    Probe::parse(which, input)
        .ok()
        .and_then(|mut pairs| pairs.next())
        .is_some_and(|pair| pair.as_span().end() == input.len())
}

// ---------------------------------------------------------------------------------------------
// common.pest and lenient.pest: line ends, whitespace, comments
// ---------------------------------------------------------------------------------------------

#[test]
fn nl_is_one_line_end_crlf_first() {
    parses_to! { parser: LenientParser, input: "\r\nx", rule: L::NL, tokens: [NL(0, 2)] };
    parses_to! { parser: LenientParser, input: "\r\r", rule: L::NL, tokens: [NL(0, 1)] };
    parses_to! { parser: LenientParser, input: "\n\r", rule: L::NL, tokens: [NL(0, 1)] };
    fails_with! { parser: LenientParser, input: "x\n", rule: L::NL,
    positives: vec![L::NL], negatives: vec![], pos: 0 };
    fails_with! { parser: LenientParser, input: "", rule: L::NL,
    positives: vec![L::NL], negatives: vec![], pos: 0 };
    // A line end is not whitespace.
    fails_with! { parser: LenientParser, input: " \n", rule: L::NL,
    positives: vec![L::NL], negatives: vec![], pos: 0 };
}

#[test]
fn newline_is_the_lenient_line_end() {
    parses_to! { parser: LenientParser, input: "\r\n", rule: L::newline, tokens: [newline(0, 2)] };
    parses_to! { parser: LenientParser, input: "\r", rule: L::newline, tokens: [newline(0, 1)] };
    parses_to! { parser: LenientParser, input: "\n\n", rule: L::newline, tokens: [newline(0, 1)] };
    fails_with! { parser: LenientParser, input: "\u{85}", rule: L::newline,
    positives: vec![L::newline], negatives: vec![], pos: 0 };
}

#[test]
fn ws_is_one_space_or_tab() {
    parses_to! { parser: Probe, input: " ", rule: P::probe_WS, tokens: [probe_WS(0, 1)] };
    parses_to! { parser: Probe, input: "\t ", rule: P::probe_WS, tokens: [probe_WS(0, 1)] };
    for refused in ["\n", "\r", "\u{0B}", "\u{0C}", "\u{A0}", "\u{3000}", ""] {
        assert!(!probe_whole(P::probe_WS, refused), "{refused:?}");
    }
    fails_with! { parser: Probe, input: "\u{A0}", rule: P::probe_WS,
    positives: vec![P::probe_WS], negatives: vec![], pos: 0 };
}

#[test]
fn lenient_ws_is_a_run_of_spaces_and_tabs() {
    parses_to! { parser: LenientParser, input: " \t \tx", rule: L::ws, tokens: [ws(0, 4)] };
    fails_with! { parser: LenientParser, input: "\n", rule: L::ws,
    positives: vec![L::ws], negatives: vec![], pos: 0 };
    fails_with! { parser: LenientParser, input: "", rule: L::ws,
    positives: vec![L::ws], negatives: vec![], pos: 0 };
}

#[test]
fn abnf_comment_takes_printable_characters_spaces_and_hashes() {
    parses_to! { parser: LenientParser, input: "# a\t#b é ツ", rule: L::comment_abnf,
    tokens: [comment_abnf(0, 13)] };
    parses_to! { parser: LenientParser, input: "#", rule: L::comment_abnf,
    tokens: [comment_abnf(0, 1)] };
    // It stops at a line end and at any control character (DEL included: resolved defect).
    parses_to! { parser: LenientParser, input: "#ab\ncd", rule: L::comment_abnf,
    tokens: [comment_abnf(0, 3)] };
    parses_to! { parser: LenientParser, input: "#a\u{7F}b", rule: L::comment_abnf,
    tokens: [comment_abnf(0, 2)] };
    parses_to! { parser: LenientParser, input: "#a\u{1A}b", rule: L::comment_abnf,
    tokens: [comment_abnf(0, 2)] };
    parses_to! { parser: LenientParser, input: "#a\0b", rule: L::comment_abnf,
    tokens: [comment_abnf(0, 2)] };
    fails_with! { parser: LenientParser, input: " #", rule: L::comment_abnf,
    positives: vec![L::comment_abnf], negatives: vec![], pos: 0 };
}

#[test]
fn lenient_comment_runs_to_the_line_end_whatever_it_holds() {
    parses_to! { parser: LenientParser, input: "# a\u{7F}\0\u{1A}é#\r\nx", rule: L::comment,
    tokens: [comment(0, 9)] };
    parses_to! { parser: LenientParser, input: "#\rx", rule: L::comment, tokens: [comment(0, 1)] };
    fails_with! { parser: LenientParser, input: "x#", rule: L::comment,
    positives: vec![L::comment], negatives: vec![], pos: 0 };
}

#[test]
fn eol_is_whitespace_an_optional_comment_and_a_line_end_or_the_end() {
    parses_to! { parser: LenientParser, input: " \t# c\r\nx", rule: L::EOL,
    tokens: [EOL(0, 7, [comment_abnf(2, 5), NL(5, 7)])] };
    parses_to! { parser: LenientParser, input: "\n", rule: L::EOL, tokens: [EOL(0, 1, [NL(0, 1)])] };
    // At the end of input no line end is needed (defect 4): EOI is its token.
    parses_to! { parser: LenientParser, input: "  ", rule: L::EOL, tokens: [EOL(0, 2, [EOI(2, 2)])] };
    parses_to! { parser: LenientParser, input: "#x", rule: L::EOL,
    tokens: [EOL(0, 2, [comment_abnf(0, 2), EOI(2, 2)])] };
    // Anything else before the line end is refused where it stands.
    fails_with! { parser: LenientParser, input: "  x\n", rule: L::EOL,
    positives: vec![L::EOI, L::NL, L::comment_abnf], negatives: vec![], pos: 2 };
    // A control character ends the comment, and is not a line end.
    fails_with! { parser: LenientParser, input: "#a\u{1}\n", rule: L::EOL,
    positives: vec![L::EOI, L::NL], negatives: vec![], pos: 2 };
}

// ---------------------------------------------------------------------------------------------
// common.pest: characters (UTF-8 handling)
// ---------------------------------------------------------------------------------------------

#[test]
fn utf8_1_noctl_is_printable_ascii_without_space_and_hash() {
    for c in (0x21u8..=0x7E).filter(|&c| c != b'#') {
        let s = (c as char).to_string();
        assert!(probe_whole(P::probe_UTF8_1_noctl, &s), "{s:?}");
    }
    for c in (0u8..=0x20).chain([b'#', 0x7F]) {
        let s = (c as char).to_string();
        assert!(!probe_whole(P::probe_UTF8_1_noctl, &s), "{s:?}");
    }
    assert!(!probe_whole(P::probe_UTF8_1_noctl, "é"));
    parses_to! { parser: Probe, input: "ab", rule: P::probe_UTF8_1_noctl,
    tokens: [probe_UTF8_1_noctl(0, 1)] };
    fails_with! { parser: Probe, input: "#", rule: P::probe_UTF8_1_noctl,
    positives: vec![P::probe_UTF8_1_noctl], negatives: vec![], pos: 0 };
}

#[test]
fn utf8_char_noctl_takes_one_whole_character_of_any_length() {
    for (input, len) in [
        ("a", 1),
        ("é", 2),
        ("ツ", 3),
        ("😀", 4),
        ("\u{80}", 2),
        ("\u{FEFF}", 3),
    ] {
        parses_to! { parser: Probe, input: input, rule: P::probe_UTF8_char_noctl,
        tokens: [probe_UTF8_char_noctl(0, len)] };
    }
    // Controls (the SUB that stands for invalid UTF-8 in the shadow text included), space, `#`.
    for refused in ["\u{1A}", "\0", "\t", " ", "#", "\u{7F}", "\r", "\n"] {
        assert!(
            !probe_whole(P::probe_UTF8_char_noctl, refused),
            "{refused:?}"
        );
    }
    fails_with! { parser: Probe, input: "\u{1A}é", rule: P::probe_UTF8_char_noctl,
    positives: vec![P::probe_UTF8_char_noctl], negatives: vec![], pos: 0 };
}

// ---------------------------------------------------------------------------------------------
// common.pest and lenient.pest: product tokens (identifier), keys, separators, values
// ---------------------------------------------------------------------------------------------

#[test]
fn identifier_is_letters_hyphens_and_underscores() {
    parses_to! { parser: LenientParser, input: "Foo-bar_Baz", rule: L::identifier,
    tokens: [identifier(0, 11)] };
    // No digits, no `/`: `Googlebot/2.1` is the token `Googlebot` and then something else.
    parses_to! { parser: LenientParser, input: "Googlebot/2.1", rule: L::identifier,
    tokens: [identifier(0, 9)] };
    parses_to! { parser: LenientParser, input: "Bot2", rule: L::identifier,
    tokens: [identifier(0, 3)] };
    for refused in ["2bot", "*", "", " a", "é", "/"] {
        assert!(!lenient_whole(L::identifier, refused), "{refused:?}");
    }
    fails_with! { parser: LenientParser, input: "2bot", rule: L::identifier,
    positives: vec![L::identifier], negatives: vec![], pos: 0 };
}

#[test]
fn key_is_words_up_to_the_colon() {
    parses_to! { parser: LenientParser, input: "User-agent: *", rule: L::key, tokens: [key(0, 10)] };
    // Inner whitespace is part of the key (`user agent`), trailing whitespace is not.
    parses_to! { parser: LenientParser, input: "user agent\t : x", rule: L::key,
    tokens: [key(0, 10)] };
    parses_to! { parser: LenientParser, input: "Disallow /x", rule: L::key, tokens: [key(0, 11)] };
    parses_to! { parser: LenientParser, input: "k\u{1A}é#c", rule: L::key, tokens: [key(0, 4)] };
    for refused in [":x", " k", "#k", "\nk", ""] {
        fails_with! { parser: LenientParser, input: refused, rule: L::key,
        positives: vec![L::key], negatives: vec![], pos: 0 };
    }
}

#[test]
fn key_word_stops_at_whitespace_colon_hash_and_line_ends() {
    for (input, end) in [
        ("ab cd", 2),
        ("ab:cd", 2),
        ("ab#cd", 2),
        ("ab\rcd", 2),
        ("ab\tcd", 2),
    ] {
        parses_to! { parser: LenientParser, input: input, rule: L::key_word,
        tokens: [key_word(0, end)] };
    }
    fails_with! { parser: LenientParser, input: ":", rule: L::key_word,
    positives: vec![L::key_word], negatives: vec![], pos: 0 };
}

#[test]
fn colon_is_one_colon() {
    parses_to! { parser: LenientParser, input: "::", rule: L::colon, tokens: [colon(0, 1)] };
    // A full-width colon is not a separator.
    fails_with! { parser: LenientParser, input: "\u{FF1A}", rule: L::colon,
    positives: vec![L::colon], negatives: vec![], pos: 0 };
    fails_with! { parser: LenientParser, input: " :", rule: L::colon,
    positives: vec![L::colon], negatives: vec![], pos: 0 };
}

#[test]
fn value_is_words_without_trailing_whitespace_or_comment() {
    parses_to! { parser: LenientParser, input: "/a b\t c  # d", rule: L::value,
    tokens: [value(0, 7)] };
    // A colon belongs to the value; bytes of any kind do too, up to a line end.
    parses_to! { parser: LenientParser, input: "http://x:80/\u{1A}\0é\r\n", rule: L::value,
    tokens: [value(0, 16)] };
    for refused in ["#x", " x", "\rx", ""] {
        fails_with! { parser: LenientParser, input: refused, rule: L::value,
        positives: vec![L::value], negatives: vec![], pos: 0 };
    }
}

#[test]
fn value_word_stops_at_whitespace_hash_and_line_ends_not_at_colons() {
    for (input, end) in [("a:b c", 3), ("ab#c", 2), ("ab\nc", 2), ("ab\tc", 2)] {
        parses_to! { parser: LenientParser, input: input, rule: L::value_word,
        tokens: [value_word(0, end)] };
    }
    fails_with! { parser: LenientParser, input: "#", rule: L::value_word,
    positives: vec![L::value_word], negatives: vec![], pos: 0 };
}

#[test]
fn text_is_a_line_that_is_not_an_entry() {
    parses_to! { parser: LenientParser, input: "<html> <body> # c", rule: L::text,
    tokens: [text(0, 13)] };
    fails_with! { parser: LenientParser, input: " x", rule: L::text,
    positives: vec![L::text], negatives: vec![], pos: 0 };
}

#[test]
fn entry_is_key_colon_value_or_exactly_two_words() {
    parses_to! { parser: Probe, input: "Disallow : /a b", rule: P::probe_entry,
    tokens: [probe_entry(0, 15, [key(0, 8), ws(8, 9), colon(9, 10), ws(10, 11), value(11, 15)])] };
    parses_to! { parser: Probe, input: "Allow:", rule: P::probe_entry,
    tokens: [probe_entry(0, 6, [key(0, 5), colon(5, 6)])] };
    // The missing-colon form: two words, then only whitespace, a comment or the line end.
    parses_to! { parser: Probe, input: "Disallow /x #c", rule: P::probe_entry,
    tokens: [probe_entry(0, 11, [key_word(0, 8), ws(8, 9), value_word(9, 11)])] };
    parses_to! { parser: Probe, input: "Disallow /x\n", rule: P::probe_entry,
    tokens: [probe_entry(0, 11, [key_word(0, 8), ws(8, 9), value_word(9, 11)])] };
    // Three words without a colon are no entry.
    assert!(!probe_whole(P::probe_entry, "a b c"));
    assert!(Probe::parse(P::probe_entry, "a b c").is_err());
    fails_with! { parser: Probe, input: "#c", rule: P::probe_entry,
    positives: vec![P::probe_entry], negatives: vec![], pos: 0 };
}

// ---------------------------------------------------------------------------------------------
// lenient.pest: the lenient line and file
// ---------------------------------------------------------------------------------------------

#[test]
fn line_has_leaves_for_every_byte() {
    parses_to! { parser: LenientParser, input: " User-agent:\t* # c", rule: L::line,
    tokens: [line(0, 18, [ws(0, 1), key(1, 11), colon(11, 12), ws(12, 13), value(13, 14),
                          ws(14, 15), comment(15, 18)])] };
    parses_to! { parser: LenientParser, input: "# only", rule: L::line,
    tokens: [line(0, 6, [comment(0, 6)])] };
    parses_to! { parser: LenientParser, input: "<p> a b", rule: L::line,
    tokens: [line(0, 7, [text(0, 7)])] };
    parses_to! { parser: LenientParser, input: "\t\n", rule: L::line,
    tokens: [line(0, 1, [ws(0, 1)])] };
    // A line never fails: at worst it is empty.
    parses_to! { parser: LenientParser, input: "\n", rule: L::line, tokens: [line(0, 0)] };
}

#[test]
fn lenient_reads_any_text_as_lines() {
    parses_to! { parser: LenientParser, input: "a:b\r\n\rc d e", rule: L::lenient,
    tokens: [lenient(0, 11, [
        line(0, 3, [key(0, 1), colon(1, 2), value(2, 3)]), newline(3, 5),
        line(5, 5), newline(5, 6),
        line(6, 11, [text(6, 11)]),
        EOI(11, 11)
    ])] };
    parses_to! { parser: LenientParser, input: "", rule: L::lenient,
    tokens: [lenient(0, 0, [line(0, 0), EOI(0, 0)])] };
    for input in ["\0\u{1A}\u{FEFF}::##", "\r\r\n\n", " \t ", "é: ツ # 😀"] {
        assert!(lenient_whole(L::lenient, input), "{input:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// rep-abnf.pest (draft-koster-rep-00 / RFC 9309 §2.2)
// ---------------------------------------------------------------------------------------------

#[test]
fn product_token_is_an_identifier_or_a_star() {
    parses_to! { parser: Probe, input: "Foo-Bot", rule: P::probe_product_token,
    tokens: [probe_product_token(0, 7, [identifier(0, 7)])] };
    parses_to! { parser: Probe, input: "*", rule: P::probe_product_token,
    tokens: [probe_product_token(0, 1)] };
    parses_to! { parser: Probe, input: "Googlebot/2.1", rule: P::probe_product_token,
    tokens: [probe_product_token(0, 9, [identifier(0, 9)])] };
    for refused in ["2", "/", "", " a", "é"] {
        assert!(!probe_whole(P::probe_product_token, refused), "{refused:?}");
    }
    fails_with! { parser: Probe, input: "9bot", rule: P::probe_product_token,
    positives: vec![P::identifier], negatives: vec![], pos: 0 };
}

#[test]
fn path_pattern_starts_with_a_slash() {
    parses_to! { parser: Probe, input: "/a/*.gif$ #c", rule: P::probe_path_pattern,
    tokens: [probe_path_pattern(0, 9)] };
    parses_to! { parser: Probe, input: "/café/ツ", rule: P::probe_path_pattern,
    tokens: [probe_path_pattern(0, 10)] };
    // Whitespace, `#` and controls end it.
    parses_to! { parser: Probe, input: "/my file", rule: P::probe_path_pattern,
    tokens: [probe_path_pattern(0, 3)] };
    parses_to! { parser: Probe, input: "/a\u{1A}b", rule: P::probe_path_pattern,
    tokens: [probe_path_pattern(0, 2)] };
    fails_with! { parser: Probe, input: "*.gif", rule: P::probe_path_pattern,
    positives: vec![P::probe_path_pattern], negatives: vec![], pos: 0 };
}

#[test]
fn empty_pattern_is_whitespace_only() {
    parses_to! { parser: Probe, input: " \t#", rule: P::probe_empty_pattern,
    tokens: [probe_empty_pattern(0, 2)] };
    parses_to! { parser: Probe, input: "x", rule: P::probe_empty_pattern,
    tokens: [probe_empty_pattern(0, 0)] };
}

#[test]
fn startgroupline_is_user_agent_colon_product_token_eol() {
    parses_to! { parser: Probe, input: " USER-agent :\t foo # c\nx", rule: P::probe_startgroupline,
    tokens: [probe_startgroupline(0, 23, [identifier(15, 18), EOL(18, 23, [comment_abnf(19, 22), NL(22, 23)])])] };
    parses_to! { parser: Probe, input: "user-agent:*", rule: P::probe_startgroupline,
    tokens: [probe_startgroupline(0, 12, [EOL(12, 12, [EOI(12, 12)])])] };
    // A version is not part of a product token: refused after the token.
    fails_with! { parser: Probe, input: "User-agent: Googlebot/2.1\n", rule: P::probe_startgroupline,
    positives: vec![P::EOL], negatives: vec![], pos: 21 };
    // The colon is required.
    fails_with! { parser: Probe, input: "User-agent *\n", rule: P::probe_startgroupline,
    positives: vec![P::probe_startgroupline], negatives: vec![], pos: 0 };
    // An empty product token is refused.
    fails_with! { parser: Probe, input: "User-agent:\n", rule: P::probe_startgroupline,
    positives: vec![P::identifier], negatives: vec![], pos: 11 };
}

#[test]
fn rule_is_allow_or_disallow_with_a_path_or_nothing() {
    parses_to! { parser: Probe, input: "Disallow: /a$\r\n", rule: P::probe_rule,
    tokens: [probe_rule(0, 15, [EOL(13, 15, [NL(13, 15)])])] };
    parses_to! { parser: Probe, input: "aLLow :  \n", rule: P::probe_rule,
    tokens: [probe_rule(0, 10, [EOL(9, 10, [NL(9, 10)])])] };
    // A pattern not starting with `/` is refused where it starts.
    fails_with! { parser: Probe, input: "Disallow: *.gif\n", rule: P::probe_rule,
    positives: vec![P::EOL], negatives: vec![], pos: 10 };
    // Whitespace inside a pattern ends it; what follows is refused.
    fails_with! { parser: Probe, input: "Disallow: /my file\n", rule: P::probe_rule,
    positives: vec![P::EOI, P::NL, P::comment_abnf], negatives: vec![], pos: 14 };
    // Unknown keys are no rule.
    fails_with! { parser: Probe, input: "Crawl-delay: 1\n", rule: P::probe_rule,
    positives: vec![P::probe_rule], negatives: vec![], pos: 0 };
}

#[test]
fn sitemapline_needs_a_value() {
    parses_to! { parser: Probe, input: "Sitemap: https://x/s.xml\n", rule: P::probe_sitemapline,
    tokens: [probe_sitemapline(0, 25, [EOL(24, 25, [NL(24, 25)])])] };
    fails_with! { parser: Probe, input: "Sitemap:\n", rule: P::probe_sitemapline,
    positives: vec![P::probe_sitemapline], negatives: vec![], pos: 0 };
}

#[test]
fn emptyline_always_consumes_something() {
    parses_to! { parser: Probe, input: " # c\n", rule: P::probe_emptyline,
    tokens: [probe_emptyline(0, 5, [comment_abnf(1, 4), NL(4, 5)])] };
    parses_to! { parser: Probe, input: "\r\n", rule: P::probe_emptyline,
    tokens: [probe_emptyline(0, 2, [NL(0, 2)])] };
    parses_to! { parser: Probe, input: "# end", rule: P::probe_emptyline,
    tokens: [probe_emptyline(0, 5, [comment_abnf(0, 5), EOI(5, 5)])] };
    // Nothing at the end of input is not an empty line (the file rule would loop on it).
    assert!(Probe::parse(P::probe_emptyline, "").is_err());
    assert!(!probe_whole(P::probe_emptyline, "x\n"));
}

#[test]
fn group_is_agents_then_rules() {
    parses_to! { parser: Probe, input: "User-agent: a\nUser-agent: b\n\nAllow: /\nDisallow:\nUser-agent: c\n",
    rule: P::probe_group,
    tokens: [probe_group(0, 48, [
        identifier(12, 13), EOL(13, 14, [NL(13, 14)]),
        identifier(26, 27), EOL(27, 28, [NL(27, 28)]),
        NL(28, 29),
        EOL(37, 38, [NL(37, 38)]),
        EOL(47, 48, [NL(47, 48)])
    ])] };
    // A group needs a user-agent line first.
    fails_with! { parser: Probe, input: "Disallow: /\n", rule: P::probe_group,
    positives: vec![P::probe_group], negatives: vec![], pos: 0 };
}

#[test]
fn robotstxt_is_groups_empty_lines_and_sitemaps() {
    let file = "# c\nSitemap: /s\nUser-agent: *\nDisallow: /a\n\nUser-agent: b\n";
    assert!(probe_whole(P::probe_robotstxt, file));
    assert!(probe_whole(P::probe_robotstxt, ""));
    // A rule before any group is refused at its line start.
    fails_with! { parser: Probe, input: "Disallow: /a\nUser-agent: *\n", rule: P::probe_robotstxt,
    positives: vec![P::probe_robotstxt], negatives: vec![], pos: 0 };
}

#[test]
fn strict_entry_rules_accept_the_same_abnf() {
    let ok = "User-Agent : foobot\nDisallow : /example/page.html\n\nUser-agent: *\nAllow:\n";
    assert!(StrictParser::parse(S::rfc9309, ok).is_ok());
    assert!(StrictParser::parse(S::rep_draft_2019, ok).is_ok());
    // Each entry rule spans the whole file.
    let rfc = StrictParser::parse(S::rfc9309, ok).unwrap().next().unwrap();
    assert_eq!(
        (rfc.as_rule(), rfc.as_span().start(), rfc.as_span().end()),
        (S::rfc9309, 0, ok.len())
    );
    let draft = StrictParser::parse(S::rep_draft_2019, ok)
        .unwrap()
        .next()
        .unwrap();
    assert_eq!(
        (draft.as_span().start(), draft.as_span().end()),
        (0, ok.len())
    );
    for refused in [
        "Crawl-delay: 5\n",
        "User-agent: *\nDisallow /x\n",
        "User-agent: *\n\u{1A}\n",
    ] {
        assert!(
            StrictParser::parse(S::rfc9309, refused).is_err(),
            "{refused:?}"
        );
        assert!(
            StrictParser::parse(S::rep_draft_2019, refused).is_err(),
            "{refused:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Strict ⇔ no violation, both ways, with the strict grammar run on its own
// ---------------------------------------------------------------------------------------------

#[path = "../../tests/common/strategies.rs"]
mod strategies;

mod strict_property {
    use pest::Parser;
    use proptest::prelude::*;

    use super::super::strict::{Rule as S, StrictParser};
    use crate::diagnostic::Code;
    use crate::source::Source;
    use crate::syntax::{parse, parse_strict};
    use crate::variant::{Profile, Variant};

    use super::strategies::robots_like_bytes;

    /// Every strict grammar's reading: the five variants, and RFC 9309 with Content-Usage
    /// rules (`aipref`).
    fn readings() -> Vec<Profile> {
        let mut all: Vec<Profile> = Variant::ALL.iter().map(Profile::from).collect();
        all.push(
            Profile::from(Variant::Rfc9309)
                .with("aipref", "yes")
                .unwrap(),
        );
        all
    }

    /// The formal grammar each variant is validated by (grammar/README.md): google has none of
    /// its own and is held to RFC 9309's. A leading byte order mark is not part of the file's
    /// text, except for the 1996 draft, which is ASCII only: its grammar sees the mark (and
    /// refuses it).
    fn grammar_accepts(reading: impl Into<Profile>, bytes: &[u8]) -> bool {
        let reading: Profile = reading.into();
        let variant = reading.variant();
        let source = Source::new(bytes);
        // A whole byte order mark is not part of the file's grammar (the 1996 draft's sees it:
        // ASCII only); a truncated one is bytes that are not UTF-8, for every grammar.
        let bom = match (variant, source.bom_len()) {
            (Variant::Draft1996, _) => 0,
            (_, 3) => 3,
            _ => 0,
        };
        let text = source.text().get(bom..).unwrap_or_default();
        match variant {
            Variant::Convention1994 => StrictParser::parse(S::convention_1994, text).is_ok(),
            Variant::Draft1996 => StrictParser::parse(S::draft_1996, text).is_ok(),
            Variant::RepDraft2019 => StrictParser::parse(S::rep_draft_2019, text).is_ok(),
            _ if reading.strict_grammar.admits_content_usage() => {
                StrictParser::parse(S::rfc9309_aipref, text).is_ok()
            }
            Variant::Rfc9309 | Variant::Google => StrictParser::parse(S::rfc9309, text).is_ok(),
        }
    }

    /// The codes of the violations the lenient reading reports, with their spans.
    fn violations(reading: impl Into<Profile>, bytes: &[u8]) -> Vec<(Code, usize, usize)> {
        let lenient = parse(bytes, reading);
        lenient
            .diagnostics()
            .iter()
            .filter(|d| d.code.is_violation())
            .map(|d| (d.code, d.span.start, d.span.end))
            .collect()
    }

    fn violates(reading: impl Into<Profile>, bytes: &[u8]) -> bool {
        !violations(reading, bytes).is_empty()
    }

    /// Files made of well-formed lines, so that acceptance is common and both directions are
    /// exercised.
    fn robots_like_lines() -> impl Strategy<Value = Vec<u8>> {
        let lines = prop::sample::select(vec![
            &b"User-agent: *"[..],
            b"User-agent: foo-bot",
            b"user-agent:Bot2",
            b"User-agent: Googlebot/2.1",
            b"Disallow: /a",
            b"Disallow:",
            b"Disallow: *.gif",
            b"Allow: /b$",
            b"Allow: /caf\xC3\xA9",
            b"Allow: /%7E/a%2Fb",
            b"Disallow: /a b",
            b"Sitemap: https://example.com/s.xml",
            b"Sitemap:",
            b"Crawl-delay: 5",
            b"Content-Usage: train-ai=n",
            b"Content-Usage: /a/ train-ai=y, search=n # why",
            b"content-usage:/b\ttrain-ai=(y \"z\");q=?1",
            b"Content-Usage: /x",
            b"Content-Usage: train-ai=n,",
            b"Content-Usage: Train-ai=n",
            b"Content-Usage: a=:aGk=:, b=@12, c=-1.5, d=%\"%c3%a9\"",
            b"# comment",
            b"  # indented",
            b"",
            b"\t",
            b" Disallow: /x",
            b"Disallow /x",
            b"Disallow : /x",
            b"\xEF\xBB\xBFDisallow: /",
        ]);
        let ends = prop::sample::select(vec![&b"\n"[..], b"\r\n", b"\r"]);
        (
            prop::collection::vec((lines, ends), 0..8),
            any::<bool>(),
            any::<bool>(),
        )
            .prop_map(|(lines, bom, last_end)| {
                let mut out = if bom {
                    b"\xEF\xBB\xBF".to_vec()
                } else {
                    Vec::new()
                };
                let count = lines.len();
                for (i, (line, end)) in lines.into_iter().enumerate() {
                    out.extend(line);
                    if i + 1 < count || last_end {
                        out.extend(end);
                    }
                }
                out
            })
    }

    fn check(bytes: &[u8]) -> Result<(), TestCaseError> {
        for variant in readings() {
            let accepts = grammar_accepts(variant, bytes);
            let violations = violations(variant, bytes);
            // Accepted ⇒ no violation; rejected ⇒ some violation.
            prop_assert!(
                accepts == violations.is_empty(),
                "{}: the grammar {} {:?}, the line checks find {:?}",
                variant,
                if accepts { "accepts" } else { "rejects" },
                String::from_utf8_lossy(bytes),
                violations
            );
            // And the strict parser follows both.
            let strict_ok = parse_strict(bytes, variant).is_ok();
            prop_assert_eq!(strict_ok, accepts && violations.is_empty());
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        #[test]
        fn grammar_accepts_exactly_when_no_violation_on_random_bytes(bytes in robots_like_bytes()) {
            check(&bytes)?;
        }

        #[test]
        fn grammar_accepts_exactly_when_no_violation_on_random_lines(bytes in robots_like_lines()) {
            check(&bytes)?;
        }
    }

    /// Where grammar and checks once disagreed, they agree: a truncated leading byte order mark
    /// is bytes that are not UTF-8 for both (under `google`, which skips it in lenient mode, and
    /// under the others, which read it as content); under 1994, a mark before a key makes the key an
    /// unknown one, which both ignore.
    #[test]
    fn former_disagreements_agree() {
        for &variant in Variant::ALL.iter().filter(|&&v| v != Variant::Draft1996) {
            for (truncated, bom) in [
                (&b"\xEF"[..], 1),
                (b"\xEF\xBBUser-agent: *\nDisallow: /\n", 2),
            ] {
                assert!(!grammar_accepts(variant, truncated), "{variant}");
                // Google skips the truncated mark (the rest of the line is read); the others
                // read it as content (`byte-order-mark=whole`), so the line holds it too.
                let found = violations(variant, truncated);
                assert!(
                    found.contains(&(Code::InvalidUtf8, 0, bom)),
                    "{variant}: {found:?}"
                );
                if variant == Variant::Google {
                    assert_eq!(found, [(Code::InvalidUtf8, 0, bom)]);
                }
            }
        }
        let mid_bom = b"User-agent: *\nDisallow: /a\n\xEF\xBB\xBFDisallow: /b\n";
        assert!(grammar_accepts(Variant::Convention1994, mid_bom));
        assert!(violations(Variant::Convention1994, mid_bom).is_empty());
        for variant in [Variant::RepDraft2019, Variant::Rfc9309, Variant::Google] {
            assert!(!grammar_accepts(variant, mid_bom), "{variant}");
            assert_eq!(
                violations(variant, mid_bom),
                [(Code::MisplacedBom, 27, 38)],
                "{variant}"
            );
        }
    }

    /// Both answers occur for every variant on the generated lines, so neither direction is
    /// vacuous.
    #[test]
    fn both_directions_are_exercised() {
        let accepted = b"User-agent: *\nDisallow: /a\n";
        let rejected = b"User-agent: *\nDisallow /a\n";
        for variant in readings() {
            assert!(grammar_accepts(variant, accepted) && !violates(variant, accepted));
            assert!(!grammar_accepts(variant, rejected) && violates(variant, rejected));
        }
        let aipref = readings().pop().unwrap();
        let usage = b"User-agent: *\nContent-Usage: /a train-ai=n\nDisallow: /b\n";
        assert!(grammar_accepts(aipref, usage) && !violates(aipref, usage));
        assert!(!grammar_accepts(Variant::Rfc9309, usage) && violates(Variant::Rfc9309, usage));
    }

    /// The searches for a control character, and under the 1996 draft for a byte past
    /// US-ASCII, skip every line when the whole input holds none (the checks settle that once
    /// for the file): line ends are not content, so lines ended by CR, LF or CRLF hold none,
    /// and one such byte is found on whichever line holds it.
    #[test]
    fn control_and_non_ascii_bytes_are_found_on_the_line_that_holds_them() {
        let found = |variant: Variant, bytes: &[u8], code: Code| -> Vec<usize> {
            let parsed = parse(bytes, variant);
            let with_code = parsed.diagnostics().iter().filter(|d| d.code == code);
            with_code.map(|d| d.span.start).collect()
        };
        for end in ["\n", "\r", "\r\n"] {
            let lines = |third: &str| format!("User-agent: *{end}Disallow: /a{end}{third}{end}");
            let clean = lines("Allow: /b");
            let control = lines("Allow: /b\u{1}c");
            let at = control.find('\u{1}').unwrap();
            for &variant in Variant::ALL {
                assert!(found(variant, clean.as_bytes(), Code::ControlCharacter).is_empty());
                assert_eq!(
                    found(variant, control.as_bytes(), Code::ControlCharacter),
                    [at],
                    "{variant} {end:?}"
                );
            }
            let accented = lines("Allow: /caf\u{e9}");
            let at = accented.find('\u{e9}').unwrap();
            let draft = Variant::Draft1996;
            assert!(found(draft, clean.as_bytes(), Code::NonAscii).is_empty());
            assert_eq!(found(draft, accented.as_bytes(), Code::NonAscii), [at]);
        }
    }

    /// Where the Content-Usage grammar and RFC 9651's parsing algorithm part: the ABNF admits
    /// any `%xx` in a Display String and any base64 alphabet run in a Byte Sequence, the
    /// algorithm also wants UTF-8 and valid base64. The checks apply the algorithm (a
    /// violation, `invalid-content-usage`), so strict mode rejects what the ABNF alone accepts.
    #[test]
    fn the_usage_preference_is_held_to_the_parsing_algorithm_too() {
        let aipref = readings().pop().unwrap();
        let display = b"User-agent: *\nContent-Usage: a=%\"%c3\"\n";
        assert!(grammar_accepts(aipref, display));
        assert_eq!(
            violations(aipref, display),
            [(Code::InvalidContentUsage, 33, 34)]
        );
        assert!(parse_strict(display, aipref).is_err());
    }
}
