/**
 * Output schemas built from the activity document's own JSON Schema, so a tool's
 * declared output can never drift from the document it pages through.
 *
 * @module
 */

import documentSchema from "../../schema/activity-document.schema.json" with { type: "json" };
import type { JsonObjectSchema } from "./_schema.ts";

const DEFINITIONS = (documentSchema as { definitions: Record<string, unknown> }).definitions;
const DOC_REF = "#/definitions/";
const OUT_REF = "#/$defs/";

/** A reference to one of the document schema's definitions (`frame`, `coverage`, …). */
export function docRef(name: string): JsonObjectSchema {
  if (!Object.hasOwn(DEFINITIONS, name)) {
    throw new RangeError(`Cannot reference document definition "${name}": no such definition`);
  }
  return { $ref: OUT_REF + name };
}

/** The document's `window` object schema. */
export function windowSchema(): JsonObjectSchema {
  return rewrite(
    (documentSchema as { properties: Record<string, unknown> }).properties.window,
  ) as JsonObjectSchema;
}

/** Rewrites draft-07 `#/definitions/` references to 2020-12 `#/$defs/` ones, deeply. */
function rewrite(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewrite);
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    out[k] = k === "$ref" && typeof v === "string" && v.startsWith(DOC_REF)
      ? OUT_REF + v.slice(DOC_REF.length)
      : rewrite(v);
  }
  return out;
}

function collectRefs(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) {
    for (const n of node) collectRefs(n, into);
    return;
  }
  if (node === null || typeof node !== "object") return;
  for (const [k, v] of Object.entries(node)) {
    if (k === "$ref" && typeof v === "string" && v.startsWith(OUT_REF)) {
      const name = v.slice(OUT_REF.length);
      if (!into.has(name)) {
        into.add(name);
        collectRefs(rewrite(DEFINITIONS[name]), into);
      }
    } else collectRefs(v, into);
  }
}

/**
 * Completes an output schema: adds the document definitions it references (and theirs)
 * under `$defs`, in name order, so each tool carries only what it uses.
 */
export function withDocDefs(schema: JsonObjectSchema): JsonObjectSchema {
  const names = new Set<string>();
  collectRefs(schema, names);
  if (names.size === 0) return schema;
  const defs: Record<string, unknown> = {};
  for (const name of [...names].sort()) defs[name] = rewrite(DEFINITIONS[name]);
  return { ...schema, $defs: defs };
}
