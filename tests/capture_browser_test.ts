import assert from "node:assert/strict";
import { join } from "node:path";
import { browserTest } from "./_requires.ts";
import {
  EngineProc,
  frames,
  query,
  type SnapRow,
  snapshots,
  waitFor,
  XSession,
} from "./data/capture/session.ts";

// Headed Debian Chromium under Xvfb with the frames extension, navigating pages served
// here: the extension reports the active tab to the engine's ingest endpoint, the engine
// puts the URL on the browser's snapshots, and an incognito window is withheld. Playwright
// runs in its own process (tests/data/capture/browser_driver.ts) because importing
// playwright-core needs -A; it moves to the next page when this test, watching the store,
// sees the page's row (a bounded wait on the condition, not a fixed dwell).
//
// The second test plants the race that once leaked the incognito title under load: every
// report of the extension reaches the engine only after a delay longer than the engine
// waits for it, so the incognito window is observed long before anything says it is
// private (Chromium on Linux marks it in no X property).

const OPTS = { sanitizeOps: false, sanitizeResources: false };
const DRIVER = new URL("./data/capture/browser_driver.ts", import.meta.url).pathname;
const CONFIG = new URL("../deno.json", import.meta.url).pathname;

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/** How long the test waits for a step's row in the store (the driver has 150 s in all). */
const STEP_DEADLINE_MS = 30_000;

/** Forward the extension's requests to the engine after `delayMs`, as a loaded machine might. */
function delayingProxy(target: number, delayMs: number): Deno.HttpServer<Deno.NetAddr> {
  return Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const body = req.method === "GET" ? undefined : await req.arrayBuffer();
    await new Promise((r) => setTimeout(r, delayMs));
    const url = new URL(req.url);
    const headers = new Headers();
    for (const h of ["authorization", "content-type", "origin"]) {
      const v = req.headers.get(h);
      if (v !== null) headers.set(h, v);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${target}${url.pathname}`, {
        method: req.method,
        headers,
        body,
      });
      return new Response(await res.arrayBuffer(), { status: res.status, headers: res.headers });
    } catch {
      return new Response("engine gone", { status: 502 }); // stopped before the report
    }
  });
}

/** Lines of a child's stdout, one at a time; `undefined` once it has ended. */
function lineReader(stream: ReadableStream<Uint8Array>): () => Promise<string | undefined> {
  const reader = stream.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  return async () => {
    while (!buf.includes("\n")) {
      const { value, done } = await reader.read();
      if (done) {
        const rest = buf;
        buf = "";
        return rest === "" ? undefined : rest;
      }
      buf += value;
    }
    const i = buf.indexOf("\n");
    const line = buf.slice(0, i);
    buf = buf.slice(i + 1);
    return line;
  };
}

async function browserRun(reportDelayMs: number): Promise<void> {
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
  let proxy: Deno.HttpServer<Deno.NetAddr> | undefined;
  let driver: Deno.ChildProcess | undefined;
  try {
    await x.startOpenbox();
    const port = freePort();
    if (reportDelayMs > 0) proxy = delayingProxy(port, reportDelayMs);
    const env = x.env({ HOME: home, FRAMES_HOME: join(home, ".frames") });
    const ext = join(home, "extension");
    const extPort = proxy?.addr.port ?? port;
    const wrote = await frames(
      ["capture", "extension", "--out", ext, "--port", String(extPort)],
      env,
    );
    assert.equal(wrote.code, 0, wrote.stderr);
    engine = new EngineProc(home, x.env(), ["--heartbeat", "1", "--port", String(port)]);
    await engine.ready();
    const status = JSON.parse(
      Deno.readTextFileSync(join(home, ".frames", "engine", "status.json")),
    );
    assert.equal(status.ingest_port, port);
    const store = engine.store;

    driver = new Deno.Command(Deno.execPath(), {
      args: [
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
      ],
      env: x.env({ HOME: home }),
      clearEnv: true,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const stderr = new Response(driver.stderr).text();
    const stdin = driver.stdin.getWriter();
    const readLine = lineReader(driver.stdout);
    const steps: { step: string; at: number; url?: string; allowed?: boolean }[] = [];
    const rowsWhere = (f: (r: SnapRow) => boolean) => snapshots(store).filter(f);
    while (true) {
      const line = await readLine();
      if (line === undefined) break;
      const step = JSON.parse(line);
      steps.push(step);
      if (step.step === "visited") {
        // The page's row with its URL: the extension's report has reached a snapshot.
        const name = new URL(step.url).pathname.slice(1);
        await waitFor(
          () =>
            rowsWhere((r) => r.title === `Page ${name} - Chromium` && r.url === step.url)
              .length > 0,
          STEP_DEADLINE_MS,
          `a snapshot of ${step.url} with its URL`,
        );
        await stdin.write(new TextEncoder().encode("next\n"));
      } else if (step.step === "private-opened") {
        // The incognito window's time is recorded, withheld (a heartbeat at the latest).
        await waitFor(
          () => rowsWhere((r) => r.at_ms >= step.at && r.app === "(excluded)").length > 0,
          STEP_DEADLINE_MS,
          "a withheld row of the incognito window",
        );
        await stdin.write(new TextEncoder().encode("next\n"));
      } else if (step.step === "done") {
        await stdin.close();
      }
    }
    const st = await driver.status;
    driver = undefined;
    assert.equal(st.code, 0, await stderr);
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
    const privateRows = rows.filter((r) => r.at_ms >= steps[4].at && r.app === "(excluded)");
    assert.ok(privateRows.length >= 1, JSON.stringify(rows.slice(-5)));
    assert.ok(privateRows.every((r) => r.title === "withheld: private window" && r.url === null));
    const everything = JSON.stringify([rows, query(store, "SELECT * FROM input_events")]);
    assert.ok(!everything.includes("secret"), "the incognito page left no trace");
    // The extension was heard from in Chromium: the engine keeps that across restarts.
    const browsers = JSON.parse(
      Deno.readTextFileSync(join(home, ".frames", "engine", "browsers.json")),
    );
    assert.deepEqual(browsers.apps, ["chromium"]);

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
    try {
      driver?.kill("SIGKILL");
      await driver?.status;
    } catch {
      // Exited.
    }
    await engine?.stop("SIGKILL");
    await proxy?.shutdown();
    await server.shutdown();
    await x.close();
    await Deno.remove(home, { recursive: true });
  }
}

browserTest(
  "extension URLs land on the browser's snapshots; incognito is withheld",
  OPTS,
  () => browserRun(0),
);

browserTest(
  "incognito leaves no trace when every extension report arrives 3 s late",
  OPTS,
  // Longer than the engine waits for a report (browserClassifyMs, 2 s): the window is
  // written before anything says it is private.
  () => browserRun(3_000),
);
