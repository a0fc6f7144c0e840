import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import {
  openRecallImport,
  readRecall,
  readRecallAsync,
  recallDatabases,
} from "../adapters/recall/read.ts";
import { importSource } from "../src/import/mod.ts";
import { encryptSnapshot } from "./data/recall/export.ts";

// A reconstructed 2024 `ukg.db` (FORMATS §3; column types are guesses) and an EEA export
// encrypted here with a made-up export code, both written in a temp dir.

const dir = await Deno.makeTempDir({ prefix: "frames_recall_test_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));

const T0 = Date.UTC(2026, 6, 4, 10, 0, 0);
const WINDOW = { start: T0 - 3_600_000, end: T0 + 3_600_000 };

const UKG_SQL = `
CREATE TABLE App (Id INTEGER PRIMARY KEY, WindowsAppId TEXT, Name TEXT, Path TEXT);
CREATE TABLE Web (Id INTEGER PRIMARY KEY, Domain TEXT, Uri TEXT);
CREATE TABLE WindowCapture (Id INTEGER PRIMARY KEY, Name TEXT, ImageToken TEXT,
  IsForeground INTEGER, WindowId INTEGER, WindowTitle TEXT, TimeStamp INTEGER, FallbackUri TEXT);
CREATE TABLE WindowCaptureAppRelation (WindowCaptureId INTEGER, AppId INTEGER, IsBackground INTEGER);
CREATE TABLE WindowCaptureWebRelation (WindowCaptureId INTEGER, WebId INTEGER, IsBackground INTEGER);
CREATE TABLE WindowCaptureTextIndex_content (id INTEGER PRIMARY KEY, c0, c1, c2);
INSERT INTO App VALUES (1, 'Microsoft.Edge', 'Microsoft Edge', 'C:\\Program Files\\Edge\\msedge.exe');
INSERT INTO App VALUES (2, NULL, '', 'C:\\Windows\\notepad.exe');
INSERT INTO Web VALUES (1, 'github.com', 'https://github.com/denoland/deno');
INSERT INTO WindowCapture VALUES (1, 'WindowCreatedEvent', NULL, 1, 100, 'Deno', ${
  T0 - 1000
}, NULL);
INSERT INTO WindowCapture VALUES (2, 'WindowCaptureEvent', 'tok2', 1, 100, 'Deno - GitHub', ${T0}, NULL);
INSERT INTO WindowCapture VALUES (3, 'WindowCaptureEvent', 'tok3', 1, 200, NULL, ${
  T0 + 30_000
}, NULL);
INSERT INTO WindowCapture VALUES (4, 'ForegroundChangedEvent', NULL, 1, 100, 'Deno - GitHub', ${
  T0 + 60_000
}, NULL);
INSERT INTO WindowCapture VALUES (5, 'WindowCaptureEvent', 'tok5', 0, 300, 'Background', ${
  T0 + 70_000
}, NULL);
INSERT INTO WindowCapture VALUES (6, 'WindowCaptureEvent', 'tok6', 1, 400, 'Orphan', ${
  T0 + 90_000
}, NULL);
INSERT INTO WindowCaptureAppRelation VALUES (2, 1, 0), (3, 2, 0), (5, 1, 1);
INSERT INTO WindowCaptureWebRelation VALUES (2, 1, 0);
INSERT INTO WindowCaptureTextIndex_content VALUES (1, 3, 'notes.txt - Notepad', 'ocr text');
`;

function ukg(): string {
  const folder = join(dir, "UKP", "{0F1E2D3C-GUID}");
  Deno.mkdirSync(folder, { recursive: true });
  const path = join(folder, "ukg.db");
  try {
    Deno.removeSync(path);
  } catch {
    // First use.
  }
  const db = new DatabaseSync(path);
  db.exec(UKG_SQL);
  db.close();
  return path;
}

Deno.test("readRecall() joins WindowCapture with App, Web and the text index", () => {
  const c = readRecall(ukg(), WINDOW);
  assert.deepEqual(
    c.snapshots.map((s) => [s.ref, (s.at - T0) / 1000, s.app, s.title, s.url, s.trigger]),
    [
      [2, 0, "Microsoft Edge", "Deno - GitHub", "https://github.com/denoland/deno", "visual"],
      [3, 30, "notepad.exe", "notes.txt - Notepad", undefined, "visual"],
      // A foreground change borrows the app of its window from the window's capture.
      [4, 60, "Microsoft Edge", "Deno - GitHub", undefined, "switch"],
    ],
  );
  assert.deepEqual(c.facts.rejected, { "WindowCapture: no app": 1 });
  assert.equal(c.facts.adapter, "recall");
  assert.match(c.facts.fingerprint, /^recall-ukg-[0-9a-f]{8}$/);
  assert.deepEqual(c.snapshots.map((s) => s.display), ["screen", "screen", "screen"]);
});

Deno.test("readRecall() says clearly when a database is not a Recall ukg.db", () => {
  const path = join(dir, "other.db");
  new DatabaseSync(path).close();
  assert.throws(() => readRecall(path, WINDOW), {
    message:
      `Cannot read Windows Recall database "${path}": it has no WindowCapture table (is it a Recall ukg.db?)`,
  });
});

Deno.test("recallDatabases() finds ukg.db under LOCALAPPDATA's UKP folders", () => {
  const path = ukg();
  const local = join(dir, "Local");
  Deno.mkdirSync(join(local, "CoreAIPlatform.00"), { recursive: true });
  try {
    Deno.symlinkSync(join(dir, "UKP"), join(local, "CoreAIPlatform.00", "UKP"));
  } catch {
    // Already linked.
  }
  assert.deepEqual(
    recallDatabases("/nowhere", (n) => n === "LOCALAPPDATA" ? local : undefined),
    [join(local, "CoreAIPlatform.00", "UKP", "{0F1E2D3C-GUID}", "ukg.db")],
  );
  assert.ok(path.endsWith("ukg.db"));
});

const CODE = "0123456789abcdef0123456789abcdef";

const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]);

async function exportFolder(): Promise<string> {
  const root = await Deno.makeTempDir({ dir, prefix: "export_" });
  const metas = [
    {
      Id: "7",
      DateTime: String(T0),
      AppName: "Microsoft Edge",
      WindowTitle: "Deno",
      Uri: "https://deno.com/",
    },
    { Id: "8", DateTime: String(T0 + 40_000), AppName: "Notepad", WindowTitle: "todo.txt" },
  ];
  for (const [i, meta] of metas.entries()) {
    await Deno.writeFile(join(root, `snapshot_${i}`), await encryptSnapshot(CODE, JPEG));
    await Deno.writeTextFile(join(root, `snapshot_${i}.json`), JSON.stringify(meta));
  }
  // A snapshot without the sample tool's metadata: rejected with that reason.
  await Deno.writeFile(join(root, "snapshot_9"), await encryptSnapshot(CODE, JPEG));
  return root;
}

Deno.test("readRecallAsync() decrypts an export with its code and reads the .json metadata", async () => {
  const root = await exportFolder();
  const c = await readRecallAsync(root, { ...WINDOW, code: CODE.toUpperCase() });
  assert.deepEqual(
    c.snapshots.map((s) => [s.ref, (s.at - T0) / 1000, s.app, s.title, s.url]),
    [
      [7, 0, "Microsoft Edge", "Deno", "https://deno.com/"],
      [8, 40, "Notepad", "todo.txt", undefined],
    ],
  );
  assert.equal(c.facts.fingerprint, "recall-export-v2");
  assert.deepEqual(c.facts.rejected, {
    "export: no metadata (no .json beside it, no EXIF (APP1) segment in the JPEG)": 1,
  });
});

Deno.test("readRecallAsync() refuses a missing or wrong export code clearly", async () => {
  const root = await exportFolder();
  await assert.rejects(() => readRecallAsync(root, WINDOW), {
    message:
      `Cannot open Windows Recall export "${root}": it is encrypted; pass the export code with --code (32 hex digits)`,
  });
  await assert.rejects(() => readRecallAsync(root, { ...WINDOW, code: "ffff" }), {
    message:
      `Cannot open Windows Recall export "${root}": the export code must be 32 hexadecimal digits`,
  });
  await assert.rejects(
    () => readRecallAsync(root, { ...WINDOW, code: "f".repeat(32) }),
    {
      message:
        `Cannot open Windows Recall export "${root}": wrong export code (it does not open "snapshot_0")`,
    },
  );
  assert.throws(() => readRecall(root, WINDOW), /frames import recall/);
});

Deno.test("importSource() imports a ukg.db and an export once each", async () => {
  const store = join(dir, "store", "capture.db");
  const exportRoot = await exportFolder();
  for (const added of [[3, 2], [0, 0]]) {
    const db = await openRecallImport(ukg());
    const a = importSource(db, { store });
    db.close();
    const ex = await openRecallImport(exportRoot, { code: CODE });
    const b = importSource(ex, { store });
    ex.close();
    assert.deepEqual([a.added, b.added], added);
    assert.deepEqual(b.rejected, {
      "export: no metadata (no .json beside it, no EXIF (APP1) segment in the JPEG)": 1,
    });
  }
});
