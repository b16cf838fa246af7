// What the action makes of findings (src/report.mjs): the verdict per fail-on, the counts, the
// annotations and the summary. The findings are made up here, in the package's shape.

import assert from "node:assert/strict";
import { test } from "node:test";

import { ANNOTATIONS_SHOWN, SUMMARY_ROWS, annotation, countSeverities, fails, summary } from "../src/report.mjs";
import { parseCommands } from "./commands.mjs";

function finding(severity, line = 1, extra = {}) {
  return { code: "some-code", severity, line, column: 2, message: "m", profiles: ["google"], ...extra };
}

const warnings = [{ path: "a/robots.txt", findings: [finding("note"), finding("warning")] }];

test("a step fails on a finding at or above fail-on, never on never", () => {
  assert.equal(fails(warnings, "error"), false);
  assert.equal(fails(warnings, "warning"), true);
  assert.equal(fails(warnings, "note"), true);
  assert.equal(fails(warnings, "never"), false);
  assert.equal(fails([{ path: "x", findings: [finding("error")] }], "never"), false);
  assert.equal(fails([], "note"), false);
});

test("counts per severity", () => {
  const linted = [...warnings, { path: "b", findings: [finding("note"), finding("error")] }];
  assert.deepEqual(countSeverities(linted), { error: 1, warning: 1, note: 2 });
});

test("a note is a notice; a finding about the whole file has no position", () => {
  const [whole] = parseCommands(annotation("r.txt", finding("note", null, { column: null })));
  assert.deepEqual(whole, { command: "notice", properties: { file: "r.txt", title: "robotspec some-code" }, message: "m" });
});

test("an annotation carries the end of a range and the fix", () => {
  const ranged = finding("error", 3, { endLine: 4, endColumn: 9, fix: "do this" });
  const [command] = parseCommands(annotation("r.txt", ranged));
  assert.deepEqual(command, {
    command: "error",
    properties: { file: "r.txt", line: "3", col: "2", endLine: "4", endColumn: "9", title: "robotspec some-code" },
    message: "m\nfix: do this",
  });
});

test("the summary keeps table cells whole and HTML out", () => {
  const linted = [{ path: "a|b/robots.txt", findings: [finding("error", 1, { message: "x | <b>y</b>\nz" })] }];
  const text = summary(linted, { readings: ["google"], failOn: "error", sarif: "out.sarif", annotated: true });
  assert.match(text, /^### robotspec lint: 1 error, 0 warnings, 0 notes in 1 file$/m);
  assert.match(text, /\| a\\\|b\/robots\.txt:1:2 \| error \| some-code \| x \\\| &lt;b&gt;y&lt;\/b&gt;<br>z \|/);
  assert.match(text, /The step fails/);
});

test("the summary says what it and the annotations leave out", () => {
  const many = Array.from({ length: SUMMARY_ROWS + 3 }, (_, i) => finding("warning", i + 1));
  const text = summary([{ path: "r", findings: many }], { readings: ["google"], failOn: "error", sarif: "", annotated: true });
  assert.equal(text.split("\n").filter((line) => line.startsWith("| r:")).length, SUMMARY_ROWS);
  assert.match(text, /^3 more findings are not listed here/m);
  assert.match(text, new RegExp(`${SUMMARY_ROWS + 3 - ANNOTATIONS_SHOWN} of the ${SUMMARY_ROWS + 3} warnings`));
  assert.match(text, /No SARIF file/);
  assert.match(text, /The step passes/);
  const quiet = summary([{ path: "r", findings: many }], { readings: ["google"], failOn: "error", sarif: "", annotated: false });
  assert.doesNotMatch(quiet, /annotations of each kind/);
});
