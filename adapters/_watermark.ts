/**
 * Shared shape of the SQLite sources' watermarks (see `Watermark` in types.ts): rows of
 * `[part, maxRef, rows, lastAt]` become one record with sorted keys.
 *
 * @module
 */

import type { Watermark, WatermarkPart } from "./types.ts";

/** One row a watermark query returns: part name, max id, count, last timestamp. */
export type WatermarkRow = readonly [string, unknown, unknown, unknown];

/** Builds a watermark from its parts (a table total plus per-stream parts), keys sorted. */
export function watermarkOf(schema: string, rows: readonly WatermarkRow[]): Watermark {
  const parts: Record<string, WatermarkPart> = {};
  for (const [name, maxRef, count, lastAt] of [...rows].sort((a, b) => a[0] < b[0] ? -1 : 1)) {
    parts[name] = {
      maxRef: typeof maxRef === "number" ? maxRef : null,
      rows: typeof count === "number" ? count : 0,
      lastAt: typeof lastAt === "number" || typeof lastAt === "string" ? lastAt : null,
    };
  }
  return { schema, parts };
}

/** Per-stream rows plus their total under `table`. */
export function withTotal(table: string, streams: readonly WatermarkRow[]): WatermarkRow[] {
  let maxRef: number | null = null, rows = 0;
  let lastAt: number | string | null = null;
  for (const [, m, c, l] of streams) {
    if (typeof m === "number" && (maxRef === null || m > maxRef)) maxRef = m;
    if (typeof c === "number") rows += c;
    if ((typeof l === "number" || typeof l === "string") && (lastAt === null || l > lastAt)) {
      lastAt = l;
    }
  }
  return [
    [table, maxRef, rows, lastAt],
    ...streams.map(([n, m, c, l]) => [`${table}@${n}`, m, c, l] as const),
  ];
}
