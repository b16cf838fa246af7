//! The strict grammars' verdict: does the file derive from the variant's formal grammar?

use pest::error::{ErrorVariant, InputLocation};
use pest::Parser;

use super::check::{self, Demands};
use super::grammar::strict::{Rule, StrictParser};
use crate::diagnostic::Code;
use crate::findings::Unplaced;
use crate::source::{Source, Span};
use crate::variant::StrictGrammarId;

/// A strict grammar: the pest grammar a file must derive from, and what the line checks demand
/// so that they find every place it does not (docs/diagnostics.md). The one table of the
/// variants' grammars: a profile names one of the constants below by its id ([`grammar`]).
#[derive(Debug)]
pub(crate) struct StrictGrammar {
    /// Runs the grammar on the text after the byte order mark (which starts at the given
    /// offset of the input).
    validate: fn(&str, usize) -> Option<Unplaced>,
    /// What the line checks demand.
    pub(crate) demands: Demands,
}

/// The grammar a profile's id names: the one table of the variants' grammars.
pub(crate) fn grammar(id: StrictGrammarId) -> &'static StrictGrammar {
    match id {
        StrictGrammarId::Convention1994 => &CONVENTION_1994,
        StrictGrammarId::Draft1996 => &DRAFT_1996,
        StrictGrammarId::RepDraft2019 => &REP_DRAFT_2019,
        StrictGrammarId::Rfc9309 => &RFC9309,
        StrictGrammarId::Rfc9309Aipref => &RFC9309_AIPREF,
    }
}

/// The 1994 convention has no formal grammar: the shape its prose describes (grammar/1994.pest;
/// docs/spec/VARIANTS.md §1.9).
pub(crate) const CONVENTION_1994: StrictGrammar = StrictGrammar {
    validate: |text, start| verdict(Rule::convention_1994, text, start, "1994 (derived)"),
    demands: check::CONVENTION_1994,
};

/// The 1996 draft's BNF (grammar/1996-draft.pest; docs/spec/VARIANTS.md §2.11).
pub(crate) const DRAFT_1996: StrictGrammar = StrictGrammar {
    validate: |text, start| verdict(Rule::draft_1996, text, start, "1996 draft"),
    demands: check::DRAFT_1996,
};

/// draft-koster-rep-00 §2.2 ABNF (grammar/rep-draft-2019.pest; docs/spec/VARIANTS.md §3.11).
pub(crate) const REP_DRAFT_2019: StrictGrammar = StrictGrammar {
    validate: |text, start| verdict(Rule::rep_draft_2019, text, start, "draft-koster-rep-00"),
    demands: check::REP_ABNF,
};

/// RFC 9309 §2.2 ABNF (grammar/rfc9309.pest).
pub(crate) const RFC9309: StrictGrammar = StrictGrammar {
    validate: |text, start| verdict(Rule::rfc9309, text, start, "RFC 9309"),
    demands: check::REP_ABNF,
};

/// RFC 9309 §2.2 ABNF with draft-ietf-aipref-attach §3's `rule =/ content-usage`
/// (grammar/rfc9309-aipref.pest): opt-in, `--with aipref=yes`.
pub(crate) const RFC9309_AIPREF: StrictGrammar = StrictGrammar {
    validate: |text, start| {
        verdict(
            Rule::rfc9309_aipref,
            text,
            start,
            "RFC 9309 + Content-Usage",
        )
    },
    demands: check::REP_ABNF_AIPREF,
};

/// Runs the strict grammar; `Some` finding (code [`Code::Syntax`]) where it rejects the file.
///
/// A whole byte order mark is skipped as in lenient mode; where a grammar refuses it (1996,
/// ASCII only) the line checks report it.
pub(crate) fn validate(source: &Source<'_>, grammar: &StrictGrammar) -> Option<Unplaced> {
    // Only a whole mark is skipped: a truncated one (`EF`, `EF BB`) is bytes that are not
    // UTF-8, which the grammar must see (and refuse, as the checks do).
    let start = match source.bom_len() {
        whole if whole == crate::source::UTF8_BOM.len() => whole,
        _ => 0,
    };
    let text = source.text().get(start..).unwrap_or_default();
    (grammar.validate)(text, start)
}

/// One grammar's verdict on `text` (which starts at byte `offset` of the input): the parser's
/// first error as a [`Code::Syntax`] finding, or `None` when the text derives from `entry`.
fn verdict(entry: Rule, text: &str, offset: usize, name: &str) -> Option<Unplaced> {
    let error = StrictParser::parse(entry, text).err()?;
    let at = offset
        + match error.location {
            InputLocation::Pos(pos) => pos,
            InputLocation::Span((pos, _)) => pos,
        };
    let message = match &error.variant {
        ErrorVariant::ParsingError { positives, .. } if !positives.is_empty() => {
            let names: Vec<String> = positives.iter().map(|r| format!("{r:?}")).collect();
            format!("the {name} grammar expects {} here", names.join(" or "))
        }
        _ => format!("the {name} grammar rejects the file here"),
    };
    Some(Unplaced {
        code: Code::Syntax,
        span: Span::new(at, at),
        message,
    })
}
