// The playground as static files (js/playground/build): the page with the WebAssembly engine,
// served by a plain static server (node's http module, as GitHub Pages or `python3 -m
// http.server` would serve it: files and media types, no robotspec server), used in Debian's
// Chromium (headless, driven by playwright-core). Its answers must be the CLI's: for the page's
// own example and for a pasted file with a User-Agent header, every verdict (allowed or not, the
// deciding line, the text `robotspec check` prints), what each variant blocks over every URL
// with its shortest witnesses (`robotspec analyze`), the dead rules, the linter's findings
// (`robotspec lint`) and the variants strict mode rejects (`robotspec parse --mode strict`) —
// each computed here by running the CLI, never written down. A refusal of the package (an agent
// that names no crawler) is shown on its field; the fetch panel says it needs `robotspec serve`.
//
// Run by .ci/test-browser: PLAYGROUND is the built folder, ROBOTSPEC the CLI binary, SCREENSHOT
// where the picture goes, CHROMIUM the browser (default /usr/bin/chromium).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { chromium } from "playwright-core";

import { AGENT, FILE } from "./sample.mjs";

const PLAYGROUND = process.env.PLAYGROUND;
const ROBOTSPEC = process.env.ROBOTSPEC;
const SCREENSHOT = process.env.SCREENSHOT || "static.png";
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
if (!PLAYGROUND || !ROBOTSPEC) throw new Error("set PLAYGROUND to the built static folder and ROBOTSPEC to the CLI binary");

const VARIANTS = ["convention-1994", "draft-1996", "rep-draft-2019", "rfc9309", "google"];
const URLS = ["/fish.html", "https://example.com/index.html", "/org/plans.html", "/tmp/x"];

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".wasm": "application/wasm",
};

let server;
let base;
let browser;
let page;
let scratch;
const problems = [];
const foreign = [];
const served = [];

/** A static server of PLAYGROUND on a free loopback port: each file with its media type, 404
 * for anything else. */
function serveStatic() {
  return new Promise((resolve) => {
    const files = createServer((request, response) => {
      const path = decodeURIComponent(new URL(request.url, "http://x").pathname);
      const file = normalize(join(PLAYGROUND, path.endsWith("/") ? `${path}index.html` : path));
      let body;
      try {
        if (!file.startsWith(normalize(PLAYGROUND))) throw new Error("outside");
        body = readFileSync(file);
      } catch {
        response.writeHead(404).end();
        return;
      }
      served.push(path);
      response.writeHead(200, { "Content-Type": TYPES[extname(file)] || "application/octet-stream" }).end(body);
    });
    files.listen(0, "127.0.0.1", () => resolve(files));
  });
}

before(async () => {
  scratch = mkdtempSync(join(tmpdir(), "robotspec-static-"));
  server = await serveStatic();
  base = `http://127.0.0.1:${server.address().port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
  page = await browser.newPage({ viewport: { width: 1440, height: 1010 } });
  page.setDefaultTimeout(20000);
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`console: ${message.text()}`);
  });
  page.on("request", (request) => {
    if (!request.url().startsWith(base)) foreign.push(request.url());
  });
  await page.goto(`${base}/`);
  await page.waitForSelector("body[data-ready=true]");
  await settled();
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Waits until neither the reading URL by URL nor the analysis over every URL is under way. */
async function settled() {
  await page.waitForFunction(() => !document.body.hasAttribute("aria-busy")
    && !document.getElementById("blocked").hasAttribute("aria-busy"));
}

/** Puts `file`, `agent` and `urls` in the form (no typing: no answer is scheduled) and asks at
 * once (Ctrl+Enter), then waits for the answers. */
async function ask(file, agent, urls) {
  await page.evaluate(([file, agent, urls]) => {
    document.getElementById("robots").value = file;
    document.getElementById("agent").value = agent;
    document.getElementById("urls").value = `${urls.join("\n")}\n`;
  }, [file, agent, urls]);
  await page.locator("#agent").focus();
  await page.keyboard.press("Control+Enter");
  await settled();
}

/** What the form holds: the file, the agent, the URLs. */
async function form() {
  return {
    file: await page.locator("#robots").inputValue(),
    agent: await page.locator("#agent").inputValue(),
    urls: (await page.locator("#urls").inputValue()).split("\n").map((u) => u.trim()).filter(Boolean),
  };
}

/** Runs the CLI; its standard output (exit codes 0 and 1 are answers: 1 means "disallowed"). */
function cli(...args) {
  const run = spawnSync(ROBOTSPEC, args, { encoding: "utf8" });
  if (run.status !== 0 && run.status !== 1) throw new Error(`robotspec ${args.join(" ")}: ${run.stderr}`);
  return run.stdout;
}

/** The CLI's answers on `file` for `agent` and `urls`, per variant: verdicts (JSON and the text
 * line `check` prints after each URL), the analysis over every URL, strict rejection; and the
 * linter's findings under all variants. */
function expected({ file, agent, urls }) {
  const path = join(scratch, "robots.txt");
  writeFileSync(path, file);
  const byVariant = {};
  for (const variant of VARIANTS) {
    const verdicts = JSON.parse(cli("check", "--format", "json", "--variant", variant, "--agent", agent, path, ...urls)).results;
    const texts = cli("check", "--variant", variant, "--agent", agent, path, ...urls).trimEnd().split("\n").map((line) => line.split("\t")[1]);
    const analysis = JSON.parse(cli("analyze", "--format", "json", "--variant", variant, "--agent", agent, path));
    const strict = spawnSync(ROBOTSPEC, ["parse", "--mode", "strict", "--variant", variant, path], { encoding: "utf8" });
    byVariant[variant] = { verdicts, texts, analysis, rejected: strict.status === 2 };
  }
  const findings = JSON.parse(cli("lint", "--format", "json", "--variants", VARIANTS.join(","), path)).findings;
  return { byVariant, findings };
}

/** The verdict table as the page shows it: per URL and variant, allowed, line and text. */
async function shownVerdicts() {
  return page.locator("#verdict-table tbody tr").evaluateAll((rows) => rows.map((row) => ({
    url: row.dataset.url,
    cells: [...row.querySelectorAll("button.verdict")].map((b) => ({
      variant: b.dataset.variant,
      allowed: b.classList.contains("allowed"),
      line: b.dataset.line === undefined ? null : Number(b.dataset.line),
      text: b.title,
    })),
  })));
}

/** What the "Every URL" table shows per variant: the blocking, and the witnesses' paths. */
async function shownBlocking() {
  return page.locator("#blocked-table tbody tr").evaluateAll((rows) => Object.fromEntries(rows.map((row) => {
    const cells = row.querySelectorAll("td");
    const witness = (td) => (td.querySelector("button.witness") ? td.querySelector("button.witness").dataset.path : null);
    const blocked = [...cells[0].classList].find((c) => c.startsWith("blocked-")).slice("blocked-".length);
    return [row.dataset.variant, { blocked, allowed: witness(cells[1]), disallowed: witness(cells[2]) }];
  })));
}

/** Checks every answer the page shows against the CLI's. */
async function assertAsTheCliSays(asked) {
  const cli = expected(asked);
  const verdicts = await shownVerdicts();
  assert.deepEqual(verdicts.map((row) => row.url), asked.urls);
  for (const row of verdicts) {
    const i = asked.urls.indexOf(row.url);
    assert.deepEqual(row.cells, VARIANTS.map((variant) => {
      const { verdict } = cli.byVariant[variant].verdicts[i];
      return { variant, allowed: verdict.allowed, line: verdict.line, text: cli.byVariant[variant].texts[i] };
    }), row.url);
  }
  assert.deepEqual(await shownBlocking(), Object.fromEntries(VARIANTS.map((variant) => {
    const a = cli.byVariant[variant].analysis;
    return [variant, { blocked: a.blocked, allowed: a.allowed_example, disallowed: a.disallowed_example }];
  })));
  // The dead rules: each line the CLI calls dead under some variant is listed and marked.
  const dead = [...new Set(VARIANTS.flatMap((v) => (cli.byVariant[v].analysis.dead_rules || []).map((d) => d.line)))].sort((a, b) => a - b);
  const listed = await page.locator("#dead-rules button[data-line]").evaluateAll((items) => items.map((b) => Number(b.dataset.line)));
  assert.deepEqual([...new Set(listed)], dead);
  const marked = await page.locator("#gutter .dead-mark").evaluateAll((marks) => marks.filter((m) => m.textContent === "†").map((m) => Number(m.parentElement.dataset.line)));
  assert.deepEqual(marked, dead);
  // The linter's findings, in order: where, severity, code and message.
  const findings = await page.locator("#findings button").evaluateAll((items) => items.map((b) => ({
    where: b.querySelector(".where").textContent,
    severity: b.querySelector(".severity").textContent,
    code: b.querySelector(".code").textContent,
    message: b.querySelector(".message").textContent,
  })));
  assert.deepEqual(findings, cli.findings.map((f) => ({
    where: f.line === null ? "file" : `${f.line}:${f.col}`,
    severity: f.severity,
    code: f.code,
    message: f.fix ? `${f.message} — fix: ${f.fix}` : f.message,
  })));
  return cli;
}

test("the static page loads its files alone, the WebAssembly module among them", async () => {
  const variants = await page.locator("#variants input").evaluateAll((boxes) => boxes.map((b) => b.value));
  assert.deepEqual(variants, VARIANTS);
  assert.ok(served.some((path) => path.endsWith(".wasm")), served.join(", "));
  assert.ok(!served.some((path) => path.startsWith("/api/")), served.join(", "));
  assert.match(await page.locator("footer").textContent(), /WebAssembly/);
  assert.deepEqual(foreign, []);
});

test("the example's verdicts, blocking, dead rules and findings are the CLI's", async () => {
  const asked = await form();
  assert.ok(asked.urls.length > 0 && asked.file.includes("User-agent"));
  await assertAsTheCliSays(asked);
});

test("a pasted file and a User-Agent header get the CLI's answers too", async () => {
  const asked = { file: FILE, agent: AGENT, urls: URLS };
  await ask(asked.file, asked.agent, asked.urls);
  await assertAsTheCliSays(asked);
  // The header's product token chose the FooBot group, as the CLI says in each verdict's text.
  assert.match(await page.locator('#verdict-table tbody tr[data-url="/fish.html"] button[data-variant="google"]').getAttribute("title"), /group for `foobot` at line 8/);
});

test("strict mode: the variants whose grammar rejects the file are the CLI's", async () => {
  const cliAnswers = expected(await form());
  await page.locator("label[for=mode-strict]").click();
  await settled();
  const rejected = await page.locator("#verdict-table tbody tr").first().evaluate((row) =>
    [...row.querySelectorAll("td")].map((td) => td.textContent === "rejected (strict mode)"));
  assert.deepEqual(rejected, VARIANTS.map((v) => cliAnswers.byVariant[v].rejected));
  await page.locator("label[for=mode-lenient]").click();
  await settled();
});

test("a refusal of the package is shown, and the field it is about is marked", async () => {
  const { file, urls } = await form();
  await ask(file, " , ", urls);
  assert.match(await page.locator("#status").textContent(), /^bad-request: the agent names no crawler/);
  assert.equal(await page.locator("#agent").getAttribute("aria-invalid"), "");
  await ask(file, AGENT, urls);
  assert.equal(await page.locator("#agent").getAttribute("aria-invalid"), null);
});

test("the fetch panel says it needs robotspec serve", async () => {
  assert.equal(await page.locator("#fetch-url").isDisabled(), true);
  assert.equal(await page.locator("#fetch-form button").isDisabled(), true);
  assert.match(await page.locator("#fetch-note").textContent(), /robotspec serve --fetch/);
});

test("the screenshot: the example with a highlighted verdict", async () => {
  await page.goto(`${base}/`);
  await page.waitForSelector("body[data-ready=true]");
  await settled();
  const first = page.locator("#verdict-table tbody tr button.verdict.disallowed").first();
  await first.click();
  await page.screenshot({ path: SCREENSHOT, fullPage: true });
  assert.deepEqual(problems, []);
  assert.deepEqual(foreign, []);
  // The CLI ran: the answers above were its own.
  assert.match(execFileSync(ROBOTSPEC, ["--version"], { encoding: "utf8" }), /^robotspec /);
});
