/**
 * Writing Recall `ukg.db` files of different builds for tests, from one abstract list of
 * rows. Layouts, from the public descriptions (column types are not public; guessed):
 * - `formats`: FORMATS §3 — every column it names, `IsBackground` on both relation tables.
 * - `tools`: what xaitax/TotalRecall (`totalrecall.py`: WindowCapture WindowTitle,
 *   TimeStamp, ImageToken; WindowCaptureTextIndex_content c1, c2) and Velociraptor's
 *   `Windows.System.Recall.AllWindowEvents` artifact (Velocidex/velociraptor-docs:
 *   WindowCapture Id, Name, WindowId, WindowTitle, TimeStamp; WindowCaptureAppRelation
 *   WindowCaptureId, AppId; App Id, Name, Path) read: no `IsBackground`, no
 *   `IsForeground`, no `FallbackUri`; relation tables with their own `Id`.
 * - `bare`: only the required join keys — `WindowCapture(Id, TimeStamp)`, the app relation,
 *   `App(Id, Path)` — no Name column, no Web, no text index.
 *
 * @module
 */

import { DatabaseSync } from "node:sqlite";

/** A build's layout of ukg.db. */
export type UkgVariant = "formats" | "tools" | "bare";

/** One WindowCapture row, with its relations, independent of layout. */
export interface UkgRow {
  id: number;
  /** `WindowCaptureEvent`, `ForegroundChangedEvent`, `WindowCreatedEvent`, … */
  name: string;
  at: number | string;
  windowId: number;
  title?: string;
  foreground?: boolean;
  /** App ids related to this capture, `[id, background?]`. */
  apps?: [number, boolean?][];
  /** Web ids related to this capture, `[id, background?]`. */
  webs?: [number, boolean?][];
  /** Title in the text index (`c1`). */
  indexTitle?: string;
}

/** Apps of the fixture: id → [Name, Path]. */
export const APPS: Record<number, [string | null, string]> = {
  1: ["Microsoft Edge", "C:\\Program Files\\Edge\\msedge.exe"],
  2: ["", "C:\\Windows\\notepad.exe"],
  3: ["Slack", "C:\\Users\\ada\\AppData\\Local\\slack\\slack.exe"],
};

/** Webs of the fixture: id → Uri. */
export const WEBS: Record<number, string> = {
  1: "https://github.com/denoland/deno",
  2: "https://news.example.com/",
};

const sqlText = (v: unknown) =>
  v === undefined || v === null
    ? "NULL"
    : typeof v === "number"
    ? String(v)
    : `'${String(v).replaceAll("'", "''")}'`;

/** Write `rows` as a ukg.db of `variant` at `path` (which must not exist). */
export function writeUkg(path: string, variant: UkgVariant, rows: UkgRow[]): void {
  const db = new DatabaseSync(path);
  const full = variant === "formats";
  const bare = variant === "bare";
  db.exec(
    bare ? `CREATE TABLE App (Id INTEGER PRIMARY KEY, Path TEXT);` : `
    CREATE TABLE App (Id INTEGER PRIMARY KEY, WindowsAppId TEXT, IconUri TEXT, Name TEXT,
      Path TEXT, Properties TEXT);
    CREATE TABLE Web (Id INTEGER PRIMARY KEY, Domain TEXT, Uri TEXT, IconUri TEXT);
    CREATE TABLE WindowCaptureTextIndex_content (id INTEGER PRIMARY KEY, c0, c1, c2);`,
  );
  db.exec(
    bare
      ? `CREATE TABLE WindowCapture (Id INTEGER PRIMARY KEY, TimeStamp INTEGER);
         CREATE TABLE WindowCaptureAppRelation (WindowCaptureId INTEGER, AppId INTEGER);`
      : full
      ? `CREATE TABLE WindowCapture (Id INTEGER PRIMARY KEY, Name TEXT, ImageToken TEXT,
           IsForeground INTEGER, WindowId INTEGER, WindowTitle TEXT, TimeStamp INTEGER,
           FallbackUri TEXT);
         CREATE TABLE WindowCaptureAppRelation (WindowCaptureId INTEGER, AppId INTEGER,
           IsBackground INTEGER);
         CREATE TABLE WindowCaptureWebRelation (WindowCaptureId INTEGER, WebId INTEGER,
           IsBackground INTEGER);`
      : `CREATE TABLE WindowCapture (Id INTEGER PRIMARY KEY AUTOINCREMENT, Name TEXT,
           ImageToken TEXT, WindowId INTEGER NOT NULL DEFAULT 0, WindowBounds TEXT,
           WindowTitle TEXT, Properties TEXT, TimeStamp INTEGER NOT NULL, IsProcessed INTEGER,
           ActivationUri TEXT, ActivityId TEXT);
         CREATE TABLE WindowCaptureAppRelation (Id INTEGER PRIMARY KEY AUTOINCREMENT,
           WindowCaptureId INTEGER NOT NULL, AppId INTEGER NOT NULL);
         CREATE TABLE WindowCaptureWebRelation (Id INTEGER PRIMARY KEY AUTOINCREMENT,
           WindowCaptureId INTEGER NOT NULL, WebId INTEGER NOT NULL);`,
  );
  const ins: string[] = [];
  for (const [id, [name, p]] of Object.entries(APPS)) {
    ins.push(
      bare
        ? `INSERT INTO App VALUES (${id}, ${sqlText(p)})`
        : `INSERT INTO App (Id, Name, Path) VALUES (${id}, ${sqlText(name)}, ${sqlText(p)})`,
    );
  }
  if (!bare) {
    for (const [id, uri] of Object.entries(WEBS)) {
      ins.push(`INSERT INTO Web (Id, Uri) VALUES (${id}, ${sqlText(uri)})`);
    }
  }
  for (const r of rows) {
    if (bare) {
      ins.push(`INSERT INTO WindowCapture VALUES (${r.id}, ${sqlText(r.at)})`);
    } else if (full) {
      ins.push(
        `INSERT INTO WindowCapture (Id, Name, ImageToken, IsForeground, WindowId, WindowTitle,
          TimeStamp) VALUES (${r.id}, ${sqlText(r.name)}, 'tok${r.id}',
          ${r.foreground === false ? 0 : 1}, ${r.windowId}, ${sqlText(r.title)}, ${sqlText(r.at)})`,
      );
    } else {
      ins.push(
        `INSERT INTO WindowCapture (Id, Name, ImageToken, WindowId, WindowTitle, TimeStamp)
          VALUES (${r.id}, ${sqlText(r.name)}, 'tok${r.id}', ${r.windowId}, ${sqlText(r.title)},
          ${sqlText(r.at)})`,
      );
    }
    for (const [app, bg] of r.apps ?? []) {
      ins.push(
        full
          ? `INSERT INTO WindowCaptureAppRelation VALUES (${r.id}, ${app}, ${bg ? 1 : 0})`
          : `INSERT INTO WindowCaptureAppRelation (WindowCaptureId, AppId) VALUES (${r.id}, ${app})`,
      );
    }
    if (!bare) {
      for (const [web, bg] of r.webs ?? []) {
        ins.push(
          full
            ? `INSERT INTO WindowCaptureWebRelation VALUES (${r.id}, ${web}, ${bg ? 1 : 0})`
            : `INSERT INTO WindowCaptureWebRelation (WindowCaptureId, WebId) VALUES (${r.id}, ${web})`,
        );
      }
      if (r.indexTitle !== undefined) {
        ins.push(
          `INSERT INTO WindowCaptureTextIndex_content (c0, c1, c2) VALUES (${r.id},
            ${sqlText(r.indexTitle)}, 'ocr text')`,
        );
      }
    }
  }
  db.exec(ins.join(";\n"));
  db.close();
}
