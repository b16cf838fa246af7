// Instantiates the WebAssembly module in Node: its bytes read from the package's folder and
// compiled synchronously, so that `import "robotspec"` is ready when it returns. Imported by
// node.js before the API (index.js), which needs the module at once.
import { readFileSync } from "node:fs";
import { initSync } from "./dist/robotspec.js";

initSync({ module: readFileSync(new URL("./dist/robotspec_bg.wasm", import.meta.url)) });
