/**
 * How the demo user behaves: which actions each kind of block is made of, how often, and
 * on which screens.
 *
 * @module
 */

import type { BlockKind } from "./_plan.ts";

/** The demo user's monitors: global pixel origin and size. */
export const SCREENS = [
  { name: "monitor_1", x: 0, width: 1920, height: 1080 },
  { name: "monitor_2", x: 1920, width: 2560, height: 1440 },
];

/** Something the user does in one go. */
export type Action = "type" | "keys" | "click" | "scroll" | "copy" | "navigate" | "visual";

/** Weighted action mixes, one `[action, weight]` per line so they stay easy to tune. */
export const MIX: Record<BlockKind, readonly (readonly [Action, number])[]> = {
  editor: [
    ["type", 38],
    ["keys", 20],
    ["click", 17],
    ["scroll", 15],
    ["copy", 3],
    ["navigate", 4],
    ["visual", 9],
  ],
  browser: [
    ["click", 30],
    ["scroll", 30],
    ["type", 10],
    ["keys", 10],
    ["navigate", 12],
    ["copy", 3],
    ["visual", 11],
  ],
  terminal: [["type", 50], ["keys", 30], ["scroll", 10], ["copy", 5], ["visual", 5]],
  chat: [["type", 45], ["click", 30], ["scroll", 20], ["keys", 5]],
  meeting: [["visual", 80], ["click", 10], ["keys", 10]],
  leisure: [["scroll", 40], ["click", 30], ["visual", 20], ["type", 5], ["navigate", 5]],
  reading: [],
};

/** Mean seconds between actions, per block kind (before the day's pace). */
export const GAP_SECONDS: Record<BlockKind, number> = {
  editor: 9,
  browser: 9,
  terminal: 7,
  chat: 3,
  meeting: 25,
  leisure: 15,
  reading: Infinity,
};

/** macOS key codes and modifier masks the demo presses. */
export const KEYS: readonly (readonly [number, number])[] = [
  [51, 0], // delete
  [36, 0], // return
  [48, 0], // tab
  [53, 0], // escape
  [123, 0], // arrows
  [125, 0],
  [126, 0],
  [1, 1048576], // cmd+s
  [6, 1048576], // cmd+z
  [3, 1048576], // cmd+f
];
