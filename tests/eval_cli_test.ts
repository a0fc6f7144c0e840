import { equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { writeDemoDatabase } from "../src/demo/mod.ts";
import { runFrames } from "./_frames.ts";

const home = await Deno.makeTempDir({ prefix: "frames-eval-" });
const db = join(home, "demo.sqlite");
const demo = writeDemoDatabase(db, { days: 3 });
const SRC = ["--source", `screenpipe:${db}`, "--tz", "Europe/Berlin"];
const DAY = demo.busiestDay;

function frames(args: string[], env: Record<string, string> = {}) {
  return runFrames(args, { home, env });
}

/**
 * Typed text the demo holds and no screen showed (a search typed into a box is also in the
 * page's URL and title, which are capture, not typed text): never loaded, so never sent.
 */
function typedTexts(): string[] {
  const d = new DatabaseSync(db, { readOnly: true });
  try {
    const rows = d.prepare(
      "SELECT DISTINCT text_content AS t FROM ui_events WHERE text_content IS NOT NULL AND length(text_content) >= 6",
    ).all() as { t: string }[];
    const shown = (d.prepare("SELECT window_name AS w, browser_url AS u FROM frames").all() as {
      w: string | null;
      u: string | null;
    }[]).map((r) => {
      let url = r.u ?? "";
      try {
        url = decodeURIComponent(url.replace(/\+/g, " "));
      } catch {
        // keep it as it is
      }
      return `${r.w ?? ""} ${url}`.toLowerCase();
    }).join("\n");
    return rows.map((r) => r.t).filter((t) => !shown.includes(t.toLowerCase()));
  } finally {
    d.close();
  }
}

Deno.test("frames eval reports tokens and fact recall per representation (json)", async () => {
  const r = await frames(["eval", ...SRC, "--json"]);
  equal(r.code, 0, r.stderr);
  const report = JSON.parse(r.stdout);
  equal(report.days.length, 3, "every day the source holds");
  const reps = Object.fromEntries(report.representations.map((x: { name: string }) => [x.name, x]));
  ok(reps.raw_rows.tokens > reps.json.tokens && reps.json.tokens > reps.md.tokens);
  ok(reps.md.tokens > reps.context.tokens);
  ok(reps.context.tokens_per_day <= 1500, "the block keeps its budget");
  ok(report.questions >= 20);
  ok(reps.context.recall.pct >= 90, `context recall ${reps.context.recall.pct}`);
  ok(reps.raw_rows.recall.pct < reps.context.recall.pct, "raw rows state fewer facts outright");
  // The same seed asks the same questions; another asks others.
  const again = await frames(["eval", ...SRC, "--json"]);
  equal(again.stdout, r.stdout);
  const other = JSON.parse((await frames(["eval", ...SRC, "--json", "--seed", "9"])).stdout);
  ok(
    JSON.stringify(other.results.map((q: { text: string }) => q.text)) !==
      JSON.stringify(report.results.map((q: { text: string }) => q.text)),
  );
});

Deno.test("frames eval -f md prints the table; bad flags exit 2", async () => {
  const r = await frames(["eval", ...SRC, "--day", DAY, "--budget", "800"]);
  equal(r.code, 0, r.stderr);
  match(r.stdout, /\| context \| \d+ \| [\d.]+% \(\d+\/\d+\) \|/);
  match(r.stdout, /context block at 800 tokens/);
  const unknown = await frames(["eval", ...SRC, "--answerer", "claude"]);
  equal(unknown.code, 2);
  match(unknown.stderr, /Unknown answerer "claude": use none or openai/);
  const noEnv = await frames(["eval", ...SRC, "--answerer", "openai"]);
  equal(noEnv.code, 2);
  match(noEnv.stderr, /FRAMES_EVAL_BASE_URL/);
  const badFormat = await frames(["eval", ...SRC, "-f", "yaml"]);
  equal(badFormat.code, 2);
});

Deno.test("frames eval with an unreachable answerer still writes the deterministic report, exit 1", async () => {
  // A port that was free a moment ago: nothing listens there.
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  const out = join(home, "unreachable.json");
  const r = await frames([
    "eval",
    ...SRC,
    "--day",
    DAY,
    "--answerer",
    "openai",
    "--json",
    "--out",
    out,
  ], {
    FRAMES_EVAL_BASE_URL: `http://127.0.0.1:${port}/v1`,
    FRAMES_EVAL_MODEL: "m",
  });
  equal(r.code, 1);
  match(
    r.stderr,
    new RegExp(`Cannot reach the answerer "http://127.0.0.1:${port}/v1/chat/completions"`),
  );
  const report = JSON.parse(await Deno.readTextFile(out));
  ok(report.representations[3].recall.of > 0, "deterministic part present");
  match(report.answerer.error, /Cannot reach/);
});

/** A stub endpoint answering from the record with a simple rule, as a weak model would. */
function stubAnswer(record: string, question: string): string {
  const apps = /^apps \(min\): (.*)$/m.exec(record)?.[1] ?? "";
  const sites = /^sites \(min\): (.*)$/m.exec(record)?.[1] ?? "";
  const minutesOf = (app: string) =>
    new RegExp(`(?:^|; )${app.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} (\\d+)`).exec(apps)?.[1];
  let m;
  if (/most time/.test(question)) {
    return apps.split(" ").slice(0, -1).join(" ").split(";")[0].replace(/ \d+$/, "");
  }
  if ((m = /minutes was (.+) used\?/.exec(question))) return minutesOf(m[1]) ?? "0";
  if (/how many different apps/i.test(question)) return /, (\d+) apps/.exec(record)?.[1] ?? "0";
  if ((m = /more time, (.+) or (.+)\?/.exec(question))) {
    return Number(minutesOf(m[1]) ?? 0) >= Number(minutesOf(m[2]) ?? 0) ? m[1] : m[2];
  }
  if ((m = /Was (.+) (used|visited)\?/.exec(question))) {
    return (m[2] === "used" ? apps : sites).includes(m[1]) ? "yes" : "no";
  }
  if (/first activity/.test(question)) return /^coverage: (\d{2}:\d{2})/m.exec(record)?.[1] ?? "";
  return "I don't know";
}

Deno.test("frames eval --answerer openai asks a local stub, grades it, and never sends typed text", async () => {
  const bodies: string[] = [];
  const auth: (string | null)[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const text = await req.text();
    bodies.push(text);
    auth.push(req.headers.get("authorization"));
    const body = JSON.parse(text);
    const record = body.messages[0].content as string;
    const question = body.messages[1].content as string;
    return Response.json({
      choices: [{ message: { role: "assistant", content: stubAnswer(record, question) } }],
    });
  });
  try {
    const r = await frames(["eval", ...SRC, "--day", DAY, "--answerer", "openai", "--json"], {
      FRAMES_EVAL_BASE_URL: `http://127.0.0.1:${server.addr.port}/v1/`,
      FRAMES_EVAL_MODEL: "stub-1",
      FRAMES_EVAL_API_KEY: "k-123",
    });
    equal(r.code, 0, r.stderr);
    const report = JSON.parse(r.stdout);
    equal(report.answerer.model, "stub-1");
    const ctx = report.representations.find((x: { name: string }) => x.name === "context");
    ok(ctx.accuracy.of === report.questions, "every question asked with the block");
    // The rule answers everything but the away question from the block.
    ok(ctx.accuracy.pct >= 70, `stub accuracy ${ctx.accuracy.pct}`);
    ok(
      ctx.accuracy.hits < ctx.accuracy.of ||
        !report.results.some((q: { kind: string }) => q.kind === "away"),
    );
    const raw = report.representations.find((x: { name: string }) => x.name === "raw_rows");
    equal(raw.accuracy, undefined, "raw rows are over the cap and not sent");
    ok(auth.every((a) => a === "Bearer k-123"));
    const texts = typedTexts();
    ok(texts.length > 0, "the demo has typed text to leak");
    for (const b of bodies) {
      for (const t of texts) {
        ok(!b.includes(JSON.stringify(t).slice(1, -1)), `typed text sent: ${t}`);
      }
    }
  } finally {
    await server.shutdown();
  }
});
