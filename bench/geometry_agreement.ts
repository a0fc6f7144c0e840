/**
 * Inferred display geometry on a demo database, against the demo's true geometry: the
 * inferred entries, how clicks resolve with true, inferred and no geometry, and how often
 * the inferred geometry names the same target as the true one.
 *
 * `deno run -A bench/geometry_agreement.ts DB [DAY|FROM..TO] [TZ]`
 *
 * @module
 */

import { resolveSource } from "../adapters/resolve.ts";
import { buildFrames, DEFAULT_RULES } from "../src/compile/mod.ts";
import {
  geometrySpec,
  parseDisplays,
  resolveFrameClicks,
  settleFrameGeometry,
} from "../src/compile/enrich/mod.ts";
import { addDays, dayWindow } from "../src/compile/time.ts";
import { DEMO_DISPLAYS } from "../src/demo/mod.ts";

const [db, days = "2026-03-25", tz = "Europe/Berlin"] = Deno.args;
const [from, to = from] = days.split("..");
const source = await resolveSource(`screenpipe:${db}`);
const capture = await source.readAsync({
  start: dayWindow(from, tz).start,
  end: dayWindow(addDays(to, 1), tz).start,
  includeText: false,
});
const built = buildFrames(capture, DEFAULT_RULES, { stale: true });
const t0 = performance.now();
const settled = settleFrameGeometry(built.frames, capture, built.stale);
const inferMs = performance.now() - t0;
const truth = parseDisplays(DEMO_DISPLAYS);
console.log(`window ${from}..${to} ${tz}; inference ${inferMs.toFixed(1)} ms`);
for (const e of settled.inferred) {
  const t = truth.find((d) => d.display === e.display)!;
  const g = e.geometry!;
  console.log(
    `inferred ${geometrySpec(g)} (true ${geometrySpec(t)}; edges off by L ${g.x - t.x}, ` +
      `R ${g.x + g.width - t.x - t.width}, T ${g.y - t.y}, B ${g.y + g.height - t.y - t.height}) ` +
      `from ${e.clicks} clicks, ${e.landed} landed`,
  );
}
for (const e of settled.declined) {
  console.log(`declined ${e.display}: ${e.clicks} clicks, ${e.landed} landed`);
}
const levels = (m: Map<unknown, { resolution: string }>) => {
  const c: Record<string, number> = {};
  for (const t of m.values()) c[t.resolution] = (c[t.resolution] ?? 0) + 1;
  return c;
};
const withTrue = resolveFrameClicks(built.frames, capture, { stale: built.stale, displays: truth });
const withInferred = resolveFrameClicks(built.frames, capture, {
  stale: built.stale,
  displays: settled.displays,
});
const withNone = resolveFrameClicks(built.frames, capture, { stale: built.stale, displays: [] });
console.log("true    ", JSON.stringify(levels(withTrue)));
console.log("inferred", JSON.stringify(levels(withInferred)));
console.log("none    ", JSON.stringify(levels(withNone)));
let named = 0, same = 0;
for (const [ev, t] of withTrue) {
  if (t.name === undefined || t.resolution === "native") continue;
  named++;
  if (withInferred.get(ev)?.name === t.name) same++;
}
console.log(`same target name as under the true geometry: ${same}/${named}`);
