//! The linter (feature `lint`): what a site owner should know about a robots.txt before
//! deploying it — each reading's problems, the extension records people write, crawler names
//! that a reading cuts or can never match, file-level trouble, Google's per-line report — as
//! [`Finding`]s with stable codes, severities, positions, the readings they apply to, and a fix
//! where one is certain. docs/lint.md lists every code.
//!
//! It sits on the top floor of the library because it reads everything below: the readings'
//! diagnostics and models, Google's report, and the exact analysis of every URL (dead rules
//! and groups, a file that shuts everyone out, where readings part: `exact.rs`). The command line
//! (`robotspec lint`), the Python binding (`robotspec.lint`) and the playground are its clients.
//!
//! ```
//! use robotspec::lint::{lint, FindingCode, LintCode, LintOptions};
//! use robotspec::Severity;
//!
//! let body = b"User-agent: AI2Bot\nDisallow: /\n";
//! let findings = lint(body, &LintOptions::default());
//! let misread = findings
//!     .iter()
//!     .find(|f| f.code == FindingCode::Lint(LintCode::AgentMisread))
//!     .unwrap();
//! assert_eq!((misread.line, misread.col, misread.severity), (Some(1), Some(13), Severity::Error));
//! assert!(misread.message.contains("read `AI2Bot` as `AI`"));
//! ```

mod agents;
mod code;
mod context;
mod crawlers;
mod exact;
mod file;
mod finding;
mod options;
mod pass;
mod position;
mod records;
mod report;
mod sarif;

pub use code::{FindingCode, LintCode};
pub use crawlers::{Crawler, Purpose};
pub use finding::Finding;
pub use options::LintOptions;
pub use pass::{line_text, lint};
pub use sarif::sarif;
