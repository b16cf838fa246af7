//! robotspec for JavaScript: the library compiled to WebAssembly with wasm-bindgen, the core
//! of the npm package `robotspec` (`js/package`, whose `index.js` is the public API).
//!
//! A thin layer over the robotspec crate, so that JavaScript, Python and the command line
//! cannot drift apart: every answer is the library's, every text its `Display` (what the CLI
//! prints), every object its serde serialisation (what the CLI's `--format json` prints) with
//! JavaScript's key case. What the binding adds is the crossing:
//!
//! * `objects` — serialisations as JS objects, without JSON text;
//! * `refusal` — errors as plain objects the wrapper turns into its exception classes;
//! * `input` — options objects, reading names and agents in;
//! * `answers` — verdicts and lint findings out;
//! * `robots`, `calls` — the exported class and functions.
//!
//! No code here panics (no `unwrap`, no indexing): in WebAssembly a panic is a trap that
//! leaves the instance unusable, so every library error becomes a refusal instead. What no
//! code can refuse is running out of memory past the limits (a 32-bit module addresses 4 GiB):
//! allocation failure aborts the instance (docs/javascript.md).

// The floors, from the ground up (docs/architecture.md, "The JavaScript binding's stack").
mod objects;
mod refusal;

mod input;

mod answers;

mod calls;
mod robots;

pub use calls::{
    constants, diff, diff_readings, google_report, lint, lint_sarif, parse_tree, tree_text,
};
pub use input::Reading;
pub use robots::{module_memory, question_buffer, Robots};
