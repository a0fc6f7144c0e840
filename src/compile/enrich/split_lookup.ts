/**
 * One element lookup over two (a live session's head and tail reads, src/cli/_delta.ts),
 * and which underlying lookup answers for a snapshot: the session's click memo
 * (click_memo.ts) keys on that lookup's identity, so a click of the head keeps its level
 * when only the tail's lookup is new.
 *
 * @module
 */

import type { ElementHits, ElementLevels, ElementLookup, ElementProbe } from "../../model.ts";

/** For each split lookup, the lookup that answers a snapshot's probes. */
const OWNERS = new WeakMap<ElementLookup, (ref: number) => ElementLookup>();

/**
 * A lookup answering `tail`'s own snapshots (`tailRefs`) from `tail` and every other one
 * from `head`; either alone when the other is absent.
 */
export function splitElementLookup(
  head: ElementLookup | undefined,
  tail: ElementLookup | undefined,
  tailRefs: ReadonlySet<number>,
): ElementLookup | undefined {
  if (head === undefined || tail === undefined) return tail ?? head;
  const split = <T>(
    probes: readonly ElementProbe[],
    ask: (l: ElementLookup, p: ElementProbe[]) => T[],
  ) => {
    const mine: ElementProbe[] = [], theirs: ElementProbe[] = [];
    for (const p of probes) (tailRefs.has(p.snapshotRef) ? mine : theirs).push(p);
    const a = mine.length > 0 ? ask(tail, mine) : [];
    const b = theirs.length > 0 ? ask(head, theirs) : [];
    let i = 0, j = 0;
    return probes.map((p) => tailRefs.has(p.snapshotRef) ? a[i++] : b[j++]);
  };
  const out: ElementLookup = {
    units: tail.units,
    near: (probes) => split<ElementHits>(probes, (l, p) => l.near(p)),
  };
  if (head.levels !== undefined && tail.levels !== undefined) {
    out.levels = (probes) => split<ElementLevels>(probes, (l, p) => l.levels!(p));
  }
  OWNERS.set(out, (ref) => tailRefs.has(ref) ? tail : head);
  return out;
}

/**
 * The lookup whose rows answer probes of snapshot `ref` through `lookup`: itself, or for a
 * split lookup the part that owns the snapshot (followed through nested splits).
 */
export function answeringLookup(lookup: ElementLookup, ref: number): ElementLookup {
  let l = lookup;
  for (let owner = OWNERS.get(l); owner !== undefined; owner = OWNERS.get(l)) l = owner(ref);
  return l;
}
