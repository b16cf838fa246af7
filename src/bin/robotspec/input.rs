//! Reading a robots.txt file from a path or from standard input (`-`).

use std::io::Read;
use std::path::Path;

use crate::queries::Query;

/// The bytes of `path`, or of standard input when `path` is `-`.
pub fn read(path: &str) -> Result<Vec<u8>, String> {
    if path == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        Ok(bytes)
    } else {
        std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))
    }
}

/// The bytes of the file a query names, relative to the corpus folder.
pub fn read_corpus_file(corpus: &Path, query: &Query) -> Result<Vec<u8>, String> {
    let path = corpus.join(&query.file);
    std::fs::read(&path)
        .map_err(|e| format!("line {}: cannot read {}: {e}", query.number, path.display()))
}
