import { equal, notEqual, ok } from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { DEMO_DISPLAYS, SCREENPIPE_SCHEMA_SQL, writeDemoDatabase } from "../src/demo/mod.ts";
import { certify } from "../src/cache/certify.ts";
import { sha256Hex } from "../src/cache/mod.ts";
import { INCREMENTAL_TEST_HOOKS } from "../src/compile/mod.ts";
import { makeCapture, T0 } from "./_capture.ts";
import { runFrames } from "./_frames.ts";

const home = await Deno.makeTempDir({ prefix: "frames-certify-test-" });

Deno.test("frames certify passes on a real database and writes the certificate", async () => {
  const db = join(home, "capture.db");
  const sql = SCREENPIPE_SCHEMA_SQL + "\n" +
    await Deno.readTextFile(new URL("../fixtures/flicker_edges/input.sql", import.meta.url));
  const conn = new DatabaseSync(db);
  conn.exec(sql);
  conn.close();
  const out = join(home, "cert.json");
  const r = await runFrames(
    [
      "certify",
      "--source",
      `screenpipe:${db}`,
      "--day",
      "2026-07-04",
      "--tz",
      "Europe/Berlin",
      "--out",
      out,
    ],
    { home },
  );
  // flat_cost is a timing: it belongs to benches, so only its shape is checked here, and
  // the exit code follows the certificate whatever the machine's load made of it.
  const cert = JSON.parse(await Deno.readTextFile(out));
  equal(r.code, cert.pass ? 0 : 1, r.stdout + r.stderr);
  ok(/certificate: (PASS|FAIL)/.test(r.stdout), r.stdout);
  for (const check of ["repeatable", "incremental", "cache"]) {
    equal(cert.results.find((x: { check: string }) => x.check === check).pass, true, check);
  }
  equal(cert.source.adapter, "screenpipe");
  equal(
    cert.results.map((x: { check: string }) => x.check).join(","),
    "repeatable,incremental,flat_cost,cache",
  );
  const flat = cert.results.find((x: { check: string }) => x.check === "flat_cost");
  equal(flat.flatness.points.length, 3);
  equal(typeof flat.flatness.slope_ms_per_day, "number");
});

Deno.test("frames certify certifies the document compile prints with the same --displays", async () => {
  const db = join(home, "demo-displays.sqlite");
  const day = writeDemoDatabase(db, { seed: 7, days: 1, tz: "Europe/Berlin" }).busiestDay;
  const window = ["--source", `screenpipe:${db}`, "--day", day, "--tz", "Europe/Berlin"];
  const certified = async (extra: string[], name: string) => {
    const out = join(home, name);
    const r = await runFrames(["certify", ...window, ...extra, "--out", out], { home });
    const cert = JSON.parse(await Deno.readTextFile(out));
    equal(r.code, cert.pass ? 0 : 1, r.stdout + r.stderr);
    for (const check of ["repeatable", "incremental", "cache"]) {
      equal(cert.results.find((x: { check: string }) => x.check === check).pass, true, check);
    }
    equal(cert.documents.length, 1);
    equal(cert.documents[0].day, day);
    return cert;
  };
  const compiled = async (extra: string[]) => {
    const r = await runFrames(["compile", ...window, ...extra, "--no-cache"], { home });
    equal(r.code, 0, r.stderr);
    return await sha256Hex(new TextEncoder().encode(r.stdout));
  };
  const given = await certified(["--displays", DEMO_DISPLAYS], "cert-given.json");
  equal(given.options.displays, DEMO_DISPLAYS);
  equal(given.documents[0].json_sha256, await compiled(["--displays", DEMO_DISPLAYS]));
  const none = await certified([], "cert-none.json");
  equal(none.options.displays, null);
  equal(none.documents[0].json_sha256, await compiled([]));
  // The geometry names the second monitor's clicks: a certificate without it is another document.
  notEqual(given.documents[0].json_sha256, none.documents[0].json_sha256);
  const r = await runFrames(["certify", ...window, "--displays", "monitor_1=wide"], { home });
  equal(r.code, 2, r.stderr);
  ok(/--displays/.test(r.stderr), r.stderr);
});

Deno.test("certify() fails the incremental check when a broken absorb step is injected", async () => {
  const capture = makeCapture([[0, "Code"], [30, "Slack"], [60, "Code"], [400, "Mail"], [
    430,
    "Code",
  ]], {
    events: [[10, "click"], [40, "key"], [70, "click"], [410, "key"]],
    window: { start: T0 - 60_000, end: T0 + 3_600_000 },
  });
  const input = {
    days: [{ day: "2026-07-04", capture }],
    options: { tz: "Europe/Berlin" },
    scratch: home,
  };
  const incremental = (c: Awaited<ReturnType<typeof certify>>) =>
    c.results.find((x) => x.check === "incremental")!;
  equal(incremental(await certify(input)).pass, true);
  INCREMENTAL_TEST_HOOKS.dropEvent = true;
  try {
    const cert = await certify(input);
    equal(cert.pass, false);
    const inc = incremental(cert);
    equal(inc.pass, false);
    ok(inc.failures.length > 0);
    equal(cert.results.find((x) => x.check === "repeatable")!.pass, true);
  } finally {
    INCREMENTAL_TEST_HOOKS.dropEvent = false;
  }
});

Deno.test("frames certify exits 2 on conflicting window flags", async () => {
  const r = await runFrames([
    "certify",
    "--day",
    "2026-07-04",
    "--from",
    "2026-07-01",
    "--to",
    "2026-07-02",
    "--source",
    "screenpipe:/nonexistent.db",
  ], { home });
  equal(r.code, 2, r.stderr);
});
