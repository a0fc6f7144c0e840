/**
 * The X11 backend's public face: open it, or ask — without opening a display — what this
 * machine lacks for it (a session, the libraries, the FFI permission).
 *
 * @example
 * ```ts
 * import { openX11Backend, probeX11Missing } from "./capture/x11/mod.ts";
 * if (probeX11Missing().length === 0) openX11Backend().close();
 * ```
 *
 * @module
 */

import type { Missing } from "../_backend.ts";
import { FfiPermissionError, loadX11Libraries, X11_LIBS } from "./_ffi.ts";

export { openX11Backend, type X11BackendOptions } from "./backend.ts";
export type {
  AwayReason,
  BackendEvent,
  CaptureBackend,
  Missing,
  ScreenState,
  WindowInfo,
} from "../_backend.ts";
export type { DisplayGeometry } from "../../src/model.ts";

/** What this machine lacks for X11 capture, probed without opening a display. */
export function probeX11Missing(): Missing[] {
  const out: Missing[] = [];
  if (!Deno.env.get("DISPLAY")) {
    out.push({ what: "DISPLAY (no X session in this shell)", effect: "the engine cannot start" });
  }
  try {
    const libs = loadX11Libraries();
    for (const m of libs.missing) out.push({ what: m, effect: "see frames capture --help" });
    libs.close();
  } catch (err) {
    if (err instanceof FfiPermissionError) {
      out.push({
        what: "--allow-ffi permission in this process",
        effect: "libraries not checked here; the engine itself runs with --allow-ffi",
      });
    } else {
      out.push({
        what: `${X11_LIBS.x11.file} (Debian package ${X11_LIBS.x11.pkg})`,
        effect: "the engine cannot start",
      });
    }
  }
  return out;
}
