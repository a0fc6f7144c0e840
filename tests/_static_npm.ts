/**
 * Which npm packages a module reaches through *static* imports, read from `deno info
 * --json` (the repo's own graph reader, `_architecture.ts`, counts a literal `import()`
 * like a static import, which is right for floors but not for start-up cost). A package
 * reached only through a dynamic `import()` is loaded when that code runs, not when the
 * command starts.
 *
 * @module
 */

/** The part of `deno info --json` this reader uses. */
export interface DenoInfo {
  /** The root specifiers (one per file given). */
  roots: string[];
  /** Specifiers that resolve to another (`npm:ajv@8.20.0` → `npm:/ajv@8.20.0`). */
  redirects?: Record<string, string>;
  /** Every module of the graph. */
  modules: {
    specifier: string;
    /** For `kind: "npm"` modules, the package with its version (`tldts@7.5.4`). */
    npmPackage?: string;
    dependencies?: {
      specifier: string;
      /** Present for value imports; type-only imports have only `type`. */
      code?: { specifier: string };
      isDynamic?: boolean;
    }[];
  }[];
}

/**
 * Every module statically reachable from the roots, each mapped to the module that first
 * imported it (`undefined` for a root), so a chain can be walked back.
 */
export function staticModules(info: DenoInfo): Map<string, string | undefined> {
  const byName = new Map(info.modules.map((m) => [m.specifier, m]));
  const redirects = info.redirects ?? {};
  const from = new Map<string, string | undefined>(info.roots.map((r) => [r, undefined]));
  const queue = [...info.roots];
  while (queue.length > 0) {
    const at = queue.shift()!;
    for (const dep of byName.get(at)?.dependencies ?? []) {
      const code = dep.code?.specifier;
      const to = code === undefined ? undefined : (redirects[code] ?? code);
      if (to === undefined || dep.isDynamic === true || from.has(to)) continue;
      from.set(to, at);
      queue.push(to);
    }
  }
  return from;
}

/** Each npm package (name without version) statically reachable from the roots, with one import chain to it. */
export function staticNpmPackages(info: DenoInfo): Map<string, string[]> {
  const byName = new Map(info.modules.map((m) => [m.specifier, m]));
  const from = staticModules(info);
  const found = new Map<string, string[]>();
  for (const specifier of from.keys()) {
    const pkg = byName.get(specifier)?.npmPackage;
    if (pkg === undefined) continue;
    const name = pkg.slice(0, pkg.lastIndexOf("@") > 0 ? pkg.lastIndexOf("@") : pkg.length);
    if (found.has(name)) continue;
    const chain: string[] = [];
    for (let s: string | undefined = specifier; s !== undefined; s = from.get(s)) chain.push(s);
    found.set(name, chain.reverse());
  }
  return found;
}

/** `deno info --json` of one file, run with the project's configuration. */
export async function denoInfo(file: string, cwd: string): Promise<DenoInfo> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", file],
    cwd,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) {
    throw new Error(
      `Cannot read the import graph of "${file}": ${new TextDecoder().decode(out.stderr)}`,
    );
  }
  return JSON.parse(new TextDecoder().decode(out.stdout)) as DenoInfo;
}
