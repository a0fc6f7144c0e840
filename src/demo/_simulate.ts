/**
 * Blocks → the rows screenpipe's event-driven recorder would write: a frame per monitor on
 * each app switch, frames after clicks, typing pauses, scroll stops and copies, visual
 * changes, and a 30 s `idle` heartbeat per monitor when nothing else was captured; input
 * events (with mouse `move` rows) in between.
 *
 * @module
 */

import {
  type App,
  APPS,
  chatPage,
  editorPage,
  meetingPage,
  type Page,
  projectIndex,
  readingPage,
  terminalPage,
  typedText,
  webPage,
} from "./_catalog.ts";
import { buildLayout, CLICKABLE, type LayoutRow } from "./_layout.ts";
import type { Block } from "./_plan.ts";
import { type Action, GAP_SECONDS, KEYS, MIX, SCREENS } from "./_behaviour.ts";
import type { Random } from "./_random.ts";

/** A `frames` row before ids are assigned. */
export interface FrameRow {
  at: number;
  /** Sub-millisecond digits written after the ms (RFC 3339 with 6 digits). */
  micros: number;
  app: App;
  page: Page;
  device: string;
  focused: number;
  trigger: string;
  /** Own element rows, or `null`. */
  layout: LayoutRow[] | null;
  /** The frame whose element rows this one reuses (`elements_ref_frame_id`). */
  reuse: FrameRow | null;
  /** How the timestamp is spelled: RFC 3339, SQL default text, or unparseable. */
  style: TimestampStyle;
  /** Written with an empty `app_name` (a malformed row). */
  blankApp: boolean;
  id: number;
}

/** How a row's timestamp text is spelled. */
export type TimestampStyle = "rfc" | "sql" | "bad";

/** A `ui_events` row before ids are assigned. */
export interface EventRow {
  at: number;
  micros: number;
  type: string;
  x: number | null;
  y: number | null;
  deltaX: number | null;
  deltaY: number | null;
  button: number | null;
  clickCount: number | null;
  keyCode: number | null;
  modifiers: number | null;
  text: string | null;
  app: App;
  page: Page;
  elementRole: string | null;
  elementName: string | null;
  elementAutomationId: string | null;
  elementBounds: string | null;
  /** The frame the recorder linked this event to (`frame_id`), or `null`. */
  frame: FrameRow | null;
  style: TimestampStyle;
  id: number;
}

/** The fields that vary between a new event row and an empty one. */
export interface EventBasics {
  /** UTC epoch ms. */
  at: number;
  /** Sub-millisecond digits of the stored timestamp. */
  micros: number;
  /** `ui_events.event_type`. */
  type: string;
  /** The frame row the event is recorded against, if any. */
  frame: FrameRow | null;
}

/** What a new event row leaves empty until the caller fills it. */
const NO_DETAIL = {
  x: null,
  y: null,
  deltaX: null,
  deltaY: null,
  button: null,
  clickCount: null,
  keyCode: null,
  modifiers: null,
  text: null,
  elementRole: null,
  elementName: null,
  elementAutomationId: null,
  elementBounds: null,
} as const;

/** An event row with nothing but its time, type, app, page and frame set. */
export function blankEvent(e: EventBasics, app: EventRow["app"], page: EventRow["page"]): EventRow {
  return { ...e, ...NO_DETAIL, app, page, style: "rfc", id: 0 };
}

/** How intensely a day is lived and how much element data its frames carry. */
export interface DayProfile {
  monitors: number;
  /** Multiplier on the action rate. */
  pace: number;
  /** Chance a newly shown page stores its own element rows. */
  elementRate: number;
  /** Mean element rows per stored tree. */
  elementSize: number;
}

const HEARTBEAT = 30_000;
/** Simulates one day's recorder output, block by block. */
export class DaySimulator {
  readonly frames: FrameRow[] = [];
  readonly events: EventRow[] = [];
  #rng: Random;
  #profile: DayProfile;
  #last: (FrameRow | null)[];
  #focus = 0;
  #app: App = APPS.finder;
  #page: Page = { title: "Desktop", url: null, layout: "plain", words: ["Desktop"] };
  #work: { app: App; page: Page } | null = null;
  #layouts = new Map<string, LayoutRow[]>();
  #project = 0;
  #clock = -Infinity;

  /** A simulator for one day of the given profile. */
  constructor(rng: Random, profile: DayProfile) {
    this.#rng = rng;
    this.#profile = profile;
    this.#last = new Array(profile.monitors).fill(null);
  }

  /** Simulate a block; blocks must come in time order. */
  run(block: Block): void {
    const rng = this.#rng;
    // An action may run past its block's planned end; the next block then starts later
    // and keeps its planned length (a detour stays as short as planned).
    const start = Math.max(block.start, this.#clock);
    const end = start + Math.max(1000, block.end - block.start);
    const contiguous = this.#last.some((f) => f !== null && start - f.at < 2 * HEARTBEAT);
    if (!contiguous) this.#last.fill(null); // after a gap the recorder starts afresh
    this.#heartbeats(start);
    this.#focus = Math.min(block.monitor, this.#profile.monitors - 1);
    if (block.kind === "editor" && !block.resume) this.#project = projectIndex(rng);
    const page = block.resume && this.#work !== null && this.#work.app === block.app
      ? this.#work.page
      : this.#pageFor(block);
    if (block.kind === "editor" || block.kind === "browser") {
      this.#work = { app: block.app, page };
    }
    this.#switch(start, block.app, page, block.app !== this.#app);
    const gap = GAP_SECONDS[block.kind] * 1000 / this.#profile.pace;
    let done = start + 200;
    let t = start + 400 + rng.exp(gap / 2);
    while (t < end) {
      this.#heartbeats(t);
      done = this.#act(t, rng.weighted(MIX[block.kind]), block);
      if (block.kind === "editor" || block.kind === "browser") this.#work!.page = this.#page;
      t = done + rng.exp(gap);
    }
    this.#heartbeats(end);
    this.#clock = Math.max(end, done + 200);
  }

  #pageFor(block: Block): Page {
    const rng = this.#rng;
    switch (block.kind) {
      case "editor":
        return editorPage(rng, this.#project);
      case "browser":
        return webPage(rng);
      case "leisure":
        return block.app === APPS.spotify
          ? { title: "Spotify Premium", url: null, layout: "plain", words: ["Play", "Next"] }
          : webPage(rng, true);
      case "terminal":
        return terminalPage(rng);
      case "reading":
        return block.app === APPS.preview ? readingPage(rng) : webPage(rng);
      case "chat":
        return chatPage(rng, block.app);
      case "meeting":
        return meetingPage(rng, block.app === APPS.chrome);
    }
  }

  #switch(t: number, app: App, page: Page, appChanged: boolean): void {
    this.#app = app;
    this.#page = page;
    this.#event(t, appChanged ? "app_switch" : "window_focus", null);
    const trigger = appChanged ? "app_switch" : "window_focus";
    for (let m = 0; m < this.#profile.monitors; m++) {
      const monitor = (this.#focus + m) % this.#profile.monitors;
      this.#frame(t + 60 + m * 25, trigger, monitor);
    }
  }

  #heartbeats(upTo: number): void {
    for (let m = 0; m < this.#last.length; m++) {
      let last = this.#last[m];
      while (last !== null && last.at + HEARTBEAT <= upTo) {
        last = this.#frame(last.at + HEARTBEAT + this.#rng.int(0, 40), "idle", m);
      }
    }
  }

  #frame(at: number, trigger: string, monitor: number): FrameRow {
    const rng = this.#rng;
    const prev = this.#last[monitor];
    const same = prev !== null && prev.page === this.#page;
    let layout: LayoutRow[] | null = null;
    let reuse: FrameRow | null = null;
    if (
      same && (prev.layout !== null || prev.reuse !== null) &&
      (trigger === "idle" || rng.chance(0.3))
    ) {
      reuse = prev.reuse ?? prev;
    } else if (rng.chance(this.#profile.elementRate)) {
      layout = this.#layoutFor(this.#page);
    }
    const frame: FrameRow = {
      at,
      micros: rng.int(0, 999),
      app: this.#app,
      page: this.#page,
      device: SCREENS[monitor].name,
      focused: monitor === this.#focus ? 1 : 0,
      trigger,
      layout,
      reuse,
      style: "rfc",
      blankApp: false,
      id: 0,
    };
    this.frames.push(frame);
    this.#last[monitor] = frame;
    return frame;
  }

  #layoutFor(page: Page): LayoutRow[] {
    const key = `${page.title}\u0000${page.url}`;
    let layout = this.#layouts.get(key);
    if (layout === undefined) {
      const size = Math.max(8, Math.round(this.#profile.elementSize * this.#rng.range(0.6, 1.4)));
      layout = buildLayout(page, { rng: this.#rng, size });
      this.#layouts.set(key, layout);
    }
    return layout;
  }

  #event(at: number, type: string, frame: FrameRow | null): EventRow {
    const row = blankEvent(
      { at, micros: this.#rng.int(0, 999), type, frame },
      this.#app,
      this.#page,
    );
    this.events.push(row);
    return row;
  }

  /** The frame an event is recorded against: the focused monitor's latest, sometimes. */
  #link(): FrameRow | null {
    return this.#rng.chance(0.6) ? this.#last[this.#focus] : null;
  }

  #act(t: number, action: Action, block: Block): number {
    const rng = this.#rng;
    switch (action) {
      case "type": {
        const keys = rng.int(0, 2);
        for (let i = 0; i < keys; i++) this.#key(t + i * 280);
        const text = typedText(rng, this.#page.layout);
        const end = t + keys * 280 + text.length * rng.int(120, 220);
        const row = this.#event(end, "text", this.#link());
        row.text = text;
        if (rng.chance(0.8)) this.#frame(end + 1500, "typing_pause", this.#focus);
        if (this.#page.url?.startsWith("https://www.google.com/search") && rng.chance(0.5)) {
          const q = encodeURIComponent(text).replace(/%20/g, "+");
          this.#switch(end + 900, this.#app, {
            ...this.#page,
            title: `${text} - Google Search`,
            url: `https://www.google.com/search?q=${q}`,
          }, false);
        }
        return end + 1600;
      }
      case "keys": {
        const n = rng.int(1, 3);
        for (let i = 0; i < n; i++) this.#key(t + i * 250);
        return t + n * 250;
      }
      case "click":
        return this.#click(t, block);
      case "scroll": {
        const n = rng.int(1, 5);
        const direction = rng.chance(0.8) ? 1 : -1;
        for (let i = 0; i < n; i++) {
          const row = this.#event(t + i * 110, "scroll", this.#link());
          row.deltaX = 0;
          row.deltaY = direction * rng.int(1, 12);
          this.#place(row);
        }
        const end = t + n * 110;
        if (rng.chance(0.65)) this.#frame(end + 400, "scroll_stop", this.#focus);
        return end + 400;
      }
      case "copy": {
        const row = this.#event(t, "clipboard", this.#link());
        row.text = rng.pick(this.#page.words);
        // screenpipe stores the clipboard operation's character code ('c' = 99) here.
        row.modifiers = 99;
        if (rng.chance(0.8)) this.#frame(t + 120, "clipboard", this.#focus);
        return t + 200;
      }
      case "navigate": {
        const page = this.#pageFor(block);
        this.#switch(t, this.#app, page, false);
        return t + 300;
      }
      case "visual":
        this.#frame(t, "visual_change", this.#focus);
        return t;
    }
  }

  #key(at: number): void {
    const [code, modifiers] = this.#rng.pick(KEYS);
    const row = this.#event(at, "key", this.#link());
    row.keyCode = code;
    row.modifiers = modifiers;
  }

  /** Screen position (global pixels) inside the focused monitor. */
  #place(row: EventRow, nx = this.#rng.range(0.05, 0.95), ny = this.#rng.range(0.08, 0.95)) {
    const screen = SCREENS[this.#focus];
    row.x = Math.round(screen.x + nx * screen.width);
    row.y = Math.round(ny * screen.height);
  }

  /** A click on something the last snapshot showed (it lands after that snapshot). */
  #click(t: number, block: Block): number {
    const rng = this.#rng;
    const screen = SCREENS[this.#focus];
    const shown = this.#last[this.#focus];
    const rows = shown?.layout ?? shown?.reuse?.layout ?? null;
    let target: LayoutRow | null = null;
    if (rows !== null) {
      for (let tries = 0; tries < 6 && target === null; tries++) {
        const r = rows[rng.int(0, rows.length - 1)];
        if (r.source === "accessibility" && CLICKABLE.has(r.role)) target = r;
      }
    }
    const nx = target !== null ? target.left + target.width / 2 : rng.range(0.05, 0.95);
    const ny = target !== null ? target.top + target.height / 2 : rng.range(0.08, 0.95);
    const moves = rng.int(0, 3);
    for (let i = moves; i > 0; i--) {
      const move = this.#event(t - i * 120, "move", null);
      this.#place(move, Math.max(0, nx - i * 0.02), ny);
    }
    const row = this.#event(t, "click", this.#link());
    this.#place(row, nx, ny);
    row.button = 0;
    row.clickCount = rng.chance(0.08) ? 2 : 1;
    if (target !== null) {
      if (rng.chance(0.32)) row.elementRole = target.role;
      if (rng.chance(0.07)) row.elementName = target.text;
      if (rng.chance(0.03)) {
        row.elementBounds = JSON.stringify({
          x: Math.round(screen.x + target.left * screen.width),
          y: Math.round(target.top * screen.height),
          width: Math.round(target.width * screen.width),
          height: Math.round(target.height * screen.height),
        });
      }
      if (rng.chance(0.02)) row.elementAutomationId = `btn-${target.role.slice(2).toLowerCase()}`;
    }
    if (rng.chance(0.6)) this.#frame(t + 180, "click", this.#focus);
    if (
      (block.kind === "browser" || block.kind === "leisure") && target?.role === "AXLink" &&
      rng.chance(0.5)
    ) {
      this.#switch(t + 650, this.#app, this.#pageFor(block), false);
      return t + 700;
    }
    return t + 200;
  }
}
