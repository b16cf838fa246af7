// What the suites share: the repository's folders, the command line they compare with, and
// the package under test (js/package, built by js/build).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import path from "node:path";

export const root = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
export const packageDir = path.join(root, "js", "package");
export const sharedCorpus = path.resolve(root, "..", "shared", "corpus", "real");

/** The `robotspec` binary the answers are compared with: $ROBOTSPEC_CLI, else the release or
 * debug build of the workspace (.ci/test-js builds the debug one when neither is there). */
export function cli() {
  const candidates = [
    process.env.ROBOTSPEC_CLI,
    path.join(root, "target", "release", "robotspec"),
    path.join(root, "target", "debug", "robotspec"),
  ].filter(Boolean);
  const found = candidates.find((candidate) => existsSync(candidate));
  if (found === undefined) {
    throw new Error(`no robotspec binary (tried ${candidates.join(", ")}): cargo build -p robotspec-cli`);
  }
  return found;
}

/** Runs the command line with `args` (and `input` on standard input); its standard output,
 * whatever the exit status (the CLI exits 1 or 3 with answers). */
export function run(args, input) {
  const result = spawnSync(cli(), args, {
    input,
    maxBuffer: 1 << 30,
    encoding: "utf8",
  });
  if (result.error) {
    throw result.error;
  }
  if (result.status === 2 && result.stdout === "") {
    throw new Error(`robotspec ${args.join(" ")}: exit 2: ${result.stderr}`);
  }
  return result.stdout;
}

/** `run`, its output read as JSON. */
export function runJson(args, input) {
  return JSON.parse(run(args, input));
}

/** Every line of a JSON Lines file. */
export function jsonLines(file) {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line));
}

/** A conformance vector's robots.txt bytes (`robots_txt`, or `robots_txt_base64` when they are
 * not UTF-8). */
export function vectorBody(vector) {
  if (vector.robots_txt_base64 !== undefined) {
    return new Uint8Array(Buffer.from(vector.robots_txt_base64, "base64"));
  }
  return new Uint8Array(Buffer.from(vector.robots_txt, "utf8"));
}

/** `snake_case` keys of plain objects to `camelCase`, recursively, except the keys of maps
 * listed in `dataKeys` (data, not names): the CLI's JSON in the package's key case. */
export function camelCased(value, dataKeys = new Set()) {
  if (Array.isArray(value)) {
    return value.map((item) => camelCased(item, dataKeys));
  }
  if (value === null || typeof value !== "object") {
    return value;
  }
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      const name = key.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());
      return [name, dataKeys.has(name) ? item : camelCased(item, dataKeys)];
    }),
  );
}

/** The output of `python3 benches/queries.py DIR`: FILE<TAB>AGENT<TAB>URL lines. */
export function queries(dir) {
  const text = execFileSync("python3", [path.join(root, "benches", "queries.py"), dir], {
    encoding: "utf8",
    maxBuffer: 1 << 30,
  });
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => {
      const [file, agent, url] = line.split("\t");
      return { file, agent, url };
    });
}

/** The command line's answers to `cases` ({ body: Uint8Array, agent, url }) under `variant`:
 * the bodies written to a temporary folder, one `robotspec batch --format json` over them
 * all. One answer per case, in order: the batch's `verdict` object, or `{ error }` for a line
 * it refused. Cases whose agent or URL a query line cannot carry (a tab, a line end) are
 * answered `undefined`: the caller says how many. */
export function batchAnswers(cases, variant) {
  const dir = mkdtempSync(path.join(tmpdir(), "robotspec-js-"));
  try {
    const names = new Map();
    const lines = [];
    const carried = [];
    for (const one of cases) {
      const key = Buffer.from(one.body).toString("base64");
      let name = names.get(key);
      if (name === undefined) {
        name = `f${names.size}`;
        names.set(key, name);
        writeFileSync(path.join(dir, name), one.body);
      }
      const fits = !/[\t\r\n]/.test(one.agent) && !/[\t\r\n]/.test(one.url);
      carried.push(fits);
      if (fits) {
        lines.push(`${name}\t${one.agent}\t${one.url}`);
      }
    }
    const input = lines.length === 0 ? "" : `${lines.join("\n")}\n`;
    const out = run(["batch", "--format", "json", "--variant", variant, "--corpus", dir], input);
    const answers = out
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line));
    let next = 0;
    return carried.map((fits) => {
      if (!fits) {
        return undefined;
      }
      const answer = answers[next++];
      return answer.error === undefined ? answer.verdict : { error: answer.error };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
