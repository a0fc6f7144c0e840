// The compile path's start-up budget (issue 19): no npm package loads before it is needed.
// An npm import costs ~6 ms before its own code runs (ajv ~30 ms, hyparquet ~15 ms here),
// and a static one is paid by every `frames compile`, whatever it reads. A package that only
// some runs need is imported with a string-literal `import()` where it is used.

import { deepEqual, equal } from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { type DenoInfo, denoInfo, staticModules, staticNpmPackages } from "./_static_npm.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/**
 * npm packages allowed on the static compile path, each with why. Keep it short: an entry
 * here is a cost every cold `frames compile` pays.
 */
const ALLOWED = new Set<string>([
  // None: tldts, which the typer's heuristics layer asks synchronously for every URL, comes
  // from the generated typer bundle (src/entities/_typer_bundle.js), not through npm.
]);

/**
 * What `frames compile` loads in every run: the entry point and the command, every adapter
 * module (the registry imports the one a scheme names), the emitter loader and the JSON and
 * Markdown emitters, the typer and the day cache. The YAML and context emitters bring their
 * packages (yaml, gpt-tokenizer) statically: `src/emit/load.ts` imports them only for
 * their format.
 */
async function compilePath(): Promise<string[]> {
  const adapters: string[] = [];
  for await (const e of Deno.readDir(`${ROOT}adapters`)) {
    if (e.isDirectory) adapters.push(`adapters/${e.name}/mod.ts`);
  }
  return [
    "main.ts",
    "src/cli/compile.ts",
    ...adapters.sort(),
    "src/emit/load.ts",
    "src/emit/json.ts",
    "src/emit/markdown.ts",
    "src/entities/mod.ts",
    "src/cache/mod.ts",
  ];
}

Deno.test("no npm package outside the allow-list is statically reachable from the compile path", async () => {
  const roots = await compilePath();
  equal(roots.includes("adapters/screenpipe/mod.ts"), true, "the adapters were not found");
  const found: string[] = [];
  let modules = 0;
  for (const root of roots) {
    const info = await denoInfo(root, ROOT);
    modules += info.modules.length;
    for (const [name, chain] of staticNpmPackages(info)) {
      if (ALLOWED.has(name)) continue;
      found.push(`${name}: ${chain.map((s) => s.replace(`file://${ROOT}`, "")).join(" → ")}`);
    }
  }
  // The graphs must have been read, or an empty graph would pass for a lean one.
  equal(modules > 100, true, `only ${modules} modules in the graphs`);
  deepEqual(found, []);
});

// A day answered from the cache needs the settings, the source's watermark and the cache
// file: the compiler, the typer and title redaction load only on a miss or when a command
// reads the capture (src/cli/_capture.ts and _day_cache.ts import them where used).
Deno.test("a cached frames compile loads neither the compiler nor the entities", async () => {
  const info = await denoInfo("src/cli/compile.ts", ROOT);
  const reached = [...staticModules(info).keys()].map((s) => s.replace(`file://${ROOT}`, ""));
  equal(reached.includes("src/cli/_capture.ts"), true, "the graph was not read");
  deepEqual(
    reached.filter((s) =>
      s.startsWith("src/compile/pipeline") || s.startsWith("src/compile/build") ||
      s.startsWith("src/entities/") || s.startsWith("src/cli/_live")
    ),
    [],
  );
});

// A cached day binds its source to the adapter's head (adapters/mod.ts HEADS): the watermark
// without the reader. The head must not reach the reader's modules, or every cached run
// pays for them again (~2.5 ms of the screenpipe adapter's 3.5 ms here).
Deno.test("the screenpipe adapter's head loads the watermark, not the reader", async () => {
  const info = await denoInfo("adapters/screenpipe/watermark.ts", ROOT);
  const reached = [...staticModules(info).keys()].map((s) => s.replace(`file://${ROOT}`, ""));
  equal(reached.includes("adapters/screenpipe/_watermark.ts"), true, "the graph was not read");
  deepEqual(
    reached.filter((s) => s.startsWith("adapters/screenpipe/")).sort(),
    [
      "adapters/screenpipe/_schema.ts",
      "adapters/screenpipe/_watermark.ts",
      "adapters/screenpipe/watermark.ts",
    ],
  );
  deepEqual(
    reached.filter((s) => s.startsWith("src/") && !s.startsWith("src/store/sqlite")).sort(),
    // src/compile/rules.ts: the window look-ahead's one home (no imports; every command's
    // settings load it anyway).
    [
      "src/civil_date.ts",
      "src/compile/rules.ts",
      "src/file_path.ts",
    ],
  );
});

Deno.test("staticNpmPackages() follows static imports, not dynamic or type-only ones", () => {
  const dep = (specifier: string, opts: { dynamic?: boolean; typeOnly?: boolean } = {}) => ({
    specifier,
    ...(opts.typeOnly ? {} : { code: { specifier } }),
    ...(opts.dynamic ? { isDynamic: true } : {}),
  });
  // deno-fmt-ignore
  const info: DenoInfo = {
    roots: ["file:///a.ts"],
    redirects: { "npm:eager@2": "npm:/@scope/eager@2.1.0" },
    modules: [
      { specifier: "file:///a.ts", dependencies: [dep("file:///b.ts"), dep("npm:/lazy@1.0.0", { dynamic: true })] },
      { specifier: "file:///b.ts", dependencies: [dep("npm:eager@2"), dep("npm:/types@3.0.0", { typeOnly: true })] },
      { specifier: "npm:/@scope/eager@2.1.0", npmPackage: "@scope/eager@2.1.0" },
      { specifier: "npm:/lazy@1.0.0", npmPackage: "lazy@1.0.0" },
      { specifier: "npm:/types@3.0.0", npmPackage: "types@3.0.0" },
    ],
  };
  deepEqual([...staticNpmPackages(info)], [
    ["@scope/eager", ["file:///a.ts", "file:///b.ts", "npm:/@scope/eager@2.1.0"]],
  ]);
});
