/**
 * The registry of capture sources: one line per source, keyed by its `--source` scheme,
 * each loading that source's folder (`adapters/<source>/mod.ts`, which default-exports one
 * {@linkcode Adapter}) only when asked, so a compile loads just its own adapter. Adding a
 * source is one folder plus one line here (see CONTRIBUTING.md).
 *
 * The imports are string literals so `deno compile` sees and bundles every adapter.
 * Resolving a `--source` value against the registry lives in `resolve.ts`.
 *
 * @example
 * ```ts
 * import { loadAdapter } from "./mod.ts";
 *
 * const screenpipe = await loadAdapter("screenpipe");
 * const day = screenpipe.read("/home/ada/.screenpipe/db.sqlite", { start, end });
 * ```
 *
 * @module
 */

import type { Adapter, AdapterHead } from "./types.ts";

export type * from "./types.ts";

/**
 * Every source by scheme, each a loader of its folder's module, in the order messages list
 * them (the order is part of the CLI's text).
 */
export const REGISTRY = {
  screenpipe: () => import("./screenpipe/mod.ts"),
  native: () => import("./native/mod.ts"),
  aw: () => import("./activitywatch/mod.ts"),
  recall: () => import("./recall/mod.ts"),
  ma: () => import("./memory_archive/mod.ts"),
} as const satisfies Record<string, () => Promise<{ default: Adapter }>>;

/**
 * The light heads of sources whose files can be bound without their reader (AdapterHead):
 * a day answered from the day cache loads the head's watermark, not the reader.
 */
export const HEADS: { readonly [S in SourceScheme]?: () => Promise<{ head: AdapterHead }> } = {
  screenpipe: () => import("./screenpipe/watermark.ts"),
};

/** Load the head registered under `scheme`, or `undefined` when it has none. */
export async function loadAdapterHead(scheme: SourceScheme): Promise<AdapterHead | undefined> {
  const load = HEADS[scheme];
  return load === undefined ? undefined : (await load()).head;
}

/** A scheme `--source` accepts. */
export type SourceScheme = keyof typeof REGISTRY;

/** The schemes `--source` accepts, in registry order. */
export const SOURCE_SCHEMES: readonly SourceScheme[] = Object.keys(REGISTRY) as SourceScheme[];

/** True when `scheme` names a registered source. */
export function isSourceScheme(scheme: string): scheme is SourceScheme {
  return Object.hasOwn(REGISTRY, scheme);
}

/** Load the adapter registered under `scheme`. */
export async function loadAdapter(scheme: SourceScheme): Promise<Adapter> {
  return (await REGISTRY[scheme]()).default;
}

/** Load every registered adapter, in registry order (for listings and messages). */
export function loadAdapters(): Promise<Adapter[]> {
  return Promise.all(SOURCE_SCHEMES.map(loadAdapter));
}
