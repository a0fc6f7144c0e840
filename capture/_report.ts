/**
 * `frames capture status`: whether the engine runs, the age of the last row it wrote,
 * rows per minute over the last 10 minutes, and which library, extension or permission is
 * missing (from the engine's own status file, or probed here when it is not running).
 *
 * @module
 */

import { DatabaseSync } from "node:sqlite";
import type { Missing } from "./_backend.ts";
import { enginePaths, isEngineAlive, readBrowsers, readPid, readStatus } from "./_status.ts";
import { storePath } from "../src/store/mod.ts";
import { probeX11Missing } from "./x11/mod.ts";
import { safeLine } from "../src/text/sanitize.ts";

/** The status report. */
export interface StatusReport {
  /** Whether the engine of the pid file runs and keeps its status file fresh. */
  running: boolean;
  /** The engine's pid while it runs. */
  pid: number | null;
  /** The backend it last reported (`x11`, `macos`, `windows`). */
  backend: string | null;
  /** Where it last captured (`x11:…`, `macos:…`, `windows:…`). */
  location: string | null;
  /** The store it writes. */
  store: string;
  /** When the running engine started (Unix ms). */
  started_ms: number | null;
  /** The newest row the engine wrote (Unix ms). */
  last_row_ms: number | null;
  /** Seconds since that row, to a tenth. */
  last_row_age_s: number | null;
  /** Snapshots and input events per minute over the last 10 minutes. */
  rows_per_minute: number;
  /** The rows behind `rows_per_minute`. */
  rows_last_10_min: { snapshots: number; events: number };
  /** Why the screen is not in use (locked, screensaver, asleep), while the engine runs. */
  away: string | null;
  /** What the engine (or this machine) lacks, and what that costs. */
  missing: Missing[];
  /** The browser ingest's port, while the engine runs and listens. */
  ingest_port: number | null;
  /**
   * Browsers the extension has reported from: each of their windows is withheld as private
   * until a tab report classifies it (SECURITY.md).
   */
  guarded_browsers: string[];
  /** The file that remembers them (delete it to forget them). */
  browsers_file: string;
  /** The engine's log file. */
  log: string;
}

const WINDOW_MS = 10 * 60_000;

/** Gather the report for a frames home folder at time `now`. */
export function probeStatus(framesHome: string, now: number): StatusReport {
  const paths = enginePaths(framesHome);
  const info = readPid(paths.pid);
  const st = readStatus(paths.status);
  const running = info !== undefined && isEngineAlive(info, st, now);
  const pid = info?.pid;
  const store = st?.store ?? storePath(framesHome);
  const rows = readRows(store, running ? st?.location : undefined, now);
  return {
    running,
    pid: running ? pid! : null,
    backend: st?.backend ?? null,
    location: st?.location ?? null,
    store,
    started_ms: running ? st?.started_ms ?? null : null,
    last_row_ms: rows.last,
    last_row_age_s: rows.last === null ? null : Math.round((now - rows.last) / 100) / 10,
    rows_per_minute: Math.round((rows.snapshots + rows.events) / 10 * 10) / 10,
    rows_last_10_min: { snapshots: rows.snapshots, events: rows.events },
    away: running ? st?.away ?? null : null,
    missing: running && st !== undefined ? st.missing : probeMissing(),
    ingest_port: running ? st?.ingest_port ?? null : null,
    guarded_browsers: readBrowsers(paths.browsers),
    browsers_file: paths.browsers,
    log: paths.log,
  };
}

function readRows(
  path: string,
  location: string | undefined,
  now: number,
): { last: number | null; snapshots: number; events: number } {
  const none = { last: null, snapshots: 0, events: 0 };
  try {
    Deno.statSync(path);
  } catch {
    return none;
  }
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(path, { readOnly: true });
    db.exec("PRAGMA busy_timeout = 500");
    // The engine's own provenance rows (not imports): adapter native, an OS location.
    const where = location !== undefined
      ? "source_id IN (SELECT id FROM sources WHERE adapter = 'native' AND location = ?)"
      : "source_id IN (SELECT id FROM sources WHERE adapter = 'native' AND (location LIKE 'x11:%' OR location LIKE 'macos:%' OR location LIKE 'windows:%'))";
    const args = location !== undefined ? [location] : [];
    const last = db.prepare(`SELECT max(at_ms) AS m FROM snapshots WHERE ${where}`)
      .get(...args) as { m: number | null };
    const since = now - WINDOW_MS;
    const s = db.prepare(`SELECT count(*) AS n FROM snapshots WHERE ${where} AND at_ms >= ?`)
      .get(...args, since) as { n: number };
    const e = db.prepare(`SELECT count(*) AS n FROM input_events WHERE ${where} AND at_ms >= ?`)
      .get(...args, since) as { n: number };
    return { last: last.m, snapshots: s.n, events: e.n };
  } catch {
    return none;
  } finally {
    db?.close();
  }
}

/** What this machine lacks for capture, probed without opening a display. */
export function probeMissing(): Missing[] {
  if (Deno.build.os === "darwin") {
    return [{
      what: "Accessibility permission (checked when the engine starts)",
      effect: "window titles are unknown without it",
    }];
  }
  if (Deno.build.os === "windows") return [];
  return probeX11Missing();
}

function age(s: number): string {
  if (s < 120) return `${s.toFixed(1)} s ago`;
  if (s < 7200) return `${Math.round(s / 60)} min ago`;
  return `${Math.round(s / 3600)} h ago`;
}

/** The report as lines of text. */
export function describeStatus(r: StatusReport): string {
  const lines: string[] = [];
  if (r.running) {
    const since = r.started_ms === null ? "" : `, since ${new Date(r.started_ms).toISOString()}`;
    lines.push(`engine: running (pid ${r.pid}${since}, ${r.location ?? r.backend ?? "?"})`);
  } else {
    lines.push("engine: not running");
  }
  lines.push(`store: ${r.store}`);
  lines.push(
    r.last_row_ms === null
      ? "last row: none"
      : `last row: ${age(r.last_row_age_s!)} (${new Date(r.last_row_ms).toISOString()})`,
  );
  lines.push(
    `rows per minute: ${r.rows_per_minute} (last 10 min: ${r.rows_last_10_min.snapshots} snapshots, ${r.rows_last_10_min.events} input events)`,
  );
  if (r.running) lines.push(`screen: ${r.away === null ? "in use" : `away (${r.away})`}`);
  if (r.ingest_port !== null) lines.push(`browser ingest: http://127.0.0.1:${r.ingest_port}`);
  if (r.guarded_browsers.length > 0) {
    lines.push(
      // App names came from window properties: one safe line each.
      `private until reported: windows of ${
        r.guarded_browsers.map(safeLine).join(", ")
      } (forget: rm ${r.browsers_file})`,
    );
  }
  if (r.missing.length === 0) lines.push("missing: nothing");
  else for (const m of r.missing) lines.push(`missing: ${m.what}: ${m.effect}`);
  lines.push(`log: ${r.log}`);
  return lines.join("\n");
}
