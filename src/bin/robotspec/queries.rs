//! Reading `FILE<TAB>AGENT<TAB>URL` query lines (the input of `batch` and `diff --corpus`).

use std::io::BufRead;

/// One query line.
pub struct Query {
    /// 1-based line number in the input.
    pub number: usize,
    /// The robots.txt file, relative to the corpus folder.
    pub file: String,
    /// The crawler's token.
    pub agent: String,
    /// The URL (or path) asked about.
    pub url: String,
}

/// The queries of `input`, in order; an error names the first malformed or unreadable line.
pub fn read(input: impl BufRead) -> impl Iterator<Item = Result<Query, String>> {
    input.split(b'\n').enumerate().map(|(index, line)| {
        let number = index + 1;
        let line = line.map_err(|e| format!("cannot read standard input: {e}"))?;
        let line = line.strip_suffix(b"\r").unwrap_or(&line);
        let text = String::from_utf8_lossy(line);
        let mut fields = text.splitn(3, '\t');
        match (fields.next(), fields.next(), fields.next()) {
            (Some(file), Some(agent), Some(url)) => Ok(Query {
                number,
                file: file.to_owned(),
                agent: agent.to_owned(),
                url: url.to_owned(),
            }),
            _ => Err(format!("line {number}: expected FILE<TAB>AGENT<TAB>URL")),
        }
    })
}
