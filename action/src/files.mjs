// The files the action lints: the `files` input's paths and glob patterns, expanded under the
// workspace. Node 20 has no `fs.glob` (it came in Node 22), so the few glob forms a workflow
// needs are matched here:
//
// - `*` any characters but `/`, `?` one such character, `[abc]`/`[a-z]`/`[!abc]` a class;
// - `**` as a whole segment: any number of folders (none included); at the end, every file
//   below. It does not descend into `.git` or `node_modules`, nor follow links to folders.
//
// A path without glob characters names one file. A pattern that matches nothing, or a path
// that is not a file, is an error: a lint step that silently lints nothing would pass.

import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/** Folders `**` does not descend into. */
const SKIPPED_FOLDERS = new Set([".git", "node_modules"]);

/** Whether a path segment holds glob syntax. */
function isPattern(segment) {
  return /[*?[]/.test(segment);
}

/** The regular expression one segment (no `/`) of a glob stands for. */
export function segmentRegExp(segment) {
  let source = "";
  for (let i = 0; i < segment.length; i += 1) {
    const char = segment[i];
    const classEnd = char === "[" ? segment.indexOf("]", i + 2) : -1;
    if (char === "*") {
      source += "[^/]*";
    } else if (char === "?") {
      source += "[^/]";
    } else if (classEnd > 0) {
      source += characterClass(segment.slice(i + 1, classEnd));
      i = classEnd;
    } else {
      source += char.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
    }
  }
  return new RegExp(`^${source}$`, "s");
}

/** `[…]`'s inside as a regular-expression class: `!` or `^` first negates, `a-z` ranges. */
function characterClass(inside) {
  const negated = inside.startsWith("!") || inside.startsWith("^");
  const members = (negated ? inside.slice(1) : inside).replace(/[\\\]^[]/g, "\\$&");
  return `[${negated ? "^" : ""}${members}]`;
}

function statOrNull(file) {
  try {
    return statSync(file);
  } catch {
    return null;
  }
}

/** The entries of a folder, or none when it cannot be read. */
function entries(folder) {
  try {
    return readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** Adds to `found` the files under `folder` that the segments match. */
function walk(folder, segments, found) {
  const [head, ...rest] = segments;
  if (head === "**") {
    walk(folder, rest.length > 0 ? rest : ["*"], found);
    for (const entry of entries(folder)) {
      if (entry.isDirectory() && !SKIPPED_FOLDERS.has(entry.name)) {
        walk(path.join(folder, entry.name), segments, found);
      }
    }
    return;
  }
  const matcher = isPattern(head) ? segmentRegExp(head) : null;
  const names = matcher
    ? entries(folder).map((entry) => entry.name).filter((name) => matcher.test(name))
    : [head];
  for (const name of names) {
    const target = path.join(folder, name);
    const stat = statOrNull(target);
    if (rest.length === 0 && stat?.isFile()) {
      found.add(target);
    } else if (rest.length > 0 && stat?.isDirectory()) {
      walk(target, rest, found);
    }
  }
}

/** The files one pattern matches under `root`, sorted; an error when there is none. */
function expandOne(pattern, root) {
  const absolute = path.resolve(root, pattern);
  if (!isPattern(pattern)) {
    if (!statOrNull(absolute)?.isFile()) {
      throw new Error(`${pattern}: no such file (under ${root})`);
    }
    return [absolute];
  }
  const { root: start } = path.parse(absolute);
  const segments = absolute.slice(start.length).split(/[\\/]/).filter((s) => s !== "");
  const found = new Set();
  walk(start, segments, found);
  if (found.size === 0) {
    throw new Error(`${pattern}: no file matches (under ${root})`);
  }
  return [...found].sort();
}

/**
 * The files `patterns` name under `root`, absolute, each once, in the order of the patterns
 * (each pattern's matches sorted). Throws when a pattern matches no file.
 */
export function expandFiles(patterns, root) {
  const files = new Set();
  for (const pattern of patterns) {
    for (const file of expandOne(pattern, root)) {
      files.add(file);
    }
  }
  return [...files];
}

/**
 * `file` as code scanning and annotations name it: relative to the workspace `root`, with `/`
 * between segments; a file outside the workspace keeps its absolute path.
 */
export function workspacePath(file, root) {
  const relative = path.relative(root, file);
  const outside = relative === ".." || relative.startsWith(`..${path.sep}`);
  if (outside || path.isAbsolute(relative)) {
    return file;
  }
  return relative.split(path.sep).join("/");
}
