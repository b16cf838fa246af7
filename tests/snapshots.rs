//! Parse-tree snapshots (insta), stored in the top-level `snapshots/` folder: the tree and the
//! lenient diagnostics of every worked example body (docs/spec/VARIANTS.md E1–E29) and of every file in
//! `corpus/ok`, `corpus/err` and `corpus/warn`. Review changes with `cargo insta review`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

mod common;

use robotspec::{parse, parse_strict};

/// The snapshot text: variant, diagnostics, then the indented tree.
fn render(bytes: &[u8]) -> String {
    let variant = common::variant_of(bytes);
    let parsed = parse(bytes, variant);
    let mut out = format!("variant: {variant}\n");
    for diagnostic in parsed.diagnostics() {
        out.push_str(&format!("{diagnostic}\n"));
    }
    out.push('\n');
    out.push_str(&parsed.tree().dump());
    out
}

fn snapshot_folder(name: &str, folder: &str) {
    insta::with_settings!({
        snapshot_path => "../snapshots",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::glob!(folder, |path| {
            let bytes = std::fs::read(path).unwrap();
            insta::assert_snapshot!(name, render(&bytes));
        });
    });
}

#[test]
fn worked_example_trees() {
    snapshot_folder("examples", "examples/bodies/*.txt");
}

#[test]
fn ok_corpus_trees() {
    snapshot_folder("ok", "corpus/ok/*.txt");
}

#[test]
fn err_corpus_trees() {
    snapshot_folder("err", "corpus/err/*.txt");
}

#[test]
fn warn_corpus_trees() {
    snapshot_folder("warn", "corpus/warn/*.txt");
}

/// Every worked example under every variant's strict grammar: accepted, or each error.
#[test]
fn worked_examples_strictly_under_every_variant() {
    insta::with_settings!({
        snapshot_path => "../snapshots",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::glob!("examples/bodies/*.txt", |path| {
            let bytes = std::fs::read(path).unwrap();
            let mut out = String::new();
            for &variant in robotspec::Variant::ALL {
                match parse_strict(&bytes, variant) {
                    Ok(_) => out.push_str(&format!("{variant}: accepted\n")),
                    Err(rejected) => {
                        out.push_str(&format!("{variant}: rejected\n"));
                        for diagnostic in rejected.diagnostics() {
                            out.push_str(&format!("  {diagnostic}\n"));
                        }
                    }
                }
            }
            insta::assert_snapshot!("strict", out);
        });
    });
}

/// Every vendored extension example (`tests/extensions/`): its tree, diagnostics and records
/// as the library types them.
#[test]
fn extension_example_trees() {
    insta::with_settings!({
        snapshot_path => "../snapshots",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::glob!("extensions/*.txt", |path| {
            let bytes = std::fs::read(path).unwrap();
            let variant = common::variant_of(&bytes);
            let options = robotspec::ParseOptions::default();
            let robots = robotspec::Robots::parse_with(&bytes, variant, &options).unwrap();
            let records: Vec<_> = robots.records().collect();
            let records = serde_json::to_string_pretty(&records).unwrap();
            insta::assert_snapshot!("extensions", format!("{}\nrecords: {records}\n", render(&bytes)));
        });
    });
}
