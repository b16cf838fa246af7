//! Reading a robots.txt file from a path or from standard input (`-`), bounded: never more than
//! the input limit plus one byte, whatever the file is (a regular file, `/dev/zero`, a FIFO, a
//! pipe). The extra byte lets the library see that the input is longer than the limit and report
//! `limit-exceeded` where it cuts.

use std::fs::File;
use std::io::Read;
use std::path::Path;

use crate::queries::Query;

/// The name of `path` in messages: `<stdin>` for standard input (`-`).
pub fn name(path: &str) -> &str {
    if path == "-" {
        "<stdin>"
    } else {
        path
    }
}

/// The first `limit + 1` bytes of `path`, or of standard input when `path` is `-`.
pub fn read(path: &str, limit: usize) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    let read = if path == "-" {
        read_bounded(std::io::stdin().lock(), limit, &mut bytes)
    } else {
        File::open(path).and_then(|file| read_bounded(file, limit, &mut bytes))
    };
    read.map_err(|e| format!("cannot read {}: {e}", name(path)))?;
    Ok(bytes)
}

/// The room [`read_corpus_file`] makes in its buffer before the first file.
const ROOM: usize = 64 << 10;

/// Reads into `bytes` (emptied first; its room is kept from file to file, so that a batch of
/// files reads each in one system call, not a growing series) the first `limit + 1` bytes of
/// the file a query names, relative to the corpus folder.
pub fn read_corpus_file(
    corpus: &Path,
    query: &Query,
    limit: usize,
    bytes: &mut Vec<u8>,
) -> Result<(), String> {
    // Room for most robots.txt files from the start: the reads then go straight into it.
    bytes.clear();
    bytes.reserve(ROOM.min(limit.saturating_add(1)));
    let path = corpus.join(&*query.file);
    File::open(&path)
        .and_then(|file| read_bounded(file, limit, bytes))
        .map_err(|e| format!("line {}: cannot read {}: {e}", query.number, path.display()))
}

/// Whether `bytes`, read under `limit`, hold more than the limit: the library ignores the rest.
pub fn cut(bytes: &[u8], limit: usize) -> bool {
    bytes.len() > limit
}

/// Reads `reader` into `bytes` (emptied first) to its end or to `limit + 1` bytes, whichever
/// comes first. The buffer grows with the data read (never `limit` bytes up front: the default
/// limit is 64 MiB).
fn read_bounded(reader: impl Read, limit: usize, bytes: &mut Vec<u8>) -> std::io::Result<()> {
    let most = u64::try_from(limit).map_or(u64::MAX, |limit| limit.saturating_add(1));
    bytes.clear();
    reader.take(most).read_to_end(bytes)?;
    Ok(())
}
