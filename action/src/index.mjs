// The entry point the runner starts (`node action/dist/index.mjs`, the bundle of this file):
// runs the action on the process's environment and exits with its status.

import { run } from "./action.mjs";

process.exitCode = run(process.env, (line) => process.stdout.write(`${line}\n`));
