// The vendored corpus (tests/corpus: 212 real files and the ok/warn/err samples) through the
// package, equal to the command line's answers asked at test time: verdicts under every
// variant on benches/queries.py's queries (also over the shared corpus, ../shared/corpus/real,
// when it is there: skipped, saying so, when not), the verdict's text, explanations, the lossless
// tree, the lint findings, Google's report and the exact analysis.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";

import { Robots, VARIANTS, googleReport, lint, lintSarif, parse } from "../package/node.js";
import { batchAnswers, camelCased, queries, root, run, runJson, sharedCorpus } from "./helpers.js";

const corpus = path.join(root, "tests", "corpus");
const real = path.join(corpus, "real");
const samples = ["ok", "warn", "err"].flatMap((dir) =>
  readdirSync(path.join(corpus, dir)).map((name) => path.join(corpus, dir, name)),
);
const realFiles = readdirSync(real)
  .sort()
  .map((name) => path.join(real, name));
const every = [...realFiles, ...samples];

/** Every query of `dir` answered by the package under `variant`, against the CLI's batch. */
function verdictsEqual(t, dir, variant) {
  const asked = queries(dir);
  const bodies = new Map();
  const cases = asked.map(({ file, agent, url }) => {
    let body = bodies.get(file);
    if (body === undefined) {
      body = new Uint8Array(readFileSync(path.join(dir, file)));
      bodies.set(file, body);
    }
    return { file, body, agent, url };
  });
  const expected = batchAnswers(cases, variant);
  let parsed;
  let current;
  for (const [index, one] of cases.entries()) {
    if (one.file !== current) {
      parsed?.free();
      parsed = new Robots(one.body, { profile: variant });
      current = one.file;
    }
    const cli = expected[index];
    const name = `${one.file} ${JSON.stringify(one.agent)} ${JSON.stringify(one.url)}`;
    const { text, ...verdict } = parsed.check(one.agent, one.url);
    assert.deepEqual(verdict, cli, name);
    assert.equal(parsed.isAllowed(one.agent, one.url), cli.allowed, name);
    assert.match(text, verdict.allowed ? /^allowed/ : /^disallowed/);
  }
  parsed?.free();
  t.diagnostic(`${asked.length} queries over ${bodies.size} files equal to robotspec batch`);
}

for (const variant of VARIANTS) {
  test(`benches/queries.py's queries on tests/corpus/real under ${variant}`, (t) => {
    verdictsEqual(t, real, variant);
  });
}

for (const variant of VARIANTS) {
  test(`benches/queries.py's queries on the shared corpus under ${variant}`, (t) => {
    if (!existsSync(sharedCorpus)) {
      t.skip(`SKIPPED: ${sharedCorpus} is not there (the shared material, beside the checkout)`);
      return;
    }
    verdictsEqual(t, sharedCorpus, variant);
  });
}

test("a verdict's text and an explanation are the CLI's", () => {
  for (const file of realFiles.slice(0, 40)) {
    const robots = new Robots(readFileSync(file));
    const urls = ["/", "/admin/", "/search?q=1", "/a/b.php", "/%7Euser/"];
    const printed = run(["check", "--agent", "FooBot", file, ...urls]).trimEnd().split("\n");
    assert.deepEqual(
      urls.map((url) => `${url}\t${robots.check("FooBot", url).text}`),
      printed,
      file,
    );
    const explained = runJson(["explain", "--format", "json", "--agent", "Googlebot", file, ...urls]);
    for (const [index, url] of urls.entries()) {
      const { text, verdict, ...explanation } = robots.explain("Googlebot", url);
      const { verdict: cliVerdict, ...cli } = camelCased(explained.results[index]);
      assert.deepEqual(explanation, cli, `${file} ${url}`);
      const { text: verdictText, ...rest } = verdict;
      assert.deepEqual(rest, cliVerdict);
      assert.equal(verdictText, robots.check("Googlebot", url).text);
      const block = run(["explain", "--agent", "Googlebot", file, url]);
      assert.equal(`${text}\n`, block, `${file} ${url}: the text explain prints`);
    }
    robots.free();
  }
});

test("the lossless tree is what `robotspec parse --format json` prints", () => {
  for (const file of every) {
    const body = readFileSync(file);
    const parsed = parse(body);
    const printed = run(["parse", "--format", "json", file]);
    assert.deepEqual(parsed.tree, JSON.parse(printed), file);
    assert.equal(`${parsed.toJSONText({ pretty: true })}\n`, printed, file);
  }
});

test("lint findings are `robotspec lint --format json`'s", () => {
  const cli = runJson(["lint", "--format", "json", "--no-config", ...every]).findings;
  const got = every.flatMap((file) => lint(readFileSync(file), { path: file }));
  const renamed = cli.map(({ col, readings, ...rest }) => ({ ...rest, column: col, profiles: readings }));
  const order = (f) => [f.file, f.line, f.column, f.severity, f.code, f.message, f.profiles, f.fix];
  assert.deepEqual(got.map(order), renamed.map(order));
  assert.ok(got.length > 100, `${got.length} findings`);
});

test("lintSarif is `robotspec lint --format sarif`'s log", () => {
  const files = every.slice(0, 80);
  const cli = runJson(["lint", "--format", "sarif", "--no-config", ...files]);
  const log = lintSarif(files.map((file) => ({ path: file, body: readFileSync(file) })));
  assert.deepEqual(log, cli);
  assert.ok(log.runs[0].results.length > 50);
});

test("Google's report is `robotspec parse --report google`'s", () => {
  for (const file of every) {
    const cli = runJson(["parse", "--report", "google", "--format", "json", file]);
    assert.deepEqual(googleReport(readFileSync(file)), camelCased(cli), file);
  }
});

test("the exact analysis is `robotspec analyze --format json`'s", () => {
  for (const file of realFiles.slice(0, 60)) {
    const robots = new Robots(readFileSync(file));
    const reports = runJson(["analyze", "--format", "json", file]);
    const analyses = robots.analyzeEach(reports.map((report) => report.agent ?? undefined));
    for (const [index, report] of reports.entries()) {
      const { agent, variant, groups, compared_with_unnamed, policy_token, ...analysis } = report;
      assert.deepEqual(analyses[index], camelCased(analysis), `${file} ${agent}`);
    }
    robots.free();
  }
});
