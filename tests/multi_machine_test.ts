/**
 * Issue 17: two computers (and two recorders of one computer) in one store, one ledger in
 * which a person's attention is counted once. The truth is computed second by second by an
 * independent, simple implementation of the rule (SPEC §3.7: the machine with input holds
 * focus; with none, the one whose focus moved last), and checked against hand figures.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { join } from "node:path";
import { appendBatch, openStore, registerSource } from "../src/store/mod.ts";
import { readNative } from "../src/store/reader.ts";
import { buildFrames, compile, DEFAULT_RULES } from "../src/compile/mod.ts";
import { tallyCredit } from "../src/compile/tally.ts";
import type { Capabilities, InputEvent, Snapshot } from "../src/model.ts";
import { assertValidDocument } from "./_schema.ts";

const H = (h: number, m = 0, s = 0) => Date.UTC(2026, 2, 24, h, m, s);
const WINDOW = { start: H(0), end: H(24) };
const ALL: Capabilities = {
  input: true,
  elements: true,
  urls: true,
  heartbeats: true,
  focus: true,
};
const dir = Deno.makeTempDirSync({ prefix: "frames_machines_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));

interface Plan {
  app: string;
  from: number;
  to: number;
  input: boolean;
}

/** Snapshots every 30 s over each stretch (plus one closing row), events at +5/+15/+25 s. */
function rows(plan: Plan[], closeAt: number, app: string, base: number) {
  const snaps: Snapshot[] = [], events: InputEvent[] = [];
  let ref = base;
  for (const p of plan) {
    for (let t = p.from; t < p.to; t += 30_000) {
      snaps.push({ ref: ref++, at: t, display: "monitor_0", app: p.app, focused: true });
      if (p.input) {
        for (const d of [5_000, 15_000, 25_000]) {
          events.push({ ref: ref++, at: t + d, kind: "key" });
        }
      }
    }
  }
  snaps.push({ ref: ref++, at: closeAt, display: "monitor_0", app, focused: true });
  return { snaps, events };
}

const LAPTOP: Plan[] = [
  { app: "zoom.us", from: H(9), to: H(10), input: false },
  { app: "Slack", from: H(10), to: H(11), input: true },
  // A session gap 10:59:30–11:06 (asleep), then Slack without input.
  { app: "Slack", from: H(11, 6), to: H(11, 10), input: false },
];
const DESKTOP: Plan[] = [
  { app: "Code", from: H(9), to: H(10), input: true },
  { app: "Microsoft Teams", from: H(10), to: H(11), input: false },
  { app: "Code", from: H(11), to: H(11, 10), input: false },
];

function storeWith(
  parts: {
    machine?: string;
    adapter?: string;
    location: string;
    caps: Capabilities;
    plan: Plan[];
  }[],
): string {
  const path = join(dir, `${crypto.randomUUID()}.db`);
  const db = openStore(path);
  try {
    parts.forEach((p, n) => {
      const last = p.plan[p.plan.length - 1];
      const { snaps, events } = rows(p.plan, last.to, last.app, 1 + n * 100_000);
      const id = registerSource(db, {
        adapter: p.adapter ?? "screenpipe",
        location: p.location,
        fingerprint: "f",
        capabilities: p.caps,
      });
      appendBatch(db, {
        snapshots: snaps,
        snapshotKeys: snaps.map((s) => `${p.location}#s${s.ref}`),
        events,
        eventKeys: events.map((e) => `${p.location}#e${e.ref}`),
        ...(p.machine !== undefined ? { machine: p.machine } : {}),
      }, { sourceId: id });
    });
  } finally {
    db.close();
  }
  return path;
}

/** The rule, second by second, from the plans alone (no compiler code). */
function truth(
  machines: { name: string; plan: Plan[]; detail?: number }[],
): Map<string, number> {
  // Per machine: its snapshot rows with credit (≤ 90 s, 0 across a gap > 300 s).
  const tracks = machines.map((m) => {
    const last = m.plan[m.plan.length - 1];
    const { snaps, events } = rows(m.plan, last.to, last.app, 0);
    const segs = snaps.map((s, i) => {
      const next = snaps[i + 1]?.at;
      const gap = next === undefined ? Infinity : next - s.at;
      const credit = gap <= 300_000 ? Math.min(gap, 90_000) : 0;
      return { at: s.at, end: s.at + credit, app: s.app, since: s.at };
    });
    for (let i = 1; i < segs.length; i++) {
      if (segs[i - 1].end === segs[i].at && segs[i - 1].end > segs[i - 1].at) {
        segs[i].since = segs[i - 1].since;
      }
    }
    const hasInput = (a: number, b: number) => events.some((e) => e.at >= a && e.at < b);
    return { name: m.name, detail: m.detail, segs, hasInput };
  });
  const out = new Map<string, number>();
  for (let t = H(8); t < H(12); t += 1000) {
    const cands = tracks.flatMap((tr) => {
      const s = tr.segs.find((g) => g.at <= t && t < g.end);
      return s === undefined ? [] : [{ tr, s, input: tr.hasInput(s.at, s.end) }];
    });
    if (cands.length === 0) continue;
    cands.sort((a, b) => {
      const same = a.tr.name === b.tr.name;
      if (!same && a.input !== b.input) return a.input ? -1 : 1;
      if (same && a.tr.detail !== b.tr.detail) return (b.tr.detail ?? 0) - (a.tr.detail ?? 0);
      return b.s.since - a.s.since || (a.tr.name < b.tr.name ? -1 : 1);
    });
    const app = cands[0].s.app;
    out.set(app, (out.get(app) ?? 0) + 1000);
  }
  return out;
}

Deno.test("compile() over two machines counts attention once: ≤ 60 focused min per hour, per-app within 1 s of truth", () => {
  const path = storeWith([
    { machine: "laptop", location: "/laptop/db.sqlite", caps: ALL, plan: LAPTOP },
    { machine: "desktop", location: "/desktop/db.sqlite", caps: ALL, plan: DESKTOP },
  ]);
  const capture = readNative(path, WINDOW);
  const built = buildFrames(capture, DEFAULT_RULES);
  const tally = tallyCredit(built);
  const want = truth([{ name: "laptop", plan: LAPTOP }, { name: "desktop", plan: DESKTOP }]);
  // Hand figures: Code 60 + 6 min, Slack 59.5 + 4 min, Teams 0.5 min, zoom 0.
  deepEqual(
    Object.fromEntries([...want].sort()),
    { Code: 66 * 60_000, "Microsoft Teams": 30_000, Slack: 63.5 * 60_000 },
  );
  for (const app of ["Code", "Slack", "Microsoft Teams", "zoom.us"]) {
    const got = tally.appFocus.get(app) ?? 0;
    ok(Math.abs(got - (want.get(app) ?? 0)) <= 1000, `${app}: ${got} vs ${want.get(app)}`);
  }
  // Σ per-app focused = total focused; per hour ≤ 60 min.
  let sum = 0;
  for (const ms of tally.appFocus.values()) sum += ms;
  equal(sum, tally.focusMs);
  const spans = built.focus.spans;
  for (let h = 8; h < 12; h++) {
    let ms = 0;
    for (let j = 0; j < spans.length; j += 2) {
      ms += Math.max(0, Math.min(spans[j + 1], H(h + 1)) - Math.max(spans[j], H(h)));
    }
    ok(ms <= 3_600_000, `hour ${h}: ${ms}`);
  }
  const doc = compile(capture, { tz: "UTC", minMinutes: 0 });
  assertValidDocument(doc);
  equal(doc.coverage.focused_minutes, 130);
  // Both machines claimed focus 09:00–10:59:30 and 11:06–11:10: reported, not added.
  deepEqual(doc.coverage.overlap_minutes, { "desktop+laptop": 123.5 });
  // Per-machine frames: the display names the machine, and the frame says it.
  ok(doc.frames.every((f) => f.machine !== undefined && f.display.startsWith(`${f.machine}/`)));
  deepEqual([...new Set(doc.frames.map((f) => f.machine))].sort(), ["desktop", "laptop"]);
  // Visible minutes stay per machine: the meeting was on screen for its hour.
  equal(doc.ledger.find((l) => l.app === "zoom.us")?.minutes, 60);
  equal(doc.ledger.find((l) => l.app === "zoom.us")?.focused_minutes, 0);
});

Deno.test("compile() over two recorders of one machine: one timeline, the more detailed recorder holds focus", () => {
  const AW: Capabilities = {
    input: true,
    elements: false,
    urls: true,
    heartbeats: false,
    focus: true,
  };
  // The same hours as screenpipe saw them, named as ActivityWatch names apps on Windows.
  const awPlan = DESKTOP.map((p) => ({ ...p, app: p.app === "Code" ? "Code.exe" : "Teams.exe" }));
  const path = storeWith([
    { machine: "ada", adapter: "activitywatch", location: "/aw", caps: AW, plan: awPlan },
    { machine: "ada", location: "/sp", caps: ALL, plan: DESKTOP },
  ]);
  const capture = readNative(path, WINDOW);
  const tally = tallyCredit(buildFrames(capture, DEFAULT_RULES));
  const want = truth([
    { name: "ada", plan: awPlan, detail: 3 },
    { name: "ada", plan: DESKTOP, detail: 5 },
  ]);
  deepEqual(Object.fromEntries([...want].sort()), {
    Code: 70 * 60_000,
    "Microsoft Teams": 60 * 60_000,
  });
  for (const app of ["Code", "Microsoft Teams", "Code.exe", "Teams.exe"]) {
    ok(Math.abs((tally.appFocus.get(app) ?? 0) - (want.get(app) ?? 0)) <= 1000, app);
  }
  const doc = compile(capture, { tz: "UTC", minMinutes: 0 });
  assertValidDocument(doc);
  // Attention counted once: the focused header is the wall time, not twice it.
  equal(doc.coverage.focused_minutes, 130);
  const perApp = doc.ledger.reduce((n, l) => n + (l.focused_minutes ?? 0), 0);
  ok(Math.abs(perApp - 130) < 0.2, `Σ per-app focused ${perApp}`);
  deepEqual(doc.coverage.overlap_minutes, { "ada+ada": 130 });
  // The other recorder's evidence is kept: its frames are there, with no focused time.
  ok(doc.frames.some((f) => f.app === "Code.exe" && f.focused_min === 0));
  deepEqual(Object.keys(doc.coverage.per_display).sort(), [
    "monitor_0@activitywatch",
    "monitor_0@screenpipe",
  ]);
});

Deno.test("readNative() leaves a one-machine store as it was (no machine field, no prefix)", () => {
  const path = storeWith([{ machine: "solo", location: "/one", caps: ALL, plan: DESKTOP }]);
  const capture = readNative(path, WINDOW);
  ok(capture.snapshots.every((s) => s.machine === undefined && s.display === "monitor_0"));
  const doc = compile(capture, { tz: "UTC", minMinutes: 0 });
  equal(doc.coverage.overlap_minutes, undefined);
  ok(doc.frames.every((f) => f.machine === undefined));
});

Deno.test("frames import --machine twice, then frames compile: per-machine frames and one focused ledger", async () => {
  const { runFrames } = await import("./_frames.ts");
  const { DatabaseSync } = await import("node:sqlite");
  const { SCREENPIPE_SCHEMA_SQL } = await import("../src/demo/_schema.ts");
  const home = join(dir, "home");
  Deno.mkdirSync(home);
  for (const [name, plan] of [["laptop", LAPTOP], ["desktop", DESKTOP]] as const) {
    const last = plan[plan.length - 1];
    const { snaps, events } = rows(plan, last.to, last.app, 1);
    const db = new DatabaseSync(join(home, `${name}.sqlite`));
    db.exec(SCREENPIPE_SCHEMA_SQL);
    const f = db.prepare(
      "INSERT INTO frames (id, timestamp, app_name, focused, device_name) VALUES (?, ?, ?, 1, ?)",
    );
    for (const s of snaps) f.run(s.ref, new Date(s.at).toISOString(), s.app, s.display);
    const e = db.prepare("INSERT INTO ui_events (id, timestamp, event_type) VALUES (?, ?, 'key')");
    for (const ev of events) e.run(ev.ref, new Date(ev.at).toISOString());
    db.close();
    const r = await runFrames([
      "import",
      "screenpipe",
      join(home, `${name}.sqlite`),
      "--machine",
      name,
    ], {
      home,
    });
    equal(r.code, 0, r.stderr);
  }
  const bad = await runFrames([
    "import",
    "screenpipe",
    join(home, "laptop.sqlite"),
    "--machine",
    "a/b",
  ], {
    home,
  });
  equal(bad.code, 2, bad.stderr);
  const r = await runFrames(["compile", "--day", "2026-03-24", "--tz", "UTC", "--json"], { home });
  equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout);
  assertValidDocument(doc);
  equal(doc.coverage.focused_minutes, 130);
  deepEqual(doc.coverage.overlap_minutes, { "desktop+laptop": 123.5 });
  const focused = Object.fromEntries(
    doc.ledger.map((l: { app: string; focused_minutes: number }) => [l.app, l.focused_minutes]),
  );
  deepEqual(focused, { Code: 66, Slack: 63.5, "Microsoft Teams": 0.5, "zoom.us": 0 });
  deepEqual(
    [...new Set(doc.frames.map((f: { machine: string }) => f.machine))].sort(),
    ["desktop", "laptop"],
  );
});
