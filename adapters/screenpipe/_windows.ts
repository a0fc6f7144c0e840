/**
 * screenpipe before 2026-02 wrote one `frames` row per visible window per capture: every
 * window of one capture cycle shares the device, the timestamp (and the video frame
 * `offset_index`), and `focused` is 1 only on the frontmost window. This module turns such
 * a stack into one row per display and instant, so the compiler credits the right window.
 *
 * Upstream facts (screenpipe/screenpipe):
 * - `crates/screenpipe-db/src/migrations/20250223204844_browser_url_fts_and_move_window_app_to_frames.sql`
 *   moved `app_name`, `window_name` and `focused` from `ocr_text` onto `frames`;
 * - `screenpipe-server/src/core.rs` (as of 2026-02-01) inserts one frame per
 *   `window_ocr_results` entry with the capture's `captured_at` ("All windows share the same
 *   video frame offset"), and `crates/screenpipe-db/src/db.rs`
 *   (`insert_frames_with_ocr_batch`) does the same in one transaction;
 * - `screenpipe-vision/src/capture_screenshot_by_window.rs` lists the windows with xcap's
 *   `Window::all()` (front to back) and records `window.is_focused()` for each;
 * - `crates/screenpipe-db/src/migrations/20260220000000_event_driven_capture.sql` began
 *   event-driven capture: one row per capture, the focused window only.
 *
 * Detection is per instant, so a database that holds both eras reads right: a group of two
 * or more rows on one display at one instant in which some row says `focused = 0` is a
 * window stack. Its first focused row (lowest id) stays on the display and earns focus;
 * when no row is focused (the frontmost window was filtered out, e.g. screenpipe's own UI)
 * the topmost recorded row (lowest id) stays, unfocused, so the previous window's dwell
 * still ends here. Every other row moves to a visible-only stream named
 * `<display>~<app>` (`~2`, `~3`, … for further windows of one app in the same capture) with
 * `focused = false`: the compiler counts its minutes as visible, never as focused, and the
 * per-app visible minutes stay deduplicated across streams. Groups where no row says
 * `focused = 0` (all focused, or focus unknown) keep SPEC §3.1's order by row id.
 *
 * @module
 */

import type { Snapshot } from "../../src/model.ts";

/** Separator between a display and the app of a visible-only background stream. */
export const BACKGROUND_SEPARATOR = "~";

/**
 * Rewrites stacked window rows (sorted by `(at, ref)`) in place so each display holds at
 * most one row per instant; returns how many rows before `countBefore` (epoch ms) moved to
 * background streams.
 */
export function unstackWindows(snapshots: Snapshot[], countBefore = Infinity): number {
  let moved = 0;
  for (let i = 0; i < snapshots.length;) {
    let j = i + 1;
    while (j < snapshots.length && snapshots[j].at === snapshots[i].at) j++;
    if (j - i > 1) {
      const n = unstackInstant(snapshots, i, j);
      if (snapshots[i].at < countBefore) moved += n;
    }
    i = j;
  }
  return moved;
}

function unstackInstant(snapshots: Snapshot[], from: number, to: number): number {
  const byDisplay = new Map<string, Snapshot[]>();
  for (let k = from; k < to; k++) {
    const s = snapshots[k];
    let list = byDisplay.get(s.display);
    if (list === undefined) byDisplay.set(s.display, list = []);
    list.push(s);
  }
  let moved = 0;
  for (const [display, rows] of byDisplay) {
    if (rows.length < 2 || !rows.some((s) => s.focused === false)) continue;
    // Rows of one instant arrive in id order: the first focused one is the frontmost.
    const front = rows.find((s) => s.focused === true) ?? rows[0];
    const seen = new Map<string, number>();
    for (const s of rows) {
      if (s === front) continue;
      const n = (seen.get(s.app) ?? 0) + 1;
      seen.set(s.app, n);
      s.display = `${display}${BACKGROUND_SEPARATOR}${s.app}` +
        (n > 1 ? `${BACKGROUND_SEPARATOR}${n}` : "");
      s.focused = false;
      moved++;
    }
  }
  return moved;
}
