/**
 * Small formatting helpers shared by the pages: local clock times, minutes, the links
 * between pages, and the one rule for which captured URLs may become links.
 *
 * @module
 */

import { formatLocal } from "../compile/time.ts";

/** `HH:MM` of a UTC instant in `tz`. */
export function clockOf(ms: number, tz: string): string {
  return formatLocal(ms, tz).slice(11, 16);
}

/** `HH:MM` (or `HH:MM:SS` with `seconds`) of a local ISO time from the document. */
export function clockText(iso: string, seconds = false): string {
  return iso.slice(11, seconds ? 19 : 16);
}

/** Minutes with one decimal, as the document rounds them. */
export function minText(minutes: number): string {
  return `${(Math.round(minutes * 10) / 10).toFixed(1)} min`;
}

/** The page of a frame (its day travels along, so the lookup is one compile). */
export function frameHref(id: string, day: string): string {
  return `/frame/${encodeURIComponent(id)}?day=${encodeURIComponent(day)}`;
}

/** The page of a day. */
export function dayHref(day: string): string {
  return `/day/${encodeURIComponent(day)}`;
}

/**
 * Whether a captured URL may be a link: only http(s). `javascript:`, `data:`, `file:` and
 * anything unparsable are shown as text and never linked.
 */
export function isLinkable(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

/** A shortened text for a label in a small space (whole code points, with an ellipsis). */
export function shorten(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : chars.slice(0, Math.max(1, max - 1)).join("") + "…";
}
