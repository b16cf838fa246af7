// The package's own contract: constructors and options, exception classes, URL objects,
// freeing, the constants — what no other suite's comparison with the command line covers.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";

import * as robotspec from "../package/node.js";
import {
  AgentError,
  DEFAULT_VARIANT,
  LIMITS,
  ReadingError,
  Robots,
  RobotspecError,
  SETTINGS,
  StrictError,
  VARIANTS,
  VERSION,
  diff,
  googleReport,
  lint,
  lintSarif,
  parse,
} from "../package/node.js";
import { packageDir, root, runJson } from "./helpers.js";

const body = "User-agent: *\nDisallow: /private\nAllow: /private/press\n";

test("the constants are the library's", () => {
  assert.deepEqual(VARIANTS, ["convention-1994", "draft-1996", "rep-draft-2019", "rfc9309", "google"]);
  assert.equal(DEFAULT_VARIANT, "google");
  assert.ok(LIMITS.includes("inputBytes") && LIMITS.includes("analysisStates"));
  assert.equal(new Robots("User-agent: *\nDisallow: /a\nDisallow: /b\n", { limits: { rulesPerGroup: 1 } }).isAllowed("x", "/b"), true);
  assert.ok(Object.isFrozen(VARIANTS) && Object.isFrozen(SETTINGS) && Object.isFrozen(LIMITS));
  assert.ok(SETTINGS["agent-matching"].includes("substring"));
  const settings = runJson(["settings", "--format", "json"]);
  assert.deepEqual(Object.keys(SETTINGS).sort(), settings.map((s) => s.name).sort());
  const cargo = readFileSync(path.join(root, "Cargo.toml"), "utf8");
  const version = /\[workspace\.package\][^[]*?version = "([^"]+)"/.exec(cargo)[1];
  assert.equal(VERSION, version);
  const manifest = JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8"));
  assert.equal(manifest.version, version, "package.json's version is the workspace's");
});

test("a string and its UTF-8 bytes read alike; URL objects are URLs", () => {
  const fromText = new Robots(body);
  const fromBytes = new Robots(new TextEncoder().encode(body));
  for (const url of ["/", "/private/x", "/private/press/2026", "https://example.com/private"]) {
    assert.deepEqual(fromText.check("FooBot", url), fromBytes.check("FooBot", url));
    assert.deepEqual(fromText.check("FooBot", new URL(url, "https://example.com")), fromText.check("FooBot", new URL(url, "https://example.com").href));
  }
  assert.equal(fromText.isAllowed("FooBot", new URL("https://example.com/private/plans.html")), false);
  assert.deepEqual(fromText.isAllowedMany("FooBot", ["/", "/private/x", new URL("https://e.com/private/press/1")]), [true, false, true]);
  const verdict = fromText.check("FooBot", "/private/x");
  assert.deepEqual(verdict, {
    allowed: false,
    decision: "rule",
    line: 2,
    rule: "Disallow: /private",
    agent: "*",
    groups: [1],
    text: "disallowed by line 2: Disallow: /private [`*` group at line 1]",
  });
});

test("isAllowed answers as check does, past the agents it keeps and the room it keeps for URLs", () => {
  // isAllowed reads each agent into the module once (keeping 64 a file, then starting again)
  // and writes each URL into a buffer of the module's memory (4 KiB kept, more while a longer
  // URL needs it; the memory growing between questions detaches every view of it).
  // Agent tokens of letters only (Google's reading keeps a token's leading letters, `_` and `-`).
  const name = (i) => `bot${String(i).replace(/[0-9]/g, (digit) => "abcdefghij"[digit])}`;
  const rules = Array.from({ length: 100 }, (_, i) => `User-agent: ${name(i)}\nDisallow: /${i}/\n`).join("\n");
  const robots = new Robots(`${rules}\nUser-agent: *\nDisallow: /everyone/\nAllow: /everyone/caf\u00e9\n`);
  const urls = [
    "/",
    "/7/x",
    "https://example.com/99/",
    "/everyone/café",
    "/everyone/caf%C3%A9",
    "/everyone/🤖",
    `/everyone/${"x".repeat(100_000)}`,
    `/7/${"é".repeat(5_000)}`,
  ];
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < 150; i++) {
      const agent = i % 2 ? name(i % 100) : `${name(i)}/2.0`;
      for (const url of urls) {
        assert.equal(robots.isAllowed(agent, url), robots.check(agent, url).allowed, `${agent} ${url.slice(0, 40)}`);
      }
    }
    // Grows the module's memory between two questions.
    new Robots(`User-agent: *\n${"Disallow: /grow\n".repeat(200_000)}`).free();
  }
  assert.equal(robots.isAllowed(name(1), "/1/"), false);
  assert.throws(() => robots.isAllowed(name(1), "/\ud800"), (e) => e instanceof RobotspecError && /surrogate/.test(e.message));
  assert.throws(() => robots.isAllowed("", "/"), AgentError);
  assert.equal(robots.isAllowed(name(1), "/1/"), false, "a refused question leaves the next one right");
  assert.equal(robots.isAllowed(name(1), "/everyone/"), true);
});

test("every refusal is a RobotspecError of the right class", () => {
  const robots = new Robots(body);
  assert.throws(() => robots.isAllowed("", "/"), AgentError);
  assert.throws(() => robots.isAllowed("Foo\nBot", "/"), AgentError);
  assert.throws(() => robots.isAllowed("Foo\uD800", "/"), AgentError);
  assert.throws(() => robots.isAllowed("FooBot", "/\uDC00"), RobotspecError);
  assert.throws(() => robots.isAllowed("FooBot", 42), RobotspecError);
  assert.throws(() => robots.isAllowed(42, "/"), RobotspecError);
  assert.throws(() => robots.isAllowedMany("FooBot", "/a"), RobotspecError);
  assert.throws(() => new Robots(body, { profile: "rfc9310" }), ReadingError);
  assert.throws(() => new Robots(body, { profile: "rfc9309+no-such=1" }), ReadingError);
  assert.throws(() => new Robots(body, { mode: "picky" }), ReadingError);
  assert.throws(() => new Robots(body, { collect: "some" }), ReadingError);
  assert.throws(() => new Robots(body, { limits: { "no-such-limit": 1 } }), ReadingError);
  assert.throws(() => new Robots(body, { limits: { groups: -1 } }), ReadingError);
  assert.throws(() => new Robots(body, { limits: { groups: 1.5 } }), ReadingError);
  assert.throws(() => new Robots(body, { profle: "google" }), ReadingError, "a misspelt option");
  assert.throws(() => new Robots(42), RobotspecError);
  assert.throws(() => lint(body, { profiles: ["nope"] }), ReadingError);
  assert.throws(() => lint(body, { allow: ["no-such-code"] }), ReadingError);
  for (const error of [AgentError, ReadingError, StrictError]) {
    assert.ok(error.prototype instanceof RobotspecError);
  }
  assert.ok(RobotspecError.prototype instanceof Error);
});

test("strict mode throws StrictError with every diagnostic, as the CLI reports them", () => {
  const broken = "User-agent: *\nDisallow /x\nFoo bar\n";
  assert.throws(() => new Robots(broken, { profile: "rfc9309", mode: "strict" }), StrictError);
  let caught;
  try {
    parse(broken, { profile: "rfc9309", mode: "strict" });
  } catch (thrown) {
    caught = thrown;
  }
  assert.ok(caught instanceof StrictError, "parse throws StrictError");
  assert.ok(caught.diagnostics.length >= 2);
  assert.ok(caught.diagnostics.every((d) => d.severity === "error"));
  assert.equal(caught.diagnostics[0].code, "missing-colon");
  assert.equal(caught.diagnostics[0].line, 2);
  assert.match(caught.message, /^2:9: error\[missing-colon\]/);
  // Lenient: never throws, the same problems as warnings.
  const lenient = parse(broken, { profile: "rfc9309" });
  assert.deepEqual(
    lenient.diagnostics.map((d) => [d.code, d.line, d.col]),
    caught.diagnostics.map((d) => [d.code, d.line, d.col]),
  );
});

test("free() and Symbol.dispose release the file; a freed file says so", () => {
  const robots = new Robots(body);
  assert.equal(robots.isAllowed("a", "/"), true);
  robots.free();
  robots.free();
  assert.throws(() => robots.isAllowed("a", "/"), (e) => e instanceof RobotspecError && /freed/.test(e.message));
  const disposed = new Robots(body);
  const dispose = Symbol.dispose ?? Symbol.for("Symbol.dispose");
  disposed[dispose]();
  assert.throws(() => disposed.check("a", "/"), RobotspecError);
  const other = new Robots(body);
  other.free();
  assert.throws(() => new Robots(body).compare(other), RobotspecError);
});

test("a Robots the program forgets is freed once collected, and its memory reused", () => {
  // 2,000 parsed files of 4,000 rules, never freed: about 600 MB of the module's memory if
  // nothing released them. Collected (and the event loop turned, which runs the finalizers)
  // after every 100, the memory stays at what 100 of them need.
  const script = `
    import { setTimeout as tick } from "node:timers/promises";
    const { Robots } = await import(${JSON.stringify(new URL("../package/node.js", import.meta.url).href)});
    const core = await import(${JSON.stringify(new URL("../package/dist/robotspec.js", import.meta.url).href)});
    const body = "User-agent: *\\n" + Array.from({ length: 4000 }, (_, i) => "Disallow: /s" + i + "/page\\n").join("");
    let allowed = 0;
    for (let batch = 0; batch < 20; batch++) {
      for (let i = 0; i < 100; i++) allowed += new Robots(body).isAllowed("bot", "/s" + i + "/page");
      globalThis.gc();
      await tick(0);
      await tick(0);
    }
    console.log(allowed, core.initSync().memory.buffer.byteLength); // the instance node.js made`;
  const [allowed, bytes] = execFileSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", script], {
    encoding: "utf8",
  })
    .trim()
    .split(" ")
    .map(Number);
  assert.equal(allowed, 0, "every file disallows the paths asked");
  assert.ok(bytes < 150e6, `the module's memory grew to ${bytes} bytes: forgotten files were not freed`);
});

test("the answers beyond verdicts", () => {
  const text = [
    "User-agent: *",
    "Disallow: /private",
    "Crawl-delay: 2.5",
    "Request-rate: 3/10s",
    "Content-Usage: train-ai=n",
    "",
    "User-agent: GPTBot",
    "Disallow: /",
    "",
    "Sitemap: https://example.com/sitemap.xml",
    "Host: example.com",
    "Clean-param: ref /articles/",
    "",
  ].join("\n");
  const robots = new Robots(text, { profile: "rfc9309" });
  assert.equal(robots.profile, "rfc9309");
  assert.equal(robots.crawlDelay("FooBot"), 2.5);
  assert.equal(robots.crawlDelay("GPTBot"), undefined);
  assert.deepEqual(robots.requestRate("FooBot"), { requests: 3, seconds: 10 });
  assert.deepEqual(robots.sitemaps, ["https://example.com/sitemap.xml"]);
  assert.deepEqual(robots.records.map((r) => [r.line, r.key, r.extension, r.typed]), [[11, "Host", "host", "example.com"]]);
  // Clean-param belongs to the group it follows: a blank line ends no group in RFC 9309.
  assert.deepEqual(robots.groups[1].records.map((r) => [r.line, r.key]), [[12, "Clean-param"]]);
  assert.deepEqual(robots.namedAgents, ["gptbot"]);
  assert.deepEqual(robots.usage("FooBot", "/page").contentUsage, { "train-ai": "n" });
  assert.equal(robots.analyze("GPTBot").blocked, "all");
  assert.equal(robots.analyze().blocked, "some");
  assert.deepEqual(robots.analyzeEach(["GPTBot", undefined]).map((a) => a.blocked), ["all", "some"]);
  const json = robots.toJSON();
  assert.deepEqual(Object.keys(json), ["variant", "groups", "sitemaps", "records", "ignoredRules", "diagnostics"]);
});

test("diff says what an edit changes, per crawler", () => {
  const before = "User-agent: *\nDisallow: /private\n";
  const after = "User-agent: *\nDisallow: /private\nAllow: /private/press\n";
  const changed = diff(before, after);
  assert.equal(changed.equivalent, false);
  assert.equal(changed.crawlers.length, 1);
  assert.equal(changed.crawlers[0].agent, null);
  assert.equal(changed.crawlers[0].differences[0].path, "/private/press");
  assert.equal(diff(before, before).equivalent, true);
  assert.equal(diff(before, after, { agents: ["FooBot"] }).crawlers[0].agent, "FooBot");
});

test("lint, SARIF and Google's report", () => {
  const findings = lint("User-agent: AI2Bot\nDisallow: /\n", { path: "robots.txt" });
  assert.equal(findings[0].code, "agent-misread");
  assert.equal(findings[0].file, "robots.txt");
  assert.deepEqual([findings[0].line, findings[0].column, findings[0].severity], [1, 13, "error"]);
  const log = lintSarif([{ path: "a/robots.txt", body: "User-agent: AI2Bot\nDisallow: /\n" }]);
  assert.equal(log.version, "2.1.0");
  assert.equal(log.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri, "a/robots.txt");
  const report = googleReport("User-agent: *\nCrawl-delay: 5\n");
  assert.deepEqual(report.lines.map((l) => [l.line, l.tag]), [[1, "user-agent"], [2, "unused"], [3, "unknown"]]);
  assert.equal(typeof report.lines[0].isTypo, "boolean");
});

test("browser.js exports what node.js exports", () => {
  const source = readFileSync(path.join(packageDir, "browser.js"), "utf8");
  const listed = /export const \{([^}]*)\}/.exec(source)[1].split(",").map((name) => name.trim()).filter(Boolean);
  assert.deepEqual(listed.sort(), Object.keys(robotspec).sort());
});

test("the package's exports are the documented ones", () => {
  const types = readFileSync(path.join(packageDir, "index.d.ts"), "utf8");
  for (const name of Object.keys(robotspec)) {
    assert.match(types, new RegExp(`export (declare )?(const|class|function) ${name}\\b`), `${name} is typed`);
  }
  for (const [, name] of types.matchAll(/^export (?:const|class|function) (\w+)/gm)) {
    assert.ok(name in robotspec, `${name} is exported`);
  }
});
