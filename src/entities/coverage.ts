/**
 * Parser coverage over a set of URLs: how much is typed beyond the generic `page`, by kind
 * and by layer, and which untyped hosts would pay off most as the next parser.
 *
 * @module
 */

import { normalizeHost, type ParserRegistry } from "./registry.ts";
import { type Layer, typePageDetailed } from "./type_page.ts";

/** Options for {@linkcode coverageReport}. */
export interface CoverageOptions {
  /** How many untyped hosts to list (default 20). */
  top?: number;
}

/** A name with how many distinct URLs it covers. */
export interface CoverageCount {
  /** The kind, layer or host counted. */
  name: string;
  /** Distinct URLs with that name. */
  count: number;
}

/** What {@linkcode coverageReport} measures over the distinct URLs it was given. */
export interface CoverageReport {
  /** Distinct URLs. */
  urls: number;
  /** Distinct URLs typed as something other than the generic `page`. */
  typed: number;
  /** `typed / urls`, rounded to 0.001 (0 when there are no URLs). */
  share: number;
  /** Distinct URLs per layer, in layer order (parser, search, heuristic, fallback). */
  byLayer: CoverageCount[];
  /** Distinct URLs per kind, most first (ties by name). */
  byKind: CoverageCount[];
  /** Hosts of URLs typed `page`, most first (ties by name); `(none)` for host-less URLs. */
  untypedHosts: CoverageCount[];
}

const LAYERS: readonly Layer[] = ["parser", "search", "heuristic", "fallback"];

/**
 * Types every distinct URL and summarises the result.
 *
 * @example
 * ```ts
 * const report = coverageReport(["https://github.com/acme"], registry);
 * report.share; // 1
 * ```
 */
export function coverageReport(
  urls: readonly string[],
  registry: ParserRegistry | null,
  options: CoverageOptions = {},
): CoverageReport {
  const distinct = new Set(urls);
  const layers = new Map<string, number>(LAYERS.map((l) => [l, 0]));
  const kinds = new Map<string, number>();
  const untyped = new Map<string, number>();
  let typed = 0;
  for (const url of distinct) {
    const page = typePageDetailed(url, registry);
    bump(layers, page.layer);
    bump(kinds, page.kind);
    if (page.kind !== "page") typed++;
    else bump(untyped, hostOf(url));
  }
  const top = Math.max(0, Math.floor(options.top ?? 20));
  return {
    urls: distinct.size,
    typed,
    share: distinct.size === 0 ? 0 : Math.round((typed / distinct.size) * 1000) / 1000,
    byLayer: LAYERS.map((name) => ({ name, count: layers.get(name)! })),
    byKind: ranked(kinds),
    untypedHosts: ranked(untyped).slice(0, top),
  };
}

function hostOf(url: string): string {
  const parsed = URL.parse(url);
  const host = parsed?.hostname;
  return host ? normalizeHost(host) : "(none)";
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

function ranked(map: Map<string, number>): CoverageCount[] {
  return [...map].map(([name, count]) => ({ name, count })).sort((a, b) =>
    b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
  );
}
