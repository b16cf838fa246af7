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

/** Lints as the inputs say and reports through the runner's channels; returns the exit status. */
function lintWorkspace(env, print) {
  const inputs = readInputs(env);
  const workspace = env.GITHUB_WORKSPACE || process.cwd();
  const bodies = expandFiles(inputs.patterns, workspace).map((file) => ({
    path: workspacePath(file, workspace),
    body: readFileSync(file),
  }));
  const linted = bodies.map(({ path: name, body }) => ({
    path: name,
    findings: lint(body, { profiles: inputs.readings, path: name }),
  }));
  if (inputs.annotate) {
    annotations(linted).forEach((line) => print(line));
  }
  const sarif = inputs.sarif ? writeSarif(path.resolve(workspace, inputs.sarif), bodies, inputs.readings) : "";
  const counts = countSeverities(linted);
  print(`robotspec lint: ${headline(linted)} (${inputs.readings.join(", ")})`);
  setOutputs(env, { errors: counts.error, warnings: counts.warning, notes: counts.note, sarif });
  appendSummary(
    env,
    summary(linted, { readings: inputs.readings, failOn: inputs.failOn, sarif: inputs.sarif, annotated: inputs.annotate }),
  );
  return fails(linted, inputs.failOn) ? 1 : 0;
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
