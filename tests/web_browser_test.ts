import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { browserTest } from "./_requires.ts";
import { childEnv, MAIN, RUN_FLAGS, runFrames } from "./_frames.ts";
import { busiestDay, DEMO_DISPLAYS, writeDemoDatabase } from "../src/demo/mod.ts";
import type { ActivityDocument } from "../src/compile/document.ts";

// `frames serve` as a user runs it, on the demo's busiest day, opened in headless Debian
// Chromium by tests/data/web/browser_driver.ts (its own process: playwright-core needs
// -A). The expected lanes and frames come from `frames compile` of the same day.

const OPTS = { sanitizeOps: false, sanitizeResources: false };
const DRIVER = new URL("./data/web/browser_driver.ts", import.meta.url).pathname;
const CONFIG = new URL("../deno.json", import.meta.url).pathname;
const SHOTS = new URL("../test-results/", import.meta.url).pathname;
const TZ = "Europe/Berlin";

/** One raw HTTP/1.1 exchange, so the Host header is exactly what the test says. */
async function rawGet(port: number, path: string, headers: string[]): Promise<number> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    const req = [`GET ${path} HTTP/1.1`, ...headers, "Connection: close", "", ""].join("\r\n");
    await conn.write(new TextEncoder().encode(req));
    const buf = new Uint8Array(4096);
    const n = await conn.read(buf);
    const head = new TextDecoder().decode(buf.subarray(0, n ?? 0));
    return Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
  } finally {
    conn.close();
  }
}

async function firstLine(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
  }
  reader.releaseLock();
  return text.split("\n")[0];
}

browserTest(
  "frames serve: the busiest demo day in Chromium has one lane per display, one shape per frame, a frame click opens its audit view, and it passes the accessibility pass",
  OPTS,
  async () => {
    const home = await Deno.makeTempDir({ prefix: "frames_web_browser_" });
    const db = join(home, "demo.sqlite");
    const demo = writeDemoDatabase(db);
    const day = busiestDay(demo.days)!.day;
    const source = ["--source", `screenpipe:${db}`, "--tz", TZ, "--displays", DEMO_DISPLAYS];
    const compiled = await runFrames(
      ["compile", ...source, "--day", day, "--min-minutes", "0", "-f", "json"],
      { home },
    );
    equal(compiled.code, 0, compiled.stderr);
    const doc = JSON.parse(compiled.stdout) as ActivityDocument;
    ok(doc.frames.length > 50, "the busiest day is busy");

    const server = new Deno.Command(Deno.execPath(), {
      args: [...RUN_FLAGS, MAIN, "serve", "--port", "0", ...source],
      env: childEnv(home),
      clearEnv: true,
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    try {
      const url = await firstLine(server.stdout);
      match(url, /^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{32,}$/);
      const port = Number(new URL(url).port);
      const token = new URL(url).searchParams.get("token")!;
      // The real listener refuses a foreign Host or Origin and a missing token.
      equal(await rawGet(port, `/day/${day}`, [`Host: 127.0.0.1:${port}`]), 401);
      equal(await rawGet(port, `/day/${day}?token=${token}`, ["Host: evil.example"]), 403);
      equal(
        await rawGet(port, `/day/${day}?token=${token}`, [
          `Host: 127.0.0.1:${port}`,
          "Origin: http://evil.example",
        ]),
        403,
      );
      equal(await rawGet(port, `/day/${day}?token=${token}`, [`Host: 127.0.0.1:${port}`]), 303);

      await Deno.mkdir(SHOTS, { recursive: true });
      const drive = await new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "-A",
          `--config=${CONFIG}`,
          DRIVER,
          "--url",
          url,
          "--day",
          day,
          "--shots",
          SHOTS,
        ],
        env: childEnv(home),
        clearEnv: true,
        stdout: "piped",
        stderr: "piped",
      }).output();
      const dec = new TextDecoder();
      equal(drive.code, 0, dec.decode(drive.stderr));
      const r = JSON.parse(dec.decode(drive.stdout));

      equal(new URL(r.landed).search, "", "the token left the address bar");
      // One lane per display, one shape per frame of that display.
      deepEqual(
        r.lanes.map((l: { display: string }) => l.display).sort(),
        Object.keys(doc.coverage.per_display).sort(),
      );
      for (const lane of r.lanes as { display: string; ids: string[] }[]) {
        const want = doc.frames.filter((f) => f.display === lane.display).map((f) => f.id).sort();
        deepEqual([...lane.ids].sort(), want, lane.display);
      }
      // Hover shows the frame's title; a click opens that frame's audit view.
      equal(r.tip, r.expectTitle);
      match(r.frameUrl, new RegExp(`/frame/${encodeURIComponent(r.clickedId)}\\?day=${day}$`));
      equal(r.frameIdShown, r.clickedId);
      const clicked = doc.frames.find((f) => f.id === r.clickedId)!;
      ok(r.frameHeading.startsWith(clicked.app), r.frameHeading);
      // Accessibility: every interactive element has a name; rendered text has 4.5:1.
      deepEqual(r.unnamed, { day: [], frame: [], context: [], range: [] });
      deepEqual(r.contrast, { day: [], frame: [], context: [] });
      equal(r.firstFocus, "A", "Tab reaches the first link");
      ok(
        r.phoneOverflow <= 1,
        `no sideways scrolling of the page at phone width (${r.phoneOverflow} px)`,
      );
      for (
        const f of [
          "web-day.png",
          "web-frame.png",
          "web-context.png",
          "web-range.png",
          "web-day-phone.png",
        ]
      ) {
        ok(Deno.statSync(join(SHOTS, f)).size > 5000, f);
      }
      console.log(
        `first paint: ${JSON.stringify(r.paint)}; cached reload ${JSON.stringify(r.paint2)}`,
      );
    } finally {
      server.kill("SIGTERM");
      await server.status;
      await server.stderr.cancel().catch(() => {});
      await server.stdout.cancel().catch(() => {});
      await Deno.remove(home, { recursive: true }).catch(() => {});
    }
  },
);
