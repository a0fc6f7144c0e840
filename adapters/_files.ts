/**
 * The existence check discovery makes: a default location counts only when it is a file
 * (a folder or a dangling link of the same name is not a database).
 *
 * @module
 */

/** True when `path` exists and is a regular file (following links). */
export function isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}
