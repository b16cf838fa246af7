//! The ground floor's shared words: the names the profiles, the stages and the public API all say,
//! kept below every stage so that no stage imports another to name them (docs/architecture.md,
//! "The stack").
//!
//! * [`extension`]: the known extension records, where each applies, the spellings a profile
//!   accepts, and the one reader of their values (the syntax checks judge a value with it, the
//!   model types it with it);
//! * [`policy`]: the policy tokens, `User-agent` tokens whose groups state a usage preference
//!   by path (the query answers with them, the linter's catalogue agrees with them);
//! * [`access`]: what a crawler may do after a fetch;
//! * [`pattern`]: rule kinds, pattern syntax and encoding, precedence, the matcher's bounds.

pub(crate) mod access;
pub(crate) mod extension;
pub(crate) mod pattern;
pub(crate) mod policy;
