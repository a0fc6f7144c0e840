/**
 * Web view benchmarks on the demo's busiest day, through the CLI's own backend.
 *
 * `deno task bench` (or `deno bench bench/web_bench.ts`): the day page from a cached day
 * (server time: route, timeline, SVG and HTML), and the frame page.
 *
 * The figures of issue 20 — day page server time cold and cached, its size, and first
 * paint in headless Debian Chromium (median of fresh browser contexts):
 *
 *   deno run -A bench/web_bench.ts measure
 */

import { join } from "node:path";
import { busiestDay, DEMO_DISPLAYS, writeDemoDatabase } from "../src/demo/mod.ts";
import { cliWebBackend } from "../src/cli/serve.ts";
import { cookieName, serveWeb, webApp } from "../src/web/mod.ts";

const TZ = "Europe/Berlin";
const TOKEN = "bench-token-0123456789abcdefghijklmnopqrstu";
const PORT = 7750;

const home = Deno.makeTempDirSync({ prefix: "frames_web_bench_" });
Deno.env.set("FRAMES_HOME", join(home, ".frames"));
const db = join(home, "demo.sqlite");
const demo = writeDemoDatabase(db);
const DAY = busiestDay(demo.days)!.day;
const backend = await cliWebBackend({
  source: `screenpipe:${db}`,
  tz: TZ,
  displays: DEMO_DISPLAYS,
});
const app = webApp(backend, { port: () => PORT, token: TOKEN });
const headers = { host: `127.0.0.1:${PORT}`, cookie: `${cookieName(PORT)}=${TOKEN}` };

async function page(path: string): Promise<{ ms: number; bytes: number; status: number }> {
  const t0 = performance.now();
  const res = await app.request(`http://127.0.0.1:${PORT}${path}`, { headers });
  const body = new Uint8Array(await res.arrayBuffer());
  return { ms: performance.now() - t0, bytes: body.length, status: res.status };
}

const cold = await page(`/day/${DAY}`);
const framePath = await (async () => {
  const res = await app.request(`http://127.0.0.1:${PORT}/day/${DAY}`, { headers });
  const m = /href="(\/frame\/[^"]+)"/.exec(await res.text());
  return m![1].replaceAll("&amp;", "&");
})();

Deno.bench(`web: day page of ${DAY} (cached day)`, async () => {
  await page(`/day/${DAY}`);
});

Deno.bench(`web: frame page (cached day)`, async () => {
  await page(framePath);
});

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function measure(): Promise<void> {
  const cached: number[] = [];
  for (let i = 0; i < 40; i++) cached.push((await page(`/day/${DAY}`)).ms);
  const frame: number[] = [];
  for (let i = 0; i < 20; i++) frame.push((await page(framePath)).ms);
  const { chromium } = await import("playwright-core");
  const web = await serveWeb(backend, { port: 0, token: TOKEN });
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
  const paints: number[] = [];
  const loads: number[] = [];
  try {
    for (let i = 0; i < 7; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addCookies([{
        name: cookieName(web.port),
        value: TOKEN,
        domain: "127.0.0.1",
        path: "/",
        httpOnly: true,
        sameSite: "Strict",
      }]);
      const p = await context.newPage();
      await p.goto(`${web.url}day/${DAY}`, { waitUntil: "load" });
      await p.waitForFunction(
        () => performance.getEntriesByName("first-contentful-paint").length > 0,
        undefined,
        { timeout: 5000 },
      ).catch(() => {});
      const t = await p.evaluate(() => {
        const fcp = performance.getEntriesByName("first-contentful-paint")[0];
        const nav = performance.getEntriesByType("navigation")[0] as unknown as {
          loadEventEnd: number;
        };
        return { fcp: fcp?.startTime ?? NaN, load: nav.loadEventEnd };
      });
      paints.push(t.fcp);
      loads.push(t.load);
      await context.close();
    }
  } finally {
    await browser.close();
    await web.shutdown();
  }
  const snapshots = demo.days.find((d) => d.day === DAY)!.snapshots;
  console.log(`busiest demo day ${DAY} (${snapshots} snapshots), Europe/Berlin`);
  console.log(`day page, cold (read + compile + timeline + HTML): ${cold.ms.toFixed(1)} ms`);
  console.log(
    `day page, cached day: median ${median(cached).toFixed(1)} ms, max ${
      Math.max(...cached).toFixed(1)
    } ms (40 requests)`,
  );
  console.log(`frame page, cached day: median ${median(frame).toFixed(1)} ms`);
  console.log(
    `day page size: ${(cold.bytes / 1024).toFixed(1)} KB HTML+SVG (status ${cold.status})`,
  );
  console.log(
    `first contentful paint in Chromium: median ${median(paints).toFixed(0)} ms, max ${
      Math.max(...paints).toFixed(0)
    } ms; load event median ${median(loads).toFixed(0)} ms (7 fresh contexts)`,
  );
}

if (import.meta.main && Deno.args[0] === "measure") {
  await measure();
  Deno.removeSync(home, { recursive: true });
}
