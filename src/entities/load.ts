/**
 * Finds and imports the parser files in a folder (by convention: no index to edit).
 *
 * Works under `deno run`, `deno test` and `deno compile`, where `parsers/` is embedded
 * through `compile.include` and read back from the binary's virtual file system.
 *
 * @module
 */

import { buildRegistry, type ParserModule, type ParserRegistry } from "./registry.ts";
import { formatFailure, verifyExamples } from "./verify.ts";
import { filesForHosts } from "./host_index.ts";
import { HOST_INDEX } from "./_host_index_data.ts";
import { PARSERS, SOURCES } from "./_typer_bundle.js";

/** The folder the program's own parsers live in. */
export const PARSERS_DIR: URL = new URL("../../parsers/", import.meta.url);

/** Options for {@linkcode loadParsers}. */
export interface LoadParsersOptions {
  /** Folder to load instead of `parsers/` (a `file:` URL ending in `/`), e.g. in tests. */
  dir?: URL;
  /**
   * Also run every parser's examples and reject a file whose examples fail (default
   * false: the shared test and `frames parsers check` run them; start-up stays fast).
   */
  verify?: boolean;
}

/** Whether a directory entry is a parser file (`snake_case.ts`; `_` files are helpers). */
export function isParserFile(name: string): boolean {
  return /^[a-z0-9][a-z0-9_]*\.(?:ts|js|mjs)$/.test(name) && !name.endsWith("_test.ts");
}

/** Lists, imports and validates the parser files of a folder, in sorted order. */
export async function loadParsers(options: LoadParsersOptions = {}): Promise<ParserRegistry> {
  const dir = options.dir ?? PARSERS_DIR;
  const names = await listParserFiles(dir);
  const registry = buildRegistry(await importParsers(dir, names));
  if (options.verify === true) {
    const failures = verifyExamples(registry);
    if (failures.length > 0) {
      const f = failures[0];
      const more = failures.length > 1 ? ` (and ${failures.length - 1} more)` : "";
      throw new Error(
        `Cannot load site parser "${f.file}": example failed: ${formatFailure(f)}${more}`,
      );
    }
  }
  return registry;
}

/**
 * Imports only the program's parsers that can claim one of `hostnames` (through the
 * generated host index), giving the same typing as the whole folder for those hosts.
 * When the folder's file list differs from the index (a parser added without regenerating
 * it), the whole folder is loaded instead: a stale index costs time, never a result.
 */
export async function loadParsersForHosts(hostnames: Iterable<string>): Promise<ParserRegistry> {
  const names = await listParserFiles(PARSERS_DIR);
  if (!sameList(names, HOST_INDEX.files)) return loadParsers();
  const files = filesForHosts(HOST_INDEX, hostnames);
  return buildRegistry(await bundledParsers(files) ?? await importParsers(PARSERS_DIR, files));
}

const ROOT = new URL("../../", import.meta.url);

/**
 * The generated typer bundle's modules for `files`, when every source they were built from
 * (those files and the shared kit) still has the bundled SHA-256; `undefined` otherwise
 * (an edited parser, a bundle not regenerated, a file that cannot be read), and the files
 * are imported one by one: a stale bundle costs time, never a result. `root` is the
 * repository the sources are read from (a test's copy).
 */
export async function bundledParsers(
  files: readonly string[],
  root: URL = ROOT,
): Promise<ParserModule[] | undefined> {
  const paths = [
    ...files.map((f) => `parsers/${f}`),
    ...Object.keys(SOURCES).filter((p) => !p.startsWith("parsers/")),
  ];
  try {
    const same = await Promise.all(paths.map(async (path) => {
      const want = SOURCES[path];
      if (want === undefined) return false;
      // Synchronous: a few small files, and an async read costs more than it reads here.
      const bytes = Deno.readFileSync(new URL(path, root));
      return hex(await crypto.subtle.digest("SHA-256", bytes)) === want;
    }));
    if (!same.every(Boolean)) return undefined;
  } catch {
    return undefined;
  }
  const wanted = new Set(files);
  return PARSERS.filter((p) => wanted.has(p.file));
}

function hex(digest: ArrayBuffer): string {
  let out = "";
  for (const b of new Uint8Array(digest)) out += (b < 16 ? "0" : "") + b.toString(16);
  return out;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function importParsers(dir: URL, names: readonly string[]): Promise<ParserModule[]> {
  return Promise.all(names.map(async (file) => {
    try {
      return { file, module: await import(new URL(file, dir).href) };
    } catch (err) {
      const detail = err instanceof Error ? err.message.split("\n")[0] : String(err);
      throw new Error(`Cannot load site parser "${file}": ${detail}`);
    }
  }));
}

async function listParserFiles(dir: URL): Promise<string[]> {
  const names: string[] = [];
  try {
    for await (const entry of Deno.readDir(dir)) {
      if ((entry.isFile || entry.isSymlink) && isParserFile(entry.name)) names.push(entry.name);
    }
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    throw new Error(`Cannot list site parsers in "${decodeURIComponent(dir.pathname)}": ${detail}`);
  }
  // Code-unit order, not locale order: the same on every machine.
  return names.sort((a, b) => a < b ? -1 : a > b ? 1 : 0);
}
