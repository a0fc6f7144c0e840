import { cpuClock } from "./_cpu_clock.ts";
import { resolveSource } from "../adapters/resolve.ts";
import { DEFAULT_RULES } from "../src/compile/mod.ts";
import { tallyCredit } from "../src/compile/tally.ts";
import { tailSession } from "../src/compile/tail.ts";
import { cachedSiteOf } from "../src/compile/site.ts";
import { dayWindow } from "../src/compile/time.ts";
import { redactCapture } from "../src/entities/mod.ts";
import { deltaBetween, prefixCapture } from "../src/cache/replay.ts";
const cpu = cpuClock();
const source = await resolveSource(`screenpipe:/tmp/w7b_bench/demo.sqlite`);
const capture = redactCapture(source.read(dayWindow("2026-03-25", "Europe/Berlin")));
const times = [...capture.snapshots, ...capture.events].map((r) => r.at).sort((a, b) => a - b);
for (const frac of [0.1, 0.5, 0.9]) {
let t = times[Math.floor(frac * (times.length - 1))];
const first = prefixCapture(capture, t);
const cap = redactCapture({ ...first, snapshots: [...first.snapshots], events: [...first.events] });
const site = cachedSiteOf();
const session = tailSession(site);
session.build(cap, DEFAULT_RULES, { stale: true }, false);
const b: number[] = [], ta: number[] = [], u: number[] = [], w: number[] = [];
for (let i = 0; i < 60; i++, t += 60_000) {
  const d = deltaBetween(capture, t, t + 60_000);
  cap.snapshots.push(...d.snapshots!); cap.events.push(...d.events!);
  const a0 = cpu(); const built = session.build(cap, DEFAULT_RULES, { stale: true }, true);
  const a1 = cpu(); const tt = session.tally(built); const a2 = cpu(); tt.union.unionMs('\u0000all'); tt.union.unionMs('presence:'); for (const a of tt.apps) tt.union.unionMs('app:'+a); for (const x of tt.sites) tt.union.unionMs('site:'+x); const a3 = cpu(); if (i >= 10) u.push(a3 - a2);
  const w0 = cpu(); const wt = tallyCredit(built, site); wt.union.unionMs('\u0000all'); wt.union.unionMs('presence:'); for (const a of wt.apps) wt.union.unionMs('app:'+a); for (const x of wt.sites) wt.union.unionMs('site:'+x); if (i >= 10) w.push(cpu() - w0);
  if (i >= 10) { b.push(a1 - a0); ta.push(a2 - a1); }
}
const med = (x: number[]) => [...x].sort((p, q) => p - q)[x.length >> 1].toFixed(3);
console.log(frac, "build", med(b), "tally", med(ta), "unions", med(u), "whole tally+unions", med(w), session.counts);
}
