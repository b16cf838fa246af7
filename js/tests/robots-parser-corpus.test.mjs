// The drop-in on real files: over the vendored sample of served robots.txt files
// (tests/corpus/real, 212 files), the drop-in's answers equal the core API's and the command
// line's for URLs built from each file's own rules. Bodies are strings, as robots-parser takes
// them; against the command line, which reads bytes, a file that is not UTF-8 is passed as bytes.
//
// The URLs come from the rules the core reads in each file (each pattern made into a path, the
// path extended and cut short, its escapes lower-cased, a few fixed paths), asked for the agents
// the file names, Googlebot, an agent no file names, the default agent and a token with a
// version, with a seeded choice so every run asks the same questions. The drop-in asks about a
// URL as a crawler requests it (the WHATWG serialisation: non-ASCII percent-encoded, `\` read as
// `/`), so the core and the command line are given that form — google/robotstxt takes URLs
// "%-encoded according to RFC3986" — and the drop-in the URL as written.
//
// The command line (Google-exact) is compared when a `robotspec` binary is found
// (ROBOTSPEC_CLI, else the workspace's target/release or target/debug); otherwise that test
// says it skips.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, test } from "node:test";

import { Robots } from "../package/node.js";
import robotsParser from "../package/robots-parser.js";

const CORPUS = new URL("../../tests/corpus/real/", import.meta.url);
const ORIGIN = "https://example.com";
const PER_FILE = 24;
/** Agents asked besides the file's own: the main crawler, one no file names, the default. */
const OTHER_AGENTS = ["Googlebot", "RandomBot", undefined];

/** A small seeded generator (mulberry32), so the queries are the same on every run. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Paths built from one rule's pattern as the core reads it. */
function pathsOf(pattern) {
  const path = (pattern.endsWith("$") ? pattern.slice(0, -1) : pattern).replaceAll("*", "x/y");
  const lowered = path.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
  return [path, `${path}x.html`, path.slice(0, Math.max(1, path.length >> 1)), lowered];
}

/** The queries asked of one file: [url, agent] pairs. */
function queriesOf(robots, pick) {
  const patterns = robots.groups.flatMap((group) => group.rules.map((rule) => rule.pattern));
  const paths = patterns.filter((p) => p.startsWith("/")).flatMap(pathsOf);
  paths.push("/", "/index.html", "/search?q=robots", "/dir/%e2%9c%93", "/ü", "/a\\b", "/x/../private ");
  const urls = paths.map((path) => ORIGIN + path).filter((url) => URL.canParse(url));
  const agents = [...robots.namedAgents.slice(0, 3), ...OTHER_AGENTS];
  return Array.from({ length: PER_FILE }, () => [urls[Math.floor(pick() * urls.length)], agents[Math.floor(pick() * agents.length)]]);
}

/** Every file of the sample with its queries. */
function sample() {
  const pick = random(9309);
  return readdirSync(CORPUS).sort().map((name) => {
    const bytes = readFileSync(new URL(name, CORPUS));
    const text = new TextDecoder().decode(bytes);
    const robots = new Robots(text, { profile: "google" });
    return { name, bytes, text, robots, queries: queriesOf(robots, pick) };
  });
}

const files = sample();
const agentOf = (agent) => agent ?? "*";

describe("the drop-in on the vendored real files", () => {
  test("answers as the core API does", () => {
    let asked = 0;
    for (const { name, text, robots, queries } of files) {
      const dropIn = robotsParser(`${ORIGIN}/robots.txt`, text);
      assert.deepEqual(dropIn.getSitemaps(), robots.sitemaps, `${name}: sitemaps`);
      for (const [url, agent] of queries) {
        const verdict = robots.check(agentOf(agent), requested(url));
        const where = `${name}: ${agent} ${url}`;
        assert.equal(dropIn.isAllowed(url, agent), verdict.allowed, where);
        assert.equal(dropIn.getMatchingLineNumber(url, agent), verdict.line ?? -1, where);
        assert.equal(dropIn.getCrawlDelay(agent), robots.crawlDelay(agentOf(agent)), where);
        asked += 1;
      }
      const [url] = queries[0];
      for (const agent of robots.namedAgents.slice(0, 1)) {
        assert.equal(dropIn.isAllowed(url, `${agent}/1.0`), robots.isAllowed(agent, requested(url)), `${name}: ${agent}/1.0`);
      }
    }
    assert.ok(asked >= files.length * PER_FILE, `${asked} questions`);
  });

  const cli = findCli();
  test("answers as the command line does", { skip: cli ? false : "no robotspec binary: set ROBOTSPEC_CLI or cargo build --release -p robotspec-cli" }, () => {
    const queries = files.flatMap(({ name, queries }) => queries.map(([url, agent]) => ({ name, url, agent })));
    const input = queries.map(({ name, url, agent }) => `${name}\t${agentOf(agent)}\t${requested(url)}\n`).join("");
    const lines = execFileSync(cli, ["batch", "--variant", "google", "--format", "json", "--corpus", fileURLToPath(CORPUS)], { input, maxBuffer: 1 << 28 })
      .toString().trim().split("\n").map((line) => JSON.parse(line));
    assert.equal(lines.length, queries.length);
    const byName = new Map(files.map((file) => [file.name, robotsParser(`${ORIGIN}/robots.txt`, bodyAsServed(file))]));
    queries.forEach(({ name, url, agent }, index) => {
      const { verdict } = lines[index];
      const dropIn = byName.get(name);
      const where = `${name}: ${agent} ${url}`;
      assert.equal(dropIn.isAllowed(url, agent), verdict.allowed, where);
      assert.equal(dropIn.getMatchingLineNumber(url, agent), verdict.line ?? -1, where);
    });
  });
});

/** A URL as a crawler requests it: the WHATWG parser's serialisation. */
function requested(url) {
  return new URL(url).href;
}

/**
 * The body as the command line reads it: the text when the file is UTF-8, else its bytes (a
 * string cannot hold bytes that are not UTF-8; the drop-in takes bytes too).
 */
function bodyAsServed({ bytes, text }) {
  return Buffer.from(text, "utf8").equals(bytes) ? text : bytes;
}

/** The robotspec binary to compare with, if one is built or named. */
function findCli() {
  const candidates = [process.env.ROBOTSPEC_CLI, "../../target/release/robotspec", "../../target/debug/robotspec"];
  return candidates.filter(Boolean)
    .map((candidate) => (candidate.startsWith("../") ? fileURLToPath(new URL(candidate, import.meta.url)) : candidate))
    .find((path) => existsSync(path));
}
