/**
 * Parse the Windows helper's JSON lines (capture/windows/_ps.ts) into backend samples.
 * Pure: unit-tested here, since no Windows machine runs the project's tests.
 *
 * @module
 */

import type { WindowInfo } from "../_backend.ts";
import type { Sample } from "../_helper.ts";

/** What the helper prints. */
export interface WindowsRaw {
  hwnd?: number;
  pid?: number;
  image?: string;
  description?: string | null;
  title?: string;
  rect?: [number, number, number, number];
  idle_ms?: number;
  locked?: boolean;
  screens?: { name: string; x: number; y: number; w: number; h: number }[];
}

/** Processes that own the foreground while the session is locked or switching. */
const LOCK_IMAGES = new Set(["lockapp", "logonui"]);

/** `\\.\DISPLAY1` → `DISPLAY1`. */
export function displayName(device: string): string {
  return device.replace(/^\\\\\.\\/, "");
}

/** Parse one helper line; `undefined` for anything that is not a sample. */
export function parseWindowsLine(line: string): Sample | undefined {
  let raw: WindowsRaw;
  try {
    raw = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof raw !== "object" || raw === null) return undefined;
  const image = (raw.image ?? "").replace(/\.exe$/i, "");
  const locked = raw.locked === true || LOCK_IMAGES.has(image.toLowerCase());
  const sample: Sample = {
    screen: {
      ...(typeof raw.idle_ms === "number" ? { idleMs: raw.idle_ms } : {}),
      ...(locked ? { away: "locked" as const } : {}),
    },
  };
  if (Array.isArray(raw.screens) && raw.screens.length > 0) {
    sample.displays = raw.screens.map((s) => ({
      display: displayName(s.name),
      x: s.x,
      y: s.y,
      width: s.w,
      height: s.h,
      scale: 1,
    }));
  }
  if (!locked && raw.hwnd && image !== "") {
    const w: WindowInfo = {
      id: String(raw.hwnd),
      app: image,
      aliases: [image, `${image}.exe`, raw.description ?? ""].filter(Boolean)
        .map((s) => s.toLowerCase()),
    };
    if (raw.title) w.title = raw.title;
    if (typeof raw.pid === "number" && raw.pid > 0) w.pid = raw.pid;
    w.process = `${image}.exe`;
    if (Array.isArray(raw.rect) && raw.rect.length === 4 && raw.rect[2] > 0 && raw.rect[3] > 0) {
      const [x, y, width, height] = raw.rect;
      w.bounds = { x, y, width, height };
    }
    sample.window = w;
  }
  return sample;
}
