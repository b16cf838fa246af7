// The committed entry point (action/dist/index.mjs) run as an Actions runner runs it: `node`
// on the file in a workspace of robots.txt files, the inputs in `INPUT_*` variables, the
// `GITHUB_OUTPUT` and `GITHUB_STEP_SUMMARY` files. What it says is checked against the
// command-line tool's `robotspec lint` on the same files (ROBOTSPEC_CLI, else the
// workspace's target/debug/robotspec: `cargo build -p robotspec-cli`), never against
// expectations written down here.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { parseCommands, parseOutputs } from "./commands.mjs";
import { temporary } from "./temporary.mjs";

const entry = fileURLToPath(new URL("../dist/index.mjs", import.meta.url));
const cli = process.env.ROBOTSPEC_CLI ?? fileURLToPath(new URL("../../target/debug/robotspec", import.meta.url));
if (!existsSync(cli)) {
  throw new Error(`no robotspec command at ${cli}: cargo build -p robotspec-cli, or set ROBOTSPEC_CLI`);
}

const READINGS = ["google", "rfc9309"];

/**
 * The workspace's files: one clean under `google`, one with every severity, one without errors,
 * an HTML page, one in a folder whose name needs escaping.
 */
const FILES = {
  "clean/robots.txt": "User-agent: *\nDisallow: /private/\n\nSitemap: https://example.com/sitemap.xml\n",
  "site/robots.txt": [
    "Disallow: /before-any-group",
    "User-agent: AI2Bot",
    "Disalow: /",
    "",
    "User-agent: *",
    "Disallow: /%70rivate/",
    "Noindex: /drafts/",
    "Sitemap: /sitemap.xml",
    "",
  ].join("\n"),
  "warnings/robots.txt": "User-agent: *\nDisallow: /-/\nNoindex: /-/\n",
  // A page served as robots.txt: a finding about the whole file, with no line.
  "html/robots.txt": "<!DOCTYPE html>\n<html><head><title>404</title></head>\n<body>Not found</body></html>\n",
  // A folder name with what a workflow command property must escape: `,`, `:` and `%`.
  "odd,name: 100%/robots.txt": "User-agent: *\nDisallow: /%2D/\nNoindex: /x\n",
};

function makeWorkspace(files) {
  const root = temporary("robotspec-action-");
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), body);
  }
  return root;
}

/**
 * Runs the entry point in `root` with `inputs` ({ name: value }, each passed as a runner does;
 * `null` leaves the variable unset): its status, standard output and error, parsed commands,
 * outputs and summary.
 */
function runAction(root, inputs) {
  const runner = temporary("robotspec-runner-");
  const files = { GITHUB_OUTPUT: path.join(runner, "output"), GITHUB_STEP_SUMMARY: path.join(runner, "summary") };
  Object.values(files).forEach((file) => writeFileSync(file, ""));
  const env = { PATH: process.env.PATH, GITHUB_WORKSPACE: root, ...files };
  for (const [name, value] of Object.entries(inputs)) {
    if (value !== null) {
      env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] = value;
    }
  }
  const run = spawnSync(process.execPath, [entry], { cwd: root, env, encoding: "utf8" });
  return {
    status: run.status,
    stdout: run.stdout,
    stderr: run.stderr,
    commands: parseCommands(run.stdout).filter((c) => c.command !== "debug"),
    outputs: parseOutputs(readFileSync(files.GITHUB_OUTPUT, "utf8")),
    summary: readFileSync(files.GITHUB_STEP_SUMMARY, "utf8"),
  };
}

/** Every input, as a runner passes them: action.yml's defaults where `inputs` gives none. */
function runnerInputs(inputs) {
  return { files: "**/robots.txt", readings: READINGS.join(" "), "fail-on": "error", sarif: "robotspec.sarif", annotations: "true", ...inputs };
}

/** `robotspec lint` in `root` on `files`: its status and `--format` output. */
function lintCli(root, files, args) {
  const run = spawnSync(cli, ["lint", "--no-config", ...args, ...files], { cwd: root, encoding: "utf8" });
  assert.ok(run.status === 0 || run.status === 1, `robotspec lint failed: ${run.stderr}`);
  return run;
}

/** The CLI's findings (`--format json`) for `files` under `readings`. */
function cliFindings(root, files, readings = READINGS) {
  const run = lintCli(root, files, ["--format", "json", "--variants", readings.join(",")]);
  return JSON.parse(run.stdout).findings;
}

const sortedNames = Object.keys(FILES).sort();
const COMMANDS = { error: "error", warning: "warning", note: "notice" };

test(`the entry point runs on this Node (${process.version}), the oldest the action allows`, () => {
  const major = Number(process.versions.node.split(".")[0]);
  assert.ok(major >= 20, `Node ${process.version}`);
  const engines = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).engines;
  assert.equal(engines.node, ">=20");
});

test("action.yml runs the committed entry point on node24 and declares the outputs it writes", () => {
  const yaml = readFileSync(new URL("../../action.yml", import.meta.url), "utf8");
  const runs = yaml.slice(yaml.indexOf("\nruns:\n"));
  assert.match(runs, /^ {2}using: node24$/m);
  const main = /^ {2}main: (\S+)$/m.exec(runs)?.[1];
  assert.equal(fileURLToPath(new URL(`../../${main}`, import.meta.url)), entry);
  const block = yaml.slice(yaml.indexOf("\noutputs:\n"), yaml.indexOf("\nruns:\n"));
  const declared = [...block.matchAll(/^ {2}([a-z-]+):$/gm)].map((m) => m[1]);
  const { outputs } = runAction(makeWorkspace(FILES), runnerInputs({}));
  assert.deepEqual(declared.sort(), Object.keys(outputs).sort());
});

test("annotations: one per finding of the CLI, on its line and column", () => {
  const root = makeWorkspace(FILES);
  const result = runAction(root, runnerInputs({}));
  const expected = cliFindings(root, sortedNames).map((f) => ({
    command: COMMANDS[f.severity],
    properties: {
      file: f.file,
      ...(f.line === null ? {} : { line: String(f.line), col: String(f.col) }),
      title: `robotspec ${f.code}`,
    },
    message: f.fix ? `${f.message}\nfix: ${f.fix}` : f.message,
  }));
  assert.ok(expected.length >= 10, "the workspace makes findings");
  assert.ok(expected.some((a) => a.properties.line === undefined), "a finding about a whole file");
  const annotations = result.commands.map(({ command, properties, message }) => {
    const { endLine, endColumn, ...rest } = properties;
    for (const end of [endLine, endColumn]) {
      assert.ok(end === undefined || Number(end) >= 1);
    }
    return { command, properties: rest, message };
  });
  assert.deepEqual(annotations, expected);
  assert.match(result.stderr, /^$/);
});

test("escaping: a file name with , : and %, a message with % and a fix on a second line", () => {
  const root = makeWorkspace(FILES);
  const { stdout, commands } = runAction(root, runnerInputs({ files: "odd*/robots.txt" }));
  const lines = stdout.split("\n").filter((line) => line.startsWith("::"));
  assert.ok(lines.length >= 2);
  for (const line of lines) {
    assert.match(line, /^::(error|warning|notice) file=odd%2Cname%3A 100%25\/robots\.txt,line=\d+,col=\d+,/);
  }
  assert.ok(commands.every((c) => c.properties.file === "odd,name: 100%/robots.txt"));
  const withPercent = commands.find((c) => c.message.includes("%2D"));
  assert.ok(withPercent, "a message quotes an escape");
  assert.ok(stdout.includes(withPercent.message.replace(/%/g, "%25").replace(/\n/g, "%0A")));
  const withFix = commands.find((c) => c.message.includes("\nfix: "));
  assert.ok(withFix, "a finding has a fix");
  assert.ok(lines.some((line) => line.includes("%0Afix: ")));
});

test("exit status per fail-on: as the CLI's --fail-on, and never fails on never", () => {
  const root = makeWorkspace(FILES);
  const cases = [
    ["site/robots.txt", READINGS],
    ["warnings/robots.txt", READINGS],
    ["clean/robots.txt", ["google"]],
  ];
  const statuses = new Set();
  for (const [file, readings] of cases) {
    for (const failOn of ["error", "warning", "note"]) {
      const expected = lintCli(root, [file], ["--variants", readings.join(","), "--fail-on", failOn]).status;
      const result = runAction(root, runnerInputs({ files: file, readings: readings.join(" "), "fail-on": failOn }));
      assert.equal(result.status, expected, `${file}, fail-on ${failOn}`);
      statuses.add(expected);
    }
    assert.equal(runAction(root, runnerInputs({ files: file, "fail-on": "never" })).status, 0, `${file}, never`);
  }
  assert.deepEqual([...statuses].sort(), [0, 1], "both a passing and a failing case");
});

test("SARIF 2.1.0 for code scanning: paths relative to the workspace, regions on the CLI's lines", () => {
  const root = makeWorkspace(FILES);
  const result = runAction(root, runnerInputs({ sarif: "reports/robots.sarif" }));
  const file = path.join(root, "reports", "robots.sarif");
  const log = JSON.parse(readFileSync(file, "utf8"));
  assert.equal(log.version, "2.1.0");
  assert.equal(log.runs.length, 1);
  assert.equal(log.runs[0].tool.driver.name, "robotspec");
  const rules = log.runs[0].tool.driver.rules.map((rule) => rule.id);
  const findings = cliFindings(root, sortedNames);
  const results = log.runs[0].results.map((r) => {
    const { artifactLocation, region } = r.locations[0].physicalLocation;
    assert.equal(rules[r.ruleIndex], r.ruleId);
    return { file: artifactLocation.uri, line: region?.startLine ?? null, col: region?.startColumn ?? null, code: r.ruleId, level: r.level };
  });
  assert.deepEqual(
    results,
    findings.map((f) => ({ file: f.file, line: f.line, col: f.col, code: f.code, level: f.severity })),
  );
  assert.equal(result.outputs.sarif, file);
});

test("outputs: the counts per severity and the SARIF file's path", () => {
  const root = makeWorkspace(FILES);
  const { outputs } = runAction(root, runnerInputs({}));
  const findings = cliFindings(root, sortedNames);
  const count = (severity) => String(findings.filter((f) => f.severity === severity).length);
  assert.deepEqual(outputs, {
    errors: count("error"),
    warnings: count("warning"),
    notes: count("note"),
    sarif: path.join(root, "robotspec.sarif"),
  });
  assert.ok(existsSync(outputs.sarif));
});

test("the step summary: the counts, a row per file and per finding", () => {
  const root = makeWorkspace(FILES);
  const { summary } = runAction(root, runnerInputs({}));
  const findings = cliFindings(root, sortedNames);
  const count = (severity) => findings.filter((f) => f.severity === severity).length;
  assert.match(
    summary,
    new RegExp(`^### robotspec lint: ${count("error")} errors, ${count("warning")} warnings, ${count("note")} notes in ${sortedNames.length} files$`, "m"),
  );
  for (const name of sortedNames) {
    assert.ok(summary.includes(`\n| ${name} |`), name);
  }
  for (const f of findings) {
    const where = f.line === null ? f.file : `${f.file}:${f.line}:${f.col}`;
    assert.ok(summary.includes(`| ${where} | ${f.severity} | ${f.code} |`), `${where} ${f.code}`);
  }
  assert.match(summary, /The step fails/);
});

test("annotations off, no SARIF: neither is written; the outputs say so", () => {
  const root = makeWorkspace(FILES);
  const result = runAction(root, runnerInputs({ annotations: "false", sarif: "" }));
  assert.deepEqual(result.commands, []);
  assert.equal(result.outputs.sarif, "");
  assert.ok(!existsSync(path.join(root, "robotspec.sarif")));
  assert.equal(result.status, 1);
  assert.match(result.stdout, /^robotspec lint: \d+ errors/m);
});

test("outside a runner (no INPUT_* variables) the defaults of action.yml apply", () => {
  const root = makeWorkspace(FILES);
  const result = runAction(root, {});
  assert.equal(result.commands.length, cliFindings(root, sortedNames).length);
  assert.ok(existsSync(path.join(root, "robotspec.sarif")));
});

test("a wrong input, reading or file is an error annotation and status 2", () => {
  const root = makeWorkspace(FILES);
  const cases = [
    [{ "fail-on": "bogus" }, /^fail-on: `bogus` is none of/],
    [{ readings: "google nonsense" }, /nonsense/],
    [{ files: "missing/robots.txt" }, /^missing\/robots\.txt: no such file/],
    [{ files: "**/robot.txt" }, /no file matches/],
  ];
  for (const [inputs, message] of cases) {
    const result = runAction(root, runnerInputs(inputs));
    assert.equal(result.status, 2, JSON.stringify(inputs));
    const errors = result.commands.filter((c) => c.command === "error");
    assert.equal(errors.length, 1, result.stdout);
    assert.equal(errors[0].properties.title, "robotspec");
    assert.match(errors[0].message, message);
    assert.equal(result.summary, "");
  }
});
