import assert from "node:assert/strict";
import { join } from "node:path";
import { browserTest } from "./_requires.ts";
import { EngineProc, frames, query, run, snapshots, XSession } from "./data/capture/session.ts";

// Headed Debian Chromium under Xvfb with the frames extension, navigating pages served
// here: the extension reports the active tab to the engine's ingest endpoint, the engine
// puts the URL on the browser's snapshots, and an incognito window is withheld. Playwright
// runs in its own process (tests/data/capture/browser_driver.ts) because importing
// playwright-core needs -A.

const OPTS = { sanitizeOps: false, sanitizeResources: false };
const DRIVER = new URL("./data/capture/browser_driver.ts", import.meta.url).pathname;
const CONFIG = new URL("../deno.json", import.meta.url).pathname;

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

browserTest(
  "extension URLs land on the browser's snapshots; incognito is withheld",
  OPTS,
  async () => {
    assert.ok(
      (() => {
        try {
          return Deno.statSync("/usr/bin/chromium").isFile;
        } catch {
          return false;
        }
      })(),
      "Debian chromium is required (.ci/run installs it)",
    );
    const x = await XSession.start();
    const home = await Deno.makeTempDir({ prefix: "frames_capture_browser_" });
    const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
      const name = new URL(req.url).pathname.slice(1) || "index";
      return new Response(`<!doctype html><title>Page ${name}</title><h1>${name}</h1>`, {
        headers: { "content-type": "text/html" },
      });
    });
    const site = `http://127.0.0.1:${server.addr.port}`;
    let engine: EngineProc | undefined;
    try {
      await x.startOpenbox();
      const port = freePort();
      const env = x.env({ HOME: home, FRAMES_HOME: join(home, ".frames") });
      const ext = join(home, "extension");
      const wrote = await frames(
        ["capture", "extension", "--out", ext, "--port", String(port)],
        env,
      );
      assert.equal(wrote.code, 0, wrote.stderr);
      engine = new EngineProc(home, x.env(), ["--heartbeat", "1", "--port", String(port)]);
      await engine.ready();
      const status = JSON.parse(
        Deno.readTextFileSync(join(home, ".frames", "engine", "status.json")),
      );
      assert.equal(status.ingest_port, port);

      const drive = await run(Deno.execPath(), [
        "run",
        "-A",
        `--config=${CONFIG}`,
        DRIVER,
        "--ext",
        ext,
        "--profile",
        join(home, "profile"),
        "--pages",
        `${site}/alpha,${site}/beta`,
        "--private",
        `${site}/secret`,
        // Long enough for the extension's report to reach a snapshot on a loaded machine
        // (1.5 s was seen to miss it with the suite's parallel load on two cores).
        "--dwell",
        "4000",
      ], { env: x.env({ HOME: home }), timeoutMs: 150_000 });
      assert.equal(drive.code, 0, drive.stderr);
      const steps = drive.stdout.trim().split("\n").map((l) => JSON.parse(l));
      assert.deepEqual(steps.map((s) => s.step), [
        "extension",
        "incognito-allowed",
        "visited",
        "visited",
        "private-opened",
        "done",
      ]);
      assert.equal(steps[1].allowed, true);
      assert.equal((await engine.stop()).code, 0);
      const store = engine.store;

      const rows = snapshots(store);
      const alpha = rows.find((r) => r.title === "Page alpha - Chromium" && r.url !== null);
      const beta = rows.find((r) => r.title === "Page beta - Chromium" && r.url !== null);
      assert.ok(alpha && beta, JSON.stringify(rows.map((r) => [r.app, r.title, r.url])));
      assert.equal(alpha.url, `${site}/alpha`);
      assert.equal(beta.url, `${site}/beta`);
      assert.equal(alpha.app, "Chromium");
      assert.ok(alpha.at_ms < beta.at_ms);
      // Every row that carries a page URL carries the page the title names.
      for (const r of rows.filter((r) => r.url?.startsWith(site))) {
        const name = new URL(r.url!).pathname.slice(1);
        assert.equal(r.title, `Page ${name} - Chromium`, JSON.stringify(r));
      }
      const privateRows = rows.filter((r) =>
        r.at_ms >= steps[4].at - 3000 && r.app === "(excluded)"
      );
      assert.ok(privateRows.length >= 1, JSON.stringify(rows.slice(-5)));
      assert.ok(privateRows.every((r) => r.title === "withheld: private window" && r.url === null));
      const everything = JSON.stringify([rows, query(store, "SELECT * FROM input_events")]);
      assert.ok(!everything.includes("secret"), "the incognito page left no trace");

      const out = await frames(
        [
          "compile",
          "--source",
          `native:${store}`,
          "--hours",
          "1",
          "--tz",
          "UTC",
          "--min-minutes",
          "0",
        ],
        env,
      );
      assert.equal(out.code, 0, out.stderr);
      const doc = JSON.parse(out.stdout);
      assert.equal(doc.source.capabilities.urls, true);
      assert.ok(doc.ledger.some((l: { app: string }) => l.app === "(excluded)"));
      assert.ok(!out.stdout.includes("secret"));
    } finally {
      await engine?.stop("SIGKILL");
      await server.shutdown();
      await x.close();
      await Deno.remove(home, { recursive: true });
    }
  },
);
