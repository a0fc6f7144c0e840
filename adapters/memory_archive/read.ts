/**
 * The Memory Archive reader (FORMATS §4): a session folder's `metadata.json` (the
 * authoritative record: one snapshot per step) and `commands/actuation_commands.json`
 * (entry N = step N: the input events). The corpus records no app name, window title or
 * URL: snapshots carry the app `unknown`, and the facts say so for the blind spots.
 *
 * @module
 */

import { join, resolve } from "node:path";
import type { Capture, InputEvent, Snapshot } from "../../src/model.ts";
import { parseTimestamp } from "../_timestamp.ts";
import { parseJsonText, readTextFile } from "../_json.ts";
import { type CommandEvent, commandEvent } from "./_commands.ts";
import type { ImportableSource, ReadWindowOptions } from "../types.ts";

/** The app name of Memory Archive snapshots: the corpus records none. */
export const MA_APP = "unknown";
/** The display of Memory Archive snapshots. */
export const MA_DISPLAY = "screen";

/** What a Memory Archive session never records (for the blind spots). */
export const MA_NOTES: readonly string[] = [
  'Memory Archive records no app names, window titles or URLs: every step is app "unknown"',
];

const REQUIRED = ["memory_name", "session_id", "mode", "os", "created_at", "steps"];

interface Session {
  location: string;
  sessionId: string;
  fingerprint: string;
  steps: { id: number; at: number | undefined }[];
  commands: CommandEvent[] | undefined;
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
  let commands: CommandEvent[] | undefined;
  let text: string | undefined;
  try {
    text = Deno.readTextFileSync(cmdPath);
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) {
      throw new Error(`${what}: commands/actuation_commands.json: ${(err as Error).message}`);
    }
  }
  if (text !== undefined) {
    const parsed = parseJsonText(text, `${what}: commands/actuation_commands.json`);
    if (!Array.isArray(parsed)) {
      throw new Error(`${what}: commands/actuation_commands.json is not a list`);
    }
    commands = parsed as CommandEvent[];
  }
  const os = String((m.os as { os_type?: unknown } | null)?.os_type ?? "unknown").toLowerCase();
  return {
    location,
    sessionId: String(m.session_id),
    fingerprint: `memory-archive-${os}${commands === undefined ? "-no-commands" : ""}`,
    steps,
    commands,
  };
}

interface Built {
  capture: Capture;
  snapshotKeys: string[];
  eventKeys: string[];
}

function build(session: Session, opts: ReadWindowOptions): Built {
  const { start, end } = opts;
  const snapshots: Snapshot[] = [];
  const snapshotKeys: string[] = [];
  const rejected: Record<string, number> = {};
  const reject = (r: string) => rejected[r] = (rejected[r] ?? 0) + 1;
  const stepAt = new Map<number, number>();
  for (const s of session.steps) {
    if (s.at === undefined) {
      reject("steps: unparseable timestamp");
      continue;
    }
    stepAt.set(s.id, s.at);
    if (s.at < start || s.at >= end) continue;
    snapshots.push({ ref: s.id, at: s.at, display: MA_DISPLAY, app: MA_APP, trigger: "input" });
    snapshotKeys.push(`ma:${session.sessionId}#s${s.id}`);
  }
  const events: InputEvent[] = [];
  const eventKeys: string[] = [];
  (session.commands ?? []).forEach((c, i) => {
    const ref = session.steps[i]?.id ?? i + 1;
    const at = instant(c?.timestamp) ?? stepAt.get(ref);
    if (at === undefined) {
      reject("actuation_commands: unparseable timestamp");
      return;
    }
    if (at < start || at >= end) return;
    const out = commandEvent(c ?? {}, { ref, at, includeText: opts.includeText === true });
    if ("reason" in out) reject(out.reason);
    else if ("event" in out) {
      if (!stepAt.has(ref)) delete out.event.snapshotRef;
      events.push(out.event);
      eventKeys.push(`ma:${session.sessionId}#c${ref}`);
    }
  });
  snapshots.sort((a, b) => a.at - b.at || a.ref - b.ref);
  const order = events.map((_, i) => i).sort((a, b) =>
    events[a].at - events[b].at || events[a].ref - events[b].ref
  );
  const rows: Record<string, number> = { steps: session.steps.length };
  if (session.commands !== undefined) rows.actuation_commands = session.commands.length;
  return {
    capture: {
      window: { start, end },
      snapshots,
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
        notes: [...MA_NOTES],
      },
    },
    snapshotKeys: snapshots.map((s) => `ma:${session.sessionId}#s${s.ref}`),
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
  const probe = build(session, { start: 0, end: 0 }).capture;
  return {
    adapter: "memory-archive",
    location: session.location,
    fingerprint: session.fingerprint,
    capabilities: probe.facts.capabilities,
    span() {
      const times = [
        ...session.steps.map((s) => s.at),
        ...(session.commands ?? []).map((c) => instant(c?.timestamp)),
      ].filter((t): t is number => t !== undefined);
      return times.length === 0
        ? undefined
        : { first: Math.min(...times), last: Math.max(...times) };
    },
    readKeyed(opts) {
      return build(session, opts);
    },
    close() {},
  };
}
