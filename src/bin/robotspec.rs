//! The `robotspec` command-line tool.
fn main() {}
