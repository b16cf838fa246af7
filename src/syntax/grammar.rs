//! The pest parsers generated from `grammar/`.
//!
//! One parser per entry point. pest concatenates several `#[grammar]` files into one grammar, so
//! every parser includes `common.pest` (shared lexical rules, lenient entry) and at most one
//! variant file with its strict entry rule.

#![allow(missing_docs)] // the derive generates an undocumented `Rule` enum

use pest_derive::Parser;

/// The lenient, line-by-line grammar shared by every variant (`grammar/common.pest`).
#[derive(Parser)]
#[grammar = "../grammar/common.pest"]
pub struct LenientParser;

/// RFC 9309's ABNF (`grammar/rfc9309.pest`).
pub mod rfc9309 {
    use pest_derive::Parser;

    /// The strict RFC 9309 grammar.
    #[derive(Parser)]
    #[grammar = "../grammar/common.pest"]
    #[grammar = "../grammar/rfc9309.pest"]
    pub struct Rfc9309Parser;
}
