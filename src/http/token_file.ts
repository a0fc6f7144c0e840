/**
 * A bearer token read from its file while the listener runs, so a rotated token is seen by
 * the next request: one `stat` per request, and a read only when the file changed.
 *
 * @module
 */

/** Where a listener gets its token per request; `undefined` refuses every request. */
export type TokenSource = () => Promise<string | undefined>;

// A file written within this long before it was read may be rewritten within the same
// mtime tick with the same size (git's "racy" index problem): read it again until then.
const RACY_MS = 2000;

/**
 * The token in `path` as `parse` finds it, re-read whenever the file changes (inode, size
 * or mtime). A missing or unreadable file, or one `parse` rejects, yields `undefined`, so
 * the listener refuses every request until a good token is back.
 */
export function tokenFile(path: string, parse: (text: string) => string | undefined): TokenSource {
  let cached: { key: string; readAt: number; token: string | undefined } | undefined;
  return async () => {
    let info: Deno.FileInfo;
    try {
      info = await Deno.stat(path);
    } catch {
      cached = undefined;
      return undefined;
    }
    const mtime = info.mtime?.getTime() ?? 0;
    const key = `${info.ino}:${info.size}:${mtime}`;
    if (cached?.key === key && cached.readAt - mtime > RACY_MS) return cached.token;
    const readAt = Date.now();
    try {
      cached = { key, readAt, token: parse(await Deno.readTextFile(path)) };
    } catch {
      cached = undefined;
      return undefined;
    }
    return cached.token;
  };
}
