// The npm package robotspec against robots-parser 3.0.1 (pinned in package-lock.json), in one
// Node process, on the shared corpus (../shared/corpus/real, 4,231 real files).
//
//   cd js/bench && npm ci && node --expose-gc native.mjs [--rounds N] [--package DIR]
//
// Protocol (docs/performance.md, "JavaScript"): CPU time from process.cpuUsage() (user +
// system); the module compiled and instantiated, and every body read into memory, before any
// timing; warm-up rounds, then the median of N rounds (default 7) in which robotspec and
// robots-parser alternate, the first of each round swapped every round, the event loop turned (and, under
// --expose-gc, a collection run) between timed runs (protocol.mjs); the per-round ratios are
// printed with the medians. Rows:
//
// - cold: parse each file and ask it 3 questions, the path a crawler takes on a new host — the
//   query set of cli/benches/cold.rs (its agent: the file's first named agent on even-numbered
//   files, RandomBot on odd ones; `/`, a path made from its first rule, a miss) — robotspec
//   through its native API with Uint8Array bodies (as fetched), and with string bodies;
//   robots-parser with strings (what it takes), every parsed file dropped (robotspec's freed);
// - warm: every benches/queries.py query (30 a file) on files parsed beforehand;
// - the drop-in (robotspec/robots-parser, when the package has it) on the cold path, strings;
// - `robotspec batch` (target/release/robotspec) as a whole process on the same query sets,
//   reading the files included: the cost of the boundary and of JavaScript;
// - the module's size (gzip -9, glue apart) and its instantiation in a fresh Node process
//   (wall time of the package's import, median of 7 processes).
//
// Without the shared corpus it says so and measures only the size and the instantiation.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

import { cpuSeconds, median, settle } from "./protocol.mjs";

const root = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : args[at + 1];
};
const rounds = Number(option("--rounds", "7"));
const warmups = 2;
const packageDir = path.resolve(option("--package", path.join(root, "js", "package")));
const corpus = path.resolve(root, "..", "shared", "corpus", "real");

const { Robots } = await import(pathToFileURL(path.join(packageDir, "node.js")).href);
const robotsParser = (await import("robots-parser")).default;
const dropInFile = path.join(packageDir, "robots-parser.js");
const dropIn = existsSync(dropInFile) ? (await import(pathToFileURL(dropInFile).href)).default : undefined;

/** Interleaved rounds of `sides` ({ name: work }): medians and per-round ratios to the last. */
async function compare(title, sides) {
  const names = Object.keys(sides);
  for (let i = 0; i < warmups; i++) {
    for (const name of names) {
      sides[name]();
      await settle();
    }
  }
  const times = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? [...names].reverse() : names;
    for (const name of order) {
      times[name].push(cpuSeconds(sides[name]));
      await settle();
    }
  }
  const reference = names.at(-1);
  console.log(`\n${title}`);
  for (const name of names) {
    const ratios = times[reference].map((t, i) => t / times[name][i]);
    const spread = name === reference ? "" : `  (rounds ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}×)`;
    const ratio = median(times[reference]) / median(times[name]);
    console.log(
      `  ${name.padEnd(46)} ${median(times[name]).toFixed(3)} s CPU  ${ratio.toFixed(2)}× ${reference}${spread}`,
    );
  }
  return Object.fromEntries(names.map((name) => [name, median(times[name])]));
}

/** The first named agent token and a path made from the first rule (cli/benches/cold.rs). */
function firstAgentAndRule(text) {
  let agent;
  let rule;
  for (const raw of text.split(/[\r\n]/)) {
    const line = raw.split("#")[0];
    const colon = line.indexOf(":");
    if (colon === -1) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === "user-agent" && agent === undefined) {
      const token = /^[A-Za-z_-]*/.exec(value)[0];
      if (token !== "") agent = token;
    } else if ((key === "allow" || key === "disallow") && rule === undefined && value.startsWith("/")) {
      rule = `${(value.endsWith("$") ? value.slice(0, -1) : value).replaceAll("*", "abc/")}x.html`;
    }
    if (agent !== undefined && rule !== undefined) break;
  }
  return { agent, rule };
}

const clean = (p) => p.replaceAll("\t", "%09").replaceAll(" ", "%20");

/** Wall milliseconds of importing the package in a fresh Node process, median of 7. */
function instantiation() {
  const probe = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(path.join(packageDir, "node.js")).href)}); console.log(performance.now() - t);`;
  const walls = Array.from({ length: 7 }, () =>
    Number(execFileSync(process.execPath, ["--input-type=module", "-e", probe], { encoding: "utf8" })),
  );
  return median(walls);
}

function sizes() {
  const wasm = readFileSync(path.join(packageDir, "dist", "robotspec_bg.wasm"));
  const glue = Buffer.concat(
    ["dist/robotspec.js", "index.js", "node.js", "instantiate-node.js"].map((f) => readFileSync(path.join(packageDir, f))),
  );
  const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(`module: ${kb(wasm.length)}, ${kb(gzipSync(wasm, { level: 9 }).length)} after gzip -9`);
  console.log(`glue (dist/robotspec.js, index.js, node.js, instantiate-node.js): ${kb(glue.length)}, ${kb(gzipSync(glue, { level: 9 }).length)} after gzip -9`);
  console.log(`instantiation (import of the package in a fresh Node process, median of 7): ${instantiation().toFixed(1)} ms wall`);
}

/** CPU seconds of `robotspec batch` on `queries` (whole process, reading the files), median. */
function batch(queries) {
  const cli = path.join(root, "target", "release", "robotspec");
  if (!existsSync(cli)) {
    console.log("  robotspec batch: SKIPPED (cargo build --release -p robotspec-cli first)");
    return undefined;
  }
  const dir = mkdtempSync(path.join(tmpdir(), "robotspec-bench-"));
  const file = path.join(dir, "queries.tsv");
  writeFileSync(file, queries.map((q) => `${q.file}\t${q.agent}\t${q.url}`).join("\n") + "\n");
  const once = () => {
    const out = spawnSync("bash", ["-c", `"$0" batch --corpus "$1" < "$2" > /dev/null; times`, cli, corpus, file], {
      encoding: "utf8",
    }).stdout;
    const [user, system] = out.trim().split("\n")[1].split(/\s+/).map((t) => {
      const [, m, s] = /(\d+)m([\d.]+)s/.exec(t);
      return Number(m) * 60 + Number(s);
    });
    return user + system;
  };
  for (let i = 0; i < warmups; i++) once();
  const seconds = median(Array.from({ length: rounds }, once));
  rmSync(dir, { recursive: true, force: true });
  return seconds;
}

sizes();
if (!existsSync(corpus)) {
  console.log(`\nSKIPPED the corpus rows: ${corpus} is not there (the shared material, beside the checkout)`);
  process.exit(0);
}

const names = readdirSync(corpus).sort();
const files = names.map((name, index) => {
  const bytes = new Uint8Array(readFileSync(path.join(corpus, name)));
  const text = new TextDecoder().decode(bytes);
  const first = firstAgentAndRule(text);
  const agent = index % 2 === 0 ? (first.agent ?? "Googlebot") : "RandomBot";
  const paths = ["/", first.rule ?? "/index.html", "/no/rule/matches/this/path.html?q=1"];
  const urls = paths.map((p) => `https://${name}${clean(p)}`);
  return { name, bytes, text, agent, urls, robotsUrl: `https://${name}/robots.txt` };
});
const cold = files.flatMap((f) => f.urls.map((url) => ({ file: f.name, agent: f.agent, url })));
console.log(`\n${files.length} files, ${cold.length} cold queries; ${rounds} rounds after ${warmups} warm-up rounds`);

let sink = 0;
const coldTimes = await compare("cold path: parse each file, ask 3 questions", {
  "robotspec, Uint8Array bodies": () => {
    for (const f of files) {
      const robots = new Robots(f.bytes);
      for (const url of f.urls) sink += robots.isAllowed(f.agent, url);
      robots.free();
    }
  },
  "robotspec, string bodies": () => {
    for (const f of files) {
      const robots = new Robots(f.text);
      for (const url of f.urls) sink += robots.isAllowed(f.agent, url);
      robots.free();
    }
  },
  ...(dropIn && {
    "robotspec/robots-parser drop-in, string bodies": () => {
      for (const f of files) {
        const robots = dropIn(f.robotsUrl, f.text);
        for (const url of f.urls) sink += robots.isAllowed(url, f.agent) ? 1 : 0;
        robots.free?.();
      }
    },
  }),
  "robots-parser 3.0.1": () => {
    for (const f of files) {
      const robots = robotsParser(f.robotsUrl, f.text);
      for (const url of f.urls) sink += robots.isAllowed(url, f.agent) ? 1 : 0;
    }
  },
});
if (!dropIn) console.log("  robotspec/robots-parser drop-in: SKIPPED (no robots-parser.js in the package)");

// The warm set: benches/queries.py's queries, absolute URLs on each file's host.
const all = execFileSync("python3", [path.join(root, "benches", "queries.py"), corpus], {
  encoding: "utf8",
  maxBuffer: 1 << 30,
})
  .split("\n")
  .filter(Boolean)
  .map((line) => {
    const [file, agent, url] = line.split("\t");
    return { file, agent, url: url.startsWith("/") ? `https://${file}${url}` : url };
  });
const ours = new Map(files.map((f) => [f.name, new Robots(f.bytes)]));
const theirs = new Map(files.map((f) => [f.name, robotsParser(f.robotsUrl, f.text)]));
// Each question as an object literal of the four fields the loops read: copied with spread
// (`{ ...q, ours, theirs }`), V8 kept a field out of the object, and the loops' loads of their
// 126,930 questions cost both libraries about 350 ns a question more (a third of robotspec's
// time), which measured the harness rather than either library.
const warm = all.map((q) => ({ agent: q.agent, url: q.url, ours: ours.get(q.file), theirs: theirs.get(q.file) }));
const warmTimes = await compare(`warm: ${warm.length} benches/queries.py queries on parsed files`, {
  "robotspec": () => {
    for (const q of warm) sink += q.ours.isAllowed(q.agent, q.url);
  },
  "robots-parser 3.0.1": () => {
    for (const q of warm) sink += q.theirs.isAllowed(q.url, q.agent) ? 1 : 0;
  },
});
for (const robots of ours.values()) robots.free();

console.log("\nrobotspec batch (target/release/robotspec, whole process, reading the files included)");
const coldBatch = batch(cold);
const allBatch = batch(all);
if (coldBatch !== undefined) {
  const native = coldTimes["robotspec, Uint8Array bodies"];
  console.log(`  cold set: ${coldBatch.toFixed(3)} s CPU; the package's cold path takes ${(native / coldBatch).toFixed(2)}× that`);
  console.log(`  all ${all.length} queries: ${allBatch.toFixed(3)} s CPU (parse and answer); the package's warm queries alone take ${warmTimes.robotspec.toFixed(3)} s`);
}
if (sink === 0.5) console.log(sink); // keeps the answers alive
