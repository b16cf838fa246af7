// The package README's examples run, and print what the README says they print: each ```js
// block followed by "prints" and a ```text block is run in its own Node process, with
// "robotspec" resolved to the package under test.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "node:test";

import { packageDir } from "./helpers.js";

const readme = readFileSync(path.join(packageDir, "README.md"), "utf8");
const examples = [...readme.matchAll(/```js\n([\s\S]*?)```\n\nprints\n\n```text\n([\s\S]*?)```/g)];
const entry = pathToFileURL(path.join(packageDir, "node.js")).href;

test("the README has the five examples", () => {
  assert.equal(examples.length, 5);
});

for (const [index, [, code, printed]] of examples.entries()) {
  test(`README example ${index + 1} prints what the README says`, () => {
    const dir = mkdtempSync(path.join(tmpdir(), "robotspec-readme-"));
    try {
      const file = path.join(dir, "example.mjs");
      writeFileSync(file, code.replaceAll('from "robotspec"', `from ${JSON.stringify(entry)}`));
      const out = execFileSync(process.execPath, [file], { encoding: "utf8" });
      assert.equal(out, printed);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
