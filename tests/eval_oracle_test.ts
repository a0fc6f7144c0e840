import { deepEqual, equal, notDeepEqual, ok } from "node:assert/strict";
import { DWELL_CAP_S, SESSION_GAP_S } from "../src/compile/rules.ts";
import type { Capture, Snapshot } from "../src/model.ts";
import { generateQuestions, oracle, type Question } from "../src/eval/mod.ts";
import { ORACLE_DWELL_CAP_MS, ORACLE_SESSION_GAP_MS } from "../src/eval/oracle.ts";
import { statedFacts } from "../src/eval/facts.ts";
import { gradeAnswer, recalls } from "../src/eval/grade.ts";

const TZ = "UTC";
const T0 = Date.UTC(2026, 2, 25, 9, 0, 0);

function capture(snapshots: Snapshot[]): Capture {
  return {
    window: { start: Date.UTC(2026, 2, 25), end: Date.UTC(2026, 2, 26) },
    snapshots,
    events: [],
    displays: [],
    facts: {} as Capture["facts"],
  };
}

function snap(ref: number, s: number, app: string, extra: Partial<Snapshot> = {}): Snapshot {
  return { ref, at: T0 + s * 1000, display: "m1", app, ...extra };
}

Deno.test("the oracle imports nothing from src/compile, and restates its constants", async () => {
  for (const file of ["oracle.ts", "_clock.ts", "questions.ts"]) {
    const text = await Deno.readTextFile(new URL(`../src/eval/${file}`, import.meta.url));
    const imports = [...text.matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1]);
    ok(imports.every((i) => !i.includes("compile/")), `${file} imports ${imports.join(", ")}`);
  }
  equal(ORACLE_DWELL_CAP_MS, DWELL_CAP_S * 1000);
  equal(ORACLE_SESSION_GAP_MS, SESSION_GAP_S * 1000);
});

Deno.test("oracle() caps dwell, splits at session gaps and finds the away period", () => {
  const truth = oracle(
    capture([
      snap(1, 0, "Editor"), // earns 60 s
      snap(2, 60, "Browser", { url: "https://www.GitHub.com/acme" }), // 240 s to the next: 90
      snap(3, 300, "Browser", { url: "https://docs.example.org/x" }), // 600 s gap: nothing
      snap(4, 900, "Editor"), // earns 60 s
      snap(5, 960, "Editor"), // the last earns nothing
    ]),
    { day: "2026-03-25", tz: TZ },
  );
  deepEqual(truth.apps, [{ app: "Editor", minutes: 2 }, { app: "Browser", minutes: 1.5 }]);
  deepEqual(truth.appSet, ["Browser", "Editor"]);
  deepEqual(truth.domains, ["docs.example.org", "github.com"]);
  equal(truth.firstActivity, 9 * 60);
  equal(truth.lastActivity, 9 * 60 + 16);
  // Credit reaches 09:02:30; the next snapshot is at 09:15: 12.5 minutes away.
  deepEqual(truth.away, [{ start: 9 * 60 + 2, minutes: 12.5 }]);
});

Deno.test("oracle() counts only focused snapshots when focus varies, each instant once", () => {
  const rows = [
    snap(1, 0, "Editor", { focused: true }),
    snap(2, 0, "Chat", { display: "m2", focused: false }),
    snap(3, 60, "Editor", { focused: false }),
    snap(4, 60, "Chat", { display: "m2", focused: true }),
    snap(5, 120, "Editor", { focused: true }),
    snap(6, 120, "Chat", { display: "m2", focused: false }),
  ];
  const truth = oracle(capture(rows), { day: "2026-03-25", tz: TZ });
  deepEqual(truth.apps, [{ app: "Chat", minutes: 1 }, { app: "Editor", minutes: 1 }]);
  // Without focus marks both displays earn, but an instant is still counted once.
  const plain = oracle(capture(rows.map(({ focused: _, ...r }) => r)), {
    day: "2026-03-25",
    tz: TZ,
  });
  const total = plain.apps.reduce((n, a) => n + a.minutes, 0);
  equal(total, 2, "two minutes of life, not four");
});

Deno.test("oracle() lets the snapshot past the window earn the last one's dwell", () => {
  const c = capture([snap(1, 0, "Editor")]);
  c.after = [snap(2, 30, "Editor")];
  deepEqual(oracle(c, { day: "2026-03-25", tz: TZ }).apps, [{ app: "Editor", minutes: 0.5 }]);
});

const TRUTH = {
  day: "2026-03-25",
  apps: [
    { app: "Editor", minutes: 300 },
    { app: "Browser", minutes: 120 },
    { app: "Chat", minutes: 30 },
    { app: "Mail", minutes: 10 },
  ],
  appSet: ["Browser", "Chat", "Editor", "Mail"],
  domains: ["github.com", "google.com", "linear.app"],
  firstActivity: 8 * 60 + 5,
  lastActivity: 18 * 60,
  away: [{ start: 12 * 60, minutes: 45 }, { start: 15 * 60, minutes: 8 }],
};

Deno.test("generateQuestions() is seeded: same seed same questions, another seed others", () => {
  const a = generateQuestions(TRUTH, { seed: 3 });
  deepEqual(a, generateQuestions(TRUTH, { seed: 3 }));
  const seeds = [4, 5, 6, 7].map((seed) => generateQuestions(TRUTH, { seed }));
  ok(seeds.some((q) => JSON.stringify(q) !== JSON.stringify(a)), "some other seed differs");
  const kinds = new Set(a.map((q) => q.kind));
  for (
    const k of [
      "top_app",
      "app_minutes",
      "app_count",
      "compare",
      "domain_visited",
      "first_activity",
      "away",
      "absent_app",
      "absent_domain",
    ]
  ) ok(kinds.has(k as Question["kind"]), `asks ${k}`);
  for (const q of a) {
    if (q.expected.type === "yesno" && !q.expected.yes) {
      ok(!TRUTH.appSet.includes(q.expected.subject) && !TRUTH.domains.includes(q.expected.subject));
    }
  }
  notDeepEqual(a.map((q) => q.id), [], "ids");
});

const BLOCK =
  `USER ACTIVITY (2026-03-25, UTC local time; measured from screen capture, no interpretation):
coverage: 08:05-18:00, 460 active min, 4 apps, 20 frames
apps (min): Editor 300; Browser 121; Chat 29; Mail 10
sites (min): github.com 60; google.com 40; linear.app 20
away: 00:00-08:05 (485m), 12:00-12:45 (45m), 15:00-15:08 (8m), 18:00-00:00+1d (360m)
(all 20 frames shown)
`;

Deno.test("recalls() finds every fact of a complete block, and misses what a block leaves out", () => {
  const qs = generateQuestions(TRUTH, { seed: 3 });
  const full = statedFacts("context", BLOCK);
  for (const q of qs) ok(recalls(q, full), `${q.id} ${q.kind}: ${q.text}`);
  // A block that drops a site, states Chat at double its time and gets the morning wrong.
  const broken = BLOCK.replace("; linear.app 20", "").replace("Chat 29", "Chat 60")
    .replace("08:05-18:00", "08:40-18:00").replace(", 12:00-12:45 (45m)", "");
  const bad = statedFacts("context", broken);
  const fails = (kind: Question["kind"]) =>
    qs.filter((q) => q.kind === kind).some((q) => !recalls(q, bad));
  ok(fails("first_activity"), "a wrong first activity is not recalled");
  ok(fails("away"), "a dropped away period is not recalled");
  const linear = {
    ...qs[0],
    kind: "domain_visited" as const,
    expected: { type: "yesno" as const, subject: "linear.app", what: "domain" as const, yes: true },
  };
  ok(recalls(linear, full) && !recalls(linear, bad), "a dropped site is not recalled");
  const chat = {
    ...qs[0],
    kind: "app_minutes" as const,
    expected: { type: "minutes" as const, app: "Chat", minutes: 30, tolerance: 3 },
  };
  ok(recalls(chat, full) && !recalls(chat, bad), "minutes outside the tolerance are not recalled");
});

Deno.test("gradeAnswer() grades names, minutes, yes/no and times against the oracle", () => {
  const q = (expected: Question["expected"]): Question => ({
    id: "d#1",
    day: "d",
    kind: "top_app",
    text: "",
    expected,
  });
  ok(gradeAnswer(q({ type: "name", name: "Editor", others: ["Browser"] }), "Editor"));
  ok(!gradeAnswer(q({ type: "name", name: "Editor", others: ["Browser"] }), "Editor or Browser"));
  ok(
    gradeAnswer(q({ type: "minutes", app: "Chat", minutes: 30, tolerance: 3 }), "about 32 minutes"),
  );
  ok(!gradeAnswer(q({ type: "minutes", app: "Chat", minutes: 30, tolerance: 3 }), "40"));
  ok(gradeAnswer(q({ type: "yesno", subject: "x", what: "app", yes: false }), "No."));
  ok(!gradeAnswer(q({ type: "yesno", subject: "x", what: "app", yes: false }), "yes"));
  ok(gradeAnswer(q({ type: "time", minute: 485, tolerance: 5 }), "08:09"));
  ok(!gradeAnswer(q({ type: "time", minute: 485, tolerance: 5 }), "08:20"));
  ok(gradeAnswer(q({ type: "away", start: 720, minutes: 45, tolerance: 5 }), "12:02, 44 minutes"));
});
