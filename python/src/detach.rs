//! When the binding releases the interpreter: for bodies at least [`DETACH_BYTES`] long, so
//! that other Python threads run while Rust works on a big file. One rule, on the ground floor
//! of the binding, for every call that reads a body (`parse`, `Robots`, `lint`, `diff`,
//! `Access`).

use pyo3::prelude::*;

/// Bodies at least this long are parsed with the interpreter released, so that other Python
/// threads run meanwhile; shorter ones parse faster than a release and re-acquisition cost.
const DETACH_BYTES: usize = 64 << 10;

/// `work` on `bytes`, with the interpreter released when `bytes` is large.
pub(crate) fn run_detached_if_large<T: Send>(
    py: Python<'_>,
    bytes: &[u8],
    work: impl FnOnce(&[u8]) -> T + Send,
) -> T {
    run_detached_if_long(py, bytes.len(), || work(bytes))
}

/// `work` on a body of `len` bytes, with the interpreter released when the body is large.
pub(crate) fn run_detached_if_long<T: Send>(
    py: Python<'_>,
    len: usize,
    work: impl FnOnce() -> T + Send,
) -> T {
    if len >= DETACH_BYTES {
        py.detach(work)
    } else {
        work()
    }
}
