/**
 * The typer: the layers of SPEC §6 in order — site parser, generic search parameter,
 * subdomain/path heuristics, `page` fallback. Never throws, always returns a reference.
 *
 * @module
 */

import { cleanEntity, leaksSecret } from "./entity_text.ts";
import { fallbackRef, heuristicRef } from "./heuristics.ts";
import { isKind } from "./kinds.ts";
import type { PageRef } from "./parser.ts";
import { findParser, type LoadedParser, type ParserRegistry } from "./registry.ts";
import { searchParamRef } from "./search_param.ts";

/** Which layer typed a URL. */
export type Layer = "parser" | "search" | "heuristic" | "fallback";

/** A page reference with the layer (and parser file) that produced it. */
export interface TypedPage extends PageRef {
  /** The layer that produced the reference, so coverage can count per layer. */
  layer: Layer;
  /** The parser file, when `layer` is `parser`. */
  parser?: string;
}

// URL parsers skip leading control characters and spaces, so the scheme test does too.
// deno-lint-ignore no-control-regex
const HTTP = /^[\u0000-\u0020]*https?:/i;

/**
 * Types a URL with the site parsers of `registry` (none when omitted) and the generic
 * layers, reporting which layer answered.
 *
 * @example
 * ```ts
 * typePageDetailed("https://example.com/?q=hello");
 * // { kind: "search", entity: "hello", layer: "search" }
 * ```
 */
export function typePageDetailed(url: string, registry?: ParserRegistry | null): TypedPage {
  return typeUrl(url, registry ?? null, true) as TypedPage;
}

/** Types a URL with the generic layers only (no site parsers); synchronous and total. */
export function typePage(url: string): PageRef {
  return typeUrl(url, null, false);
}

/** A typer bound to a registry: `url → { kind, entity? }`. */
export function typerFor(registry: ParserRegistry | null): (url: string) => PageRef {
  return (url: string) => typeUrl(url, registry, false);
}

// One walk through the layers for both shapes of result; the compiler's typer skips the
// layer fields so a day of URLs allocates one object each.
function typeUrl(url: string, registry: ParserRegistry | null, detailed: boolean): PageRef {
  // Only http(s) pages carry sites and entities; `about:`, `data:`, `javascript:`, `file:`
  // and the like are typed without reading their contents.
  if (typeof url !== "string" || !HTTP.test(url)) return bare(detailed);
  const parsed = URL.parse(url);
  if (parsed === null || parsed.hostname === "") return bare(detailed);
  if (registry !== null) {
    const parser = findParser(registry, parsed.hostname);
    if (parser !== undefined) {
      const ref = runParser(parser, parsed);
      if (ref !== null) return finish(ref, parsed, detailed, "parser", parser.file);
    }
  }
  const search = searchParamRef(parsed);
  if (search !== null) return finish(search, parsed, detailed, "search");
  const guess = heuristicRef(parsed);
  if (guess !== null) return finish(guess, parsed, detailed, "heuristic");
  return finish(fallbackRef(parsed), parsed, detailed, "fallback");
}

function bare(detailed: boolean): PageRef {
  return detailed ? { kind: "page", layer: "fallback" } as TypedPage : { kind: "page" };
}

function runParser(parser: LoadedParser, url: URL): PageRef | null {
  let result: unknown;
  try {
    result = parser.parse(url);
  } catch {
    // A parser bug must not cost the whole document: fall through to the generic layers.
    return null;
  }
  if (typeof result !== "object" || result === null) return null;
  const { kind, entity } = result as Record<string, unknown>;
  if (!isKind(kind)) return null;
  if (entity !== undefined && typeof entity !== "string") return null;
  return entity ? { kind, entity } : { kind };
}

function finish(
  ref: PageRef,
  url: URL,
  detailed: boolean,
  layer: Layer,
  parser?: string,
): PageRef {
  let entity = ref.entity === undefined ? undefined : cleanEntity(ref.entity);
  if (entity !== undefined && leaksSecret(entity, url)) entity = undefined;
  if (!detailed) return entity === undefined ? { kind: ref.kind } : { kind: ref.kind, entity };
  const out: TypedPage = entity === undefined
    ? { kind: ref.kind, layer }
    : { kind: ref.kind, entity, layer };
  if (parser !== undefined) out.parser = parser;
  return out;
}
