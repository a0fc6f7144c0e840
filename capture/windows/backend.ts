/**
 * The Windows backend: foreground window, title, process image, monitors, idle time
 * (GetLastInputInfo) and lock state, read by a long-running PowerShell helper
 * (capture/windows/_ps.ts). Input is not counted (that needs a low-level hook in native
 * code); browser URLs come from the extension.
 *
 * Unverified on real hardware; the parsing is unit-tested.
 *
 * @module
 */

import type { CaptureBackend } from "../_backend.ts";
import { HelperBackend } from "../_helper.ts";
import { WINDOWS_HELPER_PS } from "./_ps.ts";
import { parseWindowsLine } from "./_parse.ts";

/** Open the Windows backend. */
export function openWindowsBackend(): CaptureBackend {
  return new HelperBackend({
    name: "windows",
    location: `windows:${Deno.hostname()}`,
    command: [
      "powershell.exe",
      "-NoProfile",
      "-NonInteractive",
      "-ExecutionPolicy",
      "Bypass",
      "-Command",
      WINDOWS_HELPER_PS,
    ],
    parse: parseWindowsLine,
    can: { input: false, idle: true, lock: true, geometry: true },
  });
}
