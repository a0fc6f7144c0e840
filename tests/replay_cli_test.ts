import { equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { assertOneLineError, runFrames } from "./_frames.ts";
import { PLANS } from "./data/replay-site/serve.ts";

// Bad input to `frames replay`: every one is caught before a browser starts, so these run
// with the ordinary permissions of `deno task frames` (no -A, no Chromium needed).

const home = await Deno.makeTempDir({ prefix: "frames_replay_cli_" });

async function planFile(edit: (plan: Record<string, unknown>) => unknown): Promise<string> {
  const plan = JSON.parse(await Deno.readTextFile(PLANS.setStatus));
  const path = join(home, `plan-${crypto.randomUUID()}.json`);
  await Deno.writeTextFile(path, JSON.stringify(edit(plan) ?? plan));
  return path;
}

Deno.test("frames replay: a plan that breaks the schema is one line with its JSON path, exit 2", async () => {
  const path = await planFile((p) => {
    (p.steps as { guards: { element: unknown } }[])[1].guards.element = { role: "button" };
  });
  const r = await runFrames(["replay", path, "--slot", "status=Done"], { home });
  assertOneLineError(
    r,
    2,
    /^frames: Cannot read plan ".*": \/steps\/1\/guards\/element must have required property 'name'$/,
  );
});

Deno.test("frames replay: text that is not JSON, or no file, is exit 2 in one line", async () => {
  const path = join(home, "broken.json");
  await Deno.writeTextFile(path, "{ nope");
  assertOneLineError(
    await runFrames(["replay", path], { home }),
    2,
    /Cannot read plan ".*broken.json": not JSON: /,
  );
  assertOneLineError(
    await runFrames(["replay", join(home, "none.json")], { home }),
    2,
    /Cannot read plan ".*none.json": no such file$/,
  );
});

Deno.test("frames replay: a missing slot stops before step 1, naming the slot", async () => {
  const r = await runFrames(["replay", PLANS.setStatus], { home });
  assertOneLineError(r, 2, /^frames: Missing slot "status": give --slot status=VALUE/);
});

Deno.test("frames replay: a missing browser names the flags and the environment variables", async () => {
  const flag = await runFrames([
    "replay",
    PLANS.setStatus,
    "--slot",
    "status=Done",
    "--browser",
    "/no/chromium",
  ], { home });
  assertOneLineError(
    flag,
    2,
    /^frames: Cannot use browser "\/no\/chromium" \(from --browser\): no such file$/,
  );
  const env = await runFrames(["replay", PLANS.setStatus, "--slot", "status=Done"], {
    home,
    env: { FRAMES_BROWSER: "/no/chrome" },
  });
  assertOneLineError(env, 2, /Cannot use browser "\/no\/chrome" \(from FRAMES_BROWSER\)/);
  const both = await runFrames([
    "replay",
    PLANS.setStatus,
    "--browser",
    "/x",
    "--cdp",
    "http://127.0.0.1:1",
  ], { home });
  assertOneLineError(both, 2, /Give --browser or --cdp, not both/);
});

Deno.test("frames replay: without -A it says replay needs all permissions, in one line", async () => {
  const r = await runFrames([
    "replay",
    PLANS.setStatus,
    "--slot",
    "status=Done",
    "--browser",
    "/bin/sh",
  ], { home });
  assertOneLineError(
    r,
    1,
    /^frames: Cannot start replay: playwright-core needs all permissions: run frames with -A/,
  );
});

Deno.test("frames replay --help says it is a dry run by default and needs -A", async () => {
  const r = await runFrames(["replay", "--help"], { home });
  equal(r.code, 0);
  match(r.stdout, /DRY RUN by default/);
  match(r.stdout, /only under -A/);
  const top = await runFrames(["--help"], { home });
  ok(/^ {2}replay +run a guarded routine plan/m.test(top.stdout), top.stdout);
});

Deno.test("frames replay: a bad --timeout or --url-map is a usage error", async () => {
  const t = await runFrames([
    "replay",
    PLANS.setStatus,
    "--slot",
    "status=Done",
    "--timeout",
    "soon",
  ], { home });
  assertOneLineError(t, 2, /Invalid --timeout "soon"/);
  const m = await runFrames([
    "replay",
    PLANS.setStatus,
    "--slot",
    "status=Done",
    "--url-map",
    "nothing",
  ], { home });
  assertOneLineError(m, 2, /Invalid --url-map "nothing": expected FROM=TO/);
});
