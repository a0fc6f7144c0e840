/**
 * A capture ingest in its own process for tests/security/listeners_test.ts, started the
 * way `frames capture start` starts it: token from the token file, port 0. Prints
 * `{"port": N}` once listening and runs until killed.
 *
 * @module
 */

import { ingestTokenFile } from "../../capture/_extension.ts";
import { startIngest } from "../../capture/ingest.ts";

const [tokenFile] = Deno.args;
const ingest = await startIngest({ port: 0, token: ingestTokenFile(tokenFile), onTab: () => {} });
console.log(JSON.stringify({ port: ingest.port }));
