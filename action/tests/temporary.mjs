// Temporary folders for the tests, removed when the test file's run ends.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after } from "node:test";

const made = [];
after(() => made.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A new folder under the system's temporary folder, its name starting with `prefix`. */
export function temporary(prefix) {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(folder);
  return folder;
}
