//! robotspec — robots.txt in every form it has had.
#![forbid(unsafe_code)]

pub mod diagnostic;
pub mod pattern;
pub mod source;
