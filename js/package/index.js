// robotspec for JavaScript: the public API (README.md; types in index.d.ts).
//
// This file adapts the WebAssembly module's exports (dist/robotspec.js, made by js/build from
// the crate js/) to JavaScript's habits: camelCase, options objects, `URL` objects accepted
// wherever a URL is, exception classes, a parsed file that frees its memory. It decides
// nothing about robots.txt: every answer is the Rust library's.
//
// It needs the module instantiated first, which is the entry points' job: import the package
// ("robotspec": node.js in Node, browser.js elsewhere), never this file alone. A module of the
// package that needs the API (robots-parser.js) imports "robotspec" by name, which resolves to
// the right entry point in Node and bundlers (and through an import map in a browser page).

import * as core from "./dist/robotspec.js";

/** The base of every error the package throws. */
export class RobotspecError extends Error {
  constructor(message, options) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The file breaks the reading's grammar (strict mode), or a limit stopped part of it from
 * being read; `diagnostics` holds every problem, in input order. */
export class StrictError extends RobotspecError {
  constructor(message, diagnostics) {
    super(message);
    this.diagnostics = diagnostics;
  }
}

/** The agent names no crawler: empty, blank or only commas, a control character, or a lone
 * surrogate. Read as the empty token it would quietly get the `*` groups. */
export class AgentError extends RobotspecError {}

/** An unknown variant, setting, mode, collect, limit, option or finding code, or a limit's
 * value out of range. */
export class ReadingError extends RobotspecError {}

/** The class each `kind` of refusal is thrown as (a strict one carries its diagnostics). */
const classes = { agent: AgentError, reading: ReadingError, argument: RobotspecError };

/** The exception for `thrown`, what the module threw: a refusal object becomes its class, a
 * trap (the instance is lost: docs/javascript.md) or another error passes unchanged. */
function converted(thrown) {
  if (thrown !== null && typeof thrown === "object" && typeof thrown.kind === "string") {
    if (thrown.kind === "strict") {
      return new StrictError(thrown.message, thrown.diagnostics);
    }
    return new (classes[thrown.kind] ?? RobotspecError)(thrown.message);
  }
  if (typeof thrown === "string") {
    return new RobotspecError(thrown);
  }
  return thrown;
}

const constants = core.constants();

/** The variant names, oldest first. */
export const VARIANTS = Object.freeze(constants.variants);
/** The variant read when none is named: "google", the command line's default. */
export const DEFAULT_VARIANT = constants.defaultVariant;
/** The settings a composed reading changes, each with its choices ("N" stands for a number). */
export const SETTINGS = Object.freeze(
  Object.fromEntries(
    Object.entries(constants.settings).map(([name, choices]) => [name, Object.freeze(choices)]),
  ),
);
/** The names of the limits, each a key of `ReadOptions.limits`. */
export const LIMITS = Object.freeze(constants.limits);
/** The version of the package (the Rust workspace's). */
export const VERSION = constants.version;

const encoder = new TextEncoder();

/** `body` as bytes: a Uint8Array as it is, a string as UTF-8. */
function bytes(body, what = "body") {
  if (body instanceof Uint8Array) {
    return body;
  }
  if (typeof body === "string") {
    return encoder.encode(body);
  }
  throw new RobotspecError(`${what} must be a Uint8Array or a string, not ${kind(body)}`);
}

/** The question buffer's room in bytes, and the most it keeps between questions: a URL longer
 * than a third of it gets the room it needs, which the next shorter question gives back. */
const QUESTION_BYTES = 1 << 12;
/** A view of the module's question buffer (`questionBuffer`), where `isAllowed` writes each
 * URL; empty until the first question, and whenever the module's memory grew (which detaches
 * every view of it). */
let question = new Uint8Array(0);

/** Writes the URL `url` (as `urlText` takes it) into the question buffer as UTF-8; its length
 * in bytes. An ASCII string, what URLs nearly always are, is copied unit by unit: asking the
 * encoder costs more than the copy for a URL's few dozen characters. */
function asked(url) {
  if (typeof url === "string" && url.length <= QUESTION_BYTES) {
    if (question.byteLength !== QUESTION_BYTES) {
      question = questionRoom(QUESTION_BYTES);
    }
    const view = question;
    let copied = 0;
    while (copied < url.length && url.charCodeAt(copied) < 0x80) {
      view[copied] = url.charCodeAt(copied);
      copied++;
    }
    if (copied === url.length) {
      return copied;
    }
  }
  const text = urlText(url);
  const room = Math.max(text.length * 3, QUESTION_BYTES);
  if (room !== question.byteLength) {
    question = questionRoom(room);
  }
  return encoder.encodeInto(text, question).written;
}

/** The question buffer made `bytes` long, as a view. */
function questionRoom(bytes) {
  const address = core.questionBuffer(bytes);
  return new Uint8Array(core.moduleMemory().buffer, address, bytes);
}

/** How many agents a `Robots` keeps read in the module for `isAllowed` (a crawler asks as one
 * or a few; past this many, it forgets them all and starts again). */
const REMEMBERED_AGENTS = 64;

/** The largest string body `copiedBytes` encodes into its reused buffer (3 bytes a UTF-16
 * unit at most). */
const REUSED_UNITS = 1 << 20;
let reused = new Uint8Array(0);

/**
 * `body` as bytes for a call that copies them at once (a parse): a string (a lone surrogate
 * read as U+FFFD, as anywhere) encoded natively into a buffer reused from call to call. Handing
 * the module the string itself costs more: its glue walks the ASCII prefix in a JavaScript loop
 * before encoding the rest (the cold path with string bodies took 1.5 times as long:
 * js/bench/native.mjs).
 */
function copiedBytes(body) {
  if (typeof body !== "string" || body.length > REUSED_UNITS) {
    return bytes(body);
  }
  if (reused.length < body.length * 3) {
    reused = new Uint8Array(Math.max(body.length * 3, 1 << 16));
  }
  return reused.subarray(0, encoder.encodeInto(body, reused).written);
}

/** The URL (or path) `url` names: a string as it is, a URL object's href. */
function urlText(url, what = "url") {
  if (typeof url === "string") {
    if (url.isWellFormed()) {
      return url;
    }
    throw new RobotspecError(`${what} holds a lone surrogate, which no URL can`);
  }
  if (url instanceof URL) {
    return url.href;
  }
  throw new RobotspecError(`${what} must be a string or a URL, not ${kind(url)}`);
}

/** `agent` as the module reads it; a lone surrogate (which UTF-8 cannot carry) is refused here,
 * every other check is the library's (`AgentQuery::read`). */
function agentText(agent) {
  if (typeof agent !== "string") {
    throw new RobotspecError(`agent must be a string, not ${kind(agent)}`);
  }
  if (!agent.isWellFormed()) {
    throw new AgentError(`the agent holds a lone surrogate: ${JSON.stringify(agent)}`);
  }
  return agent;
}

function kind(value) {
  return value === null ? "null" : Array.isArray(value) ? "an array" : typeof value;
}

/** Every item of `values` (an iterable, not a string) mapped by `each`. */
function items(values, what, each) {
  if (typeof values === "string" || values == null || typeof values[Symbol.iterator] !== "function") {
    throw new RobotspecError(`${what} must be an iterable (an array), not ${kind(values)}`);
  }
  return Array.from(values, (value, index) => each(value, `${what}[${index}]`));
}

const readKeys = ["profile", "mode", "collect", "dropInvalidUtf8", "limits"];

/** `options` (an object) refused when it has a key not in `known`: a misspelt option would
 * otherwise read the file another way without a word. */
function known(options, keys, what) {
  if (options === null || typeof options !== "object") {
    throw new RobotspecError(`${what} must be an object, not ${kind(options)}`);
  }
  for (const key of Object.keys(options)) {
    if (!keys.includes(key)) {
      throw new ReadingError(`unknown option \`${key}\` of ${what} (the options are: ${keys.join(", ")})`);
    }
  }
  return options;
}

/** The module's reading for `options`; `collect` when the options do not say. The default
 * readings are made once. */
const defaults = new Map();
function reading(options, collect) {
  if (options === undefined) {
    let made = defaults.get(collect);
    if (made === undefined) {
      made = call(() => new core.Reading(undefined, collect));
      defaults.set(collect, made);
    }
    return made;
  }
  known(options, readKeys, "the reading options");
  return call(() => new core.Reading(options, collect));
}

/** `work()`, its refusals thrown as the package's exceptions. */
function call(work) {
  try {
    return work();
  } catch (thrown) {
    throw converted(thrown);
  }
}

/** `reading` freed unless it is one of the kept defaults. */
function release(made) {
  if (![...defaults.values()].includes(made)) {
    made.free();
  }
}

/** `work(reading)` for the reading `options` describe, freed afterwards. */
function withReading(options, collect, work) {
  const made = reading(options, collect);
  try {
    return call(() => work(made));
  } finally {
    release(made);
  }
}

const dispose = Symbol.dispose ?? Symbol.for("Symbol.dispose");

/** A parsed robots.txt file: parse once, ask many times, and know why. */
export class Robots {
  #core;
  /** The agents the module has read (`rememberAgent`), as given, to the number it gave. */
  #agents = new Map();

  /**
   * @param {Uint8Array | string} body the file: bytes as fetched, or a string (as UTF-8)
   * @param {import("./index.js").ReadOptions} [options]
   */
  constructor(body, options) {
    const made = reading(options, "limits");
    try {
      this.#core = call(() => core.RobotsCore.fromBytes(copiedBytes(body), made));
    } finally {
      release(made);
    }
  }

  /** The module's object, or an error once freed. */
  #live() {
    if (this.#core === undefined) {
      throw new RobotspecError("this Robots was freed");
    }
    return this.#core;
  }

  /** `work(core)`, refusals converted (and a freed file said so). */
  #call(work) {
    try {
      return work(this.#core);
    } catch (thrown) {
      this.#live();
      throw converted(thrown);
    }
  }

  get profile() {
    return this.#call((inner) => inner.profile);
  }

  isAllowed(agent, url) {
    // The hot path: an agent crosses once, then by the number the module gave it.
    try {
      const number = this.#agents.get(agent) ?? this.#remember(agent);
      const answer = this.#core.isAllowedAt(number, asked(url));
      if (answer === undefined) {
        throw new RobotspecError("the module lost the question (a bug: please report it)");
      }
      return answer;
    } catch (thrown) {
      this.#live();
      throw converted(thrown);
    }
  }

  /** Has the module read `agent` once, keeping at most `REMEMBERED_AGENTS` of them. */
  #remember(agent) {
    const text = agentText(agent);
    if (this.#agents.size === REMEMBERED_AGENTS) {
      this.#agents.clear();
      this.#core.forgetAgents();
    }
    const number = this.#core.rememberAgent(text);
    this.#agents.set(agent, number);
    return number;
  }

  isAllowedMany(agent, urls) {
    const texts = items(urls, "urls", urlText);
    return this.#call((inner) => Array.from(inner.isAllowedMany(agentText(agent), texts), Boolean));
  }

  check(agent, url) {
    return this.#call((inner) => inner.check(agentText(agent), urlText(url)));
  }

  checkMany(agent, urls) {
    const texts = items(urls, "urls", urlText);
    return this.#call((inner) => inner.checkMany(agentText(agent), texts));
  }

  explain(agent, url) {
    return this.#call((inner) => inner.explain(agentText(agent), urlText(url)));
  }

  usage(agent, url) {
    return this.#call((inner) => inner.usage(agentText(agent), urlText(url)));
  }

  crawlDelay(agent) {
    return this.#call((inner) => inner.crawlDelay(agentText(agent)));
  }

  requestRate(agent) {
    const rate = this.#call((inner) => inner.requestRate(agentText(agent)));
    return rate === undefined ? undefined : { requests: rate[0], seconds: rate[1] };
  }

  /** The groups that apply to `agent`: `agent`, `groups`, `crawlDelay`. */
  applicable(agent) {
    return this.#call((inner) => inner.applicable(agentText(agent)));
  }

  get sitemaps() {
    return this.#call((inner) => inner.sitemaps);
  }

  get records() {
    return this.#call((inner) => inner.records);
  }

  get groups() {
    return this.#call((inner) => inner.groups);
  }

  get namedAgents() {
    return this.#call((inner) => inner.namedAgents);
  }

  get diagnostics() {
    return this.#call((inner) => inner.diagnostics);
  }

  analyze(agent) {
    const crawler = agent === undefined ? undefined : agentText(agent);
    return this.#call((inner) => inner.analyze(crawler));
  }

  analyzeEach(agents) {
    const crawlers = items(agents, "agents", (agent) =>
      agent === undefined ? undefined : agentText(agent),
    );
    return this.#call((inner) => inner.analyzeEach(crawlers));
  }

  compare(other, agent) {
    if (!(other instanceof Robots)) {
      throw new RobotspecError(`other must be a Robots, not ${kind(other)}`);
    }
    const crawler = agent === undefined ? undefined : agentText(agent);
    const theirs = other.#live();
    return this.#call((inner) => inner.compare(theirs, crawler));
  }

  toJSON() {
    return this.#call((inner) => inner.toJSON());
  }

  /** Frees the module's memory now; the object answers nothing afterwards. */
  free() {
    if (this.#core !== undefined) {
      this.#core.free();
      this.#core = undefined;
    }
  }

  [dispose]() {
    this.free();
  }
}

/** A parsed file's lossless tree and every finding (the answer of `parse`). */
class Parsed {
  #body;
  #options;

  constructor(answer, body, options) {
    this.profile = answer.profile;
    this.mode = answer.mode;
    this.diagnostics = answer.diagnostics;
    this.tree = answer.tree;
    this.#body = body;
    this.#options = options;
  }

  /** The tree as JSON text: compact, or (`{ pretty: true }`) as `robotspec parse --format json`
   * prints it. */
  toJSONText({ pretty = false } = {}) {
    const layout = pretty ? "pretty" : "compact";
    return withReading(this.#options, "all", (made) => core.treeText(this.#body, made, layout));
  }
}

/** Parses `body` with every check: its lossless tree and every finding. A strict reading
 * that rejects the file throws `StrictError`. */
export function parse(body, options) {
  const input = bytes(body);
  const answer = withReading(options, "all", (made) => core.parseTree(input, made));
  return new Parsed(answer, input, options);
}

/** The lint options the module reads: `profiles`, `allow`, `deny`, and (`lint`) `path`. */
function lintOptions(options, keys) {
  return options === undefined ? undefined : known(options, keys, "the lint options");
}

/** The linter's findings on `body`, in file order (docs/lint.md). */
export function lint(body, options) {
  const input = bytes(body);
  return call(() => core.lint(input, lintOptions(options, ["profiles", "allow", "deny", "path"])));
}

/** The SARIF 2.1.0 log of linting `files` (`{ path, body }` each), as `robotspec lint --format
 * sarif` writes it. */
export function lintSarif(files, options) {
  const list = items(files, "files", (file, what) => {
    if (file === null || typeof file !== "object" || typeof file.path !== "string") {
      throw new RobotspecError(`${what} must be { path: string, body }`);
    }
    return { path: file.path, body: bytes(file.body, `${what}.body`) };
  });
  const read = lintOptions(options, ["profiles", "allow", "deny"]);
  return call(() =>
    core.lintSarif(
      list.map((file) => file.path),
      list.map((file) => file.body),
      read,
    ),
  );
}

/** What an edit changes: whether `before` and `after` allow the same URLs — every one — for
 * each crawler (the `agents` given, or every crawler either file names and one neither names),
 * and where not, the shortest path each allows alone. */
export function diff(before, after, options = {}) {
  const { agents, ...read } = known(options, [...readKeys, "agents"], "the diff options");
  const crawlers = agents === undefined ? undefined : items(agents, "agents", agentText);
  const old = bytes(before, "before");
  const edited = bytes(after, "after");
  const compared = withReading(read, "limits", (made) => core.diff(old, edited, made, crawlers));
  const each = compared.map(({ agent, equivalence }) => ({ agent, ...equivalence }));
  const answers = each.map((one) => one.equivalent);
  const equivalent = answers.includes(false) ? false : answers.includes(null) ? null : true;
  return { equivalent, crawlers: each };
}

/** Every reading's verdict for `agent` on `url`, with the reason wherever two disagree
 * (default: the five variants). */
export function diffReadings(body, agent, url, options = {}) {
  known(options, ["profiles"], "the diffReadings options");
  const input = bytes(body);
  const profiles =
    options.profiles === undefined
      ? undefined
      : items(options.profiles, "profiles", (name, what) => {
          if (typeof name !== "string") {
            throw new RobotspecError(`${what} must be a string`);
          }
          return name;
        });
  const answer = call(() => core.diffReadings(input, agentText(agent), urlText(url), profiles));
  answer.verdicts = Object.fromEntries(answer.answers.map((one) => [one.variant, one.allowed]));
  answer.disagrees = new Set(answer.answers.map((one) => one.allowed)).size > 1;
  return answer;
}

/** Google's per-line report of `body`, as Search Console shows it. */
export function googleReport(body) {
  const input = bytes(body);
  return call(() => core.googleReport(input));
}
