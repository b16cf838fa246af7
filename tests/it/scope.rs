//! Which page URLs a robots.txt URL governs: Google's scope table (docs/spec/VARIANTS.md E22), row by row,
//! from the vendored `tests/examples/scope.jsonl`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use crate::common;

use robotspec::access::governs;
use robotspec::Variant;

#[test]
fn google_scope_table() {
    let text = std::fs::read_to_string(common::tests_dir().join("examples/scope.jsonl")).unwrap();
    let rows: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(rows.len() >= 20, "scope table incomplete");
    for row in rows {
        let robots = url::Url::parse(row["robots_url"].as_str().unwrap()).unwrap();
        let page = row["page_url"].as_str().unwrap();
        let applies = row["applies"].as_bool().unwrap();
        assert_eq!(
            governs(Variant::Google, &robots, page),
            applies,
            "{robots} governs {page}: {}",
            row["note"]
        );
    }
}
