/**
 * The parser registry: validated parser files and the host tables the typer looks up.
 *
 * Lookup order (SPEC §6, layer 1): the exact host (a leading `www.` is ignored), then
 * wildcard claims (`*.example.com`) on each parent domain. Wildcards may not claim a
 * public suffix (checked against the Public Suffix List), so a lookup never climbs past
 * the registrable domain: `gist.github.com` reaches the GitHub parser only if that parser
 * claims it.
 *
 * @module
 */

// tldts from the generated typer bundle (`deno task parsers:index`): the same npm package,
// loaded as one plain module with the parsers instead of through npm resolution (~3 ms).
import { parse as parseDomain } from "./_typer_bundle.js";
import { isKind } from "./kinds.ts";
import type { PageRef, ParserExample } from "./parser.ts";

/** A parser file that passed the contract checks. */
export interface LoadedParser {
  /** The file name inside the parser folder, e.g. `github_com.ts`. */
  file: string;
  /** The hosts the file claims, checked: lowercase, no `www.`, no public-suffix wildcard. */
  hosts: readonly string[];
  /** The file's pure parse function. */
  parse: (url: URL) => PageRef | null;
  /** The file's own examples, run by `verifyExamples()`. */
  examples: readonly ParserExample[];
}

/** Every loaded parser (sorted by file name) and the host tables built from their claims. */
export interface ParserRegistry {
  /** Every parser, in file-name order so load order never changes results. */
  parsers: readonly LoadedParser[];
  /** Exact host → parser. */
  exact: ReadonlyMap<string, LoadedParser>;
  /** Parent domain of a `*.` claim → parser. */
  wildcard: ReadonlyMap<string, LoadedParser>;
}

/** A module as imported from a parser file, with the file's name. */
export interface ParserModule {
  /** The file name inside the parser folder, for error messages. */
  file: string;
  /** The imported module, checked against the contract before use. */
  module: unknown;
}

const HOST = /^(?:\*\.)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;
const IPV6 = /^\[[0-9a-f:.]+\]$/;
const EXPORT_KEYS = new Set(["hosts", "parse", "examples"]);

/**
 * Validates parser modules against the contract and builds the registry.
 *
 * Throws an `Error` naming the offending file: bad export, malformed or duplicate host,
 * malformed example, or an example expecting an unregistered kind. Running the examples is
 * {@linkcode verifyExamples}'s job (it is too slow for every start-up).
 */
export function buildRegistry(modules: readonly ParserModule[]): ParserRegistry {
  const parsers: LoadedParser[] = [];
  const exact = new Map<string, LoadedParser>();
  const wildcard = new Map<string, LoadedParser>();
  const sorted = [...modules].sort((a, b) => a.file < b.file ? -1 : a.file > b.file ? 1 : 0);
  for (const { file, module } of sorted) {
    const parser = checkExport(file, module);
    for (const host of parser.hosts) {
      const table = host.startsWith("*.") ? wildcard : exact;
      const key = host.startsWith("*.") ? host.slice(2) : host;
      const owner = table.get(key);
      if (owner) {
        throw contractError(
          file,
          owner === parser
            ? `host "${host}" is listed twice`
            : `host "${host}" is already claimed by "${owner.file}"`,
        );
      }
      table.set(key, parser);
    }
    parsers.push(parser);
  }
  return { parsers, exact, wildcard };
}

/** The parser that gets URLs on `hostname`, if any. */
export function findParser(
  registry: ParserRegistry,
  hostname: string,
): LoadedParser | undefined {
  const host = normalizeHost(hostname);
  const hit = registry.exact.get(host);
  if (hit !== undefined || registry.wildcard.size === 0) return hit;
  for (let i = host.indexOf("."); i >= 0; i = host.indexOf(".", i + 1)) {
    const owner = registry.wildcard.get(host.slice(i + 1));
    if (owner !== undefined) return owner;
  }
  return undefined;
}

/** A host as the registry keys it: lowercase, no trailing dot, no leading `www.`. */
export function normalizeHost(hostname: string): string {
  let host = hostname.toLowerCase();
  if (host.endsWith(".")) host = host.slice(0, -1);
  if (host.startsWith("www.") && host.indexOf(".", 4) > 0) host = host.slice(4);
  return host;
}

function checkExport(file: string, module: unknown): LoadedParser {
  const value = isObject(module) ? module.default : undefined;
  if (!isObject(value)) {
    throw contractError(file, "it has no default export object { hosts, parse, examples }");
  }
  for (const key of Object.keys(value)) {
    if (!EXPORT_KEYS.has(key)) {
      throw contractError(
        file,
        `unknown key "${key}" in the default export (expected hosts, parse, examples)`,
      );
    }
  }
  const { hosts, parse, examples } = value;
  if (!Array.isArray(hosts) || hosts.length === 0) {
    throw contractError(file, `"hosts" must be a non-empty array of host names`);
  }
  for (const host of hosts) checkHost(file, host);
  if (typeof parse !== "function") {
    throw contractError(file, `"parse" must be a function (url: URL) => PageRef | null`);
  }
  if (!Array.isArray(examples)) {
    throw contractError(file, `"examples" must be an array of [url, expected] pairs`);
  }
  let nulls = 0, refs = 0;
  for (const example of examples) {
    checkExample(file, example);
    if (example[1] === null) nulls++;
    else refs++;
  }
  if (nulls === 0 || refs === 0) {
    throw contractError(file, `"examples" needs at least one typed example and one null example`);
  }
  return {
    file,
    hosts: Object.freeze([...hosts]),
    parse: parse as LoadedParser["parse"],
    examples: Object.freeze([...examples]),
  };
}

function checkHost(file: string, host: unknown): void {
  if (typeof host !== "string" || (!HOST.test(host) && !IPV6.test(host))) {
    throw contractError(
      file,
      `host ${JSON.stringify(host)} is not a lowercase host name ("example.com", "*.example.com")`,
    );
  }
  if (host.startsWith("www.") || host.startsWith("*.www.")) {
    throw contractError(
      file,
      `host "${host}" starts with "www." (the typer ignores it: claim "${
        host.replace("www.", "")
      }")`,
    );
  }
  if (host.startsWith("*.")) {
    const base = host.slice(2);
    const info = parseDomain(base, { extractHostname: false });
    if (!base.includes(".") && base !== "localhost" || info.isIcann && info.publicSuffix === base) {
      throw contractError(
        file,
        `host "${host}" claims every domain under the public suffix "${base}"`,
      );
    }
  }
}

function checkExample(file: string, example: unknown): void {
  if (!Array.isArray(example) || example.length !== 2 || typeof example[0] !== "string") {
    throw contractError(file, `example ${JSON.stringify(example)} is not a [url, expected] pair`);
  }
  const [url, expected] = example;
  if (expected === null) return;
  if (!isObject(expected) || typeof expected.kind !== "string") {
    throw contractError(
      file,
      `example "${url}" expects ${JSON.stringify(expected)}, not { kind, entity? } or null`,
    );
  }
  if (!isKind(expected.kind)) {
    throw contractError(
      file,
      `example "${url}" expects the unregistered kind "${expected.kind}" (add it to src/entities/kinds.ts)`,
    );
  }
  if (
    expected.entity !== undefined && (typeof expected.entity !== "string" || expected.entity === "")
  ) {
    throw contractError(file, `example "${url}" expects an entity that is not a non-empty string`);
  }
  const extra = Object.keys(expected).find((k) => k !== "kind" && k !== "entity");
  if (extra !== undefined) {
    throw contractError(file, `example "${url}" expects an unknown key "${extra}"`);
  }
}

function contractError(file: string, detail: string): Error {
  return new Error(`Cannot load site parser "${file}": ${detail}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}
