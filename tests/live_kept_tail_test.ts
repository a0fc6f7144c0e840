/**
 * A live session's tail read on its watermark keeper's kept connection, in the same read
 * transaction as the watermark (src/cli/_live.ts `liveMeasure`, the screenpipe keeper's
 * `measureRead`): a row written between the watermark and the delta no longer makes the
 * delta fall back to a full read — the delta absorbs the rows the watermark counted, the
 * next call the later row — and every document equals a fresh full compile of the same
 * rows. The session is driven through the same functions `compileForCli` calls, with the
 * keeper wrapped so a write lands right after its read transaction.
 */
import { equal, ok } from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { resolveSource } from "../adapters/resolve.ts";
import type { WatermarkKeeper } from "../adapters/types.ts";
import { readCliWindow, typerFor } from "../src/cli/_capture.ts";
import type { Settings } from "../src/cli/_settings.ts";
import {
  LIVE_COUNTS,
  liveArm,
  liveDelta,
  type LiveIo,
  liveMeasure,
  liveStart,
} from "../src/cli/_live.ts";
import { compile } from "../src/compile/mod.ts";
import { dayWindow } from "../src/compile/time.ts";
import { writeDemoDatabase } from "../src/demo/mod.ts";
import { emitJson } from "../src/emit/json.ts";

const TZ = "Europe/Berlin";
const dir = await Deno.makeTempDir({ prefix: "frames-kept-tail-" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));
const path = join(dir, "demo.sqlite");
const DAY = writeDemoDatabase(path, { seed: 42, days: 2, tz: TZ }).busiestDay;
const WINDOW = dayWindow(DAY, TZ);

/** Rows of the busiest day from `cut` on, removed from the file, to come back in order. */
function cutAt(cut: number): { table: string; row: Record<string, unknown> }[] {
  const db = new DatabaseSync(path);
  const out: { table: string; row: Record<string, unknown>; at: number }[] = [];
  for (const table of ["frames", "ui_events"]) {
    const later = `unixepoch(timestamp, 'subsec') * 1000 >= ?`;
    for (const row of db.prepare(`SELECT * FROM ${table} WHERE ${later}`).all(cut)) {
      out.push({ table, row, at: Date.parse(String(row.timestamp)) });
    }
    db.prepare(`DELETE FROM ${table} WHERE ${later}`).run(cut);
  }
  db.close();
  return out.sort((a, b) => a.at - b.at || Number(a.row.id) - Number(b.row.id));
}

function append(rows: readonly { table: string; row: Record<string, unknown> }[]): void {
  const db = new DatabaseSync(path);
  for (const { table, row } of rows) {
    const cols = Object.keys(row);
    db.prepare(`INSERT INTO ${table} (${cols.join(", ")}) VALUES (${cols.map(() => "?")})`)
      .run(...cols.map((c) => row[c] as null));
  }
  db.close();
}

Deno.test("a row written between the watermark and the delta read is absorbed by the next call, not a fallback", async () => {
  const source = await resolveSource(`screenpipe:${path}`);
  const settings = { tz: TZ, minMinutes: 0.5 } as Settings;
  const io: LiveIo = {
    read: (w) => readCliWindow(source, w, { settings, raw: true }),
    measure: (previous) => liveMeasure(KEY, WINDOW, source.watermark!, previous),
    typer: typerFor,
  };
  const KEY = "kept-tail-test";
  // Late in the day: the rows of its last hour come back.
  const first = readCliWindow(source, WINDOW, { settings, raw: true });
  const last = Math.max(...(await first).snapshots.map((s) => s.at));
  const rows = cutAt(last - 60 * 60_000);
  ok(rows.length > 40, `${rows.length} rows`);
  let raceRows: typeof rows = [];
  const keep = (): WatermarkKeeper => {
    const inner = source.keepWatermark!();
    return {
      measure: (w, p) => inner.measure(w, p),
      measureRead: (w, p, tail, wanted) => {
        const got = inner.measureRead!(w, p, tail, wanted);
        append(raceRows); // written just after the watermark's read transaction
        raceRows = [];
        return got;
      },
      close: () => inner.close(),
    };
  };
  const capture = await readCliWindow(source, WINDOW, { settings, raw: true });
  const opts = { tz: TZ, day: DAY, minMinutes: 0.5, typer: await typerFor(capture) };
  liveStart(KEY, source.watermark!(WINDOW), capture, opts, keep);
  ok(await liveArm(KEY, io), "armed");
  const fresh = async () => {
    const all = await readCliWindow(source, WINDOW, { settings });
    return emitJson(compile(all, { ...opts, typer: await typerFor(all) }));
  };
  const kept0 = LIVE_COUNTS.kept, fell0 = LIVE_COUNTS.fallback.watermark ?? 0;
  let i = 0;
  for (let call = 0; call < 6; call++) {
    // One row now, and one more written between the watermark and the delta.
    append(rows.slice(i, i + 1));
    raceRows = rows.slice(i + 1, i + 2);
    i += 2;
    const before = await fresh(); // the rows the watermark will count
    const watermark = liveMeasure(KEY, WINDOW, source.watermark!);
    const got = await liveDelta(KEY, watermark, undefined, io);
    ok(got !== undefined, `call ${call}: a delta, not a fallback (${JSON.stringify(LIVE_COUNTS)})`);
    equal(emitJson(got.doc), before, `call ${call}: the rows at the watermark`);
  }
  // The last raced row, on a call without a race.
  const watermark = liveMeasure(KEY, WINDOW, source.watermark!);
  const got = await liveDelta(KEY, watermark, undefined, io);
  ok(got !== undefined);
  equal(emitJson(got.doc), await fresh(), "every row in");
  equal(LIVE_COUNTS.kept - kept0, 7, "every tail read in the watermark's transaction");
  equal(LIVE_COUNTS.fallback.watermark ?? 0, fell0, "no fallback");
});
