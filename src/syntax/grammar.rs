//! The pest parsers generated from `grammar/`.
//!
//! One parser per entry point. pest concatenates several `#[grammar]` files into one grammar, so
//! every parser includes `common.pest` (the ABNF's lexical rules) and the files of one grammar:
//! `lenient.pest` for the lenient reference, else one variant file, plus `rep-abnf.pest` for the
//! two grammars that share the draft-koster-rep-00 / RFC 9309 ABNF. pest compiles every rule of
//! a parser's grammar into it (its entry point takes the rule at run time), so no parser includes
//! a file it does not use: the lenient rules are not in the strict parsers.

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

/// The 1994 convention's derived sketch (`grammar/1994.pest`).
pub(super) mod convention_1994 {
    use pest_derive::Parser;

    /// The strict 1994 grammar.
    #[derive(Parser)]
    #[grammar = "../grammar/common.pest"]
    #[grammar = "../grammar/1994.pest"]
    pub(crate) struct Convention1994Parser;
}

/// The 1996 draft's BNF (`grammar/1996-draft.pest`).
pub(super) mod draft_1996 {
    use pest_derive::Parser;

    /// The strict 1996-draft grammar.
    #[derive(Parser)]
    #[grammar = "../grammar/common.pest"]
    #[grammar = "../grammar/1996-draft.pest"]
    pub(crate) struct Draft1996Parser;
}

/// draft-koster-rep-00's ABNF (`grammar/rep-abnf.pest` + `grammar/rep-draft-2019.pest`).
pub(super) mod rep_draft_2019 {
    use pest_derive::Parser;

    /// The strict rep-draft-2019 grammar.
    #[derive(Parser)]
    #[grammar = "../grammar/common.pest"]
    #[grammar = "../grammar/rep-abnf.pest"]
    #[grammar = "../grammar/rep-draft-2019.pest"]
    pub(crate) struct RepDraft2019Parser;
}

/// RFC 9309's ABNF (`grammar/rep-abnf.pest` + `grammar/rfc9309.pest`).
pub(super) mod rfc9309 {
    use pest_derive::Parser;

    /// The strict RFC 9309 grammar.
    #[derive(Parser)]
    #[grammar = "../grammar/common.pest"]
    #[grammar = "../grammar/rep-abnf.pest"]
    #[grammar = "../grammar/rfc9309.pest"]
    pub(crate) struct Rfc9309Parser;
}

/// RFC 9309's ABNF with draft-ietf-aipref-attach's `rule =/ content-usage`
/// (`grammar/rep-abnf.pest` + `grammar/rfc9309-aipref.pest`).
pub(super) mod rfc9309_aipref {
    use pest_derive::Parser;

    /// The strict RFC 9309 grammar admitting Content-Usage rules.
    #[derive(Parser)]
    #[grammar = "../grammar/common.pest"]
    #[grammar = "../grammar/rep-abnf.pest"]
    #[grammar = "../grammar/rfc9309-aipref.pest"]
    pub(crate) struct Rfc9309AiprefParser;
}

#[cfg(test)]
#[path = "grammar_tests.rs"]
mod tests;
