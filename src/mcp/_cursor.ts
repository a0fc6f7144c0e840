/**
 * Pagination cursors: an opaque token that carries the call it continues (its arguments
 * and the concrete window), so page two covers exactly the window page one did even for
 * relative windows such as "the last 3 hours".
 *
 * @module
 */

import { decodeBase64Url, encodeBase64Url } from "../http/mod.ts";
import type { ResolvedWindow } from "./backend.ts";
import { ToolError } from "./_result.ts";

/** What a cursor remembers. */
export interface CursorState {
  /** The tool the cursor belongs to. */
  tool: string;
  /** The call's arguments, without the cursor. */
  args: Record<string, unknown>;
  /** The concrete window(s) the first page resolved. */
  windows: ResolvedWindow[];
  /** Items already returned. */
  offset: number;
}

function toBase64Url(text: string): string {
  return encodeBase64Url(new TextEncoder().encode(text));
}

function fromBase64Url(text: string): string {
  return new TextDecoder().decode(decodeBase64Url(text));
}

/** Encodes a cursor state as an opaque URL-safe string. */
export function encodeCursor(state: CursorState): string {
  return toBase64Url(JSON.stringify([1, state.tool, state.args, state.windows, state.offset]));
}

function isWindow(w: unknown): w is ResolvedWindow {
  if (w === null || typeof w !== "object") return false;
  const o = w as Record<string, unknown>;
  return Number.isFinite(o.start) && Number.isFinite(o.end) &&
    (o.day === undefined || typeof o.day === "string");
}

/** Decodes a cursor for `tool`; a cursor that is not one of its own is a {@linkcode ToolError}. */
export function decodeCursor(text: string, tool: string): CursorState {
  const fix = `pass next_cursor exactly as ${tool} returned it, or leave cursor out to start over`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64Url(text.trim()));
  } catch {
    throw new ToolError(`Invalid cursor: ${fix}`);
  }
  if (!Array.isArray(parsed) || parsed[0] !== 1 || parsed.length !== 5) {
    throw new ToolError(`Invalid cursor: ${fix}`);
  }
  const [, owner, args, windows, offset] = parsed;
  if (owner !== tool) {
    throw new ToolError(`Invalid cursor: it belongs to ${owner}, not ${tool}; ${fix}`);
  }
  if (
    args === null || typeof args !== "object" || Array.isArray(args) || !Array.isArray(windows) ||
    !windows.every(isWindow) || !Number.isInteger(offset) || offset < 0
  ) {
    throw new ToolError(`Invalid cursor: ${fix}`);
  }
  return { tool, args, windows, offset };
}

/**
 * Resumes a paged call: without a cursor, returns the arguments as given; with one, the
 * arguments it was minted for (other arguments, when repeated, must be the same).
 */
export function resumeCall(
  tool: string,
  args: Record<string, unknown>,
): { args: Record<string, unknown>; cursor?: CursorState } {
  const { cursor, ...rest } = args;
  if (typeof cursor !== "string") return { args: rest };
  const state = decodeCursor(cursor, tool);
  for (const [key, value] of Object.entries(rest)) {
    if (JSON.stringify(state.args[key]) !== JSON.stringify(value)) {
      throw new ToolError(
        `Invalid cursor: it continues a call with ${key}=${
          JSON.stringify(state.args[key] ?? null)
        }, not ${
          JSON.stringify(value)
        }; repeat that call's arguments with the cursor, or drop cursor to start over`,
      );
    }
  }
  return { args: state.args, cursor: state };
}
