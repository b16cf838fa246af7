#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

// pest_derive without its `std` feature generates code that names `alloc`.
extern crate alloc;

pub mod access;
pub mod agent;
pub mod cache;
pub mod diagnostic;
pub mod diff;
#[cfg(feature = "fetch")]
pub mod fetch;
pub mod limits;
pub mod model;
pub mod pattern;
pub mod report;
pub mod robots;
pub mod source;
pub mod syntax;
pub mod target;
pub mod variant;

pub use diagnostic::{Code, Diagnostic, Severity};
pub use limits::Limits;
pub use robots::{Robots, Verdict};
pub use source::Span;
pub use syntax::{parse, parse_with, Collect, Mode, ParseOptions, Parsed, StrictError};
pub use variant::Variant;
