/**
 * The Windows Recall 2024 preview database `ukg.db` (FORMATS §3): `WindowCapture` rows
 * joined to `App` and `Web` through their relation tables, with the title from the text
 * index's `_content` shadow table when the row has none (read directly; no FTS5 module is
 * needed). Capture events carry the app and web relations; a foreground change borrows
 * the app of its window (`WindowId`) from that window's nearest capture event.
 *
 * @module
 */

import { basename } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import type { Capture, Snapshot, Trigger } from "../../src/model.ts";
import { NameCache } from "../_names.ts";
import { fnv1a, prepareArrays } from "../../src/store/mod.ts";

/** The display id Recall snapshots get: Recall records no monitor. */
export const RECALL_DISPLAY = "screen";

const TRIGGERS: ReadonlyMap<string, Trigger> = new Map([
  ["WindowCaptureEvent", "visual"],
  ["ForegroundChangedEvent", "switch"],
]);

const REQUIRED = ["WindowCapture", "WindowCaptureAppRelation", "App"];

/** Check the layout and return a fingerprint of the tables read. */
export function ukgFingerprint(db: DatabaseSync, location: string): string {
  const names: string[] = [];
  const tables = [
    "WindowCapture",
    "WindowCaptureAppRelation",
    "WindowCaptureWebRelation",
    "App",
    "Web",
    "WindowCaptureTextIndex_content",
  ];
  const present = new Set<string>();
  for (const t of tables) {
    for (const r of prepareArrays(db, `PRAGMA table_info("${t}")`).all()) {
      present.add(t);
      names.push(`${t}.${String(r[1])}`);
    }
  }
  for (const t of REQUIRED) {
    if (!present.has(t)) {
      throw new Error(
        `Cannot read Windows Recall database "${location}": it has no ${t} table (is it a Recall ukg.db?)`,
      );
    }
  }
  names.sort();
  return `recall-ukg-${fnv1a(names.join("\n"))}`;
}

function has(db: DatabaseSync, table: string): boolean {
  return prepareArrays(db, `PRAGMA table_info("${table}")`).all().length > 0;
}

/** Options for {@linkcode readUkg}: where the database is and the window to read. */
export interface ReadUkgOptions {
  location: string;
  start: number;
  end: number;
}

/** Read the window `[start, end)` of an open ukg.db into the capture model. */
export function readUkg(db: DatabaseSync, opts: ReadUkgOptions): Capture {
  const { location } = opts;
  const window = { start: opts.start, end: opts.end };
  const fingerprint = ukgFingerprint(db, location);
  const web = has(db, "Web") && has(db, "WindowCaptureWebRelation");
  const text = has(db, "WindowCaptureTextIndex_content");
  const rows = prepareArrays(
    db,
    `SELECT wc.Id, wc.Name, CAST(wc.TimeStamp AS INTEGER), wc.WindowId, wc.WindowTitle,
       wc.IsForeground, wc.FallbackUri,
       (SELECT coalesce(nullif(a.Name, ''), a.Path) FROM WindowCaptureAppRelation r
          JOIN App a ON a.Id = r.AppId WHERE r.WindowCaptureId = wc.Id
          ORDER BY coalesce(r.IsBackground, 0), a.Id LIMIT 1),
       ${
      web
        ? `(SELECT w.Uri FROM WindowCaptureWebRelation r JOIN Web w ON w.Id = r.WebId
          WHERE r.WindowCaptureId = wc.Id ORDER BY coalesce(r.IsBackground, 0), w.Id LIMIT 1)`
        : "NULL"
    },
       ${
      text
        ? "(SELECT t.c1 FROM WindowCaptureTextIndex_content t WHERE t.c0 = wc.Id LIMIT 1)"
        : "NULL"
    }
     FROM WindowCapture wc
     WHERE CAST(wc.TimeStamp AS INTEGER) >= ? AND CAST(wc.TimeStamp AS INTEGER) < ?
     ORDER BY CAST(wc.TimeStamp AS INTEGER), wc.Id`,
  ).all(window.start, window.end);
  const nearestApp = db.prepare(
    `SELECT coalesce(nullif(a.Name, ''), a.Path) AS app FROM WindowCapture wc
       JOIN WindowCaptureAppRelation r ON r.WindowCaptureId = wc.Id JOIN App a ON a.Id = r.AppId
     WHERE wc.WindowId = ? ORDER BY abs(CAST(wc.TimeStamp AS INTEGER) - ?), wc.Id LIMIT 1`,
  );
  const names = new NameCache();
  const snapshots: Snapshot[] = [];
  const rejected: Record<string, number> = {};
  const reject = (reason: string) => rejected[reason] = (rejected[reason] ?? 0) + 1;
  let urls = false;
  for (const r of rows) {
    const trigger = TRIGGERS.get(String(r[1]));
    if (trigger === undefined) continue; // lifecycle events: created, changed, destroyed
    if (r[5] === 0 || r[5] === "0" || r[5] === "false") continue; // background window
    let rawApp = r[7];
    if (rawApp === null && r[3] !== null) {
      rawApp = (nearestApp.get(r[3] as number, r[2] as number) as { app?: string } | undefined)
        ?.app ?? null;
    }
    const app = names.get(typeof rawApp === "string" ? appName(rawApp) : rawApp);
    if (app === undefined) {
      reject("WindowCapture: no app");
      continue;
    }
    const snap: Snapshot = {
      ref: r[0] as number,
      at: r[2] as number,
      display: RECALL_DISPLAY,
      app,
      trigger,
    };
    const title = names.get(r[4]) ?? names.get(r[9]);
    if (title !== undefined) snap.title = title;
    const fallback = typeof r[6] === "string" && /^https?:\/\//i.test(r[6]) ? r[6] : undefined;
    const url = typeof r[8] === "string" && r[8] !== "" ? r[8] : fallback;
    if (url !== undefined) {
      snap.url = url;
      urls = true;
    }
    snapshots.push(snap);
  }
  return {
    window: { start: window.start, end: window.end },
    snapshots,
    events: [],
    displays: [],
    facts: {
      adapter: "recall",
      location,
      fingerprint,
      capabilities: { input: false, elements: false, urls, heartbeats: false, focus: false },
      rows: { WindowCapture: rows.length },
      rejected,
    },
  };
}

/** An App row's name, or its executable's name when only a path is known. */
function appName(raw: string): string {
  if (!/[\\/]/.test(raw)) return raw;
  return basename(raw.replaceAll("\\", "/"));
}
