/**
 * Pagination cursors: an opaque token that carries the call it continues (its arguments
 * and the concrete window), so page two covers exactly the window page one did even for
 * relative windows such as "the last 3 hours". A cursor is signed (HMAC-SHA256 with a key
 * drawn when the process starts), so a client can only hand back one this process minted,
 * and its arguments are checked against the tool's schema again when it is used.
 *
 * @module
 */

import { createHmac, timingSafeEqual } from "node:crypto";
import { decodeBase64Url, encodeBase64Url } from "../http/mod.ts";
import type { ResolvedWindow } from "./backend.ts";
import { ToolError } from "./_result.ts";
import { checkArgs, type InputSchema } from "./_schema.ts";

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

// Per process, never stored: a cursor lives as long as the server that minted it, and a
// restarted server (or another client's process) refuses it with "start over". node:crypto
// rather than WebCrypto because its HMAC is synchronous, so minting stays a plain call.
const KEY = crypto.getRandomValues(new Uint8Array(32));
const MAC_BYTES = 32;
const VERSION = 2;
// Far past any real page (a day has a few thousand frames), so a sane offset always passes.
const MAX_OFFSET = 1_000_000;
const MAX_WINDOWS = 64;

function mac(payload: Uint8Array): Uint8Array {
  return new Uint8Array(createHmac("sha256", KEY).update(payload).digest());
}

/** Encodes a cursor state as an opaque URL-safe string: its MAC, then its JSON. */
export function encodeCursor(state: CursorState): string {
  const payload = new TextEncoder().encode(
    JSON.stringify([VERSION, state.tool, state.args, state.windows, state.offset]),
  );
  const out = new Uint8Array(MAC_BYTES + payload.length);
  out.set(mac(payload));
  out.set(payload, MAC_BYTES);
  return encodeBase64Url(out);
}

function isWindow(w: unknown): w is ResolvedWindow {
  if (w === null || typeof w !== "object") return false;
  const o = w as Record<string, unknown>;
  return Number.isFinite(o.start) && Number.isFinite(o.end) &&
    (o.start as number) <= (o.end as number) &&
    (o.day === undefined || typeof o.day === "string");
}

/** The signed payload of `text`, or a sentence saying why there is none. */
function verified(text: string): unknown {
  let bytes: Uint8Array;
  try {
    bytes = decodeBase64Url(text.trim());
  } catch {
    return "it is not base64url";
  }
  if (bytes.length <= MAC_BYTES) return "it is cut short";
  const payload = bytes.subarray(MAC_BYTES);
  if (!timingSafeEqual(bytes.subarray(0, MAC_BYTES), mac(payload))) {
    return "this server did not issue it: it was altered, cut short, or minted by a server process that has since stopped";
  }
  return JSON.parse(new TextDecoder().decode(payload));
}

/** Decodes a cursor for `tool`; a cursor that is not one of its own is a {@linkcode ToolError}. */
export function decodeCursor(text: string, tool: string): CursorState {
  const fix = `pass next_cursor exactly as ${tool} returned it, or leave cursor out to start over`;
  const parsed = verified(text);
  if (typeof parsed === "string") throw new ToolError(`Invalid cursor: ${fix} (${parsed})`);
  if (!Array.isArray(parsed) || parsed[0] !== VERSION || parsed.length !== 5) {
    throw new ToolError(`Invalid cursor: ${fix}`);
  }
  const [, owner, args, windows, offset] = parsed;
  if (owner !== tool) {
    throw new ToolError(`Invalid cursor: it belongs to ${owner}, not ${tool}; ${fix}`);
  }
  if (
    args === null || typeof args !== "object" || Array.isArray(args) || !Array.isArray(windows) ||
    windows.length > MAX_WINDOWS || !windows.every(isWindow) || !Number.isInteger(offset) ||
    offset < 0 || offset > MAX_OFFSET
  ) {
    throw new ToolError(`Invalid cursor: ${fix}`);
  }
  return { tool, args, windows, offset };
}

/**
 * Resumes a paged call: without a cursor, returns the arguments as given; with one, the
 * arguments it was minted for, checked against `schema` again (other arguments, when
 * repeated, must be the same).
 */
export function resumeCall(
  tool: string,
  args: Record<string, unknown>,
  schema: InputSchema,
): { args: Record<string, unknown>; cursor?: CursorState } {
  const { cursor, ...rest } = args;
  if (typeof cursor !== "string") return { args: rest };
  const state = decodeCursor(cursor, tool);
  const checked = checkArgs(schema, state.args);
  if ("error" in checked || Object.hasOwn(state.args, "cursor")) {
    const why = "error" in checked ? checked.error : "it nests a cursor";
    throw new ToolError(
      `Invalid cursor: its arguments are not allowed (${why}); leave cursor out to start over`,
    );
  }
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
