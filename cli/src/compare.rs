//! `robotspec compare`: whether two files, or two readings of one file, allow the same URLs —
//! all of them, decided exactly (`robotspec::analysis::compare`, docs/analysis.md) — and where
//! they do not, the shortest path allowed only by each side, with both sides' deciding rules.
//!
//! `OLD NEW` under one reading (`--variant`, default google: "what does my edit change?"),
//! `--variants A,B OLD` one file under two readings ("do rfc9309 and google ever disagree on
//! this file?"; `--variants A,B OLD NEW` reads OLD by A and NEW by B). With `--agent`, that
//! crawler; without, every crawler either side names and one neither names, equivalent only if
//! all are. `--format json`: one object per crawler — its `agent` (null for the unnamed one)
//! and the library's serialisation of the `Equivalence` (`equivalent`, `differences` with
//! `path`, `old` and `new`, `undecided`) — one object with `--agent`, a list without.
//!
//! Exit status: 0 equivalent, 1 different, 3 undecided (no difference found before a limit
//! stopped the search), 2 on errors.

use std::fmt::Write as _;
use std::process::ExitCode;

use robotspec::analysis::{self, Equivalence};
use robotspec::{AgentQuery, Limit, Profile, Robots};
use serde::Serialize;

use crate::exact::{applicable, ExactArgs};
use crate::exact_text::{answer, crawler_name, limit_text, ruling};
use crate::input;
use crate::load::read_robots;
use crate::output::{print_diagnostics, write_json, write_out};
use crate::status;
use crate::values::{profiles, Format, VariantArg};

/// Arguments of `compare`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    variant: VariantArg,
    /// Two readings, comma-separated: OLD read by the first, NEW (or OLD again, when NEW is
    /// not given) by the second — variants or composed readings, as `--variant` takes them.
    #[arg(long, value_delimiter = ',', value_parser = profiles(),
          conflicts_with_all = ["variant", "with"])]
    variants: Vec<Profile>,
    #[command(flatten)]
    exact: ExactArgs,
    /// The first robots.txt file (the old one), or `-` for standard input.
    old: String,
    /// The second (the new one), or `-` [default: OLD, read by the second of --variants].
    new: Option<String>,
}

/// One crawler's comparison, as `--format json` prints it.
#[derive(Serialize)]
struct Compared<'a, 'b> {
    /// As `--agent` names it, a token a side names, or `None` for a crawler neither names.
    agent: Option<String>,
    #[serde(flatten)]
    equivalence: Equivalence<'a, 'b>,
}

/// The two sides: each file's name and reading, and whether they are one file.
struct Sides<'s> {
    old: (&'s str, Profile),
    new: (&'s str, Profile),
    one_file: bool,
}

impl Sides<'_> {
    /// What the text calls each side: the readings for one file read twice, else old and new.
    fn labels(&self) -> (String, String) {
        if self.one_file {
            (self.old.1.name(), self.new.1.name())
        } else {
            ("old".to_owned(), "new".to_owned())
        }
    }
}

/// `compare`: exit 0 equivalent, 1 different, 3 undecided.
pub fn run(args: &Args) -> Result<ExitCode, String> {
    let sides = sides(args)?;
    let options = args.exact.options();
    let limit = options.limits().get(Limit::InputBytes);
    let old_bytes = input::read(sides.old.0, limit)?;
    let new_bytes = match &args.new {
        Some(new) => input::read(new, limit)?,
        None => old_bytes.clone(),
    };
    let (old, old_cuts) = read_robots(sides.old.0, &old_bytes, sides.old.1, &options)?;
    let (new, new_cuts) = read_robots(sides.new.0, &new_bytes, sides.new.1, &options)?;
    print_diagnostics(input::name(sides.old.0), &old_cuts);
    // One file read twice is cut in the same place: said once.
    if !sides.one_file {
        print_diagnostics(input::name(sides.new.0), &new_cuts);
    }
    let agent = args.exact.agent()?;
    let single = agent.is_some();
    let compared: Vec<Compared<'_, '_>> = crawlers(&old, &new, agent)
        .into_iter()
        .map(|crawler| Compared {
            equivalence: analysis::compare(
                &applicable(&old, crawler.as_ref()),
                &applicable(&new, crawler.as_ref()),
            ),
            agent: crawler.as_ref().map(AgentQuery::to_string),
        })
        .collect();
    match (args.exact.format, single) {
        (Format::Json, true) => write_json(&compared.first())?,
        (Format::Json, false) => write_json(&compared)?,
        (Format::Text, _) => write_out(text(&sides, &compared))?,
    }
    let answers: Vec<Option<bool>> = compared
        .iter()
        .map(|c| c.equivalence.equivalent())
        .collect();
    if answers.contains(&Some(false)) {
        return Ok(ExitCode::from(1));
    }
    Ok(status::three_if_undecided(answers.contains(&None)))
}

/// The files and readings compared, or why the arguments name no two sides.
fn sides(args: &Args) -> Result<Sides<'_>, String> {
    let old = args.old.as_str();
    let (first, second) = match args.variants.as_slice() {
        [] => {
            let profile = args.variant.profile()?;
            (profile, profile)
        }
        [first, second] => (*first, *second),
        _ => return Err("--variants takes two readings, comma-separated".to_owned()),
    };
    let new = match (args.new.as_deref(), args.variants.is_empty()) {
        (Some(new), _) => new,
        (None, false) if first != second => old,
        (None, false) => {
            return Err(format!(
                "--variants names {first} twice: a reading of one file is the same as itself"
            ))
        }
        (None, true) => {
            return Err(
                "compare needs NEW, or --variants A,B to compare two readings of OLD".to_owned(),
            )
        }
    };
    if old == "-" && new == "-" && args.new.is_some() {
        return Err("standard input can be only one of OLD and NEW".to_owned());
    }
    Ok(Sides {
        old: (old, first),
        new: (new, second),
        one_file: args.new.is_none(),
    })
}

/// The crawlers to compare for: the one `agent` names, or every crawler either side names
/// (the old side's first) and, last, one neither names (`None`).
fn crawlers(old: &Robots, new: &Robots, agent: Option<AgentQuery>) -> Vec<Option<AgentQuery>> {
    if let Some(agent) = agent {
        return vec![Some(agent)];
    }
    let mut named = analysis::named_agents(old);
    for token in analysis::named_agents(new) {
        if !named.contains(&token) {
            named.push(token);
        }
    }
    named
        .into_iter()
        .map(|token| Some(AgentQuery::new(token)))
        .chain([None])
        .collect()
}

/// A heading naming the sides, then a block per crawler: its answer, and per difference the
/// path and each side's ruling.
fn text(sides: &Sides<'_>, compared: &[Compared<'_, '_>]) -> String {
    let (old_label, new_label) = sides.labels();
    let name = |(file, profile): (&str, Profile)| {
        format!("{} read by {}", input::name(file), profile.name())
    };
    let mut out = format!("comparing {} with {}\n", name(sides.old), name(sides.new));
    let width = old_label.len().max(new_label.len()) + 1;
    for one in compared {
        let equivalence = &one.equivalence;
        let crawler = crawler_name(one.agent.as_deref());
        let _ = writeln!(out, "\n{crawler}: {}", answer(equivalence));
        for difference in equivalence.differences() {
            let _ = writeln!(out, "  {}", analysis::shown_path(difference.path()));
            let old = format!("{old_label}:");
            let new = format!("{new_label}:");
            let _ = writeln!(out, "    {old:width$} {}", ruling(difference.in_old()));
            let _ = writeln!(out, "    {new:width$} {}", ruling(difference.in_new()));
        }
        if let Some(limit) = equivalence.undecided() {
            let _ = writeln!(out, "  {}", limit_text(limit));
        }
    }
    out
}
