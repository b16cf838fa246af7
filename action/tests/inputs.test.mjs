// The inputs (src/inputs.mjs): as a runner passes them, checked; their defaults are action.yml's.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { INPUT_DEFAULTS, readInputs } from "../src/inputs.mjs";

/** action.yml's inputs and their defaults, read from its `inputs:` block. */
function declaredDefaults() {
  const yaml = readFileSync(new URL("../../action.yml", import.meta.url), "utf8");
  const block = yaml.slice(yaml.indexOf("\ninputs:\n"), yaml.indexOf("\noutputs:\n"));
  const defaults = {};
  let name = null;
  for (const line of block.split("\n")) {
    const input = /^ {2}([a-z-]+):$/.exec(line);
    const value = /^ {4}default: (.*)$/.exec(line);
    if (input) {
      name = input[1];
      defaults[name] = null;
    } else if (value) {
      defaults[name] = value[1].replace(/^"(.*)"$/, "$1");
    }
  }
  return defaults;
}

test("the defaults are action.yml's, input for input", () => {
  assert.deepEqual(declaredDefaults(), INPUT_DEFAULTS);
});

test("unset inputs take the defaults", () => {
  assert.deepEqual(readInputs({}), {
    patterns: ["**/robots.txt"],
    readings: ["google", "rfc9309"],
    failOn: "error",
    sarif: "robotspec.sarif",
    annotate: true,
  });
});

test("lists split on spaces and newlines; readings on commas too", () => {
  const inputs = readInputs({
    INPUT_FILES: "a/robots.txt  b/robots.txt\nsites/**/robots.txt\n",
    INPUT_READINGS: "google,\nrfc9309+agent-matching=substring  draft-1996",
    "INPUT_FAIL-ON": "never",
    INPUT_SARIF: "",
    INPUT_ANNOTATIONS: "False",
  });
  assert.deepEqual(inputs, {
    patterns: ["a/robots.txt", "b/robots.txt", "sites/**/robots.txt"],
    readings: ["google", "rfc9309+agent-matching=substring", "draft-1996"],
    failOn: "never",
    sarif: "",
    annotate: false,
  });
});

test("a wrong input is an error that names it", () => {
  assert.throws(() => readInputs({ "INPUT_FAIL-ON": "errors" }), /^Error: fail-on: `errors` is none of error, warning, note, never$/);
  assert.throws(() => readInputs({ INPUT_ANNOTATIONS: "yes" }), /^Error: annotations: `yes` is neither true nor false$/);
  assert.throws(() => readInputs({ INPUT_FILES: " \n" }), /^Error: files: no file/);
  assert.throws(() => readInputs({ INPUT_READINGS: "," }), /^Error: readings: no reading/);
});
