//! The library's integration tests, one test binary with a module per subject (one link instead
//! of one per file). The data-driven runners with their own harness, `tests/conformance.rs` and
//! `tests/corpus.rs`, are separate binaries; the command-line tool's tests are in `cli/tests`.

#[path = "../common/mod.rs"]
mod common;
#[path = "../common/strategies.rs"]
mod strategies;

mod analysis;
mod architecture;
mod architecture_doc;
mod diagnostics_doc;
mod encoding;
mod extensions;
// Needs the library's `fetch` feature, which `cargo test` at the root turns on (the
// command-line tool, a default member, depends on it); `cargo test -p robotspec --features
// fetch` alone.
#[cfg(feature = "fetch")]
mod fetch;
mod hostile;
mod limits;
mod lint;
mod probes;
mod profiles;
mod properties;
mod robustness;
mod scope;
mod snapshots;
mod syntax;
mod verdicts;
