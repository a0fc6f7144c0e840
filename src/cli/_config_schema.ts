/**
 * The schema of `$FRAMES_HOME/config.json`, checked with ajv: an unknown key or a value of
 * the wrong type or range is one line naming the key, never a validator's dump.
 *
 * @module
 */

import { Ajv, type ErrorObject } from "ajv";
import { LIMITS } from "./_numbers.ts";

/** The JSON Schema every config file must match; a new setting adds its key here. */
export const CONFIG_SCHEMA = {
  type: "object",
  additionalProperties: false,
  properties: {
    source: { type: "string", minLength: 1 },
    tz: { type: "string", minLength: 1 },
    min_minutes: { type: "number", minimum: LIMITS.minMinutes.min, maximum: LIMITS.minMinutes.max },
    budget: { type: "integer", minimum: LIMITS.budget.min, maximum: LIMITS.budget.max },
    displays: { type: "string", minLength: 1 },
    redact_store: { type: "boolean" },
  },
} as const;

let validate: ReturnType<Ajv["compile"]> | undefined;

/** What is wrong with a parsed config file, as one line naming the key, or `undefined` when it is valid. */
export function configProblem(value: unknown): string | undefined {
  validate ??= new Ajv({ allErrors: false, strict: true }).compile(CONFIG_SCHEMA);
  if (validate(value)) return undefined;
  return describe(validate.errors?.[0]);
}

function describe(e: ErrorObject | undefined): string {
  if (e === undefined) return "invalid";
  const key = e.instancePath.replace(/^\//, "").replaceAll("/", ".");
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case "additionalProperties":
      return `unknown key "${String(p.additionalProperty)}" (known: ${
        Object.keys(CONFIG_SCHEMA.properties).join(", ")
      })`;
    case "type":
      return key === ""
        ? "expected a JSON object"
        : `"${key}" must be a${p.type === "integer" ? " whole number" : ` ${String(p.type)}`}`;
    case "minimum":
    case "maximum": {
      const rule = CONFIG_SCHEMA.properties[key as "budget" | "min_minutes"];
      return `"${key}" must be from ${rule.minimum} to ${rule.maximum}`;
    }
    case "minLength":
      return `"${key}" must not be empty`;
    default:
      return `"${key || "(root)"}" is invalid`;
  }
}
