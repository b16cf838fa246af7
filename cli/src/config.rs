//! The linter's configuration file, for CI: `robotspec.toml`, or the `[tool.robotspec]` table
//! of `pyproject.toml`, in the current folder (or the file `--config` names):
//!
//! ```toml
//! variants = ["google", "rfc9309"]   # the readings
//! fail-on = "warning"                # exit 1 from this severity on
//! allow = ["extension-record"]       # codes silenced
//! deny = ["agent-shortened"]         # codes raised to errors
//! ```
//!
//! The flags add to it (`--allow`, `--deny`) or replace it (`--variants`, `--fail-on`).

use std::path::Path;

use robotspec::lint::FindingCode;
use robotspec::Profile;
use robotspec::Severity;
use serde::Deserialize;

/// What the configuration says.
#[derive(Debug, Default)]
pub struct Config {
    pub variants: Option<Vec<Profile>>,
    pub fail_on: Option<Severity>,
    pub allow: Vec<FindingCode>,
    pub deny: Vec<FindingCode>,
}

/// The file's keys, as written.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Written {
    variants: Option<Vec<String>>,
    fail_on: Option<String>,
    #[serde(default)]
    allow: Vec<String>,
    #[serde(default)]
    deny: Vec<String>,
}

#[derive(Deserialize)]
struct Pyproject {
    tool: Option<Tool>,
}

#[derive(Deserialize)]
struct Tool {
    robotspec: Option<toml::Value>,
}

impl Config {
    /// `robotspec.toml` in the current folder, else `[tool.robotspec]` of `pyproject.toml`,
    /// else nothing.
    pub fn discover() -> Result<Config, String> {
        if Path::new("robotspec.toml").is_file() {
            return Config::read("robotspec.toml");
        }
        if Path::new("pyproject.toml").is_file() {
            return Config::read("pyproject.toml");
        }
        Ok(Config::default())
    }

    /// The configuration in `path`: a `pyproject.toml` (by name) is read for its
    /// `[tool.robotspec]` table, any other file as a whole.
    pub fn read(path: &str) -> Result<Config, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        let bad = |e: toml::de::Error| format!("{path}: {}", e.message());
        let is_pyproject = Path::new(path)
            .file_name()
            .is_some_and(|n| n == "pyproject.toml");
        let written: Written = if is_pyproject {
            let pyproject: Pyproject = toml::from_str(&text).map_err(bad)?;
            match pyproject.tool.and_then(|t| t.robotspec) {
                Some(table) => table.try_into().map_err(bad)?,
                None => Written::default(),
            }
        } else {
            toml::from_str(&text).map_err(bad)?
        };
        written.read().map_err(|e| format!("{path}: {e}"))
    }
}

impl Written {
    fn read(self) -> Result<Config, String> {
        let variants = match self.variants {
            Some(names) => Some(
                names
                    .iter()
                    .map(|name| name.parse::<Profile>().map_err(|e| e.to_string()))
                    .collect::<Result<Vec<_>, _>>()?,
            ),
            None => None,
        };
        let fail_on = match self.fail_on {
            Some(name) => Some(
                Severity::from_name(&name)
                    .ok_or_else(|| format!("fail-on: unknown severity `{name}`"))?,
            ),
            None => None,
        };
        let codes = |names: Vec<String>| {
            names
                .iter()
                .map(|name| finding_code(name))
                .collect::<Result<Vec<_>, _>>()
        };
        Ok(Config {
            variants,
            fail_on,
            allow: codes(self.allow)?,
            deny: codes(self.deny)?,
        })
    }
}

/// A finding code by its stable name.
pub fn finding_code(text: &str) -> Result<FindingCode, String> {
    FindingCode::from_name(text)
        .ok_or_else(|| format!("unknown finding code `{text}` (docs/lint.md lists them)"))
}
