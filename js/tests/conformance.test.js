// The shared conformance vectors (tests/conformance, vendored from Google's robotstxt unit
// tests and its compliance test collection) through the package, every variant: each answer
// equal to the command line's on the same input, asked at test time (`robotspec batch`), and
// under `google` equal to the vector's expectation as well.
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";

import { AgentError, Robots, VARIANTS } from "../package/node.js";
import { batchAnswers, jsonLines, root, vectorBody } from "./helpers.js";

const folder = path.join(root, "tests", "conformance");
const vectors = [
  ...jsonLines(path.join(folder, "google-robots-test.jsonl")).filter((v) => v.kind === "allowed"),
  ...jsonLines(path.join(folder, "ctc-correctness.jsonl")),
  ...jsonLines(path.join(folder, "ctc-stress.jsonl")),
].map((vector) => ({
  vector,
  body: vectorBody(vector),
  agent: vector.user_agent,
  url: vector.url,
}));

/** The package's answer: its verdict without `text` (the batch prints none), or the refusal. */
function answer(robots, agent, url) {
  try {
    const { text, ...verdict } = robots.check(agent, url);
    assert.equal(typeof text, "string");
    return verdict;
  } catch (error) {
    if (error instanceof AgentError) {
      return { error: error.message };
    }
    throw error;
  }
}

for (const variant of VARIANTS) {
  test(`conformance vectors under ${variant}: equal to robotspec batch`, (t) => {
    const expected = batchAnswers(vectors, variant);
    let compared = 0;
    let uncarried = 0;
    for (const [index, one] of vectors.entries()) {
      const robots = new Robots(one.body, { profile: variant });
      const got = answer(robots, one.agent, one.url);
      robots.free();
      const cli = expected[index];
      const name = `${one.vector.test ?? one.vector.case} (${JSON.stringify(one.agent)}, ${JSON.stringify(one.url)})`;
      if (cli === undefined) {
        uncarried += 1;
        // A tab or line end in the agent names no crawler: the library refuses it.
        if (/[\t\r\n]/.test(one.agent)) {
          assert.ok("error" in got, `${name}: an agent with a control character is refused`);
        }
        continue;
      }
      if ("error" in cli) {
        assert.ok("error" in got, `${name}: the CLI refused the line (${cli.error}), the package answered`);
        assert.equal(got.error, cli.error.replace(/^the agent names no crawler/, got.error.split(":")[0]));
      } else {
        assert.deepEqual(got, cli, name);
      }
      compared += 1;
      // Google's library takes the agent as one token; the package (as the CLI) reads a
      // caller's agent, so "Foo Bar" is a User-Agent header naming "Foo". Where the agent is a
      // product token the two coincide.
      if (variant === "google" && /^[A-Za-z_-]+$/.test(one.agent)) {
        assert.equal(got.allowed, one.vector.allowed, `${name}: Google's expectation`);
      }
    }
    assert.equal(compared + uncarried, vectors.length);
    assert.ok(compared > 500, `${compared} vectors compared`);
    t.diagnostic(`${variant}: ${compared} vectors equal to the CLI; ${uncarried} with a tab or line end no query line can carry`);
  });
}
