/**
 * Adding and removing one server entry in a client's JSON config: every other key and
 * server is kept, the old file is backed up beside it (`<file>.bak`), the new one is
 * written atomically with the old file's permissions, and an unchanged entry writes
 * nothing — so running install twice is the same as running it once.
 *
 * @module
 */

import { dirname } from "../../file_path.ts";
import { isDeepStrictEqual } from "node:util";

/** What an install or uninstall did. */
export type ChangeStatus = "installed" | "updated" | "unchanged" | "removed" | "absent";

/** The outcome of {@linkcode setServerEntry}. */
export interface ConfigChange {
  /** The config file. */
  path: string;
  /** What happened to the entry. */
  status: ChangeStatus;
  /** The backup of the previous file, when one was written. */
  backup?: string;
}

/** Which entry to change. */
export interface EntryTarget {
  /** The config file. */
  path: string;
  /** The key servers live under (`mcpServers` or `servers`). */
  key: string;
  /** The server's name (`frames`). */
  name: string;
}

/** A parsed JSON object, as client configuration files hold them. */
export type JsonObject = Record<string, unknown>;

function isObject(v: unknown): v is JsonObject {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

async function readConfig(path: string): Promise<{ root: JsonObject; mode?: number } | undefined> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return undefined;
    throw new Error(`Cannot read client config "${path}": ${(err as Error).message}`);
  }
  const mode = (await Deno.stat(path)).mode ?? undefined;
  if (text.trim() === "") return { root: {}, mode };
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (err) {
    throw new Error(
      `Cannot update client config "${path}": it is not plain JSON (${
        (err as Error).message
      }); add the entry by hand — "frames mcp install --print" shows it`,
    );
  }
  if (!isObject(root)) {
    throw new Error(`Cannot update client config "${path}": expected a JSON object at the top`);
  }
  return { root, mode };
}

function servers(root: JsonObject, target: EntryTarget): JsonObject {
  const value = root[target.key];
  if (value === undefined) return {};
  if (!isObject(value)) {
    throw new Error(
      `Cannot update client config "${target.path}": "${target.key}" is not an object`,
    );
  }
  return value;
}

async function writeConfig(
  path: string,
  root: JsonObject,
  mode: number | undefined,
): Promise<void> {
  await Deno.mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.frames-${crypto.randomUUID().slice(0, 8)}.tmp`;
  const perm = mode === undefined ? 0o600 : mode & 0o777;
  try {
    await Deno.writeTextFile(tmp, JSON.stringify(root, null, 2) + "\n", {
      mode: perm,
      createNew: true,
    });
    if (Deno.build.os !== "windows") await Deno.chmod(tmp, perm);
    await Deno.rename(tmp, path);
  } catch (err) {
    await Deno.remove(tmp).catch(() => {});
    throw new Error(`Cannot write client config "${path}": ${(err as Error).message}`);
  }
}

async function backup(path: string): Promise<string> {
  const to = `${path}.bak`;
  await Deno.copyFile(path, to);
  return to;
}

/**
 * Sets `target.name` to `entry` (or removes it when `entry` is undefined) in the config at
 * `target.path`, creating the file when needed.
 */
export async function setServerEntry(
  target: EntryTarget,
  entry: JsonObject | undefined,
): Promise<ConfigChange> {
  const found = await readConfig(target.path);
  const root = found?.root ?? {};
  const list = servers(root, target);
  const had = Object.hasOwn(list, target.name);
  if (entry === undefined) {
    if (!had) return { path: target.path, status: "absent" };
    delete list[target.name];
  } else {
    if (had && isDeepStrictEqual(list[target.name], entry)) {
      return { path: target.path, status: "unchanged" };
    }
    list[target.name] = entry;
  }
  root[target.key] = list;
  const saved = found !== undefined ? await backup(target.path) : undefined;
  await writeConfig(target.path, root, found?.mode);
  const status: ChangeStatus = entry === undefined ? "removed" : had ? "updated" : "installed";
  return { path: target.path, status, ...(saved !== undefined ? { backup: saved } : {}) };
}

/** The entry `target.name` holds in its config now, or `undefined` (nothing is written). */
export async function currentServerEntry(target: EntryTarget): Promise<JsonObject | undefined> {
  const found = await readConfig(target.path);
  if (found === undefined) return undefined;
  const list = servers(found.root, target);
  const entry = Object.hasOwn(list, target.name) ? list[target.name] : undefined;
  return isObject(entry) ? entry : undefined;
}
