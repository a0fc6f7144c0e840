/**
 * Test and bench helper: a synthetic multi-day capture with planted routines and their
 * truth, in the shape of the demo's `routines.truth.json` (/work/wt/ROUTINES_TRUTH.md):
 * slots, optional steps, extra steps, a near-duplicate pair, a weekly routine with four
 * occurrences, interruptions by another app mid-occurrence, and background clicks that
 * reuse the routines' generic names (Send, Search, Approve). Deterministic for a seed.
 *
 * @module
 */

import { DatabaseSync } from "node:sqlite";
import type { Capture, InputEvent, Snapshot } from "../src/model.ts";

/** A planted step; `values` makes it a slot (a click target name or a typed value). */
export interface PlantStep {
  op: "click" | "type";
  role: string;
  name?: string;
  values?: string[];
  optional?: boolean;
}

/** A planted routine. */
export interface Plant {
  id: string;
  title: string;
  app: string;
  site: string | null;
  /** Page URL prefix the routine runs on (a number is appended per occurrence). */
  url?: string;
  steps: PlantStep[];
  /** Occurrences per day, or undefined when `weekly`. */
  perDay?: number;
  /** Once on the first day of each week. */
  weekly?: boolean;
}

/** The truth file's shape (version 1). */
export interface Truth {
  version: 1;
  seed: number;
  action_steps: number;
  planted_steps: number;
  planted_share: number;
  routines: {
    id: string;
    title: string;
    app: string;
    site: string | null;
    steps: { op: string; role: string; name: string | null; slot: boolean; optional: boolean }[];
    occurrences: { day: string; event_ids: number[] }[];
  }[];
  near_duplicates: [string, string][];
}

/** The planted routines of the test fixture (six, as the contract asks, plus a seventh). */
export const PLANTS: Plant[] = [
  {
    id: "p1",
    title: "Move issue to In Progress",
    app: "Google Chrome",
    site: "linear.app",
    url: "https://linear.app/acme/issue/ENG-",
    steps: [
      { op: "click", role: "AXButton", name: "Status" },
      { op: "click", role: "AXMenuItem", name: "In Progress" },
      { op: "type", role: "AXTextField", name: "Comment", values: ["x"], optional: true },
    ],
    perDay: 1,
  },
  {
    id: "p2",
    title: "Approve a pull request",
    app: "Google Chrome",
    site: "github.com",
    url: "https://github.com/acme/api/pull/",
    steps: [
      { op: "click", role: "AXTab", name: "Files changed" },
      { op: "click", role: "AXButton", name: "Review changes" },
      { op: "click", role: "AXRadioButton", name: "Approve" },
      { op: "click", role: "AXButton", name: "Submit review" },
    ],
    perDay: 0.5,
  },
  {
    id: "p3",
    title: "Request changes on a pull request",
    app: "Google Chrome",
    site: "github.com",
    url: "https://github.com/acme/api/pull/",
    steps: [
      { op: "click", role: "AXTab", name: "Files changed" },
      { op: "click", role: "AXButton", name: "Review changes" },
      { op: "click", role: "AXRadioButton", name: "Request changes" },
      { op: "click", role: "AXButton", name: "Submit review" },
    ],
    perDay: 0.4,
  },
  {
    id: "p4",
    title: "Send an invoice",
    app: "Mail",
    site: null,
    steps: [
      { op: "click", role: "AXButton", name: "New Message" },
      {
        op: "click",
        role: "AXMenuItem",
        values: ["Acme GmbH", "Globex", "Initech", "Umbrella", "Hooli", "Stark", "Wayne", "Tyrell"],
      },
      { op: "type", role: "AXTextField", name: "Subject", values: ["x"] },
      { op: "click", role: "AXButton", name: "Attach" },
      { op: "click", role: "AXButton", name: "Send" },
    ],
    perDay: 0.6,
  },
  {
    id: "p5",
    title: "Post the standup",
    app: "Slack",
    site: null,
    steps: [
      { op: "click", role: "AXLink", name: "#standup" },
      { op: "type", role: "AXTextArea", name: "Message #standup", values: ["x"] },
      { op: "click", role: "AXButton", name: "Send now" },
    ],
    perDay: 1,
  },
  {
    id: "p6",
    title: "Export payouts",
    app: "Google Chrome",
    site: "dashboard.stripe.com",
    url: "https://dashboard.stripe.com/payouts/po_",
    steps: [
      { op: "click", role: "AXLink", name: "Payouts" },
      { op: "click", role: "AXButton", name: "Export" },
      { op: "click", role: "AXMenuItem", name: "CSV" },
      { op: "click", role: "AXButton", name: "Download" },
    ],
    weekly: true,
  },
];

/** Apps of background activity and their URL prefixes. */
const BACKGROUND: { app: string; url?: string }[] = [
  { app: "Google Chrome", url: "https://linear.app/acme/issue/ENG-" },
  { app: "Google Chrome", url: "https://github.com/acme/api/pull/" },
  { app: "Google Chrome", url: "https://news.example.com/story/" },
  { app: "Mail" },
  { app: "Slack" },
  { app: "Code" },
];
const GENERIC = ["Send", "Search", "Approve", "Open", "Close", "Next", "Back", "Reply"];
const ROLES = ["AXButton", "AXLink", "AXMenuItem", "AXCell", "AXTab"];
const WORDS = [
  "alpha",
  "bravo",
  "delta",
  "echo",
  "fox",
  "golf",
  "hotel",
  "india",
  "kilo",
  "lima",
  "mike",
  "oscar",
  "papa",
  "romeo",
  "sierra",
  "tango",
  "victor",
  "whisky",
  "yankee",
  "zulu",
];

/** A small deterministic PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Options of {@linkcode synthCapture}. */
export interface SynthOptions {
  days: number;
  seed?: number;
  /** Action steps of background per day (default 900). */
  background?: number;
  plants?: Plant[];
  /** First day, YYYY-MM-DD (UTC days; default 2026-03-02, a Monday). */
  start?: string;
  /** Extra steps and interruptions inside occurrences, as chances (default 0.2 each). */
  extra?: number;
  interrupt?: number;
  /** Also write key and scroll events (bench volume; default false). */
  noise?: boolean;
  /** A snapshot after every background step (bench volume; default every fourth). */
  dense?: boolean;
}

/** A synthetic capture (UTC days) with its planted truth. */
export function synthCapture(opts: SynthOptions): { capture: Capture; truth: Truth } {
  const rand = rng(opts.seed ?? 1);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const plants = opts.plants ?? PLANTS;
  const snapshots: Snapshot[] = [];
  const events: InputEvent[] = [];
  let sref = 1, eref = 1_000_000;
  let actions = 0;
  const truth: Truth["routines"] = plants.map((p) => ({
    id: p.id,
    title: p.title,
    app: p.app,
    site: p.site,
    steps: p.steps.map((s) => ({
      op: s.op,
      role: s.role,
      name: s.op === "click" && s.values ? null : s.name ?? null,
      slot: s.values !== undefined,
      optional: s.optional === true,
    })),
    occurrences: [],
  }));
  const [y, m, d] = (opts.start ?? "2026-03-02").split("-").map(Number);
  let t = 0;
  const snap = (app: string, url?: string) => {
    snapshots.push({
      ref: sref++,
      at: t,
      display: "monitor_1",
      app,
      ...(url ? { url } : {}),
      trigger: "switch",
    });
  };
  const act = (
    kind: "click" | "text",
    role: string,
    name: string | undefined,
    extra: Partial<InputEvent> = {},
  ) => {
    const e: InputEvent = {
      ref: eref++,
      at: t,
      kind,
      display: "monitor_1",
      x: Math.floor(rand() * 1280),
      y: Math.floor(rand() * 800),
      ...(name !== undefined ? { element: { name, role } } : {}),
      ...(kind === "text" ? { chars: 5 + Math.floor(rand() * 30) } : {}),
      ...extra,
    };
    events.push(e);
    actions++;
    return e.ref;
  };
  const tick = (lo: number, hi: number) => {
    t += Math.round((lo + rand() * (hi - lo)) * 1000);
  };
  const backgroundStep = (app: string) => {
    const r = rand();
    if (r < 0.3) act("click", pick(ROLES), pick(GENERIC));
    else if (r < 0.65) act("click", pick(ROLES), `${pick(WORDS)} ${Math.floor(rand() * 500)}`);
    else if (r < 0.85) act("click", pick(ROLES), undefined);
    else {act(
        "text",
        "AXTextField",
        app === "Code" ? undefined : pick(["Search", "Filter", "Reply"]),
      );}
    if (opts.noise) {
      const n = Math.floor(rand() * 3);
      for (let i = 0; i < n; i++) {
        events.push({
          ref: eref++,
          at: t + 200 * (i + 1),
          kind: rand() < 0.5 ? "key" : "scroll",
          display: "monitor_1",
        });
      }
    }
  };
  for (let day = 0; day < opts.days; day++) {
    const date = new Date(Date.UTC(y, m - 1, d + day, 8, 0, 0));
    t = date.getTime();
    const dayName = date.toISOString().slice(0, 10);
    const tasks: number[] = [];
    plants.forEach((p, i) => {
      if (p.weekly) {
        if (day % 7 === 0) tasks.push(i);
        return;
      }
      let n = Math.floor(p.perDay ?? 0);
      if (rand() < (p.perDay ?? 0) - n) n++;
      for (let k = 0; k < n; k++) tasks.push(i);
    });
    const budget = opts.background ?? 900;
    const slots = tasks.map(() => Math.floor(rand() * budget)).sort((a, b) => a - b);
    for (let i = tasks.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [tasks[i], tasks[j]] = [tasks[j], tasks[i]];
    }
    let done = 0, next = 0;
    while (done < budget || next < tasks.length) {
      if (next < tasks.length && (slots[next] <= done || done >= budget)) {
        occurrence(plants[tasks[next]], truth[tasks[next]], dayName);
        next++;
        continue;
      }
      const bg = pick(BACKGROUND);
      const url = bg.url ? bg.url + Math.floor(rand() * 900) : undefined;
      snap(bg.app, url);
      const n = 3 + Math.floor(rand() * 8);
      for (let k = 0; k < n && done < budget; k++, done++) {
        tick(2, 6);
        backgroundStep(bg.app);
        if (opts.dense || k % 4 === 3) {
          tick(0.5, 1);
          snap(bg.app, url);
        }
      }
      tick(2, 5);
    }
    snap("Finder"); // closes the day's last frame
  }

  function occurrence(p: Plant, tr: Truth["routines"][number], day: string) {
    const url = p.url ? p.url + Math.floor(rand() * 900) : undefined;
    snap(p.app, url);
    const ids: number[] = [];
    for (let k = 0; k < p.steps.length; k++) {
      const s = p.steps[k];
      if (s.optional && rand() < 0.4) continue;
      tick(2, 4);
      const name = s.op === "click" && s.values ? pick(s.values) : s.name;
      ids.push(act(s.op === "click" ? "click" : "text", s.role, name));
      if (k === 0 && rand() < (opts.interrupt ?? 0.2)) {
        // Another app interrupts mid-occurrence (a chat reply), long enough to be its own frame.
        tick(1, 2);
        snap("Messages");
        tick(2, 3);
        act("click", "AXButton", "Send");
        tick(25, 40);
        snap(p.app, url);
      } else if (k < p.steps.length - 1 && rand() < (opts.extra ?? 0.2)) {
        tick(1, 3);
        act("click", pick(ROLES), `${pick(WORDS)} ${Math.floor(rand() * 500)}`);
      }
      if (k % 3 === 2) snap(p.app, url);
    }
    tr.occurrences.push({ day, event_ids: ids });
    tick(3, 6);
  }

  const start = Date.UTC(y, m - 1, d);
  const planted = truth.reduce(
    (n, r) => n + r.occurrences.reduce((k, o) => k + o.event_ids.length, 0),
    0,
  );
  return {
    capture: {
      window: { start, end: Date.UTC(y, m - 1, d + opts.days) },
      snapshots,
      events,
      displays: [],
      facts: {
        adapter: "test",
        location: "memory",
        fingerprint: "synthetic-routines",
        capabilities: { input: true, elements: false, urls: true, heartbeats: false, focus: false },
        rows: { snapshots: snapshots.length, events: events.length },
        rejected: {},
      },
    },
    truth: {
      version: 1,
      seed: opts.seed ?? 1,
      action_steps: actions,
      planted_steps: planted,
      planted_share: actions === 0 ? 0 : planted / actions,
      routines: truth,
      near_duplicates: [["p2", "p3"]],
    },
  };
}

/** Writes a capture as a screenpipe-layout database (FORMATS §1) at `path`. */
export function writeScreenpipe(capture: Capture, path: string, schemaSql: string): void {
  const db = new DatabaseSync(path);
  db.exec(schemaSql);
  const ts = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");
  db.exec("BEGIN");
  const f = db.prepare(
    "INSERT INTO frames (id, timestamp, app_name, window_name, browser_url, device_name, capture_trigger) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  for (const s of capture.snapshots) {
    f.run(s.ref, ts(s.at), s.app, s.app, s.url ?? null, s.display, "app_switch");
  }
  const e = db.prepare(
    "INSERT INTO ui_events (id, timestamp, event_type, x, y, text_content, text_length, element_role, element_name) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  for (const v of capture.events) {
    e.run(
      v.ref,
      ts(v.at),
      v.kind,
      v.x ?? null,
      v.y ?? null,
      v.text ?? null,
      v.chars ?? null,
      v.element?.role ?? null,
      v.element?.name ?? null,
    );
  }
  db.exec("COMMIT");
  db.close();
}
