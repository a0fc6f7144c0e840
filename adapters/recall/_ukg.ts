/**
 * The Windows Recall 2024 preview database `ukg.db` (FORMATS §3): `WindowCapture` rows
 * joined to `App` and `Web` through their relation tables, with the title from the text
 * index's `_content` shadow table when the row has none (read directly; no FTS5 module is
 * needed). Capture events carry the app and web relations; a foreground change borrows
 * the app of its window (`WindowId`) from that window's nearest capture event. Columns
 * differ by build, so every one beyond the join keys is used only when present
 * (`_ukg_layout.ts`). A read also returns the first snapshot at or after the window's end
 * (SPEC §3.11), so the last snapshot inside earns its dwell.
 *
 * @module
 */

import { basename } from "../../src/file_path.ts";
import type { DatabaseSync } from "node:sqlite";
import type { Capture, Snapshot, Trigger } from "../../src/model.ts";
import { NameCache } from "../_names.ts";
import { prepareArrays } from "../../src/store/mod.ts";
import { APP_NAME_COLUMNS, col, type UkgLayout, ukgLayout } from "./_ukg_layout.ts";

/** The display id Recall snapshots get: Recall records no monitor. */
export const RECALL_DISPLAY = "screen";

/** The reason counted for WindowCapture rows whose TimeStamp is not an integer. */
export const UNPARSEABLE_TIME = "WindowCapture: TimeStamp is not Unix ms";

const TRIGGERS: ReadonlyMap<string, Trigger> = new Map([
  ["WindowCaptureEvent", "visual"],
  ["ForegroundChangedEvent", "switch"],
]);

/** Rows fetched per step while looking for the first snapshot past the window's end. */
const LOOKAHEAD_BATCH = 64;

/** Check the layout and return a fingerprint of the tables read. */
export function ukgFingerprint(db: DatabaseSync, location: string): string {
  return ukgLayout(db, location).fingerprint;
}

/** SQL for the capture's TimeStamp as an integer (compared as a number, never as text). */
function timeSql(l: UkgLayout): string {
  return `CAST(wc.${col(l.capture, "TimeStamp")} AS INTEGER)`;
}

/** SQL true when a TimeStamp is an integer or all-digit text (what `timeSql` reads right). */
function parseableSql(l: UkgLayout, alias = "wc"): string {
  const t = `${alias}.${col(l.capture, "TimeStamp")}`;
  return `(typeof(${t}) IN ('integer', 'real') OR (typeof(${t}) = 'text' AND trim(${t}) <> ''
    AND trim(${t}) NOT GLOB '*[^0-9]*'))`;
}

/** SQL for the app of capture `wc`: its foreground relation's App name, path or id. */
function appSql(l: UkgLayout): string {
  const appName = `coalesce(${
    APP_NAME_COLUMNS.flatMap((n) => {
      const q = col(l.app, n);
      return q === undefined ? [] : [`nullif(a.${q}, '')`];
    }).join(", ")
  }, NULL)`;
  const appBg = col(l.appRelation, "IsBackground");
  const app = `(SELECT ${appName} FROM WindowCaptureAppRelation r
      JOIN App a ON a.${col(l.app, "Id")} = r.${col(l.appRelation, "AppId")}
      WHERE r.${col(l.appRelation, "WindowCaptureId")} = wc.${col(l.capture, "Id")}
      ORDER BY ${appBg === undefined ? "" : `coalesce(r.${appBg}, 0), `}a.${
    col(l.app, "Id")
  } LIMIT 1)`;
  return app;
}

function captureSql(l: UkgLayout, where: string): string {
  const c = (name: string) => {
    const q = col(l.capture, name);
    return q === undefined ? "NULL" : `wc.${q}`;
  };
  const app = appSql(l);
  let web = "NULL";
  if (l.web !== undefined) {
    const { web: w, relation: rel } = l.web;
    const bg = col(rel, "IsBackground");
    web = `(SELECT w.${col(w, "Uri")} FROM WindowCaptureWebRelation r
      JOIN Web w ON w.${col(w, "Id")} = r.${col(rel, "WebId")}
      WHERE r.${col(rel, "WindowCaptureId")} = wc.${col(l.capture, "Id")}
      ORDER BY ${bg === undefined ? "" : `coalesce(r.${bg}, 0), `}w.${col(w, "Id")} LIMIT 1)`;
  }
  const text = l.text
    ? `(SELECT t.c1 FROM WindowCaptureTextIndex_content t WHERE t.c0 = wc.${
      col(l.capture, "Id")
    } LIMIT 1)`
    : "NULL";
  return `SELECT wc.${col(l.capture, "Id")}, ${c("Name")}, ${timeSql(l)}, ${c("WindowId")},
      ${c("WindowTitle")}, ${c("IsForeground")}, ${c("FallbackUri")}, ${app}, ${web}, ${text}
    FROM WindowCapture wc WHERE ${parseableSql(l)} AND ${where}
    ORDER BY ${timeSql(l)}, wc.${col(l.capture, "Id")}`;
}

/** Options for {@linkcode readUkg}: where the database is and the window to read. */
export interface ReadUkgOptions {
  location: string;
  start: number;
  end: number;
}

/** How many WindowCapture rows have a TimeStamp that is not Unix ms (they fit no window). */
export function unparseableTimes(db: DatabaseSync, layout: UkgLayout): number {
  const r = prepareArrays(
    db,
    `SELECT count(*) FROM WindowCapture wc WHERE NOT ${parseableSql(layout)}`,
  ).all()[0];
  return Number(r[0]);
}

/** First and last parsed TimeStamp of the database, or `undefined` when it has none. */
export function ukgSpan(
  db: DatabaseSync,
  location: string,
): { first: number; last: number } | undefined {
  const l = ukgLayout(db, location);
  const r = prepareArrays(
    db,
    `SELECT min(${timeSql(l)}), max(${timeSql(l)}) FROM WindowCapture wc WHERE ${parseableSql(l)}`,
  ).all()[0];
  return r[0] === null || r[1] === null ? undefined : { first: Number(r[0]), last: Number(r[1]) };
}

/** Read the window `[start, end)` of an open ukg.db into the capture model. */
export function readUkg(db: DatabaseSync, opts: ReadUkgOptions): Capture {
  const { location } = opts;
  const window = { start: opts.start, end: opts.end };
  const layout = ukgLayout(db, location);
  const windowId = col(layout.capture, "WindowId");
  const nearestApp = windowId === undefined ? undefined : prepareArrays(
    db,
    `SELECT app FROM (SELECT wc.${col(layout.capture, "Id")} AS id, ${timeSql(layout)} AS at,
       ${appSql(layout)} AS app FROM WindowCapture wc
       WHERE wc.${windowId} = ? AND ${parseableSql(layout)})
     WHERE app IS NOT NULL ORDER BY abs(at - ?), id LIMIT 1`,
  );
  const names = new NameCache();
  const rejected: Record<string, number> = {};
  const reject = (reason: string) => rejected[reason] = (rejected[reason] ?? 0) + 1;
  const bad = unparseableTimes(db, layout);
  if (bad > 0) rejected[UNPARSEABLE_TIME] = bad;
  const rows = prepareArrays(
    db,
    captureSql(layout, `${timeSql(layout)} >= ? AND ${timeSql(layout)} < ?`),
  )
    .all(window.start, window.end);
  const snapshots: Snapshot[] = [];
  let urls = false;
  const toSnapshot = (r: unknown[], count: boolean): Snapshot | undefined => {
    const name = r[1];
    const trigger = name === null ? "visual" : TRIGGERS.get(String(name));
    if (trigger === undefined) return undefined; // lifecycle events: created, changed, destroyed
    if (r[5] === 0 || r[5] === "0" || r[5] === "false") return undefined; // background window
    let rawApp = r[7];
    if (rawApp === null && r[3] !== null && nearestApp !== undefined) {
      // Only capture events carry app relations; a window's other events borrow its app.
      rawApp = nearestApp.all(r[3] as number, r[2] as number)[0]?.[0] ?? null;
    }
    const app = names.get(typeof rawApp === "string" ? appName(rawApp) : rawApp);
    if (app === undefined) {
      if (count) reject("WindowCapture: no app");
      return undefined;
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
    if (url !== undefined) snap.url = url;
    return snap;
  };
  for (const r of rows) {
    const snap = toSnapshot(r, true);
    if (snap === undefined) continue;
    if (snap.url !== undefined) urls = true;
    snapshots.push(snap);
  }
  const next = lookahead(db, layout, window.end, (r) => toSnapshot(r, false));
  return {
    window: { start: window.start, end: window.end },
    snapshots,
    ...(next !== undefined ? { after: [next] } : {}),
    events: [],
    displays: [],
    facts: {
      adapter: "recall",
      location,
      fingerprint: layout.fingerprint,
      capabilities: { input: false, elements: false, urls, heartbeats: false, focus: false },
      rows: { WindowCapture: rows.length },
      rejected,
    },
  };
}

/** The first snapshot at or after `end` (SPEC §3.11), skipping rows that give none. */
function lookahead(
  db: DatabaseSync,
  layout: UkgLayout,
  end: number,
  toSnapshot: (r: unknown[]) => Snapshot | undefined,
): Snapshot | undefined {
  const stmt = prepareArrays(
    db,
    `${captureSql(layout, `${timeSql(layout)} >= ?`)} LIMIT ${LOOKAHEAD_BATCH} OFFSET ?`,
  );
  for (let offset = 0;; offset += LOOKAHEAD_BATCH) {
    const rows = stmt.all(end, offset);
    for (const r of rows) {
      const snap = toSnapshot(r);
      if (snap !== undefined) return snap;
    }
    if (rows.length < LOOKAHEAD_BATCH) return undefined;
  }
}

/** An App row's name, or its executable's name when only a path is known. */
function appName(raw: string): string {
  if (!/[\\/]/.test(raw)) return raw;
  return basename(raw.replaceAll("\\", "/"));
}
