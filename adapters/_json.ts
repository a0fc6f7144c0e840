/**
 * JSON text → value, with the line of a syntax error in the message (`…: not valid JSON
 * at line 3`), shared by the adapters that read JSON files.
 *
 * @module
 */

/** Parse JSON text; on a syntax error throw `${what}: not valid JSON at line N`. */
export function parseJsonText(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new SyntaxError(`${what}: not valid JSON at line ${errorLine(err as Error, text)}`);
  }
}

/** The 1-based line of a JSON.parse error. */
function errorLine(err: Error, text: string): number {
  const line = /\(line (\d+) column \d+\)/.exec(err.message);
  if (line) return Number(line[1]);
  const pos = /at position (\d+)/.exec(err.message);
  const end = pos ? Math.min(Number(pos[1]), text.length) : text.length;
  let n = 1;
  for (let i = 0; i < end; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

/** Read a text file; errors name the file: does not exist, permission denied, a directory. */
export function readTextFile(path: string, what: string): string {
  try {
    return Deno.readTextFileSync(path);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) throw new Error(`${what}: file does not exist`);
    if (err instanceof Deno.errors.PermissionDenied) throw new Error(`${what}: permission denied`);
    if (err instanceof Deno.errors.IsADirectory) {
      throw new Error(`${what}: path is a directory, not a file`);
    }
    throw new Error(`${what}: ${(err as Error).message.split("\n")[0]}`, { cause: err });
  }
}
