/**
 * Renders one inserted visit (a planted routine occurrence or a background visit) as the
 * rows screenpipe would record: an app switch with a frame per monitor, clicks linked to a
 * frame whose element rows hold the clicked element (so click resolution finds it), typed
 * runs into named fields, 30 s heartbeats, and the switch back to what was on screen.
 *
 * @module
 */

import type { App, Page } from "./_catalog.ts";
import type { LayoutRow } from "./_layout.ts";
import type { PageSpec } from "./_routine_defs.ts";
import type { Random } from "./_random.ts";
import { SCREENS } from "./_behaviour.ts";
import { blankEvent, type EventRow, type FrameRow } from "./_simulate.ts";

const HEARTBEAT = 30_000;

/** A named element to place on a page. */
export interface Target {
  role: string;
  name: string;
}

/** A page on screen with the element rows its frames carry. */
export interface Shown {
  page: Page;
  layout: LayoutRow[];
}

/** Builds the element rows of a page: window, toolbar, then the targets in a grid. */
export function showPage(spec: PageSpec, targets: readonly Target[], filler: readonly string[]) {
  const rows: LayoutRow[] = [];
  const add = (role: string, text: string | null, parent: number, box: number[]): number => {
    rows.push({
      source: "accessibility",
      role,
      text,
      parent,
      depth: parent < 0 ? 0 : rows[parent].depth + 1,
      left: box[0],
      top: box[1],
      width: box[2],
      height: box[3],
      confidence: null,
    });
    return rows.length - 1;
  };
  const root = add("AXWindow", spec.title, -1, [0, 0, 1, 1]);
  const bar = add("AXToolbar", null, root, [0, 0, 1, 0.06]);
  const tools = spec.url !== null ? ["Back", "Forward", "Reload"] : ["Sidebar", "Inbox"];
  tools.forEach((t, i) => add("AXButton", t, bar, [0.01 + i * 0.035, 0.012, 0.03, 0.036]));
  if (spec.url !== null) add("AXTextField", spec.url, bar, [0.22, 0.012, 0.56, 0.036]);
  const body = add("AXGroup", null, root, [0, 0.06, 1, 0.94]);
  // Targets in a three-column grid of disjoint boxes; filler text below, never overlapping.
  targets.forEach((t, i) => {
    const col = i % 3, row = Math.floor(i / 3);
    add(t.role, t.name, body, [0.04 + col * 0.3, 0.1 + row * 0.06, 0.24, 0.04]);
  });
  const below = 0.1 + Math.ceil(targets.length / 3) * 0.06 + 0.02;
  filler.forEach((w, i) => add("AXStaticText", w, body, [0.04, below + i * 0.04, 0.5, 0.03]));
  const words = [...targets.map((t) => t.name), ...filler];
  const page: Page = {
    title: spec.title,
    url: spec.url,
    layout: spec.url !== null ? "browser" : "plain",
    words,
  };
  return { page, layout: rows };
}

/** Writes one visit's rows, starting at a given instant on the day's monitors. */
export class Episode {
  readonly frames: FrameRow[] = [];
  readonly events: EventRow[] = [];
  #rng: Random;
  #monitors: number;
  #focus: number;
  #last: (FrameRow | null)[];
  #app: App;
  #page: Page;
  #owner: FrameRow | null = null;
  #layout: LayoutRow[] | null = null;
  /** The time of the next row. */
  t: number;

  /** A visit starting at `start`, focused on monitor `focus` of `monitors`. */
  constructor(
    rng: Random,
    opts: { start: number; monitors: number; focus: number; back: FrameRow },
  ) {
    this.#rng = rng;
    this.#monitors = opts.monitors;
    this.#focus = opts.focus;
    this.#last = new Array(opts.monitors).fill(null);
    this.#app = opts.back.app;
    this.#page = opts.back.page;
    this.t = opts.start;
  }

  /** Switch to `app` showing `shown` (an app switch, or a page change in the same app). */
  show(app: App, shown: Shown): void {
    const changed = app !== this.#app;
    this.#app = app;
    this.#page = shown.page;
    this.#layout = shown.layout;
    this.#owner = null;
    this.#event(this.t, changed ? "app_switch" : "window_focus");
    this.#frames(changed ? "app_switch" : "window_focus");
    this.t += 400;
  }

  /** Go back to the app and page of a frame the day already had. */
  back(frame: FrameRow): void {
    this.#app = frame.app;
    this.#page = frame.page;
    this.#layout = null;
    this.#owner = frame.layout !== null ? frame : frame.reuse;
    this.#event(this.t, "app_switch");
    this.#frames("app_switch");
  }

  /** Let `ms` pass (heartbeats keep coming). */
  wait(ms: number): void {
    this.t += Math.round(ms);
    this.#heartbeats(this.t);
  }

  /** Click the element of the current page with this role and name; returns the click row. */
  click(target: Target): EventRow {
    const rng = this.#rng;
    const rows = this.#layout ?? [];
    const r = rows.find((x) => x.role === target.role && x.text === target.name);
    if (r === undefined) throw new Error(`Cannot plant a click on "${target.name}": not on page`);
    this.#heartbeats(this.t);
    const screen = SCREENS[this.#focus];
    // Inside the box, away from its edges, so pixel rounding never leaves it.
    const nx = r.left + r.width * rng.range(0.3, 0.7);
    const ny = r.top + r.height * rng.range(0.3, 0.7);
    const moves = rng.int(0, 2);
    for (let i = moves; i > 0; i--) {
      const m = this.#event(this.t - i * 120, "move", false);
      m.x = Math.round(screen.x + (nx - i * 0.02) * screen.width);
      m.y = Math.round(ny * screen.height);
    }
    const row = this.#event(this.t, "click");
    row.x = Math.round(screen.x + nx * screen.width);
    row.y = Math.round(ny * screen.height);
    row.button = 0;
    row.clickCount = 1;
    // The recorder sometimes names the element itself (then with its role), mostly not.
    if (rng.chance(0.05)) row.elementName = r.text;
    if (row.elementName !== null || rng.chance(0.3)) row.elementRole = r.role;
    this.#frame(this.t + 180, "click", this.#focus);
    this.t += 300;
    return row;
  }

  /** Type `text` into a field (named when `field` is given); returns the text row. */
  type(text: string, field: Target | null): EventRow {
    const rng = this.#rng;
    this.#heartbeats(this.t);
    this.t += [...text].length * rng.int(70, 140);
    this.#heartbeats(this.t);
    const row = this.#event(this.t, "text");
    row.text = text;
    if (field !== null) {
      row.elementRole = field.role;
      row.elementName = field.name;
    }
    if (rng.chance(0.8)) this.#frame(this.t + 1500, "typing_pause", this.#focus);
    this.t += 1600;
    return row;
  }

  /** Press Return (a key row, not an action step). */
  enter(): void {
    const row = this.#event(this.t, "key");
    row.keyCode = 36;
    row.modifiers = 0;
    this.t += 250;
  }

  #heartbeats(upTo: number): void {
    for (let m = 0; m < this.#monitors; m++) {
      let last = this.#last[m];
      while (last !== null && last.at + HEARTBEAT <= upTo) {
        last = this.#frame(last.at + HEARTBEAT + this.#rng.int(0, 40), "idle", m);
      }
    }
  }

  #frames(trigger: string): void {
    for (let m = 0; m < this.#monitors; m++) {
      const monitor = (this.#focus + m) % this.#monitors;
      this.#frame(this.t + 60 + m * 25, trigger, monitor);
    }
  }

  #frame(at: number, trigger: string, monitor: number): FrameRow {
    // Only the focused monitor carries element rows: the first frame of a page owns them,
    // later frames of that page reuse them (`elements_ref_frame_id`).
    const own = monitor === this.#focus && this.#owner === null && this.#layout !== null;
    const frame: FrameRow = {
      at,
      micros: this.#rng.int(0, 999),
      app: this.#app,
      page: this.#page,
      device: SCREENS[monitor].name,
      focused: monitor === this.#focus ? 1 : 0,
      trigger,
      layout: own ? this.#layout : null,
      reuse: monitor === this.#focus && !own ? this.#owner : null,
      style: "rfc",
      blankApp: false,
      id: 0,
    };
    if (own) this.#owner = frame;
    this.frames.push(frame);
    this.#last[monitor] = frame;
    return frame;
  }

  #event(at: number, type: string, linked = true): EventRow {
    const move = type === "move";
    // Drawn in this order (micros, then the link) so the seeded corpus stays the same.
    const micros = this.#rng.int(0, 999);
    // Most rows link the frame on screen; some do not, as the recorder's rows vary.
    const frame = linked && !move && this.#rng.chance(0.85) ? this.#last[this.#focus] : null;
    const row = blankEvent({ at, micros, type, frame }, this.#app, this.#page);
    this.events.push(row);
    return row;
  }
}
