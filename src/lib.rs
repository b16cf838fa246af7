//! robotspec — robots.txt in every form it has had.
#![forbid(unsafe_code)]

pub mod agent;
pub mod diagnostic;
pub mod source;
pub mod target;
