/**
 * The web view as a hono app: the loopback guard (Host and Origin), the token, security
 * headers, then the pages. Exported on its own so tests drive it with `app.request()`.
 *
 * @module
 */

import { type Context, Hono } from "hono";
import { countTokens } from "gpt-tokenizer/encoding/cl100k_base";
import { addDays, parseDay } from "../compile/time.ts";
import { emitContext } from "../emit/context.ts";
import { isLoopbackOrigin, loopbackGuard, type Refusal, type TokenSource } from "../http/mod.ts";
import { frameSteps } from "../steps/mod.ts";
import { APP_JS, STYLE_CSS } from "./assets.ts";
import { webAuth } from "./auth.ts";
import type { CompiledDay, WebBackend } from "./backend.ts";
import { DayCache, type DayCacheOptions } from "./cache.ts";
import { problemPage } from "./layout.ts";
import { BUDGET_RANGE, contextPage } from "./pages/context.ts";
import { dayPage } from "./pages/day.ts";
import { framePage } from "./pages/frame.ts";
import { MAX_RANGE_DAYS, rangePage } from "./pages/range.ts";
import { routinesPage } from "./pages/routines.ts";
import { buildTimeline, type Timeline } from "./timeline.ts";

/** Options of {@linkcode webApp}. */
export interface WebAppOptions {
  /** The bound port; read per request because port 0 is only known after listening. */
  port: () => number;
  /** The token every request must carry (in the URL once, then as a cookie). */
  token: string | TokenSource;
  /** Options of the compiled-day cache. */
  cache?: DayCacheOptions;
  /** Receives unexpected errors. */
  onerror?: (error: Error) => void;
}

/** Scripts and styles only from this server; no frames, no forms elsewhere, no referrer. */
const SECURITY_HEADERS: Record<string, string> = {
  "content-security-policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
  "cache-control": "no-store",
};

function refusedText(r: Refusal): string {
  switch (r.reason) {
    case "host":
      return `Forbidden: Host "${r.host}" is not this server (open http://${r.allowed[0]}/)`;
    case "origin":
      return `Forbidden: Origin "${r.origin}" may not call this server`;
    default:
      return "Forbidden";
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(text: string | undefined): text is string {
  return text !== undefined && DAY.test(text) && parseDay(text) !== undefined;
}

/** The web view as a fetch handler (a hono app underneath). */
export interface WebApp {
  /** Answers one request. */
  fetch(request: Request): Response | Promise<Response>;
  /** Answers a request for a URL or path, as hono's `app.request` does (for tests). */
  request(input: string | URL | Request, init?: RequestInit): Response | Promise<Response>;
}

/** The hono app of `frames serve`. */
export function webApp(backend: WebBackend, opts: WebAppOptions): WebApp {
  const cache = new DayCache(backend, opts.cache);
  const timelines = new WeakMap<CompiledDay, Timeline>();
  const timelineOf = (c: CompiledDay) => {
    let t = timelines.get(c);
    if (t === undefined) timelines.set(c, t = buildTimeline(c.doc, c.capture));
    return t;
  };
  const today = () => backend.today();
  const app = new Hono();
  app.use("*", async (c, next) => {
    await next();
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(k, v);
  });
  app.use(
    "*",
    loopbackGuard({
      port: opts.port,
      allowOrigin: isLoopbackOrigin,
      refuse: (r) =>
        new Response(refusedText(r), {
          status: r.status,
          headers: { "content-type": "text/plain; charset=utf-8" },
        }),
    }),
  );
  app.use(
    "*",
    webAuth({
      token: opts.token,
      port: opts.port,
      refuse: (c) =>
        c.html(
          problemPage(
            today(),
            "Unauthorized",
            "Open the address frames serve printed when it started: it carries the token (?token=…) that lets this browser in.",
          ),
          401,
        ),
    }),
  );
  app.get(
    "/assets/style.css",
    (c) => c.body(STYLE_CSS, 200, { "content-type": "text/css; charset=utf-8" }),
  );
  app.get(
    "/assets/app.js",
    (c) => c.body(APP_JS, 200, { "content-type": "text/javascript; charset=utf-8" }),
  );
  const bad = (c: Context, what: string) => c.html(problemPage(today(), "Bad request", what), 400);

  app.get("/", (c) => c.redirect(`/day/${today()}`, 303));
  app.get("/day", (c) => {
    const day = c.req.query("day");
    if (!isDay(day)) return bad(c, "Give a day as YYYY-MM-DD.");
    return c.redirect(`/day/${day}`, 303);
  });
  app.get("/day/:day", async (c) => {
    const day = c.req.param("day");
    if (!isDay(day)) return bad(c, `"${day}" is not a day: use YYYY-MM-DD.`);
    const compiled = await cache.get(day, 0);
    const holding = compiled.doc.coverage.snapshots === 0 ? await backend.days() : [];
    return c.html(dayPage(day, compiled.doc, timelineOf(compiled), holding));
  });
  app.get("/frame/:id", async (c) => {
    const id = c.req.param("id");
    const asked = c.req.query("day");
    if (asked !== undefined && !isDay(asked)) return bad(c, "Give the frame's day as YYYY-MM-DD.");
    // Without a day, look through the days that hold capture, newest first (two weeks).
    const candidates = asked !== undefined ? [asked] : (await backend.days()).slice(0, 14);
    for (const day of candidates) {
      const compiled = await cache.get(day, 0);
      const frame = compiled.doc.frames.find((f) => f.id === id);
      if (frame === undefined) continue;
      const s = backend.settings();
      let steps;
      try {
        steps = frameSteps(compiled.capture, id, {
          tz: s.tz,
          includeText: s.includeText,
          ...(backend.typer !== undefined ? { typer: backend.typer } : {}),
        });
      } catch (err) {
        if (!(err instanceof RangeError)) throw err;
      }
      return c.html(framePage({
        day,
        frame,
        capture: compiled.capture,
        tz: s.tz,
        steps,
        includeText: s.includeText,
      }));
    }
    return c.html(
      problemPage(
        asked ?? today(),
        "Unknown frame",
        `No frame with id "${id}"${
          asked === undefined ? " in the last two weeks" : ` on ${asked}`
        }.`,
      ),
      404,
    );
  });
  app.get("/context", async (c) => {
    const day = c.req.query("day") ?? today();
    if (!isDay(day)) return bad(c, "Give a day as YYYY-MM-DD.");
    const s = backend.settings();
    const raw = c.req.query("budget");
    const budget = raw === undefined ? s.budget : Number(raw);
    if (!Number.isInteger(budget) || budget < BUDGET_RANGE.min || budget > 32_000) {
      return bad(c, `The budget is a whole number of tokens from ${BUDGET_RANGE.min} to 32000.`);
    }
    const { doc } = await cache.get(day, s.minMinutes);
    const block = emitContext(doc, { budget });
    return c.html(contextPage({ day, budget, block, tokens: countTokens(block) }));
  });
  app.get("/routines", async (c) => {
    const day = c.req.query("day") ?? today();
    if (!isDay(day)) return bad(c, "Give a day as YYYY-MM-DD.");
    const report = backend.routines === undefined ? undefined : await backend.routines(day);
    return c.html(routinesPage(day, report));
  });
  app.get("/range", async (c) => {
    const to = c.req.query("to") ?? today();
    const from = c.req.query("from") ?? addDays(to, -6);
    if (!isDay(from) || !isDay(to) || from > to) {
      return bad(c, "Give from and to as YYYY-MM-DD, from not after to.");
    }
    const days: string[] = [];
    for (let d = from; d <= to && days.length <= MAX_RANGE_DAYS; d = addDays(d, 1)) days.push(d);
    if (days.length > MAX_RANGE_DAYS) {
      return bad(c, `A range holds at most ${MAX_RANGE_DAYS} days.`);
    }
    // Ledgers do not depend on the shortest frame listed: share the day page's compile.
    const docs = [];
    for (const day of days) docs.push({ day, doc: (await cache.get(day, 0)).doc });
    return c.html(rangePage(from, to, docs));
  });
  app.notFound((c) => c.html(problemPage(today(), "Not found", "There is no such page."), 404));
  app.onError((err, c) => {
    opts.onerror?.(err);
    return c.html(
      problemPage(today(), "Something went wrong", err.message),
      500,
    );
  });
  return app;
}
