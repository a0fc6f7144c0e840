/**
 * frames — a deterministic compiler from screen capture to activity frames.
 *
 * argv → command table → exit code; the only place that calls `Deno.exit`.
 *
 * @module
 */

import { run } from "./src/cli/mod.ts";

if (import.meta.main) {
  Deno.exit(await run(Deno.args));
}
