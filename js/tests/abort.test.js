// Past the limits: an allocation the module cannot make aborts its instance (a WebAssembly
// trap, `RuntimeError: unreachable`) — the one failure no code can turn into an exception,
// docs/javascript.md says so. What must hold is that the loss stays with that instance: a new
// one answers, and so does the package's own.
//
// The glue (dist/robotspec.js) is imported under two query strings, so that each import is a
// module of its own with its own instance. The first instance's memory is grown to the most a
// 32-bit module can address, so its allocator finds no more room; its next parse traps.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { Robots } from "../package/node.js";

const wasm = readFileSync(new URL("../package/dist/robotspec_bg.wasm", import.meta.url));
const glue = new URL("../package/dist/robotspec.js", import.meta.url).href;

/** A fresh instance of the module: its glue's exports and the instance's own exports. */
async function instance(tag) {
  const bindings = await import(`${glue}?instance=${tag}`);
  const exports = bindings.initSync({ module: wasm });
  return { bindings, exports };
}

test("an allocation failure traps its instance; a new instance answers", async () => {
  const doomed = await instance("doomed");
  const reading = new doomed.bindings.Reading(undefined, "limits");
  const body = new TextEncoder().encode("User-agent: *\nDisallow: /private\n");
  assert.equal(doomed.bindings.RobotsCore.fromBytes(body, reading).isAllowed("bot", "/private"), false);

  // Grow the memory to 4 GiB (65,536 pages of 64 KiB): address space, not resident memory.
  const { memory } = doomed.exports;
  const pages = 65536 - memory.buffer.byteLength / 65536;
  memory.grow(pages);
  assert.throws(() => memory.grow(1), RangeError, "no page left to grow by");

  const large = new Uint8Array(8 * 1024 * 1024).fill(0x61);
  assert.throws(
    () => doomed.bindings.RobotsCore.fromBytes(large, reading),
    (thrown) => thrown instanceof WebAssembly.RuntimeError,
    "the allocation fails and the instance aborts",
  );

  const fresh = await instance("fresh");
  const answer = fresh.bindings.RobotsCore.fromBytes(body, new fresh.bindings.Reading(undefined, "limits"));
  assert.equal(answer.isAllowed("bot", "/private"), false);
  assert.equal(answer.isAllowed("bot", "/public"), true);

  // The package's own instance never shared that memory.
  assert.equal(new Robots(body).isAllowed("bot", "/private"), false);
});
