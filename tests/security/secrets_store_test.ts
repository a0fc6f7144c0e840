/**
 * Issue 14, Secrets — `redact_store` in `$FRAMES_HOME/config.json`: the native store keeps
 * URLs, titles and element names redacted when the user asks, for `frames import` (a real
 * child process) and for any writer through `appendBatch`; off, the store is the record.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { exportJson, type FixtureBucket } from "../data/aw/fixture.ts";
import { runFrames } from "../_frames.ts";
import { redactTitle, redactUrl } from "../../src/entities/mod.ts";
import { appendBatch, openStore, registerSource, storePath } from "../../src/store/mod.ts";

const TOKEN = "Zx81Kq0PpL3mN7aB2cD4eF6gH8jK0lM2";
const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlc2lnbmF0dXJlMTIzNDU2";
const dir = await Deno.makeTempDir({ prefix: "frames_secrets_store_test_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));

// An ActivityWatch export (FORMATS.md §2; the shape tests/data/aw/fixture.ts builds) whose
// browser tab carries a reset token in its URL and a JWT in its title.
const BUCKETS: FixtureBucket[] = [
  {
    id: "aw-watcher-window_laptop",
    type: "currentwindow",
    client: "aw-watcher-window",
    hostname: "laptop",
    events: [[1, 0, 120, { app: "Google-chrome", title: `Sign in ${JWT} - Chrome` }]],
  },
  {
    id: "aw-watcher-web-chrome_laptop",
    type: "web.tab.current",
    client: "aw-client-web",
    hostname: "laptop",
    events: [[21, 0, 120, {
      url: `https://id.example.com/reset/${TOKEN}?next=%2Fhome`,
      title: `Sign in ${JWT} - Chrome`,
      audible: false,
      incognito: false,
      tabCount: 1,
    }]],
  },
];

function storedText(home: string): string {
  const db = new DatabaseSync(storePath(join(home, ".frames")), { readOnly: true });
  try {
    const rows = db.prepare(
      "SELECT coalesce(title, '') || ' ' || coalesce(url, '') AS t FROM snapshots",
    )
      .all() as { t: string }[];
    return rows.map((r) => r.t).join("\n");
  } finally {
    db.close();
  }
}

async function importWith(config: Record<string, unknown> | undefined): Promise<string> {
  const home = await Deno.makeTempDir({ dir });
  await Deno.mkdir(join(home, ".frames"));
  if (config) {
    await Deno.writeTextFile(join(home, ".frames", "config.json"), JSON.stringify(config));
  }
  const file = join(home, "aw-export.json");
  await Deno.writeTextFile(file, exportJson("rust", BUCKETS));
  const r = await runFrames(["import", "activitywatch", file], { home });
  assert.equal(r.code, 0, r.stderr);
  return storedText(home);
}

Deno.test("frames import keeps the store's URLs and titles redacted with redact_store", async () => {
  const raw = await importWith(undefined);
  assert.ok(raw.includes(TOKEN) && raw.includes(JWT), "off by default: the store is the record");
  const red = await importWith({ redact_store: true });
  assert.ok(red.includes("id.example.com/reset/REDACTED?next=%2Fhome"), red);
  assert.ok(red.includes("Sign in REDACTED - Chrome"), red);
  assert.ok(!red.includes(TOKEN) && !red.includes(JWT), red);
});

Deno.test("a bad redact_store value is a one-line usage error naming the key", async () => {
  const home = await Deno.makeTempDir({ dir });
  await Deno.mkdir(join(home, ".frames"));
  await Deno.writeTextFile(join(home, ".frames", "config.json"), '{"redact_store": "yes"}');
  const r = await runFrames(["import", "activitywatch", join(home, "none.json")], { home });
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /config\.json": "redact_store" must be a boolean/);
});

Deno.test("appendBatch() writes snapshots, events and elements through the redactor it is given", () => {
  const path = join(dir, "direct.db");
  const db = openStore(path);
  try {
    const sourceId = registerSource(db, {
      adapter: "test",
      location: "memory",
      fingerprint: "t",
      capabilities: { input: true, elements: true, urls: true, heartbeats: false, focus: false },
    });
    appendBatch(db, {
      snapshots: [{
        ref: 1,
        at: 0,
        display: "d",
        app: "a",
        title: `t ${JWT}`,
        url: `https://x.test/invite/${TOKEN}`,
      }],
      events: [{
        ref: 2,
        at: 1,
        kind: "click",
        title: `t ${JWT}`,
        url: `https://x.test/?t=${JWT}`,
        element: { name: `copy ${TOKEN}` },
        snapshotRef: 1,
      }],
      elements: [{
        snapshotRef: 1,
        role: "link",
        name: `https://x.test/invite/${TOKEN}`,
        bounds: { x: 0, y: 0, width: 1, height: 1 },
        units: "px",
        source: "accessibility",
      }],
    }, { sourceId, redact: { url: redactUrl, title: redactTitle } });
    const dump = JSON.stringify([
      db.prepare("SELECT title, url FROM snapshots").all(),
      db.prepare("SELECT title, url, element_name FROM input_events").all(),
      db.prepare("SELECT name FROM elements").all(),
    ]);
    assert.ok(!dump.includes(TOKEN) && !dump.includes(JWT), dump);
    assert.ok(dump.includes("x.test/invite/REDACTED"), dump);
  } finally {
    db.close();
  }
});
