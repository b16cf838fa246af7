// The package as a user gets it: `npm pack` in js/package, the tarball installed into a fresh
// folder, then imported by name — from ESM in Node, and from a page with no bundler in headless
// Chromium (an import map names "robotspec"; a small static server serves the folder, as any
// static host would: browsers refuse modules and .wasm from file://). The browser is Debian's
// Chromium driven by playwright-core from cli/tests/browser's lock (.ci/test-js installs it).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";

import { packageDir, root } from "./helpers.js";

const chromiumPath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const browserModules = path.join(root, "cli", "tests", "browser", "node_modules");

let folder;
let tarball;

before(() => {
  folder = mkdtempSync(path.join(tmpdir(), "robotspec-pack-"));
  const packed = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--pack-destination", folder], { cwd: packDir(), encoding: "utf8" }),
  );
  tarball = path.join(folder, packed[0].filename);
  const app = path.join(folder, "app");
  mkdirSync(app);
  writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", tarball], { cwd: app });
});

after(() => {
  rmSync(folder, { recursive: true, force: true });
});

/** js/package, which must have been built (dist/). */
function packDir() {
  assert.ok(existsSync(path.join(packageDir, "dist", "robotspec_bg.wasm")), "js/build first");
  return packageDir;
}

/** The script both environments run: the README's first example and a few more answers, as
 * one line of JSON. */
const probe = `
  const body = "User-agent: *\\nDisallow: /private\\nAllow: /private/press\\n";
  const robots = new Robots(body);
  const answers = {
    version: VERSION,
    allowed: robots.isAllowed("FooBot", new URL("https://example.com/private/press/1")),
    verdict: robots.check("FooBot", "/private/x").text,
    blocked: robots.analyze().blocked,
    findings: lint("User-agent: AI2Bot\\nDisallow: /\\n").map((f) => f.code),
    tree: parse("User-agent: *\\n").tree.kind,
  };
  robots.free();
`;

const expected = (version) => ({
  version,
  allowed: true,
  verdict: "disallowed by line 2: Disallow: /private [`*` group at line 1]",
  blocked: "some",
  findings: ["agent-misread", "invalid-product-token"],
  tree: "robots_txt",
});

test("the tarball holds the package's files, and nothing else", () => {
  const listing = execFileSync("tar", ["tzf", tarball], { encoding: "utf8" }).trim().split("\n").sort();
  const manifest = JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8"));
  for (const file of ["index.js", "index.d.ts", "node.js", "browser.js", "dist/robotspec.js", "dist/robotspec_bg.wasm", "README.md", "LICENSE-MIT", "LICENSE-APACHE", "package.json"]) {
    assert.ok(listing.includes(`package/${file}`), `${file} is packed`);
  }
  for (const entry of listing) {
    const file = entry.replace(/^package\//, "");
    assert.ok(file === "package.json" || manifest.files.includes(file), `${file} is listed in "files"`);
  }
});

test("installed from the tarball, imported by name from ESM in Node", () => {
  const app = path.join(folder, "app");
  writeFileSync(
    path.join(app, "probe.mjs"),
    `import { Robots, VERSION, lint, parse } from "robotspec";\n${probe}\nconsole.log(JSON.stringify(answers));\n`,
  );
  const out = execFileSync(process.execPath, ["probe.mjs"], { cwd: app, encoding: "utf8" });
  const version = JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8")).version;
  assert.deepEqual(JSON.parse(out), expected(version));
});

/** Serves `dir` on a free loopback port, with the types a browser needs. */
async function serve(dir) {
  const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json" };
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url, "http://x").pathname);
    if (pathname === "/favicon.ico") {
      response.writeHead(204).end();
      return;
    }
    const file = path.join(dir, pathname);
    if (!file.startsWith(dir) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": types[path.extname(file)] ?? "application/octet-stream" });
    response.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

test("installed from the tarball, imported from a bundler-free page in headless Chromium", async (t) => {
  if (!existsSync(chromiumPath) || !existsSync(path.join(browserModules, "playwright-core"))) {
    t.skip(`SKIPPED: needs ${chromiumPath} and playwright-core in cli/tests/browser (.ci/test-js installs both)`);
    return;
  }
  const app = path.join(folder, "app");
  writeFileSync(
    path.join(app, "index.html"),
    `<!doctype html><meta charset="utf-8"><title>robotspec</title>
<script type="importmap">{"imports": {"robotspec": "./node_modules/robotspec/browser.js"}}</script>
<script type="module">
  import { Robots, VERSION, lint, parse } from "robotspec";
  ${probe}
  window.answers = answers;
</script>`,
  );
  const server = await serve(app);
  const require = createRequire(path.join(browserModules, "x.js"));
  const { chromium } = require("playwright-core");
  const profile = mkdtempSync(path.join(tmpdir(), "robotspec-chromium-"));
  // A new profile folder: playwright passes it as --user-data-dir.
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    await page.goto(`http://127.0.0.1:${server.address().port}/index.html`);
    await page.waitForFunction(() => window.answers !== undefined || false, null, { timeout: 20_000 }).catch(() => {});
    assert.deepEqual(errors, []);
    const answers = await page.evaluate(() => window.answers);
    const version = JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8")).version;
    assert.deepEqual(answers, expected(version));
  } finally {
    await browser.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  }
  assert.ok(readdirSync(app).includes("node_modules"));
});
