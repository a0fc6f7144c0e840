/**
 * The house rules of ARCHITECTURE.md as code: the floors, the import graph of the product's
 * sources and a checker that names every cycle, private cross-import, upward import and
 * oversized file. Kept apart from the test so the checker can be fed a small bad graph.
 *
 * @module
 */

import { dirname, join, normalize, relative } from "node:path";

/** A component of the tree: the path prefixes it owns and its floor (lower = more basic). */
export interface Component {
  name: string;
  floor: number;
  /** Repository-relative files (`src/model.ts`) or folders ending in `/` (`src/store/`). */
  paths: readonly string[];
}

/**
 * The floors. A file may import from its own component or from a component on a lower floor;
 * two components on one floor never import each other (adapters and capture meet only in
 * `src/store`). Every vocabulary file is its own component, so floor 0 imports nothing of ours.
 */
export const FLOORS: readonly Component[] = [
  { name: "model", floor: 0, paths: ["src/model.ts"] },
  { name: "version", floor: 0, paths: ["src/version.ts"] },
  { name: "rules", floor: 0, paths: ["src/compile/rules.ts"] },
  { name: "file_path", floor: 0, paths: ["src/file_path.ts"] },
  { name: "civil_date", floor: 0, paths: ["src/civil_date.ts"] },
  { name: "schema", floor: 0, paths: ["schema/"] },
  { name: "store", floor: 1, paths: ["src/store/"] },
  { name: "entities", floor: 1, paths: ["src/entities/", "parsers/"] },
  { name: "http", floor: 1, paths: ["src/http/"] },
  { name: "text", floor: 1, paths: ["src/text/"] },
  // self_command: builds command lines with the path helpers (floor 0).
  { name: "self_command", floor: 1, paths: ["src/self_command.ts"] },
  { name: "compile", floor: 2, paths: ["src/compile/"] },
  { name: "adapters", floor: 2, paths: ["adapters/"] },
  { name: "capture", floor: 2, paths: ["capture/"] },
  { name: "emit", floor: 3, paths: ["src/emit/"] },
  { name: "steps", floor: 3, paths: ["src/steps/"] },
  { name: "patterns", floor: 3, paths: ["src/patterns/"] },
  { name: "infer", floor: 3, paths: ["src/infer/"] },
  { name: "routines", floor: 3, paths: ["src/routines/"] },
  { name: "privacy", floor: 3, paths: ["src/privacy/"] },
  { name: "import", floor: 4, paths: ["src/import/"] },
  { name: "demo", floor: 4, paths: ["src/demo/"] },
  { name: "replay", floor: 4, paths: ["src/replay/"] },
  // eval: its oracle reads adapters' captures, and it grades what compile and emit produce.
  { name: "eval", floor: 4, paths: ["src/eval/"] },
  // export: writes documents, ledgers and steps (floors 2-3) into Parquet files.
  { name: "export", floor: 4, paths: ["src/export/"] },
  { name: "cache", floor: 4, paths: ["src/cache/"] },
  { name: "mcp", floor: 5, paths: ["src/mcp/"] },
  { name: "web", floor: 5, paths: ["src/web/"] },
  { name: "cli", floor: 6, paths: ["src/cli/"] },
  { name: "main", floor: 7, paths: ["main.ts"] },
];

/** The longest file over which a non-test source may grow before it wants splitting. */
export const MAX_LINES = 400;

/** Source files and their local imports, paths relative to the repository root. */
export interface ImportGraph {
  /** Every source file with its line count. */
  files: Map<string, number>;
  /** `[importer, imported]` pairs; the imported path may name a file outside `files`. */
  imports: [string, string][];
}

/** One broken rule, with the files involved. */
export interface Violation {
  rule: "cycle" | "private" | "upward" | "size" | "unclassified";
  detail: string;
}

/** The component owning `path`: the one with the longest matching prefix, if any. */
export function componentOf(
  path: string,
  floors: readonly Component[] = FLOORS,
): Component | undefined {
  let best: Component | undefined;
  let bestLength = -1;
  for (const c of floors) {
    for (const p of c.paths) {
      const hit = p.endsWith("/") ? path.startsWith(p) : path === p;
      if (hit && p.length > bestLength) {
        best = c;
        bestLength = p.length;
      }
    }
  }
  return best;
}

/**
 * Blank out comments and template text (keeping quoted strings and line structure), so an
 * `@example` or a generated snippet that shows an import is not read as one.
 */
export function stripComments(source: string): string {
  let out = "";
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === "/" && next === "/") {
      while (i < source.length && source[i] !== "\n") i++;
    } else if (c === "/" && next === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end < 0 ? source.length : end + 2;
      out += source.slice(i, stop).replace(/[^\n]/g, " ");
      i = stop;
    } else if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      while (j < source.length && source[j] !== c) {
        if (source[j] === "\\") j++;
        if (c !== "`" && source[j] === "\n") break;
        j++;
      }
      // Template text is never a module specifier; blank it so code shown in one is not read.
      const literal = source.slice(i, j + 1);
      out += c === "`" ? "`" + literal.slice(1, -1).replace(/[^\n]/g, " ") + "`" : literal;
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

const IMPORT_PATTERNS: readonly RegExp[] = [
  /\b(?:import|export)\s+(?:type\s+)?[^;"'`]*?\bfrom\s*["']([^"']+)["']/g,
  /\bimport\s*["']([^"']+)["']/g,
  /\bimport\s*\(\s*["']([^"']+)["']\s*[,)]/g,
];

/** The module specifiers a source imports: static, type-only, re-exports and literal `import()`. */
export function scanImports(source: string): string[] {
  const code = stripComments(source);
  const found: string[] = [];
  for (const pattern of IMPORT_PATTERNS) {
    for (const m of code.matchAll(pattern)) found.push(m[1]);
  }
  return found.sort();
}

/** Where the graph walk looks: the product's sources, not tests, benches or fixtures. */
const SOURCE_ROOTS = ["main.ts", "src", "adapters", "capture", "parsers"];

function walk(root: string, rel: string, out: string[]): void {
  const full = join(root, rel);
  if (Deno.statSync(full).isFile) {
    if (/\.tsx?$/.test(rel) && !/_test\.tsx?$/.test(rel)) out.push(rel);
    return;
  }
  const names = [...Deno.readDirSync(full)].map((e) => e.name).sort();
  for (const name of names) walk(root, join(rel, name), out);
}

/** Build the import graph of the repository at `root` from its sources' text. */
export function readImportGraph(root: string): ImportGraph {
  const paths: string[] = [];
  for (const r of SOURCE_ROOTS) walk(root, r, paths);
  const files = new Map<string, number>();
  const imports: [string, string][] = [];
  for (const path of paths) {
    const text = Deno.readTextFileSync(join(root, path));
    files.set(path, text.split("\n").length - (text.endsWith("\n") ? 1 : 0));
    for (const spec of scanImports(text)) {
      if (!spec.startsWith(".")) continue;
      const target = normalize(join(dirname(path), spec));
      imports.push([path, relative(".", target)]);
    }
  }
  return { files, imports };
}

function isPrivate(path: string): boolean {
  const base = path.slice(path.lastIndexOf("/") + 1);
  return base.startsWith("_");
}

/** Whether `dir` is `owner` or lies below it (a folder's `_` files serve its subfolders too). */
function within(dir: string, owner: string): boolean {
  return dir === owner || dir.startsWith(owner + "/");
}

function findCycles(graph: ImportGraph): string[][] {
  const next = new Map<string, string[]>();
  for (const [a, b] of graph.imports) {
    if (!graph.files.has(b)) continue;
    next.set(a, [...(next.get(a) ?? []), b]);
  }
  // Tarjan's strongly connected components; any component of two or more files, or a file
  // importing itself, is a cycle.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  function visit(v: string): void {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (next.get(v) ?? []).includes(v)) cycles.push(scc.sort());
    }
  }
  for (const v of [...graph.files.keys()].sort()) if (!index.has(v)) visit(v);
  return cycles;
}

/** Every rule the graph breaks, in a stable order. */
export function checkArchitecture(
  graph: ImportGraph,
  floors: readonly Component[] = FLOORS,
  maxLines: number = MAX_LINES,
): Violation[] {
  const out: Violation[] = [];
  for (const scc of findCycles(graph)) {
    out.push({ rule: "cycle", detail: scc.join(" <-> ") });
  }
  for (const [path, lines] of [...graph.files].sort()) {
    if (!componentOf(path, floors)) {
      out.push({ rule: "unclassified", detail: `${path} belongs to no floor` });
    }
    if (lines > maxLines) out.push({ rule: "size", detail: `${path} has ${lines} lines` });
  }
  for (const [from, to] of graph.imports) {
    if (isPrivate(to) && !within(dirname(from), dirname(to))) {
      out.push({ rule: "private", detail: `${from} imports ${to}` });
    }
    const a = componentOf(from, floors);
    const b = componentOf(to, floors);
    if (a && b && a !== b && b.floor >= a.floor) {
      out.push({
        rule: "upward",
        detail: `${from} (${a.name}, floor ${a.floor}) imports ${to} (${b.name}, floor ${b.floor})`,
      });
    }
  }
  return out;
}
