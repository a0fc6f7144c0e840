/**
 * The layout of a Recall `ukg.db`, detected with `PRAGMA table_info` because it differs by
 * build: what frames requires, what it uses when present, and a fingerprint of it.
 *
 * What public tools read (and so what real files hold):
 * - xaitax/TotalRecall, `totalrecall.py`: `WindowCapture(WindowTitle, TimeStamp,
 *   ImageToken)` with `TimeStamp` in Unix ms, and `WindowCaptureTextIndex_content(c1, c2)`.
 * - Velocidex/velociraptor-docs, `content/exchange/artifacts/
 *   Windows.System.Recall.AllWindowEvents.yaml`: `WindowCapture(Id, Name, WindowId,
 *   WindowTitle, TimeStamp)`, `WindowCaptureAppRelation(WindowCaptureId, AppId)` and
 *   `App(Id, Name, Path)`, joining an app to a window's other events through `WindowId`.
 * - FORMATS §3 adds `ImageToken, IsForeground, FallbackUri` and `IsBackground` on the
 *   relation tables — which not every build has (the two tools above never read it), so
 *   everything beyond the join keys is optional here.
 *
 * Required: `WindowCapture(Id, TimeStamp)`, `WindowCaptureAppRelation(WindowCaptureId,
 * AppId)`, `App(Id)` with one of `Name`, `Path`, `WindowsAppId`. Without them no snapshot
 * has an app, so a file lacking any of them is refused with what it lacks.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";
import { fnv1a, prepareArrays } from "../../src/store/mod.ts";

/** A table's columns as the file spells them, looked up case-insensitively (as SQLite does). */
export type Columns = ReadonlyMap<string, string>;

/** The tables and columns of one ukg.db that the reader uses. */
export interface UkgLayout {
  /** `WindowCapture`'s columns. */
  capture: Columns;
  /** `WindowCaptureAppRelation`'s columns. */
  appRelation: Columns;
  /** `App`'s columns. */
  app: Columns;
  /** `Web` and `WindowCaptureWebRelation` columns, when both have their join keys. */
  web?: { web: Columns; relation: Columns };
  /** `WindowCaptureTextIndex_content` has `c0` (the capture id) and `c1` (the title). */
  text: boolean;
  /** `recall-ukg-` and a hash of every table.column read. */
  fingerprint: string;
}

const REQUIRED: readonly [string, readonly string[]][] = [
  ["WindowCapture", ["Id", "TimeStamp"]],
  ["WindowCaptureAppRelation", ["WindowCaptureId", "AppId"]],
  ["App", ["Id"]],
];

/** Columns of the App table that can name an app, in order of preference. */
export const APP_NAME_COLUMNS: readonly string[] = ["Name", "Path", "WindowsAppId"];

function columnsOf(db: DatabaseSync, table: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of prepareArrays(db, `PRAGMA table_info("${table}")`).all()) {
    out.set(String(r[1]).toLowerCase(), String(r[1]));
  }
  return out;
}

/** The column's name as the file spells it, quoted for SQL, or `undefined` when absent. */
export function col(cols: Columns, name: string): string | undefined {
  const real = cols.get(name.toLowerCase());
  return real === undefined ? undefined : `"${real.replaceAll('"', '""')}"`;
}

function hasAll(cols: Columns, names: readonly string[]): boolean {
  return names.every((n) => cols.has(n.toLowerCase()));
}

/** Detect the layout of an open ukg.db; throws naming the file and what it lacks. */
export function ukgLayout(db: DatabaseSync, location: string): UkgLayout {
  const what = `Cannot read Windows Recall database "${location}"`;
  const tables = new Map<string, Map<string, string>>();
  for (
    const t of [
      "WindowCapture",
      "WindowCaptureAppRelation",
      "App",
      "WindowCaptureWebRelation",
      "Web",
      "WindowCaptureTextIndex_content",
    ]
  ) tables.set(t, columnsOf(db, t));
  for (const [t] of REQUIRED) {
    if (tables.get(t)!.size === 0) {
      throw new Error(`${what}: it has no ${t} table (is it a Recall ukg.db?)`);
    }
  }
  const missing: string[] = [];
  for (const [t, names] of REQUIRED) {
    for (const n of names) if (!tables.get(t)!.has(n.toLowerCase())) missing.push(`${t}.${n}`);
  }
  if (!APP_NAME_COLUMNS.some((n) => tables.get("App")!.has(n.toLowerCase()))) {
    missing.push(`App.${APP_NAME_COLUMNS.join("|")}`);
  }
  if (missing.length > 0) {
    throw new Error(
      `${what}: it lacks the required column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`,
    );
  }
  const webTable = tables.get("Web")!;
  const webRelation = tables.get("WindowCaptureWebRelation")!;
  const web = hasAll(webTable, ["Id", "Uri"]) && hasAll(webRelation, ["WindowCaptureId", "WebId"])
    ? { web: webTable, relation: webRelation }
    : undefined;
  const names: string[] = [];
  for (const [t, cols] of tables) for (const c of cols.values()) names.push(`${t}.${c}`);
  names.sort();
  return {
    capture: tables.get("WindowCapture")!,
    appRelation: tables.get("WindowCaptureAppRelation")!,
    app: tables.get("App")!,
    web,
    text: hasAll(tables.get("WindowCaptureTextIndex_content")!, ["c0", "c1"]),
    fingerprint: `recall-ukg-${fnv1a(names.join("\n"))}`,
  };
}
