/**
 * The screenpipe adapter's head: what resolving a screenpipe database file needs before any
 * row is read — its names, capabilities and watermark. A day answered from the day cache
 * loads only this module (the registry's `HEADS`, `resolveSource(…, { lazy: true })`), not
 * the reader behind `mod.ts`, which builds the full adapter on the same fields.
 *
 * @module
 */

import type { AdapterHead } from "../types.ts";
import { keepScreenpipeWatermark, screenpipeWatermark } from "./_watermark.ts";

/** The screenpipe adapter's fields that need no reader. */
export const head: AdapterHead = {
  scheme: "screenpipe",
  name: "screenpipe",
  spelling: "PATH|URL",
  urls: true,
  capabilities: { input: true, elements: true, urls: true, heartbeats: true, focus: true },
  watermark: screenpipeWatermark, // not for URLs: resolve.ts binds it to files only
  keepWatermark: keepScreenpipeWatermark,
  // A database file only (resolve.ts binds it with the watermark); the REST API keeps the
  // full read of the window.
  splitReads: true,
  spans: true,
};
