import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { browserTest } from "./_requires.ts";
import { assertOneLineError, runFrames } from "./_frames.ts";
import { PLANS, serveSite } from "./data/replay-site/serve.ts";
import type { ReplayReport } from "../src/replay/mod.ts";

// `frames replay` as a user runs it (its own process, -A as playwright-core needs) against
// the fixture site on a loopback port, in headless Debian Chromium. The pages report every
// action to the site's server, so "nothing was clicked" is checked against what the server
// saw, not against the replay's own report.

const OPTS = { sanitizeOps: false, sanitizeResources: false };
const A = ["run", "-A"];

async function replayOn(
  site: { origin: string },
  plan: string,
  args: string[],
  prefix = "",
): Promise<{ code: number; report: ReplayReport; stderr: string; table: string }> {
  const home = await Deno.makeTempDir({ prefix: "frames_replay_" });
  const reportFile = join(home, "report.json");
  const r = await runFrames([
    "replay",
    plan,
    "--url-map",
    `https://tracker.example.com=${site.origin}${prefix}`,
    "--url-map",
    `https://billing.example.com=${site.origin}${prefix}`,
    "--report",
    reportFile,
    ...args,
  ], { home, flags: A });
  const report = JSON.parse(Deno.readTextFileSync(reportFile)) as ReplayReport;
  return {
    code: r.code,
    report,
    stderr: r.stderr,
    table: Deno.readTextFileSync(join(home, "report.txt")),
  };
}

function statuses(report: ReplayReport): string[] {
  return report.steps.map((s) => s.status);
}

browserTest(
  "replay --execute sets the status on the right page and the page shows it",
  OPTS,
  async () => {
    const site = serveSite();
    try {
      const r = await replayOn(site, PLANS.setStatus, [
        "--execute",
        "--slot",
        "status=In Progress",
      ]);
      equal(r.code, 0, r.stderr + r.table);
      deepEqual(statuses(r.report), ["done", "done", "done"]);
      deepEqual(site.events, [{ page: "/issues/42", action: "status", value: "In Progress" }]);
      equal(r.report.final?.title, "ISSUE-42 · In Progress");
      for (const s of r.report.steps) ok(Deno.statSync(s.screenshot!).size > 1000, s.screenshot!);
      match(r.table, /^3 +click +menuitem "In Progress" +done/m);
    } finally {
      await site.close();
    }
  },
);

browserTest(
  "replay refuses the destructive step without --allow-destructive and runs it with",
  OPTS,
  async () => {
    const site = serveSite();
    try {
      const slots = ["--slot", "customer=ACME GmbH", "--slot", "amount=120.00", "--execute"];
      const refused = await replayOn(site, PLANS.sendInvoice, slots);
      equal(refused.code, 1, refused.table);
      deepEqual(statuses(refused.report), ["done", "done", "done", "skipped", "refused"]);
      equal(refused.report.outcome, "refused");
      equal(refused.report.stopped_at, 5);
      match(refused.report.steps[3].reason!, /optional step/);
      deepEqual(site.events, [], "nothing submitted");

      const sent = await replayOn(site, PLANS.sendInvoice, [...slots, "--allow-destructive"]);
      equal(sent.code, 0, sent.table);
      deepEqual(statuses(sent.report), ["done", "done", "done", "skipped", "done"]);
      deepEqual(site.events, [
        { page: "/invoices/new", action: "send-invoice", customer: "ACME GmbH", amount: "120.00" },
      ]);
      equal(sent.report.final?.title, "Invoice sent · ACME GmbH");
    } finally {
      await site.close();
    }
  },
);

browserTest(
  "replay on the wrong page aborts at the renamed step and clicks no look-alike",
  OPTS,
  async () => {
    const site = serveSite();
    try {
      const r = await replayOn(
        site,
        PLANS.setStatus,
        ["--execute", "--slot", "status=In Progress"],
        "/wrong",
      );
      equal(r.code, 1, r.table);
      deepEqual(statuses(r.report), ["done", "done", "aborted"]);
      equal(r.report.stopped_at, 3);
      const step = r.report.steps[2];
      equal(step.expected, 'exactly one menuitem "In Progress"');
      match(
        step.found!,
        /no menuitem named "In Progress" \(menuitem names on the page: "Todo", "In Review", "Done"\)/,
      );
      ok(step.settled, "re-checked after the settle");
      deepEqual(site.events, [], "the look-alike In Review was not clicked");
      equal(r.report.final, null);
      match(r.table, /aborted: stopped at step 3/);
    } finally {
      await site.close();
    }
  },
);

browserTest(
  "a dry run opens a link's target to check the next page, and finds a search field as a textbox",
  OPTS,
  async () => {
    const site = serveSite();
    try {
      const r = await replayOn(site, PLANS.findCustomer, [
        "--slot",
        "query=ada",
        "--slot",
        "customer=Ada Lovelace",
        "--url-map",
        `https://dashboard.stripe.com=${site.origin}/dashboard.stripe.com`,
      ]);
      equal(r.code, 0, r.table);
      deepEqual(statuses(r.report), ["checked", "checked", "checked", "checked", "checked"]);
      // The search field is <input type="search"> (ARIA searchbox), hidden until Search acts.
      match(r.report.steps[2].reason!, /hidden until step 2 acts/);
      match(r.report.steps[3].reason!, /opened the link's target .*\/customers\/cus_7919 /);
      equal(r.report.steps[4].page_url, `${site.origin}/dashboard.stripe.com/customers/cus_7919`);
      // Nothing was clicked: the Payments tab was found, not opened.
      equal(r.report.final?.title, "cus_7919 · Overview");
      deepEqual(site.events, []);
    } finally {
      await site.close();
    }
  },
);

browserTest("a dry run checks every guard and changes nothing", OPTS, async () => {
  const site = serveSite();
  try {
    const status = await replayOn(site, PLANS.setStatus, ["--slot", "status=Done"]);
    equal(status.code, 0, status.table);
    deepEqual(statuses(status.report), ["checked", "checked", "checked"]);
    match(status.report.steps[2].reason!, /hidden until step 2 acts/);
    equal(status.report.final?.title, "ISSUE-42 · Todo", "the page still shows the old status");
    const invoice = await replayOn(site, PLANS.sendInvoice, [
      "--slot",
      "customer=ACME",
      "--slot",
      "amount=1",
      "--allow-destructive",
    ]);
    equal(invoice.code, 0, invoice.table);
    equal(invoice.report.mode, "dry-run");
    equal(invoice.report.allow_destructive, false, "no destructive permission in a dry run");
    equal(invoice.report.steps[4].status, "checked");
    equal(invoice.report.final?.title, "New invoice");
    deepEqual(site.events, [], "nothing clicked, typed or sent");
  } finally {
    await site.close();
  }
});

browserTest(
  "replay attaches to a running Chromium over --cdp and leaves it running",
  OPTS,
  async () => {
    const site = serveSite();
    const profile = await Deno.makeTempDir({ prefix: "frames_replay_cdp_" });
    const chromium = new Deno.Command("/usr/bin/chromium", {
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-sync",
        "--disable-background-networking",
        "--disable-component-update",
        `--user-data-dir=${profile}`,
        "--remote-debugging-port=0",
        "about:blank",
      ],
      stdout: "null",
      stderr: "null",
    }).spawn();
    try {
      let port = "";
      for (let i = 0; i < 100 && port === ""; i++) {
        try {
          port = Deno.readTextFileSync(join(profile, "DevToolsActivePort")).split("\n")[0];
        } catch {
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      ok(port !== "", "Chromium wrote DevToolsActivePort");
      const cdp = `http://127.0.0.1:${port}`;
      const r = await replayOn(site, PLANS.setStatus, [
        "--cdp",
        cdp,
        "--execute",
        "--slot",
        "status=Done",
      ]);
      equal(r.code, 0, r.table);
      equal(r.report.browser.how, "cdp");
      deepEqual(site.events, [{ page: "/issues/42", action: "status", value: "Done" }]);
      const tabs = await (await fetch(`${cdp}/json/list`)).json() as { url: string }[];
      ok(!tabs.some((t) => t.url.includes("/issues/42")), "replay closed its tab");
    } finally {
      chromium.kill();
      await chromium.status;
      await site.close();
    }
  },
);

browserTest(
  "replay stops at the --timeout deadline and still closes the browser",
  OPTS,
  async () => {
    const site = serveSite();
    try {
      // The wrong page settles and re-checks for 1.5 s; a 1 s deadline passes first.
      const r = await replayOn(site, PLANS.setStatus, [
        "--execute",
        "--slot",
        "status=In Progress",
        "--timeout",
        "1s",
      ], "/wrong");
      equal(r.code, 1, r.table);
      equal(r.report.outcome, "timed-out", r.table);
      deepEqual(site.events, []);
    } finally {
      await site.close();
    }
  },
);

Deno.test("replay --cdp at a port nobody listens on fails in one line", OPTS, async () => {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  const home = await Deno.makeTempDir({ prefix: "frames_replay_" });
  const r = await runFrames(
    ["replay", PLANS.setStatus, "--slot", "status=Done", "--cdp", `http://127.0.0.1:${port}`],
    { home, flags: A },
  );
  assertOneLineError(
    r,
    1,
    new RegExp(`^frames: Cannot attach to a browser at "http://127.0.0.1:${port}": .+`),
  );
});
