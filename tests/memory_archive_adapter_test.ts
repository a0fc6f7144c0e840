import assert from "node:assert/strict";
import { join } from "node:path";
import { openMemoryArchiveImport, readMemoryArchive } from "../adapters/memory_archive/read.ts";
import { resolveSource } from "../adapters/resolve.ts";
import { importSource } from "../src/import/mod.ts";

// A Memory Archive session folder (FORMATS §4) written from JSON text in a temp dir.

const dir = await Deno.makeTempDir({ prefix: "frames_ma_test_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));

const T0 = Date.UTC(2026, 6, 4, 9, 0, 0);
const iso = (s: number) => new Date(T0 + s * 1000).toISOString();
const WINDOW = { start: T0 - 3_600_000, end: T0 + 3_600_000 };

const COMMANDS: [number, string, string, string, number?, number?, Record<string, unknown>?][] = [
  [0, "mouse", "left", "Left-clicked at X=960, Y=540", 960, 540],
  [5, "keyboard", "type", "Typed: hello world"],
  [9, "keyboard", "press", "Pressed: ^c"],
  [12, "mouse", "scroll_down", "Scrolled down 3 notches at X=10, Y=20", 10, 20],
  [15, "position", "here", "Position X=1, Y=2", 1, 2],
  [18, "mouse", "double", "Double-clicked at X=5, Y=6", 5, 6, { success: false }],
  [21, "keyboard", "press", "Pressed: {Enter}"],
];

async function session(name: string, opts: { commands?: boolean } = {}): Promise<string> {
  const root = join(dir, name);
  await Deno.mkdir(join(root, "commands"), { recursive: true });
  const steps = COMMANDS.map(([s, type, sub, raw], i) => ({
    step_id: i + 1,
    timestamp: iso(s),
    action_type: type,
    action_subtype: sub,
    image_fetched: true,
    marked: false,
    raw_command: raw,
    frames_guard: { app: "ignored" }, // unknown extra keys are tolerated
  }));
  await Deno.writeTextFile(
    join(root, "metadata.json"),
    JSON.stringify(
      {
        memory_name: name,
        memory_description: "Open the latest invoice",
        session_id: `sess-${name}`,
        mode: "manual",
        status: "complete",
        os: {
          os_type: "LINUX",
          os_version: "6.8",
          os_architecture: "x86_64",
          os_environment_id: "env-1",
        },
        capture_server_id: "cap-1",
        actuation_server_id: "act-1",
        created_at: iso(-60),
        total_steps: steps.length,
        annotated_steps: steps.length,
        skipped_steps: 0,
        steps,
      },
      null,
      2,
    ),
  );
  if (opts.commands !== false) {
    const commands = COMMANDS.map(([s, type, sub, raw, x, y, extra]) => ({
      session_id: `sess-${name}`,
      agent_id: "agent-1",
      agent_version: "1.0",
      os_type: "LINUX",
      timestamp: iso(s),
      raw_command: raw,
      action_type: type,
      action_subtype: sub,
      is_here_command: false,
      success: true,
      error_message: null,
      execution_time_ms: 12,
      mouse_x: x ?? null,
      mouse_y: y ?? null,
      position_captured: type === "position",
      is_heartbeat: false,
      agent_alive: true,
      ...extra,
    }));
    await Deno.writeTextFile(
      join(root, "commands", "actuation_commands.json"),
      JSON.stringify(commands, null, 2),
    );
  }
  return root;
}

Deno.test("readMemoryArchive() turns steps into snapshots and commands into input events", async () => {
  const root = await session("open-invoice");
  const c = readMemoryArchive(root, WINDOW);
  assert.deepEqual(
    c.snapshots.map((s) => [s.ref, (s.at - T0) / 1000, s.app, s.display, s.trigger]),
    [
      ...COMMANDS.map(([s], i) => [i + 1, s, "unknown", "screen", "input"]),
      // The session's end: the last command's time plus its execution_time_ms (12 ms).
      [8, 21.012, "unknown", "screen", "unknown"],
    ],
  );
  assert.deepEqual(
    c.events.map((e) => [e.ref, e.kind, e.x, e.y, e.chars, e.text, e.snapshotRef]),
    [
      [1, "click", 960, 540, undefined, undefined, 1],
      [2, "text", undefined, undefined, 11, undefined, 2],
      [3, "copy", undefined, undefined, undefined, undefined, 3],
      [4, "scroll", 10, 20, undefined, undefined, 4],
      [7, "key", undefined, undefined, undefined, undefined, 7],
    ],
  );
  assert.deepEqual(c.facts.rejected, { "actuation_commands: failed command": 1 });
  assert.equal(c.facts.adapter, "memory-archive");
  assert.equal(c.facts.fingerprint, "memory-archive-linux");
  assert.deepEqual(c.facts.capabilities, {
    input: true,
    elements: false,
    urls: false,
    heartbeats: false,
    focus: false,
  });
  assert.match(c.facts.notes!.join(" "), /no app names, window titles or URLs/);
  // Typed text only on opt-in.
  const withText = readMemoryArchive(root, { ...WINDOW, includeText: true });
  assert.equal(withText.events.find((e) => e.kind === "text")!.text, "hello world");
});

Deno.test("readMemoryArchive() reads a session without commands as snapshots only", async () => {
  const root = await session("no-commands", { commands: false });
  const c = readMemoryArchive(root, WINDOW);
  assert.equal(c.snapshots.length, COMMANDS.length);
  assert.deepEqual(c.events, []);
  assert.equal(c.facts.capabilities.input, false);
});

Deno.test("readMemoryArchive() throws clear errors for bad session folders", async () => {
  const missing = join(dir, "missing");
  assert.throws(() => readMemoryArchive(missing, WINDOW), {
    message: `Cannot open Memory Archive session "${missing}": folder does not exist`,
  });
  const empty = join(dir, "empty");
  await Deno.mkdir(empty);
  assert.throws(() => readMemoryArchive(empty, WINDOW), {
    message: `Cannot open Memory Archive session "${empty}": metadata.json: file does not exist`,
  });
  const broken = await session("broken");
  await Deno.writeTextFile(join(broken, "metadata.json"), '{\n  "memory_name": "x",\n  oops\n}');
  assert.throws(() => readMemoryArchive(broken, WINDOW), {
    message:
      `Cannot open Memory Archive session "${broken}": metadata.json: not valid JSON at line 3`,
  });
  await Deno.writeTextFile(join(broken, "metadata.json"), '{"memory_name": "x"}');
  assert.throws(
    () => readMemoryArchive(broken, WINDOW),
    /metadata\.json lacks session_id, mode, os/,
  );
});

Deno.test("importSource() imports a Memory Archive session once", async () => {
  const root = await session("imported");
  const store = join(dir, "store", "capture.db");
  for (const expectAdded of [13, 0]) {
    const source = openMemoryArchiveImport(root);
    try {
      const s = importSource(source, { store });
      assert.deepEqual([s.read, s.added, s.rejected], [13, expectAdded, {
        "actuation_commands: failed command": 1,
      }]);
    } finally {
      source.close();
    }
  }
  assert.equal((await resolveSource(`ma:${root}`, {})).read(WINDOW).snapshots.length, 8);
});
