/** The program version (kept in step with deno.json). */
export const VERSION = "0.1.0";

/** The compiler name recorded in every document. */
export const COMPILER_NAME = "frames";
