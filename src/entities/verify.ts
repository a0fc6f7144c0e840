/**
 * Runs every parser's own examples: the shared test, `frames parsers check` and the loader
 * all use this one definition of "the examples pass".
 *
 * @module
 */

import { isKind } from "./kinds.ts";
import type { PageRef } from "./parser.ts";
import { findParser, type LoadedParser, type ParserRegistry } from "./registry.ts";

/** One example whose result differs from what the parser file promised. */
export interface ExampleFailure {
  /** The parser file whose example failed. */
  file: string;
  /** The example URL. */
  url: string;
  /** What the example says `parse` returns. */
  expected: PageRef | null;
  /** What `parse` returned, or the message of what it threw. */
  actual: unknown;
  /** Why the example failed, in one line. */
  reason: string;
}

/** Runs the examples of every parser in the registry and lists the failures. */
export function verifyExamples(registry: ParserRegistry): ExampleFailure[] {
  const failures: ExampleFailure[] = [];
  for (const parser of registry.parsers) failures.push(...verifyParser(parser, registry));
  return failures;
}

/**
 * Runs one parser's examples and lists the failures; with the registry it belongs to, it
 * also checks that every example URL is routed to this parser.
 */
export function verifyParser(
  parser: LoadedParser,
  registry?: ParserRegistry,
): ExampleFailure[] {
  const failures: ExampleFailure[] = [];
  for (const [url, expected] of parser.examples) {
    const fail = (actual: unknown, reason: string) =>
      failures.push({ file: parser.file, url, expected, actual, reason });
    const parsed = URL.parse(url);
    if (parsed === null || (parsed.protocol !== "https:" && parsed.protocol !== "http:")) {
      fail(null, "the example is not an http(s) URL");
      continue;
    }
    const owner = registry ? findParser(registry, parsed.hostname) : parser;
    if (owner !== parser) {
      fail(
        null,
        `the example is on a host this parser does not claim (it goes to ${
          owner ? `"${owner.file}"` : "no parser"
        })`,
      );
      continue;
    }
    const before = parsed.href;
    let actual: unknown;
    try {
      actual = parser.parse(parsed);
    } catch (err) {
      fail(err instanceof Error ? err.message : String(err), "parse threw");
      continue;
    }
    if (parsed.href !== before) {
      fail(actual, "parse changed the URL it was given");
    } else if (actual !== null && !isRef(actual)) {
      fail(actual, "parse returned something other than { kind, entity? } or null");
    } else if (actual !== null && !isKind(actual.kind)) {
      fail(actual, `parse returned the unregistered kind "${actual.kind}"`);
    } else if (!sameRef(actual, expected)) {
      fail(actual, "parse returned a different result");
    }
  }
  return failures;
}

/** Formats a failure as one line: file, URL, expected and actual. */
export function formatFailure(f: ExampleFailure): string {
  return `${f.file}: ${f.reason}: ${f.url} expected ${JSON.stringify(f.expected)}, got ${
    JSON.stringify(f.actual)
  }`;
}

function isRef(value: unknown): value is PageRef {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.kind === "string" && (v.entity === undefined || typeof v.entity === "string");
}

function sameRef(a: PageRef | null, b: PageRef | null): boolean {
  if (a === null || b === null) return a === b;
  return a.kind === b.kind && (a.entity || undefined) === (b.entity || undefined);
}
