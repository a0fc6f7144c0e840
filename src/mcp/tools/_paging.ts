/**
 * The schema pieces every paged tool shares.
 *
 * @module
 */

import type { ArgSchema, JsonObjectSchema } from "../_schema.ts";

/** The `cursor` argument. */
export const CURSOR_ARG: ArgSchema = {
  type: "string",
  description:
    "next_cursor from the previous page of the same call, to get the next page; omit it for the first page.",
  minLength: 1,
  maxLength: 4000,
};

/** The `page` object of a paged result. */
export const PAGE_SCHEMA: JsonObjectSchema = {
  type: "object",
  description: "Which items this page holds: offset and count out of total",
  required: ["offset", "count", "total"],
  properties: {
    offset: { type: "integer", minimum: 0 },
    count: { type: "integer", minimum: 0 },
    total: { type: "integer", minimum: 0 },
  },
  additionalProperties: false,
};
