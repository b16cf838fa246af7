//! docs/architecture.md tells a contributor where things are and what the public surface is:
//! these tests hold it to the code, so that a file moved or an item made public makes the page
//! fail until it says so.
//!
//! - The layout drawing (the code block that starts `src/`) names every top-level file and
//!   folder of `src/`, and every `*.rs` file it names exists.
//! - The paragraph on the public surface names exactly the items the crate root re-exports, and
//!   the number of public modules it gives is the crate root's.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

fn page() -> String {
    fs::read_to_string("docs/architecture.md").unwrap()
}

/// The layout drawing: the code block whose first line is `src/`.
fn layout(page: &str) -> &str {
    let start = page
        .find("```\nsrc/\n")
        .expect("docs/architecture.md draws src/'s layout");
    let block = &page[start + 4..];
    &block[..block.find("```").unwrap()]
}

/// Every `*.rs` file name under `dir`, recursively.
fn rust_files(dir: &Path, found: &mut BTreeSet<String>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.insert(path.file_name().unwrap().to_string_lossy().into_owned());
        }
    }
}

#[test]
fn the_layout_names_every_part_of_src_and_only_files_that_exist() {
    let page = page();
    let layout = layout(&page);
    let listed: BTreeSet<&str> = layout
        .lines()
        .filter_map(|line| line.strip_prefix("  "))
        .filter(|line| !line.starts_with(' '))
        .filter_map(|line| line.split_whitespace().next())
        .collect();
    let mut missing = Vec::new();
    for entry in fs::read_dir("src").unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let shown = if path.is_dir() {
            format!("{name}/")
        } else {
            name
        };
        if !listed.contains(shown.as_str()) {
            missing.push(shown);
        }
    }
    assert!(
        missing.is_empty(),
        "src/ entries the layout does not list: {missing:?}"
    );

    let mut files = BTreeSet::new();
    rust_files(Path::new("src"), &mut files);
    let named: BTreeSet<&str> = layout
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
        .filter(|word| word.ends_with(".rs") && word.len() > 3)
        .collect();
    let gone: Vec<_> = named.iter().filter(|n| !files.contains(**n)).collect();
    assert!(
        gone.is_empty(),
        "files the layout names that src/ does not have: {gone:?}"
    );
}

/// The names a `pub use` item of the crate root brings in (`pub use a::{B, C};`, `pub use a::B;`).
fn root_reexports(lib: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut rest = lib;
    while let Some(at) = rest.find("\npub use ") {
        let item = &rest[at + 9..];
        let end = item.find(';').unwrap();
        let path = &item[..end];
        let leaves = match path.find('{') {
            Some(open) => &path[open + 1..path.rfind('}').unwrap()],
            None => path.rsplit("::").next().unwrap(),
        };
        for leaf in leaves.split(',') {
            let leaf = leaf.trim();
            if !leaf.is_empty() {
                names.insert(leaf.rsplit("::").next().unwrap().to_owned());
            }
        }
        rest = &item[end..];
    }
    names
}

/// The public modules the crate root declares, the hidden `internals` left out.
fn public_modules(lib: &str) -> BTreeSet<String> {
    lib.lines()
        .filter_map(|line| line.strip_prefix("pub mod "))
        .map(|rest| rest.trim_end_matches([';', '{', ' ']).to_owned())
        .filter(|name| name != "internals")
        .collect()
}

#[test]
fn the_public_surface_paragraph_names_what_the_crate_root_exports() {
    let page = page();
    let lib = fs::read_to_string("src/lib.rs").unwrap();
    let start = page
        .find("The public surface is the crate root — ")
        .expect("docs/architecture.md describes the public surface");
    let paragraph = &page[start..];
    let items_end = paragraph.find(" — and ").unwrap();
    let items: BTreeSet<String> = paragraph[..items_end]
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect();
    assert_eq!(items, root_reexports(&lib), "the crate root's items");

    let modules = public_modules(&lib);
    let words = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    ];
    let count = &paragraph[items_end + " — and ".len()..];
    let count = count.split_whitespace().next().unwrap();
    assert_eq!(
        words.iter().position(|w| *w == count),
        Some(modules.len()),
        "the page says {count} public modules; the crate root has {modules:?}"
    );
    for module in &modules {
        assert!(
            paragraph[items_end..].contains(&format!("`{module}`")),
            "the page does not name the public module `{module}`"
        );
    }
}
