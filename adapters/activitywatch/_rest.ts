/**
 * The ActivityWatch REST API (FORMATS §2, default `http://127.0.0.1:5600`): buckets from
 * `GET /api/0/buckets/`, events from `GET /api/0/buckets/<id>/events` (newest first,
 * clipped to `start`/`end`), with an optional bearer key. Events load into the in-memory
 * source, exactly like an export file.
 *
 * @module
 */

import { fetchFailure, jsonBody } from "../_http.ts";
import { AW_IGNORED_TYPES, AW_TYPES, type AwSource } from "./_model.ts";
import { memoryAwSource, type RawAwBucket } from "./_memory.ts";

/** The default aw-server address. */
export const AW_DEFAULT_URL = "http://127.0.0.1:5600";

/** Options for {@linkcode loadAwServer}. */
export interface LoadAwServerOptions {
  /** Bearer key, when the server requires one. */
  key?: string;
  /** Only events overlapping `[start, end)` (UTC epoch ms); all events when absent. */
  start?: number;
  end?: number;
  /** Per-request timeout in ms (default 15000). */
  timeoutMs?: number;
}

const USED_TYPES = new Set<string>(Object.values(AW_TYPES));

/** Load buckets and events from a running aw-server. */
export async function loadAwServer(url: string, opts: LoadAwServerOptions = {}): Promise<AwSource> {
  const base = url.replace(/\/+$/, "");
  const get = (path: string) => request(base, path, opts);
  const list = await get("/api/0/buckets/");
  if (typeof list !== "object" || list === null || Array.isArray(list)) {
    throw new Error(
      `Cannot read ActivityWatch server "${base}": /api/0/buckets/ did not return an object (is it aw-server?)`,
    );
  }
  const raw: RawAwBucket[] = [];
  let withIds = false;
  for (const [key, value] of Object.entries(list as Record<string, unknown>)) {
    const b = (value ?? {}) as Record<string, unknown>;
    const type = typeof b.type === "string" ? b.type : "";
    const id = typeof b.id === "string" && b.id !== "" ? b.id : key;
    const hostname = typeof b.hostname === "string" && b.hostname !== "" ? b.hostname : "unknown";
    let events: unknown[] = [];
    // Unknown types are listed (for the error) but their events are not fetched.
    if (USED_TYPES.has(type)) {
      const q = new URLSearchParams({ limit: "-1" });
      if (opts.start !== undefined) q.set("start", new Date(opts.start).toISOString());
      if (opts.end !== undefined) q.set("end", new Date(opts.end).toISOString());
      const got = await get(`/api/0/buckets/${encodeURIComponent(id)}/events?${q}`);
      if (!Array.isArray(got)) {
        throw new Error(
          `Cannot read ActivityWatch server "${base}": events of bucket "${id}" are not a list`,
        );
      }
      events = got;
      if (typeof (got[0] as { id?: unknown } | undefined)?.id === "number") withIds = true;
    } else if (AW_IGNORED_TYPES.has(type)) {
      continue;
    }
    raw.push({ id, type, hostname, events });
  }
  const source = memoryAwSource(raw, {
    form: "rest",
    location: base,
    fingerprint: withIds ? "aw-rest" : "aw-rest-no-ids",
  });
  // aw-server-rust `endpoints/settings.rs`: the value, or null when unset; older servers
  // (and the Python one) have no such route: they do not say.
  const filters = await request(base, "/api/0/settings/privacy_filters", opts, true);
  if (filters !== undefined && filters !== null) source.privacyFilters = filters;
  return source;
}

async function request(
  base: string,
  path: string,
  opts: LoadAwServerOptions,
  optional = false,
): Promise<unknown> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (opts.key !== undefined && opts.key !== "") headers.authorization = `Bearer ${opts.key}`;
  let res: Response;
  try {
    res = await fetch(`${base}${path}`, {
      headers,
      signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
    });
  } catch (err) {
    throw new Error(`Cannot reach ActivityWatch server "${base}": ${reachDetail(err)}`, {
      cause: err,
    });
  }
  if (res.status === 401 || res.status === 403) {
    await res.body?.cancel();
    throw new Error(
      `Cannot read ActivityWatch server "${base}": ${res.status} ${
        opts.key
          ? "the API key was refused"
          : "the server requires an API key (--aw-key or FRAMES_AW_KEY)"
      }`,
    );
  }
  if (optional && !res.ok) {
    await res.body?.cancel();
    return undefined;
  }
  return await jsonBody(res, `ActivityWatch server "${base}"`, path);
}

function reachDetail(err: unknown): string {
  const { known, message: msg } = fetchFailure(err);
  if (known !== undefined) return known;
  if (/refused/i.test(msg)) return "connection refused (is aw-server running?)";
  if (/dns|lookup|resolve/i.test(msg)) return "host not found";
  return msg.split("\n")[0];
}
