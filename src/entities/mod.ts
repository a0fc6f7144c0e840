/**
 * Entity typing (SPEC §6): a URL becomes a typed page reference `{ kind, entity? }`.
 *
 * Site parsers live in `parsers/`, one file per site, found by convention; see
 * `parser.ts` for the contract and `kinds.ts` for the registry of kinds.
 *
 * @example
 * ```ts
 * import { loadTyper, redactUrl } from "./src/entities/mod.ts";
 *
 * const typer = await loadTyper();
 * typer("https://github.com/acme/api/pull/412"); // { kind: "pull_request", entity: "acme/api#412" }
 * redactUrl("https://x.test/cb?token=abc"); // "https://x.test/cb?token=REDACTED"
 * ```
 *
 * @module
 */

import { loadParsers, loadParsersForHosts, type LoadParsersOptions } from "./load.ts";
import type { PageRef } from "./parser.ts";
import type { ParserRegistry } from "./registry.ts";
import { typerFor } from "./type_page.ts";

export type { PageRef, ParserExample, SiteParser } from "./parser.ts";
export { isKind, type KindInfo, KINDS } from "./kinds.ts";
export { isScriptUrl, isSensitiveName, REDACTED, redactUrl } from "./redact.ts";
export { redactTitle } from "./redact_title.ts";
export { redactCapture } from "./redact_capture.ts";
export type * from "../model.ts";
export {
  CAPABILITY_WORDS,
  GIT_WORDS,
  KNOWN_PREFIXES,
  looksLikeSecret,
  MAX_RANDOM_VOWEL_SHARE,
  MIN_CAPABILITY_LENGTH,
  MIN_CONSONANT_RUN,
  MIN_RANDOM_SHARE,
  MIN_SECRET_ENTROPY,
  MIN_SECRET_LENGTH,
  MIN_WORD_RUN,
  shannonEntropy,
  type ShapeContext,
} from "./secret_shape.ts";
export { ALLOWED_IMPORTS, purityViolations } from "./purity.ts";
export {
  isParserFile,
  loadParsers,
  loadParsersForHosts,
  type LoadParsersOptions,
  PARSERS_DIR,
} from "./load.ts";
export { filesForHosts, type HostIndex, hostIndexOf, hostIndexSource } from "./host_index.ts";
export {
  buildRegistry,
  findParser,
  type LoadedParser,
  normalizeHost,
  type ParserModule,
  type ParserRegistry,
} from "./registry.ts";
export { type Layer, type TypedPage, typePage, typePageDetailed, typerFor } from "./type_page.ts";
export { type ExampleFailure, formatFailure, verifyExamples, verifyParser } from "./verify.ts";
export {
  type CoverageCount,
  type CoverageOptions,
  type CoverageReport,
  coverageReport,
} from "./coverage.ts";

/** A loaded typer: pure, total and synchronous. */
export type Typer = (url: string) => PageRef;

// The program's own parser folder is loaded once per process, however many commands ask.
let defaultRegistry: Promise<ParserRegistry> | undefined;

/** Loads the parser registry (cached for the default folder). */
export function loadRegistry(options: LoadParsersOptions = {}): Promise<ParserRegistry> {
  if (options.dir !== undefined || options.verify === true) return loadParsers(options);
  defaultRegistry ??= loadParsers(options).catch((err) => {
    defaultRegistry = undefined;
    throw err;
  });
  return defaultRegistry;
}

/** Loads every parser under `parsers/` (or `options.dir`) and returns a typer using them. */
export async function loadTyper(options: LoadParsersOptions = {}): Promise<Typer> {
  return typerFor(await loadRegistry(options));
}

/**
 * A typer for just these URLs: imports only the parsers their hosts can need (through the
 * host index), so a run pays for the sites it saw, not for all of `parsers/`. Typing any
 * of `urls` gives what {@linkcode loadTyper}'s typer gives; `undefined` when no URL is an
 * http(s) page (the compiler's built-in generic typer is then exact).
 */
export async function loadTyperForUrls(urls: Iterable<string>): Promise<Typer | undefined> {
  const hosts = new Set<string>();
  for (const url of new Set(urls)) {
    // The typer's own test (type_page.ts): leading controls and spaces are stripped by URL.
    // deno-lint-ignore no-control-regex
    if (typeof url !== "string" || !/^[\u0000-\u0020]*https?:/i.test(url)) continue;
    const host = URL.parse(url)?.hostname;
    if (host) hosts.add(host);
  }
  if (hosts.size === 0) return undefined;
  const typer = typerFor(await loadParsersForHosts(hosts));
  // Typing is pure, so a long-running process (the MCP server) may remember every answer:
  // a URL typed by any earlier typer of this process is typed the same by this one.
  return (url: string) => {
    let ref = TYPED.get(url);
    if (ref === undefined) {
      ref = typer(url);
      if (TYPED.size >= 100_000) TYPED.clear();
      TYPED.set(url, ref);
    }
    return ref;
  };
}

const TYPED = new Map<string, PageRef>();
