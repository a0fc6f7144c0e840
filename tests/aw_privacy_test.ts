/**
 * Issue 17: ActivityWatch's own privacy markers count as withheld — never typed as content,
 * never printed, counted in `coverage.withheld.recorder`. The events are written in the
 * shapes ActivityWatch's public code writes them (see adapters/activitywatch/_privacy.ts):
 * aw-watcher-window's `"excluded"` title (`main.py` `transform_window`, `macos.swift`), its
 * macOS incognito blanking `{app: "", title: ""}`, its research edition's `"Excluded"` app,
 * aw-watcher-web's `incognito: true` (`src/background/heartbeat.ts`), and aw-server-rust's
 * redact/drop rules (`aw-datastore/src/privacy_filter.rs`) stored as the `key_value` row
 * `settings.privacy_filters` (SQLite) and served at `/api/0/settings/privacy_filters`.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import {
  openActivityWatchImport,
  readActivityWatch,
  readActivityWatchServer,
} from "../adapters/activitywatch/read.ts";
import { compile } from "../src/compile/mod.ts";
import { loadEmitter } from "../src/emit/load.ts";
import { importSource } from "../src/import/mod.ts";
import { readNative } from "../src/store/mod.ts";
import { EXCLUDED_APP } from "../src/model.ts";
import { exportJson, type FixtureBucket, rustSql, T0, writeSqlite } from "./data/aw/fixture.ts";
import { assertValidDocument } from "./_schema.ts";

const dir = Deno.makeTempDirSync({ prefix: "frames_aw_privacy_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));
const WINDOW = { start: T0 - 3_600_000, end: T0 + 3_600_000 };

/** Rules as aw-webui's PrivacyFilterSettings saves them (`src/util/privacyFilters.ts`). */
const FILTERS = [
  {
    enabled: true,
    bucket_prefix: "aw-watcher-window",
    field: "title",
    pattern: "(?i)(private browsing|incognito)",
    action: "drop",
  },
  {
    enabled: true,
    bucket_prefix: "aw-watcher-window",
    field: "title",
    pattern: "(?i).*banking.*",
    action: "redact",
    replacement: "REDACTED",
  },
  {
    enabled: true,
    bucket_prefix: "aw-watcher-window",
    field: "title",
    pattern: "(?i)payroll",
    action: "redact",
    replacement: "(private)",
  },
];

const W = (id: number, at: number, app: string, title: string) =>
  [id, at, 120, { app, title }] as [number, number, number, Record<string, unknown>];

const BUCKETS: FixtureBucket[] = [
  {
    id: "aw-watcher-window_mac",
    type: "currentwindow",
    client: "aw-watcher-window",
    hostname: "mac",
    events: [
      W(1, 0, "Code", "main.ts — frames"),
      W(2, 120, "Firefox", "excluded"),
      W(3, 240, "", ""),
      W(4, 360, "Excluded", "Excluded"),
      W(5, 480, "Google-chrome", "Mail - Inbox"),
      W(6, 600, "Google-chrome", "REDACTED"),
      W(7, 720, "Slack", "(private)"),
      W(8, 840, "Google-chrome", "GitHub"),
    ],
  },
  {
    id: "aw-watcher-afk_mac",
    type: "afkstatus",
    client: "aw-watcher-afk",
    hostname: "mac",
    events: [[11, 0, 960, { status: "not-afk" }]],
  },
  {
    id: "aw-watcher-web-chrome_mac",
    type: "web.tab.current",
    client: "aw-client-web",
    hostname: "mac",
    events: [
      [21, 480, 120, {
        url: "https://mail.example.com/inbox",
        title: "Inbox",
        audible: false,
        incognito: true,
        tabCount: 2,
      }],
      [22, 840, 120, {
        url: "https://github.com/denoland/deno",
        title: "GitHub",
        audible: false,
        incognito: false,
        tabCount: 2,
      }],
    ],
  },
  {
    id: "aw-watcher-web-firefox_mac",
    type: "web.tab.current",
    client: "aw-client-web",
    hostname: "mac",
    events: [[31, 120, 120, {
      url: "https://bank.example/accounts",
      title: "My accounts",
      audible: false,
      incognito: false,
      tabCount: 1,
    }]],
  },
];

/** What must never reach an output. */
const SECRETS = [
  "Mail - Inbox",
  "mail.example.com",
  "bank.example",
  "My accounts",
  "REDACTED",
];

const exportFile = join(dir, "aw-export.json");
Deno.writeTextFileSync(exportFile, exportJson("rust", BUCKETS));
const sqliteFile = writeSqlite(
  join(dir, "sqlite.db"),
  rustSql(BUCKETS, T0, { privacy_filters: FILTERS }),
);
const settingsFile = join(dir, "settings.json");
Deno.writeTextFileSync(settingsFile, JSON.stringify({ privacy_filters: FILTERS }));

const WITH_RULES = {
  "activitywatch excluded app": 1,
  "activitywatch excluded title": 1,
  "activitywatch incognito tab": 1,
  "activitywatch privacy filter redaction": 2,
  "activitywatch private window": 1,
};

async function outputs(doc: ReturnType<typeof compile>): Promise<string[]> {
  const out: string[] = [];
  for (const f of ["json", "yaml", "md", "context"] as const) out.push((await loadEmitter(f))(doc));
  return out;
}

async function checkForm(name: string, capture: ReturnType<typeof readActivityWatch>) {
  const doc = compile(capture, { tz: "UTC", minMinutes: 0 });
  assertValidDocument(doc);
  for (const text of await outputs(doc)) {
    for (const s of SECRETS) ok(!text.includes(s), `${name}: "${s}" printed`);
  }
  // "excluded" is no title, page or site; withheld apps keep their time under one name.
  ok(capture.snapshots.every((s) => s.title !== "excluded"), name);
  ok(capture.snapshots.every((s) => s.url === undefined || s.url.includes("github.com")), name);
  deepEqual(doc.sites.map((s) => s.site), ["github.com"], name);
  const minutes = Object.fromEntries(doc.ledger.map((l) => [l.app, l.minutes]));
  equal(minutes[EXCLUDED_APP], 4, name);
  equal(minutes.Firefox, 2, name);
  equal(minutes["Google-chrome"], 6, name);
  ok(capture.snapshots.every((s) => s.app !== "Excluded" && s.app !== ""), name);
  return doc;
}

Deno.test("ActivityWatch privacy markers are withheld in the SQLite and REST forms, never output", async () => {
  const fromDb = readActivityWatch(sqliteFile, WINDOW);
  const doc = await checkForm("sqlite", fromDb);
  deepEqual(doc.coverage.withheld?.recorder, WITH_RULES);
  // The rule's own replacement is known from the setting, so it is withheld too.
  ok(fromDb.snapshots.every((s) => s.title !== "(private)"));
  ok(doc.blind_spots.some((b) => /privacy filters drop events of 1 rule/.test(b)));

  const net = (await Deno.permissions.query({ name: "net", host: "127.0.0.1" })).state;
  if (net !== "granted") return;
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-net=127.0.0.1",
      "--allow-read",
      new URL("./data/aw/server.ts", import.meta.url).pathname,
      exportFile,
      "",
      settingsFile,
    ],
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  try {
    let text = "";
    while (!/listening \d+/.test(text)) text += (await reader.read()).value ?? "";
    const url = `http://127.0.0.1:${/listening (\d+)/.exec(text)![1]}`;
    const fromRest = await readActivityWatchServer(url, WINDOW);
    const restDoc = await checkForm("rest", fromRest);
    deepEqual(restDoc.coverage.withheld?.recorder, WITH_RULES);
    deepEqual(fromRest.snapshots, fromDb.snapshots);
  } finally {
    child.kill("SIGTERM");
    await reader.cancel();
    await child.status;
  }
});

Deno.test("ActivityWatch export: no settings in the file, so only the shipped replacement is known", async () => {
  const capture = readActivityWatch(exportFile, WINDOW);
  const doc = await checkForm("export", capture);
  deepEqual(doc.coverage.withheld?.recorder, {
    ...WITH_RULES,
    "activitywatch privacy filter redaction": 1,
  });
  // The export carries no privacy_filters: a custom replacement reads as a title (named
  // limit; the SQLite and REST forms know it).
  ok(capture.snapshots.some((s) => s.title === "(private)"));
});

Deno.test("frames import keeps withheld values out of the store and counts them", async () => {
  const store = join(dir, "store", "capture.db");
  const source = await openActivityWatchImport(sqliteFile);
  let summary;
  try {
    summary = importSource(source, { store, now: () => 0 });
  } finally {
    source.close();
  }
  deepEqual(summary.withheld, WITH_RULES);
  ok(summary.notes?.some((n) => /privacy filters drop events/.test(n)));
  const db = new DatabaseSync(store, { readOnly: true });
  const text = db.prepare(
    "SELECT group_concat(coalesce(title, '') || ' ' || coalesce(url, ''), '|') AS t FROM snapshots",
  )
    .get() as { t: string };
  db.close();
  for (const s of [...SECRETS, "(private)"]) ok(!text.t.includes(s), `store holds "${s}"`);
  ok(!text.t.split("|").some((t) => t.trim() === "excluded"));
  const doc = compile(readNative(store, WINDOW), { tz: "UTC", minMinutes: 0 });
  for (const out of await outputs(doc)) for (const s of SECRETS) ok(!out.includes(s), s);
});
