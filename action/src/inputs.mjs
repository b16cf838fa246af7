// The action's inputs (action.yml declares them), read as an Actions runner passes them and
// checked before anything is linted: a wrong input stops the step with a message that names
// it, never a run that quietly lints something else.

import { NEVER, SEVERITIES } from "./report.mjs";
import { readInput } from "./workflow.mjs";

/** Each input's default: action.yml's (a test holds the two equal), for a run outside a runner. */
export const INPUT_DEFAULTS = {
  files: "**/robots.txt",
  readings: "google rfc9309",
  "fail-on": "error",
  sarif: "robotspec.sarif",
  annotations: "true",
};

/** The values of `fail-on`. */
const FAIL_ON = [...SEVERITIES, NEVER];

/** The words of a list input, split where `separator` matches. */
function words(text, separator) {
  return text.split(separator).filter((word) => word !== "");
}

/** A boolean input, spelt as YAML 1.2's core schema spells them (as @actions/core reads them). */
function flag(name, text) {
  if (["true", "True", "TRUE"].includes(text)) {
    return true;
  }
  if (["false", "False", "FALSE"].includes(text)) {
    return false;
  }
  throw new Error(`${name}: \`${text}\` is neither true nor false`);
}

/**
 * The inputs in `env`, checked: `{ patterns, readings, failOn, sarif, annotate }`. Patterns are
 * separated by white space; readings by white space or commas. Throws on a wrong input.
 */
export function readInputs(env) {
  const input = (name) => readInput(env, name, INPUT_DEFAULTS[name]);
  const patterns = words(input("files"), /\s+/);
  const readings = words(input("readings"), /[\s,]+/);
  const failOn = input("fail-on");
  if (patterns.length === 0) {
    throw new Error("files: no file or pattern given");
  }
  if (readings.length === 0) {
    throw new Error("readings: no reading given (e.g. `google rfc9309`)");
  }
  if (!FAIL_ON.includes(failOn)) {
    throw new Error(`fail-on: \`${failOn}\` is none of ${FAIL_ON.join(", ")}`);
  }
  const annotate = flag("annotations", input("annotations"));
  return { patterns, readings, failOn, sarif: input("sarif"), annotate };
}
