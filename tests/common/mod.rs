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

/// `tests/` in this repository.
pub fn tests_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests")
}

/// The files of `tests/<dir>`, sorted (empty when the folder does not exist).
pub fn files_in(dir: &str) -> Vec<PathBuf> {
    files_under(&tests_dir().join(dir))
}

/// The files of any folder, sorted (empty when it does not exist).
pub fn files_under(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

/// The shared material's real corpus (`../shared/corpus/real` next to the repository, or
/// `$ROBOTSPEC_SHARED/corpus/real`), when it exists.
pub fn shared_real_corpus() -> Option<PathBuf> {
    let shared = std::env::var_os("ROBOTSPEC_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"));
    let dir = shared.join("corpus/real");
    dir.is_dir().then_some(dir)
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

/// Hostile inputs: pathological sizes and bytes. Each is (name, bytes).
pub fn hostile_inputs() -> Vec<(&'static str, Vec<u8>)> {
    let rules: Vec<u8> = b"User-agent: *\nDisallow: /a/b/c\nAllow: /a/*.html$\n# comment\n\n"
        .iter()
        .copied()
        .cycle()
        .take(5 << 20)
        .collect();
    let mut long_line = b"Disallow: /".to_vec();
    long_line.resize(2 << 20, b'x');
    vec![
        ("empty", Vec::new()),
        ("five-megabytes-of-rules", rules),
        ("two-megabyte-line", long_line),
        (
            "nul-bytes",
            b"User-agent: *\0\nDis\0allow: /\0a\n\0\0\0".to_vec(),
        ),
        (
            "lone-crs",
            b"User-agent: *\rDisallow: /\r\r\rAllow: /a\r".to_vec(),
        ),
        (
            "bom-in-the-middle",
            b"User-agent: *\n\xEF\xBB\xBFDisallow: /\n\xEF\xBB\xBF".to_vec(),
        ),
        ("only-line-ends", b"\r\n\n\r".repeat(100_000)),
        (
            "one-huge-comment",
            [b"#".as_slice(), &[b'c'; 1 << 20]].concat(),
        ),
        ("colons", vec![b':'; 1 << 20]),
        ("whitespace", b" \t".repeat(1 << 19)),
        ("invalid-utf8", (0u8..=255).cycle().take(1 << 20).collect()),
        ("words-without-colon", b"a b c d e f g ".repeat(50_000)),
    ]
}
