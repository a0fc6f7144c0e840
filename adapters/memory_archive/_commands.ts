/**
 * Memory Archive CommandEvents (FORMATS §4) → input events: clicks with coordinates,
 * scrolls, typed runs as lengths (text only on opt-in), key presses. Chords are written in
 * the replay grammar's SendKeys style (`^` Ctrl, `+` Shift, `%` Alt, `#` the Windows key,
 * which sessions recorded on macOS use for Command), or spelled out (`Ctrl+c`, `Cmd+c`):
 * Ctrl or Command with `c` is a copy, with `v` a paste. Position probes and heartbeats are
 * not input.
 *
 * @module
 */

import type { InputEvent, InputKind } from "../../src/model.ts";

/** A CommandEvent's fields that the mapping reads. */
export interface CommandEvent {
  timestamp?: unknown;
  raw_command?: unknown;
  action_type?: unknown;
  action_subtype?: unknown;
  mouse_x?: unknown;
  mouse_y?: unknown;
  is_heartbeat?: unknown;
  success?: unknown;
  execution_time_ms?: unknown;
}

/** The outcome of one command: an event, nothing (not input), or a rejection reason. */
export type CommandOutcome = { event: InputEvent } | { skip: true } | { reason: string };

const CLICKS = new Set(["left", "right", "double", "middle", "triple", "left_click", "click"]);

/** Typed text of `Typed: hello` / `Type: hello` / `type hello`. */
export function typedText(raw: string): string | undefined {
  const m = /^(?:typed:|type:|type)\s?([\s\S]*)$/i.exec(raw);
  return m ? m[1] : undefined;
}

/** Ctrl or Command (`^`, `#`, `ctrl+`, `cmd+`, `command+`, `meta+`, `win+`) and a letter. */
const CHORD = /^(?:\^|#|(?:ctrl|control|cmd|command|meta|win|super)\+)([cv])$/;

/** `copy` or `paste` for a clipboard chord in a raw key command, else `undefined`. */
export function clipboardKind(raw: string): "copy" | "paste" | undefined {
  const keys = raw.replace(/^(?:pressed:|press:|press)\s?/i, "").trim().toLowerCase();
  const m = CHORD.exec(keys.replace(/\s+/g, ""));
  return m === null ? undefined : m[1] === "c" ? "copy" : "paste";
}

function num(v: unknown): number | undefined {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** Options for {@linkcode commandEvent}. */
export interface CommandEventOptions {
  /** The event's ref: its step id. */
  ref: number;
  /** UTC epoch ms. */
  at: number;
  /** Keep the typed text (privacy opt-in). */
  includeText: boolean;
}

/** Map one command to an input event. */
export function commandEvent(c: CommandEvent, opts: CommandEventOptions): CommandOutcome {
  const { ref, at, includeText } = opts;
  if (c.is_heartbeat === true) return { skip: true };
  if (c.success === false) return { reason: "actuation_commands: failed command" };
  const type = String(c.action_type ?? "").toLowerCase();
  const sub = String(c.action_subtype ?? "").toLowerCase();
  const raw = typeof c.raw_command === "string" ? c.raw_command : "";
  let kind: InputKind;
  const event: InputEvent = { ref, at, kind: "other", snapshotRef: ref };
  if (type === "position") return { skip: true };
  if (type === "mouse") {
    kind = CLICKS.has(sub) ? "click" : sub.startsWith("scroll") ? "scroll" : "other";
    const x = num(c.mouse_x), y = num(c.mouse_y);
    if (x !== undefined && y !== undefined) {
      event.x = x;
      event.y = y;
    }
  } else if (type === "keyboard") {
    if (sub === "type") {
      kind = "text";
      const text = typedText(raw) ?? "";
      event.chars = [...text].length;
      if (includeText) event.text = text;
    } else {
      kind = clipboardKind(raw) ?? "key";
    }
  } else {
    return { reason: "actuation_commands: unknown action_type" };
  }
  event.kind = kind;
  return { event };
}
