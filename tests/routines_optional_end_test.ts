/**
 * An optional last step beside fewer than half of a routine's occurrences (the demo's
 * Stripe routine: Refund after Payments in 2 of 6) joins the routine as optional when
 * chance rarely puts it there; a generic step the stream uses everywhere does not.
 */

import assert from "node:assert/strict";
import { type ActionStep, ariaRole, mineRoutines, normaliseName } from "../src/routines/mod.ts";
import { OPTIONAL_PRESENCE } from "../src/compile/rules.ts";
import { rng } from "./_routines_synth.ts";

const T0 = Date.UTC(2026, 2, 2, 9);

let nextRef = 1;
/** Steps 3 s apart; a spec starting with `>` comes 10 minutes later (a new session). */
function steps(specs: string[]): ActionStep[] {
  let at = T0;
  return specs.map((spec) => {
    at += spec.startsWith(">") ? 600_000 : 3000;
    const s = spec.replace(/^>/, "");
    const [op, role, ...rest] = s.split(" ");
    const name = rest.join(" ") === "-" ? undefined : rest.join(" ");
    return {
      ref: nextRef++,
      at,
      display: "monitor_1",
      app: "Google Chrome",
      site: "dashboard.stripe.com",
      op: op as ActionStep["op"],
      role: ariaRole(role),
      name,
      norm: normaliseName(name),
      url: "https://dashboard.stripe.com/customers/" + (nextRef % 5),
      keysAfter: [],
    };
  });
}

function noise(n: number, seed: number, generic?: string): string[] {
  const r = rng(seed);
  return Array.from({ length: n }, () => {
    const x = r();
    if (generic !== undefined && x < 0.3) return `click AXButton ${generic}`;
    return x < 0.65 ? "click AXButton -" : `click AXLink page ${Math.floor(r() * 100000)}`;
  });
}

const ROUTINE = ["click AXButton Search", "click AXTab Invoices", "click AXTab Payments"];

/**
 * Six occurrences, each the last thing before a break (as the demo's Stripe refunds are);
 * the step `last` follows the ones in `withLast`.
 */
function stream(last: string, withLast: number[], generic?: string): ActionStep[] {
  const list: string[] = [];
  for (let i = 0; i < 6; i++) {
    const before = noise(8, i, generic);
    before[0] = ">" + before[0];
    list.push(...before, ...ROUTINE);
    if (withLast.includes(i)) list.push(last);
  }
  const after = noise(8, 99, generic);
  after[0] = ">" + after[0];
  list.push(...after);
  return steps(list);
}

Deno.test("a rare step after a third of the occurrences joins the routine as an optional last step", () => {
  const withLast = [0, 3];
  assert.ok(withLast.length >= 6 * OPTIONAL_PRESENCE && withLast.length < 6 / 2);
  const r = mineRoutines(stream("click AXButton Refund", withLast), { tz: "UTC" }).report;
  assert.equal(r.routines.length, 1, JSON.stringify(r.routines.map((x) => x.title)));
  const x = r.routines[0];
  assert.equal(x.occurrences.length, 6);
  assert.deepEqual(x.steps.map((s) => [s.name, s.optional]), [
    ["Search", false],
    ["Invoices", false],
    ["Payments", false],
    ["Refund", true],
  ]);
  // The occurrences that had it list it; the others do not.
  assert.deepEqual(x.occurrences.map((o) => o.event_ids.length), [4, 3, 3, 4, 3, 3]);
});

Deno.test("a step beside fewer occurrences than an optional step needs does not join", () => {
  const r = mineRoutines(stream("click AXButton Refund", [2]), { tz: "UTC" }).report;
  assert.equal(r.routines.length, 1);
  assert.deepEqual(r.routines[0].steps.map((s) => s.name), ["Search", "Invoices", "Payments"]);
});

Deno.test("a generic step the stream uses everywhere does not join, beside a third or not", () => {
  const r = mineRoutines(stream("click AXButton Send", [0, 3], "Send"), { tz: "UTC" }).report;
  const x = r.routines.find((y) => y.steps.some((s) => s.name === "Payments"));
  assert.ok(x !== undefined, JSON.stringify(r.routines.map((y) => y.title)));
  assert.ok(!x.steps.some((s) => s.name === "Send"), x.title);
});
