import { ok } from "node:assert/strict";
import { join } from "node:path";
import { browserTest } from "./_requires.ts";
import { runFrames } from "./_frames.ts";
import { serveSite } from "./data/replay-site/serve.ts";

// End to end: mine the planted demo (`frames demo --routines`), write each routine's plan
// (`frames routines plan ID`), and replay it on the fixture site. It needs the routines
// command; until that lands this test is ignored with the reason printed.

const OPTS = { sanitizeOps: false, sanitizeResources: false };
const home = await Deno.makeTempDir({ prefix: "frames_replay_e2e_" });
const help = await runFrames(["--help"], { home });
const hasRoutines = /^ {2}routines\s/m.test(help.stdout);

if (!hasRoutines) {
  const reason = '`frames routines` does not exist yet (not in "frames --help")';
  console.log(`ignored: plan from frames routines plan replays on the fixture site: ${reason}`);
  Deno.test({
    name: "plan from frames routines plan replays on the fixture site",
    ignore: true,
    fn() {},
  });
} else {
  browserTest("plan from frames routines plan replays on the fixture site", OPTS, async () => {
    const demo = await runFrames(["demo", "--routines", "--keep", "-f", "context"], { home });
    ok(demo.code === 0, demo.stderr);
    const db = /database kept at (.*)$/m.exec(demo.stderr)?.[1];
    ok(db, `the demo names its database: ${demo.stderr}`);
    const source = `screenpipe:${db}`;
    const mined = await runFrames(["routines", "--source", source, "-f", "json"], { home });
    ok(mined.code === 0, mined.stderr);
    const routines = JSON.parse(mined.stdout).routines as { id: string }[];
    const site = serveSite();
    const passed: string[] = [];
    const tried: string[] = [];
    try {
      for (const r of routines) {
        const out = join(home, `${r.id}.json`);
        const planned = await runFrames(["routines", "plan", r.id, "--source", source, "-o", out], {
          home,
        });
        ok(planned.code === 0, planned.stderr);
        const plan = JSON.parse(await Deno.readTextFile(out));
        const slots = (plan.slots as { name: string; examples?: string[] }[])
          .flatMap((s) => ["--slot", `${s.name}=${s.examples?.[0] ?? "x"}`]);
        const replayed = await runFrames([
          "replay",
          out,
          ...slots,
          "--url-map",
          `https://${plan.site}=${site.origin}`,
          "--url-map",
          `https://www.${plan.site}=${site.origin}`,
          "-f",
          "json",
        ], { home, flags: ["run", "-A"] });
        tried.push(`${r.id} (${plan.site}): exit ${replayed.code} ${replayed.stderr.trim()}`);
        if (replayed.code === 0) passed.push(r.id);
      }
    } finally {
      await site.close();
    }
    ok(
      passed.length >= 2,
      `two mined plans dry-run on the fixture site; tried:\n${tried.join("\n")}`,
    );
  });
}
