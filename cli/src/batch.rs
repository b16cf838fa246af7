//! `robotspec batch`: many queries from standard input, one answer line each.
//!
//! Input lines are `FILE<TAB>AGENT<TAB>URL`, FILE relative to `--corpus`. A file is parsed once
//! for a run of consecutive queries on it. A line that is not a query (malformed, longer than
//! [`MAX_QUERY_BYTES`](crate::queries::MAX_QUERY_BYTES), or with an AGENT that names no crawler)
//! is answered `E`, with a message on standard error, and the batch goes on; the exit status is
//! then 2. A line with no line end within
//! [`MAX_SKIPPED_BYTES`](crate::queries::MAX_SKIPPED_BYTES) is answered `E` too, and the batch
//! stops there with an error (exit status 2).
//!
//! Answers stream as they are found, one line per input line, in order: `1`/`0`/`E` as text,
//! or with `--format json` one JSON object per line (JSON Lines) — the library's serialisation
//! of the verdict with the query, or the line number and why it is not a query — so that a
//! consumer can read them while the batch runs and memory stays flat.

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use robotspec::{Collect, Limit, ParseOptions, Profile, Robots, Verdict};
use serde::Serialize;

use crate::input;
use crate::output::{output_error, write_json_line};
use crate::queries::{self, Invalid, Line, Query};
use crate::reading::ReadingArgs;
use crate::values::{Format, VariantArg};

/// Arguments of `robotspec batch`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    variant: VariantArg,
    /// The folder FILE names are relative to.
    #[arg(long)]
    corpus: PathBuf,
    #[command(flatten)]
    reading: ReadingArgs,
    /// Output format: `text` answers `1`, `0` or `E` per line; `json` one object per line.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// One query's answer in JSON Lines.
#[derive(Serialize)]
struct Answer<'a> {
    line: usize,
    file: &'a str,
    agent: &'a str,
    url: &'a str,
    verdict: Verdict<'a>,
}

/// The file the current run of queries is on, parsed once.
struct Files<'a> {
    corpus: &'a Path,
    variant: Profile,
    options: ParseOptions,
    current: Option<(Arc<str>, Robots)>,
    /// The bytes of the last file read (the room is kept for the next).
    bytes: Vec<u8>,
}

impl Files<'_> {
    /// The file `query` names, read and parsed unless it is the one the last query named.
    fn robots(&mut self, query: &Query) -> Result<&Robots, String> {
        let kept = self.current.take().filter(|(name, _)| *name == query.file);
        let current = match kept {
            Some(current) => current,
            None => {
                let robots = self.parse(query)?;
                (Arc::clone(&query.file), robots)
            }
        };
        Ok(&self.current.insert(current).1)
    }

    /// Reads and parses the file `query` names; a strict-mode rejection is an error.
    fn parse(&mut self, query: &Query) -> Result<Robots, String> {
        let limit = self.options.limits().get(Limit::InputBytes);
        input::read_corpus_file(self.corpus, query, limit, &mut self.bytes)?;
        Robots::parse_with(&self.bytes, self.variant, &self.options).map_err(|e| {
            let path = self.corpus.join(&*query.file);
            let number = query.number;
            format!(
                "line {number}: {} rejected in strict mode: {e}",
                path.display()
            )
        })
    }
}

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode, String> {
    let stdin = std::io::stdin().lock();
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut files = Files {
        corpus: &args.corpus,
        variant: args.variant.profile()?,
        // Answers only: no lint (nothing prints it); limits still apply.
        options: args.reading.options().with_collect(Collect::Limits),
        current: None,
        bytes: Vec::new(),
    };
    let mut invalid_lines = 0;
    let mut lines = queries::read(stdin);
    for line in &mut lines {
        match line {
            Line::Query(query) => answer(&mut out, args.format, files.robots(&query)?, &query)?,
            Line::Invalid(invalid) => {
                invalid.report();
                invalid_lines += 1;
                refuse(&mut out, args.format, &invalid)?;
            }
        }
    }
    out.flush().map_err(|e| output_error(&e))?;
    // An error that ended reading (unreadable input, a line with no end in sight) comes after
    // the answers before it.
    lines.end()?;
    queries::ignored(invalid_lines)?;
    Ok(ExitCode::SUCCESS)
}

/// Writes the answer to `query`.
fn answer(
    out: &mut impl Write,
    format: Format,
    robots: &Robots,
    query: &Query,
) -> Result<(), String> {
    match format {
        // The fast path: no verdict to build, only the deciding rule's kind.
        Format::Text => {
            let answer: &[u8] = if robots.applicable(&query.agents).is_allowed(&query.url) {
                b"1\n"
            } else {
                b"0\n"
            };
            out.write_all(answer).map_err(|e| output_error(&e))
        }
        Format::Json => write_json_line(
            out,
            &Answer {
                line: query.number,
                file: &query.file,
                agent: &query.agent,
                url: &query.url,
                verdict: robots.check_query(&query.agents, &query.url),
            },
        ),
    }
}

/// Writes the answer to a line that is not a query.
fn refuse(out: &mut impl Write, format: Format, invalid: &Invalid) -> Result<(), String> {
    match format {
        Format::Text => out.write_all(b"E\n").map_err(|e| output_error(&e)),
        Format::Json => write_json_line(out, invalid),
    }
}
