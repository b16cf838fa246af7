// The robotspec playground: reads the form, asks its engine to inspect the file (read URL by
// URL) and to analyze and compare it (over every URL, exactly), and shows the answers.
// Plain JavaScript (an ES module), no build step, nothing loaded from elsewhere. Every verdict,
// kind, problem, blocking and witness shown comes from the engine (the library); the page only
// lays them out.
//
// The engine is ./engine.js, whichever file the page is served with: `robotspec serve` gives the
// HTTP engine (engine-http.js, its JSON API), the static build the WebAssembly one
// (js/playground/engine-wasm.js, the npm package). engine-http.js describes the interface; the
// answers have the shapes docs/serve.md gives for the API.
import { engine } from "./engine.js";

const EXAMPLE = `# An example: edit it, or paste your own file.
User-agent: *
Disallow: /private
Allow: /private/press
Disallow: /*.pdf$
Crawl-delay: 5

User-agent: Googlebot
User-agent: Bingbot
Disallow: /search
Allow: /search/about
Content-Usage: train-ai=n

Disalow: /typo
Sitemap: https://example.com/sitemap.xml
`;
const EXAMPLE_URLS = "/private/press/2026\n/search/about\n/report.pdf\n";

// Line kinds as the tree names them, with the words the gutter and the legend use.
const KINDS = {
  user_agent_line: "user-agent",
  allow_line: "allow",
  disallow_line: "disallow",
  sitemap_line: "sitemap",
  extension_line: "extension",
  record_line: "unknown key",
  comment_line: "comment",
  blank_line: "blank",
  invalid_line: "invalid",
};
// Past this many lines the editor is not coloured line by line (the answers still are).
const MAX_COLOURED_LINES = 20000;
const DELAY_MS = 250;

const $ = (id) => document.getElementById(id);
const state = {
  info: null,
  answer: null,
  highlighted: null,
  urls: [],
  sequence: 0,
  timer: null,
  controller: null,
  // Over every URL: the answers of the analysis and the comparison, the request they answer,
  // and the one in flight.
  analysis: null,
  comparison: null,
  exactKey: null,
  exactController: null,
  // A witness just added to the URLs, whose row is shown once the verdicts come.
  added: null,
};

/** Creates an element with attributes and children (strings become text). */
function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name === "class") node.className = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

function announce(text, isError = false) {
  const status = $("status");
  status.textContent = text;
  status.classList.toggle("error", isError);
}

/** An engine's refusal in words: `400 bad-request: …` (the status only where HTTP gave one), or
 * why no answer came. */
function refusal(error) {
  const api = error.api;
  if (!api) return `No answer: ${error.message}`;
  return `${api.status ? `${api.status} ` : ""}${api.code}: ${api.message}`;
}

// ---- The form ------------------------------------------------------------------------------

function buildForm(info) {
  $("version").textContent = `robotspec ${info.version}`;
  const modes = $("modes");
  for (const mode of info.modes.slice().reverse()) {
    const id = `mode-${mode.name}`;
    modes.append(
      el("div", { class: "choice" },
        el("input", { type: "radio", name: "mode", id, value: mode.name, checked: mode.name === "lenient" }),
        el("label", { for: id, title: mode.description }, mode.name)));
  }
  const variants = $("variants");
  const select = $("records-variant");
  for (const variant of info.variants) {
    const id = `variant-${variant.name}`;
    variants.append(
      el("div", { class: "choice" },
        el("input", { type: "checkbox", name: "variant", id, value: variant.name, checked: true }),
        el("label", { for: id, title: variant.description }, variant.name)));
    select.append(el("option", { value: variant.name, selected: variant.name === info.default_variant }, variant.name));
  }
  const legend = $("legend");
  for (const [kind, label] of Object.entries(KINDS)) {
    legend.append(el("li", { class: `k-${kind}` }, el("span", { class: "swatch", "aria-hidden": "true" }), label));
  }
  if (info.fetch.enabled) {
    $("fetch-note").textContent = info.fetch.private
      ? "Any address; redirects followed as the variant says."
      : "Public addresses only; redirects are shown, not followed.";
  } else {
    for (const control of $("fetch-form").querySelectorAll("input, button")) control.disabled = true;
    $("fetch-note").textContent = engine.fetchUnavailable;
  }
}

function chosenVariants() {
  return [...document.querySelectorAll("input[name=variant]:checked")].map((box) => box.value);
}

function chosenMode() {
  const checked = document.querySelector("input[name=mode]:checked");
  return checked ? checked.value : "lenient";
}

function chosenUrls() {
  return $("urls").value.split("\n").map((url) => url.trim()).filter((url) => url !== "");
}

// ---- Asking ----------------------------------------------------------------------------------

function scheduleAnalysis() {
  clearTimeout(state.timer);
  state.timer = setTimeout(analyze, DELAY_MS);
}

async function analyze() {
  clearTimeout(state.timer);
  const variants = chosenVariants();
  if (variants.length === 0) {
    announce("Choose at least one variant.", true);
    return;
  }
  if (state.controller) state.controller.abort();
  state.controller = new AbortController();
  const sequence = ++state.sequence;
  const request = {
    robots_txt: $("robots").value,
    agent: $("agent").value,
    urls: chosenUrls(),
    variants,
    mode: chosenMode(),
  };
  document.body.setAttribute("aria-busy", "true");
  try {
    analyzeExactly();
    const answer = await engine.inspect(request, state.controller.signal);
    if (sequence !== state.sequence) return;
    markInvalid(null);
    state.answer = answer;
    state.urls = request.urls;
    render(answer);
    announce(summary(answer));
    showAdded();
  } catch (error) {
    if (error.name === "AbortError" || sequence !== state.sequence) return;
    markInvalid(error.api);
    announce(refusal(error), true);
  } finally {
    if (sequence === state.sequence) document.body.removeAttribute("aria-busy");
  }
}

/** Marks the field a refusal is about (the agent, a URL), or clears the marks. */
function markInvalid(error) {
  const message = error ? error.message : "";
  $("agent").toggleAttribute("aria-invalid", /agent|crawler/i.test(message));
  $("urls").toggleAttribute("aria-invalid", /URL|path/.test(message));
}

// ---- Over every URL --------------------------------------------------------------------------

/** Asks the engine to analyze the file (and to compare it with the edited version when one is
 * given) for the agent and the variants, unless the last answer was for the same. */
async function analyzeExactly() {
  const variants = chosenVariants();
  if (variants.length === 0) return;
  const request = { robots_txt: $("robots").value, agent: $("agent").value, variants };
  const edited = $("edited").value;
  const key = JSON.stringify([request, edited]);
  if (key === state.exactKey) return;
  state.exactKey = key;
  if (state.exactController) state.exactController.abort();
  const controller = new AbortController();
  state.exactController = controller;
  const asks = [engine.analyze(request, controller.signal)];
  if (edited.trim() !== "") {
    asks.push(engine.compare({ ...request, new_robots_txt: edited }, controller.signal));
  }
  const busy = (on) => {
    for (const id of ["blocked", "changes"]) {
      if (on) $(id).setAttribute("aria-busy", "true");
      else $(id).removeAttribute("aria-busy");
    }
  };
  busy(true);
  let answers;
  try {
    answers = await Promise.all(asks);
  } catch (error) {
    if (error.name === "AbortError" || controller !== state.exactController) return;
    state.exactKey = null;
    const text = refusal(error);
    $("blocked-table").tBodies[0].replaceChildren(el("tr", {}, el("td", { colspan: 4, class: "empty" }, text)));
    busy(false);
    return;
  }
  if (controller !== state.exactController) return;
  [state.analysis, state.comparison = null] = answers;
  renderBlocked();
  renderDeadRules();
  renderChanges();
  renderEditor(state.answer);
  busy(false);
}

/** How a reading decides a path: `disallowed by line 3: Disallow: /a`, or `allowed (no rule
 * matches)`. */
function verdictBy(ruling) {
  const word = ruling.allowed ? "allowed" : "disallowed";
  return ruling.line !== null ? `${word} by line ${ruling.line}: ${ruling.rule}` : `${word} (${whyWithoutRule(ruling.decision)})`;
}

/** What asks about the request path `path` in the URL list: the path itself, or for a path
 * that starts with `//` — which would name a host, `//x` the host `x` — the URL that asks for it
 * (the library's `analysis::shown_path`, as the command line shows it). */
function askable(path) {
  return path.startsWith("//") ? `http://example.com${path}` : path;
}

/** A path the analysis found, as a button that adds it to the URLs: the path (as it is asked
 * for), `shown` under it, and `said` (with the variant) for screen readers and the tooltip. */
function witnessButton(path, shown, said) {
  const url = askable(path);
  return el("button", {
    type: "button",
    class: "witness",
    "data-path": path,
    "aria-label": `Add ${url} to the URLs (${said})`,
    title: said,
    onclick: () => addUrl(url),
  },
  el("code", { class: "path" }, url),
  el("span", { class: "decided" }, shown));
}

/** Adds `url` (a URL or a path) to the URL list (once) and asks for its verdicts at once. */
function addUrl(url) {
  const urls = chosenUrls();
  if (!urls.includes(url)) $("urls").value = `${[...urls, url].join("\n")}\n`;
  state.added = url;
  analyze();
}

const BLOCKED = {
  all: "all: every path is disallowed",
  some: "some: some paths, not all",
  none: "none: every path is allowed",
  undecided: "undecided: a limit stopped the analysis",
};

function renderBlocked() {
  const body = $("blocked-table").tBodies[0];
  const analyses = state.analysis ? state.analysis.analyses : [];
  if (analyses.length === 0) {
    body.replaceChildren(el("tr", {}, el("td", { colspan: 4, class: "empty" }, "Choose a variant.")));
    return;
  }
  body.replaceChildren(...analyses.map((a) => {
    const example = (path, ruling) => path === null
      ? el("span", { class: "none" }, "none")
      : witnessButton(path, verdictBy(ruling), `${a.variant}: ${verdictBy(ruling)}`);
    const undecided = a.undecided ? el("span", { class: "undecided" }, a.undecided.message) : null;
    return el("tr", { "data-variant": a.variant },
      el("th", { scope: "row" }, a.variant),
      el("td", { class: `blocked-${a.blocked}` }, el("span", { class: "blocked-word" }, BLOCKED[a.blocked] || a.blocked), undecided),
      el("td", {}, example(a.allowed_example, a.allowed_by)),
      el("td", {}, example(a.disallowed_example, a.disallowed_by)));
  }));
}

/** Every dead rule once, with the variants under which it decides nothing and why. */
function deadRules() {
  const found = new Map();
  for (const a of state.analysis ? state.analysis.analyses : []) {
    for (const d of a.dead_rules || []) {
      const key = `${d.line}\u0000${d.why}`;
      if (!found.has(key)) found.set(key, { ...d, variants: [] });
      found.get(key).variants.push(a.variant);
    }
  }
  return [...found.values()].sort((a, b) => a.line - b.line);
}

function renderDeadRules() {
  const all = state.analysis ? state.analysis.analyses.map((a) => a.variant) : [];
  renderProblems("dead-rules", deadRules(), "None: every rule decides some URL.", (d) =>
    [`${d.rule} — ${d.why}`, d.variants.length === all.length ? "all variants" : d.variants.join(", "), "diagnostic dead"],
  (d) => ({ where: `line ${d.line}`, label: "dead", code: d.cause }));
}

function renderChanges() {
  const list = $("changes");
  if ($("edited").value.trim() === "") {
    list.replaceChildren(el("li", { class: "empty" }, "Paste an edited version to see what it changes."));
    return;
  }
  const comparisons = state.comparison ? state.comparison.comparisons : [];
  list.replaceChildren(...comparisons.flatMap((c) => {
    if (c.equivalent === true) return [el("li", { class: "same" }, el("code", { class: "variant" }, c.variant), " the same URLs allowed")];
    const items = c.differences.map((d) => {
      const direction = d.new.allowed ? "opens" : "closes";
      const shown = `was ${verdictBy(d.old)}; now ${verdictBy(d.new)}`;
      return el("li", { class: direction },
        el("code", { class: "variant" }, c.variant),
        el("span", { class: "direction" }, direction),
        witnessButton(d.path, shown, `${c.variant}: ${direction} — ${shown}`));
    });
    if (c.undecided) items.push(el("li", { class: "undecided" }, el("code", { class: "variant" }, c.variant), ` undecided: ${c.undecided.message}`));
    return items;
  }));
}

function summary(answer) {
  const disallowed = answer.verdicts.filter((v) => !v.allowed).length;
  const parts = [
    `${answer.lines.length} lines`,
    `${answer.diagnostics.length} ${answer.diagnostics.length === 1 ? "diagnostic" : "diagnostics"}`,
    `${answer.verdicts.length} verdicts (${disallowed} disallowed)`,
    `${answer.disagreements.length} ${answer.disagreements.length === 1 ? "disagreement" : "disagreements"}`,
  ];
  if (answer.rejected.length) parts.push(`rejected in strict mode by ${answer.rejected.join(", ")}`);
  return `Analysed: ${parts.join(", ")}.`;
}

// ---- Showing the answer --------------------------------------------------------------------

function render(answer) {
  renderEditor(answer);
  renderDiagnostics(answer);
  renderFindings(answer);
  renderVerdicts(answer);
  renderDisagreements(answer);
  renderRecords();
  if (state.highlighted) highlight(state.highlighted, { quiet: true });
}

/** Brings the row of a witness just added to the URLs into view, and says so. */
function showAdded() {
  const path = state.added;
  if (path === null) return;
  state.added = null;
  const row = [...document.querySelectorAll("#verdict-table tbody tr")].find((r) => r.dataset.url === path);
  if (!row) return;
  row.classList.add("added");
  row.scrollIntoView({ block: "nearest" });
  const first = row.querySelector("button.verdict");
  if (first) first.focus({ preventScroll: true });
  announce(`${path} added to the URLs: its verdicts are in the table.`);
}

/** The text of each line of the editor, as the backdrop lays it out. */
function editorLines() {
  return $("robots").value.split("\n");
}

/** The editor's backdrop and gutter: each line coloured and labelled with its kind, each
 * diagnostic underlined at its column. */
function renderEditor(answer) {
  const texts = editorLines();
  const backdrop = $("backdrop");
  const gutter = $("gutter");
  const coloured = texts.length <= MAX_COLOURED_LINES;
  const kinds = new Map((answer ? answer.lines : []).map((line) => [line.line, line]));
  const problems = new Map();
  for (const d of answer ? answer.diagnostics : []) {
    if (!problems.has(d.line)) problems.set(d.line, []);
    problems.get(d.line).push(d);
  }
  // The linter's findings beside each line: the worst severity marks the gutter.
  const linted = new Map();
  for (const f of answer ? answer.findings : []) {
    if (f.line === null) continue;
    if (!linted.has(f.line)) linted.set(f.line, []);
    linted.get(f.line).push(f);
  }
  // Rules that decide no URL, under the variants listed (from the analysis).
  const dead = new Map();
  for (const d of deadRules()) {
    if (!dead.has(d.line)) dead.set(d.line, []);
    dead.get(d.line).push(`${d.variants.join(", ")}: ${d.why}`);
  }
  const backdropLines = [];
  const gutterLines = [];
  texts.forEach((text, index) => {
    const number = index + 1;
    const line = coloured ? kinds.get(number) : undefined;
    const kind = line ? line.kind : "none";
    const found = problems.get(number) || [];
    const lint = linted.get(number) || [];
    const all = [...found, ...lint];
    const worst = all.some((d) => d.severity === "error") ? "error"
      : all.some((d) => d.severity === "warning") ? "warning" : "";
    const noted = !worst && lint.length > 0;
    const never = coloured ? dead.get(number) : undefined;
    const classes = ["line", `k-${kind}`, worst && `has-${worst}`, never && "dead"].filter(Boolean).join(" ");
    backdropLines.push(el("div", { class: classes, "data-line": number }, underline(text, found)));
    const label = line ? KINDS[line.kind] || line.kind : "";
    const others = line && line.except ? line.except.map((e) => `${e.variant}: ${KINDS[e.kind] || e.kind}`).join("; ") : "";
    gutterLines.push(
      el("div", { class: classes, "data-line": number, title: others ? `other readings: ${others}` : null },
        el("span", { class: "number" }, number),
        el("span", { class: "kind" }, label, others ? el("span", { class: "mark-except" }, "*") : null),
        el("span", { class: "problem", title: lint.map((f) => `${f.severity}[${f.code}]: ${f.message}`).join("\n") || null },
          worst === "error" ? "✖" : worst ? "⚠" : noted ? "ℹ" : ""),
        el("span", { class: "dead-mark", title: never ? `decides no URL — ${never.join("; ")}` : null }, never ? "†" : "")));
  });
  backdrop.replaceChildren(...backdropLines);
  gutter.replaceChildren(...gutterLines);
  syncScroll();
}

/** A line's text with each diagnostic's columns wrapped in a mark. */
function underline(text, diagnostics) {
  if (diagnostics.length === 0) return text || "\u200b";
  const chars = [...text];
  const marks = diagnostics
    .map((d) => {
      const start = Math.min(Math.max(d.col - 1, 0), chars.length);
      const length = Math.max(1, d.span[1] - d.span[0]);
      return { start, end: Math.min(start + length, Math.max(chars.length, start + 1)), d };
    })
    .sort((a, b) => a.start - b.start);
  const out = [];
  let at = 0;
  for (const mark of marks) {
    if (mark.start < at) continue;
    out.push(chars.slice(at, mark.start).join(""));
    const piece = chars.slice(mark.start, mark.end).join("") || " ";
    out.push(el("mark", { class: mark.d.severity }, piece));
    at = mark.end;
  }
  out.push(chars.slice(at).join(""));
  return out;
}

function variantList(variants, answer) {
  return variants.length === answer.variants.length ? "all variants" : variants.join(", ");
}

/** The diagnostics (every variant's, each with the variants that report it) and the linter's
 * findings (docs/lint.md: the readings they apply to, a fix where one is certain) as two lists
 * of one kind: line:col, severity, code, message; choosing one highlights its line. */
function renderDiagnostics(answer) {
  renderProblems("diagnostics", answer.diagnostics, "No problems found.", (d) =>
    [d.message, variantList(d.variants, answer), "diagnostic"]);
}

function renderFindings(answer) {
  renderProblems("findings", answer.findings, "Nothing to report.", (f) =>
    [f.fix ? `${f.message} — fix: ${f.fix}` : f.message, variantList(f.readings, answer), "diagnostic finding"]);
}

/** One list of problems; `describe` gives an item's message, its variants and its class, and
 * `head` its place, label and code (by default line:col, the severity and the code). */
function renderProblems(id, items, none, describe, head = (d) => ({
  where: d.line === null ? "file" : `${d.line}:${d.col}`, label: d.severity, code: d.code })) {
  const list = $(id);
  $(`${id}-count`).textContent = `(${items.length})`;
  if (items.length === 0) {
    list.replaceChildren(el("li", { class: "empty" }, none));
    return;
  }
  list.replaceChildren(...items.map((d) => {
    const [message, variants, kind] = describe(d);
    const { where, label, code } = head(d);
    return el("li", { class: d.severity || "dead" },
      el("button", {
        type: "button",
        class: kind,
        "data-line": d.line,
        onclick: () => {
          if (d.line === null) return;
          highlight({ line: d.line, why: `${code}: ${message}` });
          placeCaret(d.line, d.col || 1);
        },
      },
      el("span", { class: "where" }, where),
      el("span", { class: `severity ${d.severity || "dead"}` }, label),
      el("code", { class: "code" }, code),
      el("span", { class: "message" }, message),
      el("span", { class: "variants" }, variants)));
  }));
}

function renderVerdicts(answer) {
  const table = $("verdict-table");
  const variants = answer.variants;
  table.tHead.rows[0].replaceChildren(
    el("th", { scope: "col" }, "URL"),
    ...variants.map((v) => el("th", { scope: "col" }, v)));
  const urls = [...new Set(state.urls)];
  const byKey = new Map(answer.verdicts.map((v) => [`${v.url}\u0000${v.variant}`, v]));
  const body = table.tBodies[0];
  if (urls.length === 0) {
    body.replaceChildren(el("tr", {}, el("td", { colspan: variants.length + 1, class: "empty" }, "Add URLs to see their verdicts.")));
    return;
  }
  body.replaceChildren(...urls.map((url, row) => {
    const verdicts = variants.map((v) => byKey.get(`${url}\u0000${v}`));
    const answers = new Set(verdicts.filter(Boolean).map((v) => v.allowed));
    return el("tr", { class: answers.size > 1 ? "disagree" : "", "data-url": url },
      el("th", { scope: "row" }, el("span", { class: "url" }, url), answers.size > 1 ? el("span", { class: "badge" }, "variants disagree") : null),
      ...variants.map((variant, column) => el("td", {}, cell(verdicts[column], variant, url, row, column, answer))));
  }));
}

/** One cell of the table: a button naming the verdict and its deciding line. */
function cell(verdict, variant, url, row, column, answer) {
  if (!verdict) {
    const rejected = answer.rejected.includes(variant);
    return el("span", { class: "verdict none" }, rejected ? "rejected (strict mode)" : "—");
  }
  const decided = verdict.line !== null ? `line ${verdict.line}: ${verdict.rule}` : whyWithoutRule(verdict.decision);
  return el("button", {
    type: "button",
    class: `verdict ${verdict.allowed ? "allowed" : "disallowed"}`,
    "data-row": row,
    "data-column": column,
    "data-line": verdict.line,
    "data-variant": variant,
    "aria-pressed": "false",
    title: verdict.reason,
    "aria-label": `${url} under ${variant}: ${verdict.reason}`,
    onclick: (event) => {
      pressCell(event.currentTarget);
      if (verdict.line !== null) highlight({ line: verdict.line, why: `${variant} on ${url}: ${verdict.reason}` });
      else clearHighlight(`${variant} on ${url}: ${verdict.reason} (no line decided)`);
    },
    onkeydown: moveInTable,
  },
  el("span", { class: "answer" }, verdict.allowed ? "✓ allowed" : "✗ disallowed"),
  el("span", { class: "decided" }, decided));
}

function whyWithoutRule(decision) {
  return {
    "no-matching-rule": "no rule matches",
    "no-group": "no group applies",
    "robots-txt": "/robots.txt is always allowed",
  }[decision] || decision;
}

function pressCell(button) {
  for (const pressed of document.querySelectorAll("button.verdict[aria-pressed=true]")) {
    pressed.setAttribute("aria-pressed", "false");
  }
  button.setAttribute("aria-pressed", "true");
}

/** Arrow keys move between the table's cells. */
function moveInTable(event) {
  const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
  const move = moves[event.key];
  if (!move) return;
  const row = Number(event.currentTarget.dataset.row) + move[0];
  const column = Number(event.currentTarget.dataset.column) + move[1];
  const next = document.querySelector(`button.verdict[data-row="${row}"][data-column="${column}"]`);
  if (next) {
    event.preventDefault();
    next.focus();
  }
}

function renderDisagreements(answer) {
  const list = $("disagreements");
  if (answer.disagreements.length === 0) {
    list.replaceChildren(el("li", { class: "empty" }, answer.verdicts.length ? "None: every variant gives the same answers." : "Nothing asked yet."));
    return;
  }
  list.replaceChildren(...answer.disagreements.map((d) => {
    const line = d.evidence ? d.evidence.line : (d.left_rule || d.right_rule || {}).line;
    const side = (rule) => (rule ? `line ${rule.line}` : "no rule");
    return el("li", {},
      el("button", {
        type: "button",
        class: "disagreement",
        "data-line": line,
        disabled: line === undefined,
        onclick: () => highlight({ line, why: `${d.left} ≠ ${d.right} on ${d.url}: ${d.reason}` }),
      },
      el("span", { class: "url" }, d.url),
      el("span", { class: "pair" }, `${d.left} ≠ ${d.right}`),
      el("code", { class: "reason" }, d.reason),
      el("span", { class: "sides" }, `${d.left}: ${side(d.left_rule)}; ${d.right}: ${side(d.right_rule)}`),
      d.evidence ? el("span", { class: "evidence" }, `see line ${d.evidence.line}: ${d.evidence.text}`) : null));
  }));
}

function renderRecords() {
  const answer = state.answer;
  const body = $("records-body");
  if (!answer) return;
  const chosen = $("records-variant").value;
  const records = answer.records.find((r) => r.variant === chosen);
  if (!records) {
    body.replaceChildren(el("p", { class: "empty" }, answer.variants.includes(chosen)
      ? `${chosen} rejected the file in strict mode.`
      : `${chosen} is not among the variants analysed.`));
    return;
  }
  const parts = [];
  const agent = answer.agents.join(", ");
  parts.push(el("p", { class: "delay" }, `Crawl-delay for ${agent}: `,
    el("strong", {}, records.crawl_delay === null ? "none" : `${records.crawl_delay} s`)));
  if (records.sitemaps.length) {
    parts.push(el("h3", {}, "Sitemaps"),
      el("ul", { class: "record-list" }, records.sitemaps.map((s) =>
        el("li", {}, lineButton(s.line, `sitemap ${s.url}`), el("span", { class: "value" }, s.url)))));
  }
  for (const group of records.groups) {
    const agents = group.agents.map((a) => a.agent).join(", ");
    parts.push(el("h3", {}, `Group at line ${group.line}: ${agents}`,
      group.applies ? el("span", { class: "badge applies" }, `applies to ${agent}`) : null));
    parts.push(recordList(group.records));
  }
  if (records.file_records.length) {
    parts.push(el("h3", {}, "Outside any group"), recordList(records.file_records));
  }
  if (!records.sitemaps.length && !records.groups.length && !records.file_records.length) {
    parts.push(el("p", { class: "empty" }, "No sitemaps and no records beyond the rules."));
  }
  body.replaceChildren(...parts);
}

function recordList(records) {
  return el("ul", { class: "record-list" }, records.map((r) =>
    el("li", {},
      lineButton(r.line, `${r.key}: ${r.value}`),
      el("code", { class: "key" }, r.extension || r.key),
      el("span", { class: "value" }, r.value),
      r.error ? el("span", { class: "invalid" }, `invalid: ${r.error}`) : typedValue(r))));
}

/** How the extension reads a record's value, in words: `5 s`, `train-ai=n`, `for /a: train-ai=y`. */
function typedValue(record) {
  const typed = record.typed;
  if (typed === null || typed === undefined || typeof typed === "string") return null;
  const pairs = (object) => Object.entries(object)
    .map(([k, v]) => `${k}=${v !== null && typeof v === "object" ? JSON.stringify(v) : v}`)
    .join(", ");
  let text;
  if (typeof typed !== "object") text = `${typed}${record.extension === "crawl-delay" ? " s" : ""}`;
  else if (typed.preferences) text = `${typed.path ? `for ${typed.path}: ` : ""}${pairs(typed.preferences) || "no known preference"}`;
  else text = pairs(typed);
  return el("span", { class: "typed" }, `read as ${text}`);
}

function lineButton(line, why) {
  return el("button", { type: "button", class: "line-link", "data-line": line, onclick: () => highlight({ line, why }) }, `line ${line}`);
}

// ---- Highlighting and the editor -----------------------------------------------------------

/** Highlights a line of the editor: its backdrop and gutter rows, scrolled into view. */
function highlight(target, { quiet = false } = {}) {
  for (const old of document.querySelectorAll(".highlighted")) old.classList.remove("highlighted");
  state.highlighted = target;
  const rows = document.querySelectorAll(`#backdrop [data-line="${target.line}"], #gutter [data-line="${target.line}"]`);
  for (const row of rows) row.classList.add("highlighted");
  const gutterRow = document.querySelector(`#gutter [data-line="${target.line}"]`);
  if (gutterRow) gutterRow.setAttribute("aria-current", "true");
  scrollToLine(target.line);
  if (!quiet) {
    const text = editorLines()[target.line - 1];
    announce(`Line ${target.line} highlighted${text !== undefined ? `: ${text.trim()}` : ""} — ${target.why}`);
  }
}

function clearHighlight(why) {
  for (const old of document.querySelectorAll(".highlighted")) old.classList.remove("highlighted");
  state.highlighted = null;
  announce(why);
}

function lineHeight() {
  return parseFloat(getComputedStyle($("robots")).lineHeight) || 20;
}

function scrollToLine(line) {
  const area = $("robots");
  const top = (line - 1) * lineHeight();
  if (top < area.scrollTop || top > area.scrollTop + area.clientHeight - 2 * lineHeight()) {
    area.scrollTop = Math.max(0, top - area.clientHeight / 3);
  }
  syncScroll();
}

/** Puts the caret at line:col of the editor (columns count characters). */
function placeCaret(line, col) {
  const lines = editorLines();
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  const text = lines[line - 1] || "";
  offset += [...text].slice(0, col - 1).join("").length;
  const area = $("robots");
  area.focus();
  area.setSelectionRange(offset, offset);
  scrollToLine(line);
}

function syncScroll() {
  const area = $("robots");
  $("backdrop").scrollTop = area.scrollTop;
  $("backdrop").scrollLeft = area.scrollLeft;
  $("gutter").scrollTop = area.scrollTop;
}

// ---- Live fetch ----------------------------------------------------------------------------

async function fetchLive(event) {
  event.preventDefault();
  const url = $("fetch-url").value.trim();
  const note = $("fetch-note");
  const variant = $("records-variant").value;
  note.textContent = `Fetching the robots.txt of ${url}…`;
  try {
    const fetched = await engine.fetch({ url, variant });
    const hop = fetched.redirects && fetched.redirects[fetched.redirects.length - 1];
    if (fetched.robots_txt !== null) {
      $("robots").value = fetched.robots_txt;
      renderEditor(null);
      analyze();
      note.textContent = `${fetched.final_url}: ${fetched.state} (${fetched.reason})${fetched.lossy ? "; bytes that are not UTF-8 were replaced" : ""}.`;
    } else if (hop && !fetched.redirects_followed) {
      note.replaceChildren(`${hop.url} redirects (${hop.status}) to ${hop.location}; redirects are not followed. `,
        el("button", { type: "button", onclick: () => { $("fetch-url").value = hop.location; $("fetch-form").requestSubmit(); } }, "Fetch that instead"));
    } else {
      note.textContent = `${fetched.robots_url}: ${fetched.state} (${fetched.reason})${fetched.failure ? `: ${fetched.failure}` : ""}; the editor is unchanged.`;
    }
  } catch (error) {
    note.textContent = refusal(error);
  }
}

// ---- Start ---------------------------------------------------------------------------------

async function start() {
  try {
    state.info = await engine.info();
  } catch (error) {
    announce(refusal(error), true);
    return;
  }
  $("engine").textContent = engine.about;
  buildForm(state.info);
  const area = $("robots");
  area.value = EXAMPLE;
  $("urls").value = EXAMPLE_URLS;
  area.addEventListener("input", () => { renderEditor(state.answer); scheduleAnalysis(); });
  area.addEventListener("scroll", syncScroll);
  for (const id of ["agent", "urls", "edited"]) $(id).addEventListener("input", scheduleAnalysis);
  $("copy-file").addEventListener("click", () => {
    $("edited").value = $("robots").value;
    $("edited").focus();
    analyze();
  });
  for (const id of ["modes", "variants"]) $(id).addEventListener("change", analyze);
  $("records-variant").addEventListener("change", renderRecords);
  $("fetch-form").addEventListener("submit", fetchLive);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      analyze();
    }
  });
  renderEditor(null);
  renderChanges();
  await analyze();
  document.body.dataset.ready = "true";
}

start();
