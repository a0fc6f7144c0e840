/**
 * The engine's decisions, free of I/O and clocks: given what the backend observed and
 * when, which snapshot, input and marker rows to write. engine.ts feeds it; tests drive
 * it with explicit times.
 *
 * Streams: one per display. The display holding the focused window gets a `focused` row on
 * every focus, title, URL change and click; when focus moves to another display, the old
 * display's stream keeps its window, now unfocused, so "visible" and "focused" time can be
 * told apart without stamping the focused app onto every display. Every stream gets a
 * heartbeat row once `heartbeatMs` passes without a row while the screen is awake and
 * unlocked; nothing is written while it is away, and `away` / `back` markers bracket the
 * gap.
 *
 * @module
 */

import type { DisplayGeometry, InputEvent, Snapshot, Trigger } from "../src/model.ts";
import type { AwayReason, WindowInfo } from "./_backend.ts";
import { EXCLUDED_APP, type ExclusionKind, type Exclusions, withheldTitle } from "./exclusions.ts";
import { TabMemory, type TabReport, type TabVerdict } from "./_tabs.ts";

export type { TabReport } from "./_tabs.ts";

/** App name written when no window holds focus. */
export const DESKTOP_APP = "Desktop";

/** Browser apps whose snapshots may carry the URL reported by the extension. */
export const BROWSER_RE =
  /chrom|firefox|brave|edge|opera|vivaldi|safari|\barc\b|librewolf|waterfox|yandex/i;

/** A marker row: engine start/stop and the edges of away periods. */
export interface Marker {
  at: number;
  kind: "start" | "stop" | "away" | "back";
  reason?: string;
  display?: string;
}

/** Rows decided since the last `take()`. */
export interface Pending {
  snapshots: Snapshot[];
  events: InputEvent[];
  markers: Marker[];
  /** Idle ms at the time of a snapshot, by snapshot ref. */
  idle: Map<number, number>;
}

/** Options for {@linkcode Recorder}. */
export interface RecorderOptions {
  exclusions: Exclusions;
  /** First ref to hand out (refs continue across engine restarts). */
  firstRef: number;
  /**
   * Browser apps (lower-case) the extension is known to run in: their windows are withheld
   * as private until a tab report classifies them. Learned from matching reports too.
   */
  extensionBrowsers?: Iterable<string>;
}

interface Content {
  windowId: string;
  app: string;
  title?: string;
  url?: string;
  excluded?: ExclusionKind;
}

interface Stream {
  content: Content;
  focused: boolean;
  lastAt: number;
  lastRef: number;
}

/** A click waiting for the snapshot that records it. */
interface PendingClick {
  at: number;
  x?: number;
  y?: number;
}

/** Decides rows; see the module doc. */
export class Recorder {
  #opts: RecorderOptions;
  #ref: number;
  #streams = new Map<string, Stream>();
  #displays: DisplayGeometry[] = [];
  #focusDisplay: string | undefined;
  #away: AwayReason | undefined;
  #tabs = new TabMemory();
  #extensionBrowsers: Set<string>;
  #pending: Pending = emptyPending();
  #clicks: PendingClick[] = [];

  constructor(opts: RecorderOptions) {
    this.#opts = opts;
    this.#ref = opts.firstRef;
    this.#extensionBrowsers = new Set(
      [...opts.extensionBrowsers ?? []].map((a) => a.toLowerCase()),
    );
  }

  /** Browser apps the extension is known to run in (given, and learned from its reports). */
  get extensionBrowsers(): readonly string[] {
    return [...this.#extensionBrowsers];
  }

  /** Whether the screen is currently away (locked, screen saver, asleep). */
  get away(): AwayReason | undefined {
    return this.#away;
  }

  /** Displays currently known, sorted as the backend gave them. */
  get displays(): readonly DisplayGeometry[] {
    return this.#displays;
  }

  /** Streams' last rows, for heartbeat scheduling: display → last row time. */
  lastRows(): Map<string, { at: number; focused: boolean; windowId: string }> {
    const out = new Map<string, { at: number; focused: boolean; windowId: string }>();
    for (const [d, s] of this.#streams) {
      out.set(d, { at: s.lastAt, focused: s.focused, windowId: s.content.windowId });
    }
    return out;
  }

  /** Rows decided so far; clears them. */
  take(): Pending {
    const p = this.#pending;
    this.#pending = emptyPending();
    return p;
  }

  /** Rows waiting to be taken. */
  get pendingCount(): number {
    const p = this.#pending;
    return p.snapshots.length + p.events.length + p.markers.length;
  }

  marker(m: Marker): void {
    this.#pending.markers.push(m);
  }

  /** New display geometry; returns whether it changed. */
  setDisplays(displays: DisplayGeometry[]): boolean {
    const same = JSON.stringify(displays) === JSON.stringify(this.#displays);
    this.#displays = displays;
    return !same;
  }

  /** A report of the active tab from the browser extension. */
  setTab(tab: TabReport): void {
    this.#tabs.add(tab);
  }

  /**
   * Whether `win` is a window of a browser the extension runs in that no report has
   * classified yet: recording it at `at` now would withhold it as private.
   */
  awaitsTab(win: WindowInfo | undefined, at: number): boolean {
    return win !== undefined && this.#verdict(win, at) === "unknown";
  }

  /**
   * What is known about a browser window's privacy: the backend's own word, a report's,
   * `unknown` (a window of a browser the extension runs in, not yet classified: private
   * until it is) or `undefined` (not a browser, or one the extension does not run in).
   */
  #verdict(win: WindowInfo, at: number): TabVerdict | "unknown" | undefined {
    if (win.url !== undefined || win.private !== undefined || !isBrowser(win)) return undefined;
    const v = this.#tabs.classify(win.id, win.title, at);
    const app = win.app.toLowerCase();
    if (v !== undefined) {
      this.#extensionBrowsers.add(app);
      return v;
    }
    const guarded = this.#opts.exclusions.rules.privateWindows &&
      this.#extensionBrowsers.has(app);
    return guarded ? "unknown" : undefined;
  }

  /** The display a window is on: the one holding its centre, else the largest overlap. */
  displayOf(bounds: WindowInfo["bounds"]): string {
    const ds = this.#displays;
    if (ds.length === 0) return "screen";
    if (bounds === undefined) return this.#focusDisplay ?? ds[0].display;
    const cx = bounds.x + bounds.width / 2, cy = bounds.y + bounds.height / 2;
    const hit = ds.find((d) => inside(d, cx, cy));
    if (hit) return hit.display;
    let best = ds[0], area = -1;
    for (const d of ds) {
      const w = Math.min(d.x + d.width, bounds.x + bounds.width) - Math.max(d.x, bounds.x);
      const h = Math.min(d.y + d.height, bounds.y + bounds.height) - Math.max(d.y, bounds.y);
      const a = Math.max(0, w) * Math.max(0, h);
      if (a > area) [best, area] = [d, a];
    }
    return best.display;
  }

  /** The display under a point, if any. */
  displayAt(x: number, y: number): string | undefined {
    return this.#displays.find((d) => inside(d, x, y))?.display;
  }

  #content(win: WindowInfo | undefined, at: number): Content {
    if (win === undefined) return { windowId: "", app: DESKTOP_APP };
    let url = win.url;
    let incognito = win.private === true;
    const v = this.#verdict(win, at);
    if (v === "unknown" || v?.private) incognito = true;
    else if (v !== undefined && v.url !== "") url = v.url;
    const kind = this.#opts.exclusions.match({
      app: win.app,
      aliases: win.aliases,
      title: win.title,
      url,
      private: incognito,
    });
    if (kind !== undefined) {
      return { windowId: win.id, app: EXCLUDED_APP, title: withheldTitle(kind), excluded: kind };
    }
    const c: Content = { windowId: win.id, app: clean(win.app) || "unknown" };
    if (win.title !== undefined) c.title = clean(win.title);
    if (url) c.url = url;
    return c;
  }

  /**
   * Record what holds focus at `at`. A row is written when the content or display changed,
   * or always when `trigger` is `input` (a click or a typing pause). Clicks waiting for
   * this snapshot are written with it.
   */
  observe(at: number, win: WindowInfo | undefined, trigger: Trigger, idleMs?: number): void {
    if (this.#away !== undefined) {
      this.#clicks = [];
      return;
    }
    const content = this.#content(win, at);
    const display = win === undefined
      ? this.#focusDisplay ?? this.displayOf(undefined)
      : this.displayOf(win.bounds);
    const prev = this.#focusDisplay;
    if (prev !== undefined && prev !== display) {
      const old = this.#streams.get(prev);
      if (old !== undefined && old.focused) this.#write(at, prev, old.content, false, "switch");
    }
    this.#focusDisplay = display;
    const cur = this.#streams.get(display);
    const changedWindow = cur === undefined || cur.content.windowId !== content.windowId ||
      cur.content.app !== content.app || !cur.focused;
    const changedView = !changedWindow &&
      (cur!.content.title !== content.title || cur!.content.url !== content.url);
    let ref: number | undefined;
    if (changedWindow) ref = this.#write(at, display, content, true, "switch", idleMs);
    else if (changedView) ref = this.#write(at, display, content, true, "visual", idleMs);
    else if (trigger === "input") ref = this.#write(at, display, content, true, "input", idleMs);
    const stream = this.#streams.get(display)!;
    for (const c of this.#clicks) {
      this.#event(
        c.at,
        "click",
        c.x !== undefined ? this.displayAt(c.x, c.y!) ?? display : display,
        {
          content: stream.content,
          ref: ref ?? stream.lastRef,
          x: c.x,
          y: c.y,
        },
      );
    }
    this.#clicks = [];
  }

  /** A click at `at` (root pixels); it is written with the snapshot that follows it. */
  click(at: number, x?: number, y?: number): void {
    if (this.#away !== undefined) return;
    this.#clicks.push({ at, x, y });
  }

  /** A key press or scroll notch: counted against the focused display's current window. */
  input(at: number, kind: "key" | "scroll", x?: number, y?: number): void {
    if (this.#away !== undefined) return;
    const display = this.#focusDisplay;
    const stream = display === undefined ? undefined : this.#streams.get(display);
    if (display === undefined || stream === undefined) return;
    const d = kind === "scroll" && x !== undefined ? this.displayAt(x, y!) ?? display : display;
    this.#event(at, kind, d, { content: stream.content, ref: stream.lastRef, x, y });
  }

  #event(
    at: number,
    kind: InputEvent["kind"],
    display: string,
    o: { content: Content; ref: number; x?: number; y?: number },
  ): void {
    const e: InputEvent = { ref: this.#ref++, at, kind, display, snapshotRef: o.ref };
    const c = o.content;
    e.app = c.app;
    if (c.title !== undefined) e.title = c.title;
    if (c.url !== undefined) e.url = c.url;
    // Where a withheld window was clicked is content too.
    if (c.excluded === undefined && o.x !== undefined && o.y !== undefined) {
      e.x = o.x;
      e.y = o.y;
    }
    this.#pending.events.push(e);
  }

  #write(
    at: number,
    display: string,
    content: Content,
    focused: boolean,
    trigger: Trigger,
    idleMs?: number,
  ): number {
    const ref = this.#ref++;
    const s: Snapshot = { ref, at, display, app: content.app, trigger, focused };
    if (content.title !== undefined) s.title = content.title;
    if (content.url !== undefined) s.url = content.url;
    this.#pending.snapshots.push(s);
    if (idleMs !== undefined) this.#pending.idle.set(ref, idleMs);
    this.#streams.set(display, { content, focused, lastAt: at, lastRef: ref });
    return ref;
  }

  /**
   * Heartbeats: every stream whose last row is at least `everyMs` old gets one (same
   * content, trigger `heartbeat`, the idle time). `alive` says whether an unfocused
   * stream's window still exists; a vanished one ends its stream.
   */
  heartbeat(at: number, everyMs: number, idleMs?: number, alive?: (id: string) => boolean): void {
    if (this.#away !== undefined) return;
    for (const [display, s] of [...this.#streams]) {
      if (at - s.lastAt < everyMs) continue;
      if (!s.focused && s.content.windowId !== "" && alive && !alive(s.content.windowId)) {
        this.#streams.delete(display);
        continue;
      }
      this.#write(at, display, s.content, s.focused, "heartbeat", idleMs);
    }
  }

  /**
   * The screen went away (`reason`) or came back (`undefined`). Going away writes a closing
   * heartbeat on every stream (its time up to now is certain) and an `away` marker; coming
   * back writes a `back` marker; the caller then observes the focused window again.
   */
  setAway(at: number, reason: AwayReason | undefined, idleMs?: number): void {
    if (reason === this.#away) return;
    if (reason !== undefined && this.#away === undefined) {
      this.heartbeat(at, 0, idleMs);
      this.#pending.markers.push({ at, kind: "away", reason });
      this.#clicks = [];
    } else if (reason === undefined) {
      this.#pending.markers.push({ at, kind: "back", reason: this.#away });
      // Streams restart from what is seen now, beginning with the focused window.
      this.#streams.clear();
      this.#focusDisplay = undefined;
    }
    this.#away = reason;
  }
}

function emptyPending(): Pending {
  return { snapshots: [], events: [], markers: [], idle: new Map() };
}

function inside(d: DisplayGeometry, x: number, y: number): boolean {
  return x >= d.x && x < d.x + d.width && y >= d.y && y < d.y + d.height;
}

function isBrowser(win: WindowInfo): boolean {
  return BROWSER_RE.test(win.app) || (win.aliases ?? []).some((a) => BROWSER_RE.test(a));
}

/** Remove control and invisible format characters from a name. */
function clean(s: string): string {
  // deno-lint-ignore no-control-regex -- control characters are exactly what is removed
  return s.replace(/[\u0000-\u001f\u007f\u200b-\u200f\u2060\ufeff]/g, "").trim();
}
