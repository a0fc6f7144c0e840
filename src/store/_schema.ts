/**
 * The native capture store's schema as forward migrations: entry N brings a database from
 * `PRAGMA user_version = N` to `N + 1`. Migrations are append-only; a released entry is
 * never edited, so every store can be walked forward to the current version.
 *
 * Schema v1, designed for the capture model (src/model.ts), not after any recorder's
 * layout:
 * - `sources`: provenance — which importer or engine wrote rows (adapter, location,
 *   fingerprint, capabilities as JSON); `(adapter, location)` is unique.
 * - `displays`: geometry per display name (pixels, scale).
 * - `snapshots`: `at_ms` (integer UTC epoch ms), display, app, title, url, an explicit
 *   trigger (`input | visual | switch | heartbeat | manual | unknown`), focused (NULL =
 *   unknown), and provenance: `source_id`, `source_row` (the source's own integer id, for
 *   evidence) and `source_key` (the dedupe key; unique when present).
 * - `input_events`: kind, coordinates, element fields, typed-run length (`chars`), typed
 *   text (only when imported with opt-in), the snapshot it was recorded against, provenance.
 * - `elements`: element rows of a snapshot with declared units and origin.
 * - `markers` (v2): start/stop and away/back statements of a recorder, with provenance (v3).
 * - `machine` (v4) on snapshots, input events and markers: the computer a row was captured
 *   on (`frames import --machine`, default the source's hostname), so one store can hold
 *   several computers and compile one person's ledger; NULL (rows written before v4, or by
 *   this computer's engine) is the store's own machine.
 * - `imports`: one row per import run, updated in the same transaction as each batch, so
 *   its counters always equal the rows committed.
 *
 * @module
 */

/** The schema version this build of frames writes and reads. */
export const STORE_VERSION = 4;

const TRIGGERS = "'input','visual','switch','heartbeat','manual','unknown'";
const KINDS = "'click','key','text','paste','copy','scroll','switch','other'";

/** Forward migrations; index N upgrades `user_version` N to N + 1. */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE sources (
     id INTEGER PRIMARY KEY,
     adapter TEXT NOT NULL,
     location TEXT NOT NULL,
     fingerprint TEXT NOT NULL DEFAULT '',
     capabilities TEXT NOT NULL DEFAULT '{}',
     UNIQUE (adapter, location)
   ) STRICT;
   CREATE TABLE displays (
     id INTEGER PRIMARY KEY,
     name TEXT NOT NULL UNIQUE,
     x INTEGER NOT NULL,
     y INTEGER NOT NULL,
     width INTEGER NOT NULL,
     height INTEGER NOT NULL,
     scale REAL NOT NULL DEFAULT 1,
     source_id INTEGER REFERENCES sources(id)
   ) STRICT;
   CREATE TABLE snapshots (
     id INTEGER PRIMARY KEY,
     at_ms INTEGER NOT NULL,
     display TEXT NOT NULL,
     app TEXT NOT NULL,
     title TEXT,
     url TEXT,
     trigger TEXT NOT NULL DEFAULT 'unknown' CHECK (trigger IN (${TRIGGERS})),
     focused INTEGER CHECK (focused IN (0, 1)),
     source_id INTEGER NOT NULL REFERENCES sources(id),
     source_row INTEGER,
     source_key TEXT
   ) STRICT;
   CREATE INDEX snapshots_at ON snapshots(at_ms);
   CREATE UNIQUE INDEX snapshots_key ON snapshots(source_key) WHERE source_key IS NOT NULL;
   CREATE TABLE input_events (
     id INTEGER PRIMARY KEY,
     at_ms INTEGER NOT NULL,
     kind TEXT NOT NULL CHECK (kind IN (${KINDS})),
     display TEXT,
     x REAL,
     y REAL,
     app TEXT,
     title TEXT,
     url TEXT,
     element_name TEXT,
     element_role TEXT,
     element_automation_id TEXT,
     element_x REAL,
     element_y REAL,
     element_width REAL,
     element_height REAL,
     chars INTEGER,
     text TEXT,
     snapshot_id INTEGER REFERENCES snapshots(id),
     source_id INTEGER NOT NULL REFERENCES sources(id),
     source_row INTEGER,
     source_key TEXT
   ) STRICT;
   CREATE INDEX input_events_at ON input_events(at_ms);
   CREATE UNIQUE INDEX input_events_key ON input_events(source_key) WHERE source_key IS NOT NULL;
   CREATE TABLE elements (
     id INTEGER PRIMARY KEY,
     snapshot_id INTEGER NOT NULL REFERENCES snapshots(id),
     role TEXT NOT NULL,
     name TEXT NOT NULL,
     x REAL NOT NULL,
     y REAL NOT NULL,
     width REAL NOT NULL,
     height REAL NOT NULL,
     units TEXT NOT NULL CHECK (units IN ('px', 'normalized')),
     origin TEXT NOT NULL CHECK (origin IN ('accessibility', 'ocr'))
   ) STRICT;
   CREATE INDEX elements_snapshot ON elements(snapshot_id);
   CREATE TABLE imports (
     id INTEGER PRIMARY KEY,
     source_id INTEGER NOT NULL REFERENCES sources(id),
     started_ms INTEGER NOT NULL,
     finished_ms INTEGER,
     read INTEGER NOT NULL DEFAULT 0,
     added INTEGER NOT NULL DEFAULT 0,
     skipped INTEGER NOT NULL DEFAULT 0,
     rejected TEXT NOT NULL DEFAULT '{}'
   ) STRICT;`,
  // v2 (capture engine): `snapshots.idle_ms` — time since the last keyboard or pointer
  // input when the row was written (heartbeats carry it; NULL = unknown); `markers` —
  // engine start/stop and the edges of away periods (`reason`: locked, screensaver,
  // asleep), so a gap in the rows is known rather than inferred.
  `ALTER TABLE snapshots ADD COLUMN idle_ms INTEGER;
   CREATE TABLE markers (
     id INTEGER PRIMARY KEY,
     at_ms INTEGER NOT NULL,
     kind TEXT NOT NULL CHECK (kind IN ('start', 'stop', 'away', 'back')),
     reason TEXT,
     display TEXT,
     source_id INTEGER NOT NULL REFERENCES sources(id)
   ) STRICT;
   CREATE INDEX markers_at ON markers(at_ms);`,
  // v3 (imports keep what a direct read has): markers get provenance like the other rows —
  // `source_row` (the source's own id) and `source_key` (the dedupe key, unique when
  // present) — so `frames import` writes a source's away markers once; `sources.notes`
  // keeps what the source says it cannot see (a JSON array of sentences, e.g. an incomplete
  // Memory Archive session), so a document compiled from the store still says it.
  `ALTER TABLE markers ADD COLUMN source_row INTEGER;
   ALTER TABLE markers ADD COLUMN source_key TEXT;
   CREATE UNIQUE INDEX markers_key ON markers(source_key) WHERE source_key IS NOT NULL;
   ALTER TABLE sources ADD COLUMN notes TEXT NOT NULL DEFAULT '[]';`,
  // v4 (one ledger across computers): the machine each row was captured on.
  `ALTER TABLE snapshots ADD COLUMN machine TEXT;
   ALTER TABLE input_events ADD COLUMN machine TEXT;
   ALTER TABLE markers ADD COLUMN machine TEXT;`,
];
