import { deepEqual, equal, match, ok, throws } from "node:assert/strict";
import {
  findBrowser,
  mapUrl,
  normaliseUrl,
  parsePlan,
  parseSlot,
  renderTable,
  type ReplayReport,
  resolveSteps,
  urlMatches,
} from "../src/replay/mod.ts";
import { rolesFor } from "../src/replay/guard.ts";
import { PLANS } from "./data/replay-site/serve.ts";

const setStatus = () => JSON.parse(Deno.readTextFileSync(PLANS.setStatus));
const sendInvoice = () => JSON.parse(Deno.readTextFileSync(PLANS.sendInvoice));

Deno.test("parsePlan() accepts the fixture plans", () => {
  equal(parsePlan(setStatus()).steps.length, 3);
  equal(parsePlan(sendInvoice()).steps.length, 5);
  equal(parsePlan(JSON.parse(Deno.readTextFileSync(PLANS.findCustomer))).steps.length, 5);
});

Deno.test("rolesFor() lets a recorded textbox be a searchbox, and nothing else widens", () => {
  // Accessibility APIs call a search field a text field; ARIA makes it a textbox subclass.
  deepEqual(rolesFor("textbox"), ["textbox", "searchbox"]);
  deepEqual(rolesFor("searchbox"), ["searchbox"]);
  for (const role of ["button", "menuitem", "link", "tab", "radio", "generic"]) {
    deepEqual(rolesFor(role), [role]);
  }
});

Deno.test("parsePlan() names the JSON path of the first schema error, in one line", () => {
  const bad = setStatus();
  bad.steps[1].op = "hover";
  throws(() => parsePlan(bad), (e: Error) => {
    match(
      e.message,
      /^\/steps\/1\/op must be equal to one of the allowed values \(click, type, navigate\)$/,
    );
    return e instanceof SyntaxError;
  });
  const extra = setStatus();
  extra.steps[0].guards.colour = "red";
  throws(
    () => parsePlan(extra),
    /^SyntaxError: \/steps\/0\/guards must NOT have additional properties \("colour"\)$/,
  );
  throws(
    () => parsePlan({ ...setStatus(), plan_version: 2 }),
    /^SyntaxError: \/plan_version must be equal to constant$/,
  );
  throws(() => parsePlan({ plan_version: 1 }), /^SyntaxError: \/ must have required property/);
});

Deno.test("parsePlan() checks what the schema cannot: order, declared slots, what an op needs", () => {
  const order = setStatus();
  order.steps[2].index = 7;
  throws(() => parsePlan(order), /\/steps\/2\/index must be 3/);
  const undeclared = setStatus();
  undeclared.steps[2].slot = "priority";
  throws(() => parsePlan(undeclared), /\/steps\/2\/slot names slot "priority"/);
  const nameless = setStatus();
  nameless.steps[2].slot = null;
  throws(() => parsePlan(nameless), /\/steps\/2\/target\/name is null/);
  const nowhere = setStatus();
  nowhere.steps[0].url = null;
  throws(() => parsePlan(nowhere), /\/steps\/0\/url must be a URL/);
});

Deno.test("urlMatches() ignores host case, default port, trailing slash, query and fragment", () => {
  ok(urlMatches("https://Mail.Example.com:443/inbox/?x=1#top", "https://mail.example.com/inbox"));
  ok(urlMatches("http://127.0.0.1:8080/inbox", "http://127.0.0.1:8080/inbox/"));
  ok(!urlMatches("http://127.0.0.1:8081/inbox", "http://127.0.0.1:8080/inbox"));
  ok(
    !urlMatches("https://mail.example.com/Inbox", "https://mail.example.com/inbox"),
    "path case counts",
  );
  ok(!urlMatches("https://mail.example.com/inbox/2", "https://mail.example.com/inbox"));
  ok(!urlMatches("http://mail.example.com/inbox", "https://mail.example.com/inbox"));
  equal(normaliseUrl("https://EXAMPLE.com:443/"), "https://example.com");
});

Deno.test("urlMatches() reads * as one or more characters", () => {
  ok(urlMatches("https://t.example.com/issues/42", "https://t.example.com/issues/*"));
  ok(urlMatches("https://t.example.com/issues/42/edit", "https://t.example.com/issues/*"));
  ok(!urlMatches("https://t.example.com/issues", "https://t.example.com/issues/*"), "not zero");
  ok(urlMatches("https://acme.example.com/x", "https://*.example.com/x"));
  ok(
    !urlMatches("https://t.example.com/issuesX42", "https://t.example.com/issues.*"),
    "dot is literal",
  );
});

Deno.test("mapUrl() rewrites the longest matching prefix, at a path boundary", () => {
  const maps = [
    { from: "https://app.example.com", to: "http://127.0.0.1:9000" },
    { from: "https://app.example.com/admin", to: "http://127.0.0.1:9001/a" },
  ];
  equal(mapUrl("https://APP.example.com/issues/1?q=2", maps), "http://127.0.0.1:9000/issues/1?q=2");
  equal(mapUrl("https://app.example.com/admin/users", maps), "http://127.0.0.1:9001/a/users");
  equal(
    mapUrl("https://app.example.com/administrator", maps),
    "http://127.0.0.1:9000/administrator",
  );
  equal(mapUrl("https://other.example.com/x", maps), "https://other.example.com/x");
  equal(mapUrl("https://app.example.com/issues/*", maps), "http://127.0.0.1:9000/issues/*");
});

Deno.test("resolveSteps() fills slot targets and typed values, and names a missing slot", () => {
  const plan = parsePlan(setStatus());
  const steps = resolveSteps(plan, { status: "In Progress" });
  deepEqual(steps[2].element, { role: "menuitem", name: "In Progress" });
  throws(
    () => resolveSteps(plan, {}),
    /^RangeError: Missing slot "status": give --slot status=VALUE.*\(seen: In Progress, Done\)$/,
  );
  throws(
    () => resolveSteps(plan, { status: "x", colour: "red" }),
    /Unknown slot "colour": its slots: status/,
  );
  const invoice = resolveSteps(parsePlan(sendInvoice()), { customer: "ACME", amount: "12" });
  deepEqual(invoice.map((s) => s.value), [null, "ACME", "12", null, null]);
  deepEqual(parseSlot("status=In = Progress"), ["status", "In = Progress"]);
  throws(() => parseSlot("=x"), /expected NAME=VALUE/);
});

Deno.test("findBrowser() takes --browser, then FRAMES_BROWSER, CHROMIUM, then the usual paths", () => {
  const files = new Set(["/opt/a", "/opt/b", "/opt/c", "/usr/bin/chromium"]);
  const exists = (p: string) => files.has(p);
  const env = (vars: Record<string, string>) => (k: string) => vars[k];
  const candidates = ["/nope", "/usr/bin/chromium"];
  equal(
    findBrowser({ flag: "/opt/a", env: env({ FRAMES_BROWSER: "/opt/b" }), exists, candidates }),
    "/opt/a",
  );
  equal(
    findBrowser({ env: env({ FRAMES_BROWSER: "/opt/b", CHROMIUM: "/opt/c" }), exists, candidates }),
    "/opt/b",
  );
  equal(findBrowser({ env: env({ CHROMIUM: "/opt/c" }), exists, candidates }), "/opt/c");
  equal(findBrowser({ env: env({}), exists, candidates }), "/usr/bin/chromium");
  throws(
    () => findBrowser({ env: env({ CHROMIUM: "/gone" }), exists, candidates }),
    /"\/gone" \(from CHROMIUM\): no such file/,
  );
  throws(() => findBrowser({ env: env({}), exists, candidates: ["/nope"] }), (e: Error) => {
    for (const word of ["--browser", "--cdp", "FRAMES_BROWSER", "CHROMIUM", "/nope"]) {
      ok(e.message.includes(word), `${word} in ${e.message}`);
    }
    return e instanceof RangeError;
  });
});

Deno.test("renderTable() shows every step and keeps captured text inert", () => {
  const step = {
    index: 1,
    op: "click" as const,
    element: { role: "button", name: "Send\u001b[31m" },
    url: null,
    destructive: true,
    status: "refused" as const,
    reason: "destructive step",
    expected: null,
    found: null,
    page_url: null,
    settled: false,
    at_ms: 0,
    guard_ms: 3,
    settle_ms: 0,
    act_ms: 0,
    total_ms: 9,
    screenshot: "/tmp/s.png",
  };
  const report: ReplayReport = {
    report_version: 1,
    routine: { id: "r", title: "T\u202e" },
    mode: "execute",
    allow_destructive: false,
    browser: { how: "launch", where: "/usr/bin/chromium" },
    outcome: "refused",
    stopped_at: 1,
    message: "stopped at step 1",
    browser_start_ms: 400,
    first_step_ms: 401,
    total_ms: 500,
    final: null,
    screenshots_dir: "/tmp",
    steps: [step],
  };
  const table = renderTable(report);
  ok(!table.includes("\u001b") && !table.includes("\u202e"), "no escapes or bidi controls");
  match(
    table,
    // The escape sequence is removed whole by the one sanitiser (src/text/sanitize.ts).
    /^1 +click +button "Send" +refused +3 +0 +9 +destructive; destructive step$/m,
  );
  match(table, /refused: stopped at step 1 \(500 ms\)/);
});
