/**
 * The Linux X11 backend: focus and titles from EWMH (`_NET_ACTIVE_WINDOW`, `_NET_WM_NAME`)
 * with a fallback to the X input focus when no EWMH window manager runs; app identity from
 * `WM_CLASS` and `_NET_WM_PID` → `/proc/PID/comm`; idle time and screen-saver state from
 * MIT-SCREEN-SAVER; monitors from RandR; key presses and button presses from XInput2 raw
 * events (counts and the pointer position at the press, never which key).
 *
 * Event-driven: the backend sleeps in `poll` on the X socket until the server reports a
 * property change, a focus change, a raw input event or a screen-saver or RandR change.
 *
 * @example
 * ```ts
 * const backend = openX11Backend();
 * console.log(backend.focused()?.app);
 * backend.close();
 * ```
 *
 * @module
 */

import type { DisplayGeometry } from "../../src/model.ts";
import type {
  BackendEvent,
  CaptureBackend,
  Missing,
  ScreenState,
  WindowInfo,
} from "../_backend.ts";
import { i32, u64 } from "./_ffi.ts";
import { X, XConnection, XEVENT_SIZE, type XMonitor } from "./_xlib.ts";
import { LockWatcher } from "./_logind.ts";

/** Options for {@linkcode openX11Backend}. */
export interface X11BackendOptions {
  /** The X display, default `$DISPLAY`. */
  display?: string;
  /** Host name recorded in the provenance location. */
  hostname?: string;
  /** Called synchronously if the X server goes away (Xlib exits the process afterwards). */
  onConnectionLost?: () => void;
}

/** Open the X display and set up every event source the server offers. */
export function openX11Backend(opts: X11BackendOptions = {}): CaptureBackend {
  return new X11Backend(XConnection.open(opts.display), opts);
}

const TITLE_ATOMS = ["_NET_WM_NAME", "WM_NAME"];

class X11Backend implements CaptureBackend {
  readonly name = "x11";
  readonly location: string;
  readonly can: CaptureBackend["can"];
  readonly missing: Missing[] = [];
  readonly focusPollMs: number;
  #x: XConnection;
  #buf = new Uint8Array(XEVENT_SIZE);
  #watched = 0;
  #xiOpcode = -1;
  #ssEvent = -1;
  #rrEvent = -1;
  #ssInfo: Deno.PointerValue = null;
  #inflight: Promise<unknown> | undefined;
  #lock: LockWatcher;
  #titleAtoms: Set<number>;

  constructor(x: XConnection, opts: X11BackendOptions) {
    this.#x = x;
    if (opts.onConnectionLost) x.onConnectionLost(opts.onConnectionLost);
    this.location = `x11:${x.name}@${opts.hostname ?? Deno.hostname()}`;
    for (const lib of x.libs.missing) {
      this.missing.push({ what: lib, effect: libEffect(lib) });
    }
    x.selectInput(x.root, X.PropertyChangeMask | X.FocusChangeMask);
    const input = this.#setupXi();
    const idle = this.#setupScreenSaver();
    const geometry = this.#setupRandr();
    this.#lock = new LockWatcher();
    this.can = { input, idle, lock: idle || this.#lock.available, geometry };
    // Without an EWMH window manager X sends no focus event to the root window for every
    // change, so the engine re-reads the input focus now and then.
    this.focusPollMs = this.#ewmh() ? 0 : 500;
    this.#titleAtoms = new Set(TITLE_ATOMS.map((a) => x.atom(a)));
    x.flush();
  }

  #setupXi(): boolean {
    const xi = this.#x.libs.xi;
    if (xi === undefined) return false;
    const ext = this.#x.extension("XInputExtension");
    if (ext === undefined) {
      this.missing.push({
        what: "X extension XInputExtension",
        effect: "key presses and clicks are not counted",
      });
      return false;
    }
    const major = new Uint8Array(4), minor = new Uint8Array(4);
    new DataView(major.buffer).setInt32(0, 2, true);
    new DataView(minor.buffer).setInt32(0, 2, true);
    if (xi.XIQueryVersion(this.#x.dpy, major, minor) !== 0) {
      this.missing.push({
        what: "XInput 2.2 on the X server",
        effect: "key presses and clicks are not counted",
      });
      return false;
    }
    const mask = new Uint8Array(4);
    mask[X.XI_RawKeyPress >> 3] |= 1 << (X.XI_RawKeyPress & 7);
    mask[X.XI_RawButtonPress >> 3] |= 1 << (X.XI_RawButtonPress & 7);
    const em = new Uint8Array(16);
    const v = new DataView(em.buffer);
    v.setInt32(0, X.XIAllMasterDevices, true);
    v.setInt32(4, mask.length, true);
    v.setBigUint64(8, BigInt(Deno.UnsafePointer.value(Deno.UnsafePointer.of(mask))), true);
    const status = xi.XISelectEvents(this.#x.dpy, BigInt(this.#x.root), em, 1);
    this.#x.sync();
    if (status !== 0) {
      this.missing.push({
        what: "XInput2 raw events",
        effect: "key presses and clicks are not counted",
      });
      return false;
    }
    this.#xiOpcode = ext.opcode;
    return true;
  }

  #setupScreenSaver(): boolean {
    const xss = this.#x.libs.xss;
    if (xss === undefined) return false;
    const ev = new Uint8Array(4), er = new Uint8Array(4);
    if (xss.XScreenSaverQueryExtension(this.#x.dpy, ev, er) === 0) {
      this.missing.push({
        what: "X extension MIT-SCREEN-SAVER",
        effect: "idle time and screen-saver state are unknown; heartbeats do not stop for it",
      });
      return false;
    }
    this.#ssEvent = i32(ev);
    this.#ssInfo = xss.XScreenSaverAllocInfo();
    xss.XScreenSaverSelectInput(this.#x.dpy, BigInt(this.#x.root), BigInt(X.ScreenSaverNotifyMask));
    return true;
  }

  #setupRandr(): boolean {
    const rr = this.#x.libs.xrandr;
    if (rr === undefined) return false;
    const ev = new Uint8Array(4), er = new Uint8Array(4);
    if (rr.XRRQueryExtension(this.#x.dpy, ev, er) === 0) {
      this.missing.push({
        what: "X extension RANDR",
        effect: "one display is assumed (the whole screen)",
      });
      return false;
    }
    this.#rrEvent = i32(ev);
    rr.XRRSelectInput(this.#x.dpy, BigInt(this.#x.root), X.RRScreenChangeNotifyMask);
    return true;
  }

  /** Whether an EWMH window manager publishes `_NET_ACTIVE_WINDOW`. */
  #ewmh(): boolean {
    const check = this.#x.cardinal(this.#x.root, "_NET_SUPPORTING_WM_CHECK");
    return check !== undefined && check !== 0 &&
      this.#x.property(this.#x.root, "_NET_ACTIVE_WINDOW", 1) !== undefined;
  }

  /** The client window holding focus: EWMH first, else the X input focus. */
  #activeWindow(): number {
    const x = this.#x;
    const active = x.property(x.root, "_NET_ACTIVE_WINDOW", 1);
    if (active !== undefined && active.format === 32 && active.items > 0) {
      const w = u64(active.data);
      if (w !== 0 && w !== x.root) return w;
      // An EWMH manager saying "none" is authoritative: the desktop has focus.
      if (x.cardinal(x.root, "_NET_SUPPORTING_WM_CHECK")) return 0;
    }
    return this.#clientOf(x.inputFocus());
  }

  /** Walk from a focus window to the client window carrying WM_CLASS. */
  #clientOf(focus: number): number {
    const x = this.#x;
    if (focus === 0 || focus === 1 || focus === x.root) return 0;
    let w = focus;
    for (let depth = 0; depth < 32; depth++) {
      if (x.property(w, "WM_CLASS", 1) !== undefined) return w;
      const t = x.tree(w);
      if (t === undefined) return 0;
      if (t.parent === x.root || t.parent === 0) {
        // A reparenting manager without EWMH: the client is a child of the frame.
        for (const c of t.children) {
          if (x.property(c, "WM_STATE", 1) !== undefined) return c;
        }
        return w;
      }
      w = t.parent;
    }
    return focus;
  }

  focused(): WindowInfo | undefined {
    const x = this.#x;
    const w = this.#activeWindow();
    this.#watch(w);
    if (w === 0) return undefined;
    const title = x.text(w, "_NET_WM_NAME") ?? x.text(w, "WM_NAME");
    const cls = x.property(w, "WM_CLASS", 256);
    const [instance, klass] = cls === undefined
      ? []
      : new TextDecoder("latin1").decode(cls.data).split("\0");
    const pid = x.cardinal(w, "_NET_WM_PID");
    const process = pid === undefined ? undefined : processName(pid);
    const app = klass || instance || process || "unknown";
    const aliases = [
      ...new Set(
        [instance, klass, process].filter((s): s is string => !!s).map((s) => s.toLowerCase()),
      ),
    ];
    const info: WindowInfo = { id: String(w), app, aliases };
    if (title !== undefined && title !== "") info.title = title;
    if (pid !== undefined) info.pid = pid;
    if (process !== undefined) info.process = process;
    const g = x.geometry(w);
    if (g !== undefined) info.bounds = g;
    return info;
  }

  /** Watch the focused window for title changes and its destruction. */
  #watch(w: number): void {
    if (w === this.#watched) return;
    if (this.#watched !== 0) this.#x.selectInput(this.#watched, 0);
    if (w !== 0) {
      this.#x.selectInput(w, X.PropertyChangeMask | X.StructureNotifyMask | X.FocusChangeMask);
    }
    this.#watched = w;
    this.#x.flush();
  }

  exists(id: string): boolean {
    const w = Number(id);
    return Number.isInteger(w) && w > 0 && this.#x.geometry(w) !== undefined;
  }

  displays(): DisplayGeometry[] {
    const monitors = this.#monitors();
    return monitors.map((m) => ({
      display: m.name,
      x: m.x,
      y: m.y,
      width: m.width,
      height: m.height,
      scale: 1,
    }));
  }

  #monitors(): XMonitor[] {
    const out = this.#rrEvent >= 0 ? this.#x.monitors() : [];
    if (out.length > 0) return out;
    const size = this.#x.screenSize();
    return [{ name: "screen", primary: true, x: 0, y: 0, ...size }];
  }

  screen(): ScreenState {
    const out: ScreenState = {};
    const xss = this.#x.libs.xss;
    if (xss !== undefined && this.#ssInfo !== null) {
      if (xss.XScreenSaverQueryInfo(this.#x.dpy, BigInt(this.#x.root), this.#ssInfo) !== 0) {
        const view = new Deno.UnsafePointerView(this.#ssInfo);
        const state = view.getInt32(8);
        out.idleMs = Number(view.getBigUint64(24));
        if (state === 1) out.away = "screensaver";
      }
    }
    const xext = this.#x.libs.xext;
    if (xext !== undefined && out.away === undefined) {
      const a = new Uint8Array(4), b = new Uint8Array(4);
      if (xext.DPMSQueryExtension(this.#x.dpy, a, b) !== 0) {
        const level = new Uint8Array(2), enabled = new Uint8Array(1);
        if (xext.DPMSInfo(this.#x.dpy, level, enabled) !== 0 && enabled[0] !== 0) {
          // DPMSModeOn = 0; standby, suspend and off all mean the monitor sleeps.
          if (new DataView(level.buffer).getUint16(0, true) !== 0) out.away = "asleep";
        }
      }
    }
    if (this.#lock.locked) out.away = "locked";
    return out;
  }

  async next(timeoutMs: number, wake?: Promise<unknown>): Promise<BackendEvent[]> {
    const ready = this.#drain();
    if (ready.length > 0) return ready;
    if (this.#inflight === undefined) {
      const p = this.#x.waitReadable(Math.min(timeoutMs, 1000));
      this.#inflight = p;
      p.finally(() => {
        if (this.#inflight === p) this.#inflight = undefined;
      });
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const sleep = new Promise((r) => timer = setTimeout(r, Math.max(0, timeoutMs)));
    try {
      await Promise.race([this.#inflight, sleep, ...(wake ? [wake] : [])]);
    } finally {
      clearTimeout(timer);
    }
    return this.#drain();
  }

  #drain(): BackendEvent[] {
    const x = this.#x;
    const out: BackendEvent[] = [];
    const buf = this.#buf;
    while (x.pending() > 0) {
      x.nextEvent(buf);
      const type = i32(buf, 0) & 0x7f;
      if (type === X.PropertyNotify) {
        const window = u64(buf, 32), atom = u64(buf, 40);
        if (window === x.root) {
          if (
            atom === x.atom("_NET_ACTIVE_WINDOW") || atom === x.atom("_NET_SUPPORTING_WM_CHECK")
          ) {
            out.push({ type: "focus" });
          }
        } else if (window === this.#watched && this.#titleAtoms.has(atom)) {
          out.push({ type: "title" });
        }
      } else if (
        type === X.FocusIn || type === X.FocusOut || type === X.DestroyNotify ||
        type === X.UnmapNotify
      ) {
        out.push({ type: "focus" });
      } else if (type === X.GenericEvent && i32(buf, 32) === this.#xiOpcode) {
        const e = this.#rawEvent();
        if (e !== undefined) out.push(e);
      } else if (this.#ssEvent >= 0 && type === this.#ssEvent) {
        out.push({ type: "screen" });
      } else if (this.#rrEvent >= 0 && type === this.#rrEvent) {
        out.push({ type: "displays" });
      }
    }
    return out;
  }

  #rawEvent(): BackendEvent | undefined {
    const x = this.#x;
    const buf = this.#buf;
    if (x.libs.x11.XGetEventData(x.dpy, buf) === 0) return undefined;
    try {
      const evtype = i32(buf, 36);
      const at = Date.now();
      if (evtype === X.XI_RawKeyPress) return { type: "key", at };
      if (evtype !== X.XI_RawButtonPress) return undefined;
      const data = Deno.UnsafePointer.create(BigInt(u64(buf, 48)));
      if (data === null) return undefined;
      const button = new Deno.UnsafePointerView(data).getInt32(56);
      // The pointer is where the press happened: read it now, before it moves on.
      const p = x.pointer();
      if (button >= 4 && button <= 7) return { type: "scroll", at, ...p };
      return { type: "click", at, button, ...p };
    } finally {
      x.libs.x11.XFreeEventData(x.dpy, buf);
    }
  }

  close(): void {
    this.#lock.close();
    if (this.#ssInfo !== null) this.#x.libs.x11.XFree(this.#ssInfo);
    this.#x.close();
  }
}

function libEffect(lib: string): string {
  if (lib.startsWith("libXss")) return "idle time and screen-saver state are unknown";
  if (lib.startsWith("libXi")) return "key presses and clicks are not counted";
  if (lib.startsWith("libXrandr")) return "one display is assumed (the whole screen)";
  if (lib.startsWith("libXext")) return "monitor power state (DPMS) is unknown";
  if (lib.startsWith("libc")) return "the engine polls the X connection instead of sleeping";
  return "unknown";
}

function processName(pid: number): string | undefined {
  try {
    return Deno.readTextFileSync(`/proc/${pid}/comm`).trim() || undefined;
  } catch {
    return undefined;
  }
}
