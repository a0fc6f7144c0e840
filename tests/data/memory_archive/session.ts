/**
 * Writing Memory Archive session folders for tests (FORMATS §4): `metadata.json` with its
 * required keys and one step per command, and `commands/actuation_commands.json` as one
 * JSON array (a finished session) or as JSON Lines (an incomplete one), optionally with a
 * half-written last line.
 *
 * @module
 */

import { join } from "node:path";

/** One command: seconds after `t0`, action type and subtype, raw command, x, y. */
export type TestCommand = [number, string, string, string, number?, number?];

/** Options of {@linkcode writeSession}. */
export interface SessionOptions {
  /** The session's start (UTC epoch ms). */
  t0: number;
  /** `macos`, `linux` or `windows`. */
  os?: string;
  /** Write the commands as JSON Lines (an incomplete session). */
  jsonLines?: boolean;
  /** Cut the last JSON Lines line after this many characters (a half-written line). */
  truncateLast?: number;
  /** Replace every command line with this text (nothing readable). */
  garbage?: string;
}

/** Write a session folder `name` under `dir` with one step per command; returns its path. */
export async function writeSession(
  dir: string,
  name: string,
  commands: TestCommand[],
  opts: SessionOptions,
): Promise<string> {
  const root = join(dir, name);
  await Deno.mkdir(join(root, "commands"), { recursive: true });
  const iso = (s: number) => new Date(opts.t0 + s * 1000).toISOString();
  const os = (opts.os ?? "linux").toUpperCase();
  const steps = commands.map(([s, type, sub, raw], i) => ({
    step_id: i + 1,
    timestamp: iso(s),
    action_type: type,
    action_subtype: sub,
    image_fetched: true,
    marked: false,
    raw_command: raw,
  }));
  await Deno.writeTextFile(
    join(root, "metadata.json"),
    JSON.stringify({
      memory_name: name,
      memory_description: "test session",
      session_id: `sess-${name}`,
      mode: "manual",
      status: opts.jsonLines ? "recording" : "complete",
      os: { os_type: os, os_version: "1", os_architecture: "arm64", os_environment_id: "e" },
      capture_server_id: "cap",
      actuation_server_id: "act",
      created_at: iso(-60),
      total_steps: steps.length,
      annotated_steps: steps.length,
      skipped_steps: 0,
      steps,
    }),
  );
  const events = commands.map(([s, type, sub, raw, x, y]) => ({
    session_id: `sess-${name}`,
    agent_id: "agent",
    agent_version: "1.0",
    os_type: os,
    timestamp: iso(s),
    raw_command: raw,
    action_type: type,
    action_subtype: sub,
    is_here_command: false,
    success: true,
    error_message: null,
    execution_time_ms: 40,
    mouse_x: x ?? null,
    mouse_y: y ?? null,
    position_captured: false,
    is_heartbeat: false,
    agent_alive: true,
  }));
  let text: string;
  if (!opts.jsonLines) text = JSON.stringify(events, null, 2);
  else {
    const lines = events.map((e) => opts.garbage ?? JSON.stringify(e));
    if (opts.truncateLast !== undefined) {
      lines[lines.length - 1] = lines[lines.length - 1].slice(0, opts.truncateLast);
    }
    text = lines.join("\n") + (opts.truncateLast === undefined ? "\n" : "");
  }
  await Deno.writeTextFile(join(root, "commands", "actuation_commands.json"), text);
  return root;
}
