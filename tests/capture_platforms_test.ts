import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { macPermission, parseMacLine } from "../capture/macos/_parse.ts";
import { displayName, parseWindowsLine } from "../capture/windows/_parse.ts";
import { HelperBackend } from "../capture/_helper.ts";
import { Engine } from "../capture/engine.ts";
import { MAC_HELPER_JXA } from "../capture/macos/_jxa.ts";
import { WINDOWS_HELPER_PS } from "../capture/windows/_ps.ts";

// The macOS and Windows backends cannot run here: their helpers' output parsing is tested
// on recorded lines, and the helper plumbing plus the engine are driven by a stand-in
// helper (sh printing Windows-format lines).

const MAC = JSON.stringify({
  t: 1,
  app: "Google Chrome",
  bundle: "com.google.Chrome",
  pid: 812,
  title: "Pull requests · frames",
  bounds: [1440, 25, 1200, 900],
  url: "https://github.com/frames/pulls",
  tab_title: "Pull requests · frames",
  incognito: false,
  idle_ms: 1234,
  locked: false,
  screens: [
    { name: "Built-in Retina Display", x: 0, y: 0, w: 1440, h: 900, scale: 2 },
    { name: "DELL U2720Q", x: 1440, y: -300, w: 2560, h: 1440, scale: 1 },
  ],
});

Deno.test("parseMacLine() maps the frontmost app, title, URL, idle time and screens", () => {
  const s = parseMacLine(MAC)!;
  assert.deepEqual(s.window, {
    id: "com.google.Chrome:812",
    app: "Google Chrome",
    aliases: ["google chrome", "com.google.chrome"],
    title: "Pull requests · frames",
    pid: 812,
    bounds: { x: 1440, y: 25, width: 1200, height: 900 },
    url: "https://github.com/frames/pulls",
  });
  assert.deepEqual(s.screen, { idleMs: 1234 });
  assert.deepEqual(s.displays, [
    { display: "Built-in Retina Display", x: 0, y: 0, width: 1440, height: 900, scale: 2 },
    { display: "DELL U2720Q", x: 1440, y: -300, width: 2560, height: 1440, scale: 1 },
  ]);
  assert.equal(s.missing, undefined);
});

Deno.test("parseMacLine() marks incognito windows private and a locked session away", () => {
  const s = parseMacLine(JSON.stringify({ ...JSON.parse(MAC), incognito: true, locked: true }))!;
  assert.equal(s.window!.private, true);
  assert.deepEqual(s.screen, { idleMs: 1234, away: "locked" });
});

Deno.test("parseMacLine() turns osascript errors into the permission to grant", () => {
  const s = parseMacLine(JSON.stringify({
    t: 1,
    app: "Safari",
    window_error:
      "Error: System Events got an error: osascript is not allowed assistive access. (-25211)",
    url_error: "Error: Not authorized to send Apple events to Safari. (-1743)",
    idle_ms: 5,
  }))!;
  assert.deepEqual(s.missing!.map((m) => m.what), [
    "Accessibility permission (System Settings → Privacy & Security → Accessibility)",
    "Automation permission (System Settings → Privacy & Security → Automation) for Safari",
  ]);
  assert.equal(s.window!.app, "Safari");
  assert.equal(s.window!.title, undefined);
  assert.equal(macPermission("execution error: -1728"), undefined);
  assert.equal(parseMacLine("not json at all"), undefined);
  assert.equal(
    parseMacLine("execution error: Not authorized to send Apple events to System Events. (-1743)")!
      .missing![0].effect,
    "the frontmost app is unknown",
  );
});

const WIN = {
  hwnd: 132456,
  pid: 4242,
  image: "chrome",
  description: "Google Chrome",
  title: "Inbox - Gmail - Google Chrome",
  rect: [-8, -8, 1936, 1056],
  idle_ms: 250,
  locked: false,
  screens: [
    { name: "\\\\.\\DISPLAY1", x: 0, y: 0, w: 1920, h: 1080 },
    { name: "\\\\.\\DISPLAY2", x: 1920, y: 0, w: 2560, h: 1440 },
  ],
};

Deno.test("parseWindowsLine() maps the foreground window, image, idle time and monitors", () => {
  const s = parseWindowsLine(JSON.stringify(WIN))!;
  assert.deepEqual(s.window, {
    id: "132456",
    app: "chrome",
    aliases: ["chrome", "chrome.exe", "google chrome"],
    title: "Inbox - Gmail - Google Chrome",
    pid: 4242,
    process: "chrome.exe",
    bounds: { x: -8, y: -8, width: 1936, height: 1056 },
  });
  assert.deepEqual(s.screen, { idleMs: 250 });
  assert.deepEqual(s.displays!.map((d) => [d.display, d.x, d.width]), [
    ["DISPLAY1", 0, 1920],
    ["DISPLAY2", 1920, 2560],
  ]);
  assert.equal(displayName("\\\\.\\DISPLAY12"), "DISPLAY12");
});

Deno.test("parseWindowsLine() treats the secure desktop and LockApp as locked", () => {
  const locked = parseWindowsLine(JSON.stringify({ ...WIN, locked: true }))!;
  assert.deepEqual(locked.screen, { idleMs: 250, away: "locked" });
  assert.equal(locked.window, undefined);
  const lockApp = parseWindowsLine(JSON.stringify({ ...WIN, image: "LockApp", title: "" }))!;
  assert.equal(lockApp.screen.away, "locked");
  const desktop = parseWindowsLine(JSON.stringify({ ...WIN, hwnd: 0, image: "" }))!;
  assert.equal(desktop.window, undefined);
  const minimized = parseWindowsLine(JSON.stringify({ ...WIN, rect: [-32000, -32000, 0, 0] }))!;
  assert.equal(minimized.window!.bounds, undefined);
  assert.equal(parseWindowsLine("WARNING: something"), undefined);
});

Deno.test("the helper scripts carry the calls the backends rely on", () => {
  for (
    const call of ["GetForegroundWindow", "GetLastInputInfo", "OpenInputDesktop", "AllScreens"]
  ) {
    assert.ok(WINDOWS_HELPER_PS.includes(call), call);
  }
  for (const call of ["frontmost", "activeTab", "CGSessionCopyCurrentDictionary", "NSScreen"]) {
    assert.ok(MAC_HELPER_JXA.includes(call), call);
  }
});

Deno.test("Engine over a helper backend writes rows, heartbeats and a lock gap", async () => {
  const dir = await Deno.makeTempDir({ prefix: "frames_capture_helper_" });
  const line = (o: Record<string, unknown>) => JSON.stringify({ ...WIN, ...o });
  const script = [
    `printf '%s\\n' '${line({ title: "Inbox - Gmail - Google Chrome" })}'`,
    "sleep 0.4",
    `printf '%s\\n' '${line({ hwnd: 999, pid: 7, image: "Code", title: "main.ts - frames" })}'`,
    "sleep 1.2",
    `printf '%s\\n' '${line({ locked: true })}'`,
    "sleep 0.8",
    `printf '%s\\n' '${line({ hwnd: 999, pid: 7, image: "Code", title: "main.ts - frames" })}'`,
    "sleep 30",
  ].join("; ");
  const backend = new HelperBackend({
    name: "windows",
    location: "windows:test",
    command: ["sh", "-c", script],
    parse: parseWindowsLine,
    can: { input: false, idle: true, lock: true, geometry: true },
  });
  const store = join(dir, "capture.db");
  const engine = new Engine({
    backend,
    storePath: store,
    heartbeatMs: 500,
    screenCheckMs: 200,
    settleMs: 20,
  });
  try {
    const running = engine.run();
    await new Promise((r) => setTimeout(r, 3200));
    engine.stop("test");
    await running;
  } finally {
    backend.close();
  }
  const db = new DatabaseSync(store, { readOnly: true });
  try {
    const rows = db.prepare(
      "SELECT display, app, title, trigger, focused FROM snapshots ORDER BY at_ms, id",
    ).all().map((r) => ({ ...r }));
    const apps = rows.map((r) => r.app);
    assert.ok(apps.includes("chrome") && apps.includes("Code"), JSON.stringify(rows));
    assert.deepEqual(rows[0], {
      display: "DISPLAY1",
      app: "chrome",
      title: "Inbox - Gmail - Google Chrome",
      trigger: "switch",
      focused: 1,
    });
    assert.ok(rows.every((r) => r.display === "DISPLAY1"), JSON.stringify(rows));
    assert.ok(rows.some((r) => r.app === "Code" && r.trigger === "heartbeat"));
    const markers = db.prepare("SELECT kind, reason FROM markers ORDER BY id").all()
      .map((r) => ({ ...r }));
    assert.deepEqual(markers, [
      { kind: "start", reason: `windows pid ${Deno.pid}` },
      { kind: "away", reason: "locked" },
      { kind: "back", reason: "locked" },
      { kind: "stop", reason: "test" },
    ]);
    const source = db.prepare("SELECT adapter, location, capabilities FROM sources").get() as {
      adapter: string;
      location: string;
      capabilities: string;
    };
    assert.equal(source.location, "windows:test");
    assert.equal(JSON.parse(source.capabilities).input, false);
  } finally {
    db.close();
    await Deno.remove(dir, { recursive: true });
  }
});
