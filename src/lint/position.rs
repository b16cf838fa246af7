//! Where a finding lies: the file's lines as the readings number them (a line ends at LF, CRLF
//! or a lone CR), and columns counted in characters, each byte that is not UTF-8 counting as
//! one — the positions the diagnostics use.

/// The start of every line of a file.
#[derive(Debug)]
pub(crate) struct LineIndex<'a> {
    input: &'a [u8],
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    pub(crate) fn new(input: &'a [u8]) -> Self {
        let mut starts = vec![0];
        let mut at = 0;
        while let Some(end) = memchr::memchr2(b'\n', b'\r', input.get(at..).unwrap_or_default()) {
            let end = at + end;
            let crlf = input.get(end) == Some(&b'\r') && input.get(end + 1) == Some(&b'\n');
            at = end + if crlf { 2 } else { 1 };
            starts.push(at);
        }
        LineIndex { input, starts }
    }

    /// The text of 1-based line `line`, without its line end.
    pub(crate) fn text(&self, line: u32) -> Option<&'a [u8]> {
        let index = usize::try_from(line).ok()?.checked_sub(1)?;
        let start = *self.starts.get(index)?;
        let rest = self.input.get(start..)?;
        let end = memchr::memchr2(b'\n', b'\r', rest).unwrap_or(rest.len());
        rest.get(..end)
    }

    /// The 1-based line holding byte `offset`.
    pub(crate) fn line_of(&self, offset: usize) -> u32 {
        let line = self.starts.partition_point(|&start| start <= offset);
        u32::try_from(line.max(1)).unwrap_or(u32::MAX)
    }

    /// The 1-based column of `needle` in line `line`, searched from the line's colon on (the
    /// value of a record), or from its start when it has none; column 1 when not found.
    pub(crate) fn value_column(&self, line: u32, needle: &[u8]) -> u32 {
        let text = self.text(line).unwrap_or_default();
        let from = memchr::memchr(b':', text).map_or(0, |colon| colon + 1);
        let rest = text.get(from..).unwrap_or_default();
        let found = match needle.is_empty() {
            true => None,
            false => memchr::memmem::find(rest, needle),
        };
        found.map_or(1, |at| column(text, from + at))
    }
}

/// The 1-based column of byte `offset` of `line`, in characters.
pub(crate) fn column(line: &[u8], offset: usize) -> u32 {
    let prefix = line.get(..offset).unwrap_or(line);
    let count: usize = prefix
        .utf8_chunks()
        .map(|chunk| chunk.valid().chars().count() + chunk.invalid().len())
        .sum();
    u32::try_from(count).unwrap_or(u32::MAX).saturating_add(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_end_at_lf_crlf_and_lone_cr() {
        let index = LineIndex::new(b"a\r\nb\rc\nd");
        assert_eq!(index.text(1), Some(&b"a"[..]));
        assert_eq!(index.text(2), Some(&b"b"[..]));
        assert_eq!(index.text(4), Some(&b"d"[..]));
        assert_eq!(index.text(5), None);
        assert_eq!(index.line_of(5), 3);
        assert_eq!(index.value_column(1, b"x"), 1);
    }

    #[test]
    fn columns_count_characters_and_invalid_bytes() {
        assert_eq!(column("aé\u{ff}b".as_bytes(), 5), 4);
        assert_eq!(column(b"a\xFFb", 2), 3);
        let index = LineIndex::new("User-agent: Bötbot\n".as_bytes());
        assert_eq!(index.value_column(1, "Bötbot".as_bytes()), 13);
    }
}
