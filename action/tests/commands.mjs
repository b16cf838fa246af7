// What a runner reads back from the action: workflow commands parsed out of standard output
// and the `NAME<<DELIMITER` records of the outputs file. Written for the tests from GitHub's
// description of the protocols, not from the action's code, so that a test of one against the
// other can fail.

/** Undoes a workflow command's escapes (`%25` last, so `%253A` stays `%3A`). */
export function unescape(text) {
  return text
    .replace(/%0D/g, "\r")
    .replace(/%0A/g, "\n")
    .replace(/%3A/g, ":")
    .replace(/%2C/g, ",")
    .replace(/%25/g, "%");
}

/**
 * The workflow commands among `stdout`'s lines: `{ command, properties, message }`, the
 * properties an object of unescaped values.
 */
export function parseCommands(stdout) {
  const commands = [];
  for (const line of stdout.split("\n")) {
    const match = /^::([a-z-]+)(?: ([^:]*))?::(.*)$/.exec(line);
    if (!match) {
      continue;
    }
    const [, command, props = "", message] = match;
    const properties = {};
    for (const pair of props.split(",").filter((p) => p !== "")) {
      const at = pair.indexOf("=");
      properties[pair.slice(0, at)] = unescape(pair.slice(at + 1));
    }
    commands.push({ command, properties, message: unescape(message) });
  }
  return commands;
}

/** The outputs file's records, `{ NAME: value }`; throws on a record that is not closed. */
export function parseOutputs(text) {
  const outputs = {};
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i += 1) {
    const match = /^([^<]+)<<(.+)$/.exec(lines[i]);
    if (!match) {
      continue;
    }
    const [, name, delimiter] = match;
    const end = lines.indexOf(delimiter, i + 1);
    if (end < 0) {
      throw new Error(`output ${name}: no closing ${delimiter}`);
    }
    outputs[name] = lines.slice(i + 1, end).join("\n");
    i = end;
  }
  return outputs;
}
