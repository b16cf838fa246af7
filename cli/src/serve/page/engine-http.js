// The playground's HTTP engine: every question the page asks, posted to the JSON API of
// `robotspec serve` (docs/serve.md), which answers with the library's own serialisations.
//
// An engine is the one thing the page (app.js) talks to; the page imports it as ./engine.js,
// and whoever serves the page decides which file that is: `robotspec serve` serves this one,
// the static build (js/playground/build) its WebAssembly twin, js/playground/engine-wasm.js.
// Both export the same `engine`:
//
//   engine.about                  what answers the page's questions, in a sentence (the footer)
//   engine.fetchUnavailable       why the fetch panel is off when info().fetch.enabled is false
//   engine.info()                 → GET /api/info's answer
//   engine.inspect(request, signal) → POST /api/inspect's answer
//   engine.analyze(request, signal) → POST /api/analyze's answer
//   engine.compare(request, signal) → POST /api/compare's answer
//   engine.fetch(request, signal)   → POST /api/fetch's answer
//
// Each returns a promise of the answer docs/serve.md gives for its endpoint, or rejects with an
// Error whose `api` is the refusal: `{ code, message, status? }` (`status` only where HTTP
// gave one). An aborted `signal` rejects with an AbortError.

/** Posts `body` as JSON; resolves to the answer's JSON, rejects with the API's error. */
async function post(path, body, signal) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  const json = await response.json();
  if (!response.ok) {
    const error = new Error(json.error ? json.error.message : response.statusText);
    error.api = json.error;
    throw error;
  }
  return json;
}

export const engine = {
  about: "robotspec serve answers: the page calls POST /api/inspect, /api/analyze and /api/compare (docs/serve.md).",
  fetchUnavailable: "Fetching a live file needs the server started with robotspec serve --fetch.",
  async info() {
    const response = await fetch("/api/info");
    return response.json();
  },
  inspect: (request, signal) => post("/api/inspect", request, signal),
  analyze: (request, signal) => post("/api/analyze", request, signal),
  compare: (request, signal) => post("/api/compare", request, signal),
  fetch: (request, signal) => post("/api/fetch", request, signal),
};
