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
  return buildRegistry(await importParsers(PARSERS_DIR, filesForHosts(HOST_INDEX, hostnames)));
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
