/**
 * The shape of each demo day: when the user works, lunches, is away, meets, and what they
 * do in between (editor and browser stretches with short and long chat detours).
 *
 * @module
 */

import { type App, APPS } from "./_catalog.ts";
import type { Random } from "./_random.ts";
import type { Zone } from "./_zone.ts";

/** What the user does during a block. */
export type BlockKind =
  | "editor"
  | "browser"
  | "terminal"
  | "reading"
  | "chat"
  | "meeting"
  | "leisure";

/** One stretch of one activity, `[start, end)` in UTC epoch ms. */
export interface Block {
  kind: BlockKind;
  start: number;
  end: number;
  app: App;
  /** Index of the monitor holding focus (0 = `monitor_1`). */
  monitor: number;
  /** Go back to the page shown before the previous detour. */
  resume?: boolean;
}

/** How a day is lived. */
export type DayKind = "work" | "busy" | "weekend";

const MIN = 60_000;

/** Options for {@linkcode planDay}. */
export interface PlanOptions {
  /** Local date, `YYYY-MM-DD`. */
  day: string;
  zone: Zone;
  kind: DayKind;
  /** Number of monitors in use that day. */
  monitors: number;
}

/** Plan one local day as time-ordered blocks; gaps between blocks are uncaptured time. */
export function planDay(rng: Random, opts: PlanOptions): Block[] {
  const { day, zone, kind, monitors } = opts;
  const at = (minutes: number) => zone.toUtc(day, minutes);
  const blocks: Block[] = [];
  const editor = rng.chance(0.6) ? APPS.code : APPS.cursor;
  const browser = () => (rng.chance(0.75) ? APPS.chrome : APPS.firefox);
  const screen = (k: BlockKind) =>
    monitors < 2 ? 0 : k === "editor" || k === "terminal" ? 0 : k === "meeting" ? 1 : rng.int(0, 1);

  if (kind === "weekend") {
    const sessions = rng.int(1, 2);
    let from = rng.int(10 * 60, 13 * 60);
    for (let s = 0; s < sessions; s++) {
      const len = rng.int(20, 55);
      let t = at(from);
      const stop = at(from + len);
      while (t < stop - MIN) {
        const k = rng.weighted([["leisure", 6], ["chat", 2], ["reading", 1]] as const);
        const end = Math.min(stop, t + rng.int(2, 12) * MIN);
        const app = k === "chat"
          ? APPS.messages
          : k === "reading"
          ? APPS.chrome
          : rng.chance(0.85)
          ? browser()
          : APPS.spotify;
        blocks.push({ kind: k, start: t, end, app, monitor: 0 });
        t = end;
      }
      from += len + rng.int(120, 360);
      if (from > 22 * 60) break;
    }
    return blocks;
  }

  const busy = kind === "busy";
  const dayStart = busy ? 8 * 60 : rng.int(8 * 60 + 30, 9 * 60 + 20);
  const dayEnd = busy ? 19 * 60 + 30 : rng.int(17 * 60 + 30, 18 * 60 + 30);
  // Fixed segments in local minutes: [start, end, what].
  const fixed: [number, number, "lunch" | "away" | "meeting"][] = [];
  const lunch = rng.int(12 * 60, 12 * 60 + 40);
  fixed.push([lunch, lunch + (busy ? 32 : rng.int(40, 60)), "lunch"]);
  const place = (len: number, what: "away" | "meeting") => {
    for (let attempt = 0; attempt < 30; attempt++) {
      const s = Math.round(rng.int(dayStart + 30, dayEnd - len - 20) / 15) * 15;
      const e = s + len;
      if (fixed.every(([a, b]) => e + 10 <= a || s >= b + 10)) {
        fixed.push([s, e, what]);
        return;
      }
    }
  };
  const meetings = busy ? 2 : rng.int(1, 3);
  for (let i = 0; i < meetings; i++) place(busy ? 30 : rng.pick([30, 45, 60]), "meeting");
  const aways = busy ? 1 : rng.int(1, 2);
  for (let i = 0; i < aways; i++) place(rng.int(6, 15), "away");
  fixed.sort((a, b) => a[0] - b[0]);

  let cursor = dayStart;
  for (const [s, e, what] of [...fixed, [dayEnd, dayEnd, "away"] as const]) {
    fill(at(cursor), at(s));
    if (what === "meeting") {
      const app = rng.chance(0.5) ? APPS.zoom : APPS.chrome;
      blocks.push({ kind: "meeting", start: at(s), end: at(e), app, monitor: screen("meeting") });
    }
    cursor = e;
  }
  return blocks;

  function fill(from: number, to: number): void {
    let t = from;
    while (t < to - MIN) {
      const k = rng.weighted(
        [["editor", busy ? 50 : 40], ["browser", 36], ["terminal", 7], ["reading", 8], [
          "chat",
          6,
        ]] as const,
      );
      const minutes = k === "editor"
        ? rng.int(5, 28)
        : k === "browser"
        ? rng.int(3, 16)
        : k === "terminal"
        ? rng.int(1, 5)
        : k === "reading"
        ? rng.int(4, 10)
        : rng.int(1, 4);
      const end = Math.min(to, t + minutes * MIN);
      const app = k === "editor"
        ? editor
        : k === "browser"
        ? browser()
        : k === "terminal"
        ? APPS.terminal
        : k === "reading"
        ? rng.chance(0.5) ? APPS.preview : APPS.chrome
        : rng.chance(0.7)
        ? APPS.slack
        : APPS.messages;
      const monitor = screen(k);
      blocks.push({ kind: k, start: t, end, app, monitor });
      t = end;
      if ((k === "editor" || k === "browser") && t < to - 4 * MIN && rng.chance(0.4)) {
        // A chat detour between two stretches of the same work: some under the 20 s
        // dwell threshold (folded into the work frame), some over (a frame of their own).
        const seconds = rng.chance(0.5) ? rng.int(5, 18) : rng.int(25, 110);
        const chatApp = rng.chance(0.75) ? APPS.slack : APPS.messages;
        blocks.push({
          kind: "chat",
          start: t,
          end: t + seconds * 1000,
          app: chatApp,
          monitor: screen("chat"),
        });
        t += seconds * 1000;
        const back = Math.min(to, t + rng.int(2, 10) * MIN);
        blocks.push({ kind: k, start: t, end: back, app, monitor, resume: true });
        t = back;
      }
    }
  }
}
