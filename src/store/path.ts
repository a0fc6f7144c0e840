/**
 * Where the native store lives: one file name inside frames' home folder (default
 * `~/.frames`, `FRAMES_HOME` when set), named once for the writer, the reader and discovery.
 *
 * @module
 */

import { join } from "../file_path.ts";

/** File name of the store inside the frames home folder. */
export const STORE_FILE = "capture.db";

/** How messages name the store (`Cannot open frames capture database "…": …`). */
export const STORE_LABEL = "frames capture";

/** The store path inside a frames home folder (`resolveSettings().home`). */
export function storePath(framesHome: string): string {
  return join(framesHome, STORE_FILE);
}

/** The store under `framesHome` when it exists as a file, else `undefined`. */
export function discoverNative(framesHome: string): string | undefined {
  const path = storePath(framesHome);
  try {
    return Deno.statSync(path).isFile ? path : undefined;
  } catch {
    return undefined;
  }
}
