/**
 * The Deno permissions a capture command needs, checked up front so the user reads what
 * to add instead of a permission prompt or a failure deep inside a backend.
 *
 * @module
 */

/** Throw a clear error when this process may not do what a command needs. */
export function requirePermissions(what: string, names: ("run" | "ffi")[]): void {
  const lacking = names.filter((name) => Deno.permissions.querySync({ name }).state !== "granted");
  if (lacking.length > 0) {
    throw new Error(
      `Cannot ${what}: this process lacks ${
        lacking.map((n) => `--allow-${n}`).join(" and ")
      }; run "deno run -A main.ts capture …" or a frames binary built with them`,
    );
  }
}
