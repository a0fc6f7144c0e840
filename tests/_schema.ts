/**
 * Test helper: validates values against `schema/activity-document.schema.json` with ajv.
 *
 * @module
 */

import { Ajv } from "ajv";
import schema from "../schema/activity-document.schema.json" with { type: "json" };

const ajv = new Ajv({ allErrors: true, strict: true });
const validate = ajv.compile(schema);

/** Throws an `Error` listing every schema violation when `doc` is not a valid activity document. */
export function assertValidDocument(doc: unknown): void {
  if (validate(doc)) return;
  const lines = (validate.errors ?? []).map((e) =>
    `  ${e.instancePath || "/"} ${e.message ?? "is invalid"}${
      e.params && Object.keys(e.params).length > 0 ? ` ${JSON.stringify(e.params)}` : ""
    }`
  );
  throw new Error(
    `Cannot accept the activity document: it violates the schema:\n${lines.join("\n")}`,
  );
}

/** The ajv error messages for `doc` (empty when valid), for tests that expect a rejection. */
export function schemaErrors(doc: unknown): string[] {
  if (validate(doc)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? ""}`);
}
