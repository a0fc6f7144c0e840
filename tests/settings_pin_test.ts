/**
 * `pinSettingsEnvironment`, the hook that keeps test files from sharing one process
 * environment under `deno test --parallel`: pinned values win over the process's, a name
 * left out reads as unset, and the pin holds for the isolate that set it only.
 */
import { deepStrictEqual } from "node:assert/strict";
import { join } from "node:path";
import { cleanEnv } from "./_frames.ts";

const SETTINGS = new URL("../src/cli/_settings.ts", import.meta.url).href;

// Runs in a child whose process environment names other values than the pin.
const PROGRAM = `
import { pinSettingsEnvironment, prepareSettings, resolveSettings } from ${
  JSON.stringify(SETTINGS)
};
const before = resolveSettings({});
pinSettingsEnvironment({ FRAMES_HOME: Deno.args[0], FRAMES_TZ: "Asia/Tokyo" });
await prepareSettings();
const pinned = resolveSettings({});
const worker = new Worker("data:application/javascript," + encodeURIComponent(
  "import { resolveSettings } from " + JSON.stringify(${JSON.stringify(SETTINGS)}) + ";" +
  "const s = resolveSettings({}); postMessage([s.home, s.tz, s.source ?? null]);"), { type: "module" });
const other = await new Promise((ok) => { worker.onmessage = (e) => ok(e.data); });
worker.terminate();
console.log(JSON.stringify({
  before: [before.home, before.tz, before.source ?? null],
  pinned: [pinned.home, pinned.tz, pinned.tzFrom, pinned.source ?? null],
  other,
}));
`;

Deno.test("pinned settings variables win over the process environment, in their isolate only", async () => {
  const dir = await Deno.makeTempDir({ prefix: "frames-settings-pin-" });
  const processHome = join(dir, "process-home");
  const pinnedHome = join(dir, "pinned-home");
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--ext=ts", PROGRAM, pinnedHome],
    env: cleanEnv({
      HOME: dir,
      FRAMES_HOME: processHome,
      FRAMES_TZ: "America/Denver",
      FRAMES_SOURCE: "screenpipe:/nowhere.sqlite",
    }),
    stderr: "inherit",
  }).output();
  deepStrictEqual(out.code, 0);
  deepStrictEqual(JSON.parse(new TextDecoder().decode(out.stdout)), {
    before: [processHome, "America/Denver", "screenpipe:/nowhere.sqlite"],
    // FRAMES_SOURCE was left out of the pin: unset, not the process's value.
    pinned: [pinnedHome, "Asia/Tokyo", "env", null],
    // Another isolate of the same process still reads the process environment.
    other: [processHome, "America/Denver", "screenpipe:/nowhere.sqlite"],
  });
  await Deno.remove(dir, { recursive: true });
});
