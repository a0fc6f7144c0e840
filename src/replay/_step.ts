/**
 * One step of a replay: its guards (with the one settle re-check), then — in execute mode,
 * and for a destructive step only when allowed — its action. Fills in the step's report.
 *
 * @module
 */

import type { Page } from "playwright-core";
import type { ResolvedStep } from "./slots.ts";
import { countElement, describeFound, locate } from "./guard.ts";
import { mapUrl, type UrlMapping, urlMatches } from "./url.ts";
import type { StepReport } from "./report.ts";

/** What every step runs with. */
export interface StepContext {
  page: Page;
  execute: boolean;
  allowDestructive: boolean;
  urlMap: readonly UrlMapping[];
  settleMs: number;
  stepTimeout: () => number;
  /** In a dry run: the last step whose action was not performed (the page now differs). */
  unperformed: number | null;
}

interface GuardState {
  urlOk: boolean;
  count: number;
}

const since = (from: number) => Math.round(performance.now() - from);

/** Runs one step and fills `rep`; throws on a browser error (the caller aborts the run). */
export async function runStep(r: ResolvedStep, rep: StepReport, ctx: StepContext): Promise<void> {
  if (r.step.op === "navigate") return await navigate(r, rep, ctx);
  const page = ctx.page;
  const element = r.element!;
  const template = r.step.guards.url === null ? null : mapUrl(r.step.guards.url, ctx.urlMap);
  const check = async (): Promise<GuardState> => {
    const urlOk = template === null || urlMatches(page.url(), template);
    return { urlOk, count: urlOk ? await countElement(page, element) : -1 };
  };
  const g0 = performance.now();
  let state = await check();
  rep.guard_ms = since(g0);
  if (!ctx.execute && ctx.unperformed !== null && state.urlOk && state.count === 0) {
    // A dry run skipped the action that would reveal it (a menu not opened): look for the
    // element hidden in the page now rather than waiting for a page change that cannot come.
    if (await countElement(page, element, true) === 1) {
      rep.page_url = page.url();
      rep.status = "checked";
      rep.reason = `present but hidden until step ${ctx.unperformed} acts`;
      await highlight(page, element);
      return;
    }
  }
  if (!state.urlOk || state.count !== 1) {
    // Pages render late: one re-check after a settle before calling it a mismatch.
    const s0 = performance.now();
    await page.waitForTimeout(Math.min(ctx.settleMs, ctx.stepTimeout()));
    state = await check();
    rep.settle_ms = since(s0);
    rep.settled = true;
  }
  rep.page_url = page.url();
  if (!state.urlOk || state.count !== 1) return await mismatch(r, rep, ctx, state, template);

  if (!ctx.execute) {
    rep.status = "checked";
    if (r.step.destructive) {
      rep.reason = "destructive: --execute would also need --allow-destructive";
    }
    await highlight(page, element);
    const href = r.step.op === "click" && !r.step.destructive
      ? await linkTarget(page, element, ctx.stepTimeout())
      : null;
    if (href === null) {
      ctx.unperformed = r.step.index;
      return;
    }
    // A link is a navigation: a dry run opens it (a GET, as a navigate step does) rather
    // than stop checking at the first page, so a routine that crosses pages (a list, then
    // the item) has every later guard checked on the page the click would have led to.
    const a0 = performance.now();
    await page.goto(href, { timeout: ctx.stepTimeout(), waitUntil: "load" });
    rep.act_ms = since(a0);
    rep.reason = `dry run: opened the link's target ${href} instead of clicking`;
    ctx.unperformed = null;
    return;
  }
  if (r.step.destructive && !ctx.allowDestructive) {
    rep.status = "refused";
    rep.reason = "destructive step: refused without --allow-destructive";
    await highlight(page, element);
    return;
  }
  const a0 = performance.now();
  const target = locate(page, element);
  const timeout = ctx.stepTimeout();
  if (r.step.op === "click") await target.click({ timeout });
  else await target.fill(r.value ?? "", { timeout });
  for (const key of r.step.keys_after) await target.press(key, { timeout: ctx.stepTimeout() });
  rep.act_ms = since(a0);
  rep.status = "done";
}

/**
 * Where clicking `element` would go when it is a plain link to another page (an http(s)
 * `href`, same tab, no download); null for anything else — a button's effect a dry run
 * never guesses.
 */
async function linkTarget(
  page: Page,
  element: { role: string; name: string },
  timeout: number,
): Promise<string | null> {
  const target = locate(page, element);
  const [href, opens, download] = await Promise.all(
    ["href", "target", "download"].map((a) => target.getAttribute(a, { timeout })),
  );
  if (href === null || download !== null || (opens !== null && opens !== "_self")) return null;
  let url: URL;
  try {
    url = new URL(href, page.url());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  // `href="#"` and in-page anchors are buttons in disguise (they open menus): not a page.
  const bare = (u: string) => u.replace(/#.*$/, "");
  return bare(url.href) === bare(page.url()) ? null : url.href;
}

async function highlight(page: Page, element: { role: string; name: string }): Promise<void> {
  try {
    await page.hideHighlight();
    await locate(page, element).highlight();
  } catch {
    // A highlight is a courtesy for the screenshot, never a reason to fail.
  }
}

async function mismatch(
  r: ResolvedStep,
  rep: StepReport,
  ctx: StepContext,
  state: GuardState,
  template: string | null,
): Promise<void> {
  const page = ctx.page;
  const element = r.element!;
  if (!state.urlOk) {
    rep.expected = `a page at ${template}`;
    rep.found = `the page is at ${page.url()}`;
  } else {
    rep.expected = `exactly one ${element.role} "${element.name}"`;
    rep.found = await describeFound(page, element, state.count);
  }
  if (ctx.unperformed !== null) {
    // A dry run did not perform an earlier action, so the page may not be the one this step
    // expects yet: a menu not opened, a form not sent. Look for it hidden; else say so.
    rep.status = "skipped";
    rep.reason = `cannot be verified in a dry run: step ${ctx.unperformed} was not performed`;
    return;
  }
  if (r.step.optional && state.urlOk && state.count === 0) {
    rep.status = "skipped";
    rep.reason = "optional step: its element is not on the page";
    return;
  }
  rep.status = "aborted";
  rep.reason = !state.urlOk
    ? "the page's URL does not match the step's template"
    : state.count === 0
    ? "the expected element is not on the page"
    : "the expected element is ambiguous";
}

async function navigate(r: ResolvedStep, rep: StepReport, ctx: StepContext): Promise<void> {
  const page = ctx.page;
  const url = rep.url!;
  if (url.includes("*")) {
    // A template cannot be opened; being on a page it matches is as good as opening it.
    rep.page_url = page.url();
    if (urlMatches(page.url(), url)) {
      rep.status = ctx.execute ? "done" : "checked";
      rep.reason = "already on a page matching the template";
    } else {
      rep.status = "aborted";
      rep.reason = "a URL template cannot be opened";
      rep.expected = `a page at ${url}`;
      rep.found = `the page is at ${page.url()}`;
    }
    return;
  }
  const a0 = performance.now();
  await page.goto(url, { timeout: ctx.stepTimeout(), waitUntil: "load" });
  rep.act_ms = since(a0);
  rep.page_url = page.url();
  ctx.unperformed = null;
  const g0 = performance.now();
  const guard = r.step.guards.url === null ? url : mapUrl(r.step.guards.url, ctx.urlMap);
  const ok = urlMatches(page.url(), url) && urlMatches(page.url(), guard);
  rep.guard_ms = since(g0);
  if (!ok) {
    rep.status = "aborted";
    rep.reason = "the browser landed somewhere else (a redirect?)";
    rep.expected = `a page at ${guard}`;
    rep.found = `the page is at ${page.url()}`;
    return;
  }
  rep.status = ctx.execute ? "done" : "checked";
}
