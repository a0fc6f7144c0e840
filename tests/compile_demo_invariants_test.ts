/**
 * Issue 13's invariants on every day of the 14-day demo: focus counted once, per-day
 * ledgers adding up to the multi-day ledger, frame ids stable across windows.
 */
import { equal, ok } from "node:assert/strict";
import { join } from "node:path";
import { writeDemoDatabase } from "../src/demo/mod.ts";
import { readScreenpipe } from "../adapters/screenpipe/read.ts";
import { buildFrames, compile, DEFAULT_RULES } from "../src/compile/mod.ts";
import { dedupMs, tallyCredit } from "../src/compile/tally.ts";
import { dayWindow } from "../src/compile/time.ts";

const TZ = "Europe/Berlin";
const dir = Deno.makeTempDirSync({ prefix: "frames_demo_invariants_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));
const demo = writeDemoDatabase(join(dir, "demo.sqlite"), {});
const days = demo.days.map((d) => {
  const capture = readScreenpipe(demo.path, dayWindow(d.day, TZ));
  return { day: d.day, capture, doc: compile(capture, { tz: TZ, day: d.day, minMinutes: 0 }) };
});

Deno.test("compile() on every demo day: Σ per-app focused = focused ≤ deduplicated active", () => {
  equal(days.length, 14);
  let twoMonitorDays = 0;
  for (const { day, capture, doc } of days) {
    const tally = tallyCredit(buildFrames(capture, DEFAULT_RULES));
    let apps = 0;
    for (const ms of tally.appFocus.values()) apps += ms;
    equal(apps, tally.focusMs, day);
    ok(tally.focusMs <= dedupMs(tally), day);
    if (Object.keys(doc.coverage.per_display).length > 1) {
      twoMonitorDays++;
      ok(doc.coverage.focused_minutes! > 0, `${day} has focus`);
    }
    // No hour holds more than 60 focused minutes: the timeline is disjoint.
    const sp = buildFrames(capture, DEFAULT_RULES).focus.spans;
    for (let j = 2; j < sp.length; j += 2) ok(sp[j] >= sp[j - 1], day);
  }
  ok(twoMonitorDays >= 1, "the demo has two-monitor days");
});

Deno.test("compile() per-day ledgers sum to the multi-day ledger within 1 s per app on the demo", () => {
  const first = dayWindow(days[0].day, TZ), last = dayWindow(days[days.length - 1].day, TZ);
  const all = readScreenpipe(demo.path, { start: first.start, end: last.end });
  const whole = tallyCredit(buildFrames(all, DEFAULT_RULES));
  const perDay = new Map<string, number>();
  const wholeBuilt = buildFrames(all, DEFAULT_RULES);
  for (const { day, capture } of days) {
    const built = buildFrames(capture, DEFAULT_RULES);
    const t = tallyCredit(built);
    for (const app of t.apps) {
      perDay.set(app, (perDay.get(app) ?? 0) + t.union.unionMs("app:" + app));
    }
    // Focus is known per window only where it varies (single-monitor days say nothing):
    // where a day knows it, its focused time per app is the multi-day one's within the day.
    if (!capture.facts.capabilities.focus) continue;
    const w = dayWindow(day, TZ);
    const want = new Map<string, number>();
    wholeBuilt.streams.forEach((st, k) =>
      st.snaps.forEach((s, i) => {
        if (s.at < w.start || s.at >= w.end) return;
        want.set(s.app, (want.get(s.app) ?? 0) + wholeBuilt.focus.credit[k][i]);
      })
    );
    for (const [app, ms] of want) {
      ok(Math.abs((t.appFocus.get(app) ?? 0) - ms) <= 1000, `${day} ${app} focused`);
    }
  }
  equal(perDay.size, whole.apps.size);
  for (const app of whole.apps) {
    const want = whole.union.unionMs("app:" + app);
    ok(Math.abs((perDay.get(app) ?? 0) - want) <= 1000, `${app}: ${perDay.get(app)} vs ${want}`);
  }
});

Deno.test("compile() gives a frame wholly inside a demo day the same id in the multi-day document", () => {
  const first = dayWindow(days[0].day, TZ), last = dayWindow(days[days.length - 1].day, TZ);
  const all = compile(readScreenpipe(demo.path, { start: first.start, end: last.end }), {
    tz: TZ,
    minMinutes: 0,
  });
  const byId = new Map(all.frames.map((f) => [f.id, f]));
  let checked = 0;
  for (const { day, doc } of days) {
    const w = dayWindow(day, TZ);
    for (const f of doc.frames) {
      if (Date.parse(f.start) < w.start || Date.parse(f.end) > w.end) continue;
      const same = byId.get(f.id);
      ok(same !== undefined, `${f.id} of ${day} is in the multi-day document`);
      equal(same.start, f.start);
      equal(same.duration_min, f.duration_min);
      checked++;
    }
  }
  ok(checked > 100);
});
