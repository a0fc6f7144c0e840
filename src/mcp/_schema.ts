/**
 * Tool schemas: plain JSON Schema objects wrapped as the SDK's Standard Schema, with an
 * argument check whose messages tell a model exactly how to fix its call.
 *
 * @module
 */

import type { StandardSchemaWithJSON } from "@modelcontextprotocol/server";

/** The JSON Schema subset tool arguments use. */
export interface ArgSchema {
  /** The JSON type the argument must have. */
  type: "string" | "integer" | "number";
  /** What the argument means, as the model reads it. */
  description: string;
  /** The only values allowed. */
  enum?: readonly string[];
  /** Smallest number allowed. */
  minimum?: number;
  /** Largest number allowed. */
  maximum?: number;
  /** Shortest string allowed. */
  minLength?: number;
  /** Longest string allowed. */
  maxLength?: number;
}

/** A tool's input schema: an object of named, documented arguments. */
export interface InputSchema {
  /** Tool arguments always arrive as one object. */
  type: "object";
  /** Each argument by name. */
  properties: Record<string, ArgSchema>;
  /** Arguments a call must give. */
  required?: readonly string[];
  /** Unknown arguments are rejected, so a misspelt one is never silently ignored. */
  additionalProperties: false;
}

/** A JSON Schema object (output schemas use the full language). */
export type JsonObjectSchema = Record<string, unknown>;

function show(value: unknown): string {
  if (typeof value === "string") {
    return JSON.stringify(value.length > 40 ? value.slice(0, 40) + "…" : value);
  }
  if (Array.isArray(value)) return "a list";
  if (value !== null && typeof value === "object") return "an object";
  return String(value);
}

function expectation(arg: ArgSchema): string {
  if (arg.enum) return `one of ${arg.enum.map((e) => `"${e}"`).join(", ")}`;
  if (arg.type === "string") return "a string";
  const what = arg.type === "integer" ? "a whole number" : "a number";
  if (arg.minimum !== undefined && arg.maximum !== undefined) {
    return `${what} from ${arg.minimum} to ${arg.maximum}`;
  }
  if (arg.minimum !== undefined) return `${what} ≥ ${arg.minimum}`;
  return what;
}

/** Checks one argument; returns the (coerced) value or an error message. */
function checkArg(
  name: string,
  arg: ArgSchema,
  raw: unknown,
): { value: unknown } | { error: string } {
  const bad = {
    error: `Invalid argument "${name}": expected ${expectation(arg)}, got ${show(raw)}`,
  };
  if (arg.type === "string") {
    if (typeof raw !== "string") return bad;
    if (arg.enum && !arg.enum.includes(raw)) return bad;
    if (arg.minLength !== undefined && raw.trim().length < arg.minLength) {
      return { error: `Invalid argument "${name}": must not be empty (${arg.description})` };
    }
    if (arg.maxLength !== undefined && raw.length > arg.maxLength) {
      return { error: `Invalid argument "${name}": at most ${arg.maxLength} characters` };
    }
    return { value: raw };
  }
  // Models often send numbers as strings ("3"); accept them when they are plainly numbers.
  const n = typeof raw === "number"
    ? raw
    : typeof raw === "string" && raw.trim() !== ""
    ? Number(raw)
    : NaN;
  if (!Number.isFinite(n)) return bad;
  if (arg.type === "integer" && !Number.isInteger(n)) return bad;
  if (arg.minimum !== undefined && n < arg.minimum) return bad;
  if (arg.maximum !== undefined && n > arg.maximum) return bad;
  return { value: n };
}

/**
 * Validates tool arguments against `schema`: unknown names, missing required ones, wrong
 * types and out-of-range values each get one sentence that says what to send instead.
 * `null` counts as absent; numeric strings are accepted for number arguments.
 */
export function checkArgs(
  schema: InputSchema,
  input: unknown,
): { value: Record<string, unknown> } | { error: string } {
  const names = Object.keys(schema.properties);
  if (input === undefined || input === null) input = {};
  if (typeof input !== "object" || Array.isArray(input)) {
    return { error: `Invalid arguments: expected an object with ${names.join(", ")}` };
  }
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(input as Record<string, unknown>)) {
    if (!Object.hasOwn(schema.properties, key)) {
      const takes = names.length > 0
        ? `this tool takes ${names.join(", ")}`
        : "this tool takes none";
      return { error: `Unknown argument "${key}": ${takes}` };
    }
    if (raw === null || raw === undefined) continue;
    const checked = checkArg(key, schema.properties[key], raw);
    if ("error" in checked) return checked;
    out[key] = checked.value;
  }
  for (const key of schema.required ?? []) {
    if (!(key in out)) {
      return {
        error: `Missing argument "${key}": ${schema.properties[key].description}`,
      };
    }
  }
  return { value: out };
}

/** Wraps an input schema as a Standard Schema whose validation is {@linkcode checkArgs}. */
export function inputSchema(schema: InputSchema): StandardSchemaWithJSON {
  return {
    "~standard": {
      version: 1,
      vendor: "frames",
      jsonSchema: { input: () => schema as never, output: () => schema as never },
      validate(value: unknown) {
        const checked = checkArgs(schema, value);
        return "error" in checked ? { issues: [{ message: checked.error }] } : checked;
      },
    },
  };
}

/**
 * Wraps an output schema as a Standard Schema. The server does not re-validate its own
 * output on every call (the tests check every tool's output against these schemas, and
 * clients validate what they receive).
 */
export function outputSchema(schema: JsonObjectSchema): StandardSchemaWithJSON {
  return {
    "~standard": {
      version: 1,
      vendor: "frames",
      jsonSchema: { input: () => schema as never, output: () => schema as never },
      validate: (value: unknown) => ({ value }),
    },
  };
}
