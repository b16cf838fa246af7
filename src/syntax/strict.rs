//! The strict grammars' verdict: does the file derive from the variant's formal grammar?

use pest::error::{ErrorVariant, InputLocation};
use pest::{Parser, RuleType};

use super::check::Finding;
use super::grammar::convention_1994::{Convention1994Parser, Rule as Rule1994};
use super::grammar::draft_1996::{Draft1996Parser, Rule as Rule1996};
use super::grammar::rep_draft_2019::{RepDraft2019Parser, Rule as Rule2019};
use super::grammar::rfc9309::{Rfc9309Parser, Rule as Rfc9309Rule};
use crate::diagnostic::Code;
use crate::source::{Source, Span};
use crate::variant::StrictGrammar;

/// Runs the strict grammar; `Some` finding (code [`Code::Syntax`]) where it rejects the file.
///
/// The byte order mark is skipped as in lenient mode; where a grammar refuses it (1996, ASCII
/// only) the line checks report it.
pub fn validate(source: &Source<'_>, grammar: StrictGrammar) -> Option<Finding> {
    let start = source.bom_len();
    let text = source.text().get(start..).unwrap_or_default();
    match grammar {
        StrictGrammar::Convention1994 => verdict::<Convention1994Parser, _>(
            Rule1994::convention_1994,
            text,
            start,
            "1994 (derived)",
        ),
        StrictGrammar::Draft1996 => {
            verdict::<Draft1996Parser, _>(Rule1996::draft_1996, text, start, "1996 draft")
        }
        StrictGrammar::RepDraft2019 => verdict::<RepDraft2019Parser, _>(
            Rule2019::rep_draft_2019,
            text,
            start,
            "draft-koster-rep-00",
        ),
        StrictGrammar::Rfc9309 => {
            verdict::<Rfc9309Parser, _>(Rfc9309Rule::rfc9309, text, start, "RFC 9309")
        }
    }
}

/// One grammar's verdict on `text` (which starts at byte `offset` of the input): the parser's
/// first error as a [`Code::Syntax`] finding, or `None` when the text derives from `entry`.
fn verdict<P: Parser<R>, R: RuleType>(
    entry: R,
    text: &str,
    offset: usize,
    name: &str,
) -> Option<Finding> {
    let error = P::parse(entry, text).err()?;
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
    Some(Finding {
        code: Code::Syntax,
        span: Span::new(at, at),
        message,
    })
}
