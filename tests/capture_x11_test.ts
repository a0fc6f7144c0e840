import assert from "node:assert/strict";
import { join } from "node:path";
import { x11Test } from "./_requires.ts";
import {
  EngineProc,
  frames,
  query,
  sleep,
  type SnapRow,
  snapshots,
  waitFor,
  XSession,
} from "./data/capture/session.ts";

// The capture engine against a real X server (Xvfb), a real EWMH window manager (openbox),
// real windows (xterm) and real input (xdotool, through XTEST). Every process is started
// here and killed in `finally`.

const OPTS = { sanitizeOps: false, sanitizeResources: false };

async function tempHome(): Promise<string> {
  return await Deno.makeTempDir({ prefix: "frames_capture_x11_" });
}

function lastFocused(rows: SnapRow[]): SnapRow | undefined {
  return rows.filter((r) => r.focused === 1).at(-1);
}

x11Test(
  "engine records focus, titles, keys, clicks and heartbeats under openbox",
  OPTS,
  async () => {
    const x = await XSession.start();
    const home = await tempHome();
    let engine: EngineProc | undefined;
    try {
      await x.startOpenbox();
      const alpha = await x.xterm("alpha-term", "60x10+20+20");
      const beta = await x.xterm("beta-term", "60x10+600+300");
      engine = new EngineProc(home, x.env(), ["--heartbeat", "1", "--no-ingest"]);
      await engine.ready();
      const store = engine.store;

      // Focus changes through the window manager (_NET_ACTIVE_WINDOW).
      await x.xdotool("windowactivate", "--sync", alpha);
      await waitFor(() => lastFocused(snapshots(store))?.title === "alpha-term", 5000, "alpha row");
      await x.xdotool("windowactivate", "--sync", beta);
      await waitFor(() => lastFocused(snapshots(store))?.title === "beta-term", 5000, "beta row");
      const betaRow = snapshots(store).find((r) => r.title === "beta-term")!;
      assert.equal(betaRow.app, "XTerm");
      assert.equal(betaRow.trigger, "switch");
      assert.equal(betaRow.focused, 1);
      assert.equal(betaRow.display, "screen");

      // Typing: five key presses counted against beta, never which keys.
      await x.xdotool("type", "--delay", "30", "hello");
      await waitFor(
        () => query(store, "SELECT 1 FROM input_events WHERE kind = 'key'").length === 5,
        5000,
        "five key events",
      );
      const keys = query<{ title: string; display: string; text: string | null }>(
        store,
        "SELECT title, display, text FROM input_events WHERE kind = 'key'",
      );
      assert.ok(keys.every((k) => k.title === "beta-term" && k.display === "screen"));
      assert.ok(keys.every((k) => k.text === null));
      // The typing pause (2 s) ends the burst with an input-triggered snapshot.
      await waitFor(
        () => snapshots(store).some((r) => r.trigger === "input" && r.title === "beta-term"),
        5000,
        "typing-pause snapshot",
      );

      // A click inside alpha: counted with the pointer position at the press; openbox
      // focuses alpha, so the snapshot that records the click is alpha's.
      await x.xdotool("mousemove", "--sync", "100", "80");
      await x.xdotool("click", "1");
      const click = await waitFor(
        () =>
          query<{ x: number; y: number; display: string; title: string; snapshot_id: number }>(
            store,
            "SELECT x, y, display, title, snapshot_id FROM input_events WHERE kind = 'click'",
          )[0],
        5000,
        "click event",
      );
      assert.equal(click.x, 100);
      assert.equal(click.y, 80);
      assert.equal(click.display, "screen");
      assert.equal(click.title, "alpha-term");
      const clickSnap = snapshots(store).find((r) => r.id === click.snapshot_id)!;
      assert.equal(clickSnap.title, "alpha-term");
      assert.ok(["switch", "input"].includes(clickSnap.trigger), clickSnap.trigger);

      // A title change of the focused window.
      await x.xdotool("set_window", "--name", "alpha-renamed", alpha);
      const renamed = await waitFor(
        () => snapshots(store).find((r) => r.title === "alpha-renamed"),
        5000,
        "renamed row",
      );
      assert.equal(renamed.trigger, "visual");

      // A quiet stretch: heartbeats every second with the time since the last input.
      await sleep(3500);
      const beats = snapshots(store).filter((r) =>
        r.trigger === "heartbeat" && r.title === "alpha-renamed" && r.at_ms > renamed.at_ms
      );
      assert.ok(beats.length >= 2, `heartbeats: ${beats.length}`);
      assert.ok(beats.every((b) => b.idle_ms !== null && b.idle_ms >= 500), JSON.stringify(beats));
      assert.ok(beats.at(-1)!.idle_ms! > beats[0].idle_ms!, "idle time grows");
      for (let i = 1; i < beats.length; i++) {
        const gap = beats[i].at_ms - beats[i - 1].at_ms;
        assert.ok(gap >= 900 && gap < 3000, `heartbeat gap ${gap}`);
      }

      const stopped = await engine.stop();
      assert.equal(stopped.code, 0, stopped.stderr);
      const markers = query<{ kind: string }>(store, "SELECT kind FROM markers ORDER BY id");
      assert.deepEqual(markers.map((m) => m.kind), ["start", "stop"]);
      const mode = Deno.statSync(store).mode! & 0o777;
      assert.equal(mode, 0o600);

      // The rows compile: XTerm frames with both titles, five keys, one click.
      const out = await frames(
        [
          "compile",
          "--source",
          `native:${store}`,
          "--hours",
          "1",
          "--tz",
          "UTC",
          "--min-minutes",
          "0",
        ],
        x.env({ HOME: home, FRAMES_HOME: join(home, ".frames") }),
      );
      assert.equal(out.code, 0, out.stderr);
      const doc = JSON.parse(out.stdout);
      assert.equal(doc.source.adapter, "native");
      assert.equal(doc.source.capabilities.heartbeats, true);
      assert.equal(doc.source.capabilities.input, true);
      const xterm = doc.frames.filter((f: { app: string }) => f.app === "XTerm");
      assert.ok(xterm.length >= 1, JSON.stringify(doc.frames));
      const titles = xterm.flatMap((f: { windows: string[] }) => f.windows);
      for (const t of ["alpha-renamed", "beta-term"]) assert.ok(titles.includes(t), titles.join());
      const keysTotal = doc.frames.reduce(
        (n: number, f: { input: { keys: number } }) => n + f.input.keys,
        0,
      );
      const clicksTotal = doc.frames.reduce(
        (n: number, f: { input: { clicks: number } }) => n + f.input.clicks,
        0,
      );
      assert.equal(keysTotal, 5);
      assert.equal(clicksTotal, 1);
      assert.equal(doc.coverage.unattributed_input, 0);
    } finally {
      await engine?.stop("SIGKILL");
      await x.close();
      await Deno.remove(home, { recursive: true });
    }
  },
);

x11Test("engine falls back to the X input focus without a window manager", OPTS, async () => {
  const x = await XSession.start();
  const home = await tempHome();
  let engine: EngineProc | undefined;
  try {
    const one = await x.xterm("plain-one", "60x10+20+20");
    const two = await x.xterm("plain-two", "60x10+600+300");
    // No window manager: the root window has no _NET_ACTIVE_WINDOW to read.
    const root = await x.x("xprop", ["-root", "_NET_ACTIVE_WINDOW"]);
    assert.match(root.stdout, /not found|no such atom/);
    engine = new EngineProc(home, x.env(), ["--heartbeat", "1", "--no-ingest"]);
    await engine.ready();
    const store = engine.store;
    await x.xdotool("windowfocus", "--sync", one);
    await waitFor(() => lastFocused(snapshots(store))?.title === "plain-one", 5000, "plain-one");
    await x.xdotool("windowfocus", "--sync", two);
    await waitFor(() => lastFocused(snapshots(store))?.title === "plain-two", 5000, "plain-two");
    await x.xdotool("type", "--delay", "30", "abc");
    await waitFor(
      () => query(store, "SELECT 1 FROM input_events WHERE kind = 'key'").length === 3,
      5000,
      "three keys",
    );
    const rows = snapshots(store).filter((r) => r.title === "plain-one" || r.title === "plain-two");
    assert.ok(rows.every((r) => r.app === "XTerm" && r.focused === 1));
    const keys = query<{ title: string }>(store, "SELECT title FROM input_events");
    assert.deepEqual(keys.map((k) => k.title), ["plain-two", "plain-two", "plain-two"]);
    assert.equal((await engine.stop()).code, 0);
  } finally {
    await engine?.stop("SIGKILL");
    await x.close();
    await Deno.remove(home, { recursive: true });
  }
});

x11Test("engine keeps one stream per display and marks which holds focus", OPTS, async () => {
  const x = await XSession.start();
  const home = await tempHome();
  let engine: EngineProc | undefined;
  try {
    await x.startOpenbox();
    await x.xctl("monitors", "LEFT=640x800+0+0", "RIGHT=640x800+640+0");
    const left = await x.xterm("left-term", "40x10+20+20");
    const right = await x.xterm("right-term", "40x10+700+300");
    engine = new EngineProc(home, x.env(), ["--heartbeat", "1", "--no-ingest"]);
    await engine.ready();
    const store = engine.store;
    await x.xdotool("windowactivate", "--sync", left);
    await waitFor(() => lastFocused(snapshots(store))?.title === "left-term", 5000, "left row");
    await x.xdotool("windowactivate", "--sync", right);
    await waitFor(() => lastFocused(snapshots(store))?.title === "right-term", 5000, "right row");
    await sleep(3500);
    await x.xdotool("mousemove", "--sync", "100", "60");
    await x.xdotool("click", "1");
    await waitFor(
      () => query(store, "SELECT 1 FROM input_events WHERE kind = 'click'").length === 1,
      5000,
      "click",
    );
    await sleep(300);
    assert.equal((await engine.stop()).code, 0);

    const rows = snapshots(store).filter((r) => r.app === "XTerm");
    const onLeft = rows.filter((r) => r.display === "LEFT");
    const onRight = rows.filter((r) => r.display === "RIGHT");
    // Each window is only ever recorded on its own display.
    assert.ok(
      onLeft.length > 0 && onLeft.every((r) => r.title === "left-term"),
      JSON.stringify(rows),
    );
    assert.ok(onRight.length > 0 && onRight.every((r) => r.title === "right-term"));
    // When focus moved right, the left stream went on, unfocused, with heartbeats.
    const rightFocus = onRight.find((r) => r.focused === 1)!;
    const leftAfter = onLeft.filter((r) => r.at_ms >= rightFocus.at_ms && r.focused === 0);
    assert.ok(leftAfter.some((r) => r.trigger === "switch"), JSON.stringify(onLeft));
    assert.ok(leftAfter.filter((r) => r.trigger === "heartbeat").length >= 2);
    // At any instant at most one display holds focus.
    const focusedRight = onRight.filter((r) => r.focused === 1 && r.trigger === "heartbeat");
    assert.ok(focusedRight.length >= 2);
    const click = query<{ display: string; x: number; title: string }>(
      store,
      "SELECT display, x, title FROM input_events WHERE kind = 'click'",
    )[0];
    assert.deepEqual(click, { display: "LEFT", x: 100, title: "left-term" });
    const displays = query(store, "SELECT name, x, y, width, height FROM displays ORDER BY name");
    assert.deepEqual(displays, [
      { name: "LEFT", x: 0, y: 0, width: 640, height: 800 },
      { name: "RIGHT", x: 640, y: 0, width: 640, height: 800 },
    ]);

    const out = await frames(
      [
        "compile",
        "--source",
        `native:${store}`,
        "--hours",
        "1",
        "--tz",
        "UTC",
        "--min-minutes",
        "0",
      ],
      x.env({ HOME: home }),
    );
    assert.equal(out.code, 0, out.stderr);
    const doc = JSON.parse(out.stdout);
    assert.deepEqual(Object.keys(doc.coverage.per_display).sort(), ["LEFT", "RIGHT"]);
    assert.equal(doc.source.capabilities.focus, true);
  } finally {
    await engine?.stop("SIGKILL");
    await x.close();
    await Deno.remove(home, { recursive: true });
  }
});

x11Test(
  "engine writes nothing while the screen saver is on, between away and back markers",
  OPTS,
  async () => {
    const x = await XSession.start();
    const home = await tempHome();
    let engine: EngineProc | undefined;
    try {
      await x.startOpenbox();
      const term = await x.xterm("saver-term");
      engine = new EngineProc(home, x.env(), ["--heartbeat", "1", "--no-ingest"]);
      await engine.ready();
      const store = engine.store;
      await x.xdotool("windowactivate", "--sync", term);
      await waitFor(() => lastFocused(snapshots(store))?.title === "saver-term", 5000, "row");
      await x.xctl("saver", "on");
      const away = await waitFor(
        () =>
          query<{ at_ms: number; reason: string }>(
            store,
            "SELECT at_ms, reason FROM markers WHERE kind = 'away'",
          )[0],
        5000,
        "away marker",
      );
      assert.equal(away.reason, "screensaver");
      await sleep(2500);
      const during = snapshots(store).filter((r) => r.at_ms > away.at_ms);
      assert.deepEqual(during, [], "no rows while away");
      // The stream was closed at the moment the screen went away.
      const closing = snapshots(store).filter((r) => r.at_ms === away.at_ms);
      assert.equal(closing.length, 1);
      assert.equal(closing[0].title, "saver-term");
      await x.xctl("saver", "off");
      const back = await waitFor(
        () => query<{ at_ms: number }>(store, "SELECT at_ms FROM markers WHERE kind = 'back'")[0],
        8000,
        "back marker",
      );
      assert.ok(back.at_ms - away.at_ms >= 2500);
      await waitFor(
        () => snapshots(store).some((r) => r.at_ms >= back.at_ms && r.title === "saver-term"),
        5000,
        "row after back",
      );
      assert.equal((await engine.stop()).code, 0);
      const kinds = query<{ kind: string }>(store, "SELECT kind FROM markers ORDER BY id");
      assert.deepEqual(kinds.map((k) => k.kind), ["start", "away", "back", "stop"]);
    } finally {
      await engine?.stop("SIGKILL");
      await x.close();
      await Deno.remove(home, { recursive: true });
    }
  },
);

x11Test(
  "engine withholds excluded windows but keeps their time and input counts",
  OPTS,
  async () => {
    const x = await XSession.start();
    const home = await tempHome();
    let engine: EngineProc | undefined;
    try {
      Deno.mkdirSync(join(home, ".frames"), { recursive: true });
      Deno.writeTextFileSync(
        join(home, ".frames", "capture.json"),
        JSON.stringify({ exclude: { titles: ["*secret*"], apps: ["xmessage"] } }),
      );
      await x.startOpenbox();
      const secret = await x.xterm("my-secret-notes", "60x10+20+20");
      const open = await x.xterm("public-term", "60x10+600+300");
      engine = new EngineProc(home, x.env(), ["--heartbeat", "1", "--no-ingest"]);
      await engine.ready();
      const store = engine.store;
      await x.xdotool("windowactivate", "--sync", secret);
      await waitFor(
        () => lastFocused(snapshots(store))?.app === "(excluded)",
        5000,
        "excluded row",
      );
      await x.xdotool("type", "--delay", "30", "pin");
      await x.xdotool("mousemove", "--sync", "60", "60");
      await x.xdotool("click", "1");
      await sleep(1500);
      await x.xdotool("windowactivate", "--sync", open);
      await waitFor(() => lastFocused(snapshots(store))?.title === "public-term", 5000, "public");
      assert.equal((await engine.stop()).code, 0);

      const rows = snapshots(store);
      assert.ok(rows.every((r) => !(r.title ?? "").includes("secret")), "no secret title stored");
      const withheld = rows.filter((r) => r.app === "(excluded)");
      assert.ok(withheld.length >= 2, "the excluded period is still rows (switch + heartbeat)");
      assert.ok(withheld.every((r) => r.title === "withheld: title rule" && r.url === null));
      const events = query<{ kind: string; app: string; title: string; x: number | null }>(
        store,
        "SELECT kind, app, title, x FROM input_events ORDER BY id",
      );
      assert.deepEqual(events.map((e) => e.kind), ["key", "key", "key", "click"]);
      assert.ok(events.every((e) => e.app === "(excluded)" && e.title === "withheld: title rule"));
      assert.equal(events[3].x, null, "where a withheld window was clicked is not kept");

      const out = await frames(
        [
          "compile",
          "--source",
          `native:${store}`,
          "--hours",
          "1",
          "--tz",
          "UTC",
          "--min-minutes",
          "0",
        ],
        x.env({ HOME: home }),
      );
      assert.equal(out.code, 0, out.stderr);
      const doc = JSON.parse(out.stdout);
      // A short excluded stretch folds into the surrounding frame as a detour; either way the
      // document names it and accounts for its time and input.
      assert.ok(doc.ledger.some((l: { app: string }) => l.app === "(excluded)"));
      const detours = doc.frames.flatMap((
        f: { interruptions: { app: string; input?: number }[] },
      ) => f.interruptions.filter((i) => i.app === "(excluded)"));
      const own = doc.frames.filter((f: { app: string }) => f.app === "(excluded)");
      const input = detours.reduce((n: number, d: { input?: number }) => n + (d.input ?? 0), 0) +
        own.reduce((n: number, f: { input: { events: number } }) => n + f.input.events, 0);
      assert.equal(input, 4);
      for (const f of own) assert.deepEqual(f.windows, ["withheld: title rule"]);
      assert.ok(!out.stdout.includes("secret"));
    } finally {
      await engine?.stop("SIGKILL");
      await x.close();
      await Deno.remove(home, { recursive: true });
    }
  },
);
