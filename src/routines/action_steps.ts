/**
 * Action steps (issue 15): the clicks and typed runs of the steps view, after its click
 * resolution and stale attribution, each with the app/site of its frame, the page it
 * happened on and the field a typed run went into. Built from the same compiler stages as
 * `src/steps` (which, on this floor, cannot be imported), so a click resolves to the same
 * element in both views.
 *
 * @module
 */

import type { Capture, InputEvent } from "../model.ts";
import { buildFrames, type BuiltFrame, type Rules } from "../compile/mod.ts";
import {
  resolveFrameClicks,
  type SettledGeometry,
  settleFrameGeometry,
} from "../compile/enrich/mod.ts";
import { isResolved } from "../compile/enrich/counts.ts";
import { intervalAt } from "../compile/streams.ts";
import { rulesWith } from "../compile/rules.ts";
import { redactUrl } from "../entities/redact.ts";
import { ariaRole, isAddressBar, isTextEntry, normaliseName } from "./normalise.ts";

/** What an action step does. */
export type StepOp = "click" | "type" | "navigate";

/** One click or typed run, as the miner reads it. */
export interface ActionStep {
  /** The source's event ref (screenpipe: `ui_events.id`). */
  ref: number;
  /** UTC epoch ms. */
  at: number;
  /** The display the step's frame was on. */
  display: string;
  /** The frame's app. */
  app: string;
  /** The frame's site (hostname without www.), or null outside a browser. */
  site: string | null;
  /** click, type, or navigate (typing into the address bar). */
  op: StepOp;
  /** ARIA role of the target or field. */
  role: string | undefined;
  /** Accessible name of the target or field, as captured. */
  name: string | undefined;
  /** The name as steps compare it ("" when unnamed). */
  norm: string;
  /** The page the step happened on (secrets redacted), when known. */
  url: string | undefined;
  /** navigate: the URL the page went to (redacted), when seen. */
  to?: string;
  /** Click position in pixels. */
  x?: number;
  /** Click position in pixels. */
  y?: number;
  /** Typed runs: characters typed. */
  chars?: number;
  /** Typed runs: the text, only when the capture loaded it (operator opt-in). */
  text?: string;
  /** Return or Tab pressed right after the step, when the capture tells which key. */
  keysAfter: ("Enter" | "Tab")[];
  /**
   * Typed runs: the refs of every run typed into the same field in a row (a recorder writes
   * one row per typing pause); they are one step, `ref` first.
   */
  refs?: number[];
}

/** How many source rows (action steps as the source counts them) a step stands for. */
export function rowsOf(s: ActionStep): number {
  return s.refs?.length ?? 1;
}

/** The source refs of a step. */
export function refsOf(s: ActionStep): number[] {
  return s.refs ?? [s.ref];
}

/** Options of {@linkcode actionSteps}. */
export interface ActionStepsOptions extends Partial<Rules> {
  /** Click resolution tolerance per axis in pixels (default 40). */
  clickTolerancePx?: number;
}

/** A typed run belongs to a field clicked at most this long before it. */
const FIELD_REACH_MS = 30_000;
/** A navigation's destination appears within this long after the typing. */
const NAVIGATION_REACH_MS = 15_000;

/** A capture's action steps. */
export interface ActionSteps {
  /** Steps of frames and of their folded detours (as the detour's app), by time then ref. */
  steps: ActionStep[];
  /** Clicks and typed runs outside every dwell interval (SPEC §3.5): no app, still counted. */
  unplaced: number;
  /** The display geometry clicks were placed with: the capture's, plus what its clicks revealed. */
  geometry: SettledGeometry;
}

/** Every action step of a capture. */
export function actionSteps(capture: Capture, opts: ActionStepsOptions = {}): ActionSteps {
  const built = buildFrames(capture, rulesWith(opts), { stale: true });
  // A detour folded into a frame (flicker rule) is another app's input: its own pseudo-frame.
  const frames: BuiltFrame[] = [];
  const indexes = new Map<BuiltFrame["stream"], Map<number, number>>();
  for (const f of built.frames) {
    frames.push(f);
    if (f.interruptions.length === 0) continue;
    let index = indexes.get(f.stream);
    if (index === undefined) {
      indexes.set(f.stream, index = new Map(f.stream.snaps.map((s, i) => [s.ref, i])));
    }
    for (const x of f.interruptions) {
      frames.push({
        ...f,
        app: x.app,
        site: x.site,
        snaps: x.snapRefs.map((r) => index.get(r)!),
        events: x.events,
        interruptions: [],
      });
    }
  }
  const geometry = settleFrameGeometry(frames, capture, built.stale);
  const targets = resolveFrameClicks(frames, capture, {
    stale: built.stale,
    displays: geometry.displays,
    tolerancePx: opts.clickTolerancePx,
  });
  const out: ActionStep[] = [];
  for (const f of frames) frameSteps(f, targets, built.stale, out);
  const unplaced = built.unattributed.filter((e) => e.kind === "click" || e.kind === "text");
  const sorted = out.sort((a, b) => a.at - b.at || a.ref - b.ref);
  return { steps: sorted, unplaced: unplaced.length, geometry };
}

/** Source rows of steps (merged typing counts each of its rows). */
export function rowCount(steps: readonly ActionStep[]): number {
  let n = 0;
  for (const s of steps) n += rowsOf(s);
  return n;
}

function frameSteps(
  f: BuiltFrame,
  targets: ReturnType<typeof resolveFrameClicks>,
  stale: ReadonlyMap<InputEvent, { to: number }> | undefined,
  out: ActionStep[],
): void {
  const events = f.events.filter((e) => e.kind === "click" || e.kind === "text")
    .sort((a, b) => a.at - b.at || a.ref - b.ref);
  let last: ActionStep | undefined;
  for (const e of events) {
    const index = stale?.get(e)?.to ?? intervalAt(f.stream, e.at);
    const snap = f.stream.snaps[index < 0 ? f.snaps[0] : index];
    const page = snap?.url !== undefined && snap.url !== "" ? snap.url : e.url;
    const base = {
      ref: e.ref,
      at: e.at,
      display: f.display,
      app: f.app,
      site: f.site ?? null,
      url: page !== undefined && page !== "" ? redactUrl(page) : undefined,
      ...(e.x !== undefined ? { x: e.x } : {}),
      ...(e.y !== undefined ? { y: e.y } : {}),
      keysAfter: [],
    };
    let step: ActionStep;
    if (e.kind === "click") {
      const t = targets.get(e);
      const named = t !== undefined && isResolved(t.resolution) && t.name !== undefined;
      const name = named ? t.name : undefined;
      step = { ...base, op: "click", role: ariaRole(t?.role), name, norm: normaliseName(name) };
    } else {
      step = typed(e, base, last, f);
      if (last !== undefined && continues(last, step)) {
        // One more pause in the same typing: the step grows, it is not a new one.
        last.refs = [...refsOf(last), step.ref];
        last.chars = (last.chars ?? 0) + (step.chars ?? 0);
        if (last.text !== undefined || step.text !== undefined) {
          last.text = (last.text ?? "") + (step.text ?? "");
        }
        last.keysAfter = step.keysAfter;
        continue;
      }
    }
    out.push(step);
    last = step;
  }
}

type Base = Omit<ActionStep, "op" | "role" | "name" | "norm">;

/** A typed run that carries on the previous one: same field, nothing else in between. */
function continues(last: ActionStep, next: ActionStep): boolean {
  return last.op === "type" && next.op === "type" && last.norm === next.norm &&
    last.role === next.role && last.keysAfter.length === 0 &&
    next.at - last.at <= FIELD_REACH_MS;
}

/** A typed run: its field is its own element, else the text field clicked just before. */
function typed(e: InputEvent, base: Base, last: ActionStep | undefined, f: BuiltFrame): ActionStep {
  let role = ariaRole(e.element?.role);
  let name = e.element?.name;
  if (
    (name === undefined || name.trim() === "") && last !== undefined && last.op === "click" &&
    isTextEntry(last.role) && e.at - last.at <= FIELD_REACH_MS
  ) {
    role = last.role;
    name = last.name;
  }
  if (role === undefined && name !== undefined) role = "textbox";
  const norm = normaliseName(name);
  const chars = e.chars ?? (e.text !== undefined ? [...e.text].length : 0);
  const keysAfter: ("Enter" | "Tab")[] = [];
  // The model records no key identity; an opted-in run that ends in a newline or tab says it.
  if (e.text !== undefined && /\n$/.test(e.text)) keysAfter.push("Enter");
  else if (e.text !== undefined && /\t$/.test(e.text)) keysAfter.push("Tab");
  const step: ActionStep = {
    ...base,
    op: isAddressBar(norm) ? "navigate" : "type",
    role,
    name,
    norm,
    chars,
    keysAfter,
    ...(e.text !== undefined ? { text: e.text.replace(/[\n\t]$/, "") } : {}),
  };
  if (step.op === "navigate") {
    const to = destination(f, e.at, step.url);
    if (to !== undefined) step.to = to;
  }
  return step;
}

/** The first URL the frame's display showed after `at` that differs from the page typed on. */
function destination(f: BuiltFrame, at: number, from: string | undefined): string | undefined {
  const st = f.stream;
  for (let i = Math.max(0, intervalAt(st, at)); i < st.snaps.length; i++) {
    const s = st.snaps[i];
    if (s.at < at) continue;
    if (s.at - at > NAVIGATION_REACH_MS) break;
    if (s.url !== undefined && s.url !== "") {
      const r = redactUrl(s.url);
      if (r !== from) return r;
    }
  }
  return undefined;
}
