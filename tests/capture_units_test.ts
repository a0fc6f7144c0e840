import assert from "node:assert/strict";
import { join } from "node:path";
import { Recorder } from "../capture/_recorder.ts";
import type { WindowInfo } from "../capture/_backend.ts";
import { compileExclusions, compilePattern } from "../capture/exclusions.ts";
import { loadCaptureConfig } from "../capture/_config.ts";
import { installService, launchdPlist, systemdQuote, systemdUnit } from "../capture/service.ts";
import { ingestApp, parseTab } from "../capture/ingest.ts";
import { parseLockedHint } from "../capture/x11/_logind.ts";
import { ingestToken, writeExtension } from "../capture/_extension.ts";
import type { TabReport } from "../capture/_recorder.ts";

const T0 = Date.UTC(2026, 5, 1, 9, 0, 0);
const LEFT = { display: "LEFT", x: 0, y: 0, width: 1000, height: 800, scale: 1 };
const RIGHT = { display: "RIGHT", x: 1000, y: 0, width: 1000, height: 800, scale: 1 };

function win(id: string, app: string, title: string, x = 10, extra: Partial<WindowInfo> = {}) {
  return { id, app, title, bounds: { x, y: 10, width: 200, height: 100 }, ...extra };
}

function recorder(rules = {}): Recorder {
  const r = new Recorder({ exclusions: compileExclusions(rules), firstRef: 100 });
  r.setDisplays([LEFT, RIGHT]);
  return r;
}

Deno.test("Recorder.observe() writes a row on focus, title and URL change only", () => {
  const r = recorder();
  const term = win("1", "XTerm", "a");
  r.observe(T0, term, "switch", 5);
  r.observe(T0 + 1000, term, "switch", 5);
  r.observe(T0 + 2000, { ...term, title: "b" }, "switch");
  r.observe(T0 + 3000, { ...term, title: "b" }, "input");
  const p = r.take();
  assert.deepEqual(
    p.snapshots.map((s) => [s.ref, s.at - T0, s.display, s.title, s.trigger, s.focused]),
    [
      [100, 0, "LEFT", "a", "switch", true],
      [101, 2000, "LEFT", "b", "visual", true],
      [102, 3000, "LEFT", "b", "input", true],
    ],
  );
  assert.deepEqual([...p.idle], [[100, 5]]);
});

Deno.test("Recorder.heartbeat() repeats every stream after 30 s, with idle time", () => {
  const r = recorder();
  r.observe(T0, win("1", "XTerm", "a"), "switch");
  r.heartbeat(T0 + 29_999, 30_000, 29_000);
  assert.equal(r.take().snapshots.length, 1);
  r.heartbeat(T0 + 30_000, 30_000, 30_000);
  r.heartbeat(T0 + 45_000, 30_000, 45_000);
  r.heartbeat(T0 + 60_000, 30_000, 60_000);
  const p = r.take();
  assert.deepEqual(p.snapshots.map((s) => [s.at - T0, s.trigger]), [
    [30_000, "heartbeat"],
    [60_000, "heartbeat"],
  ]);
  assert.deepEqual([...p.idle.values()], [30_000, 60_000]);
});

Deno.test("Recorder keeps the old display's window, unfocused, when focus moves", () => {
  const r = recorder();
  r.observe(T0, win("1", "XTerm", "left"), "switch");
  r.observe(T0 + 5000, win("2", "Code", "right", 1200), "switch");
  r.heartbeat(T0 + 40_000, 30_000, 1, () => true);
  const rows = r.take().snapshots.map((s) => [s.at - T0, s.display, s.app, s.focused, s.trigger]);
  assert.deepEqual(rows, [
    [0, "LEFT", "XTerm", true, "switch"],
    [5000, "LEFT", "XTerm", false, "switch"],
    [5000, "RIGHT", "Code", true, "switch"],
    [40_000, "LEFT", "XTerm", false, "heartbeat"],
    [40_000, "RIGHT", "Code", true, "heartbeat"],
  ]);
  // A window that vanished from an unfocused display ends that stream.
  r.heartbeat(T0 + 80_000, 30_000, 1, (id) => id !== "1");
  assert.deepEqual(r.take().snapshots.map((s) => s.display), ["RIGHT"]);
});

Deno.test("Recorder.click() is written with the next snapshot and linked to it", () => {
  const r = recorder();
  r.observe(T0, win("1", "XTerm", "a"), "switch");
  r.input(T0 + 100, "key");
  r.click(T0 + 200, 1500, 300);
  r.observe(T0 + 200, win("2", "Code", "b", 1200), "input");
  const p = r.take();
  const codeRow = p.snapshots.find((s) => s.app === "Code")!;
  assert.deepEqual(
    p.events.map((e) => [e.kind, e.display, e.app, e.x, e.y, e.snapshotRef]),
    [
      ["key", "LEFT", "XTerm", undefined, undefined, 100],
      ["click", "RIGHT", "Code", 1500, 300, codeRow.ref],
    ],
  );
});

Deno.test("Recorder writes nothing while away and brackets the gap with markers", () => {
  const r = recorder();
  r.observe(T0, win("1", "XTerm", "a"), "switch");
  r.setAway(T0 + 10_000, "locked", 9000);
  r.observe(T0 + 11_000, win("1", "XTerm", "a"), "input");
  r.input(T0 + 12_000, "key");
  r.click(T0 + 12_000, 5, 5);
  r.heartbeat(T0 + 60_000, 30_000);
  r.setAway(T0 + 600_000, undefined);
  r.observe(T0 + 600_000, win("1", "XTerm", "a"), "switch");
  const p = r.take();
  assert.deepEqual(p.snapshots.map((s) => [s.at - T0, s.trigger]), [
    [0, "switch"],
    [10_000, "heartbeat"],
    [600_000, "switch"],
  ]);
  assert.deepEqual(p.events, []);
  assert.deepEqual(p.markers.map((m) => [m.at - T0, m.kind, m.reason]), [
    [10_000, "away", "locked"],
    [600_000, "back", "locked"],
  ]);
});

Deno.test("Recorder attaches the extension's URL to matching browser windows only", () => {
  const r = recorder();
  const tab: TabReport = { url: "https://github.com/a/b", title: "a/b", incognito: false, at: T0 };
  r.setTab(tab);
  r.observe(T0, win("1", "Chromium", "a/b - Chromium"), "switch");
  r.observe(T0 + 1000, win("2", "XTerm", "a/b"), "switch");
  // A report names the window whose title it starts, up to the browser's separator.
  r.setTab({ url: "https://x.example/p", title: "Page", incognito: false, at: T0 + 1500 });
  r.observe(T0 + 2000, win("4", "firefox", "Page two — Mozilla Firefox"), "switch");
  r.observe(T0 + 2500, win("4", "firefox", "Page — Mozilla Firefox"), "switch");
  // The extension has now reported from Chromium: its window no report names is private
  // until one does, and stays private once a report calls it so.
  r.observe(T0 + 3000, win("3", "Chromium", "Other page - Chromium"), "switch");
  r.setTab({ url: "", title: "Private", incognito: true, at: T0 + 3500 });
  r.observe(T0 + 3500, win("3", "Chromium", "Private - Chromium"), "switch");
  r.setTab({ url: "https://x.example/o", title: "Other", incognito: false, at: T0 + 4000 });
  r.observe(T0 + 4000, win("3", "Chromium", "Other - Chromium"), "switch");
  const rows = r.take().snapshots.map((s) => [s.app, s.title, s.url]);
  assert.deepEqual(rows, [
    ["Chromium", "a/b - Chromium", "https://github.com/a/b"],
    ["XTerm", "a/b", undefined],
    ["firefox", "Page two — Mozilla Firefox", undefined],
    ["firefox", "Page — Mozilla Firefox", "https://x.example/p"],
    ["(excluded)", "withheld: private window", undefined],
  ]);
  assert.deepEqual(r.extensionBrowsers, ["chromium", "firefox"]);
});

Deno.test("Recorder withholds excluded apps, titles and URLs", () => {
  const r = recorder({ apps: ["keepass*"], urls: ["*://*.bank.example/*"] });
  r.setTab({ url: "https://www.bank.example/login", title: "Bank", incognito: false, at: T0 });
  r.observe(T0, win("1", "KeePassXC", "db.kdbx", 10, { aliases: ["keepassxc"] }), "switch");
  r.click(T0 + 10, 20, 20);
  r.observe(T0 + 10, win("1", "KeePassXC", "db.kdbx"), "input");
  r.observe(T0 + 1000, win("2", "firefox", "Bank — Mozilla Firefox"), "switch");
  const p = r.take();
  assert.deepEqual(p.snapshots.map((s) => [s.app, s.title, s.url]), [
    ["(excluded)", "withheld: app rule", undefined],
    ["(excluded)", "withheld: app rule", undefined],
    ["(excluded)", "withheld: url rule", undefined],
  ]);
  assert.deepEqual(
    p.events.map((e) => [e.app, e.x, e.y]),
    [["(excluded)", undefined, undefined]],
  );
});

Deno.test("compileExclusions() matches globs, regexes, aliases and private titles", () => {
  const ex = compileExclusions({ apps: ["1pass*"], titles: ["/^bank:/i"], urls: ["*mail*"] });
  assert.equal(ex.match({ app: "1Password" }), "app");
  assert.equal(ex.match({ app: "Code", aliases: ["1password-helper"] }), "app");
  assert.equal(ex.match({ app: "Code", title: "BANK: statement" }), "title");
  assert.equal(ex.match({ app: "Chromium", url: "https://mail.example.com/" }), "url");
  assert.equal(ex.match({ app: "Chromium", title: "New Tab - Chromium (Incognito)" }), "private");
  assert.equal(
    ex.match({ app: "firefox", title: "x — Mozilla Firefox Private Browsing" }),
    "private",
  );
  assert.equal(ex.match({ app: "Code", title: "notes" }), undefined);
  const off = compileExclusions({ privateWindows: false });
  assert.equal(off.match({ app: "c", title: "x (Incognito)", private: true }), undefined);
  assert.equal(compilePattern("a.b*").test("A.Bc"), true);
  assert.equal(compilePattern("a.b*").test("axb"), false);
  assert.throws(() => compilePattern("/(/"), SyntaxError);
});

Deno.test("loadCaptureConfig() reads defaults, exclusions and rejects unknown keys", async () => {
  const dir = await Deno.makeTempDir({ prefix: "frames_capture_cfg_" });
  try {
    const d = loadCaptureConfig(dir);
    assert.equal(d.path, undefined);
    assert.equal(d.heartbeatMs, 30_000);
    assert.equal(d.ingestPort, 47631);
    assert.equal(d.exclusions.rules.privateWindows, true);
    const file = join(dir, "capture.json");
    Deno.writeTextFileSync(
      file,
      JSON.stringify({ heartbeat_seconds: 10, exclude: { apps: ["Slack"] }, ingest: false }),
    );
    const c = loadCaptureConfig(dir);
    assert.equal(c.heartbeatMs, 10_000);
    assert.equal(c.ingest, false);
    assert.equal(c.exclusions.match({ app: "slack" }), "app");
    Deno.writeTextFileSync(file, JSON.stringify({ exclude: { domains: [] } }));
    assert.throws(() => loadCaptureConfig(dir), /unknown key "exclude.domains"/);
    Deno.writeTextFileSync(file, JSON.stringify({ heartbeats: 3 }));
    assert.throws(() => loadCaptureConfig(dir), /unknown key "heartbeats"/);
    Deno.writeTextFileSync(file, "{");
    assert.throws(() => loadCaptureConfig(dir), SyntaxError);
    assert.throws(
      () => loadCaptureConfig(dir, join(dir, "nope.json")),
      /Cannot read capture config/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("systemdUnit() writes an ExecStart systemd can parse and restarts on failure", () => {
  assert.equal(systemdQuote("/usr/bin/deno"), "/usr/bin/deno");
  assert.equal(systemdQuote("/home/a b/main.ts"), '"/home/a b/main.ts"');
  assert.equal(systemdQuote("100%"), "100%%");
  assert.equal(systemdQuote("$HOME"), '"$$HOME"');
  const unit = systemdUnit({
    command: ["/opt/frames", "capture", "run"],
    env: { FRAMES_HOME: "/home/u/.frames" },
  });
  assert.match(unit, /^\[Unit\]\nDescription=frames capture engine/);
  assert.match(unit, /\nExecStart=\/opt\/frames capture run\n/);
  assert.match(unit, /\nEnvironment=FRAMES_HOME=\/home\/u\/\.frames\n/);
  assert.match(unit, /\nRestart=on-failure\n/);
  assert.match(unit, /\nUMask=0077\n/);
  assert.match(unit, /\nWantedBy=graphical-session.target\n$/);
});

Deno.test("launchdPlist() is a RunAtLoad agent with escaped arguments", () => {
  const plist = launchdPlist({
    command: ["/Applications/frames", "capture", "run", "a&b"],
    env: { FRAMES_HOME: "/Users/u/.frames" },
    logPath: "/Users/u/.frames/engine/launchd.log",
  });
  assert.match(plist, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<!DOCTYPE plist/);
  assert.match(plist, /<key>Label<\/key>\n {2}<string>dev.frames.capture<\/string>/);
  assert.match(
    plist,
    /<array>\n {4}<string>\/Applications\/frames<\/string>\n {4}<string>capture<\/string>\n {4}<string>run<\/string>\n {4}<string>a&amp;b<\/string>\n {2}<\/array>/,
  );
  assert.match(plist, /<key>RunAtLoad<\/key>\n {2}<true\/>/);
  assert.match(plist, /<key>FRAMES_HOME<\/key>\n {4}<string>\/Users\/u\/\.frames<\/string>/);
  assert.match(
    plist,
    /<key>StandardErrorPath<\/key>\n {2}<string>\/Users\/u\/\.frames\/engine\/launchd.log/,
  );
});

Deno.test("installService() writes the unit user-only where asked", async () => {
  const dir = await Deno.makeTempDir({ prefix: "frames_capture_svc_" });
  try {
    const out = join(dir, "units", "frames-capture.service");
    const r = installService({
      platform: "linux",
      command: ["/usr/bin/deno", "run", "--allow-ffi", "/src/main.ts", "capture", "run"],
      framesHome: "/h/.frames",
      userHome: "/h",
      out,
      env: { DENO_DIR: "/h/.cache/deno" },
    });
    assert.equal(r.path, out);
    const text = Deno.readTextFileSync(out);
    assert.equal(text, r.text);
    assert.match(text, /ExecStart=\/usr\/bin\/deno run --allow-ffi \/src\/main.ts capture run\n/);
    assert.match(
      text,
      /Environment=DENO_DIR=\/h\/.cache\/deno\nEnvironment=FRAMES_HOME=\/h\/.frames/,
    );
    assert.equal(Deno.statSync(out).mode! & 0o777, 0o600);
    assert.deepEqual(r.next, [
      "systemctl --user daemon-reload",
      "systemctl --user enable --now frames-capture.service",
    ]);
    const mac = installService({
      platform: "macos",
      command: ["/usr/local/bin/frames", "capture", "run"],
      framesHome: "/Users/u/.frames",
      userHome: join(dir, "mac"),
    });
    assert.equal(mac.path, join(dir, "mac", "Library", "LaunchAgents", "dev.frames.capture.plist"));
    assert.match(Deno.readTextFileSync(mac.path), /<string>\/usr\/local\/bin\/frames<\/string>/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("ingestApp() checks host, origin and token before accepting a tab", async () => {
  const tabs: TabReport[] = [];
  const app = ingestApp({ token: "t0k", port: () => 4000, onTab: (t) => tabs.push(t) });
  const body = JSON.stringify({ url: "https://example.com/x", title: "X", incognito: false });
  const post = (headers: Record<string, string>, b = body) =>
    app.request("http://127.0.0.1:4000/v1/tab", { method: "POST", headers, body: b });
  const good = { host: "127.0.0.1:4000", authorization: "Bearer t0k" };
  assert.equal((await post({ ...good, host: "evil.example:4000" })).status, 403);
  assert.equal((await post({ ...good, origin: "https://evil.example" })).status, 403);
  assert.equal((await post({ ...good, authorization: "Bearer nope" })).status, 401);
  assert.equal((await post({ host: good.host })).status, 401);
  assert.equal((await post(good, "{")).status, 400);
  assert.equal((await post(good, JSON.stringify({ url: 5 }))).status, 400);
  assert.equal(tabs.length, 0);
  const ok = await post({ ...good, origin: "chrome-extension://abcdefghijklmnop" });
  assert.equal(ok.status, 200);
  assert.equal(tabs.length, 1);
  assert.equal(tabs[0].url, "https://example.com/x");
  assert.equal(tabs[0].title, "X");
  const ping = await app.request("http://127.0.0.1:4000/v1/ping", { headers: good });
  assert.deepEqual(await ping.json(), { ok: true });
});

Deno.test("parseTab() drops an incognito tab's URL on arrival", () => {
  const t = parseTab({ url: "https://secret.example/", title: "S", incognito: true }, 5);
  assert.deepEqual(t, { url: "", incognito: true, at: 5, title: "S" });
  assert.equal(parseTab({ url: "not a url" }, 5), "url is not a URL");
  assert.equal(
    parseTab({ url: "https://a/", incognito: "yes" }, 5),
    "incognito must be true or false",
  );
});

Deno.test("parseLockedHint() reads loginctl output", () => {
  assert.equal(parseLockedHint("LockedHint=yes\n"), true);
  assert.equal(parseLockedHint("no\n"), false);
  assert.equal(parseLockedHint("Failed to get session\n"), undefined);
});

Deno.test("writeExtension() writes an MV3 extension configured with port and token", async () => {
  const dir = await Deno.makeTempDir({ prefix: "frames_capture_ext_" });
  try {
    const token = ingestToken(join(dir, "token"));
    assert.match(token, /^[0-9a-f]{64}$/);
    assert.equal(ingestToken(join(dir, "token")), token, "the token is stable");
    assert.equal(Deno.statSync(join(dir, "token")).mode! & 0o777, 0o600);
    const out = writeExtension({ out: join(dir, "ext"), port: 41234, token });
    const manifest = JSON.parse(Deno.readTextFileSync(join(out, "manifest.json")));
    assert.equal(manifest.manifest_version, 3);
    assert.deepEqual(manifest.permissions, ["tabs"]);
    assert.deepEqual(manifest.host_permissions, ["http://127.0.0.1/*"]);
    assert.equal(manifest.background.service_worker, "background.js");
    const config = Deno.readTextFileSync(join(out, "config.js"));
    assert.match(config, new RegExp(`"endpoint":"http://127.0.0.1:41234","token":"${token}"`));
    assert.match(Deno.readTextFileSync(join(out, "background.js")), /importScripts\("config.js"\)/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
