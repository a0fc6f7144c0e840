import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import {
  DEMO_DISPLAYS,
  type DemoSummary,
  type RoutinesTruth,
  TRUTH_FILE,
  writeDemoDatabase,
} from "../src/demo/mod.ts";
import { readScreenpipe } from "../adapters/screenpipe/read.ts";
import { parseTimestamp } from "../adapters/_timestamp.ts";
import { buildFrames } from "../src/compile/mod.ts";
import { parseDisplays, resolveFrameClicks } from "../src/compile/enrich/mod.ts";
import { rulesWith } from "../src/compile/rules.ts";
import type { InputEvent } from "../src/model.ts";

const made: string[] = [];
globalThis.addEventListener("unload", () => {
  for (const dir of made) Deno.removeSync(dir, { recursive: true });
});

async function build(seed = 42): Promise<DemoSummary> {
  const dir = await Deno.makeTempDir({ prefix: "frames_demo_routines_test_" });
  made.push(dir);
  return writeDemoDatabase(join(dir, "db.sqlite"), { seed, routines: true });
}

let shared: Promise<DemoSummary> | undefined;
function demo(): Promise<DemoSummary> {
  shared ??= build();
  return shared;
}

/** The truth as the file on disk says it (not the in-memory copy). */
function truthOf(summary: DemoSummary): RoutinesTruth {
  return JSON.parse(Deno.readTextFileSync(join(summary.path, "..", TRUTH_FILE)));
}

/** The contract's name comparison: NFKC, casefold, collapsed spaces. */
function norm(name: string): string {
  return name.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}

/** The test's own AX → ARIA table for the roles the contract's example uses. */
const ARIA: Record<string, string> = {
  AXButton: "button",
  AXLink: "link",
  AXMenuItem: "menuitem",
  AXTab: "tab",
  AXRadioButton: "radio",
  AXTextField: "textbox",
  AXTextArea: "textbox",
};

interface Row {
  id: number;
  timestamp: string;
  event_type: string;
  app_name: string | null;
  browser_url: string | null;
}

function rows(path: string): Map<number, Row> {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const all = db.prepare(
      "SELECT id, timestamp, event_type, app_name, browser_url FROM ui_events WHERE event_type IN ('click', 'text')",
    ).all() as unknown as Row[];
    return new Map(all.map((r) => [r.id, r]));
  } finally {
    db.close();
  }
}

function contentHash(path: string): string {
  const db = new DatabaseSync(path, { readOnly: true });
  const hash = createHash("sha256");
  try {
    for (const table of ["frames", "ui_events", "elements"]) {
      const stmt = db.prepare(`SELECT * FROM ${table} ORDER BY id`);
      (stmt as unknown as { setReturnArrays(on: boolean): void }).setReturnArrays(true);
      for (const row of stmt.iterate()) hash.update(JSON.stringify(row));
    }
  } finally {
    db.close();
  }
  return hash.digest("hex");
}

/** Every click and typed run of the demo as `frames steps` sees it: op, role, name. */
interface Seen {
  op: "click" | "type";
  role?: string;
  name?: string;
  resolution?: string;
  app?: string;
}

function resolveAll(summary: DemoSummary): Map<number, Seen> {
  const out = new Map<number, Seen>();
  for (const d of summary.days) {
    const capture = readScreenpipe(summary.path, { start: d.start, end: d.end });
    capture.displays = parseDisplays(DEMO_DISPLAYS);
    const built = buildFrames(capture, rulesWith({}), { stale: true });
    const targets = resolveFrameClicks(built.frames, capture, { stale: built.stale });
    const byRef = new Map<number, InputEvent>();
    for (const e of capture.events) byRef.set(e.ref, e);
    for (const [e, t] of targets) {
      out.set(e.ref, {
        op: "click",
        role: t.role !== undefined ? ARIA[t.role] ?? t.role : undefined,
        name: t.name,
        resolution: t.resolution,
        app: e.app,
      });
    }
    for (const e of capture.events) {
      if (e.kind !== "text") continue;
      const role = e.element?.role;
      out.set(e.ref, {
        op: "type",
        role: role !== undefined ? ARIA[role] ?? role : undefined,
        name: e.element?.name,
        app: e.app,
      });
    }
  }
  return out;
}

Deno.test("writeDemoDatabase({ routines }) writes a truth file that keeps its contract", async () => {
  const summary = await demo();
  const t = truthOf(summary);
  assert.deepEqual(t, summary.truth!.content);
  assert.deepEqual(Object.keys(t), [
    "version",
    "seed",
    "action_steps",
    "planted_steps",
    "planted_share",
    "routines",
    "near_duplicates",
  ]);
  assert.equal(t.version, 1);
  assert.equal(t.seed, 42);
  assert.ok(t.routines.length >= 6, `${t.routines.length} routines planted`);
  const ids = new Set<string>();
  for (const r of t.routines) {
    assert.deepEqual(Object.keys(r), ["id", "title", "app", "site", "steps", "occurrences"]);
    assert.ok(!ids.has(r.id), `routine id ${r.id} is unique`);
    ids.add(r.id);
    assert.ok(r.title.length > 0 && r.app.length > 0);
    assert.ok(r.site === null || /^[a-z0-9.-]+\.[a-z]+$/.test(r.site), `${r.site} is a host`);
    let named = 0;
    for (const s of r.steps) {
      assert.deepEqual(Object.keys(s), ["op", "role", "name", "slot", "optional"]);
      assert.ok(["click", "type", "navigate"].includes(s.op), s.op);
      assert.ok(Object.values(ARIA).includes(s.role), `${s.role} is an ARIA role`);
      assert.ok(s.name === null ? s.slot : s.name.length > 0, "a nameless step is a slot");
      if (s.name !== null) named++;
    }
    assert.ok(named >= 2, `${r.id} has ≥ 2 named targets`);
    assert.ok(r.occurrences.length >= 3, `${r.id} recurs ≥ 3 times`);
    for (const o of r.occurrences) {
      assert.deepEqual(Object.keys(o), ["day", "event_ids"]);
      assert.match(o.day, /^\d{4}-\d{2}-\d{2}$/);
      assert.ok(o.event_ids.every((id) => Number.isInteger(id) && id > 0));
    }
  }
  for (const [a, b] of t.near_duplicates) assert.ok(ids.has(a) && ids.has(b) && a !== b);
  // The counts, recomputed from the database rows (well-formed click and text rows).
  let actions = 0;
  for (const r of rows(summary.path).values()) {
    if (parseTimestamp(r.timestamp) !== undefined) actions++;
  }
  const planted = t.routines.reduce(
    (n, r) => n + r.occurrences.reduce((m, o) => m + o.event_ids.length, 0),
    0,
  );
  assert.equal(t.action_steps, actions);
  assert.equal(t.planted_steps, planted);
  assert.equal(t.planted_share, planted / actions);
  assert.ok(t.planted_share >= 0.01 && t.planted_share <= 0.03, `share ${t.planted_share}`);
});

Deno.test("writeDemoDatabase({ routines }) lists only real click and text rows of the routine's app, in order, on their day", async () => {
  const summary = await demo();
  const t = truthOf(summary);
  const db = rows(summary.path);
  const seen = new Set<number>();
  const dayOf = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" });
  for (const r of t.routines) {
    for (const o of r.occurrences) {
      let prev = -Infinity;
      for (const id of o.event_ids) {
        const row = db.get(id);
        assert.ok(row !== undefined, `ui_events ${id} exists and is a click or text row`);
        assert.ok(!seen.has(id), `ui_events ${id} is in one occurrence only`);
        seen.add(id);
        const at = parseTimestamp(row.timestamp)!;
        assert.ok(at > prev, "event ids follow time");
        prev = at;
        assert.equal(dayOf.format(at), o.day);
        assert.equal(row.app_name!.replace(/[\u200B\u200E]/g, ""), r.app);
        if (r.site !== null) assert.equal(new URL(row.browser_url!).hostname, r.site);
        else assert.equal(row.browser_url, null);
      }
    }
  }
});

/** Aligns an occurrence's events to the routine's steps: matched index per event, -1 = extra. */
function align(steps: RoutinesTruth["routines"][number]["steps"], events: Seen[]): number[] {
  const out: number[] = [];
  let j = 0;
  for (const e of events) {
    let k = j;
    const matches = (s: (typeof steps)[number]) =>
      (s.op === "click" ? e.op === "click" : e.op === "type") && s.role === e.role &&
      (s.name === null
        ? e.name !== undefined
        : e.name !== undefined && norm(e.name) === norm(s.name));
    while (k < steps.length && !matches(steps[k]) && steps[k].optional) k++;
    if (k < steps.length && matches(steps[k])) {
      out.push(k);
      j = k + 1;
    } else out.push(-1);
  }
  for (; j < steps.length; j++) assert.ok(steps[j].optional, `step ${j} is missing`);
  return out;
}

Deno.test("writeDemoDatabase({ routines }) plants steps that resolve to their role and name as frames steps resolves them", async () => {
  const summary = await demo();
  const t = truthOf(summary);
  const seen = resolveAll(summary);
  let extras = 0, clicks = 0, detoured = 0;
  const dbRows = rows(summary.path);
  const byTime = [...dbRows.values()].map((r) => ({ ...r, at: parseTimestamp(r.timestamp) }));
  for (const r of t.routines) {
    const slotNames = new Map<number, Set<string>>();
    const presence = new Map<number, number>();
    for (const o of r.occurrences) {
      const events = o.event_ids.map((id) => {
        const s = seen.get(id);
        assert.ok(s !== undefined, `ui_events ${id} is a step frames sees`);
        return s;
      });
      for (const e of events) {
        if (e.op !== "click") continue;
        clicks++;
        assert.ok(
          e.resolution === "native" || e.resolution === "exact",
          `a planted click resolves to its element, not ${e.resolution}`,
        );
      }
      const where = align(r.steps, events);
      const extra = where.filter((k) => k === -1).length;
      assert.ok(extra <= 1, `${r.id} on ${o.day}: at most one extra step (${extra})`);
      extras += extra;
      where.forEach((k, i) => {
        if (k < 0) return;
        presence.set(k, (presence.get(k) ?? 0) + 1);
        if (r.steps[k].name === null) {
          if (!slotNames.has(k)) slotNames.set(k, new Set());
          slotNames.get(k)!.add(events[i].name!);
        }
      });
      // An interruption: some other app's action inside the occurrence's time span.
      const span = o.event_ids.map((id) => parseTimestamp(dbRows.get(id)!.timestamp)!);
      if (
        byTime.some((x) =>
          x.at! > span[0] && x.at! < span[span.length - 1] &&
          x.app_name!.replace(/[\u200B\u200E]/g, "") !== r.app
        )
      ) detoured++;
    }
    r.steps.forEach((s, k) => {
      const n = presence.get(k) ?? 0;
      if (s.optional) {
        assert.ok(n > 0 && n < r.occurrences.length, `${r.id} optional step ${k}: ${n}`);
      } else assert.equal(n, r.occurrences.length, `${r.id} step ${k} in every occurrence`);
      if (s.name === null) assert.ok(slotNames.get(k)!.size >= 2, `${r.id} slot ${k} varies`);
    });
  }
  assert.ok(clicks > 100, `${clicks} planted clicks checked`);
  assert.ok(extras >= 3, `${extras} occurrences have an extra step`);
  assert.ok(detoured >= 5, `${detoured} occurrences are interrupted by another app`);
});

Deno.test("writeDemoDatabase({ routines }) clicks Send, Search and Approve outside the routines too", async () => {
  const summary = await demo();
  const t = truthOf(summary);
  const seen = resolveAll(summary);
  const planted = new Set(t.routines.flatMap((r) => r.occurrences.flatMap((o) => o.event_ids)));
  const apps = new Set(t.routines.map((r) => r.app));
  const background = new Map<string, number>();
  for (const [id, s] of seen) {
    if (planted.has(id) || s.op !== "click" || s.name === undefined) continue;
    if (!apps.has((s.app ?? "").replace(/[\u200B\u200E]/g, ""))) continue;
    const name = norm(s.name);
    if (name === "send" || name === "search" || name === "approve") {
      background.set(name, (background.get(name) ?? 0) + 1);
    }
  }
  for (const name of ["send", "search", "approve"]) {
    assert.ok((background.get(name) ?? 0) >= 3, `${background.get(name)} background "${name}"`);
  }
});

Deno.test("writeDemoDatabase({ routines }) plants a near-duplicate pair that differs at one named step", async () => {
  const t = truthOf(await demo());
  assert.ok(t.near_duplicates.length >= 1);
  for (const [a, b] of t.near_duplicates) {
    const x = t.routines.find((r) => r.id === a)!, y = t.routines.find((r) => r.id === b)!;
    assert.equal(x.app, y.app);
    assert.equal(x.site, y.site);
    assert.equal(x.steps.length, y.steps.length);
    const differ = x.steps.flatMap((s, i) =>
      JSON.stringify(s) === JSON.stringify(y.steps[i]) ? [] : [i]
    );
    assert.equal(differ.length, 1, `${a} and ${b} differ at ${differ}`);
    const [i] = differ;
    assert.ok(x.steps[i].name !== null && y.steps[i].name !== null, "the step is named");
    assert.notEqual(norm(x.steps[i].name!), norm(y.steps[i].name!));
    assert.ok(x.occurrences.length >= 3 && y.occurrences.length >= 3);
  }
});

Deno.test("writeDemoDatabase({ routines }) plants a weekly routine with 4 occurrences a week apart", async () => {
  const t = truthOf(await demo());
  const weekly = t.routines.filter((r) => {
    const days = r.occurrences.map((o) => Date.parse(o.day) / 86_400_000);
    return days.length === 4 && days.every((d, i) => i === 0 || d - days[i - 1] === 7);
  });
  assert.equal(weekly.length, 1, "one weekly routine");
});

Deno.test("writeDemoDatabase({ routines }) writes the same bytes for the same seed", async () => {
  const a = await demo();
  const b = await build(42);
  assert.equal(contentHash(b.path), contentHash(a.path));
  assert.equal(
    Deno.readTextFileSync(b.truth!.path),
    Deno.readTextFileSync(a.truth!.path),
  );
});

Deno.test("writeDemoDatabase() without routines writes no truth file", async () => {
  const dir = await Deno.makeTempDir({ prefix: "frames_demo_routines_test_" });
  made.push(dir);
  const summary = writeDemoDatabase(join(dir, "db.sqlite"), { days: 2 });
  assert.equal(summary.truth, undefined);
  assert.throws(() => Deno.statSync(join(dir, TRUTH_FILE)), Deno.errors.NotFound);
});
