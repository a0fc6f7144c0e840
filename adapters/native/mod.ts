/**
 * frames' own capture store as an {@linkcode Adapter}: `--source native:PATH`, and the
 * default source when `$FRAMES_HOME/capture.db` exists. The store (src/store/) owns the
 * schema and the reader; this folder only names it for the registry.
 *
 * @example
 * ```ts
 * import native from "./mod.ts";
 *
 * const day = native.read("/home/ada/.frames/capture.db", { start, end });
 * ```
 *
 * @module
 */

import { discoverNative, readNative, storePath, storeSpan } from "../../src/store/mod.ts";
import type { Adapter } from "../types.ts";
import { nativeWatermark } from "./_watermark.ts";

export type * from "../types.ts";

/** The native-store adapter. */
const native: Adapter = {
  scheme: "native",
  name: "native",
  spelling: "PATH",
  capabilities: { input: true, elements: true, urls: true, heartbeats: true, focus: true },
  discover({ framesHome }) {
    const best = discoverNative(framesHome);
    return {
      best,
      found: best === undefined ? [] : [{ location: best, detail: "frames capture store" }],
      tried: [storePath(framesHome)],
    };
  },
  read: readNative,
  span: storeSpan,
  watermark: nativeWatermark,
  splitReads: true,
};

export default native;
