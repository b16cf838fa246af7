//! The pest parsers generated from `grammar/`.
//!
//! Two parsers. pest concatenates several `#[grammar]` files into one grammar and compiles every
//! rule of it into the parser (its entry point takes the rule at run time): the strict parser
//! holds the five formal grammars, each an entry rule, over `common.pest` (the ABNF's lexical
//! rules); the lenient reference (`lenient.pest`, tests and `internals` only) is a parser of its
//! own, so that the strict one carries none of its rules.

#![allow(missing_docs)] // the derive generates an undocumented `Rule` enum

#[cfg(any(test, feature = "internals"))]
use pest_derive::Parser;

/// The lenient, line-by-line grammar shared by every variant (`grammar/lenient.pest`): the
/// reference the line reader is held to, in tests and with `internals` only.
#[cfg(any(test, feature = "internals"))]
#[derive(Parser)]
#[grammar = "../grammar/common.pest"]
#[grammar = "../grammar/lenient.pest"]
pub(super) struct LenientParser;

/// The five strict grammars, in one parser: each variant's grammar is an entry rule of it —
/// `convention_1994` (`grammar/1994.pest`, the 1994 convention's derived sketch), `draft_1996`
/// (`grammar/1996-draft.pest`, the 1996 draft's BNF), `rep_draft_2019` and `rfc9309`
/// (`grammar/rep-abnf.pest`, the ABNF the two share, + their entry file) and `rfc9309_aipref`
/// (`grammar/rfc9309-aipref.pest`, RFC 9309 with `rule =/ content-usage`). The grammars name no
/// rule alike and define no implicit `WHITESPACE` or `COMMENT`, so an entry rule derives exactly
/// what its grammar alone would; one parser holds `common.pest`'s and `rep-abnf.pest`'s rules
/// once, where a parser per grammar held them five and three times (the WebAssembly module
/// carries every rule's code).
pub(super) mod strict {
    use pest_derive::Parser;

    /// The strict grammars' parser.
    #[derive(Parser)]
    #[grammar = "../grammar/common.pest"]
    #[grammar = "../grammar/1994.pest"]
    #[grammar = "../grammar/1996-draft.pest"]
    #[grammar = "../grammar/rep-abnf.pest"]
    #[grammar = "../grammar/rep-draft-2019.pest"]
    #[grammar = "../grammar/rfc9309.pest"]
    #[grammar = "../grammar/rfc9309-aipref.pest"]
    pub(crate) struct StrictParser;
}

#[cfg(test)]
#[path = "grammar_tests.rs"]
mod tests;
