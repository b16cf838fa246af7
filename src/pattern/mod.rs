//! Rule patterns: normalisation of their percent-encoding.
//!
//! Each variant compares rule paths and URLs after its own percent-encoding treatment; settling
//! it here, before any matching, lets the matcher compare plain bytes.

mod normalise;

pub use normalise::{normalise, PatternEncoding};
