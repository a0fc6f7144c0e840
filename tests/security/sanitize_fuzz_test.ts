/**
 * Issue 14 — fuzz test of the sanitiser together with the URL typer and the redactors:
 * 100,000 seeded hostile strings (escape sequences, controls, bidi characters, Markdown and
 * HTML, URLs with planted credentials) go through redaction, typing and every sanitiser
 * function; then thousands of them as titles, names and URLs go through every emitter.
 * Nothing throws, no text output holds a control, escape or bidi character, JSON reads
 * back the same data, Markdown forms no markup and no name exceeds 300 characters.
 */

import assert from "node:assert/strict";
import type { Capture, Snapshot } from "../../src/model.ts";
import { compile } from "../../src/compile/mod.ts";
import { emitContext } from "../../src/emit/context.ts";
import { emitJson } from "../../src/emit/json.ts";
import { emitLedger } from "../../src/emit/ledger.ts";
import { emitMarkdown } from "../../src/emit/markdown.ts";
import { emitYaml } from "../../src/emit/yaml.ts";
import { loadParsers, redactTitle, redactUrl, typePageDetailed } from "../../src/entities/mod.ts";
import { frameSteps, renderSteps } from "../../src/steps/mod.ts";
import { analyseDay, detectPatterns, renderPatterns } from "../../src/patterns/mod.ts";
import {
  jsonText,
  markdownText,
  MAX_SHOWN_CHARS,
  safeLine,
  shownText,
  terminalText,
} from "../../src/text/sanitize.ts";
import { rng, secret } from "./_secrets.ts";
import { UNSAFE } from "./_hostile.ts";

const registry = await loadParsers();

const ESCAPES = [
  "\u001b[31m",
  "\u001b[0m",
  "\u001b[2J",
  "\u001b[?1049h",
  "\u001b]0;title\u0007",
  "\u001b]8;;https://evil.test/\u001b\\",
  "\u001b]8;;\u001b\\",
  "\u001b]52;c;Y2xpcGJvYXJk\u0007",
  "\u001bP+q544e\u001b\\",
  "\u001b]8;;unterminated",
  "\u009b6n",
  "\u009d0;x\u009c",
  "\u001b",
  "\u001b[",
];
const MARKUP = ["[", "]", "(", ")", "<", ">", "&", "*", "_", "`", "|", "~", "!", "#", "\\"];
const WORDS = [
  "Inbox",
  "github.com",
  "issue",
  "PR #412",
  "javascript:alert(1)",
  "data:x",
  "é",
  "😀",
];
const SCHEMES = ["https://", "http://", "javascript:", "data:text/html,", " https://", ""];

function hostile(r: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  let s = r() < 0.5 ? pick(SCHEMES) + "x.test/" : "";
  for (let n = 1 + Math.floor(r() * 8); n > 0; n--) {
    const k = r();
    if (k < 0.2) s += pick(ESCAPES);
    else if (k < 0.4) s += String.fromCharCode(Math.floor(r() * 0x20));
    else if (k < 0.5) s += String.fromCharCode(0x7f + Math.floor(r() * 0x21));
    else if (k < 0.6) {
      s += pick([
        "\u202a",
        "\u202b",
        "\u202c",
        "\u202d",
        "\u202e",
        "\u2066",
        "\u2067",
        "\u2068",
        "\u2069",
        "\u200e",
        "\u200f",
        "\u061c",
        "\u2028",
      ]);
    } else if (k < 0.7) s += pick(MARKUP);
    else if (k < 0.8) s += `?token=${secret(r)}&`;
    else if (k < 0.81) s += "x".repeat(300 + Math.floor(r() * 100)); // over the cap
    else if (k < 0.85) s += "x".repeat(Math.floor(r() * 20));
    else s += pick(WORDS) + " ";
  }
  return s;
}

function assertSafe(text: string, what: string, input: string): void {
  // CRLF ends a line (CSV); every other carriage return, and every other control, is unsafe.
  const m = UNSAFE.exec(text.replaceAll("\r\n", "\n"));
  assert.equal(
    m,
    null,
    `${what}: U+${m?.[0].charCodeAt(0).toString(16)} from ${JSON.stringify(input)}`,
  );
}

// Markup characters not preceded by an odd run of backslashes.
function unescapedMarkup(md: string): boolean {
  return /(?<!\\)(?:\\\\)*[[\]<>`*|~&]/.test(md);
}

Deno.test("the sanitiser, the redactors and the typer handle 100,000 hostile strings", () => {
  const r = rng(0x14);
  for (let i = 0; i < 100_000; i++) {
    const input = hostile(r);
    const url = redactUrl(input);
    const title = redactTitle(input);
    const page = typePageDetailed(input, registry);
    for (const text of [input, url, title, page.entity ?? ""]) {
      assertSafe(terminalText(text), "terminalText", input);
      const line = safeLine(text);
      assertSafe(line, "safeLine", input);
      assert.ok(!line.includes("\n") && !line.includes("\u001b"), input);
      const shown = shownText(text);
      assertSafe(shown, "shownText", input);
      assert.ok(Array.from(shown).length <= MAX_SHOWN_CHARS, input);
      const md = markdownText(text);
      assertSafe(md, "markdownText", input);
      assert.ok(!unescapedMarkup(md), `unescaped markup in ${md}`);
      const json = jsonText({ text });
      assertSafe(json, "jsonText", input);
      assert.equal(JSON.parse(json).text, text, "JSON keeps the data");
    }
  }
});

function hostileCapture(r: () => number, rows: number): Capture {
  const t0 = Date.UTC(2026, 6, 4, 8, 0, 0);
  const snapshots: Snapshot[] = [];
  for (let i = 0; i < rows; i++) {
    snapshots.push({
      ref: i + 1,
      at: t0 + i * 20_000,
      display: r() < 0.5 ? "monitor_1" : hostile(r).slice(0, 20) || "d",
      app: r() < 0.3 ? hostile(r) || "a" : `App ${i % 7}`,
      title: hostile(r),
      url: r() < 0.6 ? "https://" + hostile(r) : hostile(r),
    });
  }
  return {
    window: { start: t0, end: t0 + 86_400_000 },
    snapshots,
    events: snapshots.filter((_, i) => i % 3 === 0).map((s, i) => ({
      ref: 100_000 + i,
      at: s.at + 2_000,
      kind: "click" as const,
      title: hostile(r),
      url: s.url,
      element: { name: hostile(r), role: hostile(r).slice(0, 10) },
    })),
    displays: [],
    facts: {
      adapter: "test",
      location: "memory",
      fingerprint: "fuzz",
      capabilities: { input: true, elements: true, urls: true, heartbeats: false, focus: false },
      rows: { snapshots: rows },
      rejected: {},
    },
  };
}

Deno.test("every emitter keeps 1,500 hostile rows inert", () => {
  const r = rng(0x15);
  for (let n = 0; n < 5; n++) {
    const capture = hostileCapture(r, 300);
    const doc = compile(capture, { tz: "UTC", minMinutes: 0 });
    const steps = doc.frames.slice(0, 40).map((f) => frameSteps(capture, f.id, { tz: "UTC" }));
    const outputs: [string, string][] = [
      ["json", emitJson(doc)],
      ["yaml", emitYaml(doc)],
      ["md", emitMarkdown(doc)],
      ["context", emitContext(doc, { budget: 100_000 })],
      ["ledger", emitLedger(doc)],
      ["steps", renderSteps(steps)],
      ["steps json", jsonText(steps)],
    ];
    const day = analyseDay(capture, { day: "2026-07-04", tz: "UTC", minMinutes: 0 });
    const patterns = detectPatterns([day, day, day], { minCount: 1 });
    outputs.push(["patterns", renderPatterns(patterns)], ["patterns json", jsonText(patterns)]);
    for (const [what, text] of outputs) assertSafe(text, what, `capture ${n}`);
    assert.deepEqual(
      JSON.parse(emitJson(doc)),
      JSON.parse(JSON.stringify(doc)),
      "JSON keeps the data",
    );
    for (const line of emitMarkdown(doc).split("\n")) {
      for (const cellText of line.split(/(?<!\\)\|/)) {
        assert.ok(Array.from(cellText).length <= 3 * (MAX_SHOWN_CHARS + 20) + 400, "capped cells");
      }
    }
  }
});
