/**
 * Per-app/site step streams: the action steps of one (app, site) in time order, with each
 * step's comparison keys interned as integers and a segment number that changes wherever
 * two steps lie further apart than an occurrence may stretch. Interruptions by other apps
 * drop out by construction, so a routine interrupted by a chat reply stays one run.
 *
 * @module
 */

import type { ActionStep } from "./action_steps.ts";
import { MAX_STEP_GAP_MS } from "../compile/rules.ts";
import { urlShape } from "./url_glob.ts";

/** Strings ↔ small integers, shared by every stream of one run. */
export class Interner {
  #ids = new Map<string, number>();
  #keys: string[] = [];
  /** The id of `key`, assigning the next one on first sight. */
  id(key: string): number {
    let id = this.#ids.get(key);
    if (id === undefined) {
      id = this.#keys.length;
      this.#ids.set(key, id);
      this.#keys.push(key);
    }
    return id;
  }
  /** The key of an id. */
  key(id: number): string {
    return this.#keys[id];
  }
}

/** The steps of one app/site with their keys. */
export interface StepStream {
  /** `app U+0001 site`. */
  scope: string;
  app: string;
  site: string | null;
  steps: ActionStep[];
  /** Interned `op|role|name` key per step, -1 when unnamed. */
  exact: Int32Array;
  /** Interned `op|role` key per step. */
  role: Int32Array;
  /** Segment number per step. */
  seg: Int32Array;
  /** Interned `op|role` keys of clicks. */
  clickRoles: Set<number>;
}

/** The `op|role` key of a step. */
export function roleKey(s: ActionStep): string {
  return `${s.op}\u0001${s.role ?? ""}`;
}

/** The `op|role|name` key of a step, or undefined when it has no name to compare. */
export function exactKey(s: ActionStep): string | undefined {
  if (s.op === "navigate") {
    return s.to === undefined ? undefined : `${roleKey(s)}\u0001${urlShape(s.to)}`;
  }
  return s.norm === "" ? undefined : `${roleKey(s)}\u0001${s.norm}`;
}

/** Splits time-ordered steps into per-app/site streams, in order of first appearance. */
export function stepStreams(steps: readonly ActionStep[], interner: Interner): StepStream[] {
  const groups = new Map<string, ActionStep[]>();
  for (const s of steps) {
    const scope = `${s.app}\u0001${s.site ?? ""}`;
    let g = groups.get(scope);
    if (!g) groups.set(scope, g = []);
    g.push(s);
  }
  const out: StepStream[] = [];
  for (const [scope, list] of groups) {
    const exact = new Int32Array(list.length);
    const role = new Int32Array(list.length);
    const seg = new Int32Array(list.length);
    let segment = 0;
    const clickRoles = new Set<number>();
    for (let i = 0; i < list.length; i++) {
      const k = exactKey(list[i]);
      exact[i] = k === undefined ? -1 : interner.id(k);
      role[i] = interner.id(roleKey(list[i]));
      if (list[i].op === "click") clickRoles.add(role[i]);
      if (i > 0 && list[i].at - list[i - 1].at > MAX_STEP_GAP_MS) segment++;
      seg[i] = segment;
    }
    out.push({
      scope,
      app: list[0].app,
      site: list[0].site,
      steps: list,
      exact,
      role,
      seg,
      clickRoles,
    });
  }
  return out.sort((a, b) => a.scope < b.scope ? -1 : a.scope > b.scope ? 1 : 0);
}
