import { deepEqual, equal, match, ok } from "node:assert/strict";
import { countTokens } from "gpt-tokenizer/encoding/cl100k_base";
import { compile } from "../src/compile/mod.ts";
import { emitContext } from "../src/emit/context.ts";
import { colourMap, PALETTE, swatchOf } from "../src/web/mod.ts";
import { urlCell } from "../src/web/pages/frame.ts";
import {
  DAY,
  get,
  HOSTILE_TITLE,
  HOSTILE_URL,
  hostileCapture,
  PORT,
  testApp,
  testBackend,
  TOKEN,
  TYPED,
} from "./_web.ts";

// The web view driven through app.request(): the guard, the token, every page, and the
// escaping of captured text. Expected numbers come from compiling the same capture here.

function docOf(minMinutes: number) {
  return compile(hostileCapture(), { tz: "UTC", day: DAY, minMinutes });
}

/** The markup between `<g class="lane" data-display="NAME">` and the lane's end. */
function lanes(body: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of body.split('<g class="lane" data-display="').slice(1)) {
    out.set(part.slice(0, part.indexOf('"')), part.slice(0, part.indexOf("</g>")));
  }
  return out;
}

Deno.test("webApp() refuses a missing or wrong token with 401 and a foreign Host or Origin with 403", async () => {
  const app = testApp(testBackend());
  const base = `http://127.0.0.1:${PORT}`;
  const host = { host: `127.0.0.1:${PORT}` };
  equal((await app.request(`${base}/day/${DAY}`, { headers: host })).status, 401);
  equal(
    (await app.request(`${base}/day/${DAY}`, {
      headers: { ...host, cookie: `frames_web_${PORT}=nope` },
    }))
      .status,
    401,
  );
  equal((await app.request(`${base}/day/${DAY}?token=wrong`, { headers: host })).status, 401);
  const foreignHost = await get(testApp(testBackend()), `/day/${DAY}`, {
    host: "evil.example:7750",
  });
  equal(foreignHost.status, 403);
  const foreignOrigin = await get(app, `/day/${DAY}`, { origin: "http://evil.example" });
  equal(foreignOrigin.status, 403);
  // Its own origin and a bearer header are fine.
  equal((await get(app, `/day/${DAY}`, { origin: `http://127.0.0.1:${PORT}` })).status, 200);
  const bearer = await app.request(`${base}/day/${DAY}`, {
    headers: { ...host, authorization: `Bearer ${TOKEN}` },
  });
  equal(bearer.status, 200);
});

Deno.test("webApp() swaps the URL token for an HttpOnly SameSite=Strict cookie and drops it from the URL", async () => {
  const app = testApp(testBackend());
  const res = await app.request(`http://127.0.0.1:${PORT}/day/${DAY}?x=1&token=${TOKEN}`, {
    headers: { host: `127.0.0.1:${PORT}` },
  });
  equal(res.status, 303);
  equal(res.headers.get("location"), `/day/${DAY}?x=1`);
  const cookie = res.headers.get("set-cookie") ?? "";
  match(cookie, new RegExp(`^frames_web_${PORT}=${TOKEN};`));
  match(cookie, /HttpOnly/);
  match(cookie, /SameSite=Strict/);
  const page = await get(app, `/day/${DAY}`);
  match(page.headers.get("content-security-policy") ?? "", /script-src 'self'/);
});

Deno.test("day page has one lane per display and one shape per frame, and escapes hostile titles", async () => {
  const doc = docOf(0);
  const r = await get(testApp(testBackend()), `/day/${DAY}`);
  equal(r.status, 200);
  const byLane = lanes(r.body);
  deepEqual([...byLane.keys()].sort(), Object.keys(doc.coverage.per_display).sort());
  for (const [display, markup] of byLane) {
    const want = doc.frames.filter((f) => f.display === display).map((f) => f.id).sort();
    const got = [...markup.matchAll(/<rect class="frame" data-id="([^"]+)"/g)].map((m) => m[1])
      .sort();
    deepEqual(got, want, display);
  }
  ok(
    doc.frames.some((f) => f.windows.some((w) => w.includes("<script>"))),
    "the title reached the document",
  );
  ok(!r.body.includes("<script>alert"), "a captured <script> is never markup");
  ok(!r.body.includes("<img src=x"), "a captured <img> is never markup");
  ok(r.body.includes("&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;"));
  // Every app of the ledger is named in the legend and the table, not only coloured.
  for (const e of doc.ledger) ok(r.body.includes(`</span>${e.app}</li>`), e.app);
  // The gap, the away-or-unknown hatch, presence and the detour tick are drawn.
  match(r.body, /<rect class="gap[^"]*"/);
  match(r.body, /<rect class="presence"/);
  match(r.body, /<line class="tick"/);
  match(r.body, /<rect class="focus"/);
  ok(!/href="javascript:/i.test(r.body));
});

Deno.test("frame page shows evidence rows, never links javascript: URLs, and hides typed text unless opted in", async () => {
  const doc = docOf(0);
  const editor = doc.frames.find((f) => f.app === "Code" && f.input.text_runs > 0)!;
  const browser = doc.frames.find((f) => f.app === "Firefox" && f.display === "monitor_1")!;
  const app = testApp(testBackend());
  const r = await get(app, `/frame/${encodeURIComponent(editor.id)}?day=${DAY}`);
  equal(r.status, 200);
  ok(r.body.includes(editor.id));
  const rows = [
    ...r.body.matchAll(
      /<tr><td class="num">(\d+)<\/td><td class="num">\d\d:\d\d:\d\d<\/td><td>Code</g,
    ),
  ];
  ok(rows.length > 0);
  ok(!r.body.includes(TYPED), "typed text stays hidden by default");
  ok(!r.body.includes("<script>alert"));
  match(r.body, /click/);
  const b = await get(app, `/frame/${encodeURIComponent(browser.id)}?day=${DAY}`);
  equal(b.status, 200);
  ok(!/href="javascript:/i.test(b.body), "a javascript: URL is never a link");
  match(b.body, /<span class="wrap">javascript:/, "it is shown as text (its value redacted)");
  const withText = await get(
    testApp(testBackend({ includeText: true })),
    `/frame/${encodeURIComponent(editor.id)}?day=${DAY}`,
  );
  ok(withText.body.includes(TYPED), "opted-in typed text is shown");
  // Without a day, the frame is found among the days that hold capture.
  equal((await get(app, `/frame/${encodeURIComponent(editor.id)}`)).status, 200);
  equal((await get(app, `/frame/monitor_1%3A999999?day=${DAY}`)).status, 404);
  equal(HOSTILE_URL.startsWith("javascript:"), true);
});

Deno.test("context page shows the block an agent gets, its token count and a budget form", async () => {
  const doc = docOf(0.5);
  const app = testApp(testBackend());
  for (const budget of [300, 1500]) {
    const block = emitContext(doc, { budget });
    const r = await get(app, `/context?day=${DAY}&budget=${budget}`);
    equal(r.status, 200);
    ok(r.body.includes(`<strong>${countTokens(block)}</strong>`));
    const escaped = block.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;")
      .replaceAll('"', "&quot;").replaceAll("'", "&#39;");
    ok(r.body.includes(escaped), "the block, escaped, byte for byte");
    match(
      r.body,
      new RegExp(`<input id="budget" type="range" name="budget"[^>]* value="${budget}"`),
    );
  }
  equal((await get(app, `/context?day=${DAY}&budget=12`)).status, 400);
  equal((await get(app, `/context?day=${DAY}&budget=abc`)).status, 400);
});

Deno.test("routines page says routines are not available without a miner, and shows one when there is", async () => {
  const empty = await get(testApp(testBackend()), `/routines?day=${DAY}`);
  equal(empty.status, 200);
  match(empty.body, /Routines are not available yet/);
  const report = {
    h: 0.08,
    r: 60,
    routines: [{
      name: "Triage <b>issue</b>",
      key: "Firefox · linear.app",
      steps: ['click button "Status"', 'click menuitem "In Progress"'],
      occurrences: [{ day: "2026-06-29", at: "09:10" }, { day: "2026-07-01", at: "09:12" }, {
        day: "2026-07-03",
        at: "09:05",
      }],
      h: 0.031,
      r: 343,
    }],
  };
  const r = await get(testApp(testBackend({ routines: report })), `/routines?day=${DAY}`);
  equal(r.status, 200);
  ok(r.body.includes("Triage &lt;b&gt;issue&lt;/b&gt;"));
  equal([...r.body.matchAll(/<span class="hit"/g)].length, 3);
  match(r.body, /h 3\.1% · R 343\.0×/);
});

Deno.test("range page stacks minutes per app per day and lists them in a table", async () => {
  const doc = docOf(0);
  const r = await get(testApp(testBackend()), `/range?from=2026-07-02&to=${DAY}`);
  equal(r.status, 200);
  for (const d of ["2026-07-02", "2026-07-03", DAY]) {
    ok(r.body.includes(`<th scope="row"><a href="/day/${d}">${d}</a></th>`));
  }
  const code = doc.ledger.find((e) => e.app === "Code")!;
  ok(r.body.includes(`${DAY} Code: ${code.minutes.toFixed(1)} min`));
  equal((await get(testApp(testBackend()), `/range?from=2026-01-01&to=${DAY}`)).status, 400);
  equal((await get(testApp(testBackend()), `/range?from=${DAY}&to=2026-07-01`)).status, 400);
});

Deno.test("webApp() answers bad days with 400, unknown pages with 404, and caches a day", async () => {
  const backend = testBackend();
  const app = testApp(backend);
  equal((await get(app, "/day/2026-13-40")).status, 400);
  equal((await get(app, "/day/yesterday")).status, 400);
  equal((await get(app, "/nope")).status, 404);
  const redirect = await get(app, `/day?day=${DAY}`);
  equal(redirect.status, 303);
  equal(redirect.headers.get("location"), `/day/${DAY}`);
  const empty = await get(app, "/day/2026-07-01");
  equal(empty.status, 200);
  match(empty.body, /No capture on this day/);
  const before = backend.compiles;
  await get(app, `/day/${DAY}`);
  await get(app, `/day/${DAY}`);
  equal(backend.compiles - before, 1);
});

Deno.test("swatchOf() is stable per app and every palette label has 4.5:1 contrast", () => {
  deepEqual(swatchOf("Cursor"), swatchOf("Cursor"));
  const apps = [
    "Cursor",
    "Google Chrome",
    "Firefox",
    "Slack",
    "zoom.us",
    "iTerm2",
    "Preview",
    "Mail",
  ];
  ok(new Set(apps.map((a) => swatchOf(a).fill)).size >= 4, "apps spread over the palette");
  const lum = (hex: string) => {
    const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  for (const s of PALETTE) {
    const [a, b] = [lum(s.fill), lum(s.text)].sort((x, y) => y - x);
    ok((a + 0.05) / (b + 0.05) >= 4.5, `${s.text} on ${s.fill}`);
  }
});

Deno.test("colourMap() gives the apps of a page distinct colours and keeps uncontested ones hashed", () => {
  const apps = [
    "Cursor",
    "Google Chrome",
    "Firefox",
    "zoom.us",
    "iTerm2",
    "Preview",
    "Slack",
    "Messages",
  ];
  const map = colourMap(apps);
  equal(new Set(apps.map((a) => map.get(a)!.fill)).size, apps.length);
  // An app alone on a page has its hashed colour, and so does one sharing with nobody.
  deepEqual(colourMap(["Slack"]).get("Slack"), swatchOf("Slack"));
  deepEqual(colourMap(apps.slice().reverse()), map, "order of arrival does not matter");
  ok(HOSTILE_TITLE.includes("<script>"));
});

Deno.test("urlCell() links only http(s) URLs and shows javascript:, data: and file: as text", () => {
  const cells = {
    http: String(urlCell("https://example.com/a?b=1")),
    js: String(urlCell("javascript:alert(1)")),
    jsUpper: String(urlCell(" JavaScript:alert(1)")),
    data: String(urlCell("data:text/html,<script>alert(1)</script>")),
    file: String(urlCell("file:///etc/passwd")),
  };
  match(cells.http, /^<a href="https:\/\/example\.com\/a\?b=1" rel="noreferrer noopener"/);
  for (const k of ["js", "jsUpper", "data", "file"] as const) {
    ok(!cells[k].includes("<a "), `${k} is not a link: ${cells[k]}`);
    ok(!cells[k].includes("<script>"), `${k} is escaped`);
  }
});
