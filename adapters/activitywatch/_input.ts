/**
 * `os.hid.input` counts (aw-watcher-input: presses, clicks and scroll deltas per 5 s
 * interval; FORMATS §2) → key, click and scroll events spread evenly over each interval,
 * on the display of their host's window bucket.
 *
 * @module
 */

import type { InputEvent } from "../../src/model.ts";
import { type AwSource, dataNumber } from "./_model.ts";
import type { AwBucketPlan } from "./_plan.ts";
import { AW_REF_CHUNKS } from "./_stream.ts";

/** The input events of `[start, end)` with their dedupe keys, in time order. */
export function inputEvents(
  source: AwSource,
  plan: AwBucketPlan,
  displayOf: (b: { id: string; hostname: string }) => string,
  window: { start: number; end: number },
  count: (type: string, n: number, rej: Record<string, number>) => void,
): { events: InputEvent[]; eventKeys: string[] } {
  const { start, end } = window;
  const events: InputEvent[] = [];
  const eventKeys: string[] = [];
  for (const b of plan.input) {
    const host = plan.window.find((w) => w.hostname === b.hostname);
    const display = host !== undefined ? displayOf(host) : b.hostname;
    const r = source.events(b.id, start, end);
    count(b.type, r.read, r.rejected);
    for (const e of r.events) {
      const kinds: ["key" | "click" | "scroll", number][] = [
        ["key", Math.floor(dataNumber(e.data, "presses"))],
        ["click", Math.floor(dataNumber(e.data, "clicks"))],
        ["scroll", dataNumber(e.data, "scrollX") || dataNumber(e.data, "scrollY") ? 1 : 0],
      ];
      const total = Math.min(AW_REF_CHUNKS, kinds.reduce((s, [, n]) => s + Math.max(0, n), 0));
      const span = Math.max(0, e.end - e.start);
      let j = 0;
      for (const [kind, n] of kinds) {
        for (let i = 0; i < n && j < total; i++, j++) {
          const at = e.start + Math.floor(j * span / total);
          if (at < start || at >= end) continue;
          events.push({ ref: e.id * AW_REF_CHUNKS + j, at, kind, display });
          eventKeys.push(`aw:${b.id}@${e.start}#${j}`);
        }
      }
    }
  }
  const order = events.map((_, i) => i).sort((a, b) =>
    events[a].at - events[b].at || events[a].ref - events[b].ref
  );
  return { events: order.map((i) => events[i]), eventKeys: order.map((i) => eventKeys[i]) };
}
