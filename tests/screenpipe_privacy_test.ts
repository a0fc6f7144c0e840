/**
 * Issue 17: screenpipe's own privacy markers — its redaction placeholders (`[EMAIL]`, …,
 * crates/screenpipe-core/src/pii_removal.rs) and the `*_redacted_at` watermarks of its
 * redaction worker — count as withheld: never content, never printed, counted in coverage.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { SCREENPIPE_SCHEMA_SQL } from "../src/demo/_schema.ts";
import { readScreenpipe } from "../adapters/screenpipe/read.ts";
import { readScreenpipeApi } from "../adapters/screenpipe/api.ts";
import { compile } from "../src/compile/mod.ts";
import { loadEmitter } from "../src/emit/load.ts";
import { serveScreenpipeStandIn } from "./_screenpipe_api.ts";
import { assertValidDocument } from "./_schema.ts";

const T = (m: number) => Date.UTC(2026, 2, 24, 9, m);
const WINDOW = { start: Date.UTC(2026, 2, 24), end: Date.UTC(2026, 2, 25) };
const dir = Deno.makeTempDirSync({ prefix: "frames_sp_privacy_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));

function database(): string {
  const path = join(dir, "db.sqlite");
  const db = new DatabaseSync(path);
  db.exec(SCREENPIPE_SCHEMA_SQL);
  db.exec("ALTER TABLE frames ADD COLUMN full_text_redacted_at INTEGER");
  db.exec("ALTER TABLE ui_events ADD COLUMN element_value_redacted_at INTEGER");
  const f = db.prepare(
    `INSERT INTO frames (id, timestamp, app_name, window_name, focused, device_name,
       full_text_redacted_at) VALUES (?, ?, ?, ?, 1, 'monitor_0', ?)`,
  );
  const titles = [
    "Inbox ([EMAIL]) - Gmail",
    "[EMAIL]",
    "Billing [CREDIT_CARD] [PHONE]",
    "Notes",
    "Notes",
  ];
  titles.forEach((t, i) =>
    f.run(i + 1, new Date(T(i)).toISOString(), "Chrome", t, i < 2 ? 1 : null)
  );
  const e = db.prepare(
    `INSERT INTO ui_events (id, timestamp, event_type, text_content, window_title, element_name,
       element_value_redacted_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  e.run(
    1,
    new Date(T(0) + 10_000).toISOString(),
    "text",
    "hi [EMAIL]",
    "Inbox ([EMAIL]) - Gmail",
    null,
    null,
  );
  e.run(2, new Date(T(2) + 10_000).toISOString(), "click", null, "Billing", "[CREDIT_CARD]", 1);
  e.run(3, new Date(T(3) + 10_000).toISOString(), "text", "plain", "Notes", null, null);
  db.close();
  return path;
}

Deno.test("screenpipe placeholders and *_redacted_at rows are withheld in DB and API reads, never output", async () => {
  const path = database();
  const server = serveScreenpipeStandIn(path);
  try {
    const fromDb = readScreenpipe(path, WINDOW);
    const fromApi = await readScreenpipeApi(server.url, WINDOW);
    for (const [name, cap] of [["db", fromDb], ["api", fromApi]] as const) {
      deepEqual(
        cap.snapshots.map((s) => s.title),
        ["Inbox ( ) - Gmail", undefined, "Billing", "Notes", "Notes"],
        name,
      );
      // "hi [EMAIL]" typed: 3 characters of typing, not 10.
      deepEqual(cap.events.filter((e) => e.kind === "text").map((e) => e.chars), [3, 5], name);
      ok(cap.events.every((e) => e.element?.name === undefined), name);
      const doc = compile(cap, { tz: "UTC", minMinutes: 0 });
      assertValidDocument(doc);
      const withheld: Record<string, number> = doc.coverage.withheld?.recorder ?? {};
      // Placeholders: 1 + 1 + 2 in frame titles, then in event titles, names and typing.
      ok((withheld["screenpipe redaction placeholder"] ?? 0) >= 4, JSON.stringify(withheld));
      for (const format of ["json", "yaml", "md", "context"] as const) {
        const out = (await loadEmitter(format))(doc);
        ok(!/\[(EMAIL|PHONE|CREDIT_CARD)\]/.test(out), `${name} ${format} prints no placeholder`);
      }
      if (name === "db") {
        equal(withheld["screenpipe redacted upstream: frames"], 2);
        equal(withheld["screenpipe redacted upstream: ui_events"], 1);
      }
    }
  } finally {
    await server.close();
  }
});
