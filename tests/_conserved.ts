/**
 * Conservation (SPEC §3.6) on a Built, for the incremental tests: every snapshot's credit
 * reaches its app exactly once (a frame's own or a detour's) and every event of the capture
 * is in exactly one frame, detour or the unattributed list.
 */
import { deepStrictEqual, equal, ok } from "node:assert/strict";
import type { Built } from "../src/compile/build.ts";
import type { Capture } from "../src/model.ts";

/**
 * Asserts both conservation invariants; per-app credit is compared exactly, or within
 * `toleranceMs` when given. `label` prefixes the messages.
 */
export function assertConserved(
  built: Built,
  capture: Capture,
  opts: { label?: string; toleranceMs?: number } = {},
): void {
  const want = new Map<string, number>(), got = new Map<string, number>();
  for (const st of built.streams) {
    st.snaps.forEach((s, i) => want.set(s.app, (want.get(s.app) ?? 0) + st.credit[i]));
  }
  const refs = built.unattributed.map((e) => e.ref);
  for (const f of built.frames) {
    got.set(f.app, (got.get(f.app) ?? 0) + f.durationMs);
    for (const e of f.events) refs.push(e.ref);
    for (const x of f.interruptions) {
      got.set(x.app, (got.get(x.app) ?? 0) + x.creditMs);
      for (const e of x.events) refs.push(e.ref);
    }
  }
  const label = opts.label === undefined ? "" : `${opts.label} `;
  for (const [app, ms] of want) {
    if (opts.toleranceMs === undefined) equal(got.get(app) ?? 0, ms, `${label}${app}`);
    else ok(Math.abs((got.get(app) ?? 0) - ms) < opts.toleranceMs, `${label}${app}`);
  }
  deepStrictEqual(
    refs.sort((a, b) => a - b),
    capture.events.map((e) => e.ref).sort((a, b) => a - b),
    opts.label,
  );
}
