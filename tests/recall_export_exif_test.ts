import assert from "node:assert/strict";
import { join } from "node:path";
import { openRecallImport, readRecallAsync } from "../adapters/recall/read.ts";
import { importSource } from "../src/import/mod.ts";
import { encryptSnapshot } from "./data/recall/export.ts";
import { jpegWithExif, utf16le } from "./data/recall/jpeg.ts";
import { assertOneLineError, runFrames } from "./_frames.ts";

// EEA exports whose metadata sits in each JPEG's EXIF tag 37500 rather than in a `.json`
// beside it (microsoft/RecallSnapshotsExport reads `/app1/ifd/exif/{ushort=37500}`). The
// JPEGs are built in the test (tests/data/recall/jpeg.ts) and encrypted with a made-up code.

const dir = await Deno.makeTempDir({ prefix: "frames_recall_exif_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));

const CODE = "00112233445566778899aabbccddeeff";
const T0 = Date.UTC(2026, 6, 4, 10, 0, 0);
const WINDOW = { start: T0 - 3_600_000, end: T0 + 3_600_000 };
const enc = new TextEncoder();

/** A JPEG carrying `meta` as the sample's JSON in tag 37500 (UTF-8 or UTF-16 LE). */
function jpegMeta(meta: Record<string, string>, utf16 = false): Uint8Array {
  const json = JSON.stringify(meta);
  return jpegWithExif([{ tag: 37500, bytes: utf16 ? utf16le(json) : enc.encode(`${json}\0`) }]);
}

async function folder(files: [string, Uint8Array, string?][]): Promise<string> {
  const root = await Deno.makeTempDir({ dir, prefix: "export_" });
  for (const [name, jpeg, sidecar] of files) {
    await Deno.writeFile(join(root, name), await encryptSnapshot(CODE, jpeg));
    if (sidecar !== undefined) await Deno.writeTextFile(join(root, `${name}.json`), sidecar);
  }
  return root;
}

const NO_TAG = "export: no metadata (no .json beside it, no EXIF tag 37500 in the JPEG)";
const BINARY =
  "export: EXIF tag 37500 is Windows' binary property set (write the .json with Microsoft's RecallSnapshotsExport)";

Deno.test("readRecallAsync() reads snapshot metadata from EXIF tag 37500 when no .json is beside it", async () => {
  const root = await folder([
    [
      "a",
      jpegMeta({
        Id: "1",
        DateTime: String(T0),
        AppName: "Microsoft Edge",
        Uri: "https://deno.com/",
      }),
    ],
    [
      "b",
      jpegMeta({
        Id: "2",
        DateTime: String(T0 + 30_000),
        AppName: "Notepad",
        WindowTitle: "todo.txt",
      }, true),
    ],
    // A sidecar wins over the tag: it is what the user's own tool wrote.
    [
      "c",
      jpegMeta({ Id: "3", DateTime: String(T0 + 60_000), AppName: "Wrong" }),
      JSON.stringify({ Id: "3", DateTime: String(T0 + 60_000), AppName: "Slack" }),
    ],
    // Windows' own serialisation (a binary property set) is not guessed at.
    ["d", jpegWithExif([{ tag: 37500, bytes: Uint8Array.from([1, 0, 0, 0, 7, 0, 0x41, 0]) }])],
    ["e", jpegWithExif([{ tag: 37510, bytes: enc.encode("ASCII\0\0\0note") }])],
  ]);
  const c = await readRecallAsync(root, { ...WINDOW, code: CODE });
  assert.deepEqual(
    c.snapshots.map((s) => [s.ref, (s.at - T0) / 1000, s.app, s.title, s.url]),
    [
      [1, 0, "Microsoft Edge", undefined, "https://deno.com/"],
      [2, 30, "Notepad", "todo.txt", undefined],
      [3, 60, "Slack", undefined, undefined],
    ],
  );
  assert.deepEqual(c.facts.rejected, { [BINARY]: 1, [NO_TAG]: 1 });
  assert.deepEqual(c.facts.rows, { snapshots: 5 });
});

Deno.test("readRecallAsync() adds the first snapshot past the window's end", async () => {
  const root = await folder([0, 40, 80, 120].map((s, i) => [
    `s${i}`,
    jpegMeta({ Id: String(i + 1), DateTime: String(T0 + s * 1000), AppName: "Notepad" }),
  ]));
  const c = await readRecallAsync(root, { start: T0, end: T0 + 50_000, code: CODE });
  assert.deepEqual(c.snapshots.map((s) => (s.at - T0) / 1000), [0, 40]);
  assert.deepEqual(c.after?.map((s) => (s.at - T0) / 1000), [80]);
  // Import reads back-to-back windows: nothing is taken twice.
  const src = await openRecallImport(root, { code: CODE });
  const keyed = src.readKeyed({ start: T0, end: T0 + 50_000 });
  assert.deepEqual(keyed.capture.snapshots.map((s) => (s.at - T0) / 1000), [0, 40]);
  const s = importSource(src, { store: join(dir, "store", "capture.db"), sliceMs: 50_000 });
  assert.deepEqual([s.read, s.added], [4, 4]);
  src.close();
});

Deno.test("an export where no snapshot has readable metadata is one error naming the file", async () => {
  const root = await folder([
    ["snap_1", jpegWithExif([])],
    ["snap_2", jpegWithExif([{ tag: 37510, bytes: enc.encode("x") }])],
  ]);
  const message =
    `Cannot open Windows Recall export "${root}": no snapshot is readable ("snap_1": no metadata (no .json beside it, no EXIF tag 37500 in the JPEG))`;
  await assert.rejects(() => readRecallAsync(root, { ...WINDOW, code: CODE }), { message });
  const home = join(dir, "home");
  await Deno.mkdir(home, { recursive: true });
  const r = await runFrames(["import", "recall", root, "--code", CODE], { home });
  assertOneLineError(r, 1, new RegExp(`^frames: ${RegExp.escape(message)}$`));
  const compile = await runFrames(
    ["compile", "--source", `recall:${root}`, "--day", "2026-07-04", "--tz", "UTC"],
    { home, env: { FRAMES_RECALL_CODE: CODE } },
  );
  assertOneLineError(
    compile,
    1,
    /^frames: Cannot open Windows Recall export ".*": no snapshot is readable \("snap_1"/,
  );
});
