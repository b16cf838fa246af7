// Writes cases.json: robots-parser's own test cases as data, for the drop-in's test
// (../../robots-parser.test.mjs).
//
// robots-parser ships its mocha test file (test/Robots.js, MIT) in its npm tarball. Rather than
// transcribe it by hand, this runs that file once with stand-ins for `robotsParser`, `describe`,
// `it` and chai's `expect` that record, instead of checking, what each test builds and expects:
// every robots.txt body and robots.txt URL given to `robotsParser`, every method called on the
// result with its arguments, and the value the test expects back. No code of robots-parser runs
// and none is copied; the cases keep each test's name and the file and version they come from.
//
// Run it again when the source changes (from this folder; npm needs the network):
//
//   (cd /tmp && npm pack robots-parser@3.0.1 && tar xzf robots-parser-3.0.1.tgz)
//   git clone https://github.com/samclarke/robots-parser /tmp/robots-parser-git
//   node vendor.mjs /tmp/package /tmp/robots-parser-git bc137a45e764ef3763f082fc26ab6ed767a13e7f
//
// The second source (optional) is the upstream repository at a commit: tests it has that the
// released file lacks (isExplicitlyDisallowed, added after 3.0.1 and not yet released) are
// added with that commit as their source.
//
// Values JSON cannot hold are written as {"$undefined": true}; everything else is as the test
// wrote it (lone surrogates as \ud800 escapes, which JSON.parse gives back unchanged).

import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const UNDEFINED = { $undefined: true };
const encode = (value) => (value === undefined ? UNDEFINED : value);

/** Runs a robots-parser test file with recording stand-ins; returns its tests in file order. */
function record(testSource) {
  const tests = [];
  let current = null;
  const robotsParser = (...args) => {
    const parser = current.parsers.length;
    current.parsers.push({ robotsUrl: encode(args[0]), contents: encode(args[1]) });
    return new Proxy({}, {
      get: (_, method) => (...callArgs) => ({ call: { parser, method, args: callArgs.map(encode) } }),
    });
  };
  const expect = (actual) => {
    const expecting = (expected) => {
      if (actual && actual.call) {
        current.assertions.push({ ...actual.call, expected: encode(expected) });
      } else {
        current.dropped.push(`expect(${JSON.stringify(actual)}) compared with ${JSON.stringify(expected)}`);
      }
    };
    const chain = { equal: expecting, eql: expecting, lessThan: expecting };
    chain.to = chain;
    chain.be = chain;
    return chain;
  };
  const requireStub = (name) => {
    if (name === "chai") return { expect };
    if (name === "../index") return robotsParser;
    throw new Error(`the test file requires ${name}, which the recorder does not stand in for`);
  };
  const describe = (_, body) => body();
  const it = (name, body) => {
    current = { name, parsers: [], assertions: [], dropped: [] };
    body();
    tests.push(current);
  };
  new Function("require", "describe", "it", testSource)(requireStub, describe, it);
  return tests;
}

/** A stable id from a test's name. */
const slug = (name) => name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

function toCase(test, source) {
  const id = slug(test.name);
  const assertions = test.assertions.map((assertion, index) => ({ id: `${id}/${index}`, ...assertion }));
  const entry = { id, source: { ...source, test: test.name }, parsers: test.parsers, assertions };
  if (test.dropped.length > 0) {
    // The one expectation that is not an answer of the parser: a wall-time bound.
    if (!test.name.includes("large wildcards")) throw new Error(`${id}: unrecorded ${test.dropped}`);
    entry.dropped = `${test.dropped.join("; ")}: a wall-time bound (500 ms) on the test, left to benchmarks`;
  }
  return entry;
}

function main([packageDir, upstreamDir, commit]) {
  const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
  const released = record(readFileSync(join(packageDir, "test/Robots.js"), "utf8"));
  const cases = released.map((test) =>
    toCase(test, { package: `${manifest.name}@${manifest.version}`, file: "test/Robots.js" }));
  if (upstreamDir) {
    const file = execFileSync("git", ["-C", upstreamDir, "show", `${commit}:test/Robots.js`], { encoding: "utf8" });
    const known = new Set(released.map((test) => test.name));
    for (const test of record(file).filter((test) => !known.has(test.name))) {
      cases.push(toCase(test, { repository: "github.com/samclarke/robots-parser", commit, file: "test/Robots.js" }));
    }
  }
  const data = {
    about: "robots-parser's test cases as data: vendor.mjs wrote this file; the licence is LICENSE-robots-parser.md",
    cases,
  };
  writeFileSync(new URL("./cases.json", import.meta.url), `${JSON.stringify(data, null, 1)}\n`);
  const count = cases.reduce((sum, entry) => sum + entry.assertions.length, 0);
  console.log(`${cases.length} cases, ${count} assertions`);
}

main(process.argv.slice(2));
