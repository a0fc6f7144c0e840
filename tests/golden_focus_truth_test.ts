/**
 * Two-monitor golden cases with known truth (issue 13): a case whose `case.json` carries
 * `focus_truth` (who really held focus, from when to when) has its per-app focused minutes
 * checked against that truth, computed here second by second from the case's own SQL rows
 * — not through the adapter or the compiler.
 */
import { ok } from "node:assert/strict";

const FIXTURES = new URL("../fixtures/", import.meta.url);

interface TruthSpan {
  from: string;
  to: string;
  display: string;
}

interface Row {
  at: number;
  app: string;
  display: string;
}

/** The `frames` rows of a case's SQL: time, app and display of each, in time order. */
function rowsOf(sql: string): Row[] {
  const out: Row[] = [];
  const re =
    /INSERT INTO frames \([^)]*\) VALUES \(\d+, '([^']+)', '([^']*)', '[^']*', [01], (?:NULL|'[^']*'), '([^']+)'/g;
  for (const m of sql.matchAll(re)) out.push({ at: Date.parse(m[1]), app: m[2], display: m[3] });
  return out.sort((a, b) => a.at - b.at);
}

/** Seconds each app truly held focus: the app the focused display showed at each second. */
function truthMinutes(rows: Row[], truth: TruthSpan[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const span of truth) {
    for (let t = Date.parse(span.from) + 500; t < Date.parse(span.to); t += 1000) {
      let app: string | undefined;
      for (const r of rows) if (r.display === span.display && r.at <= t) app = r.app;
      if (app !== undefined) out.set(app, (out.get(app) ?? 0) + 1 / 60);
    }
  }
  return out;
}

const cases = [...Deno.readDirSync(FIXTURES)].filter((e) => e.isDirectory).map((e) => e.name)
  .sort();

Deno.test("golden cases with a known focus truth exist", () => {
  const withTruth = cases.filter((name) =>
    JSON.parse(Deno.readTextFileSync(new URL(`${name}/case.json`, FIXTURES))).focus_truth
  );
  ok(withTruth.length >= 2, `only ${withTruth.length} cases carry focus_truth`);
});

for (const name of cases) {
  const dir = new URL(`${name}/`, FIXTURES);
  const cfg = JSON.parse(Deno.readTextFileSync(new URL("case.json", dir)));
  if (cfg.focus_truth === undefined) continue;
  Deno.test(`golden case ${name}: per-app focused minutes within 5% of the true focus`, () => {
    const rows = rowsOf(Deno.readTextFileSync(new URL("input.sql", dir)));
    const truth = truthMinutes(rows, cfg.focus_truth);
    const doc = JSON.parse(Deno.readTextFileSync(new URL("expected.json", dir)));
    ok(truth.size >= 2, "a truth of at least two apps");
    let total = 0;
    for (const [app, want] of truth) {
      const got = doc.ledger.find((e: { app: string }) => e.app === app)?.focused_minutes ?? 0;
      ok(
        Math.abs(got - want) <= 0.05 * want,
        `${app}: ${got} focused min, truly ${want.toFixed(2)}`,
      );
      total += want;
    }
    // The day's focused minutes are the truth's too, and the per-app minutes add up to them.
    const focused = doc.coverage.focused_minutes;
    ok(Math.abs(focused - total) <= 0.05 * total, `focused ${focused}, truly ${total.toFixed(2)}`);
    const sum = doc.ledger.reduce(
      (a: number, e: { focused_minutes: number }) => a + e.focused_minutes,
      0,
    );
    ok(
      Math.abs(sum - focused) <= 0.05 * doc.ledger.length + 1e-9,
      `Σ per app ${sum} vs ${focused}`,
    );
  });
}
