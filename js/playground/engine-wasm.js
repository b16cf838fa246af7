// The playground's WebAssembly engine: every question the page asks, answered in the browser by
// the npm package `robotspec` (the library compiled to WebAssembly, js/package), with no server.
// The static build (js/playground/build) ships it as the page's ./engine.js, in place of the
// HTTP engine `robotspec serve` gives (cli/src/serve/page/engine-http.js, which describes the
// interface both export).
//
// Each answer has the shape docs/serve.md gives for the API endpoint of the same name, so the
// page reads both engines alike. This module only adapts: every verdict, kind, problem,
// analysis and comparison is the package's (the library's) answer, renamed from the package's
// camelCase to the API's keys and laid out as the API lays it out; it never decides anything
// about a robots.txt file itself. Where the package has no answer the API gives, the field
// says so (null, or left out) — docs/serve.md, "The static playground", lists them.
//
// The package is imported by name; the build rewrites the name to the path of the package's
// browser entry point in the static folder (which instantiates the module).
import {
  DEFAULT_VARIANT,
  Robots,
  RobotspecError,
  StrictError,
  VARIANTS,
  VERSION,
  diffReadings,
  lint,
  parse,
} from "robotspec";

/** The modes a reading takes (the package's `ReadOptions.mode`), in the library's order; the
 * package names them in its types only, and describes neither them nor the variants. */
const MODES = [{ name: "strict", description: null }, { name: "lenient", description: null }];

/** URLs one inspection may ask about: the API's bound, so that both engines refuse alike. */
const MAX_URLS = 1000;

/** A refusal as the page reads it (`error.api`): a stable code and a sentence. */
function refused(code, message) {
  const error = new Error(message);
  error.api = { code, message };
  return error;
}

/** The package's error as a refusal: a request it cannot read (an agent that names no crawler,
 * an unknown reading…: a RobotspecError) is `bad-request`, as the API says; anything else
 * (a trap of the module) `internal`. */
function asRefusal(error) {
  if (error.api) return error;
  if (error instanceof RobotspecError) return refused("bad-request", error.message);
  return refused("internal", `the WebAssembly module failed: ${error.message}`);
}

/** Runs `work` for a request: as a promise (the page awaits engines), its errors as refusals,
 * and refused with an AbortError when `signal` is already aborted. The work itself runs at
 * once on the page's thread: the module answers synchronously. */
function answer(signal, work) {
  if (signal && signal.aborted) return Promise.reject(new DOMException("aborted", "AbortError"));
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(asRefusal(error));
  }
}

/** Reads `body` as `profile` with `options`, hands the parsed file to `use`, and frees it. */
function withRobots(body, options, use) {
  const robots = new Robots(body, options);
  try {
    return use(robots);
  } finally {
    robots.free();
  }
}

/** The variants a request names: every one when absent, else at least one, each once. */
function readVariants(names) {
  if (names === undefined || names === null) return [...VARIANTS];
  if (names.length === 0) throw refused("bad-request", "variants names no variant (leave it out for all of them)");
  const seen = new Set();
  for (const name of names) {
    if (seen.has(name)) throw refused("bad-request", `variants names ${name} twice`);
    seen.add(name);
  }
  return names;
}

/** The agent a request names (`*`, a crawler no group names, when absent), refused as the
 * package refuses it when it names no crawler (whether or not anything else reads it). */
function readAgent(agent = "*") {
  withRobots("", {}, (robots) => robots.applicable(agent));
  return agent;
}

/** The first lines of the groups that apply to `agent`. */
function applyingGroups(robots, agent) {
  return robots.applicable(agent).groups.map((group) => group.line);
}

// ---- inspect --------------------------------------------------------------------------------

/** The kind of each line of a parsed file's tree, line 1 first. */
function lineKinds(parsed) {
  return parsed.tree.children.filter((node) => Array.isArray(node.children)).map((node) => node.kind);
}

/** A package Diagnostic as the API's. */
function diagnostic(d) {
  return { code: d.code, severity: d.severity, span: d.span, line: d.line, col: d.col, message: d.message };
}

/** One variant's reading of the file in `mode`: its diagnostics and line kinds, and whether
 * strict mode rejected it (its kinds are then the lenient reading's: the tree is the same). */
function reading(body, variant, mode) {
  try {
    const parsed = parse(body, { profile: variant, mode, collect: "all" });
    return { variant, rejected: false, diagnostics: parsed.diagnostics, kinds: lineKinds(parsed) };
  } catch (error) {
    if (!(error instanceof StrictError)) throw error;
    const lenient = parse(body, { profile: variant, mode: "lenient", collect: "limits" });
    return { variant, rejected: true, diagnostics: error.diagnostics, kinds: lineKinds(lenient) };
  }
}

/** The readings' diagnostics, each once with the variants that report it, by line, column
 * and code (the API's `diagnostics`). */
function mergedDiagnostics(readings) {
  const found = new Map();
  for (const r of readings) {
    for (const d of r.diagnostics) {
      const key = JSON.stringify([d.line, d.col, d.span, d.code, d.message]);
      if (!found.has(key)) found.set(key, { ...diagnostic(d), variants: [] });
      found.get(key).variants.push(r.variant);
    }
  }
  const order = (a, b) => a.line - b.line || a.col - b.col || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
  return [...found.values()].sort(order);
}

/** Each line's kind as most variants read it (a tie goes to the earlier variant), with the
 * variants that read it otherwise (the API's `lines`). */
function mergedKinds(readings) {
  const count = Math.max(0, ...readings.map((r) => r.kinds.length));
  const lines = [];
  for (let i = 0; i < count; i++) {
    const kinds = readings.filter((r) => i < r.kinds.length).map((r) => ({ variant: r.variant, kind: r.kinds[i] }));
    const votes = (kind) => kinds.filter((k) => k.kind === kind).length;
    let kind = "blank_line";
    let most = 0;
    for (const candidate of kinds) {
      if (votes(candidate.kind) > most) [kind, most] = [candidate.kind, votes(candidate.kind)];
    }
    const except = kinds.filter((k) => k.kind !== kind);
    lines.push(except.length ? { line: i + 1, kind, except } : { line: i + 1, kind });
  }
  return lines;
}

/** A package Verdict as a row of the API's `verdicts`. */
function verdictRow(url, variant, v) {
  return {
    url, variant, allowed: v.allowed, decision: v.decision, line: v.line, rule: v.rule,
    agent: v.agent, groups: v.groups, reason: v.text,
  };
}

/** The pairs of `variants` whose verdicts on `url` differ, and why (the package's
 * `diffReadings`), as the API's `disagreements`. */
function disagreements(body, agent, url, variants) {
  return diffReadings(body, agent, url, { profiles: variants }).disagreements.map((d) => ({
    url, variants: [d.left, d.right], left: d.left, right: d.right, reason: d.reason,
    evidence: d.evidence, left_rule: d.leftRule, right_rule: d.rightRule,
  }));
}

/** A package record (a Record of `Robots.records` or a group's) as the API's. */
function record(r) {
  return { line: r.line, key: r.key, value: r.value, extension: r.extension, typed: r.typed, error: r.error };
}

/** One variant's sitemaps and records, and which groups apply to the agent (the API's
 * `records`). */
function records(robots, agent) {
  const applicable = robots.applicable(agent);
  const applying = applicable.groups.map((group) => group.line);
  return {
    variant: robots.profile,
    crawl_delay: applicable.crawlDelay,
    // `Robots.sitemaps` gives the URLs alone; the file as read (`toJSON`) has their lines.
    sitemaps: robots.toJSON().sitemaps.map((s) => ({ line: s.line, url: s.url })),
    groups: robots.groups
      .filter((group) => group.records.length > 0)
      .map((group) => ({
        line: group.line,
        agents: group.agents.map((a) => ({ line: a.line, agent: a.agent })),
        applies: applying.includes(group.line),
        records: group.records.map(record),
      })),
    file_records: robots.records.map(record),
  };
}

/** A package lint Finding as the API's. */
function finding(f) {
  return {
    line: f.line ?? null, col: f.column ?? null, severity: f.severity, code: f.code,
    message: f.message, readings: f.profiles, fix: f.fix ?? null,
  };
}

function inspect(request) {
  const body = request.robots_txt;
  const mode = request.mode ?? "lenient";
  const variants = readVariants(request.variants);
  const agent = readAgent(request.agent);
  const urls = request.urls ?? [];
  if (urls.length > MAX_URLS) throw refused("bad-request", `${urls.length} URLs: at most ${MAX_URLS} per request`);
  const readings = variants.map((variant) => reading(body, variant, mode));
  const accepted = readings.filter((r) => !r.rejected).map((r) => r.variant);
  const rows = new Map(urls.map((url) => [url, []]));
  const recordsOf = [];
  for (const variant of accepted) {
    withRobots(body, { profile: variant, mode: "lenient" }, (robots) => {
      const verdicts = robots.checkMany(agent, urls);
      urls.forEach((url, i) => rows.get(url).push(verdictRow(url, robots.profile, verdicts[i])));
      recordsOf.push(records(robots, agent));
    });
  }
  return {
    variants,
    mode,
    agents: [agent],
    rejected: readings.filter((r) => r.rejected).map((r) => r.variant),
    diagnostics: mergedDiagnostics(readings),
    lines: mergedKinds(readings),
    verdicts: urls.flatMap((url) => rows.get(url)),
    // Only where the verdicts differ (`diffReadings` reads the file again for each URL).
    disagreements: urls
      .filter((url) => new Set(rows.get(url).map((row) => row.allowed)).size > 1)
      .flatMap((url) => disagreements(body, agent, url, accepted)),
    records: recordsOf,
    findings: lint(body, { profiles: variants }).map(finding),
  };
}

// ---- analyze and compare --------------------------------------------------------------------

/** A package ruling (how a reading decides a path) as the API's. */
function ruling(r) {
  return r ? { allowed: r.allowed, decision: r.decision, line: r.line, rule: r.rule } : null;
}

/** A package limit that left an answer undecided as the API's `{limit, message}`. */
function undecided(u) {
  return u ? { limit: u.limit, message: u.message } : null;
}

/** A package DeadRule as the API's. */
function deadRule(d) {
  return {
    line: d.line, rule: d.rule, cause: d.cause, why: d.why,
    shadowed_by: d.shadowedBy ?? null, shadowed_by_count: d.shadowedByCount ?? null,
  };
}

/** One variant's analysis for the agent, as the API's report (`compared_with_unnamed` is not
 * among the package's answers: it is left out, and the page does not read it). */
function report(robots, agent) {
  const a = robots.analyze(agent);
  return {
    agent,
    variant: robots.profile,
    groups: applyingGroups(robots, agent),
    blocked: a.blocked,
    allowed_example: a.allowedExample,
    allowed_by: ruling(a.allowedBy),
    disallowed_example: a.disallowedExample,
    disallowed_by: ruling(a.disallowedBy),
    dead_rules: a.deadRules ? a.deadRules.map(deadRule) : null,
    undecided: undecided(a.undecided),
  };
}

function analyze(request) {
  const agent = readAgent(request.agent);
  const analyses = readVariants(request.variants).map((variant) =>
    withRobots(request.robots_txt, { profile: variant }, (robots) => report(robots, agent)));
  return { agents: [agent], analyses };
}

/** A package Equivalence as one of the API's comparisons. */
function comparison(variant, e) {
  return {
    variant,
    equivalent: e.equivalent,
    differences: e.differences.map((d) => ({ path: d.path, old: ruling(d.old), new: ruling(d.new) })),
    undecided: undecided(e.undecided),
  };
}

function compare(request) {
  const agent = readAgent(request.agent);
  const comparisons = readVariants(request.variants).map((variant) =>
    withRobots(request.robots_txt, { profile: variant }, (old) =>
      withRobots(request.new_robots_txt, { profile: variant }, (edited) =>
        comparison(old.profile, old.compare(edited, agent)))));
  return { agents: [agent], comparisons };
}

export const engine = {
  about: "The library, compiled to WebAssembly, answers in this page: the file never leaves the browser.",
  fetchUnavailable: "Fetching a live file needs robotspec serve --fetch: this static page has no server, and a browser lets a page read another site's robots.txt only where that site allows it (CORS).",
  info: () => answer(null, () => ({
    version: VERSION,
    default_variant: DEFAULT_VARIANT,
    variants: VARIANTS.map((name) => ({ name, description: null })),
    modes: MODES,
    limits: { input_bytes: null, body_bytes: null, urls: MAX_URLS, timeout_seconds: null },
    fetch: { enabled: false, private: false },
  })),
  inspect: (request, signal) => answer(signal, () => inspect(request)),
  analyze: (request, signal) => answer(signal, () => analyze(request)),
  compare: (request, signal) => answer(signal, () => compare(request)),
  fetch: () => Promise.reject(refused("fetch-unavailable", engine.fetchUnavailable)),
};
