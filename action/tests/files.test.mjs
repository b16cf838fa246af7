// The `files` input's patterns (src/files.mjs), expanded over a folder tree made here.

import assert from "node:assert/strict";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";

import { expandFiles, segmentRegExp, workspacePath } from "../src/files.mjs";
import { temporary } from "./temporary.mjs";

/** A workspace holding the given files (each with a line of text). */
function workspace(files) {
  const root = temporary("robotspec-files-");
  for (const file of files) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), "User-agent: *\n");
  }
  return root;
}

/** The files `patterns` name, relative to `root`. */
function expanded(patterns, root) {
  return expandFiles(patterns, root).map((file) => workspacePath(file, root));
}

const tree = [
  "robots.txt",
  "public/robots.txt",
  "sites/a/robots.txt",
  "sites/b/robots.txt",
  "sites/b/robots.txt.bak",
  "sites/c1/robots.txt",
  "node_modules/pkg/robots.txt",
  ".git/robots.txt",
  ".well-known/robots.txt",
];

test("** matches any number of folders, none included, but not .git or node_modules", () => {
  const root = workspace(tree);
  assert.deepEqual(expanded(["**/robots.txt"], root), [
    ".well-known/robots.txt",
    "public/robots.txt",
    "robots.txt",
    "sites/a/robots.txt",
    "sites/b/robots.txt",
    "sites/c1/robots.txt",
  ]);
});

test("a trailing ** is every file below", () => {
  const root = workspace(tree);
  assert.deepEqual(expanded(["sites/b/**"], root), ["sites/b/robots.txt", "sites/b/robots.txt.bak"]);
});

test("*, ? and classes match within one segment", () => {
  const root = workspace(tree);
  assert.deepEqual(expanded(["sites/*/robots.txt"], root), [
    "sites/a/robots.txt",
    "sites/b/robots.txt",
    "sites/c1/robots.txt",
  ]);
  assert.deepEqual(expanded(["sites/?/robots.txt"], root), ["sites/a/robots.txt", "sites/b/robots.txt"]);
  assert.deepEqual(expanded(["sites/[a-b]/robots.txt"], root), ["sites/a/robots.txt", "sites/b/robots.txt"]);
  assert.deepEqual(expanded(["sites/[!a-b]*/robots.txt"], root), ["sites/c1/robots.txt"]);
  assert.deepEqual(expanded(["sites/b/robots.*"], root), ["sites/b/robots.txt", "sites/b/robots.txt.bak"]);
});

test("paths name files, each file once, in the order given", () => {
  const root = workspace(tree);
  assert.deepEqual(expanded(["public/robots.txt", "robots.txt", "**/robots.txt"], root).slice(0, 3), [
    "public/robots.txt",
    "robots.txt",
    ".well-known/robots.txt",
  ]);
  assert.equal(expanded(["**/robots.txt", "robots.txt"], root).length, 6);
});

test("a literal path may name a file ** skips", () => {
  const root = workspace(tree);
  assert.deepEqual(expanded(["node_modules/pkg/robots.txt"], root), ["node_modules/pkg/robots.txt"]);
});

test("a pattern matching nothing, a missing file or a folder is an error", () => {
  const root = workspace(tree);
  assert.throws(() => expandFiles(["**/robot.txt"], root), /\*\*\/robot\.txt: no file matches/);
  assert.throws(() => expandFiles(["missing/robots.txt"], root), /missing\/robots\.txt: no such file/);
  assert.throws(() => expandFiles(["public"], root), /public: no such file/);
});

test("regular-expression characters in a pattern are literal", () => {
  assert.equal(segmentRegExp("a.b+(c)").test("a.b+(c)"), true);
  assert.equal(segmentRegExp("a.b").test("axb"), false);
  assert.equal(segmentRegExp("[").test("["), true);
});

test("** does not follow a link to a folder (no loop)", () => {
  const root = workspace(["site/robots.txt"]);
  symlinkSync(root, path.join(root, "site", "loop"));
  assert.deepEqual(expanded(["**/robots.txt"], root), ["site/robots.txt"]);
});

test("a file outside the workspace keeps its absolute path", () => {
  const root = workspace(tree);
  const other = workspace(["robots.txt"]);
  const file = path.join(other, "robots.txt");
  assert.deepEqual(expanded([file], root), [file]);
  assert.equal(workspacePath(path.join(root, "..foo", "robots.txt"), root), "..foo/robots.txt");
});
