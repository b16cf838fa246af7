// The GitHub Actions runner's protocols, as a JavaScript action meets them: inputs in
// `INPUT_*` variables, workflow commands on standard output (annotations), outputs and the
// step summary appended to the files `GITHUB_OUTPUT` and `GITHUB_STEP_SUMMARY` name.
//
// The protocols are small and stable, so they are written here rather than taken from
// @actions/core: an action runs committed code, and every dependency is code to commit and
// review. The rules followed are GitHub's "Workflow commands for GitHub Actions" page: data
// escapes `%`, CR and LF; a property value escapes `:` and `,` too; a multi-line value goes
// to a file as `NAME<<DELIMITER`, the value, `DELIMITER`.

import { randomUUID } from "node:crypto";
import { appendFileSync } from "node:fs";
import { EOL } from "node:os";

/**
 * The variable an Actions runner sets for the input `name`: `INPUT_` and the name upper-cased,
 * spaces turned into `_` (hyphens are kept: `fail-on` is `INPUT_FAIL-ON`).
 */
export function inputVariable(name) {
  return `INPUT_${name.replace(/ /g, "_").toUpperCase()}`;
}

/**
 * The input `name` from `env`, trimmed; `fallback` when the variable is not set at all (a
 * runner always sets it, to the action.yml default when the workflow gives none; the fallback
 * serves a run outside a runner). A variable set to the empty string is the empty string.
 */
export function readInput(env, name, fallback) {
  const value = env[inputVariable(name)];
  return value === undefined ? fallback : value.trim();
}

/** Workflow-command data (a message): `%`, CR and LF escaped. */
export function escapeData(text) {
  return String(text).replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** A workflow-command property value: escaped as data, and `:` and `,` too. */
export function escapeProperty(text) {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/**
 * The line of a workflow command: `::NAME key=value,…::MESSAGE`. `properties` is an object;
 * entries whose value is `undefined` or `null` are left out, the others escaped.
 */
export function workflowCommand(name, properties, message) {
  const pairs = Object.entries(properties)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${key}=${escapeProperty(value)}`);
  const head = pairs.length > 0 ? `${name} ${pairs.join(",")}` : name;
  return `::${head}::${escapeData(message)}`;
}

/**
 * `NAME<<DELIMITER`, the value and the delimiter, each on its own line: how an output (or an
 * environment variable) of any text is appended to the file `GITHUB_OUTPUT` names. The
 * delimiter is random; a value or name that holds it is refused rather than cut short.
 */
export function outputRecord(name, value, delimiter = `ghadelimiter_${randomUUID()}`) {
  const text = String(value);
  if (name.includes(delimiter) || text.includes(delimiter)) {
    throw new Error(`the output ${name} holds its own delimiter ${delimiter}`);
  }
  return `${name}<<${delimiter}${EOL}${text}${EOL}${delimiter}${EOL}`;
}

/**
 * Appends each entry of `outputs` (an object) to the file `env.GITHUB_OUTPUT`; returns whether
 * there was such a file (outside a runner there is none, and outputs have nowhere to go).
 */
export function setOutputs(env, outputs) {
  const file = env.GITHUB_OUTPUT;
  if (!file) {
    return false;
  }
  const records = Object.entries(outputs).map(([name, value]) => outputRecord(name, value));
  appendFileSync(file, records.join(""));
  return true;
}

/**
 * Appends Markdown to the file `env.GITHUB_STEP_SUMMARY`; returns whether there was one.
 */
export function appendSummary(env, markdown) {
  const file = env.GITHUB_STEP_SUMMARY;
  if (!file) {
    return false;
  }
  appendFileSync(file, markdown.endsWith("\n") ? markdown : `${markdown}\n`);
  return true;
}
