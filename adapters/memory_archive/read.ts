/**
 * The Memory Archive reader (FORMATS §4): a session folder's `metadata.json` (the
 * authoritative record: one snapshot per step) and `commands/actuation_commands.json`
 * (entry N = step N: the input events). The corpus records no app name, window title or
 * URL: snapshots carry the app `unknown`, and the facts say so for the blind spots.
 *
 * @module
 */

import { basename, join, resolve } from "../../src/file_path.ts";
import type { Capture, InputEvent, Snapshot } from "../../src/model.ts";
import { parseTimestamp } from "../_timestamp.ts";
import { parseJsonText, readTextFile } from "../_json.ts";
import { type CommandEvent, commandEvent } from "./_commands.ts";
import { parseCommandsFile } from "./_commands_file.ts";
import type { ImportableSource, ReadWindowOptions } from "../types.ts";

/** The app name of Memory Archive snapshots: the corpus records none. */
export const MA_APP = "unknown";
/** The display of Memory Archive snapshots. */
export const MA_DISPLAY = "screen";

/** What a Memory Archive session never records (for the blind spots). */
export const MA_NOTES: readonly string[] = [
  'Memory Archive records no app names, window titles or URLs: every step is app "unknown"',
];

/** How the recorder names a session it did not close (FORMATS §4 interop, issue 13). */
const INCOMPLETE = /\(incomplete\)\s*$/i;

const REQUIRED = ["memory_name", "session_id", "mode", "os", "created_at", "steps"];

interface Session {
  location: string;
  sessionId: string;
  fingerprint: string;
  steps: { id: number; at: number | undefined }[];
  /** One entry per position of actuation_commands (`undefined`: an unreadable line). */
  commands: (CommandEvent | undefined)[] | undefined;
  /** Unreadable command lines, by reason (they belong to no window). */
  loadRejected: Record<string, number>;
  /** Warnings for the blind spots (an incomplete session). */
  notes: string[];
}

/** An instant from text or a number (seconds or milliseconds since the epoch). */
function instant(v: unknown): number | undefined {
  if (typeof v === "string") {
    const t = parseTimestamp(v);
    if (t !== undefined) return t;
    if (/^\d+(\.\d+)?$/.test(v.trim())) return instant(Number(v));
    return undefined;
  }
  if (typeof v === "number" && Number.isFinite(v) && v > 0) {
    return Math.round(v < 1e11 ? v * 1000 : v);
  }
  return undefined;
}

function loadSession(dir: string): Session {
  const location = resolve(dir);
  const what = `Cannot open Memory Archive session "${location}"`;
  try {
    if (!Deno.statSync(location).isDirectory) throw new Error(`${what}: not a folder`);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) throw new Error(`${what}: folder does not exist`);
    throw err;
  }
  const metaPath = join(location, "metadata.json");
  const meta = parseJsonText(
    readTextFile(metaPath, `${what}: metadata.json`),
    `${what}: metadata.json`,
  );
  if (typeof meta !== "object" || meta === null || Array.isArray(meta)) {
    throw new Error(`${what}: metadata.json is not a JSON object`);
  }
  const m = meta as Record<string, unknown>;
  const missing = REQUIRED.filter((k) => !(k in m));
  if (missing.length > 0) throw new Error(`${what}: metadata.json lacks ${missing.join(", ")}`);
  if (!Array.isArray(m.steps)) throw new Error(`${what}: metadata.json "steps" is not a list`);
  const steps = m.steps.map((s, i) => {
    const o = (s ?? {}) as Record<string, unknown>;
    const id = typeof o.step_id === "number" && Number.isInteger(o.step_id) ? o.step_id : i + 1;
    return { id, at: instant(o.timestamp) };
  });
  const cmdPath = join(location, "commands", "actuation_commands.json");
  let commands: (CommandEvent | undefined)[] | undefined;
  let text: string | undefined;
  try {
    text = Deno.readTextFileSync(cmdPath);
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) {
      throw new Error(`${what}: commands/actuation_commands.json: ${(err as Error).message}`);
    }
  }
  let loadRejected: Record<string, number> = {};
  let jsonLines = false;
  if (text !== undefined) {
    const file = parseCommandsFile(text, `${what}: commands/actuation_commands.json`);
    commands = file.commands;
    loadRejected = file.rejected;
    jsonLines = file.jsonLines;
  }
  const notes = [...MA_NOTES];
  const folderSaysIncomplete = INCOMPLETE.test(basename(location));
  if (folderSaysIncomplete || jsonLines) {
    notes.push(
      `Memory Archive session is incomplete (${
        [
          folderSaysIncomplete ? 'folder named "(incomplete)"' : "",
          jsonLines ? "commands written as JSON Lines" : "",
        ].filter((x) => x !== "").join(", ")
      }): steps after the recorder stopped are missing`,
    );
  }
  const os = String((m.os as { os_type?: unknown } | null)?.os_type ?? "unknown").toLowerCase();
  return {
    location,
    sessionId: String(m.session_id),
    fingerprint: `memory-archive-${os}${commands === undefined ? "-no-commands" : ""}`,
    steps,
    commands,
    loadRejected,
    notes,
  };
}

interface Built {
  capture: Capture;
  snapshotKeys: string[];
  eventKeys: string[];
}

/** A command with its position's step id and instant (`undefined`: no usable time). */
interface Placed {
  command: CommandEvent | undefined;
  ref: number;
  at: number | undefined;
}

function place(session: Session, stepAt: Map<number, number>): Placed[] {
  return (session.commands ?? []).map((command, i) => {
    const ref = session.steps[i]?.id ?? i + 1;
    return { command, ref, at: instant(command?.timestamp) ?? stepAt.get(ref) };
  });
}

/**
 * The instant the session's last command finished (its time plus `execution_time_ms`), as
 * a closing snapshot: without it the last step would be the last snapshot of the stream,
 * earn no dwell, and its input would fall outside every interval (SPEC §3.2, §3.5). It is
 * at least 1 ms after the last step and after the last command, so both lie inside.
 */
function closing(
  session: Session,
  stepAt: Map<number, number>,
  placed: Placed[],
): Snapshot | undefined {
  if (session.commands === undefined || stepAt.size === 0) return undefined;
  let last = -Infinity;
  for (const at of stepAt.values()) last = Math.max(last, at + 1);
  for (const p of placed) {
    if (p.at === undefined || p.command === undefined) continue;
    const ms = Number(p.command.execution_time_ms);
    last = Math.max(last, p.at + (Number.isFinite(ms) && ms >= 1 ? Math.round(ms) : 1));
  }
  const ref = Math.max(0, ...stepAt.keys(), ...placed.map((p) => p.ref)) + 1;
  return { ref, at: last, display: MA_DISPLAY, app: MA_APP, trigger: "unknown" };
}

function build(session: Session, opts: ReadWindowOptions & { lookahead?: boolean }): Built {
  const { start, end } = opts;
  const rejected: Record<string, number> = {};
  const reject = (r: string) => rejected[r] = (rejected[r] ?? 0) + 1;
  const stepAt = new Map<number, number>();
  const all: { snap: Snapshot; key: string }[] = [];
  for (const s of session.steps) {
    if (s.at === undefined) {
      reject("steps: unparseable timestamp");
      continue;
    }
    stepAt.set(s.id, s.at);
    all.push({
      snap: { ref: s.id, at: s.at, display: MA_DISPLAY, app: MA_APP, trigger: "input" },
      key: `ma:${session.sessionId}#s${s.id}`,
    });
  }
  const placed = place(session, stepAt);
  const close = closing(session, stepAt, placed);
  if (close !== undefined) all.push({ snap: close, key: `ma:${session.sessionId}#end` });
  all.sort((a, b) => a.snap.at - b.snap.at || a.snap.ref - b.snap.ref);
  const inside = all.filter((x) => x.snap.at >= start && x.snap.at < end);
  // One snapshot past the end (SPEC §3.11), so the last one inside earns its dwell.
  const next = all.find((x) => x.snap.at >= end);
  const after = next !== undefined && opts.lookahead !== false ? [next.snap] : undefined;
  const events: InputEvent[] = [];
  const eventKeys: string[] = [];
  for (const { command, ref, at } of placed) {
    if (command === undefined) continue; // an unreadable line, counted when the file was read
    if (at === undefined) {
      reject("actuation_commands: unparseable timestamp");
      continue;
    }
    if (at < start || at >= end) continue;
    const out = commandEvent(command, { ref, at, includeText: opts.includeText === true });
    if ("reason" in out) reject(out.reason);
    else if ("event" in out) {
      if (!stepAt.has(ref)) delete out.event.snapshotRef;
      events.push(out.event);
      eventKeys.push(`ma:${session.sessionId}#c${ref}`);
    }
  }
  for (const [k, v] of Object.entries(session.loadRejected)) rejected[k] = v;
  const order = events.map((_, i) => i).sort((a, b) =>
    events[a].at - events[b].at || events[a].ref - events[b].ref
  );
  const rows: Record<string, number> = { steps: session.steps.length };
  if (session.commands !== undefined) rows.actuation_commands = session.commands.length;
  return {
    capture: {
      window: { start, end },
      snapshots: inside.map((x) => x.snap),
      ...(after !== undefined ? { after } : {}),
      events: order.map((i) => events[i]),
      displays: [],
      facts: {
        adapter: "memory-archive",
        location: session.location,
        fingerprint: session.fingerprint,
        capabilities: {
          input: session.commands !== undefined,
          elements: false,
          urls: false,
          heartbeats: false,
          focus: false,
        },
        rows,
        rejected,
        notes: [...session.notes],
      },
    },
    snapshotKeys: inside.map((x) => x.key),
    eventKeys: order.map((i) => eventKeys[i]),
  };
}

/**
 * Read the window `[start, end)` of a Memory Archive session folder.
 *
 * @example
 * ```ts
 * const c = readMemoryArchive("memories/open-invoice", { start: 0, end: Date.now() });
 * c.events.filter((e) => e.kind === "click").length;
 * ```
 */
export function readMemoryArchive(dir: string, opts: ReadWindowOptions): Capture {
  return build(loadSession(dir), opts).capture;
}

/** Open a session folder for import; keys name the session id and the step. */
export function openMemoryArchiveImport(dir: string): ImportableSource {
  const session = loadSession(dir);
  const probe = build(session, { start: 0, end: 0, lookahead: false }).capture;
  return {
    adapter: "memory-archive",
    location: session.location,
    fingerprint: session.fingerprint,
    capabilities: probe.facts.capabilities,
    // Unreadable command lines belong to no window: counted once per import.
    loadRejected: { ...session.loadRejected },
    notes: [...session.notes],
    span() {
      const all = build(session, { start: -Infinity, end: Infinity, lookahead: false });
      const times = [
        ...all.capture.snapshots.map((s) => s.at),
        ...all.capture.events.map((e) => e.at),
      ];
      return times.length === 0
        ? undefined
        : { first: Math.min(...times), last: Math.max(...times) };
    },
    readKeyed(opts) {
      // Import reads back-to-back windows: the snapshot past the end belongs to the next.
      const built = build(session, { ...opts, lookahead: false });
      for (const k of Object.keys(session.loadRejected)) delete built.capture.facts.rejected[k];
      return built;
    },
    close() {},
  };
}
