/**
 * The macOS backend: frontmost app, window title and bounds, Chrome-family and Safari
 * URLs (Chrome's incognito mode withheld), idle time and lock state, read by a
 * long-running `osascript` helper (capture/macos/_jxa.ts). Input is not counted (that
 * needs an event tap, i.e. native code and the Input Monitoring permission).
 *
 * Unverified on real hardware; the parsing is unit-tested.
 *
 * @module
 */

import type { CaptureBackend } from "../_backend.ts";
import { HelperBackend } from "../_helper.ts";
import { MAC_HELPER_JXA } from "./_jxa.ts";
import { parseMacLine } from "./_parse.ts";

/** Open the macOS backend. */
export function openMacBackend(): CaptureBackend {
  return new HelperBackend({
    name: "macos",
    location: `macos:${Deno.hostname()}`,
    command: ["/usr/bin/osascript", "-l", "JavaScript", "-e", MAC_HELPER_JXA],
    parse: parseMacLine,
    can: { input: false, idle: true, lock: true, geometry: true },
  });
}
