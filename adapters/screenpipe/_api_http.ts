/**
 * One GET against screenpipe's local REST API, with the answers it really gives turned into
 * messages that say which setting to change.
 *
 * Upstream facts (screenpipe/screenpipe, `crates/screenpipe-engine/src/server.rs` and
 * `routes/`, 2026-03 sources):
 * - no key is needed by default; a request carrying a pipe token (`Bearer sp_pipe_…`)
 *   without the permission is refused with 403 (`pipe_permissions_middleware.rs`), and
 *   newer builds can require an API key (401);
 * - while the vault is locked every route but `/health` and `/vault/*` answers
 *   `423 {"error": "vault is locked"}` (`routes/vault.rs`, `vault_lock_middleware`);
 * - every JSON answer has its UTC timestamps rewritten to the server's local zone unless
 *   the query carries exactly `timezone=utc` (`routes/timezone.rs`,
 *   `timestamp_middleware`), so every request here sends it.
 *
 * @module
 */

import { fetchFailure, jsonBody } from "../_http.ts";

/** The address screenpipe listens on by default. */
export const SCREENPIPE_DEFAULT_URL = "http://127.0.0.1:3030";

/** How one request is made. */
export interface ApiRequestOptions {
  /** Bearer key, when screenpipe requires one. */
  key?: string;
  /** Per-request timeout in ms (default 30000: screenpipe's own search timeout). */
  timeoutMs?: number;
}

/** A 404 from the API: the route or the row does not exist. */
export class ApiNotFound extends Error {}

/** GET `path` with `params` (plus `timezone=utc`) and return the parsed JSON body. */
export async function apiGet(
  base: string,
  path: string,
  params: Record<string, string>,
  opts: ApiRequestOptions = {},
): Promise<unknown> {
  const q = new URLSearchParams({ ...params, timezone: "utc" });
  const headers: Record<string, string> = { accept: "application/json" };
  if (opts.key !== undefined && opts.key !== "") headers.authorization = `Bearer ${opts.key}`;
  let res: Response;
  try {
    res = await fetch(`${base}${path}?${q}`, {
      headers,
      signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
    });
  } catch (err) {
    throw new Error(`Cannot reach screenpipe API "${base}": ${reachDetail(err)}`, { cause: err });
  }
  if (res.status === 423) {
    await res.body?.cancel();
    throw new Error(
      `Cannot read screenpipe API "${base}": 423 the screenpipe vault is locked; unlock it in the screenpipe app (or run "screenpipe vault unlock") and try again`,
    );
  }
  if (res.status === 401 || res.status === 403) {
    await res.body?.cancel();
    throw new Error(
      `Cannot read screenpipe API "${base}": ${res.status} ${
        opts.key
          ? "the key in FRAMES_SCREENPIPE_KEY was refused (give it read access to search, or unset it to call as the user)"
          : "screenpipe requires an API key: set FRAMES_SCREENPIPE_KEY to the key from screenpipe's settings, or turn API authentication off there"
      }`,
    );
  }
  if (res.status === 404) {
    await res.body?.cancel();
    throw new ApiNotFound(`Cannot read screenpipe API "${base}": ${path} answered 404`);
  }
  return await jsonBody(res, `screenpipe API "${base}"`, path);
}

function reachDetail(err: unknown): string {
  const { known, message: msg } = fetchFailure(err);
  if (known !== undefined) return known;
  if (/refused/i.test(msg)) {
    return "connection refused (is screenpipe running? else pass --source screenpipe:PATH to read its database)";
  }
  return msg.split("\n")[0];
}
