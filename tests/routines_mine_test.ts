/**
 * The routine miner on hand-written step streams: slots, optional and extra steps,
 * near-duplicates, non-overlapping counts, the naive h_raw against the honest h, holdout,
 * stable ids, and the suffix automaton against a brute-force count.
 */

import assert from "node:assert/strict";
import { maximalRepeats } from "../src/routines/automaton.ts";
import {
  type ActionStep,
  ariaRole,
  mineRoutines,
  normaliseName,
  urlGlob,
} from "../src/routines/mod.ts";
import { rng } from "./_routines_synth.ts";

const T0 = Date.UTC(2026, 2, 2, 9);

/** A step written as `op role name` (name `-` for unnamed), in `app`/`site`. */
interface Spec {
  s: string;
  app?: string;
  site?: string | null;
  /** Seconds after the previous step (default 3). */
  gap?: number;
}

let nextRef = 1;
function steps(specs: (Spec | string)[], start = T0): ActionStep[] {
  let at = start;
  return specs.map((x) => {
    const spec = typeof x === "string" ? { s: x } : x;
    at += (spec.gap ?? 3) * 1000;
    const [op, role, ...rest] = spec.s.split(" ");
    const name = rest.join(" ") === "-" ? undefined : rest.join(" ");
    return {
      ref: nextRef++,
      at,
      display: "monitor_1",
      app: spec.app ?? "Google Chrome",
      site: spec.site === undefined ? "linear.app" : spec.site,
      op: op as ActionStep["op"],
      role: ariaRole(role),
      name,
      norm: normaliseName(name),
      url: "https://linear.app/acme/issue/ENG-" + (nextRef % 7),
      keysAfter: [],
    };
  });
}

/** Background noise: unnamed clicks and rarely repeated names, `n` steps. */
function noise(n: number, seed: number): string[] {
  const r = rng(seed);
  return Array.from(
    { length: n },
    () => r() < 0.5 ? "click AXButton -" : `click AXLink page ${Math.floor(r() * 100000)}`,
  );
}

function mine(list: ActionStep[], opts: { holdoutFrom?: number } = {}) {
  return mineRoutines(list, { tz: "UTC", ...opts }).report;
}

const ROUTINE = ["click AXButton Status", "click AXMenuItem In Progress", "click AXButton Save"];

Deno.test("mineRoutines() finds a routine between noise and counts its occurrences", () => {
  const list: string[] = [];
  for (let i = 0; i < 5; i++) list.push(...noise(6, i), ...ROUTINE);
  const r = mine(steps(list));
  assert.equal(r.routines.length, 1);
  assert.deepEqual(r.routines[0].steps.map((s) => [s.op, s.role, s.name, s.slot]), [
    ["click", "button", "Status", false],
    ["click", "menuitem", "In Progress", false],
    ["click", "button", "Save", false],
  ]);
  assert.equal(r.routines[0].occurrences.length, 5);
  assert.equal(r.h, Math.round((15 / list.length) * 10_000) / 10_000);
});

Deno.test("mineRoutines() makes a position whose names vary a slot and keeps the values", () => {
  const names = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank"];
  const list: string[] = [];
  for (const n of names) {
    list.push(
      ...noise(5, names.indexOf(n)),
      "click AXButton Assign",
      `click AXMenuItem ${n}`,
      "click AXButton Done",
    );
  }
  const r = mine(steps(list));
  assert.equal(r.routines.length, 1);
  const s = r.routines[0].steps[1];
  assert.deepEqual([s.name, s.slot, s.role], [null, true, "menuitem"]);
  assert.deepEqual(r.routines[0].occurrences.map((o) => o.slots[s.slot_name!]), names);
});

Deno.test("mineRoutines() keeps near-duplicates that differ at one named step apart", () => {
  const a = [
    "click AXButton Review changes",
    "click AXRadioButton Approve",
    "click AXButton Submit review",
  ];
  const b = [
    "click AXButton Review changes",
    "click AXRadioButton Request changes",
    "click AXButton Submit review",
  ];
  const list: string[] = [];
  for (let i = 0; i < 4; i++) list.push(...noise(5, i), ...a, ...noise(4, 10 + i), ...b);
  const r = mine(steps(list));
  const titles = r.routines.map((x) => x.title).sort();
  assert.deepEqual(titles, [
    "Review changes → Approve → Submit review",
    "Review changes → Request changes → Submit review",
  ]);
  for (const x of r.routines) assert.equal(x.occurrences.length, 4);
});

Deno.test("mineRoutines() lets an optional step and an extra step not split a routine", () => {
  const list: string[] = [];
  for (let i = 0; i < 6; i++) {
    list.push(...noise(5, i), "click AXButton Status", "click AXMenuItem In Progress");
    if (i % 2 === 0) list.push("click AXLink stray " + i); // an extra step, never twice the same
    list.push("click AXButton Label");
    if (i % 3 !== 0) list.push("type AXTextField Comment"); // optional
  }
  const all = steps(list);
  const r = mine(all);
  assert.equal(r.routines.length, 1, JSON.stringify(r.routines.map((x) => x.title)));
  const x = r.routines[0];
  assert.equal(x.occurrences.length, 6);
  assert.deepEqual(x.steps.map((s) => s.optional), [false, false, false, true]);
  // Extra steps are not the routine's: no occurrence lists one.
  const stray = new Set(all.filter((s) => s.norm.startsWith("stray")).map((s) => s.ref));
  for (const o of x.occurrences) assert.ok(o.event_ids.every((id) => !stray.has(id)));
});

Deno.test("mineRoutines() counts occurrences without overlap", () => {
  // X Y X Y X Y X: "X Y X" occurs 3 times overlapping but only twice without overlap.
  const xy = ["click AXButton X", "click AXButton Y"];
  const list = [...xy, ...xy, ...xy, "click AXButton X"];
  const r = mine(steps(list));
  const seen = new Set<number>();
  for (const x of r.routines) {
    for (const o of x.occurrences) {
      for (const id of o.event_ids) {
        assert.ok(!seen.has(id), `event ${id} counted twice`);
        seen.add(id);
      }
    }
  }
  assert.ok(r.routines.every((x) => x.title !== "X → Y → X"));
});

Deno.test("mineRoutines() needs three occurrences and two named targets", () => {
  const twice = [...noise(4, 1), ...ROUTINE, ...noise(4, 2), ...ROUTINE];
  assert.equal(mine(steps(twice)).routines.length, 0);
  const one = ["click AXButton Status", "click AXButton -", "click AXButton -"];
  const list: string[] = [];
  for (let i = 0; i < 5; i++) list.push(...noise(3, i), ...one);
  assert.equal(mine(steps(list)).routines.length, 0);
});

Deno.test("mineRoutines() reports h_raw far above h on generic background, h near the planted share", () => {
  const r0 = rng(7);
  const generic = ["Send", "Search", "Approve", "Open", "Close"];
  const list: string[] = [];
  let planted = 0;
  for (let i = 0; i < 400; i++) {
    for (let k = 0; k < 20; k++) {
      list.push(`click AXButton ${generic[Math.floor(r0() * generic.length)]}`);
    }
    if (i % 20 === 0) {
      list.push("click AXButton Export", "click AXMenuItem CSV", "click AXButton Download");
      planted += 3;
    }
  }
  const r = mine(steps(list));
  const share = planted / list.length;
  assert.ok(r.h_raw > 10 * share, `h_raw ${r.h_raw} vs planted ${share}`);
  assert.ok(Math.abs(r.h - share) <= 0.005, `h ${r.h} vs planted ${share}`);
  assert.equal(r.routines.length, 1, JSON.stringify(r.routines.map((x) => x.title)));
});

Deno.test("mineRoutines() gives a window with no named step an empty result that says why", () => {
  const r = mine(steps(Array.from({ length: 30 }, () => "click AXButton -")));
  assert.equal(r.routines.length, 0);
  assert.match(r.notes.join("\n"), /no named steps/);
  assert.match(mine([]).notes.join("\n"), /no action steps/);
});

Deno.test("mineRoutines() ids derive from content: stable across windows and input order", () => {
  const list: string[] = [];
  for (let i = 0; i < 6; i++) list.push(...noise(5, i), ...ROUTINE);
  const all = steps(list);
  const full = mine(all);
  const half = mine(all.slice(0, Math.ceil(all.length * 0.6)));
  assert.equal(full.routines[0].id, half.routines[0].id);
  const shuffled = [...all].reverse().sort((a, b) => a.at - b.at || a.ref - b.ref);
  assert.deepEqual(mine(shuffled), full);
});

Deno.test("mineRoutines() with a holdout mines before the split and matches after it", () => {
  const day = 86_400_000;
  const before: ActionStep[] = [], after: ActionStep[] = [];
  for (let d = 0; d < 3; d++) before.push(...steps([...noise(5, d), ...ROUTINE], T0 + d * day));
  for (let d = 3; d < 6; d++) after.push(...steps([...noise(5, d), ...ROUTINE], T0 + d * day));
  // A second routine occurs twice before the split and four times after: not minable before.
  const late = ["click AXButton Export", "click AXMenuItem CSV", "click AXButton Download"];
  before.push(...steps(late, T0 + 0.5 * day), ...steps(late, T0 + 1.5 * day));
  for (let d = 3; d < 7; d++) after.push(...steps(late, T0 + (d + 0.5) * day));
  const list = [...before, ...after].sort((a, b) => a.at - b.at || a.ref - b.ref);
  const r = mine(list, { holdoutFrom: T0 + 3 * day - 3_600_000 });
  assert.equal(r.routines.length, 1);
  assert.equal(r.routines[0].occurrences.length, 6);
  const nBefore = list.filter((s) => s.at < T0 + 3 * day - 3_600_000).length;
  assert.equal(r.h_in, Math.round((9 / nBefore) * 10_000) / 10_000);
  assert.equal(r.h_out, Math.round((9 / (list.length - nBefore)) * 10_000) / 10_000);
  assert.match(r.notes.join("\n"), /cannot be mined there/);
  // Without the holdout both are found.
  assert.equal(mine(list).routines.length, 2);
});

Deno.test("maximalRepeats() agrees with a brute-force count on random sequences", () => {
  const r = rng(3);
  for (let trial = 0; trial < 30; trial++) {
    const seq = Array.from({ length: 40 }, () => Math.floor(r() * 3));
    const count = (sub: number[]) => {
      let n = 0;
      for (let i = 0; i + sub.length <= seq.length; i++) {
        if (sub.every((t, k) => seq[i + k] === t)) n++;
      }
      return n;
    };
    const want = new Set<string>();
    for (let i = 0; i < seq.length; i++) {
      for (let j = i + 2; j <= seq.length; j++) {
        const sub = seq.slice(i, j), c = count(sub);
        if (c < 2) continue;
        const left = [0, 1, 2].every((x) => count([x, ...sub]) < c);
        const right = [0, 1, 2].every((x) => count([...sub, x]) < c);
        if (left && right) want.add(`${sub.join("")}:${c}`);
      }
    }
    const got = new Set(
      maximalRepeats(seq, { minCount: 2, minLength: 2, maxLength: 100 }).map((x) =>
        `${seq.slice(x.end - x.length + 1, x.end + 1).join("")}:${x.count}`
      ),
    );
    assert.deepEqual([...got].sort(), [...want].sort());
  }
});

Deno.test("urlGlob() and ariaRole() give templates and ARIA roles", () => {
  assert.equal(
    urlGlob(["https://linear.app/acme/issue/ENG-1?x=1", "https://linear.app/acme/issue/ENG-7#c"]),
    "https://linear.app/acme/issue/*",
  );
  assert.equal(urlGlob(["https://a.com/x", "https://b.com/x"]), null);
  assert.equal(urlGlob(["https://a.com/x/1", "https://a.com/x"]), "https://a.com/x/*");
  assert.deepEqual(
    ["AXButton", "AXMenuItem", "AXTextField", "AXLink", "Edit", "menuitem", "AXWeird"].map(
      ariaRole,
    ),
    ["button", "menuitem", "textbox", "link", "textbox", "menuitem", "weird"],
  );
  assert.equal(normaliseName("  Ｓｅｎｄ   NOW "), "send now");
});
