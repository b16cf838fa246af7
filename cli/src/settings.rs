//! `robotspec settings`: the decisions `--with SETTING=VALUE` can change, each variant's value
//! of each, and what every value means — the library's list (`Profile::settings`), printed.

use std::fmt::Write as _;
use std::process::ExitCode;

use robotspec::{Profile, Setting, Variant};
use serde::Serialize;

use crate::output::{write_json, write_out};
use crate::values::Format;

/// Arguments of `settings`.
#[derive(clap::Args)]
pub struct Args {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// One setting in `--format json`.
#[derive(Serialize)]
struct Described {
    name: &'static str,
    description: &'static str,
    /// Each variant's value, in `Variant::ALL` order.
    variants: Vec<(Variant, String)>,
    /// Each value and what it means.
    choices: Vec<(String, &'static str)>,
}

fn describe(setting: &Setting) -> Described {
    Described {
        name: setting.name(),
        description: setting.description(),
        variants: Variant::ALL
            .iter()
            .map(|&v| (v, setting.value(&Profile::from(v)).into_owned()))
            .collect(),
        choices: setting
            .choices()
            .into_iter()
            .map(|(value, meaning)| (value.into_owned(), meaning))
            .collect(),
    }
}

/// Prints the table of settings × variants, then each setting's description and values.
pub fn run(args: &Args) -> Result<ExitCode, String> {
    let settings: Vec<Described> = Profile::settings().iter().map(describe).collect();
    match args.format {
        Format::Json => write_json(&settings)?,
        Format::Text => write_out(text(&settings))?,
    }
    Ok(ExitCode::SUCCESS)
}

fn text(settings: &[Described]) -> String {
    let mut out = String::new();
    let name_width = settings.iter().map(|s| s.name.len()).max().unwrap_or(0);
    let widths: Vec<usize> = Variant::ALL
        .iter()
        .enumerate()
        .map(|(i, variant)| {
            let values = settings.iter().filter_map(|s| s.variants.get(i));
            values
                .map(|(_, v)| v.len())
                .fold(variant.name().len(), usize::max)
        })
        .collect();
    let _ = write!(out, "{:name_width$}", "SETTING");
    for (variant, width) in Variant::ALL.iter().zip(&widths) {
        let _ = write!(out, "  {:<width$}", variant.name());
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    for setting in settings {
        let _ = write!(out, "{:name_width$}", setting.name);
        for ((_, value), width) in setting.variants.iter().zip(&widths) {
            let _ = write!(out, "  {value:<width$}");
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    for setting in settings {
        let _ = writeln!(out, "\n{}: {}", setting.name, one_line(setting.description));
        let width = setting
            .choices
            .iter()
            .map(|(v, _)| v.len())
            .max()
            .unwrap_or(0);
        for (value, meaning) in &setting.choices {
            let _ = writeln!(out, "  {value:width$}  {}", one_line(meaning));
        }
    }
    out
}

/// A doc comment's lines joined into one.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
