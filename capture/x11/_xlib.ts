/**
 * A thin, typed layer over one Xlib connection: atoms, window properties, focus, geometry,
 * the pointer, extensions and the event queue. All calls happen on the main thread; only
 * libc `poll` on the connection's socket runs on a worker thread (see `waitReadable`).
 *
 * X protocol errors (a window destroyed between two requests) are swallowed by an error
 * handler instead of Xlib's default, which would exit the process.
 *
 * @module
 */

import { cstr, i32, loadX11Libraries, u32, u64, type X11Libraries } from "./_ffi.ts";

/** XEvent is a union of 24 longs. */
export const XEVENT_SIZE = 192;

/** X event type codes and masks used by the backend. */
export const X = {
  KeyPress: 2,
  FocusIn: 9,
  FocusOut: 10,
  DestroyNotify: 17,
  UnmapNotify: 18,
  PropertyNotify: 28,
  GenericEvent: 35,
  StructureNotifyMask: 1 << 17,
  FocusChangeMask: 1 << 21,
  PropertyChangeMask: 1 << 22,
  AnyPropertyType: 0,
  ScreenSaverNotifyMask: 1,
  RRScreenChangeNotifyMask: 1,
  XI_RawKeyPress: 13,
  XI_RawButtonPress: 15,
  XIAllMasterDevices: 1,
} as const;

const ERROR_HANDLER = { parameters: ["pointer", "pointer"], result: "i32" } as const;
const IO_HANDLER = { parameters: ["pointer"], result: "i32" } as const;

/** A property's raw value. */
export interface XProperty {
  type: number;
  /** 8, 16 or 32; 32-bit items come back as 8-byte longs on 64-bit hosts. */
  format: number;
  items: number;
  data: Uint8Array;
}

/** A rectangle in root-window pixels. */
export interface XRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One RandR monitor. */
export interface XMonitor extends XRect {
  name: string;
  primary: boolean;
}

/** Raised when the X server cannot be reached. */
export class XDisplayError extends Error {
  override name = "XDisplayError";
}

/** One open X display connection. */
export class XConnection {
  readonly libs: X11Libraries;
  readonly dpy: Deno.PointerObject;
  readonly root: number;
  readonly name: string;
  #atoms = new Map<string, number>();
  #errorHandler: Deno.UnsafeCallback<typeof ERROR_HANDLER>;
  #ioHandler?: Deno.UnsafeCallback<typeof IO_HANDLER>;
  #pollBuf = new Uint8Array(8);
  #fd: number;
  /** X errors swallowed since the connection opened (BadWindow for vanished windows). */
  errors = 0;

  private constructor(libs: X11Libraries, dpy: Deno.PointerObject, name: string) {
    this.libs = libs;
    this.dpy = dpy;
    this.name = name;
    this.root = Number(libs.x11.XDefaultRootWindow(dpy));
    this.#fd = libs.x11.XConnectionNumber(dpy);
    this.#errorHandler = new Deno.UnsafeCallback(
      ERROR_HANDLER,
      () => {
        this.errors++;
        return 0;
      },
    );
    libs.x11.XSetErrorHandler(this.#errorHandler.pointer);
  }

  /**
   * Open `displayName` (default `$DISPLAY`). Throws {@linkcode XDisplayError} when no display
   * is set or the server refuses the connection.
   */
  static open(displayName?: string): XConnection {
    const name = displayName ?? Deno.env.get("DISPLAY") ?? "";
    if (name === "") {
      throw new XDisplayError(
        "Cannot start X11 capture: DISPLAY is not set; run inside an X session or set DISPLAY (e.g. DISPLAY=:0)",
      );
    }
    const libs = loadX11Libraries();
    const dpy = libs.x11.XOpenDisplay(cstr(name));
    if (dpy === null) {
      libs.close();
      throw new XDisplayError(
        `Cannot open X display "${name}": the server is not running or refuses the connection (check DISPLAY and XAUTHORITY)`,
      );
    }
    return new XConnection(libs, dpy, name);
  }

  /** Run `onLost` (synchronously) when the server connection dies, before Xlib exits. */
  onConnectionLost(onLost: () => void): void {
    const handler = new Deno.UnsafeCallback(IO_HANDLER, () => {
      onLost();
      return 0;
    });
    this.#ioHandler = handler;
    this.libs.x11.XSetIOErrorHandler(handler.pointer);
  }

  close(): void {
    this.libs.x11.XCloseDisplay(this.dpy);
    this.#errorHandler.close();
    this.#ioHandler?.close();
    this.libs.close();
  }

  atom(name: string): number {
    let a = this.#atoms.get(name);
    if (a === undefined) {
      a = Number(this.libs.x11.XInternAtom(this.dpy, cstr(name), 0));
      this.#atoms.set(name, a);
    }
    return a;
  }

  atomName(atom: number): string | undefined {
    const p = this.libs.x11.XGetAtomName(this.dpy, BigInt(atom));
    if (p === null) return undefined;
    const s = Deno.UnsafePointerView.getCString(p);
    this.libs.x11.XFree(p);
    return s;
  }

  /** A window property, or `undefined` when absent (or the window is gone). */
  property(window: number, name: string, maxLongs = 1024): XProperty | undefined {
    const type = new Uint8Array(8), format = new Uint8Array(4), nitems = new Uint8Array(8);
    const after = new Uint8Array(8), prop = new Uint8Array(8);
    const status = this.libs.x11.XGetWindowProperty(
      this.dpy,
      BigInt(window),
      BigInt(this.atom(name)),
      0n,
      BigInt(maxLongs),
      0,
      BigInt(X.AnyPropertyType),
      type,
      format,
      nitems,
      after,
      prop,
    );
    const ptr = u64(prop);
    if (status !== 0 || ptr === 0) return undefined;
    const p = Deno.UnsafePointer.create(BigInt(ptr))!;
    const fmt = i32(format);
    const items = u64(nitems);
    // Format 32 items are C longs (8 bytes here), not 4-byte values.
    const size = fmt === 32 ? 8 : fmt / 8;
    const bytes = items * size;
    const data = bytes > 0
      ? new Uint8Array(Deno.UnsafePointerView.getArrayBuffer(p, bytes).slice(0))
      : new Uint8Array(0);
    this.libs.x11.XFree(p);
    if (u64(type) === 0) return undefined;
    return { type: u64(type), format: fmt, items, data };
  }

  /** A 32-bit property's first item (a window id, cardinal, atom), or `undefined`. */
  cardinal(window: number, name: string): number | undefined {
    const p = this.property(window, name, 1);
    if (p === undefined || p.format !== 32 || p.items < 1) return undefined;
    return u64(p.data, 0);
  }

  /** A text property: UTF8_STRING as UTF-8, STRING as Latin-1, without trailing NULs. */
  text(window: number, name: string): string | undefined {
    const p = this.property(window, name, 4096);
    if (p === undefined || p.format !== 8) return undefined;
    const utf8 = p.type === this.atom("UTF8_STRING");
    const s = new TextDecoder(utf8 ? "utf-8" : "latin1").decode(p.data);
    return s.replace(/\0+$/, "");
  }

  /** Parent and children of a window, or `undefined` when it is gone. */
  tree(window: number): { parent: number; children: number[] } | undefined {
    const rootRet = new Uint8Array(8), parent = new Uint8Array(8);
    const children = new Uint8Array(8), n = new Uint8Array(4);
    const ok = this.libs.x11.XQueryTree(this.dpy, BigInt(window), rootRet, parent, children, n);
    if (ok === 0) return undefined;
    const count = u32(n);
    const ptr = u64(children);
    const kids: number[] = [];
    if (ptr !== 0) {
      const p = Deno.UnsafePointer.create(BigInt(ptr))!;
      const view = new Deno.UnsafePointerView(p);
      for (let i = 0; i < count; i++) kids.push(Number(view.getBigUint64(i * 8)));
      this.libs.x11.XFree(p);
    }
    return { parent: u64(parent), children: kids };
  }

  /** The window holding the X input focus (0 = None, 1 = PointerRoot). */
  inputFocus(): number {
    const focus = new Uint8Array(8), revert = new Uint8Array(4);
    this.libs.x11.XGetInputFocus(this.dpy, focus, revert);
    return u64(focus);
  }

  /** A window's rectangle in root coordinates, or `undefined` when it is gone. */
  geometry(window: number): XRect | undefined {
    const r = new Uint8Array(8), gx = new Uint8Array(4), gy = new Uint8Array(4);
    const w = new Uint8Array(4), h = new Uint8Array(4), b = new Uint8Array(4);
    const d = new Uint8Array(4);
    if (this.libs.x11.XGetGeometry(this.dpy, BigInt(window), r, gx, gy, w, h, b, d) === 0) {
      return undefined;
    }
    const tx = new Uint8Array(4), ty = new Uint8Array(4), child = new Uint8Array(8);
    const ok = this.libs.x11.XTranslateCoordinates(
      this.dpy,
      BigInt(window),
      BigInt(this.root),
      0,
      0,
      tx,
      ty,
      child,
    );
    if (ok === 0) return undefined;
    return { x: i32(tx), y: i32(ty), width: u32(w), height: u32(h) };
  }

  /** The pointer's position in root coordinates. */
  pointer(): { x: number; y: number } | undefined {
    const r = new Uint8Array(8), c = new Uint8Array(8);
    const rx = new Uint8Array(4), ry = new Uint8Array(4);
    const wx = new Uint8Array(4), wy = new Uint8Array(4), m = new Uint8Array(4);
    const ok = this.libs.x11.XQueryPointer(this.dpy, BigInt(this.root), r, c, rx, ry, wx, wy, m);
    if (ok === 0) return undefined;
    return { x: i32(rx), y: i32(ry) };
  }

  /** RandR 1.5 monitors, left to right (empty without libXrandr or monitors). */
  monitors(): XMonitor[] {
    const rr = this.libs.xrandr;
    if (rr === undefined) return [];
    const n = new Uint8Array(4);
    const p = rr.XRRGetMonitors(this.dpy, BigInt(this.root), 1, n);
    if (p === null) return [];
    const view = new Deno.UnsafePointerView(p);
    const out: XMonitor[] = [];
    // XRRMonitorInfo is 56 bytes: name (Atom), primary, automatic, noutput, x, y, width,
    // height, mwidth, mheight, outputs (pointer).
    for (let i = 0; i < i32(n); i++) {
      const o = i * 56;
      out.push({
        name: this.atomName(Number(view.getBigUint64(o))) ?? `monitor_${i + 1}`,
        primary: view.getInt32(o + 8) !== 0,
        x: view.getInt32(o + 20),
        y: view.getInt32(o + 24),
        width: view.getInt32(o + 28),
        height: view.getInt32(o + 32),
      });
    }
    rr.XRRFreeMonitors(p);
    return out.sort((a, b) => a.x - b.x || a.y - b.y || (a.name < b.name ? -1 : 1));
  }

  /** The root window's size (the fallback geometry without RandR). */
  screenSize(): { width: number; height: number } {
    const s = this.libs.x11.XDefaultScreen(this.dpy);
    return {
      width: this.libs.x11.XDisplayWidth(this.dpy, s),
      height: this.libs.x11.XDisplayHeight(this.dpy, s),
    };
  }

  /** Whether the server has extension `name`; returns its major opcode and event base. */
  extension(name: string): { opcode: number; event: number } | undefined {
    const op = new Uint8Array(4), ev = new Uint8Array(4), er = new Uint8Array(4);
    if (this.libs.x11.XQueryExtension(this.dpy, cstr(name), op, ev, er) === 0) return undefined;
    return { opcode: i32(op), event: i32(ev) };
  }

  selectInput(window: number, mask: number): void {
    this.libs.x11.XSelectInput(this.dpy, BigInt(window), BigInt(mask));
  }

  flush(): void {
    this.libs.x11.XFlush(this.dpy);
  }

  sync(): void {
    this.libs.x11.XSync(this.dpy, 0);
  }

  /** Events already read from the socket or waiting on it (reads without blocking). */
  pending(): number {
    return this.libs.x11.XPending(this.dpy);
  }

  /** The next event into `buf` (blocks: call only when `pending()` > 0). */
  nextEvent(buf: Uint8Array<ArrayBuffer>): void {
    this.libs.x11.XNextEvent(this.dpy, buf);
  }

  /**
   * Resolve when the connection's socket is readable or after `timeoutMs`; runs libc
   * `poll` on a worker thread. Without libc it simply sleeps.
   */
  waitReadable(timeoutMs: number): Promise<unknown> {
    const libc = this.libs.libc;
    if (libc === undefined) return new Promise((r) => setTimeout(r, Math.min(timeoutMs, 100)));
    const view = new DataView(this.#pollBuf.buffer);
    view.setInt32(0, this.#fd, true);
    view.setInt16(4, 1, true); // POLLIN
    view.setInt16(6, 0, true);
    return libc.poll(this.#pollBuf, 1n, Math.max(0, Math.floor(timeoutMs)));
  }
}
