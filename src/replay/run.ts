/**
 * The replay engine: fill the slots, start the browser, then for each step check its guards
 * (URL template, exactly one element by role and exact name, one re-check after a settle)
 * and act only in `execute` mode — never a destructive step without `allowDestructive`.
 * The first failed guard, refusal, deadline or interrupt stops the run; every later step
 * is reported as skipped; the browser is always closed.
 *
 * @module
 */

import type { Page } from "playwright-core";
import { join } from "../file_path.ts";
import type { Plan } from "./plan.ts";
import { type ResolvedStep, resolveSteps } from "./slots.ts";
import { findBrowser } from "./browser.ts";
import { firstLine, openSession } from "./session.ts";
import { runStep, type StepContext } from "./_step.ts";
import { mapUrl, type UrlMapping } from "./url.ts";
import type { Outcome, ReplayReport, StepReport } from "./report.ts";

/** How long a guard waits before its one re-check (ms). */
export const SETTLE_MS = 1500;
/** How close to the deadline a step's failure counts as the deadline's (timer jitter), ms. */
const DEADLINE_SLACK_MS = 250;

/** The default hard deadline for a whole run (ms). */
export const DEFAULT_TIMEOUT_MS = 60_000;
/** The default limit for one step's browser operations (ms). */
export const DEFAULT_STEP_TIMEOUT_MS = 15_000;

/** Options of {@linkcode replay}. */
export interface ReplayOptions {
  /** Slot values by name. */
  slots?: Readonly<Record<string, string>>;
  /** Act (click, type); without it the run is a dry run. */
  execute?: boolean;
  /** Run destructive steps (only with `execute`). */
  allowDestructive?: boolean;
  /** The browser to launch (default: {@linkcode findBrowser}). */
  browser?: string;
  /** Attach to a running browser at this CDP URL instead of launching one. */
  cdp?: string;
  /** URL prefix rewrites (`--url-map`), applied to every URL the plan names. */
  urlMap?: readonly UrlMapping[];
  /** Show the browser window instead of running headless. */
  headed?: boolean;
  /** Hard deadline for the run, ms (default 60 s). */
  timeoutMs?: number;
  /** Limit for each step's browser operations, ms (default 15 s). */
  stepTimeoutMs?: number;
  /** The settle before the one re-check, ms (default 1.5 s). */
  settleMs?: number;
  /** Where screenshots go (default: a new temporary folder); null takes none. */
  screenshotDir?: string | null;
  /** Aborting it stops the run (SIGINT) and closes the browser. */
  signal?: AbortSignal;
}

interface Stop {
  index: number;
  outcome: Outcome;
  why: string;
}

function blank(r: ResolvedStep, urlMap: readonly UrlMapping[], at: number): StepReport {
  const s = r.step;
  const url = s.op === "navigate" ? s.url : s.guards.url;
  return {
    index: s.index,
    op: s.op,
    element: r.element,
    url: url === null ? null : mapUrl(url, urlMap),
    destructive: s.destructive,
    status: "skipped",
    reason: null,
    expected: null,
    found: null,
    page_url: null,
    settled: false,
    at_ms: at,
    guard_ms: 0,
    settle_ms: 0,
    act_ms: 0,
    total_ms: 0,
    screenshot: null,
  };
}

const ms = (from: number) => Math.round(performance.now() - from);

/**
 * Replays `plan` in a real browser and reports every step; throws only before the browser
 * starts (a missing slot: `RangeError`; no browser: `RangeError`; a browser that will not
 * start or attach: `Error`).
 *
 * @example
 * ```ts
 * const report = await replay(plan, { slots: { status: "Done" } }); // a dry run
 * console.log(report.outcome);
 * ```
 */
export async function replay(plan: Plan, opts: ReplayOptions = {}): Promise<ReplayReport> {
  const t0 = performance.now();
  const steps = resolveSteps(plan, opts.slots ?? {});
  const urlMap = opts.urlMap ?? [];
  const executable = opts.cdp === undefined ? opts.browser ?? findBrowser() : undefined;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = t0 + timeoutMs;
  const remaining = () => Math.max(1, Math.round(deadline - performance.now()));
  const execute = opts.execute === true;
  const allowDestructive = execute && opts.allowDestructive === true;
  const shots = opts.screenshotDir === undefined
    ? await Deno.makeTempDir({ prefix: "frames-replay-" })
    : opts.screenshotDir;
  if (shots !== null) await Deno.mkdir(shots, { recursive: true });

  const session = await openSession({
    executable,
    cdp: opts.cdp,
    headed: opts.headed,
    timeoutMs: Math.min(remaining(), 30_000),
  });
  const browserStart = ms(t0);
  let stop: Stop | null = null;
  // The deadline and an interrupt both close the browser, which ends any call in flight.
  const halt = (outcome: Outcome, why: string) => {
    if (stop === null) stop = { index: 0, outcome, why };
    void session.close();
  };
  const timer = setTimeout(
    () => halt("timed-out", `the run's deadline (${timeoutMs / 1000} s) passed`),
    remaining(),
  );
  const onAbort = () => halt("interrupted", "interrupted");
  opts.signal?.addEventListener("abort", onAbort);
  if (opts.signal?.aborted) onAbort();

  const reports: StepReport[] = [];
  let firstStep: number | null = null;
  let final: ReplayReport["final"] = null;
  try {
    const ctx: StepContext = {
      page: session.page,
      execute,
      allowDestructive,
      urlMap,
      settleMs: opts.settleMs ?? SETTLE_MS,
      stepTimeout: () => Math.min(opts.stepTimeoutMs ?? DEFAULT_STEP_TIMEOUT_MS, remaining()),
      unperformed: null,
    };
    for (const r of steps) {
      const rep = blank(r, urlMap, ms(t0));
      firstStep ??= rep.at_ms;
      const started = performance.now();
      const halted = stop as Stop | null;
      if (halted !== null) {
        rep.reason = halted.index > 0
          ? `not run: the run stopped at step ${halted.index}`
          : `not run: ${halted.why}`;
        reports.push(rep);
        continue;
      }
      try {
        await runStep(r, rep, ctx);
      } catch (err) {
        rep.status = "aborted";
        const late = stop as Stop | null;
        rep.reason = late !== null ? late.why : firstLine(err);
      }
      // A step whose time limit was cut short by the deadline fails a hair before the
      // deadline's own timer fires: that failure is the deadline, not a guard.
      if (
        rep.status === "aborted" && (stop as Stop | null) === null &&
        deadline - performance.now() < DEADLINE_SLACK_MS
      ) {
        halt("timed-out", `the run's deadline (${timeoutMs / 1000} s) passed`);
        rep.reason = (stop as Stop | null)?.why ?? rep.reason;
      }
      if (rep.status === "aborted" || rep.status === "refused") {
        const late = stop as Stop | null;
        stop = {
          index: r.step.index,
          outcome: late?.outcome ?? (rep.status === "refused" ? "refused" : "aborted"),
          why: rep.reason ?? rep.status,
        };
      }
      if (shots !== null && (stop as Stop | null)?.outcome !== "interrupted") {
        rep.screenshot = await screenshot(session.page, shots, rep, ctx.stepTimeout());
      }
      rep.total_ms = ms(started);
      reports.push(rep);
    }
    if (stop === null) {
      final = { url: session.page.url(), title: await session.page.title() };
    }
  } catch {
    // Reading the final page after a halt: the browser is already gone.
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener("abort", onAbort);
    await session.close();
  }
  const ended = stop as Stop | null;
  return {
    report_version: 1,
    routine: { id: plan.routine.id, title: plan.routine.title },
    mode: execute ? "execute" : "dry-run",
    allow_destructive: allowDestructive,
    browser: { how: session.how, where: session.where },
    outcome: ended?.outcome ?? "completed",
    stopped_at: ended && ended.index > 0 ? ended.index : null,
    message: ended ? stopMessage(ended) : doneMessage(reports, execute),
    browser_start_ms: browserStart,
    first_step_ms: firstStep,
    total_ms: ms(t0),
    final,
    screenshots_dir: shots,
    steps: reports,
  };
}

function stopMessage(s: Stop): string {
  return s.index > 0 ? `stopped at step ${s.index}: ${s.why}` : s.why;
}

function doneMessage(steps: StepReport[], execute: boolean): string {
  const count = (st: string) => steps.filter((s) => s.status === st).length;
  const parts = [`${count(execute ? "done" : "checked")} ${execute ? "done" : "checked"}`];
  if (count("skipped") > 0) parts.push(`${count("skipped")} skipped`);
  return `all ${steps.length} steps passed their guards: ${parts.join(", ")}`;
}

async function screenshot(
  page: Page,
  dir: string,
  rep: StepReport,
  timeout: number,
): Promise<string | null> {
  const path = join(dir, `step-${String(rep.index).padStart(2, "0")}-${rep.status}.png`);
  try {
    await page.screenshot({ path, timeout: Math.min(timeout, 5000) });
    return path;
  } catch {
    return null;
  }
}
