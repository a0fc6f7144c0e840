/**
 * Drives headed Debian Chromium under the test's Xvfb with the frames extension loaded
 * (run with -A: playwright-core probes /proc on import). Steps, each announced as a JSON
 * line on stdout so the test can wait for them:
 *
 *   1. launch with --load-extension, wait for the extension's service worker;
 *   2. make sure chrome://extensions shows it allowed in incognito (clicking if not);
 *   3. visit each URL of `--pages` (comma-separated), each until the test says `next`;
 *   4. open `--private` in an incognito window via a second `chromium --incognito` call,
 *      which the running browser takes over; stay until the test says `next`; close.
 *
 * The test answers `next` on stdin once the store shows what the step should have left (a
 * bounded wait on the condition, not a fixed dwell that a loaded machine can outlast).
 *
 *   deno run -A browser_driver.ts --ext DIR --profile DIR --pages URL,URL --private URL
 */

import { parseArgs } from "node:util";
import { chromium } from "playwright-core";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    ext: { type: "string" },
    profile: { type: "string" },
    pages: { type: "string" },
    private: { type: "string" },
  },
});
const ext = values.ext!;
const profile = values.profile!;
const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-default-browser-check",
];

function say(step: string, extra: Record<string, unknown> = {}): void {
  console.log(JSON.stringify({ step, at: Date.now(), ...extra }));
}

const lines = Deno.stdin.readable.pipeThrough(new TextDecoderStream()).getReader();
let buffered = "";

/** Wait for the test's `next` line (end of input ends the run). */
async function next(): Promise<void> {
  while (!buffered.includes("\n")) {
    const { value, done } = await lines.read();
    if (done) throw new Error("the test closed stdin");
    buffered += value;
  }
  buffered = buffered.slice(buffered.indexOf("\n") + 1);
}

const timeout = setTimeout(() => {
  console.error("browser driver: timed out");
  Deno.exit(3);
}, 150_000);

async function launch() {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium",
    headless: false,
    args: [...FLAGS, `--disable-extensions-except=${ext}`, `--load-extension=${ext}`],
    viewport: null,
  });
  let [worker] = context.serviceWorkers();
  worker ??= await context.waitForEvent("serviceworker", { timeout: 20_000 });
  const page = context.pages()[0] ?? await context.newPage();
  return { context, page, id: new URL(worker.url()).host };
}

let { context, page, id } = await launch();
try {
  say("extension", { id });
  await page.goto(`chrome://extensions/?id=${id}`);
  const toggle = page.locator("#allow-incognito");
  await toggle.waitFor({ timeout: 10_000 });
  await page.waitForTimeout(500);
  if (await toggle.getAttribute("checked") === null) {
    // What a user does once: allow the extension in incognito. Chromium disables a
    // command-line extension it reloads under automation, so restart the browser after.
    await toggle.click();
    await page.waitForTimeout(1000);
    await context.close();
    ({ context, page, id } = await launch());
    await page.goto(`chrome://extensions/?id=${id}`);
    await page.locator("#allow-incognito").waitFor({ timeout: 10_000 });
    await page.waitForTimeout(500);
  }
  const allowed = await page.locator("#allow-incognito").getAttribute("checked") !== null;
  say("incognito-allowed", { allowed });

  for (const url of (values.pages ?? "").split(",").filter(Boolean)) {
    await page.goto(url);
    say("visited", { url, title: await page.title() });
    await next();
  }

  if (values.private) {
    const second = new Deno.Command("/usr/bin/chromium", {
      args: [...FLAGS, `--user-data-dir=${profile}`, "--incognito", values.private],
      stdout: "null",
      stderr: "null",
    });
    await second.output();
    say("private-opened", { url: values.private });
    await next();
  }
  say("done");
} finally {
  clearTimeout(timeout);
  await context.close();
  // A read of stdin may still be pending; it must not keep the process alive.
  await lines.cancel();
}
