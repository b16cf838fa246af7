// robots-parser's own test cases, run against the drop-in `robotspec/robots-parser`.
//
// The cases are robots-parser's test file as data (data/robots-parser/cases.json, written by
// data/robots-parser/vendor.mjs from the npm tarball of 3.0.1 and the upstream repository).
// Every answer must equal robots-parser's expectation, except the answers listed in
// data/robots-parser/expected-differences.json, where Google's reading — which the drop-in
// gives — differs from robots-parser's; each listed answer must still differ exactly as listed,
// so a stale entry fails as surely as a new difference does.
//
// Google's answer of each listed difference is also asked of the command line (Google-exact,
// reading the file itself) when a `robotspec` binary is found (ROBOTSPEC_CLI, else the
// workspace's target/release or target/debug); otherwise that test says it skips.
//
// When robots-parser 3.0.1 is installed (js/bench: `npm ci`), the cases are also run against
// it: the vendored expectations must be robots-parser's own answers.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";

import robotsParser from "../package/robots-parser.js";

const data = (name) => JSON.parse(readFileSync(new URL(`./data/robots-parser/${name}`, import.meta.url), "utf8"));
const { cases } = data("cases.json");
const { differences } = data("expected-differences.json");
const differenceById = new Map(differences.map((difference) => [difference.id, difference]));

/** A value of cases.json as the test wrote it ({"$undefined": true} is `undefined`). */
const decode = (value) => (value && value.$undefined === true ? undefined : value);

/** Runs one case's assertions with `parse`; returns each assertion with the answer given. */
function run(entry, parse) {
  const parsers = entry.parsers.map(({ robotsUrl, contents }) => parse(decode(robotsUrl), decode(contents)));
  return entry.assertions.map((assertion) => {
    const parser = parsers[assertion.parser];
    return { assertion, answer: parser[assertion.method](...assertion.args.map(decode)) };
  });
}

describe("robots-parser's cases through the drop-in", () => {
  for (const entry of cases) {
    test(entry.id, () => {
      for (const { assertion, answer } of run(entry, robotsParser)) {
        const difference = differenceById.get(assertion.id);
        const call = `${assertion.id}: ${assertion.method}(${assertion.args.map((a) => JSON.stringify(a)).join(", ")})`;
        if (difference === undefined) {
          assert.deepEqual(answer, decode(assertion.expected), call);
          continue;
        }
        assert.deepEqual(decode(difference.robotsParser), decode(assertion.expected), `${call}: the list misquotes robots-parser`);
        assert.deepEqual(answer, decode(difference.google), `${call}: listed as differing, with Google's answer`);
      }
    });
  }
});

describe("the expected differences", () => {
  const assertions = new Map(cases.flatMap((entry) => entry.assertions.map((a) => [a.id, a])));

  test("each names an assertion of the cases, once", () => {
    for (const { id } of differences) assert.ok(assertions.has(id), `${id} is not an assertion of cases.json`);
    assert.equal(differenceById.size, differences.length, "an assertion is listed twice");
  });

  test("each differs, and says why with its source", () => {
    for (const difference of differences) {
      assert.notDeepEqual(decode(difference.google), decode(difference.robotsParser), difference.id);
      assert.ok(difference.reason.length > 0 && difference.source.quote.length > 0, difference.id);
    }
  });
});

describe("Google's answers in the list are the command line's", () => {
  const cli = findCli();
  const skip = cli ? false : "no robotspec binary: set ROBOTSPEC_CLI or cargo build --release -p robotspec-cli";
  test("each listed answer", { skip }, () => {
    const folder = mkdtempSync(join(tmpdir(), "robots-parser-differences-"));
    try {
      const assertions = new Map(cases.flatMap((entry) => entry.assertions.map((a) => [a.id, { entry, a }])));
      for (const difference of differences) {
        const { entry, a } = assertions.get(difference.id);
        const file = join(folder, "robots.txt");
        writeFileSync(file, decode(entry.parsers[a.parser].contents) ?? "");
        assert.deepEqual(askCli(cli, file, a.method, a.args.map(decode)), decode(difference.google), difference.id);
      }
    } finally {
      rmSync(folder, { recursive: true });
    }
  });
});

/** `method(...args)` of robots-parser's interface, answered by `robotspec` on `file`. */
function askCli(cli, file, method, args) {
  // `check` exits with 1 when a URL is disallowed: the answer is on standard output either way.
  const run = (command, agent, url) => {
    const args = [command, "--variant", "google", "--format", "json", "--agent", agent ?? "*", file, url];
    const { stdout, status } = spawnSync(cli, args, { encoding: "utf8" });
    assert.ok(status === 0 || status === 1, `robotspec ${args.join(" ")}: exit ${status}`);
    return JSON.parse(stdout).results[0];
  };
  if (method === "getCrawlDelay") {
    const delays = run("explain", args[0], "http://example.com/").records.filter((r) => r.extension === "crawl-delay" && typeof r.typed === "number");
    return delays[0]?.typed;
  }
  const { verdict } = run("check", args[1], asRequested(args[0]));
  const answers = {
    isAllowed: verdict.allowed,
    isDisallowed: !verdict.allowed,
    isExplicitlyDisallowed: !verdict.allowed && verdict.agent !== null && verdict.agent !== "*",
    getMatchingLineNumber: verdict.line ?? -1,
  };
  assert.ok(method in answers, `no way to ask the command line for ${method}`);
  return answers[method];
}

/** A URL as a crawler requests it, as the drop-in asks about it: the WHATWG parser's form. */
function asRequested(url) {
  return URL.canParse(url) ? new URL(url).href : url;
}

/** The robotspec binary to ask, if one is built or named. */
function findCli() {
  const candidates = [process.env.ROBOTSPEC_CLI, "../../target/release/robotspec", "../../target/debug/robotspec"];
  return candidates.filter(Boolean)
    .map((candidate) => (candidate.startsWith("../") ? fileURLToPath(new URL(candidate, import.meta.url)) : candidate))
    .find((path) => existsSync(path));
}

describe("the vendored cases are robots-parser's", () => {
  const bench = new URL("../bench/package.json", import.meta.url);
  const installed = existsSync(new URL("../bench/node_modules/robots-parser/package.json", import.meta.url));
  const skip = installed ? false : "robots-parser is not installed: run `npm ci` in js/bench";
  test("robots-parser 3.0.1 gives every expected answer", { skip }, () => {
    const original = createRequire(bench)("robots-parser");
    const released = cases.filter((entry) => entry.source.package === "robots-parser@3.0.1");
    assert.ok(released.length > 0);
    for (const entry of released) {
      for (const { assertion, answer } of run(entry, original)) {
        assert.deepEqual(answer, decode(assertion.expected), assertion.id);
      }
    }
  });
});

describe("the drop-in's own conventions", () => {
  const file = "User-agent: FooBot\nUser-agent: *\nDisallow: /search?\nDisallow: /private\nHost: Example.COM\n";
  const robots = robotsParser("https://example.com/robots.txt", file);

  test("bytes and URL objects are taken as robots-parser's strings are", () => {
    const fromBytes = robotsParser(new URL("https://example.com/robots.txt"), new TextEncoder().encode(file));
    for (const url of ["https://example.com/private/a", "https://example.com/public", "https://other.example/private"]) {
      assert.equal(fromBytes.isAllowed(new URL(url), "FooBot"), robots.isAllowed(url, "FooBot"), url);
    }
    assert.equal(robots.isAllowed(new URL("https://example.com/private/a"), "FooBot"), false);
  });

  test("an agent is its product token; one naming no crawler gets the * groups", () => {
    const url = "https://example.com/private/a";
    assert.equal(robots.isExplicitlyDisallowed(url, "Mozilla/5.0 (compatible; FooBot/2.1; +https://foo.example/bot)"), true);
    assert.equal(robots.isExplicitlyDisallowed(url, "FooBot/1.0"), true);
    assert.equal(robots.isExplicitlyDisallowed(url, "OtherBot"), false, "the * group is not explicit");
    assert.equal(robots.isAllowed(url, "Foo\tBot"), false, "a control character names no crawler");
    assert.equal(robots.isExplicitlyDisallowed(url, "Foo\tBot"), false, "answered by the * group");
  });

  test("a URL is asked about as requested: an empty query's ? kept, the fragment dropped", () => {
    assert.equal(robots.isAllowed("https://example.com/search?", "OtherBot"), false);
    assert.equal(robots.isAllowed("https://example.com/search", "OtherBot"), true);
    assert.equal(robots.getMatchingLineNumber("https://example.com/search?#top", "OtherBot"), 3);
    assert.equal(robots.isAllowed("https://example.com/public/../private", "OtherBot"), false);
  });

  test("the preferred host is the Host record's value, lower-cased", () => {
    assert.equal(robots.getPreferredHost(), "example.com");
  });
});
