// The playground of `robotspec serve`, used as a person would in Debian's Chromium (headless,
// driven by playwright-core): paste a file, type an agent and URLs, read the verdict table,
// choose a cell and see its deciding line highlighted, see a diagnostic and the linter's
// findings beside their lines, switch to strict mode, read the records panel, use the keyboard
// alone; over every URL, read what each variant blocks and click a witness into the URL list, see
// the dead rules marked on their lines, paste an edit and see what it opens; then a screenshot.
//
// Run by .ci/test-browser, which starts the server: ROBOTSPEC_URL is its address, SCREENSHOT
// where the picture goes, CHROMIUM the browser (default /usr/bin/chromium).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";

import { AGENT, FILE } from "./sample.mjs";

const BASE = process.env.ROBOTSPEC_URL;
const SCREENSHOT = process.env.SCREENSHOT || "serve.png";
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
if (!BASE) throw new Error("set ROBOTSPEC_URL to the address of `robotspec serve`");

const URLS = ["/fish.html", "https://example.com/index.html"];

let browser;
let page;
const problems = [];
const foreign = [];
const refusals = [];

before(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
  page = await browser.newPage({ viewport: { width: 1440, height: 1010 } });
  page.setDefaultTimeout(10000);
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    // A failed request is also a console error: the responses below account for those.
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
      problems.push(`console: ${message.text()}`);
    }
  });
  page.on("response", (response) => {
    if (response.status() >= 400) refusals.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  page.on("request", (request) => {
    if (!request.url().startsWith(BASE)) foreign.push(request.url());
  });
  await page.goto(BASE);
  await page.waitForSelector("body[data-ready=true]");
});

after(async () => {
  if (browser) await browser.close();
});

/** Runs `act` and waits until the page has shown the reading it causes (the last answer of
 * /api/inspect whose request satisfies `matches`). */
async function analysed(act, matches = () => true) {
  const answered = page.waitForResponse(
    (r) => r.url().endsWith("/api/inspect") && matches(JSON.parse(r.request().postData() || "{}")),
  );
  await act();
  const response = await answered;
  await page.waitForFunction(() => !document.body.hasAttribute("aria-busy"));
  return response;
}

/** Runs `act` and waits until the page has shown the answer over every URL it causes (of
 * `path`, /api/analyze or /api/compare, whose request satisfies `matches`). */
async function decided(act, path, matches = () => true) {
  const answered = page.waitForResponse(
    (r) => r.url().endsWith(path) && matches(JSON.parse(r.request().postData() || "{}")),
  );
  await act();
  const response = await answered;
  await page.waitForFunction(() => !document.getElementById("blocked").hasAttribute("aria-busy"));
  return response;
}

const cell = (url, variant) =>
  page.locator(`#verdict-table tbody tr[data-url="${url}"] button[data-variant="${variant}"]`);
const gutterLine = (n) => page.locator(`#gutter [data-line="${n}"]`);
const backdropLine = (n) => page.locator(`#backdrop [data-line="${n}"]`);

test("the page loads from the server alone and lists the library's variants", async () => {
  const variants = await page.locator("#variants input").evaluateAll((boxes) => boxes.map((b) => b.value));
  assert.deepEqual(variants, ["convention-1994", "draft-1996", "rep-draft-2019", "rfc9309", "google"]);
  assert.deepEqual(foreign, []);
});

test("a pasted file, an agent and URLs give a verdict per URL and variant", async () => {
  const response = await analysed(async () => {
    await page.locator("#robots").fill("");
    await page.locator("#robots").focus();
    await page.keyboard.insertText(FILE);
    await page.locator("#agent").fill(AGENT);
    await page.locator("#urls").fill(URLS.join("\n"));
  }, (body) => body.agent === AGENT && body.urls.length === 2 && body.robots_txt === FILE);
  assert.equal(response.status(), 200);

  // The table: one row per URL, one column per variant, each cell naming its deciding line.
  const headers = await page.locator("#verdict-table thead th").allTextContents();
  assert.deepEqual(headers, ["URL", "convention-1994", "draft-1996", "rep-draft-2019", "rfc9309", "google"]);
  assert.equal(await page.locator("#verdict-table tbody tr").count(), 2);
  const google = cell("/fish.html", "google");
  assert.match(await google.textContent(), /✓ allowed\s*line 9: Allow: \/fish\*/);
  const old = cell("/fish.html", "draft-1996");
  assert.match(await old.textContent(), /✗ disallowed\s*line 10: Disallow: \//);
  assert.match(await page.locator('#verdict-table tbody tr[data-url="/fish.html"]').textContent(), /variants disagree/);
  assert.match(await cell(URLS[1], "rfc9309").textContent(), /✗ disallowed\s*line 10: Disallow: \//);
  // The agent was a whole User-Agent header: its product token decided (the FooBot group).
  assert.match(await google.getAttribute("title"), /group for `foobot` at line 8/);

  // Where they disagree, and why.
  const disagreements = await page.locator("#disagreements li").allTextContents();
  assert.ok(disagreements.some((d) => /draft-1996 ≠ google/.test(d) && /wildcard-literal-vs-operator/.test(d)), disagreements.join("\n"));
});

test("every line carries its kind, in words as well as colour", async () => {
  const kinds = [];
  for (let n = 1; n <= 13; n++) kinds.push((await gutterLine(n).locator(".kind").textContent()).replace("*", ""));
  assert.deepEqual(kinds, [
    "comment", "user-agent", "disallow", "allow", "disallow", "extension", "blank",
    "user-agent", "allow", "disallow", "extension", "sitemap", "disallow",
  ]);
  // The empty line after the last line end is no line of the file.
  assert.equal(await gutterLine(14).locator(".kind").textContent(), "");
  assert.match(await backdropLine(9).getAttribute("class"), /\bk-allow_line\b/);
  // Line 9 is an unknown key under the 1994 convention: marked, and said in the tooltip.
  assert.equal(await gutterLine(9).locator(".mark-except").count(), 1);
  assert.match(await gutterLine(9).getAttribute("title"), /convention-1994: unknown key/);
});

test("choosing a cell highlights the line that decided it", async () => {
  await cell("/fish.html", "google").click();
  assert.equal(await cell("/fish.html", "google").getAttribute("aria-pressed"), "true");
  assert.match(await backdropLine(9).getAttribute("class"), /\bhighlighted\b/);
  assert.match(await gutterLine(9).getAttribute("class"), /\bhighlighted\b/);
  assert.equal(await page.locator("#backdrop .highlighted").count(), 1);
  assert.match(await page.locator("#status").textContent(), /^Line 9 highlighted: Allow: \/fish\* — google on \/fish\.html/);
});

test("a diagnostic is listed at line:col with its code and marked in the file", async () => {
  const item = page.locator("#diagnostics button", { hasText: "missing-colon" });
  assert.equal(await item.count(), 1);
  const text = await item.textContent();
  assert.match(text, /^5:9\s*warning\s*missing-colon\s*missing `:` between key and value\s*all variants$/);
  assert.equal(await backdropLine(5).locator("mark.warning").count(), 1);
  // The gutter shows the worst of the line's diagnostics and lint findings: the linter calls a
  // missing colon an error (Google reads the line, parsers that want the colon do not).
  assert.equal(await gutterLine(5).locator(".problem").textContent(), "✖");
  await item.click();
  assert.match(await backdropLine(5).getAttribute("class"), /\bhighlighted\b/);
  // The caret is put at 5:9 in the editor.
  const caret = await page.locator("#robots").evaluate((area) => [document.activeElement === area, area.selectionStart]);
  const offset = FILE.split("\n").slice(0, 4).join("\n").length + 1 + 8;
  assert.deepEqual(caret, [true, offset]);
});

test("the linter's findings are listed with their fix and marked beside their lines", async () => {
  const item = page.locator("#findings button", { hasText: "missing-colon" });
  assert.equal(await item.count(), 1);
  assert.match(await item.textContent(), /^5:9\s*error\s*missing-colon\s*missing `:` between key and value/);
  const delay = page.locator("#findings button", { hasText: "extension-record" });
  assert.match(await delay.first().textContent(), /^6:1\s*note\s*extension-record\s*Crawl-delay: honoured by Bing/);
  assert.match(await gutterLine(6).locator(".problem").getAttribute("title"), /note\[extension-record\]/);
  await delay.first().click();
  assert.match(await backdropLine(6).getAttribute("class"), /\bhighlighted\b/);
});

test("the keyboard alone reaches every cell and highlights its line", async () => {
  await cell("/fish.html", "google").focus();
  await page.keyboard.press("ArrowLeft");
  assert.equal(await page.evaluate(() => document.activeElement.dataset.variant), "rfc9309");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  assert.equal(await page.evaluate(() => document.activeElement.dataset.line), "10");
  assert.match(await backdropLine(10).getAttribute("class"), /\bhighlighted\b/);
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("Enter");
  assert.equal(await page.evaluate(() => document.activeElement.dataset.variant), "convention-1994");
  assert.match(await backdropLine(10).getAttribute("class"), /\bhighlighted\b/);
});

test("the records panel shows sitemaps, crawl-delay and usage per group", async () => {
  await page.locator("#records-variant").selectOption("google");
  const panel = page.locator("#records-body");
  assert.match(await panel.textContent(), /Crawl-delay for FooBot: none/);
  const headings = await panel.locator("h3").allTextContents();
  assert.deepEqual(headings, ["Sitemaps", "Group at line 2: *", "Group at line 8: FooBotapplies to FooBot"]);
  assert.match(await panel.textContent(), /content-usage\s*train-ai=n\s*read as train-ai=n$/);
  await panel.locator("button.line-link", { hasText: "line 6" }).click();
  assert.match(await backdropLine(6).getAttribute("class"), /\bhighlighted\b/);
  const agent = await analysed(() => page.locator("#agent").fill("OtherBot"), (b) => b.agent === "OtherBot");
  assert.equal(agent.status(), 200);
  assert.match(await panel.textContent(), /Crawl-delay for OtherBot: 10 s/);
});

test("strict mode turns the problems into errors and the rejecting variants say so", async () => {
  await analysed(() => page.locator("label[for=mode-strict]").click(), (b) => b.mode === "strict");
  const item = page.locator("#diagnostics button", { hasText: "missing-colon" });
  assert.match(await item.textContent(), /^5:9\s*error/);
  assert.equal(await gutterLine(5).locator(".problem").textContent(), "✖");
  const rejected = await page.locator("#verdict-table tbody tr").first().locator("span.verdict").allTextContents();
  assert.deepEqual(rejected, Array(5).fill("rejected (strict mode)"));
  assert.match(await page.locator("#status").textContent(), /rejected in strict mode by convention-1994, draft-1996, rep-draft-2019, rfc9309, google/);
  await analysed(() => page.locator("label[for=mode-lenient]").click(), (b) => b.mode === "lenient");
});

test("a refusal is shown, and the field it is about is marked", async () => {
  await analysed(() => page.locator("#agent").fill(" , "), (b) => b.agent === " , ");
  assert.match(await page.locator("#status").textContent(), /^400 bad-request: the agent names no crawler/);
  // The reading URL by URL and the analysis over every URL both refuse it.
  await page.waitForFunction(() => !document.getElementById("blocked").hasAttribute("aria-busy"));
  assert.deepEqual(refusals.splice(0).sort(), ["400 /api/analyze", "400 /api/inspect"]);
  assert.equal(await page.locator("#agent").getAttribute("aria-invalid"), "");
  await analysed(() => page.locator("#agent").fill(AGENT), (b) => b.agent === AGENT);
  assert.equal(await page.locator("#agent").getAttribute("aria-invalid"), null);
});

const blockedRow = (variant) => page.locator(`#blocked-table tbody tr[data-variant="${variant}"]`);

test("over every URL: what each variant blocks, and a witness clicked into the URLs", async () => {
  const response = await decided(() => page.locator("#agent").fill("FooBot"), "/api/analyze", (b) => b.agent === "FooBot");
  assert.equal(response.status(), 200);
  // FooBot may fetch /fish… under google (line 9) and nothing else; 1994 has no Allow.
  const google = blockedRow("google");
  assert.match(await google.locator("td").first().textContent(), /^some: some paths, not all$/);
  const allowed = google.locator("button.witness").first();
  assert.equal(await allowed.getAttribute("data-path"), "/fish");
  assert.equal(await allowed.textContent(), "/fishallowed by line 9: Allow: /fish*");
  assert.equal(await allowed.getAttribute("aria-label"), "Add /fish to the URLs (google: allowed by line 9: Allow: /fish*)");
  assert.equal(await google.locator("button.witness").nth(1).getAttribute("data-path"), "/");
  assert.match(await blockedRow("convention-1994").locator("td").first().textContent(), /^all: every path is disallowed$/);
  assert.equal(await blockedRow("convention-1994").locator("td").nth(1).textContent(), "none");
  // The 1996 draft reads `*` as a byte: the shortest path it allows is /fish* itself.
  assert.equal(await blockedRow("draft-1996").locator("button.witness").first().getAttribute("data-path"), "/fish*");

  // A click (here the keyboard's Enter) puts the witness in the URL list, and its verdicts come.
  await analysed(async () => {
    await allowed.focus();
    await page.keyboard.press("Enter");
  }, (b) => b.urls.includes("/fish"));
  assert.deepEqual((await page.locator("#urls").inputValue()).trim().split("\n"), [...URLS, "/fish"]);
  assert.match(await cell("/fish", "google").textContent(), /✓ allowed\s*line 9: Allow: \/fish\*/);
  assert.match(await cell("/fish", "draft-1996").textContent(), /✗ disallowed\s*line 10: Disallow: \//);
  assert.match(await page.locator("#status").textContent(), /^\/fish added to the URLs/);
});

test("rules that never decide are listed and marked on their lines", async () => {
  await decided(() => page.locator("#agent").fill("OtherBot"), "/api/analyze", (b) => b.agent === "OtherBot");
  // The `*` group: under first match (1994 has no Allow; the 1996 draft) `Disallow: /org/`
  // comes first, so `Allow: /org/plans.html` never decides.
  const item = page.locator("#dead-rules button", { hasText: "Allow: /org/plans.html" });
  assert.equal(await item.count(), 1);
  assert.match(await item.textContent(), /^line 4\s*dead\s*shadowed\s*Allow: \/org\/plans\.html — line 3 \(Disallow: \/org\/\) outranks it and matches every path it matches\s*draft-1996$/);
  assert.equal(await gutterLine(4).locator(".dead-mark").textContent(), "†");
  assert.match(await gutterLine(4).locator(".dead-mark").getAttribute("title"), /^decides no URL — draft-1996: line 3/);
  assert.match(await backdropLine(4).getAttribute("class"), /\bdead\b/);
  assert.equal(await gutterLine(3).locator(".dead-mark").textContent(), "");
  await item.click();
  assert.match(await backdropLine(4).getAttribute("class"), /\bhighlighted\b/);
});

test("an edit pasted in the second box says what it opens and closes, over every URL", async () => {
  await decided(() => page.locator("#agent").fill(AGENT), "/api/analyze", (b) => b.agent === AGENT);
  assert.match(await page.locator("#changes").textContent(), /Paste an edited version/);
  // Copying the file changes nothing…
  await decided(() => page.locator("#copy-file").click(), "/api/compare", (b) => b.new_robots_txt === FILE);
  const same = await page.locator("#changes li").allTextContents();
  assert.deepEqual(same, ["convention-1994", "draft-1996", "rep-draft-2019", "rfc9309", "google"].map((v) => `${v} the same URLs allowed`));
  // …an Allow for FooBot opens /a, and taking `Allow: /fish*` out closes /fish.
  const edited = FILE.replace("Allow: /fish*\n", "Allow: /a\n");
  await decided(() => page.locator("#edited").fill(edited), "/api/compare", (b) => b.new_robots_txt === edited);
  const google = page.locator("#changes li", { has: page.locator("code.variant", { hasText: /^google$/ }) });
  assert.equal(await google.count(), 2);
  assert.match(await google.nth(0).textContent(), /^googlecloses\/fish/);
  assert.match(await google.nth(1).textContent(), /^googleopens\/a/);
  assert.equal(await google.nth(1).locator("button.witness").getAttribute("title"),
    "google: opens — was disallowed by line 10: Disallow: /; now allowed by line 9: Allow: /a");
  assert.match(await page.locator("#changes li").first().textContent(), /^convention-1994 the same URLs allowed$/);
  await analysed(() => google.nth(1).locator("button.witness").click(), (b) => b.urls.includes("/a"));
  assert.match(await cell("/a", "google").textContent(), /✗ disallowed\s*line 10: Disallow: \//);
});

test("the screenshot: a highlighted verdict", async () => {
  // FooBot's `Disallow: /fishy` never decides: `Allow: /fish*` wins the tie where
  // longest match decides, `Disallow: /` comes first where first match does.
  const dead = page.locator("#dead-rules button", { hasText: "Disallow: /fishy" });
  assert.deepEqual(await dead.allTextContents(), [
    "line 13deadshadowedDisallow: /fishy — line 10 (Disallow: /) outranks it and matches every path it matchesconvention-1994, draft-1996",
    "line 13deadshadowedDisallow: /fishy — line 9 (Allow: /fish*) outranks it and matches every path it matchesrep-draft-2019, rfc9309, google",
  ]);
  assert.equal(await gutterLine(13).locator(".dead-mark").textContent(), "†");
  await page.locator("#changes").evaluate((list) => { list.scrollTop = 0; });
  await cell("/fish.html", "google").click();
  await page.locator("#records-variant").selectOption("google");
  await page.screenshot({ path: SCREENSHOT, fullPage: true });
  assert.deepEqual(problems, []);
  assert.deepEqual(foreign, []);
  assert.deepEqual(refusals, []);
});

test("a witness that starts with // goes into the URLs as the URL that asks for it", async () => {
  // The worked example of docs/analysis.md: `//` is a request path, which `Disallow: //*`
  // decides; a bare `//` in the URL list would name a host, so the witness is added as a URL.
  const file = "User-agent: foo\nAllow: /A/\nAllow: /\nDisallow: //*\n";
  await decided(async () => {
    await page.locator("#robots").fill(file);
    await page.locator("#agent").fill("foo");
  }, "/api/analyze", (b) => b.agent === "foo" && b.robots_txt === file);
  const witness = blockedRow("google").locator("button.witness").nth(1);
  assert.equal(await witness.getAttribute("data-path"), "//");
  assert.equal(await witness.locator("code").textContent(), "http://example.com//");
  await analysed(() => witness.click(), (b) => b.urls.includes("http://example.com//"));
  assert.match(await cell("http://example.com//", "google").textContent(), /✗ disallowed\s*line 4: Disallow: \/\/\*/);
  assert.deepEqual(problems, []);
});
