//! The package's functions that take a body rather than a parsed file: `parse` (the lossless
//! tree and every finding), `lint` and `lintSarif`, `diff` (what an edit changes, over every
//! URL), `diffReadings` (where the readings part on one query), `googleReport`, and the
//! constants (`VARIANTS`, `LIMITS`, `SETTINGS`, …).

use std::collections::BTreeMap;

use robotspec::analysis::{self, Equivalence};
use robotspec::diff::Comparer;
use robotspec::lint::{FindingCode, LintOptions};
use robotspec::report::GoogleReport;
use robotspec::{AgentQuery, Collect, Limit, Mode, Profile, Robots, Variant};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use crate::answers::{self, serialised};
use crate::input::{self, Reading};
use crate::objects::{camel_case, to_js};
use crate::refusal::{self, refuse, Kind};

/// `parse(body, options)`: the file read with every check (`collect: "all"`), as
/// `{profile, mode, diagnostics, tree}` — `tree` the lossless tree, the JSON object `robotspec
/// parse --format json` prints (its keys as written there). A strict reading that rejects the
/// file is a `StrictError` refusal.
#[wasm_bindgen(js_name = parseTree)]
pub fn parse_tree(body: &[u8], reading: &Reading) -> Result<JsValue, JsValue> {
    let options = reading.options().with_collect(Collect::All);
    let parsed = robotspec::parse_with(body, reading.profile_value(), &options)
        .map_err(|rejected| refusal::strict(&rejected))?;
    #[derive(Serialize)]
    struct ParsedObject<'a> {
        profile: String,
        mode: &'static str,
        diagnostics: &'a [robotspec::Diagnostic],
    }
    let object = serialised(&ParsedObject {
        profile: reading.profile_value().name(),
        mode: options.mode().name(),
        diagnostics: parsed.diagnostics(),
    })?;
    // The tree's keys are the command line's, as written: not camelCased.
    let tree = to_js(&parsed.tree())?;
    js_sys::Reflect::set(&object, &JsValue::from_str("tree"), &tree)?;
    Ok(object)
}

/// `parse(...).toJSONText(pretty)`: the tree as the JSON text `parse --format json` prints
/// (`Pretty`) or compact.
#[wasm_bindgen(js_name = treeText)]
pub fn tree_text(body: &[u8], reading: &Reading, layout: &str) -> Result<String, JsValue> {
    let options = reading
        .options()
        .with_mode(Mode::Lenient)
        .with_collect(Collect::Limits);
    let layout = match layout {
        "pretty" => robotspec::tree::JsonLayout::Pretty,
        _ => robotspec::tree::JsonLayout::Compact,
    };
    let parsed = robotspec::parse_with(body, reading.profile_value(), &options)
        .map_err(|rejected| refusal::strict(&rejected))?;
    let mut out = Vec::new();
    parsed
        .write_json(&mut out, layout)
        .map_err(|e| refuse(Kind::Argument, e.to_string()))?;
    String::from_utf8(out).map_err(|e| refuse(Kind::Argument, e.to_string()))
}

/// The options of `lint` and `lintSarif`.
#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct LintArgs {
    profiles: Option<Vec<String>>,
    path: Option<String>,
    allow: Option<Vec<String>>,
    deny: Option<Vec<String>>,
}

impl LintArgs {
    /// The options object `value` (`undefined`: every default).
    fn read(value: JsValue) -> Result<LintArgs, JsValue> {
        if value.is_undefined() || value.is_null() {
            return Ok(LintArgs::default());
        }
        serde_wasm_bindgen::from_value(value)
            .map_err(|e| refuse(Kind::Reading, format!("options: {e}")))
    }

    /// The linter's options: the readings (default google and rfc9309), codes silenced and
    /// raised.
    fn options(&self) -> Result<LintOptions, JsValue> {
        let mut options = LintOptions::default();
        if let Some(names) = &self.profiles {
            let readings = input::profiles(Some(names.clone()), Vec::new)?;
            if !readings.is_empty() {
                options = options.with_readings(readings);
            }
        }
        for name in self.allow.iter().flatten() {
            options = options.allow(code(name)?);
        }
        for name in self.deny.iter().flatten() {
            options = options.deny(code(name)?);
        }
        Ok(options)
    }
}

/// A finding code by name, or a `ReadingError` refusal.
fn code(name: &str) -> Result<FindingCode, JsValue> {
    FindingCode::from_name(name)
        .ok_or_else(|| refuse(Kind::Reading, format!("unknown finding code `{name}`")))
}

/// `lint(body, options)`: the linter's findings in file order.
#[wasm_bindgen]
pub fn lint(body: &[u8], options: JsValue) -> Result<JsValue, JsValue> {
    let args = LintArgs::read(options)?;
    let findings = robotspec::lint::lint(body, &args.options()?);
    answers::findings(&findings, args.path.as_deref())
}

/// `lintSarif(names, bodies, options)`: the SARIF 2.1.0 log of the files, as `robotspec lint
/// --format sarif` writes it (`robotspec::lint::sarif`).
#[wasm_bindgen(js_name = lintSarif)]
pub fn lint_sarif(
    names: Vec<String>,
    bodies: Vec<js_sys::Uint8Array>,
    options: JsValue,
) -> Result<JsValue, JsValue> {
    let args = LintArgs::read(options)?;
    let options = args.options()?;
    let found: Vec<Vec<robotspec::lint::Finding>> = bodies
        .iter()
        .map(|body| robotspec::lint::lint(&body.to_vec(), &options))
        .collect();
    let files: Vec<(&str, &[robotspec::lint::Finding])> = names
        .iter()
        .map(String::as_str)
        .zip(found.iter().map(Vec::as_slice))
        .collect();
    to_js(&robotspec::lint::sarif(&files, &options))
}

/// One crawler's comparison in `diff`: the crawler (`null`: one neither file names) and the
/// library's `Equivalence`.
#[derive(Serialize)]
struct Compared<'a, 'b> {
    agent: Option<String>,
    equivalence: Equivalence<'a, 'b>,
}

/// `diff(before, after, options)`: whether the two files allow the same URLs, every one, for
/// each crawler — the agents named, or every crawler either file names (the old file's first)
/// and one neither names — as `robotspec compare OLD NEW --format json` answers.
#[wasm_bindgen]
pub fn diff(
    before: &[u8],
    after: &[u8],
    reading: &Reading,
    agents: Option<Vec<String>>,
) -> Result<JsValue, JsValue> {
    let options = reading.options().with_collect(Collect::Limits);
    let read = |body: &[u8]| {
        Robots::parse_with(body, reading.profile_value(), &options)
            .map_err(|rejected| refusal::strict(&rejected))
    };
    let (old, new) = (read(before)?, read(after)?);
    let crawlers: Vec<Option<AgentQuery>> = match agents {
        Some(agents) => agents
            .iter()
            .map(|agent| input::agent(agent).map(|query| Some((*query).clone())))
            .collect::<Result<_, _>>()?,
        None => every_crawler(&old, &new),
    };
    let compared: Vec<Compared<'_, '_>> = crawlers
        .into_iter()
        .map(|crawler| {
            let (old_side, new_side) = match &crawler {
                Some(query) => (old.applicable(query), new.applicable(query)),
                None => (old.unnamed(), new.unnamed()),
            };
            let equivalence = analysis::compare(&old_side, &new_side);
            equivalence.undecided();
            Compared {
                agent: crawler.as_ref().map(AgentQuery::to_string),
                equivalence,
            }
        })
        .collect();
    serialised(&compared)
}

/// Every crawler either file names (the old file's first), then one neither names (`None`).
fn every_crawler(old: &Robots, new: &Robots) -> Vec<Option<AgentQuery>> {
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

/// `diffReadings(body, agent, url, profiles)`: every reading's verdict on one query, with the
/// reason wherever two disagree (the library's `Comparison`, `diff --format json`; default
/// the five variants).
#[wasm_bindgen(js_name = diffReadings)]
pub fn diff_readings(
    body: &[u8],
    agent: &str,
    url: &str,
    profiles: Option<Vec<String>>,
) -> Result<JsValue, JsValue> {
    let agents = input::agent(agent)?;
    let profiles = input::profiles(profiles, || {
        Variant::ALL.iter().map(Profile::from).collect()
    })?;
    let comparison = Comparer::new(body, &profiles).compare_query(&agents, url);
    serialised(&comparison)
}

/// `googleReport(body)`: Google's per-line report (its `RobotsParsingReporter`), camelCased.
#[wasm_bindgen(js_name = googleReport)]
pub fn google_report(body: &[u8]) -> Result<JsValue, JsValue> {
    serialised(&GoogleReport::new(body))
}

/// The constants the package exports: `variants`, `defaultVariant`, `limits`, `settings`
/// (each setting's choices), `version`.
#[wasm_bindgen]
pub fn constants() -> Result<JsValue, JsValue> {
    #[derive(Serialize)]
    struct Constants {
        variants: Vec<&'static str>,
        default_variant: &'static str,
        limits: Vec<String>,
        settings: BTreeMap<&'static str, Vec<String>>,
        version: &'static str,
    }
    let settings = Profile::settings()
        .iter()
        .map(|setting| {
            let choices = setting
                .choices()
                .into_iter()
                .map(|(name, _)| name.to_string());
            (setting.name(), choices.collect())
        })
        .collect();
    serialised(&Constants {
        variants: Variant::ALL.iter().map(|v| v.name()).collect(),
        default_variant: Variant::DEFAULT.name(),
        limits: Limit::ALL.iter().map(|l| camel_case(l.name())).collect(),
        settings,
        version: env!("CARGO_PKG_VERSION"),
    })
}
