/**
 * The browser a replay drives: a fresh Chromium launched for the run (its own temporary
 * profile, closed afterwards) or a running one attached over CDP (a new tab, closed
 * afterwards, the browser left running). playwright-core is imported here, lazily, and only
 * for a replay: importing it needs every permission (`-A`), which nothing else in frames does.
 *
 * @module
 */

import type { Browser, Page } from "playwright-core";
import { launchArgs } from "./browser.ts";

/** An open page and how to let go of it. */
export interface BrowserSession {
  page: Page;
  how: "launch" | "cdp";
  where: string;
  /** Closes the tab and the launched browser (or detaches from an attached one); never throws. */
  close(): Promise<void>;
}

/** Options of {@linkcode openSession}. */
export interface OpenSessionOptions {
  /** The executable to launch (ignored with `cdp`). */
  executable?: string;
  /** The CDP endpoint of a running browser, e.g. `http://127.0.0.1:9222`. */
  cdp?: string;
  headed?: boolean;
  /** How long starting or attaching may take, ms. */
  timeoutMs: number;
}

/** The message for a permission failure on import: what to run instead. */
export const NEEDS_ALL_PERMISSIONS =
  "Cannot start replay: playwright-core needs all permissions: run frames with -A (deno run -A main.ts replay …, or deno task replay …)";

async function loadPlaywright(): Promise<typeof import("playwright-core")> {
  try {
    return await import("playwright-core");
  } catch (err) {
    if (err instanceof Deno.errors.NotCapable || err instanceof Deno.errors.PermissionDenied) {
      throw new Error(NEEDS_ALL_PERMISSIONS);
    }
    throw err;
  }
}

/** The first line of an error message, without ANSI colours. */
export function firstLine(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  // Playwright's messages carry call logs and ANSI boxes after the first line.
  // deno-lint-ignore no-control-regex
  return text.split("\n")[0].replace(/\u001b\[[0-9;]*m/g, "").trim();
}

async function bounded(p: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    p.catch(() => {}),
    new Promise((resolve) => timer = setTimeout(resolve, ms)),
  ]);
  clearTimeout(timer);
}

/** Launches or attaches to a browser and opens one page; throws one-line errors. */
export async function openSession(opts: OpenSessionOptions): Promise<BrowserSession> {
  const { chromium } = await loadPlaywright();
  let browser: Browser;
  if (opts.cdp !== undefined) {
    try {
      browser = await chromium.connectOverCDP(opts.cdp, { timeout: opts.timeoutMs });
    } catch (err) {
      throw new Error(`Cannot attach to a browser at "${opts.cdp}": ${firstLine(err)}`);
    }
    try {
      // The attached browser's own context keeps its profile (a signed-in session is why
      // one attaches); only the tab opened here is closed afterwards.
      const context = browser.contexts()[0] ?? await browser.newContext();
      const page = await context.newPage();
      return {
        page,
        how: "cdp",
        where: opts.cdp,
        async close() {
          await bounded(page.close(), 5000);
          await bounded(browser.close(), 5000);
        },
      };
    } catch (err) {
      await bounded(browser.close(), 5000);
      throw new Error(`Cannot open a tab in the browser at "${opts.cdp}": ${firstLine(err)}`);
    }
  }
  const executable = opts.executable!;
  try {
    // launch() gives the browser a fresh temporary profile and removes it on close.
    browser = await chromium.launch({
      executablePath: executable,
      headless: !opts.headed,
      args: launchArgs({ headed: opts.headed === true, root: Deno.uid() === 0 }),
      timeout: opts.timeoutMs,
      handleSIGINT: false,
      handleSIGTERM: false,
    });
  } catch (err) {
    throw new Error(`Cannot start the browser "${executable}": ${firstLine(err)}`);
  }
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    return {
      page,
      how: "launch",
      where: executable,
      close: () => bounded(browser.close(), 10_000),
    };
  } catch (err) {
    await bounded(browser.close(), 10_000);
    throw new Error(`Cannot open a page in "${executable}": ${firstLine(err)}`);
  }
}
