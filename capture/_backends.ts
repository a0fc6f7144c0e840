/**
 * Choose and open the capture backend for the running OS, with clear errors for what is
 * missing (no DISPLAY, a Wayland-only session, no FFI permission, an unsupported OS).
 *
 * @module
 */

import type { CaptureBackend } from "./_backend.ts";
import { openX11Backend } from "./x11/mod.ts";
import { openMacBackend } from "./macos/backend.ts";
import { openWindowsBackend } from "./windows/backend.ts";

/** Options for {@linkcode openBackend}. */
export interface OpenBackendOptions {
  /** X display for the X11 backend (default `$DISPLAY`). */
  display?: string;
  /** Called synchronously when the display server connection dies. */
  onConnectionLost?: () => void;
}

/** Open the backend for this OS. */
export function openBackend(opts: OpenBackendOptions = {}): CaptureBackend {
  switch (Deno.build.os) {
    case "linux":
    case "freebsd":
    case "netbsd": {
      const display = opts.display ?? Deno.env.get("DISPLAY");
      if (!display && Deno.env.get("WAYLAND_DISPLAY")) {
        throw new Error(
          "Cannot start X11 capture: this is a Wayland session without DISPLAY; the capture engine needs X11 or XWayland (set DISPLAY)",
        );
      }
      return openX11Backend({ display, onConnectionLost: opts.onConnectionLost });
    }
    case "darwin":
      return openMacBackend();
    case "windows":
      return openWindowsBackend();
    default:
      throw new Error(`Cannot start capture: no backend for ${Deno.build.os}`);
  }
}
