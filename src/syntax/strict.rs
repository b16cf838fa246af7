//! The strict grammars' verdict: does the file derive from the variant's formal grammar?

use pest::error::{ErrorVariant, InputLocation};
use pest::Parser;

use super::check::Finding;
use super::grammar::rfc9309::{Rfc9309Parser, Rule as Rfc9309Rule};
use crate::diagnostic::Code;
use crate::source::{Source, Span};
use crate::variant::StrictGrammar;

/// Runs the strict grammar; `Some` finding (code [`Code::Syntax`]) where it rejects the file.
pub fn validate(source: &Source<'_>, grammar: StrictGrammar) -> Option<Finding> {
    let start = source.bom_len();
    let text = source.text().get(start..).unwrap_or_default();
    match grammar {
        StrictGrammar::Convention1994 | StrictGrammar::Draft1996 | StrictGrammar::RepDraft2019 => {
            None // PLACEHOLDER: transcribed in grammar/ by the variants work
        }
        StrictGrammar::Rfc9309 => {
            let error = Rfc9309Parser::parse(Rfc9309Rule::rfc9309, text).err()?;
            let at = start
                + match error.location {
                    InputLocation::Pos(pos) => pos,
                    InputLocation::Span((pos, _)) => pos,
                };
            let message = match &error.variant {
                ErrorVariant::ParsingError { positives, .. } if !positives.is_empty() => {
                    let names: Vec<String> = positives.iter().map(|r| format!("{r:?}")).collect();
                    format!("the RFC 9309 grammar expects {} here", names.join(" or "))
                }
                _ => "the RFC 9309 grammar rejects the file here".to_owned(),
            };
            Some(Finding {
                code: Code::Syntax,
                span: Span::new(at, at),
                message,
            })
        }
    }
}
