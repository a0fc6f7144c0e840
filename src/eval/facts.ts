/**
 * What each representation states outright, read back from its text by a small parser per
 * representation: named apps (with minutes where stated), sites, the number of apps, the
 * first activity and away periods. Deterministic fact recall compares these with the
 * oracle; a fact that has to be computed (summing raw rows) is not stated.
 *
 * @module
 */

import type { AwayPeriod } from "./oracle.ts";
import { oracleSite } from "./oracle.ts";
import type { RepresentationName } from "./represent.ts";

/** Facts a representation states, each absent when it does not state it. */
export interface StatedFacts {
  /** Apps named, with their stated minutes (undefined: named without minutes). */
  apps: Map<string, number | undefined>;
  /** Whether every app of the day is named (so an unnamed app was not used). */
  appsComplete: boolean;
  /** Sites named. */
  domains: Set<string>;
  /** Whether every site of the day is named. */
  domainsComplete: boolean;
  /** The stated number of apps. */
  appCount?: number;
  /** The stated first activity, local minute of day. */
  firstActivity?: number;
  /** Stated away periods. */
  away?: AwayPeriod[];
  /** Half the rounding step of stated minutes (0.5 for whole minutes, 0.05 for tenths). */
  precision: number;
}

function clockMinute(text: string): number | undefined {
  const m = /^(\d{2}):(\d{2})/.exec(text);
  return m === null ? undefined : Number(m[1]) * 60 + Number(m[2]);
}

function isoMinute(iso: string): number | undefined {
  const m = /T(\d{2}):(\d{2})/.exec(iso);
  return m === null ? undefined : Number(m[1]) * 60 + Number(m[2]);
}

function empty(): StatedFacts {
  return {
    apps: new Map(),
    appsComplete: false,
    domains: new Set(),
    domainsComplete: false,
    precision: 0.05,
  };
}

interface RawItem {
  type: string;
  content: { timestamp?: string; app_name?: string | null; browser_url?: string | null };
}

/** Raw rows name every app and site and start with the first row; nothing else is stated. */
function readRaw(text: string): StatedFacts {
  const f = empty();
  const items = (JSON.parse(text) as { data: RawItem[] }).data;
  for (const it of items) {
    if (it.type !== "OCR") continue;
    if (it.content.app_name) f.apps.set(it.content.app_name, undefined);
    const site = oracleSite(it.content.browser_url ?? undefined);
    if (site !== undefined) f.domains.add(site);
    if (f.firstActivity === undefined && it.content.timestamp) {
      f.firstActivity = isoMinute(it.content.timestamp);
    }
  }
  f.appsComplete = f.domainsComplete = true;
  return f;
}

interface JsonDoc {
  coverage: {
    first_activity: string | null;
    distinct_apps: number;
    gaps: { start: string; minutes: number }[];
  };
  ledger: { app: string; minutes: number; focused_minutes?: number }[];
  sites: { site: string }[];
}

/** The JSON document states attention minutes where it has them, else visible minutes. */
function readJson(text: string): StatedFacts {
  const doc = JSON.parse(text) as JsonDoc;
  const f = empty();
  for (const e of doc.ledger) f.apps.set(e.app, e.focused_minutes ?? e.minutes);
  for (const s of doc.sites) f.domains.add(s.site);
  f.appsComplete = f.domainsComplete = true;
  f.appCount = doc.coverage.distinct_apps;
  if (doc.coverage.first_activity !== null) {
    f.firstActivity = isoMinute(doc.coverage.first_activity);
  }
  f.away = doc.coverage.gaps.flatMap((g) => {
    const start = isoMinute(g.start);
    return start === undefined ? [] : [{ start, minutes: g.minutes }];
  });
  return f;
}

function unescapeCell(cell: string): string {
  return cell.trim().replace(/\\(.)/g, "$1");
}

function tableRows(text: string, heading: string): string[][] {
  const at = text.indexOf(`\n## ${heading}\n`);
  if (at < 0) return [];
  const rows: string[][] = [];
  for (const line of text.slice(at + heading.length + 5).split("\n")) {
    if (line.startsWith("## ")) break;
    if (!line.startsWith("|") || /^\|\s*(#|-|:)/.test(line) || line.startsWith("| From")) continue;
    rows.push(line.slice(1, -1).split(/(?<!\\)\|/).map(unescapeCell));
  }
  return rows;
}

/** The Markdown report: its Apps, Sites and Away tables and its coverage lines. */
function readMd(text: string): StatedFacts {
  const f = empty();
  const apps = tableRows(text, "Apps");
  const focusCol = text.includes("| Focused |") || /\| Minutes \| Focused/.test(text);
  for (const r of apps) {
    const minutes = Number(focusCol && r[3] !== "" ? r[3] : r[2]);
    f.apps.set(r[1], Number.isFinite(minutes) ? minutes : undefined);
  }
  for (const r of tableRows(text, "Sites")) f.domains.add(r[1]);
  f.appsComplete = f.domainsComplete = apps.length > 0;
  const count = /^- (\d+) apps?, /m.exec(text);
  if (count !== null) f.appCount = Number(count[1]);
  const first = /First activity (\d{2}:\d{2})/.exec(text);
  if (first !== null) f.firstActivity = clockMinute(first[1]);
  f.away = tableRows(text, "Away periods").flatMap((r) => {
    const start = clockMinute(r[0]);
    return start === undefined ? [] : [{ start, minutes: Number(r[2]) }];
  });
  return f;
}

/** `Cursor 324; 10 each: a, b, c` → name → minutes. */
function ledgerPairs(list: string): Map<string, number> {
  const out = new Map<string, number>();
  if (list === "none") return out;
  for (const part of list.split("; ")) {
    const each = /^(\d+) each: (.*)$/.exec(part);
    if (each !== null) {
      for (const name of each[2].split(", ")) out.set(name, Number(each[1]));
      continue;
    }
    // `<1` is how the block prints under half a minute (used, but briefly).
    const m = /^(.*) (<1|\d+(?:\.\d+)?)$/.exec(part);
    if (m !== null) out.set(m[1], m[2] === "<1" ? 0.5 : Number(m[2]));
  }
  return out;
}

/** The context block: its coverage, apps, sites and away lines. */
function readContext(text: string): StatedFacts {
  const f = empty();
  f.precision = 0.5; // whole minutes
  for (const line of text.split("\n")) {
    if (line.startsWith("apps (min): ")) {
      for (const [k, v] of ledgerPairs(line.slice(12))) f.apps.set(k, v);
      f.appsComplete = true;
    } else if (line.startsWith("sites (min): ")) {
      for (const k of ledgerPairs(line.slice(13)).keys()) f.domains.add(k);
      f.domainsComplete = true;
    } else if (line.startsWith("coverage: ")) {
      f.firstActivity = clockMinute(line.slice(10));
      const n = /, (\d+) apps?, /.exec(line);
      if (n !== null) f.appCount = Number(n[1]);
    } else if (line.startsWith("away: ")) {
      f.away = [...line.matchAll(/(\d{2}:\d{2})-\S+ \((\d+(?:\.\d+)?)m/g)].map((m) => ({
        start: clockMinute(m[1])!,
        minutes: Number(m[2]),
      }));
    }
  }
  return f;
}

/** The facts `text`, a representation of kind `name`, states. */
export function statedFacts(name: RepresentationName, text: string): StatedFacts {
  switch (name) {
    case "raw_rows":
      return readRaw(text);
    case "json":
      return readJson(text);
    case "md":
      return readMd(text);
    case "context":
      return readContext(text);
  }
}
