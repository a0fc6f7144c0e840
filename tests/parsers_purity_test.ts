/**
 * Parsers are pure (SPEC §6): no clock, randomness, I/O, network or foreign imports.
 */

import assert from "node:assert/strict";
import { isParserFile, PARSERS_DIR, purityViolations } from "../src/entities/mod.ts";

async function sources(): Promise<[string, string][]> {
  const files: [string, string][] = [];
  for await (const entry of Deno.readDir(PARSERS_DIR)) {
    if (entry.name.endsWith(".ts")) {
      files.push([entry.name, await Deno.readTextFile(new URL(entry.name, PARSERS_DIR))]);
    }
  }
  const kit = new URL("../src/entities/parser_kit.ts", import.meta.url);
  files.push(["src/entities/parser_kit.ts", await Deno.readTextFile(kit)]);
  return files.sort();
}

Deno.test("purityViolations() finds nothing in any parser file or the parser kit", async () => {
  const files = await sources();
  assert.ok(files.filter(([name]) => isParserFile(name)).length >= 60);
  const impure = files
    .map((
      [name, text],
    ) => [name, purityViolations(text.replaceAll("./parser.ts", "../src/entities/parser.ts"))])
    .filter(([, problems]) => problems.length > 0);
  assert.deepEqual(impure, []);
});

Deno.test("purityViolations() flags the clock, randomness, I/O, network and dynamic code", () => {
  const cases: [string, RegExp][] = [
    ["const t = Date.now();", /clock \(Date\)/],
    ["const t = new Date();", /clock \(Date\)/],
    ["const t = performance.now();", /clock \(performance\)/],
    ["const r = Math.random();", /randomness/],
    ["const id = crypto.randomUUID();", /crypto/],
    ["const f = Deno.readTextFileSync('x');", /I\/O \(Deno\)/],
    ["await fetch('https://x.test');", /network \(fetch\)/],
    ["const m = await import('./x.ts');", /import\(\)/],
    ["setTimeout(() => 1, 0);", /timers/],
    ["const g = globalThis['Da' + 'te'];", /global object/],
    ["const v = eval('1');", /dynamic code/],
    ["const s = `${Date.now()}`;", /clock \(Date\)/],
    ["import { readFileSync } from 'node:fs';", /imports "node:fs"/],
    ["import '../src/entities/parser_kit.ts';", /side effects/],
    ["export { x } from './other.ts';", /imports "\.\/other\.ts"/],
  ];
  for (const [source, pattern] of cases) {
    const found = purityViolations(source);
    assert.ok(found.some((f) => pattern.test(f)), `${source} → ${JSON.stringify(found)}`);
  }
});

Deno.test("purityViolations() ignores comments and plain strings", () => {
  const source = [
    `import { ref, type PageRef } from "../src/entities/parser_kit.ts";`,
    `import type { SiteParser } from "../src/entities/parser.ts";`,
    "// Date, fetch and Deno may be mentioned in comments",
    "/* performance */",
    `const RESERVED = ["performance", "Deno_(software)", 'fetch'];`,
    `const re = /["']x/; const n = 1;`,
  ].join("\n");
  assert.deepEqual(purityViolations(source), []);
});
