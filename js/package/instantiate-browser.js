// Instantiates the WebAssembly module in a browser or a bundle: fetched beside this file
// (bundlers copy the asset `new URL(..., import.meta.url)` names) and compiled while it
// streams in. Imported by browser.js before the API (index.js); a top-level await, so that
// `import "robotspec"` is ready when it resolves.
import init from "./dist/robotspec.js";

await init({ module_or_path: new URL("./dist/robotspec_bg.wasm", import.meta.url) });
