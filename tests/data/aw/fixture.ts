/**
 * One small ActivityWatch history (FORMATS §2) written out in every form the adapter
 * reads: the Rust and Python export JSON, the aw-server-rust SQL and the legacy peewee
 * SQL. The same events in every form, so every form must give the same snapshots.
 *
 * @module
 */

import { DatabaseSync } from "node:sqlite";

/** 2026-07-04T08:00:00Z. */
export const T0 = Date.UTC(2026, 6, 4, 8, 0, 0);

/** A bucket of the fixture. */
export interface FixtureBucket {
  id: string;
  type: string;
  client: string;
  hostname: string;
  events: FixtureEvent[];
}

/** An event: id, seconds after T0, duration in seconds, data. */
export type FixtureEvent = [number, number, number, Record<string, unknown>];

/** The fixture history: laptop (window, afk, web, input, an unknown type) and a synced desktop. */
export const BUCKETS: FixtureBucket[] = [
  {
    id: "aw-watcher-window_laptop",
    type: "currentwindow",
    client: "aw-watcher-window",
    hostname: "laptop",
    events: [
      [1, 0, 65.5, { app: "Code", title: "main.ts — frames" }],
      [2, 65.5, 40, { app: "Google-chrome", title: "GitHub" }],
      [3, 105.5, 600, { app: "Code", title: "main.ts — frames" }],
      [4, 1800, 10, { app: "Slack", title: "general" }],
      [5, 2400, 5, { title: "no app here" }],
    ],
  },
  {
    id: "aw-watcher-afk_laptop",
    type: "afkstatus",
    client: "aw-watcher-afk",
    hostname: "laptop",
    events: [
      [11, 0, 300, { status: "not-afk" }],
      [12, 300, 240, { status: "afk" }],
      [13, 540, 1200, { status: "not-afk" }],
    ],
  },
  {
    id: "aw-watcher-web-chrome_laptop",
    type: "web.tab.current",
    client: "aw-client-web",
    hostname: "laptop",
    events: [[21, 65, 41, {
      url: "https://github.com/denoland/deno",
      title: "GitHub",
      audible: false,
      incognito: false,
      tabCount: 3,
    }]],
  },
  {
    id: "aw-watcher-input_laptop",
    type: "os.hid.input",
    client: "aw-watcher-input",
    hostname: "laptop",
    events: [[31, 10, 5, { presses: 3, clicks: 1, deltaX: 0, deltaY: 0, scrollX: 0, scrollY: 0 }]],
  },
  {
    id: "aw-watcher-spotify_laptop",
    type: "com.spotify.track",
    client: "aw-watcher-spotify",
    hostname: "laptop",
    events: [[51, 0, 200, { artist: "x", title: "y" }]],
  },
  {
    id: "aw-watcher-window_desktop-synced-from-desktop",
    type: "currentwindow",
    client: "aw-watcher-window",
    hostname: "desktop",
    events: [[41, 0, 20, { app: "Firefox", title: "Docs" }]],
  },
];

function rfc3339(ms: number, python: boolean): string {
  const iso = new Date(ms).toISOString(); // …T08:00:00.000Z
  if (!python) return iso;
  return `${iso.slice(0, 19)}.${iso.slice(20, 23)}000+00:00`;
}

/** The export JSON text, Rust (ids, `Z`) or Python (no ids, `+00:00`) flavour. */
export function exportJson(flavour: "rust" | "python", buckets = BUCKETS, origin = T0): string {
  const python = flavour === "python";
  const out: Record<string, unknown> = {};
  for (const b of buckets) {
    const events = [...b.events].sort((x, y) => y[1] - x[1]).map(([id, s, d, data]) => ({
      ...(python ? {} : { id }),
      timestamp: rfc3339(Math.round(origin + s * 1000), python),
      duration: d,
      data,
    }));
    out[b.id] = {
      id: b.id,
      ...(python ? { name: null } : {}),
      type: b.type,
      client: b.client,
      hostname: b.hostname,
      created: rfc3339(T0 - 3_600_000, python),
      ...(python ? {} : { data: {}, metadata: { start: null, end: null } }),
      ...(python ? { last_updated: rfc3339(T0, python) } : {}),
      events,
    };
  }
  return JSON.stringify({ buckets: out }, null, 2);
}

function q(s: string): string {
  return `'${s.replaceAll("'", "''")}'`;
}

/**
 * aw-server-rust SQLite as SQL text (`user_version = 5`, times in ns); `settings` become
 * `key_value` rows `settings.<key>` holding JSON text, as aw-datastore's
 * `insert_key_value` writes them (`datastore.rs`, table added by `_migrate_v3_to_v4`).
 */
export function rustSql(
  buckets = BUCKETS,
  origin = T0,
  settings: Record<string, unknown> = {},
): string {
  const lines = [
    "PRAGMA user_version = 5;",
    `CREATE TABLE key_value (key TEXT PRIMARY KEY, value TEXT, last_modified NUMBER NOT NULL);`,
    ...Object.entries(settings).map(([k, v]) =>
      `INSERT INTO key_value VALUES (${q(`settings.${k}`)}, ${q(JSON.stringify(v))}, 0);`
    ),
    `CREATE TABLE buckets (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE NOT NULL,
      type TEXT NOT NULL, client TEXT NOT NULL, hostname TEXT NOT NULL, created TEXT NOT NULL,
      data TEXT NOT NULL DEFAULT '{}');`,
    `CREATE TABLE events (id INTEGER PRIMARY KEY AUTOINCREMENT, bucketrow INTEGER NOT NULL,
      starttime INTEGER NOT NULL, endtime INTEGER NOT NULL, data TEXT NOT NULL,
      FOREIGN KEY (bucketrow) REFERENCES buckets(id));`,
    "CREATE INDEX events_bucketrow_index ON events(bucketrow);",
    "CREATE INDEX events_starttime_index ON events(starttime);",
    "CREATE INDEX events_endtime_index ON events(endtime);",
  ];
  buckets.forEach((b, i) => {
    lines.push(
      `INSERT INTO buckets VALUES (${i + 1}, ${q(b.id)}, ${q(b.type)}, ${q(b.client)}, ${
        q(b.hostname)
      }, ${q(rfc3339(T0 - 3_600_000, false))}, '{}');`,
    );
    for (const [id, s, d, data] of b.events) {
      const start = BigInt(Math.round(origin + s * 1000)) * 1_000_000n;
      const end = start + BigInt(Math.round(d * 1e9));
      lines.push(
        `INSERT INTO events VALUES (${id}, ${i + 1}, ${start}, ${end}, ${
          q(JSON.stringify(data))
        });`,
      );
    }
  });
  return lines.join("\n");
}

/** The legacy Python aw-server's peewee SQLite as SQL text. */
export function peeweeSql(buckets = BUCKETS, origin = T0): string {
  const lines = [
    `CREATE TABLE bucketmodel (key INTEGER NOT NULL PRIMARY KEY, id VARCHAR(255) NOT NULL,
      created DATETIME NOT NULL, name VARCHAR(255), type VARCHAR(255) NOT NULL,
      client VARCHAR(255) NOT NULL, hostname VARCHAR(255) NOT NULL, datastr VARCHAR(255));`,
    `CREATE TABLE eventmodel (id INTEGER NOT NULL PRIMARY KEY, bucket_id INTEGER NOT NULL,
      timestamp DATETIME NOT NULL, duration DECIMAL(10, 5) NOT NULL, datastr VARCHAR(255) NOT NULL,
      FOREIGN KEY (bucket_id) REFERENCES bucketmodel (key));`,
    "CREATE INDEX eventmodel_bucket_id ON eventmodel (bucket_id);",
    "CREATE INDEX eventmodel_timestamp ON eventmodel (timestamp);",
  ];
  buckets.forEach((b, i) => {
    lines.push(
      `INSERT INTO bucketmodel VALUES (${i + 1}, ${q(b.id)}, ${
        q(rfc3339(T0 - 3_600_000, true).replace("T", " "))
      }, NULL, ${q(b.type)}, ${q(b.client)}, ${q(b.hostname)}, '{}');`,
    );
    for (const [id, s, d, data] of b.events) {
      lines.push(
        `INSERT INTO eventmodel VALUES (${id}, ${i + 1}, ${
          q(rfc3339(Math.round(origin + s * 1000), true).replace("T", " "))
        }, ${d}, ${q(JSON.stringify(data))});`,
      );
    }
  });
  return lines.join("\n");
}

/** Write SQL text into a new SQLite file. */
export function writeSqlite(path: string, sql: string): string {
  const db = new DatabaseSync(path);
  db.exec(sql);
  db.close();
  return path;
}
