import assert from "node:assert/strict";
import { join } from "node:path";
import { readMemoryArchive } from "../adapters/memory_archive/read.ts";
import { clipboardKind } from "../adapters/memory_archive/_commands.ts";
import { compile } from "../src/compile/mod.ts";
import { type TestCommand, writeSession } from "./data/memory_archive/session.ts";
import { assertOneLineError, runFrames } from "./_frames.ts";

// Incomplete Memory Archive sessions (folder "<name> (incomplete)", commands as JSON Lines,
// a half-written last line), macOS chords, the last step's input and the window's edge.

const dir = await Deno.makeTempDir({ prefix: "frames_ma_incomplete_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));

const T0 = Date.UTC(2026, 6, 4, 9, 0, 0);
const WINDOW = { start: T0 - 3_600_000, end: T0 + 3_600_000 };
const DAY = ["--day", "2026-07-04", "--tz", "UTC"];

const MAC: TestCommand[] = [
  [0, "mouse", "left", "Left-clicked at X=100, Y=200", 100, 200],
  [4, "keyboard", "press", "Pressed: #c"],
  [8, "mouse", "left", "Left-clicked at X=300, Y=400", 300, 400],
  [12, "keyboard", "press", "Pressed: #v"],
  [15, "keyboard", "type", "Typed: done"],
  [19, "keyboard", "press", "Pressed: {Enter}"],
];

Deno.test("clipboardKind() reads Ctrl and Command chords in every spelling", () => {
  const cases: [string, string | undefined][] = [
    ["Pressed: ^c", "copy"],
    ["Pressed: #c", "copy"],
    ["Pressed: #v", "paste"],
    ["press ^v", "paste"],
    ["Press: Ctrl+c", "copy"],
    ["Press: Cmd+V", "paste"],
    ["Pressed: command + c", "copy"],
    ["Pressed: #x", undefined],
    ["Pressed: +c", undefined], // Shift+c is a capital letter, not a copy
    ["Pressed: c", undefined],
    ["Pressed: {Enter}", undefined],
  ];
  for (const [raw, want] of cases) assert.equal(clipboardKind(raw), want, raw);
});

Deno.test("readMemoryArchive() reads an incomplete session: JSON Lines, a cut last line, a warning", async () => {
  const root = await writeSession(dir, "copy invoice (incomplete)", MAC, {
    t0: T0,
    os: "macos",
    jsonLines: true,
    truncateLast: 37,
  });
  const c = readMemoryArchive(root, WINDOW);
  assert.deepEqual(c.events.map((e) => [e.ref, e.kind]), [
    [1, "click"],
    [2, "copy"],
    [3, "click"],
    [4, "paste"],
    [5, "text"],
  ]);
  assert.deepEqual(c.facts.rejected, {
    "actuation_commands: line is not valid JSON (truncated?)": 1,
  });
  assert.match(
    c.facts.notes!.join("\n"),
    /session is incomplete \(folder named "\(incomplete\)", commands written as JSON Lines\)/,
  );
  // A complete folder name with JSON Lines still warns; an array in a plain folder does not.
  const lines = await writeSession(dir, "lines", MAC, { t0: T0, jsonLines: true });
  assert.match(readMemoryArchive(lines, WINDOW).facts.notes!.join("\n"), /JSON Lines\)/);
  const done = await writeSession(dir, "done", MAC, { t0: T0 });
  assert.doesNotMatch(readMemoryArchive(done, WINDOW).facts.notes!.join("\n"), /incomplete/);
});

Deno.test("compile() attributes every command of a session, the last step's included", async () => {
  const root = await writeSession(dir, "attributed", MAC, { t0: T0, os: "macos" });
  const capture = readMemoryArchive(root, WINDOW);
  const doc = compile(capture, { tz: "UTC", minMinutes: 0 });
  // Truth from the commands themselves: every one is input (no heartbeats, no failures).
  const kinds = MAC.map(([, type, sub, raw]) =>
    type === "mouse" ? "click" : sub === "type" ? "text" : clipboardKind(raw) ?? "key"
  );
  assert.equal(doc.coverage.unattributed_input, 0);
  const sum = (k: "clicks" | "keys" | "copies" | "pastes" | "text_runs") =>
    doc.frames.reduce((n, f) => n + f.input[k], 0);
  assert.equal(sum("clicks"), kinds.filter((k) => k === "click").length);
  assert.equal(sum("copies"), kinds.filter((k) => k === "copy").length);
  assert.equal(sum("pastes"), kinds.filter((k) => k === "paste").length);
  assert.equal(sum("text_runs"), kinds.filter((k) => k === "text").length);
  assert.equal(sum("keys"), kinds.filter((k) => k === "key").length, "the last step's {Enter}");
});

Deno.test("readMemoryArchive() adds the first step past the window's end", async () => {
  const root = await writeSession(dir, "edge", MAC, { t0: T0 });
  const c = readMemoryArchive(root, { start: T0, end: T0 + 10_000 });
  assert.deepEqual(c.snapshots.map((s) => (s.at - T0) / 1000), [0, 4, 8]);
  assert.deepEqual(c.after?.map((s) => (s.at - T0) / 1000), [12]);
  assert.deepEqual(c.events.map((e) => (e.at - T0) / 1000), [0, 4, 8]);
});

Deno.test("frames compile and import read an incomplete session and report the cut line", async () => {
  const home = join(dir, "home");
  await Deno.mkdir(home, { recursive: true });
  const root = await writeSession(dir, "cli (incomplete)", MAC, {
    t0: T0,
    os: "macos",
    jsonLines: true,
    truncateLast: 20,
  });
  const doc = await runFrames(["compile", "--source", `ma:${root}`, ...DAY], { home });
  assert.equal(doc.code, 0, doc.stderr);
  const parsed = JSON.parse(doc.stdout);
  assert.ok(parsed.blind_spots.some((b: string) => /session is incomplete/.test(b)));
  assert.deepEqual(parsed.coverage.rejected_rows, {
    "actuation_commands: line is not valid JSON (truncated?)": 1,
  });
  const imp = await runFrames(["import", "memory-archive", root], { home });
  assert.equal(imp.code, 0, imp.stderr);
  // Rows: every step, the closing snapshot, and every command but the cut one.
  const rows = MAC.length + 1 + MAC.length - 1;
  // Then what the session cannot tell: no app names, and that it is incomplete.
  assert.equal(
    imp.stdout,
    `imported memory-archive "${root}": read ${rows} rows, added ${rows}, skipped 0, rejected 1 (actuation_commands: line is not valid JSON (truncated?): 1)\n` +
      `  note: Memory Archive records no app names, window titles or URLs: every step is app "unknown"\n` +
      `  note: Memory Archive session is incomplete (folder named "(incomplete)", commands written as JSON Lines): steps after the recorder stopped are missing\n`,
  );
  // A document compiled from the store says so too.
  const stored = await runFrames(["compile", ...DAY], { home });
  assert.equal(stored.code, 0, stored.stderr);
  assert.ok(
    JSON.parse(stored.stdout).blind_spots.some((b: string) => /session is incomplete/.test(b)),
  );
});

Deno.test("a commands file with no readable line is one error naming the file and line, exit 1", async () => {
  const home = join(dir, "home2");
  await Deno.mkdir(home, { recursive: true });
  const root = await writeSession(dir, "broken (incomplete)", MAC, {
    t0: T0,
    jsonLines: true,
    garbage: '{"session_id": "sess-',
  });
  const message =
    `Cannot open Memory Archive session "${root}": commands/actuation_commands.json: not valid JSON or JSON Lines at line 1`;
  assert.throws(() => readMemoryArchive(root, WINDOW), { message });
  const pattern = new RegExp(`^frames: ${RegExp.escape(message)}$`);
  assertOneLineError(
    await runFrames(["compile", "--source", `ma:${root}`, ...DAY], { home }),
    1,
    pattern,
  );
  assertOneLineError(await runFrames(["import", "memory-archive", root], { home }), 1, pattern);
});
