//! Helpers shared by the integration tests: locating test data and reading its headers.
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::path::{Path, PathBuf};

use robotspec::Variant;

pub mod hostile;

/// `tests/` in this repository.
pub fn tests_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests")
}

/// The one folder walker: every file under `dir`, at any depth, sorted (empty when the folder
/// does not exist).
pub fn files_below(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for path in entries.map(|e| e.expect("readable folder entry").path()) {
            if path.is_dir() {
                pending.push(path);
            } else if path.is_file() {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The files under `tests/<dir>`, at any depth, sorted.
pub fn files_in(dir: &str) -> Vec<PathBuf> {
    files_below(&tests_dir().join(dir))
}

/// A path relative to `tests/`, with `/` separators, for test names and messages.
pub fn relative(path: &Path) -> String {
    let rel = path.strip_prefix(tests_dir()).unwrap_or(path);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// The shared material's real corpus (`../shared/corpus/real` next to the repository, or
/// `$ROBOTSPEC_SHARED/corpus/real`), when it exists. When it does not, says so on standard
/// error with [`skipped`], so that a run without it cannot pass for a run with it.
pub fn shared_real_corpus(test: &str) -> Option<PathBuf> {
    let shared = std::env::var_os("ROBOTSPEC_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"));
    let dir = shared.join("corpus/real");
    if dir.is_dir() {
        Some(dir)
    } else {
        skipped(test, &format!("{} not found", dir.display()));
        None
    }
}

/// Prints `SKIPPED <test>: <why>` on standard error, past the test harness's output capture
/// (which takes `print!`/`eprint!`, not direct writes), so the line shows in a normal run.
pub fn skipped(test: &str, why: &str) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr(), "SKIPPED {test}: {why}");
}

/// The value of a `# name: value` header line in a test file, if any.
pub fn header<'a>(bytes: &'a [u8], name: &str) -> Vec<&'a str> {
    let prefix = format!("# {name}: ");
    bytes
        .split(|&b| b == b'\n')
        .filter_map(|line| std::str::from_utf8(line).ok())
        .filter_map(|line| line.strip_prefix(prefix.as_str()))
        .map(str::trim)
        .collect()
}

/// The variant named by a `# variant:` header, else RFC 9309.
pub fn variant_of(bytes: &[u8]) -> Variant {
    header(bytes, "variant")
        .first()
        .map(|name| name.parse().expect("known variant in test header"))
        .unwrap_or(Variant::Rfc9309)
}
