/**
 * Drives headless Debian Chromium against a running `frames serve` (run with -A:
 * playwright-core probes /proc on import) and prints one JSON report on stdout: the day
 * page's lanes and frame shapes, where clicking a frame leads, Chromium's own accessible
 * names of every interactive element, text contrast as rendered, first paint, and whether
 * the page overflows a phone-width viewport. Screenshots go to `--shots`.
 *
 *   deno run -A browser_driver.ts --url URL_WITH_TOKEN --day YYYY-MM-DD --shots DIR
 */

import { parseArgs } from "node:util";
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";

const { values } = parseArgs({
  args: Deno.args,
  options: { url: { type: "string" }, day: { type: "string" }, shots: { type: "string" } },
});
const start = new URL(values.url!);
const day = values.day!;
const shots = values.shots!;
const base = `${start.protocol}//${start.host}`;

const timeout = setTimeout(() => {
  console.error("browser driver: timed out");
  Deno.exit(3);
}, 120_000);

const INTERACTIVE = new Set([
  "link",
  "button",
  "textbox",
  "slider",
  "combobox",
  "checkbox",
  "spinbutton",
  "DisclosureTriangle",
  "searchbox",
]);

/** Interactive nodes of Chromium's accessibility tree without a name. */
async function unnamed(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send("Accessibility.getFullAXTree") as {
    nodes: { ignored: boolean; role?: { value: string }; name?: { value: string } }[];
  };
  await cdp.detach();
  return nodes.filter((n) => !n.ignored && INTERACTIVE.has(n.role?.value ?? ""))
    .filter((n) => (n.name?.value ?? "").trim() === "")
    .map((n) => n.role!.value);
}

/**
 * Text whose rendered colour has under 4.5:1 contrast with the background behind it (WCAG
 * relative luminance), walking up to the first opaque background; and labels drawn on
 * frames against the frame's own fill. Runs in the page (a string: no DOM types here).
 */
const CONTRAST_JS = `(() => {
  const rgb = (s) => (s.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const bgOf = (el) => {
    for (let n = el; n; n = n.parentElement) {
      const c = rgb(getComputedStyle(n).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] > 0)) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const el = t.parentElement;
    if (!(t.textContent || "").trim() || el.closest("svg")) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const q = ratio(rgb(getComputedStyle(el).color).slice(0, 3), bgOf(el));
    if (q < 4.5) out.push(q.toFixed(2) + ": " + (t.textContent || "").trim().slice(0, 40));
  }
  const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
  for (const a of document.querySelectorAll("svg.timeline a.flink")) {
    const rect = a.querySelector("rect"), text = a.querySelector("text");
    if (!rect || !text) continue;
    const q = ratio(hex(text.getAttribute("fill")), hex(rect.getAttribute("fill")));
    if (q < 4.5) out.push(q.toFixed(2) + ": label " + text.textContent);
  }
  return out;
})()`;

function contrastFailures(page: Page): Promise<string[]> {
  return page.evaluate(CONTRAST_JS) as Promise<string[]>;
}

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
});
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // The printed URL: the server swaps the token for a cookie and redirects.
  await page.goto(`${base}/day/${day}?token=${start.searchParams.get("token")}`);
  const landed = page.url();
  const lanes = await page.$$eval("svg.timeline g.lane", (gs) =>
    gs.map((g) => ({
      display: g.getAttribute("data-display"),
      ids: [...g.querySelectorAll("rect.frame")].map((r) => r.getAttribute("data-id")),
    })));
  const paint = await page.evaluate(() =>
    performance.getEntriesByType("paint").map((e) => ({ name: e.name, at: e.startTime }))
  );
  const nav = performance.now();
  await page.goto(`${base}/day/${day}`);
  const reloadMs = performance.now() - nav;
  const paint2 = await page.evaluate(() =>
    performance.getEntriesByType("paint").map((e) => ({ name: e.name, at: e.startTime }))
  );
  await page.screenshot({ path: join(shots, "web-day.png"), fullPage: true });
  const dayUnnamed = await unnamed(page);
  const dayContrast = await contrastFailures(page);
  // Keyboard: Tab reaches a link first (the navigation), and focus moves on.
  await page.keyboard.press("Tab");
  const firstFocus = await page.evaluate(
    "document.activeElement ? document.activeElement.tagName : ''",
  );
  // Hover shows the frame's title in the tooltip (progressive script).
  const target = page.locator("svg.timeline a.flink").nth(Math.floor(lanes[0].ids.length / 2));
  const expectTitle = await target.evaluate((a) => a.querySelector("title")!.textContent);
  await target.hover();
  const tip = await page.locator("#tip").textContent();
  const clickedId = await target.evaluate((a) => a.querySelector("rect")!.getAttribute("data-id"));
  await target.click();
  await page.waitForURL(/\/frame\//);
  const frameUrl = page.url();
  const frameHeading = await page.locator("h1").textContent();
  const frameIdShown = await page.locator("dl.fields dd").first().textContent();
  await page.screenshot({ path: join(shots, "web-frame.png"), fullPage: true });
  const frameUnnamed = await unnamed(page);
  const frameContrast = await contrastFailures(page);
  await page.goto(`${base}/context?day=${day}&budget=600`);
  await page.screenshot({ path: join(shots, "web-context.png"), fullPage: true });
  const contextUnnamed = await unnamed(page);
  const contextContrast = await contrastFailures(page);
  await page.goto(`${base}/range?from=2026-03-23&to=2026-03-29`);
  await page.screenshot({ path: join(shots, "web-range.png"), fullPage: true });
  const rangeUnnamed = await unnamed(page);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const p2 = await phone.newPage();
  await p2.goto(`${base}/day/${day}?token=${start.searchParams.get("token")}`);
  const overflow = await p2.evaluate(
    "document.documentElement.scrollWidth - innerWidth",
  ) as number;
  await p2.screenshot({ path: join(shots, "web-day-phone.png"), fullPage: false });
  console.log(JSON.stringify({
    landed,
    lanes,
    paint,
    paint2,
    reloadMs,
    firstFocus,
    expectTitle,
    tip,
    clickedId,
    frameUrl,
    frameHeading,
    frameIdShown,
    unnamed: { day: dayUnnamed, frame: frameUnnamed, context: contextUnnamed, range: rangeUnnamed },
    contrast: { day: dayContrast, frame: frameContrast, context: contextContrast },
    phoneOverflow: overflow,
  }));
} finally {
  await browser.close();
  clearTimeout(timeout);
}
