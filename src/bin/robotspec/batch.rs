//! `robotspec batch`: many queries from standard input, one `1`/`0`/`E` line each.
//!
//! Input lines are `FILE<TAB>AGENT<TAB>URL`, FILE relative to `--corpus`. A file is parsed once
//! for a run of consecutive queries on it. A line that is not a query (malformed, or longer than
//! [`MAX_QUERY_BYTES`](crate::queries::MAX_QUERY_BYTES)) is answered `E`, with a message on
//! standard error, and the batch goes on; the exit status is then 2.

use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use robotspec::{Collect, Limit, Robots};

use crate::queries::Line;
use crate::reading::ReadingArgs;
use crate::values::VariantArg;

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
}

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode, String> {
    let stdin = std::io::stdin().lock();
    let mut out = BufWriter::new(std::io::stdout().lock());
    // Answers only: no lint (nothing prints it); limits still apply.
    let options = args.reading.options().with_collect(Collect::Limits);
    let mut current: Option<(String, Robots)> = None;
    let mut invalid_lines = 0;
    for line in super::queries::read(stdin) {
        let query = match line? {
            Line::Query(query) => query,
            Line::Invalid(message) => {
                eprintln!("robotspec: {message}");
                invalid_lines += 1;
                out.write_all(b"E\n").map_err(|e| crate::output_error(&e))?;
                continue;
            }
        };
        let (number, file, agent, url) = (query.number, &query.file, &query.agent, &query.url);
        let robots = match &current {
            Some((name, robots)) if name == file => robots,
            _ => {
                let limit = options.limits().get(Limit::InputBytes);
                let bytes = super::input::read_corpus_file(&args.corpus, &query, limit)?;
                let robots =
                    Robots::parse_with(&bytes, args.variant.variant, &options).map_err(|e| {
                        let path = args.corpus.join(file);
                        format!(
                            "line {number}: {} rejected in strict mode: {e}",
                            path.display()
                        )
                    })?;
                &current.insert((file.clone(), robots)).1
            }
        };
        let answer: &[u8] = if robots.is_allowed(agent, url) {
            b"1\n"
        } else {
            b"0\n"
        };
        out.write_all(answer).map_err(|e| crate::output_error(&e))?;
    }
    out.flush().map_err(|e| crate::output_error(&e))?;
    super::queries::ignored(invalid_lines)?;
    Ok(ExitCode::SUCCESS)
}
