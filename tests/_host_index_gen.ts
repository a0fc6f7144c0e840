/**
 * Writes src/entities/_host_index_data.ts from parsers/ (`deno task parsers:index`);
 * tests/entities_host_index_test.ts checks the checked-in file is what this would write.
 *
 * @module
 */

import { loadParsers } from "../src/entities/load.ts";
import { hostIndexOf, hostIndexSource } from "../src/entities/host_index.ts";

/** Where the generated index lives. */
export const HOST_INDEX_FILE: URL = new URL("../src/entities/_host_index_data.ts", import.meta.url);

/** The text the index file should hold for the current parser folder. */
export async function expectedHostIndexSource(): Promise<string> {
  return hostIndexSource(hostIndexOf(await loadParsers()));
}

if (import.meta.main) {
  await Deno.writeTextFile(HOST_INDEX_FILE, await expectedHostIndexSource());
  // Formatted like every checked-in file, so `deno fmt --check` in CI stays quiet.
  await new Deno.Command(Deno.execPath(), { args: ["fmt", "-q", HOST_INDEX_FILE.pathname] })
    .output();
  console.log(`wrote ${HOST_INDEX_FILE.pathname}`);
}
