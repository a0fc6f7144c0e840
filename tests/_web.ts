/**
 * Test helpers for the web view: a small hand-written day with hostile titles and URLs,
 * compiled by the real compiler behind a fake backend, and a request helper that carries
 * the token cookie.
 *
 * @module
 */

import { makeCapture, T0 } from "./_capture.ts";
import { compile } from "../src/compile/mod.ts";
import type { Capture } from "../src/model.ts";
import { type RoutinesReport, type WebApp, webApp, type WebBackend } from "../src/web/mod.ts";

/** The test day (T0 is 2026-07-04T08:00Z; the day is in UTC). */
export const DAY = "2026-07-04";

/** A title no page may render as markup. */
export const HOSTILE_TITLE = `<script>alert("pwned")</script><img src=x onerror=alert(1)>`;

/** A URL no page may link. */
export const HOSTILE_URL = "javascript:alert(document.cookie)";

/** Typed text that must stay hidden unless the operator opted in. */
export const TYPED = "my secret typed words";

/** The token of every test app. */
export const TOKEN = "test-token-0123456789abcdefghijklmnopqrstuv";

/** The port the test apps pretend to be bound to. */
export const PORT = 7750;

/** The test day's capture: two displays, hostile titles, a presence stretch, a gap and a detour. */
export function hostileCapture(): Capture {
  const rows: [number, string, string?, string?, ("heartbeat" | "input")?, boolean?][] = [];
  for (let s = 0; s < 600; s += 30) rows.push([s, "Code", undefined, "monitor_1", "input", true]);
  rows.push([600, "Slack", undefined, "monitor_1", "input", true]); // a 10 s detour
  // Focus moves to the second display at 600 s and back at 2400 s (the source marks focus).
  for (let s = 610; s < 900; s += 30) {
    rows.push([s, "Code", undefined, "monitor_1", "input", false]);
  }
  for (let s = 900; s < 1200; s += 30) {
    rows.push([s, "Code", undefined, "monitor_1", "heartbeat", false]);
  }
  // Past the session gap: a second stretch after 20 minutes without capture.
  for (let s = 2400; s < 2700; s += 30) {
    rows.push([s, "Firefox", HOSTILE_URL, "monitor_1", "input", true]);
  }
  for (let s = 0; s < 1200; s += 60) {
    rows.push([s, "Firefox", "https://example.com/docs?q=deno", "monitor_2", "input", s >= 600]);
  }
  const capture = makeCapture(rows, {
    capabilities: { focus: true },
    events: [[35, "click", "monitor_1"], [95, "text", "monitor_1", TYPED.length], [
      2410,
      "key",
      "monitor_1",
    ]],
  });
  for (const s of capture.snapshots) {
    s.title = s.app === "Code" ? `${HOSTILE_TITLE} main.ts` : `Docs & "quotes" 'here'`;
  }
  const typed = capture.events.find((e) => e.kind === "text")!;
  typed.text = TYPED;
  capture.window = { start: Date.UTC(2026, 6, 4), end: Date.UTC(2026, 6, 5) };
  return capture;
}

/** Options of {@linkcode testBackend}. */
export interface TestBackendOptions {
  /** Whether the operator opted in to typed text. */
  includeText?: boolean;
  /** A routines report to serve. */
  routines?: RoutinesReport;
}

/** A backend over {@linkcode hostileCapture} on {@linkcode DAY} (other days are empty). */
export function testBackend(opts: TestBackendOptions = {}): WebBackend & { compiles: number } {
  const backend = {
    compiles: 0,
    settings: () => ({
      tz: "UTC",
      budget: 1500,
      minMinutes: 0.5,
      includeText: opts.includeText === true,
    }),
    today: () => DAY,
    days: () => Promise.resolve([DAY]),
    compileDay(day: string, o: { minMinutes?: number } = {}) {
      backend.compiles++;
      const capture = day === DAY ? hostileCapture() : emptyCapture(day);
      const doc = compile(capture, { tz: "UTC", day, minMinutes: o.minMinutes ?? 0.5 });
      return Promise.resolve({ doc, capture });
    },
    ...(opts.routines !== undefined ? { routines: () => Promise.resolve(opts.routines!) } : {}),
  };
  return backend;
}

function emptyCapture(day: string): Capture {
  const c = makeCapture([]);
  const start = Date.parse(`${day}T00:00:00Z`);
  c.window = { start, end: start + 86_400_000 };
  return c;
}

/** A test app over `backend`. */
export function testApp(backend: WebBackend): WebApp {
  return webApp(backend, { port: () => PORT, token: TOKEN });
}

/** GET `path` as a logged-in browser on this host would. */
export async function get(
  app: WebApp,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: Headers }> {
  const res = await app.request(`http://127.0.0.1:${PORT}${path}`, {
    headers: { host: `127.0.0.1:${PORT}`, cookie: `frames_web_${PORT}=${TOKEN}`, ...headers },
  });
  return { status: res.status, body: await res.text(), headers: res.headers };
}

export { T0 };
