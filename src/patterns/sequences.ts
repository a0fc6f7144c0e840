/**
 * Action sequences: runs of 2–4 actions that recur inside frames of one app (and site),
 * counted without overlap — never across apps, since a frame holds one app. A sequence
 * must click at least one named element: runs of typing and key presses alone are the
 * texture of editing, not a procedure.
 *
 * @module
 */

import type { DayFrame } from "./day.ts";

/** A recurring action sequence of one app. */
export interface ActionSequence {
  /** The app the sequence recurs in. */
  app: string;
  /** The site, when the app showed a URL. */
  site?: string;
  /** The action tokens, in order. */
  steps: string[];
  /** Non-overlapping occurrences over all frames. */
  count: number;
  /** Frames it occurred in. */
  frames: number;
  /** Frame ids, first ones in time order. */
  evidence: string[];
}

/** Options for {@linkcode mineSequences}. */
export interface MineOptions {
  minCount: number;
  minLength: number;
  maxLength: number;
  evidenceLimit: number;
}

interface Gram {
  app: string;
  site?: string;
  steps: string[];
  count: number;
  frames: string[];
}

/** Mines recurring sequences; ranked by count, then length, then app and steps. */
export function mineSequences(frames: readonly DayFrame[], opts: MineOptions): ActionSequence[] {
  const grams = new Map<string, Gram>();
  for (const f of frames) {
    const tokens = f.actions.map((a) => a.token);
    const scope = f.app + "\u0001" + (f.site ?? "");
    for (let n = opts.minLength; n <= opts.maxLength; n++) {
      const lastEnd = new Map<string, number>();
      for (let i = 0; i + n <= tokens.length; i++) {
        const steps = tokens.slice(i, i + n);
        if (steps.every((s) => s === steps[0]) || !steps.some((s) => s.startsWith("click:"))) {
          continue;
        }
        const key = scope + "\u0001" + steps.join("\u0002");
        if ((lastEnd.get(key) ?? 0) > i) continue;
        lastEnd.set(key, i + n);
        let g = grams.get(key);
        if (!g) {
          grams.set(
            key,
            g = {
              app: f.app,
              ...(f.site !== undefined ? { site: f.site } : {}),
              steps,
              count: 0,
              frames: [],
            },
          );
        }
        g.count++;
        if (g.frames[g.frames.length - 1] !== f.id) g.frames.push(f.id);
      }
    }
  }
  const kept = [...grams.entries()].filter(([, g]) => g.count >= opts.minCount);
  // A sequence inside a longer kept one of the same app with the same count says nothing
  // new; longer ones are indexed by app scope and count so the check stays cheap.
  const longer = new Map<string, Gram[]>();
  for (const [key, g] of kept) {
    if (g.steps.length <= opts.minLength) continue;
    const k = scopeOf(key) + g.count;
    let list = longer.get(k);
    if (!list) longer.set(k, list = []);
    list.push(g);
  }
  const out = kept.filter(([key, g]) =>
    !(longer.get(scopeOf(key) + g.count) ?? []).some((h) =>
      h.steps.length > g.steps.length && contains(h.steps, g.steps)
    )
  );
  return out
    .map(([key, g]) => ({ key, g }))
    .sort((a, b) =>
      b.g.count - a.g.count || b.g.steps.length - a.g.steps.length ||
      (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
    )
    .map(({ g }) => ({
      app: g.app,
      ...(g.site !== undefined ? { site: g.site } : {}),
      steps: g.steps,
      count: g.count,
      frames: g.frames.length,
      evidence: g.frames.slice(0, opts.evidenceLimit),
    }));
}

function scopeOf(key: string): string {
  const parts = key.split("\u0001");
  return parts[0] + "\u0001" + parts[1] + "\u0001";
}

function contains(hay: readonly string[], needle: readonly string[]): boolean {
  for (let i = 0; i + needle.length <= hay.length; i++) {
    let ok = true;
    for (let j = 0; j < needle.length && ok; j++) ok = hay[i + j] === needle[j];
    if (ok) return true;
  }
  return false;
}
