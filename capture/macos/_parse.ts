/**
 * Parse the macOS helper's JSON lines (capture/macos/_jxa.ts) into backend samples, and
 * map osascript's permission errors to what the user must grant. Pure: unit-tested here,
 * since no Mac runs the project's tests.
 *
 * @module
 */

import type { Missing, WindowInfo } from "../_backend.ts";
import type { Sample } from "../_helper.ts";

/** What the helper prints. */
export interface MacRaw {
  t?: number;
  app?: string;
  bundle?: string;
  pid?: number;
  title?: string;
  bounds?: [number, number, number, number];
  url?: string;
  tab_title?: string;
  incognito?: boolean;
  idle_ms?: number;
  locked?: boolean;
  screens?: { name: string; x: number; y: number; w: number; h: number; scale?: number }[];
  error?: string;
  window_error?: string;
  url_error?: string;
}

/** The permission an osascript error text asks for, if any. */
export function macPermission(error: string, app?: string): Missing | undefined {
  if (/-1743|not authori[sz]ed to send apple events/i.test(error)) {
    return {
      what: `Automation permission (System Settings → Privacy & Security → Automation) for ${
        app ?? "System Events"
      }`,
      effect: app ? `page URLs of ${app} are unknown` : "the frontmost app is unknown",
    };
  }
  if (/-25211|-1719|assistive access|accessibility/i.test(error)) {
    return {
      what: "Accessibility permission (System Settings → Privacy & Security → Accessibility)",
      effect: "window titles are unknown",
    };
  }
  return undefined;
}

/** Parse one helper line; `undefined` for lines that are not samples. */
export function parseMacLine(line: string): Sample | undefined {
  let raw: MacRaw;
  try {
    raw = JSON.parse(line);
  } catch {
    const m = macPermission(line);
    return m === undefined ? undefined : { screen: {}, missing: [m] };
  }
  if (typeof raw !== "object" || raw === null) return undefined;
  const missing: Missing[] = [];
  for (const [err, app] of [[raw.error], [raw.window_error], [raw.url_error, raw.app]]) {
    const m = err ? macPermission(err, app) : undefined;
    if (m !== undefined) missing.push(m);
  }
  const sample: Sample = {
    screen: {
      ...(typeof raw.idle_ms === "number" ? { idleMs: raw.idle_ms } : {}),
      ...(raw.locked === true ? { away: "locked" as const } : {}),
    },
  };
  if (missing.length > 0) sample.missing = missing;
  if (Array.isArray(raw.screens) && raw.screens.length > 0) {
    sample.displays = raw.screens.map((s) => ({
      display: s.name,
      x: Math.round(s.x),
      y: Math.round(s.y),
      width: Math.round(s.w),
      height: Math.round(s.h),
      scale: s.scale ?? 1,
    }));
  }
  if (typeof raw.app === "string" && raw.app !== "") {
    const w: WindowInfo = {
      id: `${raw.bundle ?? raw.app}:${raw.pid ?? 0}`,
      app: raw.app,
      aliases: [raw.app, raw.bundle].filter((s): s is string => !!s).map((s) => s.toLowerCase()),
    };
    if (raw.title) w.title = raw.title;
    if (typeof raw.pid === "number") w.pid = raw.pid;
    if (Array.isArray(raw.bounds) && raw.bounds.length === 4) {
      const [x, y, width, height] = raw.bounds;
      w.bounds = { x, y, width, height };
    }
    if (raw.url) w.url = raw.url;
    if (raw.incognito === true) w.private = true;
    sample.window = w;
  }
  return sample;
}
