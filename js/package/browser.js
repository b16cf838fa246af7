// The package in browsers and bundlers (package.json's "default" condition): the module
// fetched beside this file (bundlers copy the asset `new URL(..., import.meta.url)` names) and
// compiled while it streams in, then the API.
//
// The API (index.js) is imported only once the module is instantiated: it reads the module's
// constants as it loads, and a static import would be evaluated first, whatever its place
// among the imports. Hence the names listed here (js/tests/api.test.js holds them to
// index.js's exports).
import init from "./dist/robotspec.js";

await init({ module_or_path: new URL("./dist/robotspec_bg.wasm", import.meta.url) });

export const {
  AgentError,
  DEFAULT_VARIANT,
  LIMITS,
  ReadingError,
  Robots,
  RobotspecError,
  SETTINGS,
  StrictError,
  VARIANTS,
  VERSION,
  diff,
  diffReadings,
  googleReport,
  lint,
  lintSarif,
  parse,
} = await import("./index.js");
