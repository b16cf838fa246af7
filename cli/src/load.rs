//! A robots.txt file named on the command line, read and parsed into a `Robots`: the one way
//! `analyze`, `compare`, `check`, `explain` and `usage` load their files, so that each reports
//! a strict-mode rejection and what a limit cut alike.
//!
//! What a limit left out (`limit-exceeded`) is printed on standard error as the file is
//! loaded, and handed back for a JSON answer to carry.

use robotspec::{Code, Diagnostic, Limit, ParseOptions, Profile, Robots};

use crate::input;
use crate::output::print_diagnostics;
use crate::values::VariantArg;

/// `file` (or standard input, `-`) read under the input limit of `options` and parsed with the
/// reading `variant` names, its cuts printed: the `Robots` and the cuts.
pub fn robots(
    file: &str,
    variant: &VariantArg,
    options: &ParseOptions,
) -> Result<(Robots, Vec<Diagnostic>), String> {
    let bytes = input::read(file, options.limits().get(Limit::InputBytes))?;
    let (robots, cuts) = read_robots(file, &bytes, variant.profile()?, options)?;
    print_diagnostics(input::name(file), &cuts);
    Ok((robots, cuts))
}

/// `bytes`, the contents of `file`, read under `profile` and `options`, with what a limit left
/// out (`limit-exceeded`), for the caller to report. A strict-mode rejection prints every
/// problem and is an error.
pub fn read_robots(
    file: &str,
    bytes: &[u8],
    profile: Profile,
    options: &ParseOptions,
) -> Result<(Robots, Vec<Diagnostic>), String> {
    let name = input::name(file);
    let robots = Robots::parse_with(bytes, profile, options).map_err(|rejected| {
        print_diagnostics(name, rejected.diagnostics());
        format!("{name}: rejected in strict mode")
    })?;
    let cuts: Vec<_> = robots
        .diagnostics()
        .iter()
        .filter(|d| d.code == Code::LimitExceeded)
        .cloned()
        .collect();
    Ok((robots, cuts))
}
