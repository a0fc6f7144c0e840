/**
 * The capture engine: drives a backend (X11, macOS, Windows), decides rows with the
 * recorder and writes them to the native store. Event-driven: it sleeps until the backend
 * reports a focus, title, input, screen or display change, or until the next deadline
 * (heartbeat, flush, typing pause, screen check).
 *
 * Durability: rows are committed at most `flushMs` (500 ms) after they are decided, so a
 * `kill -9` loses at most the last half second; SQLite's WAL keeps the file consistent,
 * and a restart continues with new refs and a `start` marker.
 *
 * @example
 * ```ts
 * const engine = new Engine({ backend: openX11Backend(), storePath, exclusions });
 * Deno.addSignalListener("SIGTERM", () => engine.stop("SIGTERM"));
 * await engine.run();
 * ```
 *
 * @module
 */

import type { Trigger } from "../src/model.ts";
import type { BackendEvent, CaptureBackend, WindowInfo } from "./_backend.ts";
import {
  type EngineOptions,
  type SettledEngineOptions,
  settleEngineOptions,
} from "./_engine_options.ts";
import { BROWSER_RE, type Pending, Recorder, type TabReport } from "./_recorder.ts";
import { EngineStore } from "./_engine_store.ts";
import { TabHold } from "./_tab_hold.ts";
import { type EngineStatus, writeStatus } from "./_status.ts";

interface Request {
  at: number;
  due: number;
  trigger: Trigger;
}

const STATUS_EVERY_MS = 10_000;

export type { EngineOptions } from "./_engine_options.ts";

/** The capture engine; see the module doc. */
export class Engine {
  #o: SettledEngineOptions;
  #backend: CaptureBackend;
  #store: EngineStore | undefined;
  #rec: Recorder | undefined;
  #running = false;
  #stopReason = "";
  #wake: (() => void) | undefined;
  #wakeP: Promise<void> | undefined;
  #request: Request | undefined;
  #typingAt: number | undefined;
  #pendingSince: number | undefined;
  #pendingDisplays: ReturnType<CaptureBackend["displays"]> | undefined;
  #unflushed: Pending | undefined;
  #lastScreenCheck = 0;
  #lastFocusPoll = 0;
  #lastStatus = 0;
  #lastRowAt: number | undefined;
  #idleMs: number | undefined;
  #started = 0;
  #focusedIsBrowser = false;
  #tabHold: TabHold;
  #browsersKnown = 0;

  constructor(opts: EngineOptions) {
    this.#o = settleEngineOptions(opts);
    this.#backend = opts.backend;
    this.#tabHold = new TabHold(this.#o.browserClassifyMs);
  }

  /** Rows written by this run. */
  get written(): EngineStore["written"] {
    return this.#store?.written ?? { snapshots: 0, events: 0, markers: 0 };
  }

  /** Ask the loop to finish: closing rows, a `stop` marker, a last flush. */
  stop(reason: string): void {
    this.#stopReason = reason;
    this.#running = false;
    this.#wake?.();
  }

  /** The browser extension reported the active tab. */
  reportTab(tab: TabReport): void {
    if (this.#rec === undefined) return;
    this.#rec.setTab(tab);
    if (this.#focusedIsBrowser) {
      this.#requestSnapshot(tab.at, "visual", tab.at + this.#o.settleMs);
      // An observation held for the extension's word need not wait any longer.
      if (this.#tabHold.holding(tab.at)) this.#request!.due = tab.at + this.#o.settleMs;
    }
    this.#wake?.();
  }

  /**
   * The X server (or OS session) vanished: write what is decided, synchronously, with a
   * `stop` marker. Called from the backend's connection-lost hook.
   */
  emergencyStop(reason: string): void {
    const rec = this.#rec;
    if (rec === undefined || this.#store === undefined) return;
    rec.marker({ at: Date.now(), kind: "stop", reason });
    this.#flush(Date.now());
    this.#log(`stopped: ${reason}`);
    this.#writeStatus(Date.now(), false);
  }

  /** Run until {@linkcode stop}; throws when the store cannot be opened. */
  async run(): Promise<void> {
    const b = this.#backend;
    const o = this.#o;
    await b.ready?.();
    this.#store = EngineStore.open(o.storePath, {
      location: b.location,
      capabilities: {
        input: b.can.input,
        elements: false,
        urls: o.ingestPort !== undefined || b.name === "macos",
        heartbeats: true,
        focus: true,
      },
      redact: o.redact,
    });
    const rec = new Recorder({
      exclusions: o.exclusions,
      firstRef: this.#store.firstRef,
      extensionBrowsers: o.extensionBrowsers,
    });
    this.#browsersKnown = rec.extensionBrowsers.length;
    this.#rec = rec;
    this.#running = true;
    const now = Date.now();
    this.#started = now;
    rec.marker({ at: now, kind: "start", reason: `${b.name} pid ${Deno.pid}` });
    this.#checkDisplays();
    this.#checkScreen(now);
    if (rec.away === undefined) this.#observe(now, "switch");
    this.#flush(now);
    this.#log(
      `capturing ${b.location} into ${o.storePath} (heartbeat ${o.heartbeatMs / 1000} s)`,
    );
    for (const m of b.missing) this.#log(`warning: ${m.what} is missing: ${m.effect}`);
    this.#writeStatus(now, true);
    try {
      while (this.#running) {
        const t = Date.now();
        const timeout = Math.max(0, this.#nextDeadline(t) - t);
        this.#wakeP = new Promise<void>((r) => this.#wake = r);
        const events = await b.next(timeout, this.#wakeP);
        this.#wake = undefined;
        this.#step(Date.now(), events);
      }
    } finally {
      const end = Date.now();
      if (rec.away === undefined) rec.heartbeat(end, 0, this.#idleMs);
      rec.marker({ at: end, kind: "stop", reason: this.#stopReason || "stopped" });
      this.#flush(end);
      this.#writeStatus(end, false);
      this.#store.close();
      this.#log(`stopped (${this.#stopReason || "stopped"})`);
    }
  }

  #log(line: string): void {
    this.#o.log?.(line);
  }

  #nextDeadline(now: number): number {
    const o = this.#o;
    let due = now + 60_000;
    const at = (t: number | undefined) => {
      if (t !== undefined && t < due) due = t;
    };
    if (this.#pendingSince !== undefined) at(this.#pendingSince + o.flushMs);
    at(this.#request?.due);
    if (this.#typingAt !== undefined) at(this.#typingAt + o.typingPauseMs);
    at(this.#lastScreenCheck + o.screenCheckMs);
    if (this.#backend.focusPollMs > 0) at(this.#lastFocusPoll + this.#backend.focusPollMs);
    at(this.#lastStatus + STATUS_EVERY_MS);
    if (this.#rec!.away === undefined) {
      for (const s of this.#rec!.lastRows().values()) at(s.at + o.heartbeatMs);
    }
    return due;
  }

  #requestSnapshot(at: number, trigger: Trigger, due: number): void {
    const r = this.#request;
    if (r === undefined) {
      this.#request = { at, due, trigger };
      return;
    }
    r.at = Math.min(r.at, at);
    r.due = Math.max(r.due, due);
    if (trigger === "input") r.trigger = "input";
  }

  #step(now: number, events: BackendEvent[]): void {
    const rec = this.#rec!;
    const o = this.#o;
    for (const e of events) {
      switch (e.type) {
        case "key":
          rec.input(e.at, "key");
          if (rec.away === undefined) this.#typingAt = e.at;
          break;
        case "scroll":
          rec.input(e.at, "scroll", e.x, e.y);
          break;
        case "click":
          rec.click(e.at, e.x, e.y);
          this.#requestSnapshot(e.at, "input", now + o.settleMs);
          break;
        case "focus":
          this.#requestSnapshot(now, "switch", now + o.settleMs);
          break;
        case "title":
          this.#requestSnapshot(
            now,
            "visual",
            now + (this.#focusedIsBrowser ? o.browserSettleMs : o.settleMs),
          );
          break;
        case "screen":
          this.#checkScreen(now);
          break;
        case "displays":
          this.#checkDisplays();
          break;
      }
    }
    const r = this.#request;
    if (r !== undefined && now >= r.due) {
      this.#request = undefined;
      this.#observe(r.at, r.trigger);
    }
    if (this.#typingAt !== undefined && now - this.#typingAt >= o.typingPauseMs) {
      this.#typingAt = undefined;
      this.#observe(now, "input");
    }
    if (this.#backend.focusPollMs > 0 && now - this.#lastFocusPoll >= this.#backend.focusPollMs) {
      this.#lastFocusPoll = now;
      this.#observe(now, "switch");
    }
    if (now - this.#lastScreenCheck >= o.screenCheckMs) this.#checkScreen(now);
    if (rec.away === undefined) {
      const rows = rec.lastRows();
      if ([...rows.values()].some((s) => now - s.at >= o.heartbeatMs)) {
        // Fresh idle time (and away state) for the heartbeat; then catch a change no
        // event announced before repeating the last row. A heartbeat does not wait for
        // the extension: an observation held for it is written first (withheld if still
        // unclassified), so the heartbeat repeats the window that holds focus.
        this.#checkScreen(now);
        const held = this.#request;
        if (held !== undefined && this.#tabHold.holding(now)) {
          this.#request = undefined;
          this.#tabHold.end(now);
          this.#observe(held.at, held.trigger);
        }
        this.#observe(now, "switch");
        this.#checkDisplays();
        rec.heartbeat(now, o.heartbeatMs, this.#idleMs, (id) => this.#backend.exists(id));
      }
    }
    if (rec.pendingCount > 0 && this.#pendingSince === undefined) this.#pendingSince = now;
    if (this.#pendingSince !== undefined && now - this.#pendingSince >= o.flushMs) {
      this.#flush(now);
    }
    if (now - this.#lastStatus >= STATUS_EVERY_MS) this.#writeStatus(now, true);
  }

  #observe(at: number, trigger: Trigger): void {
    const rec = this.#rec!;
    if (rec.away !== undefined) return;
    let win: WindowInfo | undefined;
    try {
      win = this.#backend.focused();
    } catch (err) {
      this.#log(`cannot read the focused window: ${(err as Error).message}`);
      return;
    }
    this.#focusedIsBrowser = win !== undefined &&
      (BROWSER_RE.test(win.app) || (win.aliases ?? []).some((a) => BROWSER_RE.test(a)));
    const unclassified = win !== undefined && rec.awaitsTab(win, at);
    const until = this.#tabHold.hold(win?.id ?? "", win?.title, unclassified, Date.now());
    if (until !== undefined) {
      this.#requestSnapshot(at, trigger, until);
      return;
    }
    rec.observe(at, win, trigger, this.#idleMs);
    const browsers = rec.extensionBrowsers;
    if (browsers.length !== this.#browsersKnown) {
      this.#browsersKnown = browsers.length;
      this.#o.onExtensionBrowsers?.(browsers);
    }
  }

  #checkScreen(now: number): void {
    this.#lastScreenCheck = now;
    const rec = this.#rec!;
    const s = this.#backend.screen();
    this.#idleMs = s.idleMs;
    if (s.away === rec.away) return;
    const was = rec.away;
    rec.setAway(now, s.away, s.idleMs);
    if (s.away !== undefined) {
      this.#typingAt = undefined;
      this.#request = undefined;
      this.#log(`screen away (${s.away}): capture paused`);
    } else {
      this.#log(`screen back (was ${was}): capture resumed`);
      this.#observe(now, "switch");
    }
    this.#writeStatus(now, true);
  }

  #checkDisplays(): void {
    const d = this.#backend.displays();
    if (this.#rec!.setDisplays(d)) {
      this.#pendingDisplays = d;
      this.#pendingSince ??= Date.now();
    }
  }

  #flush(now: number): void {
    const rec = this.#rec!;
    let p = rec.take();
    if (this.#unflushed !== undefined) p = merge(this.#unflushed, p);
    this.#pendingSince = undefined;
    const displays = this.#pendingDisplays;
    if (
      p.snapshots.length === 0 && p.events.length === 0 && p.markers.length === 0 &&
      displays === undefined
    ) return;
    try {
      const warning = this.#store!.write(p, displays);
      if (warning !== undefined) this.#log(warning);
      this.#unflushed = undefined;
      this.#pendingDisplays = undefined;
      const last = p.snapshots.at(-1)?.at;
      if (last !== undefined) this.#lastRowAt = Math.max(this.#lastRowAt ?? 0, last);
    } catch (err) {
      // Nothing of the batch was committed (one transaction): keep it and try again.
      this.#unflushed = p;
      this.#pendingSince = now;
      this.#log(`cannot write to the capture store: ${(err as Error).message}; retrying`);
    }
  }

  #writeStatus(now: number, running: boolean): void {
    this.#lastStatus = now;
    const path = this.#o.statusPath;
    if (path === undefined) return;
    const b = this.#backend;
    const status: EngineStatus = {
      pid: Deno.pid,
      running,
      started_ms: this.#started,
      updated_ms: now,
      backend: b.name,
      location: b.location,
      store: this.#o.storePath,
      can: { ...b.can },
      missing: [...b.missing],
      written: { ...this.written },
      last_row_ms: this.#lastRowAt ?? null,
      away: this.#rec?.away ?? null,
      heartbeat_ms: this.#o.heartbeatMs,
      ingest_port: this.#o.ingestPort ?? null,
    };
    try {
      writeStatus(path, status);
    } catch (err) {
      this.#log(`cannot write the status file: ${(err as Error).message}`);
    }
  }
}

function merge(a: Pending, b: Pending): Pending {
  return {
    snapshots: [...a.snapshots, ...b.snapshots],
    events: [...a.events, ...b.events],
    markers: [...a.markers, ...b.markers],
    idle: new Map([...a.idle, ...b.idle]),
  };
}
