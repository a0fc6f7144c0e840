/**
 * The bearer token of the HTTP transport: 32 random bytes, generated on first use and
 * stored user-only (0600) as `$FRAMES_HOME/mcp-token`; a running server reads the file per
 * request (see {@linkcode watchToken}), so `frames mcp token --rotate` takes effect at once.
 *
 * @module
 */

import { join } from "../file_path.ts";
import { encodeBase64Url, tokenFile, type TokenSource } from "../http/mod.ts";

/** The token file's name under the frames home. */
export const TOKEN_FILE = "mcp-token";

/** A token and where it lives. */
export interface StoredToken {
  /** The bearer token clients must send. */
  token: string;
  /** The file holding it. */
  path: string;
  /** Whether this call generated it. */
  created: boolean;
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32,}$/;

function newToken(): string {
  return encodeBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

async function write(path: string, token: string, createNew: boolean): Promise<void> {
  if (!createNew) {
    // Rotation writes a new file and renames it over the old one, so a running server
    // reading per request sees the old token or the new one, never an empty file.
    const next = `${path}.${encodeBase64Url(crypto.getRandomValues(new Uint8Array(6)))}`;
    await write(next, token, true);
    await Deno.rename(next, path);
    return;
  }
  await Deno.writeTextFile(path, token + "\n", { mode: 0o600, createNew });
  // `mode` is subject to the umask; the token must be user-only whatever it is.
  if (Deno.build.os !== "windows") await Deno.chmod(path, 0o600);
}

/** The token in `text` when it has a token's shape. */
function parseToken(text: string): string | undefined {
  const token = text.trim();
  return TOKEN_SHAPE.test(token) ? token : undefined;
}

/** The token in `path`, re-read per request when the file changes (a running server's view). */
export function watchToken(path: string): TokenSource {
  return tokenFile(path, parseToken);
}

/**
 * Reads the token under `home`, generating it on first use (or when `rotate` is set).
 * A stored token readable by others is tightened to 0600.
 */
export async function loadToken(
  home: string,
  opts: { rotate?: boolean } = {},
): Promise<StoredToken> {
  const path = join(home, TOKEN_FILE);
  await Deno.mkdir(home, { recursive: true, mode: 0o700 });
  if (opts.rotate) {
    const token = newToken();
    await write(path, token, false);
    return { token, path, created: true };
  }
  try {
    const token = newToken();
    await write(path, token, true);
    return { token, path, created: true };
  } catch (err) {
    if (!(err instanceof Deno.errors.AlreadyExists)) {
      throw new Error(`Cannot create the MCP token file "${path}": ${(err as Error).message}`);
    }
  }
  const token = (await Deno.readTextFile(path)).trim();
  if (!TOKEN_SHAPE.test(token)) {
    throw new Error(
      `Cannot use the MCP token file "${path}": it does not hold a token; run "frames mcp token --rotate" to make a new one`,
    );
  }
  if (Deno.build.os !== "windows") {
    const mode = (await Deno.stat(path)).mode ?? 0;
    if ((mode & 0o077) !== 0) await Deno.chmod(path, 0o600);
  }
  return { token, path, created: false };
}
