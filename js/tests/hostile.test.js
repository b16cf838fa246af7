// Hostile input through the package: huge files, endless lines, invalid UTF-8, NUL bytes,
// many groups and rules. Lenient reading never throws and never traps; what a limit cuts is
// reported (a `limit-exceeded` diagnostic naming the limit), and in strict mode it is a
// StrictError. The answers are the command line's on the same bytes.
import assert from "node:assert/strict";
import { test } from "node:test";

import { Robots, StrictError, VARIANTS, lint, parse } from "../package/node.js";
import { batchAnswers } from "./helpers.js";

const encoder = new TextEncoder();

/** A deterministic stream of bytes (xorshift32), so that a failure can be replayed. */
function randomBytes(length, seed) {
  let state = seed >>> 0 || 1;
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out[i] = state & 0xff;
  }
  return out;
}

/** `count` lines of robots.txt-ish text with random bytes spliced in: invalid UTF-8, NUL,
 * lone CRs, stray byte order marks. */
function mangled(seed) {
  const pieces = ["User-agent: ", "Disallow: ", "Allow: ", "*", "$", "/", "\n", "\r", "\r\n", "#", "\0", "\uFEFF", "bot"];
  const noise = randomBytes(400, seed);
  const parts = [];
  for (let i = 0; i < noise.length; i += 2) {
    parts.push(noise[i] < 160 ? encoder.encode(pieces[noise[i] % pieces.length]) : noise.subarray(i, i + 2));
  }
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function codes(robots) {
  return robots.diagnostics.map((d) => d.code);
}

test("invalid UTF-8, NUL bytes, lone CRs: every variant answers as the CLI, never throws", (t) => {
  const bodies = Array.from({ length: 150 }, (_, seed) => mangled(seed + 1));
  const cases = bodies.flatMap((body) =>
    ["/", "/bot", "/x/y?z", "/%FF%00"].map((url) => ({ body, agent: "bot", url })),
  );
  for (const variant of VARIANTS) {
    const expected = batchAnswers(cases, variant);
    for (const [index, one] of cases.entries()) {
      const robots = new Robots(one.body, { profile: variant, collect: "all" });
      const { text, ...verdict } = robots.check(one.agent, one.url);
      assert.deepEqual(verdict, expected[index], `${variant} case ${index}`);
      robots.free();
    }
    for (const body of bodies) {
      parse(body, { profile: variant });
    }
  }
  for (const body of bodies.slice(0, 30)) {
    lint(body);
  }
  t.diagnostic(`${cases.length} queries on ${bodies.length} mangled files, every variant`);
});

test("a file past the input limit: cut at the limit and said so", () => {
  const line = encoder.encode("Disallow: /private\n");
  const body = new Uint8Array(line.length * 4000);
  for (let i = 0; i < 4000; i++) {
    body.set(line, i * line.length);
  }
  body.set(encoder.encode("User-agent: *\n"), 0);
  const limits = { inputBytes: 10_000 };
  const robots = new Robots(body, { limits });
  assert.ok(codes(robots).includes("limit-exceeded"));
  assert.match(robots.diagnostics.find((d) => d.code === "limit-exceeded").message, /input_bytes/);
  assert.equal(robots.isAllowed("bot", "/private"), false);
  assert.throws(
    () => new Robots(body, { limits, mode: "strict", profile: "rfc9309" }),
    (thrown) =>
      thrown instanceof StrictError &&
      thrown.diagnostics.some((d) => d.code === "limit-exceeded" && d.severity === "error"),
  );
});

test("a 65 MiB file under the default limits: read up to 64 MiB, the cut reported", () => {
  const size = 65 * 1024 * 1024;
  const body = new Uint8Array(size).fill(0x61); // one endless line of "a"
  body.set(encoder.encode("User-agent: *\nDisallow: /a\n"), 0);
  const robots = new Robots(body);
  assert.ok(codes(robots).includes("limit-exceeded"), codes(robots).join(", "));
  assert.equal(robots.isAllowed("bot", "/a"), false);
  robots.free();
});

test("an endless line: cut by lineBytes, and by Google's own line limit", () => {
  const body = new Uint8Array(8 * 1024 * 1024).fill(0x2f); // "/" without end
  body.set(encoder.encode("User-agent: *\nDisallow: "), 0);
  const cut = new Robots(body, { profile: "rfc9309", limits: { lineBytes: 4096 } });
  assert.ok(codes(cut).includes("limit-exceeded"));
  assert.match(cut.diagnostics.find((d) => d.code === "limit-exceeded").message, /line_bytes/);
  const google = parse(body);
  assert.ok(google.diagnostics.some((d) => d.code === "line-too-long"), "Google's 16,663-byte line limit");
});

test("too many groups and rules: the later ones ignored, each cut reported", () => {
  const groups = Array.from({ length: 50 }, (_, i) => `User-agent: bot${"x".repeat(i % 5)}${i}\nDisallow: /g${i}\n`).join("");
  const robots = new Robots(groups, { limits: { groups: 10 } });
  assert.ok(codes(robots).includes("limit-exceeded"));
  const rules = `User-agent: *\n${Array.from({ length: 100 }, (_, i) => `Disallow: /r${i}/\n`).join("")}`;
  const few = new Robots(rules, { limits: { rulesPerGroup: 10 } });
  assert.equal(few.isAllowed("bot", "/r5/"), false);
  assert.equal(few.isAllowed("bot", "/r50/"), true, "a rule past the limit is ignored");
  assert.ok(codes(few).includes("limit-exceeded"));
  const patterns = new Robots(`User-agent: *\nDisallow: /${"*a".repeat(5000)}\n`, { limits: { patternBytes: 100 } });
  assert.ok(codes(patterns).includes("limit-exceeded"));
  const many = `User-agent: *\n${"Disalow: /x\n".repeat(20_000)}`;
  const counted = parse(many, { limits: { diagnostics: 100 } });
  assert.ok(counted.diagnostics.length <= 101, `${counted.diagnostics.length} diagnostics kept`);
  assert.equal(counted.diagnostics.at(-1).code, "limit-exceeded");
});

test("pathological wildcard rules: answered without a trap, analysis bounded", () => {
  const rules = Array.from({ length: 300 }, (_, i) => `Disallow: /*a*b*c*${i}*$\nAllow: /*${i}*x$\n`).join("");
  const robots = new Robots(`User-agent: *\n${rules}`);
  for (const url of ["/abc1x", "/a/b/c/299/y", `/${"ab".repeat(5000)}c7`]) {
    robots.check("bot", url);
  }
  const analysis = new Robots(`User-agent: *\n${rules}`, { limits: { analysisStates: 1000 } }).analyze();
  assert.equal(analysis.blocked, "undecided");
  assert.match(analysis.undecided.message, /budget|limit/);
});
