/**
 * The browser extension's install-side helpers: the per-install ingest token and a copy of
 * `capture/extension/` configured with this install's port and token.
 *
 * @module
 */

import { join } from "../src/file_path.ts";
import { tokenFile, type TokenSource } from "../src/http/mod.ts";
import { writePrivate } from "./_status.ts";

const FILES = ["manifest.json", "background.js"];

const TOKEN_SHAPE = /^[0-9a-f]{64}$/;

/** Read the ingest token, creating a random one (user-only) the first time. */
export function ingestToken(path: string): string {
  try {
    const t = Deno.readTextFileSync(path).trim();
    if (TOKEN_SHAPE.test(t)) return t;
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const token = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  writePrivate(path, `${token}\n`);
  return token;
}

/** The ingest token as a running ingest sees it: created now if absent, re-read when it changes. */
export function ingestTokenFile(path: string): TokenSource {
  ingestToken(path);
  return tokenFile(path, (text) => TOKEN_SHAPE.test(text.trim()) ? text.trim() : undefined);
}

/** Options for {@linkcode writeExtension}. */
export interface WriteExtensionOptions {
  /** Folder to write (created when absent). */
  out: string;
  port: number;
  token: string;
}

/** Write the extension with its `config.js`; returns the folder. */
export function writeExtension(opts: WriteExtensionOptions): string {
  try {
    Deno.mkdirSync(opts.out, { recursive: true, mode: 0o700 });
    const src = new URL("./extension/", import.meta.url);
    for (const f of FILES) {
      Deno.writeTextFileSync(join(opts.out, f), Deno.readTextFileSync(new URL(f, src)));
    }
    const config = { endpoint: `http://127.0.0.1:${opts.port}`, token: opts.token };
    writePrivate(
      join(opts.out, "config.js"),
      `// Written by frames capture extension; the token is this install's secret.\n` +
        `self.FRAMES_CONFIG = ${JSON.stringify(config)};\n`,
    );
  } catch (err) {
    throw new Error(
      `Cannot write the extension to "${opts.out}": ${(err as Error).message.split("\n")[0]}`,
    );
  }
  return opts.out;
}
