// The action's one job: lint the workflow's robots.txt files with robotspec, as a step of a
// GitHub Actions job. It reads its inputs as the runner passes them, lints each file with the
// robotspec package (`lint` for the findings, `lintSarif` for code scanning: the library's
// linter compiled to WebAssembly, so a workflow needs no Rust), and answers through the
// runner's channels: annotations on standard output, the SARIF file, the outputs and the
// step summary. action.yml at the repository's root declares the inputs and outputs;
// docs/lint.md shows a workflow.
//
// Exit status, as `robotspec lint`'s: 0 when no finding reaches `fail-on`, 1 when one does,
// 2 when the inputs are wrong or a file cannot be read or written.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { lint, lintSarif } from "robotspec";

import { expandFiles, workspacePath } from "./files.mjs";
import { readInputs } from "./inputs.mjs";
import { annotations, countSeverities, fails, headline, summary } from "./report.mjs";
import { appendSummary, setOutputs, workflowCommand } from "./workflow.mjs";

/** The SARIF log of the files, written to `file` (its folders made); returns `file`. */
function writeSarif(file, bodies, readings) {
  const log = lintSarif(bodies, { profiles: readings });
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(log, null, 2)}\n`);
  return file;
}

/** The files the patterns name under `workspace`: `{ path, body }`, as code scanning names them. */
function readFiles(patterns, workspace) {
  return expandFiles(patterns, workspace).map((file) => ({
    path: workspacePath(file, workspace),
    body: readFileSync(file),
  }));
}

/** Lints as the inputs say and reports through the runner's channels; returns the exit status. */
function lintWorkspace(env, print) {
  const { patterns, readings, failOn, sarif, annotate } = readInputs(env);
  const workspace = env.GITHUB_WORKSPACE || process.cwd();
  const files = readFiles(patterns, workspace);
  const linted = files.map(({ path: name, body }) => ({
    path: name,
    findings: lint(body, { profiles: readings, path: name }),
  }));
  if (annotate) {
    annotations(linted).forEach((line) => print(line));
  }
  const sarifFile = sarif ? writeSarif(path.resolve(workspace, sarif), files, readings) : "";
  print(`robotspec lint: ${headline(linted)} (${readings.join(", ")})`);
  const { error: errors, warning: warnings, note: notes } = countSeverities(linted);
  setOutputs(env, { errors, warnings, notes, sarif: sarifFile });
  appendSummary(env, summary(linted, { readings, failOn, sarif, annotated: annotate }));
  return fails(linted, failOn) ? 1 : 0;
}

/**
 * Runs the action with `env` (the runner's variables) and `print` (a line to standard output);
 * returns the exit status. Whatever goes wrong is said as an error annotation, status 2 (the
 * stack as a debug message, shown when the workflow's step debug logging is on).
 */
export function run(env, print) {
  try {
    return lintWorkspace(env, print);
  } catch (error) {
    print(workflowCommand("error", { title: "robotspec" }, error?.message ?? String(error)));
    print(workflowCommand("debug", {}, error?.stack ?? ""));
    return 2;
  }
}
