import { join } from "node:path";
import { assertOneLineError, runFrames } from "./_frames.ts";
import { BUCKETS, exportJson, rustSql, writeSqlite } from "./data/aw/fixture.ts";

// Bad ActivityWatch input through the command line, as a user meets it: one line naming
// the file and what is wrong, exit 1, and no silent empty document.

const dir = await Deno.makeTempDir({ prefix: "frames_aw_bad_input_test_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));
const home = join(dir, "home");
await Deno.mkdir(home);

async function file(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await Deno.writeTextFile(path, text);
  return path;
}

function compile(path: string) {
  return runFrames(["compile", "--source", `aw:${path}`, "--day", "2026-07-04", "--tz", "UTC"], {
    home,
  });
}

const full = exportJson("rust");
const truncated = await file("truncated.json", full.slice(0, Math.floor(full.length * 0.6)));

Deno.test("frames compile names a truncated ActivityWatch export and what is left open", async () => {
  assertOneLineError(
    await compile(truncated),
    1,
    /^frames: Cannot open ActivityWatch export ".*truncated\.json": the JSON ends early at line \d+ \(a truncated export: \d+ brackets( and a string)? left open\)$/,
  );
});

Deno.test("frames import names a truncated ActivityWatch export and writes nothing", async () => {
  const r = await runFrames(["import", "activitywatch", truncated], { home });
  assertOneLineError(
    r,
    1,
    /^frames: Cannot open ActivityWatch export ".*truncated\.json": the JSON ends early/,
  );
});

Deno.test("frames compile and import fail when every window event was rejected", async () => {
  // Window events without an app (aw-watcher-window always writes one): all rejected.
  const noApp = BUCKETS.map((b) =>
    b.type === "currentwindow"
      ? {
        ...b,
        events: b.events.map(([id, s, d]) => [id, s, d, { title: "x" }] as typeof b.events[0]),
      }
      : b
  );
  const path = await file("no-app.json", exportJson("rust", noApp));
  assertOneLineError(
    await compile(path),
    1,
    /^frames: Cannot read ActivityWatch export ".*no-app\.json": all 6 "currentwindow" events in the window were rejected \(no app: 6\)$/,
  );
  // Every timestamp unparseable: nothing belongs to any window, which is said at once.
  const doc = JSON.parse(exportJson("rust"));
  for (
    const b of Object.values(doc.buckets) as { type: string; events: { timestamp: string }[] }[]
  ) {
    if (b.type === "currentwindow") { for (const e of b.events) e.timestamp = "yesterday"; }
  }
  const text = JSON.stringify(doc);
  const bad = await file("bad-time.json", text);
  for (
    const r of [await compile(bad), await runFrames(["import", "activitywatch", bad], { home })]
  ) {
    assertOneLineError(
      r,
      1,
      /^frames: Cannot read ActivityWatch export ".*bad-time\.json": all 6 "currentwindow" events were rejected \(unparseable timestamp: 6\)$/,
    );
  }
});

Deno.test("frames compile names an export whose buckets are a list without ids", async () => {
  const db = writeSqlite(join(dir, "ok.db"), rustSql());
  const ok = await compile(db);
  if (ok.code !== 0) throw new Error(ok.stderr);
  const path = await file(
    "list.json",
    JSON.stringify({ buckets: [{ type: "currentwindow", events: [] }] }),
  );
  assertOneLineError(
    await compile(path),
    1,
    /^frames: Cannot open ActivityWatch export ".*list\.json": bucket 1 of the "buckets" list has no "id"$/,
  );
});
