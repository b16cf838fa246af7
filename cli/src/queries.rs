//! Reading `FILE<TAB>AGENT<TAB>URL` query lines (the input of `batch` and `diff --corpus`).
//!
//! A line is read with bounded memory: at most [`MAX_QUERY_BYTES`] of it are kept, and a longer
//! line is read on (and discarded) to its end. A line that is too long, has no two tabs or an
//! AGENT that names no crawler (see [`crate::agent::parse`]) is [`Line::Invalid`]: an error
//! for that line, after which reading goes on. Reading on is bounded too: a line with no line
//! end within [`MAX_SKIPPED_BYTES`] (an endless input such as `/dev/zero`) is the last line
//! read, and an error then says that the rest of the input was not read.

use robotspec::AgentQuery;
use std::io::{BufRead, ErrorKind};
use std::sync::Arc;

/// Longest query line, without its line end (`\n` or `\r\n`): 2 MiB, room for a URL of a
/// megabyte (the hostile cases ask about one) and still a bounded buffer.
pub const MAX_QUERY_BYTES: usize = 2 << 20;

/// Most bytes of one line read before its line end, discarding what is past
/// [`MAX_QUERY_BYTES`]: 64 MiB (the default input limit of a robots.txt file). A line longer
/// than that is no query stream's, and reading stops there rather than wait for an end that
/// may never come.
pub const MAX_SKIPPED_BYTES: usize = 64 << 20;

/// One query line. Queries naming the same file one after the other, or one of the last few
/// agents, share it (a run of queries on one file, its crawlers' questions): the column is
/// read once.
pub struct Query {
    /// 1-based line number in the input.
    pub number: usize,
    /// The robots.txt file, relative to the corpus folder.
    pub file: Arc<str>,
    /// The AGENT column as written.
    pub agent: Arc<str>,
    /// The crawler, as the library reads the column (the same reading as `--agent`).
    pub agents: Arc<AgentQuery>,
    /// The URL (or path) asked about.
    pub url: String,
}

/// What one input line holds.
pub enum Line {
    /// A query.
    Query(Query),
    /// A line that is not a query (too long, malformed, an agent that names no crawler).
    Invalid(Invalid),
}

/// A line that is not a query; as JSON (batch's JSON Lines), `{"line": N, "error": why}`.
#[derive(serde::Serialize)]
pub struct Invalid {
    /// 1-based line number in the input.
    #[serde(rename = "line")]
    pub number: usize,
    /// Why it is not a query.
    #[serde(rename = "error")]
    pub why: String,
}

impl Invalid {
    fn line(number: usize, why: impl Into<String>) -> Line {
        Line::Invalid(Invalid {
            number,
            why: why.into(),
        })
    }

    /// Reports the line on standard error: `robotspec: line N: why (ignored)`.
    pub fn report(&self) {
        eprintln!("robotspec: line {}: {} (ignored)", self.number, self.why);
    }
}

/// An error (exit status 2, once every other query is answered) when `count` lines were invalid.
pub fn ignored(count: usize) -> Result<(), String> {
    match count {
        0 => Ok(()),
        1 => Err("1 query line ignored".to_owned()),
        n => Err(format!("{n} query lines ignored")),
    }
}

/// The lines of `input`, in order, until its end or an error that ends reading (the input
/// cannot be read, or a line has no end in sight), which [`Queries::end`] then returns.
pub fn read<R: BufRead>(input: R) -> Queries<R> {
    Queries {
        input,
        buffer: Vec::new(),
        number: 0,
        seen: Seen::default(),
        ended: None,
    }
}

/// The query lines of an input, read as they are asked for (see [`read`]).
pub struct Queries<R> {
    input: R,
    buffer: Vec<u8>,
    number: usize,
    seen: Seen,
    /// Set once reading has ended: `Err` with why when an error ended it.
    ended: Option<Result<(), String>>,
}

impl<R> Queries<R> {
    /// After the lines: the error that ended reading before the end of the input, if any.
    pub fn end(self) -> Result<(), String> {
        self.ended.unwrap_or(Ok(()))
    }
}

impl<R: BufRead> Iterator for Queries<R> {
    type Item = Line;

    fn next(&mut self) -> Option<Line> {
        if self.ended.is_some() {
            return None;
        }
        let read = read_line(
            &mut self.input,
            &mut self.buffer,
            MAX_QUERY_BYTES,
            MAX_SKIPPED_BYTES,
        );
        let read = match read {
            Ok(Some(read)) => read,
            Ok(None) => {
                self.ended = Some(Ok(()));
                return None;
            }
            Err(e) => {
                self.ended = Some(Err(format!("cannot read <stdin>: {e}")));
                return None;
            }
        };
        self.number += 1;
        let number = self.number;
        let too_long =
            || Invalid::line(number, format!("query longer than {MAX_QUERY_BYTES} bytes"));
        Some(match read {
            LineRead::Whole => query(number, &self.buffer, &mut self.seen),
            LineRead::TooLong => too_long(),
            LineRead::Unended => {
                self.ended = Some(Err(format!(
                    "line {number} has no line end within {MAX_SKIPPED_BYTES} bytes: \
                     the rest of <stdin> is not read"
                )));
                too_long()
            }
        })
    }
}

/// How much of a line [`read_line`] read.
#[derive(Debug, PartialEq, Eq)]
enum LineRead {
    /// All of it, up to its line end or the end of the input.
    Whole,
    /// A line longer than the longest kept, read to its end and discarded.
    TooLong,
    /// A line with no line end within the most bytes read on: reading stopped inside it.
    Unended,
}

/// What the last queries named, shared with the next ones that name the same: the file (a run
/// of queries on one file) and the last few agents (a file's queries alternate among its
/// crawlers).
#[derive(Default)]
struct Seen {
    file: Option<Arc<str>>,
    /// The agents read most recently, each as written and as read, most recent last.
    agents: Vec<(Arc<str>, Arc<AgentQuery>)>,
}

/// How many agents [`Seen`] keeps.
const AGENTS_KEPT: usize = 8;

impl Seen {
    /// The file `file`, shared with the last query's when it is the same.
    fn file(&mut self, file: &str) -> Arc<str> {
        match &self.file {
            Some(last) if **last == *file => Arc::clone(last),
            _ => Arc::clone(self.file.insert(Arc::from(file))),
        }
    }

    /// The agent column `agent` and the crawler it names, read once while it is among the
    /// last few agents.
    fn agent(&mut self, agent: &str) -> Result<(Arc<str>, Arc<AgentQuery>), String> {
        if let Some((text, read)) = self.agents.iter().rev().find(|(text, _)| **text == *agent) {
            return Ok((Arc::clone(text), Arc::clone(read)));
        }
        let read = (Arc::from(agent), Arc::new(crate::agent::read(agent)?));
        if self.agents.len() == AGENTS_KEPT {
            self.agents.remove(0);
        }
        self.agents.push((Arc::clone(&read.0), Arc::clone(&read.1)));
        Ok(read)
    }
}

/// The query on line `number`, whose bytes (without the line end) are `line`; its file and
/// agent are shared with the queries before that named them (`seen`).
fn query(number: usize, line: &[u8], seen: &mut Seen) -> Line {
    let text = String::from_utf8_lossy(line);
    let mut fields = text.splitn(3, '\t');
    let (Some(file), Some(agent), Some(url)) = (fields.next(), fields.next(), fields.next()) else {
        return Invalid::line(number, "expected FILE<TAB>AGENT<TAB>URL");
    };
    let (agent, agents) = match seen.agent(agent) {
        Ok(read) => read,
        Err(why) => return Invalid::line(number, why),
    };
    Line::Query(Query {
        number,
        file: seen.file(file),
        agent,
        agents,
        url: url.to_owned(),
    })
}

/// Reads the next line of `input` into `line`, without its line end: `None` at the end of the
/// input, [`LineRead::Whole`] for a line of at most `max` bytes, [`LineRead::TooLong`] for a
/// longer one, of which nothing is kept (it is read to its `\n` or the end of the input, `line`
/// never holding more than `max + 1` bytes), and [`LineRead::Unended`] when its first `skip_max`
/// bytes hold no `\n` and more follow (reading stops after them).
fn read_line(
    input: &mut impl BufRead,
    line: &mut Vec<u8>,
    max: usize,
    skip_max: usize,
) -> std::io::Result<Option<LineRead>> {
    line.clear();
    let mut started = false;
    let mut fits = true;
    // Bytes of the line read so far, its line end included: never more than `skip_max`.
    let mut read = 0usize;
    loop {
        let available = match input.fill_buf() {
            Ok(available) => available,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            break;
        }
        started = true;
        let room = skip_max.saturating_sub(read).min(available.len());
        let Some(available) = available.get(..room).filter(|window| !window.is_empty()) else {
            line.clear();
            return Ok(Some(LineRead::Unended));
        };
        let newline = memchr::memchr(b'\n', available);
        let (text, used) = match newline {
            Some(at) => (available.get(..at).unwrap_or_default(), at + 1),
            None => (available, available.len()),
        };
        // One byte more than `max` is kept so that a `\r` before the `\n` is not counted.
        if fits && line.len() + text.len() <= max + 1 {
            line.extend_from_slice(text);
        } else {
            fits = false;
            line.clear();
        }
        input.consume(used);
        read = read.saturating_add(used);
        if newline.is_some() {
            break;
        }
    }
    if !started {
        return Ok(None);
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(Some(if fits && line.len() <= max {
        LineRead::Whole
    } else {
        LineRead::TooLong
    }))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn lines(input: &[u8], max: usize) -> Vec<Option<Vec<u8>>> {
        let mut input = std::io::BufReader::with_capacity(3, input);
        let mut line = Vec::new();
        let mut out = Vec::new();
        while let Some(read) = read_line(&mut input, &mut line, max, usize::MAX).unwrap() {
            out.push((read == LineRead::Whole).then(|| line.clone()));
        }
        out
    }

    #[test]
    fn long_lines_are_dropped_whole_and_reading_goes_on() {
        let got = lines(b"abcd\nabcde\r\nabcdef\n\nab\r\nabcdefgh", 5);
        let want: Vec<Option<&[u8]>> = vec![
            Some(b"abcd"),
            Some(b"abcde"),
            None,
            Some(b""),
            Some(b"ab"),
            None,
        ];
        assert_eq!(
            got,
            want.into_iter()
                .map(|l| l.map(<[u8]>::to_vec))
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn no_input_is_no_line() {
        assert!(lines(b"", 5).is_empty());
        assert_eq!(lines(b"\n", 5), vec![Some(Vec::new())]);
    }

    /// What `read_line` makes of each line of `input`, reading on at most `skip_max` bytes of a
    /// line, and where the input stands after it.
    fn read_on(input: &[u8], max: usize, skip_max: usize) -> (Vec<LineRead>, usize) {
        let mut reader = std::io::BufReader::with_capacity(4, input);
        let mut line = Vec::new();
        let mut out = Vec::new();
        while let Some(read) = read_line(&mut reader, &mut line, max, skip_max).unwrap() {
            let unended = read == LineRead::Unended;
            out.push(read);
            if unended {
                break;
            }
        }
        (
            out,
            input.len() - reader.buffer().len() - reader.into_inner().len(),
        )
    }

    #[test]
    fn reading_on_stops_within_its_bound() {
        // A line of 13 bytes with its line end is read to its end within 16; one of 40 is not.
        let short = b"ab\n0123456789ab\ncd";
        let (read, _) = read_on(short, 4, 16);
        assert_eq!(read, [LineRead::Whole, LineRead::TooLong, LineRead::Whole]);
        let endless = [b'x'; 40];
        let (read, consumed) = read_on(&endless, 4, 16);
        assert_eq!(read, [LineRead::Unended]);
        // Reading stopped at the bound, not at the end of the input.
        assert_eq!(consumed, 16);
    }

    #[test]
    fn an_unended_line_ends_the_queries_with_an_error() {
        // `read` with the real bounds: a line of zeros longer than `MAX_SKIPPED_BYTES`.
        let mut input = b"E08.txt\tbot\t/x\n".to_vec();
        input.resize(input.len() + MAX_SKIPPED_BYTES + 10, 0);
        input.extend_from_slice(b"\nE08.txt\tbot\t/y\n");
        let mut queries = read(std::io::Cursor::new(input));
        let lines: Vec<_> = queries.by_ref().collect();
        assert_eq!(lines.len(), 2);
        assert!(matches!(lines[0], Line::Query(_)));
        let Line::Invalid(invalid) = &lines[1] else {
            panic!("line 2 is not invalid");
        };
        assert_eq!(invalid.number, 2);
        let Err(why) = queries.end() else {
            panic!("no error after the unended line");
        };
        assert_eq!(
            why,
            "line 2 has no line end within 67108864 bytes: the rest of <stdin> is not read"
        );
    }
}
