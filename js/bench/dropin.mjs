// The crawler's cold path through the drop-in `robotspec/robots-parser` against robots-parser
// 3.0.1, and how often each agrees with Google.
//
// Over the shared corpus (../shared/corpus/real: 4,231 served robots.txt files), each file is
// parsed from a string already in memory and asked 3 questions — the first 3 queries per file of
// benches/queries.py, 12,693 in all — through each library's `robotsParser(url, contents)` and
// `isAllowed(url, ua)`. CPU time is process.cpuUsage() (user + system) in this one process:
// the WebAssembly module is compiled and instantiated before anything is timed (importing the
// drop-in does it), both libraries run warm-up rounds, then ROUNDS rounds interleaved (the
// order alternating), and the median of each is reported. Between rounds, outside the timing,
// the event loop turns and, under --expose-gc, a collection runs, so the parsed files a round
// leaves behind are freed (their FinalizationRegistry) before the next one.
//
// Agreement: each library's answers compared with the command line's (`robotspec batch
// --variant google`, Google-exact), which reads the files' bytes, not strings — once with the
// URLs as benches/queries.py wrote them, once as a crawler requests them (the WHATWG
// serialisation the drop-in asks about; Google's library takes URLs %-encoded).
//
//   (cd js/bench && npm ci) && node --expose-gc js/bench/dropin.mjs [ROUNDS]
//
// Needs the built package (js/build), python3, and a robotspec binary for the agreement
// (ROBOTSPEC_CLI, else target/release/robotspec); says what it skips when one is missing.

import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

import { cpuSeconds, median, settle } from "./protocol.mjs";

import dropIn from "../package/robots-parser.js";

const CORPUS = fileURLToPath(new URL("../../../shared/corpus/real/", import.meta.url));
const QUERIES = fileURLToPath(new URL("../../benches/queries.py", import.meta.url));
const CLI = [process.env.ROBOTSPEC_CLI, fileURLToPath(new URL("../../target/release/robotspec", import.meta.url))]
  .find((path) => path && existsSync(path));
const QUESTIONS_PER_FILE = 3;
const WARM_UP = 2;
const ROUNDS = Math.max(5, Number(process.argv[2] ?? 7));

const robotsParser = createRequire(import.meta.url)("robots-parser");

/** The corpus in memory: each file's name, path, body as a string, and its questions. */
function load() {
  const lines = execFileSync("python3", [QUERIES, CORPUS], { maxBuffer: 1 << 28 }).toString().trim().split("\n");
  const questions = new Map();
  for (const line of lines) {
    const [name, agent, url] = line.split("\t");
    const asked = questions.get(name) ?? [];
    if (asked.length < QUESTIONS_PER_FILE) asked.push([url, agent]);
    questions.set(name, asked);
  }
  const decoder = new TextDecoder();
  return readdirSync(CORPUS).sort().map((name) => ({
    name,
    robotsUrl: `https://${name}/robots.txt`,
    text: decoder.decode(readFileSync(CORPUS + name)),
    questions: questions.get(name) ?? [],
  }));
}

/** One cold-path round: parse every file and ask its questions; returns the answers. */
function round(parse, files) {
  const answers = [];
  for (const file of files) {
    const robots = parse(file.robotsUrl, file.text);
    for (const [url, agent] of file.questions) answers.push(robots.isAllowed(url, agent));
  }
  return answers;
}

/**
 * Google's answers from the command line, in the order of the corpus's questions, each URL
 * written by `form` (as queries.py wrote it, or as a crawler requests it).
 */
function google(files, form) {
  const input = files.flatMap((file) => file.questions.map(([url, agent]) => `${file.name}\t${agent}\t${form(url)}\n`)).join("");
  const output = execFileSync(CLI, ["batch", "--variant", "google", "--format", "json", "--corpus", CORPUS], { input, maxBuffer: 1 << 28 });
  return output.toString().trim().split("\n").map((line) => JSON.parse(line).verdict?.allowed);
}

/**
 * The URL a crawler requests: the WHATWG parser's serialisation (non-ASCII percent-encoded,
 * `\` read as `/`, surrounding spaces dropped) — google/robotstxt's robots.h: "'url' must be
 * %-encoded according to RFC3986."
 */
const requested = (url) => (URL.canParse(url) ? new URL(url).href : url);

function agreement(answers, truth) {
  const same = answers.filter((answer, index) => answer === truth[index]).length;
  return `${same} / ${truth.length} (${((100 * same) / truth.length).toFixed(2)} %)`;
}

async function main() {
  if (!existsSync(CORPUS)) {
    console.log(`skipped: no shared corpus at ${CORPUS}`);
    return;
  }
  const files = load();
  const queries = files.reduce((sum, file) => sum + file.questions.length, 0);
  console.log(`${files.length} files, ${queries} questions (${QUESTIONS_PER_FILE} per file), bodies as strings`);
  const contenders = [["robotspec/robots-parser", dropIn], ["robots-parser 3.0.1", robotsParser]];
  const times = new Map(contenders.map(([name]) => [name, []]));
  for (let warm = 0; warm < WARM_UP; warm += 1) {
    for (const [, parse] of contenders) round(parse, files);
    await settle();
  }
  for (let index = 0; index < ROUNDS; index += 1) {
    const order = index % 2 === 0 ? contenders : [...contenders].reverse();
    for (const [name, parse] of order) {
      times.get(name).push(cpuSeconds(() => round(parse, files)));
      await settle();
    }
  }
  const [ours, theirs] = contenders.map(([name]) => median(times.get(name)));
  for (const [name] of contenders) {
    const all = times.get(name).map((t) => t.toFixed(3)).join(" ");
    console.log(`${name}: median ${median(times.get(name)).toFixed(3)} s CPU (rounds: ${all})`);
  }
  console.log(`speed-up: ${(theirs / ours).toFixed(2)}x robots-parser (target >= 2x); ${ROUNDS} interleaved rounds, gc between rounds: ${Boolean(globalThis.gc)}`);
  if (!CLI) {
    console.log("agreement skipped: no robotspec binary (set ROBOTSPEC_CLI or cargo build --release -p robotspec-cli)");
    return;
  }
  const forms = [["URLs as queries.py wrote them", (url) => url], ["URLs as requested (WHATWG-serialised)", requested]];
  for (const [form, write] of forms) {
    const truth = google(files, write);
    for (const [name, parse] of contenders) console.log(`${name} agrees with Google, ${form}: ${agreement(round(parse, files), truth)}`);
  }
}

await main();
