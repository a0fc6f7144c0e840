/**
 * A stand-in for aw-server in tests: serves the documented REST endpoints (FORMATS §2)
 * from an export file — `GET /api/0/info`, `/api/0/buckets/`, `/api/0/buckets/<id>/events`
 * (newest first, clipped to `start`/`end`, `limit`) and `/api/0/export` — optionally
 * behind `Authorization: Bearer <key>`. Prints `listening <port>` when ready.
 *
 * Run: deno run --allow-net=127.0.0.1 --allow-read server.ts EXPORT.json [KEY] [SETTINGS.json]
 *
 * @module
 */

const [exportPath, key, settingsPath] = Deno.args;
// aw-server-rust `endpoints/settings.rs`: GET /api/0/settings/<key> → the value, or null.
const settings: Record<string, unknown> = settingsPath
  ? JSON.parse(await Deno.readTextFile(settingsPath))
  : {};
const data = JSON.parse(await Deno.readTextFile(exportPath)) as {
  buckets: Record<string, { events: { timestamp: string; duration: number }[] }>;
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

function clipped(id: string, url: URL): unknown[] {
  const start = url.searchParams.has("start")
    ? Date.parse(url.searchParams.get("start")!)
    : -Infinity;
  const end = url.searchParams.has("end") ? Date.parse(url.searchParams.get("end")!) : Infinity;
  const limit = Number(url.searchParams.get("limit") ?? "-1");
  const out = [];
  for (const e of data.buckets[id].events) {
    const s = Date.parse(e.timestamp);
    const f = s + e.duration * 1000;
    if (f <= start || s >= end) continue;
    const cs = Math.max(s, start), cf = Math.min(f, end);
    out.push({ ...e, timestamp: new Date(cs).toISOString(), duration: (cf - cs) / 1000 });
  }
  out.sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp));
  return limit >= 0 ? out.slice(0, limit) : out;
}

const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
  if (key && req.headers.get("authorization") !== `Bearer ${key}`) {
    return json({ message: "Unauthorized" }, 401);
  }
  const url = new URL(req.url);
  const path = decodeURIComponent(url.pathname);
  if (path === "/api/0/info") return json({ hostname: "laptop", version: "v0.13.2 (rust)" });
  if (path === "/api/0/export") return json(data);
  if (path === "/api/0/buckets/") {
    const list: Record<string, unknown> = {};
    for (const [id, b] of Object.entries(data.buckets)) {
      const { events: _events, ...meta } = b;
      list[id] = meta;
    }
    return json(list);
  }
  const setting = /^\/api\/0\/settings\/([^/]+)$/.exec(path);
  if (setting) return json(settings[setting[1]] ?? null);
  const m = /^\/api\/0\/buckets\/([^/]+)\/events$/.exec(path);
  if (m && data.buckets[m[1]]) return json(clipped(m[1], url));
  return json({ message: "Not found" }, 404);
});
console.log(`listening ${server.addr.port}`);
