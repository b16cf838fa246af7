//! The syntax stage: bytes → lines → lossless tree, with diagnostics, in strict or lenient mode.
//!
//! * **Lenient** ([`parse`], [`Mode::Lenient`]) never fails, so it returns a value: the shared line grammar
//!   (`grammar/lenient.pest`, read by its transcription in `scan.rs`) reads any input line by
//!   line, each line a record, a comment, a blank line or — the last choice — an invalid line.
//!   Problems come back as warnings.
//! * **Strict** ([`parse_strict`], [`Mode::Strict`]) asks whether the file conforms to the variant's formal
//!   grammar. The lenient pass finds *every* problem with a precise code; the variant's strict
//!   pest rule (e.g. `grammar/rfc9309.pest`, the ABNF transcribed) gives the verdict. A file is
//!   accepted only if both agree it is clean; otherwise a [`StrictError`] carries all
//!   diagnostics as errors.
//!
//! ```
//! use robotspec::{parse, parse_strict, Code, Severity, Variant};
//!
//! let parsed = parse_strict(b"User-agent: *\nDisallow: /private\n", Variant::Rfc9309)?;
//! assert_eq!(parsed.tree().root().children.len(), 2);
//! assert_eq!(parsed.tree().reassemble(), b"User-agent: *\nDisallow: /private\n");
//!
//! let lenient = parse(b"User-agent: *\nDisallow private\n", Variant::Rfc9309);
//! let first = &lenient.diagnostics()[0];
//! assert_eq!((first.code, first.severity), (Code::MissingColon, Severity::Warning));
//! let err = parse_strict(b"User-agent: *\nDisallow private\n", Variant::Rfc9309).unwrap_err();
//! assert_eq!(err.diagnostics()[0].to_string(),
//!            "2:9: error[missing-colon]: missing `:` between key and value");
//! # Ok::<(), robotspec::StrictError>(())
//! ```
//!
//! # One pass, one direction
//!
//! The bytes are read once ([`Lines`]): each line is checked as it is read, handed to the stage
//! that consumes it (the model, for a [`Robots`](crate::Robots)) and forgotten. Problems go to one
//! collector that positions them while their line is current. No later stage splits lines or looks
//! for keys: what they need, the syntax stage has already said.

mod check;
mod grammar;
mod lines;
mod options;
mod parsed;
mod pass;
#[cfg(any(test, feature = "internals"))]
mod reference;
mod scan;
pub(crate) mod strict;
pub(crate) mod tree;

pub(crate) use lines::{cut_len, Entry, Line, LineBody};
pub use options::{Collect, Mode, ParseOptions};
pub use parsed::{parse, parse_strict, parse_with, Parsed};
pub use pass::StrictError;
pub(crate) use pass::{conclude, read, read_each, source_of};
#[cfg(feature = "internals")]
pub use scan::grammar_agrees;
pub(crate) use scan::Lines;
