/**
 * The capture engine's config file, `$FRAMES_HOME/capture.json` (optional):
 *
 * ```json
 * {
 *   "heartbeat_seconds": 30,
 *   "ingest": true,
 *   "ingest_port": 47631,
 *   "exclude": { "apps": [], "titles": [], "urls": [], "private_windows": true }
 * }
 * ```
 *
 * @module
 */

import { join } from "../src/file_path.ts";
import { CAPTURE_HEARTBEAT_S } from "../src/compile/rules.ts";
import { compileExclusions, type Exclusions, parseExclusionRules } from "./exclusions.ts";

/** File name of the engine config inside the frames home folder. */
export const CAPTURE_CONFIG_FILE = "capture.json";

/** The default loopback port of the browser ingest endpoint. */
export const DEFAULT_INGEST_PORT = 47631;

/** The engine's configuration. */
export interface CaptureConfig {
  /** Where it was read from (`undefined`: defaults only). */
  path?: string;
  heartbeatMs: number;
  ingest: boolean;
  ingestPort: number;
  exclusions: Exclusions;
}

/**
 * Read the config at `path` (default `$FRAMES_HOME/capture.json`; absent is fine unless
 * the path was given explicitly). Throws `TypeError`/`SyntaxError` naming the file.
 */
export function loadCaptureConfig(framesHome: string, path?: string): CaptureConfig {
  const file = path ?? join(framesHome, CAPTURE_CONFIG_FILE);
  let text: string | undefined;
  try {
    text = Deno.readTextFileSync(file);
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound) || path !== undefined) {
      throw new Error(`Cannot read capture config "${file}": ${(err as Error).message}`);
    }
  }
  let raw: Record<string, unknown> = {};
  if (text !== undefined) {
    try {
      raw = JSON.parse(text);
    } catch (err) {
      throw new SyntaxError(`Cannot read capture config "${file}": ${(err as Error).message}`);
    }
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
      throw new TypeError(`Cannot read capture config "${file}": expected a JSON object`);
    }
  }
  const where = `capture config "${file}"`;
  const known = new Set(["heartbeat_seconds", "ingest", "ingest_port", "exclude"]);
  for (const k of Object.keys(raw)) {
    if (!known.has(k)) {
      throw new TypeError(
        `Cannot read ${where}: unknown key "${k}" (use ${[...known].join(", ")})`,
      );
    }
  }
  const hb = raw.heartbeat_seconds ?? CAPTURE_HEARTBEAT_S;
  if (typeof hb !== "number" || !(hb >= 1 && hb <= 3600)) {
    throw new TypeError(`Cannot read ${where}: "heartbeat_seconds" must be a number 1..3600`);
  }
  const ingest = raw.ingest ?? true;
  if (typeof ingest !== "boolean") {
    throw new TypeError(`Cannot read ${where}: "ingest" must be true or false`);
  }
  const port = raw.ingest_port ?? DEFAULT_INGEST_PORT;
  if (typeof port !== "number" || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new TypeError(`Cannot read ${where}: "ingest_port" must be an integer 0..65535`);
  }
  let exclusions: Exclusions;
  try {
    exclusions = compileExclusions(parseExclusionRules(raw.exclude, where));
  } catch (err) {
    if (err instanceof SyntaxError) throw new SyntaxError(`Cannot read ${where}: ${err.message}`);
    throw err;
  }
  return {
    path: text === undefined ? undefined : file,
    heartbeatMs: hb * 1000,
    ingest,
    ingestPort: port,
    exclusions,
  };
}
