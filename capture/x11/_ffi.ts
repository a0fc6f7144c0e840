/**
 * Deno FFI bindings to the X11 client libraries the Linux backend uses: libX11 (required),
 * libXss (idle time, screen-saver state), libXi (XInput2 raw key/button events), libXrandr
 * (monitor geometry), libXext (DPMS power state) and libc (`poll` on the X connection, run
 * on a worker thread so the engine sleeps until the X server has something to say).
 *
 * Only the symbols used are declared. Every library but libX11 is optional: a missing one
 * is reported by name with the Debian package that provides it, never a crash.
 *
 * @module
 */

const X11_SYMBOLS = {
  XOpenDisplay: { parameters: ["buffer"], result: "pointer" },
  XCloseDisplay: { parameters: ["pointer"], result: "i32" },
  XDefaultRootWindow: { parameters: ["pointer"], result: "u64" },
  XDefaultScreen: { parameters: ["pointer"], result: "i32" },
  XDisplayWidth: { parameters: ["pointer", "i32"], result: "i32" },
  XDisplayHeight: { parameters: ["pointer", "i32"], result: "i32" },
  XConnectionNumber: { parameters: ["pointer"], result: "i32" },
  XInternAtom: { parameters: ["pointer", "buffer", "i32"], result: "u64" },
  XGetAtomName: { parameters: ["pointer", "u64"], result: "pointer" },
  XGetWindowProperty: {
    parameters: [
      "pointer", // display
      "u64", // window
      "u64", // property
      "i64", // long_offset
      "i64", // long_length
      "i32", // delete
      "u64", // req_type
      "buffer", // actual_type_return
      "buffer", // actual_format_return
      "buffer", // nitems_return
      "buffer", // bytes_after_return
      "buffer", // prop_return
    ],
    result: "i32",
  },
  XFree: { parameters: ["pointer"], result: "i32" },
  XSelectInput: { parameters: ["pointer", "u64", "i64"], result: "i32" },
  XPending: { parameters: ["pointer"], result: "i32" },
  XNextEvent: { parameters: ["pointer", "buffer"], result: "i32" },
  XFlush: { parameters: ["pointer"], result: "i32" },
  XSync: { parameters: ["pointer", "i32"], result: "i32" },
  XGetInputFocus: { parameters: ["pointer", "buffer", "buffer"], result: "i32" },
  XQueryTree: {
    parameters: ["pointer", "u64", "buffer", "buffer", "buffer", "buffer"],
    result: "i32",
  },
  XTranslateCoordinates: {
    parameters: ["pointer", "u64", "u64", "i32", "i32", "buffer", "buffer", "buffer"],
    result: "i32",
  },
  XGetGeometry: {
    parameters: [
      "pointer",
      "u64",
      "buffer",
      "buffer",
      "buffer",
      "buffer",
      "buffer",
      "buffer",
      "buffer",
    ],
    result: "i32",
  },
  XQueryPointer: {
    parameters: [
      "pointer",
      "u64",
      "buffer",
      "buffer",
      "buffer",
      "buffer",
      "buffer",
      "buffer",
      "buffer",
    ],
    result: "i32",
  },
  XQueryExtension: {
    parameters: ["pointer", "buffer", "buffer", "buffer", "buffer"],
    result: "i32",
  },
  XGetEventData: { parameters: ["pointer", "buffer"], result: "i32" },
  XFreeEventData: { parameters: ["pointer", "buffer"], result: "void" },
  XSetErrorHandler: { parameters: ["function"], result: "pointer" },
  XSetIOErrorHandler: { parameters: ["function"], result: "pointer" },
} as const satisfies Deno.ForeignLibraryInterface;

const XSS_SYMBOLS = {
  XScreenSaverQueryExtension: { parameters: ["pointer", "buffer", "buffer"], result: "i32" },
  XScreenSaverAllocInfo: { parameters: [], result: "pointer" },
  XScreenSaverQueryInfo: { parameters: ["pointer", "u64", "pointer"], result: "i32" },
  XScreenSaverSelectInput: { parameters: ["pointer", "u64", "u64"], result: "void" },
} as const satisfies Deno.ForeignLibraryInterface;

const XI_SYMBOLS = {
  XIQueryVersion: { parameters: ["pointer", "buffer", "buffer"], result: "i32" },
  XISelectEvents: { parameters: ["pointer", "u64", "buffer", "i32"], result: "i32" },
} as const satisfies Deno.ForeignLibraryInterface;

const XRANDR_SYMBOLS = {
  XRRQueryExtension: { parameters: ["pointer", "buffer", "buffer"], result: "i32" },
  XRRGetMonitors: { parameters: ["pointer", "u64", "i32", "buffer"], result: "pointer" },
  XRRFreeMonitors: { parameters: ["pointer"], result: "void" },
  XRRSelectInput: { parameters: ["pointer", "u64", "i32"], result: "void" },
} as const satisfies Deno.ForeignLibraryInterface;

const XEXT_SYMBOLS = {
  DPMSQueryExtension: { parameters: ["pointer", "buffer", "buffer"], result: "i32" },
  DPMSInfo: { parameters: ["pointer", "buffer", "buffer"], result: "i32" },
} as const satisfies Deno.ForeignLibraryInterface;

const LIBC_SYMBOLS = {
  poll: { parameters: ["buffer", "u64", "i32"], result: "i32", nonblocking: true },
} as const satisfies Deno.ForeignLibraryInterface;

/** The loaded libraries; optional ones are `undefined` when they could not be loaded. */
export interface X11Libraries {
  x11: Deno.DynamicLibrary<typeof X11_SYMBOLS>["symbols"];
  xss?: Deno.DynamicLibrary<typeof XSS_SYMBOLS>["symbols"];
  xi?: Deno.DynamicLibrary<typeof XI_SYMBOLS>["symbols"];
  xrandr?: Deno.DynamicLibrary<typeof XRANDR_SYMBOLS>["symbols"];
  xext?: Deno.DynamicLibrary<typeof XEXT_SYMBOLS>["symbols"];
  libc?: Deno.DynamicLibrary<typeof LIBC_SYMBOLS>["symbols"];
  /** Optional libraries that failed to load: `libXss.so.1 (Debian package libxss1)`. */
  missing: string[];
  close(): void;
}

/** A library file and the Debian package that ships it. */
interface LibSpec {
  file: string;
  pkg: string;
}

/** The shared objects loaded, in load order. */
export const X11_LIBS = {
  x11: { file: "libX11.so.6", pkg: "libx11-6" },
  xss: { file: "libXss.so.1", pkg: "libxss1" },
  xi: { file: "libXi.so.6", pkg: "libxi6" },
  xrandr: { file: "libXrandr.so.2", pkg: "libxrandr2" },
  xext: { file: "libXext.so.6", pkg: "libxext6" },
  libc: { file: "libc.so.6", pkg: "libc6" },
} as const satisfies Record<string, LibSpec>;

/** FFI was refused by the runtime: the process lacks `--allow-ffi`. */
export class FfiPermissionError extends Error {
  override name = "FfiPermissionError";
}

function isPermissionError(err: unknown): boolean {
  return err instanceof Deno.errors.NotCapable || err instanceof Deno.errors.PermissionDenied;
}

function open<S extends Deno.ForeignLibraryInterface>(
  spec: LibSpec,
  symbols: S,
): Deno.DynamicLibrary<S> {
  try {
    return Deno.dlopen(spec.file, symbols);
  } catch (err) {
    if (isPermissionError(err)) {
      throw new FfiPermissionError(
        "Cannot load the X11 libraries: FFI is not permitted; run with --allow-ffi",
        { cause: err },
      );
    }
    throw new Error(
      `Cannot load ${spec.file}: ${
        (err as Error).message.split("\n")[0]
      } (install the Debian package ${spec.pkg})`,
      { cause: err },
    );
  }
}

/**
 * Load libX11 (required; throws with the package to install) and the optional libraries
 * (each missing one is listed in `missing`).
 */
export function loadX11Libraries(): X11Libraries {
  const opened: Deno.DynamicLibrary<Deno.ForeignLibraryInterface>[] = [];
  const x11 = open(X11_LIBS.x11, X11_SYMBOLS);
  opened.push(x11);
  const missing: string[] = [];
  function optional<S extends Deno.ForeignLibraryInterface>(
    spec: LibSpec,
    symbols: S,
  ): Deno.DynamicLibrary<S>["symbols"] | undefined {
    try {
      const lib = open(spec, symbols);
      opened.push(lib);
      return lib.symbols;
    } catch (err) {
      if (err instanceof FfiPermissionError) throw err;
      missing.push(`${spec.file} (Debian package ${spec.pkg})`);
      return undefined;
    }
  }
  return {
    x11: x11.symbols,
    xss: optional(X11_LIBS.xss, XSS_SYMBOLS),
    xi: optional(X11_LIBS.xi, XI_SYMBOLS),
    xrandr: optional(X11_LIBS.xrandr, XRANDR_SYMBOLS),
    xext: optional(X11_LIBS.xext, XEXT_SYMBOLS),
    libc: optional(X11_LIBS.libc, LIBC_SYMBOLS),
    missing,
    close() {
      for (const lib of opened.reverse()) lib.close();
    },
  };
}

/** A NUL-terminated C string. */
export function cstr(s: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`${s}\0`);
}

/** Read an unsigned 64-bit little-endian value (X ids, longs) as a number. */
export function u64(buf: Uint8Array, offset = 0): number {
  return Number(new DataView(buf.buffer, buf.byteOffset).getBigUint64(offset, true));
}

/** Read a signed 32-bit little-endian value. */
export function i32(buf: Uint8Array, offset = 0): number {
  return new DataView(buf.buffer, buf.byteOffset).getInt32(offset, true);
}

/** Read an unsigned 32-bit little-endian value. */
export function u32(buf: Uint8Array, offset = 0): number {
  return new DataView(buf.buffer, buf.byteOffset).getUint32(offset, true);
}
