//! What every command asking about URLs of one file takes and answers alike (`check`,
//! `explain`, `usage`): the reading, the output format, the file and the URLs; the file loaded
//! for a crawler; and the answer, as text or as one JSON document (the file, the variant, the
//! agent's tokens, the limit cuts, and one result per URL).

use robotspec::{AgentQuery, Collect, Diagnostic, Profile, Robots};
use serde::Serialize;

use crate::output::{write_json, write_out};
use crate::reading::ReadingArgs;
use crate::values::{Format, VariantArg};
use crate::{agent, input, load};

/// The arguments: the reading, the output format, the file and the URLs.
#[derive(clap::Args)]
pub struct FileQuery {
    #[command(flatten)]
    variant: VariantArg,
    #[command(flatten)]
    reading: ReadingArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// The robots.txt file, or `-` for standard input.
    file: String,
    /// URLs (`https://example.com/a?b`) or paths (`/a?b`).
    #[arg(required = true, value_parser = crate::urls::page)]
    pub urls: Vec<String>,
}

/// The file as read, and who asks.
pub struct Loaded {
    pub robots: Robots,
    pub agents: AgentQuery,
    /// What a limit left out (`limit-exceeded`), already printed on standard error.
    cuts: Vec<Diagnostic>,
}

/// `--format json`: one document for every URL.
#[derive(Serialize)]
struct Answer<'a, R> {
    /// The file as messages name it (`<stdin>` for `-`).
    file: &'a str,
    variant: &'a Profile,
    agents: &'a AgentQuery,
    diagnostics: &'a [Diagnostic],
    results: Vec<R>,
}

impl FileQuery {
    /// Reads the file for `agent`: verdicts need no lint, and what a limit cut is reported all
    /// the same.
    pub fn load(&self, agent: &str) -> Result<Loaded, String> {
        let options = self.reading.options().with_collect(Collect::Limits);
        let (robots, cuts) = load::robots(&self.file, &self.variant, &options)?;
        let agents = agent::query(agent)?;
        Ok(Loaded {
            robots,
            agents,
            cuts,
        })
    }

    /// Prints `results` in the chosen format: as text, each as `text` writes it, or as one JSON
    /// [`Answer`].
    pub fn print<R: Serialize>(
        &self,
        loaded: &Loaded,
        results: Vec<R>,
        text: impl Fn(&R) -> String,
    ) -> Result<(), String> {
        match self.format {
            Format::Text => write_out(results.iter().map(text).collect::<String>()),
            Format::Json => write_json(&Answer {
                file: input::name(&self.file),
                variant: loaded.robots.profile(),
                agents: &loaded.agents,
                diagnostics: &loaded.cuts,
                results,
            }),
        }
    }
}
