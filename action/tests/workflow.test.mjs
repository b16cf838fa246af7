// The runner's protocols (src/workflow.mjs): input variables, escapes, workflow commands,
// output records and the step summary, read back as a runner reads them (tests/commands.mjs).

import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";

import {
  appendSummary,
  escapeData,
  escapeProperty,
  inputVariable,
  outputRecord,
  readInput,
  setOutputs,
  workflowCommand,
} from "../src/workflow.mjs";
import { parseCommands, parseOutputs } from "./commands.mjs";
import { temporary } from "./temporary.mjs";

const tricky = "100% sure,\r\nsee: a:b, c\n%0A is not a newline";

test("an input's variable is upper-cased, spaces made _, hyphens kept", () => {
  assert.equal(inputVariable("fail-on"), "INPUT_FAIL-ON");
  assert.equal(inputVariable("my input"), "INPUT_MY_INPUT");
  assert.equal(inputVariable("files"), "INPUT_FILES");
});

test("an input is trimmed; unset takes the fallback, empty stays empty", () => {
  const env = { "INPUT_FAIL-ON": "  warning\n", INPUT_SARIF: "" };
  assert.equal(readInput(env, "fail-on", "error"), "warning");
  assert.equal(readInput(env, "sarif", "robotspec.sarif"), "");
  assert.equal(readInput(env, "files", "**/robots.txt"), "**/robots.txt");
});

test("data escapes %, CR and LF; a property also : and ,", () => {
  assert.equal(escapeData("a%b\rc\nd:e,f"), "a%25b%0Dc%0Ad:e,f");
  assert.equal(escapeProperty("a%b\rc\nd:e,f"), "a%25b%0Dc%0Ad%3Ae%2Cf");
  assert.equal(escapeData("%0A"), "%250A");
});

test("a command is one line, and reads back as written", () => {
  const line = workflowCommand("error", { file: "a,b:c.txt", line: 3, col: undefined, title: tricky }, tricky);
  assert.doesNotMatch(line, /[\r\n]/);
  assert.deepEqual(parseCommands(line), [
    { command: "error", properties: { file: "a,b:c.txt", line: "3", title: tricky }, message: tricky },
  ]);
});

test("a command without properties has none", () => {
  assert.equal(workflowCommand("error", {}, "x"), "::error::x");
  assert.equal(workflowCommand("notice", { line: null }, "x"), "::notice::x");
});

test("an output record reads back whatever its value, lines included", () => {
  assert.deepEqual(parseOutputs(outputRecord("message", tricky.replace(/\r/g, ""))), {
    message: tricky.replace(/\r/g, ""),
  });
});

test("an output record refuses a value that holds its delimiter", () => {
  assert.throws(() => outputRecord("x", "a\nEOF\nb", "EOF"), /delimiter/);
  assert.equal(outputRecord("x", "1", "EOF"), "x<<EOF\n1\nEOF\n");
});

test("each record has a delimiter of its own", () => {
  const [a, b] = [outputRecord("a", 1), outputRecord("b", 1)].map((r) => r.split("\n")[0]);
  assert.notEqual(a.split("<<")[1], b.split("<<")[1]);
});

test("outputs and summary are appended to the runner's files", () => {
  const dir = temporary("robotspec-workflow-");
  const env = { GITHUB_OUTPUT: path.join(dir, "output"), GITHUB_STEP_SUMMARY: path.join(dir, "summary") };
  writeFileSync(env.GITHUB_OUTPUT, "earlier<<E\nkept\nE\n");
  writeFileSync(env.GITHUB_STEP_SUMMARY, "# earlier\n");
  assert.equal(setOutputs(env, { errors: 2, sarif: "/w/robotspec.sarif" }), true);
  assert.equal(appendSummary(env, "## robotspec"), true);
  assert.deepEqual(parseOutputs(readFileSync(env.GITHUB_OUTPUT, "utf8")), {
    earlier: "kept",
    errors: "2",
    sarif: "/w/robotspec.sarif",
  });
  assert.equal(readFileSync(env.GITHUB_STEP_SUMMARY, "utf8"), "# earlier\n## robotspec\n");
});

test("without the runner's files, outputs and summary say they went nowhere", () => {
  assert.equal(setOutputs({}, { errors: 0 }), false);
  assert.equal(appendSummary({}, "x"), false);
});
