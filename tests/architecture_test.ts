import { deepEqual, equal } from "node:assert/strict";
import { fileURLToPath } from "node:url";
import {
  checkArchitecture,
  componentOf,
  type ImportGraph,
  readImportGraph,
  scanImports,
} from "./_architecture.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

function graph(files: Record<string, number>, imports: [string, string][]): ImportGraph {
  return { files: new Map(Object.entries(files)), imports };
}

Deno.test("checkArchitecture() finds no cycle, private reach, upward import or long file in the tree", () => {
  const g = readImportGraph(ROOT);
  // The walk must see the tree, or an empty graph would pass for a clean one.
  equal(g.files.has("main.ts"), true);
  equal(g.files.has("src/model.ts"), true);
  equal(g.imports.length > 300, true, `only ${g.imports.length} imports found`);
  const violations = checkArchitecture(g).map((v) => `${v.rule}: ${v.detail}`);
  deepEqual(violations, []);
});

Deno.test("checkArchitecture() reports a planted cycle, private import, upward import and long file", () => {
  const bad = graph(
    {
      "main.ts": 10,
      "src/model.ts": 10,
      "src/emit/a.ts": 10,
      "src/emit/b.ts": 10,
      "src/emit/c.ts": 10,
      "adapters/screenpipe/_schema.ts": 10,
      "adapters/screenpipe/mod.ts": 10,
      "adapters/_timestamp.ts": 10,
      "capture/engine.ts": 10,
      "src/compile/streams.ts": 401,
      "src/stray.ts": 1,
    },
    [
      ["src/emit/a.ts", "src/emit/b.ts"],
      ["src/emit/b.ts", "src/emit/c.ts"],
      ["src/emit/c.ts", "src/emit/a.ts"],
      // A subfolder may use its parent's private file; another folder may not.
      ["adapters/screenpipe/mod.ts", "adapters/_timestamp.ts"],
      ["capture/engine.ts", "adapters/screenpipe/_schema.ts"],
      ["src/model.ts", "src/emit/a.ts"],
      ["src/compile/streams.ts", "src/model.ts"],
      ["main.ts", "src/emit/a.ts"],
    ],
  );
  deepEqual(checkArchitecture(bad).map((v) => v.rule), [
    "cycle",
    "size",
    "unclassified",
    "private",
    "upward",
    "upward",
  ]);
  const [cycle, , , privateReach, sideways, upward] = checkArchitecture(bad);
  equal(cycle.detail, "src/emit/a.ts <-> src/emit/b.ts <-> src/emit/c.ts");
  equal(privateReach.detail, "capture/engine.ts imports adapters/screenpipe/_schema.ts");
  // Two components on one floor (capture, adapters) never import each other.
  equal(sideways.detail.startsWith("capture/engine.ts (capture, floor 2) imports"), true);
  equal(upward.detail.startsWith("src/model.ts (model, floor 0) imports src/emit/a.ts"), true);
});

Deno.test("checkArchitecture() reports a file that imports itself and a parent reaching a child's private file", () => {
  const bad = graph(
    { "capture/report.ts": 5, "capture/x11/_ffi.ts": 5, "src/emit/a.ts": 5 },
    [["src/emit/a.ts", "src/emit/a.ts"], ["capture/report.ts", "capture/x11/_ffi.ts"]],
  );
  deepEqual(checkArchitecture(bad).map((v) => `${v.rule}: ${v.detail}`), [
    "cycle: src/emit/a.ts",
    "private: capture/report.ts imports capture/x11/_ffi.ts",
  ]);
});

Deno.test("componentOf() picks the longest prefix, so rules.ts is vocabulary inside compile/", () => {
  equal(componentOf("src/compile/rules.ts")?.name, "rules");
  equal(componentOf("src/compile/segment.ts")?.name, "compile");
  equal(componentOf("parsers/github_com.ts")?.name, "entities");
  equal(componentOf("src/nowhere.ts"), undefined);
});

Deno.test("scanImports() reads static, type-only, re-export and literal dynamic imports, not comments", () => {
  const source = [
    '/** @example import { nope } from "./example.ts"; */',
    'import { a } from "./a.ts";',
    'import type { B } from "../b.ts";',
    "import {",
    "  c,",
    "  type D,",
    '} from "./cd.ts";',
    'export { e } from "./e.ts";',
    'export * from "./star.ts";',
    'import "./side_effect.ts";',
    'const m = await import("./dynamic.ts");',
    '// import { gone } from "./commented.ts";',
    'const url = "https://example.com//x"; import { f } from "./f.ts";',
    "const notAnImport = `import x from './template.ts'`;",
    "const computed = await import(name);",
  ].join("\n");
  deepEqual(scanImports(source), [
    "../b.ts",
    "./a.ts",
    "./cd.ts",
    "./dynamic.ts",
    "./e.ts",
    "./f.ts",
    "./side_effect.ts",
    "./star.ts",
  ]);
});
